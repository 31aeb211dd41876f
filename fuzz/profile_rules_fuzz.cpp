// profile_rules_fuzz.cpp: the sedcard's validation (actors/profiles/profile_rules.h) on a fuzzed
// profile document, as a PATCH leaves it before the rules run.
//
// The input is a JSON document. An object goes through validate_profile (with and without
// reference lists), compute_completeness and application_violations; every violation must carry
// a message, and the completeness must stay within its scale. The input's
// text also goes through each single-field rule (e-mail, phone, URL, postal code per country,
// VAT id, IBAN, BIC, date), the functions that see every text field of a profile.
#include <cstdlib>
#include <string>

#include "actors/profiles/profile_rules.h"
#include "fuzz/fuzz_support.h"

namespace {

using namespace jh::profiles;

void check(bool ok) {
    if (!ok) std::abort();
}

// Every violation carries a message (its path may be "" when the document has a key "").
void check_violations(const std::vector<jh::violation>& vs) {
    for (const auto& v : vs) check(!v.message.empty());
}

const reference_lists& loaded_refs() {
    static const reference_lists refs = [] {
        reference_lists r;
        r.languages = {"de", "en", "fr", "tr", "pl"};
        r.countries = {"de", "at", "ch", "gr", "fr", "nl", "pl", "it"};
        r.denominations = {"keine", "ev", "rk"};
        r.activities = {"gastronomie", "promotion", "logistik"};
        r.industries = {"handel", "messe"};
        return r;
    }();
    return refs;
}

void single_field_rules(std::string_view s) {
    (void)is_email(s);
    (void)is_phone_number(s);
    (void)is_alnum_space(s);
    (void)is_url(s);
    (void)is_integer_text(s);
    (void)is_numeric_text(s);
    (void)is_date(s);
    (void)is_iban(s);
    (void)is_bic(s);
    for (std::string_view country : {"de", "at", "ch", "gr", "el", "nl", "GB", "xx"}) {
        (void)is_zip_code_for_country(s, country);
        (void)is_vat_id(s, country);
    }
    // The first two characters as the country: the rules take both from user input.
    if (s.size() >= 2) {
        (void)is_zip_code_for_country(s.substr(2), s.substr(0, 2));
        (void)is_vat_id(s.substr(2), s.substr(0, 2));
        (void)has_zip_rule(s.substr(0, 2));
    }
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
    jh::fuzz::quiet_logging();
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::string_view text = jh::fuzz::as_text(data, size);
    single_field_rules(text);

    simdjson::dom::parser parser;
    simdjson::dom::object profile;
    if (parser.parse(text.data(), text.size()).get(profile) != simdjson::SUCCESS) return 0;

    check_violations(validate_profile(profile, reference_lists{}, "2026-11-21"));
    check_violations(validate_profile(profile, loaded_refs(), "2026-11-21"));
    check_violations(application_violations(profile));

    for (const media_counts& media : {media_counts{}, media_counts{3, true, 1, true, 2}}) {
        completeness c = compute_completeness(profile, media);
        check(c.points >= 0 && c.points <= max_points && c.percent >= 0 && c.percent <= 100);
    }
    return 0;
}
