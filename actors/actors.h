// actors.h: the actors of one loop, one per domain.
//
// An actor owns its domain's SQL and rules and is reached only through its methods, which are
// asynchronous messages in effect: each returns a task, and the actor lives on one loop thread,
// so it needs no locks. Routes (actors/<domain>/*_routes.cpp) turn a request into a call on one
// actor and its result or app_error into a response. An actor calls another actor the same way,
// never by reading the other's tables.
#pragma once

#include "actors/accounts/accounts_actor.h"
#include "actors/candidate_actions/candidate_actions_actor.h"
#include "actors/content/content_actor.h"
#include "actors/jobs/job_postings_editor.h"
#include "actors/jobs/jobs_actor.h"
#include "actors/organizations/organization_editor.h"
#include "actors/organizations/organizations_actor.h"
#include "actors/places/places_actor.h"
#include "actors/profiles/profiles_actor.h"
#include "actors/system/system_actor.h"
#include "actors/tracking/tracking_actor.h"

namespace jh {

struct loop_context;
class router;

struct actors {
    explicit actors(loop_context& loop);
    system_actor system;
    tracking_actor tracking;
    accounts_actor accounts;
    jobs_actor jobs;
    organizations_actor organizations;
    places_actor places;
    profiles_actor profiles;
    candidate_actions_actor candidate_actions;
    content_actor content;
    organization_editor org_editor;
    job_postings_editor job_editor;
};

// Adds every domain's routes to `r`. Called once at start; the table is shared read-only.
void register_all_routes(router& r);

}  // namespace jh
