// migrate_test.cpp: jh::migrate_database against the shared PostgreSQL, one fresh database and
// one folder of migration files per test.
#include <gtest/gtest.h>
#include <libpq-fe.h>

#include <atomic>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>

#include "reactor/config.h"
#include "reactor/migrate.h"
#include "tests/support/harness.h"
#include "reactor/source_dir.h"

namespace fs = std::filesystem;
using namespace std::chrono_literals;

namespace {

class Migrate : public ::testing::Test {
protected:
    void SetUp() override {
        db_ = std::make_unique<jh::test::temp_database>("migrate");
        root_ = jh::test::make_temp_dir("jh-migrate");
        dir_ = root_ + "/migrations";
        fs::create_directory(dir_);
    }
    void TearDown() override {
        db_.reset();
        fs::remove_all(root_);
    }

    void write(const std::string& name, const std::string& sql) {
        fs::create_directories(fs::path(dir_ + "/" + name).parent_path());
        std::ofstream(dir_ + "/" + name, std::ios::binary | std::ios::trunc) << sql;
    }
    std::expected<int, std::string> migrate() { return jh::migrate_database(db_->url(), dir_); }
    std::vector<std::vector<std::string>> rows(const std::string& sql) { return jh::test::query_sql(db_->url(), sql); }
    bool table_exists(const std::string& name) {
        return rows("SELECT to_regclass('public." + name + "') IS NOT NULL")[0][0] == "t";
    }

