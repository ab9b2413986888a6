// CompileWorkers runs up to its thread count of jobs side by side and never more, takes jobs
// posted First before those posted Later, and stop() drops what is queued; thread_count reads
// its rule (the compile threads' and the host workers'); CompileClaims makes a thread wait for
// a shader another is compiling.
#include "pica/thread_count.h"
#include "scoped_env.h"
#include "vk/pipeline/compile_claims.h"
#include "vk/pipeline/compile_workers.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdlib>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

using namespace picavk;
using vk::CompileWorkers;

namespace {

// Jobs that wait until `want` of them run at once (or 5 s pass: then the check below fails,
// rather than the test hanging).
struct Meeting {
    std::mutex m;
    std::condition_variable cv;
    unsigned running = 0, most = 0, met = 0;
    void arrive_and_wait(unsigned want) {
        std::unique_lock lock(m);
        most = std::max(most, ++running);
        cv.notify_all();
        if (cv.wait_for(lock, std::chrono::seconds(5), [&] { return most >= want; })) ++met;
        --running;
    }
};

} // namespace

TEST_CASE("compile workers: as many jobs run side by side as there are threads") {
    for (unsigned threads : {2u, 3u, 5u}) {
        CAPTURE(threads);
        CompileWorkers workers(threads);
        CHECK(workers.threads() == threads);
        Meeting meeting;
        // Each job waits until all `threads` run together: only threads side by side let any
        // of them go on.
        for (unsigned i = 0; i < threads; ++i)
            workers.post([&] { meeting.arrive_and_wait(threads); },
                         CompileWorkers::Priority::Later);
        workers.wait_idle();
        CHECK(meeting.met == threads);
        CHECK(meeting.most == threads);
        CHECK(workers.most_at_once() == threads);
    }
}

TEST_CASE("compile workers: never more jobs at once than threads, and every job runs once") {
    for (unsigned threads : {1u, 2u, 3u}) {
        CAPTURE(threads);
        CompileWorkers workers(threads);
        std::mutex m;
        unsigned running = 0, most = 0;
        std::vector<int> runs(40, 0);
        for (std::size_t i = 0; i < runs.size(); ++i)
            workers.post(
                [&, i] {
                    {
                        const std::lock_guard lock(m);
                        most = std::max(most, ++running);
                        ++runs[i];
                    }
                    std::this_thread::sleep_for(std::chrono::milliseconds(1));
                    const std::lock_guard lock(m);
                    --running;
                },
                i % 3 ? CompileWorkers::Priority::Later : CompileWorkers::Priority::First);
        workers.wait_idle();
        CHECK(most <= threads);
        CHECK(workers.most_at_once() <= threads);
        CHECK(workers.most_at_once() >= 1);
        for (std::size_t i = 0; i < runs.size(); ++i) {
            CAPTURE(i);
            CHECK(runs[i] == 1);
        }
    }
}

namespace {

// A job that holds the one thread of a CompileWorkers(1) until open(), so that the jobs posted
// meanwhile queue behind it; `then` runs (under the lock) as it lets go.
struct HeldJob {
    std::mutex m;
    std::condition_variable cv;
    bool started = false, release = false;
    void post(CompileWorkers& workers, std::function<void()> then) {
        workers.post(
            [this, then] {
                std::unique_lock lock(m);
                started = true;
                cv.notify_all();
                cv.wait(lock, [&] { return release; });
                then();
            },
            CompileWorkers::Priority::Later);
        std::unique_lock lock(m);
        cv.wait(lock, [&] { return started; });
    }
    void open() {
        {
            const std::lock_guard lock(m);
            release = true;
        }
        cv.notify_all();
    }
};

} // namespace

