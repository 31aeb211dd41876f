// hostile_input_test.cpp: what an attacker sends, from outside, against the real server: overlong
// fields, a crafted image header, tracking floods, odd image options and cache-busting query
// parameters; and what must not stay behind (mail tokens, dead jobs, old tracking rows). Each test
// checks the answer a client gets and that the server is still up afterwards.
#include <gtest/gtest.h>

#include <fstream>
#include <thread>

#include "tests/integration/sedcard_fixture.h"

namespace jh::test {
namespace {

using namespace std::chrono_literals;
using namespace sedcard_fixture;

constexpr const char* hostile_browser =
    "User-Agent: Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36\r\n";

std::string too_long(int n) { return "Diese Eingabe ist zu lang. Erlaubt sind höchstens " + std::to_string(n) + " Zeichen."; }

// The peak resident memory of a process (VmHWM), in KiB.
long peak_rss_kib(pid_t pid) {
    std::ifstream status("/proc/" + std::to_string(pid) + "/status");
    std::string line;
    while (std::getline(status, line))
        if (line.starts_with("VmHWM:")) return std::stol(line.substr(6));
    return -1;
}

// CRC-32 of PNG chunks (ISO 3309), bit by bit: a test needs a few bytes of it.
std::uint32_t crc32(std::string_view bytes) {
    std::uint32_t c = 0xFFFFFFFFu;
    for (unsigned char b : bytes) {
        c ^= b;
        for (int k = 0; k < 8; ++k) c = (c >> 1) ^ (0xEDB88320u & (0u - (c & 1u)));
    }
    return c ^ 0xFFFFFFFFu;
}

std::string be32(std::uint32_t v) {
    return {static_cast<char>(v >> 24), static_cast<char>(v >> 16), static_cast<char>(v >> 8), static_cast<char>(v)};
}

std::string png_chunk(std::string_view type, std::string_view data) {
    std::string body = std::string(type) + std::string(data);
    return be32(static_cast<std::uint32_t>(data.size())) + body + be32(crc32(body));
}

// A well-formed PNG header (signature, IHDR with its CRC, IEND) declaring w × h RGB pixels and
// holding none: tiny on the wire, gigabytes if anyone decoded it.
std::string png_declaring(std::uint32_t w, std::uint32_t h) {
    std::string ihdr = be32(w) + be32(h) + std::string("\x08\x02\x00\x00\x00", 5);
    return std::string("\x89PNG\r\n\x1A\n", 8) + png_chunk("IHDR", ihdr) + png_chunk("IEND", "");
}

class HostileInput : public ::testing::Test {
protected:
    static void SetUpTestSuite() {
        st_ = new stack_with_cleanup();
        st_->var_dir = make_temp_dir("hostile-var");
        st_->s.start("hostile_input", true,
                     {{"JOBHAFEN_VAR_DIR", st_->var_dir},
                      {"JOBHAFEN_TRACKING_LIMIT_PER_VISITOR_PER_MINUTE", "5"},
                      {"JOBHAFEN_TRACKING_LIMIT_PER_IP_PER_MINUTE", "30"}});
    }
    static void TearDownTestSuite() {
        delete st_;
        st_ = nullptr;
    }
    void SetUp() override {
        ASSERT_TRUE(st_ && st_->s.server) << "the stack did not start";
        // Each test starts with empty tracking windows (the stack's Redis is its own).
        st_->redis_keys_deleted("jobhafen:track:*");
    }
    static int port() { return st_->port(); }
    static std::string sql(const std::string& q) { return st_->s.sql(q); }
    static void expect_alive() { EXPECT_EQ(http_request(port(), "GET", "/api/health").status, 200); }
    static http_reply track(const std::string& event, const std::string& body, const std::string& extra = {}) {
        return http_request(port(), "POST", "/api/webhook/" + event, body, std::string(hostile_browser) + json_type + extra);
    }

