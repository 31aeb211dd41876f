// Unit tests of feature toggles and experiment variants (actors/content/features.h).
#include <gtest/gtest.h>

#include <map>
#include <string>

#include "actors/content/features.h"

namespace jh::content {
namespace {

const experiment& running() {
    for (const auto& e : experiments())
        if (e.status == experiment_status::running) return e;
    throw std::runtime_error("no running experiment");
}

TEST(ContentFeatures, VariantIsStableForAVisitor) {
    const auto& e = running();
    for (int i = 0; i < 100; ++i) {
        std::string id = "visitor-" + std::to_string(i);
        EXPECT_EQ(variant_for(e, id), variant_for(e, id));
    }
    EXPECT_FALSE(variant_for(e, "").has_value());
}

TEST(ContentFeatures, VariantsSpreadEvenlyOverTenThousandVisitors) {
    const auto& e = running();
    std::map<std::string, int> seen;
    for (int i = 0; i < 10000; ++i) {
        // pb_visitor_id values are 16 characters
        char id[17];
        std::snprintf(id, sizeof id, "v%015d", i * 7919);
        ++seen[std::string(*variant_for(e, id))];
    }
    int total_weight = 0;
    for (const auto& v : e.variants) total_weight += v.weight;
    ASSERT_EQ(seen.size(), e.variants.size());
    for (const auto& v : e.variants) {
        double expected = 10000.0 * v.weight / total_weight;
        EXPECT_NEAR(seen[std::string(v.name)], expected, expected * 0.05) << v.name;
    }
    // The buckets themselves are even too: each tenth of the 1000 buckets gets about 1000 visitors.
    std::map<int, int> deciles;
    for (int i = 0; i < 10000; ++i) ++deciles[bucket_of(e.name, "id-" + std::to_string(i)) / 100];
    for (const auto& [d, n] : deciles) EXPECT_NEAR(n, 1000, 150) << d;
}

TEST(ContentFeatures, DraftInactiveAndStoppedExperimentsGiveNoVariant) {
    int checked = 0;
    for (const auto& e : experiments()) {
        if (e.status == experiment_status::running) continue;
        EXPECT_FALSE(variant_for(e, "abcdefgh12345678").has_value()) << e.name;
        ++checked;
    }
    EXPECT_EQ(checked, 3);
}

TEST(ContentFeatures, TogglesAndQueryOverrides) {
    http_request req;
    req.target = "/api/features?togglerating=off&toggleprofile_skills=1";
    req.query = std::string_view(req.target).substr(req.target.find('?') + 1);
    EXPECT_FALSE(toggle_enabled("rating", req));
    EXPECT_TRUE(toggle_enabled("profile_skills", req));
    EXPECT_TRUE(toggle_enabled("job_alerts", req));
    EXPECT_FALSE(toggle_enabled("show_jobs_as_published_for_visitors", req));
    EXPECT_FALSE(toggle_enabled("unbekannt", req));
}

}  // namespace
}  // namespace jh::content
