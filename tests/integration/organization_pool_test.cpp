// The organization's pool (issue 42 item 4, issue 43 item 7; docs/shifts.md "The pool of regulars",
// docs/fair-play.md "Talent pool") from outside against the real server, PostgreSQL, the mail
// worker and the SMTP sink: a provider invites the candidate of an application nearing its
// anonymization (talent pool) or one who worked for it (regulars); another organization gets 404,
// a blocked one 403, an application not eligible 422, a second invitation 409, and of 20 parallel
// invitations exactly one is made; the candidate gets the mail, accepts, declines or revokes (each
// rule of the states), the consent is in her data export, an accepted consent pushes the
// application's anonymization 12 months out and a revocation brings the normal clock back; a shift
// offered to the pool first is refused to a non-member (409) and taken by a member, confirmed at
// once when the provider chose so — unless a working-time rule breaks.
#include <algorithm>
#include <chrono>

#include "tests/integration/export_fixture.h"
#include "tests/integration/provider_fixture.h"

namespace jh::test {
namespace {

using namespace accounts_fixture;
using namespace std::chrono_literals;

constexpr const char* pool_seed_sql = R"sql(
INSERT INTO organizations (id, slug, name, contact_email) VALUES
 (9961, 'pool-agentur', 'Pool Agentur GmbH', 'dispo@pool-agentur.example'),
 (9962, 'andere-pool-agentur', 'Andere Agentur KG', 'jobs@andere-pool.example'),
 (9963, 'gesperrte-agentur', 'Gesperrte Agentur GmbH', 'jobs@gesperrt-pool.example');
INSERT INTO job_postings (id, slug, organization_id, title, is_published, active, published_at, base_salary, salary_unit, salary_currency) VALUES
 (9971, 'pool-promoter-9971', 9961, 'Promoter (m/w/d)', true, true, now() - interval '1 day', 15, 'hour', 'EUR'),
 (9972, 'pool-messe-9972', 9961, 'Messehostess (m/w/d)', true, true, now() - interval '1 day', 15, 'hour', 'EUR'),
 (9973, 'pool-fahrer-9973', 9962, 'Fahrer (m/w/d)', true, true, now() - interval '1 day', 15, 'hour', 'EUR'),
 (9974, 'pool-kellner-9974', 9961, 'Kellner (m/w/d)', true, true, now() - interval '1 day', 15, 'hour', 'EUR'),
 (9975, 'pool-ordner-9975', 9963, 'Ordner (m/w/d)', true, true, now() - interval '1 day', 15, 'hour', 'EUR');
)sql";

class OrganizationPool : public ::testing::Test {
protected:
    static void SetUpTestSuite() {
        s_ = new stack;
        s_->start("organization_pool", true, {}, schema::migrated);
        if (::testing::Test::HasFatalFailure()) return;
        exec_sql(s_->db->url(), pool_seed_sql);
        own_ = new std::string(organization_member(*s_, "chefin@pool-agentur.example", 9961));
        other_ = new std::string(organization_member(*s_, "chef@andere-pool.example", 9962));
        blocked_ = new std::string(organization_member(*s_, "chef@gesperrt-pool.example", 9963));
    }
    static void TearDownTestSuite() {
        s_->stop();
        delete s_;
        for (auto* p : {own_, other_, blocked_}) delete p;
    }
    void SetUp() override { ASSERT_NE(s_, nullptr); }
    static int port() { return s_->port; }
    static std::string sql(const std::string& q) { return s_->sql(q); }
    static http_reply as(const std::string& token, std::string_view method, const std::string& target, std::string_view body = {}) {
        return call(port(), method, target, body, bearer(token));
    }
    static std::string day(int days) {
        return sql("SELECT to_char((now() AT TIME ZONE 'Europe/Berlin')::date + " + std::to_string(days) + ", 'YYYY-MM-DD')");
    }
    // {account id, token} of a candidate who applied to `job` (with `shift` chosen when given): the application id.
    struct applicant {
        std::string account, token, application;
    };
    static applicant apply(const std::string& email, int job, const std::string& shift = {}) {
        auto [id, token] = register_ready_candidate(*s_, email);
        sql("UPDATE candidate_profiles SET first_name = 'Frieda' WHERE account_id = " + id + " RETURNING 1");
        auto a = as(token, "POST", "/api/job_postings/" + std::to_string(job) + "/apply",
                    shift.empty() ? "{}" : R"({"shifts":[)" + shift + "]}");
        EXPECT_EQ(a.status, 201) << a.body;
        return {id, token, field(a.body, "id")};
    }
    static http_reply apply_again(const applicant& c, int job, const std::string& shift) {
        return as(c.token, "POST", "/api/job_postings/" + std::to_string(job) + "/apply", R"({"shifts":[)" + shift + "]}");
    }
    // Declined by the organization, its end moved `days` into the past.
    static void declined_days_ago(const std::string& app, int days, const std::string& token) {
        auto r = as(token, "PATCH", "/api/applications/" + app + "/status", R"({"status":"declined"})");
        ASSERT_EQ(r.status, 200) << r.body;
        sql("UPDATE applications SET ended_at = now() - interval '" + std::to_string(days) + " days' WHERE id = " + app + " RETURNING 1");
    }
    static http_reply invite(const std::string& token, int org, const std::string& app) {
        return as(token, "POST", "/api/organizations/" + std::to_string(org) + "/pool/invitations", R"({"application":)" + app + "}");
    }
    static http_reply answer(const std::string& token, const std::string& id, const std::string& what) {
        return as(token, "POST", "/api/pool_invitations/" + id + "/" + what);
    }
    static std::string anonymize_at(const std::string& app) { return field(as(*own_, "GET", "/api/applications/" + app).body, "anonymizeAt"); }
    static std::string pass() { return sql("SELECT jh_anonymize_ended_applications(500)"); }
    // The export's document (daten.json in the ZIP).
    static std::string exported(const applicant& c) {
        auto r = as(c.token, "GET", "/api/candidate_accounts/" + c.account + "/export");
        EXPECT_EQ(r.status, 200);
        return export_fixture::entry(r.body, "daten.json");
    }
    // A shift of `job` on `date` from `start` to `end` for `staff`: its id.
    static std::string shift(int job, const std::string& date, const std::string& start, const std::string& end, const std::string& token,
                             int staff = 2) {
        auto made = as(token, "POST", "/api/job_postings/" + std::to_string(job) + "/shifts",
                       R"({"date":")" + date + R"(","start":")" + start + R"(","end":")" + end + R"(","staffNeeded":)" +
                           std::to_string(staff) + "}");
        EXPECT_EQ(made.status, 201) << made.body;
        return field(made.body, "id");
    }
    static std::string choice_status(const std::string& account, const std::string& shift) {
        return sql("SELECT sa.status FROM shift_applications sa JOIN applications x ON x.id = sa.application_id "
                   " WHERE sa.shift_id = " + shift + " AND x.candidate_account_id = " + account);
    }

