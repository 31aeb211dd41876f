// The organization's calendar feed (issue 43, item 8) from outside against the real server,
// PostgreSQL and Redis: a member who may write the organization's shifts makes a private .ics
// address (POST /api/organizations/{id}/calendar_token) of its shifts — not another
// organization's — each with "x von y besetzt" and the confirmed workers' names, RFC 5545 escaped
// and folded; renewing ends the old address, 20 parallel renewals leave exactly one; another
// organization's member gets 404, a candidate 403; the address ends with its maker's sessions,
// their membership, and the organization's block (for good). docs/shifts.md, "The organization's
// calendar feed".
#include <algorithm>
#include <latch>
#include <sstream>
#include <thread>

#include "tests/integration/provider_fixture.h"

namespace jh::test {
namespace {

using namespace accounts_fixture;

// 92701: the organization of the feed; 92702: another one. The job title holds what RFC 5545
// escapes (comma, semicolon, backslash, a newline) and is long enough to be folded.
constexpr const char* feed_seed_sql = R"sql(
INSERT INTO organizations (id, slug, name, contact_email) VALUES
 (92701, 'kalender-agentur', 'Kalender Agentur GmbH', 'jobs@kalender-agentur.example'),
 (92702, 'andere-agentur', 'Andere Agentur KG', 'jobs@andere-agentur.example');
INSERT INTO job_postings (id, slug, organization_id, title, is_published, active, published_at) VALUES
 (92711, 'promoter-92711', 92701, E'Promoter, Verkostung; Halle 3\\B\nmit Einweisung für die Messe in Köln-Deutz am Eingang Süd',
  true, true, now() - interval '1 day'),
 (92712, 'fahrer-92712', 92702, 'Fahrer (m/w/d) der anderen Agentur', true, true, now() - interval '1 day');
)sql";

class OrganizationCalendarFeed : public ::testing::Test {
protected:
    static void SetUpTestSuite() {
        s_ = new stack;
        s_->start("orgcalfeed", false, {}, schema::migrated);
        if (::testing::Test::HasFatalFailure()) return;
        exec_sql(s_->db->url(), feed_seed_sql);
    }
    static void TearDownTestSuite() {
        print_server_log_if_a_test_failed(*s_);
        s_->stop();
        delete s_;
    }
    void SetUp() override { ASSERT_TRUE(s_ && s_->server) << "the stack did not start"; }

    static int port() { return s_->port; }
    static std::string sql(const std::string& q) { return s_->sql(q); }
    static std::string day(int days) {
        return sql("SELECT to_char((now() AT TIME ZONE 'Europe/Berlin')::date + " + std::to_string(days) + ", 'YYYY-MM-DD')");
    }
    static std::string shift(const std::string& job, const std::string& token, int in_days, int staff) {
        auto r = call(port(), "POST", "/api/job_postings/" + job + "/shifts",
                      R"({"date":")" + day(in_days) + R"(","start":"10:00","end":"18:00","staffNeeded":)" + std::to_string(staff) + "}",
                      bearer(token));
        EXPECT_EQ(r.status, 201) << r.body;
        return field(r.body, "id");
    }
    static http_reply mint(const std::string& token, int org = 92701) {
        return call(port(), "POST", "/api/organizations/" + std::to_string(org) + "/calendar_token", "{}", bearer(token));
    }
    // The feed's path of a 201 answer (/api/calendar/….ics).
    static std::string path_of(const http_reply& r) {
        EXPECT_EQ(r.status, 201) << r.body;
        std::string url = field(r.body, "url");
        auto at = url.find("/api/calendar/");
        return at == std::string::npos ? std::string("/api/calendar/none.ics") : url.substr(at);
    }
    static int feed(const std::string& path) { return call(port(), "GET", path).status; }

