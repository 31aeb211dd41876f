// Limits under parallel requests (issue 39, items 3, 6, 7 and 10), from outside against the real
// server and PostgreSQL: each test fires 20 requests at once at one limit and asserts that it holds
// exactly. In READ COMMITTED a statement's snapshot is taken before it waits for a lock, so a limit
// counted in the statement that takes the lock lets every waiter through; these are the limits that
// did: a shift's confirmations (and the reminders they queue), the last members of an organization,
// the conversation's caps (plain messages, status messages, the bulk change), and the new bounds:
// upcoming shifts per job, notes per application, team invitations per client. Also the public
// list of a job's shifts is paged, and a closed job's application takes no new shifts.
#include <algorithm>
#include <latch>
#include <thread>

#include "tests/integration/provider_fixture.h"

namespace jh::test {
namespace {

using namespace accounts_fixture;

constexpr int parallel = 20;

constexpr const char* parallel_limits_seed_sql = R"sql(
INSERT INTO organizations (id, slug, name, contact_email) VALUES
 (9901, 'parallel-agentur', 'Parallel Agentur GmbH', 'jobs@parallel-agentur.example'),
 (9902, 'inhaber-agentur', 'Inhaber Agentur GmbH', 'jobs@inhaber-agentur.example'),
 (9903, 'team-agentur', 'Team Agentur GmbH', 'jobs@team-agentur.example');
INSERT INTO job_postings (id, slug, organization_id, title, is_published, active, published_at) VALUES
 (9911, 'promoter-9911', 9901, 'Promoter (m/w/d) für Verkostung', true, true, now() - interval '1 day'),
 (9912, 'kellner-9912', 9901, 'Kellner (m/w/d) für Sommerfest', true, true, now() - interval '1 day'),
 (9913, 'hostess-9913', 9902, 'Messehostess (m/w/d) in Köln', true, true, now() - interval '1 day'),
 (9914, 'fahrer-9914', 9901, 'Fahrer (m/w/d) in Bremen', true, true, now() - interval '1 day');
)sql";

class ParallelLimits : public ::testing::Test {
protected:
    static void SetUpTestSuite() {
        s_ = new stack;
        // Five invitations per client and hour, so twenty at once cross it.
        s_->start("parallel_limits", false, {{"JOBHAFEN_AUTH_INVITATIONS_PER_CLIENT_PER_HOUR", "5"}}, schema::migrated);
        if (::testing::Test::HasFatalFailure()) return;
        exec_sql(s_->db->url(), parallel_limits_seed_sql);
        own_ = new std::string(organization_member(*s_, "chefin@parallel-agentur.example", 9901));
        exec_sql(s_->db->url(), "UPDATE accounts SET organization_role = 'owner' WHERE email = 'chefin@parallel-agentur.example'");
    }
    static void TearDownTestSuite() {
        s_->stop();
        delete s_;
        delete own_;
    }
    static int port() { return s_->port; }
    static std::string sql(const std::string& q) { return s_->sql(q); }

    static int count_of(const std::vector<int>& statuses, int status) {
        return static_cast<int>(std::count(statuses.begin(), statuses.end(), status));
    }
    // `n` candidates made in the database, each with a forwarded application to `job`: the
    // applications' ids, in order.
    static std::vector<std::string> applications(int n, int job, const std::string& tag) {
        auto rows = query_sql(s_->db->url(),
                              "WITH a AS (INSERT INTO accounts (email, role, email_verified_at) "
                              "           SELECT '" + tag + "' || g || '@parallel.example', 'candidate', now() "
                              "             FROM generate_series(1, " + std::to_string(n) + ") AS g RETURNING id) "
                              "INSERT INTO applications (job_posting_id, candidate_account_id, forwarded_at) "
                              "SELECT " + std::to_string(job) + ", id, now() FROM a ORDER BY id RETURNING id");
        std::vector<std::string> ids;
        for (auto& r : rows) ids.push_back(r.at(0));
        std::sort(ids.begin(), ids.end(), [](const std::string& a, const std::string& b) { return std::stoll(a) < std::stoll(b); });
        return ids;
    }
    static std::string day(int days) {
        return sql("SELECT to_char((now() AT TIME ZONE 'Europe/Berlin')::date + " + std::to_string(days) + ", 'YYYY-MM-DD')");
    }

