// job_paint.cpp: see job_paint.h.
#include "actors/content/job_paint.h"

#include <simdjson.h>

#include "reactor/html.h"

namespace jh::content {

namespace {

// The address of a job's detail, as the app links it.
std::string detail_path(const jobs::job_card& c) {
    return "/jobs/" + (c.slug.empty() ? std::to_string(c.id) : c.slug);
}

// "Jena" or "Jena und 2 weitere": the first place of work, as the app's job card says it.
std::string place_of(const jobs::job_card& c) {
    simdjson::dom::parser parser;
    simdjson::dom::array places;
    if (parser.parse(c.locations_json).get(places) || places.size() == 0) return {};
    std::string_view city;
    if (places.at(0)["city"].get(city) || city.empty()) return {};
    std::string out(city);
    if (places.size() > 1) out += " und " + std::to_string(places.size() - 1) + " weitere";
    return out;
}

std::string trimmed(std::string_view line) {
    auto space = [](char c) { return c == ' ' || c == '\t' || c == '\r'; };
    while (!line.empty() && space(line.front())) line.remove_prefix(1);
    while (!line.empty() && space(line.back())) line.remove_suffix(1);
    return std::string(line);
}

bool is_list_item(std::string_view line) {
    return line.starts_with("- ") || line.starts_with("* ") || line.starts_with("\xE2\x80\xA2 ");   // "• "
}

// A job's free text as the app's JobText draws it: blank lines separate paragraphs (the lines of
// one paragraph joined by <br>), runs of "- " lines become a list. Plain text only.
std::string text_blocks(std::string_view text) {
    std::string out;
    enum class open { none, p, ul } state = open::none;
    auto close = [&] {
        if (state == open::p) out += "</p>";
        if (state == open::ul) out += "</ul>";
        state = open::none;
    };
    std::size_t pos = 0;
    while (pos <= text.size()) {
        auto end = text.find('\n', pos);
        std::string line = trimmed(text.substr(pos, end == std::string_view::npos ? std::string_view::npos : end - pos));
        if (line.empty()) {
            close();
        } else if (is_list_item(line)) {
            if (state != open::ul) { close(); out += "<ul>"; state = open::ul; }
            out += "<li>" + html_escape(line.substr(line.starts_with("\xE2\x80\xA2") ? 4 : 2)) + "</li>";
        } else {
            if (state == open::p) out += "<br>";
            else { close(); out += "<p>"; state = open::p; }
            out += html_escape(line);
        }
        if (end == std::string_view::npos) break;
        pos = end + 1;
    }
    close();
    return out;
}

std::string card_html(const jobs::job_card& c) {
    // No data-job-id: that marks the app's cards (tests and scripts find jobs by it).
    std::string out = "<li><article class=\"sp-card\"><h2><a href=\"" + html_escape(detail_path(c)) + "\">" +
                      html_escape(c.title) + "</a></h2>";
    if (!c.organization_name.empty()) out += "<p class=\"sp-org\">" + html_escape(c.organization_name) + "</p>";
    if (auto place = place_of(c); !place.empty()) out += "<p class=\"sp-meta\">" + html_escape(place) + "</p>";
    return out + "</article></li>";
}

// 1234 → "1.234", as the app's German number format.
std::string german_count(std::int64_t n) {
    std::string digits = std::to_string(n), out;
    for (std::size_t i = 0; i < digits.size(); ++i) {
        if (i > 0 && (digits.size() - i) % 3 == 0) out += '.';
        out += digits[i];
    }
    return out;
}

}  // namespace

std::string job_detail_html(const jobs::job_detail& d) {
    const auto& c = d.card;
    std::string out = "<article class=\"server-paint\" data-server-paint=\"\">";
    out += "<p><a href=\"/jobs\">« Zurück zur Liste</a></p>";
    out += "<h1>" + html_escape(c.title) + "</h1>";
    if (!c.organization_name.empty()) out += "<p class=\"sp-org\">" + html_escape(c.organization_name) + "</p>";
    if (auto place = place_of(c); !place.empty()) out += "<p class=\"sp-meta\">" + html_escape(place) + "</p>";
    out += "<p><a class=\"sp-apply\" href=\"/jobs-bewerbung/" + html_escape(c.slug.empty() ? std::to_string(c.id) : c.slug) +
           "\">Jetzt bewerben</a></p>";
    out += "<div class=\"sp-text\" data-server-paint-text=\"\">" + text_blocks(d.description) + "</div>";
    return out + "</article>";
}

std::string job_list_html(const jobs::job_page& p) {
    std::string out = "<div class=\"server-paint\" data-server-paint=\"\"><h1>Alle Jobs</h1>";
    out += "<section aria-label=\"Suchergebnisse\" data-server-paint-results=\"\"><p class=\"sp-count\">";
    out += p.total == 0 ? std::string("Keine Jobs gefunden.")
                        : (p.capped ? "Mehr als " : "") + german_count(p.total) + (p.total == 1 ? " Job" : " Jobs") + " gefunden";
    out += "</p><ol class=\"sp-list\">";
    for (const auto& c : p.items) out += card_html(c.card());
    return out + "</ol></section></div>";
}

}  // namespace jh::content
