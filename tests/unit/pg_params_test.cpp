// pg_params_test.cpp: how bound parameters are written as text, and how a database error
// becomes an app_error. No server needed.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>

#include "reactor/pg.h"

namespace {

using jh::pg::params;

std::string at(const params& p, int i) {
    auto ptrs = p.pointers();
    return ptrs.at(static_cast<std::size_t>(i)) ? ptrs[static_cast<std::size_t>(i)] : "<null>";
}

TEST(PgParams, StringsArePassedVerbatim) {
    params p;
    std::string s = "Müller & Söhne";
    p.add("a").add(std::string_view("b'c")).add(s).add(std::string("'); DROP TABLE jobs; --"));
    ASSERT_EQ(p.count(), 4);
    EXPECT_EQ(at(p, 0), "a");
    EXPECT_EQ(at(p, 1), "b'c");
    EXPECT_EQ(at(p, 2), "Müller & Söhne");
    EXPECT_EQ(at(p, 3), "'); DROP TABLE jobs; --");
}

TEST(PgParams, EmptyStringIsNotNull) {
    params p;
    p.add("");
    auto ptrs = p.pointers();
    ASSERT_NE(ptrs[0], nullptr);
    EXPECT_STREQ(ptrs[0], "");
}

TEST(PgParams, Integers) {
    params p;
    p.add(0).add(-42).add(std::numeric_limits<std::int64_t>::max()).add(std::numeric_limits<std::int64_t>::min());
    EXPECT_EQ(at(p, 0), "0");
    EXPECT_EQ(at(p, 1), "-42");
    EXPECT_EQ(at(p, 2), "9223372036854775807");
    EXPECT_EQ(at(p, 3), "-9223372036854775808");
}

TEST(PgParams, DoublesReadBackExactly) {
    params p;
    p.add(0.1).add(-2.5).add(1e300).add(48.137154);
    EXPECT_EQ(at(p, 0), "0.1");
    EXPECT_EQ(at(p, 1), "-2.5");
    EXPECT_EQ(std::stod(at(p, 2)), 1e300);
    EXPECT_EQ(at(p, 3), "48.137154");
}

TEST(PgParams, DoublesSpecialValuesUsePostgresSpelling) {
    params p;
    p.add(std::nan("")).add(std::numeric_limits<double>::infinity()).add(-std::numeric_limits<double>::infinity());
    EXPECT_EQ(at(p, 0), "NaN");
    EXPECT_EQ(at(p, 1), "Infinity");
    EXPECT_EQ(at(p, 2), "-Infinity");
}

TEST(PgParams, Booleans) {
    params p;
    p.add(true).add(false);
    EXPECT_EQ(at(p, 0), "true");
    EXPECT_EQ(at(p, 1), "false");
}

TEST(PgParams, NullAndOptional) {
    params p;
    std::optional<std::string> none;
    std::optional<std::string> some = "x";
    std::optional<std::int64_t> n = 7;
    const char* null_text = nullptr;
    p.add(std::nullopt).add(none).add(some).add(n).add(null_text);
    auto ptrs = p.pointers();
    ASSERT_EQ(ptrs.size(), 5u);
    EXPECT_EQ(ptrs[0], nullptr);
    EXPECT_EQ(ptrs[1], nullptr);
    EXPECT_STREQ(ptrs[2], "x");
    EXPECT_STREQ(ptrs[3], "7");
    EXPECT_EQ(ptrs[4], nullptr);
}

TEST(PgParams, PointersStayValidWhileAdding) {
    params p;
    p.add("first");
    const char* first = p.pointers()[0];
    for (int i = 0; i < 1000; ++i) p.add(i);
    EXPECT_EQ(p.pointers()[0], first);
    EXPECT_EQ(at(p, 1000), "999");
}

TEST(PgParams, SurviveAMove) {
    params p;
    p.add("a").add(std::nullopt).add(3);
    params q = std::move(p);
    EXPECT_EQ(q.count(), 3);
    EXPECT_EQ(at(q, 0), "a");
    EXPECT_EQ(q.pointers()[1], nullptr);
    EXPECT_EQ(at(q, 2), "3");
}

TEST(PgError, UnavailableMapsTo503InGerman) {
    jh::pg::error e{true, {}, "connection refused"};
    auto a = e.to_app_error();
    EXPECT_EQ(a.kind, jh::error_kind::unavailable);
    EXPECT_EQ(a.message, "Die Datenbank ist gerade nicht erreichbar. Bitte versuche es gleich noch einmal.");
}

TEST(PgError, SqlErrorMapsTo500WithoutTheSqlMessage) {
    jh::pg::error e{false, "42P01", "relation \"secret_table\" does not exist"};
    auto a = e.to_app_error();
    EXPECT_EQ(a.kind, jh::error_kind::internal);
    EXPECT_EQ(a.message, "Ein interner Fehler ist aufgetreten.");
    EXPECT_EQ(a.message.find("secret"), std::string::npos);
}

// A full disk (53100) or another missing resource of the server's (class 53) is no bug of ours: the
// visitor hears in German that nothing was stored and to try again in a few minutes (issue 46 item 4).
TEST(PgError, AFullDiskMapsTo503WithRetryAfterInGerman) {
    for (const char* state : {"53100", "53200", "53300"}) {
        jh::pg::error e{false, state, "could not extend file \"base/16384/16385\": No space left on device"};
        auto a = e.to_app_error();
        EXPECT_EQ(a.kind, jh::error_kind::unavailable) << state;
        EXPECT_EQ(a.message, "Gerade können wir nichts speichern. Bitte in ein paar Minuten noch einmal versuchen.");
        EXPECT_EQ(a.retry_after_s, 60);
        EXPECT_EQ(a.message.find("base/"), std::string::npos);
    }
    EXPECT_EQ((jh::pg::error{false, "54000", "too many columns"}).to_app_error().kind, jh::error_kind::internal);
}

TEST(PgError, UniqueViolation) {
    EXPECT_TRUE((jh::pg::error{false, "23505", "duplicate key"}).unique_violation());
    EXPECT_FALSE((jh::pg::error{false, "23503", "foreign key"}).unique_violation());
}

TEST(PgResultSet, EmptyResultHasNoRows) {
    jh::pg::result_set r;
    EXPECT_EQ(r.rows(), 0);
    EXPECT_EQ(r.columns(), 0);
    EXPECT_EQ(r.column("id"), -1);
    EXPECT_EQ(r.affected(), 0);
}

}  // namespace
