// client_key.h: the client a per-client limit counts (login throttle, registrations, address
// checks, contact and tracking floods). An IPv4 client is its address; an IPv6 client is its /64,
// because one household or server gets a whole /64 and can rotate through 2^64 addresses of it:
// keyed by the full address, a limit is escaped by picking a new address for every attempt.
#pragma once

#include <string>
#include <string_view>

namespace jh {

// "203.0.113.7" → "203.0.113.7"; "::ffff:203.0.113.7" → "203.0.113.7";
// "2001:db8:1:2:aaaa:bbbb:cccc:dddd" → "2001:db8:1:2::/64". Text that is no address is returned
// as it is (a test or a Unix socket peer), so a limit still counts something stable.
std::string client_key(std::string_view ip);

}  // namespace jh
