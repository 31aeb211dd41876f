// sedcard_version_test.cpp: the version a kept sedcard PDF is keyed by (actors/profiles/sedcard_kept.h)
// changes with everything the PDF shows and with nothing else, and If-None-Match names a version only
// as RFC 9110 says (actors/files/file_delivery.h etag_listed).
#include <gtest/gtest.h>

#include "actors/files/file_delivery.h"
#include "actors/profiles/sedcard_kept.h"

namespace jh {
namespace {

TEST(SedcardVersion, ChangesWithTheModelThePortraitAndTheRenderCode) {
    const std::string model = R"({"name":"Kerstin Böhm","facts":[],"summary":"","sections":[]})";
    const std::string v = profiles::sedcard_version(model, "0123456789abcdef0123456789abcdef-w640", "c1");
    EXPECT_EQ(v.size(), 64u);
    EXPECT_EQ(v, profiles::sedcard_version(model, "0123456789abcdef0123456789abcdef-w640", "c1"));
    EXPECT_NE(v, profiles::sedcard_version(R"({"name":"Kerstin Böhm-Krause","facts":[],"summary":"","sections":[]})",
                                           "0123456789abcdef0123456789abcdef-w640", "c1"));
    EXPECT_NE(v, profiles::sedcard_version(model, "fedcba9876543210fedcba9876543210-w640", "c1"));
    EXPECT_NE(v, profiles::sedcard_version(model, "0123456789abcdef0123456789abcdef", "c1"));
    EXPECT_NE(v, profiles::sedcard_version(model, "", "c1"));
    EXPECT_NE(v, profiles::sedcard_version(model, "0123456789abcdef0123456789abcdef-w640", "c2"));
    // The parts cannot be shifted into one another.
    EXPECT_NE(profiles::sedcard_version("ab", "", "c"), profiles::sedcard_version("b", "a", "c"));
    // The build put the render code's hash in.
    EXPECT_EQ(profiles::sedcard_render_code().size(), 64u);
}

TEST(SedcardVersion, IfNoneMatchNamesAVersionOnlyAsEntityTags) {
    const std::string v(64, 'a');
    EXPECT_TRUE(etag_listed("\"" + v + "\"", v));
    EXPECT_TRUE(etag_listed("W/\"" + v + "\"", v));
    EXPECT_TRUE(etag_listed("\"x\", \"" + v + "\"", v));
    EXPECT_TRUE(etag_listed(" \"x\" ,\t\"" + v + "\" ", v));
    EXPECT_TRUE(etag_listed("*", v));
    EXPECT_FALSE(etag_listed(std::nullopt, v));
    EXPECT_FALSE(etag_listed("", v));
    EXPECT_FALSE(etag_listed(v, v));                       // not quoted
    EXPECT_FALSE(etag_listed("\"" + v.substr(1) + "\"", v));
    EXPECT_FALSE(etag_listed("\"" + v + "b\"", v));
    EXPECT_FALSE(etag_listed("\"\"", ""));                  // no version, nothing matches
}

}  // namespace
}  // namespace jh
