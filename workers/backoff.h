// backoff.h: how long a failed job waits before its next attempt, and a job told "not now" (a
// full disk, outcome::wait) before its next try.
//
// Exponential (base * 2^(attempt-1), capped) with "equal jitter": half the delay is fixed, the
// other half random, so jobs that failed together (a relay that was down) do not all come back
// in the same instant, yet no retry comes back much sooner than planned.
#pragma once

#include <algorithm>
#include <chrono>
#include <random>

namespace jh::workers {

inline std::chrono::milliseconds retry_delay(int attempts_so_far, std::chrono::milliseconds base,
                                             std::chrono::milliseconds cap, std::mt19937_64& rng) {
    long long d = base.count();
    for (int i = 1; i < attempts_so_far && d < cap.count(); ++i) d *= 2;
    if (d > cap.count()) d = cap.count();
    std::uniform_int_distribution<long long> half(0, d / 2);
    return std::chrono::milliseconds(d - d / 2 + half(rng));
}

// A wait uses no attempt, so it cannot count doublings: it grows with the time the job has been
// waiting instead (as long again, which doubles the same way), from `base` to at most a minute
// (or `cap`, when smaller): a disk freed after an hour is noticed within a minute, and a thousand
// waiting jobs cost a claim each per minute. Equal jitter as above.
inline std::chrono::milliseconds full_disk_wait(std::chrono::milliseconds waited, std::chrono::milliseconds base,
                                                std::chrono::milliseconds cap, std::mt19937_64& rng) {
    const long long most = std::min<long long>(cap.count(), 60'000);
    const long long d = std::clamp<long long>(waited.count(), std::min<long long>(base.count(), most), most);
    std::uniform_int_distribution<long long> half(0, d / 2);
    return std::chrono::milliseconds(d - d / 2 + half(rng));
}

}  // namespace jh::workers
