// Integration tests of fair pay and answered applications (issue 42 items 1, 2 and 5;
// docs/fair-play.md), from outside against the real server, PostgreSQL, Redis, the mail worker
// and the SMTP sink: a job needs its pay to be published; the pay reaches the minimum wage of the
// year the work is done in (per hour, per shift divided by the shift's real length less its break,
// also across midnight); bad pay (0, negative, absurd, a range upside down) and an exemption the
// job cannot have are 422 at their field; a job published before pay was required keeps running
// and the portal marks it; closing a job (twice, at once) or its expiry declines every open
// application with exactly one mail.
#include <thread>

#include "tests/integration/provider_fixture.h"

namespace jh::test {
namespace {

using namespace accounts_fixture;
using namespace std::chrono_literals;

// Organizations made by SQL are approved; 9201 may have many active ads.
constexpr const char* fair_pay_seed_sql = R"sql(
INSERT INTO organizations (id, slug, name, contact_email, active_ad_quota) VALUES
 (9201, 'faire-agentur', 'Faire Agentur GmbH', 'jobs@faire.example', 50);
)sql";

class FairPay : public ::testing::Test {
protected:
    void SetUp() override {
        s_.start("fairpay", true, {}, schema::migrated);
        if (::testing::Test::HasFatalFailure()) return;
        exec(fair_pay_seed_sql);
        owner_ = organization_member(s_, "chefin@faire.example", 9201);
        year_ = std::stoi(sql("SELECT extract(year FROM now() AT TIME ZONE 'Europe/Berlin')::int"));
    }
    void TearDown() override { s_.stop(); }
    int port() const { return s_.port; }
    std::string sql(const std::string& q) { return s_.sql(q); }
    void exec(const std::string& q) { exec_sql(s_.db->url(), q); }
    http_reply as_owner(std::string_view method, const std::string& target, std::string_view body = {}) {
        return call(port(), method, target, body, bearer(owner_));
    }
    // The configured minimum wage of `year` as the message words it (config/default.json).
    static std::string figure(int year) { return year <= 2026 ? "13,90 €" : "14,60 €"; }
    // A draft with everything publication needs except what `extra` adds (pay members).
    std::string draft(const std::string& extra = {}) {
        auto r = as_owner("POST", "/api/job_postings",
                          R"j({"title":"Promoter (m/w/d)","description":"Verkostung im Markt.","activities":["promotion"],)j"
                          R"j("locations":[{"city":"Berlin","zipcode":"10178"}])j" +
                              (extra.empty() ? std::string() : "," + extra) + "}");
        EXPECT_EQ(r.status, 201) << r.body;
        return field(r.body, "id");
    }
    static bool has_violation(const http_reply& r, const std::string& path) {
        return r.body.find("\"propertyPath\":\"" + path + "\"") != std::string::npos;
    }
    // The message at `path` of a 422.
    static std::string message_at(const http_reply& r, const std::string& path) {
        auto at = r.body.find("\"propertyPath\":\"" + path + "\"");
        if (at == std::string::npos) return {};
        auto m = r.body.find("\"message\":\"", at);
        auto end = r.body.find('"', m + 11);
        return r.body.substr(m + 11, end - m - 11);
    }
    // A candidate who applied to `job` (forwarded to the provider at once): the application's id.
    std::string applicant(const std::string& email, const std::string& job, const std::string& first) {
        auto [id, token] = register_ready_candidate(s_, email);
        exec("UPDATE candidate_profiles SET first_name = '" + first + "' WHERE account_id = " + id);
        auto a = call(port(), "POST", "/api/job_postings/" + job + "/apply", "{}", bearer(token));
        EXPECT_EQ(a.status, 201) << a.body;
        return field(a.body, "id");
    }
    // Mails of the closing rejection to `to` in the sink.
    std::size_t rejections_to(const std::string& to) {
        std::size_t n = 0;
        for (const auto& f : s_.sink->message_files()) {
            auto m = read_mail(f);
            if (m.to.find(to) != std::string::npos && m.subject.find("Rückmeldung zu deiner Bewerbung: ") == 0) ++n;
        }
        return n;
    }

