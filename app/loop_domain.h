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
#include "actors/applications/applicant_pipeline.h"
#include "actors/applications/applications_actor.h"
#include "actors/billing/billing_actor.h"
#include "actors/contact/contact_actor.h"
#include "actors/favourites/favourites_actor.h"
#include "actors/job_alerts/job_alerts_actor.h"
#include "actors/provider_registration/provider_registration_actor.h"
#include "actors/shifts/shifts_actor.h"
#include "actors/shifts/pool_actor.h"
#include "actors/shifts/shift_refill_actor.h"
#include "actors/shifts/time_records_actor.h"
#include "actors/shifts/work_limits_actor.h"
#include "actors/ratings/ratings_actor.h"
#include "actors/reports/reports_actor.h"
#include "actors/content/content_actor.h"
#include "actors/jobs/job_imports.h"
#include "actors/jobs/job_postings_editor.h"
#include "actors/jobs/jobs_actor.h"
#include "actors/organizations/organization_editor.h"
#include "actors/organizations/organizations_actor.h"
#include "actors/places/places_actor.h"
#include "actors/profiles/profiles_actor.h"
#include "actors/system/system_actor.h"
#include "actors/talents/candidate_search_actor.h"
#include "actors/tracking/tracking_actor.h"
#include "reactor/loop_context.h"
#include "reactor/server.h"
#include "search/index_service.h"

namespace jh {

class router;

// What the loops of one `serve` process share of the domain: the job index (search/, built on its
// own thread; the SQL search answers until it is ready). Made before the loops start and kept until
// they ended, so the reactor never learns that a job index exists.
struct process_domain {
    explicit process_domain(const config& cfg);
    std::unique_ptr<search::index_service> job_index;   // null when search.index is off
    jobs::search_fallback_counts search_fallbacks;      // searches the index left to PostgreSQL
    std::chrono::seconds totals_cache{60};             // search.totals_cache_s: the SQL path's counts per job type
};

struct loop_domain {
    loop_domain(loop_context& loop, process_domain& process);

    // Calls no other actor.
    system_actor system;
    tracking_actor tracking;
    accounts::accounts_actor accounts;
    jobs_actor jobs;
    organizations_actor organizations;
    places_actor places;
    favourites_actor favourites;
    job_alerts_actor job_alerts;
    ratings_actor ratings;
    billing_actor billing;
    work_limits_actor work_limits;
    // Calls the actors named in its constructor (app/loop_domain.cpp).
    profiles_actor profiles;                     // accounts: may a provider see this profile
    applications_actor applications;             // accounts: registration together with an application
    applicant_pipeline pipeline;                 // applications: the bulk change is its single status change
    contact_actor contact;                       // accounts: mail limits of contact requests
    provider_registration_actor provider_registration;   // accounts: the member's account
    content_actor content;                       // jobs, organizations: pages that list or name them
    organization_editor org_editor;              // profiles: the logo is stored like a profile image
    job_postings_editor job_editor;              // org_editor: membership and the ad quota
    job_importer job_imports;                    // org_editor, job_editor: each imported row is the editor's check and write
    candidate_search_actor talents;              // org_editor: membership of the searching organization
    shifts_actor shifts;                         // org_editor: membership of the job's organization
    time_records_actor time_records;             // org_editor: membership of the shift's organization
    shift_refill_actor shift_refill;             // work_limits: the question before taking a place
    pool_actor pool;                             // org_editor: membership of the inviting organization
    reports_actor reports;                       // org_editor: membership of the organization reported on
};


// Adds every domain's routes to `r` (app/routes.cpp). Called once at start; the table is shared
// read-only by every loop, each route reaching its loop's actor through a getter made here.
void register_all_routes(router& r);

// `jobhafen routes`: every route with its declared policy as a Markdown table, the table that
// docs/routes.md holds (a test compares the two).
int routes_command();

// What `jobhafen serve` runs with: the routes, the actors of each loop (sharing `process`, which
// must outlive the server) and the job index's gauges in /metrics.
serve_wiring server_wiring(process_domain& process);

}  // namespace jh
