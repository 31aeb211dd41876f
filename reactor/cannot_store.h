// cannot_store.h: the one answer when the server lacks room to keep what was sent: a full disk under
// the database (SQLSTATE class 53, reactor/pg.cpp), under the upload spool (reactor/body_spool.h) or
// under an upload's parts (reactor/multipart.h; ENOSPC, EDQUOT). Nothing about the request is wrong
// and nothing of it was kept, so: 503 with a minute's Retry-After (an operator must make room; a
// second would invite a storm of retries), in neutral German, since candidates and providers both
// read it (docs/operations.md, "A full disk").
#pragma once

#include "reactor/app_error.h"

namespace jh {

inline app_error cannot_store_now() {
    auto e = app_error::make(error_kind::unavailable,
                             "Gerade können wir nichts speichern. Bitte in ein paar Minuten noch einmal versuchen.");
    e.retry_after_s = 60;
    return e;
}

}  // namespace jh
