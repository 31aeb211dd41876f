// connection_limits.cpp: see connection_limits.h.
#include "reactor/connection_limits.h"

#include <netinet/in.h>


namespace jh {

peer_client client_of(const sockaddr_storage& peer) noexcept {
    peer_client k;
    if (peer.ss_family == AF_INET) {
        const auto* a = reinterpret_cast<const sockaddr_in*>(&peer);
        k.bits = ntohl(a->sin_addr.s_addr);
    } else if (peer.ss_family == AF_INET6) {
        const auto* a = reinterpret_cast<const sockaddr_in6*>(&peer);
        const unsigned char* b = a->sin6_addr.s6_addr;
        if (IN6_IS_ADDR_V4MAPPED(&a->sin6_addr)) {
            k.bits = (std::uint64_t{b[12]} << 24) | (std::uint64_t{b[13]} << 16) | (std::uint64_t{b[14]} << 8) | b[15];
        } else {
            for (int i = 0; i < 8; ++i) k.bits = (k.bits << 8) | b[i];
            k.v6 = true;
        }
    }
    return k;
}

connection_limits::verdict connection_limits::admit(const peer_client& client) {
    std::lock_guard lock(mutex_);
    if (max_total_ > 0 && open_ >= max_total_) return verdict::too_many_in_total;
    if (max_per_client_ > 0) {
        auto it = per_client_.try_emplace(client, 0).first;
        if (it->second >= max_per_client_) return verdict::too_many_from_client;
        ++it->second;
    }
    ++open_;
    return verdict::admitted;
}

void connection_limits::release(const peer_client& client) {
    std::lock_guard lock(mutex_);
    --open_;
    if (max_per_client_ > 0) {
        auto it = per_client_.find(client);
        if (it != per_client_.end() && --it->second <= 0) per_client_.erase(it);
    }
}

int connection_limits::open() const {
    std::lock_guard lock(mutex_);
    return open_;
}

}  // namespace jh
