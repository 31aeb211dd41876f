// menus.cpp: see menus.h. The entries, their order and their kinds follow the spec's lists; the
// German labels are ours.
#include "actors/content/menus.h"

#include <string>
#include <vector>

#include "reactor/text_table.h"
#include "search/job_filter.h"

namespace jh::content {

namespace {

constexpr menu_city cities[] = {
    {"berlin", "Berlin", 52.52437, 13.41053},
    {"dresden", "Dresden", 51.05089, 13.73832},
    {"duesseldorf", "Düsseldorf", 51.22172, 6.77616},
    {"frankfurt-am-main", "Frankfurt am Main", 50.11552, 8.68417},
    {"hamburg", "Hamburg", 53.57532, 10.01534},
    {"hannover", "Hannover", 52.37052, 9.73322},
    {"kiel", "Kiel", 54.32133, 10.13489},
    {"koeln", "Köln", 50.93333, 6.95},
    {"muenchen", "München", 48.13743, 11.57549},
    {"stuttgart", "Stuttgart", 48.78232, 9.17702},
};

enum class kind { page, route, city, link, dialog, middle };

struct menu_entry {
    std::string_view label;
    kind k;
    std::string_view ref;          // page slug, route name, city slug, href or dialog query
    std::string_view scheme = {};  // yellow / white
    std::string_view icon = {};
    std::vector<menu_entry> children = {};
    bool organization = false;     // page paths under /recruiting
};

// The path of each route a menu entry names; "/" for any other.
constexpr text_pair route_paths[] = {
    {"index", "/"},
    {"jobs", "/jobs"},
    {"organization", "/recruiting"},
    {"organization-articles", "/recruiting/hr-wissen"},
    {"organization-wikis", "/recruiting/wiki"},
};

// A heading (kind::middle) over a column of entries.
menu_entry group(std::string_view label, std::vector<menu_entry> children) {
    return {label, kind::middle, {}, {}, {}, std::move(children)};
}

// A content page of the candidate side, by its slug.
menu_entry page(std::string_view label, std::string_view slug) {
    return {label, kind::page, slug};
}

// A content page of the organization side (its path under /recruiting).
menu_entry organization_page(std::string_view label, std::string_view slug) {
    return {label, kind::page, slug, {}, {}, {}, true};
}

}  // namespace

const menu_city* menu_cities(std::size_t& count) noexcept {
    count = std::size(cities);
    return cities;
}

std::string path_of_page(std::string_view slug, bool organization) {
    // Pages with a path of their own instead of their slug.
    static constexpr text_pair reserved_paths[] = {
        {"home", "/"},
        {"jobs", "/jobs"},
        {"articles", "/tipps-faq"},
        {"organizations", "/jobanbieter"},
        {"events", "/messen-events"},
        {"wikis", "/wiki"},
        {"landingpages-activities", "/jobs-taetigkeit"},
        {"landingpages-cities", "/jobs-stadt"},
        {"recruiting", "/recruiting"},
        {"organization-wikis", "/recruiting/wiki"},
    };
    if (auto path = find_value(reserved_paths, slug)) return std::string(*path);
    constexpr std::string_view lp = "landingpages-";
    if (slug.starts_with(lp)) return "/" + std::string(slug.substr(lp.size()));
    return (organization ? "/recruiting/" : "/") + std::string(slug);
}

namespace {

void write_entry(json_writer& w, const menu_entry& e) {
    w.begin_object().member("label", e.label);
    w.member("type", e.k == kind::middle ? "middle" : e.k == kind::dialog ? "dialog" : "link");
    w.key("target");
    switch (e.k) {
        case kind::middle: w.null(); break;
        case kind::page:
            w.begin_object().member("kind", "page").member("slug", e.ref).member("path", path_of_page(e.ref, e.organization)).end_object();
            break;
        case kind::route:
            w.begin_object().member("kind", "route").member("name", e.ref).member("path", value_or(route_paths, e.ref, "/")).end_object();
            break;
        case kind::city:
            for (const auto& c : cities) {
                if (c.slug != e.ref) continue;
                w.begin_object().member("kind", "city").member("slug", c.slug).member("name", c.name);
                w.member("latitude", c.latitude).member("longitude", c.longitude).member("distance", search::default_radius_m);
                w.member("teasered", true).member("path", "/jobs-stadt/" + std::string(c.slug)).end_object();
            }
            break;
        case kind::link:
            w.begin_object().member("kind", "link").member("href", e.ref).member("target", "_blank").end_object();
            break;
        case kind::dialog:
            w.begin_object().member("kind", "dialog").member("dialogUrl", e.ref).end_object();
            break;
    }
    w.key("scheme");
    if (e.scheme.empty()) w.null();
    else w.value(e.scheme);
    w.key("icon");
    if (e.icon.empty()) w.null();
    else w.value(e.icon);
    w.key("children").begin_array();
    for (const auto& c : e.children) write_entry(w, c);
    w.end_array().end_object();
}

std::vector<menu_entry> candidate_menu() {
    std::vector<menu_entry> city_entries;
    for (const auto& c : cities) city_entries.push_back({c.name, kind::city, c.slug});
    city_entries.push_back(page("Alle Städte", "landingpages-cities"));
    return {
        {"Jobs", kind::page, "jobs", {}, {}, {
            page("Alle Jobs", "jobs"),
            page("Promotionjobs", "landingpages-promotionjobs"),
            page("Messejobs", "landingpages-messejobs"),
            page("Eventjobs", "landingpages-eventjobs"),
            page("Studentenjobs", "landingpages-studentenjobs"),
            page("Rentnerjobs", "landingpages-rentnerjobs"),
            page("Schülerjobs", "landingpages-schuelerjobs"),
            page("Nebenjobs", "landingpages-nebenjobs"),
            page("Gastrojobs", "landingpages-gastrojobs"),
            page("Ferienjobs", "landingpages-ferienjobs"),
            page("Homeoffice-Jobs", "homeoffice-jobs"),
            page("Festivaljobs", "festivaljobs"),
        }},
        page("Tätigkeiten", "landingpages-activities"),
        {"Städte", kind::page, "landingpages-cities", {}, {}, city_entries},
        page("Tipps & FAQ", "articles"),
        page("Jobanbieter", "organizations"),
    };
}

std::vector<menu_entry> candidate_footer() {
    return {
        group("Jobs finden", {
            page("Alle Jobs", "jobs"),
            page("Jobs nach Stadt", "landingpages-cities"),
            page("Jobs nach Tätigkeit", "landingpages-activities"),
            page("Messen & Events", "events"),
            page("Wiki", "wikis"),
        }),
        group("Jobhafen", {
            page("Promoter-Erfahrungen", "promoter-erfahrungen"),
            page("Partner", "partner"),
            page("Deine Vorteile", "vorteile"),
            page("Kontakt", "kontakt"),
            page("Tipps & FAQ", "articles"),
            page("Über uns", "ueber-uns"),
        }),
        group("Community", {
            {"Forum", kind::link, "https://forum.jobhafen.de"},
            {"Instagram", kind::link, "https://www.instagram.com/jobhafen", {}, "mdi-instagram"},
            {"Facebook", kind::link, "https://www.facebook.com/jobhafen", {}, "mdi-facebook"},
            {"LinkedIn", kind::link, "https://www.linkedin.com/company/jobhafen", {}, "mdi-linkedin"},
            {"TikTok", kind::link, "https://www.tiktok.com/@jobhafen", {}, "mdi-music-note"},
            {"Google Maps", kind::link, "https://maps.google.com/?q=Jobhafen", {}, "mdi-map-marker"},
        }),
        group("Rechtliches", {
            page("Impressum", "impressum"),
            page("Datenschutz", "datenschutz"),
            page("AGB und Nutzungsbedingungen", "agb-and-nutzungsbedingungen"),
            {"Cookie-Einstellungen", kind::dialog, "?cookieSettings=1"},
        }),
    };
}

std::vector<menu_entry> organization_menu() {
    return {
        {"Lösungen", kind::page, "loesungen", {}, {}, {
            {"Produkte", kind::middle, {}},
            organization_page("Job-Inserate", "job-inserate"),
            organization_page("Stellenanzeigen-Pakete", "stellenanzeigen-pakete"),
            organization_page("Stellenanzeigen-Kontingente", "stellenanzeigen-kontingente"),
            organization_page("Bewerberdatenbank", "bewerberdatenbank"),
            organization_page("Multiposting", "multiposting"),
            organization_page("Sonderwerbeformen", "sonderwerbeformen"),
        }, true},
        group("Personal finden", {
            organization_page("Promotionpersonal finden", "promotionpersonal-finden"),
            organization_page("Messepersonal finden", "messepersonal-finden"),
            organization_page("Eventpersonal finden", "eventpersonal-finden"),
            organization_page("Gastronomiepersonal finden", "gastronomiepersonal-finden"),
        }),
        {"HR-Wissen", kind::route, "organization-articles"},
        organization_page("Warum Jobhafen", "warum-jobhafen"),
        {"Kontakt", kind::dialog, "?topic=general_request&generalContact=1", "white"},
        {"Job inserieren", kind::dialog, "?registration=1", "yellow"},
        {"Login", kind::link, "https://portal.jobhafen.de/login", "white"},
        {"Zum Jobsuche-Bereich", kind::route, "index"},
    };
}

std::vector<menu_entry> organization_footer() {
    return {
        group("Für Unternehmen", {
            organization_page("Job inserieren", "job-inserieren"),
            organization_page("Stellenanzeige kostenfrei schalten", "stellenanzeige-schalten-kostenfrei"),
            organization_page("Stellenanzeigen-Pakete", "stellenanzeigen-pakete"),
            organization_page("Bewerberdatenbank", "bewerberdatenbank"),
        }),
        group("Wissen", {
            {"HR-Wissen", kind::route, "organization-articles"},
            {"Wiki für Arbeitgeber", kind::route, "organization-wikis"},
            organization_page("Warum Jobhafen", "warum-jobhafen"),
        }),
        group("Kontakt & Rechtliches", {
            organization_page("Kontaktdaten", "kontaktdaten"),
            organization_page("Datenschutzhinweise", "datenschutzhinweise"),
            organization_page("AGB und Nutzungsbedingungen", "agb-nutzungsbedingungen"),
            organization_page("Impressum", "impressum"),
            {"Cookie-Einstellungen", kind::dialog, "?cookieSettings=1"},
        }),
    };
}

void write_list(json_writer& w, const std::vector<menu_entry>& list) {
    w.begin_array();
    for (const auto& e : list) write_entry(w, e);
    w.end_array();
}

}  // namespace

void write_menus(json_writer& w) {
    w.begin_object();
    w.key("candidate").begin_object().key("menu");
    write_list(w, candidate_menu());
    w.key("footer");
    write_list(w, candidate_footer());
    w.end_object();
    w.key("organization").begin_object().key("menu");
    write_list(w, organization_menu());
    w.key("footer");
    write_list(w, organization_footer());
    w.end_object();
    w.end_object();
}

}  // namespace jh::content
