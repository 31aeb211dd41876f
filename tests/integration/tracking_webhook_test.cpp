// Integration tests of tracking: POST /api/webhook/{event} on the real server, the exclusions of
// the spec, and the `webhooks` worker forwarding stored events to an HTTP receiver on loopback.
#include <gtest/gtest.h>
#include <simdjson.h>

#include <memory>
#include <thread>

#include "actors/tracking/tracking_events.h"
#include "tests/support/harness.h"
#include "tests/support/sinks.h"

namespace jh::test {
namespace {

using namespace std::chrono_literals;

constexpr const char* browser_ua =
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36";

std::string headers(const std::string& ua = browser_ua, const std::string& extra = {}) {
    return "User-Agent: " + ua + "\r\nContent-Type: application/json\r\n" + extra;
}

class Tracking : public ::testing::Test {
protected:
    static void SetUpTestSuite() {
        db_ = new temp_database("tracking");
        migrate_queue_schema(db_->url());
        endpoint_ = new std::string("tcp://127.0.0.1:" + std::to_string(free_port()));
        server_ = new server_process(server_env());
        ASSERT_TRUE(server_->wait_ready()) << server_->log();
    }
    static void TearDownTestSuite() {
        delete server_;
        delete endpoint_;
        delete db_;
    }
    void SetUp() override { exec_sql(db_->url(), "TRUNCATE queue_jobs, tracking_events"); }

    static std::map<std::string, std::string> server_env() {
        return {{"JOBHAFEN_DATABASE_URL", db_->url()},
                {"JOBHAFEN_REDIS_URL", shared_redis_url()},
                {"JOBHAFEN_DATABASE_MIGRATE_ON_SERVE", "false"},
                {"JOBHAFEN_ZMQ_PUBLISH_ENDPOINT", *endpoint_},
                {"JOBHAFEN_LOG_ACCESS", "false"}};
    }
    static std::unique_ptr<server_process> start_worker(const std::string& webhook_url, std::map<std::string, std::string> extra = {}) {
        std::map<std::string, std::string> env{
            {"JOBHAFEN_DATABASE_URL", db_->url()},
            {"JOBHAFEN_ZMQ_PUBLISH_ENDPOINT", *endpoint_},
            {"JOBHAFEN_WEBHOOK_URL", webhook_url},
            {"JOBHAFEN_QUEUE_POLL_INTERVAL_MS", "500"},
            {"JOBHAFEN_QUEUE_LEASE_MS", "3000"},
            {"JOBHAFEN_QUEUE_BACKOFF_BASE_MS", "100"},
            {"JOBHAFEN_QUEUE_BACKOFF_MAX_MS", "400"},
        };
        for (auto& [k, v] : extra) env[k] = v;
        return std::make_unique<server_process>(env, std::vector<std::string>{"worker", "webhooks"});
    }
    static http_reply post(const std::string& event, const std::string& body, const std::string& hdrs = headers()) {
        return http_request(server_->port(), "POST", "/api/webhook/" + event, body, hdrs);
    }
    static std::string count(const std::string& table, const std::string& where = "true") {
        return sql_value(db_->url(), "SELECT count(*) FROM " + table + " WHERE " + where);
    }

