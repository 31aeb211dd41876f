// Channels per ad (issue 44 item 5; docs/reach.md, "Kanäle pro Anzeige"), from outside against the
// real server and PostgreSQL, the real `jobhafen worker google_index` and the fake Google of the
// GoogleIndex tests (google_indexing_fake.h): the editor's channel list with prices (an operator's
// paid channel listed, a retired one not); a job whose provider deselects `indeed` leaves the
// Indeed feed and the feed's ETag changes; deselecting `google` on a live job sends URL_DELETED for
// its page and choosing it again URL_UPDATED, a job published without `google` is never sent;
// Jobhafen is always kept; an unknown or retired slug and an overlong list are 422 per field with
// nothing stored; another organization's job is 404, a blocked organization's member gets 403.
#include <chrono>
#include <string>
#include <thread>

#include "tests/integration/google_indexing_fake.h"
#include "tests/integration/provider_fixture.h"

namespace jh::test {
namespace {

using namespace accounts_fixture;
using namespace google_fake;
using namespace std::chrono_literals;

// Organizations 380xx, jobs 380xx; each test its own jobs.
constexpr const char* channels_seed_sql = R"sql(
INSERT INTO organizations (id, slug, name, contact_email) VALUES
 (38001, 'kanal-agentur', 'Kanal Agentur GmbH', 'jobs@kanal.example'),
 (38002, 'fremd-kanal', 'Fremd Kanal KG', 'jobs@fremd-kanal.example'),
 (38003, 'sperr-kanal', 'Sperr Kanal OHG', 'jobs@sperr-kanal.example');
UPDATE organizations SET active_ad_quota = 100 WHERE id IN (38001, 38002, 38003);
-- Live jobs (published, a description, an activity, a place, pay above the minimum wage), so an
-- edit keeps passing the publication checks.
INSERT INTO job_postings (id, slug, organization_id, title, description, activity_ids, base_salary, salary_unit,
                          is_published, published_at)
SELECT n, 'kanal-' || n, CASE WHEN n = 38020 THEN 38002 WHEN n = 38021 THEN 38003 ELSE 38001 END, 'Aushilfe ' || n,
       'Wir suchen Verstärkung.', ARRAY[(SELECT min(id) FROM activities)], 16.00, 'hour', true, now() - interval '1 day'
  FROM generate_series(38010, 38021) n;
-- A publishable draft.
INSERT INTO job_postings (id, slug, organization_id, title, description, activity_ids, base_salary, salary_unit) VALUES
 (38030, 'entwurf-38030', 38001, 'Entwurf ohne Google', 'Wir suchen Verstärkung.', ARRAY[(SELECT min(id) FROM activities)], 16.00, 'hour');
INSERT INTO job_posting_locations (job_posting_id, city, lat, lon)
SELECT id, 'Bremen', 53.08, 8.8 FROM job_postings WHERE id BETWEEN 38010 AND 38030;
-- The operator's further channels: one paid and offered, one retired.
INSERT INTO publication_channels (slug, name, description, price_cents, sort_order, active) VALUES
 ('stadtanzeiger', 'Bremer Stadtanzeiger', 'Ihre Anzeige in der Samstagsausgabe.', 4900, 30, true),
 ('altkanal', 'Alter Kanal', 'Nicht mehr im Angebot.', 0, 40, false);
)sql";

class PublicationChannels : public ::testing::Test {
protected:
    static void SetUpTestSuite() {
        s_ = new stack;
        s_->start("pubchannels", false, {}, schema::migrated);
        if (::testing::Test::HasFatalFailure()) return;
        exec_sql(s_->db->url(), channels_seed_sql);
        google_ = new fake_google;
    }
    static void TearDownTestSuite() {
        delete google_;
        s_->stop();
        delete s_;
    }
    void SetUp() override {
        ASSERT_TRUE(s_ && s_->server) << "the stack did not start";
        ASSERT_TRUE(google_->ready()) << "the fake Google did not start";
        google_->reset();
        exec_sql(s_->db->url(), "DELETE FROM queue_jobs WHERE kind = 'google_index'");
    }
    void TearDown() override {
        if (worker_ && HasFailure()) std::fprintf(stderr, "worker log:\n%s\nfake log:\n%s\n", worker_->log().c_str(), google_->log().c_str());
        if (!worker_) return;
        worker_->signal(SIGTERM);
        worker_->wait_exit(30s);
        worker_.reset();
    }

