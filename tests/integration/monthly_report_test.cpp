// The monthly report (issue 44 item 8; docs/reach.md, "Monatsbericht"), from outside against the
// real server, PostgreSQL, Redis and the mail worker: a constructed October 2026 (views on its days
// and beside them, applications that arrived in it and just before and after it, answered by a
// status change or by a message, shifts filled, half filled and cancelled) gives exactly its numbers
// per job and in total, as JSON and as CSV (German headers, `;`, BOM, quoted cells, formula cells
// neutralised); another organization's member, a blocked and a pending organization and a
// candidate read nothing; a malformed, future or too early month is 422; the mail pass queues the
// month's mail once per owner however often it runs, and the mail arrives.
#include <thread>

#include "tests/integration/provider_fixture.h"

namespace jh::test {
namespace {

using namespace accounts_fixture;

// 9901 reported on (registered January 2026); 9902 another organization; 9903 blocked; 9904 not
// approved yet. Berlin: summer time until 25 October 2026, so "+02" before and "+01" after.
constexpr const char* report_seed_sql = R"sql(
INSERT INTO organizations (id, slug, name, contact_email, created_at) VALUES
 (9901, 'bericht-agentur', 'Bericht Agentur GmbH', 'jobs@bericht.example', '2026-01-10 09:00+01'),
 (9902, 'fremde-bericht-agentur', 'Fremde Agentur KG', 'jobs@fremd.example', '2026-01-10 09:00+01'),
 (9903, 'gesperrte-bericht-agentur', 'Gesperrte Agentur', 'jobs@gesperrt.example', '2026-01-10 09:00+01'),
 (9904, 'neue-bericht-agentur', 'Neue Agentur', 'jobs@neu.example', '2026-01-10 09:00+01');
UPDATE organizations SET active = false WHERE id = 9903;
UPDATE organizations SET approved_at = NULL WHERE id = 9904;
INSERT INTO job_postings (id, slug, organization_id, title, is_published, active, published_at, closed_at) VALUES
 (9911, 'formel-9911', 9901, '=HYPERLINK("http://böse.example";"Klick")', true, true, '2026-09-20 10:00+02', NULL),
 (9912, 'hostess-9912', 9901, 'Messehostess; Köln', true, true, '2026-09-20 10:00+02', NULL),
 (9913, 'spaeter-9913', 9901, 'Später veröffentlicht', true, true, '2026-11-15 10:00+01', NULL),
 (9914, 'frueher-9914', 9901, 'Früher geschlossen', false, false, '2026-08-01 10:00+02', '2026-09-15 10:00+02'),
 (9915, 'hotline-9915', 9901, '+49 Hotline Aushilfe', true, true, '2026-09-01 10:00+02', NULL),
 (9916, 'fremd-9916', 9902, 'Fremde Stelle', true, true, '2026-09-01 10:00+02', NULL);
INSERT INTO job_posting_daily_views (job_posting_id, day, views) VALUES
 (9911, '2026-09-30', 50), (9911, '2026-10-01', 7), (9911, '2026-10-31', 3), (9911, '2026-11-01', 100),
 (9912, '2026-10-10', 5), (9916, '2026-10-10', 40);
INSERT INTO accounts (id, email, email_verified_at) SELECT n, 'bewerber' || n || '@bericht.example', now()
  FROM generate_series(99001, 99009) n;
INSERT INTO applications (id, job_posting_id, candidate_account_id, created_at, forwarded_at, first_status_changed_at, status, source_label) VALUES
 -- answered by a status change after 2 hours
 (99101, 9911, 99001, '2026-10-02 10:00+02', '2026-10-02 10:00+02', '2026-10-02 12:00+02', 'seen', 'Indeed'),
 -- answered by a message after 4 hours
 (99102, 9911, 99002, '2026-10-03 10:00+02', '2026-10-03 10:00+02', NULL, 'sent', 'Indeed'),
 -- a message after 1 hour comes before the status change after 24
 (99103, 9911, 99003, '2026-10-10 08:00+02', '2026-10-10 08:00+02', '2026-10-11 08:00+02', 'seen', 'Google'),
 -- the month's last half hour, unanswered, from before sources were recorded
 (99104, 9911, 99004, '2026-10-31 23:30+01', '2026-10-31 23:30+01', NULL, 'sent', NULL),
 -- November and September: not in the month
 (99105, 9911, 99005, '2026-11-01 00:30+01', '2026-11-01 00:30+01', NULL, 'sent', 'Indeed'),
 (99106, 9911, 99006, '2026-09-30 23:30+02', '2026-09-30 23:30+02', NULL, 'sent', 'Indeed'),
 -- held in October, never forwarded: the organization does not have it
 (99107, 9911, 99007, '2026-10-12 10:00+02', NULL, NULL, 'sent', 'Indeed'),
 -- the other job: answered after 10 hours
 (99108, 9912, 99008, '2026-10-15 09:00+02', '2026-10-15 09:00+02', '2026-10-15 19:00+02', 'seen', 'Direkt'),
 (99109, 9916, 99009, '2026-10-15 09:00+02', '2026-10-15 09:00+02', NULL, 'sent', 'Indeed');
INSERT INTO application_messages (application_id, side, body, created_at) VALUES
 (99102, 'candidate', 'Noch eine Frage', '2026-10-03 11:00+02'),
 (99102, 'provider', 'Gern, kommen Sie vorbei.', '2026-10-03 14:00+02'),
 (99103, 'provider', 'Danke!', '2026-10-10 09:00+02');
INSERT INTO shifts (id, job_posting_id, shift_date, start_time, end_time, staff_needed, cancelled_at) VALUES
 (99201, 9911, '2026-10-20', '10:00', '18:00', 2, NULL),
 (99202, 9911, '2026-10-21', '10:00', '18:00', 3, NULL),
 (99203, 9911, '2026-10-22', '10:00', '18:00', 1, '2026-10-01 10:00+02'),
 (99204, 9911, '2026-11-02', '10:00', '18:00', 1, NULL);
INSERT INTO shift_applications (shift_id, application_id, status, decided_at) VALUES
 (99201, 99101, 'confirmed', now()), (99201, 99102, 'confirmed', now()),
 (99202, 99103, 'confirmed', now()), (99202, 99104, 'pending', NULL),
 (99203, 99101, 'confirmed', now()), (99204, 99101, 'confirmed', now());
)sql";

class MonthlyReport : public ::testing::Test {
protected:
    static void SetUpTestSuite() {
        s_ = new stack;
        s_->start("monthly_report", true, {}, schema::migrated);
        if (::testing::Test::HasFatalFailure()) return;
        exec_sql(s_->db->url(), report_seed_sql);
        own_ = new std::string(organization_member(*s_, "chefin@bericht.example", 9901));
        exec_sql(s_->db->url(), "UPDATE accounts SET organization_role = 'owner' WHERE email = 'chefin@bericht.example'");
        colleague_ = new std::string(organization_member(*s_, "kollege@bericht.example", 9901));
        other_ = new std::string(organization_member(*s_, "chef@fremd.example", 9902));
        blocked_ = new std::string(organization_member(*s_, "chef@gesperrt.example", 9903));
        pending_ = new std::string(organization_member(*s_, "chef@neu.example", 9904));
    }
    static void TearDownTestSuite() {
        print_server_log_if_a_test_failed(*s_);
        s_->stop();
        delete s_;
        delete own_;
        delete colleague_;
        delete other_;
        delete blocked_;
        delete pending_;
    }
    void SetUp() override { ASSERT_TRUE(s_ && s_->server) << "the stack did not start"; }
    static int port() { return s_->port; }
    static std::string sql(const std::string& q) { return s_->sql(q); }
    static http_reply report(const std::string& token, const std::string& month, int org = 9901) {
        return call(port(), "GET", "/api/organizations/" + std::to_string(org) + "/reports/" + month, {}, bearer(token));
    }
    static stack* s_;
    static std::string *own_, *colleague_, *other_, *blocked_, *pending_;
};
stack* MonthlyReport::s_ = nullptr;
std::string* MonthlyReport::own_ = nullptr;
std::string* MonthlyReport::colleague_ = nullptr;
std::string* MonthlyReport::other_ = nullptr;
std::string* MonthlyReport::blocked_ = nullptr;
std::string* MonthlyReport::pending_ = nullptr;

TEST_F(MonthlyReport, CountsTheMonthPerJobAndInTotal) {
    auto r = report(*own_, "2026-10");
    ASSERT_EQ(r.status, 200) << r.body;
    EXPECT_EQ(field(r.body, "month"), "2026-10");
    EXPECT_EQ(field(r.body, "from"), "2026-10-01");
    EXPECT_EQ(field(r.body, "to"), "2026-10-31");
    EXPECT_EQ(field(r.body, "complete"), "true");
    // 9911, 9912 (views, applications) and 9915 (online, nothing happened); not 9913 (published
    // later) nor 9914 (closed before), nor the other organization's 9916.
    EXPECT_EQ(field(r.body, "jobsTotal"), "3") << r.body;
    EXPECT_EQ(field(r.body, "/totals/views"), "15") << r.body;
    EXPECT_EQ(field(r.body, "/totals/applications"), "5");
    EXPECT_EQ(field(r.body, "/totals/answered"), "4");
    EXPECT_EQ(field(r.body, "/totals/medianResponseHours"), "3");   // 1, 2, 4, 10 hours
    EXPECT_EQ(field(r.body, "/totals/shifts"), "2");                // the cancelled one and November's not
    EXPECT_EQ(field(r.body, "/totals/shiftsFilled"), "1");
    EXPECT_EQ(field(r.body, "/totals/places"), "5");
    EXPECT_EQ(field(r.body, "/totals/placesFilled"), "3");
    EXPECT_EQ(field(r.body, "/totals/sources"),
              R"([{"source":"Indeed","applications":2},{"source":"Direkt","applications":1},)"
              R"({"source":"Google","applications":1},{"source":"Nicht erfasst","applications":1}])");

    // Most applications first.
    EXPECT_EQ(field(r.body, "/jobs/0/id"), "9911");
    EXPECT_EQ(field(r.body, "/jobs/0/views"), "10");
    EXPECT_EQ(field(r.body, "/jobs/0/applications"), "4");
    EXPECT_EQ(field(r.body, "/jobs/0/answered"), "3");
    EXPECT_EQ(field(r.body, "/jobs/0/medianResponseHours"), "2");   // 1, 2, 4
    EXPECT_EQ(field(r.body, "/jobs/0/shiftsFilled"), "1");
    EXPECT_EQ(field(r.body, "/jobs/0/placesFilled"), "3");
    EXPECT_EQ(field(r.body, "/jobs/0/sources"),
              R"([{"source":"Indeed","applications":2},{"source":"Google","applications":1},)"
              R"({"source":"Nicht erfasst","applications":1}])");
    EXPECT_EQ(field(r.body, "/jobs/1/id"), "9912");
    EXPECT_EQ(field(r.body, "/jobs/1/title"), "Messehostess; Köln");
    EXPECT_EQ(field(r.body, "/jobs/1/medianResponseHours"), "10");
    EXPECT_EQ(field(r.body, "/jobs/1/sources"), R"([{"source":"Direkt","applications":1}])");
    EXPECT_EQ(field(r.body, "/jobs/2/id"), "9915");
    EXPECT_EQ(field(r.body, "/jobs/2/applications"), "0");
    EXPECT_EQ(field(r.body, "/jobs/2/medianResponseHours"), "null");
    EXPECT_EQ(field(r.body, "/jobs/3"), "<missing>");

    // A team member reads the same; November has the late application and its views so far.
    auto team = report(*colleague_, "2026-10");
    ASSERT_EQ(team.status, 200) << team.body;
    EXPECT_EQ(field(team.body, "/totals/applications"), "5");
    auto november = report(*own_, "2026-11");
    ASSERT_EQ(november.status, 200) << november.body;
    EXPECT_EQ(field(november.body, "/totals/views"), "100");
    EXPECT_EQ(field(november.body, "/totals/applications"), "1");
}

TEST_F(MonthlyReport, CsvForGermanExcelWithFormulasNeutralised) {
    auto r = report(*own_, "2026-10.csv");
    ASSERT_EQ(r.status, 200) << r.body;
    EXPECT_EQ(r.header("content-type"), "text/csv; charset=utf-8");
    EXPECT_NE(r.header("content-disposition").find("monatsbericht-2026-10.csv"), std::string::npos) << r.header("content-disposition");
    const std::string expected =
        "\xEF\xBB\xBF"
        "Stellenanzeige;Aufrufe;Bewerbungen;Beantwortet;Antwortzeit (Median, Stunden);Einsätze;Einsätze voll besetzt;Plätze;"
        "Plätze besetzt;Bewerbungen: Indeed;Bewerbungen: Direkt;Bewerbungen: Google;Bewerbungen: Nicht erfasst\r\n"
        "\"'=HYPERLINK(\"\"http://böse.example\"\";\"\"Klick\"\")\";10;4;3;2,0;2;1;5;3;2;0;1;1\r\n"
        "\"Messehostess; Köln\";5;1;1;10,0;0;0;0;0;0;1;0;0\r\n"
        "'+49 Hotline Aushilfe;0;0;0;;0;0;0;0;0;0;0;0\r\n"
        "Gesamt;15;5;4;3,0;2;1;5;3;2;1;1;1\r\n";
    EXPECT_EQ(r.body, expected);
}

// Review 26: a spreadsheet may skip blanks before a formula (LibreOffice's "Trim spaces", a
// no-break or ideographic space) or take a full-width sign for one (Japanese Excel); a job title
// that starts so is text too. 9902's own jobs, published in October after the mail test's month.
TEST_F(MonthlyReport, CsvNeutralisesFormulasBehindBlanksAndFullWidthSigns) {
    exec_sql(s_->db->url(), R"sql(
INSERT INTO job_postings (id, slug, organization_id, title, is_published, active, published_at) VALUES
 (9921, 'leer-9921', 9902, ' =1+1', true, true, '2026-10-05 10:00+02'),
 (9922, 'nbsp-9922', 9902, E'\u00a0=1+1', true, true, '2026-10-05 10:00+02'),
 (9923, 'ideo-9923', 9902, E'\u3000+1', true, true, '2026-10-05 10:00+02'),
 (9924, 'voll-9924', 9902, E'\uff1dSUMME(A1)', true, true, '2026-10-05 10:00+02'),
 (9925, 'zeile-9925', 9902, E'\n@A1', true, true, '2026-10-05 10:00+02'),
 (9926, 'normal-9926', 9902, 'Aushilfe - Berlin', true, true, '2026-10-05 10:00+02');
)sql");
    auto r = report(*other_, "2026-10.csv", 9902);
    ASSERT_EQ(r.status, 200) << r.body;
    for (const char* line : {"\r\n' =1+1;0;", "\r\n'\u00a0=1+1;0;", "\r\n'\u3000+1;0;", "\r\n'\uff1dSUMME(A1);0;", "\r\n\"'\n@A1\";0;",
                             "\r\nAushilfe - Berlin;0;"})
        EXPECT_NE(r.body.find(line), std::string::npos) << line << "\n" << r.body;
}

TEST_F(MonthlyReport, OnlyTheOrganizationsOwnActiveMembersReadIt) {
    EXPECT_EQ(report(*other_, "2026-10").status, 404);
    EXPECT_EQ(report(*other_, "2026-10.csv").status, 404);
    auto blocked = report(*blocked_, "2026-10", 9903);
    EXPECT_EQ(blocked.status, 403) << blocked.body;
    EXPECT_NE(blocked.body.find("gesperrt"), std::string::npos) << blocked.body;
    auto pending = report(*pending_, "2026-10.csv", 9904);
    EXPECT_EQ(pending.status, 403) << pending.body;
    EXPECT_NE(pending.body.find("geprüft"), std::string::npos) << pending.body;
    auto [candidate_id, candidate] = register_ready_candidate(*s_, "neugierig@bericht.example");
    (void)candidate_id;
    EXPECT_EQ(report(candidate, "2026-10").status, 403);
    EXPECT_EQ(call(port(), "GET", "/api/organizations/9901/reports/2026-10").status, 401);
}

TEST_F(MonthlyReport, AMonthThatIsNoneOrHasNoReportIs422) {
    for (const char* bad : {"2026-13", "2026-00", "2026-1", "26-10", "2026_10", "abcd-ef", "2026-10-01", "2026-10.pdf"}) {
        auto r = report(*own_, bad);
        EXPECT_EQ(r.status, 422) << bad << ": " << r.body;
        EXPECT_EQ(field(r.body, "/violations/0/propertyPath"), "month") << r.body;
        EXPECT_NE(r.body.find("JJJJ-MM"), std::string::npos) << r.body;
    }
    auto future = report(*own_, "2199-12");
    EXPECT_EQ(future.status, 422) << future.body;
    EXPECT_NE(future.body.find("Zukunft"), std::string::npos) << future.body;
    auto before = report(*own_, "2025-12.csv");
    EXPECT_EQ(before.status, 422) << before.body;
    EXPECT_NE(before.body.find("noch nicht bei Jobhafen"), std::string::npos) << before.body;
    // The organization's first month has its report.
    EXPECT_EQ(report(*own_, "2026-01").status, 200);
}

TEST_F(MonthlyReport, TheMailGoesOnceToTheOwnerHoweverOftenThePassRuns) {
    const std::string pass = "SELECT jh_monthly_report_mails('2026-11-01 08:00+01', 'http://jobhafen.test', 'monthly_report', 100)";
    // 9901 and 9902 (its job had a view and an application); not the blocked 9903, nor 9904 (not approved).
    EXPECT_EQ(sql(pass), "2");
    EXPECT_EQ(sql(pass), "0");
    EXPECT_EQ(sql("SELECT jh_monthly_report_mails('2026-11-01 09:00+01', 'http://jobhafen.test', 'monthly_report', 100)"), "0");
    // After the first week nothing is queued for a month that was not mailed.
    EXPECT_EQ(sql("SELECT jh_monthly_report_mails('2026-10-20 08:00+02', 'http://jobhafen.test', 'monthly_report', 100)"), "0");
    EXPECT_EQ(sql("SELECT string_agg(organization_id::text, ',' ORDER BY organization_id) FROM organization_report_mails "
                  "WHERE month = '2026-10-01'"),
              "9901,9902");

    std::string mail = wait_for_mail_to(*s_->sink, "chefin@bericht.example", 30s, "Oktober 2026");
    ASSERT_FALSE(mail.empty()) << "no report mail arrived";
    EXPECT_NE(mail.find("Bewerbungen: 5"), std::string::npos) << mail;
    EXPECT_NE(mail.find("Aufrufe: 15"), std::string::npos) << mail;
    EXPECT_NE(mail.find("Indeed: 2"), std::string::npos) << mail;
    EXPECT_NE(mail.find("3,0 Stunden"), std::string::npos) << mail;
    EXPECT_NE(mail.find("1 von 2"), std::string::npos) << mail;
    EXPECT_NE(mail.find("http://jobhafen.test/recruiting/portal/monatsbericht?monat=2026-10"), std::string::npos) << mail;
    // A moment for a second mail that must not come; the team member (no owner) gets none.
    std::this_thread::sleep_for(2s);
    std::size_t to_owner = 0, to_member = 0;
    for (const auto& f : s_->sink->message_files()) {
        auto m = read_mail(f);
        if (m.subject.find("Oktober 2026") == std::string::npos) continue;
        if (m.to.find("chefin@bericht.example") != std::string::npos) ++to_owner;
        if (m.to.find("kollege@bericht.example") != std::string::npos) ++to_member;
    }
    EXPECT_EQ(to_owner, 1u);
    EXPECT_EQ(to_member, 0u);
}

// Review 26: the figures go only to an owner who may act for the organization (jh_active_member_of:
// not blocked, address confirmed), not to a blocked owner's account nor to an address nobody
// confirmed. 9905 and 9906 had a job in September 2026 only, so the October pass above is not touched.
TEST_F(MonthlyReport, TheMailGoesOnlyToAnOwnerWhoMayAct) {
    exec_sql(s_->db->url(), R"sql(
INSERT INTO organizations (id, slug, name, contact_email, created_at) VALUES
 (9905, 'gesperrter-chef-agentur', 'Agentur mit gesperrter Chefin', 'jobs@gesperrte-chefin.example', '2026-01-10 09:00+01'),
 (9906, 'unbestaetigte-agentur', 'Agentur ohne bestätigte Adresse', 'jobs@unbestaetigt.example', '2026-01-10 09:00+01');
INSERT INTO accounts (id, email, email_verified_at, role, organization_id, organization_role, blocked) VALUES
 (99951, 'gesperrt@chefin.example', now(), 'organization_member', 9905, 'owner', true),
 (99952, 'unbestaetigt@chefin.example', NULL, 'organization_member', 9906, 'owner', false);
INSERT INTO job_postings (id, slug, organization_id, title, is_published, active, published_at, closed_at) VALUES
 (9931, 'september-9931', 9905, 'Septemberstelle', false, false, '2026-09-01 10:00+02', '2026-09-20 10:00+02'),
 (9932, 'september-9932', 9906, 'Septemberstelle', false, false, '2026-09-01 10:00+02', '2026-09-20 10:00+02');
)sql");
    // September 2026: 9901, 9902 (their jobs were online), 9905 and 9906 are due and marked done.
    EXPECT_EQ(sql("SELECT jh_monthly_report_mails('2026-10-01 08:00+02', 'http://jobhafen.test', 'monthly_report', 100)"), "4");
    EXPECT_EQ(sql("SELECT count(*) FROM queue_jobs WHERE idempotency_key LIKE 'monthly_report:9905:2026-09:%'"), "0");
    EXPECT_EQ(sql("SELECT count(*) FROM queue_jobs WHERE idempotency_key LIKE 'monthly_report:9906:2026-09:%'"), "0");
    EXPECT_EQ(sql("SELECT count(*) FROM queue_jobs WHERE idempotency_key LIKE 'monthly_report:9901:2026-09:%'"), "1");
}

}  // namespace
}  // namespace jh::test
