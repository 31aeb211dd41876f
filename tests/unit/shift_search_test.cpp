// Unit tests of the shift date filter (issue 30, docs/search.md "Shift dates"): shiftsFrom and
// shiftsTo are read strictly and bounded (400 with a German message), become jh_job_search's
// arguments $21/$22 and the index query's days, and the index lists a job only for a free shift
// dated within the window that has not begun.
#include <gtest/gtest.h>

#include "search/free_shifts.h"
#include "search/job_filter.h"
#include "search/job_index.h"
#include "search/query_values.h"

namespace jh::search {
namespace {

TEST(ShiftSearch, DatesAreReadStrictly) {
    EXPECT_EQ(parse_date_days("1970-01-01"), std::nullopt);   // before 2000
    EXPECT_EQ(parse_date_days("2026-11-27"), 20784);
    EXPECT_EQ(date_text(20784), "2026-11-27");
    EXPECT_EQ(parse_date_days("2028-02-29"), 21243);
    for (const char* bad : {"2026-02-29", "2026-13-01", "2026-1-01", "26-11-27", "2026/11/27", "2026-11-27T00", " 2026-11-27",
                            "2100-01-01", "1999-12-31", "2026-11-3x", ""})
        EXPECT_EQ(parse_date_days(bad), std::nullopt) << bad;
}

TEST(ShiftSearch, TheFilterReadsAndBoundsTheWindow) {
    auto f = parse_job_filter("shiftsFrom=2026-12-05&shiftsTo=2026-12-06");
    ASSERT_TRUE(f) << f.error();
    EXPECT_EQ(f->shifts_from, parse_date_days("2026-12-05"));
    EXPECT_EQ(f->shifts_to, parse_date_days("2026-12-06"));
    EXPECT_FALSE(f->only_job_type());
    auto a = job_search_arguments(*f, std::nullopt, 0);
    ASSERT_EQ(a.size(), 22u);
    EXPECT_EQ(a[20], std::optional<std::string>("2026-12-05"));
    EXPECT_EQ(a[21], std::optional<std::string>("2026-12-06"));

    auto alone = parse_job_filter("shiftsTo=2026-12-06");   // either alone
    ASSERT_TRUE(alone);
    EXPECT_FALSE(alone->shifts_from);
    EXPECT_TRUE(parse_job_filter("shiftsFrom=2026-12-05"));
    EXPECT_TRUE(parse_job_filter("shiftsFrom=&shiftsTo="));   // empty = not given, like the other filters
    EXPECT_TRUE(parse_job_filter("shiftsFrom=2026-01-01&shiftsTo=2027-01-01"));   // 366 days

    auto bad = parse_job_filter("shiftsFrom=05.12.2026");
    ASSERT_FALSE(bad);
    EXPECT_EQ(bad.error(), "shiftsFrom muss ein Datum im Format JJJJ-MM-TT sein (z. B. 2026-12-05).");
    auto reversed = parse_job_filter("shiftsFrom=2026-12-06&shiftsTo=2026-12-05");
    ASSERT_FALSE(reversed);
    EXPECT_EQ(reversed.error(), "shiftsTo darf nicht vor shiftsFrom liegen.");
    auto wide = parse_job_filter("shiftsFrom=2026-01-01&shiftsTo=2027-01-02");   // 367 days
    ASSERT_FALSE(wide);
    EXPECT_EQ(wide.error(), "Der Zeitraum von shiftsFrom bis shiftsTo darf höchstens 366 Tage umfassen.");
    EXPECT_FALSE(parse_job_filter("shiftsTo=2026-02-30"));

    reference_data refs;
    auto q = to_index_query(*f, refs, 0);
    ASSERT_TRUE(q);
    EXPECT_EQ(q->shifts_from_day, f->shifts_from);
    EXPECT_EQ(q->shifts_to_day, f->shifts_to);
}

TEST(ShiftSearch, TheIndexListsJobsWithAFreeShiftInTheWindowThatHasNotBegun) {
    const int day = 20792;   // 2026-12-05
    const std::int64_t midnight = std::int64_t{day} * 86400;
    job_record saturday, sunday, begun, none, both;
    saturday.id = 1;
    saturday.free_shifts = read_free_shifts(std::to_string(day) + " " + std::to_string(midnight + 9 * 3600));
    sunday.id = 2;
    sunday.free_shifts = {free_shift_key(day + 1, midnight + 86400 + 23 * 3600)};
    begun.id = 3;   // the shift began before the query's now
    begun.free_shifts = {free_shift_key(day, midnight + 3600)};
    none.id = 4;
    both.id = 5;
    both.free_shifts = read_free_shifts(std::to_string(day - 1) + " " + std::to_string(midnight - 3600) + ",x y," +
                                        std::to_string(day + 2) + " " + std::to_string(midnight + 2 * 86400 + 3600));
    ASSERT_EQ(both.free_shifts.size(), 2u);
    for (auto* j : {&saturday, &sunday, &begun, &none, &both}) j->published_us = j->id;
    auto index = job_snapshot::build({&saturday, &sunday, &begun, &none, &both});

    auto ids = [&](std::optional<int> from, std::optional<int> to) {
        index_query q;
        q.now_us = (midnight + 2 * 3600) * 1'000'000;   // 02:00 UTC on the Saturday
        q.shifts_from_day = from;
        q.shifts_to_day = to;
        q.limit = 10;
        auto a = index.get()->search(q);
        return a.page;
    };
    using v = std::vector<std::int64_t>;
    EXPECT_EQ(ids(day, day), v{1});
    EXPECT_EQ(ids(day, day + 1), (v{2, 1}));
    EXPECT_EQ(ids(day + 1, std::nullopt), (v{5, 2}));
    EXPECT_EQ(ids(std::nullopt, day), v{1});   // the day before's shift has begun
    EXPECT_EQ(ids(day - 1, day - 1), v{});
    EXPECT_EQ(ids(day + 3, day + 300), v{});
}

}  // namespace
}  // namespace jh::search
