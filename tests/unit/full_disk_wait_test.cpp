// full_disk_wait_test.cpp: how long a queue job told "not now" (a full disk, outcome::wait) waits
// before its next try (workers/backoff.h): from the base, as long again as it has waited so far,
// never more than a minute, and never more than the queue's own cap.
#include <gtest/gtest.h>

#include "workers/backoff.h"

namespace jh::workers {
namespace {

using std::chrono::milliseconds;

TEST(FullDiskWait, GrowsWithTheWaitFromTheBaseAndStaysWithinAMinute) {
    std::mt19937_64 rng(46);
    const milliseconds base(5000), cap(3'600'000);
    for (int i = 0; i < 200; ++i) {
        // Equal jitter: between half and all of the planned wait.
        auto first = full_disk_wait(milliseconds(0), base, cap, rng);
        EXPECT_GE(first, milliseconds(2500));
        EXPECT_LE(first, milliseconds(5000));
        auto later = full_disk_wait(milliseconds(20'000), base, cap, rng);
        EXPECT_GE(later, milliseconds(10'000));
        EXPECT_LE(later, milliseconds(20'000));
        auto long_after = full_disk_wait(milliseconds(7'200'000), base, cap, rng);
        EXPECT_GE(long_after, milliseconds(30'000));
        EXPECT_LE(long_after, milliseconds(60'000));
    }
}

TEST(FullDiskWait, ASmallerQueueCapBoundsIt) {
    std::mt19937_64 rng(46);
    for (int i = 0; i < 200; ++i) EXPECT_LE(full_disk_wait(milliseconds(90'000), milliseconds(100), milliseconds(300), rng), milliseconds(300));
}

}  // namespace
}  // namespace jh::workers
