// Integration tests of the provider side (docs/providers.md), from outside against the real server
// (with the in-memory job index on), PostgreSQL, Redis, the mail worker and the SMTP sink:
// organization members sign in and see who they act for; they edit their organization's profile
// and logo; they write a job posting with two geocoded locations, publish it (and it is found by
// city, radius, activity and in the sitemap within seconds: the time is measured and printed),
// pause, close (410, noindex, never mailed by an alert again) and duplicate it, within the ad
// quota an administrator sets; "Speichern und veröffentlichen" is one request (?publish=1) that
// saves nothing when the job cannot be published (what is missing, the quota, a closed job). Every
// object is tried by a member of another organization, a candidate, a visitor and a member whose
// organization is still under review.
#include <chrono>

#include "tests/integration/sedcard_fixture.h"

namespace jh::test {
namespace {

using namespace accounts_fixture;
using namespace sedcard_fixture;

// Organizations made by an operator are approved from the start (migration 0050).
constexpr const char* provider_jobs_seed_sql = R"sql(
INSERT INTO organizations (id, slug, name, contact_email) VALUES
 (9101, 'eigene-agentur', 'Eigene Agentur GmbH', 'jobs@eigene.example'),
 (9102, 'fremde-agentur', 'Fremde Agentur KG', 'jobs@fremde.example'),
 (9103, 'kontingent-agentur', 'Kontingent Agentur UG', 'jobs@kontingent.example'),
 (9104, 'pruef-agentur', 'Prüf Agentur GmbH', 'jobs@pruef.example'),
 (9105, 'sofort-agentur', 'Sofort Agentur GmbH', 'jobs@sofort.example'),
 (9106, 'wieder-agentur', 'Wieder Agentur GmbH', 'jobs@wieder.example');
UPDATE organizations SET active_ad_quota = 2 WHERE id IN (9105, 9106);
UPDATE organizations SET approved_at = NULL, review_pending = true, active = false WHERE id = 9104;
)sql";

struct member {
    std::string id, token;
};

class ProviderJobs : public ::testing::Test {
protected:
    static void SetUpTestSuite() {
        init_vips();
        var_ = new std::string(make_temp_dir("provider-var"));
        s_ = new stack;
        s_->start("providerjobs", true, {{"JOBHAFEN_VAR_DIR", *var_}, {"JOBHAFEN_SEARCH_INDEX", "true"}}, schema::migrated);
        if (::testing::Test::HasFatalFailure()) return;
        ASSERT_TRUE(wait_until([] { return s_->server->log().find("search index: ready") != std::string::npos; }, 60s))
            << s_->server->log();
        exec_sql(s_->db->url(), provider_jobs_seed_sql);
        owner_ = new member(make_member("inhaberin@eigene.example", 9101));
        colleague_ = new member(make_member("kollege@eigene.example", 9101));
        stranger_ = new member(make_member("fremd@fremde.example", 9102));
        quota_owner_ = new member(make_member("chefin@kontingent.example", 9103));
        pending_ = new member(make_member("wartend@pruef.example", 9104));
        auto [id, token] = register_candidate(port(), "kandidatin@example.de");
        candidate_ = new member{id, token};
    }
    static void TearDownTestSuite() {
        print_server_log_if_a_test_failed(*s_);
        s_->stop();
        std::error_code ec;
        std::filesystem::remove_all(*var_, ec);
        for (auto* m : {owner_, colleague_, stranger_, quota_owner_, pending_, candidate_}) delete m;
        delete s_;
        delete var_;
    }
    static int port() { return s_->port; }
    static std::string sql(const std::string& q) { return s_->sql(q); }

