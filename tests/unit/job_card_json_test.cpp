// job_card_json_test.cpp: a card kept in the index is written to JSON straight from its packed text
// (jobs::page_card, search::kept_card::view_near); the bytes must be those of the same card copied
// into a job_card of strings first (kept_card::near, the path before) and of the card as read from
// PostgreSQL, with or without a searched point, for cards with every optional field present or
// absent, escapes, umlauts and locations with and without coordinates. The equality suites compare
// whole index answers with the SQL search; this pins the card itself, one field at a time.
#include <gtest/gtest.h>

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "actors/jobs/job_json.h"
#include "actors/jobs/jobs_actor.h"
#include "search/job_card.h"
#include "search/job_index.h"
#include "search/pg_json.h"

namespace jh::jobs {
namespace {

using search::earth_of;
using search::earth_point;
using points = std::vector<std::optional<earth_point>>;

// A card as read without a point, with every optional field set.
job_card full_card() {
    job_card c;
    c.id = 4711;
    c.slug = "promoter-m-w-d-muenchen-4711";
    c.title = "Promoter (m/w/d) für \"Süßes\" – München\\Schwabing";
    c.teaser = "Du bist kommunikativ?\tDann bewirb dich! Überstunden: keine. \x01 Steuerzeichen";
    c.organization_id = 12;
    c.organization_name = "Müller & Söhne \"GmbH\"";
    c.organization_slug = "mueller-soehne";
    c.has_logo = true;
    c.base_salary = "14.50";
    c.salary_unit = "HOUR";
    c.salary_currency = "EUR";
    c.location_description = "Innenstadt, Nähe Marienplatz";
    c.is_published = true;
    c.top_job = true;
    c.sponsored = true;
    c.published_at = "2026-11-20T08:15:00+00:00";
    c.created_at = "2026-11-19T17:02:31.123456+00:00";
    c.valid_through = "2026-12-31T23:59:59+00:00";
    c.activities_json = R"([{"id": 3, "name": "Promotion", "slug": "promotion"}])";
    c.employment_types_json = R"([{"id": 1, "name": "Minijob", "slug": "minijob"}])";
    c.locations_json = R"([{"id": 91, "city": "München", "zipcode": "80331", "street": "Kaufingerstraße \"1\"", "distance": null}, )"
                       R"({"id": 92, "city": "Garching b. München", "zipcode": null, "distance": null}, )"
                       R"({"id": 93, "city": "Remote", "distance": null}])";
    c.tags_json = R"(["Sofort", "Schüler"])";
    return c;
}

// The same card with every optional field absent and empty lists.
job_card bare_card() {
    job_card c;
    c.id = 5;
    c.slug = "x";
    c.title = "Aushilfe";
    c.organization_id = 1;
    c.salary_currency = "EUR";
    c.published_at = "2026-11-20T08:15:00+00:00";
    c.created_at = "2026-11-20T08:15:00+00:00";
    return c;
}

std::string json_of(const job_card& c) {
    std::string out;
    json_writer w(out);
    write_card(w, c);
    return out;
}

std::string json_of(const page_card& c) {
    std::string out, locations;
    json_writer w(out);
    write_card(w, c, locations);
    return out;
}

const std::vector<std::optional<earth_point>> searched_points = {std::nullopt, earth_of(48.137, 11.575), earth_of(52.52, 13.405),
                                                                 earth_of(48.2482, 11.6521)};

// Checks every searched point against the card kept from `card` with its locations' points `at`;
// whether the kept card knows its distances (its locations split as read).
bool expect_same_json(const job_card& card, const points& at) {
    auto pool = std::make_shared<search::card_strings>();
    const auto made = search::kept_card::make(card, at, pool);
    const search::kept_card& kept = *made;
    for (const auto& point : searched_points) {
        if (point && !kept.distances_known()) continue;
        SCOPED_TRACE(point ? "with a point" : "without a point");
        const std::string before = json_of(kept.near(point));
        EXPECT_EQ(json_of(page_card(kept, point)), before);
        EXPECT_EQ(json_of(page_card(kept.near(point))), before);
        if (!point) {
            EXPECT_EQ(before, json_of(card));   // as read from PostgreSQL without a point
        }
        EXPECT_EQ(page_card(kept, point).card().locations_json, kept.near(point).locations_json);
    }
    return kept.distances_known();
}

