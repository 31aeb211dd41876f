// publication_channels.h: the channels a job is published in, chosen per job by its provider
// (issue 44 item 5; docs/reach.md, "Kanäle pro Anzeige"). The operator's list lives in the table
// publication_channels (migration 0380); a job's choice in job_postings.publication_channels,
// written by the job editor (job_postings_editor.cpp), read by the Indeed feed (`indeed`) and the
// Google indexing worker (`google`).
#pragma once

#include <simdjson.h>

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "actors/merge_patch.h"
#include "reactor/app_error.h"
#include "reactor/pg.h"
#include "reactor/task.h"

namespace jh::jobs::channels {

// The site itself: every job is on it, a provider cannot deselect it.
inline constexpr std::string_view always = "jobhafen";
// Bounds of a job's `channels` (the table's CHECK allows 20).
inline constexpr std::size_t max_chosen = 20;
inline constexpr std::size_t max_slug_chars = 40;

inline constexpr std::string_view msg_unknown = "Diesen Kanal gibt es nicht oder er wird nicht mehr angeboten.";

// The channels offered now (active), in the editor's order, as the JSON text of
// GET /api/publication_channels: {"hydra:member": [{slug, name, description, priceCents,
// currency, free, alwaysOn}], "hydra:totalItems": n}.
task<result<std::string>> offered_json(pg::pool& db);
// The slugs of the channels offered now.
task<result<std::vector<std::string>>> offered_slugs(pg::pool& db);

// Reads a job body's `channels` (a list of slugs; null is "Jobhafen only") against the `offered`
// slugs: each unknown or retired one is a violation at channels[i]; without violations the list
// is written as "channels" into the reader's document in the offered order, `jobhafen` always,
// each slug once.
void read(simdjson::dom::element e, patch::reader& rd, const std::vector<std::string>& offered);

}  // namespace jh::jobs::channels
