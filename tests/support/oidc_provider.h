// oidc_provider.h: a small OpenID Connect provider on loopback for the social sign-in tests
// (tests/support/oidc_provider.py, run with Debian's /usr/bin/python3). Configure the server's
// provider with env(): its authorization, token and userinfo URLs, client id and secret.
#pragma once

#include <sys/types.h>

#include <map>
#include <string>

namespace jh::test {

class oidc_provider {
public:
    oidc_provider(std::string client_id = "jobhafen-test", std::string client_secret = "test-secret-0123456789");
    ~oidc_provider();
    oidc_provider(const oidc_provider&) = delete;
    oidc_provider& operator=(const oidc_provider&) = delete;

    int port() const { return port_; }
    std::string base_url() const { return "http://127.0.0.1:" + std::to_string(port_); }
    // JOBHAFEN_OAUTH_<PROVIDER>_* variables that point the server's `provider` (google, ...) here.
    std::map<std::string, std::string> env(const std::string& provider) const;
    // The token requests the provider received, as JSON (GET /_log).
    std::string token_log() const;

private:
    std::string client_id_, client_secret_;
    int port_ = 0;
    pid_t pid_ = -1;
    std::string dir_;
};

}  // namespace jh::test
