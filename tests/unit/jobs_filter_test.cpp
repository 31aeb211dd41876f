// Unit tests of the job search's query reading (search/job_filter.h, as the routes read it: a refusal is a 400) and the strict value
// readers it uses (search/query_values.h).
#include <gtest/gtest.h>

#include "reactor/app_error.h"
#include "reactor/http_message.h"
#include "search/job_filter.h"
#include "search/query_values.h"

namespace jh {
namespace {

http_request with_query(const std::string& q) {
    http_request r;
    r.target = "/api/job_postings?" + q;
    r.path = "/api/job_postings";
    r.query = std::string_view(r.target).substr(18);
    return r;
}

result<search::job_filter> parse(const std::string& q) {
    auto r = with_query(q);
    return bad_request_unless(search::parse_job_filter(r.query));
}

TEST(JobsQueryValues, DistanceOnlyTheOfferedValues) {
    for (int km : {10, 25, 50, 100, 250, 500}) {
        EXPECT_EQ(search::parse_distance_m(std::to_string(km)), km * 1000);
        EXPECT_EQ(search::parse_distance_m(std::to_string(km * 1000)), km * 1000);
    }
    for (const char* bad : {"0", "30", "49", "1000", "-50", "50km", "", "5e1", "50.0", "500001"})
        EXPECT_FALSE(search::parse_distance_m(bad)) << bad;
}

TEST(JobsQueryValues, ReleasePeriods) {
    EXPECT_EQ(search::parse_interval_s("1h"), 3600);
    EXPECT_EQ(search::parse_interval_s("4h"), 4 * 3600);
    EXPECT_EQ(search::parse_interval_s("24h"), 86400);
    EXPECT_EQ(search::parse_interval_s("1d"), 86400);
    EXPECT_EQ(search::parse_interval_s("1"), 86400);
    EXPECT_EQ(search::parse_interval_s("3d"), 3 * 86400);
    EXPECT_EQ(search::parse_interval_s("7"), 7 * 86400);
    for (const char* bad : {"2h", "30d", "", "1w", "-1"}) EXPECT_FALSE(search::parse_interval_s(bad)) << bad;
}

TEST(JobsQueryValues, StrictNumbers) {
    EXPECT_EQ(search::parse_id("42"), 42);
    EXPECT_FALSE(search::parse_id("0"));
    EXPECT_FALSE(search::parse_id("-3"));
    EXPECT_FALSE(search::parse_id("12abc"));
    EXPECT_FALSE(search::parse_id("+5"));
    EXPECT_FALSE(search::parse_id("99999999999999999999"));
    EXPECT_EQ(search::parse_number("52.52"), 52.52);
    EXPECT_EQ(search::parse_number("-0.5"), -0.5);
    for (const char* bad : {"nan", "inf", "1e5", "", "52,5", "1.2.3x"}) EXPECT_FALSE(search::parse_number(bad)) << bad;
    EXPECT_EQ(search::parse_flag("TRUE"), true);
    EXPECT_EQ(search::parse_flag("0"), false);
    EXPECT_FALSE(search::parse_flag("maybe"));
    EXPECT_TRUE(search::valid_slug("auf-und-abbauhelfer"));
    EXPECT_TRUE(search::valid_slug("part_time_mini"));
    EXPECT_FALSE(search::valid_slug("Promotion"));
    EXPECT_FALSE(search::valid_slug("a b"));
    EXPECT_FALSE(search::valid_slug(""));
}

TEST(JobsFilter, DefaultsAndFullQuery) {
    auto f = parse("isPublished=1");
    ASSERT_TRUE(f);
    EXPECT_EQ(f->page, 1);
    EXPECT_EQ(f->items_per_page, 20);
    EXPECT_TRUE(f->only_job_type());

    f = parse("isPublished=1&q=Promotion+Hamburg&activity[]=promotion&activity[]=Sampling&employmentType=student"
              "&jobType=messejobs&lat=52.52&lon=13.405&distance=25&interval_created=3d&top_job=1&sponsored=0"
              "&id[]=5&id[]=3&id[]=5&organization=9&sort=distance&page=3&itemsPerPage=50");
    ASSERT_TRUE(f) << f.error().message;
    EXPECT_EQ(f->q, "Promotion Hamburg");
    EXPECT_EQ(f->activities, (std::vector<std::string>{"promotion", "sampling"}));
    EXPECT_EQ(f->employment_types, (std::vector<std::string>{"student"}));
    EXPECT_EQ(f->job_type, "messejobs");
    EXPECT_EQ(f->lat, 52.52);
    EXPECT_EQ(f->radius_m, 25000);
    EXPECT_EQ(f->since_s, 3 * 86400);
    EXPECT_EQ(f->top_job, true);
    EXPECT_EQ(f->sponsored, false);
    EXPECT_FALSE(f->top_offer);
    EXPECT_EQ(f->ids, (std::vector<std::int64_t>{3, 5}));
    EXPECT_EQ(f->organization_id, 9);
    EXPECT_EQ(f->sort, "distance");
    EXPECT_EQ(f->page, 3);
    EXPECT_EQ(f->items_per_page, 50);
    EXPECT_FALSE(f->only_job_type());
}

TEST(JobsFilter, PlaceForms) {
    auto city = parse("city=berlin");
    ASSERT_TRUE(city);
    EXPECT_EQ(city->city, "berlin");
    EXPECT_EQ(city->radius_m, 50000);
    auto geo = parse("geoCluster_typesense=(48.13,%2011.57,%20100%20km)");
    ASSERT_TRUE(geo) << geo.error().message;
    EXPECT_EQ(geo->lat, 48.13);
    EXPECT_EQ(geo->lon, 11.57);
    EXPECT_EQ(geo->radius_m, 100000);
    EXPECT_EQ(parse("lat=50&lon=8")->radius_m, 50000);
    EXPECT_FALSE(parse("geoCluster_typesense=(48.13,%2011.57,%2030%20km)"));
    EXPECT_FALSE(parse("distance=50"));
    EXPECT_FALSE(parse("lat=50"));
    EXPECT_FALSE(parse("lat=50&lon=8&distance=30"));
    EXPECT_FALSE(parse("city=berlin&lat=50&lon=8"));
    EXPECT_FALSE(parse("city=Berlin%20Mitte"));
}

// Bytes that are no UTF-8 are a 400 here, not a 500 from PostgreSQL's refusal (review 29).
TEST(JobsFilter, TextThatIsNoUtf8IsRefused) {
    for (const char* q : {"q=%C3%28", "what=%ff", "wo=%ED%A0%80", "q=%C0%AF", "q=%F4%90%80%80", "q=%E2%82"}) {
        auto f = parse(q);
        ASSERT_FALSE(f) << q;
        EXPECT_EQ(f.error().kind, error_kind::bad_request) << q;
        EXPECT_NE(f.error().message.find("UTF-8"), std::string::npos) << q;
    }
    EXPECT_TRUE(parse("q=M%C3%BCnchen%20K%C3%B6ln"));
    EXPECT_TRUE(parse("q=%F0%9F%98%80"));   // 4 bytes, an emoji: text, if no job has it
}

TEST(JobsFilter, BoundsAndRefusals) {
    std::string ids;
    for (int i = 1; i <= 100; ++i) ids += "id[]=" + std::to_string(i) + "&";
    EXPECT_TRUE(parse(ids));
    EXPECT_FALSE(parse(ids + "id[]=101"));
    EXPECT_FALSE(parse("id[]=abc"));
    EXPECT_FALSE(parse("q=" + std::string(1001, 'x')));
    EXPECT_TRUE(parse("q=" + std::string(1000, 'x')));
    EXPECT_FALSE(parse("itemsPerPage=101"));
    EXPECT_FALSE(parse("itemsPerPage=0"));
    EXPECT_FALSE(parse("page=0"));
    EXPECT_FALSE(parse("isPublished=0"));
    EXPECT_FALSE(parse("jobType=putzjobs"));
    EXPECT_FALSE(parse("sort=price"));
    EXPECT_FALSE(parse("sort=distance"));
    EXPECT_FALSE(parse("top_offer=vielleicht"));
    EXPECT_FALSE(parse("activity=%27%3Bdrop"));
    EXPECT_FALSE(parse("recommend=0"));
    EXPECT_EQ(parse("recommend=30")->recommend_days, 30);
    EXPECT_EQ(parse("sort=relevance")->sort, "newest");       // relevance needs a text
    EXPECT_EQ(parse("q=x&order[publishedAt]=desc")->sort, "newest");
    EXPECT_EQ(parse("lat=1&lon=2&order[distance]=asc")->sort, "distance");
}

TEST(JobsFilter, NotYetAppliedTo) {
    EXPECT_TRUE(parse("notYetAppliedTo=1")->not_yet_applied_to);
    EXPECT_FALSE(parse("notYetAppliedTo=1")->not_yet_applied_to_claimed);
    EXPECT_FALSE(parse("notYetAppliedTo=0")->not_yet_applied_to);
    auto claimed = parse("notYetAppliedTo=77");
    ASSERT_TRUE(claimed);
    EXPECT_TRUE(claimed->not_yet_applied_to);
    EXPECT_EQ(claimed->not_yet_applied_to_claimed, 77);
    EXPECT_FALSE(parse("notYetAppliedTo=abc"));
}

}  // namespace
}  // namespace jh
