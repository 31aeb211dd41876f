// ratings_actor.h: the ratings domain: a candidate's star rating of an organization (activated
// account, at least 5 applications or an approved shift there, one per organization), its
// removal, and the lists by organization and by candidate. A rating may name the job it is for:
// a job with shifts needs an approved shift of that job, and a rating backed by an approved shift
// is marked "nach einem Einsatz" (`afterShift`; issue 43, docs/shifts.md "Reliability and ratings
// after a shift"). Writes `organization_star_ratings`; reads `shift_time_records` (the shifts
// domain's table) in the rating's one statement; the organization JSON reads the counts
// (jh_organization_views). docs/candidate-actions.md, "Ratings".
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "actors/actions_common.h"
#include "reactor/app_error.h"
#include "reactor/auth.h"
#include "reactor/task.h"

namespace jh {

struct loop_context;

namespace actions {

inline constexpr int rating_min_applications = 5;
// Why a rating is refused: a provider or administrator (the route's refusal, ratings_routes.cpp),
// or a candidate who has not met the conditions yet.
inline constexpr const char* msg_rating_conditions =
    "Du kannst ein Unternehmen erst bewerten, wenn dein Konto aktiviert ist und du dich mindestens 5-mal beworben hast.";

struct rating_view {
    std::int64_t id = 0, organization_id = 0, account_id = 0;
    int stars = 0;
    std::string comment, created_at, organization_name, author;
    std::optional<std::int64_t> job_posting_id;
    bool after_shift = false;   // backed by an approved shift at the organization: "nach einem Einsatz"
};

// Whether she may rate an organization now, asked before the form is filled in (issue 41, item 16):
// the reason in German ("du") when not: already rated (and when), address not confirmed, too few
// applications and no approved shift there.
struct rating_eligibility {
    bool can_rate = false;
    std::optional<std::string> reason, rated_at;   // rated_at: ISO 8601
    std::int64_t applications = 0;
};

}  // namespace actions

class ratings_actor {
public:
    explicit ratings_actor(loop_context& loop);

    // `job_posting_id`: the job the rating is for (optional; one of the organization's jobs, else
    // 422 at `jobPosting`).
    task<result<actions::rating_view>> rate(const auth::identity& who, std::int64_t organization_id, int stars, std::string comment,
                                            std::optional<std::int64_t> job_posting_id = std::nullopt);
    // The same rule as rate() without a job (jh_rating_eligibility); an unknown organization 404.
    task<result<actions::rating_eligibility>> eligibility(const auth::identity& who, std::int64_t organization_id);
    task<result<void>> delete_rating(const auth::identity& who, std::int64_t id);
    task<result<actions::page_of<actions::rating_view>>> ratings_of_organization(std::int64_t organization_id, int page, int per_page);
    task<result<std::vector<actions::rating_view>>> ratings_of_account(const auth::identity& who, std::int64_t account_id);

private:
    loop_context& loop_;
};

}  // namespace jh