    void start_worker() {
        std::map<std::string, std::string> env{
            {"JOBHAFEN_DATABASE_URL", s_->db->url()},
            {"JOBHAFEN_ZMQ_PUBLISH_ENDPOINT", s_->zmq_publish},
            {"JOBHAFEN_HTTP_PUBLIC_ORIGIN", s_->origin},
            {"JOBHAFEN_GOOGLE_INDEX_SERVICE_ACCOUNT_FILE", google_->account_file()},
            {"JOBHAFEN_GOOGLE_INDEX_BATCH_URL", google_->url("/batch")},
            {"JOBHAFEN_QUEUE_POLL_INTERVAL_MS", "200"},
        };
        worker_ = std::make_unique<server_process>(env, std::vector<std::string>{"worker", "google_index"});
        ASSERT_TRUE(wait_until([&] { return worker_->log().find("started") != std::string::npos; }, 60s)) << worker_->log();
        ASSERT_EQ(sql("SELECT enabled FROM google_index_switch"), "t");
    }

    static std::string sql(const std::string& q) { return s_->sql(q); }
    // Signed in once for the suite: each registration counts against the client's rate class.
    static const std::string& owner() {
        static const std::string token = organization_member(*s_, "inhaber@kanal.example", 38001);
        return token;
    }
    static http_reply patch_channels(const std::string& token, int job, const std::string& channels, const std::string& query = "") {
        return call(s_->port, "PATCH", "/api/job_postings/" + std::to_string(job) + query, R"({"channels":)" + channels + "}",
                    bearer(token));
    }
    static std::string stored(int job) {
        return sql("SELECT array_to_string(publication_channels, ',') FROM job_postings WHERE id = " + std::to_string(job));
    }
    static bool has_violation(const std::string& body, const std::string& path) {
        return body.find("\"propertyPath\":\"" + path + "\"") != std::string::npos;
    }
    static http_reply feed(const std::string& headers = {}) { return http_request(s_->port, "GET", "/feeds/indeed.xml", {}, headers); }
    static bool in_feed(const std::string& xml, int job) {
        return xml.find("<referencenumber><![CDATA[" + std::to_string(job) + "]]></referencenumber>") != std::string::npos;
    }
    static std::string page(const std::string& slug) { return s_->origin + "/jobs/" + slug; }
    // Waits up to 60 s until Google accepted a call for `url` of `type`.
    static bool google_accepts(const std::string& url, const std::string& type) {
        return wait_until([&] {
            for (const auto& c : accepted(read_log(google_->log())))
                if (c.url == url && c.type == type) return true;
            return false;
        }, 60s);
    }