    // An organization member made from a registered account (address confirmed), signed in with
    // the ordinary POST /api/login.
    static member make_member(const std::string& email, int org) {
        auto [id, token] = register_candidate(port(), email);
        exec_sql(s_->db->url(), "UPDATE accounts SET role = 'organization_member', organization_id = " + std::to_string(org) +
                                    ", email_verified_at = now() WHERE id = " + id + "; DELETE FROM candidate_profiles WHERE account_id = " + id);
        auto l = login(port(), email, "Geheim123!");
        EXPECT_EQ(l.status, 200) << l.body;
        return {id, l.token};
    }
    static std::pair<int, std::string> admin(const std::vector<std::string>& args) {
        std::vector<std::string> all{"admin", "organizations"};
        all.insert(all.end(), args.begin(), args.end());
        return run_jobhafen({{"JOBHAFEN_DATABASE_URL", s_->db->url()}}, all);
    }
    static http_reply as(const member* m, std::string_view method, const std::string& target, std::string_view body = {}) {
        return call(port(), method, target, body, m ? bearer(m->token) : std::string());
    }
    // A draft with everything publication needs, in Berlin.
    static std::string complete_draft(const member& m, const std::string& title) {
        auto r = as(&m, "POST", "/api/job_postings",
                    R"({"title":")" + title + R"(","description":"Wir suchen Verstärkung.","activities":["promotion"],"baseSalary":15,"salaryUnit":"hour",)"
                    R"("locations":[{"city":"Berlin","zipcode":"10178","street":"Alexanderplatz 1"}]})");
        EXPECT_EQ(r.status, 201) << r.body;
        return field(r.body, "id");
    }
    static bool listed(const std::string& query, const std::string& id) {
        auto r = call(port(), "GET", "/api/job_postings?isPublished=1&itemsPerPage=100&" + query);
        return r.status == 200 && r.body.find("\"@id\":\"/api/job_postings/" + id + "\"") != std::string::npos;
    }
    static std::pair<int, std::string> run_alerts_once() {
        return run_jobhafen({{"JOBHAFEN_DATABASE_URL", s_->db->url()}, {"JOBHAFEN_HTTP_PUBLIC_ORIGIN", s_->origin}},
                            {"worker", "alerts", "--once"});
    }
    static bool has_violation(const std::string& body, const std::string& path) {
        return body.find("\"propertyPath\":\"" + path + "\"") != std::string::npos;
    }

    static stack* s_;
    static std::string* var_;
    static member *owner_, *colleague_, *stranger_, *quota_owner_, *pending_, *candidate_;
};
stack* ProviderJobs::s_ = nullptr;
std::string* ProviderJobs::var_ = nullptr;
member* ProviderJobs::owner_ = nullptr;
member* ProviderJobs::colleague_ = nullptr;
member* ProviderJobs::stranger_ = nullptr;
member* ProviderJobs::quota_owner_ = nullptr;
member* ProviderJobs::pending_ = nullptr;
member* ProviderJobs::candidate_ = nullptr;

TEST_F(ProviderJobs, MeTellsWhoActsForWhichOrganization) {
    auto me = as(owner_, "GET", "/api/organization_members/me");
    ASSERT_EQ(me.status, 200) << me.body;
    EXPECT_EQ(field(me.body, "role"), "owner");
    EXPECT_EQ(field(me.body, "canAct"), "true");
    EXPECT_EQ(field(me.body, "email"), "inhaberin@eigene.example");
    EXPECT_EQ(field(me.body, "/organization/id"), "9101");
    EXPECT_EQ(field(me.body, "/organization/state"), "approved");
    EXPECT_EQ(field(me.body, "/organization/activeAdQuota"), "1");   // the free ad of a new customer

    EXPECT_EQ(field(as(colleague_, "GET", "/api/organization_members/me").body, "role"), "member");
    auto waiting = as(pending_, "GET", "/api/organization_members/me");
    ASSERT_EQ(waiting.status, 200) << waiting.body;
    EXPECT_EQ(field(waiting.body, "canAct"), "false");
    EXPECT_EQ(field(waiting.body, "/organization/state"), "pending");

    auto cand = as(candidate_, "GET", "/api/organization_members/me");
    EXPECT_EQ(cand.status, 403);
    EXPECT_EQ(field(cand.body, "message"), "Dieser Bereich ist nur für Jobanbieter.");
    EXPECT_EQ(as(nullptr, "GET", "/api/organization_members/me").status, 401);
}

TEST_F(ProviderJobs, MembersEditTheirOrganizationProfileAndNobodyElseDoes) {
    auto r = as(colleague_, "PATCH", "/api/organizations/9101",
                R"({"name":"Eigene Agentur GmbH & Co. KG","foundingYear":2004,"employees":35,"workingDaysPerYear":1800,
                    "description":"Promotion in ganz Deutschland.","website":"https://eigene.example",
                    "contact":{"name":"Ina Haber","email":"ina@eigene.example","phone":"030 123456"},
                    "company":{"legalForm":"GmbH & Co. KG","street":"Hauptstr. 1","zipcode":"10115","city":"Berlin",
                               "vatId":"DE123456789"},"id":9101,"state":"approved"})");
    ASSERT_EQ(r.status, 200) << r.body;
    EXPECT_EQ(field(r.body, "foundingYear"), "2004");
    EXPECT_EQ(field(r.body, "/company/legalForm"), "GmbH & Co. KG");
    // The public organization page shows it.
    auto pub = call(port(), "GET", "/api/organizations/9101");
    ASSERT_EQ(pub.status, 200) << pub.body;
    EXPECT_EQ(field(pub.body, "name"), "Eigene Agentur GmbH & Co. KG");
    EXPECT_EQ(field(pub.body, "workingDaysPerYear"), "1800");
    EXPECT_EQ(field(pub.body, "/contact/name"), "Ina Haber");
    // Merge-patch: null clears, absent members stay.
    r = as(owner_, "PATCH", "/api/organizations/9101", R"({"website":null})");
    ASSERT_EQ(r.status, 200) << r.body;
    EXPECT_EQ(field(r.body, "website"), "null");
    EXPECT_EQ(field(r.body, "employees"), "35");

