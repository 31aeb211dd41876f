// features.h: feature toggles and experiments (site-shell spec sections 4 and 9), as fixed data
// with query overrides. Pure; unit-tested in tests/unit/content_features_test.cpp.
//
// An experiment gives a visitor a variant only when it runs (not draft, inactive or stopped): the
// visitor id is hashed with the experiment's name into one of 1000 buckets, and the variants own
// consecutive bucket ranges in proportion to their weights. The same id always gets the same
// variant; different experiments split visitors independently.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "reactor/http_message.h"
#include "reactor/json_writer.h"

namespace jh::content {

inline constexpr int feature_buckets = 1000;

struct toggle {
    std::string_view name;
    bool enabled;
    std::string_view variant = {};   // "" when the toggle has none
};

struct experiment_variant {
    std::string_view name;
    int weight;                 // buckets out of 1000
};

enum class experiment_status { draft, inactive, running, stopped };

struct experiment {
    std::string_view name;
    experiment_status status;
    std::vector<experiment_variant> variants;
};

const std::vector<toggle>& toggles();
const std::vector<experiment>& experiments();

// 0..999 for this experiment and visitor.
int bucket_of(std::string_view experiment_name, std::string_view visitor_id) noexcept;
// The visitor's variant, or nullopt (not running, or no visitor id).
std::optional<std::string_view> variant_for(const experiment& e, std::string_view visitor_id) noexcept;

// Whether toggle `name` is on, after the request's `toggle<name>=on|off` override.
bool toggle_enabled(std::string_view name, const http_request& req);

// {"features":[...],"experiments":[...]} (docs/content.md).
// `special_offer_job_id`: the configured special-offer job (config content.special_offer_job_id),
// sent as "specialOfferJobId" (null when 0).
void write_features(json_writer& w, const http_request& req, std::string_view visitor_id, std::int64_t special_offer_job_id = 0);

}  // namespace jh::content
