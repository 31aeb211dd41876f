// Integration tests of the candidate actions: every apply error, the 10-in-30-minutes
// limit under 20 parallel requests, register-and-apply held until the address is confirmed, job
// alerts with double opt-in and the digest worker, ratings, favourites, contact and forms,
// provider registration, invoices and the billing account, the dashboard, and that one candidate
// cannot touch another's objects. Real server, PostgreSQL, Redis, SMTP sink and mail worker.
#include <sys/wait.h>

#include <thread>

#include "tests/integration/accounts_fixture.h"
#include "tests/integration/export_fixture.h"
#include "reactor/source_dir.h"

namespace jh::test {
namespace {

using namespace accounts_fixture;

constexpr const char* candidate_actions_seed_sql = R"sql(
INSERT INTO organizations (id, slug, name, contact_name, contact_email) VALUES
 (9001, 'testfirma', 'Testfirma GmbH', 'Erika Muster', 'jobs@testfirma.example'),
 (9002, 'zweitfirma', 'Zweitfirma KG', NULL, 'info@zweitfirma.example');
INSERT INTO job_postings (id, slug, organization_id, title, is_published, active, published_at) VALUES
 (9101, 'promoter-berlin-9101', 9001, 'Promoter (m/w/d) in Berlin', true, true, now() - interval '1 day'),
 (9102, 'alter-job-9102', 9001, 'Abgelaufener Job', true, false, now() - interval '10 days'),
 (9103, 'anderer-job-9103', 9002, 'Messehostess (m/w/d) in Hamburg', true, true, now() - interval '1 day'),
 (9104, 'barista-altjob-9104', 9001, 'Barista Altjob', true, true, now() - interval '2 days');
INSERT INTO job_posting_locations (id, job_posting_id, city, lat, lon) VALUES
 (9201, 9101, 'Berlin', 52.52, 13.40), (9202, 9103, 'Hamburg', 53.55, 9.99);
INSERT INTO job_postings (id, slug, organization_id, title, is_published, active, published_at)
SELECT 9300 + g, 'limit-job-' || g, 9001, 'Limit-Job ' || g, true, true, now() - interval '1 day' FROM generate_series(1, 20) AS g;
)sql";

class CandidateActions : public ::testing::Test {
protected:
    static void SetUpTestSuite() {
        s_ = new stack;
        s_->start("candact", true, {}, schema::migrated);
        if (!::testing::Test::HasFatalFailure()) exec_sql(s_->db->url(), candidate_actions_seed_sql);
    }
    static void TearDownTestSuite() {
        s_->stop();
        delete s_;
    }
    static int port() { return s_->port; }
    static std::string sql(const std::string& q) { return s_->sql(q); }

