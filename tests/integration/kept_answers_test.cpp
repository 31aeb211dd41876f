// Integration tests of the answers kept in memory (reactor/answer_cache.h, docs/caching.md): a
// job's data and page, the home page and the place list are answered again byte for byte with an
// ETag that a client's If-None-Match turns into a 304, and every change a visitor must see shows at
// once: an edit and a close through the job index's next generation, an end by date without any
// notification, and, in a server without the index, after the grace.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <string>
#include <thread>

#include "tests/integration/web_stack.h"
#include "tests/support/harness.h"

namespace jh::test {
namespace {

using namespace std::chrono_literals;

const char* kept_jobs_sql = R"SQL(
INSERT INTO organizations (id, slug, name, description, city, contact_name, contact_email)
VALUES (971, 'hafen-events', 'Hafen Events', 'Agentur.', 'Kiel', 'Erika Muster', 'jobs@hafen.example');

INSERT INTO job_postings (id, slug, organization_id, title, description, base_salary, salary_unit, is_published, active,
                          published_at, valid_through, activity_ids, employment_type_ids)
VALUES
 (401, 'promoter-kiel-401', 971, 'Promoter in Kiel', 'Du stellst Produkte vor.', 16.00, 'hour', true, true, now() - interval '1 hour', NULL, '{1}', '{4}'),
 (402, 'hostess-kiel-402', 971, 'Messehostess in Kiel', 'Empfang am Stand.', 18.00, 'hour', true, true, now() - interval '2 hours', NULL, '{2}', '{4}'),
 (403, 'aufbau-kiel-403', 971, 'Aufbauhelfer in Kiel', 'Standaufbau.', 15.00, 'hour', true, true, now() - interval '3 hours', NULL, '{1}', '{4}');
INSERT INTO job_posting_activities (job_posting_id, activity_id) VALUES (401, 1), (402, 2), (403, 1);
INSERT INTO job_posting_employment_types (job_posting_id, employment_type_id) VALUES (401, 4), (402, 4), (403, 4);
INSERT INTO job_posting_locations (job_posting_id, street, zipcode, city, country, lat, lon, sort_order) VALUES
 (401, 'Markt 1', '24103', 'Kiel', 'de', 54.3233, 10.1228, 0),
 (402, 'Messe 1', '24103', 'Kiel', 'de', 54.3233, 10.1228, 0),
 (403, 'Hafen 1', '24103', 'Kiel', 'de', 54.3233, 10.1228, 0);
)SQL";

constexpr const char* banner = web_stack_banner;

// Asks `ask` every 20 ms until `shows` holds or `deadline` passes; true when it held. The deadline
// is a bound for a loaded machine, not a measurement (the bench measures: bench/site).
template <class Ask, class Shows>
bool eventually(Ask ask, Shows shows, std::chrono::milliseconds deadline = 10s) {
    auto until = std::chrono::steady_clock::now() + deadline;
    while (std::chrono::steady_clock::now() < until) {
        if (shows(ask())) return true;
        std::this_thread::sleep_for(20ms);
    }
    return shows(ask());
}

class KeptAnswers : public ::testing::Test {
protected:
    void SetUp() override {
        if (!stack_) {
            stack_ = new web_stack("keptanswers", kept_jobs_sql);
            server_ = stack_->serve("var").release();
            ASSERT_NE(server_, nullptr);
            // Answers are kept once the job index has its first generation (before, nothing says
            // when they change): a kept answer carries an ETag.
            ASSERT_TRUE(eventually([] { return get("/api/job_postings/402"); }, [](const http_reply& r) { return !r.header("etag").empty(); }, 30s))
                << server_->log();
        }
        ASSERT_NE(server_, nullptr);
    }
    static void TearDownTestSuite() {
        delete server_;
        delete stack_;
    }

    static http_reply get(const std::string& target, const std::string& headers = {}, server_process* s = nullptr) {
        return http_request((s ? s : server_)->port(), "GET", target, {}, headers);
    }
    static std::string title_of(const http_reply& r) { return field(r.body, "/title"); }
    static void sql(const std::string& statement) { exec_sql(stack_->db_url(), statement); }

