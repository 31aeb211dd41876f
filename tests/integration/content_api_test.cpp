// Integration tests of the content and site services (docs/content.md): the real `jobhafen serve`
// on a migrated database with the shipped content (`jobhafen seed --content-only`) and hand-made
// jobs at known places, a private Redis, an administrator made by the CLI and a candidate.
//
// Jobs (organization 951):
//   201 Promoter Köln (promotion)          202 Messehostess Köln (messehostess)
//   203 Promoter Berlin (promotion)        204 inactive promoter in Köln → never listed, page 410
//   205 unpublished promoter Köln          206 expired promoter Köln
#include <gtest/gtest.h>
#include <simdjson.h>

#include <filesystem>
#include <map>
#include <fstream>
#include <set>
#include <string>

#include "tests/integration/accounts_fixture.h"
#include "tests/support/harness.h"

namespace jh::test {
namespace {

using namespace accounts_fixture;
using namespace std::chrono_literals;

const char* jobs_sql = R"SQL(
INSERT INTO organizations (id, slug, name, description, city, contact_name, contact_email)
VALUES (951, 'rheinland-promotion', 'Rheinland Promotion GmbH', 'Promotionagentur aus Köln.', 'Köln', 'Erika Muster', 'jobs@rheinland.example');

INSERT INTO job_postings (id, slug, organization_id, title, description, base_salary, salary_unit, is_published, active,
                          published_at, valid_through, activity_ids, employment_type_ids)
VALUES
 (201, 'promoter-koeln-201', 951, 'Promoter (m/w/d) für Eistee in Köln', 'Verkostung im Supermarkt am Wochenende.', 16.00, 'hour', true, true, now() - interval '1 hour', now() + interval '30 days', '{1}', '{4}'),
 (202, 'messehostess-koeln-202', 951, 'Messehostess (m/w/d) für die ANUGA', 'Empfang am Stand, Englisch.', 19.50, 'hour', true, true, now() - interval '2 hours', NULL, '{2}', '{6}'),
 (203, 'promoter-berlin-203', 951, 'Promoter (m/w/d) in Berlin', 'Sampling am Hauptbahnhof.', 15.00, 'hour', true, true, now() - interval '3 hours', NULL, '{1}', '{4}'),
 (204, 'promoter-inaktiv-204', 951, 'Promoter (m/w/d) inaktiv', 'Beendet.', 15.00, 'hour', true, false, now() - interval '4 hours', NULL, '{1}', '{4}'),
 (205, 'promoter-entwurf-205', 951, 'Promoter (m/w/d) Entwurf', 'Entwurf.', 15.00, 'hour', false, true, NULL, NULL, '{1}', '{4}'),
 (206, 'promoter-abgelaufen-206', 951, 'Promoter (m/w/d) abgelaufen', 'Abgelaufen.', 15.00, 'hour', true, true, now() - interval '20 days', now() - interval '1 day', '{1}', '{4}');
INSERT INTO job_posting_activities (job_posting_id, activity_id) VALUES (201, 1), (202, 2), (203, 1), (204, 1), (205, 1), (206, 1);
INSERT INTO job_posting_employment_types (job_posting_id, employment_type_id) VALUES (201, 4), (202, 6), (203, 4), (204, 4), (205, 4), (206, 4);
INSERT INTO job_posting_locations (job_posting_id, street, zipcode, city, country, lat, lon, sort_order) VALUES
 (201, 'Hohe Straße 1', '50667', 'Köln', 'de', 50.9384, 6.9574, 0),
 (202, 'Messeplatz 1', '50679', 'Köln', 'de', 50.9466, 6.9830, 0),
 (203, 'Europaplatz 1', '10557', 'Berlin', 'de', 52.5251, 13.3694, 0),
 (204, 'Hohe Straße 2', '50667', 'Köln', 'de', 50.9384, 6.9574, 0),
 (205, 'Hohe Straße 3', '50667', 'Köln', 'de', 50.9384, 6.9574, 0),
 (206, 'Hohe Straße 4', '50667', 'Köln', 'de', 50.9384, 6.9574, 0);
)SQL";

constexpr const char* api_key = "content-test-api-key";

class ContentApi : public ::testing::Test {
protected:
    // Set up in SetUp, not SetUpTestSuite: a failure there fails the test (CTest would report a
    // failed SetUpTestSuite as skipped). Each case runs in its own process, so this runs once.
    void SetUp() override {
        if (!server_) start_stack();
        ASSERT_NE(server_, nullptr);
    }
    static void start_stack() {
        db_ = new temp_database("content", schema::migrated);
        redis_ = new redis_instance();
        dir_ = make_temp_dir("content");
        make_web_root(dir_);
        auto seeded = run_jobhafen({{"JOBHAFEN_DATABASE_URL", db_->url()}, {"JOBHAFEN_VAR_DIR", dir_ + "/var"}},
                                   {"seed", "--content-only"});
        ASSERT_EQ(seeded.first, 0) << seeded.second;
        exec_sql(db_->url(), jobs_sql);
        auto* server = start_server();
        port_ = server->port();
        server_ = server;
        if (!server->wait_ready(60s)) {
            ADD_FAILURE() << server->log();
            server_ = nullptr;
            delete server;
        }
    }
    static void TearDownTestSuite() {
        delete server_;
        delete redis_;
        delete db_;
        std::filesystem::remove_all(dir_);
    }