    // A candidate whose address is confirmed and whose profile has the data for applying.
    static std::pair<std::string, std::string> ready_candidate(const std::string& email) {
        return register_ready_candidate(*s_, email);
    }
    static http_reply apply(const std::string& token, int job, const std::string& body = R"({"notes":"Hallo!"})") {
        return call(port(), "POST", "/api/job_postings/" + std::to_string(job) + "/apply", body, bearer(token));
    }
    // Every mail to `to` whose subject contains `subject`.
    static std::vector<std::string> mails(const std::string& to, const std::string& subject) {
        std::vector<std::string> out;
        for (const auto& f : s_->sink->message_files()) {
            auto m = read_mail(f);
            if (m.to.find(to) != std::string::npos && m.subject.find(subject) != std::string::npos)
                out.push_back(m.subject + "\n" + m.text);
        }
        return out;
    }
    static bool wait_mail(const std::string& to, const std::string& subject) {
        return wait_until([&] { return !mails(to, subject).empty(); }, 15s);
    }
    static std::pair<int, std::string> run_alerts_once() {
        return run_jobhafen({{"JOBHAFEN_DATABASE_URL", s_->db->url()}, {"JOBHAFEN_HTTP_PUBLIC_ORIGIN", s_->origin}},
                            {"worker", "alerts", "--once"});
    }
    static stack* s_;
};
stack* CandidateActions::s_ = nullptr;

// ---- applying -----------------------------------------------------------------------------------------

TEST_F(CandidateActions, EachApplyErrorHasItsOwnAnswer) {
    auto [id, token] = register_candidate(port(), "bewerberin@example.de");
    // Not logged in.
    EXPECT_EQ(call(port(), "POST", "/api/job_postings/9101/apply", "{}").status, 401);
    // Email not verified: 403.
    auto r = apply(token, 9101);
    EXPECT_EQ(r.status, 403) << r.body;
    EXPECT_EQ(field(r.body, "message"), "Bitte bestätige zuerst deine E-Mail-Adresse, bevor du dich bewirbst.");
    exec_sql(s_->db->url(), "UPDATE accounts SET email_verified_at = now() WHERE id = " + id);
    // Profile data incomplete: 422 on hasRelevantDataForApplication.
    r = apply(token, 9101);
    EXPECT_EQ(r.status, 422) << r.body;
    EXPECT_EQ(field(r.body, "/violations/0/propertyPath"), "hasRelevantDataForApplication");
    EXPECT_NE(field(r.body, "/violations/0/message").find("Profildaten sind unvollständig"), std::string::npos);
    exec_sql(s_->db->url(), "UPDATE candidate_profiles SET has_relevant_data_for_application = true WHERE account_id = " + id);
    // Posting no longer active: 410. Unknown: 404.
    r = apply(token, 9102);
    EXPECT_EQ(r.status, 410) << r.body;
    EXPECT_EQ(field(r.body, "message"), "Dieser Job ist leider nicht mehr aktiv.");
    EXPECT_EQ(apply(token, 99999).status, 404);
    // A location of another job: 422 on locations.
    r = apply(token, 9101, R"({"notes":"Hallo","locations":["/api/job_posting_locations/9202"]})");
    EXPECT_EQ(r.status, 422) << r.body;
    EXPECT_EQ(field(r.body, "/violations/0/propertyPath"), "locations");
    EXPECT_EQ(field(r.body, "/violations/0/message"), "Der gewählte Einsatzort gehört nicht zu diesem Job.");
    EXPECT_EQ(apply(token, 9101, R"({"locations":"kaputt"})").status, 422);
    EXPECT_EQ(apply(token, 9101, R"({"notes":)").status, 400);
    // Success: stored with its location, mails to provider ("Sie") and candidate ("du").
    r = apply(token, 9101, R"({"data":{"notes":"Ich habe Erfahrung als Promoterin.","locations":[9201]}})");
    ASSERT_EQ(r.status, 201) << r.body;
    EXPECT_EQ(field(r.body, "status"), "sent");
    EXPECT_EQ(field(r.body, "/locations/0/city"), "Berlin");
    EXPECT_EQ(field(r.body, "/jobPosting/title"), "Promoter (m/w/d) in Berlin");
    // Already applied: 409.
    r = apply(token, 9101);
    EXPECT_EQ(r.status, 409) << r.body;
    EXPECT_EQ(field(r.body, "message"), "Du hast dich bereits auf diesen Job beworben.");
    EXPECT_EQ(sql("SELECT count(*) FROM applications WHERE candidate_account_id = " + id), "1");

    ASSERT_TRUE(wait_mail("jobs@testfirma.example", "Neue Bewerbung: Promoter (m/w/d) in Berlin"));
    auto provider = mails("jobs@testfirma.example", "Neue Bewerbung")[0];
    EXPECT_NE(provider.find("Guten Tag Erika Muster"), std::string::npos);
    EXPECT_NE(provider.find("Ihre Stellenanzeige"), std::string::npos);
    EXPECT_NE(provider.find("Ich habe Erfahrung als Promoterin."), std::string::npos);
    EXPECT_NE(provider.find("bewerberin@example.de"), std::string::npos);
    ASSERT_TRUE(wait_mail("bewerberin@example.de", "Deine Bewerbung"));
    EXPECT_NE(mails("bewerberin@example.de", "Deine Bewerbung")[0].find("deine Bewerbung auf"), std::string::npos);

    // My applications: paged, with status.
    auto list = call(port(), "GET", "/api/applications/my?itemsPerPage=5", {}, bearer(token));
    ASSERT_EQ(list.status, 200) << list.body;
    EXPECT_EQ(field(list.body, "hydra:totalItems"), "1");
    EXPECT_EQ(field(list.body, "/hydra:member/0/status"), "sent");
    EXPECT_EQ(call(port(), "GET", "/api/applications/my?page=0", {}, bearer(token)).status, 400);
    // One job's application (the job page says "Du hast dich am … beworben"); another job has none.
    auto one = call(port(), "GET", "/api/applications/my?jobPosting=9101", {}, bearer(token));
    ASSERT_EQ(one.status, 200) << one.body;
    EXPECT_EQ(field(one.body, "hydra:totalItems"), "1");
    EXPECT_EQ(field(one.body, "/hydra:member/0/jobPosting/id"), "9101");
    auto none = call(port(), "GET", "/api/applications/my?jobPosting=9102", {}, bearer(token));
    ASSERT_EQ(none.status, 200) << none.body;
    EXPECT_EQ(field(none.body, "hydra:totalItems"), "0");
    EXPECT_EQ(call(port(), "GET", "/api/applications/my?jobPosting=abc", {}, bearer(token)).status, 400);
}

TEST_F(CandidateActions, TwentyParallelApplicationsStoreExactlyTen) {
    auto [id, token] = ready_candidate("schnell@example.de");
    std::vector<int> statuses(20);
    std::vector<std::thread> threads;
    for (int i = 0; i < 20; ++i)
        threads.emplace_back([&, &token = token, i] { statuses[i] = apply(token, 9301 + i).status; });
    for (auto& t : threads) t.join();
    EXPECT_EQ(std::count(statuses.begin(), statuses.end(), 201), 10);
    EXPECT_EQ(std::count(statuses.begin(), statuses.end(), 429), 10);
    EXPECT_EQ(sql("SELECT count(*) FROM applications WHERE candidate_account_id = " + id), "10");
    auto r = apply(token, 9101);
    EXPECT_EQ(r.status, 429);
    EXPECT_NE(field(r.body, "message").find("10-mal"), std::string::npos);
}

TEST_F(CandidateActions, AnApplicationStatusIsSetByTheOwnOrganizationOnly) {
    auto [id, token] = ready_candidate("status@example.de");
    auto r = apply(token, 9101);
    ASSERT_EQ(r.status, 201) << r.body;
    std::string app = field(r.body, "id");
    // The candidate cannot; a member of another organization gets 404; the own organization can,
    // through the portal's route (the old administrators' route is gone: 404).
    EXPECT_EQ(call(port(), "PATCH", "/api/applications/" + app + "/status", R"({"status":"seen"})", bearer(token)).status, 403);
    auto [other, other_token] = register_candidate(port(), "fremd@example.de");
    exec_sql(s_->db->url(), "UPDATE accounts SET role = 'organization_member', organization_id = 9002, email_verified_at = now() WHERE id = " + other);
    auto login_other = login(port(), "fremd@example.de", "Geheim123!");
    EXPECT_EQ(call(port(), "PATCH", "/api/applications/" + app + "/status", R"({"status":"seen"})", bearer(login_other.token)).status, 404);
    exec_sql(s_->db->url(), "UPDATE accounts SET organization_id = 9001 WHERE id = " + other);
    EXPECT_EQ(call(port(), "PATCH", "/api/admin/applications/" + app + "/status", R"({"status":"seen"})", bearer(login_other.token)).status,
              404);
    auto ok = call(port(), "PATCH", "/api/applications/" + app + "/status", R"({"status":"seen"})", bearer(login_other.token));
    ASSERT_EQ(ok.status, 200) << ok.body;
    EXPECT_EQ(call(port(), "PATCH", "/api/applications/" + app + "/status", R"({"status":"accepted"})", bearer(login_other.token)).status,
              422);
    auto list = call(port(), "GET", "/api/applications/my", {}, bearer(token));
    EXPECT_EQ(field(list.body, "/hydra:member/0/status"), "seen");
}

// ---- register and apply ------------------------------------------------------------------------------

TEST_F(CandidateActions, RegisterAndApplyReachesTheProviderOnlyAfterConfirmation) {
    auto r = call(port(), "POST", "/api/candidate_profiles/register_and_apply_on_job",
                  R"({"email":"neu@example.de","password":"Geheim123!","passwordConfirmation":"Geheim123!",
                      "firstName":"Nora","lastName":"Neu","jobPosting":"/api/job_postings/9103",
                      "notes":"Ich komme gern.","locations":[9202],"languages":[{"language":"de","level":"native"}]})");
    ASSERT_EQ(r.status, 201) << r.body;
    EXPECT_EQ(r.body.find("token"), std::string::npos) << r.body;   // registration signs no one in
    std::string id = sql("SELECT id FROM accounts WHERE email = 'neu@example.de'");
    EXPECT_EQ(sql("SELECT count(*) FROM applications WHERE candidate_account_id = " + id + " AND forwarded_at IS NULL"), "1");
    // The languages went into the new profile.
    EXPECT_EQ(sql("SELECT sedcard->'languages'->0->>'level' FROM candidate_profiles WHERE account_id = " + id), "native");

    // The verification mail goes out; the provider hears nothing.
    ASSERT_TRUE(wait_mail("neu@example.de", "bestätige"));
    std::this_thread::sleep_for(1500ms);
    EXPECT_EQ(mails_to(*s_->sink, "info@zweitfirma.example"), 0u);

    // A bad registration stores nothing: no account, no application.
    auto bad = call(port(), "POST", "/api/candidate_profiles/register_and_apply_on_job",
                    R"({"email":"kaputt","password":"x","passwordConfirmation":"y","firstName":"","lastName":"B","jobPosting":9103})");
    EXPECT_EQ(bad.status, 422);
    EXPECT_EQ(sql("SELECT count(*) FROM applications WHERE job_posting_id = 9103"), "1");
    // Without a language (candidate-side.md section 5), or with one the server does not know: 422.
    auto no_language = call(port(), "POST", "/api/candidate_profiles/register_and_apply_on_job",
                            R"({"email":"ohne@example.de","password":"Geheim123!","passwordConfirmation":"Geheim123!","firstName":"A","lastName":"B","jobPosting":9103})");
    EXPECT_EQ(no_language.status, 422);
    EXPECT_EQ(field(no_language.body, "/violations/0/propertyPath"), "languages");
    EXPECT_EQ(field(no_language.body, "/violations/0/message"), "Bitte gib mindestens eine Sprache an, die du sprichst.");
    auto unknown = call(port(), "POST", "/api/candidate_profiles/register_and_apply_on_job",
                        R"({"email":"ohne@example.de","password":"Geheim123!","passwordConfirmation":"Geheim123!","firstName":"A","lastName":"B","jobPosting":9103,"languages":[{"language":"xx","level":"native"}]})");
    EXPECT_EQ(unknown.status, 422);
    EXPECT_EQ(field(unknown.body, "/violations/0/propertyPath"), "languages[0].language");
    EXPECT_EQ(sql("SELECT count(*) FROM accounts WHERE email = 'ohne@example.de'"), "0");
    EXPECT_EQ(call(port(), "POST", "/api/candidate_profiles/register_and_apply_on_job",
                   R"({"email":"spaet@example.de","password":"Geheim123!","passwordConfirmation":"Geheim123!","firstName":"A","lastName":"B","jobPosting":9102,"languages":[{"language":"de","level":"native"}]})")
                  .status,
              410);
    EXPECT_EQ(sql("SELECT count(*) FROM accounts WHERE email = 'spaet@example.de'"), "0");

