// The waitlist of a full shift and its automatic refill (issue 43, item 6) from outside against the
// real server, PostgreSQL, the mail worker and the SMTP sink: joining needs a forwarded application
// and a full shift; a withdrawal (or a confirmed person declined) offers the place to the first
// waiting, by exactly one mail, with a window of 30 minutes or a quarter of the time left; the
// offer is accepted by its candidate only, refused after its window, passed on by the worker's
// pass when it expires; 20 parallel acceptances of two offers for one place confirm exactly one;
// the provider is told "… rückt nach". Every other organization and candidate gets 404.
// docs/shifts.md "Waitlist and refill".
#include <algorithm>
#include <chrono>
#include <latch>
#include <thread>

#include "tests/integration/provider_fixture.h"

namespace jh::test {
namespace {

using namespace accounts_fixture;

constexpr const char* refill_seed_sql = R"sql(
INSERT INTO organizations (id, slug, name, contact_email) VALUES
 (9851, 'warteliste-gmbh', 'Warteliste GmbH', 'dispo@warteliste.example'),
 (9852, 'andere-dispo', 'Andere Dispo KG', 'jobs@andere-dispo.example');
)sql";

class ShiftRefill : public ::testing::Test {
protected:
    static void SetUpTestSuite() {
        s_ = new stack;
        // The mail worker polls every 200 ms here, so its pass over expired offers runs every 4 s.
        s_->start("shift_refill", true, {}, schema::migrated);
        if (::testing::Test::HasFatalFailure()) return;
        exec_sql(s_->db->url(), refill_seed_sql);
        own_ = new std::string(organization_member(*s_, "chefin@warteliste.example", 9851));
        other_ = new std::string(organization_member(*s_, "chef@andere-dispo.example", 9852));
        stranger_ = new std::string(register_ready_candidate(*s_, "fremd@warte.example").second);
    }
    static void TearDownTestSuite() {
        s_->stop();
        delete s_;
        for (auto* p : {own_, other_, stranger_}) delete p;
    }
    static int port() { return s_->port; }
    static std::string sql(const std::string& q) { return s_->sql(q); }
    static std::string day(int days) {
        return sql("SELECT to_char((now() AT TIME ZONE 'Europe/Berlin')::date + " + std::to_string(days) + ", 'YYYY-MM-DD')");
    }
    // A live job of 9851 paying 15 € an hour with one shift in three days for `staff`: {job, shift}.
    static std::pair<std::string, std::string> job_with_shift(int staff, const std::string& start = "10:00") {
        std::string job = sql("INSERT INTO job_postings (slug, organization_id, title, is_published, active, published_at, base_salary, "
                              "salary_unit, salary_currency) VALUES ('warte-' || gen_random_uuid(), 9851, 'Servicekraft (m/w/d)', true, "
                              "true, now() - interval '1 day', 15, 'hour', 'EUR') RETURNING id");
        auto made = call(port(), "POST", "/api/job_postings/" + job + "/shifts",
                         R"({"date":")" + day(3) + R"(","start":")" + start + R"(","end":"16:00","staffNeeded":)" + std::to_string(staff) + "}",
                         bearer(*own_));
        EXPECT_EQ(made.status, 201) << made.body;
        return {job, field(made.body, "id")};
    }
    // A candidate who applied to `job` (forwarded), with `shift` chosen when given: the token.
    static std::string applicant(const std::string& email, const std::string& job, const std::string& shift = {}) {
        std::string token = register_ready_candidate(*s_, email).second;
        auto applied = call(port(), "POST", "/api/job_postings/" + job + "/apply", shift.empty() ? "{}" : R"({"shifts":[)" + shift + "]}",
                            bearer(token));
        EXPECT_EQ(applied.status, 201) << applied.body;
        return token;
    }
    // A candidate confirmed for `shift`: {token, shift application id}.
    static std::pair<std::string, std::string> confirmed(const std::string& email, const std::string& job, const std::string& shift) {
        std::string token = applicant(email, job, shift);
        std::string sa = sql("SELECT sa.id FROM shift_applications sa JOIN applications x ON x.id = sa.application_id "
                             "JOIN accounts a ON a.id = x.candidate_account_id WHERE sa.shift_id = " + shift + " AND a.email = '" + email + "'");
        auto r = call(port(), "PATCH", "/api/shift_applications/" + sa, R"({"status":"confirmed"})", bearer(*own_));
        EXPECT_EQ(r.status, 200) << r.body;
        return {token, sa};
    }
    static http_reply join(const std::string& shift, const std::string& token) {
        return call(port(), "POST", "/api/shifts/" + shift + "/waitlist", "", bearer(token));
    }
    static http_reply accept(const std::string& offer, const std::string& token, const std::string& body = "") {
        return call(port(), "POST", "/api/shift_offers/" + offer + "/accept", body, bearer(token));
    }
    static http_reply withdraw(const std::string& sa, const std::string& token) {
        return call(port(), "POST", "/api/shift_applications/" + sa + "/withdraw", "", bearer(token));
    }
    static std::string entry_of(const std::string& shift, const std::string& email) {
        return sql("SELECT w.id FROM shift_waitlist w JOIN applications x ON x.id = w.application_id "
                   "JOIN accounts a ON a.id = x.candidate_account_id WHERE w.shift_id = " + shift + " AND a.email = '" + email + "'");
    }
    static std::string status_of(const std::string& entry) { return sql("SELECT status FROM shift_waitlist WHERE id = " + entry); }
    static std::string confirmed_count(const std::string& shift) {
        return sql("SELECT count(*) FROM shift_applications WHERE status = 'confirmed' AND shift_id = " + shift);
    }
    static std::string offer_mails(const std::string& shift_entry_ids) {
        return sql("SELECT count(*) FROM queue_jobs WHERE split_part(idempotency_key, ':', 1) = 'shift_offer' "
                   "AND split_part(idempotency_key, ':', 2)::bigint IN (" + shift_entry_ids + ")");
    }
    // Mails to `to` whose subject contains `subject`.
    static std::size_t mails_about(const std::string& to, const std::string& subject) {
        std::size_t n = 0;
        for (const auto& f : s_->sink->message_files()) {
            auto m = read_mail(f);
            if (m.to.find(to) != std::string::npos && m.subject.find(subject) != std::string::npos) ++n;
        }
        return n;
    }
    static stack* s_;
    static std::string *own_, *other_, *stranger_;
};
stack* ShiftRefill::s_ = nullptr;
std::string* ShiftRefill::own_ = nullptr;
std::string* ShiftRefill::other_ = nullptr;
std::string* ShiftRefill::stranger_ = nullptr;

TEST_F(ShiftRefill, JoiningNeedsAForwardedApplicationAndAFullShift) {
    auto [job, shift] = job_with_shift(1);
    auto [a_token, a_sa] = confirmed("anna@warte.example", job, shift);

    // No application to the job: 422 at `application`, nothing stored.
    std::string b_token = register_ready_candidate(*s_, "ben@warte.example").second;
    auto none = join(shift, b_token);
    EXPECT_EQ(none.status, 422) << none.body;
    EXPECT_EQ(field(none.body, "/violations/0/propertyPath"), "application") << none.body;
    EXPECT_EQ(call(port(), "POST", "/api/job_postings/" + job + "/apply", "{}", bearer(b_token)).status, 201);

    // Who may call: nobody 401, a provider 403, a shift that does not exist or of a job that is not
    // live 404.
    EXPECT_EQ(call(port(), "POST", "/api/shifts/" + shift + "/waitlist").status, 401);
    EXPECT_EQ(join(shift, *own_).status, 403);
    EXPECT_EQ(join("999999999", b_token).status, 404);
    EXPECT_EQ(join("abc", b_token).status, 404);
    auto [draft_job, draft_shift] = job_with_shift(1);
    sql("UPDATE job_postings SET is_published = false WHERE id = " + draft_job + " RETURNING id");
    EXPECT_EQ(join(draft_shift, b_token).status, 404);

    // A shift with a free place: 409 (choose it instead), nothing stored.
    std::string free_shift = field(call(port(), "POST", "/api/job_postings/" + job + "/shifts",
                                        R"({"date":")" + day(4) + R"(","start":"10:00","end":"16:00","staffNeeded":2})", bearer(*own_)).body,
                                   "id");
    auto not_full = join(free_shift, b_token);
    EXPECT_EQ(not_full.status, 409) << not_full.body;
    EXPECT_NE(field(not_full.body, "message").find("freie Plätze"), std::string::npos) << not_full.body;

    // The full shift: 201 and first in the queue; again 200, the same entry.
    auto joined = join(shift, b_token);
    ASSERT_EQ(joined.status, 201) << joined.body;
    EXPECT_EQ(field(joined.body, "status"), "waiting");
    EXPECT_EQ(field(joined.body, "position"), "1");
    EXPECT_EQ(field(joined.body, "/shift/id"), shift);
    auto again = join(shift, b_token);
    EXPECT_EQ(again.status, 200) << again.body;
    EXPECT_EQ(field(again.body, "id"), field(joined.body, "id"));
    // The one who holds the place cannot queue for it.
    EXPECT_EQ(join(shift, a_token).status, 409);

    // The candidate's list; another candidate sees nothing of it.
    auto mine = call(port(), "GET", "/api/me/shift_offers", "", bearer(b_token));
    EXPECT_EQ(mine.status, 200);
    EXPECT_EQ(field(mine.body, "hydra:totalItems"), "1") << mine.body;
    EXPECT_EQ(field(call(port(), "GET", "/api/me/shift_offers", "", bearer(*stranger_)).body, "hydra:totalItems"), "0");
    EXPECT_EQ(call(port(), "GET", "/api/me/shift_offers", "", bearer(*own_)).status, 403);

    // Accepting: not before an offer (409), not another's (404), not a provider's (403), nobody 401.
    std::string entry = field(joined.body, "id");
    EXPECT_EQ(accept(entry, b_token).status, 409);
    EXPECT_EQ(accept(entry, *stranger_).status, 404);
    EXPECT_EQ(accept("999999999", b_token).status, 404);
    EXPECT_EQ(accept(entry, *own_).status, 403);
    EXPECT_EQ(call(port(), "POST", "/api/shift_offers/" + entry + "/accept").status, 401);
    // Bad input: a confirmLimits that is not a boolean 422, a body that is no JSON object 400.
    auto bad = accept(entry, b_token, R"({"confirmLimits":"ja"})");
    EXPECT_EQ(bad.status, 422) << bad.body;
    EXPECT_EQ(field(bad.body, "/violations/0/propertyPath"), "confirmLimits") << bad.body;
    EXPECT_EQ(accept(entry, b_token, "{nope").status, 400);

    // Leaving: 204, again 204; the list is empty; another candidate's leaving changes nothing.
    EXPECT_EQ(call(port(), "DELETE", "/api/shifts/" + shift + "/waitlist", "", bearer(*stranger_)).status, 204);
    EXPECT_EQ(status_of(entry), "waiting");
    EXPECT_EQ(call(port(), "DELETE", "/api/shifts/" + shift + "/waitlist", "", bearer(b_token)).status, 204);
    EXPECT_EQ(call(port(), "DELETE", "/api/shifts/" + shift + "/waitlist", "", bearer(b_token)).status, 204);
    EXPECT_EQ(status_of(entry), "left");
    EXPECT_EQ(field(call(port(), "GET", "/api/me/shift_offers", "", bearer(b_token)).body, "hydra:totalItems"), "0");
    EXPECT_EQ(call(port(), "DELETE", "/api/shifts/999999999/waitlist", "", bearer(b_token)).status, 404);
    // Joining anew puts the candidate at the end again.
    EXPECT_EQ(join(shift, b_token).status, 201);
}

TEST_F(ShiftRefill, AWithdrawalOffersThePlaceToTheFirstWaitingByExactlyOneMail) {
    auto [job, shift] = job_with_shift(1);
    auto [a_token, a_sa] = confirmed("alma@warte.example", job, shift);
    std::string b_token = applicant("bert@warte.example", job);
    std::string c_token = applicant("cleo@warte.example", job);
    ASSERT_EQ(join(shift, b_token).status, 201);
    ASSERT_EQ(join(shift, c_token).status, 201);
    std::string b_entry = entry_of(shift, "bert@warte.example"), c_entry = entry_of(shift, "cleo@warte.example");
    EXPECT_EQ(field(call(port(), "GET", "/api/me/shift_offers", "", bearer(c_token)).body, "/hydra:member/0/position"), "2");

    // A withdraws: B (first) gets the offer mail, C waits; measured from the withdrawal's answer.
    auto t0 = std::chrono::steady_clock::now();
    ASSERT_EQ(withdraw(a_sa, a_token).status, 200);
    std::string mail = wait_for_mail_to(*s_->sink, "bert@warte.example", 60s, "Ein Platz ist frei geworden");
    auto took = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - t0);
    ASSERT_FALSE(mail.empty());
    std::printf("[ShiftRefill] withdrawal → offer mail in the sink: %lld ms\n", static_cast<long long>(took.count()));
    EXPECT_NE(mail.find("/einsatz-angebot/" + b_entry), std::string::npos) << mail;
    EXPECT_NE(mail.find("Servicekraft"), std::string::npos) << mail;
    EXPECT_EQ(status_of(b_entry), "offered");
    EXPECT_EQ(status_of(c_entry), "waiting");
    // The window: 30 minutes for a shift three days ahead.
    EXPECT_EQ(sql("SELECT extract(epoch FROM expires_at - offered_at)::int FROM shift_waitlist WHERE id = " + b_entry), "1800");
    // Exactly one offer mail: queued once, and none reaches C (a pass of the worker later).
    std::this_thread::sleep_for(5s);
    EXPECT_EQ(offer_mails(b_entry + "," + c_entry), "1");
    EXPECT_EQ(mails_about("cleo@warte.example", "Ein Platz ist frei geworden"), 0u);
    EXPECT_EQ(mails_about("bert@warte.example", "Ein Platz ist frei geworden"), 1u);
    EXPECT_EQ(field(call(port(), "GET", "/api/me/shift_offers", "", bearer(b_token)).body, "/hydra:member/0/status"), "offered");

