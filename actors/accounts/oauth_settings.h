// oauth_settings.h: the social sign-in settings section ("oauth_apple.*", "oauth_facebook.*",
// "oauth_google.*", "oauth_microsoft.*", "oauth.timeout_ms"; reactor/config_section.h). A provider
// is offered only when its client_id is set; the endpoint defaults are the providers' public ones
// (oauth.h). app/ registers the section; the accounts actor reads it.
#pragma once

#include <string>

#include "reactor/config_section.h"

namespace jh {

struct oauth_settings {
    std::string apple_client_id, apple_client_secret;
    std::string apple_authorize_url = "https://appleid.apple.com/auth/authorize";
    std::string apple_token_url = "https://appleid.apple.com/auth/token";
    std::string apple_userinfo_url;
    std::string apple_issuer = "https://appleid.apple.com";

    std::string facebook_client_id, facebook_client_secret;
    std::string facebook_authorize_url = "https://www.facebook.com/v19.0/dialog/oauth";
    std::string facebook_token_url = "https://graph.facebook.com/v19.0/oauth/access_token";
    std::string facebook_userinfo_url = "https://graph.facebook.com/me?fields=id,name,email";
    std::string facebook_issuer;

    std::string google_client_id, google_client_secret;
    std::string google_authorize_url = "https://accounts.google.com/o/oauth2/v2/auth";
    std::string google_token_url = "https://oauth2.googleapis.com/token";
    std::string google_userinfo_url = "https://openidconnect.googleapis.com/v1/userinfo";
    std::string google_issuer = "https://accounts.google.com";

    std::string microsoft_client_id, microsoft_client_secret;
    std::string microsoft_authorize_url = "https://login.microsoftonline.com/common/oauth2/v2.0/authorize";
    std::string microsoft_token_url = "https://login.microsoftonline.com/common/oauth2/v2.0/token";
    std::string microsoft_userinfo_url = "https://graph.microsoft.com/oidc/userinfo";
    std::string microsoft_issuer;

    int timeout_ms = 10000;   // token and userinfo requests to a provider
};

const config_section& oauth_config_section();

}  // namespace jh
