// The data export, the deletion and the one-click unsubscribe, from outside against the real
// server, PostgreSQL, Redis, the mail worker and the SMTP sink: the export is a ZIP that `unzip`
// opens, with the uploaded image as a file and the application in daten.json; deleting the account
// leaves no row anywhere that still holds the address; the alert unsubscribe is a POST (GET 405),
// and the digest links to the web page and carries List-Unsubscribe with One-Click (RFC 8058).
#include <filesystem>
#include <fstream>

#include "tests/integration/export_fixture.h"
#include "tests/integration/sedcard_fixture.h"

namespace jh::test {
namespace {

using namespace accounts_fixture;
using namespace sedcard_fixture;

constexpr const char* gdpr_seed_sql = R"sql(
INSERT INTO organizations (id, slug, name, contact_email) VALUES (9001, 'firma', 'Firma GmbH', 'jobs@firma.example');
INSERT INTO job_postings (id, slug, organization_id, title, is_published, active, published_at) VALUES
 (9101, 'promoter-9101', 9001, 'Promoter (m/w/d) in Berlin', true, true, now() - interval '1 day');
)sql";

class Gdpr : public ::testing::Test {
protected:
    static void SetUpTestSuite() {
        init_vips();
        var_ = new std::string(make_temp_dir("gdpr-var"));
        s_ = new stack;
        s_->start("gdpr", true, {{"JOBHAFEN_VAR_DIR", *var_}}, schema::migrated);
        if (!::testing::Test::HasFatalFailure()) exec_sql(s_->db->url(), gdpr_seed_sql);
    }
    static void TearDownTestSuite() {
        s_->stop();
        std::error_code ec;
        std::filesystem::remove_all(*var_, ec);
        delete s_;
        delete var_;
    }
    static int port() { return s_->port; }
    static std::string sql(const std::string& q) { return s_->sql(q); }
    // A confirmed candidate ready to apply, with a portrait: {account, token, profile}, image id.
    static std::pair<candidate, std::string> candidate_with_photo(const std::string& email) {
        auto [id, token] = register_candidate(port(), email);
        candidate c{id, token, sql("SELECT id FROM candidate_profiles WHERE account_id = " + id)};
        auto up = upload(port(), "/api/candidate_profiles/" + c.profile_id + "/profile_images", token,
                         {{"type", "portrait"}, {"file", save_buffer(picture(320, 240), ".jpg"), "ich.jpg", "image/jpeg"}});
        EXPECT_EQ(up.status, 201) << up.body;
        // After the upload, which computes the profile's completeness again.
        make_ready_to_apply(*s_, id);
        return {c, field(up.body, "id")};
    }
    // Every column (of a type that holds text) of every table where `needle` occurs, as "table.column".
    static std::string columns_holding(const std::string& needle) {
        // MATERIALIZED: the column list first, so no other schema's table is ever counted.
        return sql(
            "WITH cols AS MATERIALIZED (SELECT c.table_name, c.column_name FROM information_schema.columns c "
            "  JOIN information_schema.tables t USING (table_schema, table_name) "
            " WHERE c.table_schema = 'public' AND t.table_type = 'BASE TABLE' "
            "   AND c.data_type IN ('text', 'character varying', 'USER-DEFINED', 'jsonb', 'json', 'ARRAY')) "
            "SELECT coalesce(string_agg(table_name || '.' || column_name, ',' ORDER BY table_name, column_name), '') FROM cols "
            " WHERE (xpath('/row/n/text()', query_to_xml(format('SELECT count(*) AS n FROM public.%I WHERE strpos(lower(%I::text), %L) > 0', "
            "        table_name, column_name, lower('" + needle + "')), false, true, '')))[1]::text::int > 0");
    }
    static stack* s_;
    static std::string* var_;
};
stack* Gdpr::s_ = nullptr;
std::string* Gdpr::var_ = nullptr;

TEST_F(Gdpr, ExportIsAZipWithTheImageFileAndTheApplication) {
    auto [c, image] = candidate_with_photo("auskunft@example.de");
    ASSERT_EQ(call(port(), "POST", "/api/job_postings/9101/apply", R"({"notes":"Ich bin zuverlässig."})", bearer(c.token)).status, 201);
    auto r = call(port(), "GET", "/api/candidate_accounts/" + c.account_id + "/export", {}, bearer(c.token));
    ASSERT_EQ(r.status, 200) << r.body;
    EXPECT_EQ(r.header("content-type"), "application/zip");
    EXPECT_EQ(r.header("content-disposition"), "attachment; filename=\"jobhafen-daten.zip\"; filename*=UTF-8''jobhafen-daten.zip");
    EXPECT_EQ(r.header("cache-control"), "private, no-store");
    EXPECT_TRUE(export_fixture::intact(r.body));
    // The archive was streamed from a temporary file, which is gone once the answer started.
    auto no_archive_left = [&] {
        for (const auto& e : std::filesystem::directory_iterator(*var_ + "/tmp"))
            if (e.path().filename().string().starts_with("export-")) return false;
        return true;
    };
    EXPECT_TRUE(wait_until(no_archive_left, std::chrono::seconds(5)));
    std::string photo = "bilder/" + image + "-portrait.jpg";
    std::string names = export_fixture::names(r.body);
    EXPECT_NE(names.find("daten.json"), std::string::npos) << names;
    EXPECT_NE(names.find(photo), std::string::npos) << names;
    // The image in the archive is the stored file, byte for byte.
    std::ifstream file(*var_ + "/media/profiles/" + sql("SELECT storage_key FROM profile_images WHERE id = " + image), std::ios::binary);
    std::string stored((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
    ASSERT_FALSE(stored.empty());
    EXPECT_EQ(export_fixture::entry(r.body, photo), stored);
    std::string doc = export_fixture::entry(r.body, "daten.json");
    EXPECT_EQ(field(doc, "/account/email"), "auskunft@example.de");
    EXPECT_EQ(field(doc, "/applications/0/jobPostingId"), "9101");
    EXPECT_EQ(field(doc, "/applications/0/jobTitle"), "Promoter (m/w/d) in Berlin");
    EXPECT_EQ(field(doc, "/applications/0/notes"), "Ich bin zuverlässig.");
    EXPECT_EQ(field(doc, "/images/0/file"), photo);
    EXPECT_EQ(field(doc, "documents"), "[]");
    EXPECT_EQ(field(doc, "videos"), "[]");
    EXPECT_EQ(doc.find("argon2"), std::string::npos);
    // Another candidate's export: 404.
    auto [other, other_token] = register_candidate(port(), "fremd@example.de");
    EXPECT_EQ(call(port(), "GET", "/api/candidate_accounts/" + c.account_id + "/export", {}, bearer(other_token)).status, 404);
}

TEST_F(Gdpr, DeletionLeavesNoRowWithTheAddress) {
    const std::string email = "vergessen@example.de";
    auto [c, image] = candidate_with_photo(email);
    // Everywhere the address or the account can end up: an application, a job alert, the
    // newsletter, a contact request sent as a visitor, a favourite, a tracking event, queued mails.
    ASSERT_EQ(call(port(), "POST", "/api/job_postings/9101/apply", R"({"notes":"Bitte melden"})", bearer(c.token)).status, 201);
    ASSERT_EQ(call(port(), "POST", "/api/job_alerts", R"({"title":"Promoter","searchFilter":"q=Promoter"})", bearer(c.token)).status, 201);
    ASSERT_EQ(call(port(), "POST", "/api/job_postings/9101/favor", {}, bearer(c.token)).status, 200);
    ASSERT_EQ(call(port(), "POST", "/api/forms/16", R"({"email":")" + email + R"(","firstName":"Qwendolyn"})").status, 201);
    ASSERT_EQ(call(port(), "POST", "/api/organizations/9001/contact/visitor",
                   R"({"name":"Qwendolyn","email":")" + email + R"(","message":"Ist die Stelle noch frei?"})")
                  .status,
              201);
    // An event sent while signed in (its account), and a visitor's form event naming the address.
    exec_sql(s_->db->url(), "INSERT INTO tracking_events (event, payload, account_id) VALUES ('page_viewed', '{}', " + c.account_id +
                                "), ('form_sent', '{\"queryParams\": {\"email\": \"" + email + "\"}}', NULL)");
    ASSERT_NE(columns_holding(email), "");
    // Wait until the mail worker has taken every mail (a mail being sent right now is not removed).
    ASSERT_TRUE(wait_until([] { return sql("SELECT count(*) FROM queue_jobs WHERE status IN ('pending', 'running') AND kind = 'mail'") == "0"; },
                           20s));

    auto d = call(port(), "PATCH", "/api/candidate_accounts/" + c.account_id + "/delete", R"({"confirmation":"delete"})", bearer(c.token));
    ASSERT_EQ(d.status, 200) << d.body;
    EXPECT_EQ(columns_holding(email), "");
    EXPECT_EQ(columns_holding("Qwendolyn"), "");
    EXPECT_EQ(sql("SELECT count(*) FROM tracking_events WHERE account_id = " + c.account_id), "0");
    // The application stays for the provider, without the person.
    EXPECT_EQ(sql("SELECT count(*) FROM applications WHERE job_posting_id = 9101 AND notes = 'Bitte melden'"), "0");
    EXPECT_EQ(sql("SELECT count(*) FROM applications WHERE candidate_account_id = " + c.account_id), "0");
    EXPECT_EQ(sql("SELECT count(*) FROM profile_images WHERE id = " + image), "0");
}

TEST_F(Gdpr, AlertUnsubscribeIsAPostAndTheDigestOffersOneClick) {
    auto [id, token] = register_candidate(port(), "alarm@example.de");
    const std::string unsubscribe_token = "abmeldetoken-0123456789-abcdefghij";
    auto a = call(port(), "POST", "/api/job_alerts", R"({"title":"Promoter","searchFilter":{"q":"Promoter"}})", bearer(token));
    ASSERT_EQ(a.status, 201) << a.body;
    std::string alert = field(a.body, "id");
    // Confirmed (the double opt-in has its own test), and a new matching job since.
    exec_sql(s_->db->url(),
             "UPDATE job_alerts SET confirmed_at = now() - interval '1 hour', matched_until = now() - interval '1 hour', "
             "next_run_at = now(), unsubscribe_token = '" + unsubscribe_token + "' WHERE id = " + alert + ";"
             "INSERT INTO job_postings (id, slug, organization_id, title, is_published, active) VALUES "
             "(9107, 'promoter-koeln-9107', 9001, 'Promoter (m/w/d) in Köln', true, true);"
             "INSERT INTO job_posting_locations (job_posting_id, city, lat, lon) VALUES (9107, 'Köln', 50.94, 6.96);");
    auto run = run_jobhafen({{"JOBHAFEN_DATABASE_URL", s_->db->url()}, {"JOBHAFEN_HTTP_PUBLIC_ORIGIN", s_->origin}},
                            {"worker", "alerts", "--once"});
    ASSERT_EQ(run.first, 0) << run.second;
    std::string raw;
    ASSERT_TRUE(wait_until(
        [&] {
            for (const auto& f : s_->sink->message_files()) {
                std::ifstream in(f, std::ios::binary);
                std::string m((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
                if (m.find("alarm@example.de") != std::string::npos && m.find("List-Unsubscribe") != std::string::npos) raw = m;
            }
            return !raw.empty();
        },
        20s));
    EXPECT_NE(raw.find("\nList-Unsubscribe: <" + s_->origin + "/api/job_alerts/unsubscribe/" + unsubscribe_token + ">"),
              std::string::npos)
        << raw;
    EXPECT_NE(raw.find("\nList-Unsubscribe-Post: List-Unsubscribe=One-Click"), std::string::npos) << raw;
    std::string text;
    for (const auto& f : s_->sink->message_files())
        if (auto m = read_mail(f); m.to.find("alarm@example.de") != std::string::npos && m.subject.find("Neue Jobs") != std::string::npos)
            text = m.text;
    EXPECT_EQ(token_after(text, s_->origin + "/job-alert-abmelden/"), unsubscribe_token) << text;

    // GET changes nothing (a link preview, a mail scanner); POST unsubscribes.
    auto get = call(port(), "GET", "/api/job_alerts/unsubscribe/" + unsubscribe_token);
    EXPECT_EQ(get.status, 405);
    EXPECT_EQ(get.header("allow"), "POST");
    EXPECT_EQ(sql("SELECT count(*) FROM job_alerts WHERE id = " + alert), "1");
    EXPECT_EQ(call(port(), "POST", "/api/job_alerts/unsubscribe/" + unsubscribe_token).status, 200);
    EXPECT_EQ(sql("SELECT count(*) FROM job_alerts WHERE id = " + alert), "0");
    // The newsletter confirmation is a POST only too.
    EXPECT_EQ(call(port(), "GET", "/api/forms/16/confirm").status, 405);
}

}  // namespace
}  // namespace jh::test
