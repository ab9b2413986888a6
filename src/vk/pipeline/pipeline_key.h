#pragma once

// PipelineKey: the state baked into a VkPipeline (DESIGN.md "Keys"), and DrawState: what is set
// as dynamic state per draw (viewport, scissor, culling, depth and stencil tests, blend
// constant; all core dynamic state in Vulkan 1.3). Both are built from the register file as
// plain PICA values; pipeline_cache.cpp and rasterizer.cpp turn them into Vulkan terms. No
// Vulkan types here, so key building is testable without a device.

#include "shadergen/fragment_config.h"

#include <cstdint>

namespace picavk::vk {

struct PipelineKey {
    shadergen::FragmentConfig fragment;
    std::uint8_t color_format = 0xFF; // pica::ColorFormat, 0xFF: no colour attachment
    std::uint8_t depth_format = 0xFF; // pica::DepthFormat, 0xFF: no depth attachment
    std::uint8_t blend_enable = 0;
    std::uint8_t logic_op_enable = 0;
    std::uint8_t logic_op = 3;   // Copy
    std::uint8_t write_mask = 0; // bit 0 R, 1 G, 2 B, 3 A
    std::uint8_t blend_eq_rgb = 0, blend_eq_alpha = 0;
    std::uint8_t src_rgb = 1, dst_rgb = 0, src_alpha = 1, dst_alpha = 0;

    bool operator==(const PipelineKey& o) const { return std::memcmp(this, &o, sizeof o) == 0; }
};
static_assert(std::has_unique_object_representations_v<PipelineKey>);
static_assert(std::is_trivially_copyable_v<PipelineKey>);

std::uint64_t hash(const PipelineKey& k);

struct DrawState {
    // Viewport in guest pixels, y measured from the top of the render target (memory row 0).
    float viewport_x = 0, viewport_y = 0, viewport_width = 0, viewport_height = 0;
    float depth_min = 0, depth_max = 1; // used when the key's depth mode is Viewport
    float depth_scale = -1, depth_offset = 0;
    // Scissor rectangle in guest pixels from the top, exclusive end (the whole target when off).
    std::uint32_t scissor_x0 = 0, scissor_y0 = 0, scissor_x1 = 0, scissor_y1 = 0;
    // Rectangle the "outside" scissor mode discards (shader), guest pixels from the top.
    std::uint32_t outside_x0 = 0, outside_y0 = 0, outside_x1 = 0, outside_y1 = 0;
    std::uint8_t cull_mode = 0; // FACECULLING_CONFIG: 0 none, 1 cull CCW, 2 cull CW
    bool depth_test = false;    // Vulkan depthTestEnable (true whenever depth is written)
    std::uint8_t depth_func = 1;
    bool depth_write = false;
    bool stencil_test = false;
    std::uint8_t stencil_func = 1;
    std::uint8_t stencil_fail = 0, stencil_zfail = 0, stencil_zpass = 0;
    std::uint8_t stencil_ref = 0, stencil_compare_mask = 0, stencil_write_mask = 0;
    std::uint32_t blend_color = 0; // GPUREG_BLEND_COLOR, R in bits 0-7
    std::uint8_t alpha_ref = 0;
    bool draws_nothing = false; // scissor inside with an empty rectangle, colour and depth off

    bool operator==(const DrawState&) const = default;
    // What Vulkan's dynamic state takes: the rest (depth map, "outside" rectangle, alpha
    // reference) reaches the fragment shader as uniform values, so draws differing only there
    // can share a host draw.
    DrawState dynamic_part() const {
        DrawState d = *this;
        d.depth_scale = -1;
        d.depth_offset = 0;
        d.outside_x0 = d.outside_y0 = d.outside_x1 = d.outside_y1 = 0;
        d.alpha_ref = 0;
        return d;
    }
};

struct RenderTargetInfo {
    std::uint32_t width = 0, height = 0;
    bool has_color = false, has_depth = false, has_stencil = false;
    // The depth buffer is a 24-bit one in a float image (FragmentConfig::depth_grid24).
    bool depth_in_float = false;
};

// Fills both from the registers. `host_depth_unrestricted`: the device takes viewport depth
// ranges outside [0, 1] (VK_EXT_depth_range_unrestricted, enabled). picavk passes false: the
// PICA clamps depth to [0, 1], which an unrestricted viewport range would not do.
PipelineKey build_pipeline_key(const pica::Regs& regs, const RenderTargetInfo& target,
                               bool host_depth_unrestricted, bool emulate_border = false,
                               bool emulate_logic_op = false);
DrawState build_draw_state(const pica::Regs& regs, const RenderTargetInfo& target);

// FragmentConfig::color_narrow for a key's target and blending: its 16-bit colour format where
// what the draw writes is the shader's colour or the target's own (no blending, or blend
// factors one and zero: min, max, or a plain equation), else 0. On every device: the PICA
// keeps a colour's high bits, while a UNORM attachment converts the shader's float itself
// (Vulkan lets it take either neighbour and recommends the nearest, which NVIDIA's takes;
// llvmpipe drops the bits of an 8-bit value), and an RGBA8 image standing in for the 16-bit one
// would keep all eight. A narrowed value is one that both convert to the PICA's bits (within
// 0.18 of a step of them). (Precompile applies it to key lists made before the rule.)
std::uint8_t color_narrow(const PipelineKey& k);

} // namespace picavk::vk