    // Confirming the address releases the application: exactly one mail to the provider.
    std::string token = token_after(mails("neu@example.de", "bestätige")[0], "/email-bestaetigen/");
    ASSERT_FALSE(token.empty());
    auto v = call(port(), "GET", "/api/candidate_accounts/validate_email_verification_token/" + token);
    ASSERT_EQ(v.status, 200) << v.body;
    ASSERT_TRUE(wait_mail("info@zweitfirma.example", "Neue Bewerbung: Messehostess"));
    EXPECT_NE(mails("info@zweitfirma.example", "Neue Bewerbung")[0].find("Nora Neu"), std::string::npos);
    std::this_thread::sleep_for(1500ms);
    EXPECT_EQ(mails_to(*s_->sink, "info@zweitfirma.example"), 1u);
    EXPECT_EQ(sql("SELECT count(*) FROM applications WHERE candidate_account_id = " + id + " AND forwarded_at IS NOT NULL"), "1");
    EXPECT_EQ(sql("SELECT count(*) FROM held_queue_jobs"), "0");
}

// ---- favourites and dashboard ------------------------------------------------------------------------

TEST_F(CandidateActions, FavouritesAreIdempotentAndCountOnTheDashboard) {
    auto [id, token] = ready_candidate("merkt@example.de");
    for (int i = 0; i < 2; ++i) EXPECT_EQ(call(port(), "POST", "/api/job_postings/9101/favor", {}, bearer(token)).status, 200);
    EXPECT_EQ(call(port(), "POST", "/api/job_postings/9103/auto_favor", {}, bearer(token)).status, 200);
    EXPECT_EQ(call(port(), "POST", "/api/job_postings/99999/favor", {}, bearer(token)).status, 404);
    auto list = call(port(), "GET", "/api/favorites/my", {}, bearer(token));
    ASSERT_EQ(list.status, 200) << list.body;
    EXPECT_EQ(field(list.body, "hydra:totalItems"), "2");
    EXPECT_EQ(field(list.body, "/hydra:member/0/jobPosting/id"), "9103");
    EXPECT_EQ(field(list.body, "/hydra:member/0/auto"), "true");
    // Favouring by hand makes an automatic favourite a real one; unfavor twice is fine.
    call(port(), "POST", "/api/job_postings/9103/favor", {}, bearer(token));
    EXPECT_EQ(sql("SELECT auto FROM favorites WHERE candidate_account_id = " + id + " AND job_posting_id = 9103"), "f");
    for (int i = 0; i < 2; ++i) EXPECT_EQ(call(port(), "POST", "/api/job_postings/9103/unfavor", {}, bearer(token)).status, 200);
    ASSERT_EQ(apply(token, 9101).status, 201);

    auto d = call(port(), "GET", "/api/candidate_account/" + id + "/dashboard", {}, bearer(token));
    ASSERT_EQ(d.status, 200) << d.body;
    EXPECT_EQ(field(d.body, "applications"), "1");
    EXPECT_EQ(field(d.body, "favorites"), "1");
    EXPECT_EQ(field(d.body, "/pbCoins/total"), "30");   // registered 25, first login of the day 5
    EXPECT_NE(field(d.body, "created"), "null");
    EXPECT_NE(field(d.body, "lastDataUpdate"), "null");
    EXPECT_EQ(field(d.body, "lastImageUpdate"), "null");
}

// ---- job alerts --------------------------------------------------------------------------------------

TEST_F(CandidateActions, AlertDigestHasTheNewMatchingJobOnlyAndOnlyOnce) {
    auto [id, token] = ready_candidate("alarm@example.de");
    auto empty = call(port(), "POST", "/api/job_alerts", R"({"title":"Alles","interval":"daily","searchFilter":""})", bearer(token));
    EXPECT_EQ(empty.status, 422) << empty.body;
    EXPECT_EQ(field(empty.body, "/violations/0/propertyPath"), "searchFilter");
    EXPECT_EQ(field(empty.body, "/violations/0/message"),
              "Ein leerer Filter kann nicht als Job-Alert gespeichert werden. Bitte wähle mindestens einen Suchfilter aus.");
    EXPECT_EQ(call(port(), "POST", "/api/job_alerts", R"({"title":"X","interval":"monthly","searchFilter":"q=Barista"})", bearer(token)).status,
              422);

    auto c = call(port(), "POST", "/api/job_alerts", R"({"title":"Barista-Jobs","interval":"daily","searchFilter":{"q":"Barista"}})",
                  bearer(token));
    ASSERT_EQ(c.status, 201) << c.body;
    std::string alert = field(c.body, "id");
    EXPECT_EQ(field(c.body, "confirmed"), "false");
    EXPECT_EQ(field(c.body, "searchFilter"), "q=Barista");
    EXPECT_EQ(sql("SELECT consent_text_version <> '' AND consent_ip <> '' FROM job_alerts WHERE id = " + alert), "t");

    // Unconfirmed: nothing is sent even when due.
    exec_sql(s_->db->url(), "UPDATE job_alerts SET next_run_at = now() WHERE id = " + alert);
    EXPECT_EQ(run_alerts_once().first, 0);
    EXPECT_EQ(sql("SELECT count(*) FROM queue_jobs WHERE idempotency_key LIKE 'job_alert_digest:%'"), "0");

    ASSERT_TRUE(wait_mail("alarm@example.de", "Bitte bestätige deinen Job-Alert"));
    std::string confirm_token = token_after(mails("alarm@example.de", "Bitte bestätige deinen Job-Alert")[0], "/job-alert-bestaetigen/[0-9]+/");
    ASSERT_FALSE(confirm_token.empty());
    EXPECT_EQ(call(port(), "PATCH", "/api/job_alerts/" + alert + "/confirm", R"({"token":"falsch-falsch-falsch"})").status, 404);
    auto ok = call(port(), "PATCH", "/api/job_alerts/" + alert + "/confirm", R"({"token":")" + confirm_token + R"("})");
    ASSERT_EQ(ok.status, 200) << ok.body;
    EXPECT_EQ(field(ok.body, "confirmed"), "true");
    EXPECT_EQ(sql("SELECT confirm_ip IS NOT NULL AND confirmed_at IS NOT NULL FROM job_alerts WHERE id = " + alert), "t");

    // New jobs after the confirmation: one matches, one does not.
    exec_sql(s_->db->url(),
             "INSERT INTO job_postings (id, slug, organization_id, title, is_published, active) VALUES "
             "(9105, 'barista-cafe-9105', 9001, 'Barista (m/w/d) im Café', true, true), "
             "(9106, 'kellner-9106', 9001, 'Kellner (m/w/d)', true, true);"
             "INSERT INTO job_posting_locations (job_posting_id, city, lat, lon) VALUES (9105, 'Leipzig', 51.34, 12.37);"
             "UPDATE job_alerts SET next_run_at = now() WHERE id = " + alert);
    auto run = run_alerts_once();
    ASSERT_EQ(run.first, 0) << run.second;
    ASSERT_TRUE(wait_mail("alarm@example.de", "Neue Jobs für deinen Job-Alert „Barista-Jobs“ (1)"));
    std::string digest = mails("alarm@example.de", "Neue Jobs")[0];
    EXPECT_NE(digest.find("Barista (m/w/d) im Café – Testfirma GmbH, Leipzig"), std::string::npos) << digest;
    EXPECT_EQ(digest.find("Barista Altjob"), std::string::npos) << digest;
    EXPECT_EQ(digest.find("Kellner"), std::string::npos) << digest;
    // The link opens the web page that asks for one click; the page POSTs the API.
    std::string unsubscribe = token_after(digest, "/job-alert-abmelden/");
    ASSERT_FALSE(unsubscribe.empty());

    // The next run sends nothing: no new job.
    exec_sql(s_->db->url(), "UPDATE job_alerts SET next_run_at = now() WHERE id = " + alert);
    ASSERT_EQ(run_alerts_once().first, 0);
    EXPECT_EQ(sql("SELECT count(*) FROM queue_jobs WHERE idempotency_key LIKE 'job_alert_digest:%'"), "1");
    EXPECT_EQ(sql("SELECT next_run_at > now() + interval '23 hours' FROM job_alerts WHERE id = " + alert), "t");

    // Pause, list, one-click unsubscribe.
    auto p = call(port(), "PATCH", "/api/job_alerts/" + alert + "/pause", {}, bearer(token));
    EXPECT_EQ(field(p.body, "paused"), "true");
    auto mine = call(port(), "GET", "/api/candidate_accounts/" + id + "/job_alerts", {}, bearer(token));
    EXPECT_EQ(field(mine.body, "hydra:totalItems"), "1");
    EXPECT_EQ(call(port(), "POST", "/api/job_alerts/unsubscribe/" + unsubscribe).status, 200);
    EXPECT_EQ(sql("SELECT count(*) FROM job_alerts WHERE id = " + alert), "0");
    EXPECT_EQ(call(port(), "POST", "/api/job_alerts/unsubscribe/" + unsubscribe).status, 404);
}