    static server_process* start_server(const std::string& threads = "2") {
        return new server_process({
            {"JOBHAFEN_THREADS", threads},
            {"JOBHAFEN_DATABASE_URL", db_->url()},
            {"JOBHAFEN_REDIS_URL", redis_->url()},
            {"JOBHAFEN_AUTH_SECRET", test_secret},
            {"JOBHAFEN_AUTH_ARGON2_OPSLIMIT", "1"},
            {"JOBHAFEN_AUTH_ARGON2_MEMLIMIT_KIB", "8192"},
            {"JOBHAFEN_LOG_ACCESS", "false"},
            {"JOBHAFEN_VAR_DIR", dir_ + "/var"},
            {"JOBHAFEN_WEB_ROOT", dir_ + "/web"},
            {"JOBHAFEN_HTTP_PUBLIC_ORIGIN", "https://www.jobhafen.example"},
            {"JOBHAFEN_CONTENT_SPECIAL_OFFER_JOB_ID", "7"},
            {"JOBHAFEN_CONTENT_XHR_CACHE_API_KEY", api_key},
            {"JOBHAFEN_ZMQ_PUBLISH_ENDPOINT", "tcp://127.0.0.1:" + std::to_string(free_port())},
        });
    }

    static std::string redis(const std::string& args) {
        std::string out;
        FILE* p = ::popen(("redis-cli -p " + std::to_string(redis_->port()) + " " + args).c_str(), "r");
        char buf[4096];
        while (p && std::fgets(buf, sizeof buf, p)) out += buf;
        if (p) ::pclose(p);
        while (!out.empty() && (out.back() == '\n' || out.back() == '\r')) out.pop_back();
        return out;
    }

    // An administrator's access token (made once per process with the CLI).
    static std::string admin_token() {
        static std::string token;
        if (!token.empty()) return token;
        auto [code, out] = run_jobhafen({{"JOBHAFEN_DATABASE_URL", db_->url()}}, {"admin", "create-admin", "redaktion@jobhafen.example"});
        EXPECT_EQ(code, 0) << out;
        auto pos = out.find("password (shown once): ");
        if (pos == std::string::npos) return {};
        auto l = login(port_, "redaktion@jobhafen.example", out.substr(pos + 23, 20));
        EXPECT_EQ(l.status, 200) << l.body;
        token = l.token;
        return token;
    }

    static simdjson::dom::element parse(simdjson::dom::parser& p, const std::string& body) {
        simdjson::dom::element e;
        EXPECT_FALSE(p.parse(body).get(e)) << body;
        return e;
    }

    // The first section of a page answer with this __component.
    static simdjson::dom::element section(simdjson::dom::element page, std::string_view component) {
        simdjson::dom::array sections;
        EXPECT_FALSE(page["sections"].get(sections));
        for (auto s : sections) {
            std::string_view c;
            if (!s["__component"].get(c) && c == component) return s;
        }
        ADD_FAILURE() << "no section " << component;
        return page;
    }

    static std::set<std::int64_t> job_ids(simdjson::dom::element job_section) {
        std::set<std::int64_t> ids;
        simdjson::dom::array items;
        EXPECT_FALSE(job_section.at_pointer("/jobs/items").get(items));
        for (auto i : items) ids.insert(i["id"].get_int64().value());
        return ids;
    }