    // Only B may take it: C (still waiting) 409, another candidate 404.
    EXPECT_EQ(accept(b_entry, c_token).status, 404);
    EXPECT_EQ(accept(c_entry, c_token).status, 409);
    EXPECT_EQ(accept(b_entry, *stranger_).status, 404);

    // B accepts: confirmed, the offer accepted, the provider told "… rückt nach", the reminder queued.
    auto taken = accept(b_entry, b_token);
    ASSERT_EQ(taken.status, 200) << taken.body;
    EXPECT_EQ(field(taken.body, "status"), "accepted");
    EXPECT_EQ(confirmed_count(shift), "1");
    EXPECT_EQ(accept(b_entry, b_token).status, 200);   // twice: the same answer, nothing more
    EXPECT_EQ(confirmed_count(shift), "1");
    std::string told = wait_for_mail_to(*s_->sink, "dispo@warteliste.example", 60s, "rückt nach");
    EXPECT_FALSE(told.empty());
    EXPECT_NE(told.find("1 von 1"), std::string::npos) << told;
    EXPECT_EQ(sql("SELECT count(*) FROM queue_jobs WHERE idempotency_key = (SELECT jh_shift_reminder_key(sa.id) FROM shift_applications sa "
                  "JOIN applications x ON x.id = sa.application_id JOIN accounts a ON a.id = x.candidate_account_id "
                  "WHERE sa.shift_id = " + shift + " AND a.email = 'bert@warte.example')"),
              "1");
    auto shifts = call(port(), "GET", "/api/me/shifts", "", bearer(b_token));
    EXPECT_EQ(field(shifts.body, "/hydra:member/0/shiftApplication/status"), "confirmed") << shifts.body;

