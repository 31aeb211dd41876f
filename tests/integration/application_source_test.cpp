// Where applications come from (issue 44, item 4; docs/reach.md, "Herkunft der Bewerbungen"), from
// outside against the real server, PostgreSQL, Redis and the mail worker: an application sent with
// `source` (utm_* and the referring site's host) is stored with its label, the provider's
// GET /api/applications/{id} and list answer it, the counts per source and job add up, the
// register-and-apply flow keeps it until the address is confirmed; overlong values, an address
// instead of a host name and malformed `source` are refused before anything is stored; another
// organization's member, the candidate and a visitor read none of it.
#include "tests/integration/export_fixture.h"
#include "tests/integration/provider_fixture.h"

namespace jh::test {
namespace {

using namespace accounts_fixture;

constexpr const char* sources_seed_sql = R"sql(
INSERT INTO organizations (id, slug, name, contact_email) VALUES
 (9501, 'quellen-agentur', 'Quellen Agentur GmbH', 'jobs@quellen-agentur.example'),
 (9502, 'fremde-agentur', 'Fremde Agentur KG', 'jobs@fremde-agentur.example');
INSERT INTO job_postings (id, slug, organization_id, title, is_published, active, published_at) VALUES
 (9601, 'promoter-9601', 9501, 'Promoter (m/w/d) in Bremen', true, true, now() - interval '1 day'),
 (9602, 'hostess-9602', 9501, 'Messehostess (m/w/d) in Kiel', true, true, now() - interval '1 day'),
 (9603, 'fahrer-9603', 9502, 'Fahrer (m/w/d) in Hamburg', true, true, now() - interval '1 day');
)sql";

class ApplicationSource : public ::testing::Test {
protected:
    static void SetUpTestSuite() {
        s_ = new stack;
        s_->start("application_source", true, {}, schema::migrated);
        if (::testing::Test::HasFatalFailure()) return;
        exec_sql(s_->db->url(), sources_seed_sql);
        own_ = new std::string(organization_member(*s_, "chefin@quellen-agentur.example", 9501));
        other_ = new std::string(organization_member(*s_, "chef@fremde-agentur.example", 9502));
    }
    static void TearDownTestSuite() {
        s_->stop();
        delete s_;
        delete own_;
        delete other_;
    }
    static int port() { return s_->port; }
    static std::string sql(const std::string& q) { return s_->sql(q); }
    // A candidate ready to apply: {account id, token}.
    static std::pair<std::string, std::string> candidate(const std::string& email) { return register_ready_candidate(*s_, email); }
    static http_reply apply(const std::string& token, int job, const std::string& body) {
        return call(port(), "POST", "/api/job_postings/" + std::to_string(job) + "/apply", body, bearer(token));
    }
    static stack* s_;
    static std::string *own_, *other_;
};
stack* ApplicationSource::s_ = nullptr;
std::string* ApplicationSource::own_ = nullptr;
std::string* ApplicationSource::other_ = nullptr;

TEST_F(ApplicationSource, TheProviderSeesWhereEachApplicationCameFromAndCountsPerSource) {
    auto [jana_id, jana] = candidate("jana@quelle.example");
    (void)jana_id;
    auto indeed = apply(jana, 9601, R"({"data":{"notes":"Hallo","source":{"utm_source":"indeed","utm_medium":"cpc",
        "utm_campaign":"sommer-2026","referrerHost":"de.indeed.com"}}})");
    ASSERT_EQ(indeed.status, 201) << indeed.body;
    std::string indeed_id = field(indeed.body, "id");
    // The candidate's own answer says nothing about it.
    EXPECT_EQ(field(indeed.body, "source"), "<missing>") << indeed.body;
    auto mine = call(port(), "GET", "/api/applications/my", {}, bearer(jana));
    EXPECT_EQ(mine.body.find("indeed"), std::string::npos) << mine.body;

    auto [tom_id, tom] = candidate("tom@quelle.example");
    auto google = apply(tom, 9601, R"({"source":{"referrerHost":"www.google.de"}})");
    ASSERT_EQ(google.status, 201) << google.body;
    auto [eva_id, eva] = candidate("eva@quelle.example");
    (void)eva_id;
    auto newsletter = apply(eva, 9601, R"({"source":{"utm_source":"Newsletter Herbst"}})");
    ASSERT_EQ(newsletter.status, 201) << newsletter.body;
    auto [ole_id, ole] = candidate("ole@quelle.example");
    auto direct = apply(ole, 9601, "");   // no body: a direct visit
    ASSERT_EQ(direct.status, 201) << direct.body;
    ASSERT_EQ(apply(ole, 9602, R"({"source":{"utm_source":"INDEED.com"}})").status, 201);

    // One application: the label and the raw values.
    auto one = call(port(), "GET", "/api/applications/" + indeed_id, {}, bearer(*own_));
    ASSERT_EQ(one.status, 200) << one.body;
    EXPECT_EQ(field(one.body, "/source/label"), "Indeed");
    EXPECT_EQ(field(one.body, "/source/utm_source"), "indeed");
    EXPECT_EQ(field(one.body, "/source/utm_medium"), "cpc");
    EXPECT_EQ(field(one.body, "/source/utm_campaign"), "sommer-2026");
    EXPECT_EQ(field(one.body, "/source/referrerHost"), "de.indeed.com");
    auto from_google = call(port(), "GET", "/api/applications/" + field(google.body, "id"), {}, bearer(*own_));
    EXPECT_EQ(field(from_google.body, "/source/label"), "Google");
    EXPECT_EQ(field(from_google.body, "/source/referrerHost"), "www.google.de");
    EXPECT_EQ(field(from_google.body, "/source/utm_source"), "null");

    // The list names each one's label.
    auto list = call(port(), "GET", "/api/organizations/9501/applications?jobPosting=9601", {}, bearer(*own_));
    ASSERT_EQ(list.status, 200) << list.body;
    std::map<std::string, std::string> labels;   // application id → label
    for (int i = 0; i < 4; ++i)
        labels[field(list.body, "/hydra:member/" + std::to_string(i) + "/id")] =
            field(list.body, "/hydra:member/" + std::to_string(i) + "/source/label");
    EXPECT_EQ(labels, (std::map<std::string, std::string>{{indeed_id, "Indeed"},
                                                          {field(google.body, "id"), "Google"},
                                                          {field(newsletter.body, "id"), "Newsletter Herbst"},
                                                          {field(direct.body, "id"), "Direkt"}}))
        << list.body;
    EXPECT_EQ(sql("SELECT source_referrer_host FROM applications WHERE candidate_account_id = " + tom_id), "www.google.de");
    EXPECT_EQ(sql("SELECT coalesce(source_utm_source, '-') FROM applications WHERE candidate_account_id = " + ole_id +
                  " ORDER BY job_posting_id DESC LIMIT 1"),
              "INDEED.com");

    // Counts per source: one job's, and per job over the organization's.
    auto counts = call(port(), "GET", "/api/organizations/9501/application_sources?jobPosting=9601", {}, bearer(*own_));
    ASSERT_EQ(counts.status, 200) << counts.body;
    EXPECT_EQ(field(counts.body, "/hydra:member/4"), "<missing>") << counts.body;
    auto all = call(port(), "GET", "/api/organizations/9501/application_sources", {}, bearer(*own_));
    ASSERT_EQ(all.status, 200) << all.body;
    // Newest job first: 9602 has one from Indeed.
    EXPECT_EQ(field(all.body, "/hydra:member/0/jobPosting"), "9602");
    EXPECT_EQ(field(all.body, "/hydra:member/0/source"), "Indeed");
    EXPECT_EQ(field(all.body, "/hydra:member/0/applications"), "1");
    EXPECT_EQ(field(all.body, "/hydra:member/0/jobTitle"), "Messehostess (m/w/d) in Kiel");
    EXPECT_EQ(field(all.body, "/hydra:member/5"), "<missing>") << all.body;
}

