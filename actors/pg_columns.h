// pg_columns.h: one row of a result set read into a view struct by naming its members in the
// order of the SELECT's columns. The member's type says how its column is read (a number, text,
// a boolean, NULL as an empty optional), so a reader states the column order once and never
// counts column indexes by hand (pg_rows.h then reads a whole result set with such a reader).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "reactor/pg.h"

namespace jh {

// One column into one member; the overloads are the member types the views use.
inline void read_column(const pg::result_set& r, int row, int col, std::int64_t& into) { into = r.int64(row, col); }
inline void read_column(const pg::result_set& r, int row, int col, double& into) { into = r.number(row, col); }
inline void read_column(const pg::result_set& r, int row, int col, bool& into) { into = r.boolean(row, col); }
inline void read_column(const pg::result_set& r, int row, int col, std::string& into) { into = r.text(row, col); }

// A list of words without spaces (scopes, event names), as `array_to_string(column, ' ')` gives it.
inline void read_column(const pg::result_set& r, int row, int col, std::vector<std::string>& into) {
    into.clear();
    std::string_view text = r.text(row, col);
    while (!text.empty()) {
        auto space = text.find(' ');
        into.emplace_back(text.substr(0, space));
        if (space == std::string_view::npos) break;
        text.remove_prefix(space + 1);
    }
}

// One column read as `T` (column_as<std::optional<std::string>>(r, i, 4)), for a reader that
// builds its view member by member.
template <typename T>
T column_as(const pg::result_set& r, int row, int col);

// NULL leaves the optional empty; any other value is read as its value type.
template <typename T>
void read_column(const pg::result_set& r, int row, int col, std::optional<T>& into) {
    if (r.is_null(row, col)) {
        into.reset();
        return;
    }
    read_column(r, row, col, into.emplace());
}

// Columns at, at + 1, ... of `row` into the members of `into`, one column per member, in order.
template <typename T>
T column_as(const pg::result_set& r, int row, int col) {
    T value{};
    read_column(r, row, col, value);
    return value;
}

template <typename View, typename... Member>
void read_columns(const pg::result_set& r, int row, int at, View& into, Member View::*... members) {
    int col = at;
    (read_column(r, row, col++, into.*members), ...);
}

}  // namespace jh