    // The provider declines B after all: the place goes to C, with one mail.
    std::string b_sa = sql("SELECT sa.id FROM shift_applications sa JOIN applications x ON x.id = sa.application_id JOIN accounts a "
                           "ON a.id = x.candidate_account_id WHERE sa.shift_id = " + shift + " AND a.email = 'bert@warte.example'");
    EXPECT_EQ(call(port(), "PATCH", "/api/shift_applications/" + b_sa, R"({"status":"declined"})", bearer(*other_)).status, 404);
    ASSERT_EQ(call(port(), "PATCH", "/api/shift_applications/" + b_sa, R"({"status":"declined"})", bearer(*own_)).status, 200);
    EXPECT_FALSE(wait_for_mail_to(*s_->sink, "cleo@warte.example", 60s, "Ein Platz ist frei geworden").empty());
    EXPECT_EQ(status_of(c_entry), "offered");
    EXPECT_EQ(offer_mails(b_entry + "," + c_entry), "2");
}

TEST_F(ShiftRefill, AnOfferAfterItsWindowIsRefusedAndPassesToTheNext) {
    auto [job, shift] = job_with_shift(1);
    auto [a_token, a_sa] = confirmed("aki@warte.example", job, shift);
    std::string b_token = applicant("bea@warte.example", job);
    std::string c_token = applicant("carl@warte.example", job);
    ASSERT_EQ(join(shift, b_token).status, 201);
    ASSERT_EQ(join(shift, c_token).status, 201);
    std::string b_entry = entry_of(shift, "bea@warte.example"), c_entry = entry_of(shift, "carl@warte.example");
    ASSERT_EQ(withdraw(a_sa, a_token).status, 200);
    ASSERT_EQ(status_of(b_entry), "offered");

    // The clock moved past B's window: B's acceptance is 410 and confirms nobody.
    sql("UPDATE shift_waitlist SET offered_at = now() - interval '31 minutes', expires_at = now() - interval '1 minute' "
        "WHERE id = " + b_entry + " RETURNING id");
    auto late = accept(b_entry, b_token);
    EXPECT_EQ(late.status, 410) << late.body;
    EXPECT_NE(field(late.body, "message").find("abgelaufen"), std::string::npos) << late.body;
    EXPECT_EQ(confirmed_count(shift), "0");

    // The worker's pass marks it expired and offers the place to C, who takes it.
    EXPECT_FALSE(wait_for_mail_to(*s_->sink, "carl@warte.example", 60s, "Ein Platz ist frei geworden").empty());
    EXPECT_EQ(status_of(b_entry), "expired");
    EXPECT_EQ(status_of(c_entry), "offered");
    EXPECT_EQ(accept(b_entry, b_token).status, 410);
    auto taken = accept(c_entry, c_token);
    EXPECT_EQ(taken.status, 200) << taken.body;
    EXPECT_EQ(confirmed_count(shift), "1");

    // A shift that starts sooner gets a shorter window: in 40 minutes → a quarter, 10 minutes.
    auto [job2, soon] = job_with_shift(1);
    auto [d_token, d_sa] = confirmed("dora@warte.example", job2, soon);
    std::string e_token = applicant("emil@warte.example", job2);
    ASSERT_EQ(join(soon, e_token).status, 201);
    sql("UPDATE shifts SET shift_date = (now() AT TIME ZONE 'Europe/Berlin' + interval '40 minutes')::date, "
        "start_time = (now() AT TIME ZONE 'Europe/Berlin' + interval '40 minutes')::time(0), "
        "end_time = (now() AT TIME ZONE 'Europe/Berlin' + interval '100 minutes')::time(0) WHERE id = " + soon + " RETURNING id");
    ASSERT_EQ(withdraw(d_sa, d_token).status, 200);
    std::string e_entry = entry_of(soon, "emil@warte.example");
    EXPECT_EQ(status_of(e_entry), "offered");
    // (The start is rounded to the second, so the quarter may be a fraction of a second over 10 minutes.)
    EXPECT_EQ(sql("SELECT expires_at - offered_at BETWEEN interval '9 minutes' AND interval '10 minutes 1 second' FROM shift_waitlist WHERE id = " +
                  e_entry),
              "t");
}

