// Integration tests of the HTTP layer: the real `jobhafen serve` with real PostgreSQL and Redis,
// spoken to over raw sockets so that pipelining, split bodies, limits and malformed requests are
// exactly what the test sends.
#include <gtest/gtest.h>
#include <signal.h>
#include <unistd.h>
#include <zlib.h>

#include <filesystem>
#include <fstream>
#include <memory>
#include <thread>

#include "tests/support/harness.h"

namespace jh::test {
namespace {

namespace fs = std::filesystem;
using namespace std::chrono_literals;

// A small web root: index.html, a hashed asset with a .gz sibling, and a symlink out of the folder.
std::string make_own_web_root() {
    std::string dir = make_temp_dir("jh-web");
    fs::create_directories(dir + "/assets");
    std::ofstream(dir + "/index.html") << "<!doctype html><html lang=\"de\"><title>Jobhafen</title><div id=\"root\"></div></html>";
    std::string js(4000, 'x');
    std::ofstream(dir + "/assets/app-3f2a9c.js") << js;
    run_shell("gzip -k -9 " + dir + "/assets/app-3f2a9c.js");
    std::ofstream(dir + "/../jh-secret-outside.txt") << "secret";
    fs::create_symlink("/etc/passwd", dir + "/outside.txt");
    return dir;
}

class HttpServer : public ::testing::Test {
protected:
    static void SetUpTestSuite() {
        db_ = new temp_database("http", schema::migrated);
        web_root_ = new std::string(make_own_web_root());
        server_ = new server_process({
            {"JOBHAFEN_DATABASE_URL", db_->url()},
            {"JOBHAFEN_REDIS_URL", shared_redis_url()},
            {"JOBHAFEN_WEB_ROOT", *web_root_},
            {"JOBHAFEN_HTTP_HEADER_TIMEOUT_MS", "1000"},
            {"JOBHAFEN_HTTP_IDLE_TIMEOUT_MS", "1500"},
            {"JOBHAFEN_DIAGNOSTICS_ENABLED", "true"},
            {"JOBHAFEN_LOG_ACCESS", "false"},
        });
        ASSERT_TRUE(server_->wait_ready()) << server_->log();
    }
    static void TearDownTestSuite() {
        delete server_;
        fs::remove_all(*web_root_);
        delete web_root_;
        delete db_;
    }
    static int port() { return server_->port(); }

    static temp_database* db_;
    static std::string* web_root_;
    static server_process* server_;
};
temp_database* HttpServer::db_ = nullptr;
std::string* HttpServer::web_root_ = nullptr;
server_process* HttpServer::server_ = nullptr;

TEST_F(HttpServer, HealthReportsPostgresAndRedis) {
    auto r = http_request(port(), "GET", "/api/health");
    EXPECT_EQ(r.status, 200);
    EXPECT_EQ(r.body, R"({"postgres":"ok","redis":"ok"})");
    EXPECT_EQ(r.header("content-type"), "application/json");
    EXPECT_EQ(r.header("cache-control"), "no-store");
    EXPECT_FALSE(r.header("date").empty());
}

TEST_F(HttpServer, PipelinedRequestsAreAnsweredInOrder) {
    http_connection c(port());
    c.send("GET /api/diagnostics/delay?ms=150 HTTP/1.1\r\nHost: x\r\n\r\n"
           "GET /api/bench/hello HTTP/1.1\r\nHost: x\r\n\r\n"
           "GET /api/nope HTTP/1.1\r\nHost: x\r\n\r\n"
           "GET /api/diagnostics/delay?ms=10 HTTP/1.1\r\nHost: x\r\n\r\n");
    auto a = c.read_reply();
    auto b = c.read_reply();
    auto d = c.read_reply();
    auto e = c.read_reply();
    ASSERT_TRUE(a && b && d && e);
    EXPECT_EQ(a->body, R"({"waited_ms":150})");
    EXPECT_EQ(b->status, 200);
    EXPECT_NE(b->body.find("Hallo Welt"), std::string::npos);
    EXPECT_EQ(d->status, 404);
    EXPECT_EQ(e->body, R"({"waited_ms":10})");
}

TEST_F(HttpServer, ManyPipelinedRequestsInOneWrite) {
    http_connection c(port());
    std::string batch;
    for (int i = 0; i < 500; ++i) batch += "GET /api/bench/hello HTTP/1.1\r\nHost: x\r\n\r\n";
    c.send(batch);
    for (int i = 0; i < 500; ++i) {
        auto r = c.read_reply();
        ASSERT_TRUE(r) << "reply " << i;
        ASSERT_EQ(r->status, 200);
    }
}

TEST_F(HttpServer, BodySplitAcrossManyReads) {
    http_connection c(port());
    std::string body = R"({"name":"Jürgen \"JJ\" Müller","tags":["a","b"],"n":42,"ok":true,"x":null})";
    c.send("POST /api/diagnostics/echo HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: " + std::to_string(body.size()) + "\r\n\r\n");
    for (char ch : body) {
        c.send(std::string(1, ch));
        std::this_thread::sleep_for(1ms);
    }
    auto r = c.read_reply();
    ASSERT_TRUE(r);
    EXPECT_EQ(r->status, 200);
    EXPECT_EQ(r->body, R"({"echo":{"name":"Jürgen \"JJ\" Müller","tags":["a","b"],"n":42,"ok":true,"x":null},"bytes":)" + std::to_string(body.size()) + "}");
}

