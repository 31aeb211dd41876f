// organization_review.cpp: the administrators' review of provider registrations, the web
// counterpart of `jobhafen admin organizations list|approve|reject` (the same SQL function,
// jh_organization_review): approving activates the organization and mails its owners the first
// time, rejecting deactivates it. Part of organization_editor.
#include "actors/organizations/organization_editor.h"
#include "actors/roles.h"
#include "messages/queue.h"
#include "reactor/job_queue.h"
#include "reactor/loop_context.h"
#include "reactor/pg_bind.h"
#include "reactor/try.h"

namespace jh {

namespace {

// One organization as the review shows it: who registered, whether the address is confirmed.
#define JH_REVIEW_OBJECT                                                                                             \
    "json_build_object('@id', '/api/organizations/' || o.id, 'id', o.id, 'name', o.name, 'city', o.city, "         \
    "  'contactEmail', o.contact_email, 'createdAt', o.created_at, "                                                 \
    "  'state', CASE WHEN o.rejected_at IS NOT NULL THEN 'rejected' WHEN o.approved_at IS NOT NULL THEN 'approved' " \
    "                ELSE 'pending' END, "                                                                           \
    "  'members', (SELECT coalesce(json_agg(json_build_object('email', a.email, 'emailVerified', "                   \
    "                a.email_verified_at IS NOT NULL, 'role', a.organization_role) ORDER BY a.id), '[]') "          \
    "                FROM accounts a WHERE a.organization_id = o.id AND a.role = 'organization_member'), "          \
    "  'jobPostings', (SELECT count(*) FROM job_postings j WHERE j.organization_id = o.id), "                        \
    "  'heldJobPostings', (SELECT coalesce(json_agg(json_build_object('id', j.id, 'title', j.title) ORDER BY j.id), '[]') " \
    "                FROM job_postings j WHERE j.organization_id = o.id AND j.held_at IS NOT NULL))"

}  // namespace

task<result<std::string>> organization_editor::review_queue() {
    CO_TRY(auto r, co_await loop_.pg.read(
        "SELECT json_build_object('@type', 'hydra:Collection', 'hydra:member', coalesce(json_agg(x.o ORDER BY x.created_at, x.id), '[]'), "
        "                         'hydra:totalItems', count(*))::text "
        "  FROM (SELECT " JH_REVIEW_OBJECT " AS o, o.created_at, o.id FROM organizations o "
        "         WHERE o.review_pending ORDER BY o.created_at, o.id LIMIT 200) x"));
    co_return std::string(r.text(0, 0));
}

task<result<std::string>> organization_editor::review(std::int64_t org, bool approve) {
    // The approval's mail to the owners is queued by the same statement (R__jh_organization_review.sql).
    CO_TRY(auto changed, co_await loop_.pg.query("SELECT jh_organization_review($1, $2, $3)",
                                                 pg::bind(org, approve, loop_.cfg.http_public_origin)));
    if (!changed.boolean(0, 0)) co_return fail(error_kind::not_found, organizations::msg::not_found);
    if (approve) job_queue::wake(loop_, messages::queue::mail);
    // Read in a statement of its own: what the organization's trigger did to its jobs (held ones
    // that stay held over the quota, heldJobPostings) is not visible inside the UPDATE's statement.
    CO_TRY(auto r, co_await loop_.pg.read("SELECT " JH_REVIEW_OBJECT "::text FROM organizations o WHERE o.id = $1", pg::bind(org)));
    if (r.rows() != 1) co_return fail(error_kind::not_found, organizations::msg::not_found);
    co_return std::string(r.text(0, 0));
}

}  // namespace jh