    static temp_database* db_;
    static redis_instance* redis_;
    static server_process* server_;
    static std::string dir_;
    static int port_;
};
temp_database* ContentApi::db_ = nullptr;
redis_instance* ContentApi::redis_ = nullptr;
server_process* ContentApi::server_ = nullptr;
std::string ContentApi::dir_;
int ContentApi::port_ = 0;

TEST_F(ContentApi, CityPagePlaceholdersRenderTheCityNameAndTheBaseDataTitleInUpperCase) {
    auto r = call(port_, "GET", "/api/content/pages/by-slug/landingpages-cities-city?city=koeln");
    ASSERT_EQ(r.status, 200) << r.body;
    simdjson::dom::parser p;
    auto page = parse(p, r.body);
    auto hero = section(page, "landing-page-hero");
    EXPECT_EQ(std::string_view(hero["title"].get_string().value()), "Jobs in Köln");
    EXPECT_EQ(std::string_view(hero.at_pointer("/base_data/title").get_string().value()), "Jobs in KÖLN");
    EXPECT_EQ(std::string_view(page.at_pointer("/meta/title").get_string().value()), "Jobs in Köln");
    // {description} and {content} come from the city as well; no placeholder is left anywhere.
    EXPECT_NE(r.body.find("Lanxess Arena"), std::string::npos);
    EXPECT_EQ(r.body.find("{name}"), std::string::npos);
    EXPECT_EQ(r.body.find("{content}"), std::string::npos);

    // München: ü becomes Ü in the upper-case title.
    auto m = call(port_, "GET", "/api/content/pages/by-slug/landingpages-cities-city?city=muenchen");
    ASSERT_EQ(m.status, 200);
    simdjson::dom::parser p2;
    EXPECT_EQ(std::string_view(section(parse(p2, m.body), "landing-page-hero").at_pointer("/base_data/title").get_string().value()),
              "Jobs in MÜNCHEN");

    EXPECT_EQ(call(port_, "GET", "/api/content/pages/by-slug/landingpages-cities-city?city=atlantis").status, 404);
    EXPECT_EQ(call(port_, "GET", "/api/content/pages/by-slug/gibt-es-nicht").status, 404);
}

TEST_F(ContentApi, ActivityPageJobSectionHoldsOnlyJobsOfThatActivity) {
    auto r = call(port_, "GET", "/api/content/pages/by-slug/landingpages-activities-activity?activity=promotion");
    ASSERT_EQ(r.status, 200) << r.body;
    simdjson::dom::parser p;
    auto jobs = section(parse(p, r.body), "job-listing-with-filter");
    EXPECT_EQ(job_ids(jobs), (std::set<std::int64_t>{201, 203}));
    simdjson::dom::array items;
    ASSERT_FALSE(jobs.at_pointer("/jobs/items").get(items));
    for (auto job : items) {
        bool promotion = false;
        simdjson::dom::array activities;
        ASSERT_FALSE(job["activities"].get(activities));
        for (auto a : activities) promotion = promotion || std::string_view(a["slug"].get_string().value()) == "promotion";
        EXPECT_TRUE(promotion) << simdjson::minify(job);
    }

    // A city page: only jobs within 50 km of Köln; with an activity, both filters.
    auto city = call(port_, "GET", "/api/content/pages/by-slug/landingpages-cities-city?city=koeln");
    simdjson::dom::parser p2;
    EXPECT_EQ(job_ids(section(parse(p2, city.body), "job-listing-with-filter")), (std::set<std::int64_t>{201, 202}));
    auto both = call(port_, "GET", "/api/content/pages/by-slug/landingpages-cities-city-activity?city=koeln&activity=messehostess");
    ASSERT_EQ(both.status, 200) << both.body;
    simdjson::dom::parser p3;
    auto both_page = parse(p3, both.body);
    EXPECT_EQ(job_ids(section(both_page, "job-listing-with-filter")), (std::set<std::int64_t>{202}));
    EXPECT_EQ(std::string_view(section(both_page, "landing-page-hero").at_pointer("/base_data/title").get_string().value()),
              "Jobs als MESSEHOSTESS / MESSEHOST in KÖLN");
}

TEST_F(ContentApi, CollectionsFilterSortPageAndCount) {
    auto r = call(port_, "GET", "/api/content/articles?category=arbeitsrecht-und-steuern&sort=-publishedAt&pageSize=2");
    ASSERT_EQ(r.status, 200) << r.body;
    simdjson::dom::parser p;
    auto list = parse(p, r.body);
    EXPECT_EQ(list.at_pointer("/meta/total").get_int64().value(), 3);
    EXPECT_EQ(list.at_pointer("/meta/pageSize").get_int64().value(), 2);
    simdjson::dom::array data;
    ASSERT_FALSE(list["data"].get(data));
    ASSERT_EQ(data.size(), 2u);
    EXPECT_EQ(std::string_view(data.at(0)["slug"].get_string().value()), "gewerbeschein-fuer-promoter");
    EXPECT_EQ(std::string_view(data.at(1)["slug"].get_string().value()), "kurzfristige-beschaeftigung-70-tage");

    EXPECT_EQ(field(call(port_, "GET", "/api/content/wikis/count").body, "count"), "25");
    EXPECT_EQ(field(call(port_, "GET", "/api/content/articles/count?tag=minijob").body, "count"), "3");
    EXPECT_EQ(field(call(port_, "GET", "/api/content/cities/count?teasered=true").body, "count"), "10");
    auto wiki = call(port_, "GET", "/api/content/wikis?slug=minijob");
    EXPECT_NE(wiki.body.find("603 €"), std::string::npos) << wiki.body;
    std::string id = field(wiki.body, "/data/0/id");
    EXPECT_EQ(call(port_, "GET", "/api/content/wikis/" + id).status, 200);
    EXPECT_EQ(call(port_, "GET", "/api/content/wikis/999999").status, 404);
    EXPECT_EQ(call(port_, "GET", "/api/content/rezepte").status, 404);
    EXPECT_EQ(call(port_, "GET", "/api/content/wikis?pageSize=0").status, 400);
    EXPECT_EQ(call(port_, "GET", "/api/content/wikis?na%24me=x").status, 400);
    // pageSize above 100 is served as 100.
    EXPECT_EQ(field(call(port_, "GET", "/api/content/activities?pageSize=500").body, "/meta/pageSize"), "100");
}

TEST_F(ContentApi, OnlyAdministratorsWriteContent) {
    std::string body = R"({"slug":"testbegriff","title":"Testbegriff","teaser":"Kurz.","content":"Lang.","scope":"both"})";
    EXPECT_EQ(call(port_, "POST", "/api/content/wikis", body).status, 401);
    auto [candidate, token] = register_candidate(port_, "kandidatin@jobhafen.example");
    auto denied = call(port_, "POST", "/api/content/wikis", body, bearer(token));
    EXPECT_EQ(denied.status, 403) << denied.body;
    EXPECT_EQ(field(call(port_, "GET", "/api/content/wikis/count?slug=testbegriff").body, "count"), "0");

    std::string admin = bearer(admin_token());
    auto created = call(port_, "POST", "/api/content/wikis", body, admin);
    ASSERT_EQ(created.status, 201) << created.body;
    std::string id = field(created.body, "id");
    EXPECT_EQ(field(call(port_, "GET", "/api/content/wikis?slug=testbegriff").body, "/data/0/title"), "Testbegriff");
    EXPECT_EQ(call(port_, "PUT", "/api/content/wikis/" + id, body, bearer(token)).status, 403);
    EXPECT_EQ(call(port_, "DELETE", "/api/content/wikis/" + id, {}, bearer(token)).status, 403);
    EXPECT_EQ(call(port_, "POST", "/api/content/wikis", body, admin).status, 409);
    auto bad = call(port_, "POST", "/api/content/pages", R"({"slug":"Falsch Slug","sections":[{"__component":"zauberei"}]})", admin);
    EXPECT_EQ(bad.status, 422) << bad.body;
    EXPECT_NE(bad.body.find("sections[0].__component"), std::string::npos);
    EXPECT_NE(bad.body.find("InternalTitle"), std::string::npos);
    EXPECT_NE(bad.body.find("\"slug\""), std::string::npos);
    EXPECT_EQ(call(port_, "DELETE", "/api/content/wikis/" + id, {}, admin).status, 204);
    EXPECT_EQ(call(port_, "GET", "/api/content/wikis/" + id).status, 404);
}

TEST_F(ContentApi, CacheAnswersFromRedisAndIsFreshAfterAContentUpdate) {
    auto first = call(port_, "GET", "/api/xhr-cache/resource/cookie-consent");
    ASSERT_EQ(first.status, 200) << first.body;
    EXPECT_EQ(first.header("x-cache"), "MISS");
    EXPECT_EQ(redis("EXISTS jobhafen:xhr-cache:resource:cookie-consent"), "1");
    auto ttl = std::stoi(redis("TTL jobhafen:xhr-cache:resource:cookie-consent"));
    EXPECT_GT(ttl, 14000);
    EXPECT_LE(ttl, 14400);
    auto second = call(port_, "GET", "/api/xhr-cache/resource/cookie-consent");
    EXPECT_EQ(second.header("x-cache"), "HIT");
    EXPECT_EQ(second.body, first.body);

    // Also a content path: the page as the content API answers it.
    auto page1 = call(port_, "GET", "/api/xhr-cache/content/pages/by-slug/kontakt");
    ASSERT_EQ(page1.status, 200) << page1.body;
    EXPECT_EQ(page1.header("x-cache"), "MISS");
    EXPECT_EQ(call(port_, "GET", "/api/xhr-cache/content/pages/by-slug/kontakt").header("x-cache"), "HIT");

    // An administrator changes the consent text and the page.
    std::string admin = bearer(admin_token());
    std::string id = field(call(port_, "GET", "/api/content/seo-contents?slug=cookie-consent").body, "/data/0/id");
    auto put = call(port_, "PUT", "/api/content/seo-contents/" + id,
                    R"({"slug":"cookie-consent","title":"Cookies, kurz erklärt","content":"Neuer Text.","version":2})", admin);
    ASSERT_EQ(put.status, 200) << put.body;
    auto fresh = call(port_, "GET", "/api/xhr-cache/resource/cookie-consent");
    EXPECT_EQ(fresh.header("x-cache"), "MISS");
    EXPECT_EQ(field(fresh.body, "title"), "Cookies, kurz erklärt");

    std::string page_id = field(page1.body, "id");
    auto page_put = call(port_, "PUT", "/api/content/pages/" + page_id,
                         R"({"slug":"kontakt","InternalTitle":"Kontakt","scope":"candidate","meta":{"title":"Kontakt aufnehmen"},)"
                         R"("sections":[{"__component":"headline-with-text","base_data":{"title":"Neu"},"content":"Ruf uns an."}]})",
                         admin);
    ASSERT_EQ(page_put.status, 200) << page_put.body;
    auto page2 = call(port_, "GET", "/api/xhr-cache/content/pages/by-slug/kontakt");
    EXPECT_EQ(page2.header("x-cache"), "MISS");
    EXPECT_EQ(field(page2.body, "/sections/0/content"), "Ruf uns an.");
    EXPECT_EQ(field(page2.body, "/meta/title"), "Kontakt aufnehmen");

    // Counts come through the cache too; an unknown resource is 404.
    EXPECT_EQ(field(call(port_, "GET", "/api/xhr-cache/resource/job-postings-count").body, "total"), "3");
    EXPECT_EQ(field(call(port_, "GET", "/api/xhr-cache/resource/job-postings-count-messejobs").body, "total"), "1");
    auto unknown = call(port_, "GET", "/api/xhr-cache/resource/wetter");
    EXPECT_EQ(unknown.status, 404);
    EXPECT_EQ(field(unknown.body, "message"), "resource not found");
}

TEST_F(ContentApi, RefreshNeedsTheApiKeyAndSaysWhenOneIsInProgress) {
    EXPECT_EQ(call(port_, "GET", "/api/xhr-cache/refresh/job-postings-count?apiKey=falsch").status, 403);
    auto ok = call(port_, "GET", std::string("/api/xhr-cache/refresh/job-postings-count?apiKey=") + api_key);
    EXPECT_EQ(ok.status, 200) << ok.body;
    EXPECT_EQ(redis("EXISTS jobhafen:xhr-cache:resource:job-postings-count"), "1");
    redis("SET jobhafen:xhr-cache:refreshing:job-postings-active-keys 1 EX 60");
    auto busy = call(port_, "GET", std::string("/api/xhr-cache/refresh/job-postings-active-keys?apiKey=") + api_key);
    EXPECT_EQ(busy.status, 409);
    EXPECT_EQ(field(busy.body, "message"), "refresh already in progress");
    auto unknown = call(port_, "GET", std::string("/api/xhr-cache/refresh/wetter?apiKey=") + api_key);
    EXPECT_EQ(unknown.status, 404);
    EXPECT_EQ(field(unknown.body, "message"), "resource not found");
}

// The JSON-LD of the page head: one <script type="application/ld+json"> element.
std::string json_ld_of(const std::string& html) {
    const std::string open = "<script type=\"application/ld+json\">";
    auto a = html.find(open);
    if (a == std::string::npos) return {};
    auto b = html.find("</script>", a);
    return html.substr(a + open.size(), b - a - open.size());
}

TEST_F(ContentApi, JobPageHtmlCarriesValidJobPostingJsonLd) {
    auto r = http_request(port_, "GET", "/jobs/promoter-koeln-201");
    ASSERT_EQ(r.status, 200);
    EXPECT_NE(r.header("content-type").find("text/html"), std::string::npos);
    EXPECT_NE(r.body.find("<title>Promoter (m/w/d) für Eistee in Köln bei Rheinland Promotion GmbH | Jobhafen</title>"), std::string::npos) << r.body;
    EXPECT_NE(r.body.find("<link rel=\"canonical\" href=\"https://www.jobhafen.example/jobs/promoter-koeln-201\">"), std::string::npos);
    EXPECT_NE(r.body.find("<meta property=\"og:title\""), std::string::npos);
    // Still the app's page, its root holding the server's picture of the job (job_paint.h).
    EXPECT_NE(r.body.find("<div id=\"root\"><article class=\"server-paint\" data-server-paint=\"\">"), std::string::npos);

    std::string ld = json_ld_of(r.body);
    simdjson::dom::parser p;
    simdjson::dom::element doc;
    ASSERT_FALSE(p.parse(ld).get(doc)) << ld;
    EXPECT_EQ(std::string_view(doc["@context"].get_string().value()), "https://schema.org");
    EXPECT_EQ(std::string_view(doc["@type"].get_string().value()), "JobPosting");
    for (const char* prop : {"title", "description", "datePosted", "validThrough", "hiringOrganization", "jobLocation", "baseSalary",
                             "employmentType", "identifier"})
        EXPECT_FALSE(doc[prop].error()) << "missing " << prop << " in " << ld;
    EXPECT_EQ(std::string_view(doc.at_pointer("/hiringOrganization/name").get_string().value()), "Rheinland Promotion GmbH");
    EXPECT_EQ(std::string_view(doc.at_pointer("/jobLocation/address/addressLocality").get_string().value()), "Köln");
    EXPECT_EQ(std::string_view(doc.at_pointer("/jobLocation/address/postalCode").get_string().value()), "50667");
    EXPECT_DOUBLE_EQ(doc.at_pointer("/baseSalary/value/value").get_double().value(), 16.0);
    EXPECT_EQ(std::string_view(doc.at_pointer("/baseSalary/value/unitText").get_string().value()), "HOUR");
    EXPECT_EQ(std::string_view(doc.at_pointer("/baseSalary/currency").get_string().value()), "EUR");
    EXPECT_EQ(std::string_view(doc.at_pointer("/employmentType/0").get_string().value()), "PART_TIME");
    EXPECT_EQ(std::string_view(doc.at_pointer("/identifier/value").get_string().value()), "201");

    // An inactive job: 410, noindex, no JSON-LD.
    auto gone = http_request(port_, "GET", "/jobs/promoter-inaktiv-204");
    EXPECT_EQ(gone.status, 410);
    EXPECT_NE(gone.body.find("<meta name=\"robots\" content=\"noindex\">"), std::string::npos);
    EXPECT_EQ(json_ld_of(gone.body), "");
    EXPECT_EQ(http_request(port_, "GET", "/jobs/gibt-es-nicht-999").status, 404);

    // Content pages get their own head.
    auto city = http_request(port_, "GET", "/jobs-stadt/koeln");
    EXPECT_NE(city.body.find("<title>Jobs in Köln | Jobhafen</title>"), std::string::npos) << city.body;
    auto wiki = http_request(port_, "GET", "/wiki/hygienebelehrung");
    EXPECT_NE(wiki.body.find("<title>Hygienebelehrung (Belehrung nach § 43 IfSG) | Jobhafen</title>"), std::string::npos);
    auto home = http_request(port_, "GET", "/");
    EXPECT_NE(home.body.find("<title>Promotionjobs, Messejobs und Eventjobs | Jobhafen</title>"), std::string::npos) << home.body;
}

// Issue 42: a pay range goes into the JSON-LD as minValue/maxValue with its unit, and the job's
// JSON names the range's end and the exemption the provider chose (docs/fair-play.md).
TEST_F(ContentApi, JobPageJsonLdCarriesThePayRangeAndTheJobItsExemption) {
    exec_sql(db_->url(), "UPDATE job_postings SET base_salary_max = 22.50, wage_exemption = 'minor' WHERE id = 202");
    auto r = http_request(port_, "GET", "/jobs/messehostess-koeln-202");
    ASSERT_EQ(r.status, 200);
    std::string ld = json_ld_of(r.body);
    simdjson::dom::parser p;
    simdjson::dom::element doc;
    ASSERT_FALSE(p.parse(ld).get(doc)) << ld;
    EXPECT_DOUBLE_EQ(doc.at_pointer("/baseSalary/value/minValue").get_double().value(), 19.5) << ld;
    EXPECT_DOUBLE_EQ(doc.at_pointer("/baseSalary/value/maxValue").get_double().value(), 22.5) << ld;
    EXPECT_EQ(std::string_view(doc.at_pointer("/baseSalary/value/unitText").get_string().value()), "HOUR");
    EXPECT_TRUE(doc.at_pointer("/baseSalary/value/value").error()) << ld;   // a range has no single value
    auto api = http_request(port_, "GET", "/api/job_postings/202");
    ASSERT_EQ(api.status, 200) << api.body;
    EXPECT_NE(api.body.find(R"("baseSalaryMax":22.50,"wageExemption":"minor")"), std::string::npos) << api.body;
}

// Every kind of public page gets an answer with a title, and the server stays up (a g++ 12
// coroutine bug once freed a temporary twice on /recruiting/... and took the server down).
TEST_F(ContentApi, EveryKindOfPublicPageAnswersWithItsHead) {
    const std::pair<const char*, int> pages[] = {
        {"/recruiting", 200}, {"/recruiting/job-inserieren", 200}, {"/recruiting/gibt-es-nicht-xyz", 404},
        {"/recruiting/wiki", 200}, {"/recruiting/hr-wissen", 200}, {"/wiki", 200}, {"/tipps-faq", 200},
        {"/impressum", 200}, {"/datenschutz", 200}, {"/eventjobs", 200}, {"/jobs", 200}, {"/mein-dashboard", 200},
        {"/recruiting/portal", 200}, {"/recruiting/portal/anmelden", 200}, {"/recruiting/portal/stellenanzeigen/neu", 200},
    };
    for (auto [path, status] : pages) {
        auto r = http_request(port_, "GET", path);
        EXPECT_EQ(r.status, status) << path;
        EXPECT_NE(r.body.find(" | Jobhafen</title>"), std::string::npos) << path << ": " << r.body.substr(0, 300);
    }
    EXPECT_EQ(http_request(port_, "GET", "/api/health").status, 200);
}

// An address that does not exist answers 404 with noindex from the server, before any script runs
// (issue 41, item 19: /gibtesnicht-xyz answered 200, a soft 404); the app's own pages and the
// pages a mail links to with a token still answer 200.
TEST_F(ContentApi, AnAddressThatDoesNotExistIs404WithNoindex) {
    for (const char* path : {"/gibtesnicht-xyz", "/impresum", "/gibtesnicht/xyz", "/jobs/suche/xyz", "/jobs/suche-nach/a/b",
                             "/jobanbieter/a/b", "/email-bestaetigen/a/b"}) {
        auto r = http_request(port_, "GET", path);
        EXPECT_EQ(r.status, 404) << path;
        EXPECT_NE(r.body.find("<meta name=\"robots\" content=\"noindex\">"), std::string::npos) << path;
        EXPECT_NE(r.body.find("<title>Seite nicht gefunden | Jobhafen</title>"), std::string::npos) << path << ": " << r.body.substr(0, 300);
    }
    for (const char* path : {"/jobs/suche", "/jobs/suche-als/promotion", "/jobs/suche-nach/barista", "/jobs/job-nicht-gefunden",
                             "/joblisting", "/faqs", "/email-bestaetigen/abc", "/job-alert-bestaetigen/1/abc",
                             "/job-alert-abmelden/abc", "/newsletter-bestaetigen/abc", "/passwort-festlegen/abc"})
        EXPECT_EQ(http_request(port_, "GET", path).status, 200) << path;
}

// An organization without ratings: the page has no EmployerAggregateRating; with ratings the
// JSON-LD is tested in tests/unit/content_seo_test.cpp.
TEST_F(ContentApi, OrganizationPageHasItsHeadAndNoRatingWithoutRatings) {
    auto unrated = http_request(port_, "GET", "/jobanbieter/rheinland-promotion");
    EXPECT_EQ(unrated.status, 200);
    EXPECT_EQ(json_ld_of(unrated.body), "");
    EXPECT_NE(unrated.body.find("<title>Rheinland Promotion GmbH"), std::string::npos);
}

TEST_F(ContentApi, SitemapListsEveryActiveJobAndNoInactiveOne) {
    auto index = http_request(port_, "GET", "/sitemap.xml");
    ASSERT_EQ(index.status, 200);
    EXPECT_NE(index.body.find("<sitemapindex"), std::string::npos);
    EXPECT_NE(index.body.find("<loc>https://www.jobhafen.example/sitemaps/jobs-1.xml</loc>"), std::string::npos);
    EXPECT_NE(index.body.find("<loc>https://www.jobhafen.example/sitemaps/pages.xml</loc>"), std::string::npos);

    auto jobs = http_request(port_, "GET", "/sitemaps/jobs-1.xml");
    ASSERT_EQ(jobs.status, 200);
    auto live = query_sql(db_->url(),
                          "SELECT slug FROM job_postings WHERE is_published AND active AND (valid_through IS NULL OR valid_through > now())");
    ASSERT_EQ(live.size(), 3u);
    for (const auto& row : live) EXPECT_NE(jobs.body.find("/jobs/" + row[0] + "</loc>"), std::string::npos) << row[0];
    for (const char* gone : {"promoter-inaktiv-204", "promoter-entwurf-205", "promoter-abgelaufen-206"})
        EXPECT_EQ(jobs.body.find(gone), std::string::npos) << gone;
    EXPECT_NE(jobs.body.find("<lastmod>"), std::string::npos);

    auto pages = http_request(port_, "GET", "/sitemaps/pages.xml");
    EXPECT_NE(pages.body.find("<loc>https://www.jobhafen.example/wiki/minijob</loc>"), std::string::npos);
    EXPECT_NE(pages.body.find("<loc>https://www.jobhafen.example/recruiting/job-inserieren</loc>"), std::string::npos);
    EXPECT_NE(pages.body.find("<loc>https://www.jobhafen.example/jobs-stadt/koeln</loc>"), std::string::npos);
    EXPECT_EQ(pages.body.find("error-jobposting-inactive"), std::string::npos);
    EXPECT_EQ(http_request(port_, "GET", "/sitemaps/jobs-2.xml").status, 404);

    auto robots = http_request(port_, "GET", "/robots.txt");
    EXPECT_NE(robots.body.find("Sitemap: https://www.jobhafen.example/sitemap.xml"), std::string::npos);
}

TEST_F(ContentApi, MenusFeaturesAndImages) {
    auto menus = call(port_, "GET", "/api/content/menus");
    ASSERT_EQ(menus.status, 200);
    simdjson::dom::parser p;
    auto m = parse(p, menus.body);
    simdjson::dom::array cities;
    ASSERT_FALSE(m.at_pointer("/candidate/menu/2/children").get(cities));
    EXPECT_EQ(cities.size(), 11u);   // ten cities + all cities
    EXPECT_EQ(std::string_view(m.at_pointer("/candidate/menu/2/children/7/target/name").get_string().value()), "Köln");
    EXPECT_NE(menus.body.find(R"("dialogUrl":"?registration=1")"), std::string::npos);
    EXPECT_NE(menus.body.find(R"("scheme":"yellow")"), std::string::npos);

    auto f1 = call(port_, "GET", "/api/features?visitorId=abcdefgh12345678");
    auto f2 = call(port_, "GET", "/api/features?visitorId=abcdefgh12345678");
    EXPECT_EQ(f1.body, f2.body);
    EXPECT_NE(f1.body.find(R"({"name":"job_alerts","enabled":true})"), std::string::npos);
    EXPECT_NE(f1.body.find(R"({"name":"show_jobs_as_published_for_visitors","enabled":false})"), std::string::npos);
    EXPECT_NE(f1.body.find(R"("specialOfferJobId":7)"), std::string::npos) << f1.body;   // content.special_offer_job_id
    auto overridden = call(port_, "GET", "/api/features?togglejob_alerts=off&toggleshow_jobs_as_published_for_visitors=on");
    EXPECT_NE(overridden.body.find(R"({"name":"job_alerts","enabled":false})"), std::string::npos);
    EXPECT_NE(overridden.body.find(R"({"name":"show_jobs_as_published_for_visitors","enabled":true})"), std::string::npos);

    auto img = http_request(port_, "GET", "/_ipx/w_320,f_webp,q_70/content-images/home-hero.png");
    ASSERT_EQ(img.status, 200) << img.body;
    EXPECT_EQ(img.header("content-type"), "image/webp");
    EXPECT_EQ(img.body.substr(0, 4), "RIFF");
    EXPECT_EQ(img.body.substr(8, 4), "WEBP");
    EXPECT_TRUE(std::filesystem::exists(dir_ + "/var/ipx-cache/home-hero.png.w320.h0.q70.webp"));
    EXPECT_EQ(http_request(port_, "GET", "/_ipx/w_333/content-images/home-hero.png").status, 400);
    EXPECT_EQ(http_request(port_, "GET", "/_ipx/w_320/etc/passwd").status, 400);
    EXPECT_EQ(http_request(port_, "GET", "/_ipx/w_320/content-images/..%2F..%2Fpasswd").status, 400);
    EXPECT_EQ(http_request(port_, "GET", "/_ipx/w_320/secret.png").status, 400);
    EXPECT_EQ(http_request(port_, "GET", "/_ipx/_/content-images/nicht-da.png").status, 404);
}

TEST_F(ContentApi, SeedIsIdempotentAndKeepsWhatAnAdministratorEdited) {
    std::map<std::string, std::string> env{{"JOBHAFEN_DATABASE_URL", db_->url()}, {"JOBHAFEN_VAR_DIR", dir_ + "/var"}};
    auto again = run_jobhafen(env, {"seed", "--content-only"});
    ASSERT_EQ(again.first, 0) << again.second;
    EXPECT_NE(again.second.find("0 objects new or changed, 0 images drawn"), std::string::npos) << again.second;
    auto count = [] { return query_sql(db_->url(), "SELECT (SELECT count(*) FROM content_pages) + (SELECT count(*) FROM content_entries)")[0][0]; };
    std::string before = count();

    std::string admin = bearer(admin_token());
    std::string id = field(call(port_, "GET", "/api/content/wikis?slug=gewerbeschein").body, "/data/0/id");
    ASSERT_EQ(call(port_, "PUT", "/api/content/wikis/" + id,
                   R"({"slug":"gewerbeschein","title":"Gewerbeschein","teaser":"Von der Redaktion geändert.","content":"Neu.","scope":"both"})", admin)
                  .status,
              200);
    // A shipped object that changed is loaded again, the edited one is left alone.
    exec_sql(db_->url(), "UPDATE content_entries SET seed_hash = 'alt', title = 'Alt' WHERE slug IN ('minijob', 'gewerbeschein') AND collection = 'wikis'");
    auto third = run_jobhafen(env, {"seed", "--content-only"});
    ASSERT_EQ(third.first, 0) << third.second;
    EXPECT_NE(third.second.find("1 objects new or changed"), std::string::npos) << third.second;
    EXPECT_EQ(field(call(port_, "GET", "/api/content/wikis?slug=minijob").body, "/data/0/title"), "Minijob");
    EXPECT_EQ(field(call(port_, "GET", "/api/content/wikis?slug=gewerbeschein").body, "/data/0/teaser"), "Von der Redaktion geändert.");
    EXPECT_EQ(count(), before);
}

TEST_F(ContentApi, AChangeReachesTheCachedHeadsOfAnotherInstance) {
    // A second server on the same database and Redis (one loop, so every request meets the same
    // in-memory cache) caches the head of a city page ...
    std::unique_ptr<server_process> other(start_server("1"));
    ASSERT_TRUE(other->wait_ready(60s)) << other->log();
    auto before = http_request(other->port(), "GET", "/jobs-stadt/kiel");
    EXPECT_NE(before.body.find("<title>Jobs in Kiel | Jobhafen</title>"), std::string::npos) << before.body;
    // ... the page's meta changes through the first server ...
    std::string admin = bearer(admin_token());
    auto page = call(port_, "GET", "/api/content/pages?slug=landingpages-cities-city");
    std::string id = field(page.body, "/data/0/id");
    auto full = call(port_, "GET", "/api/content/pages/" + id);
    std::string body = full.body;
    auto pos = body.find("\"title\": \"Jobs in {name}\"");
    if (pos == std::string::npos) pos = body.find("\"title\":\"Jobs in {name}\"");
    ASSERT_NE(pos, std::string::npos) << body;
    body.replace(body.find("Jobs in {name}", pos), 14, "Nebenjobs in {name}");
    ASSERT_EQ(call(port_, "PUT", "/api/content/pages/" + id, body, admin).status, 200);
    // ... and the other instance answers with the new title at once (pub/sub), not after its cache time.
    std::string title;
    for (int i = 0; i < 40 && title.empty(); ++i) {
        auto after = http_request(other->port(), "GET", "/jobs-stadt/kiel");
        if (after.body.find("<title>Nebenjobs in Kiel | Jobhafen</title>") != std::string::npos) title = "new";
        else std::this_thread::sleep_for(50ms);
    }
    EXPECT_EQ(title, "new");
}

}  // namespace
}  // namespace jh::test
