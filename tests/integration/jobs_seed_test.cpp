// Integration test of `jobhafen seed`: deterministic for a seed, realistic ranges, real places,
// and searchable right away.
#include <gtest/gtest.h>

#include <string>

#include "tests/support/harness.h"

namespace jh::test {
namespace {

std::string one(const std::string& url, const std::string& sql) {
    auto rows = query_sql(url, sql);
    return rows.empty() || rows[0].empty() ? std::string() : rows[0][0];
}

TEST(JobsSeed, DeterministicRealisticAndSearchable) {
    temp_database a("seeda"), b("seedb");
    auto ra = run_jobhafen({{"JOBHAFEN_DATABASE_URL", a.url()}}, {"seed", "--organizations", "12", "--jobs", "600", "--seed", "7"});
    ASSERT_EQ(ra.first, 0) << ra.second;
    auto rb = run_jobhafen({{"JOBHAFEN_DATABASE_URL", b.url()}}, {"seed", "--organizations", "12", "--jobs", "600", "--seed", "7"});
    ASSERT_EQ(rb.first, 0) << rb.second;

    const std::string content =
        "SELECT md5(string_agg(concat_ws('|', j.slug, j.title, j.description, j.base_salary, j.activity_ids, "
        "j.employment_type_ids, j.top_job, j.active, l.place_id, l.lat, l.lon), ',' ORDER BY j.id, l.id)) "
        "FROM job_postings j JOIN job_posting_locations l ON l.job_posting_id = j.id";
    EXPECT_EQ(one(a.url(), content), one(b.url(), content));
    EXPECT_EQ(one(a.url(), "SELECT string_agg(name, ',' ORDER BY id) FROM organizations"),
              one(b.url(), "SELECT string_agg(name, ',' ORDER BY id) FROM organizations"));

    EXPECT_EQ(one(a.url(), "SELECT count(*) FROM job_postings"), "600");
    EXPECT_EQ(one(a.url(), "SELECT count(*) FROM organizations"), "12");
    // Demo shifts: the same in both seeds, upcoming, on published jobs at one of their places.
    const std::string shifts = "SELECT count(*) || ':' || md5(string_agg(concat_ws('|', job_posting_id, shift_date - current_date, "
                               "start_time, end_time, place_id, staff_needed), ',' ORDER BY id)) FROM shifts";
    EXPECT_EQ(one(a.url(), shifts), one(b.url(), shifts));
    EXPECT_GT(std::stoi(one(a.url(), "SELECT count(*) FROM shifts")), 40);
    EXPECT_EQ(one(a.url(), "SELECT count(*) FROM shifts s JOIN job_postings j ON j.id = s.job_posting_id "
                           "WHERE s.starts_at <= now() OR NOT j.is_published OR s.place_id IS NULL OR NOT EXISTS "
                           "(SELECT 1 FROM job_posting_locations l WHERE l.job_posting_id = j.id AND l.place_id = s.place_id)"),
              "0");
    // 12 € to 25 € per hour.
    EXPECT_EQ(one(a.url(), "SELECT count(*) FROM job_postings WHERE base_salary < 12 OR base_salary > 25 OR salary_unit <> 'hour'"), "0");
    // Every location is a real place of the gazetteer, with its coordinates (a few hundred metres off).
    EXPECT_EQ(one(a.url(), "SELECT count(*) FROM job_posting_locations l LEFT JOIN places p ON p.id = l.place_id "
                           "WHERE p.id IS NULL OR earth_distance(l.geo, p.geo) > 3000"),
              "0");
    // A spread of activities, employment types, flags and ages.
    EXPECT_GE(std::stoi(one(a.url(), "SELECT count(DISTINCT a) FROM job_postings, unnest(activity_ids) a")), 35);
    EXPECT_GE(std::stoi(one(a.url(), "SELECT count(DISTINCT e) FROM job_postings, unnest(employment_type_ids) e")), 6);
    EXPECT_GT(std::stoi(one(a.url(), "SELECT count(*) FROM job_postings WHERE top_offer")), 0);
    EXPECT_GT(std::stoi(one(a.url(), "SELECT count(*) FROM job_postings WHERE NOT active")), 0);
    EXPECT_GT(std::stoi(one(a.url(), "SELECT count(*) FROM job_postings WHERE published_at > now() - interval '1 day'")), 0);
    EXPECT_GT(std::stoi(one(a.url(), "SELECT count(*) FROM job_postings WHERE published_at < now() - interval '7 days'")), 0);
    // The search table was filled by the triggers: every live job has its rows.
    EXPECT_EQ(one(a.url(), "SELECT count(*) FROM job_postings j WHERE j.is_published AND j.active AND NOT EXISTS "
                           "(SELECT 1 FROM job_search_points p WHERE p.job_posting_id = j.id AND p.is_primary)"),
              "0");

    // A second run without --append leaves the data alone; bad arguments are refused.
    auto again = run_jobhafen({{"JOBHAFEN_DATABASE_URL", a.url()}}, {"seed"});
    EXPECT_EQ(again.first, 0) << again.second;
    EXPECT_EQ(one(a.url(), "SELECT count(*) FROM job_postings"), "600");
    EXPECT_NE(run_jobhafen({{"JOBHAFEN_DATABASE_URL", a.url()}}, {"seed", "--jobs", "many"}).first, 0);
}

}  // namespace
}  // namespace jh::test
