#pragma once

// The threads that build shaders and pipelines in the background (PipelineCache, Async mode).
// A scene change asks for several at once, and one thread took them in turn: the last draw's
// shader came a whole queue late. Here up to threads() run side by side (glslang and a
// driver's compiler each keep a core busy), started as jobs come, asleep between them. Jobs
// posted First run before any posted Later, and those before any posted Last (each kind first
// come, first served): the pipeline cache posts First those whose stand-in is costly, Last
// those no draw has asked for yet (a warm start's listed pipelines, built ahead).
// No Vulkan here: a job is any function.

#include <array>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace picavk::vk {

class CompileWorkers {
  public:
    enum class Priority : std::uint8_t { First, Later, Last };

    explicit CompileWorkers(unsigned threads = 1);
    ~CompileWorkers(); // stop()
    CompileWorkers(const CompileWorkers&) = delete;
    CompileWorkers& operator=(const CompileWorkers&) = delete;

    // At least 1. A lower count stops no thread already started; it starts no more.
    void set_threads(unsigned threads);
    unsigned threads() const;

    // Queues `job`, which must not throw, and starts a thread where the queued jobs outnumber
    // the idle threads and fewer than threads() are running. The host refusing a thread
    // (std::system_error, or no memory) throws only where no thread runs (the job stays queued
    // for the next start).
    void post(std::function<void()> job, Priority priority);
    // Returns once nothing is queued or running.
    void wait_idle();
    // Drops what is queued, waits for the jobs running and ends the threads; later posts are
    // dropped.
    void stop();
    // The most jobs that have run at once so far.
    unsigned most_at_once() const;
    // Jobs waiting for a thread.
    std::size_t queued() const;

  private:
    void work();
    std::size_t queued_locked() const;

    mutable std::mutex mutex_;
    std::condition_variable ready_, done_;
    std::array<std::deque<std::function<void()>>, 3> queues_; // by Priority
    std::vector<std::thread> threads_;
    unsigned max_threads_ = 1, idle_ = 0, running_ = 0, most_at_once_ = 0;
    bool stopping_ = false;
};

} // namespace picavk::vk