    // Every broken field at once, each bounded before its rule.
    r = as(owner_, "PATCH", "/api/organizations/9101",
           R"({"name":"","foundingYear":1700,"employees":"viele","website":"kein link","contact":{"email":"ina@"},
               "company":{"zipcode":"123","country":"de"},"description":")" + std::string(20001, 'x') + R"(","farbe":"blau"})");
    ASSERT_EQ(r.status, 422) << r.body;
    for (const char* path : {"name", "foundingYear", "employees", "website", "contact.email", "company.zipcode", "description", "farbe"})
        EXPECT_TRUE(has_violation(r.body, path)) << path << "\n" << r.body;
    EXPECT_NE(r.body.find("Dieses Feld muss mindestens 1800 sein"), std::string::npos) << r.body;
    EXPECT_EQ(sql("SELECT founding_year FROM organizations WHERE id = 9101"), "2004");
    EXPECT_EQ(as(owner_, "PATCH", "/api/organizations/9101", "{\"name\":").status, 400);

    // Another organization's member, a candidate, a visitor, a member under review.
    auto other = as(stranger_, "PATCH", "/api/organizations/9101", R"({"name":"Übernommen"})");
    EXPECT_EQ(other.status, 403);
    EXPECT_EQ(field(other.body, "message"), "Sie können nur Ihr eigenes Unternehmen bearbeiten.");
    EXPECT_EQ(as(candidate_, "PATCH", "/api/organizations/9101", R"({"name":"Übernommen"})").status, 403);
    EXPECT_EQ(as(nullptr, "PATCH", "/api/organizations/9101", R"({"name":"Übernommen"})").status, 401);
    auto waiting = as(pending_, "PATCH", "/api/organizations/9104", R"({"name":"Schon fertig"})");
    EXPECT_EQ(waiting.status, 403);
    EXPECT_NE(field(waiting.body, "message").find("wird noch geprüft"), std::string::npos) << waiting.body;
    EXPECT_EQ(sql("SELECT name FROM organizations WHERE id = 9101"), "Eigene Agentur GmbH & Co. KG");
}

TEST_F(ProviderJobs, TheLogoIsCheckedByItsBytesAndReencoded) {
    auto up = upload(port(), "/api/organizations/9101/logo", owner_->token,
                     {{"file", save_buffer(picture(900, 600), ".png"), "logo.png", "image/png"}});
    ASSERT_EQ(up.status, 200) << up.body;
    EXPECT_EQ(field(up.body, "hasLogo"), "true");
    auto logo = call(port(), "GET", "/api/organizations/9101/logo");
    ASSERT_EQ(logo.status, 200);
    EXPECT_EQ(logo.header("content-type"), "image/jpeg");
    ASSERT_GE(logo.body.size(), 3u);
    EXPECT_EQ(logo.body.substr(0, 3), std::string("\xFF\xD8\xFF"));   // re-encoded as JPEG

    auto fake = upload(port(), "/api/organizations/9101/logo", owner_->token,
                       {{"file", "<svg onload=alert(1)></svg> nur Text", "logo.png", "image/png"}});
    EXPECT_EQ(fake.status, 422) << fake.body;
    EXPECT_TRUE(has_violation(fake.body, "file")) << fake.body;
    auto foreign = upload(port(), "/api/organizations/9101/logo", stranger_->token,
                          {{"file", save_buffer(picture(100, 100), ".jpg"), "x.jpg", "image/jpeg"}});
    EXPECT_EQ(foreign.status, 403);
    EXPECT_EQ(call(port(), "GET", "/api/organizations/9102/logo").status, 404);   // none uploaded
    EXPECT_EQ(as(stranger_, "DELETE", "/api/organizations/9101/logo").status, 403);
    EXPECT_EQ(call(port(), "GET", "/api/organizations/9101/logo").status, 200);
}

