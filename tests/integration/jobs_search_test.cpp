// Integration tests of the job catalogue's API (GET /api/job_postings and friends): the real
// `jobhafen serve` on a fresh database with hand-made jobs at known places, so every filter can be
// checked for returning exactly the jobs it should.
//
// The fixture (ids 101-108, organization 901):
//   101 Promoter, Berlin (52.5200, 13.4050)            promotion, minijob, 2 h old, top_job
//   102 Messehostess, Potsdam (52.3906, 13.0645)       messehostess, freelance, 2 days, top_offer   ~27 km from Berlin
//   103 Servicekraft, Leipzig (51.3397, 12.3731)       servicekraft, Werkstudent, 30 min, sponsored ~150 km
//   104 Promoter, München (48.1374, 11.5755)           promotion, freelance, 10 days, opportunity + instant teaser ~504 km
//   105 inactive promoter in Berlin                    → never listed, detail 410
//   106 unpublished promoter in Berlin                 → never listed, detail 404
//   107 Barkeeper, Hamburg (53.5511, 9.9937) and Lübeck (53.8655, 10.6866), part-time, 5 days  ~255 / ~235 km
//   108 expired (valid_through yesterday), Berlin      → never listed, detail 410
#include <gtest/gtest.h>
#include <simdjson.h>

#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include "tests/support/harness.h"
#include "tests/support/sinks.h"