TEST(JobCardJson, AKeptCardWritesTheBytesOfTheCardCopiedIntoStrings) {
    EXPECT_TRUE(expect_same_json(full_card(), {earth_of(48.1374, 11.5755), earth_of(48.2482, 11.6521), std::nullopt}));
}

TEST(JobCardJson, EveryOptionalFieldAbsentOrPresentOnItsOwn) {
    expect_same_json(bare_card(), {});
    auto c = bare_card();
    c.base_salary = "12";
    expect_same_json(c, {});
    c = bare_card();
    c.salary_unit = "MONTH";
    expect_same_json(c, {});
    c = bare_card();
    c.location_description = "";
    expect_same_json(c, {});
    c = bare_card();
    c.valid_through = "2027-01-01T00:00:00+00:00";
    expect_same_json(c, {});
    c = full_card();
    c.base_salary.reset();
    c.valid_through.reset();
    c.salary_unit.reset();
    c.location_description.reset();
    c.organization_name.clear();
    c.teaser.clear();
    expect_same_json(c, {std::nullopt, std::nullopt, std::nullopt});
}

TEST(JobCardJson, EveryFlagOnItsOwn) {
    for (int flag = 0; flag < 7; ++flag) {
        auto c = bare_card();
        bool* flags[] = {&c.has_logo, &c.is_published, &c.top_job, &c.instant_teaser_job, &c.top_offer, &c.sponsored, &c.opportunity};
        *flags[flag] = true;
        expect_same_json(c, {});
    }
}

TEST(JobCardJson, LocationsThatDoNotSplitAreWrittenAsRead) {
    auto c = full_card();
    c.locations_json = R"([{"id": 91, "city": "München", "distance": 5}])";   // not the form read without a point
    EXPECT_FALSE(expect_same_json(c, {earth_of(48.1374, 11.5755)}));
    c = full_card();   // one point too few
    EXPECT_FALSE(expect_same_json(c, {earth_of(48.1374, 11.5755), std::nullopt}));
}

TEST(JobCardJson, TheWrittenCardIsTheListsFormat) {
    auto c = bare_card();
    c.distance_m = 1234.5;
    EXPECT_EQ(json_of(c),
              R"({"@id":"/api/job_postings/5","@type":"JobPosting","id":5,"jobId":5,"slug":"x","title":"Aushilfe","teaser":"",)"
              R"("organization":{"@id":"/api/organizations/1","@type":"Organization","id":1,"name":"","slug":""},)"
              R"("logo":"/api/job_postings/5/logo","activities":[],"employmentTypes":[],"locations":[],"tags":[],)"
              R"("baseSalary":null,"salaryUnit":null,"salaryCurrency":"EUR","locationDescription":null,"isPublished":false,)"
              R"("top_job":false,"instant_teaser_job":false,"top_offer":false,"sponsored":false,"opportunity":false,)"
              R"("publishedAt":"2026-11-20T08:15:00+00:00","createdAt":"2026-11-20T08:15:00+00:00","validThrough":null,"distance":1235})");
}

// Locations as a full load writes them (search/pg_json.h: json_agg of json_build_object): the
// kept card keeps their columns, not their text, and writes the same bytes again.
std::string pg_locations(const std::vector<search::location_columns>& ls) {
    std::string out = "[";
    for (std::size_t i = 0; i < ls.size(); ++i) search::append_pg_location(out, ls[i], i == 0);
    return out + "]";
}

job_card loaded_card() {
    auto c = full_card();
    c.locations_json = pg_locations({{.id = 91, .name = "Filiale Süd", .street = "Kaufingerstraße 1", .zipcode = "80331", .city = "München",
                                      .country = "de", .lat = 48.1374, .lon = 11.5755, .place_id = 4711},
                                     {.id = 92, .name = std::nullopt, .street = std::nullopt, .zipcode = std::nullopt, .city = "Garching b. München",
                                      .country = "de", .lat = 48.2482, .lon = 11.6521, .place_id = std::nullopt},
                                     {.id = 93, .name = "", .street = "", .zipcode = "", .city = "", .country = "", .lat = 0, .lon = -0.5,
                                      .place_id = 0}});
    return c;
}