TEST_F(CandidateActions, PlaceAlertMatchesOnlyJobsInsideItsCircle) {
    auto [id, token] = ready_candidate("ort@example.de");
    auto c = call(port(), "POST", "/api/job_alerts",
                  R"({"title":"Leipzig","interval":"hourly","searchFilter":"lat=51.34&lon=12.37&distance=25"})", bearer(token));
    ASSERT_EQ(c.status, 201) << c.body;
    std::string alert = field(c.body, "id");
    // Confirmed a minute ago (the mail flow is tested above); then two new jobs, one in the circle.
    exec_sql(s_->db->url(),
             "UPDATE job_alerts SET confirmed_at = now(), matched_until = now() - interval '1 minute', next_run_at = now() "
             "WHERE id = " + alert + ";"
             "INSERT INTO job_postings (id, slug, organization_id, title, is_published, active) VALUES "
             "(9107, 'lager-leipzig-9107', 9001, 'Lagerhelfer Leipzig', true, true), "
             "(9108, 'lager-muenchen-9108', 9001, 'Lagerhelfer München', true, true);"
             "INSERT INTO job_posting_locations (job_posting_id, city, lat, lon) VALUES "
             "(9107, 'Markkleeberg', 51.28, 12.37), (9108, 'München', 48.14, 11.58);");
    auto run = run_alerts_once();
    ASSERT_EQ(run.first, 0) << run.second;
    ASSERT_TRUE(wait_mail("ort@example.de", "Neue Jobs für deinen Job-Alert „Leipzig“"));
    std::string digest = mails("ort@example.de", "Neue Jobs")[0];
    EXPECT_NE(digest.find("Lagerhelfer Leipzig"), std::string::npos) << digest;
    EXPECT_EQ(digest.find("Lagerhelfer München"), std::string::npos) << digest;
}

TEST_F(CandidateActions, AlertsWorkerRunsOnItsTimerAndStopsOnSigterm) {
    auto [id, token] = ready_candidate("timer@example.de");
    auto c = call(port(), "POST", "/api/job_alerts", R"({"title":"Timer","interval":"hourly","searchFilter":"q=Zeitungszusteller"})",
                  bearer(token));
    ASSERT_EQ(c.status, 201) << c.body;
    std::string alert = field(c.body, "id");
    exec_sql(s_->db->url(),
             "UPDATE job_alerts SET confirmed_at = now(), matched_until = now() - interval '1 minute', next_run_at = now() "
             "WHERE id = " + alert + ";"
             "INSERT INTO job_postings (id, slug, organization_id, title, is_published, active) VALUES "
             "(9109, 'zeitungszusteller-9109', 9001, 'Zeitungszusteller (m/w/d)', true, true)");
    server_process worker({{"JOBHAFEN_DATABASE_URL", s_->db->url()}, {"JOBHAFEN_HTTP_PUBLIC_ORIGIN", s_->origin},
                           {"JOBHAFEN_ALERTS_TICK_MS", "200"}},
                          {"worker", "alerts"});
    ASSERT_TRUE(wait_mail("timer@example.de", "Neue Jobs für deinen Job-Alert „Timer“")) << worker.log();
    worker.signal(SIGTERM);
    EXPECT_EQ(worker.wait_exit(10s), 0) << worker.log();
}

TEST_F(CandidateActions, AlertsCanBeUpdatedAndDeleted) {
    auto [id, token] = ready_candidate("pflege@example.de");
    auto c = call(port(), "POST", "/api/job_alerts", R"({"title":"Berlin","interval":"weekly","searchFilter":"city=berlin&distance=25"})",
                  bearer(token));
    ASSERT_EQ(c.status, 201) << c.body;
    std::string alert = field(c.body, "id");
    EXPECT_EQ(sql("SELECT radius_m FROM job_alerts WHERE id = " + alert), "25000");
    auto u = call(port(), "PATCH", "/api/job_alerts/" + alert, R"({"title":"Hamburg","interval":"hourly","searchFilter":"q=Hostess"})",
                  bearer(token));
    ASSERT_EQ(u.status, 200) << u.body;
    EXPECT_EQ(field(u.body, "title"), "Hamburg");
    EXPECT_EQ(field(u.body, "interval"), "hourly");
    EXPECT_EQ(sql("SELECT lat IS NULL AND q = 'Hostess' FROM job_alerts WHERE id = " + alert), "t");
    EXPECT_EQ(call(port(), "PATCH", "/api/job_alerts/" + alert, R"({"searchFilter":"distance=25"})", bearer(token)).status, 422);
    // The data export carries the alert with its consent.
    auto exported = call(port(), "GET", "/api/candidate_accounts/" + id + "/export", {}, bearer(token));
    ASSERT_EQ(exported.status, 200);
    std::string doc = export_fixture::entry(exported.body, "daten.json");
    EXPECT_EQ(field(doc, "/jobAlerts/0/title"), "Hamburg");
    EXPECT_EQ(field(doc, "/jobAlerts/0/consentTextVersion"), "job-alert-2026-11");
    EXPECT_EQ(call(port(), "POST", "/api/job_alerts/" + alert + "/delete", {}, bearer(token)).status, 200);
    EXPECT_EQ(call(port(), "POST", "/api/job_alerts/" + alert + "/delete", {}, bearer(token)).status, 404);
}

TEST_F(CandidateActions, CandidateACannotTouchCandidateBsObjects) {
    auto [a, token_a] = ready_candidate("a@example.de");
    auto [b, token_b] = ready_candidate("b@example.de");
    auto c = call(port(), "POST", "/api/job_alerts", R"({"title":"B","searchFilter":"q=Promoter"})", bearer(token_b));
    ASSERT_EQ(c.status, 201) << c.body;
    std::string alert = field(c.body, "id");
    ASSERT_EQ(apply(token_b, 9101, R"({"notes":"Geheimes Anschreiben von B"})").status, 201);

    EXPECT_EQ(call(port(), "PATCH", "/api/job_alerts/" + alert + "/pause", {}, bearer(token_a)).status, 404);
    EXPECT_EQ(call(port(), "PATCH", "/api/job_alerts/" + alert + "/unpause", {}, bearer(token_a)).status, 404);
    EXPECT_EQ(call(port(), "PATCH", "/api/job_alerts/" + alert, R"({"title":"Meins"})", bearer(token_a)).status, 404);
    EXPECT_EQ(call(port(), "POST", "/api/job_alerts/" + alert + "/delete", {}, bearer(token_a)).status, 404);
    EXPECT_EQ(sql("SELECT paused::text || title FROM job_alerts WHERE id = " + alert), "falseB");
    EXPECT_EQ(call(port(), "GET", "/api/candidate_accounts/" + b + "/job_alerts", {}, bearer(token_a)).status, 404);
    EXPECT_EQ(call(port(), "GET", "/api/candidate_accounts/" + b + "/star_ratings", {}, bearer(token_a)).status, 404);
    EXPECT_EQ(call(port(), "GET", "/api/candidate_account/" + b + "/dashboard", {}, bearer(token_a)).status, 404);
    auto mine = call(port(), "GET", "/api/applications/my", {}, bearer(token_a));
    ASSERT_EQ(mine.status, 200);
    EXPECT_EQ(field(mine.body, "hydra:totalItems"), "0");
    EXPECT_EQ(mine.body.find("Geheimes Anschreiben"), std::string::npos);
    EXPECT_EQ(call(port(), "GET", "/api/applications/my").status, 401);
}

