// features.cpp: see features.h.
#include "actors/content/features.h"
#include "search/query_values.h"


namespace jh::content {

const std::vector<toggle>& toggles() {
    static const std::vector<toggle> all = {
        // On (site-shell spec section 9).
        {"job_application_landingpage_redirect", true, "chatgpt"},
        {"job_posting_chatgpt_meta_data", true},
        {"job_alerts", true},
        {"organization_question_dialog_in_listing", true},
        {"rating", true},
        {"videos", true},
        {"new_job_model_fields", true},
        // Off.
        {"extras_navigation", false},
        {"profile_skills", false},
        {"public_profile", false},
        {"send_jobs_via_email", false},
        {"show_jobs_as_published_for_visitors", false},
    };
    return all;
}

const std::vector<experiment>& experiments() {
    static const std::vector<experiment> all = {
        {"job_application_landingpage_redirect", experiment_status::running, {{"control", 500}, {"chatgpt", 500}}},
        {"homepage_hero_search", experiment_status::draft, {{"control", 500}, {"search_first", 500}}},
        {"registration_dialog_steps", experiment_status::inactive, {{"control", 500}, {"two_steps", 500}}},
        {"job_detail_sticky_apply", experiment_status::stopped, {{"control", 500}, {"sticky", 500}}},
    };
    return all;
}

int bucket_of(std::string_view experiment_name, std::string_view visitor_id) noexcept {
    // FNV-1a over "name:visitor", then a murmur3 finaliser so that ids differing only in their
    // last character still spread over all buckets.
    std::uint32_t h = 2166136261u;
    auto mix = [&h](std::string_view s) {
        for (unsigned char c : s) {
            h ^= c;
            h *= 16777619u;
        }
    };
    mix(experiment_name);
    mix(":");
    mix(visitor_id);
    h ^= h >> 16;
    h *= 0x85ebca6bu;
    h ^= h >> 13;
    h *= 0xc2b2ae35u;
    h ^= h >> 16;
    return static_cast<int>(h % feature_buckets);
}

std::optional<std::string_view> variant_for(const experiment& e, std::string_view visitor_id) noexcept {
    if (e.status != experiment_status::running || visitor_id.empty() || e.variants.empty()) return std::nullopt;
    int b = bucket_of(e.name, visitor_id);
    int upto = 0;
    for (const auto& v : e.variants) {
        upto += v.weight;
        if (b < upto) return v.name;
    }
    return e.variants.back().name;
}

bool toggle_enabled(std::string_view name, const http_request& req) {
    std::string key = "toggle";
    key += name;
    if (auto q = req.query_param(key)) {
        if (auto f = search::parse_flag(*q)) return *f;
    }
    for (const auto& t : toggles())
        if (t.name == name) return t.enabled;
    return false;
}

namespace {
std::string_view status_name(experiment_status s) {
    switch (s) {
        case experiment_status::draft: return "draft";
        case experiment_status::inactive: return "inactive";
        case experiment_status::running: return "running";
        case experiment_status::stopped: return "stopped";
    }
    return "draft";
}
}  // namespace

void write_features(json_writer& w, const http_request& req, std::string_view visitor_id, std::int64_t special_offer_job_id) {
    w.begin_object().key("features").begin_array();
    for (const auto& t : toggles()) {
        w.begin_object().member("name", t.name).member("enabled", toggle_enabled(t.name, req));
        if (!t.variant.empty()) w.member("variant", t.variant);
        w.end_object();
    }
    w.end_array().key("experiments").begin_array();
    for (const auto& e : experiments()) {
        w.begin_object().member("name", e.name).member("status", status_name(e.status)).key("variants").begin_array();
        for (const auto& v : e.variants) w.begin_object().member("name", v.name).member("weight", v.weight).end_object();
        w.end_array().key("variant");
        if (auto v = variant_for(e, visitor_id)) w.value(*v);
        else w.null();
        w.end_object();
    }
    w.end_array().key("specialOfferJobId");
    if (special_offer_job_id > 0) w.value(special_offer_job_id);
    else w.null();
    w.end_object();
}

}  // namespace jh::content