    struct stack_with_cleanup : sedcard_stack {
        void redis_keys_deleted(const std::string& pattern) {
            run_shell("redis-cli -p " + std::to_string(s.redis->port()) + " --scan --pattern '" + pattern + "' | xargs -r redis-cli -p " +
                      std::to_string(s.redis->port()) + " DEL >/dev/null");
        }
    };
    static stack_with_cleanup* st_;
};
HostileInput::stack_with_cleanup* HostileInput::st_ = nullptr;

// ---- overlong fields ---------------------------------------------------------------------------------

TEST_F(HostileInput, OrganizationRegistrationWithA40KbWebsiteIs422AndTheServerStaysUp) {
    std::string website = "https://" + std::string(40 * 1024, 'a') + ".de";
    auto r = call(port(), "POST", "/api/organization_member/register",
                  R"({"email":"lang@firma.example","password":"Geheim123!","passwordConfirmation":"Geheim123!",
                      "firstName":"Lara","lastName":"Lang","company":"Lang GmbH","website":")" + website + R"("})");
    ASSERT_EQ(r.status, 422) << r.body.substr(0, 500);
    EXPECT_NE(r.body.find(R"("propertyPath":"website")"), std::string::npos) << r.body;
    EXPECT_NE(r.body.find(too_long(255)), std::string::npos) << r.body;
    EXPECT_EQ(sql("SELECT count(*) FROM accounts WHERE email = 'lang@firma.example'"), "0");
    expect_alive();
    // A website just within the bound is judged by its format, in one pass.
    std::string path_url = "https://firma.example/" + std::string(200, 'p');
    auto ok = call(port(), "POST", "/api/organization_member/register",
                   R"({"email":"lang@firma.example","password":"Geheim123!","passwordConfirmation":"Geheim123!",
                       "firstName":"Lara","lastName":"Lang","company":"Lang GmbH","website":")" + path_url + R"("})");
    EXPECT_EQ(ok.status, 201) << ok.body;
    expect_alive();
}

TEST_F(HostileInput, AMegabyteStringInTheSedcardIsRefusedBeforeAnyRule) {
    auto c = st_->make_candidate("mega.string@example.de");
    auto patch = [&](const std::string& body) {
        return call(port(), "PATCH", "/api/candidate_profiles/" + c.profile_id, body,
                    bearer(c.token) + "Content-Type: application/merge-patch+json\r\n");
    };
    // A megabyte is over the route's body limit: 413 before the body is parsed.
    auto huge = patch(R"({"profileSummary":")" + std::string(1'000'000, 'x') + R"("})");
    EXPECT_EQ(huge.status, 413) << huge.body.substr(0, 300);
    expect_alive();
    // Within the body limit, the JSON reader's bound names the field: 422 before the sedcard rules.
    auto r = patch(R"({"profileSummary":")" + std::string(60000, 'x') + R"("})");
    ASSERT_EQ(r.status, 422) << r.body.substr(0, 300);
    EXPECT_EQ(field(r.body, "/violations/0/propertyPath"), "profileSummary");
    EXPECT_EQ(field(r.body, "/violations/0/message"), too_long(50000));
    // Nested too: the path names the entry.
    auto nested = call(port(), "PATCH", "/api/candidate_profiles/" + c.profile_id,
                       R"({"addresses":[{"street":")" + std::string(60000, 's') + R"("}]})",
                       bearer(c.token) + "Content-Type: application/merge-patch+json\r\n");
    ASSERT_EQ(nested.status, 422);
    EXPECT_EQ(field(nested.body, "/violations/0/propertyPath"), "addresses[0].street");
    expect_alive();
}

// ---- images ------------------------------------------------------------------------------------------

TEST_F(HostileInput, AnImageHeaderDeclaring60000x60000PixelsIsRefusedWithoutDecoding) {
    auto c = st_->make_candidate("bomb.bild@example.de");
    long before = peak_rss_kib(st_->s.server->pid());
    ASSERT_GT(before, 0);
    for (const std::string& bytes : {png_declaring(60000, 60000), png_declaring(60000, 60000).substr(0, 24)}) {
        auto r = upload(port(), "/api/candidate_profiles/" + c.profile_id + "/profile_images", c.token,
                        {{"type", "portrait"}, {"file", bytes, "bombe.png", "image/png"}});
        EXPECT_EQ(r.status, 422) << r.body;
        EXPECT_NE(r.body.find("Datei muss ein Bild sein"), std::string::npos) << r.body;
    }
    long after = peak_rss_kib(st_->s.server->pid());
    // 60000 × 60000 × 3 bytes would be 10 GB; the server's peak grew by far less than 100 MB.
    EXPECT_LT(after - before, 100 * 1024) << "peak RSS " << before << " KiB → " << after << " KiB";
    EXPECT_EQ(sql("SELECT count(*) FROM profile_images"), "0");
    expect_alive();
}