TEST_F(ProviderJobs, AJobIsWrittenPublishedFoundClosedAndNeverMailedAgain) {
    // A candidate's alert for Berlin, confirmed before the job exists.
    auto alert = call(port(), "POST", "/api/job_alerts",
                      R"({"title":"Berlin","interval":"daily","searchFilter":"city=berlin&distance=25"})", bearer(candidate_->token));
    ASSERT_EQ(alert.status, 201) << alert.body;
    std::string alert_id = field(alert.body, "id");
    exec_sql(s_->db->url(), "UPDATE job_alerts SET confirmed_at = now(), matched_until = now() - interval '1 minute', "
                            "next_run_at = now() WHERE id = " + alert_id);

    auto created = as(owner_, "POST", "/api/job_postings", R"({"title":"Promoter (m/w/d) für Messe-Sampling"})");
    ASSERT_EQ(created.status, 201) << created.body;
    std::string id = field(created.body, "id");
    EXPECT_EQ(field(created.body, "state"), "draft");
    EXPECT_EQ(created.header("location"), "/api/job_postings/" + id);
    EXPECT_EQ(call(port(), "GET", "/api/job_postings/" + id).status, 404);   // a draft is not public

    std::string muenchen = sql("SELECT id FROM places WHERE slug = 'muenchen' AND kind = 'city' ORDER BY population DESC LIMIT 1");
    auto patched = as(colleague_, "PATCH", "/api/job_postings/" + id,
                      R"({"description":"Sampling auf der Messe. Spaß am Kontakt mit Menschen.","activities":["promotion","verkostung"],
                          "employmentTypes":["part_time_mini"],"industries":["gastronomie"],"brands":["Sonnenbräu"],"tags":["Messe","Sampling"],
                          "locations":[{"street":"Messedamm 22","zipcode":"14055","city":"Berlin"},{"placeId":)" + muenchen + R"(}],
                          "baseSalary":16.5,"salaryUnit":"hour","workingTime":"Fr–So, 10–18 Uhr","travelExpenses":"werden erstattet",
                          "contact":{"name":"Ina Haber","email":"ina@eigene.example"},"validThrough":"2099-12-31"})");
    ASSERT_EQ(patched.status, 200) << patched.body;
    EXPECT_EQ(field(patched.body, "/locations/0/city"), "Berlin");
    EXPECT_EQ(field(patched.body, "/locations/1/city"), "München");
    EXPECT_NEAR(std::stod(field(patched.body, "/locations/0/lat")), 52.52, 0.2);
    EXPECT_EQ(field(patched.body, "/locations/0/street"), "Messedamm 22");
    EXPECT_EQ(field(patched.body, "/activities/0/slug").empty(), false);
    EXPECT_EQ(field(patched.body, "baseSalary"), "16.5");
    EXPECT_EQ(field(patched.body, "state"), "draft");

    // Published: in the search by city, radius, activity and text, and in the sitemap, within seconds.
    auto start = std::chrono::steady_clock::now();
    auto published = as(owner_, "POST", "/api/job_postings/" + id + "/publish");
    ASSERT_EQ(published.status, 200) << published.body;
    EXPECT_EQ(field(published.body, "state"), "published");
    std::string slug = field(published.body, "slug");
    EXPECT_EQ(slug, "promoter-m-w-d-fuer-messe-sampling-" + id);
    ASSERT_TRUE(wait_until([&] { return listed("city=berlin&distance=10", id); }, 10s)) << "not found by city";
    auto searchable = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start);
    std::printf("[ provider ] publish → searchable by city (job index on): %lld ms\n", static_cast<long long>(searchable.count()));
    EXPECT_TRUE(listed("lat=48.137&lon=11.575&distance=25", id));             // München, by radius
    EXPECT_FALSE(listed("lat=53.55&lon=9.99&distance=25", id));               // not Hamburg
    EXPECT_TRUE(listed("activity=verkostung", id));
    EXPECT_TRUE(listed("q=Sampling", id));
    EXPECT_EQ(call(port(), "GET", "/api/job_postings/" + id).status, 200);
    EXPECT_NE(call(port(), "GET", "/sitemaps/jobs-1.xml").body.find("/jobs/" + slug), std::string::npos);

    // The alert mails it once.
    auto run = run_alerts_once();
    ASSERT_EQ(run.first, 0) << run.second;
    EXPECT_EQ(sql("SELECT count(*) FROM job_alert_sent_jobs WHERE alert_id = " + alert_id + " AND job_posting_id = " + id), "1");

    // Paused: gone from the search, 404; published again: back.
    auto paused = as(owner_, "POST", "/api/job_postings/" + id + "/unpublish");
    ASSERT_EQ(paused.status, 200) << paused.body;
    EXPECT_EQ(field(paused.body, "state"), "paused");
    EXPECT_TRUE(wait_until([&] { return !listed("city=berlin&distance=10", id); }, 10s));
    EXPECT_EQ(as(owner_, "POST", "/api/job_postings/" + id + "/unpublish").status, 409);
    ASSERT_EQ(as(owner_, "POST", "/api/job_postings/" + id + "/publish").status, 200);
    EXPECT_TRUE(wait_until([&] { return listed("city=berlin&distance=10", id); }, 10s));

    // Closed: 410 with noindex, out of search and sitemap, never changed or mailed again.
    auto closed = as(owner_, "POST", "/api/job_postings/" + id + "/close");
    ASSERT_EQ(closed.status, 200) << closed.body;
    EXPECT_EQ(field(closed.body, "state"), "closed");
    auto gone = call(port(), "GET", "/api/job_postings/" + id);
    EXPECT_EQ(gone.status, 410);
    EXPECT_EQ(field(gone.body, "message"), "JobPosting is inactive!");
    auto page = http_request(port(), "GET", "/jobs/" + slug);
    EXPECT_EQ(page.status, 410);
    EXPECT_NE(page.body.find("noindex"), std::string::npos);
    EXPECT_TRUE(wait_until([&] { return !listed("city=berlin&distance=10", id); }, 10s));
    EXPECT_EQ(call(port(), "GET", "/sitemaps/jobs-1.xml").body.find("/jobs/" + slug), std::string::npos);
    auto edit = as(owner_, "PATCH", "/api/job_postings/" + id, R"({"title":"Noch einmal"})");
    EXPECT_EQ(edit.status, 409);
    EXPECT_NE(field(edit.body, "message").find("beendet"), std::string::npos);
    EXPECT_EQ(as(owner_, "POST", "/api/job_postings/" + id + "/publish").status, 409);
    // A second alert that would match it from before its publication: nothing is sent for it.
    auto late = call(port(), "POST", "/api/job_alerts",
                     R"({"title":"Berlin später","interval":"daily","searchFilter":"city=berlin"})", bearer(candidate_->token));
    ASSERT_EQ(late.status, 201) << late.body;
    std::string late_id = field(late.body, "id");
    exec_sql(s_->db->url(), "UPDATE job_alerts SET confirmed_at = now(), matched_until = now() - interval '1 day', "
                            "next_run_at = now() WHERE id IN (" + alert_id + ", " + late_id + ")");
    run = run_alerts_once();
    ASSERT_EQ(run.first, 0) << run.second;
    EXPECT_EQ(sql("SELECT count(*) FROM job_alert_sent_jobs WHERE job_posting_id = " + id), "1");   // only the first mail

    // Duplicate: a new draft with the same fields, titled as a copy (issue 29).
    auto copy = as(owner_, "POST", "/api/job_postings/" + id + "/duplicate");
    ASSERT_EQ(copy.status, 201) << copy.body;
    EXPECT_NE(field(copy.body, "id"), id);
    EXPECT_EQ(field(copy.body, "state"), "draft");
    EXPECT_EQ(field(copy.body, "title"), "Promoter (m/w/d) für Messe-Sampling (Kopie)");
    EXPECT_EQ(field(copy.body, "/locations/1/city"), "München");
    EXPECT_EQ(field(copy.body, "publishedAt"), "null");
}

