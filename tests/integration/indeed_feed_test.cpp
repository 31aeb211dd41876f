// The Indeed XML feed, GET /feeds/indeed.xml (issue 44 item 1; docs/reach.md "Indeed-Feed"), from
// outside against the real server and PostgreSQL: the streamed document is read by Python's XML
// parser (tests/integration/indeed_feed_parse.py; a document that is not well-formed fails it) and
// checked element by element; a job with "<", "&" and "]]>" in its title and text comes back
// exactly; a job closed by its provider is gone at the next fetch; an organization that opts out
// on its profile (PATCH indeedFeed) and one that an administrator blocks lose their jobs in the
// feed; a copy with the current ETag gets 304, a changed feed 200; gzip decodes to the same bytes;
// a reader that leaves in the middle of the stream leaves the server serving.
#include <chrono>
#include <cstdio>
#include <fstream>
#include <thread>

#include "reactor/source_dir.h"
#include "tests/integration/provider_fixture.h"

namespace jh::test {
namespace {

using namespace accounts_fixture;

// Each test its own organizations and jobs (ids 344xx); the suite's database is shared.
constexpr const char* indeed_feed_seed_sql = R"sql(
INSERT INTO organizations (id, slug, name, contact_email) VALUES
 (34401, 'hafen-promotion', 'Hafen Promotion GmbH', 'jobs@hafen-promotion.example'),
 (34402, 'sonder-zeichen', 'Sonder & Zeichen <KG>', 'jobs@sonder.example'),
 (34403, 'schliess-agentur', 'Schließ Agentur', 'jobs@schliess.example'),
 (34404, 'abmelde-agentur', 'Abmelde Agentur', 'jobs@abmelde.example'),
 (34405, 'sperr-agentur', 'Sperr Agentur', 'jobs@sperr.example'),
 (34406, 'etag-agentur', 'ETag Agentur', 'jobs@etag.example');
INSERT INTO job_postings (id, slug, organization_id, title, description, requirement, is_published, active, published_at,
                          valid_through, base_salary, salary_unit, salary_currency)
VALUES
 (34411, 'promoter-hamburg-34411', 34401, 'Promoter (m/w/d) auf der Messe', 'Sie stellen Besuchern unser Produkt vor.',
  'Freundliches Auftreten', true, true, '2026-11-20 08:15:00+00', '2027-01-31 22:59:00+00', 14.50, 'hour', 'EUR'),
 (34412, 'kasse-34412', 34402, 'Kasse <Frühschicht> & Lager ]]> Team', 'Tipps: a < b && c > d ]]> Ende ]]]]> x',
  NULL, true, true, now() - interval '1 day', NULL, NULL, NULL, 'EUR'),
 (34413, 'entwurf-34413', 34401, 'Entwurf', '', NULL, false, true, NULL, NULL, NULL, NULL, 'EUR'),
 (34414, 'abgelaufen-34414', 34401, 'Abgelaufen', '', NULL, true, true, now() - interval '30 days', now() - interval '1 day',
  NULL, NULL, 'EUR'),
 (34415, 'schliessen-34415', 34403, 'Aushilfe, die geschlossen wird', 'Text', NULL, true, true, now() - interval '2 days', NULL,
  NULL, NULL, 'EUR'),
 (34416, 'abmelden-34416', 34404, 'Aushilfe einer Firma, die sich abmeldet', 'Text', NULL, true, true, now() - interval '2 days',
  NULL, NULL, NULL, 'EUR'),
 (34417, 'sperren-34417', 34405, 'Aushilfe einer Firma, die gesperrt wird', 'Text', NULL, true, true, now() - interval '2 days',
  NULL, NULL, NULL, 'EUR'),
 (34418, 'etag-34418', 34406, 'Aushilfe für den ETag', 'Text', NULL, true, true, now() - interval '2 days', NULL, NULL, NULL, 'EUR');
UPDATE job_postings SET salary_description = 'Nach Vereinbarung' WHERE id = 34412;
INSERT INTO job_posting_employment_types (job_posting_id, employment_type_id)
SELECT 34411, id FROM employment_types WHERE slug IN ('full_time', 'student');
INSERT INTO job_posting_locations (job_posting_id, place_id, city, zipcode, country, lat, lon)
SELECT 34411, (SELECT id FROM places WHERE name = 'Hamburg' AND country = 'de' ORDER BY population DESC LIMIT 1), 'Hamburg', '20095', 'de', 53.55, 9.99;
INSERT INTO job_posting_locations (job_posting_id, city, zipcode, country, lat, lon)
SELECT n, 'Bremen', '28195', 'de', 53.08, 8.8 FROM generate_series(34412, 34418) n;
)sql";

class IndeedFeed : public ::testing::Test {
protected:
    static void SetUpTestSuite() {
        s_ = new stack;
        s_->start("indeedfeed", false, {}, schema::migrated);
        if (::testing::Test::HasFatalFailure()) return;
        exec_sql(s_->db->url(), indeed_feed_seed_sql);
    }
    static void TearDownTestSuite() {
        print_server_log_if_a_test_failed(*s_);
        s_->stop();
        delete s_;
    }
    void SetUp() override { ASSERT_TRUE(s_ && s_->server) << "the stack did not start"; }

