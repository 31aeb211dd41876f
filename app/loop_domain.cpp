// loop_domain.cpp: builds the actors of a loop, each with the peers it calls (see loop_domain.h),
// and the process-wide job index they share.
#include "app/loop_domain.h"

#include <fmt/format.h>

#include "actors/profiles/sedcard_kept.h"
#include "app/search_settings.h"

namespace jh {

process_domain::process_domain(const config& cfg) {
    const auto& search = section<search_settings>(cfg);
    totals_cache = std::chrono::seconds(search.totals_cache_s);
    if (search.index)
        job_index = std::make_unique<search::index_service>(cfg.database_url, static_cast<std::size_t>(search.index_cards));
}

// `system` below is the system actor (health, metrics), not the C library call: nothing here blocks.
loop_domain::loop_domain(loop_context& loop, process_domain& process)
    : system(loop),
      tracking(loop),
      accounts(loop),
      jobs(loop, process.job_index.get(), process.search_fallbacks, process.totals_cache),
      organizations(loop, process.job_index.get()),
      places(loop),
      favourites(loop),
      job_alerts(loop),
      ratings(loop),
      billing(loop),
      work_limits(loop),
      profiles(loop, accounts),
      applications(loop, accounts, profiles),
      pipeline(loop, applications),
      contact(loop, accounts),
      provider_registration(loop, accounts),
      content(loop, jobs, organizations),
      org_editor(loop),
      job_editor(loop, org_editor),
      job_imports(loop, org_editor, job_editor),
      talents(loop, org_editor),
      shifts(loop, org_editor),
      time_records(loop, org_editor),
      shift_refill(loop, work_limits),
      pool(loop, org_editor),
      reports(loop, org_editor) {}

namespace {

// The job index's gauges: whether it is ready, and how long its newest generation took to build.
// current() is an atomic load, safe from any loop.
std::string job_index_gauges(const search::index_service& index) {
    auto gen = index.current();
    std::string out = "# HELP jobhafen_search_index_ready 1 once the job index has been built.\n# TYPE jobhafen_search_index_ready gauge\n";
    out += fmt::format("jobhafen_search_index_ready {}\n", gen ? 1 : 0);
    if (gen) {
        out += "# HELP jobhafen_search_index_build_seconds How long the newest index generation took to build.\n"
               "# TYPE jobhafen_search_index_build_seconds gauge\n";
        out += fmt::format("jobhafen_search_index_build_seconds {}\n", static_cast<double>(gen->build_ms) / 1e3);
    }
    return out;
}

}  // namespace

serve_wiring server_wiring(process_domain& process) {
    serve_wiring w;
    w.register_routes = register_all_routes;
    w.make_domain = [&process](loop_context& loop) {
        return loop_domain_ptr(new loop_domain(loop, process), [](loop_domain* d) { delete d; });
    };
    const search::index_service* index = process.job_index.get();
    w.register_metrics = [index, &process](metrics_registry& m) {
        if (index)
            m.add_source([index, &process] { return process.search_fallbacks.prometheus_text() + job_index_gauges(*index); });
        // How sedcard downloads were answered (rendered, kept, 304): process-wide atomics.
        m.add_source([] { return profiles::sedcard_counts_prometheus(); });
    };
    return w;
}

}  // namespace jh
