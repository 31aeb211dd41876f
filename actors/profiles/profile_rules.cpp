// profile_rules.cpp: see profile_rules.h. The enumerations and the walk over a profile document,
// section by section. The single field rules are in profile_field_rules.cpp, completeness in
// profile_completeness.cpp.
#include "actors/profiles/profile_rules.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <map>

#include "actors/form_text.h"
#include "reactor/text.h"

namespace jh::profiles {

namespace {
using namespace std::string_view_literals;

constexpr std::array eye_color_v{"blue"sv, "brown"sv, "gray"sv, "green"sv, "powder_blue"sv};
constexpr std::array hair_color_v{"bald"sv,  "black"sv,     "blonde"sv,       "brown"sv, "brunette"sv, "dark_blonde"sv,
                                  "dark_brown"sv, "gray"sv, "light_blonde"sv, "light_brown"sv, "red"sv, "white"sv};
constexpr std::array hair_length_v{"long"sv, "middle"sv, "none"sv, "short"sv};
constexpr std::array gender_v{"any"sv, "diverse"sv, "female"sv, "male"sv};
constexpr std::array health_insurance_type_v{"private"sv, "statutory"sv, "voluntary"sv};
constexpr std::array shirt_size_v{"xs"sv, "s"sv, "m"sv, "l"sv, "xl"sv, "xxl"sv};
constexpr std::array skill_level_v{"beginner"sv, "advanced"sv, "expert"sv};
constexpr std::array language_level_v{"basic"sv, "advanced"sv, "expert"sv, "native"sv};
constexpr std::array degree_v{"isced_none"sv, "2"sv, "24"sv, "3"sv, "5"sv, "6"sv, "7"sv, "8"sv, "9"sv};
constexpr std::array social_profile_type_v{"apple"sv,     "facebook"sv, "google"sv,   "instagram"sv, "linkedin"sv, "microsoft"sv,
                                           "misc"sv,      "snapchat"sv, "tiktok"sv,   "twitter"sv,   "xing"sv};
constexpr std::array document_type_v{"bfa_befreiung"sv, "business_license"sv,    "certificate"sv, "criminal_record"sv,
                                     "cv"sv,            "driving_license"sv,     "enrollment_certificate"sv,
                                     "health_certificate"sv, "identification_card"sv, "misc"sv, "tax_card"sv,
                                     "tax_confirmation"sv, "work_permit"sv};
constexpr std::array image_type_v{"portrait"sv, "american_portrait"sv, "full_body"sv, "misc"sv};
constexpr std::array employment_type_v{"contractor"sv, "full_time"sv, "part_time"sv, "part_time_mini"sv,
                                       "student"sv,    "temporary"sv, "training"sv};
constexpr std::array working_place_v{"abroad"sv, "home"sv, "nationwide"sv, "regional_home"sv, "regional_sleep"sv};
constexpr std::array working_time_v{"always"sv, "arrangement"sv, "day"sv, "evening"sv, "holidays"sv, "weekdays"sv, "weekend"sv};
// The spec names 13 and shows 8; the other 5 are ours (docs/decisions.md).
constexpr std::array job_employment_status_v{"student"sv,    "scholar"sv,        "trainee"sv,      "freelancer"sv, "pensioner"sv,
                                             "unemployed"sv, "minijobber"sv,     "voluntary_year"sv, "employee"sv,
                                             "civil_servant"sv, "self_employed"sv, "homemaker"sv,    "parental_leave"sv};
// German licence classes (FeV) and the old classes 1 to 3 (with 1a/1b) still on old licences.
constexpr std::array driving_license_v{"AM"sv, "A1"sv, "A2"sv, "A"sv,   "B"sv,  "B96"sv, "BE"sv, "C1"sv, "C1E"sv, "C"sv,  "CE"sv,
                                       "D1"sv, "D1E"sv, "D"sv, "DE"sv,  "L"sv,  "T"sv,   "1"sv,  "1a"sv, "1b"sv,  "2"sv,  "3"sv};
constexpr std::array communication_type_v{"email"sv, "tel"sv, "mobile"sv, "fax"sv, "url"sv};
}  // namespace

namespace enums {
const std::span<const std::string_view> eye_color = eye_color_v, hair_color = hair_color_v, hair_length = hair_length_v,
                                        gender = gender_v, health_insurance_type = health_insurance_type_v,
                                        shirt_size = shirt_size_v, skill_level = skill_level_v,
                                        language_level = language_level_v, degree = degree_v,
                                        social_profile_type = social_profile_type_v, document_type = document_type_v,
                                        image_type = image_type_v, employment_type = employment_type_v,
                                        working_place = working_place_v, working_time = working_time_v,
                                        job_employment_status = job_employment_status_v,
                                        driving_license = driving_license_v, communication_type = communication_type_v;
}

bool in(std::span<const std::string_view> list, std::string_view v) {
    for (auto x : list)
        if (x == v) return true;
    return false;
}

std::string min_length_message(int length) { return "Dieses Feld muss mindestens " + std::to_string(length) + " lang sein"; }

// ---- the walk over a profile ----------------------------------------------------------------------------

namespace {

using simdjson::dom::array;
using simdjson::dom::element;
using simdjson::dom::object;

// Reads members of one object by rule; collects violations under a path prefix.
class checker {
public:
    checker(std::vector<violation>& out, std::string prefix) : out_(out), prefix_(std::move(prefix)) {}