TEST_CASE("compile workers: jobs posted First run before those posted Later, those before those "
          "posted Last, each in turn") {
    CompileWorkers workers(1);
    HeldJob held;
    std::vector<std::string> order;
    auto record = [&](const char* name) {
        return [&, name] {
            const std::lock_guard lock(held.m);
            order.push_back(name);
        };
    };
    held.post(workers, [&] { order.push_back("held"); });
    workers.post(record("last 1"), CompileWorkers::Priority::Last);
    workers.post(record("later 1"), CompileWorkers::Priority::Later);
    workers.post(record("later 2"), CompileWorkers::Priority::Later);
    workers.post(record("first 1"), CompileWorkers::Priority::First);
    workers.post(record("later 3"), CompileWorkers::Priority::Later);
    workers.post(record("first 2"), CompileWorkers::Priority::First);
    workers.post(record("last 2"), CompileWorkers::Priority::Last);
    held.open();
    workers.wait_idle();
    CHECK(order == std::vector<std::string>{"held", "first 1", "first 2", "later 1", "later 2",
                                            "later 3", "last 1", "last 2"});
    CHECK(workers.most_at_once() == 1);
}

TEST_CASE("compile workers: stop drops the queued jobs, finishes the running one, takes no more") {
    CompileWorkers workers(1);
    HeldJob held;
    int ran = 0;
    held.post(workers, [&] { ++ran; });
    for (int i = 0; i < 3; ++i)
        workers.post(
            [&] {
                const std::lock_guard lock(held.m);
                ran += 10;
            },
            CompileWorkers::Priority::First);
    CHECK(workers.queued() == 3);
    std::thread stopper([&] { workers.stop(); });
    // Released once stop() has dropped the queue (the one thread is still held, so nothing
    // else takes from it), or after 5 s: then the checks below fail, rather than the test hang.
    const auto give_up = std::chrono::steady_clock::now() + std::chrono::seconds(5);
    while (workers.queued() != 0 && std::chrono::steady_clock::now() < give_up)
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
    CHECK(workers.queued() == 0);
    held.open();
    stopper.join();
    CHECK(ran == 1); // the running job finished; the three queued never ran
    workers.post([&] { ran += 100; }, CompileWorkers::Priority::Later);
    workers.wait_idle();
    CHECK(ran == 1);
}

TEST_CASE("compile workers: a shader another thread is compiling is waited for, others are not") {
    std::mutex m;
    vk::CompileClaims claims;
    std::optional<vk::CompileClaims::Claim> compiling;
    {
        std::unique_lock lock(m);
        claims.wait(lock, 7); // nobody compiles it: at once
        compiling.emplace(claims, m, 7);
        claims.wait(lock, 8); // another shader: at once
    }
    std::atomic<bool> returned{false};
    std::thread asker([&] {
        std::unique_lock lock(m);
        claims.wait(lock, 7);
        returned = true;
    });
    // Not while the claim stands (it would return within microseconds).
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    CHECK(!returned.load());
    compiling.reset(); // the compile ends: the asker looks again
    asker.join();
    CHECK(returned.load());
}

TEST_CASE("compile workers: thread counts from the variable, the configuration or the host") {
    REQUIRE(std::getenv("PICAVK_TEST_THREADS") == nullptr);
    const pica::ThreadCountRule rule{"PICAVK_TEST_THREADS", 1, 4, 16};
    CHECK(pica::thread_count(rule, 3) == 3);
    CHECK(pica::thread_count(rule, 100) == 16);
    // By host: its hardware threads less one, from 1 to 4.
    const unsigned host = std::thread::hardware_concurrency();
    const unsigned expected = host <= 1 ? 1 : std::min(host - 1, 4u);
    CHECK(pica::thread_count(rule, 0) == expected);
    // No spare, a higher cap: all the host's threads, up to it.
    CHECK(pica::thread_count({"PICAVK_TEST_THREADS", 0, 64, 64}, 0) == std::clamp(host, 1u, 64u));
    {
        const test::ScopedEnv env("PICAVK_TEST_THREADS", "7");
        CHECK(pica::thread_count(rule, 0) == 7);
        CHECK(pica::thread_count(rule, 2) == 7);
    }
    {
        const test::ScopedEnv env("PICAVK_TEST_THREADS", "99");
        CHECK(pica::thread_count(rule, 2) == 16);
    }
    for (const char* bad : {"0", "", "x", "3x", "-1", " 2"}) {
        CAPTURE(std::string(bad));
        const test::ScopedEnv env("PICAVK_TEST_THREADS", bad);
        CHECK(pica::thread_count(rule, 5) == 5);
    }
}
