// json_members.h: members of a view that share one type (the texts of a job detail, the company
// details of an Impressum) declared as a table of JSON key and C++ member, written by one loop.
// The table is the one place that says which member goes under which key and in what order.
#pragma once

#include <string_view>

#include "reactor/json_writer.h"

namespace jh {

// One member of the view `View`: its JSON key and the member of type `Value` it is written from.
template <typename View, typename Value>
struct json_member {
    std::string_view key;
    Value View::*field;
};

// Writes `"key": value` of each row of `members`, in the table's order.
template <typename View, typename Value, std::size_t N>
void write_members(json_writer& w, const View& v, const json_member<View, Value> (&members)[N]) {
    for (const auto& m : members) w.member(m.key, v.*m.field);
}

}  // namespace jh
