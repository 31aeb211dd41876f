// json_log_test.cpp: log.format "json" from outside. The real `jobhafen serve` writes every line
// of its output, the access lines included, as one JSON object a log shipper can read, and the
// request id HAProxy passed is a field of the access line.
#include <gtest/gtest.h>
#include <simdjson.h>

#include <chrono>
#include <sstream>
#include <thread>

#include "tests/support/harness.h"

namespace jh::test {
namespace {

using namespace std::chrono_literals;

TEST(JsonLog, EveryLineIsJsonAndTheAccessLineNamesItsRequest) {
    temp_database db("json_log", schema::migrated);
    server_process server({{"JOBHAFEN_DATABASE_URL", db.url()},
                           {"JOBHAFEN_REDIS_URL", shared_redis_url()},
                           {"JOBHAFEN_LOG_ACCESS", "true"},
                           {"JOBHAFEN_LOG_FORMAT", "json"}});
    ASSERT_TRUE(server.wait_ready()) << server.log();
    auto r = http_request(server.port(), "GET", "/api/bench/hello?token=secret-value", {}, "X-Request-Id: json-log-1\r\n");
    EXPECT_EQ(r.status, 200);

    simdjson::dom::parser parser;
    bool access_seen = false;
    for (int attempt = 0; attempt < 50 && !access_seen; ++attempt) {
        std::this_thread::sleep_for(50ms);
        std::istringstream lines(server.log());
        std::string line;
        int parsed = 0;
        while (std::getline(lines, line)) {
            if (line.empty() || line.front() != '{') continue;   // the harness's own lines, if any
            auto doc = parser.parse(line);
            ASSERT_FALSE(doc.error()) << "not JSON: " << line;
            ++parsed;
            std::string_view level = doc["level"].get_string().value();
            if (level != "access") continue;
            std::string_view target = doc["target"].get_string().value();
            if (!target.starts_with("/api/bench/hello")) continue;
            EXPECT_EQ(target.find("secret-value"), std::string_view::npos) << "the token reached the log: " << line;
            EXPECT_EQ(std::string_view(doc["requestId"].get_string().value()), "json-log-1");
            EXPECT_EQ(doc["status"].get_int64().value(), 200);
            access_seen = true;
        }
        EXPECT_GT(parsed, 0) << server.log();
    }
    EXPECT_TRUE(access_seen) << server.log();
    // No line of the server's own output is left in the text form.
    EXPECT_EQ(server.log().find(" info ["), std::string::npos) << server.log();
}

TEST(JsonLog, AnUnknownFormatStopsTheStartWithItsKey) {
    temp_database db("json_log_bad", schema::migrated);
    server_process server({{"JOBHAFEN_DATABASE_URL", db.url()},
                           {"JOBHAFEN_REDIS_URL", shared_redis_url()},
                           {"JOBHAFEN_LOG_FORMAT", "yaml"}});
    EXPECT_FALSE(server.wait_ready());
    EXPECT_NE(server.log().find("log.format"), std::string::npos) << server.log();
}

}  // namespace
}  // namespace jh::test
