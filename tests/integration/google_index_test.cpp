// The Google Indexing API (issue 44 item 2; docs/reach.md, "Google Indexing API"), from outside:
// the real server and PostgreSQL, the real `jobhafen worker google_index`, and a fake Google on
// 127.0.0.1 (tests/integration/google_indexing_fake.py) that makes an RSA key at run time, verifies
// the worker's RS256-signed JWT with its public part before it issues a token, and records every
// call of the multipart batches it receives. A provider publishing a job → URL_UPDATED for its
// page; closing it, its end date passing, its organization blocked → URL_DELETED; 150 changes → two
// requests of 100 and 50; several changes of one job → one notification of its latest state; a 503
// → retried and delivered once; a URL Google refuses → dropped, the others delivered; a key Google
// does not know → no token, nothing sent, retried; without a service account nothing is queued.
#include <signal.h>
#include <simdjson.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <set>
#include <thread>

#include "reactor/source_dir.h"
#include "tests/integration/google_indexing_fake.h"
#include "tests/integration/provider_fixture.h"
#include "tests/support/sinks.h"

namespace jh::test {
namespace {

using namespace accounts_fixture;
using namespace google_fake;
using namespace std::chrono_literals;

// Organizations 361xx, jobs 361xx–364xx; each test its own.
constexpr const char* google_index_seed_sql = R"sql(
INSERT INTO organizations (id, slug, name, contact_email) VALUES
 (36101, 'index-agentur', 'Index Agentur GmbH', 'jobs@index.example'),
 (36102, 'sperr-index', 'Sperr Index KG', 'jobs@sperr-index.example');
UPDATE organizations SET active_ad_quota = 1000 WHERE id = 36101;   -- its publications are not limited here
-- Publishable drafts: a description, an activity, a place and pay above the minimum wage.
INSERT INTO job_postings (id, slug, organization_id, title, description, activity_ids, base_salary, salary_unit)
SELECT n, 'aushilfe-' || n, 36101, 'Aushilfe ' || n, 'Wir suchen Verstärkung.', ARRAY[(SELECT min(id) FROM activities)], 16.00, 'hour'
  FROM generate_series(36110, 36119) n;
INSERT INTO job_postings (id, slug, organization_id, title, description, is_published, published_at) VALUES
 (36120, 'live-36120', 36101, 'Live zum Schließen', 'Text', true, now() - interval '1 day'),
 (36121, 'gesperrt-36121', 36102, 'Live einer Firma, die gesperrt wird', 'Text', true, now() - interval '1 day');
INSERT INTO job_posting_locations (job_posting_id, city, lat, lon)
SELECT n, 'Bremen', 53.08, 8.8 FROM generate_series(36110, 36121) n;
-- Drafts for the bulk test (150) and the coalescing and refusal tests.
INSERT INTO job_postings (id, slug, organization_id, title, description)
SELECT n, 'stapel-' || n, 36101, 'Stapel ' || n, 'Text' FROM generate_series(36201, 36350) n;
INSERT INTO job_postings (id, slug, organization_id, title, description) VALUES
 (36401, 'mehrfach-36401', 36101, 'Mehrfach geändert', 'Text'),
 (36402, 'verweigert-36402', 36101, 'Google verweigert diese Adresse', 'Text'),
 (36403, 'angenommen-36403', 36101, 'Google nimmt diese an', 'Text'),
 (36404, 'nochmal-36404', 36101, 'Erst 503, dann angenommen', 'Text'),
 (36405, 'fremd-36405', 36101, 'Ein Schlüssel, den Google nicht kennt', 'Text'),
 (36406, 'ablauf-36406', 36101, 'Läuft gleich ab', 'Text'),
 (36407, 'aus-36407', 36101, 'Ohne Dienstkonto', 'Text');
)sql";

class GoogleIndex : public ::testing::Test {
protected:
    static void SetUpTestSuite() {
        s_ = new stack;
        s_->start("googleindex", false, {}, schema::migrated);
        if (::testing::Test::HasFatalFailure()) return;
        exec_sql(s_->db->url(), google_index_seed_sql);
        google_ = new fake_google;
    }
    static void TearDownTestSuite() {
        delete google_;
        s_->stop();
        delete s_;
    }
    void SetUp() override {
        ASSERT_TRUE(s_ && s_->server) << "the stack did not start";
        ASSERT_TRUE(google_->ready()) << "the fake Google did not start";
        google_->reset();
        exec_sql(s_->db->url(), "DELETE FROM queue_jobs WHERE kind = 'google_index'");
    }
    void TearDown() override {
        if (worker_ && HasFailure()) std::fprintf(stderr, "worker log:\n%s\nfake log:\n%s\n", worker_->log().c_str(), google_->log().c_str());
        stop_worker();
    }

