#pragma once

// The lighting uniform block (shadergen/lighting_uniforms.h) for draws: rebuilt and streamed
// only when a register it reads changed, or when a new submission began (stream space is
// reclaimed per submission, so a block must be in the stream of the submission that reads it).
// Also says, with counted warnings, what in the lighting state picavk cannot honour.

#include "pica/diagnostics.h"
#include "pica/regs/regs.h"
#include "shadergen/fragment_config.h"
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

// Counted warnings for a draw whose texture environment reads the lighting colours: the two
// enable registers disagreeing, a permutation naming
// one light twice, shadow attenuation (its own issue; reads 1 until then).
void warn_lighting_state(const pica::Regs& regs, const shadergen::FragmentConfig& key,
                         pica::Diagnostics& diag);

} // namespace picavk::vk
