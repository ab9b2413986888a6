#include "vk/device/scheduler.h"

#include "vk/device/barriers.h"
#include "vk/device/device.h"
#include "vk/device/fault_injection.h"

#include <algorithm>
#include <chrono>
#include <string>

namespace picavk::vk {

namespace {

// A spin-wait loop's pause: it tells the core the loop polls (less power, the sibling
// hyperthread runs).
inline void cpu_relax() {
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#elif defined(__aarch64__)
    asm volatile("yield");
#endif
}

} // namespace

Scheduler::Scheduler(const Device& device) : device_(device), timer_(device, kFramesInFlight) {
    VkSemaphoreTypeCreateInfo type{VK_STRUCTURE_TYPE_SEMAPHORE_TYPE_CREATE_INFO};
    type.semaphoreType = VK_SEMAPHORE_TYPE_TIMELINE;
    type.initialValue = 0;
    VkSemaphoreCreateInfo sci{VK_STRUCTURE_TYPE_SEMAPHORE_CREATE_INFO};
    sci.pNext = &type;
    check(vkCreateSemaphore(device_.device(), &sci, nullptr, &timeline_), "vkCreateSemaphore");
    device_.name(timeline_, VK_OBJECT_TYPE_SEMAPHORE, "scheduler timeline");
    for (std::uint32_t i = 0; i < kFramesInFlight; ++i) {
        VkCommandPoolCreateInfo pci{VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO};
        pci.flags = VK_COMMAND_POOL_CREATE_TRANSIENT_BIT;
        pci.queueFamilyIndex = device_.queue_family();
        check(vkCreateCommandPool(device_.device(), &pci, nullptr, &slots_[i].pool),
              "vkCreateCommandPool");
        VkCommandBufferAllocateInfo ai{VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO};
        ai.commandPool = slots_[i].pool;
        ai.level = VK_COMMAND_BUFFER_LEVEL_PRIMARY;
        ai.commandBufferCount = 1;
        check(vkAllocateCommandBuffers(device_.device(), &ai, &slots_[i].cmd),
              "vkAllocateCommandBuffers");
        device_.name(slots_[i].pool, VK_OBJECT_TYPE_COMMAND_POOL,
                     "frame " + std::to_string(i) + " command pool");
        device_.name(slots_[i].cmd, VK_OBJECT_TYPE_COMMAND_BUFFER,
                     "frame " + std::to_string(i) + " commands");
    }
}

Scheduler::~Scheduler() {
    finish_for_teardown();
    vkDeviceWaitIdle(device_.device());
    completed_ = next_tick_;
    run_deferred();
    for (Slot& s : slots_)
        if (s.pool) vkDestroyCommandPool(device_.device(), s.pool, nullptr);
    if (timeline_) vkDestroySemaphore(device_.device(), timeline_, nullptr);
}

VkCommandBuffer Scheduler::cmd() {
    const VkCommandBuffer c = recording_cmd();
    if (open_kinds_ != 0) record_barrier(c);
    return c;
}

VkCommandBuffer Scheduler::cmd_beside(std::uint32_t kinds) {
    const VkCommandBuffer c = recording_cmd();
    if ((open_kinds_ & ~kinds) != 0) record_barrier(c);
    return c;
}

void Scheduler::barrier() {
    record_barrier(recording_cmd());
}

void Scheduler::record_barrier(VkCommandBuffer c) {
    barrier_all(c);
    open_kinds_ = 0;
    ++barriers_;
}

VkCommandBuffer Scheduler::recording_cmd() {
    Slot& s = slots_[slot_];
    if (!recording_) {
        if (failed_ != VK_SUCCESS) throw VulkanError(failed_what_, failed_);
        wait(s.tick);       // the slot's previous submission must be done before its pool resets
        collect_gpu_time(); // ... and before its queries are reset
        check(vkResetCommandPool(device_.device(), s.pool, 0), "vkResetCommandPool");
        VkCommandBufferBeginInfo bi{VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
        bi.flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT;
        check(vkBeginCommandBuffer(s.cmd, &bi), "vkBeginCommandBuffer");
        timer_.begin(slot_, s.cmd);
        recording_ = true;
        // Passes a submission cut go on here under their labels (not timed again).
        for (std::size_t i = 0; i < labels_open_; ++i)
            device_.begin_label(s.cmd, labels_[i].c_str());
        labels_in_cmd_ = labels_open_;
    }
    return s.cmd;
}

std::uint64_t Scheduler::submit() {
    if (before_submit_ && failed_ == VK_SUCCESS) before_submit_();
    if (!recording_) return next_tick_ - 1;
    if (failed_ != VK_SUCCESS) throw VulkanError(failed_what_, failed_);
    Slot& s = slots_[slot_];
    if (host_reads_) {
        barrier_transfer_to_host(s.cmd);
        ++host_read_barriers_;
    }
    host_reads_ = false;
    timer_.end(slot_, s.cmd);
    // Every label closes in the command buffer that opened it. (Vulkan lets a label span the
    // command buffers of a queue, but Mesa 22.3's common code keeps a label stack per command
    // buffer, and an end with an empty stack underflows it: lavapipe crashed at the next label
    // when an upload at scale 7 or more filled the staging ring inside its pass.)
    for (; labels_in_cmd_ > 0; --labels_in_cmd_)
        device_.end_label(s.cmd);
    check(vkEndCommandBuffer(s.cmd), "vkEndCommandBuffer");
    recording_ = false;
    const std::uint64_t tick = next_tick_++;
    VkCommandBufferSubmitInfo cbi{VK_STRUCTURE_TYPE_COMMAND_BUFFER_SUBMIT_INFO};
    cbi.commandBuffer = s.cmd;
    std::vector<VkSemaphoreSubmitInfo> signals(1 + next_signals_.size(),
                                               {VK_STRUCTURE_TYPE_SEMAPHORE_SUBMIT_INFO});
    signals[0].semaphore = timeline_;
    signals[0].value = tick;
    signals[0].stageMask = VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT;
    for (std::size_t i = 0; i < next_signals_.size(); ++i) {
        signals[i + 1].semaphore = next_signals_[i];
        signals[i + 1].stageMask = VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT;
    }
    std::vector<VkSemaphoreSubmitInfo> waits(next_waits_.size(),
                                             {VK_STRUCTURE_TYPE_SEMAPHORE_SUBMIT_INFO});
    for (std::size_t i = 0; i < next_waits_.size(); ++i) {
        waits[i].semaphore = next_waits_[i].first;
        waits[i].stageMask = next_waits_[i].second;
    }
    next_waits_.clear();
    next_signals_.clear();
    VkSubmitInfo2 si{VK_STRUCTURE_TYPE_SUBMIT_INFO_2};
    si.commandBufferInfoCount = 1;
    si.pCommandBufferInfos = &cbi;
    si.waitSemaphoreInfoCount = static_cast<std::uint32_t>(waits.size());
    si.pWaitSemaphoreInfos = waits.data();
    si.signalSemaphoreInfoCount = static_cast<std::uint32_t>(signals.size());
    si.pSignalSemaphoreInfos = signals.data();
    VkResult r = injected_fault(FaultSite::Submit);
    if (r == VK_SUCCESS) r = vkQueueSubmit2(device_.queue(), 1, &si, VK_NULL_HANDLE);
    if (r != VK_SUCCESS) fail(r, "vkQueueSubmit2");
    s.tick = tick;
    slot_ = (slot_ + 1) % kFramesInFlight;
    ++submissions_;
    for (auto& hook : submit_hooks_)
        hook(tick);
    run_deferred();
    return tick;
}

std::uint64_t Scheduler::completed_tick() {
    std::uint64_t value = 0;
    check(vkGetSemaphoreCounterValue(device_.device(), timeline_, &value),
          "vkGetSemaphoreCounterValue");
    completed_ = value;
    collect_gpu_time();
    return completed_;
}

void Scheduler::wait(std::uint64_t tick) {
    wait(tick, true);
}

void Scheduler::wait(std::uint64_t tick, bool mid_frame) {
    if (tick == 0 || tick <= completed_) {
        run_deferred(); // work deferred to a tick already complete
        return;
    }
    // After a failure some ticks will never be signalled: waiting for one would never return.
    if (failed_ != VK_SUCCESS) throw VulkanError(failed_what_, failed_);
    if (tick >= next_tick_ && recording_) submit();
    VkSemaphoreWaitInfo wi{VK_STRUCTURE_TYPE_SEMAPHORE_WAIT_INFO};
    wi.semaphoreCount = 1;
    wi.pSemaphores = &timeline_;
    wi.pValues = &tick;
    const auto start = std::chrono::steady_clock::now();
    VkResult r = injected_fault(FaultSite::Wait);
    if (r == VK_SUCCESS && device_.spin_waits() && spin_until(tick, start)) {
        ++spun_waits_;
    } else {
        if (r == VK_SUCCESS) r = vkWaitSemaphores(device_.device(), &wi, UINT64_MAX);
        if (r != VK_SUCCESS) fail(r, "vkWaitSemaphores");
    }
    const auto ns = static_cast<std::uint64_t>(std::chrono::duration_cast<std::chrono::nanoseconds>(
                                                   std::chrono::steady_clock::now() - start)
                                                   .count());
    ++gpu_waits_;
    gpu_wait_ns_ += ns;
    if (mid_frame) {
        ++mid_frame_waits_;
        mid_frame_wait_ns_ += ns;
    }
    completed_tick(); // collects the GPU time of what completed
    run_deferred();
}

bool Scheduler::spin_until(std::uint64_t tick, std::chrono::steady_clock::time_point start) {
    for (;;) {
        std::uint64_t value = 0;
        const VkResult r = vkGetSemaphoreCounterValue(device_.device(), timeline_, &value);
        if (r != VK_SUCCESS) return false; // the blocking wait reports it
        if (value >= tick) return true;
        if (std::chrono::steady_clock::now() - start >= std::chrono::nanoseconds(spin_ns_))
            return false;
        // A microsecond or so between polls: the core's other hyperthread runs meanwhile.
        for (int i = 0; i < 16; ++i)
            cpu_relax();
    }
}

void Scheduler::collect_gpu_time() {
    for (std::uint32_t i = 0; i < kFramesInFlight; ++i)
        if (slots_[i].tick <= completed_) timer_.collect(i);
}

void Scheduler::begin_pass(const char* label) {
    // (Not cmd(): a pass going beside the passes before it (cmd_beside) is labelled first.)
    VkCommandBuffer c = recording_cmd();
    device_.begin_label(c, label);
    if (labels_.size() == labels_open_) labels_.emplace_back();
    labels_[labels_open_].assign(label); // the strings' storage is reused: no allocation
    ++labels_open_;
    labels_in_cmd_ = labels_open_;
    timer_.begin_pass(slot_, c, label);
}

void Scheduler::end_pass() noexcept {
    if (labels_open_ == 0) return;
    --labels_open_;
    // Cut by a submission and not reopened yet (no command buffer begun since): closed there.
    if (!recording_) return;
    VkCommandBuffer c = slots_[slot_].cmd;
    timer_.end_pass(slot_, c);
    if (labels_in_cmd_ > labels_open_) {
        device_.end_label(c);
        labels_in_cmd_ = labels_open_;
    }
}

void Scheduler::fail(VkResult r, const char* what) {
    // Nothing submitted will be waited for again: let the driver finish or drop it (a lost
    // device returns at once), so the callers unwinding past this may destroy what it used.
    vkDeviceWaitIdle(device_.device());
    // The scheduler stays failed: a submission that never happened leaves its tick unsignalled,
    // so any later wait could hang. Every later call reports the first failure instead.
    failed_ = r;
    failed_what_ = std::string(what) + " failed earlier; the renderer cannot continue";
    throw VulkanError(what, r);
}

void Scheduler::finish() {
    const std::uint64_t tick = submit();
    wait(tick);
}

void Scheduler::end_frame(std::uint32_t frames_in_flight) {
    frame_ticks_.push_back(submit());
    while (frame_ticks_.size() >= std::max(frames_in_flight, 1u)) {
        wait(frame_ticks_.front(), false);
        frame_ticks_.pop_front();
    }
}

void Scheduler::finish_for_teardown() noexcept {
    try {
        finish();
    } catch (...) {
        // A lost device or a failed submission: nothing more will run on the GPU. Recorded
        // work is dropped and deferred work (which may refer to the caller, about to be
        // destroyed) runs now, as if every tick had completed.
        recording_ = false;
        vkDeviceWaitIdle(device_.device());
        completed_ = next_tick_;
        try {
            run_deferred();
        } catch (...) {
        }
    }
}

void Scheduler::defer(std::function<void()> fn) {
    // Nothing recorded since the last submission: that one is the last work that may use what
    // fn releases (waiting for the next would keep fn from running at a finish() with nothing
    // left to submit, past the life of its owner).
    deferred_.emplace_back(recording_ ? next_tick_ : next_tick_ - 1, std::move(fn));
}

void Scheduler::run_deferred() {
    while (!deferred_.empty() && deferred_.front().first <= completed_) {
        auto fn = std::move(deferred_.front().second);
        deferred_.pop_front();
        fn();
    }
}

} // namespace picavk::vk
