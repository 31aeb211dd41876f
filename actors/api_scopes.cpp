// api_scopes.cpp: see api_scopes.h.
#include "actors/api_scopes.h"

#include "reactor/config.h"
#include "reactor/loop_context.h"

namespace jh {

namespace {
int api_key_requests_per_minute(const loop_context& loop) { return loop.cfg.auth_api_key_requests_per_minute; }
}  // namespace

const rate_class api_key_rate{.name = "api_key",
                              .key_prefix = "rate:apikey:",
                              .window_s = 60,
                              .limit = api_key_requests_per_minute,
                              .message = "Mit diesem API-Schlüssel kamen in der letzten Minute zu viele Anfragen. Bitte warten Sie "
                                         "einen Moment."};

namespace api_scope {

const key_scope jobs_read{.name = "jobs:read", .bit = 1u << 0, .rate = &api_key_rate};
const key_scope jobs_write{.name = "jobs:write", .bit = 1u << 1, .rate = &api_key_rate};
const key_scope applications_read{.name = "applications:read", .bit = 1u << 2, .rate = &api_key_rate};

const std::array<const key_scope*, count>& all() {
    static const std::array<const key_scope*, count> scopes{&jobs_read, &jobs_write, &applications_read};
    return scopes;
}

const key_scope* by_name(std::string_view name) {
    for (const key_scope* s : all())
        if (s->name == name) return s;
    return nullptr;
}

std::uint32_t bits_of(const std::vector<std::string>& names) {
    std::uint32_t bits = 0;
    for (const auto& n : names)
        if (const key_scope* s = by_name(n)) bits |= s->bit;
    return bits;
}

}  // namespace api_scope
}  // namespace jh
