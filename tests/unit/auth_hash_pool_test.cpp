// Unit tests of the argon2 offloading (reactor/thread_pool.h, actors/accounts/password_hash.h):
// the work runs off the loop, at most max_running at once, and a full queue answers 503 at once.
#include <gtest/gtest.h>
#include <sodium.h>
#include <uv.h>

#include <atomic>
#include <chrono>
#include <thread>
#include <vector>

#include "actors/accounts/password_hash.h"
#include "reactor/thread_pool.h"

namespace jh {
namespace {

std::atomic<int> now_running{0};
std::atomic<int> most_running{0};

int busy_job() {
    int n = ++now_running;
    int seen = most_running.load();
    while (n > seen && !most_running.compare_exchange_weak(seen, n)) {
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(30));
    --now_running;
    return 7;
}

task<void> run_one(thread_pool& pool, std::thread::id loop_thread, std::vector<int>& outcomes) {
    auto job = [] { return busy_job(); };
    auto r = co_await pool.run(std::move(job));
    EXPECT_EQ(std::this_thread::get_id(), loop_thread);   // resumed on the loop's thread
    outcomes.push_back(r ? *r : -static_cast<int>(r.error().kind));
}

TEST(AuthHashPool, BoundsConcurrencyAndQueue) {
    uv_loop_t loop;
    uv_loop_init(&loop);
    std::vector<int> outcomes;
    {
        thread_pool pool(&loop, 2, 3);   // 2 running, 3 waiting, the 6th and 7th are refused
        now_running = 0;
        most_running = 0;
        for (int i = 0; i < 7; ++i) spawn(run_one(pool, std::this_thread::get_id(), outcomes));
        uv_run(&loop, UV_RUN_DEFAULT);
        EXPECT_EQ(pool.running(), 0);
        EXPECT_EQ(pool.waiting(), 0);
    }
    uv_loop_close(&loop);
    EXPECT_EQ(most_running.load(), 2);
    int ok = 0, refused = 0;
    for (int o : outcomes) (o == 7 ? ok : refused)++;
    EXPECT_EQ(ok, 5);
    EXPECT_EQ(refused, 2);
    // The refusals are immediate, so they are recorded first.
    EXPECT_EQ(outcomes[0], -static_cast<int>(error_kind::unavailable));
}

task<void> hash_and_verify(thread_pool& pool, accounts::argon2_params p, std::vector<bool>& out) {
    auto make = [p] { return accounts::hash_password("Geheim123!", p); };
    auto h = co_await pool.run(std::move(make));
    EXPECT_TRUE(h && *h);
    if (!h || !*h) co_return;   // (ASSERT_* cannot be used in a coroutine)
    std::string hash = **h;
    EXPECT_TRUE(hash.starts_with("$argon2id$"));
    auto right = [hash, p] { return accounts::verify_password(hash, "Geheim123!", p); };
    auto wrong = [hash, p] { return accounts::verify_password(hash, "geheim123!", p); };
    auto none = [p] { return accounts::verify_password("", "Geheim123!", p); };
    auto a = co_await pool.run(std::move(right));
    auto b = co_await pool.run(std::move(wrong));
    auto c = co_await pool.run(std::move(none));
    out = {*a, *b, *c, accounts::needs_rehash(hash, p), accounts::needs_rehash(hash, {3, p.memlimit_bytes})};
}

TEST(AuthHashPool, Argon2idHashesAndVerifies) {
    ASSERT_GE(sodium_init(), 0);
    uv_loop_t loop;
    uv_loop_init(&loop);
    std::vector<bool> out;
    {
        thread_pool pool(&loop, 1, 10);
        spawn(hash_and_verify(pool, {1, 8u * 1024u * 1024u}, out));
        uv_run(&loop, UV_RUN_DEFAULT);
    }
    uv_loop_close(&loop);
    EXPECT_EQ(out, (std::vector<bool>{true, false, false, false, true}));
}

}  // namespace
}  // namespace jh