    static stack* s_;
    static std::string *own_, *other_, *blocked_;
};
stack* OrganizationPool::s_ = nullptr;
std::string* OrganizationPool::own_ = nullptr;
std::string* OrganizationPool::other_ = nullptr;
std::string* OrganizationPool::blocked_ = nullptr;

TEST_F(OrganizationPool, TalentPoolConsentPushesTheAnonymizationOutAndARevocationBringsItBack) {
    applicant lena = apply("lena@pool-bewerberin.example", 9971);
    applicant fresh = apply("frisch@pool-bewerberin.example", 9971);
    applicant stranger = apply("fremd@pool-bewerberin.example", 9973);
    declined_days_ago(lena.application, 160, *own_);   // anonymized in 20 days: the portal announces it
    declined_days_ago(fresh.application, 10, *own_);   // in 170 days: not yet a case for the talent pool
    EXPECT_NE(anonymize_at(lena.application), "null");

    // Bad inputs and other callers first.
    EXPECT_EQ(invite(*other_, 9961, lena.application).status, 404);    // another organization's path
    EXPECT_EQ(invite(*other_, 9962, lena.application).status, 404);    // its own path, our application
    EXPECT_EQ(invite(*own_, 9961, stranger.application).status, 404);  // someone else's application
    EXPECT_EQ(invite(*own_, 9961, "99999999").status, 404);
    EXPECT_EQ(invite(lena.token, 9961, lena.application).status, 403);
    EXPECT_EQ(as(*own_, "POST", "/api/organizations/9961/pool/invitations", R"({"application":"abc"})").status, 422);
    EXPECT_EQ(as(*own_, "POST", "/api/organizations/9961/pool/invitations", "{}").status, 422);
    EXPECT_EQ(as(*own_, "POST", "/api/organizations/9961/pool/invitations", "{nope").status, 400);
    auto early = invite(*own_, 9961, fresh.application);
    EXPECT_EQ(early.status, 422) << early.body;
    EXPECT_EQ(field(early.body, "/violations/0/propertyPath"), "application") << early.body;

    auto made = invite(*own_, 9961, lena.application);
    ASSERT_EQ(made.status, 201) << made.body;
    std::string id = field(made.body, "id");
    EXPECT_EQ(field(made.body, "kind"), "talent");
    EXPECT_EQ(field(made.body, "status"), "invited");
    EXPECT_EQ(invite(*own_, 9961, lena.application).status, 409);   // twice: one invitation per application

    // The mail with the link to the page where she answers signed in.
    std::string mail = wait_for_mail_to(*s_->sink, "lena@pool-bewerberin.example", 60s, "Einladung in den Pool");
    ASSERT_FALSE(mail.empty());
    EXPECT_NE(mail.find("/pool-einladung/" + id), std::string::npos) << mail;
    EXPECT_NE(mail.find("Pool Agentur GmbH"), std::string::npos) << mail;

    // Another candidate and the provider cannot answer; another candidate does not see it.
    EXPECT_EQ(answer(stranger.token, id, "accept").status, 404);
    EXPECT_EQ(as(stranger.token, "GET", "/api/pool_invitations/" + id).status, 404);
    EXPECT_EQ(answer(*own_, id, "accept").status, 403);
    auto seen = as(lena.token, "GET", "/api/pool_invitations/" + id);
    ASSERT_EQ(seen.status, 200) << seen.body;
    EXPECT_NE(field(seen.body, "consentText").find("12 Monate"), std::string::npos) << seen.body;
    EXPECT_EQ(answer(lena.token, id, "revoke").status, 409);   // nothing consented yet

    auto yes = answer(lena.token, id, "accept");
    ASSERT_EQ(yes.status, 200) << yes.body;
    EXPECT_EQ(field(yes.body, "status"), "accepted");
    EXPECT_EQ(field(yes.body, "member"), "true");
    EXPECT_EQ(sql("SELECT consent_until::date = (now() + interval '12 months')::date FROM pool_invitations WHERE id = " + id), "t");
    EXPECT_EQ(answer(lena.token, id, "accept").status, 200);    // twice: the same answer
    EXPECT_EQ(answer(lena.token, id, "decline").status, 409);   // a consent is revoked, not declined

    // The anonymization is 12 months out: no notice, and the pass leaves it even past the period.
    EXPECT_EQ(anonymize_at(lena.application), "null");
    sql("UPDATE applications SET ended_at = now() - interval '200 days' WHERE id = " + lena.application + " RETURNING 1");
    pass();
    EXPECT_EQ(sql("SELECT anonymized_at IS NULL FROM applications WHERE id = " + lena.application), "t");

    // The provider's pool shows her as a member; another organization's pool is not readable.
    auto pool = as(*own_, "GET", "/api/organizations/9961/pool");
    ASSERT_EQ(pool.status, 200) << pool.body;
    EXPECT_EQ(field(pool.body, "/hydra:member/0/id"), id) << pool.body;
    EXPECT_EQ(field(pool.body, "/hydra:member/0/member"), "true") << pool.body;
    EXPECT_EQ(field(pool.body, "/hydra:member/0/candidate/firstName"), "Frieda") << pool.body;
    EXPECT_EQ(as(*other_, "GET", "/api/organizations/9961/pool").status, 404);

    // The consent in her data export: text version, time, status.
    std::string data = exported(lena);
    EXPECT_EQ(field(data, "/poolConsents/0/consentTextVersion"), "talent-pool-v1") << data.substr(0, 300);
    EXPECT_EQ(field(data, "/poolConsents/0/status"), "accepted");
    EXPECT_NE(field(data, "/poolConsents/0/decidedAt"), "null");
    EXPECT_NE(field(data, "/poolConsents/0/consentText").find("Art. 7 Abs. 3 DSGVO"), std::string::npos);

    // Revoked: the normal clock again — the application, 200 days past its end, goes with the next pass.
    auto revoked = answer(lena.token, id, "revoke");
    ASSERT_EQ(revoked.status, 200) << revoked.body;
    EXPECT_EQ(field(revoked.body, "status"), "revoked");
    EXPECT_EQ(field(revoked.body, "member"), "false");
    EXPECT_EQ(answer(lena.token, id, "revoke").status, 200);
    EXPECT_EQ(answer(lena.token, id, "accept").status, 409);
    EXPECT_NE(anonymize_at(lena.application), "null");
    EXPECT_EQ(field(exported(lena), "/poolConsents/0/status"), "revoked");
    pass();
    EXPECT_EQ(sql("SELECT anonymized_at IS NOT NULL FROM applications WHERE id = " + lena.application), "t");
    EXPECT_EQ(field(as(*own_, "GET", "/api/organizations/9961/pool").body, "/hydra:member/0/member"), "false");
}

TEST_F(OrganizationPool, ADeclinedInvitationCannotBeAcceptedAndParallelInvitationsMakeOne) {
    applicant tom = apply("tom@pool-bewerber.example", 9972);
    applicant ida = apply("ida@pool-bewerber.example", 9972);
    declined_days_ago(tom.application, 170, *own_);
    declined_days_ago(ida.application, 170, *own_);

    std::string id = field(invite(*own_, 9961, tom.application).body, "id");
    auto no = answer(tom.token, id, "decline");
    ASSERT_EQ(no.status, 200) << no.body;
    EXPECT_EQ(field(no.body, "status"), "declined");
    EXPECT_EQ(answer(tom.token, id, "decline").status, 200);
    auto late = answer(tom.token, id, "accept");
    EXPECT_EQ(late.status, 409) << late.body;
    EXPECT_EQ(invite(*own_, 9961, tom.application).status, 409);   // not asked again
    EXPECT_NE(anonymize_at(tom.application), "null");                // the normal clock

    // 20 invitations of one application at once: exactly one is made.
    auto answers = at_once(20, [&](int) { return invite(*own_, 9961, ida.application).status; });
    EXPECT_EQ(std::count(answers.begin(), answers.end(), 201), 1);
    EXPECT_EQ(std::count(answers.begin(), answers.end(), 409), 19);
    EXPECT_EQ(sql("SELECT count(*) FROM pool_invitations WHERE application_id = " + ida.application), "1");

    // An organization not (or no longer) approved invites nobody: 403 while under review; a block
    // ends its members' sessions as well (401).
    // Its own job: blocking the organization closes its jobs, and the suite's cases share the data.
    applicant eve = apply("eve@pool-bewerber.example", 9975);
    declined_days_ago(eve.application, 170, *blocked_);
    sql("UPDATE organizations SET approved_at = NULL WHERE id = 9963 RETURNING 1");
    EXPECT_EQ(invite(*blocked_, 9963, eve.application).status, 403);
    sql("UPDATE organizations SET approved_at = now(), active = false WHERE id = 9963 RETURNING 1");
    int blocked = invite(*blocked_, 9963, eve.application).status;
    EXPECT_TRUE(blocked == 401 || blocked == 403) << blocked;
    EXPECT_EQ(sql("SELECT count(*) FROM pool_invitations WHERE application_id = " + eve.application), "0");
}

TEST_F(OrganizationPool, APoolFirstShiftIsRefusedToOthersAndConfirmedAtOnceForAMemberWithinTheLimits) {
    // Ben worked for the agency: a confirmed shift with approved hours.
    std::string worked = shift(9974, day(3), "10:00", "14:00", *own_);
    applicant ben = apply("ben@stammkraft.example", 9974, worked);
    std::string sa = sql("SELECT sa.id FROM shift_applications sa JOIN applications x ON x.id = sa.application_id "
                         " WHERE sa.shift_id = " + worked + " AND x.candidate_account_id = " + ben.account);
    ASSERT_EQ(as(*own_, "PATCH", "/api/shift_applications/" + sa, R"({"status":"confirmed"})").status, 200);
    // Not yet worked: no invitation (the application is open, not ending either).
    EXPECT_EQ(invite(*own_, 9961, ben.application).status, 422);
    sql("INSERT INTO shift_time_records (shift_application_id, organization_id, shift_id, worker_name, job_title, work_date, "
        "       planned_start, planned_end, start_at, end_at, status, entered_by, decided_at) "
        "SELECT sa.id, 9961, s.id, 'Ben', 'Kellner', s.shift_date, s.starts_at, s.ends_at, s.starts_at, s.ends_at, "
        "       'approved', 'provider', now() FROM shift_applications sa JOIN shifts s ON s.id = sa.shift_id WHERE sa.id = " + sa +
        " RETURNING id");
    auto made = invite(*own_, 9961, ben.application);
    ASSERT_EQ(made.status, 201) << made.body;
    EXPECT_EQ(field(made.body, "kind"), "regulars");
    ASSERT_EQ(answer(ben.token, field(made.body, "id"), "accept").status, 200);

    // A shift of another job offered to the pool for 48 hours, members confirmed at once.
    std::string pool_shift = shift(9971, day(5), "10:00", "16:00", *own_);
    EXPECT_EQ(as(*other_, "PUT", "/api/shifts/" + pool_shift + "/pool_offer", R"({"poolFirstHours":48})").status, 404);
    EXPECT_EQ(as(*own_, "PUT", "/api/shifts/" + pool_shift + "/pool_offer", R"({"poolFirstHours":500})").status, 422);
    EXPECT_EQ(as(*own_, "PUT", "/api/shifts/" + pool_shift + "/pool_offer", R"({"poolFirstHours":"viel"})").status, 422);
    EXPECT_EQ(as(*own_, "PUT", "/api/shifts/" + pool_shift + "/pool_offer", R"({"autoConfirm":"ja"})").status, 422);
    auto offered = as(*own_, "PUT", "/api/shifts/" + pool_shift + "/pool_offer", R"({"poolFirstHours":48,"autoConfirm":true})");
    ASSERT_EQ(offered.status, 200) << offered.body;
    EXPECT_NE(field(offered.body, "poolOnlyUntil"), "null") << offered.body;
    EXPECT_EQ(field(offered.body, "poolAutoConfirm"), "true") << offered.body;

    // A non-member: a clear 409, nothing stored.
    auto [cara_id, cara] = register_ready_candidate(*s_, "cara@nicht-im-pool.example");
    auto refused = as(cara, "POST", "/api/job_postings/9971/apply", R"({"shifts":[)" + pool_shift + "]}");
    EXPECT_EQ(refused.status, 409) << refused.body;
    EXPECT_NE(refused.body.find("zuerst für den Pool von Pool Agentur GmbH reserviert"), std::string::npos) << refused.body;
    EXPECT_EQ(sql("SELECT count(*) FROM applications WHERE candidate_account_id = " + cara_id), "0");

    // The member: applied and confirmed at once.
    ASSERT_EQ(apply_again(ben, 9971, pool_shift).status, 201);
    EXPECT_EQ(choice_status(ben.account, pool_shift), "confirmed");

    // The member's choice that breaks the rest time (11 hours, § 5 ArbZG) with a confirmed shift
    // at another employer stays pending for the provider to decide.
    sql("UPDATE job_postings SET organization_id = 9962 WHERE id = 9973 AND organization_id <> 9962 RETURNING 1");
    std::string evening = shift(9973, day(6), "14:00", "23:00", *other_);
    ASSERT_EQ(apply_again(ben, 9973, evening).status, 201);
    std::string evening_sa = sql("SELECT sa.id FROM shift_applications sa JOIN applications x ON x.id = sa.application_id "
                                 " WHERE sa.shift_id = " + evening + " AND x.candidate_account_id = " + ben.account);
    ASSERT_EQ(as(*other_, "PATCH", "/api/shift_applications/" + evening_sa, R"({"status":"confirmed"})").status, 200);
    std::string morning = shift(9972, day(7), "07:00", "12:00", *own_);
    ASSERT_EQ(as(*own_, "PUT", "/api/shifts/" + morning + "/pool_offer", R"({"poolFirstHours":24,"autoConfirm":true})").status, 200);
    ASSERT_EQ(apply_again(ben, 9972, morning).status, 201);
    EXPECT_EQ(choice_status(ben.account, morning), "pending");

    // Once public (the pool's time over), anyone may choose it.
    sql("UPDATE shifts SET pool_until = now() - interval '1 minute' WHERE id = " + pool_shift + " RETURNING 1");
    auto open = as(cara, "POST", "/api/job_postings/9971/apply", R"({"shifts":[)" + pool_shift + "]}");
    EXPECT_EQ(open.status, 201) << open.body;
    EXPECT_EQ(choice_status(cara_id, pool_shift), "pending");   // not a member: the provider decides
}

// The pool's time holds for the waitlist too: a non-member cannot queue for a pool-first shift
// (409 as when choosing it), and a place freed meanwhile is offered to the pool's members only;
// the non-member who queued before keeps her turn for when the shift opens.
TEST_F(OrganizationPool, APoolFirstShiftsWaitlistAndItsRefillAreThePoolsToo) {
    // Mia is in the pool (her talent-pool consent).
    applicant mia = apply("mia@pool-warteliste.example", 9974);
    declined_days_ago(mia.application, 170, *own_);
    auto invited = invite(*own_, 9961, mia.application);
    ASSERT_EQ(invited.status, 201) << invited.body;
    ASSERT_EQ(answer(mia.token, field(invited.body, "id"), "accept").status, 200);

    // A shift for one person, taken by Anna (not in the pool, chosen while it was public).
    std::string full = shift(9972, day(9), "10:00", "14:00", *own_, 1);
    applicant anna = apply("anna@pool-warteliste.example", 9972, full);
    std::string anna_sa = sql("SELECT sa.id FROM shift_applications sa JOIN applications x ON x.id = sa.application_id "
                              " WHERE sa.shift_id = " + full + " AND x.candidate_account_id = " + anna.account);
    ASSERT_EQ(as(*own_, "PATCH", "/api/shift_applications/" + anna_sa, R"({"status":"confirmed"})").status, 200);
    // Zoe (not in the pool) queued while it was public.
    applicant zoe = apply("zoe@pool-warteliste.example", 9972);
    ASSERT_EQ(as(zoe.token, "POST", "/api/shifts/" + full + "/waitlist").status, 201);

    // Now kept for the pool for 48 hours.
    ASSERT_EQ(as(*own_, "PUT", "/api/shifts/" + full + "/pool_offer", R"({"poolFirstHours":48})").status, 200);
    applicant lou = apply("lou@pool-warteliste.example", 9972);
    auto refused = as(lou.token, "POST", "/api/shifts/" + full + "/waitlist");
    EXPECT_EQ(refused.status, 409) << refused.body;
    EXPECT_NE(field(refused.body, "message").find("zuerst für den Pool von Pool Agentur GmbH reserviert"), std::string::npos)
        << refused.body;
    EXPECT_EQ(sql("SELECT count(*) FROM shift_waitlist w JOIN applications x ON x.id = w.application_id "
                  " WHERE w.shift_id = " + full + " AND x.candidate_account_id = " + lou.account),
              "0");
    // The member queues (her application to this job first).
    auto mia_app = as(mia.token, "POST", "/api/job_postings/9972/apply", "{}");
    ASSERT_EQ(mia_app.status, 201) << mia_app.body;
    ASSERT_EQ(as(mia.token, "POST", "/api/shifts/" + full + "/waitlist").status, 201);

    // Anna withdraws: the place is offered to Mia, not to Zoe who queued first.
    ASSERT_EQ(as(anna.token, "POST", "/api/shift_applications/" + anna_sa + "/withdraw").status, 200);
    auto waitlist_status = [&](const applicant& c) {
        return sql("SELECT w.status FROM shift_waitlist w JOIN applications x ON x.id = w.application_id "
                   " WHERE w.shift_id = " + full + " AND x.candidate_account_id = " + c.account);
    };
    EXPECT_EQ(waitlist_status(mia), "offered");
    EXPECT_EQ(waitlist_status(zoe), "waiting");
    // The minute pass offers nothing to Zoe while the pool's time runs, even with a place free.
    sql("UPDATE shift_waitlist SET status = 'left' WHERE shift_id = " + full + " AND status = 'offered' RETURNING 1");
    EXPECT_EQ(sql("SELECT jh_shift_refill_pass('http://x', 'mail', 'shift_offer')"), "0");
    EXPECT_EQ(waitlist_status(zoe), "waiting");
    // Once the pool's time is over, her turn comes. One transaction (two statements in one query):
    // the server's own minute pass, between the two, would make the offer itself and leave this
    // pass nothing to count (it did so once in a whole run under load).
    EXPECT_EQ(sql("UPDATE shifts SET pool_until = now() - interval '1 minute' WHERE id = " + full +
                  "; SELECT jh_shift_refill_pass('http://x', 'mail', 'shift_offer')"),
              "1");
    EXPECT_EQ(waitlist_status(zoe), "offered");
}

// Both lists of invitations are paged (?page=&itemsPerPage=, at most 100 a page): the
// organization's pool and the candidate's own invitations.
TEST_F(OrganizationPool, TheListsOfInvitationsArePaged) {
    applicant kim = apply("kim@pool-seiten.example", 9971);
    // Three invitations, each declined, and each next one through an application made after that
    // answer (a "no" holds for the applications before it, docs/decisions.md "Review 21").
    std::vector<std::string> ids;
    std::string app = kim.application;
    for (int next_job : {9972, 9974, 0}) {
        declined_days_ago(app, 170, *own_);
        auto made = invite(*own_, 9961, app);
        ASSERT_EQ(made.status, 201) << made.body;
        ids.push_back(field(made.body, "id"));
        ASSERT_EQ(answer(kim.token, ids.back(), "decline").status, 200);
        if (next_job == 0) break;
        sql("UPDATE pool_invitations SET decided_at = decided_at - interval '1 minute' WHERE id = " + ids.back() + " RETURNING 1");
        auto a = as(kim.token, "POST", "/api/job_postings/" + std::to_string(next_job) + "/apply", "{}");
        ASSERT_EQ(a.status, 201) << a.body;
        app = field(a.body, "id");
    }

    // The candidate's: two pages of two, the newest first, nothing twice.
    auto first = as(kim.token, "GET", "/api/me/pool_invitations?itemsPerPage=2");
    ASSERT_EQ(first.status, 200) << first.body;
    EXPECT_EQ(field(first.body, "hydra:totalItems"), "3");
    EXPECT_EQ(field(first.body, "page"), "1");
    EXPECT_EQ(field(first.body, "itemsPerPage"), "2");
    EXPECT_EQ(field(first.body, "/hydra:member/0/id"), ids[2]);
    EXPECT_EQ(field(first.body, "/hydra:member/1/id"), ids[1]);
    EXPECT_EQ(field(first.body, "/hydra:member/2/id"), "<missing>");
    auto second = as(kim.token, "GET", "/api/me/pool_invitations?itemsPerPage=2&page=2");
    ASSERT_EQ(second.status, 200) << second.body;
    EXPECT_EQ(field(second.body, "/hydra:member/0/id"), ids[0]);
    EXPECT_EQ(field(second.body, "/hydra:member/1/id"), "<missing>");
    EXPECT_EQ(field(as(kim.token, "GET", "/api/me/pool_invitations").body, "itemsPerPage"), "20");   // the default
    EXPECT_EQ(as(kim.token, "GET", "/api/me/pool_invitations?itemsPerPage=101").status, 400);       // the hard cap
    EXPECT_EQ(as(kim.token, "GET", "/api/me/pool_invitations?page=0").status, 400);
    EXPECT_EQ(as(kim.token, "GET", "/api/me/pool_invitations?page=abc").status, 400);

    // The organization's: pages of one walk through all of them, nothing twice.
    auto all = as(*own_, "GET", "/api/organizations/9961/pool?itemsPerPage=100");
    ASSERT_EQ(all.status, 200) << all.body;
    int total = std::stoi(field(all.body, "hydra:totalItems"));
    ASSERT_GE(total, 3);
    std::vector<std::string> seen;
    for (int page = 1; page <= total; ++page) {
        auto p = as(*own_, "GET", "/api/organizations/9961/pool?itemsPerPage=1&page=" + std::to_string(page));
        ASSERT_EQ(p.status, 200) << p.body;
        EXPECT_EQ(field(p.body, "page"), std::to_string(page));
        EXPECT_EQ(field(p.body, "/hydra:member/1/id"), "<missing>");
        seen.push_back(field(p.body, "/hydra:member/0/id"));
        EXPECT_EQ(seen.back(), field(all.body, "/hydra:member/" + std::to_string(page - 1) + "/id"));
    }
    std::sort(seen.begin(), seen.end());
    EXPECT_EQ(std::unique(seen.begin(), seen.end()), seen.end());
    for (const auto& id : ids) EXPECT_TRUE(std::binary_search(seen.begin(), seen.end(), id)) << id;
    auto beyond = as(*own_, "GET", "/api/organizations/9961/pool?page=" + std::to_string(total + 1));
    EXPECT_EQ(field(beyond.body, "/hydra:member/0/id"), "<missing>");
    EXPECT_EQ(as(*own_, "GET", "/api/organizations/9961/pool?itemsPerPage=1000").status, 400);
}

// ---- review 21 -----------------------------------------------------------------------------------

// 20 members choose one shift confirmed at once for the pool, all at the same moment: exactly as
// many as it needs are confirmed, the others wait (pending), nobody gets an error (the choice and
// the confirmation lock the shift's row in one order; before, they deadlocked: 503 for all).
TEST_F(OrganizationPool, TwentyMembersChoosingOneAutoConfirmedShiftAtOnceFillItExactly) {
    std::vector<applicant> members;
    for (int i = 0; i < 20; ++i) {
        members.push_back(apply("stamm" + std::to_string(i) + "@parallel-pool.example", 9971));
        sql("INSERT INTO pool_invitations (organization_id, application_id, candidate_account_id, kind, status, consent_text_version, "
            "       consent_text, decided_at, consent_until) VALUES (9961, " + members.back().application + ", " + members.back().account +
            ", 'regulars', 'accepted', 'regulars-pool-v1', 'Test', now(), now() + interval '12 months') RETURNING id");
    }
    std::string rush = shift(9972, day(9), "10:00", "16:00", *own_, 3);
    ASSERT_EQ(as(*own_, "PUT", "/api/shifts/" + rush + "/pool_offer", R"({"poolFirstHours":48,"autoConfirm":true})").status, 200);
    auto applied = at_once(20, [&](int i) { return apply_again(members[i], 9972, rush).status; });
    EXPECT_EQ(std::count(applied.begin(), applied.end(), 201), 20);
    EXPECT_EQ(sql("SELECT count(*) FILTER (WHERE status = 'confirmed') || ' ' || count(*) FILTER (WHERE status = 'pending') "
                  "  FROM shift_applications WHERE shift_id = " + rush),
              "3 17");

    // The same through adding a shift to the application (POST /api/applications/{id}/shifts).
    std::vector<std::string> apps;
    for (const auto& m : members)
        apps.push_back(sql("SELECT id FROM applications WHERE job_posting_id = 9972 AND candidate_account_id = " + m.account));
    sql("UPDATE applications SET forwarded_at = coalesce(forwarded_at, now()) WHERE job_posting_id = 9972 RETURNING 1");
    std::string second = shift(9972, day(10), "10:00", "16:00", *own_, 2);
    ASSERT_EQ(as(*own_, "PUT", "/api/shifts/" + second + "/pool_offer", R"({"poolFirstHours":48,"autoConfirm":true})").status, 200);
    auto added = at_once(20, [&](int i) {
        return as(members[i].token, "POST", "/api/applications/" + apps[i] + "/shifts", R"({"shifts":[)" + second + "]}").status;
    });
    EXPECT_EQ(std::count(added.begin(), added.end(), 200), 20);
    EXPECT_EQ(sql("SELECT count(*) FILTER (WHERE status = 'confirmed') || ' ' || count(*) FILTER (WHERE status = 'pending') "
                  "  FROM shift_applications WHERE shift_id = " + second),
              "2 18");
}

// Moved earlier, a shift kept for the pool is kept at most until its new start, and a non-member
// hears no promise of an opening after the shift has begun.
TEST_F(OrganizationPool, MovingAPoolFirstShiftEarlierEndsThePoolTimeByItsStart) {
    std::string later = shift(9971, day(12), "10:00", "16:00", *own_);
    auto offered = as(*own_, "PUT", "/api/shifts/" + later + "/pool_offer", R"({"poolFirstHours":168})");
    ASSERT_EQ(offered.status, 200) << offered.body;
    EXPECT_EQ(sql("SELECT pool_until < starts_at FROM shifts WHERE id = " + later), "t");
    auto moved = as(*own_, "PATCH", "/api/shifts/" + later, R"({"date":")" + day(2) + R"("})");
    ASSERT_EQ(moved.status, 200) << moved.body;
    EXPECT_EQ(sql("SELECT pool_until <= starts_at FROM shifts WHERE id = " + later), "t");
    EXPECT_EQ(field(moved.body, "poolOnlyUntil"), field(moved.body, "startsAt")) << moved.body;
    auto [nina_id, nina] = register_ready_candidate(*s_, "nina@nicht-im-pool.example");
    auto refused = as(nina, "POST", "/api/job_postings/9971/apply", R"({"shifts":[)" + later + "]}");
    EXPECT_EQ(refused.status, 409) << refused.body;
    EXPECT_EQ(field(refused.body, "message"), "Dieser Einsatz ist dem Pool von Pool Agentur GmbH vorbehalten. Bitte wähle einen anderen Einsatz.");
    (void)nina_id;
}

// A "no" is respected across the candidate's applications: after a decline or a revocation the
// organization cannot invite her again through another application she had made (409, no new
// invitation, so no mail: the mail is queued with the invitation's row); an application she makes afterwards may bring one.
TEST_F(OrganizationPool, ADeclineOrRevocationIsNotAskedAgainThroughAnotherApplication) {
    const std::string respected = "Diese Person hat eine Einladung in Ihren Pool abgelehnt oder ihre Einwilligung widerrufen. Sie "
                                  "können sie erst wieder einladen, wenn sie sich erneut bei Ihnen bewirbt oder 12 Monate vergangen sind.";
    applicant kim = apply("kim@nein-heisst-nein.example", 9971);
    std::string kim_second = field(apply_again(kim, 9972, "").body, "id");
    ASSERT_NE(kim_second, "<missing>");
    declined_days_ago(kim.application, 170, *own_);
    declined_days_ago(kim_second, 170, *own_);
    std::string first = field(invite(*own_, 9961, kim.application).body, "id");
    ASSERT_EQ(answer(kim.token, first, "decline").status, 200);
    auto again = invite(*own_, 9961, kim_second);
    EXPECT_EQ(again.status, 409) << again.body;
    EXPECT_EQ(field(again.body, "message"), respected);
    EXPECT_EQ(sql("SELECT count(*) FROM pool_invitations WHERE candidate_account_id = " + kim.account), "1");

    // Revoked: the same.
    applicant lea = apply("lea@nein-heisst-nein.example", 9971);
    std::string lea_second = field(apply_again(lea, 9972, "").body, "id");
    declined_days_ago(lea.application, 170, *own_);
    declined_days_ago(lea_second, 170, *own_);
    std::string lea_first = field(invite(*own_, 9961, lea.application).body, "id");
    ASSERT_EQ(answer(lea.token, lea_first, "accept").status, 200);
    ASSERT_EQ(answer(lea.token, lea_first, "revoke").status, 200);
    auto after_revoke = invite(*own_, 9961, lea_second);
    EXPECT_EQ(after_revoke.status, 409) << after_revoke.body;
    EXPECT_EQ(field(after_revoke.body, "message"), respected);

    // She applies again after her "no": that application may bring a new invitation.
    sql("UPDATE pool_invitations SET decided_at = decided_at - interval '1 minute' WHERE id = " + first + " RETURNING 1");
    auto third = apply_again(kim, 9974, "");
    ASSERT_EQ(third.status, 201) << third.body;
    declined_days_ago(field(third.body, "id"), 170, *own_);
    EXPECT_EQ(invite(*own_, 9961, field(third.body, "id")).status, 201);
}

}  // namespace
}  // namespace jh::test
