// The conversation of an application (issue 29), from outside against the real server, PostgreSQL,
// Redis, the SMTP sink and the mail worker: a status message of the organization is the first entry
// of the thread, both sides read the same thread, the organization writes and the candidate gets a
// mail, the candidate replies and the job's contact gets a mail. Another organization, another
// candidate and visitors get nothing; a held application cannot be written on; the bounds (length,
// 20 messages an application and side a day) answer 422 and 429 in German; the candidate's export
// holds the thread, and deleting the account removes exactly the candidate's own messages.
#include "tests/integration/export_fixture.h"
#include "tests/integration/provider_fixture.h"

namespace jh::test {
namespace {

using namespace accounts_fixture;

constexpr const char* application_conversation_seed_sql = R"sql(
INSERT INTO organizations (id, slug, name, contact_email) VALUES
 (9401, 'gespraech-agentur', 'Gespräch Agentur GmbH', 'jobs@gespraech-agentur.example'),
 (9402, 'fremde-agentur', 'Fremde Agentur KG', 'jobs@fremde-agentur.example');
INSERT INTO job_postings (id, slug, organization_id, title, is_published, active, published_at) VALUES
 (9501, 'promoter-9501', 9401, 'Promoter (m/w/d) in Leipzig', true, true, now() - interval '1 day'),
 (9502, 'hostess-9502', 9401, 'Messehostess (m/w/d) in Dresden', true, true, now() - interval '1 day');
)sql";

class ApplicationConversation : public ::testing::Test {
protected:
    static void SetUpTestSuite() {
        var_ = new std::string(make_temp_dir("conversation-var"));
        s_ = new stack;
        // Mails wait 300 s in production (a newer message replaces a waiting one); here one second.
        s_->start("conversation", true, {{"JOBHAFEN_APPLICATIONS_STATUS_MAIL_DELAY_S", "1"}, {"JOBHAFEN_VAR_DIR", *var_}},
                  schema::migrated);
        if (::testing::Test::HasFatalFailure()) return;
        exec_sql(s_->db->url(), application_conversation_seed_sql);
        own_ = new std::string(organization_member(*s_, "chefin@gespraech-agentur.example", 9401));
        other_ = new std::string(organization_member(*s_, "chef@fremde-agentur.example", 9402));
    }
    static void TearDownTestSuite() {
        s_->stop();
        std::error_code ec;
        std::filesystem::remove_all(*var_, ec);
        delete s_;
        for (auto* p : {var_, own_, other_}) delete p;
    }
    static int port() { return s_->port; }
    static std::string sql(const std::string& q) { return s_->sql(q); }

    // A confirmed candidate with a forwarded application to `job`: {account id, token, application id}.
    static std::tuple<std::string, std::string, std::string> applicant(const std::string& email, int job, bool forwarded = true) {
        auto [id, token] = register_candidate(port(), email);
        exec_sql(s_->db->url(), "UPDATE accounts SET email_verified_at = now() WHERE id = " + id);
        std::string application = sql("INSERT INTO applications (job_posting_id, candidate_account_id, forwarded_at) VALUES (" +
                                      std::to_string(job) + ", " + id + ", " + (forwarded ? "now()" : "NULL") + ") RETURNING id");
        return {id, token, application};
    }
    static std::string path(const std::string& application) { return "/api/applications/" + application + "/messages"; }
    static std::string message(const std::string& text) { return R"({"message":")" + text + R"("})"; }

