// log_line_test.cpp: the JSON log lines a log shipper reads (reactor/log_line.h): valid JSON with
// every field by name, hostile messages kept as text, the request id lifted into its own field.
#include <gtest/gtest.h>
#include <simdjson.h>

#include "reactor/log_line.h"

namespace jh {
namespace {

simdjson::dom::element parse_line(simdjson::dom::parser& parser, const std::string& line) {
    EXPECT_FALSE(line.empty());
    EXPECT_EQ(line.back(), '\n');
    EXPECT_EQ(line.find('\n'), line.size() - 1) << "one line per entry";
    return parser.parse(line).value();
}

TEST(LogLine, FormatNamesAreTextAndJsonOnly) {
    EXPECT_EQ(parse_log_format("text"), log_format::text);
    EXPECT_EQ(parse_log_format("json"), log_format::json);
    EXPECT_FALSE(parse_log_format("JSON"));
    EXPECT_FALSE(parse_log_format(""));
}

TEST(LogLine, AMessageWithQuotesAndNewlinesStaysOneValidLine) {
    std::string line;
    append_json_log_line(line, "2026-11-24T10:00:00.123Z", "warning", 42, "header \"X\"\nholds\tCR\r and \\ and ü");
    simdjson::dom::parser parser;
    auto doc = parse_line(parser, line);
    EXPECT_EQ(std::string_view(doc["time"].get_string().value()), "2026-11-24T10:00:00.123Z");
    EXPECT_EQ(std::string_view(doc["level"].get_string().value()), "warning");
    EXPECT_EQ(doc["thread"].get_uint64().value(), 42u);
    EXPECT_EQ(std::string_view(doc["message"].get_string().value()), "header \"X\"\nholds\tCR\r and \\ and ü");
    EXPECT_TRUE(doc["requestId"].error()) << "no id, no field";
}

TEST(LogLine, ATrailingRequestIdBecomesItsOwnField) {
    std::string line;
    append_json_log_line(line, "t", "info", 1, "mail sent: job 17 (account_confirmation) rid=c0ffee-1");
    simdjson::dom::parser parser;
    auto doc = parse_line(parser, line);
    EXPECT_EQ(std::string_view(doc["message"].get_string().value()), "mail sent: job 17 (account_confirmation)");
    EXPECT_EQ(std::string_view(doc["requestId"].get_string().value()), "c0ffee-1");

    std::string none;
    append_json_log_line(none, "t", "info", 1, "queued without a request rid=-");
    auto doc2 = parse_line(parser, none);
    EXPECT_EQ(std::string_view(doc2["message"].get_string().value()), "queued without a request");
    EXPECT_TRUE(doc2["requestId"].error());

    std::string inside;
    append_json_log_line(inside, "t", "info", 1, "rid= is not at the end here");
    auto doc3 = parse_line(parser, inside);
    EXPECT_EQ(std::string_view(doc3["message"].get_string().value()), "rid= is not at the end here");
}

TEST(LogLine, AnAccessLineCarriesEveryFieldByName) {
    std::string line;
    append_json_access_line(line, {.time = "2026-11-24T10:00:00.001Z", .loop = 1, .method = "GET", .target = "/api/job_postings?q=\"<x>\"",
                                   .status = 200, .bytes = 1234, .micros = 567, .client = "203.0.113.7", .request_id = "abc-2"});
    simdjson::dom::parser parser;
    auto doc = parse_line(parser, line);
    EXPECT_EQ(std::string_view(doc["level"].get_string().value()), "access");
    EXPECT_EQ(doc["loop"].get_int64().value(), 1);
    EXPECT_EQ(std::string_view(doc["method"].get_string().value()), "GET");
    EXPECT_EQ(std::string_view(doc["target"].get_string().value()), "/api/job_postings?q=\"<x>\"");
    EXPECT_EQ(doc["status"].get_int64().value(), 200);
    EXPECT_EQ(doc["bytes"].get_uint64().value(), 1234u);
    EXPECT_EQ(doc["micros"].get_uint64().value(), 567u);
    EXPECT_EQ(std::string_view(doc["client"].get_string().value()), "203.0.113.7");
    EXPECT_EQ(std::string_view(doc["requestId"].get_string().value()), "abc-2");
}

}  // namespace
}  // namespace jh
