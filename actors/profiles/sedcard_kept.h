// sedcard_kept.h: what decides whether a sedcard PDF rendered before may be served again (issue 45
// item 4; docs/sedcard.md, "Kept PDFs"). A kept PDF is keyed by a version: a SHA-256 over
// everything the PDF shows — the render model (every label and value, the age of today, the
// reference names), the portrait's file (a stored file's bytes never change, a new upload is a new
// key), and the render code. Any change to one of them is a new version, so an edit is rendered
// anew at once and a kept PDF is never stale; nothing has to be invalidated.
//
// The candidate and a provider the candidate applied to get the same PDF (the model leaves out bank,
// tax and health data for everybody), so one kept PDF serves both; should the PDF ever differ by
// reader, the difference is in the model and so in the version.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace jh::profiles {

// A SHA-256 (hex) of the render code (workers/render/documents.*, pdf_layout.*, messages/render.cpp),
// computed by the build (cmake/layers.cmake) into sedcard_render_code.cpp.
std::string_view sedcard_render_code();

// The version of a sedcard PDF: SHA-256 hex of the render code, the portrait's file name (its
// storage key and thumbnail suffix; empty without a portrait) and the model JSON.
std::string sedcard_version(std::string_view model, std::string_view portrait_file, std::string_view render_code);

// A PDF larger than this is answered but not kept (a full sedcard with its 640 px portrait is
// about 0.6 MB; the table's check allows 8 MiB).
inline constexpr std::size_t max_kept_sedcard_bytes = 4u << 20;

// How sedcard downloads were answered in this process, for /metrics: rendered by the worker, served
// from the kept PDF, or answered 304 (the reader has this version).
struct sedcard_counts {
    std::atomic<std::uint64_t> rendered{0}, kept{0}, not_modified{0};
};
sedcard_counts& sedcard_counters() noexcept;
// The counters in Prometheus text (jobhafen_sedcard_pdfs_total{answer="rendered|kept|not_modified"}).
std::string sedcard_counts_prometheus();

}  // namespace jh::profiles