TEST_F(ApplicationSource, OverlongAddressesAndMalformedSourcesAreRefusedAndNothingIsStored) {
    auto [id, token] = candidate("grenze@quelle.example");
    auto count = [&, &id = id] { return sql("SELECT count(*) FROM applications WHERE candidate_account_id = " + id); };
    auto overlong = apply(token, 9602, R"({"source":{"utm_campaign":")" + std::string(101, 'x') + R"("}})");
    EXPECT_EQ(overlong.status, 422) << overlong.body;
    EXPECT_EQ(field(overlong.body, "/violations/0/propertyPath"), "source.utm_campaign");
    EXPECT_EQ(field(overlong.body, "/violations/0/message"), "Diese Eingabe ist zu lang. Erlaubt sind höchstens 100 Zeichen.");
    // A full referrer address (its path and query could name a person's search): refused.
    auto address = apply(token, 9602, R"({"source":{"referrerHost":"https://www.google.de/search?q=jana+meyer"}})");
    EXPECT_EQ(address.status, 422) << address.body;
    EXPECT_EQ(field(address.body, "/violations/0/propertyPath"), "source.referrerHost");
    EXPECT_EQ(apply(token, 9602, R"({"source":"indeed"})").status, 400);
    EXPECT_EQ(apply(token, 9602, R"({"source":{"utm_source":["indeed"]}})").status, 400);
    EXPECT_EQ(count(), "0");
    // Exactly 100 characters are fine.
    auto bounded = apply(token, 9602, R"({"source":{"utm_campaign":")" + std::string(100, 'x') + R"("}})");
    EXPECT_EQ(bounded.status, 201) << bounded.body;
    EXPECT_EQ(count(), "1");

    // Register-and-apply: refused the same way, before an account is made.
    auto refused = call(port(), "POST", "/api/candidate_profiles/register_and_apply_on_job",
                        R"({"email":"neu-grenze@quelle.example","password":"Geheim123!","passwordConfirmation":"Geheim123!",
                            "firstName":"Nora","lastName":"Neu","jobPosting":9601,"languages":[{"language":"de","level":"native"}],
                            "source":{"utm_source":")" + std::string(101, 'y') + R"("}})");
    EXPECT_EQ(refused.status, 422) << refused.body;
    EXPECT_EQ(sql("SELECT count(*) FROM accounts WHERE email = 'neu-grenze@quelle.example'"), "0");
}

