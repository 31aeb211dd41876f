// Integration tests: a job alert finds what its search lists. On one seeded catalogue every filter
// of a table (each filter field, 10 to 500 km, texts with umlauts and stop words, several
// activities, flags set to 1 and to 0) becomes a confirmed alert whose window covers the whole
// catalogue; `jobhafen worker alerts --once` matches them all, and the jobs each alert recorded must
// be exactly the first page (20, newest first) of GET /api/job_postings with the same filter. A
// 500 km alert delivers its digest through the mail worker to the SMTP sink.
#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "reactor/http_client.h"
#include "tests/integration/accounts_fixture.h"

namespace jh::test {
namespace {

using namespace accounts_fixture;

using filter = std::vector<std::pair<std::string, std::string>>;

std::string query_string(const filter& f) {
    std::string qs;
    for (const auto& [k, v] : f) qs += (qs.empty() ? "" : "&") + k + "=" + url_escape(v);
    return qs;
}

// Every filter field the alert keeps, alone and combined. Places: Kassel (the middle of Germany),
// Berlin, Hamburg, München, as coordinates and as city slugs.
std::vector<filter> filter_table() {
    return {
        {{"q", "Promotion"}},
        {{"q", "Promotion Hamburg"}},
        {{"q", "Küche"}},
        {{"q", "Kueche"}},
        {{"q", "Gäste"}},
        {{"q", "Düsseldorf"}},
        {{"q", "Dusseldorf"}},
        {{"q", "München"}},
        {{"q", "Muenchen"}},
        {{"q", "Zuverlässigkeit"}},
        {{"q", "Barista OR Barkeeper"}},
        {{"q", "Promotion -Messe"}},
        {{"q", "der die das"}},                                  // stop words only: no text filter
        {{"q", "Müller"}},                                       // the jobs added in SetUpTestSuite
        {{"q", "Mueller"}},
        {{"q", "Straße"}},
        {{"q", "Strasse"}},
        {{"q", "Hauptstraße Käse"}},
        {{"q", "Kaese"}},
        {{"q", "Fußgängerzone"}},
        {{"q", "Fussgaengerzone"}},
        {{"q", "\"Messe München\""}},                            // a phrase: the index hands it to PostgreSQL
        {{"q", "Auf- und Abbau"}},                               // a hyphen: the same
        {{"q", "Messehostess / Messehost"}},                     // a slash: the same
        {{"q", "Promotion-Team"}, {"activity", "promotion"}},    // declined text with the rest in the index
        {{"q", "der-die"}},                                      // declined, and stop words only: no text filter
        {{"q", "Müller"}, {"city", "muenchen"}, {"distance", "10"}},
        {{"activity", "promotion"}},
        {{"activity", "promotion,messehostess,servicekraft"}},
        {{"activity[]", "barkeeper"}, {"activity[]", "barista"}, {"activity[]", "kuechenhilfe"}},
        {{"activity", "kein-solches-kuerzel"}},                  // resolves to nothing: no job
        {{"employmentType", "contractor,student"}},
        {{"employmentType", "part_time"}},
        {{"industry", "gastronomie"}},
        {{"jobType", "messejobs"}},
        {{"jobType", "gastrojobs"}},
        {{"jobType", "studentenjobs"}},
        {{"top_job", "1"}},
        {{"top_job", "0"}, {"activity", "promotion"}},
        {{"instant_teaser_job", "1"}},
        {{"top_offer", "1"}},
        {{"sponsored", "1"}},
        {{"opportunity", "1"}},
        {{"opportunity", "0"}, {"sponsored", "0"}, {"q", "Promotion"}},
        {{"lat", "52.52"}, {"lon", "13.405"}, {"distance", "10"}},
        {{"lat", "53.55"}, {"lon", "9.99"}, {"distance", "25"}},
        {{"city", "berlin"}},                                    // 50 km by default
        {{"city", "muenchen"}, {"distance", "100"}},
        {{"city", "hamburg"}, {"distance", "250"}},
        {{"lat", "51.31"}, {"lon", "9.48"}, {"distance", "500"}},
        {{"lat", "48.14"}, {"lon", "11.58"}, {"distance", "500"}},
        {{"geoCluster_typesense", "(52.52, 13.405, 500 km)"}},
        {{"city", "berlin"}, {"distance", "500"}, {"activity", "promotion,verkostung"}, {"top_job", "0"}},
        {{"lat", "51.31"}, {"lon", "9.48"}, {"distance", "500"}, {"q", "Gäste"}},
        {{"city", "koeln"}, {"distance", "100"}, {"q", "Promotion"}, {"employmentType", "contractor,part_time_mini"}},
        {{"city", "frankfurt-am-main"}, {"distance", "250"}, {"jobType", "promotionjobs"}, {"industry", "gastronomie,catering"}},
        {{"lat", "52.52"}, {"lon", "13.405"}, {"distance", "25"}, {"sponsored", "0"}, {"instant_teaser_job", "0"}},
    };
}

class AlertsMatchSearch : public ::testing::Test {
protected:
    static void SetUpTestSuite() {
        s_ = new stack;
        s_->start("alertmatch", true, {}, schema::migrated);
        if (::testing::Test::HasFatalFailure()) return;
        auto seeded = run_jobhafen({{"JOBHAFEN_DATABASE_URL", s_->db->url()}},
                                   {"seed", "--organizations", "20", "--jobs", "1500", "--seed", "19"});
        ASSERT_EQ(seeded.first, 0) << seeded.second;
        // One organization with jobs, for the organization filter.
        organization_ = s_->sql("SELECT organization_id FROM job_search_points GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1");
        // Umlauts and ß the seeder does not write: a Müller, a Straße, Käse, in München and Hamburg.
        exec_sql(s_->db->url(),
                 "INSERT INTO job_postings (id, slug, organization_id, title, description, is_published, active, published_at) VALUES "
                 "(980001, 'verkauf-mueller-980001', " + organization_ + ", 'Verkäufer (m/w/d) Bäckerei Müller', "
                 "'Am Stand in der Hauptstraße bietest du Käse und Brot an.', true, true, now() - interval '2 days'), "
                 "(980002, 'promotion-strasse-980002', " + organization_ + ", 'Promotion in der Königstraße', "
                 "'Straßenpromotion für einen Käsehersteller.', true, true, now() - interval '3 days'), "
                 "(980003, 'mueller-lager-980003', " + organization_ + ", 'Lagerhelfer bei Mueller Logistik', "
                 "'Kommissionieren in der Strasse der Einheit.', true, true, now() - interval '4 days');"
                 "INSERT INTO job_posting_locations (job_posting_id, city, lat, lon) VALUES "
                 "(980001, 'München', 48.14, 11.58), (980002, 'Hamburg', 53.55, 9.99), (980003, 'Kassel', 51.31, 9.48);");
        // Two seeded jobs by id, for the id filter.
        some_ids_ = query_sql(s_->db->url(), "SELECT job_posting_id FROM job_search_points WHERE is_primary "
                                             "ORDER BY published_at DESC, job_posting_id LIMIT 2 OFFSET 7");
    }
    static void TearDownTestSuite() {
        s_->stop();
        delete s_;
    }
    static int port() { return s_->port; }
    static std::pair<int, std::string> run_alerts_once() {
        return run_jobhafen({{"JOBHAFEN_DATABASE_URL", s_->db->url()}, {"JOBHAFEN_HTTP_PUBLIC_ORIGIN", s_->origin}},
                            {"worker", "alerts", "--once"});
    }
    // The ids of the first page of the search, newest first, as a set (the alert records a set).
    static std::set<std::string> search_page(const std::string& qs) {
        auto r = call(port(), "GET", "/api/job_postings?" + qs + "&sort=newest&itemsPerPage=20");
        EXPECT_EQ(r.status, 200) << qs << "\n" << r.body;
        std::set<std::string> ids;
        simdjson::dom::parser parser;
        simdjson::dom::element doc;
        if (parser.parse(r.body).get(doc) != simdjson::SUCCESS) return ids;
        simdjson::dom::array members;
        if (doc["hydra:member"].get_array().get(members) != simdjson::SUCCESS) return ids;
        for (auto m : members) {
            std::int64_t id = 0;
            if (m["id"].get_int64().get(id) == simdjson::SUCCESS) ids.insert(std::to_string(id));
        }
        return ids;
    }
    // The jobs each alert's digest listed, as the mails that reached the SMTP sink say (waits until
    // every digest queued so far has arrived). A digest names its alert by its unsubscribe link,
    // its jobs by their links; the alerts' confirmation mails have neither.
    static std::map<std::string, std::set<std::string>> digests() {
        const auto queued = std::stoul(s_->sql("SELECT count(*) FROM queue_jobs WHERE idempotency_key LIKE 'job_alert_digest:%'"));
        static std::map<std::string, std::string> text_of_file;   // each mail is read once
        std::vector<std::string> digest_texts;
        wait_until(
            [&] {
                digest_texts.clear();
                for (const auto& f : s_->sink->message_files()) {
                    if (!text_of_file.contains(f)) text_of_file[f] = read_mail(f).text;
                    if (text_of_file[f].find("/job-alert-abmelden/") != std::string::npos) digest_texts.push_back(text_of_file[f]);
                }
                return digest_texts.size() >= queued;
            },
            30s);
        std::map<std::string, std::string> alert_of_token, id_of_slug;
        for (const auto& row : query_sql(s_->db->url(), "SELECT unsubscribe_token, id FROM job_alerts")) alert_of_token[row.at(0)] = row.at(1);
        for (const auto& row : query_sql(s_->db->url(), "SELECT slug, id FROM job_postings")) id_of_slug[row.at(0)] = row.at(1);
        auto word_at = [](const std::string& text, std::size_t at) { return text.substr(at, text.find_first_of(" \r\n", at) - at); };
        std::map<std::string, std::set<std::string>> out;
        for (const auto& text : digest_texts) {
            const std::string_view unsubscribe = "/job-alert-abmelden/", job = "/jobs/";
            auto& jobs = out[alert_of_token[word_at(text, text.find(unsubscribe) + unsubscribe.size())]];
            for (auto at = text.find(job); at != std::string::npos; at = text.find(job, at + 1)) {
                const std::string slug = word_at(text, at + job.size());
                if (id_of_slug.contains(slug)) jobs.insert(id_of_slug[slug]);
            }
        }
        return out;
    }
    static std::string create_alert(const std::string& token, const std::string& title, const std::string& qs) {
        auto c = call(port(), "POST", "/api/job_alerts",
                      R"({"title":")" + title + R"(","interval":"daily","searchFilter":")" + qs + R"("})", bearer(token));
        EXPECT_EQ(c.status, 201) << qs << "\n" << c.body;
        return field(c.body, "id");
    }
    // Today + n in Berlin, YYYY-MM-DD.
    static std::string berlin_day(int n) {
        return s_->sql("SELECT to_char((now() AT TIME ZONE 'Europe/Berlin')::date + " + std::to_string(n) + ", 'YYYY-MM-DD')");
    }
    static stack* s_;
    static std::string organization_;
    static std::vector<std::vector<std::string>> some_ids_;
};
stack* AlertsMatchSearch::s_ = nullptr;
std::string AlertsMatchSearch::organization_;
std::vector<std::vector<std::string>> AlertsMatchSearch::some_ids_;

TEST_F(AlertsMatchSearch, EveryFilterFindsTheJobsOfItsSearch) {
    auto [account, token] = register_candidate(port(), "vergleich@example.de");
    auto filters = filter_table();
    filters.push_back({{"organization", organization_}});
    filters.push_back({{"organization", organization_}, {"city", "berlin"}, {"distance", "500"}});
    ASSERT_EQ(some_ids_.size(), 2u);
    filters.push_back({{"id[]", some_ids_[0][0]}, {"id[]", some_ids_[1][0]}, {"q", "der"}});
    // Shift dates (issue 30; the seed's shifts are 2-29 days ahead): a window, either end alone.
    filters.push_back({{"shiftsFrom", berlin_day(3)}, {"shiftsTo", berlin_day(10)}});
    filters.push_back({{"shiftsTo", berlin_day(20)}, {"city", "berlin"}, {"distance", "500"}});
    filters.push_back({{"shiftsFrom", berlin_day(15)}, {"activity", "promotion,messehostess,servicekraft"}});

    std::vector<std::pair<std::string, std::string>> alerts;   // (alert id, query string)
    for (std::size_t i = 0; i < filters.size(); ++i) {
        std::string qs = query_string(filters[i]);
        alerts.emplace_back(create_alert(token, "Vergleich " + std::to_string(i), qs), qs);
    }
    // Confirmed long ago: the whole catalogue is new to every alert.
    exec_sql(s_->db->url(), "UPDATE job_alerts SET confirmed_at = now(), matched_until = now() - interval '400 days', "
                            "next_run_at = now() WHERE account_id = " + account);
    auto run = run_alerts_once();
    ASSERT_EQ(run.first, 0) << run.second;
    auto sent = digests();
    auto alert_jobs = [&](const std::string& alert) { return sent[alert]; };

    int with_jobs = 0, wide_with_jobs = 0;
    for (const auto& [alert, qs] : alerts) {
        auto expected = search_page(qs);
        auto got = alert_jobs(alert);
        EXPECT_EQ(got, expected) << "filter: " << qs;
        if (!got.empty()) ++with_jobs;
        if (!got.empty() && qs.find("distance=500") != std::string::npos) ++wide_with_jobs;
    }
    // The table means something: most filters find jobs, the 500 km circles among them.
    EXPECT_GE(with_jobs, static_cast<int>(alerts.size()) - 6);
    EXPECT_GE(wide_with_jobs, 5);
    // The umlaut spellings find the added jobs (ä→ae folding, ß→ss) in both.
    for (const auto& [alert, qs] : alerts) {
        if (qs == "q=M%C3%BCller" || qs == "q=Mueller") {
            EXPECT_TRUE(alert_jobs(alert).contains("980001")) << qs;
        }
        if (qs == "q=Stra%C3%9Fe" || qs == "q=Strasse") {
            EXPECT_TRUE(alert_jobs(alert).contains("980003")) << qs;
        }
        if (qs == "q=Kaese") {
            EXPECT_TRUE(alert_jobs(alert).contains("980001")) << qs;
        }
    }
    // The unknown activity finds nothing in both.
    EXPECT_TRUE(search_page("activity=kein-solches-kuerzel").empty());
}

TEST_F(AlertsMatchSearch, AlertOverFiveHundredKilometresSendsItsDigest) {
    auto [account, token] = register_candidate(port(), "weit@example.de");
    std::string alert = create_alert(token, "Ganz Deutschland", "lat=51.31&lon=9.48&distance=500&q=Sonderschicht");
    // Confirmed a minute ago; then two new jobs: one in München (~380 km from Kassel), one in Lissabon.
    exec_sql(s_->db->url(),
             "UPDATE job_alerts SET confirmed_at = now(), matched_until = now() - interval '1 minute', next_run_at = now() "
             "WHERE id = " + alert + ";"
             "INSERT INTO job_postings (id, slug, organization_id, title, description, is_published, active, published_at) VALUES "
             "(990001, 'sonderschicht-muenchen-990001', " + organization_ + ", 'Sonderschicht Messe München', 'Sonderschicht.', true, true, now()), "
             "(990002, 'sonderschicht-lissabon-990002', " + organization_ + ", 'Sonderschicht Lissabon', 'Sonderschicht.', true, true, now());"
             "INSERT INTO job_posting_locations (job_posting_id, city, lat, lon) VALUES "
             "(990001, 'München', 48.14, 11.58), (990002, 'Lissabon', 38.72, -9.14);");
    auto run = run_alerts_once();
    ASSERT_EQ(run.first, 0) << run.second;
    EXPECT_EQ(digests()[alert], (std::set<std::string>{"990001"}));

    std::string digest;
    wait_until(
        [&] {
            for (const auto& f : s_->sink->message_files()) {
                auto m = read_mail(f);
                if (m.to.find("weit@example.de") != std::string::npos && m.subject.find("Neue Jobs") != std::string::npos)
                    digest = m.subject + "\n" + m.text;
            }
            return !digest.empty();
        },
        20s);
    ASSERT_FALSE(digest.empty()) << "no digest for the 500 km alert";
    EXPECT_NE(digest.find("Ganz Deutschland"), std::string::npos) << digest;
    EXPECT_NE(digest.find("Sonderschicht Messe München"), std::string::npos) << digest;
    EXPECT_EQ(digest.find("Lissabon"), std::string::npos) << digest;
}

// An alert with a date window alone is a filter (it narrows), keeps its window in its columns, and
// a window the search refuses is refused for the alert too (422 at searchFilter, the search's words).
TEST_F(AlertsMatchSearch, AnAlertKeepsItsShiftDates) {
    auto [account, token] = register_candidate(port(), "einsatztage@example.de");
    const std::string from = berlin_day(2), to = berlin_day(4);
    const std::string alert = create_alert(token, "Am Wochenende", "shiftsFrom=" + from + "&shiftsTo=" + to);
    EXPECT_EQ(s_->sql("SELECT shifts_from::text || ' ' || shifts_to::text FROM job_alerts WHERE id = " + alert), from + " " + to);
    auto refused = call(port(), "POST", "/api/job_alerts",
                        R"({"title":"Rückwärts","searchFilter":"shiftsFrom=)" + to + "&shiftsTo=" + from + R"("})", bearer(token));
    EXPECT_EQ(refused.status, 422) << refused.body;
    EXPECT_NE(refused.body.find("searchFilter"), std::string::npos) << refused.body;
    EXPECT_NE(refused.body.find("shiftsTo darf nicht vor shiftsFrom liegen."), std::string::npos) << refused.body;
    auto patched = call(port(), "PATCH", "/api/job_alerts/" + alert, R"({"searchFilter":"shiftsTo=)" + to + R"(&city=berlin"})",
                        bearer(token));
    EXPECT_EQ(patched.status, 200) << patched.body;
    EXPECT_EQ(s_->sql("SELECT coalesce(shifts_from::text, '-') || ' ' || shifts_to::text FROM job_alerts WHERE id = " + alert), "- " + to);
}

}  // namespace
}  // namespace jh::test
