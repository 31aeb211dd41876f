// seo.cpp: see seo.h.
#include "actors/content/seo.h"

#include <simdjson.h>

#include "reactor/html.h"
#include "reactor/json_writer.h"

namespace jh::content {

std::string plain_excerpt(std::string_view text, std::size_t max) {
    std::string out;
    out.reserve(std::min(text.size(), max + 8));
    bool in_tag = false, space = false;
    for (char c : text) {
        if (c == '<') { in_tag = true; continue; }
        if (in_tag) { if (c == '>') in_tag = false; continue; }
        if (c == '#' || c == '*' || c == '_' || c == '`' || c == '>' || c == '[' || c == ']') continue;
        if (c == ' ' || c == '\n' || c == '\t' || c == '\r') {
            space = !out.empty();
            continue;
        }
        if (space) out += ' ';
        space = false;
        out += c;
        if (out.size() > max + 40) break;
    }
    if (out.size() <= max) return out;
    std::size_t cut = out.rfind(' ', max);
    if (cut == std::string::npos || cut < max / 2) {
        cut = max;
        while (cut > 0 && (static_cast<unsigned char>(out[cut]) & 0xC0) == 0x80) --cut;   // not inside a UTF-8 sequence
    }
    out.resize(cut);
    while (!out.empty() && (out.back() == ',' || out.back() == '.' || out.back() == ' ' || out.back() == ':')) out.pop_back();
    return out + "…";
}

namespace {
// JSON inside <script>: "</" must not close the element.
std::string script_safe(std::string_view json) {
    std::string out;
    out.reserve(json.size());
    for (std::size_t i = 0; i < json.size(); ++i) {
        if (json[i] == '<') out += "\\u003c";
        else out += json[i];
    }
    return out;
}

// The hero image as the app draws it (features/content/components/sections/kit.tsx): WebP through
// the image service, every breakpoint, full width. The browser fetches it while the script loads.
std::string image_preload(std::string_view path) {
    std::string source = html_escape(path.substr(1));
    std::string srcset;
    for (int w : image_widths) {
        if (!srcset.empty()) srcset += ", ";
        srcset += "/_ipx/w_" + std::to_string(w) + ",f_webp/" + source + " " + std::to_string(w) + "w";
    }
    return "<link rel=\"preload\" as=\"image\" fetchpriority=\"high\" href=\"/_ipx/w_1024,f_webp/" + source +
           "\" imagesrcset=\"" + srcset + "\" imagesizes=\"100vw\">\n";
}
}  // namespace

std::string render_head(const head_data& h) {
    std::string title = html_escape(h.title.empty() ? std::string(default_title) : h.title);
    title += " | ";
    title += product_name;
    std::string desc = html_escape(h.description.empty() ? std::string(default_description) : h.description);
    std::string out;
    out.reserve(1024);
    out += "<title>" + title + "</title>\n";
    out += "<meta name=\"description\" content=\"" + desc + "\">\n";
    if (h.noindex) out += "<meta name=\"robots\" content=\"noindex\">\n";
    if (!h.canonical.empty()) out += "<link rel=\"canonical\" href=\"" + html_escape(h.canonical) + "\">\n";
    out += "<meta property=\"og:site_name\" content=\"Jobhafen\">\n<meta property=\"og:locale\" content=\"de_DE\">\n";
    out += "<meta property=\"og:type\" content=\"" + html_escape(h.og_type) + "\">\n";
    out += "<meta property=\"og:title\" content=\"" + title + "\">\n";
    out += "<meta property=\"og:description\" content=\"" + desc + "\">\n";
    if (!h.canonical.empty()) out += "<meta property=\"og:url\" content=\"" + html_escape(h.canonical) + "\">\n";
    if (!h.image.empty()) out += "<meta property=\"og:image\" content=\"" + html_escape(h.image) + "\">\n";
    for (const auto& ld : h.json_ld) out += "<script type=\"application/ld+json\">" + script_safe(ld) + "</script>\n";
    if (!h.initial_data.empty()) {
        std::string pairs = "[";
        for (const auto& [key, data] : h.initial_data) {
            if (pairs.size() > 1) pairs += ',';
            pairs += '[' + key + ',' + data + ']';
        }
        pairs += ']';
        out += "<script type=\"application/json\" id=\"jh-initial-data\">" + script_safe(pairs) + "</script>\n";
    }
    if (h.preload_image.starts_with("/content-images/")) out += image_preload(h.preload_image);
    return out;
}

std::string_view schema_employment_type(std::string_view slug) noexcept {
    if (slug == "full_time") return "FULL_TIME";
    if (slug == "part_time" || slug == "part_time_mini" || slug == "student") return "PART_TIME";
    if (slug == "contractor") return "CONTRACTOR";
    if (slug == "temporary") return "TEMPORARY";
    if (slug == "training") return "INTERN";
    return "OTHER";
}

namespace {

std::string_view unit_text(std::string_view unit) {
    if (unit == "hour") return "HOUR";
    if (unit == "day") return "DAY";
    if (unit == "month") return "MONTH";
    return "YEAR";   // a project fee has no schema.org unit; never reached for project (see below)
}

void write_address(json_writer& w, simdjson::dom::element loc) {
    std::string_view street, zipcode, city, country;
    if (loc["street"].get(street)) street = {};
    if (loc["zipcode"].get(zipcode)) zipcode = {};
    if (loc["city"].get(city)) city = {};
    if (loc["country"].get(country)) country = {};
    w.begin_object().member("@type", "Place").key("address").begin_object().member("@type", "PostalAddress");
    if (!street.empty()) w.member("streetAddress", street);
    if (!zipcode.empty()) w.member("postalCode", zipcode);
    if (!city.empty()) w.member("addressLocality", city);
    std::string c = country.empty() ? "DE" : std::string(country);
    for (auto& ch : c) ch = static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
    w.member("addressCountry", c).end_object();
    double lat = 0, lon = 0;
    if (!loc["lat"].get(lat) && !loc["lon"].get(lon))
        w.key("geo").begin_object().member("@type", "GeoCoordinates").member("latitude", lat).member("longitude", lon).end_object();
    w.end_object();
}

}  // namespace

std::string job_posting_json_ld(const jobs::job_detail& d, std::string_view origin) {
    const auto& c = d.card;
    std::string out;
    json_writer w(out);
    w.begin_object().member("@context", "https://schema.org").member("@type", "JobPosting");
    w.member("title", c.title);
    std::string description = d.description.empty() ? c.teaser : d.description;
    if (description.empty()) description = c.title;
    w.member("description", description);
    w.member("datePosted", c.published_at.empty() ? c.created_at : c.published_at);
    // A job without an end of its own is valid through its last upcoming shift (docs/shifts.md).
    if (const auto& until = c.valid_through ? c.valid_through : d.shifts_end) w.member("validThrough", *until);
    std::string url = std::string(origin) + "/jobs/" + c.slug;
    w.member("url", url);
    // Every job is applied to on Jobhafen itself, in the job's own page (Google: directApply).
    w.member("directApply", true);
    w.key("identifier").begin_object().member("@type", "PropertyValue").member("name", c.organization_name)
        .member("value", std::to_string(c.id)).end_object();
    w.key("hiringOrganization").begin_object().member("@type", "Organization").member("name", c.organization_name)
        .member("sameAs", std::string(origin) + "/jobanbieter/" + c.organization_slug);
    if (c.has_logo) w.member("logo", std::string(origin) + "/api/job_postings/" + std::to_string(c.id) + "/logo");
    w.end_object();

    // One place is written as an object, several as an array (both as Google documents them; a
    // validator that reads "jobLocation.address" finds the one place). A job without a place is
    // still in Germany, the only country Jobhafen serves: Google needs at least addressCountry.
    simdjson::dom::parser parser;
    simdjson::dom::element locs;
    w.key("jobLocation");
    if (parser.parse(c.locations_json).get(locs) || !locs.is_array() || simdjson::dom::array(locs).size() == 0) {
        w.begin_object().member("@type", "Place").key("address").begin_object().member("@type", "PostalAddress")
            .member("addressCountry", "DE").end_object().end_object();
    } else if (simdjson::dom::array(locs).size() == 1) {
        write_address(w, simdjson::dom::array(locs).at(0).value());
    } else {
        w.begin_array();
        for (auto l : simdjson::dom::array(locs)) write_address(w, l);
        w.end_array();
    }

    simdjson::dom::parser parser2;
    simdjson::dom::element types;
    w.key("employmentType").begin_array();
    if (!parser2.parse(c.employment_types_json).get(types) && types.is_array()) {
        std::vector<std::string_view> seen;
        for (auto t : simdjson::dom::array(types)) {
            std::string_view slug;
            if (t["slug"].get(slug)) continue;
            auto s = schema_employment_type(slug);
            if (std::find(seen.begin(), seen.end(), s) == seen.end()) {
                seen.push_back(s);
                w.value(s);
            }
        }
    }
    w.end_array();

    // The pay, a range as minValue/maxValue (issue 42; the EU pay-transparency directive); a
    // fee (project) has no schema.org unit and goes without unitText.
    if (c.base_salary) {
        double amount = std::strtod(c.base_salary->c_str(), nullptr);
        w.key("baseSalary").begin_object().member("@type", "MonetaryAmount").member("currency", c.salary_currency)
            .key("value").begin_object().member("@type", "QuantitativeValue");
        if (d.base_salary_max) w.member("minValue", amount).member("maxValue", std::strtod(d.base_salary_max->c_str(), nullptr));
        else w.member("value", amount);
        if (c.salary_unit && *c.salary_unit != "project") w.member("unitText", unit_text(*c.salary_unit));
        w.end_object().end_object();
    }
    w.end_object();
    return out;
}

std::optional<std::string> employer_rating_json_ld(const organizations::organization_view& o, std::string_view origin) {
    if (o.ratings_count <= 0 || !o.rating_average) return std::nullopt;
    std::string out;
    json_writer w(out);
    w.begin_object().member("@context", "https://schema.org").member("@type", "EmployerAggregateRating");
    w.key("itemReviewed").begin_object().member("@type", "Organization").member("name", o.name)
        .member("sameAs", std::string(origin) + "/jobanbieter/" + o.slug).end_object();
    w.member("ratingValue", *o.rating_average).member("ratingCount", o.ratings_count);
    w.member("bestRating", 5).member("worstRating", 1).end_object();
    return out;
}

namespace {
}  // namespace

std::string sitemap_urlset(const std::vector<sitemap_url>& urls) {
    std::string out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n";
    out.reserve(out.size() + urls.size() * 110);
    for (const auto& u : urls) {
        out += "<url><loc>";
        out += html_escape(u.loc);
        out += "</loc>";
        if (!u.lastmod.empty()) out += "<lastmod>" + u.lastmod + "</lastmod>";
        out += "</url>\n";
    }
    out += "</urlset>\n";
    return out;
}

std::string sitemap_index(const std::vector<sitemap_url>& sitemaps) {
    std::string out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<sitemapindex xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n";
    for (const auto& u : sitemaps) {
        out += "<sitemap><loc>" + html_escape(u.loc) + "</loc>";
        if (!u.lastmod.empty()) out += "<lastmod>" + u.lastmod + "</lastmod>";
        out += "</sitemap>\n";
    }
    out += "</sitemapindex>\n";
    return out;
}

}  // namespace jh::content
