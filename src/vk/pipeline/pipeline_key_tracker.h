#pragma once

// PipelineKeyTracker: the pipeline key of the current draw, rebuilt only when something it is
// built from changed. A run of draws that changes light colours, LUT contents, uniforms or
// vertex buffers between them (what most draws of a frame change) reuses the key and its hash.
//
// It keeps a copy of every register word build_pipeline_key reads (pipeline_key_registers()) and
// compares them per draw, instead of trusting dirty bits from the command processor: registers
// also change by other paths (trace replay loading a snapshot, tests), and a missed dirty bit
// would draw with a stale shader. test_pipeline_key_tracker proves the list complete: no other
// register changes the key. No Vulkan types here.

#include "vk/pipeline/pipeline_key.h"

#include <array>
#include <cstdint>
#include <span>

namespace picavk::vk {

// Every register build_pipeline_key reads, directly or through the fragment and lighting keys.
std::span<const std::uint16_t> pipeline_key_registers();

class PipelineKeyTracker {
  public:
    // The key for these registers and target (as build_pipeline_key(regs, target, false,
    // emulate_border, emulate_logic_op)); hash() is its hash.
    const PipelineKey& update(const pica::Regs& regs, const RenderTargetInfo& target,
                              bool emulate_border, bool emulate_logic_op);
    std::uint64_t hash() const { return hash_; }
    // Forget the cached key: the next update() rebuilds.
    void invalidate() { valid_ = false; }

    std::uint64_t rebuilds() const { return rebuilds_; }
    std::uint64_t reuses() const { return reuses_; }

    static constexpr std::size_t kMaxRegisters = 64;

  private:
    void rebuild(const pica::Regs& regs, const RenderTargetInfo& target, bool emulate_border,
                 bool emulate_logic_op);

    std::array<std::uint32_t, kMaxRegisters> words_{};
    RenderTargetInfo target_{};
    bool emulate_border_ = false, emulate_logic_op_ = false;
    bool valid_ = false;
    PipelineKey key_{};
    std::uint64_t hash_ = 0;
    std::uint64_t rebuilds_ = 0, reuses_ = 0;
};

} // namespace picavk::vk
