// Integration tests of the candidate search (Bewerberdatenbank, docs/providers.md "Candidate
// search"), from outside against the real server, PostgreSQL, Redis, the mail worker and the SMTP
// sink: an organization with the product finds searchable candidates by activity, place and radius,
// employment status and working time; cards carry no contact data; opening a card is logged and
// sets the organization's status; contacting mails the candidate without revealing the address;
// shortlisted/declined are the organization's own. Every route is tried by a member of another
// organization, an organization without the product, a candidate and a visitor.
#include "tests/integration/export_fixture.h"
#include "tests/integration/sedcard_fixture.h"

namespace jh::test {
namespace {

using namespace accounts_fixture;
using namespace sedcard_fixture;

constexpr const char* candidate_search_seed_sql = R"sql(
INSERT INTO organizations (id, slug, name, contact_email, candidate_search) VALUES
 (9201, 'suchende-agentur', 'Suchende Agentur GmbH', 'jobs@suchende.example', true),
 (9202, 'andere-agentur', 'Andere Agentur KG', 'jobs@andere.example', true),
 (9203, 'ohne-produkt', 'Ohne Produkt UG', 'jobs@ohne.example', false);
)sql";

struct person {
    std::string account_id, token, profile_id;
};

class CandidateSearch : public ::testing::Test {
protected:
    static void SetUpTestSuite() {
        s_ = new stack;
        s_->start("candidatesearch", true, {}, schema::migrated);
        if (::testing::Test::HasFatalFailure()) return;
        exec_sql(s_->db->url(), candidate_search_seed_sql);
        searcher_ = new person(make_member("suche@suchende.example", 9201));
        other_ = new person(make_member("andere@andere.example", 9202));
        without_ = new person(make_member("ohne@ohne.example", 9203));
        // Lena in Berlin: a student, promotion, weekends; with phone, street and birth date that
        // must never reach a provider.
        lena_ = new person(make_candidate("lena.sucht@example.de", "Lena", "Schmidt", true,
                                          R"({"birthDate":"2000-05-17","addresses":[{"street":"Geheimstraße 7","zipcode":"10115","city":"Berlin","country":"de"}],)"
                                          R"("communicationData":[{"type":"tel","value":"030 9876543"}],)"
                                          R"("jobEmployment":{"jobEmploymentStatus":"student"},)"
                                          R"("workPreference":{"preferredActivities":["promotion"],"preferredWorkingTimes":["weekend"]}})"));
        // Paul in Potsdam (about 27 km from Berlin): an employee, messehostess, evenings.
        paul_ = new person(make_candidate("paul.sucht@example.de", "Paul", "Weber", true,
                                          R"({"birthDate":"1985-01-02","addresses":[{"street":"Am Kanal 1","zipcode":"14467","city":"Potsdam","country":"de"}],)"
                                          R"("jobEmployment":{"jobEmploymentStatus":"employee"},)"
                                          R"("workPreference":{"preferredActivities":["messehostess"],"preferredWorkingTimes":["evening"]}})"));
        // Nina in München: promotion too, but she did not choose to be searchable.
        hidden_ = new person(make_candidate("nina.privat@example.de", "Nina", "Verborgen", false,
                                            R"({"addresses":[{"street":"Weg 1","zipcode":"80331","city":"München","country":"de"}],)"
                                            R"("workPreference":{"preferredActivities":["promotion"]}})"));
    }
    static void TearDownTestSuite() {
        print_server_log_if_a_test_failed(*s_);
        s_->stop();
        for (auto* p : {searcher_, other_, without_, lena_, paul_, hidden_}) delete p;
        delete s_;
    }
    static int port() { return s_->port; }
    static std::string sql(const std::string& q) { return s_->sql(q); }