    static inline web_stack* stack_ = nullptr;
    static inline server_process* server_ = nullptr;
};

TEST_F(KeptAnswers, AJobsDataComesAgainWithItsETagAndA304) {
    auto first = get("/api/job_postings/slug/promoter-kiel-401");
    ASSERT_EQ(first.status, 200) << first.body;
    EXPECT_EQ(title_of(first), "Promoter in Kiel");
    EXPECT_EQ(first.header("cache-control"), "public, no-cache");
    std::string etag = first.header("etag");
    ASSERT_TRUE(etag.starts_with("W/\"")) << etag;

    auto again = get("/api/job_postings/slug/promoter-kiel-401");
    EXPECT_EQ(again.body, first.body);
    EXPECT_EQ(again.header("etag"), etag);

    auto revalidated = get("/api/job_postings/slug/promoter-kiel-401", "If-None-Match: " + etag + "\r\n");
    EXPECT_EQ(revalidated.status, 304);
    EXPECT_TRUE(revalidated.body.empty());
    EXPECT_EQ(revalidated.header("etag"), etag);

    // gzip for a client that takes it, the same tag (weak: the same content).
    auto zipped = get("/api/job_postings/401", "Accept-Encoding: gzip\r\n");
    ASSERT_EQ(zipped.status, 200);
    EXPECT_EQ(zipped.header("etag").empty(), false);
}

TEST_F(KeptAnswers, AnEditShowsInTheJobsDataAndPageAtOnce) {
    ASSERT_EQ(title_of(get("/api/job_postings/slug/hostess-kiel-402")), "Messehostess in Kiel");
    auto page = get("/jobs/hostess-kiel-402");
    ASSERT_EQ(page.status, 200);
    ASSERT_NE(page.body.find("Messehostess in Kiel"), std::string::npos);
    std::string old_tag = page.header("etag");

    sql("UPDATE job_postings SET title = 'Messehostess in Kiel (Frühschicht)' WHERE id = 402");
    EXPECT_TRUE(eventually([] { return get("/api/job_postings/slug/hostess-kiel-402"); },
                           [](const http_reply& r) { return title_of(r) == "Messehostess in Kiel (Frühschicht)"; }))
        << "the job's data still shows the old title";
    EXPECT_TRUE(eventually([] { return get("/jobs/hostess-kiel-402"); },
                           [](const http_reply& r) { return r.body.find("Messehostess in Kiel (Frühschicht)") != std::string::npos; }))
        << "the job's page still shows the old title";
    // The old tag no longer gets a 304: the page changed (on every loop once the grace is over).
    EXPECT_TRUE(eventually([&] { return get("/jobs/hostess-kiel-402", "If-None-Match: " + old_tag + "\r\n"); },
                           [](const http_reply& r) { return r.status == 200; }));
}

TEST_F(KeptAnswers, AClosedJobIsGoneFromItsDataAndPage) {
    ASSERT_EQ(get("/api/job_postings/slug/aufbau-kiel-403").status, 200);
    ASSERT_EQ(get("/jobs/aufbau-kiel-403").status, 200);
    sql("UPDATE job_postings SET active = false WHERE id = 403");
    EXPECT_TRUE(eventually([] { return get("/api/job_postings/slug/aufbau-kiel-403"); }, [](const http_reply& r) { return r.status == 410; }));
    EXPECT_TRUE(eventually([] { return get("/jobs/aufbau-kiel-403"); }, [](const http_reply& r) { return r.status == 410; }));
    EXPECT_TRUE(eventually([] { return get("/api/job_postings/403"); }, [](const http_reply& r) { return r.status == 410; }));
}

TEST_F(KeptAnswers, AJobThatEndsByItsDateIsGoneThenWithoutANotification) {
    sql("UPDATE job_postings SET valid_through = now() + interval '3 seconds' WHERE id = 401");
    // The generation of that write is awaited, then the answer is kept with the job's end as its limit.
    ASSERT_TRUE(eventually([] { return get("/api/job_postings/401"); }, [](const http_reply& r) {
        return r.status == 200 && field(r.body, "/validThrough") != "<missing>" && field(r.body, "/validThrough") != "null";
    })) << get("/api/job_postings/401").body;
    auto kept = get("/api/job_postings/401");
    ASSERT_EQ(kept.status, 200) << "the job ended before the test could look (a very slow machine)";
    EXPECT_TRUE(eventually([] { return get("/api/job_postings/401"); }, [](const http_reply& r) { return r.status == 410; }, 8s));
    sql("UPDATE job_postings SET valid_through = NULL WHERE id = 401");
}

// The job's page too: its head was kept for a minute whatever the job's end (the page answered 200,
// with its JobPosting data for search engines, up to 60 s after the data answered 410).
TEST_F(KeptAnswers, AJobsPageThatEndsByItsDateIsGoneThenToo) {
    sql("UPDATE job_postings SET valid_through = now() + interval '4 seconds' WHERE id = 402");
    ASSERT_TRUE(eventually([] { return get("/api/job_postings/402"); }, [](const http_reply& r) {
        return r.status == 200 && field(r.body, "/validThrough") != "<missing>" && field(r.body, "/validThrough") != "null";
    })) << get("/api/job_postings/402").body;
    // Made after that generation: the head that knows the job's end.
    ASSERT_EQ(get("/jobs/hostess-kiel-402").status, 200) << "the job ended before the test could look (a very slow machine)";
    EXPECT_TRUE(eventually([] { return get("/api/job_postings/402"); }, [](const http_reply& r) { return r.status == 410; }, 10s));
    EXPECT_TRUE(eventually([] { return get("/jobs/hostess-kiel-402"); }, [](const http_reply& r) { return r.status == 410; }, 3s))
        << "the job's page still answers 200 after its end";
    sql("UPDATE job_postings SET valid_through = NULL WHERE id = 402");
    // Live again before the next test counts the organization's open jobs.
    ASSERT_TRUE(eventually([] { return get("/api/job_postings/402"); }, [](const http_reply& r) { return r.status == 200; }));
}

// A block of an organization without published jobs makes no new generation: its page followed
// its data (10 s) only after the heads' minute.
TEST_F(KeptAnswers, ABlockedOrganizationsPageIsGoneWithItsData) {
    sql("INSERT INTO organizations (id, slug, name, description, city, contact_name, contact_email) "
                         "VALUES (972, 'leer-events', 'Leer Events', 'Agentur.', 'Kiel', 'Erika Muster', 'leer@hafen.example')");
    ASSERT_EQ(get("/jobanbieter/leer-events").status, 200);
    ASSERT_EQ(get("/api/organizations/slug/leer-events").status, 200);
    sql("UPDATE organizations SET active = false WHERE id = 972");
    EXPECT_TRUE(eventually([] { return get("/api/organizations/slug/leer-events"); }, [](const http_reply& r) { return r.status == 404; }, 15s));
    EXPECT_TRUE(eventually([] { return get("/jobanbieter/leer-events"); }, [](const http_reply& r) { return r.status == 404; }, 3s))
        << "the blocked organization's page still answers 200";
    // A slug with a byte that is not UTF-8: 404 like the data, not the start page with 200.
    EXPECT_EQ(get("/api/organizations/slug/%ff").status, 404);
    EXPECT_EQ(get("/jobanbieter/%ff").status, 404);
    EXPECT_EQ(get("/jobanbieter/%C3%28").status, 404);
    EXPECT_EQ(get("/jobs/%ff").status, 404);
    EXPECT_EQ(get("/%C3%28").status, 404);
}

TEST_F(KeptAnswers, AnOrganizationsOpenJobsFollowANewJobAtOnce) {
    auto first = get("/api/organizations/slug/hafen-events");
    ASSERT_EQ(first.status, 200) << first.body;
    const long open = std::stol(field(first.body, "/openJobs"));
    auto again = get("/api/organizations/slug/hafen-events", "If-None-Match: " + first.header("etag") + "\r\n");
    EXPECT_EQ(again.status, 304);
    sql(R"SQL(
INSERT INTO job_postings (id, slug, organization_id, title, description, base_salary, salary_unit, is_published, active,
                          published_at, activity_ids, employment_type_ids)
VALUES (404, 'kellner-kiel-404', 971, 'Kellner in Kiel', 'Service.', 15.00, 'hour', true, true, now(), '{1}', '{4}');
INSERT INTO job_posting_locations (job_posting_id, street, zipcode, city, country, lat, lon, sort_order)
VALUES (404, 'Hafen 2', '24103', 'Kiel', 'de', 54.3233, 10.1228, 0);
)SQL");
    EXPECT_TRUE(eventually([] { return get("/api/organizations/slug/hafen-events"); },
                           [&](const http_reply& r) { return field(r.body, "/openJobs") == std::to_string(open + 1); }))
        << "the organization's data still counts " << open << " open jobs";
    EXPECT_EQ(get("/api/organizations/slug/gibt-es-nicht").status, 404);
}

TEST_F(KeptAnswers, TheHomePageIsKeptPerBannerWithItsETag) {
    auto first = get("/");
    ASSERT_EQ(first.status, 200);
    EXPECT_EQ(first.header("cache-control"), "no-cache");
    std::string etag = first.header("etag");
    ASSERT_FALSE(etag.empty());
    auto plain = get("/");
    EXPECT_NE(plain.body.find(banner), std::string::npos) << "a first visit carries the banner";
    EXPECT_EQ(plain.header("etag"), etag);
    EXPECT_EQ(get("/", "If-None-Match: " + etag + "\r\n").status, 304);

    auto consented = get("/", "Cookie: cookie_consent=1\r\n");
    ASSERT_EQ(consented.status, 200);
    EXPECT_EQ(consented.body.find(banner), std::string::npos) << "a visitor who chose does not get the banner again";
    EXPECT_NE(consented.header("etag"), etag);
}

TEST_F(KeptAnswers, ThePlaceListIsKeptByItsQuery) {
    auto first = get("/api/places/autocomplete?text=Kiel");
    ASSERT_EQ(first.status, 200) << first.body;
    EXPECT_EQ(first.header("cache-control"), "public, max-age=3600");
    auto again = get("/api/places/autocomplete?text=Kiel");
    EXPECT_EQ(again.body, first.body);
    EXPECT_EQ(get("/api/places/autocomplete?text=Kiel", "If-None-Match: " + first.header("etag") + "\r\n").status, 304);
    auto other = get("/api/places/autocomplete?text=Hamburg");
    ASSERT_EQ(other.status, 200);
    EXPECT_NE(other.body, first.body);
    EXPECT_EQ(get("/api/places/autocomplete?text=").status, 400) << "a refusal is not kept in place of an answer";
}

// Without the job index there is no generation to compare: a job's data is made for every request.
TEST_F(KeptAnswers, WithoutTheIndexAnEditShowsInTheNextAnswer) {
    auto without_index = stack_->serve("var-sql", {{"JOBHAFEN_SEARCH_INDEX", "false"}});
    ASSERT_NE(without_index, nullptr);
    ASSERT_EQ(title_of(get("/api/job_postings/slug/promoter-kiel-401", {}, without_index.get())), "Promoter in Kiel");
    sql("UPDATE job_postings SET title = 'Promoter in Kiel-Holtenau' WHERE id = 401");
    EXPECT_EQ(title_of(get("/api/job_postings/slug/promoter-kiel-401", {}, without_index.get())), "Promoter in Kiel-Holtenau");
    sql("UPDATE job_postings SET title = 'Promoter in Kiel' WHERE id = 401");
}

}  // namespace
}  // namespace jh::test
