// resolve.cpp: see resolve.h.
#include "reactor/resolve.h"

#include <arpa/inet.h>
#include <netdb.h>

namespace jh {

bool is_ip_address(std::string_view host) noexcept {
    if (host.empty() || host.size() >= INET6_ADDRSTRLEN) return false;
    char text[INET6_ADDRSTRLEN];
    host.copy(text, host.size());
    text[host.size()] = '\0';
    unsigned char buf[sizeof(in6_addr)];
    return inet_pton(AF_INET, text, buf) == 1 || inet_pton(AF_INET6, text, buf) == 1;
}

host_lookup* host_lookup::start(uv_loop_t* loop, std::string host, callback done) {
    auto* lookup = new host_lookup(std::move(host), std::move(done));
    lookup->req_.data = lookup;
    addrinfo hints{};
    hints.ai_family = AF_UNSPEC;
    hints.ai_socktype = SOCK_STREAM;
    int rc = uv_getaddrinfo(loop, &lookup->req_, on_done, lookup->host_.c_str(), nullptr, &hints);
    if (rc != 0) {
        callback cb = std::move(lookup->done_);
        std::string why = "cannot look up " + lookup->host_ + ": " + uv_strerror(rc);
        delete lookup;
        cb(std::unexpected(std::move(why)));
        return nullptr;
    }
    return lookup;
}

void host_lookup::cancel() noexcept {
    done_ = nullptr;
    uv_cancel(reinterpret_cast<uv_req_t*>(&req_));   // fails when the lookup already runs: on_done frees it then
}

void host_lookup::on_done(uv_getaddrinfo_t* req, int status, addrinfo* res) {
    auto* self = static_cast<host_lookup*>(req->data);
    callback cb = std::move(self->done_);
    std::expected<std::string, std::string> answer = std::unexpected("cannot look up " + self->host_ + ": " +
                                                                     (status == 0 ? "no address" : uv_strerror(status)));
    if (status == 0) {
        // The first IPv4 address, else the first of any family.
        const addrinfo* pick = nullptr;
        for (const addrinfo* a = res; a; a = a->ai_next)
            if (a->ai_family == AF_INET) { pick = a; break; }
        if (!pick) pick = res;
        char text[INET6_ADDRSTRLEN] = {};
        if (pick && uv_ip_name(pick->ai_addr, text, sizeof text) == 0) answer = std::string(text);
    }
    uv_freeaddrinfo(res);
    delete self;
    if (cb) cb(std::move(answer));
}

}  // namespace jh