TEST_F(ApplicationSource, RegisterAndApplyKeepsTheSourceUntilTheAddressIsConfirmed) {
    auto r = call(port(), "POST", "/api/candidate_profiles/register_and_apply_on_job",
                  R"({"email":"nora@quelle.example","password":"Geheim123!","passwordConfirmation":"Geheim123!",
                      "firstName":"Nora","lastName":"Neu","jobPosting":9602,"notes":"Gern!",
                      "languages":[{"language":"de","level":"native"}],"source":{"utm_source":"indeed","utm_campaign":"kiel"}})");
    ASSERT_EQ(r.status, 201) << r.body;
    std::string mail = wait_for_mail_to(*s_->sink, "nora@quelle.example", 15s, "bestätige");
    ASSERT_FALSE(mail.empty());
    std::string token = token_after(mail, "/email-bestaetigen/");
    ASSERT_FALSE(token.empty());
    ASSERT_EQ(call(port(), "GET", "/api/candidate_accounts/validate_email_verification_token/" + token).status, 200);
    std::string id = sql("SELECT x.id FROM applications x JOIN accounts a ON a.id = x.candidate_account_id "
                         " WHERE a.email = 'nora@quelle.example' AND x.forwarded_at IS NOT NULL");
    ASSERT_FALSE(id.empty());
    auto one = call(port(), "GET", "/api/applications/" + id, {}, bearer(*own_));
    ASSERT_EQ(one.status, 200) << one.body;
    EXPECT_EQ(field(one.body, "/source/label"), "Indeed");
    EXPECT_EQ(field(one.body, "/source/utm_campaign"), "kiel");
}

