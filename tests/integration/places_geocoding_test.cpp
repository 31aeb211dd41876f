// Integration tests of the geocoding calls (GET /api/places/autocomplete, /reverse, /{id}) on the
// real gazetteer that the migrations load (GeoNames data for Germany, Austria and Switzerland).
#include <gtest/gtest.h>
#include <simdjson.h>

#include <string>
#include <vector>

#include "tests/support/harness.h"

namespace jh::test {
namespace {

class PlacesGeocoding : public ::testing::Test {
protected:
    static void SetUpTestSuite() {
        db_ = new temp_database("places");
        server_ = new server_process({
            {"JOBHAFEN_DATABASE_URL", db_->url()},
            {"JOBHAFEN_REDIS_URL", shared_redis_url()},
            {"JOBHAFEN_LOG_ACCESS", "false"},
        });
        ASSERT_TRUE(server_->wait_ready(std::chrono::seconds(90))) << server_->log();
    }
    static void TearDownTestSuite() {
        delete server_;
        delete db_;
    }

    struct place {
        std::string name, country, type;
    };
    struct answer {
        int status = 0;
        std::vector<place> places;
        std::string body;
    };

    static answer autocomplete(const std::string& query) {
        auto r = http_request(server_->port(), "GET", "/api/places/autocomplete?" + query);
        answer a{r.status, {}, r.body};
        simdjson::dom::parser parser;
        simdjson::dom::element doc;
        simdjson::dom::array members;
        if (r.status != 200 || parser.parse(r.body).get(doc) || doc["hydra:member"].get_array().get(members)) return a;
        for (auto m : members) {
            std::string_view n, c, t;
            if (m["name"].get(n) || m["country"].get(c) || m["type"].get(t)) continue;
            a.places.push_back({std::string(n), std::string(c), std::string(t)});
        }
        return a;
    }