// ---- ratings -----------------------------------------------------------------------------------------

TEST_F(CandidateActions, RatingNeedsFiveApplicationsAndHappensOnce) {
    auto [id, token] = ready_candidate("bewertet@example.de");
    exec_sql(s_->db->url(), "INSERT INTO applications (job_posting_id, candidate_account_id) SELECT 9300 + g, " + id +
                                " FROM generate_series(1, 4) AS g");
    const std::string body = R"({"organization":"/api/organizations/9001","stars":4,"comment":"Gut organisiert."})";
    auto r = call(port(), "POST", "/api/organization_star_ratings", body, bearer(token));
    EXPECT_EQ(r.status, 403) << r.body;
    EXPECT_EQ(field(r.body, "message"),
              "Du kannst ein Unternehmen erst bewerten, wenn dein Konto aktiviert ist und du dich mindestens 5-mal beworben hast.");
    exec_sql(s_->db->url(), "INSERT INTO applications (job_posting_id, candidate_account_id) VALUES (9305, " + id + ")");
    r = call(port(), "POST", "/api/organization_star_ratings", body, bearer(token));
    ASSERT_EQ(r.status, 201) << r.body;
    std::string rating = field(r.body, "id");
    EXPECT_EQ(field(r.body, "author"), "Jana M.");
    EXPECT_EQ(field(r.body, "afterShift"), "false");   // no shift backs it (docs/shifts.md)
    r = call(port(), "POST", "/api/organization_star_ratings", body, bearer(token));
    EXPECT_EQ(r.status, 409);
    EXPECT_EQ(field(r.body, "message"), "Du hast dieses Unternehmen bereits bewertet.");
    EXPECT_EQ(call(port(), "POST", "/api/organization_star_ratings", R"({"organization":9001,"stars":7})", bearer(token)).status, 422);

    auto card = call(port(), "GET", "/api/organizations/9001");
    ASSERT_EQ(card.status, 200) << card.body;
    EXPECT_EQ(field(card.body, "ratingsCount"), "1");
    EXPECT_EQ(field(card.body, "ratingAverage"), "4");
    auto list = call(port(), "GET", "/api/organizations/9001/star_ratings");
    EXPECT_EQ(field(list.body, "hydra:totalItems"), "1");
    EXPECT_EQ(field(list.body, "/hydra:member/0/comment"), "Gut organisiert.");
    auto mine = call(port(), "GET", "/api/candidate_accounts/" + id + "/star_ratings", {}, bearer(token));
    EXPECT_EQ(field(mine.body, "/hydra:member/0/stars"), "4");

    auto [other, other_token] = ready_candidate("anderer@example.de");
    auto del = call(port(), "DELETE", "/api/organization_star_ratings/" + rating, {}, bearer(other_token));
    EXPECT_EQ(del.status, 404);
    EXPECT_EQ(field(del.body, "message"), "Die Bewertung konnte nicht entfernt werden. Bitte lade die Seite neu.");
    EXPECT_EQ(call(port(), "DELETE", "/api/organization_star_ratings/" + rating, {}, bearer(token)).status, 204);
    EXPECT_EQ(field(call(port(), "GET", "/api/organizations/9001").body, "ratingsCount"), "0");
}

// Issue 41, item 16: the form asks before it is filled in whether she may rate, and is told why not
// in the rule's words; the answer follows the same rule as the rating itself.
TEST_F(CandidateActions, TheRatingFormKnowsBeforeSubmittingWhetherSheMayRate) {
    const std::string path = "/api/organizations/9002/star_rating_eligibility";
    EXPECT_EQ(call(port(), "GET", path).status, 401);
    auto [id, token] = ready_candidate("vorher-fragen@example.de");
    exec_sql(s_->db->url(), "INSERT INTO applications (job_posting_id, candidate_account_id) SELECT 9300 + g, " + id +
                                " FROM generate_series(1, 2) AS g");
    auto r = call(port(), "GET", path, {}, bearer(token));
    ASSERT_EQ(r.status, 200) << r.body;
    EXPECT_EQ(field(r.body, "canRate"), "false");
    EXPECT_EQ(field(r.body, "applications"), "2");
    EXPECT_EQ(field(r.body, "applicationsNeeded"), "5");
    EXPECT_EQ(field(r.body, "reason"), "Du kannst dieses Unternehmen bewerten, sobald du dich mindestens 5-mal beworben hast "
                                       "(bisher 2 Bewerbungen) oder nach einem Einsatz dort, dessen Stunden das Unternehmen "
                                       "bestätigt hat.");
    // The rating itself agrees: refused.
    const std::string body = R"({"organization":9002,"stars":5})";
    EXPECT_EQ(call(port(), "POST", "/api/organization_star_ratings", body, bearer(token)).status, 403);

    exec_sql(s_->db->url(), "INSERT INTO applications (job_posting_id, candidate_account_id) SELECT 9310 + g, " + id +
                                " FROM generate_series(1, 3) AS g");
    r = call(port(), "GET", path, {}, bearer(token));
    EXPECT_EQ(field(r.body, "canRate"), "true") << r.body;
    EXPECT_EQ(field(r.body, "reason"), "null");
    ASSERT_EQ(call(port(), "POST", "/api/organization_star_ratings", body, bearer(token)).status, 201);
    r = call(port(), "GET", path, {}, bearer(token));
    EXPECT_EQ(field(r.body, "canRate"), "false");
    const std::string today = sql("SELECT to_char(now() AT TIME ZONE 'Europe/Berlin', 'DD.MM.YYYY')");
    EXPECT_EQ(field(r.body, "reason"), "Du hast dieses Unternehmen bereits am " + today + " bewertet.");
    EXPECT_NE(field(r.body, "ratedAt"), "null");

    // An address not confirmed: that is the reason, whatever else.
    exec_sql(s_->db->url(), "UPDATE accounts SET email_verified_at = NULL WHERE id = " + id);
    r = call(port(), "GET", "/api/organizations/9001/star_rating_eligibility", {}, bearer(token));
    EXPECT_EQ(field(r.body, "reason"), "Du kannst dieses Unternehmen bewerten, sobald du deine E-Mail-Adresse bestätigt hast.");
    EXPECT_EQ(call(port(), "GET", "/api/organizations/987654/star_rating_eligibility", {}, bearer(token)).status, 404);
    EXPECT_EQ(call(port(), "GET", "/api/organizations/abc/star_rating_eligibility", {}, bearer(token)).status, 404);
}

