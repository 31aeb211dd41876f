// Shifts (Einsätze, issue 30) from outside against the real server, PostgreSQL, Redis, the SMTP
// sink and the mail worker: who may create, change, delete and cancel a job's shifts (the right
// member; never a candidate or a member of another organization), the field bounds with their
// German messages, applying with shifts (overlap refused), also together with the registration
// (register-and-apply: a bad shift stores no account), the provider's decision per shift (a
// full shift takes no more confirmations; each decision mails the candidate), the candidate's
// own shifts and the calendar feed holding exactly the confirmed shift, the portal's calendar of an
// organization's shifts, and a candidate withdrawing a choice. docs/shifts.md.
#include <sstream>
#include <thread>

#include "tests/integration/provider_fixture.h"

namespace jh::test {
namespace {

using namespace accounts_fixture;

constexpr const char* shifts_seed_sql = R"sql(
INSERT INTO organizations (id, slug, name, contact_email) VALUES
 (9501, 'einsatz-agentur', 'Einsatz Agentur GmbH', 'jobs@einsatz-agentur.example'),
 (9502, 'fremde-agentur', 'Fremde Agentur KG', 'jobs@fremde-agentur.example');
INSERT INTO job_postings (id, slug, organization_id, title, is_published, active, published_at) VALUES
 (9601, 'promoter-9601', 9501, 'Promoter (m/w/d) für Verkostung', true, true, now() - interval '1 day'),
 (9602, 'messe-9602', 9501, 'Messehostess (m/w/d) in München', true, true, now() - interval '1 day'),
 (9603, 'fahrer-9603', 9502, 'Fahrer (m/w/d) in Hamburg', true, true, now() - interval '1 day'),
 (9604, 'kellner-9604', 9501, 'Kellner (m/w/d) für Sommerfest', true, true, now() - interval '1 day'),
 (9605, 'aufbau-9605', 9501, 'Aufbauhelfer (m/w/d) für Stadtfest', true, true, now() - interval '1 day'),
 (9606, 'kurier-9606', 9502, 'Kurier (m/w/d) in Hamburg', true, true, now() - interval '1 day');
INSERT INTO job_posting_locations (id, job_posting_id, place_id, name, street, zipcode, city, lat, lon) VALUES
 (9701, 9602, (SELECT min(id) FROM places), 'Messe München', 'Am Messesee 2', '81829', 'München', 48.137, 11.575);
)sql";

class Shifts : public ::testing::Test {
protected:
    static void SetUpTestSuite() {
        s_ = new stack;
        s_->start("shifts", true, {}, schema::migrated);
        if (::testing::Test::HasFatalFailure()) return;
        exec_sql(s_->db->url(), shifts_seed_sql);
        jana_ = new std::string(candidate("jana@einsatz.example"));
        eva_ = new std::string(candidate("eva@einsatz.example"));
        own_ = new std::string(organization_member(*s_, "chefin@einsatz-agentur.example", 9501));
        other_ = new std::string(organization_member(*s_, "chef@fremde-agentur.example", 9502));
    }
    static void TearDownTestSuite() {
        s_->stop();
        delete s_;
        for (auto* p : {jana_, eva_, own_, other_}) delete p;
    }
    // A confirmed candidate ready to apply: the access token.
    static std::string candidate(const std::string& email) {
        return register_ready_candidate(*s_, email).second;
    }
    static int port() { return s_->port; }
    static std::string sql(const std::string& q) { return s_->sql(q); }
    // Today in Berlin plus `days`, as YYYY-MM-DD.
    static std::string day(int days) {
        return sql("SELECT to_char((now() AT TIME ZONE 'Europe/Berlin')::date + " + std::to_string(days) + ", 'YYYY-MM-DD')");
    }
    static std::string shift_body(const std::string& date, const std::string& start, const std::string& end, int staff) {
        return R"({"date":")" + date + R"(","start":")" + start + R"(","end":")" + end + R"(","staffNeeded":)" + std::to_string(staff) + "}";
    }
    // Creates a shift as the organization's member: its id.
    static std::string create(const std::string& job, const std::string& body) {
        auto r = call(port(), "POST", "/api/job_postings/" + job + "/shifts", body, bearer(*own_));
        EXPECT_EQ(r.status, 201) << r.body;
        return field(r.body, "id");
    }
    static std::string shift_application(const std::string& shift, const std::string& email) {
        return sql("SELECT sa.id FROM shift_applications sa JOIN applications x ON x.id = sa.application_id "
                   "JOIN accounts a ON a.id = x.candidate_account_id WHERE sa.shift_id = " + shift + " AND a.email = '" + email + "'");
    }
    static stack* s_;
    static std::string *jana_, *eva_, *own_, *other_;
};
stack* Shifts::s_ = nullptr;
std::string* Shifts::jana_ = nullptr;
std::string* Shifts::eva_ = nullptr;
std::string* Shifts::own_ = nullptr;
std::string* Shifts::other_ = nullptr;

TEST_F(Shifts, OnlyTheJobsOrganizationWritesItsShifts) {
    std::string body = shift_body(day(20), "10:00", "18:00", 2);
    // A candidate, a member of another organization, nobody: no shift is made.
    EXPECT_EQ(call(port(), "POST", "/api/job_postings/9601/shifts", body, bearer(*jana_)).status, 403);
    EXPECT_EQ(call(port(), "POST", "/api/job_postings/9601/shifts", body, bearer(*other_)).status, 404);
    EXPECT_EQ(call(port(), "POST", "/api/job_postings/9601/shifts", body).status, 401);
    EXPECT_EQ(sql("SELECT count(*) FROM shifts WHERE job_posting_id = 9601"), "0");

    auto made = call(port(), "POST", "/api/job_postings/9601/shifts", body, bearer(*own_));
    ASSERT_EQ(made.status, 201) << made.body;
    std::string id = field(made.body, "id");
    EXPECT_EQ(field(made.body, "start"), "10:00");
    EXPECT_EQ(field(made.body, "staffNeeded"), "2");
    EXPECT_EQ(field(made.body, "freePlaces"), "2");

    // Changing, deleting, cancelling: the same rule for the shift's id.
    std::string path = "/api/shifts/" + id;
    for (const auto* who : {jana_, other_}) {
        int expected = who == jana_ ? 403 : 404;
        EXPECT_EQ(call(port(), "PATCH", path, R"({"staffNeeded":5})", bearer(*who)).status, expected);
        EXPECT_EQ(call(port(), "DELETE", path, {}, bearer(*who)).status, expected);
        EXPECT_EQ(call(port(), "POST", path + "/cancel", "{}", bearer(*who)).status, expected);
    }
    EXPECT_EQ(sql("SELECT staff_needed::text || (cancelled_at IS NULL)::text FROM shifts WHERE id = " + id), "2true");
    auto patched = call(port(), "PATCH", path, R"({"staffNeeded":3,"end":"02:00","note":"Bitte schwarze Kleidung."})", bearer(*own_));
    ASSERT_EQ(patched.status, 200) << patched.body;
    EXPECT_EQ(field(patched.body, "staffNeeded"), "3");
    EXPECT_EQ(field(patched.body, "endsNextDay"), "true");

    // Public: the upcoming shift with its free places, without applications; the organization's
    // own view with ?all=1 has them; another organization's ?all=1 is the public view.
    auto pub = call(port(), "GET", "/api/job_postings/9601/shifts");
    ASSERT_EQ(pub.status, 200) << pub.body;
    EXPECT_EQ(field(pub.body, "hydra:totalItems"), "1");
    EXPECT_EQ(field(pub.body, "/hydra:member/0/freePlaces"), "3");
    EXPECT_EQ(field(pub.body, "/hydra:member/0/applications"), "<missing>");
    EXPECT_EQ(field(call(port(), "GET", "/api/job_postings/9601/shifts?all=1", {}, bearer(*own_)).body, "/hydra:member/0/applications"),
              "[]");
    EXPECT_EQ(field(call(port(), "GET", "/api/job_postings/9601/shifts?all=1", {}, bearer(*other_)).body, "/hydra:member/0/applications"),
              "<missing>");

    // Field bounds, each with its German message at its member.
    auto bad = [&](const std::string& b, const std::string& member) {
        auto r = call(port(), "POST", "/api/job_postings/9601/shifts", b, bearer(*own_));
        EXPECT_EQ(r.status, 422) << b << " " << r.body;
        EXPECT_EQ(field(r.body, "/violations/0/propertyPath"), member) << r.body;
        EXPECT_NE(field(r.body, "/violations/0/message"), "<missing>");
    };
    bad(shift_body("2026-02-30", "10:00", "18:00", 1), "date");
    bad(shift_body(day(-1), "10:00", "18:00", 1), "date");
    bad(shift_body(day(5), "25:00", "18:00", 1), "start");
    bad(shift_body(day(5), "10:00", "1800", 1), "end");
    bad(shift_body(day(5), "10:00", "10:00", 1), "end");
    bad(shift_body(day(5), "10:00", "18:00", 0), "staffNeeded");
    bad(shift_body(day(5), "10:00", "18:00", 501), "staffNeeded");
    bad(R"({"date":")" + day(5) + R"(","start":"10:00","end":"18:00","staffNeeded":1,"note":")" + std::string(501, 'x') + R"("})", "note");
    bad(R"({"date":")" + day(5) + R"(","start":"10:00","end":"18:00","staffNeeded":1,"location":9701})", "location");

    // A place: one of the job's locations (9701 is 9602's), stored as its gazetteer place.
    if (sql("SELECT place_id IS NOT NULL FROM job_posting_locations WHERE id = 9701") == "t") {
        auto placed = call(port(), "POST", "/api/job_postings/9602/shifts",
                           R"({"date":")" + day(30) + R"(","start":"08:00","end":"12:00","staffNeeded":1,"location":9701})", bearer(*own_));
        ASSERT_EQ(placed.status, 201) << placed.body;
        EXPECT_EQ(field(placed.body, "placeId"), sql("SELECT place_id FROM job_posting_locations WHERE id = 9701"));
        EXPECT_EQ(call(port(), "DELETE", "/api/shifts/" + field(placed.body, "id"), {}, bearer(*own_)).status, 204);
    }
    // Deleting a shift nobody is confirmed for.
    EXPECT_EQ(call(port(), "DELETE", path, {}, bearer(*own_)).status, 204);
    EXPECT_EQ(sql("SELECT count(*) FROM shifts WHERE id = " + id), "0");
}

TEST_F(Shifts, ApplyingDecidingAndTheCalendarFeed) {
    std::string a = create("9602", shift_body(day(10), "10:00", "18:00", 1));
    std::string b = create("9602", shift_body(day(10), "17:00", "22:00", 2));   // overlaps a
    std::string c = create("9602", shift_body(day(11), "22:00", "06:00", 2));   // a night shift
    std::string foreign = sql("INSERT INTO shifts (job_posting_id, shift_date, start_time, end_time, staff_needed) "
                              "VALUES (9603, current_date + 40, '09:00', '10:00', 1) RETURNING id");

    // Overlapping shifts, or a shift of another job, are refused ("du", at `shifts`); nothing is stored.
    auto overlap = call(port(), "POST", "/api/job_postings/9602/apply", R"({"shifts":[)" + a + "," + b + "]}", bearer(*jana_));
    ASSERT_EQ(overlap.status, 422) << overlap.body;
    EXPECT_EQ(field(overlap.body, "/violations/0/propertyPath"), "shifts");
    EXPECT_NE(field(overlap.body, "/violations/0/message").find("überschneiden"), std::string::npos) << overlap.body;
    EXPECT_EQ(call(port(), "POST", "/api/job_postings/9602/apply", R"({"shifts":[)" + foreign + "]}", bearer(*jana_)).status, 422);
    EXPECT_EQ(sql("SELECT count(*) FROM applications WHERE job_posting_id = 9602"), "0");

    auto applied = call(port(), "POST", "/api/job_postings/9602/apply", R"({"shifts":["/api/shifts/)" + a + R"(",)" + c + "]}",
                        bearer(*jana_));
    ASSERT_EQ(applied.status, 201) << applied.body;
    ASSERT_EQ(call(port(), "POST", "/api/job_postings/9602/apply", R"({"shifts":[)" + a + "]}", bearer(*eva_)).status, 201);
    // Adding a shift later to the own application: the same overlap rule; another's application is 404.
    std::string jana_app = sql("SELECT x.id FROM applications x JOIN accounts a ON a.id = x.candidate_account_id "
                               "WHERE x.job_posting_id = 9602 AND a.email = 'jana@einsatz.example'");
    EXPECT_EQ(call(port(), "POST", "/api/applications/" + jana_app + "/shifts", R"({"shifts":[)" + b + "]}", bearer(*jana_)).status, 422);
    EXPECT_EQ(call(port(), "POST", "/api/applications/" + jana_app + "/shifts", R"({"shifts":[)" + b + "]}", bearer(*eva_)).status, 404);
    std::string d = create("9602", shift_body(day(14), "09:00", "12:00", 1));
    auto added = call(port(), "POST", "/api/applications/" + jana_app + "/shifts", R"({"shifts":[)" + d + "]}", bearer(*jana_));
    ASSERT_EQ(added.status, 200) << added.body;
    EXPECT_EQ(sql("SELECT count(*) FROM shift_applications WHERE shift_id = " + d), "1");
    EXPECT_EQ(call(port(), "DELETE", "/api/shifts/" + d, {}, bearer(*own_)).status, 204);   // only pending: deletable
    std::string jana_a = shift_application(a, "jana@einsatz.example");
    std::string jana_c = shift_application(c, "jana@einsatz.example");
    std::string eva_a = shift_application(a, "eva@einsatz.example");
    ASSERT_FALSE(jana_a.empty());

    // Deciding: the candidate and another organization cannot; the organization confirms one and
    // declines one; a full shift takes no more confirmations.
    EXPECT_EQ(call(port(), "PATCH", "/api/shift_applications/" + jana_a, R"({"status":"confirmed"})", bearer(*jana_)).status, 403);
    EXPECT_EQ(call(port(), "PATCH", "/api/shift_applications/" + jana_a, R"({"status":"confirmed"})", bearer(*other_)).status, 404);
    EXPECT_EQ(call(port(), "PATCH", "/api/shift_applications/" + jana_a, R"({"status":"maybe"})", bearer(*own_)).status, 422);
    auto confirmed = call(port(), "PATCH", "/api/shift_applications/" + jana_a, R"({"status":"confirmed"})", bearer(*own_));
    ASSERT_EQ(confirmed.status, 200) << confirmed.body;
    EXPECT_EQ(field(confirmed.body, "freePlaces"), "0");
    auto full = call(port(), "PATCH", "/api/shift_applications/" + eva_a, R"({"status":"confirmed"})", bearer(*own_));
    EXPECT_EQ(full.status, 409);
    EXPECT_EQ(field(full.body, "message"), "Dieser Einsatz ist bereits voll besetzt.") << full.body;
    EXPECT_EQ(call(port(), "PATCH", "/api/shift_applications/" + jana_c, R"({"status":"declined"})", bearer(*own_)).status, 200);
    std::string mail = wait_for_mail_to(*s_->sink, "jana@einsatz.example", 15s, "Dein Einsatz bei");
    EXPECT_FALSE(mail.empty());

    // A shift with confirmed staff cannot be deleted ("Sie"), only cancelled.
    auto del = call(port(), "DELETE", "/api/shifts/" + a, {}, bearer(*own_));
    EXPECT_EQ(del.status, 409);
    EXPECT_NE(field(del.body, "message").find("absagen"), std::string::npos) << del.body;

    // The candidate's shifts: the confirmed one (the declined one is gone from the list).
    auto mine = call(port(), "GET", "/api/me/shifts", {}, bearer(*jana_));
    ASSERT_EQ(mine.status, 200) << mine.body;
    EXPECT_EQ(field(mine.body, "hydra:totalItems"), "1") << mine.body;
    EXPECT_EQ(field(mine.body, "/hydra:member/0/id"), a);
    EXPECT_EQ(field(mine.body, "/hydra:member/0/shiftApplication/status"), "confirmed");
    EXPECT_EQ(call(port(), "GET", "/api/me/shifts", {}, bearer(*own_)).status, 403);

    // The feed: exactly the confirmed shift, RFC 5545 lines (CRLF, at most 75 octets).
    auto link = call(port(), "POST", "/api/me/calendar_token", "{}", bearer(*jana_));
    ASSERT_EQ(link.status, 201) << link.body;
    std::string token = field(link.body, "token");
    EXPECT_EQ(sql("SELECT count(*) FROM calendar_tokens WHERE token_hash = encode(sha256('" + token + "'), 'hex')"), "1");
    auto feed = call(port(), "GET", "/api/calendar/" + token + ".ics");
    ASSERT_EQ(feed.status, 200) << feed.body;
    EXPECT_NE(feed.header("content-type").find("text/calendar"), std::string::npos);
    std::size_t events = 0, pos = 0;
    while ((pos = feed.body.find("BEGIN:VEVENT", pos)) != std::string::npos) ++events, ++pos;
    EXPECT_EQ(events, 1u) << feed.body;
    EXPECT_NE(feed.body.find("UID:shift-" + a + "@127.0.0.1\r\n"), std::string::npos) << feed.body;
    EXPECT_NE(feed.body.find("DTSTART;TZID=Europe/Berlin:" + sql("SELECT replace('" + day(10) + "', '-', '')") + "T100000\r\n"),
              std::string::npos) << feed.body;
    EXPECT_NE(feed.body.find("BEGIN:VTIMEZONE\r\nTZID:Europe/Berlin\r\n"), std::string::npos);
    // The place of the shift: the job's location with its address (issue 41: a calendar entry
    // without LOCATION leaves the candidate looking for where to go).
    EXPECT_NE(feed.body.find("LOCATION:Messe München\\, Am Messesee 2\\, 81829 München\r\n"), std::string::npos) << feed.body;
    std::istringstream lines(feed.body);
    for (std::string l; std::getline(lines, l);) {
        ASSERT_FALSE(l.empty() || l.back() != '\r') << "line without CRLF: " << l;
        EXPECT_LE(l.size() - 1, 75u) << l;
    }
    // Renewing the token ends the old address.
    auto renewed = call(port(), "POST", "/api/me/calendar_token", "{}", bearer(*jana_));
    ASSERT_EQ(renewed.status, 201);
    EXPECT_EQ(call(port(), "GET", "/api/calendar/" + token + ".ics").status, 404);
    token = field(renewed.body, "token");

    // Cancelling mails the confirmed candidate; the feed no longer holds the shift.
    EXPECT_EQ(call(port(), "POST", "/api/shifts/" + a + "/cancel", "{}", bearer(*other_)).status, 404);
    auto cancelled = call(port(), "POST", "/api/shifts/" + a + "/cancel", "{}", bearer(*own_));
    ASSERT_EQ(cancelled.status, 200) << cancelled.body;
    EXPECT_NE(field(cancelled.body, "cancelledAt"), "null");
    EXPECT_FALSE(wait_for_mail_to(*s_->sink, "jana@einsatz.example", 15s, "Einsatz abgesagt").empty());
    auto after = call(port(), "GET", "/api/calendar/" + token + ".ics");
    ASSERT_EQ(after.status, 200);
    EXPECT_EQ(after.body.find("BEGIN:VEVENT"), std::string::npos) << after.body;
    EXPECT_EQ(call(port(), "PATCH", "/api/shifts/" + a, R"({"staffNeeded":4})", bearer(*own_)).status, 409);
}

TEST_F(Shifts, DeletingTheAccountRemovesItsShiftApplications) {
    std::string token = candidate("weg@einsatz.example");
    std::string s = create("9601", shift_body(day(12), "08:00", "12:00", 1));
    ASSERT_EQ(call(port(), "POST", "/api/job_postings/9601/apply", R"({"shifts":[)" + s + "]}", bearer(token)).status, 201);
    EXPECT_EQ(sql("SELECT count(*) FROM shift_applications WHERE shift_id = " + s), "1");
    // Confirmed: a reminder waits; it goes with the account as well.
    std::string sa = shift_application(s, "weg@einsatz.example");
    ASSERT_EQ(call(port(), "PATCH", "/api/shift_applications/" + sa, R"({"status":"confirmed"})", bearer(*own_)).status, 200);
    EXPECT_EQ(sql("SELECT count(*) FROM queue_jobs WHERE idempotency_key = 'shift_reminder:" + sa + "'"), "1");
    std::string id = sql("SELECT id FROM accounts WHERE email = 'weg@einsatz.example'");
    auto gone = call(port(), "PATCH", "/api/candidate_accounts/" + id + "/delete", R"({"confirmation":"delete"})", bearer(token));
    ASSERT_LT(gone.status, 300) << gone.body;
    EXPECT_EQ(sql("SELECT count(*) FROM shift_applications WHERE shift_id = " + s), "0");
    EXPECT_EQ(sql("SELECT count(*) FROM queue_jobs WHERE idempotency_key = 'shift_reminder:" + sa + "'"), "0");
}

// The reminder the evening before (docs/shifts.md, "Reminder"): confirming queues exactly one
// mail job, due 18:00 Berlin the day before; confirming again adds none; a decline or a
// cancellation removes the waiting one; editing the shift rewrites it; a shift whose evening has
// passed is reminded at once; the mail worker sends each once, and nothing for a declined shift.
TEST_F(Shifts, TheReminderTheEveningBefore) {
    const std::string to = "erinnerung@einsatz.example";
    std::string token = candidate(to);
    std::string later = create("9601", shift_body(day(5), "10:00", "18:00", 2));
    std::string cancelled = create("9601", shift_body(day(6), "10:00", "18:00", 2));
    std::string declined = create("9601", shift_body(day(7), "10:00", "18:00", 2));
    // Starts in two hours (Berlin): its evening before is over whenever the test runs.
    std::string soon = sql(
        "INSERT INTO shifts (job_posting_id, shift_date, start_time, end_time, staff_needed, note) "
        "SELECT 9601, t::date, date_trunc('minute', t)::time, date_trunc('minute', t + interval '1 hour')::time, 1, '' "
        "  FROM (SELECT (now() + interval '2 hours') AT TIME ZONE 'Europe/Berlin' AS t) n RETURNING id");
    auto applied = call(port(), "POST", "/api/job_postings/9601/apply",
                        R"({"shifts":[)" + later + "," + cancelled + "," + declined + "," + soon + "]}", bearer(token));
    ASSERT_EQ(applied.status, 201) << applied.body;
    auto decide = [&](const std::string& shift, const std::string& status) {
        return call(port(), "PATCH", "/api/shift_applications/" + shift_application(shift, to), R"({"status":")" + status + R"("})",
                    bearer(*own_)).status;
    };
    auto jobs = [&](const std::string& shift, const std::string& what = "count(*)") {
        return sql("SELECT " + what + " FROM queue_jobs WHERE idempotency_key = 'shift_reminder:' || " + shift_application(shift, to));
    };

    // Confirming: one job, due 18:00 Berlin the day before; confirming again adds none.
    ASSERT_EQ(decide(later, "confirmed"), 200);
    EXPECT_EQ(jobs(later), "1");
    EXPECT_EQ(jobs(later, "(run_at = '" + day(4) + " 18:00:00 Europe/Berlin'::timestamptz)::text || status || kind"), "truependingmail");
    ASSERT_EQ(decide(later, "confirmed"), 200);
    EXPECT_EQ(jobs(later), "1");
    // A decline removes it; the confirmation again queues one (the first was never sent).
    ASSERT_EQ(decide(later, "declined"), 200);
    EXPECT_EQ(jobs(later), "0");
    ASSERT_EQ(decide(later, "confirmed"), 200);
    EXPECT_EQ(jobs(later), "1");
    // Editing the shift: the waiting reminder follows (the new note, the new day's evening).
    ASSERT_EQ(call(port(), "PATCH", "/api/shifts/" + later, R"({"date":")" + day(8) + R"(","note":"Bitte schwarze Schuhe."})",
                   bearer(*own_)).status, 200);
    EXPECT_EQ(jobs(later, "(run_at = '" + day(7) + " 18:00:00 Europe/Berlin'::timestamptz)::text || ' ' || (payload->'data'->>'note_text')"),
              "true Hinweis: Bitte schwarze Schuhe.");

    // Cancelling the shift removes its reminder; a declined choice never had one.
    ASSERT_EQ(decide(cancelled, "confirmed"), 200);
    EXPECT_EQ(jobs(cancelled), "1");
    ASSERT_EQ(call(port(), "POST", "/api/shifts/" + cancelled + "/cancel", "{}", bearer(*own_)).status, 200);
    EXPECT_EQ(jobs(cancelled), "0");
    ASSERT_EQ(decide(declined, "declined"), 200);
    EXPECT_EQ(jobs(declined), "0");

    // Confirmed after its evening: due at once, and the worker sends it.
    ASSERT_EQ(decide(soon, "confirmed"), 200);
    EXPECT_EQ(jobs(soon, "(run_at <= now())::text"), "true");
    std::string first = wait_for_mail_to(*s_->sink, to, 15s, "Erinnerung an deinen Einsatz");
    ASSERT_FALSE(first.empty());
    EXPECT_NE(first.find("Promoter (m/w/d) für Verkostung"), std::string::npos) << first;
    EXPECT_NE(first.find("Einsatz Agentur GmbH"), std::string::npos) << first;
    EXPECT_NE(first.find("/meine-einsaetze"), std::string::npos) << first;

    // "When the clock is moved": the later shift's job made due now is sent, with its note.
    exec_sql(s_->db->url(), "UPDATE queue_jobs SET run_at = now() WHERE idempotency_key = 'shift_reminder:' || " + shift_application(later, to));
    std::string second = wait_for_mail_to(*s_->sink, to, 15s, "Schuhe");
    ASSERT_FALSE(second.empty());
    EXPECT_NE(second.find(sql("SELECT jh_shift_label(" + later + ")")), std::string::npos) << second;
    wait_until([&] { return jobs(later, "status") == "done" && jobs(soon, "status") == "done"; }, 15s);
    // Sent once each: a confirmation again after it was sent queues nothing; no mail for the
    // cancelled or the declined shift.
    ASSERT_EQ(decide(soon, "declined"), 200);
    ASSERT_EQ(decide(soon, "confirmed"), 200);
    EXPECT_EQ(jobs(soon, "count(*)::text || string_agg(status::text, ',')"), "1done");
    std::this_thread::sleep_for(4s);   // one poll interval of the mail worker
    std::size_t reminders = 0;
    for (const auto& f : s_->sink->message_files()) {
        auto m = read_mail(f);
        if (m.to.find(to) != std::string::npos && m.subject.find("Erinnerung") != std::string::npos) ++reminders;
    }
    EXPECT_EQ(reminders, 2u);
}

// The portal's calendar (GET /api/organizations/{id}/shifts?from=&to=): the organization's shifts
// dated in the window with their job and fill (confirmed, pending, staffNeeded); a window of at most
// 42 days with a German message per field; a candidate and a member of another organization 403,
// nobody 401, and no answer shows another organization's shifts.
TEST_F(Shifts, ThePortalCalendarShowsTheOrganizationsShiftsInAWindow) {
    // Days 100 to 110 belong to this test: the other tests use earlier ones.
    std::string first = create("9601", shift_body(day(101), "10:00", "18:00", 2));
    std::string second = create("9602", shift_body(day(105), "22:00", "06:00", 3));
    std::string outside = create("9601", shift_body(day(115), "10:00", "12:00", 1));
    std::string foreign = sql("INSERT INTO shifts (job_posting_id, shift_date, start_time, end_time, staff_needed) "
                              "VALUES (9603, '" + day(102) + "', '09:00', '10:00', 1) RETURNING id");
    const std::string to = "kalender@einsatz.example";
    std::string token = candidate(to);
    ASSERT_EQ(call(port(), "POST", "/api/job_postings/9601/apply", R"({"shifts":[)" + first + "]}", bearer(token)).status, 201);
    ASSERT_EQ(call(port(), "PATCH", "/api/shift_applications/" + shift_application(first, to), R"({"status":"confirmed"})", bearer(*own_)).status,
              200);
    ASSERT_EQ(call(port(), "POST", "/api/job_postings/9602/apply", R"({"shifts":[)" + second + "]}", bearer(token)).status, 201);

    const std::string path = "/api/organizations/9501/shifts?from=" + day(100) + "&to=" + day(110);
    auto r = call(port(), "GET", path, {}, bearer(*own_));
    ASSERT_EQ(r.status, 200) << r.body;
    EXPECT_EQ(field(r.body, "hydra:totalItems"), "2") << r.body;
    EXPECT_EQ(field(r.body, "/hydra:member/0/id"), first);
    EXPECT_EQ(field(r.body, "/hydra:member/0/job/title"), "Promoter (m/w/d) für Verkostung");
    EXPECT_EQ(field(r.body, "/hydra:member/0/confirmed"), "1");
    EXPECT_EQ(field(r.body, "/hydra:member/0/staffNeeded"), "2");
    EXPECT_EQ(field(r.body, "/hydra:member/0/pending"), "0");
    EXPECT_EQ(field(r.body, "/hydra:member/0/start"), "10:00");
    EXPECT_EQ(field(r.body, "/hydra:member/1/id"), second);
    EXPECT_EQ(field(r.body, "/hydra:member/1/job/id"), "9602");
    EXPECT_EQ(field(r.body, "/hydra:member/1/pending"), "1");
    EXPECT_EQ(field(r.body, "/hydra:member/1/confirmed"), "0");
    EXPECT_EQ(field(r.body, "/hydra:member/1/endsNextDay"), "true");
    EXPECT_EQ(r.body.find("/api/shifts/" + outside + "\""), std::string::npos);
    EXPECT_EQ(r.body.find("/api/shifts/" + foreign + "\""), std::string::npos);
    // A cancelled shift stays in the calendar, marked as such.
    ASSERT_EQ(call(port(), "POST", "/api/shifts/" + second + "/cancel", "{}", bearer(*own_)).status, 200);
    EXPECT_NE(field(call(port(), "GET", path, {}, bearer(*own_)).body, "/hydra:member/1/cancelledAt"), "null");

    // Who: a candidate 403; a member of another organization 403 as for the portal's other lists
    // (the organization is public, its shifts are not), and sees only its own.
    EXPECT_EQ(call(port(), "GET", path, {}, bearer(token)).status, 403);
    EXPECT_EQ(call(port(), "GET", path).status, 401);
    auto stranger = call(port(), "GET", path, {}, bearer(*other_));
    EXPECT_EQ(stranger.status, 403) << stranger.body;
    EXPECT_EQ(stranger.body.find("/api/shifts/"), std::string::npos);
    auto theirs = call(port(), "GET", "/api/organizations/9502/shifts?from=" + day(100) + "&to=" + day(110), {}, bearer(*other_));
    ASSERT_EQ(theirs.status, 200) << theirs.body;
    EXPECT_EQ(field(theirs.body, "hydra:totalItems"), "1");
    EXPECT_EQ(field(theirs.body, "/hydra:member/0/id"), foreign);

    // The window: both dates required, real, in order, at most 42 days (both ends included).
    auto bad = [&](const std::string& query, const std::string& member) {
        auto b = call(port(), "GET", "/api/organizations/9501/shifts" + query, {}, bearer(*own_));
        EXPECT_EQ(b.status, 422) << query << " " << b.body;
        EXPECT_EQ(field(b.body, "/violations/0/propertyPath"), member) << b.body;
        EXPECT_NE(field(b.body, "/violations/0/message"), "<missing>");
    };
    bad("?to=" + day(110), "from");
    bad("?from=" + day(100), "to");
    bad("?from=2026-02-30&to=2026-03-02", "from");
    bad("?from=" + day(110) + "&to=" + day(100), "to");
    bad("?from=" + day(100) + "&to=" + day(142), "to");
    bad("?from=" + std::string(5000, '2') + "&to=" + day(100), "from");
    EXPECT_EQ(call(port(), "GET", "/api/organizations/9501/shifts?from=" + day(100) + "&to=" + day(141), {}, bearer(*own_)).status, 200);
}

// Withdrawing a choice (POST /api/shift_applications/{id}/withdraw): only the candidate's own,
// only before the shift starts, not a declined one nor one of a cancelled shift; a confirmed one
// frees its place, its waiting reminder goes and the job's contact gets a mail ("Sie"); withdrawing
// again changes nothing; the provider cannot confirm a withdrawn choice.
TEST_F(Shifts, ACandidateWithdrawsAChoiceBeforeTheShiftStarts) {
    const std::string to = "absage@einsatz.example";
    std::string token = candidate(to);
    std::string confirmed = create("9601", shift_body(day(60), "10:00", "18:00", 1));
    std::string pending = create("9601", shift_body(day(61), "10:00", "18:00", 1));
    std::string declined = create("9601", shift_body(day(62), "10:00", "18:00", 1));
    std::string started = sql(
        "INSERT INTO shifts (job_posting_id, shift_date, start_time, end_time, staff_needed, note) "
        "SELECT 9601, t::date, date_trunc('minute', t)::time, date_trunc('minute', t + interval '3 hours')::time, 1, '' "
        "  FROM (SELECT (now() + interval '5 minutes') AT TIME ZONE 'Europe/Berlin' AS t) n RETURNING id");
    ASSERT_EQ(call(port(), "POST", "/api/job_postings/9601/apply",
                   R"({"shifts":[)" + confirmed + "," + pending + "," + declined + "," + started + "]}", bearer(token)).status, 201);
    auto sa = [&](const std::string& shift) { return shift_application(shift, to); };
    for (const auto& s : {confirmed, started})
        ASSERT_EQ(call(port(), "PATCH", "/api/shift_applications/" + sa(s), R"({"status":"confirmed"})", bearer(*own_)).status, 200);
    ASSERT_EQ(call(port(), "PATCH", "/api/shift_applications/" + sa(declined), R"({"status":"declined"})", bearer(*own_)).status, 200);
    EXPECT_EQ(sql("SELECT count(*) FROM queue_jobs WHERE idempotency_key = 'shift_reminder:" + sa(confirmed) + "' AND status = 'pending'"), "1");
    auto withdraw = [&](const std::string& shift, const std::string& who) {
        return call(port(), "POST", "/api/shift_applications/" + sa(shift) + "/withdraw", {}, bearer(who));
    };

    // Not someone else's: another candidate 404, a provider 403, nobody 401; nothing changes.
    EXPECT_EQ(withdraw(confirmed, *jana_).status, 404);
    EXPECT_EQ(withdraw(confirmed, *own_).status, 403);
    EXPECT_EQ(call(port(), "POST", "/api/shift_applications/" + sa(confirmed) + "/withdraw").status, 401);
    EXPECT_EQ(sql("SELECT status FROM shift_applications WHERE id = " + sa(confirmed)), "confirmed");

    // Not a declined one; not once the shift has begun (moved to have begun a minute ago).
    auto no_declined = withdraw(declined, token);
    EXPECT_EQ(no_declined.status, 409) << no_declined.body;
    exec_sql(s_->db->url(), "UPDATE shifts SET shift_date = t::date, start_time = date_trunc('minute', t)::time "
                            "  FROM (SELECT (now() - interval '1 minute') AT TIME ZONE 'Europe/Berlin' AS t) n WHERE id = " + started);
    auto too_late = withdraw(started, token);
    EXPECT_EQ(too_late.status, 409) << too_late.body;
    EXPECT_NE(field(too_late.body, "message").find("begonnen"), std::string::npos) << too_late.body;
    EXPECT_EQ(sql("SELECT status FROM shift_applications WHERE id = " + sa(started)), "confirmed");

    // A pending one: withdrawn, no mail to anyone.
    auto p = withdraw(pending, token);
    ASSERT_EQ(p.status, 200) << p.body;
    EXPECT_EQ(sql("SELECT status FROM shift_applications WHERE id = " + sa(pending)), "withdrawn");
    EXPECT_EQ(sql("SELECT count(*) FROM queue_jobs WHERE idempotency_key = 'shift_withdrawn:" + sa(pending) + "'"), "0");

    // A confirmed one: the place is free, the reminder gone, the contact mailed; the list no longer
    // holds it; withdrawing again changes nothing and mails nobody again.
    auto c = withdraw(confirmed, token);
    ASSERT_EQ(c.status, 200) << c.body;
    EXPECT_EQ(c.body.find("/api/shifts/" + confirmed + "\""), std::string::npos) << c.body;
    EXPECT_EQ(sql("SELECT status FROM shift_applications WHERE id = " + sa(confirmed)), "withdrawn");
    EXPECT_EQ(sql("SELECT count(*) FROM queue_jobs WHERE idempotency_key = 'shift_reminder:" + sa(confirmed) + "' AND status = 'pending'"), "0");
    EXPECT_EQ(sql("SELECT jh_shift_json(" + confirmed + ", false)->>'freePlaces'"), "1");
    std::string mail = wait_for_mail_to(*s_->sink, "jobs@einsatz-agentur.example", 15s, "Absage für einen Einsatz");
    ASSERT_FALSE(mail.empty());
    EXPECT_NE(mail.find(sql("SELECT jh_shift_label(" + confirmed + ")")), std::string::npos) << mail;
    EXPECT_NE(mail.find("0 von 1"), std::string::npos) << mail;
    EXPECT_EQ(withdraw(confirmed, token).status, 200);
    EXPECT_EQ(sql("SELECT count(*) FROM queue_jobs WHERE idempotency_key LIKE 'shift_withdrawn:" + sa(confirmed) + "%'"), "1");
    // The provider cannot confirm it again.
    EXPECT_EQ(call(port(), "PATCH", "/api/shift_applications/" + sa(confirmed), R"({"status":"confirmed"})", bearer(*own_)).status, 409);
    // A cancelled shift's choice cannot be withdrawn (the provider already called it off).
    std::string gone = create("9601", shift_body(day(63), "10:00", "18:00", 1));
    ASSERT_EQ(call(port(), "POST", "/api/applications/" + sql("SELECT application_id FROM shift_applications WHERE id = " + sa(pending)) + "/shifts",
                   R"({"shifts":[)" + gone + "]}", bearer(token)).status, 200);
    ASSERT_EQ(call(port(), "POST", "/api/shifts/" + gone + "/cancel", "{}", bearer(*own_)).status, 200);
    EXPECT_EQ(withdraw(gone, token).status, 409);
}

// A job that names no end of its own is valid through its last upcoming shift in the JSON-LD of
// its page (search engines drop a JobPosting past validThrough); a cancelled shift does not count.
TEST_F(Shifts, AVisitorRegistersAndAppliesWithShifts) {
    // Days 200 to 210 and job 9604 belong to this test.
    std::string a = create("9604", shift_body(day(200), "10:00", "18:00", 2));
    std::string b = create("9604", shift_body(day(201), "10:00", "18:00", 2));
    std::string overlapping = create("9604", shift_body(day(200), "17:00", "20:00", 1));
    std::string foreign = sql("INSERT INTO shifts (job_posting_id, shift_date, start_time, end_time, staff_needed) "
                              "VALUES (9603, current_date + 205, '09:00', '10:00', 1) RETURNING id");
    auto register_and_apply = [&](const std::string& email, const std::string& shifts,
                                  const std::string& born = R"("birthDate":"1995-06-01",)") {
        return call(port(), "POST", "/api/candidate_profiles/register_and_apply_on_job",
                    R"({"email":")" + email + R"(","password":"Geheim123!","passwordConfirmation":"Geheim123!",)" + born +
                        R"("firstName":"Nele","lastName":"Neu","jobPosting":"/api/job_postings/9604","notes":"Gern!",
                        "languages":[{"language":"de","level":"native"}],"shifts":)" + shifts + "}");
    };