    // `jobhafen worker google_index` with the service account `account` ("" = not configured).
    void start_worker(const std::string& account) {
        std::map<std::string, std::string> env{
            {"JOBHAFEN_DATABASE_URL", s_->db->url()},
            {"JOBHAFEN_ZMQ_PUBLISH_ENDPOINT", s_->zmq_publish},
            {"JOBHAFEN_HTTP_PUBLIC_ORIGIN", s_->origin},
            {"JOBHAFEN_GOOGLE_INDEX_SERVICE_ACCOUNT_FILE", account},
            {"JOBHAFEN_GOOGLE_INDEX_BATCH_URL", google_->url("/batch")},
            {"JOBHAFEN_GOOGLE_INDEX_TIMEOUT_MS", "10000"},
            {"JOBHAFEN_QUEUE_POLL_INTERVAL_MS", "200"},
            {"JOBHAFEN_QUEUE_BACKOFF_BASE_MS", "200"},
            {"JOBHAFEN_QUEUE_BACKOFF_MAX_MS", "1000"},
        };
        worker_ = std::make_unique<server_process>(env, std::vector<std::string>{"worker", "google_index"});
        ASSERT_TRUE(wait_until([&] { return worker_->log().find("started") != std::string::npos; }, 60s)) << worker_->log();
        // The worker writes the switch before it claims: from here on changes are queued (or not).
        ASSERT_EQ(sql("SELECT enabled FROM google_index_switch"), account.empty() ? "f" : "t");
    }
    void stop_worker() {
        if (!worker_) return;
        worker_->signal(SIGTERM);
        worker_->wait_exit(30s);
        worker_.reset();
    }
    // Queues notifications with no worker running: the switch on, as a configured worker left it.
    static void switch_on_without_worker() { exec_sql(s_->db->url(), "UPDATE google_index_switch SET enabled = true"); }

    static std::string sql(const std::string& q) { return s_->sql(q); }
    // Waits up to 60 s until `q` answers `want` (the worker records an outcome after the request).
    static bool becomes(const std::string& q, const std::string& want) {
        bool ok = wait_until([&] { return sql(q) == want; }, 60s);
        if (!ok) ADD_FAILURE() << q << " answers " << sql(q) << ", not " << want;
        return ok;
    }
    static std::string page(const std::string& slug) { return s_->origin + "/jobs/" + slug; }
    static std::string owner() { return organization_member(*s_, "inhaberin@index.example", 36101); }
    static std::string post_as(const std::string& token, const std::string& path) {
        auto r = call(s_->port, "POST", path, {}, bearer(token));
        return std::to_string(r.status) + " " + r.body.substr(0, 300);
    }
    // Waits up to 60 s until Google accepted a call for `url` of `type`.
    static bool google_accepts(const std::string& url, const std::string& type) {
        return wait_until([&] {
            for (const auto& c : accepted(read_log(google_->log())))
                if (c.url == url && c.type == type) return true;
            return false;
        }, 60s);
    }

