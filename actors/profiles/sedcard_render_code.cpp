// sedcard_render_code.cpp: the hash of the sedcard's render code, the one object file compiled with
// it (cmake/sedcard_render_code.cmake sets JH_SEDCARD_RENDER_CODE), and the rest of sedcard_kept.h.
#include "actors/profiles/sedcard_kept.h"

#include <fmt/format.h>

#include "reactor/auth.h"

#ifndef JH_SEDCARD_RENDER_CODE
#error "JH_SEDCARD_RENDER_CODE comes from cmake/sedcard_render_code.cmake"
#endif

namespace jh::profiles {

std::string_view sedcard_render_code() { return JH_SEDCARD_RENDER_CODE; }

std::string sedcard_version(std::string_view model, std::string_view portrait_file, std::string_view render_code) {
    // Lengths first, so no two different triples hash the same bytes.
    std::string input = fmt::format("sedcard\n{}:{}\n{}:{}\n{}:", render_code.size(), render_code, portrait_file.size(),
                                    portrait_file, model.size());
    input += model;
    return auth::sha256_hex(input);
}

sedcard_counts& sedcard_counters() noexcept {
    static sedcard_counts counts;
    return counts;
}

std::string sedcard_counts_prometheus() {
    const sedcard_counts& c = sedcard_counters();
    return fmt::format(
        "# HELP jobhafen_sedcard_pdfs_total Sedcard PDF downloads by how they were answered: rendered by the worker, "
        "served from the kept PDF, or 304.\n"
        "# TYPE jobhafen_sedcard_pdfs_total counter\n"
        "jobhafen_sedcard_pdfs_total{{answer=\"rendered\"}} {}\n"
        "jobhafen_sedcard_pdfs_total{{answer=\"kept\"}} {}\n"
        "jobhafen_sedcard_pdfs_total{{answer=\"not_modified\"}} {}\n",
        c.rendered.load(std::memory_order_relaxed), c.kept.load(std::memory_order_relaxed),
        c.not_modified.load(std::memory_order_relaxed));
}

}  // namespace jh::profiles