    static temp_database* db_;
    static server_process* server_;
};
temp_database* PlacesGeocoding::db_ = nullptr;
server_process* PlacesGeocoding::server_ = nullptr;

TEST_F(PlacesGeocoding, AutocompleteFoldsUmlauts) {
    for (const char* text : {"Muench", "M%C3%BCnchen", "Muenchen", "Munchen", "munich"}) {
        auto a = autocomplete(std::string("text=") + text);
        ASSERT_EQ(a.status, 200) << text << ": " << a.body;
        ASSERT_FALSE(a.places.empty()) << text;
        EXPECT_EQ(a.places[0].name, "München") << text;
    }
    for (const char* text : {"Koln", "K%C3%B6ln", "Koeln", "koeln"}) {
        auto a = autocomplete(std::string("text=") + text);
        ASSERT_FALSE(a.places.empty()) << text;
        EXPECT_EQ(a.places[0].name, "Köln") << text;
    }
    auto wien = autocomplete("text=Vienna");
    ASSERT_FALSE(wien.places.empty());
    EXPECT_EQ(wien.places[0].name, "Wien");
    EXPECT_EQ(wien.places[0].country, "at");
    auto zurich = autocomplete("text=Zurich");
    ASSERT_FALSE(zurich.places.empty());
    EXPECT_EQ(zurich.places[0].name, "Zürich");
    EXPECT_EQ(zurich.places[0].country, "ch");
}

TEST_F(PlacesGeocoding, AutocompleteToleratesTypos) {
    // Two letters swapped: Hamburg is among the first suggestions.
    auto a = autocomplete("text=Hambrug&limit=3");
    ASSERT_FALSE(a.places.empty()) << a.body;
    bool found = false;
    for (const auto& p : a.places) found = found || p.name == "Hamburg";
    EXPECT_TRUE(found) << a.body;
    auto f = autocomplete("text=Frankfurt");
    ASSERT_FALSE(f.places.empty());
    EXPECT_EQ(f.places[0].name, "Frankfurt am Main");   // the bigger one first
}

TEST_F(PlacesGeocoding, OnlyGermanyAustriaAndSwitzerland) {
    for (const char* text : {"Paris", "London", "Strasbourg", "Mailand", "Praha", "Amsterdam", "Salzburg", "Basel"}) {
        auto a = autocomplete(std::string("text=") + text + "&limit=20&type=all");
        ASSERT_EQ(a.status, 200) << text;
        for (const auto& p : a.places)
            EXPECT_TRUE(p.country == "de" || p.country == "at" || p.country == "ch") << text << " → " << p.name << " " << p.country;
    }
    auto at = autocomplete("text=Salzburg&countries=at");
    ASSERT_FALSE(at.places.empty());
    for (const auto& p : at.places) EXPECT_EQ(p.country, "at");
    EXPECT_EQ(autocomplete("text=Paris&countries=fr").status, 400);
    EXPECT_EQ(autocomplete("text=Paris&countries=de,fr").status, 400);
    // Reverse lookup of Paris, London and the North Sea finds nothing.
    for (const char* q : {"lat=48.8566&lon=2.3522", "lat=51.5072&lon=-0.1276", "lat=55.0&lon=5.0"})
        EXPECT_EQ(http_request(server_->port(), "GET", std::string("/api/places/reverse?") + q).status, 404) << q;
}

TEST_F(PlacesGeocoding, TypeAndLimit) {
    auto cities = autocomplete("text=Kreuzberg&limit=20");
    for (const auto& p : cities.places) EXPECT_EQ(p.type, "city");
    auto districts = autocomplete("text=Kreuzberg&type=district");
    ASSERT_FALSE(districts.places.empty()) << districts.body;
    EXPECT_EQ(districts.places[0].name, "Kreuzberg");
    EXPECT_EQ(districts.places[0].type, "district");
    EXPECT_LE(autocomplete("text=Neustadt&limit=3").places.size(), 3u);
    EXPECT_EQ(autocomplete("text=Neustadt&limit=0").status, 400);
    EXPECT_EQ(autocomplete("text=Neustadt&limit=21").status, 400);
    EXPECT_EQ(autocomplete("text=Neustadt&type=planet").status, 400);
    EXPECT_EQ(autocomplete("text=Berlin&language=en").status, 400);
    EXPECT_EQ(autocomplete("text=Berlin&language=de").status, 200);
}

TEST_F(PlacesGeocoding, BadInput) {
    EXPECT_EQ(autocomplete("").status, 400);
    EXPECT_EQ(autocomplete("text=%20%20").status, 400);
    EXPECT_EQ(autocomplete("text=" + std::string(2000, 'x')).status, 400);
    auto odd = autocomplete("text=%27%3B%20DROP%20TABLE%20places%3B--");
    EXPECT_EQ(odd.status, 200);
    EXPECT_EQ(http_request(server_->port(), "GET", "/api/places/reverse?lat=abc&lon=13").status, 400);
    EXPECT_EQ(http_request(server_->port(), "GET", "/api/places/reverse?lat=91&lon=13").status, 400);
    EXPECT_EQ(http_request(server_->port(), "GET", "/api/places/reverse?lat=52.5").status, 400);
}

TEST_F(PlacesGeocoding, ReverseOfBerlinIsBerlin) {
    auto r = http_request(server_->port(), "GET", "/api/places/reverse?lat=52.520008&lon=13.404954");
    ASSERT_EQ(r.status, 200) << r.body;
    EXPECT_EQ(field(r.body, "/name"), "Berlin");
    EXPECT_EQ(field(r.body, "/country"), "de");
    auto munich = http_request(server_->port(), "GET", "/api/places/reverse?lat=48.137&lon=11.575");
    EXPECT_EQ(field(munich.body, "/name"), "München");
    auto vienna = http_request(server_->port(), "GET", "/api/places/reverse?lat=48.2082&lng=16.3738");
    EXPECT_EQ(field(vienna.body, "/name"), "Wien");
}

TEST_F(PlacesGeocoding, Details) {
    auto r = http_request(server_->port(), "GET", "/api/places/2950159");
    ASSERT_EQ(r.status, 200) << r.body;
    EXPECT_EQ(field(r.body, "/@id"), "/api/places/2950159");
    EXPECT_EQ(field(r.body, "/@type"), "Place");
    EXPECT_EQ(field(r.body, "/name"), "Berlin");
    EXPECT_EQ(field(r.body, "/stateCode"), "DE-BE");
    EXPECT_EQ(field(r.body, "/slug"), "berlin");
    EXPECT_EQ(http_request(server_->port(), "GET", "/api/places/1").status, 404);
    EXPECT_EQ(http_request(server_->port(), "GET", "/api/places/abc").status, 404);
}

}  // namespace
}  // namespace jh::test
