// Unit tests of the one job filter (search/job_filter.h) beyond the query rules of
// jobs_filter_test.cpp: the decoder reads a query string like the HTTP reader, multi-search's
// parameter lists read like the same query string, and the filter's SQL arguments are
// jh_job_search's, in its order.
#include <gtest/gtest.h>

#include "reactor/app_error.h"
#include "reactor/http_message.h"
#include "search/job_filter.h"

namespace jh {
namespace {

TEST(JobFilterModule, BigintArraysReadBackAsWritten) {
    const std::vector<std::int64_t> ids{3, 7, 9007199254740993};
    EXPECT_EQ(search::parse_bigint_array_text(search::bigint_array_text(ids)), ids);
    EXPECT_EQ(search::parse_bigint_array_text("{3,7,9007199254740993}"), ids);
    EXPECT_TRUE(search::parse_bigint_array_text("{}").empty());
    EXPECT_TRUE(search::parse_bigint_array_text("").empty());
}

TEST(JobFilterModule, DecodesLikeTheHttpReader) {
    auto p = search::filter_params::decode("q=M%C3%BCller+Stra%C3%9Fe&activity[]=a&activity[]=b,c&bad=%zz&&x=%00&city=berlin");
    EXPECT_EQ(p.first("q"), "Müller Straße");
    EXPECT_EQ(p.list({"activity[]"}), (std::vector<std::string>{"a", "b", "c"}));
    EXPECT_FALSE(p.first("bad")) << "a broken escape is left out";
    EXPECT_FALSE(p.first("x")) << "an encoded NUL is left out";
    EXPECT_EQ(p.first_of({"town", "city"}), "berlin");

    // The same query as the routes read it (a refusal a 400) and as the alerts worker does: one filter.
    http_request r;
    r.target = "/api/job_postings?q=K%C3%A4se&city=muenchen&distance=500&activity=promotion,messehostess&top_job=0";
    r.query = std::string_view(r.target).substr(18);
    auto server = bad_request_unless(search::parse_job_filter(r.query));
    auto worker = search::parse_job_filter(r.query);
    ASSERT_TRUE(server && worker);
    EXPECT_EQ(server->q, worker->q);
    EXPECT_EQ(*worker->q, "Käse");
    EXPECT_EQ(worker->radius_m, 500000);
    EXPECT_EQ(server->activities, worker->activities);
    EXPECT_EQ(worker->top_job, std::optional<bool>(false));
}

TEST(JobFilterModule, ParameterListsReadLikeTheQueryString) {
    search::filter_params p;
    p.add("q", "Gäste");
    p.add("activity[]", "servicekraft");
    p.add("activity[]", "barkeeper");
    p.add("lat", "52.52");
    p.add("lon", "13.405");
    p.add("distance", "10");
    auto from_list = search::read_job_filter(p);
    auto from_query = search::parse_job_filter("q=G%C3%A4ste&activity[]=servicekraft&activity[]=barkeeper&lat=52.52&lon=13.405&distance=10");
    ASSERT_TRUE(from_list && from_query);
    EXPECT_EQ(search::job_search_arguments(*from_list, std::nullopt, 0), search::job_search_arguments(*from_query, std::nullopt, 0));

    search::filter_params wrong;
    wrong.add("distance", "30");
    wrong.add("lat", "52.52");
    wrong.add("lon", "13.4");
    auto refused = search::read_job_filter(wrong);
    ASSERT_FALSE(refused);
    EXPECT_EQ(refused.error(), "Die Entfernung muss 10, 25, 50, 100, 250 oder 500 km sein.");
}

TEST(JobFilterModule, SqlArgumentsFollowJhJobSearch) {
    auto f = search::parse_job_filter(
        "q=Promotion&activity=promotion,verkostung&jobType=messejobs&lat=51.31&lon=9.48&distance=500&interval_created=24h"
        "&top_job=1&sponsored=0&id[]=7&id[]=3&organization=12&notYetAppliedTo=1&sort=newest&page=3&itemsPerPage=10");
    ASSERT_TRUE(f) << f.error();
    auto a = search::job_search_arguments(*f, 99, 20);
    ASSERT_EQ(a.size(), 22u);
    using o = std::optional<std::string>;
    EXPECT_EQ(a[0], o("Promotion"));
    EXPECT_EQ(a[1], o("{promotion,verkostung}"));
    EXPECT_EQ(a[2], std::nullopt);
    EXPECT_EQ(a[4], o("messejobs"));
    EXPECT_EQ(a[5], o("51.31"));
    EXPECT_EQ(a[6], o("9.48"));
    ASSERT_TRUE(a[7]);
    EXPECT_EQ(std::stod(*a[7]), 500000.0);   // float8 text
    EXPECT_EQ(a[8], o("86400"));
    EXPECT_EQ(a[9], o("true"));
    EXPECT_EQ(a[13], std::nullopt);
    EXPECT_EQ(a[12], o("false"));
    EXPECT_EQ(a[14], o("{3,7}"));
    EXPECT_EQ(a[15], o("12"));
    EXPECT_EQ(a[16], o("99"));
    EXPECT_EQ(a[17], o("newest"));
    EXPECT_EQ(a[18], o("10"));
    EXPECT_EQ(a[19], o("20"));
    EXPECT_EQ(a[20], std::nullopt);   // no shift dates
    EXPECT_EQ(a[21], std::nullopt);
    // Past the result window: the count only.
    auto late = search::job_search_arguments(*f, std::nullopt, 1200);
    EXPECT_EQ(late[16], std::nullopt);
    EXPECT_EQ(late[18], o("0"));
    EXPECT_EQ(late[19], o("1000"));
}

}  // namespace
}  // namespace jh
