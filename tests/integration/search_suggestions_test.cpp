// Integration test of "Was?" (issue 41, item 13), against the real server, PostgreSQL and Redis:
// a word's beginning finds the jobs of the whole word through the SQL search (the index server of
// job_index_equality_test.cpp must answer the same), GET /api/search_suggestions suggests the
// activities and title words that begin with what is typed (with their live jobs; inactive,
// unpublished and expired jobs do not count), refuses a missing or over-long text, and its rate
// class answers 429 past its limit under 20 parallel calls from one address.
#include <gtest/gtest.h>

#include <set>
#include <string>
#include <thread>
#include <vector>

#include "reactor/http_client.h"
#include "tests/integration/accounts_fixture.h"

namespace jh::test {
namespace {

using namespace accounts_fixture;

const char* suggestions_sql = R"SQL(
INSERT INTO organizations (id, slug, name, description, city, contact_name, contact_email)
VALUES (931, 'vorschlag-agentur', 'Vorschlag Agentur GmbH', 'Eine Agentur für Tests.', 'Berlin', 'Erika Muster', 'jobs@vorschlag.example');
INSERT INTO job_postings (id, slug, organization_id, title, description, is_published, active, published_at, valid_through, activity_ids, employment_type_ids)
VALUES
 (9311, 'promoter-9311', 931, 'Promoter (m/w/d) für Energydrinks', 'Verkostung im Supermarkt.', true, true, now() - interval '2 hours', NULL, '{1}', '{4}'),
 (9312, 'promoter-9312', 931, 'Promoter (m/w/d) für Kaffee', 'Aktion im Markt.', true, true, now() - interval '3 hours', NULL, '{1}', '{4}'),
 (9313, 'messehostess-9313', 931, 'Messehostess (m/w/d) in Köln', 'Empfang am Stand.', true, true, now() - interval '1 day', NULL, '{2}', '{1}'),
 (9314, 'promoter-inaktiv-9314', 931, 'Promoterin inaktiv', 'Nicht mehr aktiv.', true, false, now() - interval '1 hour', NULL, '{1}', '{4}'),
 (9315, 'promoter-abgelaufen-9315', 931, 'Promoterin abgelaufen', 'Abgelaufen.', true, true, now() - interval '20 days', now() - interval '1 day', '{1}', '{4}');
INSERT INTO job_posting_activities (job_posting_id, activity_id) VALUES (9311, 1), (9312, 1), (9313, 2), (9314, 1), (9315, 1);
INSERT INTO job_posting_locations (job_posting_id, city, lat, lon, sort_order) VALUES
 (9311, 'Berlin', 52.52, 13.405, 0), (9312, 'Berlin', 52.52, 13.405, 0), (9313, 'Köln', 50.9375, 6.9603, 0),
 (9314, 'Berlin', 52.52, 13.405, 0), (9315, 'Berlin', 52.52, 13.405, 0);
)SQL";

int status_of(const std::string& raw) { return raw.size() > 12 ? std::atoi(raw.substr(9, 3).c_str()) : 0; }

// One server with the SQL search (search.index off) and `limit` suggestion calls per client and minute.
class SuggestionsBase : public ::testing::Test {
protected:
    static void start(int limit) {
        db_ = new temp_database("suggest");
        server_ = new server_process({{"JOBHAFEN_DATABASE_URL", db_->url()},
                                      {"JOBHAFEN_REDIS_URL", shared_redis_url()},
                                      {"JOBHAFEN_AUTH_SECRET", "suggestions-test-secret-0123456789-abcdefghijklmnop"},
                                      {"JOBHAFEN_LOG_ACCESS", "false"},
                                      {"JOBHAFEN_SEARCH_INDEX", "false"},
                                      {"JOBHAFEN_SUGGESTIONS_PER_CLIENT_PER_MINUTE", std::to_string(limit)}});
        ASSERT_TRUE(server_->wait_ready(std::chrono::seconds(90))) << server_->log();
        exec_sql(db_->url(), suggestions_sql);
    }
    static void stop() {
        delete server_;
        delete db_;
    }
    static temp_database* db_;
    static server_process* server_;
};
temp_database* SuggestionsBase::db_ = nullptr;
server_process* SuggestionsBase::server_ = nullptr;

class SearchSuggestions : public SuggestionsBase {
protected:
    static void SetUpTestSuite() { start(1000); }
    static void TearDownTestSuite() { stop(); }
};

// "Promo" and "Prom" find both live Promoter jobs, "Messehost" the hostess; one or two letters
// match a whole word only ("xy" finds nothing), and a negated beginning excludes.
TEST_F(SearchSuggestions, AWordsBeginningFindsTheJobsOfTheWholeWordThroughTheSqlSearch) {
    auto total = [](const std::string& q) {
        auto r = http_request(server_->port(), "GET", "/api/job_postings?q=" + url_escape(q));
        EXPECT_EQ(r.status, 200) << q << ": " << r.body;
        return field(r.body, "/hydra:totalItems");
    };
    EXPECT_EQ(total("Promoter"), "2");
    EXPECT_EQ(total("Promo"), "2");
    EXPECT_EQ(total("prom"), "2");
    EXPECT_EQ(total("Messehost"), "1");
    EXPECT_EQ(total("Promo Kaff"), "1");
    EXPECT_EQ(total("Promo -Kaff"), "1");
    EXPECT_EQ(total("Mess OR Kaff"), "2");
    EXPECT_EQ(total("xy"), "0");
}

TEST_F(SearchSuggestions, SuggestsActivitiesAndTitleWordsThatBeginWithTheText) {
    auto r = http_request(server_->port(), "GET", "/api/search_suggestions?text=Promo");
    ASSERT_EQ(r.status, 200) << r.body;
    // The activity first, with its two live jobs (inactive and expired ones do not count), then the word.
    EXPECT_EQ(field(r.body, "/hydra:member/0/kind"), "activity");
    EXPECT_EQ(field(r.body, "/hydra:member/0/name"), "Promotion");
    EXPECT_EQ(field(r.body, "/hydra:member/0/slug"), "promotion");
    EXPECT_EQ(field(r.body, "/hydra:member/0/jobs"), "2");
    EXPECT_EQ(field(r.body, "/hydra:member/1/kind"), "word");
    EXPECT_EQ(field(r.body, "/hydra:member/1/name"), "Promoter");
    EXPECT_EQ(field(r.body, "/hydra:member/1/jobs"), "2");
    EXPECT_EQ(field(r.body, "/hydra:totalItems"), "2");
    EXPECT_EQ(r.body.find("Promoterin"), std::string::npos) << "only in jobs that are not live: " << r.body;

    // The word being typed (the last) is matched against the beginning of any word of a name, case
    // and umlauts folded like the search ("Koel" finds "Köln").
    auto messe = http_request(server_->port(), "GET", "/api/search_suggestions?text=" + url_escape("köln messe"));
    ASSERT_EQ(messe.status, 200) << messe.body;
    EXPECT_EQ(field(messe.body, "/hydra:member/0/name"), "Messehostess / Messehost");
    EXPECT_EQ(field(messe.body, "/hydra:member/0/jobs"), "1");
    auto koeln = http_request(server_->port(), "GET", "/api/search_suggestions?text=" + url_escape("Koel"));
    EXPECT_EQ(field(koeln.body, "/hydra:member/0/name"), "Köln");

    // One letter suggests nothing; no text and more than 50 characters are refused.
    EXPECT_EQ(field(http_request(server_->port(), "GET", "/api/search_suggestions?text=P").body, "/hydra:totalItems"), "0");
    auto none = http_request(server_->port(), "GET", "/api/search_suggestions");
    EXPECT_EQ(none.status, 400);
    EXPECT_NE(none.body.find("Parameter text"), std::string::npos) << none.body;
    auto longer = http_request(server_->port(), "GET", "/api/search_suggestions?text=" + std::string(51, 'a'));
    EXPECT_EQ(longer.status, 400);
    EXPECT_NE(longer.body.find("höchstens 50 Zeichen"), std::string::npos) << longer.body;
    EXPECT_EQ(http_request(server_->port(), "GET", "/api/search_suggestions?text=" + std::string(50, 'a')).status, 200);
}

class SearchSuggestionsRate : public SuggestionsBase {
protected:
    static void SetUpTestSuite() { start(10); }
    static void TearDownTestSuite() { stop(); }
};

// 20 calls at once from one address: exactly 10 pass, 10 are 429 with Retry-After and the class's
// words; another address is not affected.
TEST_F(SearchSuggestionsRate, TheRateClassHoldsUnderTwentyParallelCalls) {
    std::vector<std::string> answers(20);
    std::vector<std::thread> threads;
    for (int i = 0; i < 20; ++i)
        threads.emplace_back([&, i] { answers[i] = raw_call(server_->port(), "GET", "/api/search_suggestions?text=Promo" + std::to_string(i), {}, {}, "127.0.0.51"); });
    for (auto& t : threads) t.join();
    int passed = 0, limited = 0;
    for (const auto& a : answers) {
        if (status_of(a) == 200) ++passed;
        if (status_of(a) == 429) {
            ++limited;
            EXPECT_NE(a.find("Retry-After: "), std::string::npos) << a;
            EXPECT_NE(a.find("Zu viele Vorschl"), std::string::npos) << a;
        }
    }
    EXPECT_EQ(passed, 10);
    EXPECT_EQ(limited, 10);
    EXPECT_EQ(status_of(raw_call(server_->port(), "GET", "/api/search_suggestions?text=Promo", {}, {}, "127.0.0.51")), 429);
    EXPECT_EQ(status_of(raw_call(server_->port(), "GET", "/api/search_suggestions?text=Promo", {}, {}, "127.0.0.52")), 200);
}

}  // namespace
}  // namespace jh::test
