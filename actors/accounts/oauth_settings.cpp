// oauth_settings.cpp: the keys of the social sign-in section. See oauth_settings.h.
#include "actors/accounts/oauth_settings.h"

#include <string_view>

namespace jh {

namespace {

using client = oauth_client_settings;

// A provider's key prefix and its values in the section.
struct provider_keys {
    std::string_view prefix;
    client oauth_settings::*values;
};
const provider_keys providers[] = {
    {"oauth_apple", &oauth_settings::apple},
    {"oauth_facebook", &oauth_settings::facebook},
    {"oauth_google", &oauth_settings::google},
    {"oauth_microsoft", &oauth_settings::microsoft},
};

// The keys every provider has, after its prefix.
struct client_key {
    std::string_view name;
    std::string client::*field;
};
const client_key client_keys[] = {
    {"client_id", &client::client_id},
    {"client_secret", &client::client_secret},
    {"authorize_url", &client::authorize_url},
    {"token_url", &client::token_url},
    {"userinfo_url", &client::userinfo_url},
    {"issuer", &client::issuer},
};

// "oauth_google.token_url", written into settings.google.token_url.
config_section::key key_of(const provider_keys& provider, const client_key& key) {
    return {std::string(provider.prefix) + "." + std::string(key.name), 0, 0,
            [provider, key](std::any& values) -> setting_target {
                client& c = std::any_cast<oauth_settings>(&values)->*provider.values;
                return &(c.*key.field);
            }};
}

config_section make_section() {
    config_section section = make_config_section<oauth_settings>({
        {"oauth.timeout_ms", &oauth_settings::timeout_ms, 100, 120000},
    });
    for (const auto& provider : providers)
        for (const auto& key : client_keys) section.keys.push_back(key_of(provider, key));
    return section;
}

}  // namespace

const config_section& oauth_config_section() {
    static const config_section section = make_section();
    return section;
}

}  // namespace jh