TEST_F(ProviderJobs, PublishingBeyondTheQuotaIsRefusedUntilAnAdministratorRaisesIt) {
    std::string first = complete_draft(*quota_owner_, "Erste Anzeige");
    std::string second = complete_draft(*quota_owner_, "Zweite Anzeige");
    ASSERT_EQ(as(quota_owner_, "POST", "/api/job_postings/" + first + "/publish").status, 200);
    auto refused = as(quota_owner_, "POST", "/api/job_postings/" + second + "/publish");
    ASSERT_EQ(refused.status, 409) << refused.body;
    EXPECT_EQ(field(refused.body, "message"),
              "Sie haben bereits 1 aktive Stellenanzeige – so viele, wie Ihr Kontingent erlaubt. Bitte pausieren oder beenden Sie "
              "eine Anzeige oder erweitern Sie Ihr Kontingent.");
    EXPECT_EQ(sql("SELECT is_published FROM job_postings WHERE id = " + second), "f");

    auto [code, out] = admin({"quota", "9103", "2"});
    ASSERT_EQ(code, 0) << out;
    ASSERT_EQ(as(quota_owner_, "POST", "/api/job_postings/" + second + "/publish").status, 200);
    auto [lcode, listed_orgs] = admin({"list", "--all"});
    ASSERT_EQ(lcode, 0) << listed_orgs;
    EXPECT_NE(listed_orgs.find("9103\tKontingent Agentur UG\t"), std::string::npos) << listed_orgs;
    EXPECT_NE(listed_orgs.find("\t2\t2\n"), std::string::npos) << listed_orgs;

    // Pausing frees a place; the list filters by state.
    ASSERT_EQ(as(quota_owner_, "POST", "/api/job_postings/" + first + "/unpublish").status, 200);
    auto paused = as(quota_owner_, "GET", "/api/organizations/9103/job_postings?state=paused");
    ASSERT_EQ(paused.status, 200) << paused.body;
    EXPECT_EQ(field(paused.body, "hydra:totalItems"), "1");
    EXPECT_EQ(field(paused.body, "/hydra:member/0/id"), first);
    auto all = as(quota_owner_, "GET", "/api/organizations/9103/job_postings?itemsPerPage=1&page=2");
    ASSERT_EQ(all.status, 200) << all.body;
    EXPECT_EQ(field(all.body, "hydra:totalItems"), "2");
    EXPECT_EQ(field(all.body, "page"), "2");
    EXPECT_EQ(as(quota_owner_, "GET", "/api/organizations/9103/job_postings?state=offen").status, 400);

    // Paid flags are the administrator's: a provider's attempt is ignored, the CLI sets them.
    auto tried = as(quota_owner_, "PATCH", "/api/job_postings/" + second, R"({"top_job":true})");
    ASSERT_EQ(tried.status, 200) << tried.body;
    EXPECT_EQ(field(tried.body, "top_job"), "false");
    auto [fcode, fout] = admin({"job-flag", second, "top_job", "on"});
    ASSERT_EQ(fcode, 0) << fout;
    EXPECT_EQ(field(as(quota_owner_, "GET", "/api/organizations/9103/job_postings/" + second).body, "top_job"), "true");
    EXPECT_EQ(admin({"job-flag", second, "gratis", "on"}).first, 2);
}

