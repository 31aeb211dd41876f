// pg_bind.h: bound parameters from a list of values, `pg::bind(id, email)`, for files that would
// otherwise each write their own little P() helper. A call, not a braced list: g++ 12 and co_await
// (docs/decisions.md).
#pragma once

#include "reactor/pg.h"

namespace jh::pg {

template <typename... A>
params bind(const A&... a) {
    params p;
    (p.add(a), ...);
    return p;
}

}  // namespace jh::pg