    static stack* s_;
    static std::string *var_, *own_, *other_;
};
stack* ApplicationConversation::s_ = nullptr;
std::string* ApplicationConversation::var_ = nullptr;
std::string* ApplicationConversation::own_ = nullptr;
std::string* ApplicationConversation::other_ = nullptr;

TEST_F(ApplicationConversation, BothSidesReadOneThreadAndEachWriteMailsTheOtherSide) {
    auto [id, token, application] = applicant("lena@bewerberin.example", 9501);
    // Before the organization wrote: an empty thread, and the candidate cannot start it.
    auto empty = call(port(), "GET", path(application), {}, bearer(token));
    ASSERT_EQ(empty.status, 200) << empty.body;
    EXPECT_EQ(field(empty.body, "messages"), "[]");
    EXPECT_EQ(field(empty.body, "canWrite"), "false");
    EXPECT_EQ(field(empty.body, "notice"), "Sobald der Jobanbieter dir schreibt, kannst du hier antworten.");
    EXPECT_EQ(call(port(), "POST", path(application), message("Hallo?"), bearer(token)).status, 409);

    // A status with a message is the thread's first entry, for both sides.
    auto invited = call(port(), "PATCH", "/api/applications/" + application + "/status",
                        R"({"status":"invited","message":"Kommen Sie am Montag um 10 Uhr?"})", bearer(*own_));
    ASSERT_EQ(invited.status, 200) << invited.body;
    for (const std::string* who : {&token, own_}) {
        auto thread = call(port(), "GET", path(application), {}, bearer(*who));
        ASSERT_EQ(thread.status, 200) << thread.body;
        EXPECT_EQ(field(thread.body, "/messages/0/from"), "provider") << thread.body;
        EXPECT_EQ(field(thread.body, "/messages/0/status"), "invited");
        EXPECT_EQ(field(thread.body, "/messages/0/body"), "Kommen Sie am Montag um 10 Uhr?");
        EXPECT_EQ(field(thread.body, "/messages/1"), "<missing>");
        EXPECT_EQ(field(thread.body, "canWrite"), "true");
    }
    EXPECT_EQ(field(call(port(), "GET", path(application), {}, bearer(token)).body, "side"), "candidate");
    EXPECT_EQ(field(call(port(), "GET", path(application), {}, bearer(*own_)).body, "side"), "provider");

    // A plain message of the organization replaces the status mail that still waits: one mail, the newest word.
    auto wrote = call(port(), "POST", path(application), message("Bitte bringen Sie Ihren Ausweis mit."), bearer(*own_));
    ASSERT_EQ(wrote.status, 201) << wrote.body;
    EXPECT_EQ(field(wrote.body, "/messages/1/from"), "provider");
    EXPECT_EQ(field(wrote.body, "/messages/1/status"), "null");
    EXPECT_TRUE(field(wrote.body, "/mail/state") == "replaced" || field(wrote.body, "/mail/state") == "queued") << wrote.body;
    std::string mail = wait_for_mail_to(*s_->sink, "lena@bewerberin.example", 15s, "Bitte bringen Sie Ihren Ausweis mit.");
    ASSERT_FALSE(mail.empty());
    EXPECT_NE(mail.find("Neuigkeiten zu deiner Bewerbung"), std::string::npos) << mail;
    EXPECT_NE(mail.find("Du hast eine neue Nachricht von Gespräch Agentur GmbH."), std::string::npos) << mail;

    // The candidate replies: the thread has it, the job's contact gets a mail ("Sie") with a link to the applicant.
    auto reply = call(port(), "POST", path(application), message("Gern, ich komme um 10 Uhr."), bearer(token));
    ASSERT_EQ(reply.status, 201) << reply.body;
    EXPECT_EQ(field(reply.body, "/mail/state"), "queued") << reply.body;
    EXPECT_EQ(field(reply.body, "/mail/message"), "Wir benachrichtigen den Jobanbieter in wenigen Minuten per E-Mail.");
    auto seen = call(port(), "GET", path(application), {}, bearer(*own_));
    EXPECT_EQ(field(seen.body, "/messages/2/from"), "candidate") << seen.body;
    EXPECT_EQ(field(seen.body, "/messages/2/body"), "Gern, ich komme um 10 Uhr.");
    std::string to_provider = wait_for_mail_to(*s_->sink, "jobs@gespraech-agentur.example", 15s, "Neue Nachricht zur Bewerbung");
    ASSERT_FALSE(to_provider.empty());
    EXPECT_NE(to_provider.find("Gern, ich komme um 10 Uhr."), std::string::npos) << to_provider;
    EXPECT_NE(to_provider.find("/recruiting/portal/bewerbungen/" + application), std::string::npos) << to_provider;
    EXPECT_EQ(sql("SELECT count(*) FROM application_messages WHERE application_id = " + application), "3");
}

TEST_F(ApplicationConversation, OthersGetNothingAndAHeldApplicationCannotBeWrittenOn) {
    auto [id, token, application] = applicant("mara@bewerberin.example", 9501);
    auto [other_id, other_token, other_application] = applicant("nina@bewerberin.example", 9502);
    ASSERT_EQ(call(port(), "POST", path(application), message("Guten Tag!"), bearer(*own_)).status, 201);
    std::string before = sql("SELECT count(*) FROM application_messages");
    // Another organization, another candidate: as if nothing existed.
    EXPECT_EQ(call(port(), "GET", path(application), {}, bearer(*other_)).status, 404);
    EXPECT_EQ(call(port(), "POST", path(application), message("Hallo"), bearer(*other_)).status, 404);
    EXPECT_EQ(call(port(), "GET", path(application), {}, bearer(other_token)).status, 404);
    EXPECT_EQ(call(port(), "POST", path(application), message("Hallo"), bearer(other_token)).status, 404);
    EXPECT_EQ(call(port(), "GET", path("999999999"), {}, bearer(*own_)).status, 404);
    // Not logged in.
    EXPECT_EQ(call(port(), "GET", path(application)).status, 401);
    EXPECT_EQ(call(port(), "POST", path(application), message("Hallo")).status, 401);

    // Held until the candidate confirms the address: the organization does not see it; the
    // candidate sees an empty thread and why she cannot write yet.
    auto [held_id, held_token, held] = applicant("ohne@bestaetigung.example", 9501, false);
    EXPECT_EQ(call(port(), "GET", path(held), {}, bearer(*own_)).status, 404);
    EXPECT_EQ(call(port(), "POST", path(held), message("Hallo"), bearer(*own_)).status, 404);
    auto mine = call(port(), "GET", path(held), {}, bearer(held_token));
    ASSERT_EQ(mine.status, 200) << mine.body;
    EXPECT_EQ(field(mine.body, "canWrite"), "false");
    EXPECT_NE(field(mine.body, "notice").find("Bestätigung deiner E-Mail-Adresse"), std::string::npos) << mine.body;
    auto refused = call(port(), "POST", path(held), message("Hallo"), bearer(held_token));
    EXPECT_EQ(refused.status, 409);
    EXPECT_NE(field(refused.body, "message").find("Bestätigung deiner E-Mail-Adresse"), std::string::npos) << refused.body;
    EXPECT_EQ(sql("SELECT count(*) FROM application_messages"), before);
}

TEST_F(ApplicationConversation, LengthAndDailyCapsAreBoundedInGerman) {
    auto [id, token, application] = applicant("tom@bewerber.example", 9502);
    // Length: 2000 characters pass (umlauts count as one), 2001 do not; empty and malformed.
    std::string umlauts;
    for (int i = 0; i < 2000; ++i) umlauts += "ä";
    EXPECT_EQ(call(port(), "POST", path(application), message(umlauts), bearer(*own_)).status, 201);
    auto too_long = call(port(), "POST", path(application), message(umlauts + "x"), bearer(*own_));
    EXPECT_EQ(too_long.status, 422);
    EXPECT_EQ(field(too_long.body, "/violations/0/propertyPath"), "message") << too_long.body;
    EXPECT_EQ(field(too_long.body, "/violations/0/message"), "Diese Eingabe ist zu lang. Erlaubt sind höchstens 2000 Zeichen.");
    auto blank = call(port(), "POST", path(application), message("   "), bearer(token));
    EXPECT_EQ(blank.status, 422);
    EXPECT_EQ(field(blank.body, "/violations/0/message"), "Bitte schreib eine Nachricht.") << blank.body;
    EXPECT_EQ(field(call(port(), "POST", path(application), message(""), bearer(*own_)).body, "/violations/0/message"),
              "Bitte geben Sie eine Nachricht ein.");
    EXPECT_EQ(call(port(), "POST", path(application), R"({"message":)", bearer(*own_)).status, 400);

    // 20 an application and side in 24 hours: the 21st of the organization is a 429; the
    // candidate's side still has its own share; a day later there is room again.
    exec_sql(s_->db->url(), "INSERT INTO application_messages (application_id, side, body) SELECT " + application +
                                ", 'provider', 'Nachricht ' || n FROM generate_series(1, 19) AS n");
    auto capped = call(port(), "POST", path(application), message("Noch eine"), bearer(*own_));
    EXPECT_EQ(capped.status, 429) << capped.body;
    EXPECT_EQ(field(capped.body, "message"),
              "Zu dieser Bewerbung wurden in den letzten 24 Stunden schon 20 Nachrichten geschrieben. Bitte schreiben Sie später weiter.");
    EXPECT_EQ(call(port(), "POST", path(application), message("Danke für die Nachrichten!"), bearer(token)).status, 201);
    exec_sql(s_->db->url(), "INSERT INTO application_messages (application_id, side, author_id, body) SELECT " + application +
                                ", 'candidate', " + id + ", 'Antwort ' || n FROM generate_series(1, 19) AS n");
    auto candidate_capped = call(port(), "POST", path(application), message("Und noch eine"), bearer(token));
    EXPECT_EQ(candidate_capped.status, 429);
    EXPECT_EQ(field(candidate_capped.body, "message"),
              "Du hast zu dieser Bewerbung in den letzten 24 Stunden schon 20 Nachrichten geschrieben. Bitte schreib später weiter.");
    exec_sql(s_->db->url(), "UPDATE application_messages SET created_at = now() - interval '25 hours' WHERE application_id = " + application);
    EXPECT_EQ(call(port(), "POST", path(application), message("Ein neuer Tag"), bearer(*own_)).status, 201);
}

TEST_F(ApplicationConversation, TheExportHoldsTheThreadAndDeletionRemovesExactlyTheCandidatesMessages) {
    auto [id, token, application] = applicant("export@bewerberin.example", 9502);
    ASSERT_EQ(call(port(), "POST", path(application), message("Wann können Sie anfangen?"), bearer(*own_)).status, 201);
    ASSERT_EQ(call(port(), "POST", path(application), message("Ab dem 1. Dezember."), bearer(token)).status, 201);

    auto exported = call(port(), "GET", "/api/candidate_accounts/" + id + "/export", {}, bearer(token));
    ASSERT_EQ(exported.status, 200) << exported.body;
    std::string doc = export_fixture::entry(exported.body, "daten.json");
    EXPECT_EQ(field(doc, "/applications/0/messages/0/body"), "Wann können Sie anfangen?") << doc;
    EXPECT_EQ(field(doc, "/applications/0/messages/0/from"), "provider");
    EXPECT_EQ(field(doc, "/applications/0/messages/1/body"), "Ab dem 1. Dezember.");
    EXPECT_EQ(field(doc, "/applications/0/messages/1/from"), "candidate");

    std::string others = sql("SELECT count(*) FROM application_messages WHERE application_id <> " + application);
    ASSERT_EQ(call(port(), "PATCH", "/api/candidate_accounts/" + id + "/delete", R"({"confirmation":"delete"})", bearer(token)).status, 200);
    // The candidate's reply is gone; the organization's own message stays with the anonymised application.
    EXPECT_EQ(sql("SELECT count(*) FROM application_messages WHERE application_id = " + application + " AND side = 'candidate'"), "0");
    EXPECT_EQ(sql("SELECT string_agg(body, '|') FROM application_messages WHERE application_id = " + application),
              "Wann können Sie anfangen?");
    EXPECT_EQ(sql("SELECT count(*) FROM application_messages WHERE application_id <> " + application), others);
    // The organization can no longer write to nobody.
    auto gone = call(port(), "GET", path(application), {}, bearer(*own_));
    EXPECT_EQ(field(gone.body, "canWrite"), "false") << gone.body;
    EXPECT_EQ(call(port(), "POST", path(application), message("Hallo?"), bearer(*own_)).status, 409);
}

}  // namespace
}  // namespace jh::test
