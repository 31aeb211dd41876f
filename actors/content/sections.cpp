// sections.cpp: see sections.h.
#include "actors/content/sections.h"

#include <algorithm>
#include <array>

namespace jh::content {

namespace {

constexpr std::string_view components[] = {
    "account-applications", "account-billing-provider", "account-dashboard", "account-data", "account-deletion",
    "account-documents", "account-email-change", "account-favorites", "account-images", "account-invoices",
    "account-job-alerts", "account-password-change", "account-ratings", "account-settings", "account-videos",
    "activity-carousel", "activity-sheet", "ad-server-zone", "article-details", "article-listing-with-filter",
    "breadcrumbs", "city-carousel", "city-sheet", "divider", "error-with-code", "event-details", "event-listing",
    "faqs", "headline-with-text", "headline-with-text-cards", "headline-with-text-horizontal-cards",
    "headline-with-text-icons", "headline-with-text-image", "headline-with-text-image-v2",
    "headline-with-text-numbers", "headline-with-text-youtube-video", "homepage-cards", "homepage-hero",
    "homepage-job-cards", "homepage-search-buttons", "job-box-with-tabs", "job-box-with-typesense",
    "job-box-without-tabs", "job-details", "job-listing-with-filter", "job-listing-with-typesense",
    "landing-page-hero", "link-sheet", "marketing-forms", "medium-hero", "organization-carousel",
    "organization-details", "organization-listing", "organization-top-list", "pricing-tables",
    "registration-button", "seo-content", "sign-in", "sign-in-cta-with-icon", "small-hero",
    "small-hero-with-profile-header", "testimonial-cards", "testimonial-listing", "wiki-details", "wiki-listing"};

void append_upper(std::string& out, std::string_view s) {
    for (std::size_t i = 0; i < s.size(); ++i) {
        unsigned char c = static_cast<unsigned char>(s[i]);
        if (c >= 'a' && c <= 'z') {
            out += static_cast<char>(c - 32);
        } else if (c == 0xC3 && i + 1 < s.size()) {
            unsigned char d = static_cast<unsigned char>(s[i + 1]);
            if (d == 0x9F) out += "SS";                                      // ß
            else if (d >= 0xA0 && d <= 0xBE && d != 0xB7) out += {'\xC3', static_cast<char>(d - 0x20)};  // à..þ except ÷
            else out += {'\xC3', static_cast<char>(d)};
            ++i;
        } else {
            out += static_cast<char>(c);
        }
    }
}

}  // namespace

bool known_component(std::string_view c) noexcept {
    if (c.empty()) return false;
    return std::find(std::begin(components), std::end(components), c) != std::end(components);
}

bool is_job_section(std::string_view c) noexcept {
    return c == "job-box-with-tabs" || c == "job-box-with-typesense" || c == "job-box-without-tabs" ||
           c == "job-listing-with-filter" || c == "job-listing-with-typesense";
}

std::string upper_de(std::string_view s) {
    std::string out;
    out.reserve(s.size() + 4);
    append_upper(out, s);
    return out;
}

std::string fill(std::string_view text, const placeholders& p, bool upper_name) {
    if (text.find('{') == std::string_view::npos) return std::string(text);
    struct token {
        std::string_view key;
        const std::string* value;
        bool is_name;
    };
    const token tokens[] = {
        {"{name}", &p.name, true},
        {"{description}", &p.description, false},
        {"{content}", &p.content, false},
        {"{slug}", &p.slug, false},
        {"{city.name}", &p.city_name, true},
        {"{city.slug}", &p.city_slug, false},
        {"{activity.name}", &p.activity_name, true},
        {"{activity.slug}", &p.activity_slug, false},
    };
    std::string out;
    out.reserve(text.size() + 32);
    std::size_t i = 0;
    while (i < text.size()) {
        if (text[i] == '{') {
            bool replaced = false;
            for (const auto& t : tokens) {
                if (text.substr(i, t.key.size()) == t.key) {
                    if (upper_name && t.is_name) append_upper(out, *t.value);
                    else out += *t.value;
                    i += t.key.size();
                    replaced = true;
                    break;
                }
            }
            if (replaced) continue;
        }
        out += text[i++];
    }
    return out;
}

namespace {

void write_value(json_writer& w, simdjson::dom::element v, const placeholders& p, bool title_of_base_data) {
    using simdjson::dom::element_type;
    switch (v.type()) {
        case element_type::OBJECT: {
            w.begin_object();
            for (auto field : simdjson::dom::object(v)) {
                w.key(field.key);
                write_value(w, field.value, p, false);
            }
            w.end_object();
            break;
        }
        case element_type::ARRAY:
            w.begin_array();
            for (auto e : simdjson::dom::array(v)) write_value(w, e, p, false);
            w.end_array();
            break;
        case element_type::STRING: {
            std::string_view s = v.get_string().value_unsafe();
            w.value(fill(s, p, title_of_base_data));
            break;
        }
        case element_type::INT64: w.value(v.get_int64().value_unsafe()); break;
        case element_type::UINT64: w.value(static_cast<std::int64_t>(v.get_uint64().value_unsafe())); break;
        case element_type::DOUBLE: w.value(v.get_double().value_unsafe()); break;
        case element_type::BOOL: w.value(v.get_bool().value_unsafe()); break;
        case element_type::NULL_VALUE: w.null(); break;
    }
}

}  // namespace

void write_filled(json_writer& w, simdjson::dom::element value, const placeholders& p) { write_value(w, value, p, false); }

void begin_filled_object(json_writer& w, simdjson::dom::object value, const placeholders& p,
                         std::initializer_list<std::string_view> skip) {
    w.begin_object();
    for (auto field : value) {
        if (std::find(skip.begin(), skip.end(), field.key) != skip.end()) continue;
        w.key(field.key);
        if (field.key == "base_data" && field.value.type() == simdjson::dom::element_type::OBJECT) {
            w.begin_object();
            for (auto b : simdjson::dom::object(field.value)) {
                w.key(b.key);
                write_value(w, b.value, p, b.key == "title");
            }
            w.end_object();
        } else {
            write_value(w, field.value, p, false);
        }
    }
    // The caller may add members before closing: end_object is left to it.
}

}  // namespace jh::content