    static temp_database* db_;
    static std::string* endpoint_;
    static server_process* server_;
};
temp_database* Tracking::db_ = nullptr;
std::string* Tracking::endpoint_ = nullptr;
server_process* Tracking::server_ = nullptr;

TEST_F(Tracking, EveryEventOfTheSpecIsAcceptedAndAnUnknownOneIs404) {
    EXPECT_EQ(tracked_events().size(), 45u);
    for (std::string_view e : tracked_events()) {
        // A bot: accepted (204) and dropped, so this loop stores nothing.
        auto r = post(std::string(e), "{}", headers("Googlebot/2.1 (+http://www.google.com/bot.html)"));
        EXPECT_EQ(r.status, 204) << e;
    }
    // The steps of the tracked flows, of the registration dialog and of shifts are accepted next to them.
    for (const char* e : {"flow_step", "registration_dialog", "shift_chosen", "shift_confirmed", "calendar_subscribed"})
        EXPECT_EQ(post(e, R"({"flow":"job_application","step":"started"})", headers("Googlebot/2.1")).status, 204) << e;
    EXPECT_EQ(post("no_such_event", "{}").status, 404);
    EXPECT_EQ(http_request(server_->port(), "GET", "/api/webhook/page_viewed").status, 405);
}

TEST_F(Tracking, MalformedJsonIs400) {
    EXPECT_EQ(post("page_viewed", "{\"url\": ").status, 400);
    EXPECT_EQ(post("page_viewed", "[1, 2]").status, 400);
    EXPECT_EQ(count("tracking_events"), "0");
}

TEST_F(Tracking, ABotUserAgentIsDropped) {
    for (const char* ua : {"Mozilla/5.0 (compatible; bingbot/2.0)", "Baiduspider", "SomeCRAWLER/1.0", "facebookexternalhit/1.1"}) {
        auto r = post("page_viewed", R"({"url":"https://jobhafen.local/"})", headers(ua));
        EXPECT_EQ(r.status, 204) << ua;
    }
    EXPECT_EQ(count("tracking_events"), "0");
    EXPECT_EQ(count("queue_jobs"), "0");
}

TEST_F(Tracking, AnImpersonatingAdministratorIsNotTracked) {
    auto r = post("job_details_viewed", R"({"jobPostingId":1})", headers(browser_ua, "_switch_user: jana@example.de\r\n"));
    EXPECT_EQ(r.status, 204);
    EXPECT_EQ(count("tracking_events"), "0");
}

TEST_F(Tracking, ACookielessMultipostingVisitIsNotTracked) {
    std::string body = R"({"url":"https://jobhafen.local/jobs/1","queryParams":{"utm_source":"multiposting"}})";
    EXPECT_EQ(post("job_details_viewed", body).status, 204);
    EXPECT_EQ(count("tracking_events"), "0");
    // The same visit with cookies is tracked.
    EXPECT_EQ(post("job_details_viewed", body, headers(browser_ua, "Cookie: pb_visitor_id=abcdefgh12345678\r\n")).status, 204);
    EXPECT_EQ(count("tracking_events"), "1");
}

TEST_F(Tracking, InternalAddressesAreNotTracked) {
    auto env = server_env();
    env["JOBHAFEN_TRACKING_INTERNAL_IPS"] = "10.0.0.1,127.0.0.1";
    env["JOBHAFEN_ZMQ_PUBLISH_ENDPOINT"] = "tcp://127.0.0.1:" + std::to_string(free_port());
    server_process internal(env);
    ASSERT_TRUE(internal.wait_ready()) << internal.log();
    auto r = http_request(internal.port(), "POST", "/api/webhook/page_viewed", R"({"url":"https://jobhafen.local/"})", headers());
    EXPECT_EQ(r.status, 204);
    EXPECT_EQ(count("tracking_events"), "0");
}

TEST_F(Tracking, ANormalEventIsStoredAndReachesTheReceiver) {
    http_receiver receiver;
    auto worker = start_worker(receiver.url());
    std::string body =
        R"({"url":"https://jobhafen.local/jobs/7?utm_source=newsletter","referrer":"https://www.google.de/",)"
        R"("queryParams":{"utm_source":"newsletter"},"jobPostingId":7,"ssr":false,"ip":"6.6.6.6"})";
    auto r = post("job_details_viewed", body,
                  headers(browser_ua, "Cookie: pb_visitor_id=abcdefgh12345678; auth_token=SECRET; utm_campaign=sommer\r\n"));
    ASSERT_EQ(r.status, 204);
    EXPECT_EQ(count("tracking_events", "event = 'job_details_viewed'"), "1");
    ASSERT_TRUE(receiver.wait_for_requests(1, 10s)) << worker->log();
    ASSERT_TRUE(wait_until([] { return count("queue_jobs", "status = 'done'") == "1"; }, 30s)) << worker->log();

    auto req = receiver.requests().at(0);
    EXPECT_EQ(req.method, "POST");
    EXPECT_EQ(req.target, "/hook");
    EXPECT_EQ(req.headers["content-type"], "application/json");
    std::string id = sql_value(db_->url(), "SELECT id FROM tracking_events");
    EXPECT_EQ(req.headers["idempotency-key"], "tracking-event:" + id);

    simdjson::dom::parser parser;
    simdjson::dom::object e;
    ASSERT_EQ(parser.parse(req.body).get_object().get(e), simdjson::SUCCESS) << req.body;
    EXPECT_EQ(std::string_view(e["event"]), "job_details_viewed");
    EXPECT_EQ(std::to_string(std::int64_t(e["eventId"])), id);
    EXPECT_EQ(std::string_view(e["url"]), "https://jobhafen.local/jobs/7?utm_source=newsletter");
    EXPECT_EQ(std::string_view(e["referrer"]), "https://www.google.de/");
    EXPECT_EQ(std::string_view(e["queryParams"]["utm_source"]), "newsletter");
    EXPECT_EQ(std::int64_t(e["jobPostingId"]), 7);
    EXPECT_EQ(std::string_view(e["cookies"]["pb_visitor_id"]), "abcdefgh12345678");
    EXPECT_EQ(std::string_view(e["cookies"]["utm_campaign"]), "sommer");
    EXPECT_EQ(e["cookies"]["auth_token"].error(), simdjson::NO_SUCH_FIELD) << "credentials must not leave the site";
    EXPECT_EQ(std::string_view(e["device"]["userAgent"]), browser_ua);
    EXPECT_FALSE(bool(e["device"]["ssr"]));
    EXPECT_EQ(std::string_view(e["ip"]), "127.0.0.0") << "the client cannot choose its ip; it is stored truncated";
    EXPECT_FALSE(std::string_view(e["occurredAt"]).empty());
}

// Issue 30: the shift steps go the way of every event: stored, queued as a webhooks job in the same
// transaction, and POSTed to the receiver with their own fields (docs/shifts.md, "Tracking").
TEST_F(Tracking, TheShiftStepsAreStoredAndReachTheReceiver) {
    http_receiver receiver;
    auto worker = start_worker(receiver.url());
    const std::string cookie = "Cookie: pb_visitor_id=shiftsteps12345678\r\n";
    ASSERT_EQ(post("shift_chosen", R"({"jobPostingId":7,"shiftIds":[11,12]})", headers(browser_ua, cookie)).status, 204);
    ASSERT_EQ(post("shift_confirmed", R"({"shiftId":11,"shiftApplicationId":21})", headers(browser_ua, cookie)).status, 204);
    ASSERT_EQ(post("calendar_subscribed", "{}", headers(browser_ua, cookie)).status, 204);
    EXPECT_EQ(count("tracking_events", "event IN ('shift_chosen', 'shift_confirmed', 'calendar_subscribed')"), "3");
    EXPECT_EQ(count("queue_jobs", "kind = 'webhooks'"), "3");
    ASSERT_TRUE(wait_until([] { return count("queue_jobs", "status = 'done'") == "3"; }, 10s)) << worker->log();
    std::map<std::string, std::string> bodies;
    simdjson::dom::parser parser;
    for (const auto& req : receiver.requests()) {
        simdjson::dom::object e;
        ASSERT_EQ(parser.parse(req.body).get_object().get(e), simdjson::SUCCESS) << req.body;
        bodies[std::string(std::string_view(e["event"]))] = req.body;
        EXPECT_GT(std::int64_t(e["eventId"]), 0);
        EXPECT_EQ(std::string_view(e["cookies"]["pb_visitor_id"]), "shiftsteps12345678");
    }
    ASSERT_EQ(bodies.size(), 3u);
    EXPECT_NE(bodies["shift_chosen"].find(R"("shiftIds":[11,12])"), std::string::npos) << bodies["shift_chosen"];
    EXPECT_NE(bodies["shift_confirmed"].find(R"("shiftApplicationId":21)"), std::string::npos) << bodies["shift_confirmed"];
    EXPECT_NE(bodies["calendar_subscribed"].find(R"("event":"calendar_subscribed")"), std::string::npos);
}

TEST_F(Tracking, AReceiverFailingWith503IsRetriedUntilItAnswers200) {
    http_receiver receiver({503, 503, 503});
    auto worker = start_worker(receiver.url());
    ASSERT_EQ(post("jobs_searched", R"({"query":"Promotion München"})").status, 204);
    ASSERT_TRUE(wait_until([] { return count("queue_jobs", "status = 'done'") == "1"; }, 10s)) << worker->log();
    auto reqs = receiver.requests();
    ASSERT_EQ(reqs.size(), 4u);
    EXPECT_EQ(reqs[3].answered, 200);
    for (const auto& r : reqs) EXPECT_EQ(r.body, reqs[0].body);   // the same event each time
    EXPECT_EQ(sql_value(db_->url(), "SELECT attempts FROM queue_jobs"), "4");
}

TEST_F(Tracking, AReceiverRejectingWith400MakesTheJobDead) {
    http_receiver receiver({400});
    auto worker = start_worker(receiver.url());
    ASSERT_EQ(post("page_viewed", R"({"url":"https://jobhafen.local/"})").status, 204);
    ASSERT_TRUE(wait_until([] { return count("queue_jobs", "status = 'dead'") == "1"; }, 10s)) << worker->log();
    EXPECT_EQ(sql_value(db_->url(), "SELECT attempts || ' ' || last_error FROM queue_jobs"), "1 webhook answered HTTP 400");
    std::this_thread::sleep_for(300ms);
    EXPECT_EQ(receiver.requests().size(), 1u);
}

TEST_F(Tracking, WithBatchingSeveralEventsGoAsOneArray) {
    // Stored while no worker runs, then one worker with webhook.batch takes them in one claim.
    for (int i = 0; i < 5; ++i) ASSERT_EQ(post("page_viewed", R"({"n":)" + std::to_string(i) + "}").status, 204);
    http_receiver receiver;
    auto worker = start_worker(receiver.url(), {{"JOBHAFEN_WEBHOOK_BATCH", "true"}});
    ASSERT_TRUE(wait_until([] { return count("queue_jobs", "status = 'done'") == "5"; }, 10s)) << worker->log();
    auto reqs = receiver.requests();
    ASSERT_EQ(reqs.size(), 1u);
    simdjson::dom::parser parser;
    simdjson::dom::array events;
    ASSERT_EQ(parser.parse(reqs[0].body).get_array().get(events), simdjson::SUCCESS) << reqs[0].body;
    EXPECT_EQ(events.size(), 5u);
}

TEST_F(Tracking, WithoutAWebhookUrlJobsCompleteWithoutARequest) {
    auto worker = start_worker("");
    ASSERT_EQ(post("logged_in", "{}").status, 204);
    ASSERT_TRUE(wait_until([] { return count("queue_jobs", "status = 'done'") == "1"; }, 10s)) << worker->log();
}

}  // namespace
}  // namespace jh::test
