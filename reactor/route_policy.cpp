// route_policy.cpp: the names and headers of a route's declared policy (reactor/route_policy.h).
#include "reactor/route_policy.h"

namespace jh {

std::string_view access_name(const access_level& a) noexcept { return a.name; }

std::string_view body_kind_name(body_kind b) noexcept {
    switch (b) {
        case body_kind::none: return "none";
        case body_kind::json: return "json";
        case body_kind::json_or_empty: return "json_or_empty";
        case body_kind::raw: return "raw";
        case body_kind::upload: return "upload";
    }
    return "?";
}

namespace {

// A cache kind's name (in docs/routes.md) and its Cache-Control header, side by side, so a new kind
// gets both in one place.
struct cache_names {
    std::string_view name;
    std::string_view header;   // empty for by_handler
};

constexpr cache_names names_of(cache_kind c) noexcept {
    switch (c) {
        case cache_kind::no_store: return {"no_store", "no-store"};
        case cache_kind::private_no_store: return {"private_no_store", "private, no-store"};
        case cache_kind::public_minute: return {"public_minute", "public, max-age=60"};
        case cache_kind::public_hour: return {"public_hour", "public, max-age=3600"};
        case cache_kind::public_day: return {"public_day", "public, max-age=86400"};
        case cache_kind::public_revalidate: return {"public_revalidate", "public, no-cache"};
        case cache_kind::by_handler: return {"by_handler", {}};
    }
    return {"?", {}};
}

}  // namespace

std::string_view cache_kind_name(cache_kind c) noexcept { return names_of(c).name; }

std::string_view cache_control(cache_kind c) noexcept { return names_of(c).header; }

std::string route_refusals(const route_policy& p) {
    std::string out;
    if (p.from == page_origin::ours) out = "other sites";
    if (p.from == page_origin::ours_with_cookies) out = "other sites' cookies";
    if (!p.impersonation_refusal.empty()) out += out.empty() ? "impersonation" : ", impersonation";
    return out.empty() ? "–" : out;
}

std::string_view key_scope_name(const route_policy& p) noexcept { return p.key ? p.key->name : std::string_view("–"); }

bool reads_credentials(const access_level& a) noexcept {
    return a.reads != credentials::none && a.reads != credentials::on_demand;
}

bool requires_account(const access_level& a) noexcept {
    return a.reads == credentials::required || a.reads == credentials::required_first_party;
}

bool admits(const access_level& a, auth::role_id r) noexcept { return a.roles.empty() || a.roles.contains(r); }

}  // namespace jh
