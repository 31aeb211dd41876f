// redis_url.cpp: reading a redis:// URL (redis_url.h).
#include "reactor/redis_url.h"

#include <charconv>

#include "reactor/http_message.h"

namespace jh::redis {

namespace {

bool parse_url_int(std::string_view s, int& out, int lo, int hi) {
    if (s.empty()) return false;
    auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
    return ec == std::errc() && p == s.data() + s.size() && out >= lo && out <= hi;
}

}  // namespace

std::expected<endpoint, std::string> parse_url(std::string_view url) {
    constexpr std::string_view scheme = "redis://";
    if (!url.starts_with(scheme)) return std::unexpected("must start with redis:// (rediss:// and unix sockets are not supported)");
    std::string_view rest = url.substr(scheme.size());
    if (rest.find_first_of("?#") != std::string_view::npos) return std::unexpected("query parameters are not supported");
    endpoint ep;

    auto slash = rest.find('/');
    std::string_view authority = rest.substr(0, slash);
    if (slash != std::string_view::npos) {
        std::string_view db = rest.substr(slash + 1);
        if (!db.empty() && !parse_url_int(db, ep.db, 0, 1 << 20)) return std::unexpected("database must be a number");
    }

    auto at = authority.rfind('@');
    if (at != std::string_view::npos) {
        std::string_view userinfo = authority.substr(0, at);
        authority = authority.substr(at + 1);
        auto colon = userinfo.find(':');
        if (colon == std::string_view::npos) return std::unexpected("write the password as redis://:password@host or redis://user:password@host");
        // Percent-encoded, as a password may hold '@' or ':' (the HTTP layer's decoder; '+' stays).
        if (!percent_decode(userinfo.substr(0, colon), ep.user, false) || !percent_decode(userinfo.substr(colon + 1), ep.password, false))
            return std::unexpected("bad percent-encoding in user or password");
        if (ep.password.empty()) return std::unexpected("empty password");
    }

    std::string_view port;
    if (authority.starts_with('[')) {
        auto close = authority.find(']');
        if (close == std::string_view::npos) return std::unexpected("unclosed [ in host");
        ep.host = std::string(authority.substr(1, close - 1));
        std::string_view after = authority.substr(close + 1);
        if (!after.empty()) {
            if (after[0] != ':') return std::unexpected("unexpected text after ]");
            port = after.substr(1);
        }
    } else {
        auto colon = authority.rfind(':');
        ep.host = std::string(authority.substr(0, colon));
        if (colon != std::string_view::npos) port = authority.substr(colon + 1);
    }
    if (ep.host.empty()) return std::unexpected("missing host");
    if (!port.empty() && !parse_url_int(port, ep.port, 1, 65535)) return std::unexpected("port must be 1..65535");
    return ep;
}

}  // namespace jh::redis