    static stack* s_;
    static std::string* own_;
};
stack* ParallelLimits::s_ = nullptr;
std::string* ParallelLimits::own_ = nullptr;

TEST_F(ParallelLimits, AShiftTakesExactlyItsStaffOfTwentyParallelConfirmations) {
    std::string shift = sql("INSERT INTO shifts (job_posting_id, shift_date, start_time, end_time, staff_needed) "
                            "VALUES (9911, (now() AT TIME ZONE 'Europe/Berlin')::date + 3, '10:00', '18:00', 3) RETURNING id");
    auto apps = applications(parallel, 9911, "schicht");
    std::string ids;
    for (const auto& a : apps) ids += (ids.empty() ? "" : ",") + a;
    auto rows = query_sql(s_->db->url(), "INSERT INTO shift_applications (shift_id, application_id) SELECT " + shift +
                                             ", u FROM unnest('{" + ids + "}'::bigint[]) AS u RETURNING id");
    ASSERT_EQ(rows.size(), static_cast<std::size_t>(parallel));
    auto statuses = at_once(parallel, [&](int i) {
        return call(port(), "PATCH", "/api/shift_applications/" + rows[i].at(0), R"({"status":"confirmed"})", bearer(*own_)).status;
    });
    EXPECT_EQ(count_of(statuses, 200), 3);
    EXPECT_EQ(count_of(statuses, 409), parallel - 3);
    EXPECT_EQ(sql("SELECT count(*) FROM shift_applications WHERE shift_id = " + shift + " AND status = 'confirmed'"), "3");
    // One reminder and one decision mail per confirmed person, no more.
    EXPECT_EQ(sql("SELECT count(*) FROM queue_jobs WHERE idempotency_key IN "
                  "(SELECT jh_shift_reminder_key(id) FROM shift_applications WHERE shift_id = " + shift + ")"),
              "3");
    EXPECT_EQ(sql("SELECT count(*) FROM queue_jobs q JOIN shift_applications sa ON q.idempotency_key LIKE 'shift_decision:' || sa.id || ':%' "
                  " WHERE sa.shift_id = " + shift),
              "3");
}

TEST_F(ParallelLimits, TwentyOwnersLeavingAtOnceNeverLeaveALiveOrganizationWithoutAMember) {
    // Organization 9902: twenty owners and nobody else. All may go; the last one takes it offline.
    auto [seed_id, seed_token] = register_candidate(port(), "vorlage@parallel.example");
    std::string hash = sql("SELECT password_hash FROM accounts WHERE id = " + seed_id);
    auto make_owners = [&](int org, const std::string& tag, int n, const std::string& role) {
        exec_sql(s_->db->url(), "INSERT INTO accounts (email, role, organization_id, organization_role, password_hash, email_verified_at) "
                                "SELECT '" + tag + "' || g || '@parallel.example', 'organization_member', " + std::to_string(org) +
                                    ", '" + role + "', '" + hash + "', now() FROM generate_series(1, " + std::to_string(n) + ") AS g");
        std::vector<std::pair<std::string, std::string>> out;   // id, token
        for (int i = 1; i <= n; ++i) {
            std::string email = tag + std::to_string(i) + "@parallel.example";
            auto l = login(port(), email, "Geheim123!");
            EXPECT_EQ(l.status, 200) << email << ": " << l.body;
            out.emplace_back(sql("SELECT id FROM accounts WHERE email = '" + email + "'"), l.token);
        }
        return out;
    };
    auto owners = make_owners(9902, "inhaber", parallel, "owner");
    auto leave = [&](const std::pair<std::string, std::string>& o) {
        return call(port(), "PATCH", "/api/candidate_accounts/" + o.first + "/delete", R"({"confirmation":"delete"})", bearer(o.second))
            .status;
    };
    auto statuses = at_once(parallel, [&](int i) { return leave(owners[i]); });
    EXPECT_EQ(count_of(statuses, 200), parallel);
    EXPECT_EQ(sql("SELECT count(*) FROM accounts WHERE organization_id = 9902"), "0");
    EXPECT_EQ(sql("SELECT active FROM organizations WHERE id = 9902"), "f");
    EXPECT_NE(call(port(), "GET", "/api/job_postings/9913").status, 200);

    // Organization 9903: twenty owners and a plain member. Exactly one owner must stay (409).
    auto team = make_owners(9903, "teaminhaber", parallel, "owner");
    make_owners(9903, "mitglied", 1, "member");
    statuses = at_once(parallel, [&](int i) { return leave(team[i]); });
    EXPECT_EQ(count_of(statuses, 200), parallel - 1);
    EXPECT_EQ(count_of(statuses, 409), 1);
    EXPECT_EQ(sql("SELECT count(*) FROM accounts WHERE organization_id = 9903 AND organization_role = 'owner'"), "1");
    EXPECT_EQ(sql("SELECT active FROM organizations WHERE id = 9903"), "t");
}

TEST_F(ParallelLimits, TheConversationCapsHoldForMessagesStatusMessagesAndTheBulkChange) {
    auto apps = applications(parallel + 3, 9912, "gespraech");
    auto post = [&](const std::string& application, const std::string& text) {
        return call(port(), "POST", "/api/applications/" + application + "/messages", R"({"message":")" + text + "\"}", bearer(*own_))
            .status;
    };
    auto status = [&](const std::string& application, const std::string& body) {
        return call(port(), "PATCH", "/api/applications/" + application + "/status", body, bearer(*own_));
    };
    // 20 an application and side: ten written, twenty at once, exactly ten more.
    exec_sql(s_->db->url(), "INSERT INTO application_messages (application_id, side, body) SELECT " + apps[0] +
                                ", 'provider', 'Nachricht ' || n FROM generate_series(1, 10) AS n");
    auto statuses = at_once(parallel, [&](int i) { return post(apps[0], "Parallel " + std::to_string(i)); });
    EXPECT_EQ(count_of(statuses, 201), 10);
    EXPECT_EQ(count_of(statuses, 429), 10);
    EXPECT_EQ(sql("SELECT count(*) FROM application_messages WHERE application_id = " + apps[0]), "20");

