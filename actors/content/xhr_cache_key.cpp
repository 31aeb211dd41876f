// xhr_cache_key.cpp: see xhr_cache_key.h.
#include "actors/content/xhr_cache_key.h"

#include <algorithm>
#include <map>
#include <vector>

#include "actors/content/features.h"
#include "reactor/http_message.h"

namespace jh::content {

namespace {

constexpr std::string_view list_params[] = {"active", "category", "page", "pageSize", "scope", "slug", "sort", "tag"};
constexpr std::string_view page_params[] = {"activity", "city"};

bool is_list_path(std::string_view path) {
    // content/{collection} or content/{collection}/count
    std::string_view rest = path.substr(std::string_view("content/").size());
    auto slash = rest.find('/');
    return slash == std::string_view::npos || rest.substr(slash) == "/count";
}

bool reads(std::string_view path, std::string_view name) {
    auto in = [&](auto& list) { return std::find(std::begin(list), std::end(list), name) != std::end(list); };
    if (path == "features") {
        if (name == "visitorId") return true;
        if (!name.starts_with("toggle")) return false;
        std::string_view toggle = name.substr(6);
        return std::any_of(toggles().begin(), toggles().end(), [&](const auto& t) { return t.name == toggle; });
    }
    if (path.starts_with("content/pages/by-slug/")) return in(page_params);
    if (path.starts_with("content/") && path != "content/menus" && is_list_path(path)) return in(list_params);
    return false;
}

}  // namespace

std::string xhr_cache_query(std::string_view path, std::string_view q) {
    std::map<std::string, std::string_view> kept;   // decoded name → raw value; sorted by name
    while (!q.empty()) {
        auto amp = q.find('&');
        std::string_view pair = q.substr(0, amp);
        q = amp == std::string_view::npos ? std::string_view{} : q.substr(amp + 1);
        auto eq = pair.find('=');
        std::string name;
        if (pair.empty() || !percent_decode(pair.substr(0, eq), name, true) || !reads(path, name)) continue;
        kept.try_emplace(std::move(name), eq == std::string_view::npos ? std::string_view{} : pair.substr(eq + 1));
    }
    std::string out;
    for (const auto& [name, value] : kept) {
        if (!out.empty()) out += '&';
        out += name;   // the names above need no encoding
        out += '=';
        out += value;
    }
    return out;
}

}  // namespace jh::content
