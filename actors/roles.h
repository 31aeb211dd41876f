// roles.h: the roles of an account, their names, and the access levels of routes that name them.
//
// The roles are the accounts domain's: the values of accounts.role (migrations/0004_accounts.sql),
// written by the accounts actor alone. They are defined here, beside actors/form_text.h and outside
// every domain's folder, because nearly every domain's route table and several actors name them,
// and a domain may include only its peers (cmake/domain_peers.cmake). The reactor carries a role
// as an opaque number (reactor/auth.h role_id) and knows no name of one (test
// borders.reactor_names_no_role); app/ registers the names below for the token's "role" claim.
//
// Both sets of names keep the spelling they had when the reactor held them: an actor asks
// `who.account_role == auth::role::candidate`, a route declares `{.who = access::provider, …}`.
#pragma once

#include <array>
#include <string_view>

#include "reactor/auth.h"
#include "reactor/route_policy.h"

namespace jh {

namespace auth::role {
// The number of a role is its index in role_names: never reorder (the numbers live only in
// memory, but the names are in every access token and in the database).
inline constexpr role_id candidate{0};
inline constexpr role_id organization_member{1};
inline constexpr role_id admin{2};
}  // namespace auth::role

namespace auth {
// The "role" claim of the access token and the value of accounts.role, by role number.
inline constexpr std::array<std::string_view, 3> role_names{"candidate", "organization_member", "admin"};
}  // namespace auth

// The access levels that name roles; the reactor defines those that name none (anyone, account, …)
// in the same namespace (reactor/route_policy.h). The names are what `jobhafen routes` lists.
namespace access {
// An administrator acting as a candidate is one (the role is checked after impersonation).
inline constexpr access_level candidate{.reads = credentials::required, .roles = {auth::role::candidate}, .name = "candidate",
                                        .refusal = "Dieser Bereich ist nur für Bewerberinnen und Bewerber."};
inline constexpr access_level provider{.reads = credentials::required, .roles = {auth::role::organization_member}, .name = "provider",
                                       .refusal = "Dieser Bereich ist nur für Jobanbieter."};
inline constexpr access_level provider_or_admin{.reads = credentials::required,
                                                .roles = {auth::role::organization_member, auth::role::admin},
                                                .name = "provider_or_admin", .refusal = "Dieser Bereich ist nur für Jobanbieter."};
// A download of candidates' data, which another site's link must not make us hand out or log.
inline constexpr access_level provider_first_party{.reads = credentials::required_first_party,
                                                   .roles = {auth::role::organization_member}, .name = "provider_first_party",
                                                   .refusal = "Dieser Bereich ist nur für Jobanbieter."};
// An applicant's data that a link from another site must not make us hand out or log (opening an
// applicant, the sedcard, a document): members of the organization and administrators.
inline constexpr access_level provider_or_admin_first_party{.reads = credentials::required_first_party,
                                                            .roles = {auth::role::organization_member, auth::role::admin},
                                                            .name = "provider_or_admin_first_party",
                                                            .refusal = "Dieser Bereich ist nur für Jobanbieter."};
inline constexpr access_level admin{.reads = credentials::required, .roles = {auth::role::admin}, .name = "admin",
                                    .refusal = "Dieser Bereich ist nur für Administratoren."};
}  // namespace access

// The same access level refusing the other roles in a route's own words (applying: "Nur
// Bewerberinnen und Bewerber können sich bewerben."), the answer its actor gave before the role
// moved into the route table. The name, and so `jobhafen routes`, stays the level's.
constexpr access_level refusing_with(access_level level, std::string_view refusal) noexcept {
    level.refusal = refusal;
    return level;
}

// What only the person may do, never an administrator acting as them (the route policy's
// refusing_impersonation, reactor/route_policy.h): mint a credential that outlives the
// impersonation (the calendar link), send a message or an application in their name, change their
// address or password, delete the account, export their data, open a billing account.
inline constexpr std::string_view in_person_only = "Das ist während der Übernahme eines Kontos nicht möglich.";
constexpr route_policy in_person(route_policy p) noexcept { return p.refusing_impersonation(in_person_only); }

}  // namespace jh
