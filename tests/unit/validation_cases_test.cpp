// validation_cases_test.cpp: the server's field rules (actors/profiles/profile_rules.h) against the
// case table tests/fixtures/validation_cases.json, which the web app's validation module
// (web/src/shared/validation) runs too, so a value is valid or invalid on both sides alike.
#include <gtest/gtest.h>
#include <simdjson.h>

#include <functional>
#include <string>

#include "actors/profiles/profile_rules.h"
#include "reactor/source_dir.h"

using namespace jh::profiles;

namespace {

simdjson::dom::element load_cases(simdjson::dom::parser& parser) {
    simdjson::dom::element doc;
    auto error = parser.load(jh::source_path("tests/fixtures/validation_cases.json")).get(doc);
    EXPECT_EQ(error, simdjson::SUCCESS);
    return doc;
}

// Runs `check` on every case of `rule`; counts them so an empty table cannot pass.
void run_cases(std::string_view rule, const std::function<bool(std::string_view value, std::string_view country)>& check) {
    simdjson::dom::parser parser;
    auto doc = load_cases(parser);
    int n = 0;
    for (simdjson::dom::object c : doc[rule].get_array()) {
        std::string_view value = c["value"].get_string();
        std::string_view country;
        if (c["country"].get_string().get(country) != simdjson::SUCCESS) country = {};   // rules without a country
        bool valid = c["valid"].get_bool();
        EXPECT_EQ(check(value, country), valid) << rule << " country=" << country << " value=\"" << value << "\"";
        ++n;
    }
    EXPECT_GT(n, 2) << rule;
}

}  // namespace

TEST(ValidationCases, ZipCodeForCountry) {
    run_cases("zip_code_for_country", [](auto v, auto c) { return is_zip_code_for_country(v, c); });
}
TEST(ValidationCases, VatId) {
    run_cases("ust_id_number_check", [](auto v, auto c) { return is_vat_id(v, c); });
}
TEST(ValidationCases, Iban) { run_cases("iban", [](auto v, auto) { return is_iban(v); }); }
TEST(ValidationCases, Bic) { run_cases("bic", [](auto v, auto) { return is_bic(v); }); }
TEST(ValidationCases, PhoneNumber) { run_cases("phone_number", [](auto v, auto) { return is_phone_number(v); }); }
TEST(ValidationCases, Email) { run_cases("email", [](auto v, auto) { return is_email(v); }); }
TEST(ValidationCases, Url) { run_cases("url", [](auto v, auto) { return is_url(v); }); }
TEST(ValidationCases, AlnumSpace) { run_cases("alnum_space", [](auto v, auto) { return is_alnum_space(v); }); }
