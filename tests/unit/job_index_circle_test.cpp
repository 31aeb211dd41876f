// job_index_circle_test.cpp: a circle search (a point and a radius, newest first) answers what
// testing every job's every place gives, whichever way the index finds the places: the cube cells
// of the circle, every place (large circles), the filter's own jobs' places (a filter of few jobs),
// or, past the SQL's scan limit, the page from the newest jobs' own places (docs_near). The totals
// follow jh_job_search's place rules: fewer entries than the scan limit give the exact count of
// jobs, as many give "capped".
#include <gtest/gtest.h>

#include <algorithm>
#include <random>

#include "search/job_index.h"

namespace jh::search {
namespace {

TEST(JobIndexCircle, EveryWayOfFindingThePlacesGivesTheSameAnswer) {
    std::mt19937 rng(28);
    std::vector<job_record> jobs(3000);
    for (std::size_t k = 0; k < jobs.size(); ++k) {
        auto& j = jobs[k];
        j.id = static_cast<std::int64_t>(k) + 1;
        j.published_us = 1'700'000'000'000'000 + static_cast<std::int64_t>(rng() % 400) * 3'600'000'000;   // ties on purpose
        j.organization_id = 1 + rng() % 40;
        // Most jobs near a few cities, some anywhere in Germany, a few without a place.
        for (int p = 0, n = static_cast<int>(rng() % 4); p < n; ++p) {
            const bool city = rng() % 3 != 0;
            const double lat = city ? 52.52 + (rng() % 100) / 400.0 : 47.5 + (rng() % 700) / 100.0;
            const double lon = city ? 13.40 + (rng() % 100) / 400.0 : 6.0 + (rng() % 900) / 100.0;
            j.places.push_back(earth_of(lat, lon));
        }
    }
    std::vector<const job_record*> all;
    for (const auto& j : jobs) all.push_back(&j);
    const auto index = job_snapshot::build(all);
    std::vector<const job_record*> newest = all;
    std::sort(newest.begin(), newest.end(), [](const job_record* a, const job_record* b) {
        return a->published_us != b->published_us ? a->published_us > b->published_us : a->id > b->id;
    });

    int capped = 0, exact = 0;
    for (int round = 0; round < 400; ++round) {
        index_query q;
        const bool at_city = rng() % 2 == 0;
        q.point = at_city ? earth_of(52.6, 13.5) : earth_of(47.5 + (rng() % 700) / 100.0, 6.0 + (rng() % 900) / 100.0);
        const double radii[] = {5'000, 10'000, 30'000, 50'000, 80'000, 200'000, 600'000};
        q.radius_m = radii[rng() % 7];
        if (rng() % 2 == 0) q.organization_id = 1 + rng() % 40;   // few jobs: their own places
        q.count_cap = rng() % 2 == 0 ? 1000 : 30 + static_cast<int>(rng() % 100);
        q.offset = static_cast<int>(rng() % 4) * 20;
        q.limit = 20;
        const auto got = index->search(q);

        const double chord = chord_of(q.radius_m);
        std::int64_t entries = 0;
        std::vector<std::int64_t> inside;   // newest first
        for (const auto* j : newest) {
            if (q.organization_id && j->organization_id != *q.organization_id) continue;
            std::int64_t here = 0;
            for (const auto& p : j->places) here += cube_distance(p, *q.point) <= chord ? 1 : 0;
            entries += here;
            if (here > 0) inside.push_back(j->id);
        }
        const std::int64_t scan = q.radius_m > 50000 ? q.count_cap + 1 : 5000;
        const auto count = static_cast<std::int64_t>(inside.size());
        if (entries < scan) {
            ++exact;
            EXPECT_EQ(got.total, std::min<std::int64_t>(count, q.count_cap)) << "round " << round;
            EXPECT_EQ(got.capped, count > q.count_cap) << "round " << round;
        } else {
            ++capped;
            EXPECT_EQ(got.total, q.count_cap) << "round " << round;
            EXPECT_TRUE(got.capped) << "round " << round;
        }
        std::vector<std::int64_t> page;
        for (std::size_t i = static_cast<std::size_t>(q.offset); i < inside.size() && page.size() < 20; ++i) page.push_back(inside[i]);
        EXPECT_EQ(got.page, page) << "round " << round << ": radius " << q.radius_m;
    }
    EXPECT_GT(capped, 40);   // both of jh_job_search's ways are exercised
    EXPECT_GT(exact, 40);
}

}  // namespace
}  // namespace jh::search
