// forwarded_for.cpp: see forwarded_for.h.
#include "reactor/forwarded_for.h"

#include <arpa/inet.h>

#include <algorithm>
#include <charconv>

namespace jh {

namespace {

constexpr std::array<std::uint8_t, 12> v4_mapped_prefix{0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff};

std::string_view trim(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
    return s;
}

// "[2001:db8::1]:443" and "192.0.2.1:443" carry a port some proxies add; the address is wanted.
std::string_view without_port(std::string_view s) {
    if (s.starts_with('[')) {
        auto end = s.find(']');
        return end == std::string_view::npos ? s : s.substr(1, end - 1);
    }
    if (std::count(s.begin(), s.end(), ':') == 1) return s.substr(0, s.find(':'));
    return s;
}

}  // namespace

std::optional<ip_address> ip_address::parse(std::string_view text) {
    if (text.empty() || text.size() >= INET6_ADDRSTRLEN) return std::nullopt;
    char buf[INET6_ADDRSTRLEN] = {};
    text.copy(buf, text.size());
    ip_address a;
    if (inet_pton(AF_INET, buf, a.bytes.data()) == 1) return a;
    if (inet_pton(AF_INET6, buf, a.bytes.data()) != 1) return std::nullopt;
    if (std::equal(v4_mapped_prefix.begin(), v4_mapped_prefix.end(), a.bytes.begin())) {
        std::array<std::uint8_t, 16> v4{};
        std::copy(a.bytes.begin() + 12, a.bytes.end(), v4.begin());
        a.bytes = v4;
        return a;
    }
    a.v6 = true;
    return a;
}

std::string ip_address::text() const {
    char out[INET6_ADDRSTRLEN] = {};
    if (!inet_ntop(v6 ? AF_INET6 : AF_INET, bytes.data(), out, sizeof out)) return {};
    return out;
}

std::expected<cidr, std::string> cidr::parse(std::string_view text) {
    text = trim(text);
    auto slash = text.find('/');
    auto base = ip_address::parse(text.substr(0, slash));
    if (!base) return std::unexpected("\"" + std::string(text) + "\" is not an address or CIDR");
    cidr c{*base, base->v6 ? 128 : 32};
    if (slash != std::string_view::npos) {
        auto bits = text.substr(slash + 1);
        int n = -1;
        auto [end, ec] = std::from_chars(bits.data(), bits.data() + bits.size(), n);
        if (ec != std::errc{} || end != bits.data() + bits.size() || bits.empty() || n < 0 || n > c.prefix)
            return std::unexpected("\"" + std::string(text) + "\" has a prefix length out of range");
        c.prefix = n;
    }
    return c;
}

bool cidr::contains(const ip_address& a) const noexcept {
    if (a.v6 != base.v6) return false;
    int whole = prefix / 8, rest = prefix % 8;
    if (!std::equal(base.bytes.begin(), base.bytes.begin() + whole, a.bytes.begin())) return false;
    if (rest == 0) return true;
    auto mask = static_cast<std::uint8_t>(0xff << (8 - rest));
    return (base.bytes[whole] & mask) == (a.bytes[whole] & mask);
}

std::expected<trusted_proxies, std::string> trusted_proxies::parse(const std::vector<std::string>& entries) {
    trusted_proxies t;
    for (const auto& e : entries) {
        auto c = cidr::parse(e);
        if (!c) return std::unexpected(c.error());
        t.ranges_.push_back(*c);
    }
    return t;
}

bool trusted_proxies::contains(std::string_view ip) const {
    auto a = ip_address::parse(ip);
    if (!a) return false;
    return std::any_of(ranges_.begin(), ranges_.end(), [&](const cidr& c) { return c.contains(*a); });
}

std::string client_address(std::string_view peer_ip, const std::vector<http_header>& headers, const trusted_proxies& proxies) {
    if (proxies.empty() || !proxies.contains(peer_ip)) return std::string(peer_ip);
    // Every X-Forwarded-For line in order, as one list: a client's own line comes before the
    // proxy's, so joining them keeps the proxy's entries on the right.
    std::vector<std::string_view> hops;
    for (const auto& h : headers) {
        if (h.name != "x-forwarded-for") continue;
        std::string_view v = h.value;
        while (!v.empty()) {
            auto comma = v.find(',');
            hops.push_back(trim(v.substr(0, comma)));
            v = comma == std::string_view::npos ? std::string_view{} : v.substr(comma + 1);
        }
    }
    std::string client(peer_ip);
    for (auto it = hops.rbegin(); it != hops.rend(); ++it) {
        auto a = ip_address::parse(without_port(*it));
        if (!a) break;   // not written by a proxy we trust: the hop to its right is the client
        client = a->text();
        if (!proxies.contains(client)) break;
    }
    return client;
}

}  // namespace jh