TEST_F(HostileInput, IpxAnswersOnlyTheWidthsQualitiesAndFormatsOfThePages) {
    for (const char* target : {"/_ipx/w_333/content-images/home-hero.png", "/_ipx/w_320,q_55/content-images/home-hero.png",
                               "/_ipx/f_gif/content-images/home-hero.png", "/_ipx/s_320x333/content-images/home-hero.png",
                               "/_ipx/w_100000/content-images/home-hero.png"}) {
        auto r = http_request(port(), "GET", target);
        EXPECT_EQ(r.status, 400) << target << ": " << r.body;
    }
    expect_alive();
}

// ---- tracking ----------------------------------------------------------------------------------------

TEST_F(HostileInput, ATrackingFloodFromOneVisitorIs429) {
    std::string cookie = "Cookie: pb_visitor_id=flut1234flut1234\r\n";
    for (int i = 0; i < 5; ++i) EXPECT_EQ(track("page_viewed", R"({"url":"/"})", cookie).status, 204) << i;
    auto r = track("page_viewed", R"({"url":"/"})", cookie);
    EXPECT_EQ(r.status, 429);
    EXPECT_NE(r.body.find("Zu viele Tracking-Ereignisse"), std::string::npos) << r.body;
    EXPECT_EQ(sql("SELECT count(*) FROM tracking_events WHERE payload->'cookies'->>'pb_visitor_id' = 'flut1234flut1234'"), "5");
    // Another visitor from the same address is still counted on its own.
    EXPECT_EQ(track("page_viewed", R"({"url":"/"})", "Cookie: pb_visitor_id=anders5678anders\r\n").status, 204);
}

TEST_F(HostileInput, ATrackingFloodFromOneAddressIs429WhateverTheVisitorIds) {
    int limited = 0;
    for (int i = 0; i < 40; ++i) {
        auto r = track("page_viewed", R"({"url":"/"})", "Cookie: pb_visitor_id=v" + std::to_string(i) + "\r\n");
        if (r.status == 429) {
            ++limited;
        } else {
            EXPECT_EQ(r.status, 204);
        }
    }
    EXPECT_EQ(limited, 10);   // 30 per minute pass
    expect_alive();
}

TEST_F(HostileInput, ATrackingEventOverTheSizeLimitIs413AndNotStored) {
    std::string before = sql("SELECT count(*) FROM tracking_events");
    auto r = track("page_viewed", R"({"url":"/","blob":")" + std::string(9000, 'b') + R"("})");
    EXPECT_EQ(r.status, 413);
    EXPECT_NE(r.body.find("Dieses Tracking-Ereignis ist zu groß"), std::string::npos) << r.body;
    EXPECT_EQ(sql("SELECT count(*) FROM tracking_events"), before);
}

TEST_F(HostileInput, TheStoredTrackingAddressHasItsLastOctetZeroed) {
    ASSERT_EQ(track("job_listing_viewed", R"({"url":"/jobs"})", "Cookie: pb_visitor_id=ipcheck00ipcheck\r\n").status, 204);
    EXPECT_EQ(sql("SELECT payload->>'ip' FROM tracking_events WHERE payload->'cookies'->>'pb_visitor_id' = 'ipcheck00ipcheck'"),
              "127.0.0.0");
    EXPECT_EQ(sql("SELECT count(*) FROM tracking_events WHERE payload::text LIKE '%127.0.0.1%'"), "0");
    EXPECT_EQ(sql("SELECT count(*) FROM queue_jobs WHERE kind = 'webhooks' AND payload::text LIKE '%127.0.0.1%'"), "0");
}

// ---- caches ------------------------------------------------------------------------------------------