TEST_F(ShiftRefill, TwentyParallelAcceptancesOfTwoOffersConfirmExactlyOne) {
    auto [job, shift] = job_with_shift(2);
    auto [a1_token, a1_sa] = confirmed("ada@warte.example", job, shift);
    auto [a2_token, a2_sa] = confirmed("arne@warte.example", job, shift);
    std::string b_token = applicant("bo@warte.example", job);
    std::string c_token = applicant("cem@warte.example", job);
    ASSERT_EQ(join(shift, b_token).status, 201);
    ASSERT_EQ(join(shift, c_token).status, 201);
    ASSERT_EQ(withdraw(a1_sa, a1_token).status, 200);
    ASSERT_EQ(withdraw(a2_sa, a2_token).status, 200);
    std::string b_entry = entry_of(shift, "bo@warte.example"), c_entry = entry_of(shift, "cem@warte.example");
    ASSERT_EQ(status_of(b_entry), "offered");
    ASSERT_EQ(status_of(c_entry), "offered");
    // The provider now needs one person only: two open offers for one place.
    ASSERT_EQ(call(port(), "PATCH", "/api/shifts/" + shift, R"({"staffNeeded":1})", bearer(*own_)).status, 200);

    constexpr int parallel = 20;
    auto statuses = at_once(parallel, [&](int i) { return i % 2 == 0 ? accept(b_entry, b_token).status : accept(c_entry, c_token).status; });

    // Exactly one person has the place; the winner's ten calls are 200, the other's ten 409.
    EXPECT_EQ(confirmed_count(shift), "1");
    EXPECT_EQ(std::count(statuses.begin(), statuses.end(), 200), parallel / 2);
    EXPECT_EQ(std::count(statuses.begin(), statuses.end(), 409), parallel / 2);
    std::string winner = statuses[0] == 200 ? b_entry : c_entry, loser = statuses[0] == 200 ? c_entry : b_entry;
    EXPECT_EQ(status_of(winner), "accepted");
    EXPECT_EQ(status_of(loser), "missed");
    EXPECT_EQ(sql("SELECT count(*) FROM queue_jobs WHERE idempotency_key IN "
                  "(SELECT 'shift_refilled:' || id FROM shift_applications WHERE shift_id = " + shift + ")"),
              "1");
    std::printf("[ShiftRefill] 20 parallel acceptances of 2 offers for 1 place: %ld × 200, %ld × 409, %s confirmed\n",
                static_cast<long>(std::count(statuses.begin(), statuses.end(), 200)),
                static_cast<long>(std::count(statuses.begin(), statuses.end(), 409)), confirmed_count(shift).c_str());
}