    std::unique_ptr<jh::test::temp_database> db_;
    std::string root_, dir_;
};

TEST_F(Migrate, AppliesFilesInNumericOrderOnce) {
    // Written out of order: they apply by number, so 0010 comes last.
    write("0010_seed.sql", "INSERT INTO jobs (title, city) VALUES ('Promoter (m/w/d)', 'München');");
    write("0001_jobs.sql", "CREATE TABLE jobs (id serial PRIMARY KEY, title text NOT NULL);\n");
    write("0002_city.sql", "ALTER TABLE jobs ADD COLUMN city text;\nCREATE INDEX jobs_city ON jobs (city);\n");
    write("README.md", "not a migration");

    auto first = migrate();
    ASSERT_TRUE(first) << first.error();
    EXPECT_EQ(*first, 3);
    auto applied = rows("SELECT version, name, length(checksum), applied_at IS NOT NULL FROM schema_migrations ORDER BY version");
    ASSERT_EQ(applied.size(), 3u);
    EXPECT_EQ(applied[0], (std::vector<std::string>{"1", "0001_jobs", "64", "t"}));
    EXPECT_EQ(applied[1], (std::vector<std::string>{"2", "0002_city", "64", "t"}));
    EXPECT_EQ(applied[2], (std::vector<std::string>{"10", "0010_seed", "64", "t"}));
    EXPECT_EQ(rows("SELECT city FROM jobs")[0][0], "München");

    auto second = migrate();
    ASSERT_TRUE(second) << second.error();
    EXPECT_EQ(*second, 0);
    EXPECT_EQ(rows("SELECT count(*) FROM jobs")[0][0], "1");

    write("0011_more.sql", "ALTER TABLE jobs ADD COLUMN wage numeric;");
    auto third = migrate();
    ASSERT_TRUE(third) << third.error();
    EXPECT_EQ(*third, 1);
}

TEST_F(Migrate, ChecksumIsTheSha256OfTheFile) {
    write("0001_a.sql", "SELECT 1;");
    ASSERT_TRUE(migrate());
    // sha256("SELECT 1;")
    EXPECT_EQ(rows("SELECT checksum FROM schema_migrations")[0][0],
              rows("SELECT encode(sha256('SELECT 1;'::bytea), 'hex')")[0][0]);
}

TEST_F(Migrate, AnEditedAppliedFileIsRefused) {
    write("0001_jobs.sql", "CREATE TABLE jobs (id serial PRIMARY KEY);");
    write("0003_x.sql", "CREATE TABLE x (id int);");
    ASSERT_TRUE(migrate());
    write("0003_x.sql", "CREATE TABLE x (id int, extra text);");
    write("0004_next.sql", "CREATE TABLE nextone (id int);");
    auto r = migrate();
    ASSERT_FALSE(r);
    EXPECT_NE(r.error().find("migrations/0003_x.sql was changed after it was applied"), std::string::npos) << r.error();
    EXPECT_NE(r.error().find("add a new migration instead"), std::string::npos) << r.error();
    EXPECT_FALSE(table_exists("nextone")) << "nothing may be applied after a changed file was found";
}

TEST_F(Migrate, AFailingFileLeavesNoTrace) {
    write("0001_good.sql", "CREATE TABLE good (id int);");
    write("0002_bad.sql", "CREATE TABLE half (id int);\nINSERT INTO half VALUES (1);\nSELECT 1 / 0;\n");
    write("0003_later.sql", "CREATE TABLE later (id int);");
    auto r = migrate();
    ASSERT_FALSE(r);
    EXPECT_NE(r.error().find("migrations/0002_bad.sql"), std::string::npos) << r.error();
    EXPECT_NE(r.error().find("division by zero"), std::string::npos) << r.error();
    EXPECT_TRUE(table_exists("good"));
    EXPECT_FALSE(table_exists("half"));
    EXPECT_FALSE(table_exists("later"));
    auto versions = rows("SELECT version FROM schema_migrations ORDER BY version");
    ASSERT_EQ(versions.size(), 1u);
    EXPECT_EQ(versions[0][0], "1");

    // A file that never applied may still be fixed.
    write("0002_bad.sql", "CREATE TABLE half (id int);\n");
    auto fixed = migrate();
    ASSERT_TRUE(fixed) << fixed.error();
    EXPECT_EQ(*fixed, 2);
}

TEST_F(Migrate, TwoProcessesAtOnceApplyEachFileOnce) {
    // Not idempotent on purpose: a file applied twice would fail with "already exists".
    write("0001_a.sql", "CREATE TABLE a (id int); SELECT pg_sleep(0.3);");
    write("0002_b.sql", "CREATE TABLE b (id int); INSERT INTO b VALUES (1);");
    write("0003_c.sql", "CREATE TABLE c (id int);");
    std::expected<int, std::string> r1 = 0, r2 = 0;
    std::thread t1([&] { r1 = migrate(); });
    std::thread t2([&] { r2 = migrate(); });
    t1.join();
    t2.join();
    ASSERT_TRUE(r1) << r1.error();
    ASSERT_TRUE(r2) << r2.error();
    EXPECT_EQ(*r1 + *r2, 3);
    EXPECT_TRUE(*r1 == 0 || *r2 == 0) << "the lock is held for the whole run";
    EXPECT_EQ(rows("SELECT count(*) FROM schema_migrations")[0][0], "3");
    EXPECT_EQ(rows("SELECT count(*) FROM b")[0][0], "1");
}

// A migration that must wait for a table's lock (a long read holds it, as on a live site) does not
// queue ahead of every later reader: its wait is bounded (lock_timeout) and it tries again, so a
// reader that comes meanwhile gets through; once the long read ends, the migration is applied.
// Without the bound the reader would wait behind the ALTER TABLE as long as the long read lasts.
TEST_F(Migrate, AMigrationWaitingForALockLetsReadersThroughAndTriesAgain) {
    write("0001_t.sql", "CREATE TABLE t (id int, old text); INSERT INTO t VALUES (1, 'x');");
    ASSERT_TRUE(migrate());
    write("0002_drop.sql", "ALTER TABLE t DROP COLUMN old;");
    std::atomic<bool> holding{false}, release{false};
    std::string holder_error;
    std::thread holder([&] {   // the long read: its own session, blocking, in this thread
        PGconn* c = PQconnectdb(db_->url().c_str());
        auto exec = [&](const char* sql) {
            PGresult* r = PQexec(c, sql);
            if (PQresultStatus(r) != PGRES_COMMAND_OK && PQresultStatus(r) != PGRES_TUPLES_OK && holder_error.empty())
                holder_error = PQresultErrorMessage(r);
            PQclear(r);
        };
        exec("BEGIN");
        exec("SELECT * FROM t");   // holds ACCESS SHARE on t until COMMIT
        holding = true;
        for (int i = 0; i < 1200 && !release; ++i) std::this_thread::sleep_for(50ms);
        exec("COMMIT");
        PQfinish(c);
    });
    for (int i = 0; i < 600 && !holding; ++i) std::this_thread::sleep_for(50ms);
    std::expected<int, std::string> applied = 0;
    std::thread migrating([&] { applied = migrate(); });
    // Until the migration is seen waiting for t's lock (at least once).
    bool seen_waiting = false;
    for (int i = 0; i < 600 && !seen_waiting; ++i) {
        seen_waiting = rows("SELECT count(*) FROM pg_locks l JOIN pg_class c ON c.oid = l.relation"
                            " WHERE c.relname = 't' AND NOT l.granted")[0][0] != "0";
        if (!seen_waiting) std::this_thread::sleep_for(20ms);
    }
    EXPECT_TRUE(seen_waiting);
    // A reader now: it must not wait behind the migration for as long as the long read lasts
    // (the statement_timeout is far above the lock_timeout, far below the long read's minute).
    std::string reader_error;
    try {
        auto seen = rows("SET statement_timeout = '20s'; SELECT count(*) FROM t");
        EXPECT_EQ(seen[0][0], "1");
    } catch (const std::exception& e) {
        reader_error = e.what();
    }
    EXPECT_EQ(reader_error, "") << "a reader queued behind the waiting migration";
    release = true;
    holder.join();
    migrating.join();
    EXPECT_EQ(holder_error, "");
    ASSERT_TRUE(applied) << applied.error();
    EXPECT_EQ(*applied, 1);
    EXPECT_EQ(rows("SELECT count(*) FROM information_schema.columns WHERE table_name = 't' AND column_name = 'old'")[0][0], "0");
}

TEST_F(Migrate, BadFileNamesAndMissingFolderAreReported) {
    write("1_short.sql", "SELECT 1;");
    auto r = migrate();
    ASSERT_FALSE(r);
    EXPECT_NE(r.error().find("migrations/1_short.sql"), std::string::npos) << r.error();
    fs::remove(dir_ + "/1_short.sql");

    write("0001_a.sql", "SELECT 1;");
    write("0001_b.sql", "SELECT 2;");
    auto dup = migrate();
    ASSERT_FALSE(dup);
    EXPECT_NE(dup.error().find("same number"), std::string::npos) << dup.error();

    auto missing = jh::migrate_database(db_->url(), root_ + "/nowhere");
    ASSERT_FALSE(missing);
    EXPECT_NE(missing.error().find("nowhere"), std::string::npos);
}

TEST_F(Migrate, UnreachableDatabaseIsAnError) {
    write("0001_a.sql", "SELECT 1;");
    auto r = jh::migrate_database("postgresql://postgres@127.0.0.1:" + std::to_string(jh::test::free_port()) + "/x", dir_);
    ASSERT_FALSE(r);
    EXPECT_NE(r.error().find("cannot connect"), std::string::npos) << r.error();
}

// The project's own migrations apply to an empty database, and a second run applies none.
TEST_F(Migrate, ProjectMigrationsApplyThroughTheCommand) {
    jh::config cfg;
    cfg.database_url = db_->url();
    testing::internal::CaptureStdout();
    int code = jh::migrate_command(cfg);
    std::string out = testing::internal::GetCapturedStdout();
    ASSERT_EQ(code, 0) << out;
    // The test's default logger writes to stdout too: the summary is the last line.
    EXPECT_NE(out.find("applied "), std::string::npos) << out;
    EXPECT_TRUE(out.ends_with(" migrations\n")) << out;
    testing::internal::CaptureStdout();
    code = jh::migrate_command(cfg);
    out = testing::internal::GetCapturedStdout();
    EXPECT_EQ(code, 0);
    EXPECT_TRUE(out.ends_with("applied 0 migrations\n")) << out;
}

TEST_F(Migrate, RepeatableFilesRunAfterTheNumberedOnesAndAgainWhenChanged) {
    // The function reads a table of a numbered file with a higher number than anything else: it
    // is created only because the repeatable files run after every numbered one.
    write("repeatable/R__jh_answer.sql",
          "CREATE OR REPLACE FUNCTION jh_answer() RETURNS integer LANGUAGE sql STABLE RETURN (SELECT v FROM answers);");
    write("0001_a.sql", "CREATE TABLE a (id int);");
    write("0009_answers.sql", "CREATE TABLE answers (v int); INSERT INTO answers VALUES (42);");
    auto first = migrate();
    ASSERT_TRUE(first) << first.error();
    EXPECT_EQ(*first, 3);
    EXPECT_EQ(rows("SELECT jh_answer()")[0][0], "42");
    EXPECT_EQ(rows("SELECT name, length(checksum) FROM schema_repeatable_migrations")[0],
              (std::vector<std::string>{"R__jh_answer", "64"}));
    EXPECT_EQ(rows("SELECT count(*) FROM schema_migrations")[0][0], "2") << "repeatable files are not numbered";

    auto unchanged = migrate();
    ASSERT_TRUE(unchanged) << unchanged.error();
    EXPECT_EQ(*unchanged, 0);

    // Edited: applied again, with its new checksum; the numbered files stay as they were.
    write("repeatable/R__jh_answer.sql",
          "CREATE OR REPLACE FUNCTION jh_answer() RETURNS integer LANGUAGE sql STABLE RETURN (SELECT v + 1 FROM answers);");
    auto changed = migrate();
    ASSERT_TRUE(changed) << changed.error();
    EXPECT_EQ(*changed, 1);
    EXPECT_EQ(rows("SELECT jh_answer()")[0][0], "43");
    EXPECT_EQ(rows("SELECT checksum FROM schema_repeatable_migrations")[0][0],
              rows("SELECT encode(sha256('CREATE OR REPLACE FUNCTION jh_answer() RETURNS integer LANGUAGE sql STABLE "
                   "RETURN (SELECT v + 1 FROM answers);'::bytea), 'hex')")[0][0]);
}

TEST_F(Migrate, AFailingRepeatableFileIsRolledBackAndRunsOnceFixed) {
    write("0001_a.sql", "CREATE TABLE a (id int);");
    write("repeatable/R__a_good.sql", "CREATE OR REPLACE VIEW a_view AS SELECT id FROM a;");
    write("repeatable/R__b_bad.sql", "CREATE OR REPLACE FUNCTION jh_bad() RETURNS int LANGUAGE sql RETURN (SELECT nope FROM a);");
    auto r = migrate();
    ASSERT_FALSE(r);
    EXPECT_NE(r.error().find("migrations/repeatable/R__b_bad.sql"), std::string::npos) << r.error();
    EXPECT_TRUE(table_exists("a_view"));
    EXPECT_EQ(rows("SELECT count(*) FROM schema_repeatable_migrations WHERE name = 'R__b_bad'")[0][0], "0");

    write("repeatable/R__b_bad.sql", "CREATE OR REPLACE FUNCTION jh_bad() RETURNS int LANGUAGE sql RETURN (SELECT count(id)::int FROM a);");
    auto fixed = migrate();
    ASSERT_TRUE(fixed) << fixed.error();
    EXPECT_EQ(*fixed, 1);
    EXPECT_EQ(rows("SELECT jh_bad()")[0][0], "0");

    write("repeatable/not-repeatable.sql", "SELECT 1;");
    auto badly_named = migrate();
    ASSERT_FALSE(badly_named);
    EXPECT_NE(badly_named.error().find("R__name.sql"), std::string::npos) << badly_named.error();
}

// A database migrated by the numbered files alone (every database before repeatable files
// existed) takes the project's repeatable files without error, and then behaves as their
// definitions say.
TEST_F(Migrate, ANumberedOnlyDatabaseAcceptsTheProjectsRepeatableFiles) {
    const fs::path project = jh::source_path("migrations");
    int numbered = 0;
    for (const auto& e : fs::directory_iterator(project))
        if (e.is_regular_file() && e.path().extension() == ".sql") {
            fs::copy_file(e.path(), fs::path(dir_) / e.path().filename());
            ++numbered;
        }
    auto before = migrate();
    ASSERT_TRUE(before) << before.error();
    EXPECT_EQ(*before, numbered);

    fs::copy(project / "repeatable", fs::path(dir_) / "repeatable");
    int repeatable = static_cast<int>(std::distance(fs::directory_iterator(project / "repeatable"), fs::directory_iterator{}));
    ASSERT_GT(repeatable, 10);
    auto after = migrate();
    ASSERT_TRUE(after) << after.error();
    EXPECT_EQ(*after, repeatable);
    EXPECT_EQ(rows("SELECT count(*) FROM schema_repeatable_migrations")[0][0], std::to_string(repeatable));
    // The current definitions are in place: a 500 km circle has no cell list (the wide-circle path).
    EXPECT_EQ(rows("SELECT jh_geo_cells(51.31, 9.48, 500000) IS NULL, jh_geo_cells(51.31, 9.48, 50000) IS NULL")[0],
              (std::vector<std::string>{"t", "f"}));
    EXPECT_EQ(rows("SELECT count(*) FROM jh_job_search(NULL, NULL, NULL, NULL, NULL, 51.31, 9.48, 500000, NULL, NULL, NULL, "
                   "NULL, NULL, NULL, NULL, NULL, NULL, NULL, 20, 0)")[0][0],
              "1");   // no jobs: the one row with the total 0
    auto again = migrate();
    ASSERT_TRUE(again) << again.error();
    EXPECT_EQ(*again, 0);
}

}  // namespace
