// applicant_portal_test.cpp: what the provider portal shows of applicants beyond the list, from
// outside against the real server, PostgreSQL, Redis and the real render worker: the applicant's
// sedcard as PDF (GET /api/applications/{id}/sedcard) and the files of the documents in the
// candidate's profile (GET /api/applications/{id}/documents/{attachment}), each view logged, and
// the overview's numbers
// (GET /api/organizations/{id}/dashboard: new applications, job views in the last 30 days). A
// member of another organization, candidates (the applicant too) and visitors get nothing, and
// nothing of theirs is logged.
#include "tests/integration/provider_fixture.h"
#include "tests/integration/sedcard_fixture.h"

namespace jh::test {
namespace {

using namespace accounts_fixture;
using sedcard_fixture::upload;

constexpr const char* applicant_portal_seed_sql = R"sql(
INSERT INTO organizations (id, slug, name, contact_email) VALUES
 (9401, 'sedcard-agentur', 'Sedcard Agentur GmbH', 'jobs@sedcard-agentur.example'),
 (9402, 'fremde-agentur', 'Fremde Agentur KG', 'jobs@fremde-agentur.example');
INSERT INTO job_postings (id, slug, organization_id, title, is_published, active, published_at) VALUES
 (9501, 'promoter-9501', 9401, 'Promoter (m/w/d) in Leipzig', true, true, now() - interval '1 day'),
 (9502, 'hostess-9502', 9401, 'Hostess (m/w/d) in Dresden', true, true, now() - interval '1 day'),
 (9503, 'kurier-9503', 9402, 'Kurier (m/w/d) in Halle', true, true, now() - interval '1 day');
)sql";

constexpr const char* browser =
    "User-Agent: Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36\r\n";

class ApplicantPortal : public ::testing::Test {
protected:
    static void SetUpTestSuite() {
        s_ = new stack;
        request_endpoint_ = "tcp://127.0.0.1:" + std::to_string(free_port());
        s_->start("applportal", false,
                  {{"JOBHAFEN_ZMQ_REQUEST_ENDPOINT", request_endpoint_}, {"JOBHAFEN_VAR_DIR", make_temp_dir("applportal-var")}},
                  schema::migrated);
        if (::testing::Test::HasFatalFailure()) return;
        exec_sql(s_->db->url(), applicant_portal_seed_sql);
        auto [id, token] = register_candidate(port(), "lea@bewerberin.example");
        candidate_token_ = token;
        exec_sql(s_->db->url(), "UPDATE accounts SET email_verified_at = now() WHERE id = " + id +
                                    "; UPDATE candidate_profiles SET has_relevant_data_for_application = true, "
                                    "sedcard = '{\"languages\":[{\"language\":\"de\",\"level\":\"native\"}],\"gender\":\"female\"}' "
                                    "WHERE account_id = " + id);
        auto applied = call(port(), "POST", "/api/job_postings/9501/apply", R"({"notes":"Gern am Wochenende."})", bearer(token));
        ASSERT_EQ(applied.status, 201) << applied.body;
        application_ = field(applied.body, "id");
        // A document in the candidate's profile: the organization applied to may open its file.
        auto doc = upload(port(), "/api/profile_documents_misc", token,
                          {{"type", "cv"}, {"notes", "Lebenslauf"}, {"file", "%PDF-1.4\n%%EOF\n", "lebenslauf.pdf", "application/pdf"}});
        ASSERT_EQ(doc.status, 201) << doc.body;
        other_candidate_ = register_candidate(port(), "max@bewerber.example").second;
        own_ = organization_member(*s_, "personal@sedcard-agentur.example", 9401);
        other_ = organization_member(*s_, "personal@fremde-agentur.example", 9402);
    }
    static void TearDownTestSuite() {
        render_.reset();
        s_->stop();
        delete s_;
    }
    static int port() { return s_->port; }
    static std::string sql(const std::string& q) { return s_->sql(q); }
    static std::string views() { return sql("SELECT count(*) FROM application_views WHERE application_id = " + application_); }
    static void start_render_worker() {
        if (render_) return;
        render_ = std::make_unique<server_process>(
            std::map<std::string, std::string>{{"JOBHAFEN_DATABASE_URL", s_->db->url()},
                                               {"JOBHAFEN_ZMQ_REQUEST_ENDPOINT", request_endpoint_},
                                               {"JOBHAFEN_ZMQ_PUBLISH_ENDPOINT", s_->zmq_publish}},
            std::vector<std::string>{"worker", "sedcard"});
    }
    static std::string sedcard_path() { return "/api/applications/" + application_ + "/sedcard"; }

