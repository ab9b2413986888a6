// HostWorkers runs every task of a job once, on any number of threads, job after job, and
// returns only when all have run; parallel_copy copies every byte and nothing more.
#include "pica/host_workers.h"
#include "random_bytes.h"

#include <doctest/doctest.h>

#include <atomic>
#include <chrono>
#include <cstdlib>
#include <thread>
#include <vector>

using namespace picavk::pica;

TEST_CASE("host workers: each task of each job runs once, and run returns after the last") {
    for (unsigned threads : {1u, 2u, 3u, 8u}) {
        CAPTURE(threads);
        HostWorkers workers(threads);
        CHECK(workers.threads() == threads);
        std::vector<std::atomic<int>> runs(257);
        std::atomic<std::size_t> other_threads{0};
        const std::thread::id caller = std::this_thread::get_id();
        // Jobs back to back: a worker that wakes late for one must not run the next one's
        // tasks as the old job's, nor touch a job that has returned.
        for (int job = 0; job < 300; ++job) {
            const std::size_t count = static_cast<std::size_t>(job % 7 == 0 ? 0 : 1 + job % 257);
            for (auto& r : runs)
                r = 0;
            workers.run(count, [&](std::size_t i) {
                runs[i].fetch_add(1);
                if (std::this_thread::get_id() != caller) other_threads.fetch_add(1);
            });
            for (std::size_t i = 0; i < runs.size(); ++i) {
                CAPTURE(job);
                CAPTURE(i);
                REQUIRE(runs[i].load() == (i < count ? 1 : 0));
            }
        }
        if (threads == 1) CHECK(other_threads.load() == 0);
    }
}

TEST_CASE("host workers: a job's tasks run side by side, on as many threads as the pool has") {
    // Each task waits until every task of the job has started: only threads running at once
    // can finish it (a pool that ran the tasks one after another would time out here).
    for (unsigned threads : {2u, 4u}) {
        CAPTURE(threads);
        HostWorkers workers(threads);
        std::atomic<unsigned> started{0};
        std::atomic<bool> all_met{true};
        workers.run(threads, [&](std::size_t) {
            started.fetch_add(1);
            const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(20);
            while (started.load() < threads)
                if (std::chrono::steady_clock::now() > until) {
                    all_met = false;
                    return;
                }
        });
        CHECK(all_met.load());
        CHECK(started.load() == threads);
    }
}

TEST_CASE("host workers: the thread count from PICAVK_HOST_THREADS, the configuration or the "
          "host") {
    const char* saved = std::getenv("PICAVK_HOST_THREADS");
    const std::string kept = saved ? saved : "";
    ::unsetenv("PICAVK_HOST_THREADS");
    CHECK(HostWorkers::threads_for(3) == 3);
    CHECK(HostWorkers::threads_for(1000) == HostWorkers::kLimit);
    const unsigned host = HostWorkers::threads_for(0);
    CHECK(host >= 1);
    CHECK(host <= HostWorkers::kAutoLimit);
    ::setenv("PICAVK_HOST_THREADS", "2", 1);
    CHECK(HostWorkers::threads_for(0) == 2);
    CHECK(HostWorkers::threads_for(6) == 2);
    // Not a whole number from 1 up: the configuration's.
    for (const char* bad : {"0", "", "x", "3x", "-1"}) {
        CAPTURE(std::string(bad));
        ::setenv("PICAVK_HOST_THREADS", bad, 1);
        CHECK(HostWorkers::threads_for(5) == 5);
    }
    if (saved)
        ::setenv("PICAVK_HOST_THREADS", kept.c_str(), 1);
    else
        ::unsetenv("PICAVK_HOST_THREADS");
}

TEST_CASE("host workers: parallel_copy copies every byte, below and above where it splits") {
    const std::vector<std::uint8_t> bytes = picavk::test::random_bytes((3u << 20) + 64, 21);
    HostWorkers workers(4);
    for (HostWorkers* w : {static_cast<HostWorkers*>(nullptr), &workers}) {
        for (std::size_t size : {std::size_t{0}, std::size_t{1}, std::size_t{(1u << 20) - 1},
                                 std::size_t{1u << 20}, std::size_t{(3u << 20) + 3}}) {
            CAPTURE(size);
            std::vector<std::uint8_t> out(bytes.size() + 2, 0xEE);
            parallel_copy(w, out.data() + 1, bytes.data() + 7, size);
            CHECK(std::equal(bytes.begin() + 7, bytes.begin() + 7 + static_cast<long>(size),
                             out.begin() + 1));
            CHECK(out[0] == 0xEE);
            CHECK(out[1 + size] == 0xEE);
        }
    }
}
