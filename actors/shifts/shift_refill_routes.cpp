// shift_refill_routes.cpp: the HTTP side of the waitlist and its refill (issue 43, item 6;
// docs/shifts.md "Waitlist and refill"): joining and leaving a full shift's waitlist, the
// candidate's offers, and accepting one. Each handler is one call on the refill actor.
#include <simdjson.h>

#include "actors/actions_common.h"
#include "actors/route.h"
#include "actors/route_table.h"
#include "actors/shifts/shift_refill_actor.h"
#include "reactor/http_pipeline.h"
#include "reactor/route_policy.h"
#include "reactor/router.h"

namespace jh {

namespace {

// Its own name: the sanitizer build compiles actors/ in unity batches, where file-local names meet.
constexpr std::int64_t refill_body_max = 16 * 1024;

// 201 when the candidate joined now, 200 when already waiting or offered.
task<http_response> post_waitlist(request_context& ctx, shift_refill_actor& refill) {
    ROUTE_TRY(auto id, path_id(ctx));
    ROUTE_TRY(auto answer, co_await refill.join(ctx.who(), id));
    co_return json_text_response(answer.created ? 201 : 200, std::move(answer.json));
}

task<http_response> delete_waitlist(request_context& ctx, shift_refill_actor& refill) {
    ROUTE_TRY(auto id, path_id(ctx));
    ROUTE_CHECK(co_await refill.leave(ctx.who(), id));
    co_return http_response::no_content();
}

task<http_response> get_my_offers(request_context& ctx, shift_refill_actor& refill) {
    ROUTE_TRY(auto list, co_await refill.mine(ctx.who()));
    co_return json_array_collection("ShiftOffer", list.items, list.total);
}

// Body optional: {confirmLimits: true} after the work limits' question.
task<http_response> post_accept(request_context& ctx, shift_refill_actor& refill) {
    ROUTE_TRY(auto id, path_id(ctx));
    bool confirm = false;
    auto member = ctx.body["confirmLimits"];
    if (member.error() != simdjson::NO_SUCH_FIELD && member.get(confirm) != simdjson::SUCCESS)
        co_return error_response(actions::invalid("confirmLimits", "Bitte gib für confirmLimits true oder false an.").error());
    ROUTE_TRY(auto out, co_await refill.accept(ctx.who(), id, confirm));
    co_return json_text_response(200, std::move(out));
}

}  // namespace

void register_shift_refill_routes(router& r, actor_of<shift_refill_actor> refill) {
    const route_policy candidate_action = without_body(access::candidate, cache_kind::no_store);
    // Queueing for a place and taking it commit the candidate to work, as applying does: only the
    // candidate in person, never an administrator acting as her (docs/decisions.md "In person").
    add_routes(r, refill, {
        {http_method::post, "/api/shifts/{id}/waitlist", in_person(candidate_action), post_waitlist},
        {http_method::del, "/api/shifts/{id}/waitlist", candidate_action, delete_waitlist},
        {http_method::get, "/api/me/shift_offers", candidate_no_body, get_my_offers},
        {http_method::post, "/api/shift_offers/{id}/accept",
         in_person(json_or_empty_body(access::candidate, cache_kind::no_store, refill_body_max)), post_accept},
    });
}

}  // namespace jh
