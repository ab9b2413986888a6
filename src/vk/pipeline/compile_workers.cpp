#include "vk/pipeline/compile_workers.h"

#include <algorithm>
#include <exception>

namespace picavk::vk {

CompileWorkers::CompileWorkers(unsigned threads) : max_threads_(std::max(threads, 1u)) {}

CompileWorkers::~CompileWorkers() {
    stop();
}

void CompileWorkers::set_threads(unsigned threads) {
    const std::lock_guard lock(mutex_);
    max_threads_ = std::max(threads, 1u);
}

unsigned CompileWorkers::threads() const {
    const std::lock_guard lock(mutex_);
    return max_threads_;
}

unsigned CompileWorkers::most_at_once() const {
    const std::lock_guard lock(mutex_);
    return most_at_once_;
}

std::size_t CompileWorkers::queued() const {
    const std::lock_guard lock(mutex_);
    return queued_locked();
}

std::size_t CompileWorkers::queued_locked() const {
    std::size_t n = 0;
    for (const auto& queue : queues_)
        n += queue.size();
    return n;
}

void CompileWorkers::post(std::function<void()> job, Priority priority) {
    const std::lock_guard lock(mutex_);
    if (stopping_) return;
    queues_[static_cast<std::size_t>(priority)].push_back(std::move(job));
    // Each idle thread takes one queued job; more jobs than that want another thread.
    if (queued_locked() > idle_ && threads_.size() < max_threads_) {
        try {
            threads_.emplace_back([this] { work(); });
            ++idle_; // idle until it takes a job, so the next post does not start another
        } catch (const std::exception&) { // the host refused a thread, or memory
            if (threads_.empty()) throw;  // nobody would run it
            // else those running take it
        }
    }
    ready_.notify_one();
}

void CompileWorkers::work() {
    std::unique_lock lock(mutex_);
    for (;;) {
        ready_.wait(lock, [&] { return stopping_ || queued_locked() != 0; });
        if (stopping_) return;
        auto& from = *std::find_if(queues_.begin(), queues_.end(),
                                   [](const auto& queue) { return !queue.empty(); });
        std::function<void()> job = std::move(from.front());
        from.pop_front();
        --idle_;
        most_at_once_ = std::max(most_at_once_, ++running_);
        lock.unlock();
        job();
        job = nullptr; // what it holds goes before the job counts as done
        lock.lock();
        --running_;
        ++idle_;
        done_.notify_all();
    }
}

void CompileWorkers::wait_idle() {
    std::unique_lock lock(mutex_);
    done_.wait(lock, [&] { return queued_locked() == 0 && running_ == 0; });
}

void CompileWorkers::stop() {
    std::vector<std::thread> threads;
    {
        const std::lock_guard lock(mutex_);
        stopping_ = true;
        for (auto& queue : queues_)
            queue.clear();
        threads.swap(threads_);
    }
    ready_.notify_all();
    done_.notify_all(); // a wait_idle() for the jobs dropped
    for (std::thread& t : threads)
        t.join();
}

} // namespace picavk::vk
