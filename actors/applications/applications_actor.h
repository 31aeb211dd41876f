// applications_actor.h: the applications domain: applying to a job (also together with
// registering), the candidate's list of applications, the status a provider sets, and the
// candidate's dashboard counters. docs/candidate-actions.md describes the routes and rules.
//
// Writes `applications` (and the held mails of a register-and-apply). Every change is one
// transaction with its mails queued in it (reactor/job_queue.h); the application limit is a
// sliding window in Redis, checked and recorded by one Lua script. Registration is the accounts
// actor's (called, never duplicated).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "actors/accounts/accounts_actor.h"
#include "actors/actions_common.h"
#include "actors/applications/application_source.h"
#include "actors/profiles/profiles_actor.h"
#include "reactor/app_error.h"
#include "reactor/auth.h"
#include "reactor/task.h"

namespace jh {

struct loop_context;

namespace actions {

inline constexpr int apply_limit = 10;                 // applications ...
inline constexpr int apply_window_s = 30 * 60;         // ... in any 30 minutes

struct application_request {
    std::int64_t job_id = 0;
    std::string notes;
    std::vector<std::int64_t> locations;     // ids of the job's locations
    bool bad_locations = false;              // a value that is no location id at all
    // Shifts of the job the candidate applies for (actors/shifts/shift_choice.h), stored in the
    // application's transaction.
    std::vector<std::int64_t> shifts;
    // The birth date the candidate gives with a choice of shifts when the sedcard names none yet
    // (working time, docs/fair-play.md): stored on the sedcard in the same transaction.
    std::optional<std::string> birth_date;
    // Register-and-apply only: the languages the new candidate speaks, {language code, level}.
    std::vector<std::pair<std::string, std::string>> languages;
    // Where the candidate came from (application_source.h), stored with the application.
    application_source source;
};

struct application_view {
    std::int64_t id = 0;
    std::int64_t job_id = 0;
    std::string job_slug, job_title, organization_name;
    std::int64_t organization_id = 0;
    std::string notes, status, created_at, updated_at;
    std::string locations_json = "[]";
    bool forwarded = false;
    // The organization's retention period ran out (docs/fair-play.md): the provider's side is gone,
    // the candidate sees "abgelaufen".
    bool anonymized = false;
    // From 30 days before: the day the provider's side will be anonymized.
    std::optional<std::string> anonymize_at;
};

// An application as the organization applied to sees it: the application, the candidate's name
// and address, and (one application only) the sedcard fields that applying requires.
struct received_application {
    application_view application;
    std::int64_t candidate_id = 0;
    std::string first_name, last_name, email;
    std::string sedcard_json = "{}";   // only from received(): the view is logged
    std::string documents_json = "[]"; // the same: the candidate's documents with their files
    std::optional<std::string> status_message, status_changed_at;
    // Only from review(): what became of the candidate's mail (queued, replaced, limit, none) and
    // what the provider is told about it ("Sie").
    std::optional<std::string> status_mail, status_mail_notice;
    // Only in the organization's list: its private 1–5 rating (applicant_pipeline.h).
    std::optional<int> rating;
    // The organization's list and one application: the candidate's worked shifts and no-shows of
    // the last 90 days across Jobhafen, figures only, and this organization's own reliability
    // ratings of her (jh_reliability_of, docs/shifts.md "Reliability and ratings after a shift").
    std::optional<std::string> reliability_json;
    // Where the application came from: {label, utm_source, utm_medium, utm_campaign, referrerHost};
    // null for an application from before it was recorded. The provider's side only.
    std::optional<std::string> source_json;
};

// Applications per source label of an organization's jobs (?jobPosting= one job's), most first.
struct source_count {
    std::int64_t job_id = 0;
    std::string job_title, label;
    std::int64_t applications = 0;
};

// ?jobPosting=&status=&page=&itemsPerPage= of an organization's applications.
struct applicant_filter {
    std::optional<std::int64_t> job_id;
    std::optional<std::string> status;
    int page = 1, per_page = 20;
};

// The organization's overview in the portal: applications it has not looked at yet (status
// `sent`) and how often its jobs' detail pages were viewed in the last 30 days.
struct organization_counters {
    std::int64_t new_applications = 0, job_views_30_days = 0;
};

// The conversation of one application as the caller sees it (application_messages.cpp): which side
// the caller writes for, whether a message may be written now (else `notice` says why, in the
// caller's words) and the entries as JSON (jh_application_thread). After a write, what became of
// the other side's mail.
struct conversation {
    std::int64_t application_id = 0;
    std::string side;   // "candidate" or "provider"
    bool can_write = false;
    std::optional<std::string> notice;
    std::string messages_json = "[]";
    std::optional<std::string> mail_state, mail_notice;
};

struct counters {
    std::int64_t applications = 0, favorites = 0, num_logins = 0;
    std::int64_t coins_total = 0, coins_current_month = 0, coins_last_month = 0;
    std::string created;
    std::optional<std::string> last_data_update, last_image_update, last_login;
};

}  // namespace actions

class applications_actor {
public:
    // profiles: the sedcard PDF of an applicant.
    applications_actor(loop_context& loop, accounts_actor& accounts, profiles_actor& profiles);

