// The provider's job figures (issue 29, "Job list" and "Views counted honestly") from outside,
// against the real server and PostgreSQL: a view of a job's page is counted by
// POST /api/job_postings/{id}/views (once per client and day: job_views_test.cpp), without a cookie
// and without anything about the visitor in PostgreSQL,
// and not for crawlers, for an impersonating administrator or for the job's own organization; the
// 30-day window; the job list carries views, applications, the end date and the days left, and the
// dashboard the same views; a duplicate is titled "… (Kopie)" within the title's 200 characters.
// The bound of three mails per re-sent invitation: organization_team_test.cpp.
#include "tests/integration/provider_fixture.h"

namespace jh::test {
namespace {

using namespace accounts_fixture;

constexpr const char* job_stats_seed_sql = R"sql(
INSERT INTO organizations (id, slug, name, contact_email) VALUES
 (9801, 'zaehl-agentur', 'Zähl Agentur GmbH', 'jobs@zaehl-agentur.example'),
 (9802, 'nachbar-agentur', 'Nachbar Agentur KG', 'jobs@nachbar-agentur.example');
INSERT INTO job_postings (id, slug, organization_id, title, is_published, active, published_at, valid_through) VALUES
 (9811, 'promoter-9811', 9801, 'Promoter (m/w/d) in Kiel', true, true, now() - interval '1 day',
        (((now() AT TIME ZONE 'Europe/Berlin')::date + 12) + time '23:59:59') AT TIME ZONE 'Europe/Berlin'),
 (9812, 'hostess-9812', 9801, 'Hostess (m/w/d) in Kiel', true, true, now() - interval '1 day',
        (((now() AT TIME ZONE 'Europe/Berlin')::date) + time '23:59:59') AT TIME ZONE 'Europe/Berlin'),
 (9813, 'entwurf-9813', 9801, 'Entwurf ohne Ende', false, true, NULL, NULL),
 (9814, 'vorbei-9814', 9801, 'Abgelaufen in Kiel', true, true, now() - interval '20 days', now() - interval '3 days'),
 (9815, 'nachbar-9815', 9802, 'Fahrer (m/w/d) in Lübeck', true, true, now() - interval '1 day', NULL);
)sql";

constexpr const char* stats_browser = "User-Agent: Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36\r\n";

class JobStats : public ::testing::Test {
protected:
    static void SetUpTestSuite() {
        s_ = new stack;
        s_->start("job_stats", true, {}, schema::migrated);
        if (::testing::Test::HasFatalFailure()) return;
        exec_sql(s_->db->url(), job_stats_seed_sql);
        own_ = new std::string(organization_member(*s_, "chefin@zaehl-agentur.example", 9801));
        other_ = new std::string(organization_member(*s_, "chef@nachbar-agentur.example", 9802));
    }
    static void TearDownTestSuite() {
        s_->stop();
        delete s_;
        delete own_;
        delete other_;
    }
    static int port() { return s_->port; }
    static std::string sql(const std::string& q) { return s_->sql(q); }
    static http_reply view(const std::string& job, const std::string& headers = stats_browser) {
        return call(port(), "POST", "/api/job_postings/" + job + "/views", {}, headers);
    }
    // Today's count of a job ("" when there is no row).
    static std::string today(const std::string& job) {
        return sql("SELECT views FROM job_posting_daily_views WHERE job_posting_id = " + job +
                   " AND day = (now() AT TIME ZONE 'Europe/Berlin')::date");
    }
    // The job `id` in the organization's list, as JSON.
    static std::string listed(const std::string& id) {
        auto list = call(port(), "GET", "/api/organizations/9801/job_postings?itemsPerPage=100", {}, bearer(*own_));
        EXPECT_EQ(list.status, 200) << list.body;
        for (int i = 0; i < 100; ++i) {
            std::string item = field(list.body, "/hydra:member/" + std::to_string(i));
            if (item == "<missing>") break;
            if (field(item, "id") == id) return item;
        }
        return "<missing>";
    }
    static stack* s_;
    static std::string *own_, *other_;
};
stack* JobStats::s_ = nullptr;
std::string* JobStats::own_ = nullptr;
std::string* JobStats::other_ = nullptr;

TEST_F(JobStats, AViewIsCountedWithoutCookieNorForBotsOrTheOwnTeam) {
    // A visitor without any cookie, twice (a reload the same day is the same client: once, see
    // job_views_test.cpp): 1, and the answer sets no cookie.
    auto first = view("9811");
    EXPECT_EQ(first.status, 204) << first.body;
    EXPECT_EQ(first.header("set-cookie"), "");
    EXPECT_EQ(view("9811").status, 204);
    EXPECT_EQ(today("9811"), "1");
    // Another browser is another client.
    EXPECT_EQ(view("9811", "User-Agent: Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0\r\n").status, 204);
    EXPECT_EQ(today("9811"), "2");

    // Crawlers by their user agent, a client without one, an impersonating administrator and the
    // job's own organization: answered alike (204), not counted.
    EXPECT_EQ(view("9811", "User-Agent: Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)\r\n").status, 204);
    EXPECT_EQ(view("9811", "User-Agent: facebookexternalhit/1.1\r\n").status, 204);
    EXPECT_EQ(view("9811", "").status, 204);
    // (Each of these browsers is a client not yet counted today, so only its own exclusion keeps it out.)
    EXPECT_EQ(view("9811", "User-Agent: Mozilla/5.0 (X11; CrOS x86_64) Chrome/130.0\r\n_switch_user: someone@example.org\r\n").status, 204);
    EXPECT_EQ(view("9811", "User-Agent: Mozilla/5.0 (Windows NT 10.0) Edg/131.0\r\n" + bearer(*own_)).status, 204);
    EXPECT_EQ(today("9811"), "2");

    // A member of another organization is a visitor like any other.
    EXPECT_EQ(view("9811", "User-Agent: Mozilla/5.0 (Macintosh) Safari/605.1.15\r\n" + bearer(*other_)).status, 204);
    EXPECT_EQ(today("9811"), "3");

    // Only live jobs have views: a draft, an expired job, an unknown id leave no row; a malformed
    // id is no page.
    EXPECT_EQ(view("9813").status, 204);
    EXPECT_EQ(view("9814").status, 204);
    EXPECT_EQ(view("999999").status, 204);
    EXPECT_EQ(sql("SELECT count(*) FROM job_posting_daily_views WHERE job_posting_id IN (9813, 9814, 999999)"), "0");
    EXPECT_EQ(view("12x").status, 404);

    // Nothing about the visitor is stored: the table has the job, the day and a number.
    EXPECT_EQ(sql("SELECT string_agg(column_name, ',' ORDER BY ordinal_position) FROM information_schema.columns "
                  "WHERE table_name = 'job_posting_daily_views'"),
              "job_posting_id,day,views");
}

TEST_F(JobStats, TheListAndTheDashboardCountTheLast30DaysAndTheListCarriesApplicationsEndAndDaysLeft) {
    // Job 9812: today 4 views, 29 days ago 5 (inside), 30 days ago 100 (outside the window).
    exec_sql(s_->db->url(),
             "INSERT INTO job_posting_daily_views (job_posting_id, day, views) VALUES "
             " (9812, (now() AT TIME ZONE 'Europe/Berlin')::date, 4), "
             " (9812, (now() AT TIME ZONE 'Europe/Berlin')::date - 29, 5), "
             " (9812, (now() AT TIME ZONE 'Europe/Berlin')::date - 30, 100), "
             " (9815, (now() AT TIME ZONE 'Europe/Berlin')::date, 7)");
    // One application to 9812, made the candidate's way.
    auto [candidate_id, candidate] = register_candidate(port(), "lena@zaehl.example");
    exec_sql(s_->db->url(), "UPDATE accounts SET email_verified_at = now() WHERE id = " + candidate_id +
                                "; UPDATE candidate_profiles SET has_relevant_data_for_application = true WHERE account_id = " + candidate_id);
    auto applied = call(port(), "POST", "/api/job_postings/9812/apply", "{}", bearer(candidate));
    ASSERT_EQ(applied.status, 201) << applied.body;

    std::string hostess = listed("9812");
    EXPECT_EQ(field(hostess, "viewsLast30Days"), "9") << hostess;
    EXPECT_EQ(field(hostess, "applicationsCount"), "1");
    EXPECT_NE(field(hostess, "validThrough"), "null");
    EXPECT_EQ(field(hostess, "daysLeft"), "0");   // ends tonight: "endet heute"

    std::string promoter = listed("9811");
    EXPECT_EQ(field(promoter, "daysLeft"), "12");
    EXPECT_EQ(field(promoter, "applicationsCount"), "0");
    EXPECT_EQ(field(listed("9813"), "daysLeft"), "null");   // no end date
    EXPECT_EQ(field(listed("9813"), "viewsLast30Days"), "0");
    EXPECT_EQ(field(listed("9814"), "daysLeft"), "-3");     // ended three days ago: "abgelaufen"

    // The dashboard sums the same counter over the organization's jobs (9811's views from the
    // test before, if it ran first, plus 9812's 9); never another organization's.
    std::string expected = sql("SELECT sum(jh_job_views_last_30_days(id)) FROM job_postings WHERE organization_id = 9801");
    auto dashboard = call(port(), "GET", "/api/organizations/9801/dashboard", {}, bearer(*own_));
    ASSERT_EQ(dashboard.status, 200) << dashboard.body;
    EXPECT_EQ(field(dashboard.body, "jobViewsLast30Days"), expected);
    EXPECT_EQ(sql("SELECT sum(jh_job_views_last_30_days(id)) >= 9 FROM job_postings WHERE organization_id = 9801"), "t");
    EXPECT_EQ(field(call(port(), "GET", "/api/organizations/9802/dashboard", {}, bearer(*other_)).body, "jobViewsLast30Days"), "7");
    // Another organization's member reads neither list nor numbers.
    EXPECT_EQ(call(port(), "GET", "/api/organizations/9801/dashboard", {}, bearer(*other_)).status, 404);
    EXPECT_EQ(call(port(), "GET", "/api/organizations/9801/job_postings", {}, bearer(*other_)).status, 403);
}

TEST_F(JobStats, ADuplicateIsTitledKopieWithinTheTitlesLength) {
    auto copy = call(port(), "POST", "/api/job_postings/9811/duplicate", "{}", bearer(*own_));
    ASSERT_EQ(copy.status, 201) << copy.body;
    EXPECT_EQ(field(copy.body, "title"), "Promoter (m/w/d) in Kiel (Kopie)");
    EXPECT_EQ(field(copy.body, "state"), "draft");
    EXPECT_EQ(field(copy.body, "viewsLast30Days"), "0");   // a new job starts with no views

    // A title of the full 200 characters (umlauts count as one): cut and marked so that the
    // suffix fits, 200 characters again.
    std::string long_title;
    for (int i = 0; i < 40; ++i) long_title += "Größe";   // 5 characters, 7 bytes
    auto patched = call(port(), "PATCH", "/api/job_postings/9813", R"({"title":")" + long_title + R"("})", bearer(*own_));
    ASSERT_EQ(patched.status, 200) << patched.body;
    auto long_copy = call(port(), "POST", "/api/job_postings/9813/duplicate", "{}", bearer(*own_));
    ASSERT_EQ(long_copy.status, 201) << long_copy.body;
    std::string title = field(long_copy.body, "title");
    EXPECT_TRUE(title.ends_with("… (Kopie)")) << title;
    EXPECT_EQ(sql("SELECT char_length(title) FROM job_postings WHERE id = " + field(long_copy.body, "id")), "200");
    EXPECT_TRUE(title.starts_with(long_title.substr(0, 7 * 38))) << title;

    // Another organization's job cannot be duplicated (404, nothing made).
    std::string before = sql("SELECT count(*) FROM job_postings");
    EXPECT_EQ(call(port(), "POST", "/api/job_postings/9815/duplicate", "{}", bearer(*own_)).status, 404);
    EXPECT_EQ(sql("SELECT count(*) FROM job_postings"), before);
}

}  // namespace
}  // namespace jh::test