    // A shift of another job, overlapping shifts, not a list: 422 at `shifts` with the message of
    // applying, and nothing is stored (no account, no application).
    auto bad = register_and_apply("nele@einsatz.example", "[" + a + "," + foreign + "]");
    ASSERT_EQ(bad.status, 422) << bad.body;
    EXPECT_EQ(field(bad.body, "/violations/0/propertyPath"), "shifts");
    EXPECT_EQ(field(bad.body, "/violations/0/message"), "Bitte wähle nur kommende Einsätze dieses Jobs aus.");
    auto overlap = register_and_apply("nele@einsatz.example", "[" + a + "," + overlapping + "]");
    ASSERT_EQ(overlap.status, 422) << overlap.body;
    EXPECT_NE(field(overlap.body, "/violations/0/message").find("überschneiden"), std::string::npos) << overlap.body;
    EXPECT_EQ(register_and_apply("nele@einsatz.example", R"("viele")").status, 422);
    // Shifts need the birth date (the working-time rules of minors, docs/fair-play.md): without it
    // or with an impossible one, 422 at `birthDate`, and nothing is stored.
    auto unborn = register_and_apply("nele@einsatz.example", "[" + a + "]", "");
    ASSERT_EQ(unborn.status, 422) << unborn.body;
    EXPECT_EQ(field(unborn.body, "/violations/0/propertyPath"), "birthDate");
    auto impossible = register_and_apply("nele@einsatz.example", "[" + a + "]", R"("birthDate":"1995-02-30",)");
    ASSERT_EQ(impossible.status, 422) << impossible.body;
    EXPECT_EQ(field(impossible.body, "/violations/0/propertyPath"), "birthDate");
    EXPECT_EQ(call(port(), "DELETE", "/api/shifts/" + overlapping, {}, bearer(*own_)).status, 204);
    EXPECT_EQ(sql("SELECT count(*) FROM accounts WHERE email = 'nele@einsatz.example'"), "0");
    EXPECT_EQ(sql("SELECT count(*) FROM applications WHERE job_posting_id = 9604"), "0");
    // The same 422 for an address that has an account: the answer does not tell.
    EXPECT_EQ(register_and_apply("jana@einsatz.example", "[" + foreign + "]").status, 422);