TEST_F(ProviderJobs, EveryFieldIsCheckedAndAllViolationsAreListed) {
    std::string id = complete_draft(*owner_, "Prüfling");
    auto r = as(owner_, "PATCH", "/api/job_postings/" + id,
                R"({"title":"  ","activities":["promotion","gibt-es-nicht"],"locations":[{"city":"Atlantis"},{"zipcode":"1"},{"city":"Berlin","zipcode":"12"}],
                    "baseSalary":-1,"salaryUnit":"week","validThrough":"morgen","contact":{"email":"ina@"},
                    "tags":)" + [] {
                    std::string t = "[";
                    for (int i = 0; i < 51; ++i) t += std::string(i ? "," : "") + "\"t" + std::to_string(i) + "\"";
                    return t + "]";
                }() + R"(,"requirement":")" + std::string(5001, 'a') + R"(","farbe":"rot"})");
    ASSERT_EQ(r.status, 422) << r.body;
    for (const char* path : {"title", "activities[1]", "locations[0].city", "locations[1].city", "locations[2].zipcode", "baseSalary",
                             "salaryUnit", "validThrough", "contact.email", "tags", "requirement", "farbe"})
        EXPECT_TRUE(has_violation(r.body, path)) << path << "\n" << r.body;
    EXPECT_NE(r.body.find("Diesen Ort kennen wir nicht"), std::string::npos) << r.body;
    EXPECT_EQ(sql("SELECT title FROM job_postings WHERE id = " + id), "Prüfling");

    // A salary needs its unit (the complete draft has one since pay is needed to publish: clear it).
    auto unit = as(owner_, "PATCH", "/api/job_postings/" + id, R"({"baseSalary":15,"salaryUnit":null})");
    ASSERT_EQ(unit.status, 422) << unit.body;
    EXPECT_TRUE(has_violation(unit.body, "salaryUnit")) << unit.body;

    // Publication needs description, activities and locations, and a future end.
    auto bare = as(owner_, "POST", "/api/job_postings", R"({"title":"Nur ein Titel","validThrough":"2020-01-01"})");
    ASSERT_EQ(bare.status, 201) << bare.body;
    auto pub = as(owner_, "POST", "/api/job_postings/" + field(bare.body, "id") + "/publish");
    ASSERT_EQ(pub.status, 422) << pub.body;
    for (const char* path : {"description", "activities", "locations", "validThrough"})
        EXPECT_TRUE(has_violation(pub.body, path)) << path << "\n" << pub.body;
    EXPECT_EQ(as(owner_, "POST", "/api/job_postings", R"({"description":"ohne Titel"})").status, 422);
}

