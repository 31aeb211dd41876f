// shift_refill.cpp: see shift_refill.h.
#include "actors/shifts/shift_refill.h"

#include "messages/mail.h"
#include "messages/queue.h"
#include "reactor/config.h"
#include "reactor/pg_bind.h"
#include "reactor/try.h"

namespace jh {

task<result<std::int64_t>> shifts::refill(pg::transaction& tx, std::int64_t shift_id, const config& cfg) {
    std::string kind(messages::queue::mail);
    std::string tpl(messages::mail_template_name(messages::mail_template::shift_offer));
    CO_TRY(auto r, co_await tx.query("SELECT jh_shift_refill($1, $2, $3, $4)", pg::bind(shift_id, cfg.http_public_origin, kind, tpl)));
    co_return r.int64(0, 0);
}

}  // namespace jh