TEST_F(HostileInput, RandomExtraParametersOnTheXhrCacheMakeOneKey) {
    for (int i = 0; i < 8; ++i) {
        std::string target = "/api/xhr-cache/content/articles?pageSize=5&page=1&nocache=" + std::to_string(i * 7919) + "&x" +
                             std::to_string(i) + "=1";
        auto r = http_request(port(), "GET", target);
        ASSERT_EQ(r.status, 200) << target << ": " << r.body;
        EXPECT_EQ(r.header("x-cache"), i == 0 ? "MISS" : "HIT") << target;
    }
    // The same parameters in another order are the same entry, too.
    EXPECT_EQ(http_request(port(), "GET", "/api/xhr-cache/content/articles?page=1&pageSize=5").header("x-cache"), "HIT");
    std::string keys = st_->s.redis_cli("--scan --pattern 'jobhafen:xhr-cache:path:*content/articles*'");
    EXPECT_EQ(std::count(keys.begin(), keys.end(), '\n') + (keys.empty() ? 0 : 1), 1) << keys;
}

// ---- what must not stay behind -----------------------------------------------------------------------

TEST_F(HostileInput, ASentMailKeepsNoSingleUseLinkInTheQueue) {
    auto [id, token] = register_candidate(port(), "token.weg@example.de");
    std::string mail = wait_for_mail_to(*st_->s.sink, "token.weg@example.de");
    std::string link_token = token_after(mail, "/email-bestaetigen/");
    ASSERT_FALSE(link_token.empty()) << mail;
    ASSERT_TRUE(wait_until([&] { return sql("SELECT count(*) FROM queue_jobs WHERE kind = 'mail' AND status = 'done' AND "
                                            "payload->>'to' = 'token.weg@example.de'") == "1"; },
                           10s));
    EXPECT_EQ(sql("SELECT count(*) FROM queue_jobs WHERE payload::text LIKE '%" + link_token + "%'"), "0");
    EXPECT_EQ(sql("SELECT payload->>'template' || ':' || (payload ? 'data')::text FROM queue_jobs "
                  "WHERE kind = 'mail' AND payload->>'to' = 'token.weg@example.de'"),
              "verify_email:false");
}

TEST_F(HostileInput, DeadJobsAndOldTrackingEventsArePurgedByTheWorkers) {
    exec_sql(st_->s.db->url(),
             "INSERT INTO queue_jobs (kind, payload, idempotency_key, status, attempts, finished_at, last_error) VALUES "
             "('mail', '{\"to\":\"alt@example.de\"}', 'purge-test:old', 'dead', 8, now() - interval '31 days', 'x'), "
             "('mail', '{\"to\":\"neu@example.de\"}', 'purge-test:new', 'dead', 8, now() - interval '2 days', 'x');"
             "INSERT INTO tracking_events (event, payload, created_at) VALUES "
             "('page_viewed', '{\"purge\":\"old\"}', now() - interval '91 days'), "
             "('page_viewed', '{\"purge\":\"new\"}', now() - interval '89 days');");
    // The webhooks worker's hourly housekeeping runs once right at its start.
    server_process worker({{"JOBHAFEN_DATABASE_URL", st_->s.db->url()},
                           {"JOBHAFEN_ZMQ_PUBLISH_ENDPOINT", st_->s.zmq_publish},
                           {"JOBHAFEN_QUEUE_POLL_INTERVAL_MS", "200"}},
                          {"worker", "webhooks"});
    EXPECT_TRUE(wait_until([&] { return sql("SELECT count(*) FROM tracking_events WHERE payload->>'purge' = 'old'") == "0"; }, 15s))
        << worker.log();
    EXPECT_TRUE(wait_until([&] { return sql("SELECT count(*) FROM queue_jobs WHERE idempotency_key = 'purge-test:old'") == "0"; }, 15s));
    EXPECT_EQ(sql("SELECT count(*) FROM queue_jobs WHERE idempotency_key = 'purge-test:new'"), "1");
    EXPECT_EQ(sql("SELECT count(*) FROM tracking_events WHERE payload->>'purge' = 'new'"), "1");
}

}  // namespace
}  // namespace jh::test
