// profile_rules_test.cpp: the sedcard's field rules, the validation of a whole profile and the
// completeness score (actors/profiles/profile_rules.h), with hand-computed points.
#include <gtest/gtest.h>
#include <simdjson.h>

#include <map>

#include "actors/content/features.h"
#include "actors/profiles/profile_rules.h"

using namespace jh::profiles;

namespace {

simdjson::dom::object parse_json(simdjson::dom::parser& parser, std::string_view json) {
    simdjson::dom::object o;
    EXPECT_EQ(parser.parse(json).get(o), simdjson::SUCCESS) << json;
    return o;
}

std::vector<jh::violation> validate(std::string_view json, const reference_lists& refs = {}) {
    simdjson::dom::parser parser;
    return validate_profile(parse_json(parser, json), refs, "2026-11-21");
}

std::string message_for(const std::vector<jh::violation>& v, std::string_view path) {
    for (const auto& x : v)
        if (x.property_path == path) return x.message;
    return {};
}

}  // namespace

TEST(ProfileRules, PostalCodesGermanyFiveDigits) {
    EXPECT_TRUE(is_zip_code_for_country("10115", "de"));
    EXPECT_TRUE(is_zip_code_for_country("01067", "DE"));
    EXPECT_FALSE(is_zip_code_for_country("1011", "de"));
    EXPECT_FALSE(is_zip_code_for_country("101155", "de"));
    EXPECT_FALSE(is_zip_code_for_country("1011a", "de"));
}

TEST(ProfileRules, PostalCodesFourDigitCountries) {
    for (auto c : {"at", "ch", "be", "dk"}) {
        EXPECT_TRUE(is_zip_code_for_country("1010", c)) << c;
        EXPECT_TRUE(is_zip_code_for_country("8001", c)) << c;
        EXPECT_FALSE(is_zip_code_for_country("10100", c)) << c;
        EXPECT_FALSE(is_zip_code_for_country("101", c)) << c;
        EXPECT_FALSE(is_zip_code_for_country("10-10", c)) << c;
    }
}

TEST(ProfileRules, PostalCodesPolandPortugalNetherlands) {
    EXPECT_TRUE(is_zip_code_for_country("00-950", "pl"));
    EXPECT_FALSE(is_zip_code_for_country("00950", "pl"));
    EXPECT_FALSE(is_zip_code_for_country("000-950", "pl"));
    EXPECT_TRUE(is_zip_code_for_country("1000-205", "pt"));
    EXPECT_FALSE(is_zip_code_for_country("1000205", "pt"));
    EXPECT_FALSE(is_zip_code_for_country("1000-20", "pt"));
    EXPECT_TRUE(is_zip_code_for_country("1012 AB", "nl"));
    EXPECT_TRUE(is_zip_code_for_country("1012ab", "nl"));
    EXPECT_FALSE(is_zip_code_for_country("1012 A1", "nl"));
    EXPECT_FALSE(is_zip_code_for_country("101 ABC", "nl"));
}

TEST(ProfileRules, PostalCodesOtherListedAndUnlistedCountries) {
    EXPECT_TRUE(is_zip_code_for_country("SW1A 1AA", "gb"));
    EXPECT_FALSE(is_zip_code_for_country("12345", "gb"));
    EXPECT_TRUE(is_zip_code_for_country("D02 X285", "ie"));
    EXPECT_TRUE(is_zip_code_for_country("105 57", "el"));
    EXPECT_TRUE(is_zip_code_for_country("10557", "gr"));
    EXPECT_TRUE(is_zip_code_for_country("28013", "es"));
    EXPECT_FALSE(is_zip_code_for_country("99013", "es"));
    EXPECT_TRUE(is_zip_code_for_country("L-1009", "lu"));
    EXPECT_TRUE(is_zip_code_for_country("VLT 1117", "mt"));
    EXPECT_TRUE(is_zip_code_for_country("010011", "ro"));
    // 29 countries have a rule; others pass whatever is written.
    int with_rule = 0;
    for (auto c : {"at", "be", "bg", "ch", "cy", "cz", "de", "dk", "ee", "el", "es", "fi", "fr", "gb", "hr",
                   "hu", "ie", "it", "lt", "lu", "lv", "mt", "nl", "pl", "pt", "ro", "se", "si", "sk"})
        with_rule += has_zip_rule(c) ? 1 : 0;
    EXPECT_EQ(with_rule, 29);
    EXPECT_FALSE(has_zip_rule("tr"));
    EXPECT_TRUE(is_zip_code_for_country("anything", "tr"));
}

