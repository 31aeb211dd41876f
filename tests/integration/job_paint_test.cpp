// Integration tests of the job pages' first paint (actors/content/job_paint.h, reactor/page_head.h):
// the real `jobhafen serve` on a migrated database with hand-made jobs, a web root with an empty
// index.html and a build-time cookie banner. The HTML of /jobs and of a job detail carries the
// main content (every text escaped, a title with <script> included), /jobs its list data; a
// first visit (no consent cookie) carries the banner.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <string>

#include "tests/integration/web_stack.h"
#include "tests/support/harness.h"

namespace jh::test {
namespace {

using namespace std::chrono_literals;

const char* paint_jobs_sql = R"SQL(
INSERT INTO organizations (id, slug, name, description, city, contact_name, contact_email)
VALUES (961, 'mueller-koch', 'Müller & Koch <Events>', 'Agentur.', 'Jena', 'Erika Muster', 'jobs@mueller.example');

INSERT INTO job_postings (id, slug, organization_id, title, description, base_salary, salary_unit, is_published, active,
                          published_at, valid_through, activity_ids, employment_type_ids)
VALUES
 (301, 'promoter-jena-301', 961, '<script>alert(1)</script> Promoter in Jena', E'Du stellst Produkte vor.\nAm Samstag.\n\n- Freundlich <b>auftreten</b>\n- Pünktlich sein\n\nWir freuen uns.', 16.00, 'hour', true, true, now() - interval '1 hour', NULL, '{1}', '{4}'),
 (302, 'hostess-erfurt-302', 961, 'Messehostess in Erfurt', 'Empfang am Stand.', 18.00, 'hour', true, true, now() - interval '2 hours', NULL, '{2}', '{4}');
INSERT INTO job_posting_activities (job_posting_id, activity_id) VALUES (301, 1), (302, 2);
INSERT INTO job_posting_employment_types (job_posting_id, employment_type_id) VALUES (301, 4), (302, 4);
INSERT INTO job_posting_locations (job_posting_id, street, zipcode, city, country, lat, lon, sort_order) VALUES
 (301, 'Markt 1', '07743', 'Jena', 'de', 50.9271, 11.5892, 0),
 (301, 'Anger 1', '99084', 'Erfurt', 'de', 50.9787, 11.0328, 1),
 (302, 'Messe 1', '99092', 'Erfurt', 'de', 50.9800, 10.9800, 0);
)SQL";

constexpr const char* banner = web_stack_banner;

// One stack per process (each case runs in its own): started by the first SetUp, so a failure
// to start fails the case.
class JobPaint : public ::testing::Test {
protected:
    void SetUp() override {
        if (!stack_) {
            stack_ = new web_stack("jobpaint", paint_jobs_sql);
            server_ = stack_->serve("var").release();
        }
        ASSERT_NE(server_, nullptr);
    }
    static void TearDownTestSuite() {
        delete server_;
        delete stack_;
    }

    static http_reply get(const std::string& target, const std::string& headers = {}) {
        return http_request(server_->port(), "GET", target, {}, headers);
    }
    // The inside of the root element.
    static std::string root_of(const std::string& html) {
        auto open = html.find("<div id=\"root\">");
        auto close = html.rfind("</div></body>");
        if (open == std::string::npos || close == std::string::npos || close < open) return {};
        return html.substr(open, close - open);
    }

    static inline web_stack* stack_ = nullptr;
    static inline server_process* server_ = nullptr;
};

TEST_F(JobPaint, JobListHtmlCarriesTheFirstPageOfCardsEscapedAndItsData) {
    auto r = get("/jobs");
    ASSERT_EQ(r.status, 200) << r.body;
    std::string root = root_of(r.body);
    EXPECT_NE(root.find("data-server-paint"), std::string::npos) << r.body;
    EXPECT_NE(root.find("<h1>Alle Jobs</h1>"), std::string::npos);
    EXPECT_NE(root.find("2 Jobs gefunden"), std::string::npos);
    // The title with a script tag is text, never markup; the organization's & and <> too.
    EXPECT_NE(root.find("<a href=\"/jobs/promoter-jena-301\">&lt;script&gt;alert(1)&lt;/script&gt; Promoter in Jena</a>"), std::string::npos) << root;
    EXPECT_EQ(r.body.find("<script>alert(1)"), std::string::npos);
    EXPECT_NE(root.find("Müller &amp; Koch &lt;Events&gt;"), std::string::npos);
    EXPECT_NE(root.find("Jena und 1 weitere"), std::string::npos);
    EXPECT_NE(root.find("<a href=\"/jobs/hostess-erfurt-302\">Messehostess in Erfurt</a>"), std::string::npos);
    // The app's first query, so it draws the list without asking again.
    EXPECT_NE(r.body.find("[\"jobs\",\"list\",{\"itemsPerPage\":20,\"page\":1}],{\"@id\":\"/api/job_postings\""), std::string::npos) << r.body;
}

TEST_F(JobPaint, JobDetailHtmlCarriesTitleOrganizationPlaceAndDescription) {
    auto r = get("/jobs/promoter-jena-301");
    ASSERT_EQ(r.status, 200) << r.body;
    std::string root = root_of(r.body);
    EXPECT_NE(root.find("<h1>&lt;script&gt;alert(1)&lt;/script&gt; Promoter in Jena</h1>"), std::string::npos) << root;
    EXPECT_EQ(r.body.find("<script>alert(1)"), std::string::npos);
    EXPECT_NE(root.find("<p class=\"sp-org\">Müller &amp; Koch &lt;Events&gt;</p>"), std::string::npos);
    EXPECT_NE(root.find("href=\"/jobs-bewerbung/promoter-jena-301\""), std::string::npos);
    // Paragraphs and "- " lists as the app's JobText draws them; the <b> of the text stays text.
    EXPECT_NE(root.find("<p>Du stellst Produkte vor.<br>Am Samstag.</p><ul><li>Freundlich &lt;b&gt;auftreten&lt;/b&gt;</li>"
                        "<li>Pünktlich sein</li></ul><p>Wir freuen uns.</p>"),
              std::string::npos)
        << root;
    // By id too (the app's address for a job without a slug).
    EXPECT_NE(root_of(get("/jobs/302").body).find("<h1>Messehostess in Erfurt</h1>"), std::string::npos);
}

TEST_F(JobPaint, AddressWithQueryOrMissingJobGetsNoServerPicture) {
    auto paged = get("/jobs?seite=2");
    ASSERT_EQ(paged.status, 200);
    EXPECT_EQ(paged.body.find("data-server-paint"), std::string::npos) << "the drawing is of page 1 only";
    auto missing = get("/jobs/gibt-es-nicht");
    EXPECT_EQ(missing.status, 404);
    EXPECT_EQ(missing.body.find("data-server-paint"), std::string::npos);
}

TEST_F(JobPaint, FirstVisitGetsTheCookieBannerAVisitorWhoChoseDoesNot) {
    auto first = get("/jobs/promoter-jena-301");
    EXPECT_NE(first.body.find(std::string(banner) + "</body>"), std::string::npos) << first.body;
    auto chose = get("/jobs/promoter-jena-301", "Cookie: theme=x; cookie_consent=%7B%22choice%22%3A%22required%22%7D\r\n");
    EXPECT_EQ(chose.status, 200);
    EXPECT_EQ(chose.body.find("jh-consent-banner"), std::string::npos);
    EXPECT_NE(chose.body.find("data-server-paint"), std::string::npos);
}

}  // namespace
}  // namespace jh::test
