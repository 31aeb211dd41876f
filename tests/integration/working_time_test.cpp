// Working time across employers (issue 42 item 6) from outside against the real server and
// PostgreSQL: a candidate's confirmed shifts at every organization are added up (§ 2 Abs. 1
// ArbZG). An adult is warned before applying (11 h rest, 10 h a day, 48 h a week) and may go on;
// a minor's choice that breaks the JArbSchG (8 h a day, 40 a week, 6:00–20:00 or 22:00 for
// over-16s in gastronomy, five days, no weekends outside gastronomy, 12 h free) is refused with 422
// at `shifts`, and the provider cannot confirm it (409). The provider sees only a neutral flag.
// Approved time records replace the planned times; 20 confirmations at once keep the limits.
// docs/fair-play.md "Working time across employers".
#include <algorithm>
#include <latch>
#include <thread>

#include "tests/integration/provider_fixture.h"

namespace jh::test {
namespace {

using namespace accounts_fixture;

// Two organizations: a promotion agency (9851) and a restaurant (9852, its job in the industry
// Gastronomie, so a Gaststätte for the JArbSchG).
constexpr const char* working_time_seed_sql = R"sql(
INSERT INTO organizations (id, slug, name, contact_email) VALUES
 (9851, 'promo-nord', 'Promo Nord GmbH', 'jobs@promo-nord.example'),
 (9852, 'gasthaus-sued', 'Gasthaus Süd KG', 'jobs@gasthaus-sued.example');
INSERT INTO job_postings (id, slug, organization_id, title, is_published, active, published_at, base_salary, salary_unit) VALUES
 (9861, 'promoter-9861', 9851, 'Promoter (m/w/d) Abendaktion', true, true, now() - interval '1 day', 16, 'hour'),
 (9862, 'service-9862', 9852, 'Servicekraft (m/w/d) Gasthaus', true, true, now() - interval '1 day', 16, 'hour'),
 (9863, 'promoter-9863', 9851, 'Promoter (m/w/d) Wochenende', true, true, now() - interval '1 day', 16, 'hour');
INSERT INTO job_posting_industries (job_posting_id, industry_id) VALUES (9862, 1);
UPDATE job_postings SET industry_ids = '{1}' WHERE id = 9862;
)sql";

class WorkingTime : public ::testing::Test {
protected:
    static void SetUpTestSuite() {
        s_ = new stack;
        s_->start("working_time", true, {}, schema::migrated);
        if (::testing::Test::HasFatalFailure()) return;
        exec_sql(s_->db->url(), working_time_seed_sql);
        promo_ = new std::string(organization_member(*s_, "chefin@promo-nord.example", 9851));
        gasthaus_ = new std::string(organization_member(*s_, "wirt@gasthaus-sued.example", 9852));
    }
    static void TearDownTestSuite() {
        s_->stop();
        delete s_;
        delete promo_;
        delete gasthaus_;
    }
    static int port() { return s_->port; }
    static std::string sql(const std::string& q) { return s_->sql(q); }
    // A candidate ready to apply; `years` old (a birth date that many years and 30 days ago), or an
    // adult of the fixture. {account id, token}.
    static std::pair<std::string, std::string> candidate(const std::string& email, int years = 0) {
        auto c = register_ready_candidate(*s_, email);
        if (years > 0)
            sql("UPDATE candidate_profiles SET sedcard = sedcard || jsonb_build_object('birthDate', "
                "to_char(current_date - interval '" + std::to_string(years) + " years 30 days', 'YYYY-MM-DD')) "
                "WHERE account_id = " + c.first + " RETURNING id");
        return c;
    }
    // The first date at least `ahead` days from today (Berlin) that is the ISO weekday `isodow`
    // (1 Monday … 7 Sunday), as an SQL date expression.
    static std::string on(int isodow, int ahead) {
        std::string d = "((now() AT TIME ZONE 'Europe/Berlin')::date + " + std::to_string(ahead) + ")";
        return "(" + d + " + ((" + std::to_string(isodow) + " - extract(isodow FROM " + d + ")::int + 7) % 7))";
    }
    static std::string shift(int job, const std::string& date, const std::string& start, const std::string& end, int staff = 5) {
        return sql("INSERT INTO shifts (job_posting_id, shift_date, start_time, end_time, staff_needed) VALUES (" +
                   std::to_string(job) + ", " + date + ", '" + start + "', '" + end + "', " + std::to_string(staff) +
                   ") RETURNING id");
    }
    static std::string german(const std::string& shift_id) {
        return sql("SELECT to_char(shift_date, 'DD.MM.YYYY') FROM shifts WHERE id = " + shift_id);
    }
    static http_reply apply(int job, const std::string& token, const std::string& shifts, const std::string& more = {}) {
        return call(port(), "POST", "/api/job_postings/" + std::to_string(job) + "/apply",
                    R"({"notes":"Gern!",)" + more + R"("shifts":[)" + shifts + "]}", bearer(token));
    }
    // The shift application of the account for the shift.
    static std::string choice(const std::string& account, const std::string& shift_id) {
        return sql("SELECT sa.id FROM shift_applications sa JOIN applications x ON x.id = sa.application_id "
                   "WHERE sa.shift_id = " + shift_id + " AND x.candidate_account_id = " + account);
    }
    static http_reply decide(const std::string& sa, const std::string& token, const std::string& status = "confirmed") {
        return call(port(), "PATCH", "/api/shift_applications/" + sa, R"({"status":")" + status + R"("})", bearer(token));
    }
    // A pending choice made in the database (as before this rule, or for a choice the test must
    // hold without the check of choosing): an application of the account to the shift's job.
    static std::string pending(const std::string& account, const std::string& shift_id) {
        sql("INSERT INTO applications (job_posting_id, candidate_account_id, forwarded_at) "
            "SELECT job_posting_id, " + account + ", now() FROM shifts WHERE id = " + shift_id +
            " ON CONFLICT DO NOTHING RETURNING id");
        return sql("INSERT INTO shift_applications (shift_id, application_id) SELECT " + shift_id + ", x.id FROM applications x "
                   "JOIN shifts s ON s.job_posting_id = x.job_posting_id WHERE s.id = " + shift_id +
                   " AND x.candidate_account_id = " + account + " RETURNING id");
    }
    static stack* s_;
    static std::string *promo_, *gasthaus_;
};
stack* WorkingTime::s_ = nullptr;
std::string* WorkingTime::promo_ = nullptr;
std::string* WorkingTime::gasthaus_ = nullptr;

TEST_F(WorkingTime, ElevenHoursRestAcrossTwoEmployersIsAWarningForAnAdultAndApprovedTimesCount) {
    auto [anna, token] = candidate("anna@arbeitszeit.example");
    // Confirmed at the promotion agency: Tuesday 15:00–23:00.
    std::string evening = shift(9861, on(2, 10), "15:00", "23:00");
    ASSERT_EQ(apply(9861, token, evening).status, 201);
    ASSERT_EQ(decide(choice(anna, evening), *promo_).status, 200);
    // The restaurant's Wednesday 07:00–12:00: only 8 hours after 23:00.
    std::string morning = shift(9862, on(2, 10) + " + 1", "07:00", "12:00");
    auto asked = call(port(), "GET", "/api/candidate_accounts/me/work_limits?shifts=" + morning, {}, bearer(token));
    ASSERT_EQ(asked.status, 200) << asked.body;
    EXPECT_EQ(field(asked.body, "/workingTime/0/rule"), "rest") << asked.body;
    std::string warning = field(asked.body, "/workingTime/0/message");
    EXPECT_NE(warning.find("mindestens 11 Stunden Ruhezeit (§ 5 ArbZG)"), std::string::npos) << warning;
    EXPECT_NE(warning.find("nur 8 Stunden"), std::string::npos) << warning;
    EXPECT_NE(warning.find("verschiedenen Arbeitgebern"), std::string::npos) << warning;
    EXPECT_EQ(field(asked.body, "/workingTime/1/rule"), "<missing>") << "one warning only: " << asked.body;

    // An adult may go on: applying stores the choice, and the restaurant may confirm it.
    ASSERT_EQ(apply(9862, token, morning).status, 201);
    // The restaurant sees a neutral flag, nothing of the other employer.
    auto view = call(port(), "GET", "/api/job_postings/9862/shifts?all=1", {}, bearer(*gasthaus_));
    ASSERT_EQ(view.status, 200) << view.body;
    EXPECT_NE(view.body.find(R"("workingTime": "Ruhezeit")"), std::string::npos) << view.body;
    for (const char* foreign : {"Promo Nord", "Promoter", "Abendaktion"})
        EXPECT_EQ(view.body.find(foreign), std::string::npos) << foreign << " in " << view.body;
    EXPECT_EQ(decide(choice(anna, morning), *gasthaus_).status, 200);

    // The hours as approved replace the planned ones: the evening ended at 20:00, 11 hours before
    // the morning — no flag any more.
    sql("INSERT INTO shift_time_records (shift_application_id, organization_id, shift_id, worker_name, job_title, work_date, "
        "       planned_start, planned_end, start_at, end_at, status, entered_by, decided_at) "
        "SELECT sa.id, 9851, s.id, 'Anna', 'Promoter', s.shift_date, s.starts_at, s.ends_at, s.starts_at, "
        "       s.ends_at - interval '3 hours', 'approved', 'provider', now() "
        "  FROM shift_applications sa JOIN shifts s ON s.id = sa.shift_id WHERE sa.id = " + choice(anna, evening) + " RETURNING id");
    auto later = call(port(), "GET", "/api/job_postings/9862/shifts?all=1", {}, bearer(*gasthaus_));
    EXPECT_EQ(later.body.find(R"("workingTime": "Ruhezeit")"), std::string::npos) << later.body;
    EXPECT_NE(later.body.find(R"("workingTime": null)"), std::string::npos) << later.body;
}

TEST_F(WorkingTime, AShiftAcrossMidnightCountsForTheRightDaysAndTheWeekHas48Hours) {
    auto [ben, token] = candidate("ben@arbeitszeit.example");
    // Thursday 13:00–22:00 confirmed (9 h), then a night Thursday 22:00–06:00 (2 h on Thursday,
    // 6 h on Friday): Thursday comes to 11 hours, Friday to 6 — one warning, for Thursday.
    std::string day_shift = shift(9861, on(4, 10), "13:00", "22:00");
    ASSERT_EQ(apply(9861, token, day_shift).status, 201);
    ASSERT_EQ(decide(choice(ben, day_shift), *promo_).status, 200);
    std::string night = shift(9862, on(4, 10), "22:00", "06:00");
    auto asked = call(port(), "GET", "/api/candidate_accounts/me/work_limits?shifts=" + night, {}, bearer(token));
    ASSERT_EQ(asked.status, 200) << asked.body;
    EXPECT_EQ(field(asked.body, "/workingTime/0/rule"), "day") << asked.body;
    std::string message = field(asked.body, "/workingTime/0/message");
    EXPECT_NE(message.find("höchstens 10 Stunden am Tag arbeiten (§ 3 ArbZG). Am " + german(day_shift) + " wären es 11 Stunden."),
              std::string::npos)
        << message;
    EXPECT_EQ(field(asked.body, "/workingTime/1/rule"), "<missing>") << asked.body;

    // The week: Monday to Saturday of the week after, 8 h each confirmed at the agency (48 h);
    // a Sunday shift of 2 h would make 50.
    std::vector<std::string> week;
    std::string app = sql("SELECT id FROM applications WHERE job_posting_id = 9861 AND candidate_account_id = " + ben);
    for (int d = 0; d < 6; ++d) {
        std::string s = shift(9861, on(1, 17) + " + " + std::to_string(d), "08:00", "16:00");
        sql("INSERT INTO shift_applications (shift_id, application_id, status, decided_at) VALUES (" + s + ", " + app +
            ", 'confirmed', now()) RETURNING id");
    }
    std::string sunday = shift(9862, on(1, 17) + " + 6", "10:00", "12:00");
    auto weekly = call(port(), "GET", "/api/candidate_accounts/me/work_limits?shifts=" + sunday, {}, bearer(token));
    EXPECT_EQ(field(weekly.body, "/workingTime/0/rule"), "week") << weekly.body;
    EXPECT_NE(field(weekly.body, "/workingTime/0/message").find("50 Stunden"), std::string::npos) << weekly.body;
    // Still only a warning: applying works.
    EXPECT_EQ(apply(9862, token, sunday).status, 201);
}

TEST_F(WorkingTime, ASixteenYearOldCannotChooseAnEveningPromotionShiftButMayServeUntil22) {
    auto [lena, token] = candidate("lena@arbeitszeit.example", 16);
    std::string evening = shift(9861, on(3, 10), "19:00", "23:00");
    auto refused = apply(9861, token, evening);
    ASSERT_EQ(refused.status, 422) << refused.body;
    EXPECT_EQ(field(refused.body, "/violations/0/propertyPath"), "shifts");
    std::string message = field(refused.body, "/violations/0/message");
    EXPECT_NE(message.find("Du bist unter 18"), std::string::npos) << message;
    EXPECT_NE(message.find("nur zwischen 6 und 20 Uhr arbeiten (§ 14 JArbSchG)"), std::string::npos) << message;
    EXPECT_EQ(sql("SELECT count(*) FROM applications WHERE candidate_account_id = " + lena), "0") << "nothing is stored";

    // In a Gaststätte an over-16 may work until 22:00, not later.
    std::string service = shift(9862, on(3, 10), "17:00", "22:00");
    std::string too_late = shift(9862, on(3, 11), "18:00", "22:30");
    auto late = apply(9862, token, too_late);
    ASSERT_EQ(late.status, 422) << late.body;
    EXPECT_NE(field(late.body, "/violations/0/message").find("zwischen 6 und 22 Uhr"), std::string::npos) << late.body;
    ASSERT_EQ(apply(9862, token, service).status, 201);

    // Weekends: a Saturday promotion is refused (§§ 16, 17), a Saturday in the restaurant is not.
    auto [mia, mia_token] = candidate("mia@arbeitszeit.example", 17);
    std::string saturday_promo = shift(9863, on(6, 10), "10:00", "14:00");
    auto weekend = apply(9863, mia_token, saturday_promo);
    ASSERT_EQ(weekend.status, 422) << weekend.body;
    EXPECT_NE(field(weekend.body, "/violations/0/message").find("§§ 16, 17 JArbSchG"), std::string::npos) << weekend.body;
    EXPECT_EQ(apply(9862, mia_token, shift(9862, on(6, 10), "10:00", "14:00")).status, 201);

    // A 15-year-old in the restaurant: 20:00 is the end (the 22:00 of gastronomy is for over-16s).
    auto [tom, tom_token] = candidate("tom@arbeitszeit.example", 15);
    auto young = apply(9862, tom_token, shift(9862, on(3, 12), "17:00", "21:00"));
    ASSERT_EQ(young.status, 422) << young.body;
    EXPECT_NE(field(young.body, "/violations/0/message").find("zwischen 6 und 20 Uhr"), std::string::npos) << young.body;
    (void)mia;
    (void)tom;
}

TEST_F(WorkingTime, ChoosingShiftsNeedsABirthDate) {
    auto [nora, token] = candidate("nora@arbeitszeit.example");
    sql("UPDATE candidate_profiles SET sedcard = sedcard - 'birthDate' WHERE account_id = " + nora + " RETURNING id");
    std::string s = shift(9862, on(3, 20), "10:00", "14:00");
    auto asked = apply(9862, token, s);
    ASSERT_EQ(asked.status, 422) << asked.body;
    EXPECT_EQ(field(asked.body, "/violations/0/propertyPath"), "birthDate");
    EXPECT_NE(field(asked.body, "/violations/0/message").find("Bitte gib dein Geburtsdatum an"), std::string::npos) << asked.body;
    // A wrong shape or an impossible date: 422 at `birthDate` before anything is read.
    for (const char* bad : {R"("birthDate":"31.12.2009",)", R"("birthDate":"2009-02-29",)", R"("birthDate":20090101,)"}) {
        auto r = apply(9862, token, s, bad);
        EXPECT_EQ(r.status, 422) << bad << r.body;
        EXPECT_EQ(field(r.body, "/violations/0/propertyPath"), "birthDate") << bad;
    }
    // Applying without shifts needs none.
    EXPECT_EQ(call(port(), "POST", "/api/job_postings/9861/apply", R"({"notes":"Gern!"})", bearer(token)).status, 201);
    // Given with the choice, it is stored on the sedcard and the rules of its age hold: a 14-year-old
    // (born 14 years ago) may not serve until 21:00.
    std::string young = sql("SELECT to_char(current_date - interval '14 years', 'YYYY-MM-DD')");
    auto minor = apply(9862, token, shift(9862, on(3, 21), "17:00", "21:00"), R"("birthDate":")" + young + R"(",)");
    ASSERT_EQ(minor.status, 422) << minor.body;
    EXPECT_EQ(field(minor.body, "/violations/0/propertyPath"), "shifts");
    EXPECT_EQ(sql("SELECT coalesce(sedcard ->> 'birthDate', '') FROM candidate_profiles WHERE account_id = " + nora), "")
        << "a refused application stores nothing";
    ASSERT_EQ(apply(9862, token, s, R"("birthDate":")" + young + R"(",)").status, 201);
    EXPECT_EQ(sql("SELECT sedcard ->> 'birthDate' FROM candidate_profiles WHERE account_id = " + nora), young);
}

TEST_F(WorkingTime, AMinorsHoursAreAddedUpAcrossEmployersAndTheSecondConfirmationIs409) {
    auto [paul, token] = candidate("paul@arbeitszeit.example", 17);
    // 5 h at each employer on the same Tuesday: each alone is lawful, so both may be chosen
    // (pending choices do not count) ...
    std::string promo = shift(9861, on(2, 30), "08:00", "13:00");
    std::string service = shift(9862, on(2, 30), "14:00", "19:00");
    ASSERT_EQ(apply(9861, token, promo).status, 201);
    ASSERT_EQ(apply(9862, token, service).status, 201);
    // ... the first confirmation is fine, the second would make 10 h on one day: 409 ("Sie").
    ASSERT_EQ(decide(choice(paul, promo), *promo_).status, 200);
    auto view = call(port(), "GET", "/api/job_postings/9862/shifts?all=1", {}, bearer(*gasthaus_));
    EXPECT_NE(view.body.find(R"("workingTime": "Jugendarbeitsschutz")"), std::string::npos) << view.body;
    EXPECT_EQ(view.body.find("Promo Nord"), std::string::npos) << view.body;
    auto refused = decide(choice(paul, service), *gasthaus_);
    ASSERT_EQ(refused.status, 409) << refused.body;
    std::string message = field(refused.body, "message");
    EXPECT_NE(message.find("Diesen Einsatz können Sie nicht bestätigen"), std::string::npos) << message;
    EXPECT_NE(message.find("§ 8 JArbSchG: höchstens 8 Stunden am Tag"), std::string::npos) << message;
    for (const char* foreign : {"Promo Nord", "Promoter", "08:00", "13:00"})
        EXPECT_EQ(message.find(foreign), std::string::npos) << foreign << " in " << message;
    EXPECT_EQ(sql("SELECT status FROM shift_applications WHERE id = " + choice(paul, service)), "pending");
    // Declining stays possible.
    EXPECT_EQ(decide(choice(paul, service), *gasthaus_, "declined").status, 200);

    // Rest: 12 hours free for minors (§ 13): the restaurant until 22:00 on Wednesday, the agency
    // at 08:00 on Thursday is refused when choosing.
    std::string wednesday = shift(9862, on(3, 30), "17:00", "22:00");
    ASSERT_EQ(call(port(), "POST", "/api/applications/" +
                                       sql("SELECT id FROM applications WHERE job_posting_id = 9862 AND candidate_account_id = " + paul) +
                                       "/shifts",
                   R"({"shifts":[)" + wednesday + "]}", bearer(token))
                  .status,
              200);
    ASSERT_EQ(decide(choice(paul, wednesday), *gasthaus_).status, 200);
    std::string thursday = shift(9861, on(3, 30) + " + 1", "08:00", "12:00");
    auto rest = call(port(), "POST", "/api/applications/" +
                                         sql("SELECT id FROM applications WHERE job_posting_id = 9861 AND candidate_account_id = " + paul) +
                                         "/shifts",
                     R"({"shifts":[)" + thursday + "]}", bearer(token));
    ASSERT_EQ(rest.status, 422) << rest.body;
    EXPECT_NE(field(rest.body, "/violations/0/message").find("mindestens 12 Stunden frei (§ 13 JArbSchG)"), std::string::npos)
        << rest.body;

    // Five days a week (§ 15) and 40 hours (§ 8): Monday to Friday 8 h confirmed in a later week;
    // a sixth day is refused, as is any hour more in that week.
    std::string app = sql("SELECT id FROM applications WHERE job_posting_id = 9862 AND candidate_account_id = " + paul);
    for (int d = 0; d < 5; ++d) {
        std::string s = shift(9862, on(1, 45) + " + " + std::to_string(d), "09:00", "17:00");
        sql("INSERT INTO shift_applications (shift_id, application_id, status, decided_at) VALUES (" + s + ", " + app +
            ", 'confirmed', now()) RETURNING id");
    }
    std::string saturday = shift(9862, on(1, 45) + " + 5", "10:00", "12:00");
    auto sixth = call(port(), "POST", "/api/applications/" + app + "/shifts", R"({"shifts":[)" + saturday + "]}", bearer(token));
    ASSERT_EQ(sixth.status, 422) << sixth.body;
    std::string why = field(sixth.body, "/violations/0/message");
    EXPECT_TRUE(why.find("§ 15 JArbSchG") != std::string::npos || why.find("40 Stunden") != std::string::npos) << why;
}

TEST_F(WorkingTime, TwentyParallelConfirmationsAtTwoEmployersKeepAMinorsEightHours) {
    auto [ida, token] = candidate("ida@arbeitszeit.example", 16);
    (void)token;
    // Twenty half-hour shifts on one Wednesday, 08:00–18:00, ten at each employer, all pending:
    // together 10 hours; at most 8 (16 shifts) may be confirmed.
    std::vector<std::string> choices;
    for (int i = 0; i < 20; ++i) {
        int from = 8 * 60 + 30 * i;
        auto two = [](int v) { return (v < 10 ? "0" : "") + std::to_string(v); };
        auto hhmm = [&](int m) { return two(m / 60) + ":" + two(m % 60); };
        std::string s = shift(i % 2 == 0 ? 9861 : 9862, on(3, 60), hhmm(from), hhmm(from + 30));
        choices.push_back(pending(ida, s));
    }
    auto statuses = at_once(20, [&](int i) { return decide(choices[i], i % 2 == 0 ? *promo_ : *gasthaus_).status; });
    EXPECT_EQ(std::count(statuses.begin(), statuses.end(), 200), 16);
    EXPECT_EQ(std::count(statuses.begin(), statuses.end(), 409), 4);
    EXPECT_EQ(sql("SELECT count(*) FROM shift_applications sa JOIN applications x ON x.id = sa.application_id "
                  "WHERE x.candidate_account_id = " + ida + " AND sa.status = 'confirmed'"),
              "16");
}

// A hostile provider confirms a 16-year-old for a Tuesday 12:00–15:00 promotion shift (lawful) and
// then moves it to 19:00–23:00: the move is refused as the confirmation would be (409, "Sie", the
// rule only), the shift keeps its times; a lawful move (13:00–16:00) is accepted. An adult's
// confirmed shift may be moved anywhere.
TEST_F(WorkingTime, MovingAMinorsConfirmedShiftPastTheLimitsIsRefused) {
    auto [mia, token] = candidate("mia-verschoben@arbeitszeit.example", 16);
    std::string afternoon = shift(9861, on(2, 24), "12:00", "15:00");
    ASSERT_EQ(apply(9861, token, afternoon).status, 201);
    ASSERT_EQ(decide(choice(mia, afternoon), *promo_).status, 200);

    auto late = call(port(), "PATCH", "/api/shifts/" + afternoon, R"({"start":"19:00","end":"23:00"})", bearer(*promo_));
    EXPECT_EQ(late.status, 409) << late.body;
    EXPECT_NE(field(late.body, "message").find("Jugendarbeitsschutzgesetz"), std::string::npos) << late.body;
    EXPECT_EQ(sql("SELECT start_time::text || '-' || end_time::text FROM shifts WHERE id = " + afternoon), "12:00:00-15:00:00");
    // A longer day by a shorter break is a move too: 8:00–17:00 without a break is 9 hours.
    auto longer = call(port(), "PATCH", "/api/shifts/" + afternoon, R"({"start":"08:00","end":"17:00","breakMinutes":0})",
                       bearer(*promo_));
    EXPECT_EQ(longer.status, 409) << longer.body;
    auto lawful = call(port(), "PATCH", "/api/shifts/" + afternoon, R"({"start":"13:00","end":"16:00"})", bearer(*promo_));
    EXPECT_EQ(lawful.status, 200) << lawful.body;

    auto [ben, ben_token] = candidate("ben-verschoben@arbeitszeit.example");
    std::string adults = shift(9861, on(2, 31), "12:00", "15:00");
    ASSERT_EQ(apply(9861, ben_token, adults).status, 201);
    ASSERT_EQ(decide(choice(ben, adults), *promo_).status, 200);
    EXPECT_EQ(call(port(), "PATCH", "/api/shifts/" + adults, R"({"start":"19:00","end":"23:00"})", bearer(*promo_)).status, 200);
}

}  // namespace
}  // namespace jh::test
