#pragma once

// FragmentConfig: everything that changes the generated fragment shader, and nothing else
// (DESIGN.md "Keys"). Zero-initialised, trivially copyable, no padding, compared with memcmp and
// hashed with XXH3. Fields that do not matter in the current state are cleared, so equal
// shaders get equal keys. Constant colours, the buffer colour and the alpha reference live in
// uniforms.

#include "pica/regs/regs.h"

#include <cstdint>
#include <cstring>
#include <type_traits>

namespace picavk::shadergen {

struct TexEnvStageConfig {
    std::uint32_t sources = 0;   // TEXENVi_SOURCE, bits 0-11 and 16-27
    std::uint32_t operands = 0;  // TEXENVi_OPERAND, bits 0-11 and 12-23
    std::uint32_t combiners = 0; // TEXENVi_COMBINER, bits 0-3 and 16-19
    std::uint32_t scales = 0;    // TEXENVi_SCALE, bits 0-1 and 16-17
};

enum class DepthMode : std::uint8_t {
    Viewport = 0,  // z-buffer, mapped by the viewport depth range (early depth survives)
    FragmentZ = 1, // z-buffer whose range Vulkan's viewport cannot express: the shader writes it
    FragmentW = 2, // w-buffer: depth = w * scale + offset, written by the shader
};

struct FragmentConfig {
    // Bump when the layout or meaning of any field changes (names disk caches).
    static constexpr std::uint32_t kLayoutVersion = 4;

    TexEnvStageConfig stages[6];
    std::uint32_t buffer_update = 0;  // TEXENV_UPDATE_BUFFER bits 8-15
    std::uint8_t alpha_test_func = 1; // Always when the test is off
    std::uint8_t scissor_outside = 0; // SCISSORTEST_MODE 1: draw outside the rectangle
    DepthMode depth_mode = DepthMode::Viewport;
    std::uint8_t texture_units = 0; // bit i: unit i enabled and read by some stage (2D)
    std::uint8_t texture2_uses_texcoord1 = 0;
    std::uint8_t fog = 0;      // TEXENV_UPDATE_BUFFER fog mode 5 (gas, mode 7, has its own issue)
    std::uint8_t fog_flip = 0; // bit 16: index the LUT by 1 - depth
    std::uint8_t texture0_type = 0; // TEXUNIT0_PARAM bits 28-30: 0 2D, 1 cube, 3 projection
    std::uint8_t clip_plane = 0;    // FRAGOP_CLIP: user clip plane
    // Clamp-to-border done in the shader (hosts without custom border colours): bit 2i for
    // unit i's s coordinate, bit 2i + 1 for its t coordinate.
    std::uint8_t border_emulation = 0;
    // Logic op done in the shader (hosts without VkPhysicalDeviceFeatures::logicOp): 1 + op,
    // reading the destination from a copy of the colour target (kFramebufferCopyBinding).
    std::uint8_t logic_op_emulated = 0;
    std::uint8_t reserved = 0;

    bool operator==(const FragmentConfig& o) const { return std::memcmp(this, &o, sizeof o) == 0; }
};
static_assert(std::has_unique_object_representations_v<FragmentConfig>);
static_assert(std::is_trivially_copyable_v<FragmentConfig>);

// Fills the key from the register file. `viewport_depth_ok` tells whether the host can map the
// z-buffer range through the viewport (range inside [0, 1], or unrestricted depth ranges).
// `emulate_border`: the host has no custom border colours; clamp-to-border goes in the key.
FragmentConfig build_fragment_config(const pica::Regs& regs, bool viewport_depth_ok,
                                     bool emulate_border = false);
std::uint64_t hash(const FragmentConfig& c);
// The unit reads as zero (its texture is unusable): clears it and the fields only it uses.
void drop_texture_unit(FragmentConfig& c, unsigned unit);

} // namespace picavk::shadergen
