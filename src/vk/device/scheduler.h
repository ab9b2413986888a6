#pragma once

// Command recording and submission: a ring of command buffers (frames in flight), one timeline
// semaphore whose value names each submission ("tick"), and work deferred until a tick is done
// (freeing resources the GPU may still read). Draws are recorded into the current command
// buffer and submitted together at flush points, never one submission per draw.

#include "vk/device/gpu_timer.h"
#include "vk/device/vk_check.h"

#include <array>
#include <chrono>
#include <cstdint>
#include <deque>
#include <functional>
#include <string>
#include <vector>

namespace picavk::vk {

class Device;

class Scheduler {
  public:
    static constexpr std::uint32_t kFramesInFlight = 3;

    explicit Scheduler(const Device& device);
    ~Scheduler();
    Scheduler(const Scheduler&) = delete;
    Scheduler& operator=(const Scheduler&) = delete;

    // The command buffer being recorded (begun on first use), after the barrier a pass left
    // open (leave_open), if one did.
    VkCommandBuffer cmd();
    // Passes left open. A pass may end without its barrier after (leave_open, naming the kind
    // of pass it is): cmd() records that barrier before anything else, so whatever comes next
    // is ordered after the pass as before. A pass that touches nothing such passes write goes
    // beside them instead (cmd_beside): no barrier first where every pass left open since the
    // last barrier is of the kinds it names, so that the GPU may run them side by side (a
    // frame's memory fills and its first draw's vertex pre-pass, its two display transfers). Only
    // passes whose callers hold no command buffer from before may be left open: a handle taken
    // before the pass would record past its barrier.
    enum OpenKind : std::uint32_t {
        // Passes on surfaces whose reads and writes the surface cache tracks (memory fills,
        // display transfers: SurfaceCache::begin_open_passes).
        kOpenSurfaces = 1u,
    };
    void leave_open(std::uint32_t kind) {
        if (recording_) open_kinds_ |= kind;
    }
    VkCommandBuffer cmd_beside(std::uint32_t kinds);
    // A full barrier now (barrier_all), which the open passes' barrier joins.
    void barrier();
    // Barriers recorded through barrier() and cmd() so far: unchanged while the passes since
    // the last one go on side by side.
    std::uint64_t barriers() const { return barriers_; }
    // The kinds of the passes left open since the last barrier (leave_open).
    std::uint32_t open_kinds() const { return open_kinds_; }
    // The tick the current command buffer will signal when submitted.
    std::uint64_t current_tick() const { return next_tick_; }
    // Submits what has been recorded (nothing if empty); returns its tick.
    std::uint64_t submit();
    // Submits, then waits until the GPU is idle with respect to everything submitted.
    void finish();
    // finish() for destructors: a failure (a lost device) is swallowed, never thrown.
    void finish_for_teardown() noexcept;
    // The end of a frame: submits, then waits until at most `frames_in_flight` - 1 frames are
    // left unfinished on the GPU (1: this frame too, as finish() waits; 2 or 3: the GPU draws
    // one or two frames behind while the caller makes the next). A frame is what was
    // submitted since the last end_frame.
    void end_frame(std::uint32_t frames_in_flight);
    void wait(std::uint64_t tick);
    std::uint64_t completed_tick();
    bool is_done(std::uint64_t tick) { return tick <= completed_tick(); }
    // The GPU has finished everything submitted: it waits for the next submission.
    bool idle() { return next_tick_ - 1 <= completed_ || next_tick_ - 1 <= completed_tick(); }

    // Runs fn once everything recorded so far has completed on the GPU.
    void defer(std::function<void()> fn);
    // Called before every submit: the rasterizer records the draws it holds back (merged host
    // draws) and ends its rendering scope, so that what is submitted is whole. One at a time;
    // null removes it. It must not submit.
    void set_before_submit(std::function<void()> fn) { before_submit_ = std::move(fn); }
    // Called after every submit (stream buffers mark their in-flight ranges).
    void on_submit(std::function<void(std::uint64_t tick)> fn) {
        submit_hooks_.push_back(std::move(fn));
    }

