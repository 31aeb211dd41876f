// pg_rows.h: a result set read into a list of structs, one reader call per row: what every actor
// that answers with a list of rows does, in one place.
#pragma once

#include <cstddef>
#include <vector>

#include "reactor/pg.h"

namespace jh {

// `read(r, i)` for each row i of `r`, in order (read_member, read_note, ...).
template <typename Read>
auto rows_of(const pg::result_set& r, Read read) -> std::vector<decltype(read(r, 0))> {
    std::vector<decltype(read(r, 0))> out;
    out.reserve(static_cast<std::size_t>(r.rows()));
    for (int i = 0; i < r.rows(); ++i) out.push_back(read(r, i));
    return out;
}

}  // namespace jh
