// pool_routes.cpp: the HTTP side of the organization's pool (issue 42 item 4, issue 43 item 7;
// docs/shifts.md "The pool of regulars"): the provider's invitation and list, the candidate's
// invitations and answers, and offering a shift to the pool first. Each handler reads its input
// and makes one call on the pool actor.
#include <simdjson.h>

#include "actors/actions_common.h"
#include "actors/route.h"
#include "actors/route_table.h"
#include "actors/shifts/pool_actor.h"
#include "reactor/http_pipeline.h"
#include "reactor/route_policy.h"
#include "reactor/router.h"

namespace jh {

namespace {

// Its own name: the sanitizer build compiles actors/ in unity batches, where file-local names meet.
constexpr std::int64_t pool_body_max = 16 * 1024;

// A page of invitations (?page=&itemsPerPage=) as a hydra collection saying which page it is.
http_response invitation_collection(const shifts::shift_list& list) {
    return json_array_collection("PoolInvitation", list.items, list.total, list.page, list.per_page);
}

result<paging> invitation_paging(const request_context& ctx) {
    return read_paging(ctx, pool::invitations_per_page, pool::max_invitations_per_page);
}

// {application: 12 | "/api/applications/12"}: 201 with the invitation.
task<http_response> post_invitation(request_context& ctx, pool_actor& pool) {
    ROUTE_TRY(auto org, path_id(ctx));
    simdjson::dom::element e;
    if (ctx.body["application"].get(e) != simdjson::SUCCESS)
        co_return error_response(actions::invalid("application", "Bitte geben Sie die Bewerbung an.").error());
    auto application = id_or_iri(e);
    if (!application)
        co_return error_response(actions::invalid("application", "Bitte geben Sie eine gültige Bewerbung an.").error());
    ROUTE_TRY(auto answer, co_await pool.invite(ctx.who(), org, *application));
    co_return json_text_response(201, std::move(answer.json));
}

task<http_response> get_pool(request_context& ctx, pool_actor& pool) {
    ROUTE_TRY(auto org, path_id(ctx));
    ROUTE_TRY(auto page, invitation_paging(ctx));
    ROUTE_TRY(auto list, co_await pool.of_organization(ctx.who(), org, page.page, page.per_page));
    co_return invitation_collection(list);
}

task<http_response> get_my_invitations(request_context& ctx, pool_actor& pool) {
    ROUTE_TRY(auto page, invitation_paging(ctx));
    ROUTE_TRY(auto list, co_await pool.mine(ctx.who(), page.page, page.per_page));
    co_return invitation_collection(list);
}

task<http_response> get_invitation(request_context& ctx, pool_actor& pool) {
    ROUTE_TRY(auto id, path_id(ctx));
    ROUTE_TRY(auto out, co_await pool.one(ctx.who(), id));
    co_return json_text_response(200, std::move(out));
}

template <pool::answer_kind Kind>
task<http_response> post_answer(request_context& ctx, pool_actor& pool) {
    ROUTE_TRY(auto id, path_id(ctx));
    ROUTE_TRY(auto out, co_await pool.answer(ctx.who(), id, Kind));
    co_return json_text_response(200, std::move(out));
}

// {poolFirstHours: 0..168, autoConfirm: bool}: both optional (0 and false).
task<http_response> put_pool_offer(request_context& ctx, pool_actor& pool) {
    ROUTE_TRY(auto id, path_id(ctx));
    pool::pool_offer offer;
    std::int64_t hours = 0;
    auto h = ctx.body["poolFirstHours"];
    if (h.error() != simdjson::NO_SUCH_FIELD && h.get(hours) != simdjson::SUCCESS)
        co_return error_response(actions::invalid("poolFirstHours", "Bitte geben Sie die Stunden als ganze Zahl an.").error());
    if (hours < 0 || hours > pool::max_pool_first_hours)
        co_return error_response(actions::invalid("poolFirstHours", "Bitte geben Sie zwischen 0 und " +
                                                                        std::to_string(pool::max_pool_first_hours) + " Stunden an.")
                                     .error());
    offer.hours = static_cast<int>(hours);
    auto a = ctx.body["autoConfirm"];
    if (a.error() != simdjson::NO_SUCH_FIELD && a.get(offer.auto_confirm) != simdjson::SUCCESS)
        co_return error_response(actions::invalid("autoConfirm", "Bitte geben Sie für autoConfirm true oder false an.").error());
    ROUTE_TRY(auto out, co_await pool.set_pool_offer(ctx.who(), id, offer));
    co_return json_text_response(200, std::move(out));
}

}  // namespace

void register_pool_routes(router& r, actor_of<pool_actor> pool) {
    // The candidate's answer is a consent (DSGVO Art. 7): given by the candidate in person, never by
    // an administrator acting as her (docs/decisions.md "In person").
    const route_policy candidate_answer = in_person(without_body(access::candidate, cache_kind::no_store));
    // An invitation mails the candidate: a member of the organization in person (the actor: 404 for
    // another organization, 403 for a blocked or not yet approved one).
    const route_policy provider_invite = in_person(json_body(access::provider, cache_kind::no_store, pool_body_max));
    add_routes(r, pool, {
        {http_method::post, "/api/organizations/{id}/pool/invitations", provider_invite, post_invitation},
        {http_method::get, "/api/organizations/{id}/pool", provider_no_body, get_pool},
        {http_method::put, "/api/shifts/{id}/pool_offer", json_or_empty_body(access::provider, cache_kind::no_store, pool_body_max),
         put_pool_offer},
        {http_method::get, "/api/me/pool_invitations", candidate_no_body, get_my_invitations},
        {http_method::get, "/api/pool_invitations/{id}", candidate_no_body, get_invitation},
        {http_method::post, "/api/pool_invitations/{id}/accept", candidate_answer, post_answer<pool::answer_kind::accept>},
        {http_method::post, "/api/pool_invitations/{id}/decline", candidate_answer, post_answer<pool::answer_kind::decline>},
        {http_method::post, "/api/pool_invitations/{id}/revoke", candidate_answer, post_answer<pool::answer_kind::revoke>},
    });
}

}  // namespace jh
