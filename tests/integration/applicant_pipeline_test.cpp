// applicant_pipeline_test.cpp: the organization's pipeline tools (issue 29, docs/providers.md
// "Pipeline tools"), from outside against the real server, PostgreSQL, Redis, the mail worker and
// the SMTP sink: private notes and a rating that every member of the organization sees and the
// candidate never (not in her views, only their count in her export), neighbours in the list's
// order and filter, one status change for several applications (all or nothing, the same mails as
// one change), and a job's applicants as CSV. Another organization's member gets 404, a candidate
// 403, an anonymous caller 401.
#include "tests/integration/export_fixture.h"
#include "tests/integration/provider_fixture.h"

namespace jh::test {
namespace {

using namespace accounts_fixture;

constexpr const char* applicant_pipeline_seed_sql = R"sql(
INSERT INTO organizations (id, slug, name, contact_email) VALUES
 (9601, 'pipeline-agentur', 'Pipeline Agentur GmbH', 'jobs@pipeline-agentur.example'),
 (9602, 'fremde-pipeline', 'Fremde Pipeline KG', 'jobs@fremde-pipeline.example');
INSERT INTO job_postings (id, slug, organization_id, title, is_published, active, published_at) VALUES
 (9701, 'promoter-9701', 9601, 'Promoter (m/w/d) in Bremen', true, true, now() - interval '1 day'),
 (9702, 'hostess-9702', 9601, 'Hostess (m/w/d) in Kiel', true, true, now() - interval '1 day'),
 (9703, 'fahrer-9703', 9602, 'Fahrer (m/w/d) in Rostock', true, true, now() - interval '1 day');
UPDATE job_postings SET base_salary = 14.50, base_salary_max = 16, salary_unit = 'hour' WHERE id = 9701;
INSERT INTO job_posting_locations (id, job_posting_id, city, lat, lon, sort_order) VALUES (9711, 9701, 'Bremen', 53.08, 8.8, 0);
)sql";

// A candidate ready to apply, with a phone number and an address in the sedcard.
std::pair<std::string, std::string> candidate(const stack& s, const std::string& email, const std::string& first,
                                              const std::string& last) {
    auto [id, token] = register_candidate(s.port, email);
    exec_sql(s.db->url(), "UPDATE accounts SET email_verified_at = now() WHERE id = " + id +
                              "; UPDATE candidate_profiles SET has_relevant_data_for_application = true, first_name = $n$" + first +
                              "$n$, last_name = $n$" + last + "$n$, "
                              "sedcard = '{\"languages\":[{\"language\":\"de\",\"level\":\"native\"}],"
                              "\"communicationData\":[{\"type\":\"mobile\",\"value\":\"0170 1234567\"},{\"type\":\"url\",\"value\":\"x.example\"}],"
                              "\"addresses\":[{\"street\":\"Hafenstr. 1\",\"zipcode\":\"28195\",\"city\":\"Bremen\"}]}' "
                              "WHERE account_id = " + id);
    return {id, token};
}

class Pipeline : public ::testing::Test {
protected:
    void SetUp() override {
        s_.start("pipeline", true, {{"JOBHAFEN_APPLICATIONS_STATUS_MAIL_DELAY_S", "1"}}, schema::migrated);
        if (::testing::Test::HasFatalFailure()) return;
        exec_sql(s_.db->url(), applicant_pipeline_seed_sql);
        std::tie(jana_id_, jana_) = candidate(s_, "jana@pipeline.example", "Jana", "Berg");
        std::tie(max_id_, max_) = candidate(s_, "max@pipeline.example", "=HYPERLINK(\"x\")", "Kühn; \"der Zweite\"");
        auto a = call(port(), "POST", "/api/job_postings/9701/apply", R"({"notes":"Gern!","locations":[9711]})", bearer(jana_));
        ASSERT_EQ(a.status, 201) << a.body;
        jana_app_ = field(a.body, "id");
        auto b = call(port(), "POST", "/api/job_postings/9701/apply", R"({"notes":"Ich auch."})", bearer(max_));
        ASSERT_EQ(b.status, 201) << b.body;
        max_app_ = field(b.body, "id");
        auto c = call(port(), "POST", "/api/job_postings/9702/apply", "{}", bearer(max_));
        ASSERT_EQ(c.status, 201) << c.body;
        hostess_app_ = field(c.body, "id");
        // Applied in this order: Jana first (oldest), then Max, then Max for the hostess job.
        exec("UPDATE applications SET created_at = now() - interval '3 hours' WHERE id = " + jana_app_);
        exec("UPDATE applications SET created_at = now() - interval '2 hours' WHERE id = " + max_app_);
        own_ = organization_member(s_, "chefin@pipeline-agentur.example", 9601);
        colleague_ = organization_member(s_, "kollege@pipeline-agentur.example", 9601);
        other_ = organization_member(s_, "chef@fremde-pipeline.example", 9602);
        auto [other_app_candidate, unused] = candidate(s_, "otto@pipeline.example", "Otto", "Fremd");
        foreign_app_ = sql("INSERT INTO applications (job_posting_id, candidate_account_id, forwarded_at) VALUES (9703, " +
                           other_app_candidate + ", now()) RETURNING id");
    }
    void TearDown() override { s_.stop(); }
    int port() const { return s_.port; }
    std::string sql(const std::string& q) { return s_.sql(q); }
    void exec(const std::string& q) { exec_sql(s_.db->url(), q); }
    std::string notes_path(const std::string& app) { return "/api/applications/" + app + "/notes"; }

