// Integration test: the in-memory job index follows PostgreSQL through a restart (what a Patroni
// failover looks like to it: every session is cut, and the server that answers afterwards may
// have changes the index never heard of). A private PostgreSQL, seeded; `jobhafen serve` with the
// index on. PostgreSQL restarts under the index's live LISTEN, a job is closed while the index is
// away (its notification is lost), and the index must catch up on reconnecting: the job leaves
// its answers. Then a change whose notification is held back is not seen (the index is the one
// answering, not the SQL search), and one with a notification is (the LISTEN is back).
#include <gtest/gtest.h>
#include <simdjson.h>

#include <string>
#include <thread>

#include "tests/integration/accounts_fixture.h"

namespace jh::test {
namespace {

using namespace accounts_fixture;

// Generous for a sanitizer build on a busy machine; a wait returns as soon as it holds.
constexpr std::chrono::seconds restart_follow_limit{30};

// The ids GET /api/job_postings?id=JOB lists ("" when none, "JOB," when the job is live).
std::string listed(int port, const std::string& job) {
    auto r = http_request(port, "GET", "/api/job_postings?id=" + job);
    if (r.status != 200) return "status " + std::to_string(r.status);
    simdjson::dom::parser parser;
    simdjson::dom::element doc;
    simdjson::dom::array members;
    if (parser.parse(r.body).get(doc) != simdjson::SUCCESS || doc["hydra:member"].get_array().get(members) != simdjson::SUCCESS)
        return "unreadable answer";
    std::string ids;
    for (auto m : members) {
        std::int64_t id = 0;
        if (m["id"].get_int64().get(id) == simdjson::SUCCESS) ids += std::to_string(id) + ",";
    }
    return ids;
}

TEST(JobIndexRestart, CatchesUpWithChangesMadeWhilePostgresRestarted) {
    pg_instance pg;
    exec_sql(pg.url(), "CREATE DATABASE jobhafen");
    const std::string url = pg.url("jobhafen");
    auto migrated = run_jobhafen({{"JOBHAFEN_DATABASE_URL", url}}, {"migrate"});
    ASSERT_EQ(migrated.first, 0) << migrated.second;
    auto seeded = run_jobhafen({{"JOBHAFEN_DATABASE_URL", url}}, {"seed", "--organizations", "5", "--jobs", "200", "--seed", "7"});
    ASSERT_EQ(seeded.first, 0) << seeded.second;
    redis_instance redis;
    server_process server({{"JOBHAFEN_DATABASE_URL", url},
                           {"JOBHAFEN_REDIS_URL", redis.url()},
                           {"JOBHAFEN_AUTH_SECRET", test_secret},
                           {"JOBHAFEN_LOG_ACCESS", "false"},
                           {"JOBHAFEN_HTTP_THREADS", "1"},
                           {"JOBHAFEN_SEARCH_INDEX", "true"}});
    ASSERT_TRUE(server.wait_ready(std::chrono::seconds(60))) << server.log();
    ASSERT_TRUE(wait_until([&] { return server.log().find("search index: ready") != std::string::npos; }, restart_follow_limit)) << server.log();

    const std::string job = query_sql(url, "SELECT job_posting_id FROM job_search_points WHERE is_primary "
                                           "AND (valid_through IS NULL OR valid_through > now() + interval '1 hour') "
                                           "ORDER BY published_at DESC, job_posting_id DESC LIMIT 1")
                                .at(0)
                                .at(0);
    ASSERT_EQ(listed(server.port(), job), job + ",");

    // Every session cut, the index's LISTEN among them; the job closes before the index is back.
    pg.restart();
    exec_sql(url, "UPDATE job_postings SET active = false WHERE id = " + job);
    EXPECT_TRUE(wait_until([&] { return listed(server.port(), job).empty(); }, restart_follow_limit))
        << "the index still lists a job closed while PostgreSQL restarted\n" << server.log();
    EXPECT_NE(server.log().find("search index: lost the PostgreSQL connection"), std::string::npos) << server.log();

    // The index answers (not the SQL search): opened without a notification, it is not seen.
    exec_sql(url, "ALTER TABLE job_postings DISABLE TRIGGER job_postings_index_upd; "
                  "ALTER TABLE job_posting_locations DISABLE TRIGGER job_posting_locations_index_upd; "
                  "UPDATE job_postings SET active = true WHERE id = " + job + "; "
                  "ALTER TABLE job_posting_locations ENABLE TRIGGER job_posting_locations_index_upd; "
                  "ALTER TABLE job_postings ENABLE TRIGGER job_postings_index_upd;");
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    EXPECT_EQ(listed(server.port(), job), "");
    // And it listens again: the same job's next change, with its notification, arrives.
    exec_sql(url, "UPDATE job_postings SET active = false WHERE id = " + job + "; UPDATE job_postings SET active = true WHERE id = " + job);
    EXPECT_TRUE(wait_until([&] { return listed(server.port(), job) == job + ","; }, restart_follow_limit))
        << "a change after the restart did not reach the index\n" << server.log();
}

}  // namespace
}  // namespace jh::test