TEST_F(HttpServer, ChunkedRequestBody) {
    http_connection c(port());
    c.send("POST /api/diagnostics/echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n"
           "5\r\n{\"a\":\r\n"
           "3\r\n\"b\"\r\n"
           "1\r\n}\r\n"
           "0\r\n\r\n");
    auto r = c.read_reply();
    ASSERT_TRUE(r);
    EXPECT_EQ(r->status, 200);
    EXPECT_EQ(r->body, R"({"echo":{"a":"b"},"bytes":9})");
}

TEST_F(HttpServer, MalformedJsonIs400WithJsonBody) {
    auto r = http_request(port(), "POST", "/api/diagnostics/echo", "{\"a\": ", "Content-Type: application/json\r\n");
    EXPECT_EQ(r.status, 400);
    EXPECT_EQ(r.header("content-type"), "application/json");
    EXPECT_NE(r.body.find("\"message\":\"Der Inhalt der Anfrage ist kein gültiges JSON.\""), std::string::npos);
}

TEST_F(HttpServer, ExpectContinueGetsGoAhead) {
    http_connection c(port());
    c.send("POST /api/diagnostics/echo HTTP/1.1\r\nHost: x\r\nContent-Length: 7\r\nExpect: 100-continue\r\n\r\n");
    auto cont = c.read_reply(2s);
    ASSERT_TRUE(cont);
    EXPECT_EQ(cont->status, 100);
    c.send("[1,2,3]");
    auto r = c.read_reply();
    ASSERT_TRUE(r);
    EXPECT_EQ(r->body, R"({"echo":[1,2,3],"bytes":7})");
}

TEST_F(HttpServer, HeadersOver16KiBAre431AndClose) {
    http_connection c(port());
    c.send("GET /api/bench/hello HTTP/1.1\r\nHost: x\r\nX-Big: " + std::string(17 * 1024, 'a') + "\r\n\r\n");
    auto r = c.read_reply();
    ASSERT_TRUE(r);
    EXPECT_EQ(r->status, 431);
    EXPECT_TRUE(c.closed_by_peer());
}

TEST_F(HttpServer, MoreThan100HeadersAre431AndClose) {
    http_connection c(port());
    std::string req = "GET /api/bench/hello HTTP/1.1\r\nHost: x\r\n";
    for (int i = 0; i < 101; ++i) req += "X-H" + std::to_string(i) + ": v\r\n";
    c.send(req + "\r\n");
    auto r = c.read_reply();
    ASSERT_TRUE(r);
    EXPECT_EQ(r->status, 431);
    EXPECT_TRUE(c.closed_by_peer());
}

TEST_F(HttpServer, OversizedBodyIs413BeforeItIsSent) {
    http_connection c(port());
    c.send("POST /api/diagnostics/echo HTTP/1.1\r\nHost: x\r\nContent-Length: 2000000\r\n\r\n");
    auto r = c.read_reply(3s);   // answered without the body ever being sent
    ASSERT_TRUE(r);
    EXPECT_EQ(r->status, 413);
    EXPECT_TRUE(c.closed_by_peer());
}

TEST_F(HttpServer, OversizedChunkedBodyIs413) {
    http_connection c(port());
    c.send("POST /api/diagnostics/echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n");
    std::string chunk(64 * 1024, 'a');
    char size[16];
    std::snprintf(size, sizeof size, "%zx\r\n", chunk.size());
    std::optional<http_reply> r;
    for (int i = 0; i < 20 && !r; ++i) {
        c.send(std::string(size) + chunk + "\r\n");
        r = c.read_reply(50ms);
    }
    if (!r) r = c.read_reply(3s);
    ASSERT_TRUE(r);
    EXPECT_EQ(r->status, 413);
}

