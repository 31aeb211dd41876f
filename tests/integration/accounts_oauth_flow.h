// accounts_oauth_flow.h: plays the browser through a social sign-in against the loopback OpenID
// Connect provider (tests/support/oidc_provider.py), for the accounts integration tests.
#pragma once

#include "tests/integration/accounts_fixture.h"

namespace jh::test::accounts_fixture {

inline std::string header_of(const std::string& raw, const std::string& name) { return header_value(raw, name); }

struct flow_result {
    std::string location;                 // where the callback sent the browser
    std::vector<std::string> cookies;     // what it set
    std::string authorize_url;            // where the start sent the browser
};

// Plays the browser: start at our server, follow to the provider (choosing who signs in), follow
// back to our callback with the state cookie.
inline flow_result sign_in(int port, const std::string& mode, const std::string& email, const std::string& extra_query = "",
                    const std::string& sub = "") {
    flow_result out;
    std::string start = raw_call(port, "GET", "/api/oauth/" + mode + "/google" + extra_query);
    EXPECT_TRUE(start.starts_with("HTTP/1.1 302")) << start;
    out.authorize_url = header_of(start, "Location");
    std::string state_cookie = cookie_from(set_cookies(start), "auth_oauth_state");
    EXPECT_FALSE(state_cookie.empty()) << start;

    // The provider: the part after host:port.
    auto path_start = out.authorize_url.find('/', out.authorize_url.find("//") + 2);
    int provider_port = std::stoi(out.authorize_url.substr(out.authorize_url.find(':', 6) + 1));
    std::string who = "&test_email=" + email + (sub.empty() ? "" : "&test_sub=" + sub);
    std::string at_provider = raw_call(provider_port, "GET", out.authorize_url.substr(path_start) + who);
    EXPECT_TRUE(at_provider.starts_with("HTTP/1.0 302") || at_provider.starts_with("HTTP/1.1 302")) << at_provider;
    std::string callback = header_of(at_provider, "Location");
    auto cb_path = callback.find('/', callback.find("//") + 2);

    std::string done = raw_call(port, "GET", callback.substr(cb_path), {}, "Cookie: auth_oauth_state=" + state_cookie + "\r\n");
    EXPECT_TRUE(done.starts_with("HTTP/1.1 302")) << done;
    out.location = header_of(done, "Location");
    out.cookies = set_cookies(done);
    return out;
}

}  // namespace jh::test::accounts_fixture