    static person make_member(const std::string& email, int org) {
        auto [id, token] = register_candidate(port(), email);
        exec_sql(s_->db->url(), "UPDATE accounts SET role = 'organization_member', organization_id = " + std::to_string(org) +
                                    ", email_verified_at = now() WHERE id = " + id + "; DELETE FROM candidate_profiles WHERE account_id = " + id);
        auto l = login(port(), email, "Geheim123!");
        EXPECT_EQ(l.status, 200) << l.body;
        return {id, l.token, {}};
    }
    // A confirmed candidate whose sedcard is written through the ordinary profile PATCH.
    static person make_candidate(const std::string& email, const std::string& first, const std::string& last, bool searchable,
                                 const std::string& sedcard) {
        auto r = call(port(), "POST", "/api/candidate_profiles/register", registration_body(email, "Geheim123!", first, last));
        EXPECT_EQ(r.status, 201) << r.body;
        auto l = login(port(), email, "Geheim123!");
        auto me = call(port(), "GET", "/api/candidate_accounts/me", {}, bearer(l.token));
        person p{field(me.body, "id"), l.token, field(me.body, "/candidateProfile/id")};
        exec_sql(s_->db->url(), "UPDATE accounts SET email_verified_at = now(), searchable_by_providers = " +
                                    std::string(searchable ? "true" : "false") + " WHERE id = " + p.account_id);
        auto patched = call(port(), "PATCH", "/api/candidate_profiles/" + p.profile_id, sedcard,
                            bearer(p.token) + "Content-Type: application/merge-patch+json\r\n");
        EXPECT_EQ(patched.status, 200) << patched.body;
        return p;
    }
    // The answer with PostgreSQL's jsonb spacing (`"a": 1, "b"`) squeezed out, so a test can look
    // for `"firstName":"Lena"` whichever way the server printed it.
    static http_reply as(const person* p, std::string_view method, const std::string& target, std::string_view body = {}) {
        http_reply r = call(port(), method, target, body, p ? bearer(p->token) : std::string());
        for (std::string_view spaced : {"\": ", ", \""}) {
            std::string tight{spaced.front() == '"' ? "\":" : ",\""};
            for (auto at = r.body.find(spaced); at != std::string::npos; at = r.body.find(spaced, at)) r.body.replace(at, spaced.size(), tight);
        }
        return r;
    }
    // Contact mails to `to` in the sink (the registration's own mail does not count).
    static std::size_t contact_mails_to(const std::string& to) {
        std::size_t n = 0;
        for (const auto& f : s_->sink->message_files()) {
            auto m = read_mail(f);
            if (m.to.find(to) != std::string::npos && m.subject.find("kennenlernen") != std::string::npos) ++n;
        }
        return n;
    }
    static std::string search(const std::string& query, const person* who = searcher_, int org = 9201) {
        auto r = as(who, "GET", "/api/organizations/" + std::to_string(org) + "/candidate_search?" + query);
        EXPECT_EQ(r.status, 200) << r.body;
        return r.body;
    }
    static bool found(const std::string& body, const person& p) {
        return body.find("\"@id\":\"/api/organizations/9201/candidate_search/" + p.profile_id + "\"") != std::string::npos;
    }
    static std::string status_path(const person& p, int org = 9201) {
        return "/api/candidate_profiles/" + p.profile_id + "/pbasis_search/" + std::to_string(org) + "/status";
    }

