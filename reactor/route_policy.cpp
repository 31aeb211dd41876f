// route_policy.cpp: the names and headers of a route's declared policy (reactor/route_policy.h).
#include "reactor/route_policy.h"

namespace jh {

std::string_view access_name(access a) noexcept {
    switch (a) {
        case access::anyone: return "anyone";
        case access::anyone_or_account: return "anyone_or_account";
        case access::account_on_demand: return "account_on_demand";
        case access::account: return "account";
        case access::account_first_party: return "account_first_party";
        case access::candidate: return "candidate";
        case access::provider: return "provider";
        case access::provider_or_admin: return "provider_or_admin";
        case access::provider_first_party: return "provider_first_party";
        case access::admin: return "admin";
    }
    return "?";
}

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

std::string_view cache_kind_name(cache_kind c) noexcept {
    switch (c) {
        case cache_kind::no_store: return "no_store";
        case cache_kind::private_no_store: return "private_no_store";
        case cache_kind::public_minute: return "public_minute";
        case cache_kind::public_hour: return "public_hour";
        case cache_kind::public_day: return "public_day";
        case cache_kind::by_handler: return "by_handler";
    }
    return "?";
}

std::string_view cache_control(cache_kind c) noexcept {
    switch (c) {
        case cache_kind::no_store: return "no-store";
        case cache_kind::private_no_store: return "private, no-store";
        case cache_kind::public_minute: return "public, max-age=60";
        case cache_kind::public_hour: return "public, max-age=3600";
        case cache_kind::public_day: return "public, max-age=86400";
        case cache_kind::by_handler: return {};
    }
    return {};
}

bool reads_credentials(access a) noexcept { return a != access::anyone && a != access::account_on_demand; }

bool requires_account(access a) noexcept {
    return a != access::anyone && a != access::anyone_or_account && a != access::account_on_demand;
}

}  // namespace jh