    static int port() { return s_->port; }
    static std::string sql(const std::string& q) { return s_->sql(q); }

    static http_reply fetch(const std::string& headers = {}) { return http_request(port(), "GET", "/feeds/indeed.xml", {}, headers); }

    // The document as Python's XML parser read it, as JSON (indeed_feed_parse.py).
    static std::string parsed(const std::string& bytes) {
        std::string dir = make_temp_dir("indeedfeed");
        std::string file = dir + "/feed.xml";
        std::ofstream(file, std::ios::binary) << bytes;
        std::string cmd = "/usr/bin/python3 " + source_path("tests/integration/indeed_feed_parse.py") + " '" + file + "'";
        FILE* p = ::popen(cmd.c_str(), "r");
        std::string out;
        if (p) {
            char buf[4096];
            std::size_t n;
            while ((n = std::fread(buf, 1, sizeof buf, p)) > 0) out.append(buf, n);
            ::pclose(p);
        }
        run_shell("rm -rf '" + dir + "'");
        return out;
    }
    // The parsed feed of a fresh fetch; fails the test when it is not 200 or not well-formed.
    static std::string current_feed() {
        auto r = fetch();
        EXPECT_EQ(r.status, 200);
        std::string doc = parsed(r.body);
        EXPECT_EQ(field(doc, "error"), "<missing>") << doc;
        return doc;
    }
    static bool listed(const std::string& doc, int job) { return field(doc, "/jobs/" + std::to_string(job) + "/title") != "<missing>"; }

