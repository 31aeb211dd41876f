// sedcard_model.cpp: see sedcard_model.h.
#include "actors/profiles/sedcard_model.h"

#include <charconv>
#include <cstdlib>
#include <functional>
#include <optional>
#include <cmath>
#include <utility>
#include <vector>

#include "actors/profiles/profile_rules.h"
#include "reactor/json_writer.h"

namespace jh::profiles {

namespace {

using simdjson::dom::array;
using simdjson::dom::element;
using simdjson::dom::object;
using row = std::pair<std::string, std::string>;

struct model_entry {
    std::string title, meta, text;
};

std::string_view str(object o, std::string_view key) {
    std::string_view s;
    if (o[key].get(s) == simdjson::SUCCESS) return s;
    return {};
}

std::optional<double> num(object o, std::string_view key) {
    element e;
    if (o[key].get(e) != simdjson::SUCCESS) return std::nullopt;
    double d = 0;
    if (e.is_number()) {
        if (e.get(d) == simdjson::SUCCESS) return d;
        std::int64_t i = 0;
        if (e.get(i) == simdjson::SUCCESS) return static_cast<double>(i);
        return std::nullopt;
    }
    std::string_view s;
    if (e.get(s) != simdjson::SUCCESS) return std::nullopt;
    std::string t(s);
    for (char& c : t)
        if (c == ',') c = '.';
    auto [p, ec] = std::from_chars(t.data(), t.data() + t.size(), d);
    if (ec != std::errc{}) return std::nullopt;
    return d;
}

std::optional<bool> flag(object o, std::string_view key) {
    bool b = false;
    if (o[key].get(b) == simdjson::SUCCESS) return b;
    return std::nullopt;
}

// German number: 16.5 → "16,50" (with decimals) or "172".
std::string german_number(double v, bool money = false) {
    char buf[32];
    if (money) std::snprintf(buf, sizeof buf, "%.2f", v);
    else if (v == std::floor(v)) std::snprintf(buf, sizeof buf, "%.0f", v);
    else std::snprintf(buf, sizeof buf, "%.1f", v);
    std::string s(buf);
    for (char& c : s)
        if (c == '.') c = ',';
    return s;
}

std::string label(std::string_view value, std::initializer_list<std::pair<std::string_view, std::string_view>> table) {
    for (auto [k, v] : table)
        if (k == value) return std::string(v);
    return std::string(value);
}

std::string name_of(const reference_names& names, char kind, std::string_view code) {
    std::string key = std::string(1, kind) + ":" + std::string(code);
    auto it = names.find(key);
    if (kind == 'c' && it == names.end() && code == "el") it = names.find("c:gr");
    return it == names.end() ? std::string(code) : it->second;
}

// "2020-01-15" → "01/2020".
std::string month_year(std::string_view date) {
    if (date.size() < 7) return std::string(date);
    return std::string(date.substr(5, 2)) + "/" + std::string(date.substr(0, 4));
}

std::string join(const std::vector<std::string>& parts, std::string_view sep) {
    std::string out;
    for (const auto& p : parts) {
        if (p.empty()) continue;
        if (!out.empty()) out += sep;
        out += p;
    }
    return out;
}

std::vector<std::string> list_names(object o, std::string_view key, const std::function<std::string(std::string_view)>& name) {
    std::vector<std::string> out;
    array a;
    if (o[key].get(a) != simdjson::SUCCESS) return out;
    for (element e : a) {
        std::string_view s;
        if (e.get(s) == simdjson::SUCCESS) out.push_back(name(s));
    }
    return out;
}

const std::initializer_list<std::pair<std::string_view, std::string_view>> eye_colors = {
    {"blue", "Blau"}, {"brown", "Braun"}, {"gray", "Grau"}, {"green", "Grün"}, {"powder_blue", "Hellblau"}};
const std::initializer_list<std::pair<std::string_view, std::string_view>> hair_colors = {
    {"bald", "Glatze"},         {"black", "Schwarz"},        {"blonde", "Blond"},       {"brown", "Braun"},
    {"brunette", "Brünett"},    {"dark_blonde", "Dunkelblond"}, {"dark_brown", "Dunkelbraun"}, {"gray", "Grau"},
    {"light_blonde", "Hellblond"}, {"light_brown", "Hellbraun"}, {"red", "Rot"},           {"white", "Weiß"}};
const std::initializer_list<std::pair<std::string_view, std::string_view>> hair_lengths = {
    {"long", "Lang"}, {"middle", "Mittellang"}, {"none", "Keine Haare"}, {"short", "Kurz"}};
const std::initializer_list<std::pair<std::string_view, std::string_view>> language_levels = {
    {"basic", "Grundkenntnisse"}, {"advanced", "Fortgeschritten"}, {"expert", "Verhandlungssicher"}, {"native", "Muttersprache"}};
const std::initializer_list<std::pair<std::string_view, std::string_view>> skill_levels = {
    {"beginner", "Einsteiger"}, {"advanced", "Fortgeschritten"}, {"expert", "Experte"}};
const std::initializer_list<std::pair<std::string_view, std::string_view>> degrees = {
    {"isced_none", "Ohne Abschluss"},
    {"2", "Haupt- oder Realschulabschluss"},
    {"24", "Mittlerer Schulabschluss mit Berufsvorbereitung"},
    {"3", "Abitur oder Berufsausbildung"},
    {"5", "Meister, Techniker oder Fachwirt"},
    {"6", "Bachelor"},
    {"7", "Master oder Diplom"},
    {"8", "Promotion"},
    {"9", "Sonstiger Abschluss"}};
const std::initializer_list<std::pair<std::string_view, std::string_view>> genders = {
    {"female", "weiblich"}, {"male", "männlich"}, {"diverse", "divers"}};
const std::initializer_list<std::pair<std::string_view, std::string_view>> working_times = {
    {"always", "Jederzeit"},   {"arrangement", "Nach Absprache"}, {"day", "Tagsüber"}, {"evening", "Abends"},
    {"holidays", "In den Ferien"}, {"weekdays", "Werktags"},      {"weekend", "Am Wochenende"}};
const std::initializer_list<std::pair<std::string_view, std::string_view>> working_places = {
    {"abroad", "Im Ausland"}, {"home", "Von zu Hause"}, {"nationwide", "Deutschlandweit"},
    {"regional_home", "In der Region (täglich nach Hause)"}, {"regional_sleep", "In der Region (mit Übernachtung)"}};

int age_on(std::string_view birth, std::string_view today) {
    if (birth.size() != 10 || today.size() != 10) return -1;
    int by = 0, ty = 0;
    std::from_chars(birth.data(), birth.data() + 4, by);
    std::from_chars(today.data(), today.data() + 4, ty);
    int age = ty - by;
    if (today.substr(5) < birth.substr(5)) --age;
    return age;
}

std::vector<model_entry> experiences(object p, std::string_view key, const reference_names& names) {
    std::vector<model_entry> out;
    array a;
    if (p[key].get(a) != simdjson::SUCCESS) return out;
    for (element e : a) {
        object o;
        if (e.get(o) != simdjson::SUCCESS) continue;
        std::string period = month_year(str(o, "periodFrom")) + " – " +
                             (str(o, "periodUntil").empty() ? std::string("heute") : month_year(str(o, "periodUntil")));
        std::string activity = str(o, "activity").empty() ? "" : name_of(names, 'a', str(o, "activity"));
        std::string industry = str(o, "industry").empty() ? "" : name_of(names, 'i', str(o, "industry"));
        out.push_back({std::string(str(o, "title")), join({period, std::string(str(o, "organization")), activity, industry}, " · "),
                       std::string(str(o, "description"))});
    }
    return out;
}

// ---- the card's sections, each from its part of the profile ----------------------------------------------

// Age, place of residence (the first address), nationality and gender: the lines under the name.
std::vector<row> sedcard_facts(object p, const reference_names& names, std::string_view today) {
    std::vector<row> facts;
    if (auto b = str(p, "birthDate"); !b.empty())
        if (int age = age_on(b, today); age >= 0) facts.push_back({"Alter", std::to_string(age) + " Jahre"});
    array addresses;
    if (p["addresses"].get(addresses) == simdjson::SUCCESS && addresses.size() > 0) {
        object a;
        if (addresses.at(0).get(a) == simdjson::SUCCESS) {
            std::string place = join({std::string(str(a, "zipcode")), std::string(str(a, "city"))}, " ");
            if (!str(a, "country").empty() && str(a, "country") != "de") place += " (" + name_of(names, 'c', str(a, "country")) + ")";
            if (!place.empty()) facts.push_back({"Wohnort", place});
        }
    }
    if (auto n = str(p, "nationality"); !n.empty()) facts.push_back({"Staatsangehörigkeit", name_of(names, 'c', n)});
    if (auto g = str(p, "gender"); g == "female" || g == "male" || g == "diverse") facts.push_back({"Geschlecht", label(g, genders)});
    return facts;
}

// "Aussehen": the appearance section and the skin type.
std::vector<row> sedcard_appearance(object p) {
    object app = section_or_empty(p, "appearance");
    std::vector<row> look;
    if (auto h = num(app, "bodyHeight")) look.push_back({"Körpergröße", german_number(*h) + " cm"});
    if (auto v = str(app, "eyeColor"); !v.empty()) look.push_back({"Augenfarbe", label(v, eye_colors)});
    if (auto v = str(app, "hairColor"); !v.empty()) look.push_back({"Haarfarbe", label(v, hair_colors)});
    if (auto v = str(app, "hairLength"); !v.empty()) look.push_back({"Haarlänge", label(v, hair_lengths)});
    if (auto v = num(app, "sizeOfClothing")) look.push_back({"Konfektionsgröße", german_number(*v)});
    if (auto v = num(app, "sizeOfPants")) look.push_back({"Hosengröße", german_number(*v)});
    if (auto v = str(app, "sizeOfShirt"); !v.empty()) {
        std::string up(v);
        for (char& c : up) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
        look.push_back({"Shirtgröße", up});
    }
    if (auto v = num(app, "sizeOfShoe")) look.push_back({"Schuhgröße", german_number(*v)});
    if (flag(app, "hasGlasses").value_or(false)) look.push_back({"Brille", "Ja"});
    if (flag(app, "hasContactLenses").value_or(false)) look.push_back({"Kontaktlinsen", "Ja"});
    if (flag(app, "hasPiercing").value_or(false)) look.push_back({"Piercing", join({"Ja", std::string(str(app, "piercingLocation"))}, ", ")});
    if (flag(app, "hasTattoo").value_or(false)) look.push_back({"Tattoo", join({"Ja", std::string(str(app, "tattooLocation"))}, ", ")});
    if (auto v = str(p, "skinType"); !v.empty()) look.push_back({"Hauttyp", std::string(v)});
    return look;
}

// A list of {code, level} objects (languages, activity skills) as rows "name: level".
std::vector<row> sedcard_levels(object p, std::string_view key, std::string_view code_key, char list, const reference_names& names,
                                const std::initializer_list<std::pair<std::string_view, std::string_view>>& levels) {
    std::vector<row> out;
    array a;
    if (p[key].get(a) != simdjson::SUCCESS) return out;
    for (element e : a) {
        object o;
        if (e.get(o) == simdjson::SUCCESS) out.push_back({name_of(names, list, str(o, code_key)), label(str(o, "level"), levels)});
    }
    return out;
}

// "Schulbildung": title, then degree · date · school, then the description.
std::vector<model_entry> sedcard_schoolings(object p) {
    std::vector<model_entry> school;
    array a;
    if (p["schoolings"].get(a) != simdjson::SUCCESS) return school;
    for (element e : a) {
        object o;
        if (e.get(o) != simdjson::SUCCESS) continue;
        std::string degree = str(o, "degree").empty() ? "" : label(str(o, "degree"), degrees);
        std::string date = str(o, "date").empty() ? "" : month_year(str(o, "date"));
        school.push_back({std::string(str(o, "title")), join({degree, date, std::string(str(o, "organization"))}, " · "),
                          std::string(str(o, "description"))});
    }
    return school;
}

// "Mobilität": an own car and the driving licence classes.
std::vector<row> sedcard_mobility(object p) {
    object mob = section_or_empty(p, "mobility");
    std::vector<row> mobility;
    if (auto car = flag(mob, "ownCar"))
        mobility.push_back({"Eigenes Auto", *car ? join({"Ja", std::string(str(mob, "carType"))}, ", ") : "Nein"});
    auto licences = list_names(mob, "drivingLicenses", [](std::string_view s) { return std::string(s); });
    if (!licences.empty()) mobility.push_back({"Führerscheinklassen", join(licences, ", ")});
    return mobility;
}

// "Arbeitswünsche": activities, working times and places, the wished hourly pay.
std::vector<row> sedcard_wishes(object p, const reference_names& names) {
    object pref = section_or_empty(p, "workPreference");
    std::vector<row> wishes;
    auto acts = list_names(pref, "preferredActivities", [&](std::string_view s) { return name_of(names, 'a', s); });
    if (!acts.empty()) wishes.push_back({"Tätigkeiten", join(acts, ", ")});
    auto times = list_names(pref, "preferredWorkingTimes", [](std::string_view s) { return label(s, working_times); });
    if (!times.empty()) wishes.push_back({"Arbeitszeiten", join(times, ", ")});
    auto places = list_names(pref, "preferredWorkingPlaces", [](std::string_view s) { return label(s, working_places); });
    if (!places.empty()) wishes.push_back({"Einsatzorte", join(places, ", ")});
    if (auto s = num(pref, "preferredSalary")) wishes.push_back({"Wunschgehalt", german_number(*s, true) + " € pro Stunde"});
    return wishes;
}

// A section of label/value rows; an empty one is left off the card.
void sedcard_rows_section(json_writer& w, std::string_view heading, const std::vector<row>& rows) {
    if (rows.empty()) return;
    w.begin_object().member("heading", heading).key("rows").begin_array();
    for (auto& [l, v] : rows) w.begin_array().value(l).value(v).end_array();
    w.end_array().end_object();
}

// A section of entries (title, meta line, text); an empty one is left off the card.
void sedcard_entries_section(json_writer& w, std::string_view heading, const std::vector<model_entry>& entries) {
    if (entries.empty()) return;
    w.begin_object().member("heading", heading).key("entries").begin_array();
    for (auto& e : entries) w.begin_object().member("title", e.title).member("meta", e.meta).member("text", e.text).end_object();
    w.end_array().end_object();
}

}  // namespace

std::string sedcard_model(object p, const reference_names& names, std::string_view today) {
    std::string first(str(p, "firstName")), last(str(p, "lastName"));
    std::string out;
    json_writer w(out);
    w.begin_object();
    w.member("name", join({first, last}, " "));
    w.key("facts").begin_array();
    for (auto& [l, v] : sedcard_facts(p, names, today)) w.begin_array().value(l).value(v).end_array();
    w.end_array();
    w.member("summary", str(p, "profileSummary"));
    w.key("sections").begin_array();
    sedcard_rows_section(w, "Aussehen", sedcard_appearance(p));
    sedcard_rows_section(w, "Sprachen", sedcard_levels(p, "languages", "language", 'l', names, language_levels));
    sedcard_rows_section(w, "Fähigkeiten", sedcard_levels(p, "activitySkills", "skill", 'a', names, skill_levels));
    sedcard_entries_section(w, "Promotion-Erfahrung", experiences(p, "promotionExperiences", names));
    sedcard_entries_section(w, "Berufserfahrung", experiences(p, "workExperiences", names));
    sedcard_entries_section(w, "Schulbildung", sedcard_schoolings(p));
    sedcard_rows_section(w, "Mobilität", sedcard_mobility(p));
    sedcard_rows_section(w, "Arbeitswünsche", sedcard_wishes(p, names));
    w.end_array();
    w.end_object();
    return out;
}

std::string sedcard_file_name(std::string_view first, std::string_view last) {
    std::string raw = "sedcard-" + std::string(first) + "-" + std::string(last);
    std::string out;
    for (std::size_t i = 0; i < raw.size(); ++i) {
        unsigned char c = static_cast<unsigned char>(raw[i]);
        if (c == 0xC3 && i + 1 < raw.size()) {   // the German letters beyond ASCII
            unsigned char d = static_cast<unsigned char>(raw[++i]);
            switch (d) {
                case 0xA4: case 0x84: out += "ae"; break;
                case 0xB6: case 0x96: out += "oe"; break;
                case 0xBC: case 0x9C: out += "ue"; break;
                case 0x9F: out += "ss"; break;
                default: break;
            }
        } else if (std::isalnum(c)) {
            out += static_cast<char>(std::tolower(c));
        } else if ((c == ' ' || c == '-') && !out.empty() && out.back() != '-') {
            out += '-';
        }
    }
    while (!out.empty() && out.back() == '-') out.pop_back();
    return out + ".pdf";
}

}  // namespace jh::profiles
