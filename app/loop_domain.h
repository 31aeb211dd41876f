// loop_domain.h: the actors of one loop, and the only place that knows all of them.
//
// Each reactor thread owns one loop_domain (reactor/loop_context.h holds it as an opaque pointer,
// so nothing outside app/ can reach an actor by name). The members are constructed in the order
// they are declared, and each actor receives the peers it calls as constructor references: the
// list below is the call graph between domains. An actor that is not named in another's
// constructor is never called by it.
//
// An actor owns its domain's SQL and rules and is reached only through its methods, which are
// asynchronous messages in effect: each returns a task, and the actor lives on one loop thread,
// so it needs no locks. Routes (actors/<domain>/*_routes.cpp) turn a request into a call on one
// actor and its result or app_error into a response.
#pragma once

#include "actors/accounts/accounts_actor.h"
#include "actors/candidate_actions/candidate_actions_actor.h"
#include "actors/content/content_actor.h"
#include "actors/jobs/jobs_actor.h"
#include "actors/organizations/organizations_actor.h"
#include "actors/places/places_actor.h"
#include "actors/profiles/profiles_actor.h"
#include "actors/system/system_actor.h"
#include "actors/tracking/tracking_actor.h"
#include "reactor/loop_context.h"
#include "reactor/server.h"

namespace jh {

class router;

struct loop_domain {
    explicit loop_domain(loop_context& loop);

    // Calls no other actor.
    system_actor system;
    tracking_actor tracking;
    accounts::accounts_actor accounts;
    jobs_actor jobs;
    organizations_actor organizations;
    places_actor places;
    // Calls the actors named in its constructor (app/loop_domain.cpp).
    profiles_actor profiles;                     // accounts: may a provider see this profile
    candidate_actions_actor candidate_actions;   // accounts: registration and mail limits
    content_actor content;                       // jobs, organizations: pages that list or name them
};

// The actors of a new loop (shared_state::make_domain).
loop_domain_ptr make_loop_domain(loop_context& loop);

// Adds every domain's routes to `r` (app/routes.cpp). Called once at start; the table is shared
// read-only by every loop, each route reaching its loop's actor through a getter made here.
void register_all_routes(router& r);

// What `jobhafen serve` runs with: the routes and the actors of each loop.
serve_wiring server_wiring();

}  // namespace jh