namespace jh::test {
namespace {

const char* fixture_sql = R"SQL(
INSERT INTO organizations (id, slug, name, description, city, contact_name, contact_email)
VALUES (901, 'testfirma-promotion', 'Testfirma Promotion GmbH', 'Eine Agentur für Tests.', 'Berlin', 'Erika Muster', 'jobs@testfirma.example');

INSERT INTO job_postings (id, slug, organization_id, title, description, base_salary, salary_unit, is_published, active,
                          top_job, instant_teaser_job, top_offer, sponsored, opportunity, published_at, valid_through,
                          activity_ids, employment_type_ids)
VALUES
 (101, 'promoter-energydrinks-berlin-101', 901, 'Promoter (m/w/d) für Energydrinks in Berlin', 'Verkostung im Supermarkt.', 14.50, 'hour', true, true, true, false, false, false, false, now() - interval '2 hours', NULL, '{1}', '{4}'),
 (102, 'messehostess-potsdam-102', 901, 'Messehostess (m/w/d) in Potsdam', 'Empfang am Stand.', 18.00, 'hour', true, true, false, false, true, false, false, now() - interval '2 days', NULL, '{2}', '{1}'),
 (103, 'servicekraft-leipzig-103', 901, 'Servicekraft (m/w/d) in Leipzig', 'Service im Restaurant.', 13.00, 'hour', true, true, false, false, false, true, false, now() - interval '30 minutes', NULL, '{4}', '{5}'),
 (104, 'promoter-muenchen-104', 901, 'Promoter (m/w/d) für Getränke', 'Aktion im Markt.', 16.00, 'hour', true, true, false, true, false, false, true, now() - interval '10 days', NULL, '{1}', '{1}'),
 (105, 'promoter-inaktiv-105', 901, 'Promoter (m/w/d) inaktiv', 'Nicht mehr aktiv.', 14.00, 'hour', true, false, false, false, false, false, false, now() - interval '1 hour', NULL, '{1}', '{4}'),
 (106, 'promoter-entwurf-106', 901, 'Promoter (m/w/d) Entwurf', 'Noch nicht veröffentlicht.', 14.00, 'hour', false, true, false, false, false, false, false, NULL, NULL, '{1}', '{4}'),
 (107, 'barkeeper-hamburg-107', 901, 'Barkeeper (m/w/d) für Cocktailbar in Hamburg', 'Cocktails mixen.', 15.00, 'hour', true, true, false, false, false, false, false, now() - interval '5 days', NULL, '{5}', '{3}'),
 (108, 'promoter-abgelaufen-108', 901, 'Promoter (m/w/d) abgelaufen', 'Abgelaufen.', 14.00, 'hour', true, true, false, false, false, false, false, now() - interval '20 days', now() - interval '1 day', '{1}', '{4}');

INSERT INTO job_posting_activities (job_posting_id, activity_id) VALUES
 (101, 1), (102, 2), (103, 4), (104, 1), (105, 1), (106, 1), (107, 5), (108, 1);
INSERT INTO job_posting_employment_types (job_posting_id, employment_type_id) VALUES
 (101, 4), (102, 1), (103, 5), (104, 1), (105, 4), (106, 4), (107, 3), (108, 4);
INSERT INTO job_posting_locations (job_posting_id, city, lat, lon, sort_order) VALUES
 (101, 'Berlin', 52.5200, 13.4050, 0),
 (102, 'Potsdam', 52.3906, 13.0645, 0),
 (103, 'Leipzig', 51.3397, 12.3731, 0),
 (104, 'München', 48.1374, 11.5755, 0),
 (105, 'Berlin', 52.5200, 13.4050, 0),
 (106, 'Berlin', 52.5200, 13.4050, 0),
 (107, 'Hamburg', 53.5511, 9.9937, 0),
 (107, 'Lübeck', 53.8655, 10.6866, 1),
 (108, 'Berlin', 52.5200, 13.4050, 0);
)SQL";

class JobsSearch : public ::testing::Test {
protected:
    static void SetUpTestSuite() {
        db_ = new temp_database("jobs");
        server_ = new server_process({
            {"JOBHAFEN_DATABASE_URL", db_->url()},
            {"JOBHAFEN_REDIS_URL", shared_redis_url()},
            {"JOBHAFEN_AUTH_SECRET", "jobs-search-test-secret-0123456789-abcdefghijklmnop"},
            {"JOBHAFEN_AUTH_ARGON2_OPSLIMIT", "1"},
            {"JOBHAFEN_AUTH_ARGON2_MEMLIMIT_KIB", "8192"},
            {"JOBHAFEN_LOG_ACCESS", "false"},
        });
        ASSERT_TRUE(server_->wait_ready(std::chrono::seconds(90))) << server_->log();
        exec_sql(db_->url(), fixture_sql);
        // The job index hears the fixture's commit and is current within a second (docs/search.md);
        // the tests start once the search lists the fixture's five live jobs.
        ASSERT_TRUE(wait_until(
            [] {
                auto r = http_request(server_->port(), "GET", "/api/job_postings?isPublished=1");
                return r.status == 200 && field(r.body, "/hydra:totalItems") == "5";
            },
            std::chrono::seconds(5)))
            << server_->log();
    }
    static void TearDownTestSuite() {
        delete server_;
        delete db_;
    }
    static int port() { return server_->port(); }

    struct list_answer {
        int status = 0;
        std::vector<std::int64_t> ids;   // in answer order
        std::int64_t total = -1;
        std::string body;
    };

    static list_answer list(const std::string& query, const std::string& headers = {}) {
        auto r = http_request(port(), "GET", "/api/job_postings?isPublished=1" + (query.empty() ? "" : "&" + query), {}, headers);
        list_answer a;
        a.status = r.status;
        a.body = r.body;
        if (r.status != 200) return a;
        simdjson::dom::parser parser;
        simdjson::dom::element doc;
        if (parser.parse(r.body).get(doc)) return a;
        simdjson::dom::array members;
        if (doc["hydra:member"].get_array().get(members)) return a;
        for (auto m : members) {
            std::int64_t id = 0;
            if (!m["id"].get_int64().get(id)) a.ids.push_back(id);
        }
        std::int64_t total = 0;
        if (!doc["hydra:totalItems"].get_int64().get(total)) a.total = total;
        return a;
    }

    // The ids of a list, sorted (for filters whose order does not matter).
    static std::set<std::int64_t> ids_of(const std::string& query) {
        auto a = list(query);
        EXPECT_EQ(a.status, 200) << query << ": " << a.body;
        EXPECT_EQ(a.total, static_cast<std::int64_t>(a.ids.size())) << query;
        return {a.ids.begin(), a.ids.end()};
    }