    static inline stack* s_ = nullptr;
};

TEST_F(OrganizationCalendarFeed, AMemberMakesTheFeedOfItsOwnShiftsWithTheConfirmedStaff) {
    std::string own = organization_member(*s_, "chefin@kalender-agentur.example", 92701);
    std::string other = organization_member(*s_, "chef@andere-agentur.example", 92702);
    std::string a = shift("92711", own, 9, 2);
    std::string gone = shift("92711", own, 11, 1);
    ASSERT_EQ(call(port(), "POST", "/api/shifts/" + gone + "/cancel", "{}", bearer(own)).status, 200);
    std::string foreign = shift("92712", other, 9, 1);
    // The window: 30 days back to a year ahead. Past shifts are written directly (the API takes
    // none); 10 days ago is in it, 40 days ago and 400 days ahead are not.
    auto direct = [](int in_days) {
        return sql("INSERT INTO shifts (job_posting_id, shift_date, start_time, end_time, staff_needed) VALUES "
                   "(92711, (now() AT TIME ZONE 'Europe/Berlin')::date + " + std::to_string(in_days) + ", '08:00', '12:00', 1) RETURNING id");
    };
    std::string recent = direct(-10), old = direct(-40), far = direct(400);
    // Jana applies to shift a and is confirmed: 1 von 2 besetzt, her name in the entry.
    auto [jana_id, jana] = register_ready_candidate(*s_, "jana@kalender.example");
    exec_sql(s_->db->url(), "UPDATE candidate_profiles SET first_name = 'Jana', last_name = 'Kalenderblatt' WHERE account_id = " + jana_id);
    ASSERT_EQ(call(port(), "POST", "/api/job_postings/92711/apply", R"({"shifts":[)" + a + "]}", bearer(jana)).status, 201);
    std::string sa = sql("SELECT id FROM shift_applications WHERE shift_id = " + a);
    ASSERT_EQ(call(port(), "PATCH", "/api/shift_applications/" + sa, R"({"status":"confirmed"})", bearer(own)).status, 200);

    // Who may make it: nobody 401, a candidate 403, another organization's member 404; none stored.
    EXPECT_EQ(call(port(), "POST", "/api/organizations/92701/calendar_token", "{}").status, 401);
    EXPECT_EQ(mint(jana).status, 403);
    auto foreign_try = mint(other);
    EXPECT_EQ(foreign_try.status, 404) << foreign_try.body;
    EXPECT_EQ(sql("SELECT count(*) FROM organization_calendar_tokens"), "0");

    auto made = mint(own);
    std::string path = path_of(made);
    EXPECT_EQ(sql("SELECT count(*) FROM organization_calendar_tokens WHERE organization_id = 92701 AND token_hash = encode(sha256('" +
                  field(made.body, "token") + "'), 'hex')"),
              "1");
    auto r = call(port(), "GET", path);
    ASSERT_EQ(r.status, 200) << r.body;
    EXPECT_NE(r.header("content-type").find("text/calendar"), std::string::npos);
    // The RFC 5545 text unfolded, to find whole properties.
    std::string text = r.body;
    for (std::size_t p; (p = text.find("\r\n ")) != std::string::npos;) text.erase(p, 3);
    EXPECT_NE(text.find("X-WR-CALNAME:Jobhafen – Einsätze Kalender Agentur GmbH\r\n"), std::string::npos) << text;
    EXPECT_NE(text.find("UID:org-shift-" + a + "@127.0.0.1\r\n"), std::string::npos) << text;
    EXPECT_NE(text.find("DTSTART;TZID=Europe/Berlin:" + sql("SELECT replace('" + day(9) + "', '-', '')") + "T100000\r\n"),
              std::string::npos) << text;
    EXPECT_NE(text.find("BEGIN:VTIMEZONE\r\nTZID:Europe/Berlin\r\n"), std::string::npos);
    EXPECT_NE(text.find("DTSTAMP:"), std::string::npos);
    EXPECT_NE(text.find("SUMMARY:Promoter\\, Verkostung\\; Halle 3\\\\B\\nmit Einweisung für die Messe in Köln-Deutz am "
                        "Eingang Süd – 1 von 2 besetzt\r\n"),
              std::string::npos) << text;
    EXPECT_NE(text.find("DESCRIPTION:Bestätigt: Jana Kalenderblatt\r\n"), std::string::npos) << text;
    // Not the cancelled shift, not another organization's shift; exactly one event.
    EXPECT_EQ(text.find("org-shift-" + gone + "@"), std::string::npos);
    EXPECT_EQ(text.find("org-shift-" + foreign + "@"), std::string::npos);
    EXPECT_EQ(text.find("Fahrer"), std::string::npos);
    EXPECT_NE(text.find("UID:org-shift-" + recent + "@"), std::string::npos) << text;
    EXPECT_EQ(text.find("org-shift-" + old + "@"), std::string::npos);
    EXPECT_EQ(text.find("org-shift-" + far + "@"), std::string::npos);
    std::size_t events = 0;
    for (std::size_t p = 0; (p = text.find("BEGIN:VEVENT", p)) != std::string::npos; ++p) ++events;
    EXPECT_EQ(events, 2u) << text;
    // Every line ends CRLF and is at most 75 octets; the long summary was folded.
    EXPECT_NE(r.body.find("\r\n "), std::string::npos);
    std::istringstream lines(r.body);
    for (std::string l; std::getline(lines, l);) {
        ASSERT_FALSE(l.empty() || l.back() != '\r') << "line without CRLF: " << l;
        EXPECT_LE(l.size() - 1, 75u) << l;
    }

    // The other organization's own feed holds its shift, not ours.
    auto theirs = call(port(), "GET", path_of(mint(other, 92702)));
    ASSERT_EQ(theirs.status, 200);
    EXPECT_NE(theirs.body.find("UID:org-shift-" + foreign + "@"), std::string::npos) << theirs.body;
    EXPECT_EQ(theirs.body.find("org-shift-" + a + "@"), std::string::npos);
}

TEST_F(OrganizationCalendarFeed, RenewingEndsTheOldAddressAndParallelRenewalsLeaveOne) {
    std::string own = organization_member(*s_, "inhaber@kalender-agentur.example", 92701);
    std::string colleague = organization_member(*s_, "kollegin@kalender-agentur.example", 92701);
    std::string first = path_of(mint(own));
    ASSERT_EQ(feed(first), 200);
    // A colleague renews it: one address for the team, the old one is 404 at once.
    std::string second = path_of(mint(colleague));
    EXPECT_EQ(feed(first), 404);
    EXPECT_EQ(feed(second), 200);

    // 20 renewals at once by two members: each answers 201, exactly one address works.
    constexpr int parallel = 20;
    auto answers = at_once(parallel, [&](int i) { return mint(i % 2 == 0 ? own : colleague); });
    EXPECT_EQ(std::count_if(answers.begin(), answers.end(), [](const http_reply& a) { return a.status == 201; }), parallel);
    EXPECT_EQ(sql("SELECT count(*) FROM organization_calendar_tokens WHERE organization_id = 92701"), "1");
    int working = 0;
    for (const auto& a : answers) working += feed(path_of(a)) == 200 ? 1 : 0;
    EXPECT_EQ(working, 1);
    EXPECT_EQ(feed(second), 404);
}

// The address ends with its maker: signing out everywhere (the sessions end), leaving the team.
TEST_F(OrganizationCalendarFeed, TheAddressEndsWithItsMakersSessionsAndMembership) {
    std::string owner = organization_member(*s_, "leitung@kalender-agentur.example", 92701);
    exec_sql(s_->db->url(), "UPDATE accounts SET organization_role = 'owner' WHERE email = 'leitung@kalender-agentur.example'");
    std::string member = organization_member(*s_, "team@kalender-agentur.example", 92701);
    std::string path = path_of(mint(member));
    ASSERT_EQ(feed(path), 200);
    ASSERT_EQ(call(port(), "DELETE", "/api/me/sessions", {}, bearer(member)).status, 204);
    EXPECT_EQ(feed(path), 404);
    // Signed in again, a new address works; the owner removes the member from the team: it ends.
    auto again = login(port(), "team@kalender-agentur.example", "Geheim123!");
    ASSERT_EQ(again.status, 200) << again.body;
    std::string fresh = path_of(mint(again.token));
    ASSERT_EQ(feed(fresh), 200);
    std::string id = sql("SELECT id FROM accounts WHERE email = 'team@kalender-agentur.example'");
    auto removed = call(port(), "DELETE", "/api/organizations/92701/members/" + id, {}, bearer(owner));
    ASSERT_EQ(removed.status, 204) << removed.body;
    EXPECT_EQ(feed(fresh), 404);
    EXPECT_EQ(sql("SELECT count(*) FROM organization_calendar_tokens WHERE organization_id = 92701"), "0");
}

// "A blocked organization acts for nobody": its feed is 404 from the block on, and stays dead
// after the unblock (a new address is needed); a blocked organization's member makes none (403).
TEST_F(OrganizationCalendarFeed, ABlockEndsTheFeedForGood) {
    exec_sql(s_->db->url(), "INSERT INTO organizations (id, slug, name, contact_email) VALUES "
                            "(92703, 'gesperrte-agentur', 'Gesperrte Agentur', 'jobs@gesperrte-agentur.example')");
    std::string member = organization_member(*s_, "chefin@gesperrte-agentur.example", 92703);
    std::string path = path_of(mint(member, 92703));
    ASSERT_EQ(feed(path), 200);
    auto admin = [](const std::string& verb) {
        return run_jobhafen({{"JOBHAFEN_DATABASE_URL", s_->db->url()}}, {"admin", "organizations", verb, "92703"});
    };
    auto [code, out] = admin("block");
    ASSERT_EQ(code, 0) << out;
    EXPECT_EQ(feed(path), 404);
    // Unblocked before the member came back: the address stays dead (the block ended the sessions).
    ASSERT_EQ(admin("unblock").first, 0);
    EXPECT_EQ(feed(path), 404);
    // While blocked, a member who signs in makes no address (403); unblocked, a new one works.
    ASSERT_EQ(admin("block").first, 0);
    auto blocked = login(port(), "chefin@gesperrte-agentur.example", "Geheim123!");
    ASSERT_EQ(blocked.status, 200) << blocked.body;
    EXPECT_EQ(mint(blocked.token, 92703).status, 403);
    ASSERT_EQ(admin("unblock").first, 0);
    EXPECT_EQ(feed(path), 404);
    EXPECT_EQ(feed(path_of(mint(blocked.token, 92703))), 200);
}

}  // namespace
}  // namespace jh::test