// Review 22, findings 4 and 6: an unknown or not approved organization is 404 "Dieses Unternehmen gibt
// es nicht." for everyone, for its eligibility and for its ratings, as its own page says.
TEST_F(CandidateActions, RatingsOfAnOrganizationThatIsNotThereAre404ForEveryone) {
    exec_sql(s_->db->url(), "INSERT INTO organizations (id, slug, name, contact_email, active) VALUES "
                            "(9471, 'noch-nicht-freigegeben-9471', 'Wartend GmbH', 'w@wartend.example', false)");
    auto [member, member_token_unused] = register_candidate(port(), "bewertung-mitglied@example.de");
    exec_sql(s_->db->url(), "UPDATE accounts SET role = 'organization_member', organization_id = 9002, email_verified_at = now() WHERE id = " + member);
    const std::string member_token = login(port(), "bewertung-mitglied@example.de", "Geheim123!").token;
    auto [cand, cand_token] = ready_candidate("bewertung-nicht-da@example.de");
    for (const std::string org : {"99999999", "9471"}) {
        for (const std::string& token : {member_token, cand_token}) {
            auto e = call(port(), "GET", "/api/organizations/" + org + "/star_rating_eligibility", {}, bearer(token));
            EXPECT_EQ(e.status, 404) << org << " " << e.body;
            EXPECT_EQ(field(e.body, "message"), "Dieses Unternehmen gibt es nicht.");
        }
        auto list = call(port(), "GET", "/api/organizations/" + org + "/star_ratings");
        EXPECT_EQ(list.status, 404) << org << " " << list.body;
        EXPECT_EQ(field(list.body, "message"), "Dieses Unternehmen gibt es nicht.");
    }
    // An approved organization: the member is told, not in "du", that only candidates rate.
    auto e = call(port(), "GET", "/api/organizations/9001/star_rating_eligibility", {}, bearer(member_token));
    ASSERT_EQ(e.status, 200) << e.body;
    EXPECT_EQ(field(e.body, "canRate"), "false");
    EXPECT_EQ(field(e.body, "reason"), "Nur Bewerberinnen und Bewerber können ein Unternehmen bewerten.");
    EXPECT_EQ(call(port(), "GET", "/api/organizations/9001/star_ratings").status, 200);
}

// ---- contact, forms, provider registration -------------------------------------------------------------

TEST_F(CandidateActions, ContactRequestsAreValidatedMailedAndLimited) {
    auto bad = call(port(), "POST", "/api/general_contact", R"({"email":"nicht-gültig","phone":"abc"})");
    ASSERT_EQ(bad.status, 422) << bad.body;
    EXPECT_NE(bad.body.find(R"("propertyPath":"name")"), std::string::npos);
    EXPECT_NE(bad.body.find(R"("propertyPath":"email")"), std::string::npos);
    EXPECT_NE(bad.body.find(R"("propertyPath":"phone")"), std::string::npos);
    EXPECT_NE(bad.body.find(R"("propertyPath":"message")"), std::string::npos);

    const std::string ok = R"({"name":"Paul Projekt","email":"paul@example.de","message":"Wir brauchen 20 Promoter.","topic":"general_request"})";
    EXPECT_EQ(call(port(), "POST", "/api/general_contact", ok).status, 201);
    ASSERT_TRUE(wait_mail("kontakt@jobhafen.local", "Neue allgemeine Anfrage"));
    EXPECT_NE(mails("kontakt@jobhafen.local", "Neue allgemeine Anfrage")[0].find("Wir brauchen 20 Promoter."), std::string::npos);

    EXPECT_EQ(call(port(), "POST", "/api/organizations/9001/contact/visitor", ok).status, 201);
    ASSERT_TRUE(wait_mail("jobs@testfirma.example", "Neue Anfrage über Ihre Jobhafen-Seite"));
    EXPECT_EQ(call(port(), "POST", "/api/organizations/9001/contact/user", ok).status, 401);
    // The limit: 5 per sender address and hour.
    for (int i = 0; i < 3; ++i) EXPECT_EQ(call(port(), "POST", "/api/general_contact", ok).status, 201);
    auto limited = call(port(), "POST", "/api/general_contact", ok);
    EXPECT_EQ(limited.status, 429);
    EXPECT_EQ(sql("SELECT count(*) FROM contact_requests WHERE email = 'paul@example.de'"), "5");

    auto project = call(port(), "POST", "/api/project_contact",
                        R"({"name":"Pia","company":"Messe AG","email":"pia@example.de","projectDescription":"Messe im März",
                            "activities":["messehostess","promotion"],"personnelRequirement":"12","topic":"project_request"})");
    EXPECT_EQ(project.status, 201) << project.body;
    ASSERT_TRUE(wait_mail("kontakt@jobhafen.local", "Neue Projektanfrage"));
    std::string mail = mails("kontakt@jobhafen.local", "Neue Projektanfrage")[0];
    EXPECT_NE(mail.find("Tätigkeiten: Messehostess / Messehost, Promotion"), std::string::npos) << mail;
    EXPECT_NE(mail.find("Thema: Projektanfrage"), std::string::npos) << mail;
}

// The offer request from a job page (issue 29): topic and activities go to the job's organization,
// by their German names; an unknown topic or activity, or too many activities, is a 422 per field.
TEST_F(CandidateActions, OfferRequestToAnOrganizationCarriesTopicAndActivities) {
    auto bad = call(port(), "POST", "/api/organizations/9001/contact/visitor",
                    R"({"name":"Ole","email":"ole@example.de","message":"Angebot bitte","topic":"Werbung","activities":["promotion","zauberei"]})");
    ASSERT_EQ(bad.status, 422) << bad.body;
    EXPECT_NE(bad.body.find("Bitte ein Thema aus der Liste wählen."), std::string::npos) << bad.body;
    auto unknown = call(port(), "POST", "/api/organizations/9001/contact/visitor",
                        R"({"name":"Ole","email":"ole@example.de","message":"Angebot bitte","topic":"offer_request","activities":["promotion","zauberei"]})");
    ASSERT_EQ(unknown.status, 422) << unknown.body;
    EXPECT_NE(unknown.body.find(R"("propertyPath":"activities")"), std::string::npos) << unknown.body;
    std::string many;
    for (int i = 0; i < 21; ++i) many += std::string(many.empty() ? "" : ",") + "\"promotion\"";
    auto too_many = call(port(), "POST", "/api/organizations/9001/contact/visitor",
                         R"({"name":"Ole","email":"ole@example.de","message":"Angebot bitte","activities":[)" + many + "]}");
    ASSERT_EQ(too_many.status, 422) << too_many.body;
    EXPECT_NE(too_many.body.find("Höchstens 20 Tätigkeiten"), std::string::npos) << too_many.body;
    EXPECT_EQ(sql("SELECT count(*) FROM contact_requests WHERE email = 'ole@example.de'"), "0");

    auto sent = call(port(), "POST", "/api/organizations/9001/contact/visitor",
                     R"({"name":"Ole","company":"Ole Events","email":"ole@example.de","message":"Angebot bitte",)"
                     R"("topic":"offer_request","activities":["messehostess","promotion"],"personnelRequirement":"8 Personen"})");
    ASSERT_EQ(sent.status, 201) << sent.body;
    // The suite's stack keeps every mail: this request's is the one that names the company.
    std::string mail;
    ASSERT_TRUE(wait_until([&] {
        for (const auto& m : mails("jobs@testfirma.example", "Neue Anfrage über Ihre Jobhafen-Seite"))
            if (m.find("Ole Events") != std::string::npos) mail = m;
        return !mail.empty();
    }, 15s));
    EXPECT_NE(mail.find("Thema: Angebot für Personal"), std::string::npos) << mail;
    EXPECT_NE(mail.find("Tätigkeiten: Messehostess / Messehost, Promotion"), std::string::npos) << mail;
    EXPECT_NE(mail.find("Unternehmen: Ole Events"), std::string::npos) << mail;
    EXPECT_EQ(sql("SELECT fields->>'activities' FROM contact_requests WHERE email = 'ole@example.de'"), "Messehostess / Messehost, Promotion");
}

