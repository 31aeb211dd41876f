// forwarded_for.h: who the client is when a proxy (HAProxy) stands in front of the server.
//
// X-Forwarded-For is believed only from the proxies named in http.trusted_proxies (addresses or
// CIDRs). Each proxy appends the address it saw, so the list is read from the right: the client is
// the right-most address that is not a trusted proxy. Anything to its left was written by the
// client itself and may be made up. A request that reaches the server directly, from an address
// that is not a trusted proxy, is its socket's address whatever its headers say. Rate limits, the
// access log and the audit rows all use the address decided here. Pure functions: unit-tested.
#pragma once

#include <array>
#include <cstdint>
#include <expected>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "reactor/http_message.h"

namespace jh {

// An IPv4 or IPv6 address; an IPv4-mapped IPv6 address (::ffff:a.b.c.d) is the IPv4 address.
struct ip_address {
    bool v6 = false;
    std::array<std::uint8_t, 16> bytes{};   // IPv4 in the first four

    static std::optional<ip_address> parse(std::string_view text);
    std::string text() const;
};

struct cidr {
    ip_address base;
    int prefix = 0;   // bits that must match

    // "10.0.0.0/8", "fd00::/8", or a plain address (all its bits).
    static std::expected<cidr, std::string> parse(std::string_view text);
    bool contains(const ip_address& a) const noexcept;
};

class trusted_proxies {
public:
    trusted_proxies() = default;
    // Every entry must parse; the error names the first that does not.
    static std::expected<trusted_proxies, std::string> parse(const std::vector<std::string>& entries);

    bool empty() const noexcept { return ranges_.empty(); }
    bool contains(std::string_view ip) const;

private:
    std::vector<cidr> ranges_;
};

// The client's address: `peer_ip` (the socket's) unless that is a trusted proxy, in which case
// the right-most untrusted address of every X-Forwarded-For line, in order. When every listed
// address is a proxy, the left-most; an entry that is not an address ends the walk (the address
// to its right, which a trusted proxy wrote, is the client).
std::string client_address(std::string_view peer_ip, const std::vector<http_header>& headers, const trusted_proxies& proxies);

}  // namespace jh
