// organizations_actor.h: the job providers (Jobanbieter) as candidates see them: the organization
// list (/jobanbieter), details (/jobanbieter/{slug}), cards, and the organization half of the
// multi-search. Reads migrations/0011_organizations.sql through 0017_organization_search.sql.
//
// Ratings and favourites of organizations are counted by one SQL function, jh_organization_views;
// without any, the counts are 0 and the average is null.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "actors/organizations/response_time.h"
#include "reactor/answer_cache.h"
#include "reactor/app_error.h"
#include "reactor/task.h"
#include "search/index_service.h"

namespace jh {

struct loop_context;

namespace organizations {

struct organization_view {
    std::int64_t id = 0;
    std::string slug, name, description;
    bool has_logo = false;
    std::optional<std::int64_t> founding_year, employees, working_days_per_year;
    std::optional<std::string> contact_name, contact_email, contact_phone, website, company_name, legal_form, street,
        zipcode, city, country, vat_id, register_court, register_number;
    std::int64_t open_jobs = 0;
    std::int64_t ratings_count = 0;
    std::optional<double> rating_average;
    std::int64_t favorites_count = 0;
    std::string created_at;
    std::optional<response_time> response;   // the details only (by_id, by_slug)
};

struct organization_page {
    std::int64_t total = 0;
    bool capped = false;
    int page = 1, items_per_page = 20;
    std::vector<organization_view> items;
};

}  // namespace organizations

// An organization's public data, kept as the bytes of its answer (reactor/answer_cache.h): while
// the job index's generation is unchanged (its open jobs, its name, slug and logo move it; a block
// unpublishes its jobs), never past 10 s (its texts, ratings and favourites, which no generation
// tracks, and the block of an organization without published jobs).
inline constexpr answer_freshness organization_freshness{std::chrono::seconds(10), std::chrono::milliseconds(0)};

class organizations_actor {
public:
    // `job_index`: the process's job index (its generation versions the kept answers), or null.
    organizations_actor(loop_context& loop, const search::index_service* job_index) : loop_(loop), job_index_(job_index) {}

    // q: optional text (name, city, description; typo-tolerant on the name).
    task<result<organizations::organization_page>> list(std::optional<std::string> q, int page, int items_per_page);
    task<result<organizations::organization_view>> by_id(std::int64_t id);
    task<result<organizations::organization_view>> by_slug(std::string slug);

    // The loop's kept answers of organizations' data (GET /api/organizations/slug/{slug}), and what
    // they are checked against (organization_freshness).
    std::optional<std::uint64_t> catalogue_version() const noexcept { return search::generation_number(job_index_); }
    answer_cache& kept_answers() noexcept { return answers_; }

private:
    task<result<std::vector<organizations::organization_view>>> views(std::string ids_literal);
    loop_context& loop_;
    const search::index_service* job_index_;
    answer_cache answers_{2u << 20};
};

}  // namespace jh
