// job_index_circle_test.cpp: a circle search (a point and a radius, newest first) answers what
// testing every job's every place gives, whichever way the index finds the places: the cube cells
// of the circle, every place (large circles), the filter's own jobs' places (a filter of few jobs),
// or, past the SQL's scan limit, the page from the newest jobs' own places (docs_near). The totals
// follow jh_job_search's place rules: fewer entries than the scan limit give the exact count of
// jobs, as many give "capped". A text around a point (newest first, or its window by distance)
// answers the same whether the index reads the filter's jobs newest first or the circle's cells.
// Places within a few metres of a circle's edge are in or out exactly as the double test says,
// although the index decides most places from their points rounded to floats; places on and beside
// the faces of the cells' sub-cells are found whether a circle reads their sub-cell or takes a whole
// (sub-)cell as inside without testing its places.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <iterator>
#include <limits>
#include <random>
#include <string>

#include "search/job_index.h"

namespace jh::search {
namespace {

// 3,000 jobs, most near a few cities, some anywhere in Germany, a few without a place; words "a"
// (one job in three), "b" (one in twenty), "c" (every job).
std::vector<job_record> circle_jobs(std::mt19937& rng) {
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
        j.lexemes = {"c"};
        if (rng() % 3 == 0) j.lexemes.push_back("a");
        if (rng() % 20 == 0) j.lexemes.push_back("b");
    }
    return jobs;
}

std::vector<const job_record*> newest_first(const std::vector<job_record>& jobs) {
    std::vector<const job_record*> newest;
    for (const auto& j : jobs) newest.push_back(&j);
    std::sort(newest.begin(), newest.end(), [](const job_record* a, const job_record* b) {
        return a->published_us != b->published_us ? a->published_us > b->published_us : a->id > b->id;
    });
    return newest;
}

TEST(JobIndexCircle, EveryWayOfFindingThePlacesGivesTheSameAnswer) {
    std::mt19937 rng(28);
    const auto jobs = circle_jobs(rng);
    const auto newest = newest_first(jobs);
    const auto index = job_snapshot::build(newest);

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

TEST(JobIndexCircle, ATextAroundAPointListsTheNewestMatchesInsideWhicheverWayTheyAreRead) {
    std::mt19937 rng(29);
    const auto jobs = circle_jobs(rng);
    const auto newest = newest_first(jobs);
    const auto index = job_snapshot::build(newest);

    for (int round = 0; round < 400; ++round) {
        index_query q;
        const std::string word = std::string(1, "abc"[rng() % 3]);
        q.text = text_query{{text_query::clause{{word}, {}}}};
        q.point = rng() % 2 == 0 ? earth_of(52.6, 13.5) : earth_of(47.5 + (rng() % 700) / 100.0, 6.0 + (rng() % 900) / 100.0);
        const double radii[] = {5'000, 10'000, 30'000, 50'000, 80'000, 200'000, 600'000};
        q.radius_m = radii[rng() % 7];
        q.count_cap = rng() % 2 == 0 ? 1000 : 30 + static_cast<int>(rng() % 100);
        q.window = rng() % 2 == 0 ? 100 : 10 + static_cast<int>(rng() % 40);
        q.sort = rng() % 2 == 0 ? "newest" : "distance";
        q.offset = static_cast<int>(rng() % 8) * 20;
        q.limit = 20;
        const auto got = index->search(q);

        // Every match inside, newest first, with its nearest place.
        const double chord = chord_of(q.radius_m);
        std::vector<std::pair<double, std::int64_t>> inside;
        for (const auto* j : newest) {
            if (std::find(j->lexemes.begin(), j->lexemes.end(), word) == j->lexemes.end()) continue;
            double nearest = std::numeric_limits<double>::infinity();
            for (const auto& p : j->places) nearest = std::min(nearest, cube_distance(p, *q.point));
            if (nearest <= chord) inside.emplace_back(nearest, j->id);
        }
        const auto count = static_cast<std::int64_t>(inside.size());
        EXPECT_EQ(got.total, std::min<std::int64_t>(count, q.count_cap)) << "round " << round;
        EXPECT_EQ(got.capped, count > q.count_cap) << "round " << round;
        if (q.sort == "distance" && q.offset < q.window) {
            const auto window = std::min(inside.size(), static_cast<std::size_t>(q.window));
            std::stable_sort(inside.begin(), inside.begin() + static_cast<std::ptrdiff_t>(window),
                             [](const auto& l, const auto& r) { return l.first < r.first; });
        }
        std::vector<std::int64_t> page;
        for (std::size_t i = static_cast<std::size_t>(q.offset); i < inside.size() && page.size() < 20; ++i) page.push_back(inside[i].second);
        EXPECT_EQ(got.page, page) << "round " << round << ": '" << word << "', radius " << q.radius_m << ", sort " << q.sort;
    }
}

// Jobs with one place each at a chord from `centre` just inside or outside `chord` (by up to 3 m,
// many within a metre and some within a micrometre), in random directions; word "c" in each.
std::vector<job_record> edge_jobs(std::mt19937& rng, const earth_point& centre, double chord) {
    const double offsets[] = {-3, -1.01, -1, -0.99, -0.5, -0.44, -0.25, -1e-6, 0, 1e-6, 0.25, 0.44, 0.5, 0.99, 1, 1.01, 3};
    std::uniform_real_distribution<double> unit(-1, 1), metres(-3, 3);
    std::vector<job_record> jobs(600);
    for (std::size_t k = 0; k < jobs.size(); ++k) {
        auto& j = jobs[k];
        j.id = static_cast<std::int64_t>(k) + 1;
        j.published_us = 1'700'000'000'000'000 + static_cast<std::int64_t>(k) * 1'000'000;
        j.organization_id = 1;
        double ux = unit(rng), uy = unit(rng), uz = unit(rng);
        const double norm = std::sqrt(ux * ux + uy * uy + uz * uz);
        const double at = chord + (k % 2 == 0 ? offsets[k / 2 % std::size(offsets)] : metres(rng));
        j.places.push_back({centre.x + ux / norm * at, centre.y + uy / norm * at, centre.z + uz / norm * at});
        j.lexemes = {"c"};
    }
    return jobs;
}

TEST(JobIndexCircle, PlacesAtTheEdgeAreInOrOutAsTheExactTestSays) {
    std::mt19937 rng(30);
    for (const double radius : {1'000.0, 10'000.0, 25'000.0, 100'000.0}) {
        const earth_point centre = earth_of(51.05 + (rng() % 100) / 100.0, 13.74 - (rng() % 100) / 100.0);
        const double chord = chord_of(radius);
        const auto jobs = edge_jobs(rng, centre, chord);
        const auto newest = newest_first(jobs);
        const auto index = job_snapshot::build(newest);
        std::vector<std::pair<double, std::int64_t>> inside;   // newest first
        for (const auto* j : newest)
            if (const double d = cube_distance(j->places[0], centre); d <= chord) inside.emplace_back(d, j->id);
        ASSERT_GT(inside.size(), 100U);
        ASSERT_LT(inside.size(), 500U);
        for (const char* sort : {"newest", "distance"})
            for (const bool text : {false, true}) {
                index_query q;
                q.point = centre;
                q.radius_m = radius;
                q.sort = sort;
                q.window = 1000;
                q.limit = 600;
                if (text) q.text = text_query{{text_query::clause{{"c"}, {}}}};
                auto want = inside;
                // By distance, ties as the SQL breaks them: a place search by the lower id, a text's window newest first.
                if (q.sort == "distance" && text)
                    std::stable_sort(want.begin(), want.end(), [](const auto& l, const auto& r) { return l.first < r.first; });
                else if (q.sort == "distance")
                    std::sort(want.begin(), want.end());
                std::vector<std::int64_t> page;
                for (const auto& [d, id] : want) page.push_back(id);
                const auto got = index->search(q);
                EXPECT_EQ(got.total, static_cast<std::int64_t>(inside.size())) << radius << " m, " << sort << (text ? ", text" : "");
                EXPECT_EQ(got.page, page) << radius << " m, " << sort << (text ? ", text" : "");
            }
    }
}

// Jobs with one or two places on a lattice of the sub-cells' faces (6.25 km apart in each of x, y,
// z) around `centre`, each coordinate on a face, beside it (by up to a metre, some by a micrometre)
// or anywhere between; word "c" in each, "a" in one in four.
std::vector<job_record> lattice_jobs(std::mt19937& rng, const earth_point& centre) {
    const double offsets[] = {-1.01, -1, -0.5, -1e-6, 0, 1e-6, 0.5, 1, 1.01};
    constexpr double side = 6250;
    std::uniform_real_distribution<double> within(0, side);
    auto coordinate = [&](double c) {
        const double face = (std::floor(c / side) + static_cast<double>(static_cast<int>(rng() % 13) - 6)) * side;
        return face + (rng() % 2 == 0 ? offsets[rng() % std::size(offsets)] : within(rng));
    };
    std::vector<job_record> jobs(2000);
    for (std::size_t k = 0; k < jobs.size(); ++k) {
        auto& j = jobs[k];
        j.id = static_cast<std::int64_t>(k) + 1;
        j.published_us = 1'700'000'000'000'000 + static_cast<std::int64_t>(rng() % 300) * 1'000'000;   // ties on purpose
        j.organization_id = 1 + rng() % 30;
        for (int p = 0, n = 1 + static_cast<int>(rng() % 2); p < n; ++p)
            j.places.push_back({coordinate(centre.x), coordinate(centre.y), coordinate(centre.z)});
        j.lexemes = {"c"};
        if (rng() % 4 == 0) j.lexemes.push_back("a");
    }
    return jobs;
}

TEST(JobIndexCircle, PlacesOnTheSubCellsFacesAreFoundHoweverTheCircleReadsThem) {
    std::mt19937 rng(31);
    const earth_point centre = earth_of(52.52, 13.40);
    const auto jobs = lattice_jobs(rng, centre);
    const auto newest = newest_first(jobs);
    const auto index = job_snapshot::build(newest);
    // The same jobs and one in Sydney: the cells' box is then too large for a flat grid, the cells
    // are found by their hash, and every answer stays the same.
    auto with_far = jobs;
    with_far.push_back(jobs.front());
    with_far.back().id = 100'000;
    with_far.back().places = {earth_of(-33.87, 151.21)};
    with_far.back().lexemes = {"far"};
    const auto far_index = job_snapshot::build(newest_first(with_far));
    int with_places = 0;
    for (int round = 0; round < 600; ++round) {
        index_query q;
        // The circle's centre on a lattice point or anywhere near; radii from within one sub-cell to several cells.
        const double shift = round % 3 == 0 ? 0 : 20'000;
        std::uniform_real_distribution<double> near(-shift, shift);
        q.point = earth_point{std::floor(centre.x / 6250) * 6250 + near(rng), std::floor(centre.y / 6250) * 6250 + near(rng),
                              std::floor(centre.z / 6250) * 6250 + near(rng)};
        const double radii[] = {2'000, 6'250, 9'000, 12'500, 20'000, 30'000, 45'000};
        q.radius_m = radii[rng() % std::size(radii)];
        const int way = static_cast<int>(rng() % 4);   // place alone, with a text, with an organization (its own places), by distance
        if (way == 1) q.text = text_query{{text_query::clause{{std::string(1, "ac"[rng() % 2])}, {}}}};
        if (way == 2) q.organization_id = 1 + rng() % 30;
        if (way == 3 || rng() % 4 == 0) q.sort = "distance";
        q.window = 1000;
        q.limit = 600;
        const std::string word = q.text ? q.text->any_of[0].all_of[0] : "";
        const double chord = chord_of(q.radius_m);
        std::vector<std::pair<double, std::int64_t>> inside;   // newest first, each job at its nearest place
        for (const auto* j : newest) {
            if (q.organization_id && j->organization_id != *q.organization_id) continue;
            if (!word.empty() && std::find(j->lexemes.begin(), j->lexemes.end(), word) == j->lexemes.end()) continue;
            double nearest = std::numeric_limits<double>::infinity();
            for (const auto& p : j->places) nearest = std::min(nearest, cube_distance(p, *q.point));
            if (nearest <= chord) inside.emplace_back(nearest, j->id);
        }
        with_places += inside.empty() ? 0 : 1;
        if (q.sort == "distance" && q.text) {   // the newest `window` matches by distance, the rest newest first
            const auto window = std::min(inside.size(), static_cast<std::size_t>(q.window));
            std::stable_sort(inside.begin(), inside.begin() + static_cast<std::ptrdiff_t>(window),
                             [](const auto& l, const auto& r) { return l.first < r.first; });
        } else if (q.sort == "distance") {
            std::sort(inside.begin(), inside.end());
        }
        std::vector<std::int64_t> page;
        for (const auto& [d, id] : inside) page.push_back(id);
        const auto got = index->search(q);
        EXPECT_EQ(got.total, std::min<std::int64_t>(static_cast<std::int64_t>(inside.size()), q.count_cap)) << "round " << round;
        if (page.size() > 600) page.resize(600);
        EXPECT_EQ(got.page, page) << "round " << round << ": radius " << q.radius_m << ", sort " << q.sort << ", way " << way;
        const auto far = far_index->search(q);
        EXPECT_EQ(far.total, got.total) << "round " << round << ", with a place in Sydney";
        EXPECT_EQ(far.page, got.page) << "round " << round << ", with a place in Sydney";
    }
    EXPECT_GT(with_places, 400);
}

}  // namespace
}  // namespace jh::search