    static stack* s_;
    static person *searcher_, *other_, *without_, *lena_, *paul_, *hidden_;
};
stack* CandidateSearch::s_ = nullptr;
person* CandidateSearch::searcher_ = nullptr;
person* CandidateSearch::other_ = nullptr;
person* CandidateSearch::without_ = nullptr;
person* CandidateSearch::lena_ = nullptr;
person* CandidateSearch::paul_ = nullptr;
person* CandidateSearch::hidden_ = nullptr;

// Berlin Mitte.
constexpr const char* berlin = "lat=52.52&lon=13.405";

TEST_F(CandidateSearch, FindsSearchableCandidatesByEveryFilter) {
    std::string all = search("");
    EXPECT_TRUE(found(all, *lena_)) << all;
    EXPECT_TRUE(found(all, *paul_)) << all;
    EXPECT_FALSE(found(all, *hidden_)) << all;
    EXPECT_EQ(field(all, "hydra:totalItems"), "2") << all;

    // Place and radius: Berlin 10 km is Lena only; 50 km reaches Potsdam, nearest first.
    std::string near = search(std::string(berlin) + "&distance=10");
    EXPECT_TRUE(found(near, *lena_)) << near;
    EXPECT_FALSE(found(near, *paul_)) << near;
    std::string wide = search(std::string(berlin) + "&distance=50");
    ASSERT_TRUE(found(wide, *paul_)) << wide;
    EXPECT_LT(wide.find("/candidate_search/" + lena_->profile_id), wide.find("/candidate_search/" + paul_->profile_id)) << wide;
    EXPECT_NE(wide.find("\"distanceKm\":"), std::string::npos) << wide;

    // Activity, employment status, working time.
    std::string promo = search("activity[]=promotion");
    EXPECT_TRUE(found(promo, *lena_));
    EXPECT_FALSE(found(promo, *paul_));
    EXPECT_FALSE(found(promo, *hidden_)) << "an unsearchable candidate is never found";
    EXPECT_TRUE(found(search("activity[]=promotion&activity[]=messehostess"), *paul_));
    std::string employees = search("employmentStatus=employee");
    EXPECT_TRUE(found(employees, *paul_));
    EXPECT_FALSE(found(employees, *lena_));
    std::string weekend = search("workingTime=weekend");
    EXPECT_TRUE(found(weekend, *lena_));
    EXPECT_FALSE(found(weekend, *paul_));

    // Paging.
    std::string first = search("itemsPerPage=1&page=1"), second = search("itemsPerPage=1&page=2");
    EXPECT_EQ(field(first, "hydra:totalItems"), "2");
    EXPECT_NE(found(first, *lena_), found(second, *lena_)) << first << second;

    // Bad parameters: 400 with a message.
    EXPECT_EQ(as(searcher_, "GET", "/api/organizations/9201/candidate_search?lat=52.5").status, 400);
    EXPECT_EQ(as(searcher_, "GET", "/api/organizations/9201/candidate_search?lat=x&lon=1").status, 400);
    EXPECT_EQ(as(searcher_, "GET", std::string("/api/organizations/9201/candidate_search?") + berlin + "&distance=9999").status, 400);
    EXPECT_EQ(as(searcher_, "GET", "/api/organizations/9201/candidate_search?itemsPerPage=500").status, 400);
}

TEST_F(CandidateSearch, CardsShowNoContactData) {
    std::string all = search("");
    EXPECT_NE(all.find("\"firstName\":\"Lena\""), std::string::npos) << all;
    EXPECT_NE(all.find("\"lastNameInitial\":\"S.\""), std::string::npos) << all;
    EXPECT_NE(all.find("\"city\":\"Berlin\""), std::string::npos) << all;
    EXPECT_NE(all.find("\"ageBand\":\"25–34\""), std::string::npos) << all;   // born 2000
    EXPECT_NE(all.find("\"name\":\"Promotion\""), std::string::npos) << all;
    EXPECT_NE(all.find("\"completenessPercent\":"), std::string::npos) << all;
    auto detail = as(searcher_, "GET", "/api/organizations/9201/candidate_search/" + lena_->profile_id);
    ASSERT_EQ(detail.status, 200) << detail.body;
    for (std::string_view secret : {"lena.sucht@example.de", "Schmidt", "Geheimstraße", "10115", "9876543", "2000-05-17", "communicationData"}) {
        EXPECT_EQ(all.find(secret), std::string::npos) << secret << " in " << all;
        EXPECT_EQ(detail.body.find(secret), std::string::npos) << secret << " in " << detail.body;
    }
    EXPECT_NE(detail.body.find("\"workPreference\""), std::string::npos) << detail.body;
}

TEST_F(CandidateSearch, OpeningIsLoggedAndStatusFollowsTheOrganization) {
    // Before: none, for this organization.
    auto st = as(searcher_, "GET", status_path(*paul_));
    ASSERT_EQ(st.status, 200) << st.body;
    EXPECT_EQ(field(st.body, "status"), "none");
    EXPECT_EQ(field(st.body, "searchable"), "true");

    ASSERT_EQ(as(searcher_, "GET", "/api/organizations/9201/candidate_search/" + paul_->profile_id).status, 200);
    EXPECT_EQ(sql("SELECT count(*) FROM candidate_profile_views WHERE profile_id = " + paul_->profile_id +
                  " AND organization_id = 9201 AND viewer_id = " + searcher_->account_id),
              "1");
    EXPECT_EQ(field(as(searcher_, "GET", status_path(*paul_)).body, "status"), "viewed");

    // Shortlisted and declined are the organization's own; another organization still sees none.
    auto marked = as(searcher_, "PATCH", status_path(*paul_), R"({"status":"shortlisted"})");
    ASSERT_EQ(marked.status, 200) << marked.body;
    EXPECT_EQ(field(as(searcher_, "GET", status_path(*paul_)).body, "status"), "shortlisted");
    // Opening again does not undo the mark.
    ASSERT_EQ(as(searcher_, "GET", "/api/organizations/9201/candidate_search/" + paul_->profile_id).status, 200);
    EXPECT_EQ(field(as(searcher_, "GET", status_path(*paul_)).body, "status"), "shortlisted");
    EXPECT_EQ(field(as(other_, "GET", status_path(*paul_, 9202)).body, "status"), "none");
    ASSERT_EQ(as(searcher_, "PATCH", status_path(*paul_), R"({"status":"declined"})").status, 200);
    EXPECT_EQ(field(search("employmentStatus=employee"), "/hydra:member/0/searchStatus"), "declined");
    // Only shortlisted or declined may be set; the candidate sees the state too.
    auto bad = as(searcher_, "PATCH", status_path(*paul_), R"({"status":"contacted"})");
    EXPECT_EQ(bad.status, 422) << bad.body;
    EXPECT_NE(bad.body.find("\"propertyPath\":\"status\""), std::string::npos) << bad.body;
    EXPECT_EQ(as(searcher_, "PATCH", status_path(*paul_), "{nope").status, 400);
    EXPECT_EQ(field(as(paul_, "GET", status_path(*paul_)).body, "status"), "declined");
}

TEST_F(CandidateSearch, ContactingMailsTheCandidateWithoutRevealingTheAddress) {
    auto empty = as(searcher_, "POST", "/api/organizations/9201/candidate_search/" + lena_->profile_id + "/contact", R"({"message":"  "})");
    EXPECT_EQ(empty.status, 422) << empty.body;
    EXPECT_NE(empty.body.find("Dieses Feld darf nicht leer sein"), std::string::npos) << empty.body;
    auto too_long = as(searcher_, "POST", "/api/organizations/9201/candidate_search/" + lena_->profile_id + "/contact",
                       R"({"message":")" + std::string(5001, 'x') + "\"}");
    EXPECT_EQ(too_long.status, 422) << too_long.body;