    // Two shifts of the job: the account, the held application and both choices, pending.
    auto ok = register_and_apply("nele@einsatz.example", "[" + a + R"(,"/api/shifts/)" + b + "\"]");
    ASSERT_EQ(ok.status, 201) << ok.body;
    std::string account = sql("SELECT id FROM accounts WHERE email = 'nele@einsatz.example'");
    ASSERT_FALSE(account.empty());
    EXPECT_EQ(sql("SELECT string_agg(sa.shift_id || ':' || sa.status, ',' ORDER BY sa.shift_id) FROM shift_applications sa "
                  "JOIN applications x ON x.id = sa.application_id WHERE x.candidate_account_id = " + account +
                  " AND x.job_posting_id = 9604 AND x.forwarded_at IS NULL"),
              a + ":pending," + b + ":pending");
    // The provider sees the choices once the address is confirmed (the application is forwarded).
    auto own_view = [&] { return call(port(), "GET", "/api/job_postings/9604/shifts?all=1", {}, bearer(*own_)).body; };
    EXPECT_EQ(field(own_view(), "/hydra:member/0/applications"), "[]");
    std::string token = token_after(wait_for_mail_to(*s_->sink, "nele@einsatz.example", 15s, "/email-bestaetigen/"), "/email-bestaetigen/");
    ASSERT_FALSE(token.empty());
    ASSERT_EQ(call(port(), "GET", "/api/candidate_accounts/validate_email_verification_token/" + token).status, 200);
    std::string view = own_view();
    EXPECT_EQ(field(view, "/hydra:member/0/applications/0/status"), "pending") << view;
    EXPECT_EQ(field(view, "/hydra:member/0/applications/0/candidate/firstName"), "Nele") << view;
    EXPECT_EQ(field(view, "/hydra:member/1/applications/0/status"), "pending") << view;
}