// A hostile candidate keeps a place on the waitlist of a job that was closed: closing declines every
// open application; a withdrawal afterwards offers the place to nobody, and an offer made before
// the job closed cannot be accepted (410). Nobody is confirmed for a closed job's shift.
TEST_F(ShiftRefill, AClosedJobsWaitlistGetsNoOffersAndItsOffersCannotBeAccepted) {
    // Withdrawn after the close: no offer.
    auto [job, shift] = job_with_shift(1);
    auto [a_token, a_sa] = confirmed("anja-zu@warte.example", job, shift);
    std::string b_token = applicant("bruno-zu@warte.example", job);
    ASSERT_EQ(join(shift, b_token).status, 201);
    std::string b_entry = entry_of(shift, "bruno-zu@warte.example");
    ASSERT_EQ(call(port(), "POST", "/api/job_postings/" + job + "/close", "", bearer(*own_)).status, 200);
    ASSERT_EQ(withdraw(a_sa, a_token).status, 200);
    EXPECT_EQ(status_of(b_entry), "waiting");
    EXPECT_EQ(accept(b_entry, b_token).status, 409);
    EXPECT_EQ(confirmed_count(shift), "0");

    // Offered while the job was live, accepted after it closed: 410, nobody confirmed.
    auto [job2, shift2] = job_with_shift(1);
    auto [c_token, c_sa] = confirmed("carla-zu@warte.example", job2, shift2);
    std::string d_token = applicant("dirk-zu@warte.example", job2);
    ASSERT_EQ(join(shift2, d_token).status, 201);
    std::string d_entry = entry_of(shift2, "dirk-zu@warte.example");
    ASSERT_EQ(withdraw(c_sa, c_token).status, 200);
    ASSERT_EQ(status_of(d_entry), "offered");
    ASSERT_EQ(call(port(), "POST", "/api/job_postings/" + job2 + "/close", "", bearer(*own_)).status, 200);
    auto late = accept(d_entry, d_token);
    EXPECT_EQ(late.status, 410) << late.body;
    EXPECT_NE(field(late.body, "message").find("nicht mehr aktiv"), std::string::npos) << late.body;
    EXPECT_EQ(confirmed_count(shift2), "0");
}