TEST_F(HttpServer, IncompleteHeadersAre408AfterTimeout) {
    http_connection c(port());
    c.send("GET /api/bench/hello HTTP/1.1\r\nHost: x\r\n");
    auto r = c.read_reply(4s);
    ASSERT_TRUE(r);
    EXPECT_EQ(r->status, 408);
    EXPECT_TRUE(c.closed_by_peer());
}

TEST_F(HttpServer, IdleKeepAliveConnectionIsClosed) {
    http_connection c(port());
    c.send("GET /api/bench/hello HTTP/1.1\r\nHost: x\r\n\r\n");
    ASSERT_TRUE(c.read_reply());
    EXPECT_FALSE(c.closed_by_peer(500ms));   // still open shortly after the answer
    EXPECT_TRUE(c.closed_by_peer(4s));       // closed after the idle timeout (1.5 s here)
}

// The request-smuggling patterns of ../shared/dependencies.md: each must be 400 and a close.
void expect_400_and_close(int port, const std::string& raw) {
    http_connection c(port);
    c.send(raw);
    auto r = c.read_reply(3s);
    ASSERT_TRUE(r) << raw;
    EXPECT_EQ(r->status, 400) << raw;
    EXPECT_TRUE(c.closed_by_peer()) << raw;
}

TEST_F(HttpServer, BareCarriageReturnIs400) {
    expect_400_and_close(port(), "GET /api/bench/hello HTTP/1.1\r\nHost: x\rX-Evil: 1\r\n\r\n");
}

TEST_F(HttpServer, LeadingSpaceOrObsoleteLineFoldingIs400) {
    expect_400_and_close(port(), "GET /api/bench/hello HTTP/1.1\r\n Host: x\r\n\r\n");
    expect_400_and_close(port(), "GET /api/bench/hello HTTP/1.1\r\nHost: x\r\nX-A: 1\r\n Transfer-Encoding: chunked\r\n\r\n");
}

TEST_F(HttpServer, CrLfCrXEndingTheHeadersIs400) {
    expect_400_and_close(port(), "GET /api/bench/hello HTTP/1.1\r\nHost: x\r\n\rX");
}

TEST_F(HttpServer, ContentLengthWithTransferEncodingIs400) {
    expect_400_and_close(port(), "POST /api/diagnostics/echo HTTP/1.1\r\nHost: x\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n");
}

TEST_F(HttpServer, GarbageIs400) {
    expect_400_and_close(port(), "HELLO THERE\r\n\r\n");
}

TEST_F(HttpServer, UnknownApiPathIs404Json) {
    auto r = http_request(port(), "GET", "/api/does-not-exist");
    EXPECT_EQ(r.status, 404);
    EXPECT_EQ(r.header("content-type"), "application/json");
    EXPECT_NE(r.body.find("nicht gefunden"), std::string::npos);
}

TEST_F(HttpServer, WrongMethodIs405WithAllow) {
    auto r = http_request(port(), "DELETE", "/api/health");
    EXPECT_EQ(r.status, 405);
    EXPECT_EQ(r.header("allow"), "GET, HEAD");
}

TEST_F(HttpServer, HeadHasHeadersButNoBody) {
    http_connection c(port());
    c.send("HEAD /api/bench/hello HTTP/1.1\r\nHost: x\r\n\r\nGET /api/bench/hello HTTP/1.1\r\nHost: x\r\n\r\n");
    auto h = c.read_reply(5s, true);
    ASSERT_TRUE(h);
    EXPECT_EQ(h->status, 200);
    EXPECT_NE(h->header("content-length"), "0");
    auto g = c.read_reply();   // would be garbled if HEAD had sent a body
    ASSERT_TRUE(g);
    EXPECT_EQ(g->status, 200);
    EXPECT_EQ(std::to_string(g->body.size()), h->header("content-length"));
}

TEST_F(HttpServer, Http10ClosesAfterTheAnswer) {
    http_connection c(port());
    c.send("GET /api/bench/hello HTTP/1.0\r\n\r\n");
    auto r = c.read_reply();
    ASSERT_TRUE(r);
    EXPECT_EQ(r->status, 200);
    EXPECT_TRUE(c.closed_by_peer());
}