    // A status with a message is an entry of the thread and counts against the same cap (item 6).
    exec_sql(s_->db->url(), "INSERT INTO application_messages (application_id, side, body) SELECT " + apps[1] +
                                ", 'provider', 'Nachricht ' || n FROM generate_series(1, 15) AS n");
    statuses = at_once(parallel, [&](int i) {
        return status(apps[1], R"({"status":"invited","message":"Einladung )" + std::to_string(i) + "\"}").status;
    });
    EXPECT_EQ(count_of(statuses, 200), 5);
    EXPECT_EQ(count_of(statuses, 429), parallel - 5);
    EXPECT_EQ(sql("SELECT count(*) FROM application_messages WHERE application_id = " + apps[1]), "20");
    // Over the cap the status alone stays settable; with a message it is refused in the providers' words.
    auto refused = status(apps[1], R"({"status":"hired","message":"Willkommen!"})");
    EXPECT_EQ(refused.status, 429) << refused.body;
    EXPECT_EQ(field(refused.body, "message"),
              "Zu dieser Bewerbung wurden in den letzten 24 Stunden schon 20 Nachrichten geschrieben. Bitte schreiben Sie später "
              "weiter. Den Status können Sie auch ohne Nachricht ändern.");
    EXPECT_EQ(sql("SELECT status FROM applications WHERE id = " + apps[1]), "invited");
    auto hired = status(apps[1], R"({"status":"hired"})");
    EXPECT_EQ(hired.status, 200) << hired.body;
    EXPECT_EQ(sql("SELECT count(*) FROM application_messages WHERE application_id = " + apps[1]), "20");

    // The bulk change with a message: one application at its cap refuses all of it.
    std::string ids = "[" + apps[1] + "," + apps[2] + "]";
    auto bulk = call(port(), "POST", "/api/organizations/9901/applications/status",
                     R"({"ids":)" + ids + R"(,"status":"declined","message":"Leider nicht."})", bearer(*own_));
    EXPECT_EQ(bulk.status, 429) << bulk.body;
    EXPECT_NE(field(bulk.body, "message").find("Bewerbung " + apps[1] + ": "), std::string::npos) << bulk.body;
    EXPECT_EQ(sql("SELECT status FROM applications WHERE id = " + apps[2]), "sent");
    EXPECT_EQ(sql("SELECT count(*) FROM application_messages WHERE application_id = " + apps[2]), "0");

    // 100 a writer over all applications: at 95, twenty messages to twenty applications at once, five pass.
    std::string writer = sql("SELECT id FROM accounts WHERE email = 'chefin@parallel-agentur.example'");
    exec_sql(s_->db->url(), "DELETE FROM application_messages WHERE author_id = " + writer + ";"
                            "INSERT INTO application_messages (application_id, side, author_id, body) SELECT " + apps[0] +
                                ", 'provider', " + writer + ", 'Alt ' || n FROM generate_series(1, 95) AS n;"
                            "UPDATE application_messages SET created_at = now() - interval '2 days' WHERE application_id = " + apps[0] +
                                " AND author_id IS NULL");
    statuses = at_once(parallel, [&](int i) { return post(apps[3 + i], "An alle " + std::to_string(i)); });
    EXPECT_EQ(count_of(statuses, 201), 5);
    EXPECT_EQ(count_of(statuses, 429), parallel - 5);
    EXPECT_EQ(sql("SELECT count(*) FROM application_messages WHERE author_id = " + writer + " AND created_at > now() - interval '1 day'"),
              "100");
}

