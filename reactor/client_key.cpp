// client_key.cpp: see client_key.h.
#include "reactor/client_key.h"

#include <arpa/inet.h>

#include <algorithm>

namespace jh {

std::string client_key(std::string_view ip) {
    std::string text(ip);
    unsigned char v6[16];
    if (inet_pton(AF_INET6, text.c_str(), v6) != 1) return text;
    char out[INET6_ADDRSTRLEN] = {};
    static constexpr unsigned char v4_mapped[12] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff};
    if (std::equal(v6, v6 + 12, v4_mapped)) return inet_ntop(AF_INET, v6 + 12, out, sizeof out) ? out : text;
    std::fill(v6 + 8, v6 + 16, 0);   // keep the network's 64 bits, drop the interface's
    if (!inet_ntop(AF_INET6, v6, out, sizeof out)) return text;
    return std::string(out) + "/64";
}

}  // namespace jh