    static inline stack* s_ = nullptr;
    static inline fake_google* google_ = nullptr;
    std::unique_ptr<server_process> worker_;
};

TEST_F(GoogleIndex, PublishingAJobSendsUrlUpdatedForItsPageWithAVerifiedToken) {
    start_worker(google_->account_file());
    std::string token = owner();
    ASSERT_EQ(post_as(token, "/api/job_postings/36110/publish").substr(0, 3), "200");
    // The slug follows the title until the first publication: the page is where it is now.
    const std::string slug = sql("SELECT slug FROM job_postings WHERE id = 36110");
    ASSERT_TRUE(google_accepts(page(slug), "URL_UPDATED")) << google_->log();
    auto log = read_log(google_->log());
    ASSERT_FALSE(log.tokens.empty());
    EXPECT_TRUE(log.tokens.front().first) << log.tokens.front().second;   // the fake verified the RS256 signature
    EXPECT_EQ(log.tokens.size(), 1u);                                       // and the token is kept, not fetched per batch
    EXPECT_TRUE(becomes("SELECT status || ' ' || attempts FROM queue_jobs WHERE kind = 'google_index' AND payload->>'job' = '36110' "
                        "AND NOT payload ? 'expiry'",
                        "done 1"));

    // An edit of the live job: URL_UPDATED again.
    google_->reset();
    auto edited = call(s_->port, "PATCH", "/api/job_postings/36110", R"j({"title":"Aushilfe im Lager (m/w/d)"})j",
                       bearer(token) + "Content-Type: application/json\r\n");
    ASSERT_EQ(edited.status, 200) << edited.body;
    EXPECT_EQ(sql("SELECT slug FROM job_postings WHERE id = 36110"), slug);   // links stay once published
    EXPECT_TRUE(google_accepts(page(slug), "URL_UPDATED")) << google_->log();
}

TEST_F(GoogleIndex, ClosingAJobSendsUrlDeleted) {
    start_worker(google_->account_file());
    ASSERT_EQ(post_as(owner(), "/api/job_postings/36120/close").substr(0, 3), "200");
    EXPECT_TRUE(google_accepts(page("live-36120"), "URL_DELETED")) << google_->log();
}

TEST_F(GoogleIndex, AJobOfABlockedOrganizationIsHeldAndLeavesGoogle) {
    start_worker(google_->account_file());
    auto [code, out] = run_jobhafen({{"JOBHAFEN_DATABASE_URL", s_->db->url()}}, {"admin", "organizations", "block", "36102"});
    ASSERT_EQ(code, 0) << out;
    ASSERT_EQ(sql("SELECT held_at IS NOT NULL FROM job_postings WHERE id = 36121"), "t");
    EXPECT_TRUE(google_accepts(page("gesperrt-36121"), "URL_DELETED")) << google_->log();
}

TEST_F(GoogleIndex, AJobWhoseEndDatePassesLeavesGoogle) {
    start_worker(google_->account_file());
    exec_sql(s_->db->url(), "UPDATE job_postings SET is_published = true, valid_through = now() + interval '5 seconds' WHERE id = 36406");
    EXPECT_EQ(sql("SELECT count(*) FROM queue_jobs WHERE payload->>'job' = '36406' AND payload ? 'expiry' AND run_at > now()"), "1");
    // No row changes when the date passes: the check queued for that date sends the deletion, and
    // it is the last word Google has about the page.
    ASSERT_TRUE(google_accepts(page("ablauf-36406"), "URL_DELETED")) << google_->log();
    std::this_thread::sleep_for(1s);
    auto calls = accepted(read_log(google_->log()));
    ASSERT_FALSE(calls.empty());
    EXPECT_EQ(calls.back().url, page("ablauf-36406"));
    EXPECT_EQ(calls.back().type, "URL_DELETED");
}

TEST_F(GoogleIndex, OneHundredFiftyChangesGoInTwoRequestsOfAtMostOneHundred) {
    switch_on_without_worker();
    exec_sql(s_->db->url(), "UPDATE job_postings SET is_published = true WHERE id BETWEEN 36201 AND 36350");
    exec_sql(s_->db->url(), "UPDATE job_postings SET title = title || ' (m/w/d)' WHERE id BETWEEN 36201 AND 36350");
    // Two changes of each job, one notification each waiting.
    EXPECT_EQ(sql("SELECT count(*) FROM queue_jobs WHERE kind = 'google_index' AND NOT payload ? 'expiry'"), "150");

    start_worker(google_->account_file());
    ASSERT_TRUE(wait_until([&] { return accepted(read_log(google_->log())).size() >= 150; }, 60s)) << google_->log();
    std::this_thread::sleep_for(1s);   // nothing more follows
    auto log = read_log(google_->log());
    ASSERT_EQ(log.batches.size(), 2u);
    EXPECT_EQ(log.batches[0].calls.size(), 100u);
    EXPECT_EQ(log.batches[1].calls.size(), 50u);
    std::set<std::string> urls;
    for (const auto& c : accepted(log)) {
        EXPECT_EQ(c.type, "URL_UPDATED");
        urls.insert(c.url);
    }
    EXPECT_EQ(urls.size(), 150u);
    EXPECT_TRUE(urls.contains(page("stapel-36201")));
    EXPECT_TRUE(urls.contains(page("stapel-36350")));
}

TEST_F(GoogleIndex, SeveralChangesOfOneJobBeforeSendingBecomeOneNotificationOfItsLatestState) {
    switch_on_without_worker();
    exec_sql(s_->db->url(), "UPDATE job_postings SET is_published = true WHERE id = 36401");
    exec_sql(s_->db->url(), "UPDATE job_postings SET title = 'Mehrfach geändert, zweimal' WHERE id = 36401");
    exec_sql(s_->db->url(), "UPDATE job_postings SET active = false, closed_at = now() WHERE id = 36401");
    EXPECT_EQ(sql("SELECT count(*) FROM queue_jobs WHERE kind = 'google_index'"), "1");

    start_worker(google_->account_file());
    ASSERT_TRUE(google_accepts(page("mehrfach-36401"), "URL_DELETED")) << google_->log();
    std::this_thread::sleep_for(1s);
    auto calls = accepted(read_log(google_->log()));
    ASSERT_EQ(calls.size(), 1u) << google_->log();
}

TEST_F(GoogleIndex, A503IsRetriedAndTheNotificationDeliveredOnce) {
    google_->script(R"({"batch_statuses":[503]})");
    start_worker(google_->account_file());
    exec_sql(s_->db->url(), "UPDATE job_postings SET is_published = true WHERE id = 36404");
    ASSERT_TRUE(google_accepts(page("nochmal-36404"), "URL_UPDATED")) << google_->log();
    std::this_thread::sleep_for(1s);
    auto log = read_log(google_->log());
    ASSERT_EQ(log.batches.size(), 2u) << google_->log();
    EXPECT_EQ(log.batches[0].status, 503);
    EXPECT_EQ(accepted(log).size(), 1u);
    EXPECT_TRUE(becomes("SELECT status || ' ' || attempts FROM queue_jobs WHERE kind = 'google_index' AND NOT payload ? 'expiry'", "done 2"));
}

TEST_F(GoogleIndex, AUrlGoogleRefusesIsDroppedAndTheOthersOfItsBatchAreDelivered) {
    switch_on_without_worker();
    exec_sql(s_->db->url(), "UPDATE job_postings SET is_published = true WHERE id IN (36402, 36403)");
    start_worker(google_->account_file());
    ASSERT_TRUE(google_accepts(page("angenommen-36403"), "URL_UPDATED")) << google_->log();
    ASSERT_TRUE(becomes("SELECT status FROM queue_jobs WHERE payload->>'job' = '36402'", "dead"));
    EXPECT_EQ(sql("SELECT attempts || ' ' || last_error FROM queue_jobs WHERE payload->>'job' = '36402'"),
              "1 Indexing API answered HTTP 403 for " + page("verweigert-36402"));
    EXPECT_TRUE(becomes("SELECT status FROM queue_jobs WHERE payload->>'job' = '36403'", "done"));
    EXPECT_NE(worker_->log().find("Google refused URL_UPDATED " + page("verweigert-36402") + " with HTTP 403"), std::string::npos)
        << worker_->log();
}

TEST_F(GoogleIndex, AKeyGoogleDoesNotKnowGetsNoTokenAndNothingIsSent) {
    start_worker(google_->stranger_file());
    exec_sql(s_->db->url(), "UPDATE job_postings SET is_published = true WHERE id = 36405");
    // The worker tries, the fake refuses the signature, the job waits for its next attempt.
    ASSERT_TRUE(wait_until([&] { return sql("SELECT attempts >= 2 FROM queue_jobs WHERE payload->>'job' = '36405'") == "t"; }, 60s))
        << google_->log();
    auto log = read_log(google_->log());
    ASSERT_FALSE(log.tokens.empty());
    for (const auto& [ok, why] : log.tokens) {
        EXPECT_FALSE(ok);
        EXPECT_EQ(why, "Invalid JWT Signature.");
    }
    EXPECT_TRUE(log.batches.empty());
    EXPECT_EQ(sql("SELECT status IN ('pending', 'running') FROM queue_jobs WHERE payload->>'job' = '36405'"), "t");
    EXPECT_EQ(sql("SELECT last_error FROM queue_jobs WHERE payload->>'job' = '36405'"),
              "Google token: HTTP 400 invalid_grant Invalid JWT Signature.");
    // The key and the token stay out of the log.
    EXPECT_EQ(worker_->log().find("PRIVATE KEY"), std::string::npos);
    EXPECT_NE(worker_->log().find("no access token"), std::string::npos) << worker_->log();
}

TEST_F(GoogleIndex, WithoutAServiceAccountNothingIsQueuedOrSent) {
    start_worker("");
    std::string token = owner();
    ASSERT_EQ(post_as(token, "/api/job_postings/36111/publish").substr(0, 3), "200");
    exec_sql(s_->db->url(), "UPDATE job_postings SET is_published = true WHERE id = 36407");
    std::this_thread::sleep_for(2s);
    EXPECT_EQ(sql("SELECT count(*) FROM queue_jobs WHERE kind = 'google_index'"), "0");
    auto log = read_log(google_->log());
    EXPECT_TRUE(log.tokens.empty());
    EXPECT_TRUE(log.batches.empty());
}

}  // namespace
}  // namespace jh::test