TEST_F(HttpServer, Http10KeepAliveWhenAsked) {
    http_connection c(port());
    c.send("GET /api/bench/hello HTTP/1.0\r\nConnection: keep-alive\r\n\r\n");
    auto r = c.read_reply();
    ASSERT_TRUE(r);
    EXPECT_EQ(r->header("connection"), "keep-alive");
    c.send("GET /api/bench/hello HTTP/1.0\r\n\r\n");
    EXPECT_TRUE(c.read_reply());
}

TEST_F(HttpServer, IndexHtmlIsNeverCachedAndCarriesSecurityHeaders) {
    auto r = http_request(port(), "GET", "/");
    EXPECT_EQ(r.status, 200);
    EXPECT_EQ(r.header("content-type"), "text/html; charset=utf-8");
    EXPECT_EQ(r.header("cache-control"), "no-cache");
    EXPECT_NE(r.header("content-security-policy").find("frame-ancestors 'none'"), std::string::npos);
    EXPECT_EQ(r.header("x-content-type-options"), "nosniff");
    EXPECT_FALSE(r.header("referrer-policy").empty());
    EXPECT_NE(r.body.find("lang=\"de\""), std::string::npos);
}

TEST_F(HttpServer, AppRoutesAnswerWithIndexHtml) {
    // Each with its own head (actors/content: "title | Jobhafen"); a job that does not exist is
    // still the app, but answers 404 so search engines do not index it (docs/content.md).
    for (const char* path : {"/jobs/suche", "/jobs/promoter-in-berlin-123", "/meine-daten", "/recruiting/hr-wissen"}) {
        auto r = http_request(port(), "GET", path);
        EXPECT_EQ(r.status, std::string_view(path) == "/jobs/promoter-in-berlin-123" ? 404 : 200) << path;
        EXPECT_NE(r.body.find(" | Jobhafen</title>"), std::string::npos) << path;
        EXPECT_NE(r.body.find("<div id=\"root\"></div>"), std::string::npos) << path;
    }
}

TEST_F(HttpServer, HashedAssetsAreImmutableAndServedGzipped) {
    auto plain = http_request(port(), "GET", "/assets/app-3f2a9c.js");
    EXPECT_EQ(plain.status, 200);
    EXPECT_EQ(plain.header("cache-control"), "public, max-age=31536000, immutable");
    EXPECT_EQ(plain.header("content-type"), "text/javascript; charset=utf-8");
    EXPECT_EQ(plain.body.size(), 4000u);
    auto gz = http_request(port(), "GET", "/assets/app-3f2a9c.js", {}, "Accept-Encoding: gzip, deflate\r\n");
    EXPECT_EQ(gz.header("content-encoding"), "gzip");
    EXPECT_EQ(gz.header("vary"), "Accept-Encoding");
    EXPECT_LT(gz.body.size(), 100u);
}

TEST_F(HttpServer, MissingAssetIs404NotTheApp) {
    auto r = http_request(port(), "GET", "/assets/missing-123.js");
    EXPECT_EQ(r.status, 404);
}

TEST_F(HttpServer, MatchingETagGives304) {
    auto first = http_request(port(), "GET", "/index.html");
    std::string etag = first.header("etag");
    ASSERT_FALSE(etag.empty());
    auto second = http_request(port(), "GET", "/index.html", {}, "If-None-Match: " + etag + "\r\n");
    EXPECT_EQ(second.status, 304);
    EXPECT_TRUE(second.body.empty());
    EXPECT_EQ(second.header("etag"), etag);
    auto other = http_request(port(), "GET", "/index.html", {}, "If-None-Match: \"something-else\"\r\n");
    EXPECT_EQ(other.status, 200);
}

TEST_F(HttpServer, TraversalAttemptsNeverReachAFileOutside) {
    for (const char* path : {"/../jh-secret-outside.txt", "/%2e%2e/jh-secret-outside.txt", "/assets/..%2f..%2fjh-secret-outside.txt",
                             "/assets/%2E%2E/%2E%2E/etc/passwd", "/..%5c..%5cetc/passwd", "/outside.txt", "/a%00b.txt",
                             "/%2e%2e%2f%2e%2e%2f%2e%2e%2fetc%2fpasswd"}) {
        auto r = http_request(port(), "GET", path);
        EXPECT_TRUE(r.status == 404 || r.status == 400) << path << " gave " << r.status;
        EXPECT_EQ(r.body.find("secret"), std::string::npos) << path;
        EXPECT_EQ(r.body.find("root:"), std::string::npos) << path;
    }
}

