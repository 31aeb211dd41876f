// search_page_link.cpp: see search_page_link.h. Written to give what the web app's
// URLSearchParams and encodeURIComponent give, so one case table holds for both.
#include "search/search_page_link.h"

#include <array>
#include <charconv>
#include <optional>
#include <utility>
#include <vector>

#include "search/job_filter.h"

namespace jh::search {

namespace {

constexpr int default_distance_km = 50;

bool is_alnum(unsigned char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9'); }

void percent(std::string& out, unsigned char c) {
    static constexpr char hex[] = "0123456789ABCDEF";
    out += '%';
    out += hex[c >> 4];
    out += hex[c & 15];
}

// A query value as URLSearchParams writes it (application/x-www-form-urlencoded).
void append_form_encoded(std::string& out, std::string_view s) {
    for (unsigned char c : s) {
        if (is_alnum(c) || c == '*' || c == '-' || c == '.' || c == '_') out += static_cast<char>(c);
        else if (c == ' ') out += '+';
        else percent(out, c);
    }
}

// A path segment as encodeURIComponent writes it.
std::string segment(std::string_view s) {
    std::string out;
    for (unsigned char c : s) {
        if (is_alnum(c) || std::string_view("-_.!~*'()").find(static_cast<char>(c)) != std::string_view::npos) out += static_cast<char>(c);
        else percent(out, c);
    }
    return out;
}

std::string_view trim_space(std::string_view s) {
    constexpr std::string_view space = " \t\n\r\f\v";
    auto b = s.find_first_not_of(space);
    if (b == std::string_view::npos) return {};
    return s.substr(b, s.find_last_not_of(space) - b + 1);
}

// interval_created as the search page's `seit` ("" when it has no such choice).
std::string period_of(std::string_view v) {
    static constexpr std::pair<std::string_view, std::string_view> aliases[] = {{"1d", "24h"}, {"1", "24h"}, {"3", "3d"}, {"7", "7d"}};
    for (auto [from, to] : aliases)
        if (v == from) v = to;
    for (std::string_view p : {"1h", "4h", "24h", "3d", "7d"})
        if (v == p) return std::string(p);
    return {};
}

// A distance in km or the same in metres, as km; "" for none or the default.
std::string kilometres(std::string_view v) {
    long long n = 0;
    auto [end, ec] = std::from_chars(v.data(), v.data() + v.size(), n);
    if (ec != std::errc() || end != v.data() + v.size() || n <= 0) return {};
    if (n >= 1000) {
        if (n % 1000 != 0) return {};
        n /= 1000;
    }
    return n == default_distance_km ? std::string() : std::to_string(n);
}

// The page of the filter's fixed part: activities, job type, city.
std::string base_path(const filter_params& p) {
    auto activities = p.list({"activity", "activity[]", "activities[]"});
    std::string job_type = p.first("jobType").value_or("");
    std::string city = p.first("city").value_or("");
    if (activities.size() == 1 && !city.empty()) return "/jobs-stadt/" + segment(city) + "/als/" + segment(activities[0]);
    if (!activities.empty()) {
        std::string path = "/jobs/suche-als";
        for (const auto& a : activities) path += "/" + segment(a);
        return path;
    }
    if (!job_type.empty()) return "/" + segment(job_type) + (city.empty() ? "" : "/" + segment(city));
    if (!city.empty()) return "/jobs-stadt/" + segment(city);
    return "/jobs/suche";
}

}  // namespace

std::string search_page_path(std::string_view stored_filter) {
    if (!stored_filter.empty() && stored_filter.front() == '?') stored_filter.remove_prefix(1);
    const auto p = filter_params::decode(stored_filter);
    std::vector<std::pair<std::string_view, std::string>> out;
    auto text = p.first_of({"q", "what", "text"});
    if (text && !trim_space(*text).empty()) out.emplace_back("was", std::string(trim_space(*text)));
    auto lat = p.first("lat");
    auto lon = p.first_of({"lon", "lng"});
    if (lat && lon && !lat->empty() && !lon->empty()) {
        if (auto name = p.first("placeName"); name && !trim_space(*name).empty()) out.emplace_back("wo", std::string(trim_space(*name)));
        out.emplace_back("lat", *lat);
        out.emplace_back("lon", *lon);
        if (auto km = kilometres(p.first("distance").value_or("")); !km.empty()) out.emplace_back("umkreis", km);
    }
    if (auto period = period_of(p.first("interval_created").value_or("")); !period.empty()) out.emplace_back("seit", period);
    std::string from = p.first("shiftsFrom").value_or(""), to = p.first("shiftsTo").value_or("");
    if (!from.empty() || !to.empty()) {
        out.emplace_back("einsatz", "zeitraum");
        if (!from.empty()) out.emplace_back("von", from);
        if (!to.empty()) out.emplace_back("bis", to);
    }
    std::string path = base_path(p);
    for (std::size_t i = 0; i < out.size(); ++i) {
        path += i == 0 ? '?' : '&';
        path += out[i].first;
        path += '=';
        append_form_encoded(path, out[i].second);
    }
    return path;
}

}  // namespace jh::search