TEST_F(ParallelLimits, AJobTakesAtMostFiveHundredUpcomingShiftsAndThePublicListIsPaged) {
    // 490 upcoming shifts (and a past one, which does not count); twenty more at once: ten pass.
    exec_sql(s_->db->url(), "INSERT INTO shifts (job_posting_id, shift_date, start_time, end_time, staff_needed) "
                            "SELECT 9914, (now() AT TIME ZONE 'Europe/Berlin')::date + g, '10:00', '12:00', 1 FROM generate_series(1, 490) AS g;"
                            "INSERT INTO shifts (job_posting_id, shift_date, start_time, end_time, staff_needed) "
                            "VALUES (9914, (now() AT TIME ZONE 'Europe/Berlin')::date - 3, '10:00', '12:00', 1)");
    std::string body = R"({"date":")" + day(2) + R"(","start":"14:00","end":"16:00","staffNeeded":2})";
    auto statuses = at_once(parallel, [&](int) { return call(port(), "POST", "/api/job_postings/9914/shifts", body, bearer(*own_)).status; });
    EXPECT_EQ(count_of(statuses, 201), 10);
    EXPECT_EQ(count_of(statuses, 409), parallel - 10);
    EXPECT_EQ(sql("SELECT count(*) FROM shifts WHERE job_posting_id = 9914 AND starts_at > now()"), "500");
    auto full = call(port(), "POST", "/api/job_postings/9914/shifts", body, bearer(*own_));
    EXPECT_EQ(full.status, 409);
    EXPECT_EQ(field(full.body, "message"),
              "Diese Stellenanzeige hat schon 500 kommende Einsätze. Bitte löschen Sie nicht mehr benötigte Einsätze, bevor Sie "
              "weitere anlegen.");
    // Moving the past shift into the future would make 501: refused too.
    std::string past = sql("SELECT id FROM shifts WHERE job_posting_id = 9914 AND starts_at < now()");
    EXPECT_EQ(call(port(), "PATCH", "/api/shifts/" + past, R"({"date":")" + day(5) + "\"}", bearer(*own_)).status, 409);

    // The public list: twenty by default, at most a hundred a page, the number of all in hydra:totalItems.
    auto first = call(port(), "GET", "/api/job_postings/9914/shifts");
    ASSERT_EQ(first.status, 200);
    EXPECT_EQ(field(first.body, "hydra:totalItems"), "500");
    EXPECT_NE(field(first.body, "/hydra:member/19/id"), "<missing>") << first.body.substr(0, 300);
    EXPECT_EQ(field(first.body, "/hydra:member/20"), "<missing>");
    EXPECT_LT(first.body.size(), 20000u);
    auto last = call(port(), "GET", "/api/job_postings/9914/shifts?page=5&itemsPerPage=100");
    ASSERT_EQ(last.status, 200);
    EXPECT_EQ(field(last.body, "page"), "5");
    EXPECT_EQ(field(last.body, "itemsPerPage"), "100");
    EXPECT_NE(field(last.body, "/hydra:member/99"), "<missing>");
    EXPECT_EQ(field(call(port(), "GET", "/api/job_postings/9914/shifts?page=6&itemsPerPage=100").body, "/hydra:member/0"), "<missing>");
    auto bad = call(port(), "GET", "/api/job_postings/9914/shifts?itemsPerPage=101");
    EXPECT_EQ(bad.status, 400);
    EXPECT_EQ(field(bad.body, "message"), "itemsPerPage muss zwischen 1 und 100 liegen.");
}