TEST(JobCardJson, LocationsAndTimesKeptAsColumnsAndNumbersWriteTheSameBytes) {
    const points at = {earth_of(48.1374, 11.5755), earth_of(48.2482, 11.6521), std::nullopt};
    EXPECT_TRUE(expect_same_json(loaded_card(), at));
    auto c = loaded_card();
    c.valid_through.reset();
    EXPECT_TRUE(expect_same_json(c, at));
    // A head with an escaped text, or a time in another zone's form (a session not in UTC), keeps
    // its text: the same bytes, and the distances still known.
    c = loaded_card();
    c.locations_json = pg_locations({{.id = 91, .name = "Halle \"B3\"", .city = "Leipzig", .country = "de", .lat = 51.3397, .lon = 12.3731},
                                     {.id = 92, .city = "Görlitz", .country = "de", .lat = 51.15, .lon = 14.9833}});
    EXPECT_TRUE(expect_same_json(c, {earth_of(51.3397, 12.3731), earth_of(51.15, 14.9833)}));
    c = loaded_card();
    c.created_at = "2026-11-19T18:02:31.123456+01:00";
    EXPECT_TRUE(expect_same_json(c, at));
    c = loaded_card();
    c.published_at = "2026-11-20T08:15:00.10+00:00";   // not to_json's spelling (a trailing zero)
    EXPECT_TRUE(expect_same_json(c, at));
}

// The distances come from the locations' points: made again from a record's degrees when that
// gives PostgreSQL's point bit for bit (jh_earth), else from the points kept as read.
TEST(JobCardJson, DistancesComeFromTheLocationsPointsInEitherForm) {
    auto pool = std::make_shared<search::card_strings>();
    const auto searched = earth_of(48.2, 11.6);
    const points as_made = {earth_of(48.1374, 11.5755), earth_of(48.2482, 11.6521), std::nullopt};
    const points elsewhere = {earth_of(52.52, 13.405), earth_of(53.55, 9.99), earth_of(50.0, 8.0)};   // not the records' degrees
    for (const auto& at : {as_made, elsewhere}) {
        const auto kept = search::kept_card::make(loaded_card(), at, pool);
        ASSERT_TRUE(kept->distances_known());
        std::optional<double> nearest;
        for (const auto& p : at)
            if (p && (!nearest || search::earth_distance(*p, searched) < *nearest)) nearest = search::earth_distance(*p, searched);
        EXPECT_EQ(kept->near(searched).distance_m, nearest);
    }
    EXPECT_TRUE(search::kept_card::make(loaded_card(), as_made, pool)->compact());
    EXPECT_FALSE(search::kept_card::make(loaded_card(), elsewhere, pool)->compact());
}

// What the columns and numbers are for: the same card in less memory (every live job keeps one).
TEST(JobCardJson, ColumnsAndNumbersTakeLessMemoryThanTheirText) {
    const points at = {earth_of(48.1374, 11.5755), earth_of(48.2482, 11.6521), std::nullopt};
    auto pool = std::make_shared<search::card_strings>();
    const auto kept = search::kept_card::make(loaded_card(), at, pool);
    auto as_text = loaded_card();
    as_text.published_at = "2026-11-20T09:15:00+01:00";   // the times kept as text
    as_text.locations_json.insert(as_text.locations_json.find("Filiale") + 7, "\\\"");   // the heads kept as text
    const auto kept_text = search::kept_card::make(as_text, at, pool);
    EXPECT_TRUE(kept_text->distances_known());
    EXPECT_LT(kept->memory_bytes() + 300, kept_text->memory_bytes());
}

// A card whose texts need no escape is written without the escape scan (card_view::
// texts_need_no_escape); the bytes stay the same, and one text that needs an escape turns it off.
bool kept_flag(const job_card& card) {
    const auto pool = std::make_shared<search::card_strings>();   // outlives the card, as a generation's does
    const auto kept = search::kept_card::make(card, {}, pool);
    std::string scratch;
    return kept->view_near(std::nullopt, scratch).texts_need_no_escape;
}

