// connection_limits.h: how many connections the server holds open, in all and per client.
//
// Every loop's listener asks admit() right after accepting a socket; the connection gives its
// place back with release() when it is gone. Beyond http.max_connections in all, or
// http.max_connections_per_client from one client, the connection is still accepted but answered
// 503 and closed (reactor/http_connection.cpp), so a client learns why instead of hanging.
//
// A client is its IPv4 address, or the /64 network of its IPv6 address (one subscriber gets a
// whole /64, so counting single IPv6 addresses would limit nothing). Shared by all loops, so one
// mutex guards the counts; it is taken twice per connection (accept and close), never per request.
#pragma once

#include <sys/socket.h>

#include <cstdint>
#include <mutex>
#include <unordered_map>

namespace jh {

struct peer_client {
    std::uint64_t bits = 0;   // IPv4 address, or the first 64 bits of an IPv6 address
    bool v6 = false;
    bool operator==(const peer_client&) const = default;
};

// The client a peer address belongs to (an IPv4-mapped IPv6 address counts as IPv4).
peer_client client_of(const sockaddr_storage& peer) noexcept;

class connection_limits {
public:
    // 0 for either number: no limit of that kind.
    connection_limits(int max_total, int max_per_client) : max_total_(max_total), max_per_client_(max_per_client) {}

    enum class verdict { admitted, too_many_in_total, too_many_from_client };
    // Counts the connection when admitted; the caller must release() exactly those.
    verdict admit(const peer_client& client);
    void release(const peer_client& client);

    int open() const;

private:
    struct key_hash {
        std::size_t operator()(const peer_client& k) const noexcept { return std::hash<std::uint64_t>{}(k.bits ^ (k.v6 ? 0x9e3779b97f4a7c15ull : 0)); }
    };
    const int max_total_;
    const int max_per_client_;
    mutable std::mutex mutex_;
    int open_ = 0;
    std::unordered_map<peer_client, int, key_hash> per_client_;
};

}  // namespace jh