TEST(ProfileRules, VatIdAustriaNeedsAtuAndEightDigits) {
    EXPECT_TRUE(is_vat_id("ATU12345678", "at"));
    EXPECT_TRUE(is_vat_id("U12345678", "at"));      // the prefix is optional
    EXPECT_TRUE(is_vat_id("ATU 1234 5678", "at"));
    EXPECT_FALSE(is_vat_id("AT12345678", "at"));     // the U is part of the number
    EXPECT_FALSE(is_vat_id("ATU1234567", "at"));
    EXPECT_FALSE(is_vat_id("ATU123456789", "at"));
    EXPECT_TRUE(is_vat_id("DE123456789", "de"));
    EXPECT_TRUE(is_vat_id("123456789", "de"));
    EXPECT_FALSE(is_vat_id("DE12345678", "de"));
    EXPECT_TRUE(is_vat_id("NL123456789B01", "nl"));
    EXPECT_TRUE(is_vat_id("EL123456789", "gr"));
    EXPECT_TRUE(is_vat_id("CHE-123.456.789 MWST", "ch"));
    EXPECT_FALSE(is_vat_id("123456789", "us"));      // unknown country fails
    EXPECT_FALSE(is_vat_id("ATU12345678", ""));
}

TEST(ProfileRules, IbanChecksumAndBic) {
    EXPECT_TRUE(is_iban("DE89 3704 0044 0532 0130 00"));
    EXPECT_TRUE(is_iban("AT611904300234573201"));
    EXPECT_FALSE(is_iban("DE89 3704 0044 0532 0130 01"));   // checksum
    EXPECT_FALSE(is_iban("DE89 3704 0044 0532 0130"));      // length
    EXPECT_FALSE(is_iban("hello"));
    EXPECT_TRUE(is_bic("COBADEFFXXX"));
    EXPECT_TRUE(is_bic("COBADEFF"));
    EXPECT_FALSE(is_bic("COBADEF"));
    EXPECT_FALSE(is_bic("1OBADEFF"));
}

TEST(ProfileRules, SimpleFieldRules) {
    EXPECT_TRUE(is_phone_number("+49 30/123-456"));
    EXPECT_FALSE(is_phone_number("030 123 abc"));
    EXPECT_FALSE(is_phone_number("+-/"));
    EXPECT_TRUE(is_alnum_space("Größe 42 Ärmel"));
    EXPECT_FALSE(is_alnum_space("A-123"));
    EXPECT_TRUE(is_url("https://www.xing.com/profile/Jana_Mueller"));
    EXPECT_TRUE(is_url("instagram.com/jana"));
    EXPECT_FALSE(is_url("ftp://example.com"));
    EXPECT_FALSE(is_url("localhost"));
    EXPECT_TRUE(is_integer_text("42"));
    EXPECT_FALSE(is_integer_text("4.2"));
    EXPECT_TRUE(is_numeric_text("12,50"));
    EXPECT_FALSE(is_numeric_text("zwölf"));
    EXPECT_TRUE(is_date("2024-02-29"));
    EXPECT_FALSE(is_date("2023-02-29"));
    EXPECT_FALSE(is_date("29.02.2024"));
    EXPECT_TRUE(is_email("jana@example.de"));
    EXPECT_FALSE(is_email("jana@müller.de"));
}