    std::uint64_t submissions() const { return submissions_; }
    // Time the GPU spent executing completed submissions, from a timestamp written at the start
    // and the end of each command buffer (0 on a queue without timestamps). Counted whenever the
    // scheduler learns a submission completed, so a frame's share is whole after finish(). Gaps
    // between submissions are not counted: this is the GPU's busy time, not the wall time.
    std::uint64_t gpu_time_ns() const { return timer_.busy_ns(); }
    // The host's waits for the GPU that went to the driver (the tick not known complete), and the
    // time they took: in all, and of them the waits inside a frame (a full stream buffer, a
    // read-back, a pool's slot) rather than end_frame's, which stall the caller's work.
    std::uint64_t gpu_waits() const { return gpu_waits_; }
    std::uint64_t gpu_wait_ns() const { return gpu_wait_ns_; }
    std::uint64_t mid_frame_waits() const { return mid_frame_waits_; }
    std::uint64_t mid_frame_wait_ns() const { return mid_frame_wait_ns_; }
    // Of gpu_waits, those that ended while the host polled the timeline (Device::spin_waits),
    // before blocking in the driver.
    std::uint64_t spun_waits() const { return spun_waits_; }
    // Submissions that ended with read_back_at_submit's barrier (one per command buffer, however
    // many copies asked for it).
    std::uint64_t host_read_barriers() const { return host_read_barriers_; }
    // How long a wait polls before it blocks: an end_frame's wait at one frame in flight is the
    // frame's GPU time left (0.3-2 ms at scale 8 on an H200), a read-back's that of the copy.
    static constexpr std::uint64_t kSpinNs = 2'000'000;
    void set_spin_ns(std::uint64_t ns) { spin_ns_ = ns; } // (tests)
    // A labelled pass of the command stream: a debug label (RenderDoc, validation messages) and,
    // with the timer's profiling on, a timed pass (GpuTimer). Nested passes label only.
    void begin_pass(const char* label);
    void end_pass() noexcept; // nothing if no command buffer is being recorded
    // What the open pass's commands read and write, in bytes of the images and buffers they
    // touch (added up over the pass; see GpuPassTime). Only top-level timed passes keep it.
    void pass_bytes(std::uint64_t read, std::uint64_t written) {
        if (recording_) timer_.add_bytes(slot_, read, written);
    }
    // The open pass's kind where it is timed, else -1 (GpuTimer::open_kind).
    int pass_kind() const { return recording_ ? timer_.open_kind(slot_) : -1; }
    GpuTimer& timer() { return timer_; }
    const GpuTimer& timer() const { return timer_; }
    // The timeline semaphore whose value is the tick (embedders wait on it for a presented
    // image).
    VkSemaphore timeline() const { return timeline_; }
    // Binary semaphores for the next submission only: wait for `semaphore` before `stage` (a
    // swapchain image's acquire), and signal another when it completes (present may begin).
    void wait_next(VkSemaphore semaphore, VkPipelineStageFlags2 stage) {
        next_waits_.push_back({semaphore, stage});
    }
    void signal_next(VkSemaphore semaphore) { next_signals_.push_back(semaphore); }
    // A copy just recorded wrote a buffer the host reads once this submission completes: its
    // writes are made visible to the host by one barrier at the command buffer's end (submit),
    // not by one after the copy, which kept the next pass from starting until the copy ended.
    void read_back_at_submit() {
        if (recording_) host_reads_ = true;
    }

  private:
    struct Slot {
        VkCommandPool pool = VK_NULL_HANDLE;
        VkCommandBuffer cmd = VK_NULL_HANDLE;
        std::uint64_t tick = 0;
    };
    void run_deferred();
    // The command buffer being recorded, begun if needed; no deferred barrier recorded.
    VkCommandBuffer recording_cmd();
    void record_barrier(VkCommandBuffer c);
    // Hands every completed slot's timestamps to the timer.
    void collect_gpu_time();
    // `mid_frame`: counted as a wait inside a frame (all but end_frame's).
    void wait(std::uint64_t tick, bool mid_frame);
    // Polls the timeline until it reaches `tick` (true) or spin_ns_ have passed since `start`.
    bool spin_until(std::uint64_t tick, std::chrono::steady_clock::time_point start);
    // Throws VulkanError for a failed submission or wait, after the device has gone idle.
    [[noreturn]] void fail(VkResult r, const char* what);

    const Device& device_;
    VkSemaphore timeline_ = VK_NULL_HANDLE;
    std::array<Slot, kFramesInFlight> slots_{};
    std::uint32_t slot_ = 0;
    bool recording_ = false;
    bool host_reads_ = false; // read_back_at_submit
    // leave_open's kinds; kept across a submission (the next command buffer records the
    // barrier: a queue's commands are ordered by barriers across its command buffers too).
    std::uint32_t open_kinds_ = 0;
    std::uint64_t barriers_ = 0;
    VkResult failed_ = VK_SUCCESS; // the first failed submission or wait (see fail)
    std::string failed_what_;
    std::uint64_t next_tick_ = 1;
    std::uint64_t completed_ = 0;
    std::uint64_t submissions_ = 0;
    std::uint64_t gpu_waits_ = 0, gpu_wait_ns_ = 0, mid_frame_waits_ = 0, mid_frame_wait_ns_ = 0;
    std::uint64_t spun_waits_ = 0;
    std::uint64_t host_read_barriers_ = 0;
    std::uint64_t spin_ns_ = kSpinNs;
    GpuTimer timer_;
    std::deque<std::pair<std::uint64_t, std::function<void()>>> deferred_;
    std::deque<std::uint64_t> frame_ticks_; // the unfinished frames' last ticks, oldest first
    std::vector<std::function<void(std::uint64_t)>> submit_hooks_;
    std::function<void()> before_submit_;
    std::vector<std::pair<VkSemaphore, VkPipelineStageFlags2>> next_waits_;
    std::vector<VkSemaphore> next_signals_;
    // The labelled passes open now, outermost first, and how many of them are open in the
    // command buffer being recorded (a submission closes them; the next command buffer reopens
    // them).
    std::vector<std::string> labels_; // the first labels_open_ are open
    std::size_t labels_open_ = 0;
    std::size_t labels_in_cmd_ = 0;
};

// A labelled pass for a scope with early returns.
class ScopedPass {
  public:
    ScopedPass(Scheduler& scheduler, const char* label) : scheduler_(scheduler) {
        scheduler_.begin_pass(label);
    }
    ~ScopedPass() { scheduler_.end_pass(); }
    ScopedPass(const ScopedPass&) = delete;
    ScopedPass& operator=(const ScopedPass&) = delete;

  private:
    Scheduler& scheduler_;
};

} // namespace picavk::vk
