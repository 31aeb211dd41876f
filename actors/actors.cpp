// actors.cpp: builds the actors of a loop and the route table of every domain.
#include "actors/actors.h"

#include "actors/route.h"
#include "reactor/loop_context.h"
#include "reactor/router.h"

namespace jh {

void register_system_routes(router& r);
void register_tracking_routes(router& r);
void register_accounts_routes(router& r);
void register_jobs_routes(router& r);
void register_organizations_routes(router& r);
void register_places_routes(router& r, actor_of<places_actor> places);
void register_search_routes(router& r);
void register_profiles_routes(router& r);
void register_applications_routes(router& r, actor_of<applications_actor> applications);
void register_favourites_routes(router& r, actor_of<favourites_actor> favourites);
void register_job_alerts_routes(router& r, actor_of<job_alerts_actor> alerts);
void register_ratings_routes(router& r, actor_of<ratings_actor> ratings);
void register_contact_routes(router& r, actor_of<contact_actor> contact);
void register_billing_routes(router& r, actor_of<billing_actor> billing);
void register_provider_registration_routes(router& r, actor_of<provider_registration_actor> registration);
void register_content_routes(router& r);

// `system` below is the system actor (health, metrics), not the C library call: nothing here blocks.
actors::actors(loop_context& loop)
    : system(loop), tracking(loop), accounts(loop), jobs(loop), organizations(loop), places(loop), profiles(loop),
      applications(loop, accounts), favourites(loop), job_alerts(loop), ratings(loop), contact(loop, accounts), billing(loop),
      provider_registration(loop, accounts), content(loop) {}

void register_all_routes(router& r) {
    register_system_routes(r);
    register_tracking_routes(r);
    register_accounts_routes(r);
    register_jobs_routes(r);
    register_organizations_routes(r);
    register_places_routes(r, [](loop_context& loop) -> places_actor& { return loop.domain->places; });
    register_search_routes(r);
    register_profiles_routes(r);
    register_applications_routes(r, [](loop_context& loop) -> applications_actor& { return loop.domain->applications; });
    register_favourites_routes(r, [](loop_context& loop) -> favourites_actor& { return loop.domain->favourites; });
    register_job_alerts_routes(r, [](loop_context& loop) -> job_alerts_actor& { return loop.domain->job_alerts; });
    register_ratings_routes(r, [](loop_context& loop) -> ratings_actor& { return loop.domain->ratings; });
    register_contact_routes(r, [](loop_context& loop) -> contact_actor& { return loop.domain->contact; });
    register_billing_routes(r, [](loop_context& loop) -> billing_actor& { return loop.domain->billing; });
    register_provider_registration_routes(
        r, [](loop_context& loop) -> provider_registration_actor& { return loop.domain->provider_registration; });
    register_content_routes(r);
}

}  // namespace jh