// An administrator acting as a candidate may not commit her to work or state her hours, as she
// may not apply for her: joining a waitlist, taking an offered place, choosing shifts, entering the
// time record and objecting are 403 with the impersonation's message; nothing is stored.
TEST_F(ShiftRefill, AnAdministratorActingAsTheCandidateCannotTakeAPlaceOrStateHerHours) {
    auto [job, shift] = job_with_shift(1);
    auto [a_token, a_sa] = confirmed("amira-imp@warte.example", job, shift);
    std::string b_token = applicant("bodo-imp@warte.example", job);
    auto [admin_id, admin_token] = register_candidate(port(), "admin-imp@jobhafen.example");
    sql("UPDATE accounts SET role = 'admin', email_verified_at = now() WHERE id = " + admin_id + " RETURNING id");
    sql("DELETE FROM candidate_profiles WHERE account_id = " + admin_id + " RETURNING account_id");
    auto admin = login(port(), "admin-imp@jobhafen.example", "Geheim123!");
    ASSERT_EQ(admin.status, 200) << admin.body;
    auto as = [&](const std::string& email) {
        auto grant = call(port(), "POST", "/api/admin/impersonations", R"({"email":")" + email + R"("})", bearer(admin.token));
        EXPECT_EQ(grant.status, 201) << grant.body;
        return bearer(admin.token) + "_switch_user: " + field(grant.body, "grant") + "\r\n";
    };
    constexpr const char* refused = "Das ist während der Übernahme eines Kontos nicht möglich.";
    std::string as_b = as("bodo-imp@warte.example");
    ASSERT_EQ(call(port(), "GET", "/api/me/shift_offers", {}, as_b).status, 200);   // the impersonation works

    auto joined = call(port(), "POST", "/api/shifts/" + shift + "/waitlist", "", as_b);
    EXPECT_EQ(joined.status, 403) << joined.body;
    EXPECT_EQ(field(joined.body, "message"), refused);
    EXPECT_EQ(entry_of(shift, "bodo-imp@warte.example"), "");
    ASSERT_EQ(join(shift, b_token).status, 201);
    ASSERT_EQ(withdraw(a_sa, a_token).status, 200);
    std::string b_entry = entry_of(shift, "bodo-imp@warte.example");
    ASSERT_EQ(status_of(b_entry), "offered");
    auto taken = call(port(), "POST", "/api/shift_offers/" + b_entry + "/accept", "", as_b);
    EXPECT_EQ(taken.status, 403) << taken.body;
    EXPECT_EQ(field(taken.body, "message"), refused);
    EXPECT_EQ(status_of(b_entry), "offered");
    EXPECT_EQ(confirmed_count(shift), "0");

    // Choosing another shift of the job inside the application.
    std::string app = sql("SELECT x.id FROM applications x JOIN accounts a ON a.id = x.candidate_account_id "
                          "WHERE a.email = 'bodo-imp@warte.example' AND x.job_posting_id = " + job);
    std::string more = field(call(port(), "POST", "/api/job_postings/" + job + "/shifts",
                                  R"({"date":")" + day(5) + R"(","start":"10:00","end":"16:00","staffNeeded":2})", bearer(*own_)).body,
                             "id");
    auto chosen = call(port(), "POST", "/api/applications/" + app + "/shifts", R"({"shifts":[)" + more + "]}", as_b);
    EXPECT_EQ(chosen.status, 403) << chosen.body;
    EXPECT_EQ(sql("SELECT count(*) FROM shift_applications WHERE shift_id = " + more), "0");

    // The hours of a worked shift and the objection.
    auto [job3, past] = job_with_shift(1);
    auto [c_token, c_sa] = confirmed("carlo-imp@warte.example", job3, past);
    sql("UPDATE shifts SET shift_date = (now() AT TIME ZONE 'Europe/Berlin')::date - 2 WHERE id = " + past + " RETURNING id");
    std::string as_c = as("carlo-imp@warte.example");
    auto hours = call(port(), "PUT", "/api/shift_applications/" + c_sa + "/time_record",
                      R"({"start":"10:00","end":"17:00","breakMinutes":0})", as_c);
    EXPECT_EQ(hours.status, 403) << hours.body;
    EXPECT_EQ(sql("SELECT count(*) FROM shift_time_records WHERE shift_application_id = " + c_sa + " AND entered_by = 'candidate'"), "0");
    auto objected = call(port(), "POST", "/api/shift_applications/" + c_sa + "/time_record/objection", R"({"text":"Anders"})", as_c);
    EXPECT_EQ(objected.status, 403) << objected.body;
}

}  // namespace
}  // namespace jh::test
