// job_index_random_test.cpp: sort=random in the index (job_snapshot::random_search). A random page
// cannot be compared id for id with the SQL search, so these tests check what it must be: distinct
// jobs from the newest window of the matches (then the rest newest first), the newest-first total,
// and a real shuffle — every job of a small window turns up, and not always in the same order.
#include <gtest/gtest.h>

#include <set>
#include <string>
#include <vector>

#include "search/job_index.h"

namespace jh::search {
namespace {

constexpr std::int64_t hour_us = 3'600'000'000;
constexpr std::int64_t base_us = 1'700'000'000'000'000;

// 300 jobs, one an hour (job 1 the oldest); every third one a top job, every job with the word
// "promo" or "messe", and every job in Hamburg or Munich.
struct random_catalogue {
    std::shared_ptr<term_dictionary> terms = std::make_shared<term_dictionary>();
    std::vector<job_record> jobs;
    std::shared_ptr<const job_snapshot> index;

    random_catalogue() {
        const earth_point hamburg = earth_of(53.55, 10.0), munich = earth_of(48.14, 11.58);
        for (std::int64_t id = 1; id <= 300; ++id) {
            job_record j;
            j.id = id;
            j.published_us = base_us + id * hour_us;
            j.organization_id = 1 + id % 7;
            j.activity_ids = {static_cast<int>(1 + id % 4)};
            if (id % 3 == 0) j.flags = top_job;
            j.places = {id % 2 == 0 ? hamburg : munich};
            j.terms = {terms->intern(id % 2 == 0 ? "promo" : "messe")};
            jobs.push_back(std::move(j));
        }
        std::vector<const job_record*> all;
        for (const auto& j : jobs) all.push_back(&j);
        index = job_snapshot::build(all, terms);
    }

    index_query query(std::string sort) const {
        index_query q;
        q.sort = std::move(sort);
        q.now_us = base_us + 400 * hour_us;
        q.limit = 20;
        q.window = 100;
        q.count_cap = 1000;
        return q;
    }
};

// The page must be distinct ids of `allowed`, `want` of them.
void expect_drawn_from(const index_answer& a, const std::vector<std::int64_t>& allowed, std::size_t want, const std::string& where) {
    EXPECT_EQ(a.page.size(), want) << where;
    std::set<std::int64_t> seen(a.page.begin(), a.page.end());
    EXPECT_EQ(seen.size(), a.page.size()) << where << ": an id twice";
    for (auto id : a.page) EXPECT_NE(std::find(allowed.begin(), allowed.end(), id), allowed.end()) << where << ": " << id;
    EXPECT_FALSE(a.ordered_by_postgres) << where;
}

TEST(JobIndexRandom, APageIsDrawnFromTheNewestWindowWithTheNewestTotal) {
    random_catalogue c;
    for (const char* what : {"flag", "text", "place", "text and place"}) {
        auto newest = c.query("newest");
        if (std::string(what) == "flag") newest.flags[0] = true;   // top job: 100 jobs
        if (std::string(what).starts_with("text")) newest.text = text_query{{text_query::clause{{"promo"}, {}}}};
        if (std::string(what).ends_with("place")) {
            newest.point = earth_of(53.55, 10.0);
            newest.radius_m = 50'000;
        }
        auto window_q = newest;
        window_q.limit = 100;
        const auto window = c.index->search(window_q).page;   // the newest 100 matches
        const auto total = c.index->search(newest).total;
        ASSERT_GT(total, 0) << what;

        auto random = newest;
        random.sort = "random";
        random.limit = 3;
        for (int k = 0; k < 50; ++k) {
            auto a = c.index->search(random);
            EXPECT_EQ(a.total, total) << what;
            expect_drawn_from(a, window, std::min<std::size_t>(3, window.size()), what);
        }
    }
}

TEST(JobIndexRandom, EveryJobOfASmallWindowTurnsUpAndTheOrderChanges) {
    random_catalogue c;
    auto q = c.query("random");
    q.window = 12;
    q.limit = 3;
    q.flags[0] = true;   // top jobs: 300, 297, ... ; the window is the newest 12 of them
    std::set<std::int64_t> seen;
    std::set<std::vector<std::int64_t>> pages;
    for (int k = 0; k < 400; ++k) {
        auto a = c.index->search(q);
        ASSERT_EQ(a.page.size(), 3u);
        for (auto id : a.page) {
            EXPECT_EQ(id % 3, 0) << id;
            EXPECT_GE(id, 300 - 11 * 3) << id;   // inside the window
            seen.insert(id);
        }
        pages.insert(a.page);
    }
    EXPECT_EQ(seen.size(), 12u);
    EXPECT_GT(pages.size(), 50u);
}

TEST(JobIndexRandom, PastTheWindowTheRestFollowsNewestFirst) {
    random_catalogue c;
    auto q = c.query("random");
    q.window = 10;
    q.offset = 10;
    q.limit = 5;
    auto a = c.index->search(q);
    EXPECT_EQ(a.page, (std::vector<std::int64_t>{290, 289, 288, 287, 286}));   // after the shuffled newest 10
    EXPECT_EQ(a.total, 300);

    q.offset = 1000;   // past the result window: the total, no page
    auto past = c.index->search(q);
    EXPECT_TRUE(past.page.empty());
    EXPECT_EQ(past.total, 300);
}

}  // namespace
}  // namespace jh::search
