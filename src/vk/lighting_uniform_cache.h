#pragma once

// The lighting uniform block (shadergen/lighting_uniforms.h) for draws: rebuilt and streamed
// only when a register it reads changed, or when a new submission began (stream space is
// reclaimed per submission, so a block must be in the stream of the submission that reads it).

#include "pica/diagnostics.h"
#include "pica/regs/regs.h"
#include "shadergen/lighting_uniforms.h"
#include "vk/stream_buffer.h"

#include <array>

namespace picavk::vk {

class LightingUniformCache {
  public:
    // The stream offset of the block for a draw with lighting on.
    VkDeviceSize update(const pica::Regs& regs, StreamBuffer& stream, VkDeviceSize alignment,
                        std::uint64_t tick, pica::Diagnostics& diag);
    std::uint64_t uploads() const { return uploads_; }

  private:
    static constexpr std::uint32_t kWords =
        shadergen::kLightingUniformRegsLast - shadergen::kLightingUniformRegsFirst + 1;
    std::array<std::uint32_t, kWords> regs_{};
    bool valid_ = false;
    std::uint64_t tick_ = 0;
    VkDeviceSize offset_ = 0;
    std::uint64_t uploads_ = 0;
};

} // namespace picavk::vk