    auto sent = as(searcher_, "POST", "/api/organizations/9201/candidate_search/" + lena_->profile_id + "/contact",
                   R"({"message":"Hallo Lena, wir suchen Promoter für die IFA. Hast du Lust?"})");
    ASSERT_EQ(sent.status, 201) << sent.body;
    EXPECT_EQ(sent.body.find("lena.sucht@example.de"), std::string::npos) << sent.body;
    EXPECT_EQ(field(sent.body, "searchStatus"), "contacted");
    std::string mail = wait_for_mail_to(*s_->sink, "lena.sucht@example.de", 15s, "möchte dich kennenlernen");
    ASSERT_FALSE(mail.empty());
    EXPECT_NE(mail.find("Suchende Agentur GmbH"), std::string::npos) << mail;
    EXPECT_NE(mail.find("wir suchen Promoter für die IFA"), std::string::npos) << mail;
    EXPECT_NE(mail.find("Hallo Lena"), std::string::npos) << mail;
    EXPECT_NE(mail.find("/meine-einstellungen"), std::string::npos) << mail;
    EXPECT_EQ(field(as(searcher_, "GET", status_path(*lena_)).body, "status"), "contacted");

    // One message a day per candidate and organization.
    auto again = as(searcher_, "POST", "/api/organizations/9201/candidate_search/" + lena_->profile_id + "/contact",
                    R"({"message":"Noch einmal"})");
    EXPECT_EQ(again.status, 429) << again.body;
    EXPECT_NE(again.body.find("24 Stunden"), std::string::npos) << again.body;
    EXPECT_EQ(contact_mails_to("lena.sucht@example.de"), 1u);
}