TEST_F(HttpServer, LargeAnswersAreGzippedWhenAccepted) {
    std::string body = "[";
    for (int i = 0; i < 300; ++i) body += std::string(i ? "," : "") + "\"Promotion in München\"";
    body += "]";
    auto r = http_request(port(), "POST", "/api/diagnostics/echo", body, "Accept-Encoding: gzip\r\n");
    EXPECT_EQ(r.status, 200);
    EXPECT_EQ(r.header("content-encoding"), "gzip");
    z_stream zs{};
    inflateInit2(&zs, 15 + 16);
    std::string out(body.size() * 2, '\0');
    zs.next_in = reinterpret_cast<Bytef*>(r.body.data());
    zs.avail_in = static_cast<uInt>(r.body.size());
    zs.next_out = reinterpret_cast<Bytef*>(out.data());
    zs.avail_out = static_cast<uInt>(out.size());
    EXPECT_EQ(inflate(&zs, Z_FINISH), Z_STREAM_END);
    out.resize(zs.total_out);
    inflateEnd(&zs);
    EXPECT_NE(out.find("Promotion in München"), std::string::npos);
}

TEST_F(HttpServer, MetricsFromLoopbackInPrometheusFormat) {
    http_request(port(), "GET", "/api/bench/hello");
    // Gauges are refreshed by each loop once a second: wait for the first refresh after start.
    http_reply r;
    for (int i = 0; i < 40; ++i) {
        r = http_request(port(), "GET", "/metrics");
        if (r.body.find("jobhafen_redis_connected{loop=\"0\"} 1") != std::string::npos) break;
        std::this_thread::sleep_for(100ms);
    }
    EXPECT_EQ(r.status, 200);
    EXPECT_NE(r.header("content-type").find("text/plain; version=0.0.4"), std::string::npos);
    EXPECT_NE(r.body.find("jobhafen_http_requests_total{route=\"GET /api/bench/hello\",status=\"2xx\"}"), std::string::npos);
    EXPECT_NE(r.body.find("jobhafen_http_request_duration_seconds_bucket"), std::string::npos);
    EXPECT_NE(r.body.find("jobhafen_open_connections"), std::string::npos);
    EXPECT_NE(r.body.find("jobhafen_db_pool_in_use"), std::string::npos);
    EXPECT_NE(r.body.find("jobhafen_redis_connected{loop=\"0\"} 1"), std::string::npos);
}

TEST(HttpServerConfig, MetricsRefusedForAddressesNotAllowed) {
    temp_database db("metrics", schema::migrated);
    server_process s({{"JOBHAFEN_DATABASE_URL", db.url()}, {"JOBHAFEN_REDIS_URL", shared_redis_url()},
                      {"JOBHAFEN_HTTP_METRICS_ALLOW", "10.1.2.3"}});
    ASSERT_TRUE(s.wait_ready()) << s.log();
    EXPECT_EQ(http_request(s.port(), "GET", "/metrics").status, 404);
}

TEST(HttpServerConfig, UnknownKeyStopsTheStartNamingIt) {
    auto [code, out] = run_jobhafen({{"JOBHAFEN_HTTP_PROT", "8080"}}, {"serve"});
    EXPECT_NE(code, 0);
    EXPECT_NE(out.find("JOBHAFEN_HTTP_PROT"), std::string::npos) << out;
    auto [code2, out2] = run_jobhafen({{"JOBHAFEN_HTTP_PORT", "99999"}}, {"serve"});
    EXPECT_NE(code2, 0);
    EXPECT_NE(out2.find("http.port"), std::string::npos) << out2;
}

TEST(HttpServerLifecycle, SigtermFinishesTheSlowRequestAndExitsZero) {
    temp_database db("sigterm", schema::migrated);
    server_process s({{"JOBHAFEN_DATABASE_URL", db.url()}, {"JOBHAFEN_REDIS_URL", shared_redis_url()},
                      {"JOBHAFEN_DIAGNOSTICS_ENABLED", "true"}});
    ASSERT_TRUE(s.wait_ready()) << s.log();
    http_connection slow(s.port());
    slow.send("GET /api/diagnostics/delay?ms=1500 HTTP/1.1\r\nHost: x\r\n\r\n");
    std::this_thread::sleep_for(200ms);
    auto t0 = std::chrono::steady_clock::now();
    s.signal(SIGTERM);
    auto r = slow.read_reply(5s);
    ASSERT_TRUE(r) << s.log();
    EXPECT_EQ(r->status, 200);
    EXPECT_EQ(r->body, R"({"waited_ms":1500})");
    EXPECT_EQ(s.wait_exit(10s), 0) << s.log();
    EXPECT_LT(std::chrono::steady_clock::now() - t0, 10s);
}

