// Integration test: the in-memory job index answers GET /api/job_postings exactly like the SQL
// search. Two `jobhafen serve` on one seeded catalogue, one with search.index on; at least 1,000
// random filters (every field, combinations, umlauts, typos, stop words, OR and minus, 10-500 km,
// paging past the relevance window and the result window, notYetAppliedTo and recommendations of a
// candidate) go to both, and the answers must list the same ids in the same order with the same
// totals, and the whole response bodies must be byte for byte the same (the cards the index keeps
// in memory, distances to the searched point included). A third server keeps cards and ranking
// texts for the newest 300 jobs only and must give the same bodies. Then the index is shown to be the one answering (a write whose notification is held
// back is not seen by it) and to be fresh once the notification arrives. The random filters
// include the shift dates (shiftsFrom, shiftsTo), and a job's listing by date follows its shifts.
// Words are matched by their beginnings ("Promo" finds "Promotion"), in both searches alike. Four
// suites of one fixture, each with a catalogue of its own, run side by side (JobIndexSuite below).
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "reactor/http_client.h"
#include "tests/integration/accounts_fixture.h"

namespace jh::test {
namespace {

using namespace accounts_fixture;

// How long a change may take to reach the index before a test fails. Not the freshness target
// (bench/search measures that: commit to searchable within a second): a sanitizer build on a busy
// machine rebuilds a generation several times slower, and a wait returns as soon as it holds.
constexpr std::chrono::seconds follow_limit{15};

struct listing {
    int status = 0;
    std::string ids, total, capped;
    std::string body;   // the whole answer: every card's every member, in order
    bool operator==(const listing&) const = default;
};

listing list_jobs(int port, const std::string& qs, const std::string& headers) {
    auto r = http_request(port, "GET", "/api/job_postings?" + qs, {}, headers);
    listing l;
    l.status = r.status;
    l.body = r.body;
    if (r.status != 200) return l;
    simdjson::dom::parser parser;
    simdjson::dom::element doc;
    if (parser.parse(r.body).get(doc) != simdjson::SUCCESS) return l;
    simdjson::dom::array members;
    if (doc["hydra:member"].get_array().get(members) == simdjson::SUCCESS)
        for (auto m : members) {
            std::int64_t id = 0;
            if (m["id"].get_int64().get(id) == simdjson::SUCCESS) l.ids += std::to_string(id) + ",";
        }
    std::int64_t total = -1;
    bool capped = false;
    if (doc["hydra:totalItems"].get_int64().get(total) != simdjson::SUCCESS) total = -1;
    if (doc["totalItemsCapped"].get_bool().get(capped) != simdjson::SUCCESS) capped = false;
    l.total = std::to_string(total);
    l.capped = capped ? "capped" : "exact";
    return l;
}

// jobhafen_search_sql_fallbacks_total of a server, every reason summed (/metrics).
std::int64_t search_fallbacks(int port) {
    auto r = http_request(port, "GET", "/metrics");
    std::int64_t sum = 0;
    std::size_t at = 0;
    const std::string name = "\njobhafen_search_sql_fallbacks_total{";
    while ((at = r.body.find(name, at)) != std::string::npos) {
        at = r.body.find("} ", at);
        sum += std::stoll(r.body.substr(at + 2, r.body.find('\n', at) - at - 2));
    }
    return sum;
}

// Where two bodies part, with some context of each.
std::string first_difference(const std::string& want, const std::string& got) {
    if (want == got) return "bodies equal";
    std::size_t at = 0;
    while (at < want.size() && at < got.size() && want[at] == got[at]) ++at;
    const std::size_t from = at < 120 ? 0 : at - 120;
    return "bodies differ at byte " + std::to_string(at) + "\nSQL:   …" + want.substr(from, 240) + "\nindex: …" + got.substr(from, 240);
}

// One seeded catalogue (30 organizations, 3,000 jobs, seed 23) and its three servers: the SQL
// search, the index, and the index that keeps cards and ranking texts for the newest 300 jobs only.
struct catalogue {
    temp_database* db = nullptr;
    server_process *sql = nullptr, *index = nullptr, *bounded = nullptr;
};

void open_catalogue(catalogue& c) {
    c.db = new temp_database("jobindex", schema::migrated);
    auto seeded = run_jobhafen({{"JOBHAFEN_DATABASE_URL", c.db->url()}},
                               {"seed", "--organizations", "30", "--jobs", "3000", "--seed", "23"});
    ASSERT_EQ(seeded.first, 0) << seeded.second;
    std::map<std::string, std::string> env{
        {"JOBHAFEN_DATABASE_URL", c.db->url()},        {"JOBHAFEN_REDIS_URL", shared_redis_url()},
        {"JOBHAFEN_AUTH_SECRET", test_secret},         {"JOBHAFEN_AUTH_ARGON2_OPSLIMIT", "1"},
        {"JOBHAFEN_AUTH_ARGON2_MEMLIMIT_KIB", "8192"}, {"JOBHAFEN_LOG_ACCESS", "false"},
        {"JOBHAFEN_HTTP_THREADS", "1"},                {"JOBHAFEN_SEARCH_INDEX", "false"},
        // The reference counts every answer afresh: its minute-long count per job type would
        // still hold a catalogue a case before this one changed (the index's follows its changes).
        {"JOBHAFEN_SEARCH_TOTALS_CACHE_S", "0"}};
    c.sql = new server_process(env);
    env["JOBHAFEN_SEARCH_INDEX"] = "true";
    c.index = new server_process(env);
    // Cards and ranking texts for the newest 300 of the ~2,900 live jobs only: most deeper pages
    // and relevance windows take the PostgreSQL side of the index path.
    env["JOBHAFEN_SEARCH_INDEX_CARDS"] = "300";
    c.bounded = new server_process(env);
    for (auto* s : {c.sql, c.index, c.bounded}) ASSERT_TRUE(s->wait_ready(std::chrono::seconds(90))) << s->log();
    for (auto* s : {c.index, c.bounded})
        ASSERT_TRUE(wait_until([s] { return s->log().find("search index: ready") != std::string::npos; }, 60s)) << s->log();
}

void close_catalogue(catalogue& c) {
    delete c.bounded;
    delete c.index;
    delete c.sql;
    delete c.db;
    c = {};
}

std::vector<std::string> column_of(const catalogue& c, const std::string& sql) {
    std::vector<std::string> out;
    for (const auto& row : query_sql(c.db->url(), sql)) out.push_back(row.at(0));
    return out;
}

// Random filters (every field, combinations, umlauts, typos, paging) through the three servers, as
// a candidate registered with `email` who applied to some jobs; every answer's whole body must be
// the same. The seed makes `count` filters; those numbered [from, to) are compared, so that two
// processes can share one sequence.
void compare_random_filters(const catalogue& c, const std::string& email, std::uint32_t seed, int count, int from, int to);

// The cases are four suites, each with a catalogue of its own in a process of its own, so that
// CTest runs them side by side: as one suite they took 355 s under the sanitizers, the longest
// test of the whole run (docs/running.md). The suites differ only in their name.
template <class Suite>
class JobIndexSuite : public ::testing::Test {
protected:
    static void SetUpTestSuite() { open_catalogue(c_); }
    static void TearDownTestSuite() { close_catalogue(c_); }
    static std::vector<std::string> column(const std::string& sql) { return column_of(c_, sql); }
    static void compare_random_filters(const std::string& email, std::uint32_t seed, int count, int from, int to) {
        test::compare_random_filters(c_, email, seed, count, from, to);
    }
    static inline catalogue c_;
    // The names the cases use.
    static inline temp_database*& db_ = c_.db;
    static inline server_process*& sql_ = c_.sql;
    static inline server_process*& index_ = c_.index;
    static inline server_process*& bounded_ = c_.bounded;
};
class JobIndexEquality : public JobIndexSuite<JobIndexEquality> {};
class JobIndexFiltersFirstHalf : public JobIndexSuite<JobIndexFiltersFirstHalf> {};
class JobIndexFiltersSecondHalf : public JobIndexSuite<JobIndexFiltersSecondHalf> {};
class JobIndexAfterChanges : public JobIndexSuite<JobIndexAfterChanges> {};

// A fixed seed, so a failure repeats; JH_INDEX_EQUALITY_SEED tries another one. 1,100 filters,
// half in each suite.
std::uint32_t random_filters_seed() {
    const char* seed_env = std::getenv("JH_INDEX_EQUALITY_SEED");
    return seed_env ? static_cast<std::uint32_t>(std::strtoul(seed_env, nullptr, 10)) : 20261124U;
}
constexpr int random_filters = 1100;

TEST_F(JobIndexFiltersFirstHalf, RandomFiltersGiveTheSameAnswers) {
    compare_random_filters("index-vergleich@example.de", random_filters_seed(), random_filters, 0, random_filters / 2);
}
TEST_F(JobIndexFiltersSecondHalf, RandomFiltersGiveTheSameAnswers) {
    compare_random_filters("index-vergleich@example.de", random_filters_seed(), random_filters, random_filters / 2, random_filters);
}

void compare_random_filters(const catalogue& c, const std::string& email, std::uint32_t seed, int count, int from, int to) {
    // A candidate who applied to some jobs and marked others (notYetAppliedTo, recommend).
    auto [account, token] = register_candidate(c.sql->port(), email);
    exec_sql(c.db->url(), "INSERT INTO applications (job_posting_id, candidate_account_id) "
                         "SELECT id, " + account + " FROM job_search_points WHERE is_primary ORDER BY job_posting_id LIMIT 40");
    const std::string auth = bearer(token);
    std::mt19937 rng(seed);
    auto pick = [&](const std::vector<std::string>& v) { return v[rng() % v.size()]; };
    auto chance = [&](int percent) { return static_cast<int>(rng() % 100) < percent; };

    const std::vector<std::string> words{
        "Promotion", "Promoter", "Messehostess", "Hostess", "Barkeeper", "Barista", "Küche", "Kueche", "Kuche", "Gäste",
        "Gaeste", "Düsseldorf", "Dusseldorf", "München", "Muenchen", "Munchen", "Hamburg", "Berlin", "Köln", "Verkostung",
        "Event", "Messe", "Service", "Lager", "Fahrer", "Zuverlässigkeit", "Getränke", "Supermarkt", "Wochenende",
        "Aushilfe", "Studenten", "Flyer", "Promotoin", "Hamburgg", "Barkeper", "Muenchn", "Dusseldorff", "Getranke", "Zuverlassig", "Köche", "Grüße", "grüsse", "der", "und", "für", "nicht", "Straße",
        "STRASSE", "Café", "Messestand", "Kassierer", "Einsatz", "Einsätze", "Nebenjob", "Minijob", "Garderobe",
        // word beginnings (matched as prefixes, issue 41), and one and two letters (matched whole)
        "Promo", "Prom", "Mess", "Hos", "Bark", "Küch", "Gä", "Verk", "Ham", "Düss", "Zuverl", "Ge", "x"};
    const std::vector<std::string> activities{"promotion", "messehostess", "servicekraft", "barkeeper", "verkostung", "barista",
                                              "kuechenhilfe", "lagerhelfer", "hostess", "catering", "1", "4", "kein-kuerzel"};
    const std::vector<std::string> types{"contractor", "full_time", "part_time", "part_time_mini", "student", "temporary", "training"};
    const std::vector<std::string> industries = column_of(c, "SELECT slug FROM industries ORDER BY id LIMIT 12");
    const std::vector<std::string> job_types{"promotionjobs", "messejobs", "eventjobs", "gastrojobs", "studentenjobs",
                                             "rentnerjobs", "schuelerjobs", "ferienjobs", "nebenjobs"};
    const std::vector<std::string> cities{"berlin", "hamburg", "muenchen", "koeln", "leipzig", "dresden", "stuttgart",
                                          "hannover", "kassel", "nuernberg", "frankfurt-am-main", "atlantis"};
    const std::vector<std::string> distances{"10", "25", "50", "100", "250", "500"};
    const std::vector<std::string> intervals{"1h", "4h", "24h", "3d", "7d"};
    const std::vector<std::string> flags{"top_job", "instant_teaser_job", "top_offer", "sponsored", "opportunity"};
    const std::vector<std::string> organizations = column_of(c, "SELECT id::text FROM organizations ORDER BY id");
    const std::vector<std::string> job_ids = column_of(c, "SELECT id::text FROM job_postings ORDER BY id");
    // Berlin dates from two days ago to 35 days ahead: the seeded shifts are 2-29 days ahead.
    const std::vector<std::string> days = column_of(c, "SELECT to_char((now() AT TIME ZONE 'Europe/Berlin')::date + n, 'YYYY-MM-DD') "
                                                 "FROM generate_series(-2, 35) AS n ORDER BY n");

    int compared = 0, with_jobs = 0, capped = 0, dated = 0;
    for (int n = 0; n < count; ++n) {
        std::vector<std::pair<std::string, std::string>> f;
        bool place = false, logged_in = false;
        if (chance(45)) {
            std::string q = pick(words);
            if (chance(40)) q += " " + pick(words);
            if (chance(15)) q += " OR " + pick(words);
            if (chance(10)) q += " -" + pick(words);
            if (chance(4)) q = "\"" + q + "\"";
            f.emplace_back(pick({"q", "q", "q", "what", "text"}), q);
        }
        if (chance(30)) {
            std::string a = pick(activities);
            if (chance(40)) a += "," + pick(activities);
            f.emplace_back("activity", a);
        }
        if (chance(15)) f.emplace_back("employmentType", pick(types) + (chance(30) ? "," + pick(types) : ""));
        if (chance(10) && !industries.empty()) f.emplace_back("industry", pick(industries));
        if (chance(10)) f.emplace_back("jobType", pick(job_types));
        if (chance(40)) {
            place = true;
            std::uniform_real_distribution<double> lat(47.4, 54.9), lon(6.0, 15.0);
            if (chance(10)) {
                // The same place filter in one value, as the old search engine's clients send it.
                f.emplace_back("geoCluster_typesense",
                               "(" + std::to_string(lat(rng)) + ", " + std::to_string(lon(rng)) + ", " + pick(distances) + " km)");
            } else {
                if (chance(50)) {
                    f.emplace_back("city", pick(cities));
                } else {
                    f.emplace_back("lat", std::to_string(lat(rng)));
                    f.emplace_back(chance(80) ? "lon" : "lng", std::to_string(lon(rng)));
                }
                if (chance(85)) f.emplace_back("distance", pick(distances));
            }
        }
        if (chance(12)) f.emplace_back("interval_created", pick(intervals));
        if (chance(12)) {   // shift dates: a window, or either end alone
            const std::size_t from = rng() % (days.size() - 8);
            const int kind = static_cast<int>(rng() % 4);
            if (kind != 3) f.emplace_back("shiftsFrom", days[from]);
            if (kind != 2) f.emplace_back("shiftsTo", days[from + rng() % 8]);
        }
        if (chance(15)) f.emplace_back(pick(flags), chance(50) ? "1" : "0");
        if (chance(6)) f.emplace_back("organization", pick(organizations));
        if (chance(4)) {
            std::string ids;
            for (int k = 0; k < 30; ++k) ids += (k ? "," : "") + pick(job_ids);
            f.emplace_back("id", ids);
        }
        if (chance(6)) {
            f.emplace_back("notYetAppliedTo", "1");
            logged_in = true;
        }
        if (chance(3)) {
            f.emplace_back("recommend", "30");
            logged_in = true;
        }
        int s = static_cast<int>(rng() % 10);
        if (s < 2) f.emplace_back("sort", "newest");
        else if (s < 4) f.emplace_back("sort", "relevance");
        else if (s < 6 && place) f.emplace_back("sort", "distance");
        else if (s == 6 && place && chance(50)) f.emplace_back("order[distance]", "asc");
        else if (s == 6) f.emplace_back("order[publishedAt]", "desc");
        int p = static_cast<int>(rng() % 20);
        if (p >= 12) f.emplace_back("page", std::to_string(p < 16 ? 2 : p < 18 ? 5 : p < 19 ? 50 : 51));
        if (chance(30)) f.emplace_back("itemsPerPage", pick({"1", "5", "20", "50", "100"}));

        if (n < from || n >= to) continue;   // made (the sequence goes on) but compared by the other half
        std::string qs;
        for (const auto& [k, v] : f) qs += (qs.empty() ? "" : "&") + k + "=" + url_escape(v);
        const std::string headers = logged_in ? auth : std::string();
        auto want = list_jobs(c.sql->port(), qs, headers);
        auto got = list_jobs(c.index->port(), qs, headers);
        ASSERT_EQ(got, want) << "seed " << seed << ", filter #" << n << ": " << qs << "\nSQL:   " << want.ids << " total " << want.total << " " << want.capped
                             << "\nindex: " << got.ids << " total " << got.total << " " << got.capped << "\n"
                             << first_difference(want.body, got.body);
        auto bounded = list_jobs(c.bounded->port(), qs, headers);
        ASSERT_EQ(bounded, want) << "seed " << seed << ", filter #" << n << " (300 cards kept): " << qs << "\n"
                                 << first_difference(want.body, bounded.body);
        ++compared;
        if (!want.ids.empty()) ++with_jobs;
        if (want.capped == "capped") ++capped;
        if (!want.ids.empty() && qs.find("shifts") != std::string::npos) ++dated;
    }
    std::printf("%d filters compared, %d found jobs, %d capped, %d dated with jobs\n", compared, with_jobs, capped, dated);
    count = to - from;
    EXPECT_GE(dated, count / 50);           // shift date filters that find jobs are compared too
    EXPECT_GE(compared, count * 10 / 11);
    // The filters mean something. The share moves with the clock (the seed's times are relative to
    // its start, the date filters to today's Berlin date): 499 of 1,100 on 27 Nov 2026, 500 and more before, so the bound is
    // 2/5 and not the 5/11 that failed one CI run at 499.
    EXPECT_GE(with_jobs, count * 2 / 5);
    EXPECT_GE(capped, count / 55);          // and the capped totals are compared too
}

// The searches of bench/search/mix.py's classes (issue 28): a title word with a city and 10-100 km,
// an activity with a city, two words with a city, a city alone, a word with a city sorted by
// distance, word + activity + city, "new in the last 24 h / 3 d / 7 d near me", pages 2-6 of a
// word with a city. Words of every frequency (from the catalogue's titles), 18 cities from Berlin
// to Görlitz (their coordinates from the places table). Both index servers must answer like the
// SQL search; the one that keeps every card must not send any of them to PostgreSQL.
TEST_F(JobIndexEquality, TheVisitorMixGivesTheSameAnswers) {
    const auto words = column(
        "SELECT lower(w) FROM job_postings j, regexp_split_to_table(j.title, '[^[:alpha:]]+') AS w WHERE j.is_published AND "
        "j.active AND length(w) >= 4 GROUP BY lower(w) ORDER BY count(*) DESC, lower(w)");
    const auto activities = column("SELECT slug FROM activities ORDER BY sort_order, id");
    const auto cities = query_sql(db_->url(),
        "SELECT DISTINCT ON (name) lat::text, lon::text FROM places WHERE country = 'de' AND name IN ('Berlin', 'Hamburg', "
        "'München', 'Köln', 'Frankfurt am Main', 'Stuttgart', 'Düsseldorf', 'Leipzig', 'Dortmund', 'Bremen', 'Dresden', "
        "'Hannover', 'Nürnberg', 'Münster', 'Freiburg im Breisgau', 'Rostock', 'Erfurt', 'Görlitz') ORDER BY name, population DESC, id");
    ASSERT_GE(words.size(), 30U);
    ASSERT_GE(cities.size(), 15U);
    std::mt19937 rng(28);
    auto pick = [&](const auto& v) { return v[rng() % v.size()]; };
    // Words of every frequency: the commonest, the middle, the rarest quarter.
    auto word = [&] {
        const std::size_t band = rng() % 3, top = 20, rare = words.size() * 3 / 4;
        const std::size_t from = band == 0 ? 0 : band == 1 ? top : rare, to = band == 0 ? top : band == 1 ? rare : words.size();
        return words[from + rng() % (to - from)];
    };
    auto place = [&](std::string distance) {
        const auto& c = pick(cities);
        if (distance.empty()) distance = pick(std::vector<std::string>{"10", "25", "50", "100"});
        return "&lat=" + c.at(0) + "&lon=" + c.at(1) + "&distance=" + distance;
    };
    const std::vector<std::string> classes{"word", "act", "two", "city", "dist", "wac", "new", "page"};
    const auto fallbacks_before = search_fallbacks(index_->port());
    int compared = 0, with_jobs = 0;
    for (int n = 0; n < 400; ++n) {
        const std::string kind = classes[static_cast<std::size_t>(n) % classes.size()];
        std::string qs = "isPublished=1";
        if (kind == "word") qs += "&q=" + url_escape(word()) + place("");
        else if (kind == "act") qs += "&activity=" + pick(activities) + place("");
        else if (kind == "two") qs += "&q=" + url_escape(word() + " " + word()) + place("");
        else if (kind == "city") qs += place("");
        else if (kind == "dist") qs += "&q=" + url_escape(word()) + place("") + "&sort=distance";
        else if (kind == "wac") qs += "&q=" + url_escape(word()) + "&activity=" + pick(activities) + place("");
        else if (kind == "new") qs += "&interval_created=" + pick(std::vector<std::string>{"24h", "3d", "7d"}) + place(rng() % 2 ? "25" : "50");
        else qs += "&q=" + url_escape(words[rng() % 20]) + place("100") + "&page=" + std::to_string(2 + rng() % 5);
        auto want = list_jobs(sql_->port(), qs, {});
        auto got = list_jobs(index_->port(), qs, {});
        ASSERT_EQ(got, want) << "mix #" << n << " (" << kind << "): " << qs << "\n" << first_difference(want.body, got.body);
        auto bounded = list_jobs(bounded_->port(), qs, {});
        ASSERT_EQ(bounded, want) << "mix #" << n << " (" << kind << ", 300 cards kept): " << qs << "\n"
                                 << first_difference(want.body, bounded.body);
        ++compared;
        if (!want.ids.empty()) ++with_jobs;
    }
    EXPECT_EQ(compared, 400);
    EXPECT_GE(with_jobs, 150);   // the mix finds jobs (in 3,000 jobs a rare word within 10 km often finds none)
    EXPECT_EQ(search_fallbacks(index_->port()), fallbacks_before) << "a search of the mix went to PostgreSQL";
}

TEST_F(JobIndexEquality, IndexAnswersAndIsFreshAfterTheNotification) {
    std::string job = query_sql(db_->url(), "SELECT job_posting_id FROM job_search_points WHERE is_primary "
                                            "AND (valid_through IS NULL OR valid_through > now() + interval '1 hour') "
                                            "ORDER BY published_at DESC, job_posting_id DESC LIMIT 1")
                          .at(0)
                          .at(0);
    const std::string qs = "id=" + job;
    ASSERT_EQ(list_jobs(sql_->port(), qs, {}).ids, job + ",");
    ASSERT_EQ(list_jobs(index_->port(), qs, {}).ids, job + ",");
    // Closed without a notification: the SQL search no longer lists it, the index still does. The
    // job's write is pushed to its locations, whose trigger notifies too: both are off for it.
    exec_sql(db_->url(), "ALTER TABLE job_postings DISABLE TRIGGER job_postings_index_upd; "
                         "ALTER TABLE job_posting_locations DISABLE TRIGGER job_posting_locations_index_upd; "
                         "UPDATE job_postings SET active = false WHERE id = " + job + "; "
                         "ALTER TABLE job_posting_locations ENABLE TRIGGER job_posting_locations_index_upd; "
                         "ALTER TABLE job_postings ENABLE TRIGGER job_postings_index_upd;");
    EXPECT_EQ(list_jobs(sql_->port(), qs, {}).ids, "");
    std::this_thread::sleep_for(300ms);   // long enough for a stray notification to have been applied
    EXPECT_EQ(list_jobs(index_->port(), qs, {}).ids, job + ",");
    // Opened and closed again with the notification: gone from the index.
    exec_sql(db_->url(), "UPDATE job_postings SET active = true WHERE id = " + job + "; UPDATE job_postings SET active = false WHERE id = " + job);
    EXPECT_TRUE(wait_until([&] { return list_jobs(index_->port(), qs, {}).ids.empty(); }, follow_limit));
    // Published again: back.
    exec_sql(db_->url(), "UPDATE job_postings SET active = true WHERE id = " + job);
    EXPECT_TRUE(wait_until([&] { return list_jobs(index_->port(), qs, {}).ids == job + ","; }, follow_limit));
}

// The count of all live jobs (GET /api/job_postings_totals, and the exact total of a search narrowed
// by nothing) follows the index's generation: a closed job is counted out with the generation that
// no longer holds it, not a minute later (the count was kept a minute per loop before).
TEST_F(JobIndexEquality, TheCountOfLiveJobsFollowsAClosedJobAtOnce) {
    auto total = [](int port) { return std::stol(field(http_request(port, "GET", "/api/job_postings_totals").body, "total")); };
    const long before = total(index_->port());
    ASSERT_EQ(before, total(sql_->port()));
    std::string job = query_sql(db_->url(), "SELECT job_posting_id FROM job_search_points WHERE is_primary "
                                            "AND (valid_through IS NULL OR valid_through > now() + interval '1 hour') "
                                            "ORDER BY published_at DESC, job_posting_id DESC OFFSET 5 LIMIT 1")
                          .at(0)
                          .at(0);
    exec_sql(db_->url(), "UPDATE job_postings SET active = false WHERE id = " + job);
    EXPECT_TRUE(wait_until([&] { return list_jobs(index_->port(), "id=" + job, {}).ids.empty(); }, follow_limit));
    EXPECT_EQ(total(index_->port()), before - 1);
    EXPECT_EQ(total(sql_->port()), before - 1);   // the reference counts afresh (search.totals_cache_s 0)
    exec_sql(db_->url(), "UPDATE job_postings SET active = true WHERE id = " + job);
    EXPECT_TRUE(wait_until([&] { return list_jobs(index_->port(), "id=" + job, {}).ids == job + ","; }, follow_limit));
    // Awaited, not asked once: the list above may be a loop's kept answer from within the 200 ms
    // grace of a generation (docs/caching.md), so "listed again" does not say the index has it yet.
    EXPECT_TRUE(wait_until([&] { return total(index_->port()) == before; }, follow_limit));
}

TEST_F(JobIndexEquality, CardsComeFromMemoryAndFollowTheirSources) {
    std::string job = query_sql(db_->url(), "SELECT job_posting_id FROM job_search_points WHERE is_primary "
                                            "AND (valid_through IS NULL OR valid_through > now() + interval '1 hour') "
                                            // Within the search's 500 km of Berlin: which jobs are
                                            // depends on the seeded catalogue, and a sanitizer build
                                            // by another compiler seeds another one.
                                            "AND earth_distance(geo, ll_to_earth(52.52437, 13.41053)) < 450000 "
                                            "ORDER BY published_at DESC, job_posting_id DESC OFFSET 3 LIMIT 1")
                          .at(0)
                          .at(0);
    const std::string qs = "id=" + job + "&city=berlin&distance=500";
    ASSERT_EQ(list_jobs(index_->port(), qs, {}), list_jobs(sql_->port(), qs, {}));
    ASSERT_EQ(list_jobs(sql_->port(), qs, {}).ids, job + ",");   // the job is found: nothing below passes empty
    // A new title without a notification: the SQL search shows it, the index's kept card does not
    // (the page is answered from memory, not from PostgreSQL).
    exec_sql(db_->url(), "ALTER TABLE job_postings DISABLE TRIGGER job_postings_index_upd; "
                         "ALTER TABLE job_posting_locations DISABLE TRIGGER job_posting_locations_index_upd; "
                         "UPDATE job_postings SET title = 'Kartentest Eisverkauf' WHERE id = " + job + "; "
                         "ALTER TABLE job_posting_locations ENABLE TRIGGER job_posting_locations_index_upd; "
                         "ALTER TABLE job_postings ENABLE TRIGGER job_postings_index_upd;");
    EXPECT_NE(list_jobs(sql_->port(), qs, {}).body.find("Kartentest Eisverkauf"), std::string::npos);
    std::this_thread::sleep_for(300ms);
    EXPECT_EQ(list_jobs(index_->port(), qs, {}).body.find("Kartentest Eisverkauf"), std::string::npos);
    // With the notification: the new card.
    exec_sql(db_->url(), "UPDATE job_postings SET title = 'Kartentest Eisverkauf am Strand' WHERE id = " + job);
    EXPECT_TRUE(wait_until([&] { return list_jobs(index_->port(), qs, {}).body.find("Eisverkauf am Strand") != std::string::npos; }, follow_limit));
    // The organization's new name and an activity's new name reach the kept cards too.
    exec_sql(db_->url(), "UPDATE organizations SET name = 'Kartentest Agentur' WHERE id = (SELECT organization_id FROM job_postings WHERE id = " + job + ")");
    EXPECT_TRUE(wait_until([&] { return list_jobs(index_->port(), qs, {}).body.find("Kartentest Agentur") != std::string::npos; }, follow_limit));
    exec_sql(db_->url(), "UPDATE activities SET slug = slug || '-x' WHERE id = (SELECT activity_ids[1] FROM job_postings WHERE id = " + job + ")");
    EXPECT_TRUE(wait_until([&] { return list_jobs(index_->port(), qs, {}) == list_jobs(sql_->port(), qs, {}); }, follow_limit));
    EXPECT_EQ(list_jobs(index_->port(), qs, {}), list_jobs(sql_->port(), qs, {}));
    exec_sql(db_->url(), "UPDATE activities SET slug = left(slug, -2) WHERE slug LIKE '%-x'");
    // The restored slug reaches the index (a full load: every card is read again) before the next case.
    EXPECT_TRUE(wait_until([&] { return list_jobs(index_->port(), qs, {}) == list_jobs(sql_->port(), qs, {}); }, follow_limit));
}

// The cards' locations and timestamps are written by the index thread from flat columns
// (search/pg_json.h), not by PostgreSQL's json_build_object and to_json: a location whose texts
// need escaping (quotes, a backslash, a tab, a control byte) or are NULL, a point near 0° whose
// float8 text is exponential, a second location, and timestamps with and without a fraction must
// give the SQL search's bytes, with and without a searched point, and no fallback.
TEST_F(JobIndexEquality, CardsWrittenFromFlatColumnsAreTheSqlSearchsBytes) {
    std::string job = query_sql(db_->url(), "SELECT job_posting_id FROM job_search_points WHERE is_primary "
                                            "AND (valid_through IS NULL OR valid_through > now() + interval '1 hour') "
                                            "ORDER BY published_at DESC, job_posting_id DESC OFFSET 5 LIMIT 1")
                          .at(0)
                          .at(0);
    exec_sql(db_->url(), "UPDATE job_posting_locations SET name = E'Halle \"B3\" \\\\ Tor\\t2\\u0001 über', street = NULL, zipcode = NULL, "
                         "place_id = NULL, lat = 0.00001, lon = -0.0001 WHERE id = (SELECT min(id) FROM job_posting_locations WHERE job_posting_id = " + job + "); "
                         "INSERT INTO job_posting_locations (job_posting_id, name, street, zipcode, city, country, lat, lon, sort_order) VALUES (" + job +
                         ", NULL, E'Straße\\n1', '01067', 'Dresden', 'de', 51.0504, 13.7373, 99); "
                         "UPDATE job_postings SET created_at = timestamptz '2026-01-02 03:04:05.000001+00', "
                         "valid_through = timestamptz '2099-12-31 23:59:59.5+00' WHERE id = " + job);
    for (const std::string& qs : std::initializer_list<std::string>{"id=" + job, "id=" + job + "&lat=0.001&lon=0.001&distance=100", "id=" + job + "&lat=51.05&lon=13.74&distance=25"}) {
        EXPECT_TRUE(wait_until([&] { return list_jobs(index_->port(), qs, {}) == list_jobs(sql_->port(), qs, {}); }, follow_limit)) << qs;
        const auto want = list_jobs(sql_->port(), qs, {}), got = list_jobs(index_->port(), qs, {});
        EXPECT_EQ(got, want) << qs << "\n" << first_difference(want.body, got.body);
        EXPECT_EQ(want.ids, job + ",") << qs;
    }
    EXPECT_NE(list_jobs(sql_->port(), "id=" + job, {}).body.find("Dresden"), std::string::npos);   // both locations are listed
    const auto fallbacks_before = search_fallbacks(index_->port());
    list_jobs(index_->port(), "id=" + job + "&lat=0.001&lon=0.001&distance=100", {});
    EXPECT_EQ(search_fallbacks(index_->port()), fallbacks_before) << "the card did not come from memory";
}

TEST_F(JobIndexEquality, RelevanceIsRankedInMemory) {
    // The eighth of a relevance-sorted page; given the word four more times in its title, PostgreSQL
    // ranks it higher at once, the index only once its notification arrives: the order is the
    // index's own (ts_rank computed in memory), not PostgreSQL's.
    const std::string qs = "q=Promotion&sort=relevance&itemsPerPage=10";
    auto before = list_jobs(index_->port(), qs, {});
    ASSERT_EQ(before, list_jobs(sql_->port(), qs, {}));
    const std::string ids = before.ids;
    std::vector<std::string> listed;
    for (std::size_t at = 0, comma; (comma = ids.find(',', at)) != std::string::npos; at = comma + 1) listed.push_back(ids.substr(at, comma - at));
    ASSERT_GE(listed.size(), 8U);
    const std::string job = listed[7];
    exec_sql(db_->url(), "ALTER TABLE job_postings DISABLE TRIGGER job_postings_index_upd; "
                         "ALTER TABLE job_posting_locations DISABLE TRIGGER job_posting_locations_index_upd; "
                         "UPDATE job_postings SET title = 'Promotion Promotion Promotion Promotion ' || title WHERE id = " + job + "; "
                         "ALTER TABLE job_posting_locations ENABLE TRIGGER job_posting_locations_index_upd; "
                         "ALTER TABLE job_postings ENABLE TRIGGER job_postings_index_upd;");
    // PostgreSQL ranks it higher at once (not always first: "Promotion" is a prefix that other
    // jobs' words such as "Promoter" match as well, and their ranks can be higher still).
    const std::string sql_ids = list_jobs(sql_->port(), qs, {}).ids;
    EXPECT_NE(sql_ids, ids);
    EXPECT_LT(sql_ids.find(job + ","), ids.find(job + ",")) << sql_ids;
    std::this_thread::sleep_for(300ms);
    EXPECT_EQ(list_jobs(index_->port(), qs, {}).ids, ids);
    exec_sql(db_->url(), "UPDATE job_postings SET title = title WHERE id = " + job);
    EXPECT_TRUE(wait_until([&] { return list_jobs(index_->port(), qs, {}) == list_jobs(sql_->port(), qs, {}); }, follow_limit));
}

// Search by date follows the shifts (issue 30): a job is listed for a window holding its free
// shift by the index as by the SQL search, and no longer once the shift is full (a confirmation),
// listed again after a decline, gone when the shift is cancelled, back with a new shift, gone with
// it when it is deleted. Every step reaches the index through the notification of 0186's triggers.
// A visitor types the start of a word: "Promo" finds every Promotion job (issue 41), through the
// index as through the SQL search, ranked the same; a prefix is several of the index's terms.
TEST_F(JobIndexEquality, WordBeginningsFindTheJobsOfTheWholeWords) {
    for (const std::string q : {"Promo", "promo", "Prom", "Promo Ham", "Promo -Mess", "Mess OR Bark", "Hostes", "Gastr", "Verkost", "Küch", "Kuech"})
        for (const std::string sort : {"relevance", "newest"}) {
            const std::string qs = "q=" + url_escape(q) + "&sort=" + sort + "&itemsPerPage=100";
            auto want = list_jobs(sql_->port(), qs, "");
            auto got = list_jobs(index_->port(), qs, "");
            ASSERT_EQ(got, want) << qs << "\n" << first_difference(want.body, got.body);
            ASSERT_EQ(list_jobs(bounded_->port(), qs, ""), want) << qs << " (300 cards kept)";
        }
    const auto whole = list_jobs(index_->port(), "q=Promotion&itemsPerPage=1", "");
    const auto start = list_jobs(index_->port(), "q=Promo&itemsPerPage=1", "");
    ASSERT_EQ(start.status, 200) << start.body;
    EXPECT_GT(std::stoll(whole.total), 0);
    EXPECT_GE(std::stoll(start.total), std::stoll(whole.total)) << "Promo finds at least what Promotion finds";
    EXPECT_EQ(list_jobs(sql_->port(), "q=Promo&itemsPerPage=1", "").total, start.total);
}

TEST_F(JobIndexEquality, ShiftDatesFollowConfirmationsAndCancellations) {
    const auto row = query_sql(db_->url(),
        "SELECT s.job_posting_id::text, s.id::text, s.shift_date::text FROM shifts s "
        "  JOIN job_search_points p ON p.job_posting_id = s.job_posting_id AND p.is_primary "
        " WHERE s.cancelled_at IS NULL AND s.starts_at > now() + interval '1 day' "
        "   AND (p.valid_through IS NULL OR p.valid_through > now() + interval '1 day') "
        "   AND (SELECT count(*) FROM shifts o WHERE o.job_posting_id = s.job_posting_id) = 1 ORDER BY s.id LIMIT 1");
    ASSERT_EQ(row.size(), 1U) << "the seed gives some jobs exactly one shift";
    const std::string job = row[0].at(0), shift = row[0].at(1), date = row[0].at(2);
    const std::string qs = "id=" + job + "&shiftsFrom=" + date + "&shiftsTo=" + date;
    auto listed_by_both = [&](bool listed) {
        return wait_until([&] {
            auto want = list_jobs(sql_->port(), qs, {});
            return want == list_jobs(index_->port(), qs, {}) && (want.ids == job + ",") == listed;
        }, follow_limit);
    };
    EXPECT_TRUE(listed_by_both(true));
    EXPECT_EQ(list_jobs(sql_->port(), "id=" + job + "&shiftsTo=" + date + "&shiftsFrom=" + date, {}).ids, job + ",");
    // One place, confirmed: full.
    auto [account, token] = register_candidate(sql_->port(), "schicht-suche@example.de");
    exec_sql(db_->url(), "UPDATE shifts SET staff_needed = 1 WHERE id = " + shift);
    const std::string application = query_sql(db_->url(), "INSERT INTO applications (job_posting_id, candidate_account_id) VALUES (" +
                                                              job + ", " + account + ") RETURNING id::text").at(0).at(0);
    exec_sql(db_->url(), "INSERT INTO shift_applications (shift_id, application_id, status, decided_at) VALUES (" + shift + ", " +
                             application + ", 'confirmed', now())");
    EXPECT_TRUE(listed_by_both(false)) << "a full shift";
    exec_sql(db_->url(), "UPDATE shift_applications SET status = 'declined' WHERE application_id = " + application);
    EXPECT_TRUE(listed_by_both(true)) << "declined: a free place again";
    exec_sql(db_->url(), "UPDATE shifts SET cancelled_at = now() WHERE id = " + shift);
    EXPECT_TRUE(listed_by_both(false)) << "cancelled";
    exec_sql(db_->url(), "INSERT INTO shifts (job_posting_id, shift_date, start_time, end_time, staff_needed) VALUES (" + job +
                             ", '" + date + "', '10:00', '16:00', 2)");
    EXPECT_TRUE(listed_by_both(true)) << "a new shift";
    exec_sql(db_->url(), "DELETE FROM shifts WHERE job_posting_id = " + job + " AND cancelled_at IS NULL");
    EXPECT_TRUE(listed_by_both(false)) << "deleted";
}

// Issue 41, item 12: a search by Einsatztage shows on each card its free shifts in those dates, the
// first two soonest first and how many in all: not begun, not cancelled, not full; a pool-first shift
// with its poolOnlyUntil. The index and the SQL search answer the same bytes; one statement per page.
TEST_F(JobIndexEquality, CardsOfASearchByDatesShowTheirFreeShifts) {
    const std::string job = column(
        "SELECT p.job_posting_id::text FROM job_search_points p WHERE p.is_primary "
        "   AND (p.valid_through IS NULL OR p.valid_through > now() + interval '30 days') ORDER BY p.job_posting_id DESC LIMIT 1").at(0);
    const std::string day = "(now() AT TIME ZONE 'Europe/Berlin')::date";
    auto shift = [&](const std::string& in_days, const std::string& from, const std::string& to, int staff, const std::string& extra = "") {
        return query_sql(db_->url(), "INSERT INTO shifts (job_posting_id, shift_date, start_time, end_time, staff_needed) VALUES (" + job +
                                         ", " + day + " + " + in_days + ", '" + from + "', '" + to + "', " + std::to_string(staff) +
                                         ") RETURNING id::text").at(0).at(0) + extra;
    };
    exec_sql(db_->url(), "DELETE FROM shifts WHERE job_posting_id = " + job);
    shift("0", "00:00", "23:59", 1);                                   // begun today: not free
    const std::string cancelled = shift("3", "07:00", "09:00", 1);
    exec_sql(db_->url(), "UPDATE shifts SET cancelled_at = now() WHERE id = " + cancelled);
    shift("3", "10:00", "18:00", 2);                                   // free, 2 places
    const std::string full = shift("4", "08:00", "12:00", 1);
    auto [account, token] = register_candidate(sql_->port(), "naechste-einsaetze@example.de");
    const std::string application = query_sql(db_->url(), "INSERT INTO applications (job_posting_id, candidate_account_id) VALUES (" +
                                                              job + ", " + account + ") RETURNING id::text").at(0).at(0);
    exec_sql(db_->url(), "INSERT INTO shift_applications (shift_id, application_id, status, decided_at) VALUES (" + full + ", " +
                             application + ", 'confirmed', now())");
    const std::string pool = shift("4", "22:00", "06:00", 3);           // pool-first, into the next day
    exec_sql(db_->url(), "UPDATE shifts SET pool_until = now() + interval '1 day' WHERE id = " + pool);
    shift("5", "10:00", "14:00", 1);
    shift("9", "10:00", "14:00", 1);                                   // after the searched dates
    const std::string from = column("SELECT " + day + "::text").at(0), to = column("SELECT (" + day + " + 5)::text").at(0);
    const std::string qs = "id=" + job + "&shiftsFrom=" + from + "&shiftsTo=" + to;
    listing want;
    ASSERT_TRUE(wait_until([&] {
        want = list_jobs(sql_->port(), qs, {});
        return want.ids == job + "," && want == list_jobs(index_->port(), qs, {});
    }, follow_limit)) << first_difference(want.body, list_jobs(index_->port(), qs, {}).body);
    const std::string card = "/hydra:member/0/freeShifts";
    EXPECT_EQ(field(want.body, card + "/total"), "3") << want.body;
    EXPECT_EQ(field(want.body, card + "/next/0/date"), column("SELECT (" + day + " + 3)::text").at(0));
    EXPECT_EQ(field(want.body, card + "/next/0/start"), "10:00");
    EXPECT_EQ(field(want.body, card + "/next/0/end"), "18:00");
    EXPECT_EQ(field(want.body, card + "/next/0/freePlaces"), "2");
    EXPECT_EQ(field(want.body, card + "/next/0/poolOnlyUntil"), "null");
    EXPECT_EQ(field(want.body, card + "/next/1/id"), pool);
    EXPECT_EQ(field(want.body, card + "/next/1/endsNextDay"), "true");
    EXPECT_NE(field(want.body, card + "/next/1/poolOnlyUntil"), "null");
    EXPECT_EQ(field(want.body, card + "/next/2/id"), "<missing>");
    // Without dates the card has no such member (the search stays an answer from memory).
    EXPECT_EQ(field(list_jobs(index_->port(), "id=" + job, {}).body, card), "<missing>");
    exec_sql(db_->url(), "DELETE FROM shifts WHERE job_posting_id = " + job);
}

// A suite of its own: it changes the catalogue much. Many small writes, each its own commit (so each generation
// after the first change is patched from the one before, not built anew): new jobs, new titles,
// moved locations, other activities and flags, an earlier publication, closed and deleted jobs. Once
// the index has caught up, random filters must again give the SQL search's answers byte for byte.
TEST_F(JobIndexAfterChanges, ManySmallChangesKeepTheAnswersEqual) {
    const auto live = column("SELECT job_posting_id::text FROM job_search_points WHERE is_primary "
                             "AND (valid_through IS NULL OR valid_through > now() + interval '1 day') ORDER BY job_posting_id");
    ASSERT_GE(live.size(), 200U);
    // Every column a copy of a job takes over (not its id, not what PostgreSQL computes).
    std::string columns;
    for (const auto& c : column("SELECT column_name FROM information_schema.columns WHERE table_name = 'job_postings' "
                                "AND is_identity = 'NO' AND is_generated = 'NEVER' AND column_name NOT IN ('slug', 'published_at', 'created_at') "
                                "ORDER BY ordinal_position"))
        columns += "," + c;
    columns = columns.substr(1);
    std::mt19937 rng(19);
    auto any = [&] { return live[rng() % live.size()]; };
    std::vector<std::string> copies, touched;
    for (int n = 0; n < 60; ++n) {
        const std::string job = any();
        touched.push_back(job);
        switch (n % 8) {
        case 0: {   // a new job: a copy, published now, with its locations
            auto id = query_sql(db_->url(), "WITH j AS (INSERT INTO job_postings (" + columns + ", slug, published_at, created_at) SELECT " + columns +
                                                ", slug || '-kopie-" + std::to_string(n) + "', now(), now() FROM job_postings WHERE id = " + job +
                                                " RETURNING id), l AS (INSERT INTO job_posting_locations (job_posting_id, place_id, name, street, zipcode, city, country, lat, lon, sort_order) "
                                                "SELECT j.id, l.place_id, l.name, l.street, l.zipcode, l.city, l.country, l.lat, l.lon, l.sort_order "
                                                "FROM j, job_posting_locations l WHERE l.job_posting_id = " + job + ") SELECT id::text FROM j")
                          .at(0)
                          .at(0);
            copies.push_back(id);
            touched.push_back(id);
            break;
        }
        case 1: exec_sql(db_->url(), "UPDATE job_postings SET title = 'Wechseltitel Messehostess ' || left(title, 150) WHERE id = " + job); break;
        case 2:
            exec_sql(db_->url(), "UPDATE job_posting_locations SET city = 'Leipzig', lat = 51.3397, lon = 12.3731 "
                                 "WHERE id = (SELECT min(id) FROM job_posting_locations WHERE job_posting_id = " + job + ")");
            break;
        case 3: exec_sql(db_->url(), "UPDATE job_postings SET activity_ids = (SELECT activity_ids FROM job_postings WHERE id = " + any() + ") WHERE id = " + job); break;
        case 4: exec_sql(db_->url(), "UPDATE job_postings SET active = false WHERE id = " + job); break;
        case 5: exec_sql(db_->url(), "UPDATE job_postings SET top_job = NOT top_job, sponsored = NOT sponsored WHERE id = " + job); break;
        case 6: exec_sql(db_->url(), "UPDATE job_postings SET published_at = published_at - interval '2 days' WHERE id = " + job); break;
        case 7:
            if (!copies.empty()) {
                exec_sql(db_->url(), "DELETE FROM job_postings WHERE id = " + copies.front());
                copies.erase(copies.begin());
            }
            break;
        }
        if (n % 5 == 4) std::this_thread::sleep_for(20ms);   // some apart, some in one burst
    }
    std::string ids;
    for (std::size_t k = 0; k < touched.size() && k < 100; ++k) ids += (k ? "," : "") + touched[k];
    const std::vector<std::string> checks{"id=" + ids + "&itemsPerPage=100", "itemsPerPage=100", "q=Wechseltitel&itemsPerPage=100",
                                          "city=leipzig&distance=25&itemsPerPage=100", "top_job=1&itemsPerPage=100&page=2",
                                          "q=Messehostess&sort=relevance&itemsPerPage=100"};
    for (auto* s : {index_, bounded_})
        for (const auto& qs : checks)
            EXPECT_TRUE(wait_until([&] { return list_jobs(s->port(), qs, {}) == list_jobs(sql_->port(), qs, {}); }, follow_limit))
                << qs << "\n" << first_difference(list_jobs(sql_->port(), qs, {}).body, list_jobs(s->port(), qs, {}).body);
    EXPECT_NE(index_->log().find("search index: ready"), std::string::npos);
    compare_random_filters("index-nach-aenderungen@example.de", 20261125U, 550, 0, 550);
}

}  // namespace
}  // namespace jh::test
