// profile_rules.h: the sedcard's rules as pure functions (candidate-side.md sections 3 and 5):
// the enumerations, the field rules (shared with other domains' forms: actors/field_rules.h),
// the validation of a whole profile document, and the completeness score.
//
// Nothing here touches the database or HTTP, so the web app can mirror it rule by rule and
// tests/unit/profile_rules_test.cpp checks it directly. Lists that live in reference tables
// (languages, countries, denominations, activities, industries; migrations/0010) come in as a
// `reference_lists` the caller loads once.
#pragma once

#include <simdjson.h>

#include <cstdint>
#include <optional>
#include <set>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "actors/field_rules.h"
#include "actors/files/stored_file.h"
#include "reactor/app_error.h"

namespace jh::profiles {

namespace msg {
// Every field message the forms of several domains share (actors/field_rules.h) is a sedcard
// message too; a message declared here takes the place of the shared one of the same name
// (`choice` in the "du" of the sedcard instead of the providers' "Sie").
using namespace fields::msg;
// The messages about files are the files domain's (actors/files/stored_file.h).
using namespace files::msg;
// Ours, where the spec names a rule but no text (docs/decisions.md).
inline constexpr std::string_view choice = "Bitte wähle einen der angebotenen Werte aus";
inline constexpr std::string_view date_in_future = "Dieses Datum darf nicht in der Zukunft liegen";
inline constexpr std::string_view date_order = "Das Enddatum darf nicht vor dem Anfangsdatum liegen";
inline constexpr std::string_view boolean = "Dieses Feld muss ja oder nein sein";
inline constexpr std::string_view days_max = "Es sind höchstens 365 Tage kurzfristiger Beschäftigung möglich";
inline constexpr std::string_view language_needed = "Bitte gib mindestens eine Sprache an";
inline constexpr std::string_view not_a_document = "Datei muss eine PDF-Datei oder ein Bild sein";
inline constexpr std::string_view not_a_video = "Datei muss ein Video (MP4, WebM oder MOV) sein";
}  // namespace msg

// "Dieses Feld muss mindestens {length} lang sein" / "... mindestens {min} sein".
std::string min_length_message(int length);
using fields::min_value_message;   // the shared rule (actors/field_rules.h)

// ---- enumerations (section 3; lists the spec only names are ours, docs/decisions.md) ---------------
namespace enums {
extern const std::span<const std::string_view> eye_color, hair_color, hair_length, gender, health_insurance_type, shirt_size,
    skill_level, language_level, degree, social_profile_type, document_type, image_type, employment_type, working_place,
    working_time, job_employment_status, driving_license, communication_type;
}
bool in(std::span<const std::string_view> list, std::string_view v);

// Lists kept in reference tables; an empty set means "not loaded: accept any value".
struct reference_lists {
    std::set<std::string, std::less<>> languages;      // ISO 639-1 codes
    std::set<std::string, std::less<>> countries;      // lower-case ISO 3166-1 codes ("el" is read as "gr")
    std::set<std::string, std::less<>> denominations;  // ELStAM codes and "keine"
    std::set<std::string, std::less<>> activities;     // slugs
    std::set<std::string, std::less<>> industries;     // slugs
};

// ---- single field rules (actors/field_rules.h) ------------------------------------------------------
using fields::has_zip_rule;
using fields::is_alnum_space;
using fields::is_bic;
using fields::is_date;
using fields::is_email;
using fields::is_iban;
using fields::is_integer_text;
using fields::is_numeric_text;
using fields::is_phone_number;
using fields::is_url;
using fields::is_vat_id;
using fields::is_zip_code_for_country;

// ---- a whole profile -------------------------------------------------------------------------------
// Validates the profile document (the merged result of a PATCH) and returns every violation, with
// property paths such as "addresses[0].zipcode". `today` is YYYY-MM-DD.
std::vector<violation> validate_profile(simdjson::dom::object profile, const reference_lists& refs, std::string_view today);

// What the profile has outside its JSON document (media rows).
struct media_counts {
    int images = 0;
    bool portrait_image = false;
    int videos = 0;
    bool introduction_video = false;
    int documents = 0;
};

// Whether a candidate can fill in her list of activity skills: /meine-daten shows that form only
// while the site's toggle `profile_skills` is on (actors/content/features.cpp: off). Completeness
// counts only what she can fill in (issue 41, item 16; docs/sedcard.md): while the form is hidden
// the list's 3 points and its group are left out, so a profile filled in completely is 100 %.
// ProfileCompleteness.ActivitySkillsCountExactlyWhileTheirFormIsShown holds it to the toggle.
inline constexpr bool activity_skills_fillable = false;

struct completeness {
    int points = 0;                      // of max_points
    int percent = 0;                     // points * 100 / max_points, rounded down
    std::vector<std::pair<std::string_view, bool>> groups;   // the spec's groups, met or not
    bool has_relevant_data_for_application = false;
    std::vector<std::string_view> missing_for_application;   // field names, for the client
};
// The spec's 75 points, less the activity skills' 3 while their form is hidden.
inline constexpr int max_points = activity_skills_fillable ? 75 : 72;

completeness compute_completeness(simdjson::dom::object profile, const media_counts& media);

// The object `key` of a profile document, or an empty object when it is absent or not an object.
simdjson::dom::object section_or_empty(simdjson::dom::object p, std::string_view key);

// The form rule "registration before applying needs at least one language" and the rest of the
// relevant data, as violations (for the applying flow).
std::vector<violation> application_violations(simdjson::dom::object profile);

}  // namespace jh::profiles