TEST_F(ProviderJobs, SaveAndPublishIsOneRequestThatSavesNothingWhenTheJobCannotBePublished) {
    member m = make_member("sofort@sofort.example", 9105);
    auto draft = as(&m, "POST", "/api/job_postings", R"({"title":"Alter Titel","description":"Wir suchen Verstärkung.","baseSalary":15,"salaryUnit":"hour"})");
    ASSERT_EQ(draft.status, 201) << draft.body;
    std::string id = field(draft.body, "id");
    auto stored = [&] {
        return sql("SELECT title || ' ' || is_published::text || ' ' || (SELECT count(*) FROM job_posting_locations l WHERE l.job_posting_id = j.id)::text"
                   "  FROM job_postings j WHERE id = " + id);
    };

    // Without activities it cannot be published: 422 with the German message at the field, and
    // neither the new title nor the location was saved (one transaction).
    auto refused = as(&m, "PATCH", "/api/job_postings/" + id + "?publish=1", R"({"title":"Neuer Titel","locations":[{"city":"Berlin"}]})");
    ASSERT_EQ(refused.status, 422) << refused.body;
    EXPECT_TRUE(has_violation(refused.body, "activities")) << refused.body;
    EXPECT_FALSE(has_violation(refused.body, "locations")) << refused.body;   // the body's location counted
    EXPECT_NE(refused.body.find("Dieses Feld darf nicht leer sein"), std::string::npos) << refused.body;
    EXPECT_EQ(stored(), "Alter Titel false 0");
    auto seen = as(&m, "GET", "/api/organizations/9105/job_postings/" + id);
    EXPECT_EQ(field(seen.body, "state"), "draft") << seen.body;
    EXPECT_EQ(field(seen.body, "title"), "Alter Titel") << seen.body;

    // With them: saved and published by that one request.
    auto published = as(&m, "PATCH", "/api/job_postings/" + id + "?publish=1",
                        R"({"title":"Neuer Titel","activities":["promotion"],"locations":[{"city":"Berlin"}]})");
    ASSERT_EQ(published.status, 200) << published.body;
    EXPECT_EQ(field(published.body, "state"), "published");
    EXPECT_EQ(field(published.body, "title"), "Neuer Titel");
    EXPECT_EQ(stored(), "Neuer Titel true 1");

    // A new job: one that cannot be published is not created; a complete one is created published.
    auto nothing = as(&m, "POST", "/api/job_postings?publish=1", R"({"title":"Gar nicht erst angelegt"})");
    ASSERT_EQ(nothing.status, 422) << nothing.body;
    for (const char* path : {"description", "activities", "locations"}) EXPECT_TRUE(has_violation(nothing.body, path)) << path;
    EXPECT_EQ(sql("SELECT count(*) FROM job_postings WHERE organization_id = 9105"), "1");
    auto created = as(&m, "POST", "/api/job_postings?publish=1",
                      R"({"title":"Sofort online","description":"Ab morgen.","activities":["promotion"],"locations":[{"city":"Hamburg"}],)"
                      R"("baseSalary":15,"salaryUnit":"hour"})");
    ASSERT_EQ(created.status, 201) << created.body;
    EXPECT_EQ(field(created.body, "state"), "published");

    // The quota (2) is used up: the next save-and-publish is refused with the 409 and saves nothing.
    auto third = as(&m, "POST", "/api/job_postings?publish=1",
                    R"({"title":"Eine zu viel","description":"x","activities":["promotion"],"locations":[{"city":"Berlin"}],)"
                    R"("baseSalary":15,"salaryUnit":"hour"})");
    ASSERT_EQ(third.status, 409) << third.body;
    EXPECT_NE(third.body.find("Sie haben bereits 2 aktive Stellenanzeigen"), std::string::npos) << third.body;
    EXPECT_EQ(sql("SELECT count(*) FROM job_postings WHERE organization_id = 9105"), "2");
    EXPECT_EQ(as(&m, "PATCH", "/api/job_postings/" + id + "?publish=ja", "{}").status, 400);
}

