// pg_pool_test.cpp: jh::pg::pool against real PostgreSQL, driving a libuv loop on the test thread.
//
// PgPool uses a database of its own on the shared server; PgPoolOutage starts a private server
// per test, because it stops and restarts it. Coroutines here never use ASSERT_* (it would
// `return` from a coroutine); they record what they saw and the test checks it afterwards.
#include <gtest/gtest.h>
#include <arpa/inet.h>
#include <netinet/in.h>
#include <signal.h>
#include <sys/socket.h>
#include <unistd.h>
#include <libpq-fe.h>
#include <uv.h>

#include <atomic>
#include <chrono>
#include <functional>
#include <memory>
#include <mutex>
#include <regex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "reactor/pg.h"
#include "reactor/task.h"
#include "reactor/try.h"
#include "tests/support/harness.h"

using namespace std::chrono_literals;
using jh::task;
namespace pg = jh::pg;
using clock_type = std::chrono::steady_clock;

namespace {

std::int64_t ms_since(clock_type::time_point t) {
    return std::chrono::duration_cast<std::chrono::milliseconds>(clock_type::now() - t).count();
}

// An awaitable pause on the loop (a uv_timer that frees itself once closed).
struct pause_for {
    uv_loop_t* loop;
    std::chrono::milliseconds ms;

    struct box {
        uv_timer_t timer;
        std::coroutine_handle<> waiter;
    };
    bool await_ready() const noexcept { return false; }
    void await_suspend(std::coroutine_handle<> h) const {
        auto* b = new box{};
        b->waiter = h;
        uv_timer_init(loop, &b->timer);
        b->timer.data = b;
        uv_timer_start(&b->timer, fired_cb, static_cast<std::uint64_t>(ms.count()), 0);
    }
    void await_resume() const noexcept {}
    static void fired_cb(uv_timer_t* t) {
        auto* b = static_cast<box*>(t->data);
        auto waiter = b->waiter;
        uv_close(reinterpret_cast<uv_handle_t*>(t), [](uv_handle_t* h) { delete static_cast<box*>(h->data); });
        waiter.resume();
    }
};

// What a spawned query saw. Shared with the coroutine, so a coroutine that outlives a failed
// test still writes into live memory.
struct outcome {
    bool done = false;
    std::optional<pg::expected<pg::result_set>> result;
    std::int64_t ms = 0;
};

task<> record(task<pg::expected<pg::result_set>> t, std::shared_ptr<outcome> out) {
    auto start = clock_type::now();
    out->result.emplace(co_await std::move(t));
    out->ms = ms_since(start);
    out->done = true;
}

// Starts `t` now (it runs until its first suspension) and returns where its result will be.
std::shared_ptr<outcome> launch(task<pg::expected<pg::result_set>> t) {
    auto out = std::make_shared<outcome>();
    jh::spawn(record(std::move(t), out));
    return out;
}

class PgLoopTest : public ::testing::Test {
protected:
    void SetUp() override { ASSERT_EQ(uv_loop_init(&loop_), 0); }

    // The pool is closed and gone by now; its handles must close within a few turns of the loop,
    // and then nothing may be left on it.
    void TearDown() override {
        if (pool_) pool_->close();
        pool_.reset();
        for (int i = 0; i < 100 && uv_loop_alive(&loop_); ++i) uv_run(&loop_, UV_RUN_NOWAIT);
        EXPECT_EQ(uv_loop_close(&loop_), 0) << "a handle was left open on the loop";
    }

    pg::pool& make_pool(const std::string& url, int size, int queue_limit = 100, int timeout_ms = 5000,
                        int outage_grace_ms = 0) {
        pool_ = std::make_unique<pg::pool>(&loop_, url, size, queue_limit, timeout_ms, outage_grace_ms);
        pool_->start();
        return *pool_;
    }

    // Turns the loop until `done()` or `limit`; a repeating guard timer keeps UV_RUN_ONCE from
    // blocking forever.
    bool run_until(const std::function<bool()>& done, std::chrono::milliseconds limit = 30s) {
        uv_update_time(&loop_);   // the loop slept while the test thread worked: refresh "now"
        uv_timer_t guard;
        uv_timer_init(&loop_, &guard);
        uv_timer_start(&guard, [](uv_timer_t*) {}, 10, 10);
        auto deadline = clock_type::now() + limit;
        while (!done() && clock_type::now() < deadline) uv_run(&loop_, UV_RUN_ONCE);
        uv_close(reinterpret_cast<uv_handle_t*>(&guard), nullptr);
        uv_run(&loop_, UV_RUN_NOWAIT);
        return done();
    }

    // Runs one statement to completion on the loop.
    pg::expected<pg::result_set> run_query(std::string_view sql, pg::params p = {}) {
        auto out = launch(pool_->query(sql, std::move(p)));
        if (!run_until([&] { return out->done; })) return std::unexpected(pg::error{false, {}, "the query hung"});
        return std::move(*out->result);
    }

    // Runs a coroutine made by `body` to completion; false when it hung.
    bool run(const std::function<task<>()>& body, std::chrono::milliseconds limit = 30s) {
        auto done = std::make_shared<bool>(false);
        auto wrapper = [](task<> t, std::shared_ptr<bool> flag) -> task<> {
            co_await std::move(t);
            *flag = true;
        };
        jh::spawn(wrapper(body(), done));
        return run_until([&] { return *done; }, limit);
    }

    bool wait_connected(int n, std::chrono::milliseconds limit = 10s) {
        return run_until([&] { return pool_->stats().connected == n; }, limit);
    }

    uv_loop_t loop_{};
    std::unique_ptr<pg::pool> pool_;
};

// ---- against the shared server ----------------------------------------------------------------

class PgPool : public PgLoopTest {
protected:
    static void SetUpTestSuite() {
        db_ = new jh::test::temp_database("pg_pool");
        jh::test::exec_sql(db_->url(),
                           "CREATE TABLE people (id bigserial PRIMARY KEY, name text, note text, age int,"
                           " score double precision, active boolean);"
                           "CREATE TABLE accounts (email text PRIMARY KEY);"
                           "CREATE TABLE ledger (id serial PRIMARY KEY, label text NOT NULL);"
                           "CREATE TABLE slots (n int UNIQUE DEFERRABLE INITIALLY DEFERRED)");
    }
    static void TearDownTestSuite() {
        delete db_;
        db_ = nullptr;
    }
    static std::string url() { return db_->url(); }
    static std::int64_t count_ledger(const std::string& label) {
        return std::stoll(jh::test::query_sql(url(), "SELECT count(*) FROM ledger WHERE label = '" + label + "'")[0][0]);
    }