// The rules run on a loop thread: a long input costs time in proportion to its length and never
// recursion per character (std::regex overflowed the stack on a 40 KB website).
TEST(ProfileRules, LongInputsAreAnsweredWithoutRecursion) {
    std::string long_path = "https://example.com/" + std::string(1'000'000, 'a');
    EXPECT_TRUE(is_url(long_path));
    EXPECT_FALSE(is_url(long_path + " x"));
    EXPECT_FALSE(is_url(std::string(1'000'000, 'a') + ".d"));
    EXPECT_TRUE(is_url(std::string(200'000, 'a') + ".de"));
    EXPECT_FALSE(is_url(std::string(500'000, '.')));
    EXPECT_FALSE(is_zip_code_for_country(std::string(1'000'000, '1'), "de"));
    EXPECT_FALSE(is_zip_code_for_country(std::string(1'000'000, 'A'), "gb"));
    EXPECT_FALSE(is_vat_id("DE" + std::string(1'000'000, '1'), "de"));
    EXPECT_FALSE(is_bic(std::string(1'000'000, 'A')));
    EXPECT_FALSE(is_iban(std::string(1'000'000, '1')));
    EXPECT_FALSE(is_phone_number(std::string(1'000'000, '1') + "x"));
}

TEST(ProfileRules, UrlEdgesKeepTheirMeaning) {
    EXPECT_TRUE(is_url("HTTPS://Example.COM:8080/a?b#c"));
    EXPECT_TRUE(is_url("a-b.example.de"));
    EXPECT_FALSE(is_url("-a.example.de"));
    EXPECT_FALSE(is_url("a-.example.de"));
    EXPECT_FALSE(is_url("example.d"));
    EXPECT_FALSE(is_url("example.de1"));
    EXPECT_FALSE(is_url("example.de:123456"));
    EXPECT_TRUE(is_url("example.de:12345"));
    EXPECT_FALSE(is_url("example.de:"));
    EXPECT_FALSE(is_url("example..de"));
    EXPECT_FALSE(is_url("example.de/a b"));
    EXPECT_FALSE(is_url("http://"));
    EXPECT_TRUE(is_bic("DEUTDEFF"));
    EXPECT_TRUE(is_bic("deut de ff 500"));
    EXPECT_FALSE(is_bic("DEUTDEF"));
    EXPECT_FALSE(is_bic("DEU1DEFF"));
}

TEST(ProfileRules, EveryBadFieldIsListedWithItsMessage) {
    auto v = validate(R"({
        "firstName": "",
        "gender": "woman",
        "addresses": [{"street": "Hauptstr. 1", "zipcode": "1234", "city": "Berlin", "country": "de"}],
        "communicationData": [{"type": "email", "value": "kaputt"}, {"type": "mobile", "value": "0170 abc"}],
        "appearance": {"bodyHeight": "1,80", "sizeOfShoe": "zweiundvierzig", "eyeColor": "violet"},
        "bankData": {"iban": "DE00 1234"},
        "tax": {"salesTaxIdentificationNumber": "DE1"},
        "personnelAccounting": {"shortTermEmploymentWorkingDaysCurrentYear": 400, "shortTermEmploymentWorkingDaysLastYear": -1},
        "socialProfiles": [{"type": "xing", "value": "nicht eine url"}],
        "healthInsurance": {"healthInsuranceNumber": "A-123"},
        "somethingElse": 1
    })");
    EXPECT_EQ(message_for(v, "firstName"), "Dieses Feld darf nicht leer sein");
    EXPECT_EQ(message_for(v, "gender"), msg::choice);
    EXPECT_EQ(message_for(v, "addresses[0].zipcode"), "Dieses Feld muss eine gültige Postleitzahl für das ausgewählte Land enthalten");
    EXPECT_EQ(message_for(v, "communicationData[0].value"), "Dieses Feld muss eine gültige E-Mail Adresse sein");
    EXPECT_EQ(message_for(v, "communicationData[1].value"), "Dieses Feld muss eine gültige Telefonnummer sein");
    EXPECT_EQ(message_for(v, "appearance.bodyHeight"), "Dieses Feld muss eine ganze Zahl sein");
    EXPECT_EQ(message_for(v, "appearance.sizeOfShoe"), "Dieses Feld muss eine Zahl sein");
    EXPECT_EQ(message_for(v, "appearance.eyeColor"), msg::choice);
    EXPECT_EQ(message_for(v, "bankData.iban"), msg::iban);
    EXPECT_EQ(message_for(v, "tax.salesTaxIdentificationNumber"), "Dieses Feld muss eine gültige USt-IdNr sein");
    EXPECT_EQ(message_for(v, "personnelAccounting.shortTermEmploymentWorkingDaysCurrentYear"), msg::days_max);
    EXPECT_EQ(message_for(v, "personnelAccounting.shortTermEmploymentWorkingDaysLastYear"), "Dieses Feld muss mindestens 0 sein");
    EXPECT_EQ(message_for(v, "socialProfiles[0].value"), "Dieses Feld muss eine gültige URL sein");
    EXPECT_EQ(message_for(v, "healthInsurance.healthInsuranceNumber"), "Dieses Feld darf nur aus Zahlen und Buchstaben bestehen");
    EXPECT_EQ(message_for(v, "somethingElse"), msg::unknown_field);
    EXPECT_EQ(message_for(v, "lastName"), "Dieses Feld darf nicht leer sein");
    EXPECT_EQ(v.size(), 16u);
}

TEST(ProfileRules, ReferenceListsAndTaxIdLength) {
    reference_lists refs;
    refs.languages = {"de", "en"};
    refs.countries = {"de", "at", "gr"};
    auto v = validate(R"({"firstName":"Jana","lastName":"Müller","nationality":"xx",
        "languages":[{"language":"de","level":"native"},{"language":"kl","level":"fluent"}],
        "tax":{"taxIdentificationNumber":"12345"}})",
                      refs);
    EXPECT_EQ(message_for(v, "nationality"), msg::choice);
    EXPECT_EQ(message_for(v, "languages[1].language"), msg::choice);
    EXPECT_EQ(message_for(v, "languages[1].level"), msg::choice);
    EXPECT_EQ(message_for(v, "tax.taxIdentificationNumber"), "Dieses Feld muss mindestens 11 lang sein");
    EXPECT_EQ(v.size(), 4u);
    EXPECT_TRUE(validate(R"({"firstName":"Jana","lastName":"Müller","nationality":"el"})", refs).empty());
}

namespace {

constexpr std::string_view full_profile = R"({
  "firstName": "Jana", "lastName": "Müller", "birthDate": "1998-04-12", "gender": "female", "nationality": "de",
  "profileSummary": "Erfahrene Promoterin", "skinType": "hell",
  "addresses": [{"street": "Königstraße 5", "zipcode": "70173", "city": "Stuttgart", "country": "de"}],
  "communicationData": [{"type": "mobile", "value": "+49 170 1234567"}],
  "appearance": {"bodyHeight": 172, "eyeColor": "green", "hairColor": "dark_blonde", "hairLength": "long",
                 "sizeOfClothing": 38, "sizeOfPants": 38, "sizeOfShirt": "m", "sizeOfShoe": 39.5, "hasGlasses": false},
  "mobility": {"ownCar": true, "carType": "VW Golf", "drivingLicenses": ["B"]},
  "bankData": {"accountHolder": "Jana Müller", "bankName": "Commerzbank", "iban": "DE89370400440532013000", "bic": "COBADEFFXXX"},
  "healthInsurance": {"healthInsuranceName": "TK", "healthInsuranceNumber": "A123456789", "healthInsuranceType": "statutory"},
  "tax": {"denomination": "ev", "taxIdentificationNumber": "12345678901", "taxNumber": "93/815/08152", "taxOffice": "Stuttgart II"},
  "personnelAccounting": {"shortTermEmploymentWorkingDaysCurrentYear": 20, "shortTermEmploymentWorkingDaysLastYear": 35},
  "jobEmployment": {"jobEmploymentStatus": "student", "jobEmploymentStatusDateFrom": "2022-10-01", "jobEmploymentStatusOpenEnded": true},
  "workPreference": {"preferredActivities": ["promotion"], "preferredEmploymentTypes": ["part_time_mini"],
                     "preferredIndustries": ["messebau"], "preferredSalary": 16.5, "preferredWorkingPlaces": ["regional_home"],
                     "preferredWorkingTimes": ["weekend"]},
  "workExperiences": [{"title": "Kellnerin", "periodFrom": "2020-01-01", "periodUntil": "2021-06-30"}],
  "promotionExperiences": [{"title": "Sampling", "periodFrom": "2022-03-01"}],
  "schoolings": [{"title": "Abitur", "degree": "3", "date": "2017-06-30"}],
  "hasActivitySkills": true, "activitySkills": [{"skill": "promotion", "level": "expert"}],
  "languages": [{"language": "de", "level": "native"}, {"language": "en", "level": "advanced"}],
  "socialProfiles": [{"type": "instagram", "value": "https://instagram.com/jana"}]
})";

}  // namespace

TEST(ProfileCompleteness, EmptyProfileScoresNothing) {
    simdjson::dom::parser parser;
    auto c = compute_completeness(parse_json(parser, "{}"), {});
    EXPECT_EQ(c.points, 0);
    EXPECT_EQ(c.percent, 0);
    EXPECT_FALSE(c.has_relevant_data_for_application);
    for (auto& [g, met] : c.groups) EXPECT_FALSE(met) << g;
    EXPECT_EQ(c.groups.size(), 17u);   // activity-skills is left out while its form is hidden
}

TEST(ProfileCompleteness, HalfProfileHandComputed) {
    simdjson::dom::parser parser;
    // firstName, lastName, gender (3 simple points) + addresses 4 + communication data 4 + languages 4
    // + job employment status and from-date (2) + appearance bodyHeight and hairColor (2) +
    // promotion experience 5 + portrait 5 = 29 points (the activity skills' list counts nothing while
    // its form is hidden); 29 * 100 / 72 = 40.3 → 40 %.
    auto c = compute_completeness(parse_json(parser, R"({
        "firstName": "Jana", "lastName": "Müller", "gender": "female", "hasActivitySkills": true,
        "addresses": [{"street": "Königstraße 5", "zipcode": "70173", "city": "Stuttgart", "country": "de"}],
        "communicationData": [{"type": "tel", "value": "0711 123"}],
        "languages": [{"language": "de", "level": "native"}],
        "activitySkills": [{"skill": "promotion", "level": "beginner"}],
        "jobEmployment": {"jobEmploymentStatus": "student", "jobEmploymentStatusDateFrom": "2024-10-01"},
        "appearance": {"bodyHeight": 170, "hairColor": "red"},
        "promotionExperiences": [{"title": "Sampling", "periodFrom": "2022-03-01"}]
    })"),
                                  {.images = 1, .portrait_image = true});
    EXPECT_EQ(c.points, 29);
    EXPECT_EQ(c.percent, 40);
    EXPECT_TRUE(c.has_relevant_data_for_application);
    std::map<std::string_view, bool> g(c.groups.begin(), c.groups.end());
    EXPECT_FALSE(g["personal-data"]);   // birthDate and nationality missing
    EXPECT_FALSE(g["job-employment"]);  // neither until-date nor open-ended
    EXPECT_FALSE(g["appearance"]);
    EXPECT_TRUE(g["addresses"]);
    EXPECT_TRUE(g["images"]);
    EXPECT_FALSE(g["videos"]);
}