TEST_F(CandidateActions, NewsletterFormNeedsDoubleOptIn) {
    EXPECT_EQ(call(port(), "POST", "/api/forms/99", R"({"email":"x@example.de"})").status, 404);
    EXPECT_EQ(call(port(), "POST", "/api/forms/16", R"({"email":"leser@example.de","firstName":"Lea"})").status, 201);
    EXPECT_EQ(sql("SELECT confirmed_at IS NULL FROM newsletter_subscriptions WHERE email = 'leser@example.de'"), "t");
    ASSERT_TRUE(wait_mail("leser@example.de", "Newsletter"));
    std::string token = token_after(mails("leser@example.de", "Newsletter")[0], "/newsletter-bestaetigen/");
    ASSERT_FALSE(token.empty());
    EXPECT_EQ(call(port(), "POST", "/api/forms/16/confirm", R"({"token":")" + token + R"("})").status, 200);
    EXPECT_EQ(sql("SELECT confirmed_at IS NOT NULL FROM newsletter_subscriptions WHERE email = 'leser@example.de'"), "t");
    EXPECT_EQ(call(port(), "POST", "/api/forms/17", R"({"name":"Kai","company":"Kai GmbH","email":"kai@example.de"})").status, 201);
    EXPECT_EQ(call(port(), "POST", "/api/forms/20", R"({"name":"Kai","email":"kai@example.de"})").status, 422);
}

TEST_F(CandidateActions, ProviderRegistrationStoresTheFirstJobUnpublished) {
    auto bad = call(port(), "POST", "/api/organization_member/register", R"({"email":"chef@firma.example","password":"kurz"})");
    EXPECT_EQ(bad.status, 422);
    auto r = call(port(), "POST", "/api/organization_member/register",
                  R"({"email":"chef@firma.example","password":"Geheim123!","passwordConfirmation":"Geheim123!",
                      "firstName":"Carla","lastName":"Chef","company":"Firma Süd GmbH","zipcode":"80331","city":"München",
                      "jobPosting":{"title":"Promoter (m/w/d) in München","description":"Verkostung","city":"München"}})");
    ASSERT_EQ(r.status, 201) << r.body;
    EXPECT_EQ(sql("SELECT role || ':' || (o.active)::text || ':' || o.review_pending::text FROM accounts a "
                  "JOIN organizations o ON o.id = a.organization_id WHERE a.email = 'chef@firma.example'"),
              "organization_member:false:true");
    EXPECT_EQ(sql("SELECT j.is_published FROM job_postings j JOIN accounts a ON a.organization_id = j.organization_id "
                  "WHERE a.email = 'chef@firma.example'"),
              "f");
    ASSERT_TRUE(wait_mail("chef@firma.example", "Willkommen bei Jobhafen"));
    EXPECT_NE(mails("chef@firma.example", "Willkommen")[0].find("bestätigen Sie"), std::string::npos);
    // A known address gets the same answer; its owner gets a mail instead of a second account.
    auto again = call(port(), "POST", "/api/organization_member/register",
                      R"({"email":"chef@firma.example","password":"Geheim123!","passwordConfirmation":"Geheim123!","firstName":"C","lastName":"C","company":"X"})");
    EXPECT_EQ(again.status, 201);
    EXPECT_EQ(again.body, r.body);
    EXPECT_EQ(sql("SELECT count(*) FROM organizations WHERE name = 'X'"), "0");
}

// ---- billing -----------------------------------------------------------------------------------------

class CandidateBilling : public ::testing::Test {
protected:
    static void SetUpTestSuite() {
        sandbox_port_ = free_port();
        pid_ = ::fork();
        if (pid_ == 0) {
            std::string port = std::to_string(sandbox_port_);
            ::execl("/usr/bin/python3", "python3", jh::source_path("ops/billing_sandbox.py").c_str(), "--port", port.c_str(), nullptr);
            ::_exit(127);
        }
        s_ = new stack;
        request_endpoint_ = "tcp://127.0.0.1:" + std::to_string(free_port());
        s_->start("candbill", false,
                  {{"JOBHAFEN_BILLING_URL", "http://127.0.0.1:" + std::to_string(sandbox_port_)},
                   {"JOBHAFEN_ZMQ_REQUEST_ENDPOINT", request_endpoint_}},
                  schema::migrated);
        wait_until([] { try { return http_request(sandbox_port_, "GET", "/").status == 404; } catch (...) { return false; } }, 10s);
    }
    static void TearDownTestSuite() {
        render_.reset();
        s_->stop();
        delete s_;
        if (pid_ > 0) {
            ::kill(pid_, SIGTERM);
            ::waitpid(pid_, nullptr, 0);
        }
    }
    static int port() { return s_->port; }
    static stack* s_;
    static int sandbox_port_;
    static pid_t pid_;
    static std::string request_endpoint_;
    static std::unique_ptr<server_process> render_;   // `jobhafen worker sedcard`: draws every PDF
};
std::string CandidateBilling::request_endpoint_;
std::unique_ptr<server_process> CandidateBilling::render_;
stack* CandidateBilling::s_ = nullptr;
int CandidateBilling::sandbox_port_ = 0;
pid_t CandidateBilling::pid_ = -1;

TEST_F(CandidateBilling, BillingAccountNeedsAVerifiedAddressAndOpensOnce) {
    auto [id, token] = register_candidate(port(), "rechnung@example.de");
    const std::string path = "/api/candidate_accounts/" + id + "/create_byll_account";
    auto r = call(port(), "PATCH", path, "{}", bearer(token));
    EXPECT_EQ(r.status, 403) << r.body;
    EXPECT_EQ(field(r.body, "message"), "Bitte bestätige zuerst deine E-Mail-Adresse, um ein Byll-Konto zu eröffnen.");
    EXPECT_EQ(call(port(), "GET", "/api/candidate_accounts/" + id + "/byll_login", {}, bearer(token)).status, 404);
    exec_sql(s_->db->url(), "UPDATE accounts SET email_verified_at = now() WHERE id = " + id);
    r = call(port(), "PATCH", path, "{}", bearer(token));
    ASSERT_EQ(r.status, 200) << r.body;
    EXPECT_TRUE(field(r.body, "byllAccountId").starts_with("byll-"));
    r = call(port(), "PATCH", path, "{}", bearer(token));
    EXPECT_EQ(r.status, 409);
    EXPECT_EQ(field(r.body, "message"), "Du hast bereits ein Byll-Konto.");
    auto l = call(port(), "GET", "/api/candidate_accounts/" + id + "/byll_login", {}, bearer(token));
    ASSERT_EQ(l.status, 200) << l.body;
    EXPECT_NE(field(l.body, "url").find("/login/byll-"), std::string::npos);
    // The provider refuses: "cannot be opened".
    auto [id2, token2] = register_candidate(port(), "nein@x.refused.example");
    exec_sql(s_->db->url(), "UPDATE accounts SET email_verified_at = now() WHERE id = " + id2);
    r = call(port(), "PATCH", "/api/candidate_accounts/" + id2 + "/create_byll_account", "{}", bearer(token2));
    EXPECT_EQ(r.status, 503);
    EXPECT_EQ(field(r.body, "message"), "Das Byll-Konto kann gerade nicht eröffnet werden. Bitte versuche es später noch einmal.");
    EXPECT_EQ(call(port(), "PATCH", path, "{}", bearer(token2)).status, 404);
}