TEST_F(ApplicationSource, AnotherOrganizationTheCandidateAndVisitorsReadNoSource) {
    auto [id, token] = candidate("geheim@quelle.example");
    auto applied = apply(token, 9601, R"({"source":{"utm_source":"indeed"}})");
    ASSERT_EQ(applied.status, 201) << applied.body;
    std::string path = "/api/applications/" + field(applied.body, "id");
    EXPECT_EQ(call(port(), "GET", path, {}, bearer(*other_)).status, 404);
    EXPECT_EQ(call(port(), "GET", "/api/organizations/9501/application_sources", {}, bearer(*other_)).status, 404);
    EXPECT_EQ(call(port(), "GET", "/api/organizations/9501/application_sources?jobPosting=9601", {}, bearer(*other_)).status, 404);
    // Its own organization's counts do not include another organization's applications.
    auto theirs = call(port(), "GET", "/api/organizations/9502/application_sources", {}, bearer(*other_));
    ASSERT_EQ(theirs.status, 200) << theirs.body;
    EXPECT_EQ(field(theirs.body, "/hydra:member/0"), "<missing>") << theirs.body;
    auto filtered = call(port(), "GET", "/api/organizations/9502/application_sources?jobPosting=9601", {}, bearer(*other_));
    ASSERT_EQ(filtered.status, 200) << filtered.body;
    EXPECT_EQ(field(filtered.body, "/hydra:member/0"), "<missing>") << filtered.body;
    // The candidate and a visitor.
    EXPECT_EQ(call(port(), "GET", path, {}, bearer(token)).status, 403);
    EXPECT_EQ(call(port(), "GET", "/api/organizations/9501/application_sources", {}, bearer(token)).status, 403);
    EXPECT_EQ(call(port(), "GET", "/api/organizations/9501/application_sources").status, 401);
}

}  // namespace
// Anonymized with the retention pass (R__jh_application_retention.sql): the raw campaign values and
// the referring host are gone, and a label that was a free utm_source becomes "Sonstige"; a known
// label stays countable (review 22, code finding 8).
TEST_F(ApplicationSource, AnAnonymizedApplicationKeepsOnlyAKnownLabel) {
    auto [mia_id, mia] = candidate("mia@quelle.example");
    auto [ben_id, ben] = candidate("ben@quelle.example");
    auto free_text = apply(mia, 9602, R"({"source":{"utm_source":"Mail an Mia Schulz","utm_campaign":"mia-123","referrerHost":"mail.example"}})");
    ASSERT_EQ(free_text.status, 201) << free_text.body;
    auto known = apply(ben, 9602, R"({"source":{"utm_source":"indeed","utm_medium":"cpc","referrerHost":"de.indeed.com"}})");
    ASSERT_EQ(known.status, 201) << known.body;
    // Hers to know: her data export names the source as the provider sees it.
    auto export_answer = call(port(), "GET", "/api/candidate_accounts/" + mia_id + "/export", {}, bearer(mia));
    ASSERT_EQ(export_answer.status, 200) << export_answer.body;
    const std::string data = export_fixture::entry(export_answer.body, "daten.json");
    EXPECT_EQ(field(data, "/applications/0/source/label"), "Mail an Mia Schulz") << data.substr(0, 300);
    EXPECT_EQ(field(data, "/applications/0/source/utm_campaign"), "mia-123");
    const std::string ids = field(free_text.body, "id") + ", " + field(known.body, "id");
    exec_sql(s_->db->url(), "UPDATE applications SET status = 'declined', ended_at = now() - interval '400 days' WHERE id IN (" + ids + ")");
    EXPECT_EQ(sql("SELECT jh_anonymize_ended_applications(500)"), "2");
    EXPECT_EQ(sql("SELECT string_agg(concat_ws('|', source_label, coalesce(source_utm_source, '-'), coalesce(source_utm_medium, '-'), "
                  "coalesce(source_utm_campaign, '-'), coalesce(source_referrer_host, '-')), ', ' ORDER BY id) "
                  "FROM applications WHERE id IN (" + ids + ")"),
              "Sonstige|-|-|-|-, Indeed|-|-|-|-");
    (void)ben_id;
}

}  // namespace jh::test
