// backoff.h: how long a failed job waits before its next attempt.
//
// Exponential (base * 2^(attempt-1), capped) with "equal jitter": half the delay is fixed, the
// other half random, so jobs that failed together (a relay that was down) do not all come back
// in the same instant, yet no retry comes back much sooner than planned.
#pragma once

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

}  // namespace jh::workers