    static temp_database* db_;
    static server_process* server_;
};
temp_database* JobsSearch::db_ = nullptr;
server_process* JobsSearch::server_ = nullptr;

using ids = std::set<std::int64_t>;

TEST_F(JobsSearch, ListAnswerIsAHydraCollectionNewestFirst) {
    auto r = http_request(port(), "GET", "/api/job_postings?isPublished=1");
    ASSERT_EQ(r.status, 200) << r.body;
    EXPECT_EQ(r.header("content-type"), "application/json");
    EXPECT_NE(r.body.find("\"hydra:member\":["), std::string::npos);
    EXPECT_EQ(field(r.body, "/hydra:totalItems"), "5");
    EXPECT_EQ(field(r.body, "/hydra:member/0/@id"), "/api/job_postings/103");
    EXPECT_EQ(field(r.body, "/hydra:member/0/@type"), "JobPosting");
    EXPECT_EQ(field(r.body, "/hydra:member/0/organization/name"), "Testfirma Promotion GmbH");
    EXPECT_EQ(field(r.body, "/hydra:member/0/activities/0/slug"), "servicekraft");
    EXPECT_NE(r.body.find(R"("baseSalary":13.00,"salaryUnit":"hour","salaryCurrency":"EUR")"), std::string::npos);
    auto a = list("");
    // Live jobs only (not inactive 105, unpublished 106, expired 108), newest first.
    EXPECT_EQ(a.ids, (std::vector<std::int64_t>{103, 101, 102, 107, 104}));
}

TEST_F(JobsSearch, RadiusAroundBerlin) {
    const std::string berlin = "lat=52.52&lon=13.405&distance=";
    EXPECT_EQ(ids_of(berlin + "10"), (ids{101}));
    EXPECT_EQ(ids_of(berlin + "50"), (ids{101, 102}));            // Potsdam yes, Leipzig no
    EXPECT_EQ(ids_of(berlin + "100"), (ids{101, 102}));
    EXPECT_EQ(ids_of(berlin + "250"), (ids{101, 102, 103, 107})); // 107 through Lübeck, counted once
    EXPECT_EQ(ids_of(berlin + "500"), (ids{101, 102, 103, 107})); // München is 504 km away
    EXPECT_EQ(ids_of(berlin + "50000"), (ids{101, 102}));         // metres, as the city pages send
    EXPECT_EQ(ids_of("city=berlin&distance=50"), (ids{101, 102}));
    EXPECT_EQ(ids_of("city=berlin"), (ids{101, 102}));            // 50 km by default
    EXPECT_EQ(ids_of("geoCluster_typesense=(52.52,%2013.405,%2050%20km)"), (ids{101, 102}));
    EXPECT_EQ(ids_of("city=gibt-es-nicht"), (ids{}));
}

TEST_F(JobsSearch, DistanceSortIsNearestFirst) {
    auto a = list("lat=52.52&lon=13.405&distance=250&sort=distance");
    ASSERT_EQ(a.status, 200) << a.body;
    EXPECT_EQ(a.ids, (std::vector<std::int64_t>{101, 102, 103, 107}));
    auto r = http_request(port(), "GET", "/api/job_postings?lat=52.52&lon=13.405&distance=50&sort=distance");
    EXPECT_EQ(field(r.body, "/hydra:member/0/distance"), "0");
    std::int64_t potsdam = std::stoll(field(r.body, "/hydra:member/1/distance"));
    EXPECT_GT(potsdam, 25000);
    EXPECT_LT(potsdam, 30000);
}

TEST_F(JobsSearch, ActivityAndEmploymentTypeFilters) {
    EXPECT_EQ(ids_of("activity=promotion"), (ids{101, 104}));
    EXPECT_EQ(ids_of("activity[]=promotion&activity[]=barkeeper"), (ids{101, 104, 107}));
    EXPECT_EQ(ids_of("activities=promotion,barkeeper"), (ids{101, 104, 107}));
    EXPECT_EQ(ids_of("activity=2"), (ids{102}));
    EXPECT_EQ(ids_of("activity=gibt-es-nicht"), (ids{}));
    EXPECT_EQ(ids_of("employmentType=student"), (ids{103}));
    EXPECT_EQ(ids_of("employmentType[]=contractor"), (ids{102, 104}));
    EXPECT_EQ(ids_of("activity=promotion&lat=52.52&lon=13.405&distance=50"), (ids{101}));
}

TEST_F(JobsSearch, JobTypeLandingFilters) {
    EXPECT_EQ(ids_of("jobType=promotionjobs"), (ids{101, 104}));
    EXPECT_EQ(ids_of("jobType=messejobs"), (ids{102}));
    EXPECT_EQ(ids_of("jobType=gastrojobs"), (ids{103, 107}));
    EXPECT_EQ(ids_of("jobType=studentenjobs"), (ids{103}));
    EXPECT_EQ(ids_of("jobType=nebenjobs"), (ids{101, 107}));       // minijob and part-time
    EXPECT_EQ(ids_of("jobType=gastrojobs&city=berlin&distance=250"), (ids{103, 107}));
    EXPECT_EQ(list("jobType=putzjobs").status, 400);
}

TEST_F(JobsSearch, ReleasePeriod) {
    EXPECT_EQ(ids_of("interval_created=1h"), (ids{103}));
    EXPECT_EQ(ids_of("interval_created=4h"), (ids{101, 103}));
    EXPECT_EQ(ids_of("interval_created=24h"), (ids{101, 103}));
    EXPECT_EQ(ids_of("interval_created=1"), (ids{101, 103}));       // "new jobs within 1 day"
    EXPECT_EQ(ids_of("interval_created=3d"), (ids{101, 102, 103}));
    EXPECT_EQ(ids_of("interval_created=7d"), (ids{101, 102, 103, 107}));
    EXPECT_EQ(list("interval_created=2h").status, 400);
}

TEST_F(JobsSearch, Flags) {
    EXPECT_EQ(ids_of("top_job=1"), (ids{101}));
    EXPECT_EQ(ids_of("top_offer=1"), (ids{102}));
    EXPECT_EQ(ids_of("sponsored=true"), (ids{103}));
    EXPECT_EQ(ids_of("opportunity=1"), (ids{104}));
    EXPECT_EQ(ids_of("instant_teaser_job=1"), (ids{104}));
    EXPECT_EQ(ids_of("top_job=0"), (ids{102, 103, 104, 107}));
    EXPECT_EQ(ids_of("top_job=1&sort=random&itemsPerPage=1"), (ids{101}));
    EXPECT_EQ(list("top_job=vielleicht").status, 400);
}

TEST_F(JobsSearch, FreeText) {
    EXPECT_EQ(ids_of("q=Cocktailbar"), (ids{107}));
    EXPECT_EQ(ids_of("q=Energydrinks"), (ids{101}));
    EXPECT_EQ(ids_of("q=Promoter%20Berlin"), (ids{101}));
    // Umlauts folded: the place name of 104 in all three spellings.
    EXPECT_EQ(ids_of("q=M%C3%BCnchen"), (ids{104}));
    EXPECT_EQ(ids_of("q=Muenchen"), (ids{104}));
    EXPECT_EQ(ids_of("q=Munchen"), (ids{104}));
    EXPECT_EQ(ids_of("q=L%C3%BCbeck"), (ids{107}));
    EXPECT_EQ(ids_of("q=Promoter&activity=promotion&lat=52.52&lon=13.405&distance=50"), (ids{101}));
    EXPECT_EQ(ids_of("q=Praktikum%20Raumfahrt"), (ids{}));
    // Title (A) ranks above text (C): "Getränke" is 104's title, 101 has none of it.
    auto a = list("q=Promoter");
    ASSERT_EQ(a.status, 200);
    EXPECT_EQ(ids(a.ids.begin(), a.ids.end()), (ids{101, 104}));
}

TEST_F(JobsSearch, IdsAndOrganization) {
    EXPECT_EQ(ids_of("id[]=101&id[]=103"), (ids{101, 103}));
    EXPECT_EQ(ids_of("id[]=101&id[]=105&id[]=106"), (ids{101}));   // not live: left out
    EXPECT_EQ(ids_of("organization=901"), (ids{101, 102, 103, 104, 107}));
    EXPECT_EQ(ids_of("organization=902"), (ids{}));
    std::string many;
    for (int i = 1; i <= 101; ++i) many += "&id[]=" + std::to_string(i);
    EXPECT_EQ(list(many.substr(1)).status, 400);
}

TEST_F(JobsSearch, TenThousandIdsAreRefused) {
    std::string many;
    for (int i = 1; i <= 10000; ++i) many += "&id[]=" + std::to_string(i);
    auto r = http_request(port(), "GET", "/api/job_postings?isPublished=1" + many);
    // Refused by the route (400) or, before that, by the request size limits; never a 5xx.
    EXPECT_TRUE(r.status == 400 || r.status == 414 || r.status == 431) << r.status;
    EXPECT_EQ(http_request(port(), "GET", "/api/health").status, 200);
}

TEST_F(JobsSearch, Paging) {
    auto p1 = list("itemsPerPage=2&page=1");
    auto p2 = list("itemsPerPage=2&page=2");
    auto p3 = list("itemsPerPage=2&page=3");
    auto p4 = list("itemsPerPage=2&page=4");
    EXPECT_EQ(p1.ids, (std::vector<std::int64_t>{103, 101}));
    EXPECT_EQ(p2.ids, (std::vector<std::int64_t>{102, 107}));
    EXPECT_EQ(p3.ids, (std::vector<std::int64_t>{104}));
    EXPECT_EQ(p4.status, 200);
    EXPECT_TRUE(p4.ids.empty());                 // past the end: an empty list
    EXPECT_EQ(p4.total, 5);
    EXPECT_EQ(list("page=999999").status, 200);
    EXPECT_EQ(list("itemsPerPage=101").status, 400);
    EXPECT_EQ(list("itemsPerPage=0").status, 400);
    EXPECT_EQ(list("page=0").status, 400);
    EXPECT_EQ(list("page=abc").status, 400);
}

TEST_F(JobsSearch, BadInputIsAClearError) {
    EXPECT_EQ(list("lat=52.52&lon=13.405&distance=30").status, 400);
    EXPECT_EQ(list("lat=52.52&lon=13.405&distance=abc").status, 400);
    EXPECT_EQ(list("distance=50").status, 400);                   // no place
    EXPECT_EQ(list("lat=52.52").status, 400);
    EXPECT_EQ(list("lat=95&lon=13").status, 400);
    EXPECT_EQ(list("lat=nan&lon=13").status, 400);
    EXPECT_EQ(list("sort=distance").status, 400);
    EXPECT_EQ(list("sort=cheapest").status, 400);
    EXPECT_EQ(http_request(port(), "GET", "/api/job_postings?isPublished=0").status, 400);
    auto r = list("activity=%27%3B%20DROP%20TABLE%20job_postings%3B--");
    EXPECT_EQ(r.status, 400);
    // A 100 KB search text: refused (by the route, or by the request size limit), never a 500.
    std::string q(100 * 1024, 'a');
    auto big = http_request(port(), "GET", "/api/job_postings?q=" + q);
    EXPECT_TRUE(big.status == 400 || big.status == 414 || big.status == 431) << big.status;
    std::string body = R"({"searches":[{"collection":"job_postings","q":")" + q + R"("}]})";
    auto ms = http_request(port(), "POST", "/api/multi_search", body, "Content-Type: application/json\r\n");
    // The JSON body's string bound answers 422 for the field (reactor/json_body.h).
    EXPECT_EQ(ms.status, 422) << ms.body;
    EXPECT_EQ(field(ms.body, "/violations/0/propertyPath"), "searches[0].q");
    // 1000 bytes is still accepted.
    EXPECT_EQ(list("q=" + std::string(1000, 'b')).status, 200);
}

TEST_F(JobsSearch, DetailInactiveAndUnknown) {
    auto ok = http_request(port(), "GET", "/api/job_postings/101");
    ASSERT_EQ(ok.status, 200) << ok.body;
    EXPECT_EQ(field(ok.body, "/@id"), "/api/job_postings/101");
    EXPECT_EQ(field(ok.body, "/@type"), "JobPosting");
    EXPECT_EQ(field(ok.body, "/title"), "Promoter (m/w/d) für Energydrinks in Berlin");
    EXPECT_EQ(field(ok.body, "/contact/name"), "Erika Muster");    // the organization's contact
    EXPECT_EQ(field(ok.body, "/locations/0/city"), "Berlin");
    auto by_slug = http_request(port(), "GET", "/api/job_postings/slug/promoter-energydrinks-berlin-101");
    EXPECT_EQ(by_slug.status, 200);
    EXPECT_EQ(field(by_slug.body, "/id"), "101");

    for (const char* gone : {"/api/job_postings/105", "/api/job_postings/108", "/api/job_postings/slug/promoter-inaktiv-105"}) {
        auto r = http_request(port(), "GET", gone);
        EXPECT_EQ(r.status, 410) << gone;
        EXPECT_EQ(field(r.body, "/message"), "JobPosting is inactive!") << gone;
    }
    EXPECT_EQ(http_request(port(), "GET", "/api/job_postings/106").status, 404);   // unpublished
    EXPECT_EQ(http_request(port(), "GET", "/api/job_postings/999999").status, 404);
    EXPECT_EQ(http_request(port(), "GET", "/api/job_postings/abc").status, 404);
    EXPECT_EQ(http_request(port(), "GET", "/api/job_postings/-1").status, 404);
    EXPECT_EQ(http_request(port(), "GET", "/api/job_postings/99999999999999999999999").status, 404);
    EXPECT_EQ(http_request(port(), "GET", "/api/job_postings/slug/gibt-es-nicht").status, 404);
}

TEST_F(JobsSearch, NotYetAppliedToNeedsLoginAndLeavesOutApplied) {
    EXPECT_EQ(list("notYetAppliedTo=1").status, 401);
    auto reg = http_request(port(), "POST", "/api/candidate_profiles/register",
                            R"({"email":"jana.jobs@example.de","password":"Geheim123!","passwordConfirmation":"Geheim123!","firstName":"Jana","lastName":"Müller"})",
                            "Content-Type: application/json\r\n");
    ASSERT_EQ(reg.status, 201) << reg.body;
    // Registration does not sign in: log in with the password.
    auto signed_in = http_request(port(), "POST", "/api/login", R"({"email":"jana.jobs@example.de","password":"Geheim123!"})",
                                  "Content-Type: application/json\r\n");
    ASSERT_EQ(signed_in.status, 200) << signed_in.body;
    std::string token = field(signed_in.body, "/token");
    std::string account = sql_value(db_->url(), "SELECT id FROM accounts WHERE email = 'jana.jobs@example.de'");
    exec_sql(db_->url(), "INSERT INTO applications (job_posting_id, candidate_account_id) VALUES (101, " + account + ")");
    std::string auth = "Authorization: Bearer " + token + "\r\n";
    auto a = list("notYetAppliedTo=1", auth);
    ASSERT_EQ(a.status, 200) << a.body;
    EXPECT_EQ(ids(a.ids.begin(), a.ids.end()), (ids{102, 103, 104, 107}));
    // The candidate comes from the login, never from the query: another account's id is refused.
    EXPECT_EQ(list("notYetAppliedTo=" + std::to_string(std::stoll(account) + 1), auth).status, 403);
    EXPECT_EQ(list("notYetAppliedTo=" + account, auth).ids.size(), 4u);
    auto near = list("notYetAppliedTo=1&city=berlin", auth);
    EXPECT_EQ(ids(near.ids.begin(), near.ids.end()), (ids{102}));
}

TEST_F(JobsSearch, RecommendLogoTotalsAndKeys) {
    auto rec = http_request(port(), "GET", "/api/job_postings/101/recommend/3/random");
    ASSERT_EQ(rec.status, 200) << rec.body;
    EXPECT_EQ(field(rec.body, "/hydra:member/0/id"), "104");       // the other live promotion job
    EXPECT_EQ(field(rec.body, "/hydra:totalItems"), "1");
    EXPECT_EQ(http_request(port(), "GET", "/api/job_postings/101/recommend/50/random").status, 400);
    EXPECT_EQ(http_request(port(), "GET", "/api/job_postings/999999/recommend/3/random").status, 404);

    auto logo = http_request(port(), "GET", "/api/job_postings/101/logo");
    EXPECT_EQ(logo.status, 200);
    EXPECT_EQ(logo.header("content-type"), "image/svg+xml");
    EXPECT_NE(logo.body.find(">TP</text>"), std::string::npos) << logo.body;

    auto totals = http_request(port(), "GET", "/api/job_postings_totals");
    ASSERT_EQ(totals.status, 200);
    EXPECT_EQ(field(totals.body, "/total"), "5");
    EXPECT_NE(totals.body.find(R"({"jobType":"gastrojobs","name":"Gastrojobs","total":2})"), std::string::npos) << totals.body;
    auto one = http_request(port(), "GET", "/api/job_postings_totals/promotionjobs");
    EXPECT_EQ(field(one.body, "/total"), "2");
    EXPECT_EQ(http_request(port(), "GET", "/api/job_postings_totals/putzjobs").status, 404);

    auto keys = http_request(port(), "GET", "/api/job_postings_active_keys");
    ASSERT_EQ(keys.status, 200);
    EXPECT_EQ(field(keys.body, "/hydra:member"), "[101,102,103,104,107]");
}

TEST_F(JobsSearch, MultiSearch) {
    std::string body = R"({"searches":[
        {"collection":"job_postings","q":"Promoter","per_page":10},
        {"collection":"job_postings","jobType":"gastrojobs","lat":52.52,"lon":13.405,"distance":250,"sort":"distance"},
        {"collection":"organizations","q":"Testfirma"}]})";
    auto r = http_request(port(), "POST", "/api/multi_search", body, "Content-Type: application/json\r\n");
    ASSERT_EQ(r.status, 200) << r.body;
    EXPECT_EQ(field(r.body, "/results/0/found"), "2");
    EXPECT_EQ(field(r.body, "/results/1/found"), "2");
    EXPECT_EQ(field(r.body, "/results/1/hits/0/document/id"), "103");
    EXPECT_EQ(field(r.body, "/results/1/hits/1/document/id"), "107");
    EXPECT_EQ(field(r.body, "/results/2/found"), "1");
    EXPECT_EQ(field(r.body, "/results/2/hits/0/document/name"), "Testfirma Promotion GmbH");

    auto post = [&](const std::string& b) {
        return http_request(port(), "POST", "/api/multi_search", b, "Content-Type: application/json\r\n").status;
    };
    EXPECT_EQ(post("nicht json"), 400);
    EXPECT_EQ(post(R"({"searches":[]})"), 400);
    EXPECT_EQ(post(R"({"searches":[{"collection":"kandidaten","q":"x"}]})"), 400);
    EXPECT_EQ(post(R"({"searches":[{"collection":"job_postings","distance":30,"lat":52,"lon":13}]})"), 400);
    std::string eleven = R"({"searches":[)";
    for (int i = 0; i < 11; ++i) eleven += std::string(i ? "," : "") + R"({"collection":"job_postings"})";
    EXPECT_EQ(post(eleven + "]}"), 400);
}

}  // namespace
}  // namespace jh::test
