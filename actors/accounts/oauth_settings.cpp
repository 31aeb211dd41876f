// oauth_settings.cpp: the keys of the social sign-in section. See oauth_settings.h.
#include "actors/accounts/oauth_settings.h"

namespace jh {

const config_section& oauth_config_section() {
    using s = oauth_settings;
    static const config_section section = make_config_section<oauth_settings>({
        {"oauth_apple.client_id", &s::apple_client_id},
        {"oauth_apple.client_secret", &s::apple_client_secret},
        {"oauth_apple.authorize_url", &s::apple_authorize_url},
        {"oauth_apple.token_url", &s::apple_token_url},
        {"oauth_apple.userinfo_url", &s::apple_userinfo_url},
        {"oauth_apple.issuer", &s::apple_issuer},
        {"oauth_facebook.client_id", &s::facebook_client_id},
        {"oauth_facebook.client_secret", &s::facebook_client_secret},
        {"oauth_facebook.authorize_url", &s::facebook_authorize_url},
        {"oauth_facebook.token_url", &s::facebook_token_url},
        {"oauth_facebook.userinfo_url", &s::facebook_userinfo_url},
        {"oauth_facebook.issuer", &s::facebook_issuer},
        {"oauth_google.client_id", &s::google_client_id},
        {"oauth_google.client_secret", &s::google_client_secret},
        {"oauth_google.authorize_url", &s::google_authorize_url},
        {"oauth_google.token_url", &s::google_token_url},
        {"oauth_google.userinfo_url", &s::google_userinfo_url},
        {"oauth_google.issuer", &s::google_issuer},
        {"oauth_microsoft.client_id", &s::microsoft_client_id},
        {"oauth_microsoft.client_secret", &s::microsoft_client_secret},
        {"oauth_microsoft.authorize_url", &s::microsoft_authorize_url},
        {"oauth_microsoft.token_url", &s::microsoft_token_url},
        {"oauth_microsoft.userinfo_url", &s::microsoft_userinfo_url},
        {"oauth_microsoft.issuer", &s::microsoft_issuer},
        {"oauth.timeout_ms", &s::timeout_ms, 100, 120000},
    });
    return section;
}

}  // namespace jh