    stack s_;
    std::string jana_id_, jana_, max_id_, max_, jana_app_, max_app_, hostess_app_, foreign_app_, own_, colleague_, other_;
};

TEST_F(Pipeline, NotesAreTheTeamsAndNeverTheCandidates) {
    auto added = call(port(), "POST", notes_path(jana_app_), R"({"body":"  Sehr freundlich am Telefon.  "})", bearer(own_));
    ASSERT_EQ(added.status, 201) << added.body;
    EXPECT_EQ(field(added.body, "body"), "Sehr freundlich am Telefon.");
    EXPECT_EQ(field(added.body, "author"), "chefin@pipeline-agentur.example");
    EXPECT_EQ(field(added.body, "mine"), "true");
    std::string note = field(added.body, "id");

    // The colleague sees it (not as its author) and may not delete it.
    auto seen = call(port(), "GET", notes_path(jana_app_), {}, bearer(colleague_));
    ASSERT_EQ(seen.status, 200) << seen.body;
    EXPECT_EQ(field(seen.body, "hydra:totalItems"), "1");
    EXPECT_EQ(field(seen.body, "/hydra:member/0/body"), "Sehr freundlich am Telefon.");
    EXPECT_EQ(field(seen.body, "/hydra:member/0/mine"), "false");
    EXPECT_EQ(call(port(), "DELETE", "/api/application_notes/" + note, {}, bearer(colleague_)).status, 403);

    // Another organization, the candidate and a visitor get nothing, and cannot write.
    EXPECT_EQ(call(port(), "GET", notes_path(jana_app_), {}, bearer(other_)).status, 404);
    EXPECT_EQ(call(port(), "POST", notes_path(jana_app_), R"({"body":"x"})", bearer(other_)).status, 404);
    EXPECT_EQ(call(port(), "DELETE", "/api/application_notes/" + note, {}, bearer(other_)).status, 404);
    EXPECT_EQ(call(port(), "GET", notes_path(foreign_app_), {}, bearer(own_)).status, 404);
    EXPECT_EQ(call(port(), "GET", notes_path(jana_app_), {}, bearer(jana_)).status, 403);
    EXPECT_EQ(call(port(), "GET", notes_path(jana_app_)).status, 401);

    // Bounds: empty, over 2000 characters (2000 umlauts fit), malformed JSON.
    EXPECT_EQ(call(port(), "POST", notes_path(jana_app_), R"({"body":"   "})", bearer(own_)).status, 422);
    auto too_long = call(port(), "POST", notes_path(jana_app_), R"({"body":")" + std::string(2001, 'x') + R"("})", bearer(own_));
    EXPECT_EQ(too_long.status, 422);
    EXPECT_NE(too_long.body.find("body"), std::string::npos) << too_long.body;
    std::string umlauts;
    for (int i = 0; i < 2000; ++i) umlauts += "ü";
    EXPECT_EQ(call(port(), "POST", notes_path(jana_app_), R"({"body":")" + umlauts + R"("})", bearer(own_)).status, 201);
    EXPECT_EQ(call(port(), "POST", notes_path(jana_app_), R"({"body":)", bearer(own_)).status, 400);

    // Nothing of it reaches the candidate: her list, her export (only that a note exists).
    auto mine = call(port(), "GET", "/api/applications/my", {}, bearer(jana_));
    ASSERT_EQ(mine.status, 200);
    EXPECT_EQ(mine.body.find("freundlich"), std::string::npos) << mine.body;
    EXPECT_EQ(call(port(), "GET", "/api/applications/" + jana_app_, {}, bearer(jana_)).status, 403);
    auto exported = call(port(), "GET", "/api/candidate_accounts/" + jana_id_ + "/export", {}, bearer(jana_));
    ASSERT_EQ(exported.status, 200);
    std::string doc = export_fixture::entry(exported.body, "daten.json");
    EXPECT_EQ(doc.find("freundlich"), std::string::npos);
    EXPECT_EQ(field(doc, "/notesHeldByOrganizations/0/organizationName"), "Pipeline Agentur GmbH") << doc;
    EXPECT_EQ(field(doc, "/notesHeldByOrganizations/0/notes"), "2") << doc;

    // The author leaves the team: the note stays, by a former member. The author may delete.
    auto by_colleague = call(port(), "POST", notes_path(jana_app_), R"({"body":"Rückruf am Montag"})", bearer(colleague_));
    ASSERT_EQ(by_colleague.status, 201);
    exec("DELETE FROM accounts WHERE email = 'kollege@pipeline-agentur.example'");
    auto after = call(port(), "GET", notes_path(jana_app_), {}, bearer(own_));
    EXPECT_EQ(field(after.body, "/hydra:member/2/author"), "ehemaliges Teammitglied") << after.body;
    EXPECT_EQ(call(port(), "DELETE", "/api/application_notes/" + note, {}, bearer(own_)).status, 204);
    EXPECT_EQ(field(call(port(), "GET", notes_path(jana_app_), {}, bearer(own_)).body, "hydra:totalItems"), "2");

    // The candidate deletes her account: what the team wrote about her goes with it.
    auto d = call(port(), "PATCH", "/api/candidate_accounts/" + jana_id_ + "/delete", R"({"confirmation":"delete"})", bearer(jana_));
    ASSERT_EQ(d.status, 200) << d.body;
    EXPECT_EQ(sql("SELECT count(*) FROM application_notes WHERE application_id = " + jana_app_), "0");
}

TEST_F(Pipeline, OneRatingPerApplicationTheLastWriterWins) {
    std::string path = "/api/applications/" + jana_app_ + "/rating";
    EXPECT_EQ(field(call(port(), "GET", path, {}, bearer(own_)).body, "stars"), "null");
    auto four = call(port(), "PUT", path, R"({"stars":4})", bearer(own_));
    ASSERT_EQ(four.status, 200) << four.body;
    EXPECT_EQ(field(four.body, "stars"), "4");
    EXPECT_EQ(field(four.body, "setBy"), "chefin@pipeline-agentur.example");
    auto two = call(port(), "PUT", path, R"({"stars":2})", bearer(colleague_));
    EXPECT_EQ(field(two.body, "stars"), "2");
    EXPECT_EQ(field(two.body, "setBy"), "kollege@pipeline-agentur.example");
    EXPECT_EQ(sql("SELECT count(*) FROM application_ratings WHERE application_id = " + jana_app_), "1");
    // The list shows it; the candidate's list does not.
    auto list = call(port(), "GET", "/api/organizations/9601/applications?jobPosting=9701", {}, bearer(own_));
    EXPECT_EQ(field(list.body, "/hydra:member/1/id"), jana_app_) << list.body;
    EXPECT_EQ(field(list.body, "/hydra:member/1/rating"), "2") << list.body;
    EXPECT_EQ(field(list.body, "/hydra:member/0/rating"), "<missing>") << list.body;
    EXPECT_EQ(call(port(), "GET", "/api/applications/my", {}, bearer(jana_)).body.find("rating"), std::string::npos);
    // Bounds and strangers.
    for (const char* bad : {R"({"stars":0})", R"({"stars":6})", R"({"stars":"5"})", R"({"stars":2.5})", R"({})"})
        EXPECT_EQ(call(port(), "PUT", path, bad, bearer(own_)).status, 422) << bad;
    EXPECT_EQ(call(port(), "PUT", path, R"({"stars":5})", bearer(other_)).status, 404);
    EXPECT_EQ(call(port(), "PUT", path, R"({"stars":5})", bearer(jana_)).status, 403);
    EXPECT_EQ(call(port(), "GET", path, {}, bearer(other_)).status, 404);
    // Taken back.
    auto none = call(port(), "PUT", path, R"({"stars":null})", bearer(own_));
    EXPECT_EQ(none.status, 200);
    EXPECT_EQ(field(none.body, "stars"), "null");
}

TEST_F(Pipeline, NeighboursFollowTheListsOrderAndFilter) {
    // All applications, newest first: hostess (Max), promoter (Max), promoter (Jana).
    auto mid = call(port(), "GET", "/api/applications/" + max_app_ + "/neighbours", {}, bearer(own_));
    ASSERT_EQ(mid.status, 200) << mid.body;
    EXPECT_EQ(field(mid.body, "/previous/id"), hostess_app_);
    EXPECT_EQ(field(mid.body, "/next/id"), jana_app_);
    EXPECT_EQ(field(mid.body, "/next/firstName"), "Jana");
    // Only the promoter job: nothing before Max's application.
    auto job = call(port(), "GET", "/api/applications/" + max_app_ + "/neighbours?jobPosting=9701", {}, bearer(own_));
    EXPECT_EQ(field(job.body, "previous"), "null") << job.body;
    EXPECT_EQ(field(job.body, "/next/id"), jana_app_);
    // A status filter the applicant has left since (opening marked it seen) still finds its place.
    exec("UPDATE applications SET status = 'seen' WHERE id = " + max_app_);
    auto sent = call(port(), "GET", "/api/applications/" + max_app_ + "/neighbours?status=sent", {}, bearer(own_));
    EXPECT_EQ(field(sent.body, "/previous/id"), hostess_app_) << sent.body;
    EXPECT_EQ(field(sent.body, "/next/id"), jana_app_);
    EXPECT_EQ(call(port(), "GET", "/api/applications/" + max_app_ + "/neighbours?status=egal", {}, bearer(own_)).status, 422);
    EXPECT_EQ(call(port(), "GET", "/api/applications/" + max_app_ + "/neighbours", {}, bearer(other_)).status, 404);
    EXPECT_EQ(call(port(), "GET", "/api/applications/" + max_app_ + "/neighbours", {}, bearer(max_)).status, 403);
}

TEST_F(Pipeline, BulkStatusChangeIsAllOrNothingWithTheSameMails) {
    const std::string path = "/api/organizations/9601/applications/status";
    auto body = [](const std::string& ids, const std::string& status, const std::string& message = {}) {
        return R"({"ids":[)" + ids + R"(],"status":")" + status + R"(","message":")" + message + R"("})";
    };
    // A foreign or unknown id: 404 naming only what was sent, and nothing changes.
    auto foreign = call(port(), "POST", path, body(jana_app_ + "," + foreign_app_, "invited"), bearer(own_));
    EXPECT_EQ(foreign.status, 404) << foreign.body;
    auto unknown = call(port(), "POST", path, body(jana_app_ + ",99999999", "invited"), bearer(own_));
    EXPECT_EQ(unknown.status, 404);
    EXPECT_EQ(field(unknown.body, "message").find(jana_app_), std::string::npos) << unknown.body;
    // The foreign one is named like the unknown one: its existence is not confirmed.
    EXPECT_NE(field(foreign.body, "message").find(foreign_app_), std::string::npos) << foreign.body;
    EXPECT_EQ(sql("SELECT count(*) FROM applications WHERE status = 'invited'"), "0");
    // Another organization's path, the candidate, bounds.
    EXPECT_EQ(call(port(), "POST", path, body(jana_app_, "invited"), bearer(other_)).status, 404);
    EXPECT_EQ(call(port(), "POST", path, body(jana_app_, "invited"), bearer(jana_)).status, 403);
    EXPECT_EQ(call(port(), "POST", path, body("", "invited"), bearer(own_)).status, 422);
    EXPECT_EQ(call(port(), "POST", path, body(jana_app_, "accepted"), bearer(own_)).status, 422);
    EXPECT_EQ(call(port(), "POST", path, body(jana_app_, "invited", std::string(2001, 'x')), bearer(own_)).status, 422);
    auto bad_id = call(port(), "POST", path, body(jana_app_ + R"(,"abc")", "invited"), bearer(own_));
    EXPECT_EQ(bad_id.status, 422);
    EXPECT_NE(bad_id.body.find("ids[1]"), std::string::npos) << bad_id.body;
    std::string many;
    for (int i = 1; i <= 101; ++i) many += (i > 1 ? "," : "") + std::to_string(i);
    EXPECT_EQ(call(port(), "POST", path, body(many, "invited"), bearer(own_)).status, 422);
    // One that fails inside the transaction rolls the others back: 422 naming it.
    exec("CREATE FUNCTION pipeline_test_refuse() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN "
        "IF NEW.id = " + max_app_ + " THEN RAISE EXCEPTION 'refused' USING ERRCODE = 'check_violation'; END IF; RETURN NEW; END $$; "
        "CREATE TRIGGER pipeline_test_refuse BEFORE UPDATE ON applications FOR EACH ROW EXECUTE FUNCTION pipeline_test_refuse()");
    auto refused = call(port(), "POST", path, body(jana_app_ + "," + max_app_, "invited"), bearer(own_));
    EXPECT_EQ(refused.status, 422) << refused.body;
    EXPECT_NE(refused.body.find(max_app_), std::string::npos) << refused.body;
    EXPECT_EQ(sql("SELECT count(*) FROM applications WHERE status = 'invited'"), "0");
    exec("DROP TRIGGER pipeline_test_refuse ON applications");

    // Both at once, with one message: each candidate gets the status mail of a single change.
    auto done = call(port(), "POST", path, body(jana_app_ + "," + max_app_, "invited", "Bitte kommen Sie am Freitag."), bearer(own_));
    ASSERT_EQ(done.status, 200) << done.body;
    EXPECT_EQ(field(done.body, "hydra:totalItems"), "2");
    EXPECT_EQ(field(done.body, "/hydra:member/0/statusMail"), "queued") << done.body;
    EXPECT_EQ(sql("SELECT count(*) FROM applications WHERE status = 'invited' AND status_message = 'Bitte kommen Sie am Freitag.'"), "2");
    for (const char* to : {"jana@pipeline.example", "max@pipeline.example"}) {
        std::string mail = wait_for_mail_to(*s_.sink, to, 15s, "Neuigkeiten zu deiner Bewerbung");
        ASSERT_FALSE(mail.empty()) << to;
        EXPECT_NE(mail.find("Bitte kommen Sie am Freitag."), std::string::npos) << mail;
    }
}

TEST_F(Pipeline, CsvOfAJobsApplicantsForExcelAndLogged) {
    exec("INSERT INTO application_notes (application_id, organization_id, body) VALUES (" + jana_app_ + ", 9601, 'Geheimnotiz')");
    std::string path = "/api/organizations/9601/job_postings/9701/applications.csv";
    std::string before = sql("SELECT count(*) FROM application_views");
    auto r = call(port(), "GET", path, {}, bearer(own_));
    ASSERT_EQ(r.status, 200) << r.body;
    EXPECT_EQ(r.header("content-type"), "text/csv; charset=utf-8");
    EXPECT_NE(r.header("content-disposition").find("attachment"), std::string::npos) << r.header("content-disposition");
    EXPECT_NE(r.header("content-disposition").find("bewerbungen-promoter-9701.csv"), std::string::npos);
    EXPECT_EQ(r.header("cache-control"), "private, no-store");
    ASSERT_GE(r.body.size(), 3u);
    EXPECT_EQ(r.body.substr(0, 3), "\xEF\xBB\xBF");
    std::string lines = r.body.substr(3);
    EXPECT_EQ(lines.substr(0, lines.find("\r\n")),
              "Vorname;Nachname;E-Mail;Telefon;Adresse;Status;Beworben am;Einsatzorte;Gewählte Einsätze;Bestätigte Einsätze;Lohn;"
              "Stellenanzeige");
    // The job's pay in every row (issue 42): a range per hour; then the job.
    EXPECT_NE(lines.find(";14,50–16,00 € pro Stunde;Promoter (m/w/d) in Bremen\r\n"), std::string::npos) << lines;
    // Newest first: Max, whose name would be a formula and holds the separator and quotes.
    EXPECT_NE(lines.find("\r\n\"'=HYPERLINK(\"\"x\"\")\";\"Kühn; \"\"der Zweite\"\"\";max@pipeline.example;0170 1234567;"
                         "Hafenstr. 1, 28195 Bremen;Neu;"),
              std::string::npos)
        << lines;
    EXPECT_NE(lines.find("Jana;Berg;jana@pipeline.example;0170 1234567;"), std::string::npos) << lines;
    EXPECT_NE(lines.find(";Bremen;"), std::string::npos) << lines;
    // Only what applying shares: no notes, ratings, cover texts, other jobs' applicants, web sites.
    EXPECT_EQ(lines.find("Geheimnotiz"), std::string::npos);
    EXPECT_EQ(lines.find("Gern!"), std::string::npos);
    EXPECT_EQ(lines.find("x.example"), std::string::npos);
    EXPECT_EQ(std::count(lines.begin(), lines.end(), '\n'), 3);
    // Each row is a logged view of the candidate's data.
    EXPECT_EQ(std::stoi(sql("SELECT count(*) FROM application_views")), std::stoi(before) + 2);

    // Another organization, another organization's job, a candidate, another site's cookie request.
    EXPECT_EQ(call(port(), "GET", path, {}, bearer(other_)).status, 404);
    EXPECT_EQ(call(port(), "GET", "/api/organizations/9601/job_postings/9703/applications.csv", {}, bearer(own_)).status, 404);
    EXPECT_EQ(call(port(), "GET", "/api/organizations/9602/job_postings/9703/applications.csv", {}, bearer(own_)).status, 404);
    EXPECT_EQ(call(port(), "GET", path, {}, bearer(jana_)).status, 403);
    std::string cookie = "Cookie: auth_token=" + own_ + "\r\n";
    EXPECT_EQ(call(port(), "GET", path, {}, cookie + "Sec-Fetch-Site: cross-site\r\n").status, 403);
    EXPECT_EQ(call(port(), "GET", path, {}, cookie + "Sec-Fetch-Site: same-origin\r\n").status, 200);
}

// Issue 41, item 17: the organization's file holds the applicants of all its jobs (which job in
// the last column), and says of each chosen shift its state, with the confirmed ones (not
// cancelled) in a column of their own. The same rules as a job's file: each row a logged view,
// another organization 404, a candidate 403, another site's cookie request 403.
TEST_F(Pipeline, TheOrganizationsCsvHoldsEveryJobAndSaysWhichShiftsAreConfirmed) {
    auto shift = [&](int days, const char* start, const char* end) {
        return sql("INSERT INTO shifts (job_posting_id, shift_date, start_time, end_time, staff_needed) VALUES (9701, "
                   "(now() AT TIME ZONE 'Europe/Berlin')::date + " + std::to_string(days) + ", '" + start + "', '" + end +
                   "', 2) RETURNING id");
    };
    std::string confirmed = shift(10, "10:00", "14:00"), pending = shift(11, "18:00", "22:00"), cancelled = shift(12, "09:00", "12:00");
    exec("INSERT INTO shift_applications (shift_id, application_id, status, decided_at) VALUES (" + confirmed + ", " + jana_app_ +
         ", 'confirmed', now()), (" + pending + ", " + jana_app_ + ", 'pending', NULL), (" + cancelled + ", " + jana_app_ + ", 'confirmed', now())");
    exec("UPDATE shifts SET cancelled_at = now() WHERE id = " + cancelled);
    auto label = [&](const std::string& id) { return sql("SELECT jh_shift_label(" + id + ")"); };

    std::string path = "/api/organizations/9601/applications.csv";
    std::string before = sql("SELECT count(*) FROM application_views");
    auto r = call(port(), "GET", path, {}, bearer(own_));
    ASSERT_EQ(r.status, 200) << r.body;
    EXPECT_EQ(r.header("content-type"), "text/csv; charset=utf-8");
    EXPECT_NE(r.header("content-disposition").find("bewerbungen-pipeline-agentur.csv"), std::string::npos) << r.header("content-disposition");
    EXPECT_EQ(r.header("cache-control"), "private, no-store");
    ASSERT_GE(r.body.size(), 3u);
    std::string lines = r.body.substr(3);
    EXPECT_EQ(lines.substr(0, lines.find("\r\n")),
              "Vorname;Nachname;E-Mail;Telefon;Adresse;Status;Beworben am;Einsatzorte;Gewählte Einsätze;Bestätigte Einsätze;Lohn;"
              "Stellenanzeige");
    // Both jobs of the organization, newest first; not the other organization's applicant.
    EXPECT_EQ(std::count(lines.begin(), lines.end(), '\n'), 4) << lines;
    EXPECT_NE(lines.find(";Hostess (m/w/d) in Kiel\r\n"), std::string::npos) << lines;
    EXPECT_LT(lines.find("Hostess (m/w/d) in Kiel"), lines.find("Jana;Berg;"));
    EXPECT_EQ(lines.find("Otto"), std::string::npos) << lines;
    // Jana's shifts: each with its state (quoted: the list holds the separator), the confirmed one alone.
    std::string jana = "\"" + label(confirmed) + " (bestätigt); " + label(pending) + " (offen); " + label(cancelled) + " (abgesagt)\";" +
                       label(confirmed) + ";14,50–16,00 € pro Stunde;Promoter (m/w/d) in Bremen\r\n";
    EXPECT_NE(lines.find(jana), std::string::npos) << lines << "\nexpected: " << jana;
    EXPECT_EQ(std::stoi(sql("SELECT count(*) FROM application_views")), std::stoi(before) + 3);

    EXPECT_EQ(call(port(), "GET", path, {}, bearer(other_)).status, 404);
    EXPECT_EQ(call(port(), "GET", "/api/organizations/9602/applications.csv", {}, bearer(own_)).status, 404);
    EXPECT_EQ(call(port(), "GET", path, {}, bearer(jana_)).status, 403);
    EXPECT_EQ(call(port(), "GET", path).status, 401);
    std::string cookie = "Cookie: auth_token=" + own_ + "\r\n";
    EXPECT_EQ(call(port(), "GET", path, {}, cookie + "Sec-Fetch-Site: cross-site\r\n").status, 403);
}

}  // namespace
}  // namespace jh::test
