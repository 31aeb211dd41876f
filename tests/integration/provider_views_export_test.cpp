// The candidate's data export names every organization that opened the candidate's application
// data, with the date (from application_views), from outside against the real server, PostgreSQL
// and Redis: the own organization's views are listed newest first, a member of another
// organization that tried is not (it saw nothing), and no team member's identity is exported.
#include "tests/integration/export_fixture.h"
#include "tests/integration/provider_fixture.h"

namespace jh::test {
namespace {

using namespace accounts_fixture;

constexpr const char* provider_views_export_seed_sql = R"sql(
INSERT INTO organizations (id, slug, name, contact_email) VALUES
 (9901, 'blick-agentur', 'Blick Agentur GmbH', 'jobs@blick-agentur.example'),
 (9902, 'neugier-agentur', 'Neugier Agentur KG', 'jobs@neugier-agentur.example');
INSERT INTO job_postings (id, slug, organization_id, title, is_published, active, published_at) VALUES
 (9911, 'promoter-9911', 9901, 'Promoter (m/w/d) in Bremen', true, true, now() - interval '1 day');
)sql";

class ProviderViewsExport : public ::testing::Test {
protected:
    static void SetUpTestSuite() {
        var_ = new std::string(make_temp_dir("views-export-var"));
        s_ = new stack;
        s_->start("views_export", true, {{"JOBHAFEN_VAR_DIR", *var_}}, schema::migrated);
        if (!::testing::Test::HasFatalFailure()) exec_sql(s_->db->url(), provider_views_export_seed_sql);
    }
    static void TearDownTestSuite() {
        s_->stop();
        std::error_code ec;
        std::filesystem::remove_all(*var_, ec);
        delete s_;
        delete var_;
    }
    static int port() { return s_->port; }
    static std::string sql(const std::string& q) { return s_->sql(q); }
    static stack* s_;
    static std::string* var_;
};
stack* ProviderViewsExport::s_ = nullptr;
std::string* ProviderViewsExport::var_ = nullptr;

TEST_F(ProviderViewsExport, TheExportListsTheOrganizationsThatLooked) {
    auto [id, token] = register_candidate(port(), "gesehen@example.de");
    std::string application = sql("INSERT INTO applications (job_posting_id, candidate_account_id, forwarded_at) VALUES (9911, " + id +
                                  ", now()) RETURNING id");
    std::string own = organization_member(*s_, "personal@blick-agentur.example", 9901);
    std::string other = organization_member(*s_, "neugierig@neugier-agentur.example", 9902);

    auto export_doc = [&, &id = id, &token = token] {
        auto r = call(port(), "GET", "/api/candidate_accounts/" + id + "/export", {}, bearer(token));
        EXPECT_EQ(r.status, 200) << r.body;
        return export_fixture::entry(r.body, "daten.json");
    };
    EXPECT_EQ(field(export_doc(), "viewsByOrganizations"), "[]");

    ASSERT_EQ(call(port(), "GET", "/api/applications/" + application, {}, bearer(own)).status, 200);
    EXPECT_EQ(call(port(), "GET", "/api/applications/" + application, {}, bearer(other)).status, 404);
    // A second view, a day later (the first moved back so the order is certain).
    exec_sql(s_->db->url(), "UPDATE application_views SET viewed_at = now() - interval '1 day'");
    ASSERT_EQ(call(port(), "GET", "/api/applications/" + application, {}, bearer(own)).status, 200);

    std::string doc = export_doc();
    EXPECT_EQ(field(doc, "/viewsByOrganizations/0/organizationId"), "9901") << doc;
    EXPECT_EQ(field(doc, "/viewsByOrganizations/0/organizationName"), "Blick Agentur GmbH");
    EXPECT_EQ(field(doc, "/viewsByOrganizations/0/applicationId"), application);
    EXPECT_EQ(field(doc, "/viewsByOrganizations/0/jobPostingId"), "9911");
    EXPECT_EQ(field(doc, "/viewsByOrganizations/1/organizationName"), "Blick Agentur GmbH");
    EXPECT_EQ(field(doc, "/viewsByOrganizations/2"), "<missing>");   // the other organization saw nothing
    std::string newest = field(doc, "/viewsByOrganizations/0/viewedAt"), older = field(doc, "/viewsByOrganizations/1/viewedAt");
    EXPECT_EQ(newest.substr(0, 4), sql("SELECT extract(year FROM now())::int")) << newest;
    EXPECT_LT(older, newest);
    EXPECT_EQ(doc.find("Neugier Agentur"), std::string::npos);
    EXPECT_EQ(doc.find("personal@blick-agentur.example"), std::string::npos);
}

}  // namespace
}  // namespace jh::test