TEST_F(ParallelLimits, AnApplicationTakesAtMostAHundredNotesOfAnOrganization) {
    auto apps = applications(1, 9911, "notiz");
    std::string writer = sql("SELECT id FROM accounts WHERE email = 'chefin@parallel-agentur.example'");
    exec_sql(s_->db->url(), "INSERT INTO application_notes (application_id, organization_id, author_id, body) SELECT " + apps[0] +
                                ", 9901, " + writer + ", 'Notiz ' || n FROM generate_series(1, 90) AS n");
    auto statuses = at_once(parallel, [&](int i) {
        return call(port(), "POST", "/api/applications/" + apps[0] + "/notes", R"({"body":"Parallel )" + std::to_string(i) + "\"}",
                    bearer(*own_))
            .status;
    });
    EXPECT_EQ(count_of(statuses, 201), 10);
    EXPECT_EQ(count_of(statuses, 409), parallel - 10);
    EXPECT_EQ(sql("SELECT count(*) FROM application_notes WHERE application_id = " + apps[0]), "100");
    auto full = call(port(), "POST", "/api/applications/" + apps[0] + "/notes", R"({"body":"Noch eine"})", bearer(*own_));
    EXPECT_EQ(field(full.body, "message"),
              "Zu dieser Bewerbung gibt es schon 100 Notizen. Bitte löschen Sie nicht mehr benötigte Notizen, bevor Sie neue schreiben.");
}

TEST_F(ParallelLimits, TeamInvitationsAreCountedPerClient) {
    // Twenty addresses that have accounts: each invitation would answer "address taken" (409).
    exec_sql(s_->db->url(), "INSERT INTO accounts (email, role) SELECT 'vergeben' || g || '@parallel.example', 'candidate' "
                            "  FROM generate_series(1, 20) AS g");
    std::vector<std::string> raws(parallel);
    auto statuses = at_once(parallel, [&](int i) {
        raws[i] = raw_call(port(), "POST", "/api/organizations/9901/members",
                           R"({"email":"vergeben)" + std::to_string(i + 1) + R"(@parallel.example"})",
                           bearer(*own_), "127.0.0.21");
        return raws[i].size() > 12 ? std::atoi(raws[i].substr(9, 3).c_str()) : 0;
    });
    EXPECT_EQ(count_of(statuses, 409), 5);
    EXPECT_EQ(count_of(statuses, 429), parallel - 5);
    for (const auto& raw : raws)
        if (raw.starts_with("HTTP/1.1 429")) {
            EXPECT_NE(raw.find("Sie haben in der letzten Stunde schon sehr viele Einladungen verschickt."), std::string::npos) << raw;
            EXPECT_FALSE(header_value(raw, "Retry-After").empty()) << raw;
        }
    // Another client has its own count.
    EXPECT_EQ(raw_call(port(), "POST", "/api/organizations/9901/members", R"({"email":"vergeben1@parallel.example"})",
                       bearer(*own_), "127.0.0.22")
                  .substr(0, 12),
              "HTTP/1.1 409");
}

TEST_F(ParallelLimits, AClosedJobsApplicationTakesNoNewShifts) {
    auto [id, token] = register_ready_candidate(*s_, "spaet@parallel.example");
    std::string shift = sql("INSERT INTO shifts (job_posting_id, shift_date, start_time, end_time, staff_needed) "
                            "VALUES (9912, (now() AT TIME ZONE 'Europe/Berlin')::date + 4, '08:00', '12:00', 2) RETURNING id");
    std::string application = sql("INSERT INTO applications (job_posting_id, candidate_account_id, forwarded_at) VALUES (9912, " + id +
                                  ", now()) RETURNING id");
    exec_sql(s_->db->url(), "UPDATE job_postings SET active = false WHERE id = 9912");
    auto refused = call(port(), "POST", "/api/applications/" + application + "/shifts", R"({"shifts":[)" + shift + "]}", bearer(token));
    EXPECT_EQ(refused.status, 410) << refused.body;
    EXPECT_EQ(field(refused.body, "message"), "Dieser Job ist leider nicht mehr aktiv.");
    EXPECT_EQ(sql("SELECT count(*) FROM shift_applications WHERE application_id = " + application), "0");
    // Live again, the same request is taken.
    exec_sql(s_->db->url(), "UPDATE job_postings SET active = true WHERE id = 9912");
    EXPECT_EQ(call(port(), "POST", "/api/applications/" + application + "/shifts", R"({"shifts":[)" + shift + "]}", bearer(token)).status,
              200);
}

}  // namespace
}  // namespace jh::test
