// api_scopes.h: the scopes of an organization's API key and the rate class every key request
// counts against (docs/reach.md, "Provider-API"). A route that a key may call names its scope in
// its policy (`provider_json.accepting_key(api_scope::jobs_write)`, reactor/route_policy.h); the
// accounts domain stores a key's scopes by these names. They stand beside actors/roles.h, outside
// every domain's folder, because the jobs, applications and accounts route tables all name them
// and a domain may include only its peers (cmake/domain_peers.cmake).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "reactor/route_policy.h"

namespace jh {

// Per key and minute, auth.api_key_requests_per_minute; the 429 says so in the providers' "Sie".
extern const rate_class api_key_rate;

namespace api_scope {
// Read the organization's job postings (its list and each posting as the editor sees it).
extern const key_scope jobs_read;
// Create and change the organization's job postings (create, edit, publish, unpublish, close).
extern const key_scope jobs_write;
// Read the applications to the organization's job postings (the list and each application).
extern const key_scope applications_read;

// Every scope, in the order the portal and docs list them.
inline constexpr std::size_t count = 3;
const std::array<const key_scope*, count>& all();
// The scope of a stored or requested name; nullopt for an unknown one.
const key_scope* by_name(std::string_view name);
// The bits of `names` (each must be known).
std::uint32_t bits_of(const std::vector<std::string>& names);
}  // namespace api_scope

}  // namespace jh