    static jh::test::temp_database* db_;
};

jh::test::temp_database* PgPool::db_ = nullptr;

TEST_F(PgPool, BindsParametersIncludingNullUnicodeAndInjectionText) {
    make_pool(url(), 2);
    const std::string name = "Jürgen Größe – Straße in Köln 😀";
    const std::string evil = "Robert'); DROP TABLE people; --";
    auto ins = run_query("INSERT INTO people (name, note, age, score, active) VALUES ($1, $2, $3, $4, $5) RETURNING id",
                         pg::params().add(name).add(std::nullopt).add(42).add(1.25).add(true));
    ASSERT_TRUE(ins) << ins.error().message;
    ASSERT_EQ(ins->rows(), 1);
    std::int64_t id = ins->int64(0, 0);
    auto ins2 = run_query("INSERT INTO people (name, note, age, score, active) VALUES ($1, $2, $3, $4, $5) RETURNING id",
                          pg::params().add(evil).add(evil).add(std::optional<int>()).add(-0.5).add(false));
    ASSERT_TRUE(ins2) << ins2.error().message;

    auto row = run_query("SELECT name, note, age, score, active FROM people WHERE id = $1", pg::params().add(id));
    ASSERT_TRUE(row) << row.error().message;
    ASSERT_EQ(row->rows(), 1);
    EXPECT_EQ(row->text(0, row->column("name")), name);
    EXPECT_TRUE(row->is_null(0, row->column("note")));
    EXPECT_EQ(row->int64(0, row->column("age")), 42);
    EXPECT_DOUBLE_EQ(row->number(0, row->column("score")), 1.25);
    EXPECT_TRUE(row->boolean(0, row->column("active")));
    EXPECT_EQ(row->column("missing"), -1);

    auto evil_row = run_query("SELECT name, note, age FROM people WHERE name = $1", pg::params().add(evil));
    ASSERT_TRUE(evil_row) << evil_row.error().message;
    ASSERT_EQ(evil_row->rows(), 1);
    EXPECT_EQ(evil_row->text(0, 0), evil);
    EXPECT_EQ(evil_row->text(0, 1), evil);
    EXPECT_TRUE(evil_row->is_null(0, 2));

    auto count = run_query("SELECT count(*) FROM people");   // the table is still there
    ASSERT_TRUE(count) << count.error().message;
    EXPECT_GE(count->int64(0, 0), 2);

    auto upd = run_query("UPDATE people SET age = age + 1 WHERE id = $1", pg::params().add(id));
    ASSERT_TRUE(upd);
    EXPECT_EQ(upd->affected(), 1);
}

TEST_F(PgPool, PreparesAStatementOncePerConnection) {
    make_pool(url(), 1);
    const std::string sql = "SELECT $1::int + 1 AS n";
    auto a = run_query(sql, pg::params().add(1));
    auto b = run_query(sql, pg::params().add(41));
    ASSERT_TRUE(a && b);
    EXPECT_EQ(a->int64(0, 0), 2);
    EXPECT_EQ(b->int64(0, 0), 42);
    // One connection: this query runs in the session that prepared the statement above.
    auto seen = run_query("SELECT name FROM pg_prepared_statements WHERE statement = $1", pg::params().add(sql));
    ASSERT_TRUE(seen) << seen.error().message;
    ASSERT_EQ(seen->rows(), 1);
    EXPECT_EQ(seen->text(0, 0), "s1");
    auto all = run_query("SELECT count(*) FROM pg_prepared_statements");
    ASSERT_TRUE(all);
    EXPECT_EQ(all->int64(0, 0), 3);   // the three distinct SQL texts of this test
}

TEST_F(PgPool, CommittedTransactionIsVisible) {
    auto& p = make_pool(url(), 2);
    std::optional<pg::expected<void>> committed;
    std::int64_t seen_before_commit = -1;
    ASSERT_TRUE(run([&]() -> task<> {
        auto tx = co_await p.begin();
        if (!tx) co_return;
        auto ins = co_await tx->query("INSERT INTO ledger (label) VALUES ($1)", pg::params().add("commit-me"));
        if (!ins) co_return;
        seen_before_commit = count_ledger("commit-me");   // another session: not visible yet
        committed = co_await tx->commit();
    }));
    EXPECT_EQ(seen_before_commit, 0);
    ASSERT_TRUE(committed.has_value());
    EXPECT_TRUE(*committed) << committed->error().message;
    EXPECT_EQ(count_ledger("commit-me"), 1);
    EXPECT_EQ(p.stats().in_use, 0);
}

TEST_F(PgPool, RolledBackTransactionIsInvisible) {
    auto& p = make_pool(url(), 1);
    bool inserted = false, finished = false;
    ASSERT_TRUE(run([&]() -> task<> {
        auto tx = co_await p.begin();
        if (!tx) co_return;
        inserted = bool(co_await tx->query("INSERT INTO ledger (label) VALUES ($1)", pg::params().add("roll-me-back")));
        co_await tx->rollback();
        finished = !tx->open();
    }));
    EXPECT_TRUE(inserted);
    EXPECT_TRUE(finished);
    EXPECT_EQ(count_ledger("roll-me-back"), 0);
    auto again = run_query("SELECT 1");   // the one connection is back in the pool
    EXPECT_TRUE(again);
}

TEST_F(PgPool, DroppedTransactionRollsBackAndReturnsItsConnection) {
    auto& p = make_pool(url(), 1);
    bool inserted = false;
    ASSERT_TRUE(run([&]() -> task<> {
        auto tx = co_await p.begin();
        if (!tx) co_return;
        inserted = bool(co_await tx->query("INSERT INTO ledger (label) VALUES ($1)", pg::params().add("dropped")));
        // tx goes out of scope here without commit or rollback
    }));
    EXPECT_TRUE(inserted);
    // The only connection is busy with the background ROLLBACK; this query waits for it.
    auto r = run_query("SELECT count(*) FROM ledger WHERE label = $1", pg::params().add("dropped"));
    ASSERT_TRUE(r) << r.error().message;
    EXPECT_EQ(r->int64(0, 0), 0);
    EXPECT_EQ(p.stats().in_use, 0);
    EXPECT_EQ(count_ledger("dropped"), 0);
}

TEST_F(PgPool, CommitAfterAFailedStatementReportsTheRollback) {
    auto& p = make_pool(url(), 1);
    std::optional<pg::expected<pg::result_set>> bad;
    std::optional<pg::expected<void>> committed;
    ASSERT_TRUE(run([&]() -> task<> {
        auto tx = co_await p.begin();
        if (!tx) co_return;
        co_await tx->query("INSERT INTO ledger (label) VALUES ($1)", pg::params().add("half-done"));
        bad = co_await tx->query("SELECT 1 / 0");
        committed = co_await tx->commit();
    }));
    ASSERT_TRUE(bad && committed);
    ASSERT_FALSE(*bad);
    EXPECT_EQ(bad->error().sqlstate, "22012");
    EXPECT_FALSE(bad->error().unavailable);
    ASSERT_FALSE(*committed);
    EXPECT_FALSE(committed->error().unavailable);
    EXPECT_EQ(committed->error().sqlstate, "25P02");
    EXPECT_EQ(count_ledger("half-done"), 0);
    EXPECT_TRUE(run_query("SELECT 1"));
}

TEST_F(PgPool, CommitReturnsTheErrorWhenCommitFails) {
    auto& p = make_pool(url(), 1);
    bool inserted = false;
    std::optional<pg::expected<void>> committed;
    ASSERT_TRUE(run([&]() -> task<> {
        auto tx = co_await p.begin();
        if (!tx) co_return;
        // The constraint is checked only at COMMIT.
        auto a = co_await tx->query("INSERT INTO slots (n) VALUES ($1)", pg::params().add(1));
        auto b = co_await tx->query("INSERT INTO slots (n) VALUES ($1)", pg::params().add(1));
        inserted = a && b;
        committed = co_await tx->commit();
    }));
    EXPECT_TRUE(inserted);
    ASSERT_TRUE(committed.has_value());
    ASSERT_FALSE(*committed);
    EXPECT_EQ(committed->error().sqlstate, "23505");
    EXPECT_FALSE(committed->error().unavailable);
    auto n = run_query("SELECT count(*) FROM slots");
    ASSERT_TRUE(n);
    EXPECT_EQ(n->int64(0, 0), 0);
}

TEST_F(PgPool, UniqueViolationGivesSqlstate23505) {
    make_pool(url(), 1);
    auto first = run_query("INSERT INTO accounts (email) VALUES ($1)", pg::params().add("anna@example.de"));
    ASSERT_TRUE(first) << first.error().message;
    auto second = run_query("INSERT INTO accounts (email) VALUES ($1)", pg::params().add("anna@example.de"));
    ASSERT_FALSE(second);
    EXPECT_EQ(second.error().sqlstate, "23505");
    EXPECT_TRUE(second.error().unique_violation());
    EXPECT_FALSE(second.error().unavailable);
    EXPECT_EQ(second.error().to_app_error().kind, jh::error_kind::internal);
    EXPECT_TRUE(run_query("SELECT 1"));   // the session is fine afterwards
}

TEST_F(PgPool, SqlErrorsAreNotUnavailable) {
    make_pool(url(), 1);
    auto syntax = run_query("SELEKT 1");
    ASSERT_FALSE(syntax);
    EXPECT_EQ(syntax.error().sqlstate, "42601");
    EXPECT_FALSE(syntax.error().unavailable);
    auto missing = run_query("SELECT * FROM nirgendwo");
    ASSERT_FALSE(missing);
    EXPECT_EQ(missing.error().sqlstate, "42P01");
    EXPECT_TRUE(run_query("SELECT 1"));
}

TEST_F(PgPool, FullQueueFailsAtOnce) {
    auto& p = make_pool(url(), 1, /*queue_limit=*/2, /*timeout_ms=*/5000);
    ASSERT_TRUE(wait_connected(1));
    auto slow = launch(p.query("SELECT pg_sleep(0.3)"));
    auto queued1 = launch(p.query("SELECT 1"));
    auto queued2 = launch(p.query("SELECT 2"));
    EXPECT_EQ(p.stats().in_use, 1);
    EXPECT_EQ(p.stats().waiting, 2);
    auto rejected = launch(p.query("SELECT 3"));
    // Decided without the loop turning once.
    ASSERT_TRUE(rejected->done);
    ASSERT_FALSE(*rejected->result);
    EXPECT_TRUE(rejected->result->error().unavailable);
    EXPECT_EQ(rejected->result->error().to_app_error().kind, jh::error_kind::unavailable);

    ASSERT_TRUE(run_until([&] { return slow->done && queued1->done && queued2->done; }));
    EXPECT_TRUE(*slow->result);
    ASSERT_TRUE(*queued1->result);
    ASSERT_TRUE(*queued2->result);
    EXPECT_EQ((*queued2->result)->int64(0, 0), 2);
    EXPECT_EQ(p.stats().waiting, 0);
    EXPECT_EQ(p.stats().in_use, 0);
}

TEST_F(PgPool, QueryTimeoutFailsAndThePoolRecovers) {
    auto& p = make_pool(url(), 1, 100, /*timeout_ms=*/200);
    ASSERT_TRUE(wait_connected(1));
    auto slow = launch(p.query("SELECT pg_sleep(2)"));
    ASSERT_TRUE(run_until([&] { return slow->done; }, 5s));
    ASSERT_FALSE(*slow->result);
    EXPECT_TRUE(slow->result->error().unavailable);
    EXPECT_GE(slow->ms, 150);
    EXPECT_LT(slow->ms, 1500);

    // Recovery: the session was dropped, a new one comes up and serves queries again.
    std::optional<std::int64_t> recovered_after;
    ASSERT_TRUE(run([&]() -> task<> {
        auto start = clock_type::now();
        while (ms_since(start) < 5000) {
            auto r = co_await p.query("SELECT 7");
            if (r && r->int64(0, 0) == 7) {
                recovered_after = ms_since(start);
                co_return;
            }
            co_await pause_for{&loop_, 20ms};
        }
    }));
    ASSERT_TRUE(recovered_after.has_value());
    EXPECT_EQ(p.stats().connected, 1);
}

TEST_F(PgPool, WaitingForAConnectionTimesOut) {
    auto& p = make_pool(url(), 1, 100, /*timeout_ms=*/300);
    ASSERT_TRUE(wait_connected(1));
    std::optional<pg::transaction> held;
    ASSERT_TRUE(run([&]() -> task<> {
        auto tx = co_await p.begin();
        if (tx) held.emplace(std::move(*tx));
    }));
    ASSERT_TRUE(held.has_value());   // the only connection is taken by an idle transaction
    auto waiting = launch(p.query("SELECT 1"));
    EXPECT_EQ(p.stats().waiting, 1);
    ASSERT_TRUE(run_until([&] { return waiting->done; }, 5s));
    ASSERT_FALSE(*waiting->result);
    EXPECT_TRUE(waiting->result->error().unavailable);
    EXPECT_GE(waiting->ms, 250);
    EXPECT_LT(waiting->ms, 1500);
    held.reset();   // rolls back in the background
    EXPECT_TRUE(run_query("SELECT 1"));
}

TEST_F(PgPool, ClosingResumesEveryWaitingQuery) {
    auto& p = make_pool(url(), 1, 100, 10000);
    ASSERT_TRUE(wait_connected(1));
    auto running = launch(p.query("SELECT pg_sleep(5)"));
    auto queued = launch(p.query("SELECT 1"));
    run_until([] { return false; }, 100ms);   // let the query reach the server
    EXPECT_FALSE(running->done);
    EXPECT_FALSE(queued->done);
    p.close();
    // Resumed inside close(), with an error, not leaked.
    ASSERT_TRUE(running->done);
    ASSERT_TRUE(queued->done);
    EXPECT_FALSE(*running->result);
    EXPECT_TRUE(running->result->error().unavailable);
    EXPECT_FALSE(*queued->result);
    EXPECT_TRUE(queued->result->error().unavailable);
    auto after = launch(p.query("SELECT 1"));
    ASSERT_TRUE(after->done);
    EXPECT_FALSE(*after->result);
    EXPECT_EQ(p.stats().connected, 0);
}

TEST_F(PgPool, ClosingWithAnOpenTransaction) {
    auto& p = make_pool(url(), 1);
    ASSERT_TRUE(wait_connected(1));
    std::optional<pg::transaction> held;
    ASSERT_TRUE(run([&]() -> task<> {
        auto tx = co_await p.begin();
        if (tx) held.emplace(std::move(*tx));
    }));
    ASSERT_TRUE(held.has_value());
    p.close();
    std::optional<pg::expected<pg::result_set>> r;
    ASSERT_TRUE(run([&]() -> task<> { r = co_await held->query("SELECT 1"); }));
    ASSERT_TRUE(r.has_value());
    EXPECT_FALSE(*r);
    EXPECT_TRUE(r->error().unavailable);
    held.reset();   // nothing to roll back any more; must not touch the closed session
}

// The server ends the session while the statement runs (here the statement has its own backend
// terminated, the first time only): 57P01 means it did not commit, so the pool runs it once more
// on another connection and the caller gets its answer.
TEST_F(PgPool, AStatementTheServerTerminatedRunsOnceMore) {
    jh::test::exec_sql(url(), "CREATE SEQUENCE terminate_once");
    make_pool(url(), 2);
    ASSERT_TRUE(wait_connected(2));
    auto r = run_query(
        "SELECT CASE WHEN nextval('terminate_once') = 1 THEN pg_terminate_backend(pg_backend_pid()) END,"
        " currval('terminate_once')");
    ASSERT_TRUE(r) << r.error().message;
    EXPECT_EQ(r->int64(0, 1), 2) << "the statement ran twice: once terminated, once answered";
    // A statement that keeps being terminated is not repeated forever.
    auto again = run_query("SELECT pg_terminate_backend(pg_backend_pid())");
    ASSERT_FALSE(again);
    EXPECT_TRUE(again.error().unavailable);
}

// A switchover ends the session of a transaction in the middle (here: its own backend is
// terminated, the first time only). Nothing of it committed, so pg::in_transaction runs the whole
// body once more on a new transaction: the caller gets its answer and the row is there once.
TEST_F(PgPool, AnInterruptedTransactionRunsOnceMoreAndCommitsOnce) {
    jh::test::exec_sql(url(), "CREATE SEQUENCE terminate_tx_once");
    // With an outage grace, as the server runs: the next attempt waits for a connection to be back.
    auto& p = make_pool(url(), 2, 100, 5000, /*outage_grace_ms=*/5000);
    ASSERT_TRUE(wait_connected(2));
    int runs = 0;
    std::optional<jh::result<std::int64_t>> answer;
    ASSERT_TRUE(run([&]() -> task<> {
        answer = co_await pg::in_transaction(p, [&](pg::transaction& tx) -> task<jh::result<std::int64_t>> {
            ++runs;
            CO_TRY(auto ins, co_await tx.query("INSERT INTO ledger (label) VALUES ('interrupted') RETURNING id"));
            CO_CHECK(co_await tx.query("SELECT CASE WHEN nextval('terminate_tx_once') = 1 THEN pg_terminate_backend(pg_backend_pid()) END"));
            CO_CHECK(co_await tx.commit());
            co_return ins.int64(0, 0);
        });
    }));
    ASSERT_TRUE(answer && *answer) << (answer ? answer->error().message : "no answer");
    EXPECT_EQ(runs, 2);
    EXPECT_EQ(count_ledger("interrupted"), 1) << "committed exactly once";

    // A transaction that failed on its own (a SQL error) is not repeated, and neither is one
    // that is interrupted every time.
    runs = 0;
    ASSERT_TRUE(run([&]() -> task<> {
        answer = co_await pg::in_transaction(p, [&](pg::transaction& tx) -> task<jh::result<std::int64_t>> {
            ++runs;
            CO_CHECK(co_await tx.query("INSERT INTO ledger (label) VALUES (NULL)"));
            co_return 0;
        });
    }));
    ASSERT_TRUE(answer && !*answer);
    EXPECT_EQ(runs, 1);
    runs = 0;
    ASSERT_TRUE(run([&]() -> task<> {
        answer = co_await pg::in_transaction(p, [&](pg::transaction& tx) -> task<jh::result<std::int64_t>> {
            ++runs;
            CO_CHECK(co_await tx.query("INSERT INTO ledger (label) VALUES ('always interrupted')"));
            CO_CHECK(co_await tx.query("SELECT pg_terminate_backend(pg_backend_pid())"));
            CO_CHECK(co_await tx.commit());
            co_return 0;
        });
    }));
    ASSERT_TRUE(answer && !*answer);
    EXPECT_EQ(runs, p.attempts_after_a_lost_session());
    EXPECT_EQ(count_ledger("always interrupted"), 0);
}

// A COMMIT that the server itself ends before it commits (a deferred trigger terminates its own
// session the first time, as a shutdown would in the middle of the COMMIT): the pool asks the
// database by the transaction's id, hears "aborted", and runs the body again; stored once. Before,
// a COMMIT whose session broke was never repeated, and the write answered 503.
TEST_F(PgPool, ACommitEndedBeforeItCommittedRunsTheBodyAgain) {
    jh::test::exec_sql(url(),
                       "CREATE TABLE commit_cut (label text NOT NULL);"
                       "CREATE SEQUENCE commit_cut_once;"
                       "CREATE FUNCTION cut_commit_once() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN"
                       "  IF nextval('commit_cut_once') = 1 THEN PERFORM pg_terminate_backend(pg_backend_pid()); END IF;"
                       "  RETURN NULL; END $$;"
                       "CREATE CONSTRAINT TRIGGER cut_at_commit AFTER INSERT ON commit_cut DEFERRABLE INITIALLY DEFERRED"
                       "  FOR EACH ROW EXECUTE FUNCTION cut_commit_once()");
    auto& p = make_pool(url(), 2, 100, 5000, /*outage_grace_ms=*/5000);
    ASSERT_TRUE(wait_connected(2));
    int runs = 0;
    std::optional<jh::result<void>> answer;
    ASSERT_TRUE(run([&]() -> task<> {
        answer = co_await pg::in_transaction(p, [&](pg::transaction& tx) -> task<jh::result<void>> {
            ++runs;
            CO_CHECK(co_await tx.query("INSERT INTO commit_cut (label) VALUES ('cut at commit')"));
            CO_CHECK(co_await tx.commit());   // the trigger runs here, inside COMMIT
            co_return jh::result<void>{};
        });
    }));
    ASSERT_TRUE(answer && *answer) << (answer ? answer->error().message : "no answer");
    EXPECT_EQ(runs, 2);
    EXPECT_EQ(jh::test::query_sql(url(), "SELECT count(*) FROM commit_cut")[0][0], "1") << "stored exactly once";
}

namespace {

// A TCP relay between the pool and the server that can lose the answer to a COMMIT: it passes
// every byte both ways, and once armed, drops the connection instead of passing on the server's
// CommandComplete "COMMIT" — the server has committed, the client never hears of it (what a
// failover or a cut network does to a COMMIT on the wire). Blocking sockets on threads of its own.
class commit_answer_cutter {
public:
    commit_answer_cutter(std::string host, int port) : host_(std::move(host)), upstream_port_(port) {
        listen_fd_ = ::socket(AF_INET, SOCK_STREAM, 0);
        sockaddr_in a{};
        a.sin_family = AF_INET;
        a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        a.sin_port = 0;
        ::bind(listen_fd_, reinterpret_cast<sockaddr*>(&a), sizeof a);
        ::listen(listen_fd_, 16);
        socklen_t len = sizeof a;
        ::getsockname(listen_fd_, reinterpret_cast<sockaddr*>(&a), &len);
        port_ = ntohs(a.sin_port);
        acceptor_ = std::thread([this] { accept_loop(); });
    }
    ~commit_answer_cutter() {
        stop_ = true;
        ::shutdown(listen_fd_, SHUT_RDWR);
        ::close(listen_fd_);
        acceptor_.join();
        {
            std::lock_guard lock(m_);
            for (int fd : fds_) ::shutdown(fd, SHUT_RDWR);
        }
        for (auto& t : pumps_) t.join();
        for (int fd : fds_) ::close(fd);
    }
    int port() const { return port_; }
    void arm() { armed_ = true; }
    bool cut() const { return cut_; }

private:
    void accept_loop() {
        while (!stop_) {
            int client = ::accept(listen_fd_, nullptr, nullptr);
            if (client < 0) return;
            int server = ::socket(AF_INET, SOCK_STREAM, 0);
            sockaddr_in a{};
            a.sin_family = AF_INET;
            a.sin_port = htons(static_cast<std::uint16_t>(upstream_port_));
            ::inet_pton(AF_INET, host_.c_str(), &a.sin_addr);
            if (::connect(server, reinterpret_cast<sockaddr*>(&a), sizeof a) != 0) {
                ::close(client);
                ::close(server);
                continue;
            }
            std::lock_guard lock(m_);
            fds_.push_back(client);
            fds_.push_back(server);
            pumps_.emplace_back([this, client, server] { pump(client, server, false); });
            pumps_.emplace_back([this, client, server] { pump(server, client, true); });
        }
    }
    void pump(int from, int to, bool from_server) {
        static const std::string commit_done("C\0\0\0\x0b" "COMMIT\0", 12);   // CommandComplete "COMMIT"
        char buf[16384];
        for (;;) {
            ssize_t n = ::read(from, buf, sizeof buf);
            if (n <= 0) break;
            if (from_server && armed_ && std::string_view(buf, static_cast<std::size_t>(n)).find(commit_done) != std::string_view::npos) {
                armed_ = false;
                cut_ = true;
                break;   // the answer is dropped with the connection
            }
            if (::write(to, buf, static_cast<std::size_t>(n)) != n) break;
        }
        ::shutdown(from, SHUT_RDWR);
        ::shutdown(to, SHUT_RDWR);
    }

