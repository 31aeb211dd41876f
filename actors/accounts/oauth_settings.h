// oauth_settings.h: the social sign-in settings section ("oauth_apple.*", "oauth_facebook.*",
// "oauth_google.*", "oauth_microsoft.*", "oauth.timeout_ms"; reactor/config_section.h). A provider
// is offered only when its client_id is set; the endpoint defaults are the providers' public ones
// (oauth.h). app/ registers the section; the accounts actor reads it.
#pragma once

#include <string>

#include "reactor/config_section.h"

namespace jh {

// One provider's client registration and endpoints: the keys "oauth_<provider>.client_id",
// ".client_secret", ".authorize_url", ".token_url", ".userinfo_url" and ".issuer".
struct oauth_client_settings {
    std::string client_id;
    std::string client_secret;     // Apple: the client-secret JWT made with the developer key
    std::string authorize_url;
    std::string token_url;
    std::string userinfo_url;      // used when the token answer has no id_token (Facebook)
    std::string issuer;            // checked against the id_token's iss when set
};

struct oauth_settings {
    oauth_client_settings apple{.authorize_url = "https://appleid.apple.com/auth/authorize",
                                .token_url = "https://appleid.apple.com/auth/token",
                                .issuer = "https://appleid.apple.com"};
    oauth_client_settings facebook{.authorize_url = "https://www.facebook.com/v19.0/dialog/oauth",
                                   .token_url = "https://graph.facebook.com/v19.0/oauth/access_token",
                                   .userinfo_url = "https://graph.facebook.com/me?fields=id,name,email"};
    oauth_client_settings google{.authorize_url = "https://accounts.google.com/o/oauth2/v2/auth",
                                 .token_url = "https://oauth2.googleapis.com/token",
                                 .userinfo_url = "https://openidconnect.googleapis.com/v1/userinfo",
                                 .issuer = "https://accounts.google.com"};
    oauth_client_settings microsoft{.authorize_url = "https://login.microsoftonline.com/common/oauth2/v2.0/authorize",
                                    .token_url = "https://login.microsoftonline.com/common/oauth2/v2.0/token",
                                    .userinfo_url = "https://graph.microsoft.com/oidc/userinfo"};

    int timeout_ms = 10000;   // token and userinfo requests to a provider
};

const config_section& oauth_config_section();

}  // namespace jh
