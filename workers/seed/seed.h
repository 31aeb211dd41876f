// seed.h: `jobhafen seed`, the demo data of the job catalogue.
//
//   jobhafen seed [--organizations N] [--jobs M] [--seed S] [--append]
//
// Writes N organizations and M job postings with believable German titles and texts, salaries from
// 12 € to 25 € per hour, real places from the gazetteer (weighted by population), a spread of
// activities, employment types, industries, flags and ages. The same seed gives the same
// organizations and jobs (names, texts, places, flags, ages relative to the time of the run).
// Applies pending migrations first. A database that already has job postings is left alone unless
// --append is given (ops/run calls `jobhafen seed` on every start). Blocking libpq and COPY: this is
// a command, not a loop.
#pragma once

#include <string>
#include <vector>

namespace jh {
struct config;
}

namespace jh::seed {

int seed_command(const config& cfg, const std::vector<std::string>& args);

}  // namespace jh::seed