    static inline stack* s_ = nullptr;
};

TEST_F(IndeedFeed, EveryElementOfALiveJobAsIndeedDocumentsIt) {
    auto r = fetch();
    ASSERT_EQ(r.status, 200) << r.body;
    EXPECT_EQ(r.header("content-type"), "application/xml; charset=utf-8");
    EXPECT_EQ(r.header("transfer-encoding"), "chunked");   // streamed: no Content-Length
    EXPECT_EQ(r.header("cache-control"), "public, no-cache");
    EXPECT_FALSE(r.header("etag").empty());
    EXPECT_TRUE(r.body.starts_with("<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<source>")) << r.body.substr(0, 200);
    // Texts are CDATA without entities (Indeed reads no HTML entities).
    EXPECT_EQ(r.body.find("&amp;"), std::string::npos);
    EXPECT_EQ(r.body.find("&lt;"), std::string::npos);

    std::string doc = parsed(r.body);
    ASSERT_EQ(field(doc, "error"), "<missing>") << doc;
    EXPECT_EQ(field(doc, "root"), "source");
    EXPECT_EQ(field(doc, "/head/publisher"), "Jobhafen");
    EXPECT_EQ(field(doc, "/head/publisherurl"), s_->origin + "/");
    EXPECT_EQ(field(doc, "/head/lastBuildDate"), r.header("last-modified").empty() ? field(doc, "/head/lastBuildDate") : r.header("last-modified"));
    EXPECT_TRUE(field(doc, "/head/lastBuildDate").ends_with(" GMT")) << doc;

    const std::string j = "/jobs/34411/";
    EXPECT_EQ(field(doc, j + "tags"),
              "title,date,referencenumber,url,company,city,state,country,postalcode,description,salary,jobtype,expirationdate");
    EXPECT_EQ(field(doc, j + "title"), "Promoter (m/w/d) auf der Messe");
    EXPECT_EQ(field(doc, j + "date"), "2026-11-20T08:15:00Z");
    EXPECT_EQ(field(doc, j + "referencenumber"), "34411");
    EXPECT_EQ(field(doc, j + "url"), s_->origin + "/jobs/promoter-hamburg-34411");
    EXPECT_EQ(field(doc, j + "company"), "Hafen Promotion GmbH");
    EXPECT_EQ(field(doc, j + "city"), "Hamburg");
    EXPECT_EQ(field(doc, j + "state"), sql("SELECT state FROM places WHERE name = 'Hamburg' AND country = 'de' ORDER BY population DESC LIMIT 1"));
    EXPECT_FALSE(field(doc, j + "state").empty());
    EXPECT_EQ(field(doc, j + "country"), "DE");
    EXPECT_EQ(field(doc, j + "postalcode"), "20095");
    EXPECT_EQ(field(doc, j + "description"), "Sie stellen Besuchern unser Produkt vor.\n\nAnforderungen:\nFreundliches Auftreten");
    EXPECT_EQ(field(doc, j + "salary"), "14,50 € pro Stunde");
    EXPECT_EQ(field(doc, j + "jobtype"), "fulltime, parttime");
    EXPECT_EQ(field(doc, j + "expirationdate"), "2027-01-31T22:59:00Z");

    // Neither a draft nor an expired job.
    EXPECT_FALSE(listed(doc, 34413));
    EXPECT_FALSE(listed(doc, 34414));
    EXPECT_EQ(field(doc, "count"), sql("SELECT count(*) FROM job_postings j JOIN organizations o ON o.id = j.organization_id "
                                       "WHERE j.is_published AND j.active AND (j.valid_through IS NULL OR j.valid_through > now()) "
                                       "AND o.indeed_feed AND o.active"));
}

TEST_F(IndeedFeed, AJobWithMarkupCharactersAndACdataEndComesBackExactly) {
    std::string doc = current_feed();
    const std::string j = "/jobs/34412/";
    EXPECT_EQ(field(doc, j + "title"), "Kasse <Frühschicht> & Lager ]]> Team");
    EXPECT_EQ(field(doc, j + "description"), "Tipps: a < b && c > d ]]> Ende ]]]]> x");
    EXPECT_EQ(field(doc, j + "company"), "Sonder & Zeichen <KG>");
    // The job names no amount: its own pay text is its salary; no job type, no end: neither element.
    EXPECT_EQ(field(doc, j + "salary"), "Nach Vereinbarung");
    EXPECT_EQ(field(doc, j + "tags"), "title,date,referencenumber,url,company,city,state,country,postalcode,description,salary");
}

TEST_F(IndeedFeed, AJobClosedByItsProviderIsGoneAtTheNextFetch) {
    ASSERT_TRUE(listed(current_feed(), 34415));
    std::string token = organization_member(*s_, "inhaberin@schliess.example", 34403);
    auto closed = call(port(), "POST", "/api/job_postings/34415/close", {}, bearer(token));
    ASSERT_EQ(closed.status, 200) << closed.body;
    EXPECT_FALSE(listed(current_feed(), 34415));
}

TEST_F(IndeedFeed, AnOrganizationThatOptsOutOnItsProfileLeavesTheFeed) {
    ASSERT_TRUE(listed(current_feed(), 34416));
    std::string token = organization_member(*s_, "inhaber@abmelde.example", 34404);
    auto shown = call(port(), "GET", "/api/organization_members/me", {}, bearer(token));
    EXPECT_EQ(field(shown.body, "/organization/indeedFeed"), "true") << shown.body;   // in the feed by default

    auto wrong = call(port(), "PATCH", "/api/organizations/34404", R"({"indeedFeed":"nein"})",
                      bearer(token) + "Content-Type: application/merge-patch+json\r\n");
    EXPECT_EQ(wrong.status, 422) << wrong.body;
    auto off = call(port(), "PATCH", "/api/organizations/34404", R"({"indeedFeed":false})",
                    bearer(token) + "Content-Type: application/merge-patch+json\r\n");
    ASSERT_EQ(off.status, 200) << off.body;
    EXPECT_EQ(field(off.body, "indeedFeed"), "false");
    EXPECT_FALSE(listed(current_feed(), 34416));

    auto on = call(port(), "PATCH", "/api/organizations/34404", R"({"indeedFeed":true})",
                   bearer(token) + "Content-Type: application/merge-patch+json\r\n");
    ASSERT_EQ(on.status, 200) << on.body;
    EXPECT_TRUE(listed(current_feed(), 34416));
}

TEST_F(IndeedFeed, ABlockedOrganizationsJobsAreAbsent) {
    ASSERT_TRUE(listed(current_feed(), 34417));
    auto [code, out] = run_jobhafen({{"JOBHAFEN_DATABASE_URL", s_->db->url()}}, {"admin", "organizations", "block", "34405"});
    ASSERT_EQ(code, 0) << out;
    EXPECT_FALSE(listed(current_feed(), 34417));
}

TEST_F(IndeedFeed, TheCurrentETagGets304AndAChangeA200) {
    auto first = fetch();
    ASSERT_EQ(first.status, 200);
    std::string etag = first.header("etag");
    ASSERT_TRUE(etag.starts_with("W/\"")) << etag;

    auto again = fetch("If-None-Match: " + etag + "\r\n");
    EXPECT_EQ(again.status, 304);
    EXPECT_TRUE(again.body.empty());
    EXPECT_EQ(again.header("etag"), etag);
    // A list holding it, and the gzip answer's validator too (weak comparison).
    EXPECT_EQ(fetch("If-None-Match: \"other\", " + etag + "\r\n").status, 304);
    EXPECT_EQ(fetch("If-None-Match: \"other\"\r\n").status, 200);

    // Any change to a listed job makes another version.
    exec_sql(s_->db->url(), "UPDATE job_postings SET title = 'Aushilfe für den neuen ETag' WHERE id = 34418");
    auto changed = fetch("If-None-Match: " + etag + "\r\n");
    ASSERT_EQ(changed.status, 200);
    EXPECT_NE(changed.header("etag"), etag);
    EXPECT_EQ(field(parsed(changed.body), "/jobs/34418/title"), "Aushilfe für den neuen ETag");
}

// Review 22: the XML also reads the places (<state>) and the employment types (<jobtype>), which no
// job's updated_at covers; a change to either is a new version, not a 304 for a stale copy.
TEST_F(IndeedFeed, AChangedPlaceOrEmploymentTypeIsANewVersion) {
    std::string etag = fetch().header("etag");
    ASSERT_EQ(fetch("If-None-Match: " + etag + "\r\n").status, 304);
    const std::string hamburg = "(SELECT id FROM places WHERE name = 'Hamburg' AND country = 'de' ORDER BY population DESC LIMIT 1)";
    std::string state = sql("SELECT state FROM places WHERE id = " + hamburg);
    exec_sql(s_->db->url(), "UPDATE places SET state = 'Freie und Hansestadt Hamburg' WHERE id = " + hamburg);
    auto place_changed = fetch("If-None-Match: " + etag + "\r\n");
    exec_sql(s_->db->url(), "UPDATE places SET state = '" + state + "' WHERE id = " + hamburg);
    ASSERT_EQ(place_changed.status, 200);
    EXPECT_EQ(field(parsed(place_changed.body), "/jobs/34411/state"), "Freie und Hansestadt Hamburg");
    EXPECT_EQ(fetch("If-None-Match: " + etag + "\r\n").status, 304);   // back as it was

    exec_sql(s_->db->url(), "UPDATE employment_types SET sort_order = sort_order + 1000 WHERE slug = 'temporary'");
    auto types_changed = fetch("If-None-Match: " + etag + "\r\n");
    exec_sql(s_->db->url(), "UPDATE employment_types SET sort_order = sort_order - 1000 WHERE slug = 'temporary'");
    EXPECT_EQ(types_changed.status, 200);
}

TEST_F(IndeedFeed, GzipDecodesToTheSameDocument) {
    auto plain = fetch();
    auto gz = fetch("Accept-Encoding: gzip\r\n");
    ASSERT_EQ(plain.status, 200);
    ASSERT_EQ(gz.status, 200);
    EXPECT_EQ(gz.header("content-encoding"), "gzip");
    EXPECT_EQ(gz.header("vary"), "Accept-Encoding");
    EXPECT_EQ(plain.header("etag"), gz.header("etag"));
    ASSERT_TRUE(gz.body.size() > 2 && gz.body[0] == '\x1f' && gz.body[1] == '\x8b');
    EXPECT_LT(gz.body.size(), plain.body.size());
    // Decoded by Python's gzip: the very same bytes as the plain answer, and the same document.
    std::string dir = make_temp_dir("indeedgz");
    std::ofstream(dir + "/feed.gz", std::ios::binary) << gz.body;
    std::ofstream(dir + "/feed.xml", std::ios::binary) << plain.body;
    EXPECT_EQ(run_shell("/usr/bin/python3 -c \"import gzip,sys; sys.exit(0 if gzip.open(sys.argv[1]).read() == open(sys.argv[2], 'rb').read() else 1)\" '" +
                        dir + "/feed.gz' '" + dir + "/feed.xml'"),
              0);
    run_shell("rm -rf '" + dir + "'");
    EXPECT_EQ(parsed(gz.body), parsed(plain.body));
}

// A reader that goes away in the middle of the stream: the server drops the rest of the feed (its
// write fails, the stream is released after the piece in flight) and goes on serving. The feed is
// made large (1,500 jobs of 8 KB, 12 MB) so the sockets' buffers fill before the client leaves; the jobs
// leave the feed again at the end, so the other tests read a small one.
TEST_F(IndeedFeed, AReaderThatLeavesMidwayLeavesTheServerServing) {
    exec_sql(s_->db->url(),
             "INSERT INTO organizations (id, slug, name, contact_email) VALUES (34407, 'grosse-agentur', 'Große Agentur', 'jobs@gross.example');"
             "INSERT INTO job_postings (id, slug, organization_id, title, description, is_published, active, published_at) "
             "SELECT n, 'gross-' || n, 34407, 'Aushilfe ' || n, repeat('Viel Text für den Feed. ', 340), true, true, now() "
             "  FROM generate_series(345001, 346500) n;");
    for (int i = 0; i < 3; ++i) {
        http_connection leaving(port());
        leaving.send("GET /feeds/indeed.xml HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
        std::this_thread::sleep_for(std::chrono::milliseconds(300));
    }   // closed with the answer unread
    EXPECT_EQ(http_request(port(), "GET", "/api/health").status, 200);
    // A reader that left keeps its feed slot until its page in flight has come back from the
    // database (the stream is released between pieces, not in the middle of one); under load that
    // page can take a while (CI's sanitizer run). Until then a whole fetch is refused only as a
    // third feed at once (503, Retry-After); the slots must be free within the bound.
    // The whole 12 MB feed gets a minute: under the sanitizers beside other suites it outlasted the
    // client's usual 15 s (CI, stop 52: status 0 after 15 s).
    auto fetch_whole = [] {
        http_connection c(port());
        c.send("GET /feeds/indeed.xml HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n");
        return c.read_reply(std::chrono::seconds(60)).value_or(http_reply{});
    };
    auto whole = fetch_whole();
    for (auto until = std::chrono::steady_clock::now() + std::chrono::seconds(30);
         whole.status == 503 && std::chrono::steady_clock::now() < until; whole = fetch_whole()) {
        ASSERT_EQ(whole.header("retry-after"), "60") << whole.body;
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
    ASSERT_EQ(whole.status, 200);
    EXPECT_TRUE(whole.body.ends_with("</source>\n"));
    EXPECT_EQ(field(parsed(whole.body), "count"),
              sql("SELECT count(*) FROM job_postings j JOIN organizations o ON o.id = j.organization_id "
                  "WHERE j.is_published AND j.active AND (j.valid_through IS NULL OR j.valid_through > now()) AND o.indeed_feed AND o.active"));
    EXPECT_FALSE(s_->server->has_exited());
    exec_sql(s_->db->url(), "UPDATE job_postings SET active = false WHERE organization_id = 34407");
}

}  // namespace
}  // namespace jh::test