TEST_F(Shifts, TheJobPageIsValidThroughItsLastShift) {
    // A job of its own: the suite's other cases give 9603 shifts of their own.
    ASSERT_EQ(sql("SELECT valid_through IS NULL FROM job_postings WHERE id = 9606"), "t");
    auto other_agency = [&](const std::string& body) {
        auto r = call(port(), "POST", "/api/job_postings/9606/shifts", body, bearer(*other_));
        EXPECT_EQ(r.status, 201) << r.body;
        return field(r.body, "id");
    };
    other_agency(shift_body(day(40), "10:00", "18:00", 1));
    std::string cancelled = other_agency(shift_body(day(50), "10:00", "18:00", 1));
    EXPECT_EQ(call(port(), "POST", "/api/shifts/" + cancelled + "/cancel", "{}", bearer(*other_)).status, 200);

    auto page = call(port(), "GET", "/jobs/kurier-9606");
    ASSERT_EQ(page.status, 200);
    const std::string open = "<script type=\"application/ld+json\">";
    auto a = page.body.find(open);
    ASSERT_NE(a, std::string::npos) << "no JSON-LD on the job page";
    std::string ld = page.body.substr(a + open.size(), page.body.find("</script>", a) - a - open.size());
    EXPECT_EQ(field(ld, "validThrough"),
              sql("SELECT to_json(ends_at) #>> '{}' FROM shifts WHERE job_posting_id = 9606 AND cancelled_at IS NULL"))
        << ld;
}

