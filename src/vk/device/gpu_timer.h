#pragma once

// GPU time from timestamp queries, for the Scheduler's submissions:
//  - always (where the queue has timestamps): one pair around each command buffer, whose sum is
//    the GPU's busy time;
//  - with profiling on: also one pair around each top-level labelled pass (a render pass, a
//    memory fill, a transfer, an upload...), summed by the pass's kind, so a frame's GPU time
//    can be split without an external profiler. The pass pairs wait for all earlier commands
//    (ALL_COMMANDS), so passes never overlap in the sums; on a CPU driver this ends its batching
//    at each pass, so profiling perturbs what it measures there.
// Results are read once the Scheduler knows a submission complete.

#include "vk/device/vk_check.h"

#include <cstdint>
#include <string>
#include <vector>

namespace picavk::vk {

class Device;

// One kind of pass: the label up to its first digit or '(' ("render pass colour", "memory
// fill", "display transfer"), with the bytes its passes read and wrote as their commands say
// (Scheduler::pass_bytes), so that GPU time becomes a rate to set beside the card's bandwidth.
struct GpuPassTime {
    std::string pass;
    std::uint64_t ns = 0, count = 0;
    std::uint64_t read_bytes = 0, written_bytes = 0;
};

class GpuTimer {
  public:
    // Passes timed per command buffer at most; later ones count in the busy time only, and in
    // untimed_passes(). A game's frame runs hundreds (a compute-rasterised draw alone is up to
    // three: its vertex pre-pass, binning and raster passes).
    static constexpr std::uint32_t kMaxPasses = 4095;

    GpuTimer(const Device& device, std::uint32_t slots);
    ~GpuTimer();
    GpuTimer(const GpuTimer&) = delete;
    GpuTimer& operator=(const GpuTimer&) = delete;

    bool available() const { return pool_ != VK_NULL_HANDLE; }
    // Takes effect from the next command buffer begun.
    void set_profiling(bool on) { profiling_ = on; }
    bool profiling() const { return profiling_; }

    // Recording command buffer `slot`: its start, its labelled passes (nested labels are part of
    // the enclosing pass), its end. A pass still open at end() ends there.
    void begin(std::uint32_t slot, VkCommandBuffer cmd);
    void begin_pass(std::uint32_t slot, VkCommandBuffer cmd, const char* label);
    void end_pass(std::uint32_t slot, VkCommandBuffer cmd);
    // Bytes the open timed pass of `slot` reads and writes (added to what it said before);
    // nothing when no pass is timed.
    void add_bytes(std::uint32_t slot, std::uint64_t read, std::uint64_t written);
    // The kind of the open timed pass of `slot`, or -1 where none is timed: for a pass whose
    // bytes are known only once it has run (a dispatch sized on the GPU), added to its kind's
    // sums then (add_kind_bytes).
    int open_kind(std::uint32_t slot) const;
    void add_kind_bytes(int kind, std::uint64_t read, std::uint64_t written);
    void end(std::uint32_t slot, VkCommandBuffer cmd);
    // The slot's submission has completed: its times are added (once).
    void collect(std::uint32_t slot);

    std::uint64_t busy_ns() const { return busy_ns_; }
    std::uint64_t profiled_busy_ns() const { return profiled_busy_ns_; } // of profiled ones
    // Passes of profiled command buffers past kMaxPasses: not timed, their bytes not counted.
    std::uint64_t untimed_passes() const { return untimed_passes_; }
    const std::vector<GpuPassTime>& passes() const { return passes_; }

  private:
    struct Slot {
        bool pending = false;  // submitted, times not read yet
        bool profiled = false; // its passes are timed
        std::uint32_t depth = 0;
        bool pass_open = false;
        std::vector<std::uint16_t> kinds; // per timed pass, its index in passes_
        struct Bytes {
            std::uint64_t read = 0, written = 0;
        };
        std::vector<Bytes> bytes;  // per timed pass
        std::uint64_t untimed = 0; // passes past kMaxPasses
    };
    std::uint32_t first_query(std::uint32_t slot) const { return slot * (2 + 2 * kMaxPasses); }
    std::uint16_t kind_of(const char* label);

    const Device& device_;
    VkQueryPool pool_ = VK_NULL_HANDLE;
    std::uint64_t mask_ = 0;
    double period_ns_ = 0.0;
    bool profiling_ = false;
    std::vector<Slot> slots_;
    std::vector<GpuPassTime> passes_;
    std::uint64_t busy_ns_ = 0, profiled_busy_ns_ = 0, untimed_passes_ = 0;
    std::vector<std::uint64_t> results_;
};

} // namespace picavk::vk