// Contacts are bounded beyond the pair: a candidate gets at most five a day from all organizations
// together, and one organization writes at most fifty candidates a day (earlier contacts of the day
// are written by SQL; they are what the bound counts). Nothing is mailed beyond either bound.
TEST_F(CandidateSearch, CandidateIsNotFloodedWithContactsFromManyOrganizations) {
    const std::string paul_contact = "/api/organizations/9201/candidate_search/" + paul_->profile_id + "/contact";
    std::size_t mails_before = contact_mails_to("paul.sucht@example.de");
    // Five organizations (here: the one without the product, as rows) wrote Paul today.
    sql("INSERT INTO candidate_contacts (profile_id, organization_id, message) SELECT " + paul_->profile_id +
        ", 9203, 'Hallo' FROM generate_series(1, 5) RETURNING id");
    auto full = as(searcher_, "POST", paul_contact, R"({"message":"Hallo Paul, Lust auf die Messe?"})");
    EXPECT_EQ(full.status, 429) << full.body;
    EXPECT_NE(full.body.find("heute schon mehrere Nachrichten"), std::string::npos) << full.body;
    sql("DELETE FROM candidate_contacts WHERE organization_id = 9203 RETURNING id");

    // The other organization wrote fifty candidates today: the fifty-first is refused.
    sql("INSERT INTO candidate_contacts (profile_id, organization_id, message) SELECT " + lena_->profile_id +
        ", 9202, 'Hallo' FROM generate_series(1, 50) RETURNING id");
    auto busy = as(other_, "POST", "/api/organizations/9202/candidate_search/" + paul_->profile_id + "/contact",
                   R"({"message":"Hallo Paul, Lust auf die Messe?"})");
    EXPECT_EQ(busy.status, 429) << busy.body;
    EXPECT_NE(busy.body.find("heute schon 50 Personen"), std::string::npos) << busy.body;
    sql("DELETE FROM candidate_contacts WHERE organization_id = 9202 RETURNING id");
    std::this_thread::sleep_for(500ms);
    EXPECT_EQ(contact_mails_to("paul.sucht@example.de"), mails_before);
    EXPECT_EQ(sql("SELECT count(*) FROM candidate_contacts WHERE profile_id = " + paul_->profile_id), "0");
}

// The candidate's data export names the organization that opened the profile from its search, and
// the messages it sent.
TEST_F(CandidateSearch, TheCandidatesExportNamesTheOrganizationThatLooked) {
    ASSERT_EQ(as(searcher_, "GET", "/api/organizations/9201/candidate_search/" + lena_->profile_id).status, 200);
    auto r = as(lena_, "GET", "/api/candidate_accounts/" + lena_->account_id + "/export");
    ASSERT_EQ(r.status, 200) << r.body.substr(0, 200);
    std::string doc = export_fixture::entry(r.body, "daten.json");
    EXPECT_EQ(field(doc, "/viewsByOrganizations/0/source"), "candidateSearch") << doc;
    EXPECT_EQ(field(doc, "/viewsByOrganizations/0/organizationName"), "Suchende Agentur GmbH") << doc;
    EXPECT_EQ(field(doc, "/viewsByOrganizations/0/applicationId"), "null") << doc;
    EXPECT_EQ(doc.find("suche@suchende.example"), std::string::npos);   // not who of the team looked
}

