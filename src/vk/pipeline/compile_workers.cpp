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
    return first_.size() + later_.size();
}

void CompileWorkers::post(std::function<void()> job, Priority priority) {
    const std::lock_guard lock(mutex_);
    if (stopping_) return;
    (priority == Priority::First ? first_ : later_).push_back(std::move(job));
    // Each idle thread takes one queued job; more jobs than that want another thread.
    if (first_.size() + later_.size() > idle_ && threads_.size() < max_threads_) {
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
        ready_.wait(lock, [&] { return stopping_ || !first_.empty() || !later_.empty(); });
        if (stopping_) return;
        std::deque<std::function<void()>>& from = first_.empty() ? later_ : first_;
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
    done_.wait(lock, [&] { return first_.empty() && later_.empty() && running_ == 0; });
}

void CompileWorkers::stop() {
    std::vector<std::thread> threads;
    {
        const std::lock_guard lock(mutex_);
        stopping_ = true;
        first_.clear();
        later_.clear();
        threads.swap(threads_);
    }
    ready_.notify_all();
    done_.notify_all(); // a wait_idle() for the jobs dropped
    for (std::thread& t : threads)
        t.join();
}

} // namespace picavk::vk