    stack s_;
    std::string owner_;
    int year_ = 2026;
};

TEST_F(FairPay, PublishingNeedsPayThatReachesTheMinimumWage) {
    std::string id = draft();
    auto none = as_owner("POST", "/api/job_postings/" + id + "/publish");
    ASSERT_EQ(none.status, 422) << none.body;
    EXPECT_EQ(message_at(none, "baseSalary"),
              "Bitte geben Sie den Lohn an: pro Stunde, pro Einsatz/Tag oder als Honorar. Ohne Lohnangabe kann die Anzeige "
              "nicht veröffentlicht werden.");

    // 12,00 € an hour: saved in the draft, refused at publication with the year's figure.
    auto low = as_owner("PATCH", "/api/job_postings/" + id + "?publish=1", R"({"baseSalary":12,"salaryUnit":"hour"})");
    ASSERT_EQ(low.status, 422) << low.body;
    EXPECT_EQ(message_at(low, "baseSalary"), "Der Lohn von 12,00 € pro Stunde liegt unter dem Mindestlohn von " + figure(year_) +
                                                 " pro Stunde (" + std::to_string(year_) + ").");
    EXPECT_EQ(sql("SELECT is_published::text || coalesce(base_salary::text, '-') FROM job_postings WHERE id = " + id), "false-");

    auto fair = as_owner("PATCH", "/api/job_postings/" + id + "?publish=1", R"({"baseSalary":15,"salaryUnit":"hour"})");
    ASSERT_EQ(fair.status, 200) << fair.body;
    EXPECT_EQ(field(fair.body, "state"), "published");
    EXPECT_EQ(call(port(), "GET", "/api/job_postings/" + id).status, 200);

    // A change of the published job below the figure is refused and changes nothing.
    auto cut = as_owner("PATCH", "/api/job_postings/" + id, R"({"baseSalary":10})");
    EXPECT_EQ(cut.status, 422) << cut.body;
    EXPECT_EQ(sql("SELECT base_salary::text FROM job_postings WHERE id = " + id), "15.00");
    // A monthly salary cannot be checked against an hourly figure.
    auto month = as_owner("PATCH", "/api/job_postings/" + id, R"({"baseSalary":3000,"salaryUnit":"month"})");
    EXPECT_EQ(month.status, 422) << month.body;
    EXPECT_TRUE(has_violation(month, "salaryUnit")) << month.body;
}

TEST_F(FairPay, BadPayIsRefusedAtItsField) {
    std::string id = draft();
    auto zero = as_owner("PATCH", "/api/job_postings/" + id, R"({"baseSalary":0,"salaryUnit":"hour"})");
    ASSERT_EQ(zero.status, 422) << zero.body;
    EXPECT_EQ(message_at(zero, "baseSalary"), "Bitte geben Sie einen Lohn über 0 € an.");
    auto negative = as_owner("PATCH", "/api/job_postings/" + id, R"({"baseSalary":-14,"salaryUnit":"hour"})");
    EXPECT_EQ(negative.status, 422) << negative.body;
    EXPECT_TRUE(has_violation(negative, "baseSalary")) << negative.body;
    auto absurd = as_owner("PATCH", "/api/job_postings/" + id, R"({"baseSalary":9999,"salaryUnit":"hour"})");
    ASSERT_EQ(absurd.status, 422) << absurd.body;
    EXPECT_EQ(message_at(absurd, "baseSalary"), "Bitte prüfen Sie den Lohn: mehr als 500,00 € pro Stunde nehmen wir nicht an.");
    auto upside_down = as_owner("PATCH", "/api/job_postings/" + id, R"({"baseSalary":16,"baseSalaryMax":15,"salaryUnit":"hour"})");
    ASSERT_EQ(upside_down.status, 422) << upside_down.body;
    EXPECT_EQ(message_at(upside_down, "baseSalaryMax"), "Das Ende der Spanne darf nicht unter ihrem Anfang liegen.");
    auto unknown = as_owner("PATCH", "/api/job_postings/" + id, R"({"wageExemption":"ehrenamt"})");
    EXPECT_EQ(unknown.status, 422) << unknown.body;
    EXPECT_TRUE(has_violation(unknown, "wageExemption")) << unknown.body;
    EXPECT_EQ(sql("SELECT coalesce(base_salary::text, '-') || coalesce(base_salary_max::text, '-') FROM job_postings WHERE id = " + id),
              "--");

    // A range in order is stored and published; the provider's view names both ends.
    auto range = as_owner("PATCH", "/api/job_postings/" + id + "?publish=1", R"({"baseSalary":15,"baseSalaryMax":18.5,"salaryUnit":"hour"})");
    ASSERT_EQ(range.status, 200) << range.body;
    EXPECT_EQ(field(range.body, "baseSalaryMax"), "18.5");
    EXPECT_EQ(field(range.body, "payMissing"), "false");
}

TEST_F(FairPay, AnExemptionIsChosenExplicitlyAndOnlyWhereTheLawKnowsIt) {
    // A mandatory internship needs the employment type "Ausbildung / Praktikum".
    std::string id = draft(R"("baseSalary":5,"salaryUnit":"hour","employmentTypes":["part_time_mini"])");
    auto wrong = as_owner("PATCH", "/api/job_postings/" + id, R"({"wageExemption":"mandatory_internship"})");
    ASSERT_EQ(wrong.status, 422) << wrong.body;
    EXPECT_NE(message_at(wrong, "wageExemption").find("„Ausbildung / Praktikum“"), std::string::npos) << wrong.body;
    auto below = as_owner("POST", "/api/job_postings/" + id + "/publish");
    EXPECT_EQ(below.status, 422) << below.body;   // without the exemption 5 € is below the minimum wage

    auto ok = as_owner("PATCH", "/api/job_postings/" + id + "?publish=1",
                       R"({"employmentTypes":["training"],"wageExemption":"mandatory_internship"})");
    ASSERT_EQ(ok.status, 200) << ok.body;
    auto page = call(port(), "GET", "/api/job_postings/" + id);
    ASSERT_EQ(page.status, 200) << page.body;
    EXPECT_EQ(field(page.body, "wageExemption"), "mandatory_internship");

    // A fee (Honorar) is for freelance work only, and freelance work needs its employment type.
    std::string fee = draft(R"("baseSalary":300,"salaryUnit":"project","employmentTypes":["part_time_mini"])");
    auto no_exemption = as_owner("POST", "/api/job_postings/" + fee + "/publish");
    ASSERT_EQ(no_exemption.status, 422) << no_exemption.body;
    EXPECT_TRUE(has_violation(no_exemption, "wageExemption")) << no_exemption.body;
    auto not_freelance = as_owner("PATCH", "/api/job_postings/" + fee, R"({"wageExemption":"freelance"})");
    EXPECT_EQ(not_freelance.status, 422) << not_freelance.body;
    auto minor_fee = as_owner("PATCH", "/api/job_postings/" + fee, R"({"wageExemption":"minor"})");
    EXPECT_EQ(minor_fee.status, 422) << minor_fee.body;
    auto freelance = as_owner("PATCH", "/api/job_postings/" + fee + "?publish=1",
                              R"({"employmentTypes":["contractor"],"wageExemption":"freelance"})");
    EXPECT_EQ(freelance.status, 200) << freelance.body;
}

TEST_F(FairPay, APayPerShiftIsDividedByTheShiftsRealLengthLessItsBreak) {
    std::string id = draft(R"("baseSalary":100,"salaryUnit":"day")");
    std::string date = sql("SELECT to_char(current_date + 3, 'YYYY-MM-DD')");
    int year = std::stoi(date.substr(0, 4));
    std::string shifts = "/api/job_postings/" + id + "/shifts";
    // 22:00–06:00 across midnight is 8 hours; less one hour's break: 7 hours, 14,28 € an hour.
    auto night = as_owner("POST", shifts, R"({"date":")" + date + R"(","start":"22:00","end":"06:00","staffNeeded":2,"breakMinutes":60})");
    ASSERT_EQ(night.status, 201) << night.body;
    EXPECT_EQ(field(night.body, "breakMinutes"), "60");
    // 20:00–06:00 is 10 hours: 10,00 € an hour.
    auto long_night = as_owner("POST", shifts, R"({"date":")" + date + R"(","start":"20:00","end":"06:00","staffNeeded":1})");
    ASSERT_EQ(long_night.status, 422) << long_night.body;
    EXPECT_NE(message_at(long_night, "baseSalary").find("(10 Stunden ohne Pause) 10,00 € pro Stunde und liegt unter dem Mindestlohn von " +
                                                        figure(year) + " pro Stunde (" + std::to_string(year) + ")"),
              std::string::npos)
        << long_night.body;
    // A break as long as the shift leaves no work.
    auto all_break = as_owner("POST", shifts, R"({"date":")" + date + R"(","start":"10:00","end":"12:00","staffNeeded":1,"breakMinutes":120})");
    EXPECT_EQ(all_break.status, 422) << all_break.body;
    EXPECT_TRUE(has_violation(all_break, "breakMinutes")) << all_break.body;
    // The shift's own hourly pay is checked too.
    auto own = as_owner("POST", shifts, R"({"date":")" + date + R"(","start":"10:00","end":"14:00","staffNeeded":1,"baseSalary":11})");
    EXPECT_EQ(own.status, 422) << own.body;
    EXPECT_EQ(sql("SELECT count(*) FROM shifts WHERE job_posting_id = " + id), "1");

    // Publication checks every upcoming shift: the night shift passes.
    auto published = as_owner("POST", "/api/job_postings/" + id + "/publish");
    ASSERT_EQ(published.status, 200) << published.body;
    // Lengthening the shift (less break) makes the job's day pay too low for it: refused.
    auto longer = as_owner("PATCH", "/api/shifts/" + field(night.body, "id"), R"({"breakMinutes":0,"start":"18:00"})");
    EXPECT_EQ(longer.status, 422) << longer.body;
    EXPECT_EQ(sql("SELECT start_time::text || ' ' || break_minutes FROM shifts WHERE job_posting_id = " + id), "22:00:00 60");
}

TEST_F(FairPay, AJobPublishedWithoutPayKeepsRunningAndThePortalMarksIt) {
    exec("INSERT INTO job_postings (id, slug, organization_id, title, description, is_published, active, published_at) VALUES "
         "(9290, 'alt-ohne-lohn-9290', 9201, 'Alte Anzeige ohne Lohn', 'Alt.', true, true, now() - interval '3 days');"
         "INSERT INTO job_posting_activities (job_posting_id, activity_id) SELECT 9290, id FROM activities WHERE slug = 'promotion';"
         "INSERT INTO job_posting_locations (job_posting_id, city, lat, lon, sort_order) VALUES (9290, 'Berlin', 52.52, 13.4, 0);");
    EXPECT_EQ(call(port(), "GET", "/api/job_postings/9290").status, 200);
    auto list = as_owner("GET", "/api/organizations/9201/job_postings?state=published");
    ASSERT_EQ(list.status, 200) << list.body;
    EXPECT_EQ(field(list.body, "/hydra:member/0/id"), "9290") << list.body;
    EXPECT_EQ(field(list.body, "/hydra:member/0/payMissing"), "true") << list.body;
    // Changing it now needs the pay.
    auto edit = as_owner("PATCH", "/api/job_postings/9290", R"({"title":"Alte Anzeige, neu"})");
    EXPECT_EQ(edit.status, 422) << edit.body;
    EXPECT_TRUE(has_violation(edit, "baseSalary")) << edit.body;
}

TEST_F(FairPay, ClosingAJobDeclinesEachOpenApplicationWithExactlyOneMail) {
    std::string id = draft(R"("baseSalary":15,"salaryUnit":"hour")");
    ASSERT_EQ(as_owner("POST", "/api/job_postings/" + id + "/publish").status, 200);
    std::string sent = applicant("ina@bewerbung.example", id, "Ina");
    std::string invited = applicant("olaf@bewerbung.example", id, "Olaf");
    std::string hired = applicant("hanna@bewerbung.example", id, "Hanna");
    exec("UPDATE applications SET status = 'invited' WHERE id = " + invited + "; UPDATE applications SET status = 'hired' WHERE id = " + hired);
    auto text = as_owner("PATCH", "/api/organizations/9201",
                         R"({"rejectionMessage":"Danke! Die Stelle ist besetzt. Wir melden uns bei neuen Einsätzen."})");
    ASSERT_EQ(text.status, 200) << text.body;

    // Two closes at once: each open application is answered once.
    http_reply a, b;
    std::thread t1([&] { a = as_owner("POST", "/api/job_postings/" + id + "/close"); });
    std::thread t2([&] { b = as_owner("POST", "/api/job_postings/" + id + "/close"); });
    t1.join();
    t2.join();
    EXPECT_EQ(a.status, 200) << a.body;
    EXPECT_EQ(b.status, 200) << b.body;
    EXPECT_EQ(as_owner("POST", "/api/job_postings/" + id + "/close").status, 200);

    EXPECT_EQ(sql("SELECT string_agg(status::text, ',' ORDER BY id) FROM applications WHERE job_posting_id = " + id),
              "declined,declined,hired");
    std::string mail = wait_for_mail_to(*s_.sink, "ina@bewerbung.example", 30s, "Rückmeldung zu deiner Bewerbung: ");
    ASSERT_FALSE(mail.empty());
    EXPECT_NE(mail.find("Hallo Ina,"), std::string::npos) << mail;
    EXPECT_NE(mail.find("Danke! Die Stelle ist besetzt."), std::string::npos) << mail;
    EXPECT_FALSE(wait_for_mail_to(*s_.sink, "olaf@bewerbung.example", 30s, "Rückmeldung zu deiner Bewerbung: ").empty());
    // Give a second mail every chance to arrive, then count.
    wait_until([&] { return sql("SELECT count(*) FROM queue_jobs WHERE kind = 'mail' AND status = 'pending'") == "0"; }, 30s);
    EXPECT_EQ(rejections_to("ina@bewerbung.example"), 1u);
    EXPECT_EQ(rejections_to("olaf@bewerbung.example"), 1u);
    EXPECT_EQ(rejections_to("hanna@bewerbung.example"), 0u);
    // The candidate's thread holds the rejection as the organization's status message.
    EXPECT_EQ(sql("SELECT count(*) FROM application_messages WHERE status = 'declined' AND application_id = " + sent), "1");
}

TEST_F(FairPay, AnExpiredJobAnswersItsOpenApplicationsWithTheDefaultText) {
    std::string id = draft(R"("baseSalary":15,"salaryUnit":"hour")");
    ASSERT_EQ(as_owner("POST", "/api/job_postings/" + id + "/publish").status, 200);
    std::string app = applicant("tom@bewerbung.example", id, "Tom");
    exec("UPDATE job_postings SET valid_through = now() - interval '1 minute' WHERE id = " + id);
    // What the mail worker runs every hour (workers/retention.h). The stack's own mail worker may
    // run its pass at the same moment (the likely cause of a failure once under the sanitizers),
    // so the call's count is not asserted: after it the job is answered, once, and a second call
    // finds nothing.
    (void)sql("SELECT jh_answer_expired_jobs(500)");
    EXPECT_EQ(sql("SELECT jh_answer_expired_jobs(500)"), "0");
    EXPECT_EQ(sql("SELECT status FROM applications WHERE id = " + app), "declined");
    std::string mail = wait_for_mail_to(*s_.sink, "tom@bewerbung.example", 30s, "Rückmeldung zu deiner Bewerbung: ");
    ASSERT_FALSE(mail.empty());
    EXPECT_NE(mail.find("Vielen Dank für dein Interesse"), std::string::npos) << mail;
    // The candidate sees the answer in the list of applications.
    EXPECT_EQ(sql("SELECT count(*) FROM queue_jobs WHERE idempotency_key = 'application_closed:" + app + "'"), "1");
}

}  // namespace
}  // namespace jh::test
