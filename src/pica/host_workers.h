#pragma once

// A few host threads that share one large piece of work with the thread that asks: a texture's
// bytes hashed and copied into staging (content_hash_copy), a large guest-memory write. One core
// of a server host moves far less than its memory can (the H200's host: 13 GB/s for memcpy and
// 8-10 GB/s for the hash of 4 MiB, one thread); several together come nearer to it. The threads
// sleep between pieces of work and cost nothing while nothing large is moved.

#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <mutex>
#include <thread>
#include <type_traits>
#include <vector>

namespace picavk::pica {

class HostWorkers {
  public:
    // `threads` counts the calling thread: 1 starts none and runs every task on the caller.
    explicit HostWorkers(unsigned threads);
    ~HostWorkers();
    HostWorkers(const HostWorkers&) = delete;
    HostWorkers& operator=(const HostWorkers&) = delete;

    // The threads a session takes when asked for `asked` (0: by host): PICAVK_HOST_THREADS
    // where it is set (to measure what they gain), else `asked`, else the host's hardware
    // threads, at most kAutoLimit; from 1 to kLimit.
    static unsigned threads_for(unsigned asked);
    static constexpr unsigned kAutoLimit = 8, kLimit = 64;

    unsigned threads() const { return static_cast<unsigned>(workers_.size()) + 1; }

    // Runs task(context, i) for every i in [0, count), on the workers and the calling thread,
    // and returns when all have run. Tasks must not throw. One call at a time (a session's
    // calls are serial); tasks may not call run.
    using Task = void (*)(void* context, std::size_t index);
    void run(std::size_t count, Task task, void* context);
    template <class F>
    void run(std::size_t count, F&& f) {
        using Callable = std::remove_reference_t<F>; // (const where f is)
        run(
            count, [](void* c, std::size_t i) { (*static_cast<Callable*>(c))(i); },
            const_cast<void*>(static_cast<const void*>(&f)));
    }

  private:
    void work();
    // Takes and runs tasks of the open job until none is left.
    void take_tasks(std::unique_lock<std::mutex>& lock);

    std::vector<std::thread> workers_;
    std::mutex mutex_;
    std::condition_variable wake_, done_;
    // The job: tasks [0, count_) of task_(context_, i); next_ the first not yet taken, left_
    // those not yet finished, inside_ the workers between taking the job and leaving it.
    std::uint64_t job_ = 0;
    bool open_ = false, stopping_ = false;
    Task task_ = nullptr;
    void* context_ = nullptr;
    std::size_t count_ = 0, next_ = 0, left_ = 0;
    unsigned inside_ = 0;
};

// memcpy of `size` bytes, in pieces across `workers` where it is large enough to gain from them
// (nullptr: on the caller).
void parallel_copy(HostWorkers* workers, void* to, const void* from, std::size_t size);

} // namespace picavk::pica