// Issue 41, item 4: the provider's mail about a new application names the shifts the candidate
// chose (soonest first, as the mails say a shift) and leads to the application in the portal,
// where the provider confirms them and answers in the conversation, not "directly by mail".
TEST_F(Shifts, TheNewApplicationMailNamesTheChosenShiftsAndLeadsToThePortal) {
    // Job 9605 and days 220 to 221 belong to this test.
    std::string early = create("9605", shift_body(day(220), "10:00", "14:00", 2));
    std::string late = create("9605", shift_body(day(221), "18:00", "00:00", 2));
    std::string token = candidate("mia@einsatz.example");
    auto applied = call(port(), "POST", "/api/job_postings/9605/apply", R"({"shifts":[)" + late + "," + early + "]}", bearer(token));
    ASSERT_EQ(applied.status, 201) << applied.body;
    std::string link = "/recruiting/portal/bewerbungen/" + field(applied.body, "id");
    std::string mail = wait_for_mail_to(*s_->sink, "jobs@einsatz-agentur.example", 15s, link);
    ASSERT_FALSE(mail.empty()) << "no mail with the link to the application in the portal";
    std::erase(mail, '\r');   // the lines as written, whatever line ends the mail carries
    std::string lines = "Gewählte Einsätze:\n- " + sql("SELECT jh_shift_label(" + early + ")") + "\n- " +
                        sql("SELECT jh_shift_label(" + late + ")") + "\n";
    EXPECT_NE(mail.find(lines), std::string::npos) << mail;
    EXPECT_NE(mail.find("18:00–24:00 Uhr"), std::string::npos) << mail;
    EXPECT_NE(mail.find("unter „Nachrichten“"), std::string::npos) << mail;
    EXPECT_EQ(mail.find("direkt per E-Mail"), std::string::npos) << mail;
}

}  // namespace
}  // namespace jh::test