// The loops bind with SO_REUSEPORT, which would let a second jobhafen of the same user join the
// port and silently take part of the first one's connections (with its own database and config).
// The second one must stop naming the taken port, and the first keep answering every request.
TEST(HttpServerLifecycle, ASecondServerOnATakenPortStopsInsteadOfSharingIt) {
    temp_database db("takenport", schema::migrated);
    const std::map<std::string, std::string> env{{"JOBHAFEN_DATABASE_URL", db.url()}, {"JOBHAFEN_REDIS_URL", shared_redis_url()}};
    server_process first(env);
    ASSERT_TRUE(first.wait_ready()) << first.log();
    auto second_env = env;
    second_env["JOBHAFEN_HTTP_PORT"] = std::to_string(first.port());
    second_env["JOBHAFEN_ZMQ_PUBLISH_ENDPOINT"] = "tcp://127.0.0.1:" + std::to_string(free_port());
    second_env["JOBHAFEN_ZMQ_REQUEST_ENDPOINT"] = "tcp://127.0.0.1:" + std::to_string(free_port());
    server_process second(second_env);
    EXPECT_FALSE(second.wait_ready(30s)) << second.log();
    EXPECT_TRUE(second.has_exited()) << second.log();
    EXPECT_NE(second.log().find("address already in use"), std::string::npos) << second.log();
    for (int i = 0; i < 20; ++i) EXPECT_EQ(http_request(first.port(), "GET", "/api/health").status, 200) << first.log();
}

TEST(HttpServerResilience, RedisStoppedMakesHealth503ThenRecovers) {
    temp_database db("redisdown", schema::migrated);
    redis_instance redis;
    server_process s({{"JOBHAFEN_DATABASE_URL", db.url()}, {"JOBHAFEN_REDIS_URL", redis.url()}});
    ASSERT_TRUE(s.wait_ready()) << s.log();
    auto healthy = [&] { return http_request(s.port(), "GET", "/api/health"); };
    for (int i = 0; i < 50 && healthy().status != 200; ++i) std::this_thread::sleep_for(100ms);
    EXPECT_EQ(healthy().status, 200);
    redis.stop();
    auto down = healthy();
    EXPECT_EQ(down.status, 503);
    EXPECT_EQ(down.body, R"({"postgres":"ok","redis":"unavailable"})");
    redis.start();
    int status = 0;
    for (int i = 0; i < 100 && (status = healthy().status) != 200; ++i) std::this_thread::sleep_for(100ms);
    EXPECT_EQ(status, 200) << s.log();
}

TEST(HttpServerResilience, PostgresRestartGives503sThenRecoversWithoutRestartingJobhafen) {
    pg_instance pg;
    redis_instance redis;
    server_process s({{"JOBHAFEN_DATABASE_URL", pg.url()}, {"JOBHAFEN_REDIS_URL", redis.url()}});
    ASSERT_TRUE(s.wait_ready()) << s.log();
    auto health = [&] { return http_request(s.port(), "GET", "/api/health").status; };
    for (int i = 0; i < 50 && health() != 200; ++i) std::this_thread::sleep_for(100ms);
    ASSERT_EQ(health(), 200);

    // Requests keep running while PostgreSQL restarts: each answers 200 or 503, none hangs.
    std::atomic<bool> done{false};
    std::atomic<int> ok{0}, unavailable{0}, other{0};
    std::thread load([&] {
        while (!done) {
            auto t0 = std::chrono::steady_clock::now();
            int st = health();
            EXPECT_LT(std::chrono::steady_clock::now() - t0, 6s);
            (st == 200 ? ok : st == 503 ? unavailable : other)++;
        }
    });
    pg.stop();
    std::this_thread::sleep_for(500ms);
    pg.start();
    std::this_thread::sleep_for(300ms);
    done = true;
    load.join();
    EXPECT_GT(unavailable.load(), 0);
    EXPECT_EQ(other.load(), 0);
    int status = 0;
    for (int i = 0; i < 100 && (status = health()) != 200; ++i) std::this_thread::sleep_for(100ms);
    EXPECT_EQ(status, 200) << s.log();
}

}  // namespace
}  // namespace jh::test
