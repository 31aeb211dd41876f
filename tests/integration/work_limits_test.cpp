// The candidate's work limits (Arbeitszeitgrenzen, issue 30 part 5) from outside against the real
// server and PostgreSQL: stating Minijob, kurzfristige Beschäftigung or Werkstudent in the account,
// the confirmed shifts counted per month, calendar year and week, and the warning for a shift
// about to be applied for that would cross the limit — asked before applying, never a refusal.
// docs/shifts.md "Work limits".
#include "tests/integration/provider_fixture.h"

namespace jh::test {
namespace {

using namespace accounts_fixture;

// One organization with three live jobs: 30 € per hour, 15 € per hour, and a pay per month
// (whose shifts have no known pay).
constexpr const char* work_limits_seed_sql = R"sql(
INSERT INTO organizations (id, slug, name, contact_email) VALUES
 (9801, 'grenzen-agentur', 'Grenzen Agentur GmbH', 'jobs@grenzen-agentur.example');
INSERT INTO job_postings (id, slug, organization_id, title, is_published, active, published_at, base_salary, salary_unit) VALUES
 (9811, 'promoter-9811', 9801, 'Promoter (m/w/d)', true, true, now() - interval '1 day', 30, 'hour'),
 (9812, 'aushilfe-9812', 9801, 'Aushilfe (m/w/d)', true, true, now() - interval '1 day', 15, 'hour'),
 (9813, 'werkstudent-9813', 9801, 'Werkstudent (m/w/d)', true, true, now() - interval '1 day', 2000, 'month');
)sql";

class WorkLimits : public ::testing::Test {
protected:
    static void SetUpTestSuite() {
        s_ = new stack;
        s_->start("work_limits", true, {}, schema::migrated);
        if (::testing::Test::HasFatalFailure()) return;
        exec_sql(s_->db->url(), work_limits_seed_sql);
        member_ = new std::string(organization_member(*s_, "chefin@grenzen-agentur.example", 9801));
    }
    static void TearDownTestSuite() {
        s_->stop();
        delete s_;
        delete member_;
    }
    static std::string candidate(const std::string& email) {
        return register_ready_candidate(*s_, email).second;
    }
    static int port() { return s_->port; }
    static std::string sql(const std::string& q) { return s_->sql(q); }
    // A shift of `job` on the date the SQL expression `date` gives: its id.
    static std::string shift(const std::string& job, const std::string& date, const std::string& start, const std::string& end,
                             const std::string& salary = "NULL") {
        return sql("INSERT INTO shifts (job_posting_id, shift_date, start_time, end_time, staff_needed, base_salary) VALUES (" +
                   job + ", " + date + ", '" + start + "', '" + end + "', 5, " + salary + ") RETURNING id");
    }
    static http_reply limits(const std::string& token, const std::string& shifts = {}) {
        return call(port(), "GET", "/api/candidate_accounts/me/work_limits" + (shifts.empty() ? "" : "?shifts=" + shifts), {},
                    bearer(token));
    }
    static http_reply state(const std::string& token, const std::string& body) {
        return call(port(), "PATCH", "/api/candidate_accounts/me/work_limits", body, bearer(token));
    }
    // Confirms, as the job's organization would, the candidate's choice of `shift_id`.
    static void confirm(const std::string& shift_id, const std::string& email) {
        std::string sa = sql("SELECT sa.id FROM shift_applications sa JOIN applications x ON x.id = sa.application_id "
                             "JOIN accounts a ON a.id = x.candidate_account_id WHERE sa.shift_id = " + shift_id +
                             " AND a.email = '" + email + "'");
        auto r = call(port(), "PATCH", "/api/shift_applications/" + sa, R"({"status":"confirmed"})", bearer(*member_));
        ASSERT_EQ(r.status, 200) << r.body;
    }
    // Confirmed choices of an application made by SQL: many shifts at once (more than one
    // application may carry).
    static void confirm_all(const std::string& application, const std::vector<std::string>& shifts) {
        for (const auto& s : shifts)
            sql("INSERT INTO shift_applications (shift_id, application_id, status, decided_at) VALUES (" + s + ", " +
                application + ", 'confirmed', now()) RETURNING id");
    }
    static std::string application_of(const std::string& job, const std::string& email) {
        return sql("SELECT x.id FROM applications x JOIN accounts a ON a.id = x.candidate_account_id "
                   "WHERE x.job_posting_id = " + job + " AND a.email = '" + email + "'");
    }
    static stack* s_;
    static std::string* member_;
};
stack* WorkLimits::s_ = nullptr;
std::string* WorkLimits::member_ = nullptr;

// Next month in Berlin, day `d` (1-based), as an SQL date expression.
std::string next_month(int d) {
    return "(date_trunc('month', (now() AT TIME ZONE 'Europe/Berlin')::date) + interval '1 month' + interval '" +
           std::to_string(d - 1) + " days')::date";
}

// The Geringfügigkeitsgrenze per calendar year (§ 8 Abs. 1a SGB IV; Mindestlohn × 130 ÷ 3, rounded
// up): 13,90 € → 603 € in 2026, 14,60 € → 633 € in 2027. Empty for a year whose figure is not known.
std::string minijob_limit_of(const std::string& year) {
    if (year == "2026") return "603";
    if (year == "2027") return "633";
    return {};
}

TEST_F(WorkLimits, AMinijobCrossing603EurosInOneMonthIsWarnedBeforeApplying) {
    std::string jana = candidate("jana@grenzen.example");
    // Only candidates; a field of the wrong kind is a 422 at it ("du").
    EXPECT_EQ(call(port(), "GET", "/api/candidate_accounts/me/work_limits").status, 401);
    EXPECT_EQ(limits(*member_).status, 403);
    EXPECT_EQ(state(*member_, R"({"status":"minijob"})").status, 403);
    auto bad = state(jana, R"({"status":"Minijobberin"})");
    EXPECT_EQ(bad.status, 422);
    EXPECT_EQ(field(bad.body, "/violations/0/propertyPath"), "status");
    EXPECT_EQ(field(state(jana, R"({"lecturePeriod":"ja"})").body, "/violations/0/propertyPath"), "lecturePeriod");
    EXPECT_EQ(limits(jana, "1,x").status, 422);
    // Every bound from outside: more than 50 shifts asked about, an overlong status, a body over 4 KiB.
    std::string many;
    for (int i = 1; i <= 51; ++i) many += (i > 1 ? "," : "") + std::to_string(i);
    auto too_many = limits(jana, many);
    EXPECT_EQ(too_many.status, 422);
    EXPECT_EQ(field(too_many.body, "/violations/0/propertyPath"), "shifts");
    EXPECT_EQ(state(jana, R"({"status":")" + std::string(40, 'm') + R"("})").status, 422);
    EXPECT_EQ(state(jana, R"({"status":"minijob","x":")" + std::string(5000, 'x') + R"("})").status, 413);
    EXPECT_EQ(sql("SELECT count(*) FROM candidate_work_limits cw JOIN accounts a ON a.id = cw.account_id "
                  "WHERE a.email = 'jana@grenzen.example'"), "0");

    // Nothing stated: nothing counted.
    auto none = limits(jana);
    ASSERT_EQ(none.status, 200) << none.body;
    EXPECT_EQ(field(none.body, "status"), "none");
    EXPECT_EQ(field(none.body, "measure"), "null");
    EXPECT_NE(field(none.body, "guidance").find("keine Rechtsberatung"), std::string::npos);

    auto minijob = state(jana, R"({"status":"minijob"})");
    ASSERT_EQ(minijob.status, 200) << minijob.body << s_->server->log();
    EXPECT_EQ(field(minijob.body, "status"), "minijob");
    EXPECT_EQ(sql("SELECT status FROM candidate_work_limits cw JOIN accounts a ON a.id = cw.account_id "
                  "WHERE a.email = 'jana@grenzen.example'"), "minijob");

    // Two shifts next month of 8 hours at 30 €, confirmed: 480 €. A third of 8 hours at the
    // shift's own 20 € would make 640 € > 603 €; one the month after (240 €) would not.
    std::string a = shift("9811", next_month(5), "10:00", "18:00");
    std::string b = shift("9811", next_month(6), "10:00", "18:00");
    std::string c = shift("9811", next_month(7), "10:00", "18:00", "20");
    std::string later = shift("9811", next_month(40), "10:00", "18:00");
    auto applied = call(port(), "POST", "/api/job_postings/9811/apply", R"({"shifts":[)" + a + "," + b + "]}", bearer(jana));
    ASSERT_EQ(applied.status, 201) << applied.body;
    // Pending choices do not count yet.
    EXPECT_EQ(field(limits(jana, c).body, "warnings"), "[]");
    confirm(a, "jana@grenzen.example");
    confirm(b, "jana@grenzen.example");

    std::string month = sql("SELECT to_char(" + next_month(1) + ", 'YYYY-MM')");
    // The limit of next month's year, as the law sets it (docs/shifts.md): next month is January
    // when the suite runs in December, so the figure must follow the year, not the day of writing.
    std::string limit = minijob_limit_of(month.substr(0, 4));
    ASSERT_FALSE(limit.empty()) << "no Minijob limit known for " << month << " — add the year's figure";
    auto standing = limits(jana);
    ASSERT_EQ(standing.status, 200) << standing.body;
    EXPECT_EQ(field(standing.body, "measure"), "minijob_month");
    EXPECT_EQ(field(standing.body, "/periods/0/current"), "true");
    EXPECT_EQ(field(standing.body, "/periods/1/key"), month) << standing.body;
    EXPECT_EQ(field(standing.body, "/periods/1/value"), "480");
    EXPECT_EQ(field(standing.body, "/periods/1/limit"), limit);
    EXPECT_EQ(field(standing.body, "/periods/1/valueText"), "480,00 €");
    EXPECT_EQ(field(standing.body, "warnings"), "[]");

    auto warned = limits(jana, c);
    ASSERT_EQ(warned.status, 200) << warned.body;
    EXPECT_EQ(field(warned.body, "/warnings/0/measure"), "minijob_month") << warned.body;
    EXPECT_EQ(field(warned.body, "/warnings/0/key"), month);
    EXPECT_EQ(field(warned.body, "/warnings/0/value"), "640");
    EXPECT_EQ(field(warned.body, "/warnings/0/over"), "true");
    EXPECT_NE(field(warned.body, "/warnings/0/message").find("640,00 € verdienen und die Minijob-Grenze von " + limit + " €"),
              std::string::npos) << warned.body;
    EXPECT_EQ(field(warned.body, "/warnings/1"), "<missing>");
    EXPECT_EQ(field(limits(jana, later).body, "warnings"), "[]");

    // A warning, never a block: the shift can still be chosen; once confirmed the month is over
    // the limit and shows so without any shift asked about.
    std::string app = application_of("9811", "jana@grenzen.example");
    auto added = call(port(), "POST", "/api/applications/" + app + "/shifts", R"({"shifts":[)" + c + "]}", bearer(jana));
    ASSERT_EQ(added.status, 200) << added.body;
    confirm(c, "jana@grenzen.example");
    auto over = limits(jana);
    EXPECT_EQ(field(over.body, "/periods/1/value"), "640");
    EXPECT_EQ(field(over.body, "/periods/1/over"), "true");

    // A cancelled shift no longer counts.
    sql("UPDATE shifts SET cancelled_at = now() WHERE id = " + c + " RETURNING id");
    EXPECT_EQ(field(limits(jana).body, "/periods/1/value"), "480");
}

TEST_F(WorkLimits, AShortTermEmploymentCountsSeventyWorkingDaysPerCalendarYear) {
    std::string tom = candidate("tom@grenzen.example");
    ASSERT_EQ(state(tom, R"({"status":"short_term"})").status, 200);
    ASSERT_EQ(call(port(), "POST", "/api/job_postings/9812/apply", "{}", bearer(tom)).status, 201);
    // 70 confirmed shifts on 70 different days of next year.
    std::string next_year = "(date_trunc('year', (now() AT TIME ZONE 'Europe/Berlin')::date) + interval '1 year')::date";
    std::vector<std::string> days;
    for (int i = 0; i < 70; ++i) days.push_back(shift("9812", next_year + " + " + std::to_string(i * 2), "09:00", "13:00"));
    confirm_all(application_of("9812", "tom@grenzen.example"), days);
    std::string year = sql("SELECT extract(year FROM " + next_year + ")::int");

    auto standing = limits(tom);
    ASSERT_EQ(standing.status, 200) << standing.body;
    EXPECT_EQ(field(standing.body, "measure"), "short_term_year");
    EXPECT_EQ(field(standing.body, "/periods/1/key"), year) << standing.body;
    EXPECT_EQ(field(standing.body, "/periods/1/value"), "70");
    EXPECT_EQ(field(standing.body, "/periods/1/over"), "false");

    // Another shift on a day already worked adds no working day; one on a new day makes 71.
    std::string same_day = shift("9812", next_year + " + 2", "15:00", "18:00");
    std::string new_day = shift("9812", next_year + " + 1", "09:00", "13:00");
    EXPECT_EQ(field(limits(tom, same_day).body, "warnings"), "[]");
    auto warned = limits(tom, new_day + "," + same_day);
    ASSERT_EQ(warned.status, 200) << warned.body;
    EXPECT_EQ(field(warned.body, "/warnings/0/key"), year) << warned.body;
    EXPECT_EQ(field(warned.body, "/warnings/0/value"), "71");
    EXPECT_EQ(field(warned.body, "/warnings/0/limit"), "70");
    EXPECT_NE(field(warned.body, "/warnings/0/message").find("an 71 Tagen"), std::string::npos) << warned.body;
    // Someone else's confirmed shifts are not Tom's: another candidate asking about the same shift is not warned.
    std::string ute = candidate("ute@grenzen.example");
    ASSERT_EQ(state(ute, R"({"status":"short_term"})").status, 200);
    EXPECT_EQ(field(limits(ute, new_day).body, "warnings"), "[]");
}

TEST_F(WorkLimits, AWorkingStudentsTwentyHourWeekInTheLecturePeriod) {
    std::string lea = candidate("lea@grenzen.example");
    ASSERT_EQ(state(lea, R"({"status":"working_student","lecturePeriod":true})").status, 200);
    ASSERT_EQ(call(port(), "POST", "/api/job_postings/9813/apply", "{}", bearer(lea)).status, 201);
    // Monday and Tuesday of a week three weeks ahead, 8 hours each, confirmed: 16 hours. A
    // Wednesday of 5.5 hours would make 21.5 > 20. The job pays per month: no pay is known, and
    // hours are what counts here.
    std::string monday = "(date_trunc('week', (now() AT TIME ZONE 'Europe/Berlin')::date + 21))::date";
    std::string mon = shift("9813", monday, "08:00", "16:00");
    std::string tue = shift("9813", monday + " + 1", "08:00", "16:00");
    std::string wed = shift("9813", monday + " + 2", "08:00", "13:30");
    std::string next_week = shift("9813", monday + " + 7", "08:00", "13:30");
    confirm_all(application_of("9813", "lea@grenzen.example"), {mon, tue});

    auto warned = limits(lea, wed);
    ASSERT_EQ(warned.status, 200) << warned.body;
    EXPECT_EQ(field(warned.body, "measure"), "student_week");
    EXPECT_EQ(field(warned.body, "/warnings/0/key"), sql("SELECT to_char(" + monday + ", 'YYYY-MM-DD')")) << warned.body;
    EXPECT_EQ(field(warned.body, "/warnings/0/value"), "21.5");
    EXPECT_EQ(field(warned.body, "/warnings/0/limit"), "20");
    EXPECT_NE(field(warned.body, "/warnings/0/message").find("21,5 Stunden"), std::string::npos) << warned.body;
    EXPECT_EQ(field(limits(lea, next_week).body, "warnings"), "[]");

    // In the semester break the week is not limited (the candidate says so in the account).
    auto br = state(lea, R"({"lecturePeriod":false})");
    ASSERT_EQ(br.status, 200) << br.body;
    EXPECT_EQ(field(br.body, "status"), "working_student");
    EXPECT_EQ(field(br.body, "lecturePeriod"), "false");
    auto free = limits(lea, wed);
    EXPECT_EQ(field(free.body, "measure"), "null");
    EXPECT_EQ(field(free.body, "warnings"), "[]");
}

// The figures per year are configuration: a bad item or an unknown key stops the start with a
// message naming it, before the server listens.
TEST_F(WorkLimits, ABadFigureInTheConfigurationStopsTheStart) {
    using namespace std::chrono_literals;
    server_process bad({{"JOBHAFEN_DATABASE_URL", s_->db->url()}, {"JOBHAFEN_WORK_LIMITS_MINIJOB_MONTH_EUR", "2026=603,2027=abc"}});
    EXPECT_NE(bad.wait_exit(20s), 0);
    EXPECT_NE(bad.log().find("work_limits.minijob_month_eur: '2027=abc' is not \"YEAR=VALUE\""), std::string::npos) << bad.log();
    server_process twice({{"JOBHAFEN_DATABASE_URL", s_->db->url()}, {"JOBHAFEN_WORK_LIMITS_SHORT_TERM_DAYS", "2026=70,2026=50"}});
    EXPECT_NE(twice.wait_exit(20s), 0);
    EXPECT_NE(twice.log().find("year 2026 is given twice"), std::string::npos) << twice.log();
    server_process unknown({{"JOBHAFEN_DATABASE_URL", s_->db->url()}, {"JOBHAFEN_WORK_LIMITS_MIDIJOB_MONTH_EUR", "2026=2000"}});
    EXPECT_NE(unknown.wait_exit(20s), 0);
    EXPECT_NE(unknown.log().find("unknown environment variable JOBHAFEN_WORK_LIMITS_MIDIJOB_MONTH_EUR"), std::string::npos)
        << unknown.log();
}

}  // namespace
}  // namespace jh::test