TEST_F(CandidateBilling, InvoicesAreListedAndPrintedAsPdf) {
    auto [id, token] = register_candidate(port(), "freiberufler@example.de");
    auto [other, other_token] = register_candidate(port(), "fremd@example.de");
    s_->sql("INSERT INTO invoices (id, account_id, number, invoice_date, recipient, lines, total_cents, sent_at, paid_at) VALUES "
            "(7001, " + id + ", 'RE-2026-0001', '2026-11-01', 'Testfirma GmbH, Berlin', "
            "'[{\"text\":\"Promotion Einsatz 3 Tage\",\"quantity\":3,\"unitCents\":15000}]', 45000, now(), NULL) RETURNING id");
    auto list = call(port(), "GET", "/api/legacy_billing", {}, bearer(token));
    ASSERT_EQ(list.status, 200) << list.body;
    EXPECT_EQ(field(list.body, "hydra:totalItems"), "1");
    EXPECT_EQ(field(list.body, "/hydra:member/0/date"), "2026-11-01");
    EXPECT_EQ(field(list.body, "/hydra:member/0/recipient"), "Testfirma GmbH, Berlin");
    EXPECT_NE(field(list.body, "/hydra:member/0/sent"), "null");
    EXPECT_EQ(field(list.body, "/hydra:member/0/paid"), "null");
    EXPECT_EQ(field(list.body, "/hydra:member/0/followedUp"), "null");
    // Without a render worker: 503 with a message; with one: the PDF.
    auto none = call(port(), "GET", "/api/legacy_billing/print/7001", {}, bearer(token));
    EXPECT_EQ(none.status, 503) << none.body;
    EXPECT_EQ(field(none.body, "message"), "Die Rechnung kann gerade nicht erstellt werden. Bitte versuche es gleich noch einmal.");
    render_ = std::make_unique<server_process>(
        std::map<std::string, std::string>{{"JOBHAFEN_DATABASE_URL", s_->db->url()}, {"JOBHAFEN_ZMQ_REQUEST_ENDPOINT", request_endpoint_},
                                           {"JOBHAFEN_ZMQ_PUBLISH_ENDPOINT", s_->zmq_publish}},
        std::vector<std::string>{"worker", "sedcard"});
    http_reply pdf;
    wait_until(
        [&, &token = token] {
            pdf = call(port(), "GET", "/api/legacy_billing/print/7001", {}, bearer(token));
            return pdf.status == 200;
        },
        15s);
    ASSERT_EQ(pdf.status, 200) << pdf.body << render_->log();
    EXPECT_EQ(pdf.header("content-type"), "application/pdf");
    EXPECT_TRUE(pdf.body.starts_with("%PDF-"));
    EXPECT_EQ(call(port(), "GET", "/api/legacy_billing/print/7001", {}, bearer(other_token)).status, 404);
    EXPECT_EQ(field(call(port(), "GET", "/api/legacy_billing", {}, bearer(other_token)).body, "hydra:totalItems"), "0");
}

// ---- free shifts of a job, applied jobs in the lists ----------------------------------------------------

// Review 22, findings 1 and 3: the job page asks the server for the free shifts (`?free=1`, the rule
// the result cards read). 101 upcoming shifts, the first 100 full: the 101st is the one free shift,
// on the page and on the card of a date search alike (the first 100 upcoming hold none).
TEST_F(CandidateActions, TheFreeShiftsOfAJobComeFromTheServerBeyondTheFirstHundred) {
    auto [id, token] = ready_candidate("voll-besetzt@example.de");
    exec_sql(s_->db->url(),
             "INSERT INTO job_postings (id, slug, organization_id, title, is_published, active, published_at) VALUES "
             " (9480, 'saison-9480', 9001, 'Saisonkraft 9480', true, true, now() - interval '1 day'),"
             " (9481, 'viele-9481', 9001, 'Viele Einsätze 9481', true, true, now() - interval '1 day');"
             "INSERT INTO shifts (job_posting_id, shift_date, start_time, end_time, staff_needed) "
             " SELECT 9480, current_date + 10 + g, '08:00', '12:00', 1 FROM generate_series(0, 100) AS g;"
             "INSERT INTO shifts (job_posting_id, shift_date, start_time, end_time, staff_needed) "
             " SELECT 9481, current_date + 10 + g, '08:00', '12:00', 2 FROM generate_series(0, 149) AS g;"
             "INSERT INTO applications (job_posting_id, candidate_account_id) VALUES (9480, " + id + ");"
             "INSERT INTO shift_applications (shift_id, application_id, status, decided_at) "
             " SELECT s.id, a.id, 'confirmed', now() FROM shifts s JOIN applications a ON a.job_posting_id = 9480 "
             "  WHERE s.job_posting_id = 9480 AND s.shift_date < current_date + 110");
    const std::string last = sql("SELECT to_char(current_date + 110, 'YYYY-MM-DD')");

    // The public list's first 100 upcoming shifts are all full: the browser found no free one there.
    auto upcoming = call(port(), "GET", "/api/job_postings/9480/shifts?itemsPerPage=100");
    ASSERT_EQ(upcoming.status, 200) << upcoming.body;
    EXPECT_EQ(field(upcoming.body, "/hydra:member/99/freePlaces"), "0");
    auto free = call(port(), "GET", "/api/job_postings/9480/shifts?free=1&itemsPerPage=5");
    ASSERT_EQ(free.status, 200) << free.body;
    EXPECT_EQ(field(free.body, "hydra:totalItems"), "1");
    EXPECT_EQ(field(free.body, "/hydra:member/0/date"), last);
    EXPECT_EQ(field(free.body, "/hydra:member/0/freePlaces"), "1");

    // The card of a date search names the same shift; 150 free shifts are "100, and more".
    const std::string from = sql("SELECT to_char(current_date + 1, 'YYYY-MM-DD')");
    std::string card;
    ASSERT_TRUE(wait_until([&] {
        card = call(port(), "GET", "/api/job_postings?organization=9001&shiftsFrom=" + from + "&itemsPerPage=50").body;
        return card.find("saison-9480") != std::string::npos && card.find("viele-9481") != std::string::npos;
    }, 20s)) << card;
    for (int i = 0; i < 2; ++i) {
        const std::string at = "/hydra:member/" + std::to_string(i);
        if (field(card, at + "/id") == "9480") {
            EXPECT_EQ(field(card, at + "/freeShifts/total"), "1");
            EXPECT_EQ(field(card, at + "/freeShifts/totalCapped"), "false");
            EXPECT_EQ(field(card, at + "/freeShifts/next/0/date"), last);
        } else {
            EXPECT_EQ(field(card, at + "/id"), "9481");
            EXPECT_EQ(field(card, at + "/freeShifts/total"), "100");
            EXPECT_EQ(field(card, at + "/freeShifts/totalCapped"), "true");
            EXPECT_EQ(field(card, at + "/freeShifts/next/1/freePlaces"), "2");
            EXPECT_EQ(field(card, at + "/freeShifts/next/2"), "<missing>");
        }
    }
    // The page's count is the server's, all 150.
    EXPECT_EQ(field(call(port(), "GET", "/api/job_postings/9481/shifts?free=1&itemsPerPage=5").body, "hydra:totalItems"), "150");
}

// Issue 41, item 14: "Ähnliche Jobs" leave out the jobs the signed-in candidate applied to, as the
// search's notYetAppliedTo does.
TEST_F(CandidateActions, SimilarJobsLeaveOutTheJobsSheAppliedTo) {
    auto [id, token] = ready_candidate("aehnlich@example.de");
    exec_sql(s_->db->url(), "INSERT INTO applications (job_posting_id, candidate_account_id) VALUES (9101, " + id + "), (9104, " + id + ")");
    for (int round = 0; round < 3; ++round) {
        auto r = call(port(), "GET", "/api/job_postings/9103/recommend/20/random", {}, bearer(token));
        ASSERT_EQ(r.status, 200) << r.body;
        EXPECT_EQ(r.body.find("\"id\":9101,"), std::string::npos) << r.body;
        EXPECT_EQ(r.body.find("\"id\":9104,"), std::string::npos) << r.body;
        EXPECT_NE(field(r.body, "hydra:totalItems"), "0");
    }
    // A visitor gets them: of the other live jobs, at random, which together name both. A visitor's
    // draw is kept for 10 s per loop and count (docs/caching.md), so each round asks for another
    // count: ten draws, not one kept ten times.
    std::string seen;
    for (int round = 0; round < 10; ++round)
        seen += call(port(), "GET", "/api/job_postings/9103/recommend/" + std::to_string(20 - round) + "/random").body;
    EXPECT_NE(seen.find("\"id\":9101,"), std::string::npos);
    EXPECT_NE(seen.find("\"id\":9104,"), std::string::npos);
}

}  // namespace
}  // namespace jh::test