// "Speichern und wieder veröffentlichen" of a paused job goes through the same quota as publishing,
// and a closed job cannot be saved-and-published: either refusal leaves the job as it was.
TEST_F(ProviderJobs, SaveAndRepublishBeyondTheQuotaOrOfAClosedJobSavesNothing) {
    member m = make_member("wieder@wieder.example", 9106);   // quota 2 (its own: the suite's cases share the data)
    std::string paused = complete_draft(m, "Pausiert"), second = complete_draft(m, "Zweite"), third = complete_draft(m, "Dritte");
    for (const auto& id : {paused, second}) ASSERT_EQ(as(&m, "POST", "/api/job_postings/" + id + "/publish").status, 200);
    ASSERT_EQ(as(&m, "POST", "/api/job_postings/" + paused + "/unpublish").status, 200);
    ASSERT_EQ(as(&m, "POST", "/api/job_postings/" + third + "/publish").status, 200);   // 2 of 2 active
    auto seen = [&](const std::string& id) {
        auto r = as(&m, "GET", "/api/organizations/9106/job_postings/" + id);
        return field(r.body, "state") + " " + field(r.body, "title");
    };

    auto full = as(&m, "PATCH", "/api/job_postings/" + paused + "?publish=1", R"({"title":"Wieder da"})");
    ASSERT_EQ(full.status, 409) << full.body;
    EXPECT_NE(full.body.find("Sie haben bereits 2 aktive Stellenanzeigen"), std::string::npos) << full.body;
    EXPECT_EQ(seen(paused), "paused Pausiert");

    ASSERT_EQ(as(&m, "POST", "/api/job_postings/" + second + "/close").status, 200);   // 1 of 2 active
    auto closed = as(&m, "PATCH", "/api/job_postings/" + second + "?publish=1", R"({"title":"Nach dem Ende"})");
    ASSERT_EQ(closed.status, 409) << closed.body;
    EXPECT_NE(closed.body.find("Eine beendete Stellenanzeige kann nicht wieder veröffentlicht werden"), std::string::npos) << closed.body;
    EXPECT_EQ(seen(second), "closed Zweite");

    auto back = as(&m, "PATCH", "/api/job_postings/" + paused + "?publish=1", R"({"title":"Wieder da"})");
    ASSERT_EQ(back.status, 200) << back.body;
    EXPECT_EQ(seen(paused), "published Wieder da");
}

TEST_F(ProviderJobs, NobodyButTheOrganizationsMembersReachesItsJobs) {
    std::string job = complete_draft(*owner_, "Nur für uns");
    std::string path = "/api/job_postings/" + job;
    struct attempt {
        std::string method, target, body;
    };
    std::vector<attempt> writes = {{"PATCH", path, R"({"title":"Gekapert"})"},
                                   {"POST", path + "/publish", ""},
                                   {"POST", path + "/unpublish", ""},
                                   {"POST", path + "/close", ""},
                                   {"POST", path + "/duplicate", ""}};
    // A member of another organization: the job does not exist for it.
    for (const auto& a : writes) {
        auto r = as(stranger_, a.method, a.target, a.body);
        EXPECT_EQ(r.status, 404) << a.method << " " << a.target << "\n" << r.body;
    }
    EXPECT_EQ(as(stranger_, "GET", "/api/organizations/9102/job_postings/" + job).status, 404);
    EXPECT_EQ(as(stranger_, "GET", "/api/organizations/9101/job_postings/" + job).status, 403);
    EXPECT_EQ(as(stranger_, "GET", "/api/organizations/9101/job_postings").status, 403);
    EXPECT_EQ(as(stranger_, "POST", "/api/job_postings", R"({"title":"Fremd","organization":"/api/organizations/9101"})").status, 403);
    // A candidate and a visitor.
    for (const auto& a : writes) {
        EXPECT_EQ(as(candidate_, a.method, a.target, a.body).status, 403) << a.method << " " << a.target;
        EXPECT_EQ(as(nullptr, a.method, a.target, a.body).status, 401) << a.method << " " << a.target;
    }
    EXPECT_EQ(as(candidate_, "POST", "/api/job_postings", R"({"title":"Kandidatin"})").status, 403);
    EXPECT_EQ(as(nullptr, "POST", "/api/job_postings", R"({"title":"Besuch"})").status, 401);
    EXPECT_EQ(as(candidate_, "GET", "/api/organizations/9101/job_postings").status, 403);
    EXPECT_EQ(as(nullptr, "GET", "/api/organizations/9101/job_postings").status, 401);
    // A member whose organization is still under review reads but does not write.
    auto waiting = as(pending_, "POST", "/api/job_postings", R"({"title":"Zu früh"})");
    EXPECT_EQ(waiting.status, 403);
    EXPECT_NE(field(waiting.body, "message").find("wird noch geprüft"), std::string::npos) << waiting.body;
    EXPECT_EQ(as(pending_, "GET", "/api/organizations/9104/job_postings").status, 200);
    // Nothing changed; the own colleague reaches it.
    EXPECT_EQ(sql("SELECT title || ' ' || is_published::text || ' ' || active::text FROM job_postings WHERE id = " + job),
              "Nur für uns false true");
    EXPECT_EQ(sql("SELECT count(*) FROM job_postings WHERE title IN ('Gekapert', 'Fremd', 'Kandidatin', 'Besuch', 'Zu früh')"), "0");
    auto mine = as(colleague_, "GET", "/api/organizations/9101/job_postings/" + job);
    ASSERT_EQ(mine.status, 200) << mine.body;
    EXPECT_EQ(field(mine.body, "title"), "Nur für uns");
}

}  // namespace
}  // namespace jh::test
