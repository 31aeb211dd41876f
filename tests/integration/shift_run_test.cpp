// Running the shift (issue 43, items 1–5) from outside against the real server, PostgreSQL, Redis,
// the SMTP sink and the mail worker: many shifts at once (all or nothing, each bad slot named, at
// most 200, slots overlapping refused), time recording after a confirmed shift (the candidate's
// entry only after the end, the provider's approval, correction with a mail and one objection,
// "nicht erschienen"), the planned times proposed six hours after the end and approved seven days
// after it, approved hours in the work limits, the month's § 17 MiLoG record as CSV, and the
// record outliving the candidate's account; no-shows seen and objected to, the applicant's worked
// shifts and no-shows across organizations (figures only), ratings of an organization only after
// an approved shift for a job with shifts ("nach einem Einsatz"), and the organization's own
// reliability rating of a worker. Every other organization and candidate gets 404.
// docs/shifts.md.
#include <algorithm>
#include <cstdio>
#include <latch>
#include <thread>

#include "actors/shifts/check_in_code.h"
#include "tests/integration/export_fixture.h"
#include "tests/integration/pdf_text.h"
#include "tests/integration/provider_fixture.h"

namespace jh::test {
namespace {

using namespace accounts_fixture;

constexpr const char* shift_run_seed_sql = R"sql(
INSERT INTO organizations (id, slug, name, contact_email) VALUES
 (9801, 'messebau-nord', 'Messebau Nord GmbH', 'zeiten@messebau-nord.example'),
 (9802, 'andere-firma', 'Andere Firma KG', 'jobs@andere-firma.example');
INSERT INTO job_postings (id, slug, organization_id, title, is_published, active, published_at, base_salary, salary_unit, salary_currency) VALUES
 (9811, 'serie-9811', 9801, 'Messehilfe (m/w/d)', true, true, now() - interval '1 day', NULL, NULL, 'EUR'),
 (9812, 'fremd-9812', 9802, 'Fahrer (m/w/d)', true, true, now() - interval '1 day', NULL, NULL, 'EUR');
)sql";

class ShiftRun : public ::testing::Test {
protected:
    static void SetUpTestSuite() {
        s_ = new stack;
        request_endpoint_ = "tcp://127.0.0.1:" + std::to_string(free_port());
        s_->start("shift_run", true, {{"JOBHAFEN_ZMQ_REQUEST_ENDPOINT", request_endpoint_}}, schema::migrated);
        if (::testing::Test::HasFatalFailure()) return;
        exec_sql(s_->db->url(), shift_run_seed_sql);
        own_ = new std::string(organization_member(*s_, "chefin@messebau-nord.example", 9801));
        other_ = new std::string(organization_member(*s_, "chef@andere-firma.example", 9802));
        stranger_ = new std::string(register_ready_candidate(*s_, "fremd@zeiten.example").second);
    }
    static void TearDownTestSuite() {
        render_.reset();
        s_->stop();
        delete s_;
        for (auto* p : {own_, other_, stranger_}) delete p;
    }
    static int port() { return s_->port; }
    static std::string sql(const std::string& q) { return s_->sql(q); }
    static std::string day(int days) {
        return sql("SELECT to_char((now() AT TIME ZONE 'Europe/Berlin')::date + " + std::to_string(days) + ", 'YYYY-MM-DD')");
    }
    // A new live job of the organization `org` (9801 unless said) paying 15 € an hour: its id.
    static std::string new_job(const std::string& org = "9801") {
        return sql("INSERT INTO job_postings (slug, organization_id, title, is_published, active, published_at, base_salary, "
                   "salary_unit, salary_currency) VALUES ('zeiten-' || gen_random_uuid(), " + org + ", 'Messehilfe (m/w/d)', true, true, "
                   "now() - interval '1 day', 15, 'hour', 'EUR') RETURNING id");
    }
    // A shift `start`–`end` confirmed for the candidate, then moved `days_ago` days into the past
    // ("the clock moved"): the shift application's id. `member`: a member of `org` (9801's unless said).
    static std::string worked_shift(const std::string& token, const std::string& start, const std::string& end, int days_ago,
                                    const std::string* member = nullptr, const std::string& org = "9801") {
        const std::string& provider = member ? *member : *own_;
        std::string job = new_job(org);
        auto made = call(port(), "POST", "/api/job_postings/" + job + "/shifts",
                         R"({"date":")" + day(3) + R"(","start":")" + start + R"(","end":")" + end + R"(","staffNeeded":2})", bearer(provider));
        EXPECT_EQ(made.status, 201) << made.body;
        std::string shift = field(made.body, "id");
        auto applied = call(port(), "POST", "/api/job_postings/" + job + "/apply", R"({"shifts":[)" + shift + "]}", bearer(token));
        EXPECT_EQ(applied.status, 201) << applied.body;
        std::string sa = sql("SELECT id FROM shift_applications WHERE shift_id = " + shift);
        EXPECT_EQ(call(port(), "PATCH", "/api/shift_applications/" + sa, R"({"status":"confirmed"})", bearer(provider)).status, 200);
        move_shift(sa, days_ago);
        return sa;
    }
    static void move_shift(const std::string& sa, int days_ago) {
        exec_sql(s_->db->url(), "UPDATE shifts SET shift_date = (now() AT TIME ZONE 'Europe/Berlin')::date - " +
                                    std::to_string(days_ago) + " WHERE id = (SELECT shift_id FROM shift_applications WHERE id = " + sa + ")");
    }
    static http_reply put(const std::string& sa, const std::string& body, const std::string& token) {
        return call(port(), "PUT", "/api/shift_applications/" + sa + "/time_record", body, bearer(token));
    }
    static http_reply patch(const std::string& sa, const std::string& body, const std::string& token) {
        return call(port(), "PATCH", "/api/shift_applications/" + sa + "/time_record", body, bearer(token));
    }
    static void expect_violation(const http_reply& r, const std::string& member) {
        EXPECT_EQ(r.status, 422) << r.body;
        EXPECT_EQ(field(r.body, "/violations/0/propertyPath"), member) << r.body;
        EXPECT_NE(field(r.body, "/violations/0/message"), "<missing>") << r.body;
    }
    // The shift application's shift moved to run now: begun `hours_ago` hours ago, 8 hours long
    // (Berlin wall time; an end past midnight is the next day's, as for every shift).
    static void shift_now(const std::string& sa, int hours_ago) {
        exec_sql(s_->db->url(),
                 "UPDATE shifts SET shift_date = ((now() - make_interval(hours => " + std::to_string(hours_ago) + ")) AT TIME ZONE "
                 "'Europe/Berlin')::date, start_time = date_trunc('minute', (now() - make_interval(hours => " +
                     std::to_string(hours_ago) + ")) AT TIME ZONE 'Europe/Berlin')::time, "
                 "end_time = date_trunc('minute', (now() - make_interval(hours => " + std::to_string(hours_ago) +
                     ") + interval '8 hours') AT TIME ZONE 'Europe/Berlin')::time "
                 "WHERE id = (SELECT shift_id FROM shift_applications WHERE id = " + sa + ")");
    }
    static std::string shift_of(const std::string& sa) { return sql("SELECT shift_id FROM shift_applications WHERE id = " + sa); }
    static http_reply scan(const std::string& code, const std::string& token) {
        return call(port(), "POST", "/api/shift_check_ins", R"({"code":")" + code + R"("})", bearer(token));
    }
    static void start_render_worker() {
        if (render_) return;
        render_ = std::make_unique<server_process>(
            std::map<std::string, std::string>{{"JOBHAFEN_DATABASE_URL", s_->db->url()},
                                               {"JOBHAFEN_ZMQ_REQUEST_ENDPOINT", request_endpoint_},
                                               {"JOBHAFEN_ZMQ_PUBLISH_ENDPOINT", s_->zmq_publish}},
            std::vector<std::string>{"worker", "sedcard"});
    }
    static stack* s_;
    static std::string *own_, *other_, *stranger_;
    static std::string request_endpoint_;
    static std::unique_ptr<server_process> render_;   // `jobhafen worker sedcard`: draws every PDF
};
std::string ShiftRun::request_endpoint_;
std::unique_ptr<server_process> ShiftRun::render_;
stack* ShiftRun::s_ = nullptr;
std::string* ShiftRun::own_ = nullptr;
std::string* ShiftRun::other_ = nullptr;
std::string* ShiftRun::stranger_ = nullptr;

std::string series_body(const std::vector<std::string>& dates, const std::string& slots) {
    std::string d = "[";
    for (std::size_t i = 0; i < dates.size(); ++i) d += (i ? ",\"" : "\"") + dates[i] + "\"";
    return R"({"dates":)" + d + R"(],"slots":)" + slots + "}";
}

// ---- many shifts at once ---------------------------------------------------------------------------

TEST_F(ShiftRun, ASeriesMakesEveryShiftOrNone) {
    std::vector<std::string> five = {day(10), day(11), day(12), day(13), day(14)};
    std::string two_slots = R"([{"start":"08:00","end":"14:00","staffNeeded":3},{"start":"14:00","end":"20:00","staffNeeded":2}])";
    std::string path = "/api/job_postings/9811/shift_series";
    // Not for a candidate, another organization or nobody: nothing is made.
    EXPECT_EQ(call(port(), "POST", path, series_body(five, two_slots), bearer(*stranger_)).status, 403);
    EXPECT_EQ(call(port(), "POST", path, series_body(five, two_slots), bearer(*other_)).status, 404);
    EXPECT_EQ(call(port(), "POST", path, series_body(five, two_slots)).status, 401);
    EXPECT_EQ(sql("SELECT count(*) FROM shifts WHERE job_posting_id = 9811"), "0");

    // Five fair days × two slots: ten shifts, soonest first, each with its staff.
    auto made = call(port(), "POST", path, series_body(five, two_slots), bearer(*own_));
    ASSERT_EQ(made.status, 201) << made.body;
    EXPECT_EQ(field(made.body, "hydra:totalItems"), "10");
    EXPECT_EQ(field(made.body, "/hydra:member/0/date"), day(10));
    EXPECT_EQ(field(made.body, "/hydra:member/0/start"), "08:00");
    EXPECT_EQ(field(made.body, "/hydra:member/0/staffNeeded"), "3");
    EXPECT_EQ(field(made.body, "/hydra:member/9/start"), "14:00");
    EXPECT_EQ(field(made.body, "/hydra:member/9/date"), day(14));
    EXPECT_EQ(sql("SELECT count(*) FROM shifts WHERE job_posting_id = 9811"), "10");

    // One bad slot among good ones: 422 naming that slot, and nothing stored.
    auto bad = [&](const std::vector<std::string>& dates, const std::string& slots, const std::string& member) {
        auto r = call(port(), "POST", path, series_body(dates, slots), bearer(*own_));
        expect_violation(r, member);
        EXPECT_EQ(sql("SELECT count(*) FROM shifts WHERE job_posting_id = 9811"), "10") << member;
        return r;
    };
    bad(five, R"([{"start":"08:00","end":"14:00","staffNeeded":1},{"start":"14:00","end":"25:00","staffNeeded":1}])", "slots[1].end");
    bad(five, R"([{"start":"08:00","end":"14:00","staffNeeded":0}])", "slots[0].staffNeeded");
    bad(five, R"([{"start":"08:00","end":"08:00","staffNeeded":1}])", "slots[0].end");
    bad(five, R"([{"start":"08:00","staffNeeded":1}])", "slots[0].end");
    bad(five, R"(["08:00"])", "slots[0]");
    bad({day(10), "2026-02-30"}, two_slots, "dates[1]");
    bad({day(10), day(10)}, two_slots, "dates[1]");
    bad({day(-1), day(10)}, two_slots, "dates[0]");
    bad({}, two_slots, "dates");
    bad(five, "[]", "slots");
    // Slots overlapping each other: the later one is named, with the German message.
    auto overlap = bad(five, R"([{"start":"08:00","end":"14:00","staffNeeded":1},{"start":"13:00","end":"20:00","staffNeeded":1}])",
                       "slots[1].start");
    EXPECT_NE(field(overlap.body, "/violations/0/message").find("überschneidet sich mit Zeitfenster 1"), std::string::npos)
        << overlap.body;
    // A night slot running into the next day's early slot overlaps only when the dates follow
    // each other.
    std::string night = R"([{"start":"22:00","end":"06:00","staffNeeded":1},{"start":"05:00","end":"09:00","staffNeeded":1}])";
    bad({day(20), day(21)}, night, "slots[1].start");
    // The one shift's place rule: a location of another job is refused.
    auto place = call(port(), "POST", path,
                      R"({"dates":[")" + day(10) + R"("],"slots":[{"start":"08:00","end":"09:00","staffNeeded":1}],"location":999999})",
                      bearer(*own_));
    expect_violation(place, "location");

    // At most 200 shifts: 3 dates × 67 slots = 201 is refused, 200 dates × 1 slot is made.
    std::string slots67 = "[";
    for (int i = 0; i < 67; ++i) {
        char buf[96];
        std::snprintf(buf, sizeof buf, R"(%s{"start":"%02d:%02d","end":"%02d:%02d","staffNeeded":1})", i ? "," : "", (i * 20) / 60,
                      (i * 20) % 60, (i * 20 + 10) / 60, (i * 20 + 10) % 60);
        slots67 += buf;
    }
    slots67 += "]";
    auto many = bad({day(30), day(32), day(34)}, slots67, "slots");
    EXPECT_NE(field(many.body, "/violations/0/message").find("höchstens 200"), std::string::npos) << many.body;
    std::vector<std::string> dates200;
    for (int i = 0; i < 200; ++i) dates200.push_back(day(40 + i));
    auto most = call(port(), "POST", path, series_body(dates200, R"([{"start":"09:00","end":"10:00","staffNeeded":1}])"), bearer(*own_));
    ASSERT_EQ(most.status, 201) << most.body.substr(0, 400);
    EXPECT_EQ(field(most.body, "hydra:totalItems"), "200");
    EXPECT_EQ(sql("SELECT count(*) FROM shifts WHERE job_posting_id = 9811"), "210");
}

// ---- time recording --------------------------------------------------------------------------------

TEST_F(ShiftRun, TheCandidateEntersHoursOnlyAfterTheShiftsEnd) {
    auto [account, token] = register_ready_candidate(*s_, "eintragen@zeiten.example");
    std::string sa = worked_shift(token, "10:00", "18:00", -3);   // still ahead
    std::string good = R"({"start":"10:05","end":"18:20","breakMinutes":30})";

    // Before the shift's end: 409, nothing stored.
    auto early = put(sa, good, token);
    EXPECT_EQ(early.status, 409) << early.body;
    EXPECT_NE(field(early.body, "message").find("nach dem Ende"), std::string::npos) << early.body;
    EXPECT_EQ(sql("SELECT count(*) FROM shift_time_records WHERE shift_application_id = " + sa), "0");

    move_shift(sa, 1);   // yesterday
    // Only the candidate: another candidate 404, a provider 403, nobody 401.
    EXPECT_EQ(put(sa, good, *stranger_).status, 404);
    EXPECT_EQ(put(sa, good, *own_).status, 403);
    EXPECT_EQ(call(port(), "PUT", "/api/shift_applications/" + sa + "/time_record", good).status, 401);
    EXPECT_EQ(put("999999999", good, token).status, 404);

    // Bad input, each at its member.
    expect_violation(put(sa, R"({"start":"18:00","end":"10:00","breakMinutes":0})", token), "end");   // an end before the start
    expect_violation(put(sa, R"({"start":"10:00","end":"18:00","breakMinutes":480})", token), "breakMinutes");   // as long as the shift
    expect_violation(put(sa, R"({"start":"10:00","end":"18:00","breakMinutes":600})", token), "breakMinutes");   // longer
    expect_violation(put(sa, R"({"start":"25:00","end":"18:00","breakMinutes":0})", token), "start");
    expect_violation(put(sa, R"({"start":"10:00","end":"18:00"})", token), "breakMinutes");
    expect_violation(put(sa, R"({"start":"10:00","end":"18:00","breakMinutes":-5})", token), "breakMinutes");
    expect_violation(put(sa, R"({"start":"10:00","end":"18:00","breakMinutes":"30"})", token), "breakMinutes");
    // A start the evening before: 14 hours from the planned start.
    expect_violation(put(sa, R"({"start":")" + day(-2) + R"(T20:00","end":"18:00","breakMinutes":0})", token), "start");
    EXPECT_EQ(sql("SELECT count(*) FROM shift_time_records WHERE shift_application_id = " + sa), "0");

    // 10:05–18:20 with 30 minutes' break: 7 h 45 min.
    auto entered = put(sa, good, token);
    ASSERT_EQ(entered.status, 200) << entered.body;
    EXPECT_EQ(field(entered.body, "status"), "entered");
    EXPECT_EQ(field(entered.body, "start"), "10:05");
    EXPECT_EQ(field(entered.body, "end"), "18:20");
    EXPECT_EQ(field(entered.body, "workedMinutes"), "465");
    EXPECT_EQ(field(entered.body, "planned/end"), "18:00");
    // Changed again before the provider decides.
    auto again = put(sa, R"({"start":"10:00","end":"18:20","breakMinutes":30})", token);
    ASSERT_EQ(again.status, 200) << again.body;
    EXPECT_EQ(field(again.body, "workedMinutes"), "470");
    // The candidate's own list holds it; another candidate's does not.
    auto mine = call(port(), "GET", "/api/me/time_records", {}, bearer(token));
    ASSERT_EQ(mine.status, 200) << mine.body;
    EXPECT_EQ(field(mine.body, "/hydra:member/0/shiftApplication"), sa);
    EXPECT_EQ(call(port(), "GET", "/api/me/time_records", {}, bearer(*stranger_)).body.find("/api/shift_applications/" + sa + "/"),
              std::string::npos);
    (void)account;
}

TEST_F(ShiftRun, TheProviderCorrectsTheCandidateIsMailedAndObjectsOnce) {
    const std::string email = "korrektur@zeiten.example";
    auto [account, token] = register_ready_candidate(*s_, email);
    std::string sa = worked_shift(token, "10:00", "18:00", 1);
    ASSERT_EQ(put(sa, R"({"start":"10:05","end":"18:20","breakMinutes":30})", token).status, 200);

    // Only the job's organization: another organization 404, the candidate 403.
    EXPECT_EQ(patch(sa, R"({"status":"approved"})", *other_).status, 404);
    EXPECT_EQ(patch(sa, R"({"status":"approved"})", token).status, 403);
    expect_violation(patch(sa, R"({"status":"accepted"})", *own_), "status");
    expect_violation(patch(sa, R"({"status":"corrected"})", *own_), "start");   // a correction names something
    expect_violation(patch(sa, R"({"status":"corrected","end":"09:00"})", *own_), "end");   // before the start
    expect_violation(patch(sa, R"({"status":"corrected","breakMinutes":900})", *own_), "breakMinutes");

    // Corrected to 18:00: 10:05–18:00 with 30 minutes = 7 h 25 min; the candidate's entry stays visible.
    auto corrected = patch(sa, R"({"status":"corrected","end":"18:00"})", *own_);
    ASSERT_EQ(corrected.status, 200) << corrected.body;
    EXPECT_EQ(field(corrected.body, "status"), "corrected");
    EXPECT_EQ(field(corrected.body, "end"), "18:00");
    EXPECT_EQ(field(corrected.body, "workedMinutes"), "445");
    EXPECT_EQ(field(corrected.body, "candidateEntry/end"), "18:20");
    std::string mail = wait_for_mail_to(*s_->sink, email, 15s, "korrigiert");
    ASSERT_FALSE(mail.empty());
    EXPECT_NE(mail.find("10:05–18:00 Uhr, 30 Minuten Pause"), std::string::npos) << mail;

    // The candidate cannot enter over it any more, but may object once.
    EXPECT_EQ(put(sa, R"({"start":"10:05","end":"18:20","breakMinutes":30})", token).status, 409);
    std::string objection_path = "/api/shift_applications/" + sa + "/time_record/objection";
    EXPECT_EQ(call(port(), "POST", objection_path, R"({"text":"Ich war bis 18:20 da."})", bearer(*stranger_)).status, 404);
    expect_violation(call(port(), "POST", objection_path, R"({"text":"   "})", bearer(token)), "text");
    expect_violation(call(port(), "POST", objection_path, R"({"text":")" + std::string(2001, 'x') + R"("})", bearer(token)), "text");
    auto objected = call(port(), "POST", objection_path, R"({"text":"Ich war bis 18:20 da, der Abbau dauerte länger."})", bearer(token));
    ASSERT_EQ(objected.status, 201) << objected.body;
    EXPECT_EQ(field(objected.body, "canObject"), "false");
    auto twice = call(port(), "POST", objection_path, R"({"text":"Noch einmal."})", bearer(token));
    EXPECT_EQ(twice.status, 409) << twice.body;
    EXPECT_EQ(sql("SELECT objection FROM shift_time_records WHERE shift_application_id = " + sa),
              "Ich war bis 18:20 da, der Abbau dauerte länger.");

    // The work limits count the corrected 445 minutes instead of the planned 480 (and the pay:
    // 15 € × 7 h 25 min = 111,25 €).
    EXPECT_EQ(sql("SELECT minutes || ' ' || pay_cents FROM jh_work_limit_shifts(" + account + ", '{}')"), "445 11125");

    // The month's § 17 record: the organization's CSV holds the row; another organization 404,
    // the candidate 403, a bad month 422.
    std::string month = sql("SELECT to_char(shift_date, 'YYYY-MM') FROM shifts s JOIN shift_applications sa ON sa.shift_id = s.id "
                            "WHERE sa.id = " + sa);
    std::string date = sql("SELECT to_char(shift_date, 'DD.MM.YYYY') FROM shifts s JOIN shift_applications sa ON sa.shift_id = s.id "
                           "WHERE sa.id = " + sa);
    std::string csv_path = "/api/organizations/9801/time_records.csv?month=" + month;
    auto csv = call(port(), "GET", csv_path, {}, bearer(*own_));
    ASSERT_EQ(csv.status, 200) << csv.body;
    EXPECT_NE(csv.body.find("Datum;Name;Beginn;Ende;Pause (Minuten);Stunden;Tätigkeit;Status"), std::string::npos) << csv.body;
    std::string name = sql("SELECT first_name || ' ' || last_name FROM candidate_profiles WHERE account_id = " + account);
    EXPECT_NE(csv.body.find(date + ";" + name + ";10:05;18:00;30;7,42;Messehilfe (m/w/d);korrigiert\r\n"), std::string::npos) << csv.body;
    EXPECT_EQ(call(port(), "GET", "/api/organizations/9802/time_records.csv?month=" + month, {}, bearer(*own_)).status, 404);
    EXPECT_EQ(call(port(), "GET", csv_path, {}, bearer(*other_)).status, 404);
    EXPECT_EQ(call(port(), "GET", csv_path, {}, bearer(token)).status, 403);
    expect_violation(call(port(), "GET", "/api/organizations/9801/time_records.csv?month=2026-13", {}, bearer(*own_)), "month");
    auto listed = call(port(), "GET", "/api/organizations/9801/time_records?month=" + month, {}, bearer(*own_));
    ASSERT_EQ(listed.status, 200) << listed.body;
    EXPECT_NE(listed.body.find("Ich war bis 18:20 da, der Abbau"), std::string::npos) << listed.body;
    EXPECT_EQ(call(port(), "GET", "/api/organizations/9801/time_records?month=" + month, {}, bearer(*other_)).status, 404);

    // Approved after the objection: the corrected times stand.
    auto approved = patch(sa, R"({"status":"approved"})", *own_);
    ASSERT_EQ(approved.status, 200) << approved.body;
    EXPECT_EQ(field(approved.body, "workedMinutes"), "445");
}

TEST_F(ShiftRun, NoShowCountsNothingAndApprovalRestoresTheTimes) {
    auto [account, token] = register_ready_candidate(*s_, "fehlt@zeiten.example");
    std::string sa = worked_shift(token, "08:00", "12:00", 2);
    EXPECT_EQ(sql("SELECT minutes FROM jh_work_limit_shifts(" + account + ", '{}')"), "240");
    // The provider decides before anything was entered: "nicht erschienen".
    auto no_show = patch(sa, R"({"status":"no_show"})", *own_);
    ASSERT_EQ(no_show.status, 200) << no_show.body;
    EXPECT_EQ(field(no_show.body, "status"), "no_show");
    EXPECT_EQ(field(no_show.body, "workedMinutes"), "0");
    EXPECT_EQ(field(no_show.body, "canObject"), "true");
    EXPECT_EQ(sql("SELECT count(*) FROM jh_work_limit_shifts(" + account + ", '{}')"), "0");
    // Changed to approved: the planned times, counted again.
    auto approved = patch(sa, R"({"status":"approved"})", *own_);
    ASSERT_EQ(approved.status, 200) << approved.body;
    EXPECT_EQ(field(approved.body, "start"), "08:00");
    EXPECT_EQ(sql("SELECT minutes FROM jh_work_limit_shifts(" + account + ", '{}')"), "240");
    // A shift that has not ended cannot be decided.
    std::string ahead = worked_shift(token, "08:00", "12:00", -2);
    EXPECT_EQ(patch(ahead, R"({"status":"approved"})", *own_).status, 409);
}

// Nothing entered: the planned times are proposed six hours after the end (computed on read);
// seven days after the end the mail worker's pass approves what stands and mails the organization.
TEST_F(ShiftRun, OpenEntriesAreProposedThenApprovedAfterSevenDays) {
    auto [account, token] = register_ready_candidate(*s_, "vergessen@zeiten.example");
    // Ended two hours ago: open, not yet proposed. Ended seven hours ago: proposed.
    std::string fresh = worked_shift(token, "08:00", "09:00", -1);
    exec_sql(s_->db->url(), "UPDATE shifts SET shift_date = (t - interval '1 hour')::date, start_time = (t - interval '1 hour')::time, "
                            "       end_time = t::time "
                            "  FROM (SELECT date_trunc('minute', now() - interval '2 hours') AT TIME ZONE 'Europe/Berlin' AS t) n "
                            " WHERE id = (SELECT shift_id FROM shift_applications WHERE id = " + fresh + ")");
    std::string older = worked_shift(token, "08:00", "09:00", -1);
    exec_sql(s_->db->url(), "UPDATE shifts SET shift_date = (t - interval '1 hour')::date, start_time = (t - interval '1 hour')::time, "
                            "       end_time = t::time "
                            "  FROM (SELECT date_trunc('minute', now() - interval '7 hours') AT TIME ZONE 'Europe/Berlin' AS t) n "
                            " WHERE id = (SELECT shift_id FROM shift_applications WHERE id = " + older + ")");
    std::string forgotten = worked_shift(token, "10:00", "18:00", 8);   // nothing entered, 8 days ago
    std::string unchecked = worked_shift(token, "10:00", "18:00", 9);   // entered, never checked
    ASSERT_EQ(put(unchecked, R"({"start":"10:00","end":"17:00","breakMinutes":30})", token).status, 200);
    std::string recent = worked_shift(token, "10:00", "18:00", 5);      // within the seven days

    auto mine = call(port(), "GET", "/api/me/time_records", {}, bearer(token));
    ASSERT_EQ(mine.status, 200) << mine.body;
    auto member_of = [&](const std::string& sa, const std::string& key) {
        for (int i = 0; i < 10; ++i)
            if (field(mine.body, "/hydra:member/" + std::to_string(i) + "/shiftApplication") == sa)
                return field(mine.body, "/hydra:member/" + std::to_string(i) + "/" + key);
        return std::string("<missing>");
    };
    EXPECT_EQ(member_of(fresh, "status"), "open");
    EXPECT_EQ(member_of(fresh, "proposed"), "false");
    EXPECT_EQ(member_of(fresh, "start"), "null");
    EXPECT_EQ(member_of(older, "proposed"), "true");
    EXPECT_NE(member_of(older, "start"), "null");
    EXPECT_EQ(member_of(forgotten, "canEnter"), "true");

    // The pass: the two older than seven days are approved as they stand, one mail to the organization.
    EXPECT_EQ(sql("SELECT jh_time_records_housekeeping('http://jobhafen.test', 'mail', 'time_records_auto_approved')"), "2");
    EXPECT_EQ(sql("SELECT status || ' ' || auto_approved || ' ' || entered_by FROM shift_time_records WHERE shift_application_id = " + forgotten),
              "approved true planned");
    EXPECT_EQ(sql("SELECT status || ' ' || break_minutes FROM shift_time_records WHERE shift_application_id = " + unchecked), "approved 30");
    EXPECT_EQ(sql("SELECT count(*) FROM shift_time_records WHERE shift_application_id IN (" + recent + "," + fresh + "," + older + ")"), "0");
    std::string mail = wait_for_mail_to(*s_->sink, "zeiten@messebau-nord.example", 15s, "automatisch");
    ASSERT_FALSE(mail.empty());
    EXPECT_NE(mail.find("2 Zeiteinträge"), std::string::npos) << mail;
    // A second pass finds nothing more.
    EXPECT_EQ(sql("SELECT jh_time_records_housekeeping('http://jobhafen.test', 'mail', 'time_records_auto_approved')"), "0");
    // Records of shifts more than two years ago go.
    exec_sql(s_->db->url(), "UPDATE shift_time_records SET work_date = work_date - interval '3 years' WHERE shift_application_id = " + forgotten);
    sql("SELECT jh_time_records_housekeeping('http://jobhafen.test', 'mail', 'time_records_auto_approved')");
    EXPECT_EQ(sql("SELECT count(*) FROM shift_time_records WHERE shift_application_id = " + forgotten), "0");
    (void)account;
}

// The candidate deletes the account: the record stays, reduced to what § 17 MiLoG requires.
TEST_F(ShiftRun, TheRecordOutlivesTheAccountReduced) {
    auto [account, token] = register_ready_candidate(*s_, "geht@zeiten.example");
    std::string name = sql("SELECT first_name || ' ' || last_name FROM candidate_profiles WHERE account_id = " + account);
    std::string entered = worked_shift(token, "10:00", "18:00", 2);
    std::string silent = worked_shift(token, "12:00", "16:00", 3);
    ASSERT_EQ(put(entered, R"({"start":"10:00","end":"18:30","breakMinutes":45})", token).status, 200);
    ASSERT_EQ(patch(entered, R"({"status":"corrected","end":"18:00"})", *own_).status, 200);
    ASSERT_EQ(call(port(), "POST", "/api/shift_applications/" + entered + "/time_record/objection", R"({"text":"Stimmt nicht."})",
                   bearer(token)).status, 201);
    std::string shift_of_silent = sql("SELECT shift_id FROM shift_applications WHERE id = " + silent);
    std::string shift_of_entered = sql("SELECT shift_id FROM shift_applications WHERE id = " + entered);

    auto gone = call(port(), "PATCH", "/api/candidate_accounts/" + account + "/delete", R"({"confirmation":"delete"})", bearer(token));
    ASSERT_EQ(gone.status, 200) << gone.body;
    EXPECT_EQ(sql("SELECT count(*) FROM accounts WHERE id = " + account), "0");
    // Both shifts still have their record: name, date, times, break; no account, no objection text.
    EXPECT_EQ(sql("SELECT worker_name || '|' || to_char(end_at AT TIME ZONE 'Europe/Berlin', 'HH24:MI') || '|' || break_minutes || '|' || "
                  "coalesce(candidate_account_id::text, '-') || '|' || coalesce(objection, '-') || '|' || (objected_at IS NOT NULL) "
                  "FROM shift_time_records WHERE shift_id = " + shift_of_entered),
              name + "|18:00|45|-|-|true");
    EXPECT_EQ(sql("SELECT worker_name || '|' || status || '|' || entered_by FROM shift_time_records WHERE shift_id = " + shift_of_silent),
              name + "|entered|planned");
}

// ---- no-shows, reliability and ratings after a shift (items 4 and 5) -------------------------------

// "Nicht erschienen" is what the candidate sees on /meine-einsaetze, and she may object to it once.
TEST_F(ShiftRun, TheCandidateSeesANoShowAndObjectsToItOnce) {
    const std::string email = "nichtda@zeiten.example";
    auto [account, token] = register_ready_candidate(*s_, email);
    std::string sa = worked_shift(token, "09:00", "13:00", 1);
    ASSERT_EQ(patch(sa, R"({"status":"no_show"})", *own_).status, 200);
    ASSERT_FALSE(wait_for_mail_to(*s_->sink, email, 15s, "nicht erschienen").empty());
    auto mine = call(port(), "GET", "/api/me/time_records", {}, bearer(token));
    ASSERT_EQ(mine.status, 200) << mine.body;
    EXPECT_EQ(field(mine.body, "/hydra:member/0/shiftApplication"), sa);
    EXPECT_EQ(field(mine.body, "/hydra:member/0/status"), "no_show");
    EXPECT_EQ(field(mine.body, "/hydra:member/0/canObject"), "true");
    std::string path = "/api/shift_applications/" + sa + "/time_record/objection";
    auto objected = call(port(), "POST", path, R"({"text":"Ich war da, bitte fragen Sie die Schichtleitung."})", bearer(token));
    ASSERT_EQ(objected.status, 201) << objected.body;
    EXPECT_EQ(field(objected.body, "status"), "no_show");
    EXPECT_EQ(field(objected.body, "canObject"), "false");
    auto twice = call(port(), "POST", path, R"({"text":"Noch einmal."})", bearer(token));
    EXPECT_EQ(twice.status, 409) << twice.body;
    EXPECT_EQ(field(twice.body, "message"), "Du hast diesem Eintrag bereits widersprochen.");
    std::string month = sql("SELECT to_char(work_date, 'YYYY-MM') FROM shift_time_records WHERE shift_application_id = " + sa);
    auto listed = call(port(), "GET", "/api/organizations/9801/time_records?month=" + month, {}, bearer(*own_));
    EXPECT_NE(listed.body.find("bitte fragen Sie die Schichtleitung"), std::string::npos) << listed.body;
}

// The applicant card: worked shifts and no-shows of the last 90 days across Jobhafen, as figures
// only, for the organizations she applied to; a third organization 404.
TEST_F(ShiftRun, TheApplicantViewCountsWorkedShiftsAndNoShowsAcrossOrganizations) {
    auto [account, token] = register_ready_candidate(*s_, "verlaesslich@zeiten.example");
    // At 9801: one approved, one corrected, one entered and not yet decided (not counted).
    std::string a1 = worked_shift(token, "08:00", "12:00", 3), a2 = worked_shift(token, "13:00", "17:00", 5);
    std::string a3 = worked_shift(token, "08:00", "12:00", 1);
    ASSERT_EQ(patch(a1, R"({"status":"approved"})", *own_).status, 200);
    ASSERT_EQ(patch(a2, R"({"status":"corrected","end":"16:30"})", *own_).status, 200);
    ASSERT_EQ(put(a3, R"({"start":"08:00","end":"12:00","breakMinutes":0})", token).status, 200);
    // At 9802: one approved, one "nicht erschienen", and one approved 100 days ago (outside the 90).
    std::string b1 = worked_shift(token, "10:00", "14:00", 7, other_, "9802");
    std::string b2 = worked_shift(token, "10:00", "14:00", 9, other_, "9802");
    std::string b3 = worked_shift(token, "10:00", "14:00", 100, other_, "9802");
    ASSERT_EQ(patch(b1, R"({"status":"approved"})", *other_).status, 200);
    ASSERT_EQ(patch(b2, R"({"status":"no_show"})", *other_).status, 200);
    ASSERT_EQ(patch(b3, R"({"status":"approved"})", *other_).status, 200);

    auto application_of = [](const std::string& sa) { return sql("SELECT application_id FROM shift_applications WHERE id = " + sa); };
    std::string app_a = application_of(a1), app_b = application_of(b1);
    for (const auto& [app, member] : {std::pair{app_a, own_}, std::pair{app_b, other_}}) {
        auto seen = call(port(), "GET", "/api/applications/" + app, {}, bearer(*member));
        ASSERT_EQ(seen.status, 200) << seen.body;
        EXPECT_EQ(field(seen.body, "reliability/workedShifts"), "3") << seen.body;
        EXPECT_EQ(field(seen.body, "reliability/noShows"), "1") << seen.body;
        EXPECT_EQ(field(seen.body, "reliability/days"), "90") << seen.body;
    }
    // Figures only: 9801's view names nothing of 9802.
    auto seen_a = call(port(), "GET", "/api/applications/" + app_a, {}, bearer(*own_));
    EXPECT_EQ(seen_a.body.find("Andere Firma"), std::string::npos) << seen_a.body;
    EXPECT_EQ(seen_a.body.find("/api/job_postings/" + sql("SELECT job_posting_id FROM applications WHERE id = " + app_b)),
              std::string::npos);
    // The organization's list carries the same figures on each card.
    std::string job_a = sql("SELECT job_posting_id FROM applications WHERE id = " + app_a);
    auto list = call(port(), "GET", "/api/organizations/9801/applications?jobPosting=" + job_a, {}, bearer(*own_));
    ASSERT_EQ(list.status, 200) << list.body;
    EXPECT_EQ(field(list.body, "/hydra:member/0/reliability"), R"({"days":90,"noShows":1,"ownRatings":null,"workedShifts":3})")
        << list.body;

    // A third organization she never applied to: 404 for her application and for the others' lists.
    exec_sql(s_->db->url(), "INSERT INTO organizations (id, slug, name) VALUES (9803, 'dritte-firma', 'Dritte Firma GmbH') "
                            "ON CONFLICT DO NOTHING");
    std::string third = organization_member(*s_, "chefin@dritte-firma.example", 9803);
    EXPECT_EQ(call(port(), "GET", "/api/applications/" + app_a, {}, bearer(third)).status, 404);
    EXPECT_EQ(call(port(), "GET", "/api/organizations/9801/applications", {}, bearer(third)).status, 404);
    auto own_list = call(port(), "GET", "/api/organizations/9803/applications", {}, bearer(third));
    ASSERT_EQ(own_list.status, 200) << own_list.body;
    EXPECT_EQ(own_list.body.find("reliability"), std::string::npos) << own_list.body;
}

// A rating of an organization for a job with shifts only after an approved shift there, marked
// "nach einem Einsatz"; a job without shifts keeps today's rule.
TEST_F(ShiftRun, ARatingForAJobWithShiftsNeedsAnApprovedShiftAndIsMarked) {
    auto [account, token] = register_ready_candidate(*s_, "bewertet@zeiten.example");
    std::string sa = worked_shift(token, "08:00", "12:00", 2);
    std::string job = sql("SELECT s.job_posting_id FROM shifts s JOIN shift_applications sa ON sa.shift_id = s.id WHERE sa.id = " + sa);
    auto rate = [&, &token = token](const std::string& body) { return call(port(), "POST", "/api/organization_star_ratings", body, bearer(token)); };
    std::string body = R"({"organization":9801,"jobPosting":"/api/job_postings/)" + job + R"(","stars":4,"comment":"Gut organisiert."})";

    // Worked, but the hours are not approved yet: 403 with the reason.
    auto before = rate(body);
    EXPECT_EQ(before.status, 403) << before.body;
    EXPECT_EQ(field(before.body, "message"),
              "Für einen Job mit Einsätzen kannst du das Unternehmen erst bewerten, wenn du dort einen Einsatz gearbeitet hast "
              "und das Unternehmen deine Stunden bestätigt hat.");
    // Marked "nicht erschienen" is no approved shift either.
    ASSERT_EQ(patch(sa, R"({"status":"no_show"})", *own_).status, 200);
    EXPECT_EQ(rate(body).status, 403);
    // Without naming the job: today's rule (one application, not five): 403 with today's message.
    auto general = rate(R"({"organization":9801,"stars":4})");
    EXPECT_EQ(general.status, 403) << general.body;
    EXPECT_NE(field(general.body, "message").find("mindestens 5-mal beworben"), std::string::npos) << general.body;
    // A job without shifts of the organization: today's rule too.
    std::string plain = new_job();
    auto plain_rated = rate(R"({"organization":9801,"jobPosting":)" + plain + R"(,"stars":4})");
    EXPECT_EQ(plain_rated.status, 403) << plain_rated.body;
    EXPECT_NE(field(plain_rated.body, "message").find("mindestens 5-mal beworben"), std::string::npos) << plain_rated.body;
    // Another organization's job, or no job at all: 422 at jobPosting.
    std::string foreign = new_job("9802");
    expect_violation(rate(R"({"organization":9801,"jobPosting":)" + foreign + R"(,"stars":4})"), "jobPosting");
    expect_violation(rate(R"({"organization":9801,"jobPosting":"irgendwas","stars":4})"), "jobPosting");

    // Approved: 201, marked.
    ASSERT_EQ(patch(sa, R"({"status":"approved"})", *own_).status, 200);
    auto rated = rate(body);
    ASSERT_EQ(rated.status, 201) << rated.body;
    EXPECT_EQ(field(rated.body, "afterShift"), "true");
    EXPECT_EQ(field(rated.body, "jobPosting"), "/api/job_postings/" + job);
    EXPECT_EQ(rate(body).status, 409);   // one per organization, as before
    auto listed = call(port(), "GET", "/api/organizations/9801/star_ratings");
    ASSERT_EQ(listed.status, 200) << listed.body;
    EXPECT_NE(listed.body.find(R"("comment":"Gut organisiert.","author")"), std::string::npos) << listed.body;
    EXPECT_NE(listed.body.find(R"("afterShift":true)"), std::string::npos) << listed.body;
}

// The organization rates a worker's reliability once per shift, after approved hours; only its
// members see it; 20 at once store one.
TEST_F(ShiftRun, TheProviderRatesReliabilityOnceAfterApprovedHours) {
    auto [account, token] = register_ready_candidate(*s_, "zuverlaessig@zeiten.example");
    std::string sa = worked_shift(token, "08:00", "12:00", 2);
    std::string path = "/api/shift_applications/" + sa + "/reliability_rating";
    auto rate = [&](const std::string& body, const std::string& who) { return call(port(), "POST", path, body, bearer(who)); };
    auto early = rate(R"({"stars":5})", *own_);
    EXPECT_EQ(early.status, 409) << early.body;   // nothing approved yet
    ASSERT_EQ(patch(sa, R"({"status":"approved"})", *own_).status, 200);
    EXPECT_EQ(rate(R"({"stars":5})", *other_).status, 404);
    EXPECT_EQ(rate(R"({"stars":5})", token).status, 403);
    EXPECT_EQ(call(port(), "POST", "/api/shift_applications/999999999/reliability_rating", R"({"stars":5})", bearer(*own_)).status, 404);
    expect_violation(rate(R"({"stars":0})", *own_), "stars");
    expect_violation(rate(R"({"stars":6})", *own_), "stars");
    expect_violation(rate(R"({"stars":"fünf"})", *own_), "stars");
    expect_violation(rate(R"({"stars":4,"comment":")" + std::string(501, 'x') + R"("})", *own_), "comment");
    EXPECT_EQ(rate("[1", *own_).status, 400);

    constexpr int parallel = 20;
    auto statuses = at_once(parallel, [&](int i) {
        return rate(R"({"stars":)" + std::to_string(i % 5 + 1) + R"(,"comment":"Pünktlich."})", *own_).status;
    });
    EXPECT_EQ(std::count(statuses.begin(), statuses.end(), 201), 1);
    EXPECT_EQ(std::count(statuses.begin(), statuses.end(), 409), parallel - 1);
    EXPECT_EQ(sql("SELECT count(*) FROM worker_reliability_ratings WHERE shift_application_id = " + sa), "1");
    std::printf("[ShiftRun] 20 parallel reliability ratings of one shift: %ld × 201, %ld × 409, %s stored\n",
                static_cast<long>(std::count(statuses.begin(), statuses.end(), 201)),
                static_cast<long>(std::count(statuses.begin(), statuses.end(), 409)),
                sql("SELECT count(*) FROM worker_reliability_ratings WHERE shift_application_id = " + sa).c_str());

    // Inside the organization: the hours page and the applicant view; never the candidate, never 9802.
    std::string month = sql("SELECT to_char(work_date, 'YYYY-MM') FROM shift_time_records WHERE shift_application_id = " + sa);
    auto hours = call(port(), "GET", "/api/organizations/9801/time_records?month=" + month, {}, bearer(*own_));
    EXPECT_NE(hours.body.find(R"("comment": "Pünktlich.")"), std::string::npos) << hours.body;
    auto mine = call(port(), "GET", "/api/me/time_records", {}, bearer(token));
    ASSERT_EQ(mine.status, 200);
    EXPECT_EQ(mine.body.find("reliabilityRating"), std::string::npos) << mine.body;
    EXPECT_EQ(mine.body.find("Pünktlich"), std::string::npos) << mine.body;
    // Her data export says that 9801 keeps one such rating, never its stars or text.
    auto exported = call(port(), "GET", "/api/candidate_accounts/" + account + "/export", {}, bearer(token));
    ASSERT_EQ(exported.status, 200);
    std::string doc = export_fixture::entry(exported.body, "daten.json");
    EXPECT_EQ(doc.find("Pünktlich"), std::string::npos);
    EXPECT_EQ(field(doc, "/notesHeldByOrganizations/0/organizationName"), "Messebau Nord GmbH") << doc;
    EXPECT_EQ(field(doc, "/notesHeldByOrganizations/0/reliabilityRatings"), "1") << doc;
    std::string app = sql("SELECT application_id FROM shift_applications WHERE id = " + sa);
    auto seen = call(port(), "GET", "/api/applications/" + app, {}, bearer(*own_));
    EXPECT_EQ(field(seen.body, "reliability/ownRatings/count"), "1") << seen.body;
    std::string other_sa = worked_shift(token, "08:00", "12:00", 3, other_, "9802");
    std::string other_app = sql("SELECT application_id FROM shift_applications WHERE id = " + other_sa);
    auto seen_other = call(port(), "GET", "/api/applications/" + other_app, {}, bearer(*other_));
    ASSERT_EQ(seen_other.status, 200) << seen_other.body;
    EXPECT_EQ(field(seen_other.body, "reliability/ownRatings"), "null") << seen_other.body;
}

// ---- QR check-in and check-out -------------------------------------------------------------------

TEST_F(ShiftRun, AQrCheckInThenCheckOutFillsTheTimeRecord) {
    auto [account, token] = register_ready_candidate(*s_, "stempeln@zeiten.example");
    std::string sa = worked_shift(token, "10:00", "18:00", -3);
    shift_now(sa, 2);
    std::string shift = shift_of(sa);
    exec_sql(s_->db->url(), "UPDATE shifts SET break_minutes = 30 WHERE id = " + shift);

    // The provider's portal gets the shift's code; another organization 404, a candidate 403, nobody 401.
    std::string code_path = "/api/shifts/" + shift + "/check_in_code";
    auto made = call(port(), "GET", code_path, {}, bearer(*own_));
    ASSERT_EQ(made.status, 200) << made.body;
    std::string code = field(made.body, "code");
    EXPECT_NE(field(made.body, "url").find("/einchecken?code=" + code), std::string::npos) << made.body;
    EXPECT_EQ(call(port(), "GET", code_path, {}, bearer(*other_)).status, 404);
    EXPECT_EQ(call(port(), "GET", code_path, {}, bearer(token)).status, 403);
    EXPECT_EQ(call(port(), "GET", code_path).status, 401);
    EXPECT_EQ(call(port(), "GET", "/api/shifts/999999999/check_in_code", {}, bearer(*own_)).status, 404);

    // The first scan checks in; the same scan again a moment later changes nothing.
    auto in = scan(code, token);
    ASSERT_EQ(in.status, 200) << in.body;
    EXPECT_EQ(field(in.body, "action"), "checked_in");
    EXPECT_EQ(field(in.body, "shiftApplication"), sa);
    EXPECT_EQ(field(in.body, "checkedIn"), sql("SELECT to_char(checked_in_at AT TIME ZONE 'Europe/Berlin', 'HH24:MI') "
                                               "FROM shift_check_ins WHERE shift_application_id = " + sa));
    auto twice = scan(code, token);
    ASSERT_EQ(twice.status, 200) << twice.body;
    EXPECT_EQ(field(twice.body, "action"), "checked_in");
    EXPECT_EQ(sql("SELECT count(*) FROM shift_time_records WHERE shift_application_id = " + sa), "0");

    // Checked in 10 minutes before the planned start (the clock moved): the second scan, later, checks
    // out. The record: the planned start (arriving early is not working early), the check-out's
    // minute as the end, the shift's 30 minutes' break; the candidate's entry, for the provider to approve.
    exec_sql(s_->db->url(), "UPDATE shift_check_ins SET checked_in_at = (SELECT starts_at FROM shifts WHERE id = " + shift +
                                ") - interval '10 minutes' WHERE shift_application_id = " + sa);
    auto out = scan(code, token);
    ASSERT_EQ(out.status, 200) << out.body;
    EXPECT_EQ(field(out.body, "action"), "checked_out");
    EXPECT_EQ(field(out.body, "record/status"), "entered");
    EXPECT_EQ(field(out.body, "record/start"), field(out.body, "record/planned/start"));
    EXPECT_EQ(field(out.body, "record/end"), field(out.body, "checkedOut"));
    EXPECT_EQ(field(out.body, "record/breakMinutes"), "30");
    EXPECT_EQ(sql("SELECT start_at = (SELECT starts_at FROM shifts WHERE id = " + shift + ") AND entered_by = 'candidate' "
                  "AND end_at = date_trunc('minute', (SELECT checked_out_at FROM shift_check_ins WHERE shift_application_id = " + sa +
                  ")) AND break_minutes = 30 FROM shift_time_records WHERE shift_application_id = " + sa),
              "t");
    // The candidate's list shows it at once (before the shift's planned end).
    auto mine = call(port(), "GET", "/api/me/time_records", {}, bearer(token));
    ASSERT_EQ(mine.status, 200) << mine.body;
    EXPECT_EQ(field(mine.body, "/hydra:member/0/shiftApplication"), sa) << mine.body;
    EXPECT_EQ(field(mine.body, "/hydra:member/0/status"), "entered") << mine.body;

    // A third scan: refused, nothing changes.
    auto third = scan(code, token);
    EXPECT_EQ(third.status, 409) << third.body;
    EXPECT_NE(field(third.body, "message").find("schon ein- und ausgecheckt"), std::string::npos) << third.body;
    (void)account;
}

// 20 scans of one code by one worker at once (a phone that fires on every frame, a shaky hand):
// one check-in; later 20 at once again: one check-out and one record, the others told she is done.
// The provider's list shows the scanned times beside the entered ones.
TEST_F(ShiftRun, TwentyParallelScansCheckInOnceAndOutOnceAndTheProviderSeesTheScans) {
    auto [account, token] = register_ready_candidate(*s_, "zwanzigmal@zeiten.example");
    std::string sa = worked_shift(token, "10:00", "18:00", -3);
    shift_now(sa, 2);
    std::string shift = shift_of(sa);
    auto made = call(port(), "GET", "/api/shifts/" + shift + "/check_in_code", {}, bearer(*own_));
    ASSERT_EQ(made.status, 200) << made.body;
    std::string code = field(made.body, "code");

    auto ins = at_once(20, [&, &token = token](int) { return scan(code, token); });
    int checked_in = 0;
    for (const auto& r : ins) {
        EXPECT_EQ(r.status, 200) << r.body;
        if (field(r.body, "action") == "checked_in") ++checked_in;
    }
    EXPECT_EQ(checked_in, 20);
    EXPECT_EQ(sql("SELECT count(*) FROM shift_check_ins WHERE shift_application_id = " + sa + " AND checked_out_at IS NULL"), "1");
    EXPECT_EQ(sql("SELECT count(*) FROM shift_time_records WHERE shift_application_id = " + sa), "0");

    // Checked in 10 minutes ago (past the double-scan moment): 20 scans at once check out once.
    exec_sql(s_->db->url(), "UPDATE shift_check_ins SET checked_in_at = now() - interval '10 minutes' WHERE shift_application_id = " + sa);
    auto outs = at_once(20, [&, &token = token](int) { return scan(code, token); });
    int checked_out = 0, done = 0;
    for (const auto& r : outs) {
        if (r.status == 200 && field(r.body, "action") == "checked_out") ++checked_out;
        else if (r.status == 409 && field(r.body, "message").find("schon ein- und ausgecheckt") != std::string::npos) ++done;
        else ADD_FAILURE() << r.status << " " << r.body;
    }
    EXPECT_EQ(checked_out, 1);
    EXPECT_EQ(done, 19);
    EXPECT_EQ(sql("SELECT count(*) FROM shift_time_records WHERE shift_application_id = " + sa + " AND status = 'entered'"), "1");
    EXPECT_EQ(sql("SELECT end_at = date_trunc('minute', c.checked_out_at) FROM shift_time_records r "
                  "  JOIN shift_check_ins c USING (shift_application_id) WHERE r.shift_application_id = " + sa),
              "t");

    // The provider's list of the month: the scans as Berlin clock times beside the entry.
    std::string month = sql("SELECT to_char(shift_date, 'YYYY-MM') FROM shifts WHERE id = " + shift);
    std::string in_at = sql("SELECT to_char(checked_in_at AT TIME ZONE 'Europe/Berlin', 'HH24:MI') FROM shift_check_ins "
                            " WHERE shift_application_id = " + sa);
    std::string out_at = sql("SELECT to_char(checked_out_at AT TIME ZONE 'Europe/Berlin', 'HH24:MI') FROM shift_check_ins "
                             " WHERE shift_application_id = " + sa);
    auto listed = call(port(), "GET", "/api/organizations/9801/time_records?month=" + month, {}, bearer(*own_));
    ASSERT_EQ(listed.status, 200) << listed.body;
    std::string item;
    for (int i = 0; i < 100 && item.empty(); ++i)
        if (field(listed.body, "/hydra:member/" + std::to_string(i) + "/shiftApplication") == sa) item = "/hydra:member/" + std::to_string(i);
    ASSERT_FALSE(item.empty()) << listed.body;
    EXPECT_EQ(field(listed.body, item + "/scan/checkedIn"), in_at) << listed.body;
    EXPECT_EQ(field(listed.body, item + "/scan/checkedOut"), out_at) << listed.body;
    EXPECT_EQ(field(listed.body, item + "/start"), in_at) << listed.body;   // the check-in is after the planned start
    (void)account;
}

TEST_F(ShiftRun, AQrCodeOfAnotherShiftExpiredForgedOrNotConfirmedIsRefused) {
    auto [account, token] = register_ready_candidate(*s_, "falscher-code@zeiten.example");
    std::string sa = worked_shift(token, "10:00", "18:00", -3);
    shift_now(sa, 1);
    std::string shift = shift_of(sa);
    // Another shift of the organization running now, which she is not confirmed for.
    auto [other_account, other_token] = register_ready_candidate(*s_, "nachbarschicht@zeiten.example");
    std::string other_sa = worked_shift(other_token, "10:00", "18:00", -3);
    shift_now(other_sa, 1);
    std::string other_shift = shift_of(other_sa);
    auto other_code = call(port(), "GET", "/api/shifts/" + other_shift + "/check_in_code", {}, bearer(*own_));
    ASSERT_EQ(other_code.status, 200) << other_code.body;
    auto own_code = call(port(), "GET", "/api/shifts/" + shift + "/check_in_code", {}, bearer(*own_));
    ASSERT_EQ(own_code.status, 200) << own_code.body;

    // Another shift's code: 409 naming her own shift; nothing recorded.
    auto wrong = scan(field(other_code.body, "code"), token);
    EXPECT_EQ(wrong.status, 409) << wrong.body;
    EXPECT_NE(field(wrong.body, "message").find("anderen Einsatz"), std::string::npos) << wrong.body;
    EXPECT_NE(field(wrong.body, "message").find(sql("SELECT jh_shift_label(" + shift + ")")), std::string::npos) << wrong.body;
    // A candidate not confirmed for any shift there: 404.
    auto stranger = scan(field(own_code.body, "code"), *stranger_);
    EXPECT_EQ(stranger.status, 404) << stranger.body;
    EXPECT_EQ(field(stranger.body, "message"), "Für diesen Einsatz bist du nicht eingeteilt.");

    // Signed with the server's secret for a window that is not the shift's: 410 (docs/decisions.md,
    // "QR codes are bound to the shift's times"). The code of a shift long over: 410 "abgelaufen";
    // of a shift in three days: 409 "not yet".
    auto key = auth::derive_signing_key(test_secret);
    std::int64_t now = auth::unix_now();
    auto stretched = scan(shifts::sign_check_in_code({std::stoll(shift), now - 12 * 3600, now + 3600}, key), token);
    EXPECT_EQ(stretched.status, 410) << stretched.body;
    EXPECT_NE(field(stretched.body, "message").find("verschoben"), std::string::npos) << stretched.body;
    std::string past_sa = worked_shift(token, "10:00", "18:00", 2);
    std::int64_t past_start = std::stoll(sql("SELECT extract(epoch FROM s.starts_at)::bigint FROM shifts s JOIN shift_applications sa "
                                             "ON sa.shift_id = s.id WHERE sa.id = " + past_sa));
    std::int64_t past_end = std::stoll(sql("SELECT extract(epoch FROM s.ends_at)::bigint FROM shifts s JOIN shift_applications sa "
                                           "ON sa.shift_id = s.id WHERE sa.id = " + past_sa));
    auto late = scan(shifts::sign_check_in_code(shifts::code_for_shift(std::stoll(shift_of(past_sa)), past_start, past_end), key), token);
    EXPECT_EQ(late.status, 410) << late.body;
    EXPECT_NE(field(late.body, "message").find("abgelaufen"), std::string::npos) << late.body;
    auto soon = call(port(), "POST", "/api/job_postings/" + new_job() + "/shifts",
                     R"({"date":")" + day(3) + R"(","start":"10:00","end":"16:00","staffNeeded":1})", bearer(*own_));
    ASSERT_EQ(soon.status, 201) << soon.body;
    auto soon_code = call(port(), "GET", "/api/shifts/" + field(soon.body, "id") + "/check_in_code", {}, bearer(*own_));
    ASSERT_EQ(soon_code.status, 200) << soon_code.body;
    auto early = scan(field(soon_code.body, "code"), token);
    EXPECT_EQ(early.status, 409) << early.body;
    EXPECT_NE(field(early.body, "message").find("frühestens eine Stunde vor dem Beginn"), std::string::npos) << early.body;
    // Forged: her shift's id with the other shift's signature, another key, garbage, none: 422 at `code`.
    std::string forged = field(other_code.body, "code");
    forged.replace(0, other_shift.size(), shift);
    expect_violation(scan(forged, token), "code");
    expect_violation(scan(shifts::sign_check_in_code({std::stoll(shift), now - 60, now + 3600}, auth::derive_signing_key("x")), token), "code");
    expect_violation(scan("kein-code", token), "code");
    expect_violation(call(port(), "POST", "/api/shift_check_ins", "{}", bearer(token)), "code");
    // Only a candidate, signed in.
    EXPECT_EQ(scan(field(own_code.body, "code"), *own_).status, 403);
    EXPECT_EQ(call(port(), "POST", "/api/shift_check_ins", R"({"code":"x"})").status, 401);
    EXPECT_EQ(sql("SELECT count(*) FROM shift_check_ins WHERE shift_application_id IN (" + sa + ", " + other_sa + ")"), "0");

    // Her own code works; a cancelled shift's code does not.
    EXPECT_EQ(scan(field(own_code.body, "code"), token).status, 200);
    exec_sql(s_->db->url(), "UPDATE shifts SET cancelled_at = now() WHERE id = " + other_shift);
    EXPECT_EQ(scan(field(other_code.body, "code"), other_token).status, 409);
    (void)account;
    (void)other_account;
}

// ---- the § 17 MiLoG record as PDF ----------------------------------------------------------------

TEST_F(ShiftRun, TheMonthsRecordIsAPdfWithTheWorkersNameForItsOrganizationOnly) {
    auto [account, token] = register_ready_candidate(*s_, "nachweis@zeiten.example");
    std::string sa = worked_shift(token, "10:00", "18:00", 1);
    ASSERT_EQ(put(sa, R"({"start":"10:05","end":"18:20","breakMinutes":30})", token).status, 200);
    std::string month = sql("SELECT to_char(shift_date, 'YYYY-MM') FROM shifts s JOIN shift_applications sa ON sa.shift_id = s.id "
                            "WHERE sa.id = " + sa);
    std::string path = "/api/organizations/9801/time_records.pdf?month=" + month;
    // No render worker yet: 503 with a message for providers.
    auto none = call(port(), "GET", path, {}, bearer(*own_));
    EXPECT_EQ(none.status, 503) << none.body;

    start_render_worker();
    http_reply pdf;
    for (int i = 0; i < 100; ++i) {   // the worker connects when it is ready
        pdf = call(port(), "GET", path, {}, bearer(*own_));
        if (pdf.status != 503) break;
        std::this_thread::sleep_for(std::chrono::milliseconds(200));
    }
    ASSERT_EQ(pdf.status, 200) << pdf.body;
    EXPECT_EQ(pdf.body.rfind("%PDF", 0), 0u);
    EXPECT_NE(pdf.header("content-type").find("application/pdf"), std::string::npos);
    EXPECT_NE(pdf.header("content-disposition").find("arbeitszeiten-" + month + ".pdf"), std::string::npos);
    std::string text = pdf_text(pdf.body);
    std::string first = sql("SELECT first_name FROM candidate_profiles WHERE account_id = " + account);
    EXPECT_NE(text.find("Arbeitszeitnachweis"), std::string::npos) << text;
    EXPECT_NE(text.find("Messebau Nord GmbH"), std::string::npos) << text;
    EXPECT_NE(text.find(first), std::string::npos) << text;
    EXPECT_NE(text.find("10:05"), std::string::npos) << text;
    EXPECT_NE(text.find("18:20"), std::string::npos) << text;
    EXPECT_NE(text.find("7,75"), std::string::npos) << text;   // 8 h 15 min less 30 minutes

    // Only the organization's own members: another organization 404, a candidate 403, nobody 401.
    EXPECT_EQ(call(port(), "GET", path, {}, bearer(*other_)).status, 404);
    EXPECT_EQ(call(port(), "GET", "/api/organizations/9802/time_records.pdf?month=" + month, {}, bearer(*own_)).status, 404);
    EXPECT_EQ(call(port(), "GET", path, {}, bearer(token)).status, 403);
    EXPECT_EQ(call(port(), "GET", path).status, 401);
    expect_violation(call(port(), "GET", "/api/organizations/9801/time_records.pdf?month=2026-13", {}, bearer(*own_)), "month");
}

// ---- review 21: codes bound to the shift's times, blocked organizations, "(+1 Tag)" -----------------

TEST_F(ShiftRun, AQrCodeMadeBeforeTheShiftWasMovedNoLongerChecksIn) {
    auto [account, token] = register_ready_candidate(*s_, "verschoben@zeiten.example");
    std::string sa = worked_shift(token, "10:00", "18:00", -3);
    shift_now(sa, 0);
    std::string shift = shift_of(sa);
    auto printed = call(port(), "GET", "/api/shifts/" + shift + "/check_in_code", {}, bearer(*own_));
    ASSERT_EQ(printed.status, 200) << printed.body;
    std::string old_code = field(printed.body, "code");

    // The provider moves the shift three days ahead: the printed code is void, nothing is recorded.
    auto moved = call(port(), "PATCH", "/api/shifts/" + shift, R"({"date":")" + day(3) + R"(","start":"10:00","end":"16:00"})",
                      bearer(*own_));
    ASSERT_EQ(moved.status, 200) << moved.body;
    auto stale = scan(old_code, token);
    EXPECT_EQ(stale.status, 410) << stale.body;
    EXPECT_EQ(field(stale.body, "message"),
              "Dieser QR-Code gilt nicht mehr, weil der Einsatz verschoben wurde. Bitte frag vor Ort nach dem neuen Code deines Einsatzes.");
    EXPECT_EQ(sql("SELECT count(*) FROM shift_check_ins WHERE shift_application_id = " + sa), "0");
    // The new code counts from an hour before the new start, not now.
    auto fresh = call(port(), "GET", "/api/shifts/" + shift + "/check_in_code", {}, bearer(*own_));
    ASSERT_EQ(fresh.status, 200) << fresh.body;
    EXPECT_NE(field(fresh.body, "code"), old_code);
    EXPECT_EQ(scan(field(fresh.body, "code"), token).status, 409);

    // Checked in, then the shift is moved away: the check-in outside the new window does not stand,
    // so no later scan turns it into hours "worked" from the new start.
    shift_now(sa, 0);
    auto now_code = call(port(), "GET", "/api/shifts/" + shift + "/check_in_code", {}, bearer(*own_));
    ASSERT_EQ(now_code.status, 200) << now_code.body;
    auto in = scan(field(now_code.body, "code"), token);
    ASSERT_EQ(in.status, 200) << in.body;
    EXPECT_EQ(field(in.body, "action"), "checked_in");
    ASSERT_EQ(call(port(), "PATCH", "/api/shifts/" + shift, R"({"date":")" + day(2) + R"("})", bearer(*own_)).status, 200);
    EXPECT_EQ(sql("SELECT count(*) FROM shift_check_ins WHERE shift_application_id = " + sa), "0");
    EXPECT_EQ(scan(field(now_code.body, "code"), token).status, 410);
    (void)account;
}

TEST_F(ShiftRun, ABlockedOrganizationHandsOutNoCodeButKeepsItsRecord) {
    // 9804, its own: another case of the suite makes 9803.
    exec_sql(s_->db->url(), "INSERT INTO organizations (id, slug, name, contact_email) VALUES "
                            "(9804, 'gesperrt-zeiten', 'Gesperrte Zeiten GmbH', 'jobs@gesperrt-zeiten.example')");
    std::string member = organization_member(*s_, "chef@gesperrt-zeiten.example", 9804);
    auto [account, token] = register_ready_candidate(*s_, "gesperrt@zeiten.example");
    std::string sa = worked_shift(token, "10:00", "18:00", -3, &member, "9804");
    shift_now(sa, 1);
    std::string shift = shift_of(sa);
    auto made = call(port(), "GET", "/api/shifts/" + shift + "/check_in_code", {}, bearer(member));
    ASSERT_EQ(made.status, 200) << made.body;
    std::string month = sql("SELECT to_char(shift_date, 'YYYY-MM') FROM shifts WHERE id = " + shift);

    exec_sql(s_->db->url(), "UPDATE organizations SET active = false WHERE id = 9804");
    // The block ended the member's sessions; she signs in again (a member may still sign in).
    auto again = login(port(), "chef@gesperrt-zeiten.example", "Geheim123!");
    ASSERT_EQ(again.status, 200) << again.body;
    member = again.token;
    // No code for a blocked organization (403 with the reason, as its other shift actions) …
    auto refused = call(port(), "GET", "/api/shifts/" + shift + "/check_in_code", {}, bearer(member));
    EXPECT_EQ(refused.status, 403) << refused.body;
    EXPECT_NE(field(refused.body, "message").find("gesperrt"), std::string::npos) << refused.body;
    // … and a code made before checks nobody in ("du").
    auto scanned = scan(field(made.body, "code"), token);
    EXPECT_EQ(scanned.status, 409) << scanned.body;
    EXPECT_NE(field(scanned.body, "message").find("wende dich bitte an unseren Support"), std::string::npos) << scanned.body;
    EXPECT_EQ(sql("SELECT count(*) FROM shift_check_ins WHERE shift_application_id = " + sa), "0");
    // The § 17 MiLoG record stays readable: the duty to keep and present it outlasts the block.
    auto csv = call(port(), "GET", "/api/organizations/9804/time_records.csv?month=" + month, {}, bearer(member));
    EXPECT_EQ(csv.status, 200) << csv.body;
    EXPECT_NE(csv.body.find("Datum;Name;Beginn"), std::string::npos) << csv.body;
    (void)account;
}

TEST_F(ShiftRun, AStartAfterMidnightIsMarkedTheNextDayInTheCsvAndThePdf) {
    auto [account, token] = register_ready_candidate(*s_, "nachtschicht@zeiten.example");
    std::string sa = worked_shift(token, "20:00", "23:30", 2);
    ASSERT_EQ(put(sa, R"({"start":"20:00","end":"23:30","breakMinutes":0})", token).status, 200);
    // She came ten minutes after midnight and stayed ten minutes (corrected that way).
    exec_sql(s_->db->url(),
             "UPDATE shift_time_records SET start_at = ((work_date + 1) + time '00:08') AT TIME ZONE 'Europe/Berlin', "
             "       end_at = ((work_date + 1) + time '00:18') AT TIME ZONE 'Europe/Berlin' WHERE shift_application_id = " + sa);
    std::string month = sql("SELECT to_char(shift_date, 'YYYY-MM') FROM shifts WHERE id = " + shift_of(sa));
    std::string date = sql("SELECT to_char(shift_date, 'DD.MM.YYYY') FROM shifts WHERE id = " + shift_of(sa));
    std::string name = sql("SELECT first_name || ' ' || last_name FROM candidate_profiles WHERE account_id = " + account);
    auto csv = call(port(), "GET", "/api/organizations/9801/time_records.csv?month=" + month, {}, bearer(*own_));
    ASSERT_EQ(csv.status, 200) << csv.body;
    EXPECT_NE(csv.body.find(date + ";" + name + ";00:08 (+1 Tag);00:18 (+1 Tag);0;0,17;"), std::string::npos) << csv.body;

    start_render_worker();
    http_reply pdf;
    for (int i = 0; i < 100; ++i) {   // the worker connects when it is ready
        pdf = call(port(), "GET", "/api/organizations/9801/time_records.pdf?month=" + month, {}, bearer(*own_));
        if (pdf.status != 503) break;
        std::this_thread::sleep_for(std::chrono::milliseconds(200));
    }
    ASSERT_EQ(pdf.status, 200) << pdf.body;
    // The table's narrow cells wrap: the text's words, one space between them.
    std::string text;
    for (char c : pdf_text(pdf.body)) {
        bool space = c == ' ' || c == '\n' || c == '\t';
        if (!space) text += c;
        else if (!text.empty() && text.back() != ' ') text += ' ';
    }
    EXPECT_NE(text.find("00:08 (+1 Tag)"), std::string::npos) << text;
}

}  // namespace
}  // namespace jh::test