TEST_F(CandidateSearch, OnlyMembersOfAnOrganizationWithTheProduct) {
    const std::string org_search = "/api/organizations/9201/candidate_search";
    const std::string card = org_search + "/" + lena_->profile_id;
    const std::string contact = card + "/contact";
    const std::string body = R"({"message":"Hallo"})";

    // A visitor: 401 everywhere.
    EXPECT_EQ(as(nullptr, "GET", org_search).status, 401);
    EXPECT_EQ(as(nullptr, "GET", card).status, 401);
    EXPECT_EQ(as(nullptr, "POST", contact, body).status, 401);
    EXPECT_EQ(as(nullptr, "PATCH", status_path(*lena_), R"({"status":"shortlisted"})").status, 401);
    // A candidate: 403 "nur für Jobanbieter".
    auto c = as(paul_, "GET", org_search);
    EXPECT_EQ(c.status, 403);
    EXPECT_NE(c.body.find("nur für Jobanbieter"), std::string::npos) << c.body;
    EXPECT_EQ(as(paul_, "GET", card).status, 403);
    EXPECT_EQ(as(paul_, "POST", contact, body).status, 403);
    EXPECT_EQ(as(paul_, "PATCH", status_path(*lena_), R"({"status":"shortlisted"})").status, 403);
    // A member of another organization (with the product) in this organization's name: 403.
    EXPECT_EQ(as(other_, "GET", org_search).status, 403);
    EXPECT_EQ(as(other_, "GET", card).status, 403);
    EXPECT_EQ(as(other_, "POST", contact, body).status, 403);
    EXPECT_EQ(as(other_, "PATCH", status_path(*lena_), R"({"status":"shortlisted"})").status, 403);
    EXPECT_EQ(as(other_, "GET", status_path(*lena_)).status, 404);
    // An organization without the product: a friendly 403 on its own search.
    auto no = as(without_, "GET", "/api/organizations/9203/candidate_search");
    EXPECT_EQ(no.status, 403);
    EXPECT_NE(no.body.find("Bewerberdatenbank"), std::string::npos) << no.body;
    EXPECT_EQ(as(without_, "GET", "/api/organizations/9203/candidate_search/" + lena_->profile_id).status, 403);
    EXPECT_EQ(as(without_, "GET", status_path(*lena_, 9203)).status, 404);
    // An unsearchable candidate is never opened, contacted or marked, like an unknown one.
    for (const std::string& id : {hidden_->profile_id, std::string("999999")}) {
        EXPECT_EQ(as(searcher_, "GET", org_search + "/" + id).status, 404);
        EXPECT_EQ(as(searcher_, "POST", org_search + "/" + id + "/contact", body).status, 404);
        EXPECT_EQ(as(searcher_, "PATCH", "/api/candidate_profiles/" + id + "/pbasis_search/9201/status", R"({"status":"declined"})").status,
                  404);
    }
    EXPECT_EQ(sql("SELECT count(*) FROM candidate_profile_views WHERE profile_id = " + hidden_->profile_id), "0");
    EXPECT_EQ(contact_mails_to("nina.privat@example.de"), 0u);
    // A candidate who switches "searchable" off disappears at once.
    exec_sql(s_->db->url(), "UPDATE accounts SET searchable_by_providers = false WHERE id = " + paul_->account_id);
    EXPECT_FALSE(found(search(""), *paul_));
    EXPECT_EQ(as(searcher_, "GET", org_search + "/" + paul_->profile_id).status, 404);
    exec_sql(s_->db->url(), "UPDATE accounts SET searchable_by_providers = true WHERE id = " + paul_->account_id);
}

}  // namespace
}  // namespace jh::test
