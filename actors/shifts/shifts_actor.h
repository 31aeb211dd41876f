// shifts_actor.h: the shifts domain (Einsätze, issue 30, docs/shifts.md): a job's shifts as its
// organization writes them and the public sees them, the provider's decision per shift
// application, the candidate's own shifts and private calendar feed.
//
// Writes `shifts`, `shift_applications` and `calendar_tokens` (migrations/0180_shifts.sql), and
// `organization_calendar_tokens` (0270). Who
// may act for which organization is the organization editor's rule (acting_member, member_of);
// a shift or shift application of another organization is 404, as a foreign job is. Every change
// is one transaction with its mails queued in it (reactor/job_queue.h). Choosing shifts while
// applying runs inside the applications actor's transaction through choose_shifts() below, so the
// application and its shifts are stored together or not at all.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "actors/organizations/organization_editor.h"
#include "actors/shifts/shift_choice.h"
#include "actors/shifts/shift_rules.h"
#include "actors/shifts/shift_series.h"
#include "reactor/app_error.h"
#include "reactor/auth.h"
#include "reactor/per_year.h"
#include "reactor/pg.h"
#include "reactor/task.h"

namespace jh {

struct loop_context;

namespace shifts {

struct calendar_link {
    std::string token, url;
};

}  // namespace shifts

class shifts_actor {
public:
    shifts_actor(loop_context& loop, organization_editor& organizations);

    // A job's shifts as a JSON array text. Everyone: a page (1-based, `per_page` long) of the
    // upcoming, not cancelled shifts of a live job, soonest first. `all` by a member of the job's
    // organization: every shift of the job in any state, with its applications (at most
    // max_upcoming_shifts_per_job upcoming ones, and the past ones). `free_only`: of the public
    // list only the free shifts (jh_free_shift_rows: not cancelled, not begun, not full).
    task<result<shifts::shift_list>> list(const std::optional<auth::identity>& who, std::int64_t job_id, bool all, int page,
                                          int per_page, bool free_only = false);
    // Provider writes (an active member of the job's organization); each answers the shift's JSON.
    task<result<std::string>> create(const auth::identity& who, std::int64_t job_id, shifts::shift_fields f);
    // Many shifts at once (issue 43): one per date and slot, with the one shift's rules, in one
    // transaction (all or nothing). Answers the new shifts as a JSON array, soonest first
    // (shifts_actor_series.cpp).
    task<result<shifts::shift_list>> create_series(const auth::identity& who, std::int64_t job_id, shifts::shift_series series);
    task<result<std::string>> patch(const auth::identity& who, std::int64_t id, shifts::shift_fields f);
    // 409 while confirmed staff exist (cancel instead).
    task<result<void>> remove(const auth::identity& who, std::int64_t id);
    // Marks the shift cancelled and mails every confirmed candidate ("du").
    task<result<std::string>> cancel(const auth::identity& who, std::int64_t id);
    // confirmed | declined, by an active member of the job's organization; a full shift takes no
    // more confirmations (409). Mails the candidate. Answers the shift's JSON with applications.
    task<result<std::string>> decide(const auth::identity& who, std::int64_t shift_application_id, std::string status);

    // The portal's calendar: every shift (any state, cancelled ones too) of the organization's jobs
    // dated within the window, soonest first, each with its job and the number of pending choices;
    // at most max_calendar_shifts. A member of `org` (the reading rule of the portal's lists).
    task<result<shifts::shift_list>> of_organization(const auth::identity& who, std::int64_t org, shifts::date_window window);

    // The candidate withdraws their own pending or confirmed choice before the shift starts. A
    // confirmed one frees its place, its waiting reminder goes (trigger of 0185) and the job's
    // contact gets the mail shift_withdrawn ("Sie"). Withdrawing again changes nothing. Answers
    // the candidate's shifts like my_shifts.
    task<result<shifts::shift_list>> withdraw(const auth::identity& who, std::int64_t shift_application_id);

    // Adds shifts to the candidate's own application (forwarded, of a live job: 410 for a job that
    // is not live any more, as applying answers): the same rules as choosing them while applying
    // (shift_choice.h). Answers the candidate's shifts like my_shifts.
    task<result<shifts::shift_list>> add_to_application(const auth::identity& who, std::int64_t application_id,
                                                 std::vector<std::int64_t> shift_ids);
    // The candidate's pending and confirmed upcoming shifts, soonest first (JSON array text).
    task<result<shifts::shift_list>> my_shifts(const auth::identity& who);
    // A new private feed token (the old one stops working).
    task<result<shifts::calendar_link>> renew_calendar_token(const auth::identity& who);
    // Ends the feed: its address stops working; none made yet is no error (DELETE is idempotent).
    task<result<void>> end_calendar_token(const auth::identity& who);
    // The feed of the token's account: its confirmed shifts, not cancelled (text/calendar). An
    // unknown token, a blocked account, or a token made before the account's sessions were last
    // ended (accounts.sessions_ended_at) is 404.
    task<result<std::string>> calendar(std::string token);

    // The organization's feed (issue 43, item 8): a new private token for `org`'s shifts, replacing
    // the organization's one (one per organization, one statement: parallel renewals leave one).
    // An active member of `org` (the rule that writes its shifts); another organization's member
    // 404. The feed is answered by calendar() above, under the same address scheme.
    task<result<shifts::calendar_link>> renew_organization_calendar_token(const auth::identity& who, std::int64_t org);

private:
    // The organization feed of the token's hash, or nullopt when no organization feed has it.
    task<result<std::optional<std::string>>> organization_calendar(const std::string& token_hash);
    // The job's organization, after checking the caller may write for it (404 for a foreign job).
    task<result<void>> may_write_job(const auth::identity& who, std::int64_t job_id);
    task<result<std::int64_t>> job_of_shift(const auth::identity& who, std::int64_t shift_id);
public:
    // The bound of a job's upcoming shifts, for every way of adding or moving shifts, in the
    // writer's transaction: lock_job_shifts before the write (one writer of a job's shifts at a
    // time, a lock of its own statement), check_upcoming_shifts after it (counted in the next
    // statement, so a parallel writer's commit is seen; 409 over max_upcoming_shifts_per_job, and
    // the caller rolls back).
    static task<result<void>> lock_job_shifts(pg::transaction& tx, std::int64_t job_id);
    static task<result<void>> check_upcoming_shifts(pg::transaction& tx, std::int64_t job_id);
private:
    loop_context& loop_;
    organization_editor& organizations_;
    per_year_figures minimum_wage_;   // the "pay" settings: each shift's pay reaches it (docs/fair-play.md)
};

}  // namespace jh
