// The shift's QR check-in code (actors/shifts/check_in_code.h; docs/shifts.md "Checking in and out
// by QR code"): what the server signs it reads back; another shift's id, a stretched window,
// another key or a broken shape is refused.
#include <gtest/gtest.h>

#include "actors/shifts/check_in_code.h"

namespace jh::shifts {
namespace {

const auth::signing_key key = auth::derive_signing_key("unit-test-secret-0123456789-abcdefghijklmnop");

TEST(CheckInCode, TheWindowRunsFromAnHourBeforeTheStartToSixHoursAfterTheEnd) {
    auto c = code_for_shift(42, 1'000'000, 1'028'800);
    EXPECT_EQ(c.shift, 42);
    EXPECT_EQ(c.valid_from, 1'000'000 - 3600);
    EXPECT_EQ(c.valid_until, 1'028'800 + 6 * 3600);
}

TEST(CheckInCode, ASignedCodeReadsBackAndIsShort) {
    auto c = code_for_shift(42, 1'764'396'000, 1'764'424'800);
    std::string text = sign_check_in_code(c, key);
    EXPECT_LE(text.size(), 60u) << text;
    EXPECT_EQ(text.find_first_not_of("0123456789.ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-_"), std::string::npos);
    auto back = verify_check_in_code(text, key);
    ASSERT_TRUE(back);
    EXPECT_EQ(back->shift, 42);
    EXPECT_EQ(back->valid_from, c.valid_from);
    EXPECT_EQ(back->valid_until, c.valid_until);
}

TEST(CheckInCode, AnotherShiftAStretchedWindowAnotherKeyOrABrokenShapeIsRefused) {
    auto c = code_for_shift(42, 1'764'396'000, 1'764'424'800);
    std::string text = sign_check_in_code(c, key);
    std::string mac = text.substr(text.rfind('.') + 1);
    auto with = [&](std::int64_t shift, std::int64_t from, std::int64_t until) {
        return std::to_string(shift) + "." + std::to_string(from) + "." + std::to_string(until) + "." + mac;
    };
    EXPECT_FALSE(verify_check_in_code(with(43, c.valid_from, c.valid_until), key));
    EXPECT_FALSE(verify_check_in_code(with(42, c.valid_from, c.valid_until + 86400), key));
    EXPECT_FALSE(verify_check_in_code(text, auth::derive_signing_key("another-secret-0123456789-abcdefghijklmnop")));
    for (std::string bad : {std::string(), std::string("42"), text + ".x", "042" + text.substr(2), "-42" + text.substr(2),
                            with(42, c.valid_until, c.valid_from), text.substr(0, text.size() - 1), std::string(200, '1')})
        EXPECT_FALSE(verify_check_in_code(bad, key)) << bad;
}

}  // namespace
}  // namespace jh::shifts