// Issue 41, item 16: a profile filled in completely — everything /meine-daten, the images and the
// videos let her fill in — is 100 %, although the activity skills' form is hidden by its toggle.
TEST(ProfileCompleteness, FullProfileReachesOneHundredPercent) {
    simdjson::dom::parser parser;
    auto p = parse_json(parser, full_profile);
    EXPECT_TRUE(validate_profile(p, {}, "2026-11-21").empty());
    // 38 simple fields + 4+4+4+3+3+5 entries + 5 portrait + 5 introduction video + 1 social = 72
    // (the spec's 75 less the activity skills' 3).
    auto c = compute_completeness(p, {.images = 2, .portrait_image = true, .videos = 1, .introduction_video = true, .documents = 1});
    EXPECT_EQ(c.points, 72);
    EXPECT_EQ(c.percent, 100);
    EXPECT_TRUE(c.has_relevant_data_for_application);
    for (auto& [g, met] : c.groups) EXPECT_TRUE(met) << g;
    // The same profile without its activity skills is just as complete: she cannot fill them in.
    simdjson::dom::parser other;
    std::string no_skills(full_profile);
    no_skills.replace(no_skills.find("\"activitySkills\""), 16, "\"unusedSkills__\"");
    auto q = parse_json(other, no_skills);
    EXPECT_EQ(compute_completeness(q, {.images = 2, .portrait_image = true, .videos = 1, .introduction_video = true, .documents = 1}).percent, 100);
    // Without media: 72 - 10 = 62 points → 86 %.
    auto without = compute_completeness(p, {});
    EXPECT_EQ(without.points, 62);
    EXPECT_EQ(without.percent, 86);
}

// The activity skills count exactly while the site shows their form (the toggle profile_skills).
TEST(ProfileCompleteness, ActivitySkillsCountExactlyWhileTheirFormIsShown) {
    bool shown = true;
    for (const auto& t : jh::content::toggles())
        if (t.name == "profile_skills") shown = t.enabled;
    EXPECT_EQ(activity_skills_fillable, shown);
    EXPECT_EQ(max_points, shown ? 75 : 72);
}

TEST(ProfileCompleteness, ApplyingNeedsALanguage) {
    simdjson::dom::parser parser;
    auto v = application_violations(parse_json(parser, R"({"firstName":"Jana","lastName":"Müller","gender":"female",
        "hasActivitySkills":true,"addresses":[{"street":"a"}],"communicationData":[{"type":"tel","value":"1"}],
        "jobEmployment":{"jobEmploymentStatus":"student"}})"));
    ASSERT_EQ(v.size(), 1u);
    EXPECT_EQ(v[0].property_path, "languages");
    EXPECT_EQ(v[0].message, msg::language_needed);
}