job_card plain_card() {
    auto c = full_card();
    c.title = "Promoter (m/w/d) für Süßes – München/Schwabing 🍬";
    c.teaser = "Du bist kommunikativ? Dann bewirb dich! Überstunden: keine.";
    c.organization_name = "Müller & Söhne GmbH";
    c.locations_json = "[]";
    return c;
}

TEST(JobCardJson, ACardWithoutEscapesIsCopiedAndOneEscapeTurnsThatOff) {
    EXPECT_TRUE(kept_flag(plain_card()));
    expect_same_json(plain_card(), {});
    EXPECT_FALSE(kept_flag(full_card()));
    EXPECT_TRUE(kept_flag(bare_card()));
    // Each text on its own with a byte to escape: a quote, a backslash, a control character, a
    // byte that is not UTF-8 (written as U+FFFD).
    const std::vector<std::string> escapes = {"a\"b", "a\\b", "a\nb", std::string("a\0b", 3), "a\x1f" "b", "M\xfcller", "\xc3"};
    std::vector<std::function<void(job_card&, const std::string&)>> texts = {
        [](job_card& c, const std::string& v) { c.slug = v; },
        [](job_card& c, const std::string& v) { c.title = v; },
        [](job_card& c, const std::string& v) { c.teaser = v; },
        [](job_card& c, const std::string& v) { c.organization_name = v; },
        [](job_card& c, const std::string& v) { c.organization_slug = v; },
        [](job_card& c, const std::string& v) { c.salary_unit = v; },
        [](job_card& c, const std::string& v) { c.salary_currency = v; },
        [](job_card& c, const std::string& v) { c.location_description = v; },
        [](job_card& c, const std::string& v) { c.published_at = v; },
        [](job_card& c, const std::string& v) { c.created_at = v; },
        [](job_card& c, const std::string& v) { c.valid_through = v; },
    };
    for (std::size_t t = 0; t < texts.size(); ++t) {
        for (const auto& e : escapes) {
            SCOPED_TRACE("text " + std::to_string(t));
            auto c = plain_card();
            texts[t](c, e);
            EXPECT_FALSE(kept_flag(c));
            expect_same_json(c, {});
        }
    }
}

// search/ decides without the writer (it does not see reactor/): the same answer as escape_into.
TEST(JobCardJson, TheFlagsRuleIsTheWritersEscapeRule) {
    std::vector<std::string> texts = {"", "x", "Straße", "€ 12", "🍬", "a/b <i> &amp; '", "\x7f", "ab\"", "\\", "\t", "\x1f", " ",
                                      "\xc2\xa0", "\xc0\x80", "\xc1\xbf", "\xe0\x9f\xbf", "\xe0\xa0\x80", "\xed\x9f\xbf",
                                      "\xed\xa0\x80", "\xef\xbf\xbf", "\xf0\x8f\xbf\xbf", "\xf0\x90\x80\x80", "\xf4\x8f\xbf\xbf",
                                      "\xf4\x90\x80\x80", "\xf5\x80\x80\x80", "\xff", "\x80", "\xc3", "\xe2\x82", "\xf0\x9f\x8d",
                                      "ü\xc3", "abcdefgh\"", "abcdefghijklmnop", std::string("x\0", 2)};
    for (int c = 0; c < 256; ++c) texts.push_back(std::string(1, static_cast<char>(c)) + "abcdefgh");
    for (const auto& t : texts) {
        std::string escaped;
        json_writer::escape_into(escaped, t);
        EXPECT_EQ(search::json_text_needs_no_escape(t), escaped == t) << t;
    }
}

TEST(JobCardJson, TheLargestIdsFitTheLinks) {
    auto c = bare_card();
    c.id = INT64_MAX;
    c.organization_id = INT64_MIN;
    const std::string json = json_of(c);
    EXPECT_NE(json.find(R"("@id":"/api/job_postings/9223372036854775807")"), std::string::npos);
    EXPECT_NE(json.find(R"("logo":"/api/job_postings/9223372036854775807/logo")"), std::string::npos);
    EXPECT_NE(json.find(R"("@id":"/api/organizations/-9223372036854775808")"), std::string::npos);
}

}  // namespace
}  // namespace jh::jobs