    task<result<actions::application_view>> apply(const auth::identity& who, actions::application_request r);
    // Registers (accounts actor) and stores the application with its chosen shifts in the same
    // transaction; the provider gets it when the address is confirmed. A shift that cannot be
    // chosen (docs/shifts.md) is a 422 at `shifts`, and nothing is stored.
    // Answers the same for a known address (accounts_actor::register_candidate): no application is
    // stored for an account that already exists.
    task<result<void>> register_and_apply(accounts::registration reg, actions::application_request r);
    // The candidate's own applications, newest first; `job_id`: only that job's (the job page says
    // "Du hast dich am … beworben").
    task<result<actions::page_of<actions::application_view>>> my_applications(const auth::identity& who, int page, int per_page,
                                                                            std::optional<std::int64_t> job_id = std::nullopt);

    // ---- the organization's side: active members of the job's organization
    // (jh_active_member_of) and administrators (the routes refuse a candidate), anyone else 404. Applications held
    // until the candidate confirms the address are not there yet.
    task<result<actions::page_of<actions::received_application>>> applications_of_organization(const auth::identity& who,
                                                                                              std::int64_t organization_id,
                                                                                              actions::applicant_filter f);
    // One application with the candidate's data; every call is logged (application_views).
    task<result<actions::received_application>> received(const auth::identity& who, std::int64_t id);
    // The applicant's sedcard as PDF (the profiles actor's PDF, kept or rendered; 304 when
    // `if_none_match` names its version); logged like received(), a 304 too.
    task<result<files::file_answer>> sedcard(const auth::identity& who, std::int64_t id, std::string if_none_match);
    // One file of the applicant's documents (an attachment id of candidate.documents); logged too.
    task<result<files::file_answer>> document(const auth::identity& who, std::int64_t id, std::int64_t attachment_id);
    // Forwarded applications per job and source label ("Bewerbungen nach Quelle"); `job_id`: one job's.
    task<result<std::vector<actions::source_count>>> application_sources(const auth::identity& who, std::int64_t organization_id,
                                                                         std::optional<std::int64_t> job_id);
    // New applications and job views of the last 30 days, for the portal's overview.
    task<result<actions::organization_counters>> organization_dashboard(const auth::identity& who, std::int64_t organization_id);
    // seen, shortlisted, invited, declined or hired, with an optional message; the candidate is
    // mailed when the status changes or a message comes with it, bounded: a newer status within
    // applications.status_mail_delay_s replaces the waiting mail, at most 3 mails an application a day.
    task<result<actions::received_application>> review(const auth::identity& who, std::int64_t id, std::string status,
                                                       std::string message);
    // The filter of the organization's list (also of an applicant's neighbours in it).
    static result<void> check_filter(const actions::applicant_filter& f);
    // The status and message of a change, checked (the message trimmed) before any application is touched.
    static result<void> check_review(const std::string& status, std::string& message);
    // One checked status change inside the caller's transaction, with the same bounded mail: the
    // path of review() and of the bulk change (applicant_pipeline). 404 for an application the
    // caller may not see. The caller commits and wakes the mail queue.
    task<result<actions::received_application>> review_in(pg::transaction& tx, const auth::identity& who, std::int64_t id,
                                                          const std::string& status, const std::string& message);

    // ---- the conversation of an application (application_messages.cpp): the candidate who applied
    // and the members of the job's organization (the applicant view's predicate; a held
    // application is the candidate's only, and she cannot write on it); anyone else 404.
    task<result<actions::conversation>> conversation(const auth::identity& who, std::int64_t id);
    // A message of the caller's side, at most 2000 characters, 20 an application and side and 100 a
    // writer in 24 hours (a status message of the organization counts too); the other side is
    // mailed, bounded like status mails.
    task<result<actions::conversation>> write_message(const auth::identity& who, std::int64_t id, std::string message);

    // The candidate's counters: applications, favourites, logins, coins, last changes.
    task<result<actions::counters>> dashboard(const auth::identity& who, std::int64_t account_id);

private:
    task<result<std::string>> known_languages(const std::vector<std::pair<std::string, std::string>>& languages);
    task<result<void>> may_read_applications(const auth::identity& who, std::int64_t organization_id);
    task<result<std::string>> queue_status_mail(pg::transaction& tx, const actions::received_application& out,
                                                const std::string& status_text, const std::string& message);
    // The writer's messages one after another, whatever the application (the per-writer cap counts
    // over all of them): taken before the application's row, on every path that writes a message,
    // the bulk change's too, so the locks are always taken in one order.
    task<result<void>> lock_writer(pg::transaction& tx, std::int64_t writer);
    // Counts the caps and stores the message: 429 in the side's words when its share on the
    // application or the writer's own is used up. The writer's lock and the application's row are
    // held by then, and the count is a statement of its own after them (a statement's snapshot
    // is taken before it waits for a lock).
    task<result<void>> add_message(pg::transaction& tx, std::int64_t application_id, std::string_view side, std::int64_t author_id,
                                   const std::string& body, std::optional<std::string> status);
    task<result<std::string>> queue_reply_mail(pg::transaction& tx, const pg::result_set& row, const std::string& message);
    loop_context& loop_;
    accounts_actor& accounts_;
    profiles_actor& profiles_;
};

}  // namespace jh
