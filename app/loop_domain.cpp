// loop_domain.cpp: builds the actors of a loop, each with the peers it calls (see loop_domain.h).
#include "app/loop_domain.h"

namespace jh {

// `system` below is the system actor (health, metrics), not the C library call: nothing here blocks.
loop_domain::loop_domain(loop_context& loop)
    : system(loop),
      tracking(loop),
      accounts(loop),
      jobs(loop),
      organizations(loop),
      places(loop),
      favourites(loop),
      job_alerts(loop),
      ratings(loop),
      billing(loop),
      profiles(loop, accounts),
      applications(loop, accounts, profiles),
      contact(loop, accounts),
      provider_registration(loop, accounts),
      content(loop, jobs, organizations),
      org_editor(loop, profiles),
      job_editor(loop, org_editor),
      talents(loop, org_editor) {}

loop_domain_ptr make_loop_domain(loop_context& loop) {
    return loop_domain_ptr(new loop_domain(loop), [](loop_domain* d) { delete d; });
}

serve_wiring server_wiring() { return serve_wiring{.register_routes = register_all_routes, .make_domain = make_loop_domain}; }

}  // namespace jh
