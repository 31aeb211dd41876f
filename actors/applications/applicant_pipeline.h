// applicant_pipeline.h: the organization's pipeline tools for its applicants (issue 29,
// docs/providers.md "Pipeline tools"): private notes and a 1–5 rating per application (every
// member of the organization sees them, the candidate never), the neighbours of an applicant in
// the list's order and filter, one status change for many applications, and a job's applicants
// as a CSV file.
//
// Writes `application_notes` and `application_ratings` (migrations/0182_applicant_pipeline.sql).
// The bulk change is the applications actor's single change (review_in) run for each application
// inside one transaction, so its rules and bounded mails are the same. Another organization's
// application, note or job is "not found", never "forbidden": that would confirm it exists.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "actors/applications/applications_actor.h"
#include "reactor/app_error.h"
#include "reactor/auth.h"
#include "reactor/task.h"

namespace jh {

struct loop_context;

namespace pipeline {

inline constexpr std::size_t note_max_chars = 2000;
// Notes of one organization on one application: a team's record of a selection is a few dozen
// at most; beyond this the page would be a feed (409, issue 39 item 7).
inline constexpr int max_notes_per_application = 100;
inline constexpr std::size_t bulk_max_ids = 100;
// The most rows of one applicants' CSV (the newest): the file is built in memory and each row is
// logged as a view, so an organization's file of all its jobs is bounded (docs/decisions.md).
inline constexpr std::int64_t max_csv_rows = 10000;
// A note's author who has left the team (the account is deleted).
inline constexpr const char* former_member = "ehemaliges Teammitglied";

struct note {
    std::int64_t id = 0, application_id = 0;
    std::string body, author, created_at;
    bool mine = false;   // the caller wrote it: only the author deletes a note
};

struct rating {
    std::optional<int> stars;   // none: not rated (or the rating was taken back)
    std::string set_by, updated_at;
};

// An applicant beside another one in the list (GET /organizations/{id}/applications with the same
// filter, newest first).
struct neighbour {
    std::int64_t id = 0;
    std::string first_name, last_name;
};
struct neighbours {
    std::optional<neighbour> previous, next;
    std::int64_t position = 0, total = 0;   // 1-based place in the filtered list, and its length
};

struct bulk_change {
    std::vector<std::int64_t> ids;
    std::string status, message;
};

}  // namespace pipeline

class applicant_pipeline {
public:
    applicant_pipeline(loop_context& loop, applications_actor& applications);

    // Notes of the caller's organization on the application, oldest first.
    task<result<std::vector<pipeline::note>>> notes(const auth::identity& who, std::int64_t application_id);
    // 409 once the organization has max_notes_per_application notes on it (counted under a lock of
    // the application's notes, so parallel notes cannot pass it).
    task<result<pipeline::note>> add_note(const auth::identity& who, std::int64_t application_id, std::string body);
    // Only the author; another member of the organization 403, anyone else 404.
    task<result<void>> delete_note(const auth::identity& who, std::int64_t note_id);
    task<result<pipeline::rating>> rating(const auth::identity& who, std::int64_t application_id);
    // 1..5, or none to take the rating back; the last member who rates wins.
    task<result<pipeline::rating>> set_rating(const auth::identity& who, std::int64_t application_id, std::optional<int> stars);

    task<result<pipeline::neighbours>> neighbours(const auth::identity& who, std::int64_t application_id,
                                                  actions::applicant_filter filter);
    // All or nothing, in one transaction: 404 naming the ids the organization cannot see.
    task<result<std::vector<actions::received_application>>> bulk_review(const auth::identity& who, std::int64_t organization_id,
                                                                         pipeline::bulk_change change);
    // The job's forwarded applications as CSV (applicants_csv.h), or, without a job, those of every
    // job of the organization (newest first, at most max_csv_rows), each row logged as a view of
    // the candidate's data. Answers {file name, content}.
    task<result<std::pair<std::string, std::string>>> applicants_csv(const auth::identity& who, std::int64_t organization_id,
                                                                     std::optional<std::int64_t> job_id);

private:
    // The caller's organization when the caller may see the application (member of its job's
    // organization), else 404.
    task<result<std::int64_t>> organization_of(const auth::identity& who, std::int64_t application_id);
    loop_context& loop_;
    applications_actor& applications_;
};

}  // namespace jh