    static stack* s_;
    static std::unique_ptr<server_process> render_;
    static std::string request_endpoint_, candidate_token_, other_candidate_, application_, own_, other_;
};
stack* ApplicantPortal::s_ = nullptr;
std::unique_ptr<server_process> ApplicantPortal::render_;
std::string ApplicantPortal::request_endpoint_, ApplicantPortal::candidate_token_, ApplicantPortal::other_candidate_,
    ApplicantPortal::application_, ApplicantPortal::own_, ApplicantPortal::other_;

TEST_F(ApplicantPortal, TheOrganizationGetsTheApplicantsSedcardAsPdfAndEachViewIsLogged) {
    // No render worker yet: 503 with a message for providers ("Sie").
    auto none = call(port(), "GET", sedcard_path(), {}, bearer(own_));
    EXPECT_EQ(none.status, 503) << none.body;
    EXPECT_EQ(field(none.body, "message"), "Die Sedcard kann gerade nicht erstellt werden. Bitte versuchen Sie es gleich noch einmal.");

    start_render_worker();
    http_reply pdf;
    wait_until(
        [&] {
            pdf = call(port(), "GET", sedcard_path(), {}, bearer(own_));
            return pdf.status == 200;
        },
        15s);
    ASSERT_EQ(pdf.status, 200) << pdf.body << render_->log();
    EXPECT_EQ(pdf.header("content-type"), "application/pdf");
    EXPECT_TRUE(pdf.body.starts_with("%PDF-")) << pdf.body.substr(0, 20);
    EXPECT_NE(pdf.header("content-disposition").find("attachment"), std::string::npos);
    EXPECT_NE(pdf.header("content-disposition").find(".pdf"), std::string::npos);
    // Checked again with each request (no-cache), never kept by a shared cache (private).
    EXPECT_EQ(pdf.header("cache-control"), "private, no-cache");

    // One more view, one more row: who (the member), for which organization.
    std::string before = views();
    ASSERT_EQ(call(port(), "GET", sedcard_path(), {}, bearer(own_)).status, 200);
    EXPECT_EQ(std::stoi(views()), std::stoi(before) + 1);
    EXPECT_EQ(sql("SELECT organization_id FROM application_views WHERE application_id = " + application_ +
                  " ORDER BY id DESC LIMIT 1"),
              "9401");
    EXPECT_EQ(sql("SELECT a.email FROM application_views v JOIN accounts a ON a.id = v.viewer_id WHERE v.application_id = " +
                  application_ + " ORDER BY v.id DESC LIMIT 1"),
              "personal@sedcard-agentur.example");
}

// The sedcard is kept once rendered (docs/sedcard.md "Kept PDFs"), but who may have it is decided
// with every request before anything kept is served: the same bytes again for the organization, a
// 304 for the version it has, and the refusals of today for everybody else, with the version too.
TEST_F(ApplicantPortal, TheKeptSedcardIsServedOnlyAfterTheChecksOfEachRequest) {
    start_render_worker();
    http_reply first;
    wait_until([&] { return (first = call(port(), "GET", sedcard_path(), {}, bearer(own_))).status == 200; }, 15s);
    ASSERT_EQ(first.status, 200) << first.body << render_->log();
    const std::string etag = first.header("etag");
    ASSERT_FALSE(etag.empty());
    // The worker is gone: what follows is answered without rendering.
    render_.reset();
    std::string before = views();
    auto again = call(port(), "GET", sedcard_path(), {}, bearer(own_));
    ASSERT_EQ(again.status, 200) << again.body;
    EXPECT_TRUE(again.body == first.body);
    auto same = call(port(), "GET", sedcard_path(), {}, bearer(own_) + "If-None-Match: " + etag + "\r\n");
    EXPECT_EQ(same.status, 304);
    EXPECT_TRUE(same.body.empty());
    // Both views are logged, the 304 too: the organization has opened the sedcard again.
    EXPECT_EQ(std::stoi(views()), std::stoi(before) + 2);

    before = views();
    const std::string with_version = "If-None-Match: " + etag + "\r\n";
    // Another organization, candidates, visitors: as without a kept PDF, with the version or without.
    EXPECT_EQ(call(port(), "GET", sedcard_path(), {}, bearer(other_) + with_version).status, 404);
    EXPECT_EQ(call(port(), "GET", sedcard_path(), {}, bearer(other_)).status, 404);
    EXPECT_EQ(call(port(), "GET", sedcard_path(), {}, bearer(candidate_token_) + with_version).status, 403);
    EXPECT_EQ(call(port(), "GET", sedcard_path(), {}, with_version).status, 401);
    // The application no longer forwarded to the organization: its reason to see the sedcard is gone.
    std::string forwarded = sql("SELECT forwarded_at::text FROM applications WHERE id = " + application_);
    sql("UPDATE applications SET forwarded_at = NULL WHERE id = " + application_ + " RETURNING id");
    auto unforwarded = call(port(), "GET", sedcard_path(), {}, bearer(own_));
    EXPECT_EQ(unforwarded.status, 404) << unforwarded.body;
    EXPECT_EQ(call(port(), "GET", sedcard_path(), {}, bearer(own_) + with_version).status, 404);
    sql("UPDATE applications SET forwarded_at = '" + forwarded + "' WHERE id = " + application_ + " RETURNING id");
    EXPECT_EQ(views(), before);
    // (A blocked organization's member: BlockedOrganization.* asks for this sedcard route too.)
    // Forwarded again: the kept PDF once more.
    auto back = call(port(), "GET", sedcard_path(), {}, bearer(own_));
    ASSERT_EQ(back.status, 200) << back.body;
    EXPECT_TRUE(back.body == first.body);
}

TEST_F(ApplicantPortal, OthersGetNoSedcardAndNothingIsLogged) {
    // No render worker needed: every refusal comes before a PDF would be made.
    std::string before = views();
    // A confirmed member of an approved other organization: as if the application did not exist.
    auto theirs = call(port(), "GET", sedcard_path(), {}, bearer(other_));
    EXPECT_EQ(theirs.status, 404) << theirs.body;
    EXPECT_EQ(theirs.header("content-type").find("application/pdf"), std::string::npos);
    // Candidates, the applicant included: providers only.
    EXPECT_EQ(call(port(), "GET", sedcard_path(), {}, bearer(candidate_token_)).status, 403);
    EXPECT_EQ(call(port(), "GET", sedcard_path(), {}, bearer(other_candidate_)).status, 403);
    // Visitors.
    EXPECT_EQ(call(port(), "GET", sedcard_path()).status, 401);
    // Unknown and malformed ids.
    EXPECT_EQ(call(port(), "GET", "/api/applications/999999/sedcard", {}, bearer(own_)).status, 404);
    EXPECT_EQ(call(port(), "GET", "/api/applications/abc/sedcard", {}, bearer(own_)).status, 404);
    EXPECT_EQ(views(), before);
}

TEST_F(ApplicantPortal, TheOrganizationOpensTheApplicantsDocumentsAndOthersCannot) {
    auto one = call(port(), "GET", "/api/applications/" + application_, {}, bearer(own_));
    ASSERT_EQ(one.status, 200) << one.body;
    EXPECT_EQ(field(one.body, "/candidate/documents/0/type"), "cv") << one.body;
    EXPECT_EQ(field(one.body, "/candidate/documents/0/notes"), "Lebenslauf");
    EXPECT_EQ(field(one.body, "/candidate/documents/0/attachments/0/fileName"), "lebenslauf.pdf");
    std::string file = field(one.body, "/candidate/documents/0/attachments/0/contentUrl");
    ASSERT_EQ(file.rfind("/api/applications/" + application_ + "/documents/", 0), 0u) << file;

    std::string before = views();
    auto pdf = call(port(), "GET", file, {}, bearer(own_));
    ASSERT_EQ(pdf.status, 200) << pdf.body;
    EXPECT_EQ(pdf.body, "%PDF-1.4\n%%EOF\n");
    EXPECT_NE(pdf.header("content-disposition").find("lebenslauf.pdf"), std::string::npos);
    EXPECT_EQ(pdf.header("cache-control"), "private, no-store");
    EXPECT_EQ(std::stoi(views()), std::stoi(before) + 1);

    before = views();
    EXPECT_EQ(call(port(), "GET", file, {}, bearer(other_)).status, 404);
    EXPECT_EQ(call(port(), "GET", file, {}, bearer(other_candidate_)).status, 403);
    EXPECT_EQ(call(port(), "GET", file).status, 401);
    // An attachment id that is not this applicant's (or does not exist) under the own application.
    EXPECT_EQ(call(port(), "GET", "/api/applications/" + application_ + "/documents/999999", {}, bearer(own_)).status, 404);
    EXPECT_EQ(views(), before);
}

TEST_F(ApplicantPortal, TheDashboardCountsNewApplicationsAndJobViewsOfThirtyDays) {
    // Views of the organization's two jobs as the job page counts them (without cookies, issue
    // 29); one of another organization's job, one with a forged id, one 31 days old (by SQL).
    for (const char* job : {"9501", "9501", "9502", "9503"})
        ASSERT_EQ(call(port(), "POST", std::string("/api/job_postings/") + job + "/views", {}, browser).status, 204);
    EXPECT_EQ(call(port(), "POST", "/api/job_postings/9501%20OR%201=1/views", {}, browser).status, 404);
    sql("INSERT INTO job_posting_daily_views (job_posting_id, day, views) "
        "VALUES (9501, (now() AT TIME ZONE 'Europe/Berlin')::date - 31, 50) RETURNING views");

    auto counts = call(port(), "GET", "/api/organizations/9401/dashboard", {}, bearer(own_));
    ASSERT_EQ(counts.status, 200) << counts.body;
    // 9501 twice from the same browser counts once (once per client, job and day: issue 39), 9502 once.
    EXPECT_EQ(field(counts.body, "jobViewsLast30Days"), "2") << counts.body;
    std::string unseen = sql("SELECT count(*) FROM applications x JOIN job_postings j ON j.id = x.job_posting_id "
                             "WHERE j.organization_id = 9401 AND x.status = 'sent'");
    EXPECT_EQ(field(counts.body, "newApplications"), unseen);
    EXPECT_EQ(field(counts.body, "newApplications"), "1");

    // Once the member has seen the application, it is no longer new.
    auto seen = call(port(), "PATCH", "/api/applications/" + application_ + "/status", R"({"status":"seen"})", bearer(own_));
    ASSERT_EQ(seen.status, 200) << seen.body;
    EXPECT_EQ(field(call(port(), "GET", "/api/organizations/9401/dashboard", {}, bearer(own_)).body, "newApplications"), "0");

    // The other organization sees its own numbers only; nobody else sees any.
    auto theirs = call(port(), "GET", "/api/organizations/9402/dashboard", {}, bearer(other_));
    ASSERT_EQ(theirs.status, 200) << theirs.body;
    EXPECT_EQ(field(theirs.body, "jobViewsLast30Days"), "1");
    EXPECT_EQ(field(theirs.body, "newApplications"), "0");
    EXPECT_EQ(call(port(), "GET", "/api/organizations/9401/dashboard", {}, bearer(other_)).status, 404);
    EXPECT_EQ(call(port(), "GET", "/api/organizations/9401/dashboard", {}, bearer(candidate_token_)).status, 403);
    EXPECT_EQ(call(port(), "GET", "/api/organizations/9401/dashboard").status, 401);
    EXPECT_EQ(call(port(), "GET", "/api/organizations/999999/dashboard", {}, bearer(own_)).status, 404);
}

}  // namespace
}  // namespace jh::test
