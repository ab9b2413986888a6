#include "pica/host_workers.h"

#include "pica/thread_count.h"

#include <algorithm>
#include <cstring>
#include <system_error>

namespace picavk::pica {

HostWorkers::HostWorkers(unsigned threads) {
    const unsigned n = std::clamp(threads, 1u, kLimit);
    workers_.reserve(n - 1);
    for (unsigned i = 1; i < n; ++i) {
        try {
            workers_.emplace_back([this] { work(); });
        } catch (const std::system_error&) {
            break; // the host refused a thread: the work is shared among those there are
        }
    }
}

HostWorkers::~HostWorkers() {
    {
        const std::lock_guard lock(mutex_);
        stopping_ = true;
    }
    wake_.notify_all();
    for (std::thread& t : workers_)
        t.join();
}

unsigned HostWorkers::threads_for(unsigned asked) {
    return thread_count({"PICAVK_HOST_THREADS", 0, kAutoLimit, kLimit}, asked);
}

void HostWorkers::take_tasks(std::unique_lock<std::mutex>& lock) {
    while (next_ < count_) {
        const std::size_t i = next_++;
        const Task task = task_;
        void* const context = context_;
        lock.unlock();
        task(context, i);
        lock.lock();
        if (--left_ == 0) done_.notify_all();
    }
}

void HostWorkers::work() {
    std::uint64_t seen = 0;
    std::unique_lock lock(mutex_);
    for (;;) {
        wake_.wait(lock, [&] { return stopping_ || (open_ && job_ != seen); });
        if (stopping_) return;
        seen = job_;
        ++inside_;
        take_tasks(lock);
        if (--inside_ == 0) done_.notify_all();
    }
}

void HostWorkers::run(std::size_t count, Task task, void* context) {
    if (workers_.empty() || count <= 1) {
        for (std::size_t i = 0; i < count; ++i)
            task(context, i);
        return;
    }
    std::unique_lock lock(mutex_);
    task_ = task;
    context_ = context;
    count_ = count;
    next_ = 0;
    left_ = count;
    open_ = true;
    ++job_;
    wake_.notify_all();
    take_tasks(lock);
    done_.wait(lock, [&] { return left_ == 0; });
    // Closed before the caller's context goes: a worker that wakes late sees no job, and one
    // still inside has taken its last task.
    open_ = false;
    done_.wait(lock, [&] { return inside_ == 0; });
}

void parallel_copy(HostWorkers* workers, void* to, const void* from, std::size_t size) {
    // Pieces of 256 KiB, from 1 MiB up: below that a worker's wake-up (some microseconds) is
    // not paid back.
    constexpr std::size_t kPiece = 256 << 10, kFrom = 1 << 20;
    if (!workers || workers->threads() == 1 || size < kFrom) {
        std::memcpy(to, from, size);
        return;
    }
    auto* const dst = static_cast<std::uint8_t*>(to);
    const auto* const src = static_cast<const std::uint8_t*>(from);
    workers->run((size + kPiece - 1) / kPiece, [&](std::size_t i) {
        const std::size_t at = i * kPiece;
        std::memcpy(dst + at, src + at, std::min(kPiece, size - at));
    });
}

} // namespace picavk::pica
