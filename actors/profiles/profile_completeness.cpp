// profile_completeness.cpp: how complete a profile is (points, percent, what is still missing) and
// which fields an application needs, declared in profile_rules.h.
#include "actors/profiles/profile_rules.h"

#include <cstdlib>

#include "reactor/text.h"

namespace jh::profiles {

using simdjson::dom::element;
using simdjson::dom::object;

// ---- completeness ------------------------------------------------------------------------------------------

namespace {

// A "filled" field: a non-blank string, any number or boolean, a non-empty list.
bool filled(object o, std::string_view key) {
    element e;
    if (o[key].get(e) != simdjson::SUCCESS || e.is_null()) return false;
    if (e.is_string()) return !trim(e.get_string().value()).empty();
    if (e.is_array()) return e.get_array().value().size() > 0;
    if (e.is_object()) return e.get_object().value().size() > 0;
    return true;
}

bool is_true(object o, std::string_view key) {
    bool b = false;
    return o[key].get(b) == simdjson::SUCCESS && b;
}

}  // namespace

simdjson::dom::object section_or_empty(simdjson::dom::object p, std::string_view key) {
    simdjson::dom::object s;
    if (p[key].get(s) == simdjson::SUCCESS) return s;
    static simdjson::dom::parser empty_parser;
    static const simdjson::dom::object empty = [] {
        simdjson::dom::object o;
        if (empty_parser.parse(std::string_view("{}")).get(o) != simdjson::SUCCESS) std::abort();
        return o;
    }();
    return empty;
}

completeness compute_completeness(object p, const media_counts& media) {
    completeness c;
    object app = section_or_empty(p, "appearance"), mob = section_or_empty(p, "mobility"), bank = section_or_empty(p, "bankData"),
           health = section_or_empty(p, "healthInsurance"), tax = section_or_empty(p, "tax"),
           pers = section_or_empty(p, "personnelAccounting"), job = section_or_empty(p, "jobEmployment"),
           pref = section_or_empty(p, "workPreference");

    // One point per simple field (38 fields).
    auto count = [&](object o, std::initializer_list<std::string_view> keys) {
        for (auto k : keys)
            if (filled(o, k)) ++c.points;
    };
    count(p, {"firstName", "lastName", "birthDate", "gender", "nationality", "profileSummary"});
    count(app, {"bodyHeight", "eyeColor", "hairColor", "hairLength", "sizeOfClothing", "sizeOfPants", "sizeOfShirt", "sizeOfShoe"});
    count(mob, {"ownCar", "drivingLicenses"});
    count(bank, {"accountHolder", "bankName", "iban", "bic"});
    count(health, {"healthInsuranceName", "healthInsuranceNumber", "healthInsuranceType"});
    count(tax, {"denomination", "taxIdentificationNumber", "taxNumber", "taxOffice"});
    count(pers, {"shortTermEmploymentWorkingDaysCurrentYear", "shortTermEmploymentWorkingDaysLastYear"});
    count(job, {"jobEmploymentStatus", "jobEmploymentStatusDateFrom"});
    bool job_end = filled(job, "jobEmploymentStatusDateUntil") || is_true(job, "jobEmploymentStatusOpenEnded");
    if (job_end) ++c.points;
    count(pref, {"preferredActivities", "preferredEmploymentTypes", "preferredIndustries", "preferredSalary",
                 "preferredWorkingPlaces", "preferredWorkingTimes"});

    // Weighted entries.
    auto weighted = [&](bool met, int weight) {
        if (met) c.points += weight;
        return met;
    };
    bool addresses = weighted(filled(p, "addresses"), 4);
    bool comm = weighted(filled(p, "communicationData"), 4);
    bool languages = weighted(filled(p, "languages"), 4);
    bool skills = activity_skills_fillable && weighted(filled(p, "activitySkills"), 3);
    bool schooling = weighted(filled(p, "schoolings"), 3);
    bool work = weighted(filled(p, "workExperiences"), 3);
    bool promotion = weighted(filled(p, "promotionExperiences"), 5);
    weighted(media.portrait_image, 5);
    weighted(media.introduction_video, 5);
    bool social = weighted(filled(p, "socialProfiles"), 1);
    c.percent = c.points * 100 / max_points;

    bool personal = filled(p, "firstName") && filled(p, "lastName") && filled(p, "gender") && filled(p, "birthDate") &&
                    filled(p, "nationality");
    c.groups = {
        {"personal-data", personal},
        {"addresses", addresses},
        {"communication-data", comm},
        {"social-profiles", social},
        {"languages", languages},
        {"schooling", schooling},
        {"work-experiences", work},
        {"promotion-experiences", promotion},
        {"job-employment", filled(job, "jobEmploymentStatus") && filled(job, "jobEmploymentStatusDateFrom") && job_end},
        {"appearance", filled(app, "bodyHeight") && filled(app, "sizeOfClothing") && filled(app, "sizeOfPants") &&
                           filled(app, "sizeOfShirt") && filled(app, "sizeOfShoe") && filled(app, "hairColor")},
        {"mobility", is_true(mob, "ownCar") || filled(mob, "drivingLicenses")},
        {"bank-data", filled(bank, "accountHolder") && filled(bank, "bankName") && filled(bank, "iban") && filled(bank, "bic")},
        {"tax", (filled(tax, "taxNumber") && filled(tax, "taxOffice")) || filled(tax, "salesTaxIdentificationNumber")},
        {"work-preference", filled(pref, "preferredSalary") && filled(pref, "preferredActivities") &&
                                filled(pref, "preferredIndustries") && filled(pref, "preferredWorkingTimes") &&
                                filled(pref, "preferredWorkingPlaces") && filled(pref, "preferredEmploymentTypes")},
        {"images", media.images > 0},
        {"videos", media.videos > 0},
        {"documents", media.documents > 0},
    };
    if (activity_skills_fillable) c.groups.emplace_back("activity-skills", skills);

    auto need = [&](bool ok, std::string_view field) {
        if (!ok) c.missing_for_application.push_back(field);
    };
    need(filled(p, "firstName"), "firstName");
    need(filled(p, "lastName"), "lastName");
    need(filled(p, "gender"), "gender");
    need(is_true(p, "hasActivitySkills"), "hasActivitySkills");
    need(addresses, "addresses");
    need(comm, "communicationData");
    need(languages, "languages");
    need(filled(job, "jobEmploymentStatus"), "jobEmployment.jobEmploymentStatus");
    c.has_relevant_data_for_application = c.missing_for_application.empty();
    return c;
}

std::vector<violation> application_violations(object p) {
    completeness c = compute_completeness(p, {});
    std::vector<violation> out;
    for (auto f : c.missing_for_application)
        out.push_back({std::string(f), std::string(f == "languages" ? msg::language_needed : msg::required)});
    return out;
}

}  // namespace jh::profiles