    void add(std::string_view key, std::string_view message) { out_.push_back({path(key), std::string(message)}); }
    std::string path(std::string_view key) const { return prefix_.empty() ? std::string(key) : prefix_ + "." + std::string(key); }

    // Members not in `allowed` are violations: nothing unknown is stored.
    void only(object o, std::initializer_list<std::string_view> allowed) {
        for (auto [k, v] : o) {
            bool known = false;
            for (auto a : allowed) known = known || a == k;
            if (!known) add(k, msg::unknown_field);
        }
    }

    // A string member; nullopt when absent or null. Wrong type → violation.
    std::optional<std::string_view> text(object o, std::string_view key, std::size_t max_len = 255, bool required = false) {
        element e;
        if (o[key].get(e) != simdjson::SUCCESS || e.is_null()) {
            if (required) add(key, msg::required);
            return std::nullopt;
        }
        std::string_view s;
        if (e.get(s) != simdjson::SUCCESS) {
            add(key, msg::text);
            return std::nullopt;
        }
        if (trim(s).empty()) {
            if (required) add(key, msg::required);
            return std::nullopt;
        }
        if (s.size() > max_len) {
            add(key, msg::too_long);
            return std::nullopt;
        }
        return s;
    }
    void choice(object o, std::string_view key, std::span<const std::string_view> list, bool required = false) {
        if (auto v = text(o, key, 64, required); v && !in(list, *v)) add(key, msg::choice);
    }
    void ref(object o, std::string_view key, const std::set<std::string, std::less<>>& list, bool required = false) {
        if (auto v = text(o, key, 64, required); v && !list.empty() && !list.contains(*v) && !(*v == "el" && list.contains("gr")))
            add(key, msg::choice);
    }
    // Member `key` as a T (a bool, a list, an object); nullopt when absent or null, and a
    // violation with `wrong_type` when it is something else.
    template <typename T>
    std::optional<T> typed(object o, std::string_view key, std::string_view wrong_type) {
        element e;
        if (o[key].get(e) != simdjson::SUCCESS || e.is_null()) return std::nullopt;
        T v{};
        if (e.get(v) != simdjson::SUCCESS) {
            add(key, wrong_type);
            return std::nullopt;
        }
        return v;
    }
    std::optional<bool> boolean(object o, std::string_view key) { return typed<bool>(o, key, msg::boolean); }
    // A number given as a JSON number or as text ("1,5" too). integer: whole numbers only.
    std::optional<double> number(object o, std::string_view key, bool integer, bool required = false) {
        element e;
        if (o[key].get(e) != simdjson::SUCCESS || e.is_null()) {
            if (required) add(key, msg::required);
            return std::nullopt;
        }
        double v = 0;
        if (e.is_int64() || e.is_uint64()) {
            v = static_cast<double>(e.is_int64() ? e.get_int64().value() : static_cast<std::int64_t>(e.get_uint64().value()));
        } else if (e.is_double()) {
            v = e.get_double().value();
            if (integer && v != std::floor(v)) {
                add(key, msg::integer);
                return std::nullopt;
            }
        } else if (e.is_string()) {
            std::string_view s = e.get_string().value();
            if (trim(s).empty()) {
                if (required) add(key, msg::required);
                return std::nullopt;
            }
            if (integer ? !is_integer_text(s) : !is_numeric_text(s)) {
                add(key, integer ? msg::integer : msg::numeric);
                return std::nullopt;
            }
            std::string t(trim(s));
            for (char& c : t)
                if (c == ',') c = '.';
            if (!t.empty() && t.front() == '+') t.erase(0, 1);
            std::from_chars(t.data(), t.data() + t.size(), v);
        } else {
            add(key, integer ? msg::integer : msg::numeric);
            return std::nullopt;
        }
        return v;
    }
    // A number with a lower bound (min_value) and optionally an upper one with its own message.
    void number_min(object o, std::string_view key, bool integer, double min, std::string_view min_text,
                    std::optional<double> max = std::nullopt, std::string_view max_msg = {}) {
        auto v = number(o, key, integer);
        if (!v) return;
        if (*v < min) add(key, min_value_message(min_text));
        else if (max && *v > *max) add(key, max_msg);
    }
    std::optional<std::string_view> date(object o, std::string_view key, std::string_view today, bool not_future = false,
                                         bool required = false) {
        auto v = text(o, key, 10 + 20, required);
        if (!v) return std::nullopt;
        if (!is_date(*v)) {
            add(key, msg::date);
            return std::nullopt;
        }
        if (not_future && *v > today) {
            add(key, msg::date_in_future);
            return std::nullopt;
        }
        return v;
    }
    // An optional list; wrong type or too long → violation, nullopt.
    std::optional<array> list(object o, std::string_view key, std::size_t max_items) {
        auto a = typed<array>(o, key, msg::list);
        if (a && a->size() > max_items) {
            add(key, msg::too_many);
            return std::nullopt;
        }
        return a;
    }
    // A list of strings from a fixed list (or a reference set when `list` is empty).
    void choices(object o, std::string_view key, std::span<const std::string_view> list,
                 const std::set<std::string, std::less<>>* refs = nullptr, std::size_t max_items = 50) {
        auto a = this->list(o, key, max_items);
        if (!a) return;
        std::size_t i = 0;
        for (element e : *a) {
            std::string k = std::string(key) + "[" + std::to_string(i++) + "]";
            std::string_view s;
            if (e.get(s) != simdjson::SUCCESS) {
                add(k, msg::text);
                continue;
            }
            bool ok = refs ? (refs->empty() || refs->contains(s)) : in(list, s);
            if (!ok) add(k, msg::choice);
        }
    }
    // An optional nested object.
    std::optional<object> section(object o, std::string_view key) { return typed<object>(o, key, msg::unknown_field); }
    // Each entry of a list of objects, with a checker whose prefix is "key[i]".
    template <typename F>
    void entries(object o, std::string_view key, std::size_t max_items, F each) {
        auto a = list(o, key, max_items);
        if (!a) return;
        std::size_t i = 0;
        for (element e : *a) {
            std::string p = path(key) + "[" + std::to_string(i++) + "]";
            object entry;
            if (e.get(entry) != simdjson::SUCCESS) {
                out_.push_back({p, std::string(msg::required)});
                continue;
            }
            checker c(out_, p);
            each(c, entry);
        }
    }
    checker nested(std::string_view key) const { return checker(out_, path(key)); }

private:
    std::vector<violation>& out_;
    std::string prefix_;
};

std::string_view string_or_empty(object o, std::string_view key) {
    std::string_view s;
    if (o[key].get(s) == simdjson::SUCCESS) return s;
    return {};
}

void check_experience(checker& c, object e, std::string_view today, const reference_lists& refs) {
    c.only(e, {"title", "organization", "activity", "industry", "description", "periodFrom", "periodUntil"});
    c.text(e, "title", 200, true);
    c.text(e, "organization", 200);
    c.ref(e, "activity", refs.activities);
    c.ref(e, "industry", refs.industries);
    c.text(e, "description", 5000);
    auto from = c.date(e, "periodFrom", today, true, true);
    auto until = c.date(e, "periodUntil", today);
    if (from && until && *until < *from) c.add("periodUntil", msg::date_order);
}

// Personal data: name, birth date, gender, nationality, summary, skin type. The name stays required
// once given (registration sets it).
void check_profile_personal_data(checker& c, object p, const reference_lists& refs, std::string_view today) {
    c.text(p, "firstName", 100, true);
    c.text(p, "lastName", 100, true);
    c.date(p, "birthDate", today, true);
    c.choice(p, "gender", enums::gender);
    c.ref(p, "nationality", refs.countries);
    c.text(p, "profileSummary", 5000);
    if (auto s = c.text(p, "skinType", 50); s && !is_alnum_space(*s)) c.add("skinType", msg::alnum_space);
}

// Where she lives and how she is reached: up to 5 addresses (the zip code fits the country), 10 ways to contact her.
void check_profile_contact_data(checker& c, object p, const reference_lists& refs) {
    c.entries(p, "addresses", 5, [&](checker& a, object e) {
        a.only(e, {"street", "zipcode", "city", "country", "nextCity", "geoCluster"});
        a.text(e, "street", 200, true);
        a.text(e, "city", 100, true);
        a.ref(e, "country", refs.countries, true);
        if (auto zip = a.text(e, "zipcode", 12, true)) {
            std::string_view country = string_or_empty(e, "country");
            if (!is_zip_code_for_country(*zip, country.empty() ? "de" : country)) a.add("zipcode", msg::zip_code);
        }
        a.text(e, "nextCity", 100);
        a.text(e, "geoCluster", 100);
    });

    c.entries(p, "communicationData", 10, [&](checker& d, object e) {
        d.only(e, {"type", "value"});
        d.choice(e, "type", enums::communication_type, true);
        auto value = d.text(e, "value", 255, true);
        if (!value) return;
        std::string_view type = string_or_empty(e, "type");
        if (type == "email" && !is_email(*value)) d.add("value", msg::email);
        if ((type == "tel" || type == "mobile" || type == "fax") && !is_phone_number(*value)) d.add("value", msg::phone_number);
        if (type == "url" && !is_url(*value)) d.add("value", msg::url);
    });
}

// Appearance (sizes as German shops count them) and mobility.
void check_profile_appearance_and_mobility(checker& c, object p) {
    if (auto a = c.section(p, "appearance")) {
        checker s = c.nested("appearance");
        s.only(*a, {"bodyHeight", "eyeColor", "hairColor", "hairLength", "hasGlasses", "hasContactLenses", "hasPiercing",
                    "piercingLocation", "hasTattoo", "tattooLocation", "sizeOfClothing", "sizeOfPants", "sizeOfShirt",
                    "sizeOfShoe"});
        s.number_min(*a, "bodyHeight", true, 50, "50", 250, msg::choice);
        s.choice(*a, "eyeColor", enums::eye_color);
        s.choice(*a, "hairColor", enums::hair_color);
        s.choice(*a, "hairLength", enums::hair_length);
        s.boolean(*a, "hasGlasses");
        s.boolean(*a, "hasContactLenses");
        s.boolean(*a, "hasPiercing");
        s.text(*a, "piercingLocation", 200);
        s.boolean(*a, "hasTattoo");
        s.text(*a, "tattooLocation", 200);
        s.number_min(*a, "sizeOfClothing", true, 26, "26", 72, msg::choice);   // German sizes 26..72
        s.number_min(*a, "sizeOfPants", true, 20, "20", 72, msg::choice);      // German or inch (W) sizes
        s.choice(*a, "sizeOfShirt", enums::shirt_size);
        s.number_min(*a, "sizeOfShoe", false, 16, "16", 55, msg::choice);      // EU sizes, halves allowed
    }

    if (auto m = c.section(p, "mobility")) {
        checker s = c.nested("mobility");
        s.only(*m, {"ownCar", "carType", "drivingLicenses"});
        s.boolean(*m, "ownCar");
        if (auto t = s.text(*m, "carType", 100); t && !is_alnum_space(*t)) s.add("carType", msg::alnum_space);
        s.choices(*m, "drivingLicenses", enums::driving_license, nullptr, 30);
    }
}

// What payroll needs: bank, health insurance, tax (the VAT id fits the first address's country), days already worked.
void check_profile_payroll_data(checker& c, object p, const reference_lists& refs) {
    if (auto b = c.section(p, "bankData")) {
        checker s = c.nested("bankData");
        s.only(*b, {"accountHolder", "bankName", "iban", "bic"});
        s.text(*b, "accountHolder", 200);
        s.text(*b, "bankName", 200);
        if (auto v = s.text(*b, "iban", 42); v && !is_iban(*v)) s.add("iban", msg::iban);
        if (auto v = s.text(*b, "bic", 14); v && !is_bic(*v)) s.add("bic", msg::bic);
    }

    if (auto h = c.section(p, "healthInsurance")) {
        checker s = c.nested("healthInsurance");
        s.only(*h, {"healthInsuranceName", "healthInsuranceNumber", "healthInsuranceType"});
        s.text(*h, "healthInsuranceName", 200);
        if (auto v = s.text(*h, "healthInsuranceNumber", 30); v && !is_alnum_space(*v)) s.add("healthInsuranceNumber", msg::alnum_space);
        s.choice(*h, "healthInsuranceType", enums::health_insurance_type);
    }

    if (auto t = c.section(p, "tax")) {
        checker s = c.nested("tax");
        s.only(*t, {"denomination", "salesTaxDeductible", "salesTaxIdentificationNumber", "taxIdentificationNumber", "taxNumber",
                    "taxOffice", "taxSmallBusiness"});
        s.ref(*t, "denomination", refs.denominations);
        s.boolean(*t, "salesTaxDeductible");
        s.boolean(*t, "taxSmallBusiness");
        if (auto v = s.text(*t, "salesTaxIdentificationNumber", 30)) {
            // The VAT id belongs to the country of the first address (Germany when none is given).
            std::string_view country = "de";
            array addrs;
            if (p["addresses"].get(addrs) == simdjson::SUCCESS && addrs.size() > 0) {
                object first;
                if (addrs.at(0).get(first) == simdjson::SUCCESS && !string_or_empty(first, "country").empty())
                    country = string_or_empty(first, "country");
            }
            if (!is_vat_id(*v, country)) s.add("salesTaxIdentificationNumber", msg::vat_id);
        }
        // Steuer-ID: 11 digits.
        if (auto v = s.text(*t, "taxIdentificationNumber", 20)) {
            if (!is_integer_text(*v)) s.add("taxIdentificationNumber", msg::integer);
            else if (trim(*v).size() < 11) s.add("taxIdentificationNumber", min_length_message(11));
        }
        s.text(*t, "taxNumber", 30);
        s.text(*t, "taxOffice", 200);
    }

    if (auto a = c.section(p, "personnelAccounting")) {
        checker s = c.nested("personnelAccounting");
        s.only(*a, {"shortTermEmploymentWorkingDaysCurrentYear", "shortTermEmploymentWorkingDaysLastYear"});
        s.number_min(*a, "shortTermEmploymentWorkingDaysCurrentYear", true, 0, "0", 365, msg::days_max);
        s.number_min(*a, "shortTermEmploymentWorkingDaysLastYear", true, 0, "0", 365, msg::days_max);
    }
}

// Work: the current employment, what she prefers, and her experiences.
void check_profile_work(checker& c, object p, const reference_lists& refs, std::string_view today) {
    if (auto j = c.section(p, "jobEmployment")) {
        checker s = c.nested("jobEmployment");
        s.only(*j, {"jobEmploymentStatus", "jobEmploymentStatusDateFrom", "jobEmploymentStatusDateUntil",
                    "jobEmploymentStatusOpenEnded"});
        s.choice(*j, "jobEmploymentStatus", enums::job_employment_status);
        auto from = s.date(*j, "jobEmploymentStatusDateFrom", today);
        auto until = s.date(*j, "jobEmploymentStatusDateUntil", "9999-12-31");
        s.boolean(*j, "jobEmploymentStatusOpenEnded");
        if (from && until && *until < *from) s.add("jobEmploymentStatusDateUntil", msg::date_order);
    }

    if (auto w = c.section(p, "workPreference")) {
        checker s = c.nested("workPreference");
        s.only(*w, {"preferenceSummary", "preferredActivities", "preferredEmploymentTypes", "preferredIndustries",
                    "preferredSalary", "preferredWorkingPlaces", "preferredWorkingTimes"});
        s.text(*w, "preferenceSummary", 5000);
        s.choices(*w, "preferredActivities", {}, &refs.activities);
        s.choices(*w, "preferredEmploymentTypes", enums::employment_type);
        s.choices(*w, "preferredIndustries", {}, &refs.industries);
        s.number_min(*w, "preferredSalary", false, 0, "0", 1000, msg::choice);   // € per hour
        s.choices(*w, "preferredWorkingPlaces", enums::working_place);
        s.choices(*w, "preferredWorkingTimes", enums::working_time);
    }

    c.entries(p, "workExperiences", 30, [&](checker& e, object o) { check_experience(e, o, today, refs); });
    c.entries(p, "promotionExperiences", 30, [&](checker& e, object o) { check_experience(e, o, today, refs); });
}

// Schooling, skills, languages and social profiles.
void check_profile_skills(checker& c, object p, const reference_lists& refs) {
    c.entries(p, "schoolings", 20, [&](checker& s, object e) {
        s.only(e, {"title", "organization", "degree", "date", "description"});
        s.text(e, "title", 200, true);
        s.text(e, "organization", 200);
        s.choice(e, "degree", enums::degree);
        s.date(e, "date", "9999-12-31");
        s.text(e, "description", 5000);
    });

    c.boolean(p, "hasActivitySkills");
    c.entries(p, "activitySkills", 50, [&](checker& s, object e) {
        s.only(e, {"skill", "level"});
        s.ref(e, "skill", refs.activities, true);
        s.choice(e, "level", enums::skill_level, true);
    });

    c.entries(p, "languages", 30, [&](checker& s, object e) {
        s.only(e, {"language", "level"});
        s.ref(e, "language", refs.languages, true);
        s.choice(e, "level", enums::language_level, true);
    });

    c.entries(p, "socialProfiles", 20, [&](checker& s, object e) {
        s.only(e, {"type", "value"});
        s.choice(e, "type", enums::social_profile_type, true);
        if (auto v = s.text(e, "value", 255, true); v && !is_url(*v)) s.add("value", msg::url);
    });
}

}  // namespace

std::vector<violation> validate_profile(object p, const reference_lists& refs, std::string_view today) {
    std::vector<violation> out;
    checker c(out, "");
    c.only(p, {"firstName",         "lastName",       "birthDate",     "gender",           "nationality",
               "profileSummary",    "skinType",       "addresses",     "communicationData", "appearance",
               "mobility",          "bankData",       "healthInsurance", "tax",            "personnelAccounting",
               "jobEmployment",     "workPreference", "workExperiences", "promotionExperiences", "schoolings",
               "hasActivitySkills", "activitySkills", "languages",     "socialProfiles"});

    check_profile_personal_data(c, p, refs, today);
    check_profile_contact_data(c, p, refs);
    check_profile_appearance_and_mobility(c, p);
    check_profile_payroll_data(c, p, refs);
    check_profile_work(c, p, refs, today);
    check_profile_skills(c, p, refs);
    return out;
}


}  // namespace jh::profiles
