#pragma once

// The lighting, procedural-texture and gas uniform block (shadergen/block_uniforms.h) for draws:
// rebuilt and streamed only when a register it reads changed, or when a new submission began
// (stream space is reclaimed per submission, so a block must be in the stream of the submission
// that reads it).

#include "pica/diagnostics.h"
#include "pica/regs/regs.h"
#include "shadergen/block_uniforms.h"
#include "vk/draw/stream_buffer.h"

#include <array>

namespace picavk::vk {

class BlockUniformCache {
  public:
    // The stream offset of the block for a draw that reads it (lighting or proctex on).
    VkDeviceSize update(const pica::Regs& regs, float resolution_scale, StreamBuffer& stream,
                        VkDeviceSize alignment, std::uint64_t tick, pica::Diagnostics& diag);
    std::uint64_t uploads() const { return uploads_; }

  private:
    // The registers of shadergen::kBlockUniformRegs, range after range, as last built.
    std::array<std::uint32_t, shadergen::kBlockUniformRegCount> regs_{};
    float scale_ = 0;
    bool valid_ = false;
    std::uint64_t tick_ = 0;
    VkDeviceSize offset_ = 0;
    std::uint64_t uploads_ = 0;
};

} // namespace picavk::vk
