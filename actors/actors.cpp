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
void register_candidate_actions_routes(router& r);
void register_content_routes(router& r);
void register_organization_write_routes(router& r, actor_of<organization_editor> editor);
void register_job_postings_write_routes(router& r, actor_of<job_postings_editor> editor);

// `system` below is the system actor (health, metrics), not the C library call: nothing here blocks.
actors::actors(loop_context& loop)
    : system(loop), tracking(loop), accounts(loop), jobs(loop), organizations(loop), places(loop), profiles(loop),
      candidate_actions(loop), content(loop), org_editor(loop, profiles),
      job_editor(loop, org_editor) {}

void register_all_routes(router& r) {
    register_system_routes(r);
    register_tracking_routes(r);
    register_accounts_routes(r);
    register_jobs_routes(r);
    register_organizations_routes(r);
    register_places_routes(r, [](loop_context& loop) -> places_actor& { return loop.domain->places; });
    register_search_routes(r);
    register_profiles_routes(r);
    register_candidate_actions_routes(r);
    register_content_routes(r);
    register_organization_write_routes(r, [](loop_context& loop) -> organization_editor& { return loop.domain->org_editor; });
    register_job_postings_write_routes(r, [](loop_context& loop) -> job_postings_editor& { return loop.domain->job_editor; });
}

}  // namespace jh