    std::string host_;
    int upstream_port_;
    int listen_fd_ = -1;
    int port_ = 0;
    std::thread acceptor_;
    std::atomic<bool> stop_{false}, armed_{false}, cut_{false};
    std::mutex m_;
    std::vector<std::thread> pumps_;
    std::vector<int> fds_;
};

}  // namespace

// The other side: the COMMIT committed, but its answer was lost on the way (the relay drops it).
// The pool asks the database by the transaction's id, hears "committed", and reports success:
// the body ran once and the row is stored once (never twice, never a 503 for a stored write).
TEST_F(PgPool, ACommitWhoseAnswerWasLostButCommittedSucceedsOnce) {
    std::smatch m;
    const std::string direct = url();
    ASSERT_TRUE(std::regex_search(direct, m, std::regex("@([0-9.]+):([0-9]+)/"))) << direct;
    commit_answer_cutter relay(m[1].str(), std::stoi(m[2].str()));
    const std::string through = std::regex_replace(direct, std::regex("@([0-9.]+):([0-9]+)/"), "@$1:" + std::to_string(relay.port()) + "/");
    auto& p = make_pool(through, 2, 100, 5000, /*outage_grace_ms=*/5000);
    ASSERT_TRUE(wait_connected(2));
    int runs = 0;
    std::optional<jh::result<void>> answer;
    ASSERT_TRUE(run([&]() -> task<> {
        answer = co_await pg::in_transaction(p, [&](pg::transaction& tx) -> task<jh::result<void>> {
            ++runs;
            CO_CHECK(co_await tx.query("INSERT INTO ledger (label) VALUES ('answer lost')"));
            relay.arm();
            CO_CHECK(co_await tx.commit());
            co_return jh::result<void>{};
        });
    }));
    ASSERT_TRUE(relay.cut()) << "the relay dropped the COMMIT's answer";
    ASSERT_TRUE(answer && *answer) << (answer ? answer->error().message : "no answer");
    EXPECT_EQ(runs, 1);
    EXPECT_EQ(count_ledger("answer lost"), 1) << "stored exactly once";
}

// How an answer of pg_xact_status settles a COMMIT whose answer was lost.
TEST(PgCommitOutcome, ReadsTheDatabasesAnswer) {
    EXPECT_EQ(pg::commit_outcome_of("committed"), pg::commit_outcome::committed);
    EXPECT_EQ(pg::commit_outcome_of("aborted"), pg::commit_outcome::not_committed);
    EXPECT_EQ(pg::commit_outcome_of("in progress"), pg::commit_outcome::in_progress);
    EXPECT_EQ(pg::commit_outcome_of(""), pg::commit_outcome::unknown);            // NULL: too old to tell
    EXPECT_EQ(pg::commit_outcome_of({}, "22023"), pg::commit_outcome::not_committed);   // in the future here
    EXPECT_EQ(pg::commit_outcome_of({}, "57P01"), pg::commit_outcome::unknown);
}

// A switchover closes idle sessions too: the server's goodbye (57P01) waits on them, unread, and is
// the answer the next BEGIN gets. Nothing had run: pg::in_transaction begins again on a new session
// and the write commits once (it answered 503 at once in the switchover drill before).
TEST_F(PgPool, ABeginAnsweredWithTheServersGoodbyeBeginsAgain) {
    auto& p = make_pool(url(), 2, 100, 5000, /*outage_grace_ms=*/5000);
    ASSERT_TRUE(wait_connected(2));
    jh::test::exec_sql(url(), "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE pid <> pg_backend_pid() "
                              "AND datname = current_database() AND backend_type = 'client backend'");
    int runs = 0;
    std::optional<jh::result<std::int64_t>> answer;
    ASSERT_TRUE(run([&]() -> task<> {
        answer = co_await pg::in_transaction(p, [&](pg::transaction& tx) -> task<jh::result<std::int64_t>> {
            ++runs;
            CO_TRY(auto ins, co_await tx.query("INSERT INTO ledger (label) VALUES ('after goodbye') RETURNING id"));
            CO_CHECK(co_await tx.commit());
            co_return ins.int64(0, 0);
        });
    }));
    ASSERT_TRUE(answer && *answer) << (answer ? answer->error().message : "no answer");
    EXPECT_EQ(count_ledger("after goodbye"), 1) << "committed exactly once";
}

// A serialization failure (40001, real: another session commits a change to the row this
// REPEATABLE READ transaction read, before it updates it, the first time only) rolled the whole
// transaction back; pg::in_transaction runs it again and it commits, once. A rolling upgrade's
// migration against the site's transactions gives the same (40P01): 503 or 500 is wrong for it.
TEST_F(PgPool, ASerializationFailureRunsTheTransactionAgain) {
    jh::test::exec_sql(url(), "CREATE TABLE counter (id int PRIMARY KEY, n int NOT NULL); INSERT INTO counter VALUES (1, 0)");
    auto& p = make_pool(url(), 2);
    ASSERT_TRUE(wait_connected(2));
    int runs = 0;
    std::optional<jh::result<std::int64_t>> answer;
    ASSERT_TRUE(run([&]() -> task<> {
        answer = co_await pg::in_transaction(p, [&](pg::transaction& tx) -> task<jh::result<std::int64_t>> {
            ++runs;
            CO_CHECK(co_await tx.query("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ"));
            CO_CHECK(co_await tx.query("SELECT n FROM counter WHERE id = 1"));   // the snapshot
            // Another session (blocking, from this thread: it takes no lock this one holds).
            if (runs == 1) jh::test::exec_sql(url(), "UPDATE counter SET n = n + 100 WHERE id = 1");
            CO_TRY(auto up, co_await tx.query("UPDATE counter SET n = n + 1 WHERE id = 1 RETURNING n"));
            CO_CHECK(co_await tx.commit());
            co_return up.int64(0, 0);
        });
    }));
    ASSERT_TRUE(answer && *answer) << (answer ? answer->error().message : "no answer");
    EXPECT_EQ(runs, 2);
    EXPECT_EQ(**answer, 101);
    EXPECT_EQ(jh::test::query_sql(url(), "SELECT n FROM counter")[0][0], "101") << "both changes, each once";
}

// A real deadlock (40P01) of a single statement: another session holds advisory lock 1 and asks
// for lock 2 while the statement holds 2 and waits for 1. The statement's session finds the cycle
// (the other one waits far longer before it looks) and is rolled back; the pool runs it again, it
// waits until the other session committed, and the caller gets its answer, not an error.
TEST_F(PgPool, AStatementRolledBackForADeadlockRunsOnceMore) {
    make_pool(url(), 2);
    ASSERT_TRUE(wait_connected(2));
    std::atomic<bool> other_done{false}, holds_one{false};
    std::string other_error;
    std::thread other([&] {
        PGconn* c = PQconnectdb(url().c_str());   // blocking: its own thread, not the loop
        auto exec = [&](const char* sql) {
            PGresult* r = PQexec(c, sql);
            bool ok = PQresultStatus(r) == PGRES_COMMAND_OK || PQresultStatus(r) == PGRES_TUPLES_OK;
            if (!ok && other_error.empty()) other_error = std::string(sql) + ": " + PQresultErrorMessage(r);
            PQclear(r);
        };
        exec("BEGIN");
        exec("SET LOCAL deadlock_timeout = '60s'");
        exec("SELECT pg_advisory_xact_lock(4001)");
        holds_one = true;
        // Waits until the statement holds lock 2 and waits for lock 1.
        for (int i = 0; i < 600; ++i) {
            auto waiting = jh::test::query_sql(url(), "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND NOT granted");
            if (waiting[0][0] == "1") break;
            std::this_thread::sleep_for(50ms);
        }
        exec("SELECT pg_advisory_xact_lock(4002)");   // the cycle: returns once the statement gave way
        exec("COMMIT");
        PQfinish(c);
        other_done = true;
    });
    for (int i = 0; i < 600 && !holds_one; ++i) std::this_thread::sleep_for(50ms);
    auto r = run_query("SELECT pg_advisory_xact_lock(4002), pg_advisory_xact_lock(4001), 'through'");
    other.join();
    EXPECT_TRUE(other_done);
    EXPECT_EQ(other_error, "");
    ASSERT_TRUE(r) << r.error().sqlstate << " " << r.error().message;
    EXPECT_EQ(r->text(0, 2), "through");
}

TEST_F(PgPool, ManyConcurrentQueriesShareTheConnections) {
    auto& p = make_pool(url(), 3, 200);
    ASSERT_TRUE(wait_connected(3));
    std::vector<std::shared_ptr<outcome>> all;
    for (int i = 0; i < 100; ++i) all.push_back(launch(p.query("SELECT $1::int * 2", pg::params().add(i))));
    EXPECT_EQ(p.stats().in_use, 3);
    ASSERT_TRUE(run_until([&] {
        for (auto& o : all)
            if (!o->done) return false;
        return true;
    }));
    for (int i = 0; i < 100; ++i) {
        ASSERT_TRUE(*all[static_cast<std::size_t>(i)]->result);
        EXPECT_EQ((*all[static_cast<std::size_t>(i)]->result)->int64(0, 0), 2 * i);
    }
    EXPECT_EQ(p.stats().in_use, 0);
    EXPECT_EQ(p.stats().waiting, 0);
}

// ---- against a private server that the tests stop and restart ---------------------------------

class PgPoolOutage : public PgLoopTest {};

TEST_F(PgPoolOutage, RestartWhileQueriesRunThenRecovery) {
    jh::test::pg_instance server;
    auto& p = make_pool(server.url(), 4, 100, /*timeout_ms=*/2000);
    ASSERT_TRUE(wait_connected(4));

    std::atomic<bool> restarted{false};
    bool stop = false;
    int ok = 0, unavailable = 0, other = 0, ok_after_restart = 0, running = 0;
    std::int64_t slowest = 0;
    std::string other_message;
    auto worker = [&]() -> task<> {
        ++running;
        while (!stop) {
            auto start = clock_type::now();
            auto r = co_await p.query("SELECT pg_sleep(0.02), 1");
            slowest = std::max(slowest, ms_since(start));
            if (r) {
                ++ok;
                if (restarted) ++ok_after_restart;
            } else if (r.error().unavailable) {
                ++unavailable;
                co_await pause_for{&loop_, 20ms};
            } else {
                ++other;
                other_message = r.error().message;
            }
        }
        --running;
    };
    for (int i = 0; i < 6; ++i) jh::spawn(worker());

    std::thread restarter([&] {
        std::this_thread::sleep_for(300ms);
        server.restart();   // pg_ctl restart -m fast: every session is terminated
        restarted = true;
    });
    bool recovered = run_until([&] { return restarted && ok_after_restart >= 20; }, 60s);
    restarter.join();
    stop = true;
    ASSERT_TRUE(run_until([&] { return running == 0; }, 10s)) << "a query hung";

    EXPECT_TRUE(recovered) << "no query succeeded after the restart";
    EXPECT_GT(ok, 0);
    EXPECT_GT(unavailable, 0) << "the restart was not noticed";
    EXPECT_EQ(other, 0) << other_message;
    EXPECT_LT(slowest, 2000 + 1000) << "a query outlived its timeout";
    EXPECT_TRUE(wait_connected(4, 15s)) << "connected: " << p.stats().connected;
}

TEST_F(PgPoolOutage, StoppedServerFailsFastAndComesBack) {
    jh::test::pg_instance server;
    auto& p = make_pool(server.url(), 2, 100, 5000);
    ASSERT_TRUE(wait_connected(2));
    // Up for more than a second: a lost session is retried at once, not after the backoff
    // (the restart test covers the other path).
    run_until([] { return false; }, 1200ms);
    server.stop();

    for (int i = 0; i < 5; ++i) {
        auto out = launch(p.query("SELECT 1"));
        ASSERT_TRUE(run_until([&] { return out->done; }, 5s)) << "query " << i << " hung";
        ASSERT_FALSE(*out->result) << "query " << i << " succeeded with the server stopped";
        EXPECT_TRUE(out->result->error().unavailable);
        EXPECT_LT(out->ms, 1000) << "query " << i;
    }
    // Still down a while later, while the pool is in backoff: immediate failures.
    run_until([] { return false; }, 500ms);
    {
        auto out = launch(p.query("SELECT 1"));
        EXPECT_TRUE(out->done) << "with no connection up a query must not wait";
        ASSERT_TRUE(run_until([&] { return out->done; }, 5s));
        EXPECT_FALSE(*out->result);
    }
    EXPECT_EQ(p.stats().connected, 0);

    server.start();
    std::optional<std::int64_t> back_after;
    ASSERT_TRUE(run([&]() -> task<> {
        auto start = clock_type::now();
        while (ms_since(start) < 15000) {
            auto r = co_await p.query("SELECT 1");
            if (r) {
                back_after = ms_since(start);
                co_return;
            }
            co_await pause_for{&loop_, 50ms};
        }
    }));
    ASSERT_TRUE(back_after.has_value()) << "the pool did not reconnect";
    EXPECT_TRUE(wait_connected(2, 15s));
}

TEST_F(PgPoolOutage, NoServerAtAllFailsFast) {
    int port = jh::test::free_port();   // nothing listens there
    auto& p = make_pool("postgresql://postgres@127.0.0.1:" + std::to_string(port) + "/postgres", 2, 100, 5000);
    for (int i = 0; i < 3; ++i) {
        auto out = launch(p.query("SELECT 1"));
        ASSERT_TRUE(run_until([&] { return out->done; }, 5s));
        ASSERT_FALSE(*out->result);
        EXPECT_TRUE(out->result->error().unavailable);
        EXPECT_LT(out->ms, 1000);
    }
    EXPECT_EQ(p.stats().connected, 0);
}

// A failover or switchover behind HAProxy leaves the pool without a connection for a few
// seconds. Within the outage grace a query waits for the primary to come back (even past the
// query timeout) and then succeeds; the server restarts here while it waits.
TEST_F(PgPoolOutage, AnOutageWithinTheGraceIsWaitedOut) {
    jh::test::pg_instance server;
    auto& p = make_pool(server.url(), 2, 100, /*timeout_ms=*/1000, /*outage_grace_ms=*/15000);
    // Connected first: under a loaded ctest run, connecting alone can take longer than the 1 s
    // query timeout (SentinelFollow covers the health check right after start).
    ASSERT_TRUE(wait_connected(2, 15s));
    auto first = launch(p.query_without_waiting("SELECT 1"));
    ASSERT_TRUE(run_until([&] { return first->done; }, 10s));
    EXPECT_TRUE(*first->result) << first->result->error().message;
    server.stop();
    ASSERT_TRUE(wait_connected(0)) << "the stop was not noticed";
    EXPECT_TRUE(p.stats().bridging);
    // The health check's query does not wait out the outage: it says "down" at once.
    run_until([] { return false; }, 300ms);   // past the first reconnect attempt
    auto health = launch(p.query_without_waiting("SELECT 1"));
    ASSERT_TRUE(run_until([&] { return health->done; }, 5s));
    ASSERT_FALSE(*health->result);
    EXPECT_LT(health->ms, 500) << "the health check's query waited for the outage";

    auto out = launch(p.query("SELECT 1"));
    run_until([] { return false; }, 1500ms);   // longer than the query timeout
    ASSERT_FALSE(out->done) << "the query did not wait for the server to come back";
    EXPECT_EQ(p.stats().waiting, 1);
    server.start();
    ASSERT_TRUE(run_until([&] { return out->done; }, 15s)) << "the query hung";
    ASSERT_TRUE(*out->result) << out->result->error().message;
    EXPECT_EQ((*out->result)->int64(0, 0), 1);
    EXPECT_FALSE(p.stats().bridging);
}

// Under load a query waits in the queue for a free connection. When the outage begins while it
// waits, it waits the outage out like a query sent during it, not only until its own query timeout
// (a switchover under load answered 503 after 5 s before).
TEST_F(PgPoolOutage, AQueryWaitingForAConnectionWhenTheOutageBeginsWaitsItOut) {
    jh::test::pg_instance server;
    auto& p = make_pool(server.url(), 1, 100, /*timeout_ms=*/1000, /*outage_grace_ms=*/15000);
    ASSERT_TRUE(wait_connected(1, 15s));
    // The only connection, held by a statement that is not run again when the server ends it.
    auto holder = launch(p.query_without_waiting("SELECT pg_sleep(5)"));
    auto queued = launch(p.read("SELECT 2"));
    run_until([] { return false; }, 200ms);
    ASSERT_FALSE(queued->done);
    EXPECT_EQ(p.stats().waiting, 1);
    server.stop();
    ASSERT_TRUE(run_until([&] { return holder->done; }, 10s));
    EXPECT_FALSE(*holder->result) << "the statement that held the connection outlived the server";
    run_until([] { return false; }, 1500ms);   // past the queued query's timeout
    ASSERT_FALSE(queued->done) << "the query waiting in the queue gave up during the outage: "
                               << (queued->done && !*queued->result ? queued->result->error().message : "");
    server.start();
    ASSERT_TRUE(run_until([&] { return queued->done; }, 15s)) << "the query hung";
    ASSERT_TRUE(*queued->result) << queued->result->error().message;
    EXPECT_EQ((*queued->result)->int64(0, 0), 2);
}

// A backend that dies without a word (killed; HAProxy closing a session on a switchover looks the
// same to the client): the connection merely broke, so a statement may have committed. query()
// does not repeat it; read(), for statements that only read, does, once the server is back.
TEST_F(PgPoolOutage, AReadWhoseConnectionBrokeRunsOnceMore) {
    jh::test::pg_instance server;
    auto& p = make_pool(server.url(), 2, 100, /*timeout_ms=*/10000, /*outage_grace_ms=*/20000);
    ASSERT_TRUE(wait_connected(2, 15s));
    auto kill_sleeper = [&](const std::string& tag) {
        for (int i = 0; i < 100; ++i) {
            auto rows = jh::test::query_sql(server.url(), "SELECT pid FROM pg_stat_activity WHERE query LIKE '%" + tag +
                                                              "%' AND pid <> pg_backend_pid()");
            if (!rows.empty()) return ::kill(std::stoi(rows[0][0]), SIGKILL) == 0;
            std::this_thread::sleep_for(50ms);
        }
        return false;
    };
    auto written = launch(p.query("SELECT pg_sleep(3), 'query_tag_1'"));
    run_until([] { return false; }, 200ms);
    ASSERT_TRUE(kill_sleeper("query_tag_1"));
    ASSERT_TRUE(run_until([&] { return written->done; }, 20s));
    ASSERT_FALSE(*written->result) << "query() ran a statement again whose connection broke";
    EXPECT_TRUE(written->result->error().unavailable);

    ASSERT_TRUE(wait_connected(2, 20s)) << "the server did not come back from the crash";
    auto read = launch(p.read("SELECT pg_sleep(1), 'read_tag_2', 7"));
    run_until([] { return false; }, 200ms);
    ASSERT_TRUE(kill_sleeper("read_tag_2"));
    ASSERT_TRUE(run_until([&] { return read->done; }, 30s)) << "the read hung";
    ASSERT_TRUE(*read->result) << read->result->error().message;
    EXPECT_EQ((*read->result)->int64(0, 2), 7);
}

// Past the grace nothing waits: the queries that waited fail when it ends, new ones at once, so
// a long outage does not pile requests up.
TEST_F(PgPoolOutage, PastTheGraceQueriesFailAtOnce) {
    jh::test::pg_instance server;
    auto& p = make_pool(server.url(), 2, 100, /*timeout_ms=*/5000, /*outage_grace_ms=*/600);
    ASSERT_TRUE(wait_connected(2));
    server.stop();
    ASSERT_TRUE(wait_connected(0));

    auto waited = launch(p.query("SELECT 1"));
    ASSERT_TRUE(run_until([&] { return waited->done; }, 5s)) << "the waiting query hung";
    ASSERT_FALSE(*waited->result);
    EXPECT_TRUE(waited->result->error().unavailable);
    EXPECT_LT(waited->ms, 2000) << "it waited past the grace";

    EXPECT_FALSE(p.stats().bridging);
    auto late = launch(p.query("SELECT 1"));
    ASSERT_TRUE(run_until([&] { return late->done; }, 5s));
    ASSERT_FALSE(*late->result);
    EXPECT_LT(late->ms, 200) << "past the grace a query must not wait";
}

}  // namespace
