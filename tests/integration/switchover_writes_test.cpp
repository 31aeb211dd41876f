// switchover_writes_test.cpp: a write whose database session ends in the middle of its transaction
// (a planned switchover ends every session of the old primary) runs once more on a new transaction
// (pg::in_transaction, docs/operations.md "Switchover and failover"): the visitor gets the usual
// answer, and what it wrote is there exactly once.
//
// The test holds a row lock the request's INSERT must wait for (the shift's foreign key locks its
// job), so the request's transaction is open when the test terminates the server's sessions; then
// it lets go. Its own stack without the mail worker: every session named "jobhafen" in the
// database is the server's.
#include <libpq-fe.h>

#include <chrono>
#include <thread>

#include "tests/integration/provider_fixture.h"

namespace jh::test {
namespace {

using namespace accounts_fixture;
using namespace std::chrono_literals;

constexpr const char* switchover_writes_seed_sql = R"sql(
INSERT INTO organizations (id, slug, name, contact_email) VALUES
 (9801, 'wechsel-agentur', 'Wechsel Agentur GmbH', 'jobs@wechsel-agentur.example');
INSERT INTO job_postings (id, slug, organization_id, title, is_published, active, published_at) VALUES
 (9901, 'aufbau-9901', 9801, 'Aufbauhelfer (m/w/d) für ein Festival', true, true, now() - interval '1 day');
)sql";

// The server's sessions in the stack's database (the test's own connections have no application name).
constexpr const char* server_sessions = "FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'jobhafen'";

class SwitchoverWrites : public ::testing::Test {
protected:
    void SetUp() override {
        s_.start("switchover_writes", false, {}, schema::migrated);
        if (HasFatalFailure()) return;
        exec_sql(s_.db->url(), switchover_writes_seed_sql);
        member_ = organization_member(s_, "chefin@wechsel-agentur.example", 9801);
    }
    void TearDown() override { s_.stop(); }
    std::string sql(const std::string& q) const { return s_.sql(q); }

    stack s_;
    std::string member_;
};

TEST_F(SwitchoverWrites, AShiftCreatedWhileTheDatabaseSessionsEndIsStoredOnce) {
    std::string date = sql("SELECT to_char((now() AT TIME ZONE 'Europe/Berlin')::date + 20, 'YYYY-MM-DD')");
    std::string body = R"({"date":")" + date + R"(","start":"10:00","end":"18:00","staffNeeded":2})";

    // The job's row locked by a connection of the test: the request's INSERT waits for it.
    PGconn* held = PQconnectdb(s_.db->url().c_str());
    ASSERT_EQ(PQstatus(held), CONNECTION_OK) << PQerrorMessage(held);
    auto exec = [&](const char* q) {
        PGresult* r = PQexec(held, q);
        bool ok = PQresultStatus(r) == PGRES_COMMAND_OK || PQresultStatus(r) == PGRES_TUPLES_OK;
        PQclear(r);
        return ok;
    };
    ASSERT_TRUE(exec("BEGIN"));
    ASSERT_TRUE(exec("SELECT 1 FROM job_postings WHERE id = 9901 FOR UPDATE"));

    http_reply answer;
    std::thread request([&] { answer = call(s_.port, "POST", "/api/job_postings/9901/shifts", body, bearer(member_)); });

    // The request is inside its transaction, waiting for the lock: end every session of the server.
    std::string waiting;
    for (auto deadline = std::chrono::steady_clock::now() + 20s; std::chrono::steady_clock::now() < deadline;) {
        waiting = sql(std::string("SELECT coalesce(min(pid)::text, '') ") + server_sessions + " AND wait_event_type = 'Lock'");
        if (!waiting.empty()) break;
        std::this_thread::sleep_for(20ms);
    }
    EXPECT_FALSE(waiting.empty()) << "the request never waited for the lock";
    if (!waiting.empty()) {
        EXPECT_EQ(sql("SELECT pg_terminate_backend(" + waiting + ")::text"), "true");
        sql(std::string("SELECT count(pg_terminate_backend(pid)) ") + server_sessions);
    }
    EXPECT_EQ(sql("SELECT count(*) FROM shifts WHERE job_posting_id = 9901"), "0") << "nothing committed yet";
    std::this_thread::sleep_for(300ms);   // the server notices, reconnects, and its second attempt waits for the lock
    ASSERT_TRUE(exec("ROLLBACK"));
    PQfinish(held);
    request.join();

    EXPECT_EQ(answer.status, 201) << answer.body;
    EXPECT_EQ(field(answer.body, "staffNeeded"), "2");
    EXPECT_EQ(sql("SELECT count(*) FROM shifts WHERE job_posting_id = 9901"), "1") << "stored exactly once";
    EXPECT_EQ(sql("SELECT count(*) FROM shifts WHERE job_posting_id = 9901 AND id::text = '" + field(answer.body, "id") + "'"), "1");
}

}  // namespace
}  // namespace jh::test