    static inline stack* s_ = nullptr;
    static inline fake_google* google_ = nullptr;
    std::unique_ptr<server_process> worker_;
};

TEST_F(PublicationChannels, TheEditorListsTheOfferedChannelsWithTheirPrice) {
    auto r = call(s_->port, "GET", "/api/publication_channels", {}, bearer(owner()));
    ASSERT_EQ(r.status, 200) << r.body;
    EXPECT_EQ(field(r.body, "/hydra:member/0/slug"), "jobhafen");
    EXPECT_EQ(field(r.body, "/hydra:member/0/alwaysOn"), "true");
    EXPECT_EQ(field(r.body, "/hydra:member/0/free"), "true");
    EXPECT_EQ(field(r.body, "/hydra:member/1/slug"), "google");
    EXPECT_EQ(field(r.body, "/hydra:member/1/name"), "Google for Jobs");
    EXPECT_EQ(field(r.body, "/hydra:member/1/alwaysOn"), "false");
    EXPECT_EQ(field(r.body, "/hydra:member/2/slug"), "indeed");
    EXPECT_EQ(field(r.body, "/hydra:member/2/priceCents"), "0");
    // The operator's paid channel with its price; the retired one is not offered.
    EXPECT_EQ(field(r.body, "/hydra:member/3/slug"), "stadtanzeiger");
    EXPECT_EQ(field(r.body, "/hydra:member/3/priceCents"), "4900");
    EXPECT_EQ(field(r.body, "/hydra:member/3/free"), "false");
    EXPECT_EQ(field(r.body, "hydra:totalItems"), "4");
    EXPECT_EQ(r.body.find("altkanal"), std::string::npos) << r.body;
    // A job gets every free active channel by default (the paid one only when chosen).
    EXPECT_EQ(stored(38010), "jobhafen,google,indeed");
    auto job = call(s_->port, "GET", "/api/organizations/38001/job_postings/38010", {}, bearer(owner()));
    ASSERT_EQ(job.status, 200) << job.body;
    EXPECT_EQ(field(job.body, "channels"), R"(["jobhafen","google","indeed"])");
}

TEST_F(PublicationChannels, AJobWithoutIndeedLeavesTheFeedAndTheFeedIsANewVersion) {
    auto before = feed();
    ASSERT_EQ(before.status, 200);
    ASSERT_TRUE(in_feed(before.body, 38011)) << before.body.substr(0, 500);
    std::string etag = before.header("etag");
    ASSERT_EQ(feed("If-None-Match: " + etag + "\r\n").status, 304);

    auto r = patch_channels(owner(), 38011, R"(["jobhafen","google","stadtanzeiger"])");
    ASSERT_EQ(r.status, 200) << r.body;
    EXPECT_EQ(field(r.body, "channels"), R"(["jobhafen","google","stadtanzeiger"])");
    EXPECT_EQ(stored(38011), "jobhafen,google,stadtanzeiger");

    auto after = feed("If-None-Match: " + etag + "\r\n");
    ASSERT_EQ(after.status, 200);   // not 304: the copy with the old ETag is out of date
    EXPECT_NE(after.header("etag"), etag);
    EXPECT_FALSE(in_feed(after.body, 38011));
    EXPECT_TRUE(in_feed(after.body, 38010));   // the others stay
    // Still live on Jobhafen itself.
    EXPECT_EQ(http_request(s_->port, "GET", "/api/job_postings/38011").status, 200);

    // Chosen again: back in the feed.
    ASSERT_EQ(patch_channels(owner(), 38011, R"(["jobhafen","indeed"])").status, 200);
    EXPECT_TRUE(in_feed(feed().body, 38011));
}

TEST_F(PublicationChannels, TheOrganizationsOptOutWinsOverTheJobsChoice) {
    ASSERT_EQ(stored(38012), "jobhafen,google,indeed");
    ASSERT_TRUE(in_feed(feed().body, 38012));
    exec_sql(s_->db->url(), "UPDATE organizations SET indeed_feed = false WHERE id = 38001");
    EXPECT_FALSE(in_feed(feed().body, 38012));
    exec_sql(s_->db->url(), "UPDATE organizations SET indeed_feed = true WHERE id = 38001");
    EXPECT_TRUE(in_feed(feed().body, 38012));
}

TEST_F(PublicationChannels, DeselectingGoogleOnALiveJobSendsUrlDeletedAndChoosingItAgainUrlUpdated) {
    start_worker();
    std::string token = owner();
    auto r = patch_channels(token, 38013, R"(["jobhafen","indeed"])");
    ASSERT_EQ(r.status, 200) << r.body;
    EXPECT_TRUE(google_accepts(page("kanal-38013"), "URL_DELETED")) << google_->log();

    google_->reset();
    ASSERT_EQ(patch_channels(token, 38013, R"(["jobhafen","google","indeed"])").status, 200);
    EXPECT_TRUE(google_accepts(page("kanal-38013"), "URL_UPDATED")) << google_->log();

    // An edit of a live job without `google` is nobody's business at Google; a job published
    // without it is never announced.
    google_->reset();
    ASSERT_EQ(patch_channels(token, 38014, R"(["jobhafen"])").status, 200);
    ASSERT_TRUE(google_accepts(page("kanal-38014"), "URL_DELETED")) << google_->log();
    auto edited = call(s_->port, "PATCH", "/api/job_postings/38014", R"({"title":"Aushilfe ohne Google"})", bearer(token));
    ASSERT_EQ(edited.status, 200) << edited.body;
    auto published = patch_channels(token, 38030, R"(["jobhafen","indeed"])", "?publish=1");
    ASSERT_EQ(published.status, 200) << published.body;
    ASSERT_EQ(field(published.body, "state"), "published") << published.body;
    // The one notification of these two jobs is the deletion of 38014's page.
    EXPECT_EQ(sql("SELECT count(*) FROM queue_jobs WHERE kind = 'google_index' AND payload->>'job' IN ('38014', '38030')"), "1");
    std::this_thread::sleep_for(2s);
    for (const auto& c : accepted(read_log(google_->log()))) EXPECT_NE(c.url, page("entwurf-38030")) << c.type;
    EXPECT_EQ(accepted(read_log(google_->log())).size(), 1u) << google_->log();   // the one URL_DELETED above
}

TEST_F(PublicationChannels, JobhafenIsAlwaysKept) {
    std::string token = owner();
    auto r = patch_channels(token, 38015, "[]");
    ASSERT_EQ(r.status, 200) << r.body;
    EXPECT_EQ(field(r.body, "channels"), R"(["jobhafen"])");
    EXPECT_EQ(stored(38015), "jobhafen");
    ASSERT_EQ(patch_channels(token, 38015, "null").status, 200);
    EXPECT_EQ(stored(38015), "jobhafen");
    // Named twice, or with Jobhafen itself: once each.
    ASSERT_EQ(patch_channels(token, 38015, R"(["indeed","jobhafen","indeed"])").status, 200);
    EXPECT_EQ(stored(38015), "jobhafen,indeed");
    // A save that does not name the channels leaves them as they are.
    ASSERT_EQ(call(s_->port, "PATCH", "/api/job_postings/38015", R"j({"title":"Aushilfe (m/w/d)"})j", bearer(token)).status, 200);
    EXPECT_EQ(stored(38015), "jobhafen,indeed");
}

TEST_F(PublicationChannels, AnUnknownOrRetiredChannelAndAnOverlongListAre422WithNothingStored) {
    std::string token = owner();
    auto r = patch_channels(token, 38016, R"(["jobhafen","tiktok","altkanal"])");
    ASSERT_EQ(r.status, 422) << r.body;
    EXPECT_TRUE(has_violation(r.body, "channels[1]")) << r.body;
    EXPECT_TRUE(has_violation(r.body, "channels[2]")) << r.body;
    EXPECT_FALSE(has_violation(r.body, "channels[0]")) << r.body;
    EXPECT_NE(r.body.find("Diesen Kanal gibt es nicht oder er wird nicht mehr angeboten."), std::string::npos) << r.body;

    std::string many = "[";
    for (int i = 0; i < 21; ++i) many += std::string(i ? "," : "") + "\"indeed\"";
    many += "]";
    r = patch_channels(token, 38016, many);
    ASSERT_EQ(r.status, 422) << r.body;
    EXPECT_TRUE(has_violation(r.body, "channels")) << r.body;
    r = patch_channels(token, 38016, "[\"" + std::string(41, 'a') + "\"]");
    ASSERT_EQ(r.status, 422) << r.body;
    EXPECT_TRUE(has_violation(r.body, "channels[0]")) << r.body;
    r = patch_channels(token, 38016, R"("indeed")");
    ASSERT_EQ(r.status, 422) << r.body;
    EXPECT_TRUE(has_violation(r.body, "channels")) << r.body;
    // Nothing of a refused body is stored, the title neither.
    r = call(s_->port, "PATCH", "/api/job_postings/38016", R"({"title":"Neu","channels":["jobhafen","tiktok"]})", bearer(token));
    ASSERT_EQ(r.status, 422) << r.body;
    EXPECT_EQ(stored(38016), "jobhafen,google,indeed");
    EXPECT_EQ(sql("SELECT title FROM job_postings WHERE id = 38016"), "Aushilfe 38016");
}

TEST_F(PublicationChannels, AnotherOrganizationsJobIs404) {
    std::string stranger = organization_member(*s_, "fremd@fremd-kanal.example", 38002);
    auto r = patch_channels(stranger, 38017, R"(["jobhafen"])");
    EXPECT_EQ(r.status, 404) << r.body;
    EXPECT_EQ(stored(38017), "jobhafen,google,indeed");
    // Its own job it may change.
    EXPECT_EQ(patch_channels(stranger, 38020, R"(["jobhafen"])").status, 200);
}

TEST_F(PublicationChannels, ABlockedOrganizationCannotChangeChannels) {
    auto [code, out] = run_jobhafen({{"JOBHAFEN_DATABASE_URL", s_->db->url()}}, {"admin", "organizations", "block", "38003"});
    ASSERT_EQ(code, 0) << out;
    // Signed in after the block (the block ended the sessions it had): the member is refused.
    std::string member = organization_member(*s_, "chef@sperr-kanal.example", 38003);
    auto r = patch_channels(member, 38021, R"(["jobhafen"])");
    EXPECT_EQ(r.status, 403) << r.body;
    EXPECT_EQ(stored(38021), "jobhafen,google,indeed");
}

// Review 24, findings 6 and 7: the shipped Google and Indeed cannot be retired (the feed and the
// worker would go on publishing what the editor shows as not chosen), and a copy of a job takes
// only the channels still offered.
TEST_F(PublicationChannels, TheBuiltInChannelsStayAndACopyTakesOnlyOfferedOnes) {
    for (const char* slug : {"google", "indeed", "jobhafen"}) {
        EXPECT_THROW(exec_sql(s_->db->url(), std::string("UPDATE publication_channels SET active = false WHERE slug = '") + slug + "'"),
                     std::runtime_error)
            << slug;
        EXPECT_THROW(exec_sql(s_->db->url(), std::string("UPDATE publication_channels SET price_cents = 100 WHERE slug = '") + slug + "'"),
                     std::runtime_error)
            << slug;
    }
    EXPECT_EQ(sql("SELECT count(*) FROM publication_channels WHERE slug IN ('jobhafen', 'google', 'indeed') AND active AND price_cents = 0"), "3");

    // A job that chose the paid channel, which is then retired: its copy keeps the others, in order.
    exec_sql(s_->db->url(), "UPDATE job_postings SET publication_channels = '{jobhafen,google,stadtanzeiger,indeed}' WHERE id = 38030");
    exec_sql(s_->db->url(), "UPDATE publication_channels SET active = false WHERE slug = 'stadtanzeiger'");
    auto copy = call(s_->port, "POST", "/api/job_postings/38030/duplicate", {}, bearer(owner()));
    exec_sql(s_->db->url(), "UPDATE publication_channels SET active = true WHERE slug = 'stadtanzeiger'");
    ASSERT_EQ(copy.status / 100, 2) << copy.body;
    std::string copy_id = field(copy.body, "id");
    EXPECT_EQ(sql("SELECT array_to_string(publication_channels, ',') FROM job_postings WHERE id = " + copy_id), "jobhafen,google,indeed");
    EXPECT_EQ(stored(38030), "jobhafen,google,stadtanzeiger,indeed");   // the original keeps its choice
}

}  // namespace
}  // namespace jh::test
