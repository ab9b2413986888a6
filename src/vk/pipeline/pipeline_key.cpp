#include "vk/pipeline/pipeline_key.h"

#include "pica/regs/number_formats.h"
#include "pica/regs/reg_ids.h"

#include <algorithm>
#include <cmath>
#include <xxhash.h>

namespace picavk::vk {

using namespace pica;

std::uint64_t hash(const PipelineKey& k) {
    return XXH3_64bits(&k, sizeof k);
}

namespace {
bool viewport_depth_range(const Regs& regs, float& min, float& max) {
    const float scale = f24_to_float(regs[GPUREG_DEPTHMAP_SCALE] & 0xFFFFFF);
    const float offset = f24_to_float(regs[GPUREG_DEPTHMAP_OFFSET] & 0xFFFFFF);
    // depth = (z/w) * scale + offset, and the vertex stage hands Vulkan -z/w: the viewport maps
    // 0..1 onto offset..offset - scale.
    min = offset;
    max = offset - scale;
    return std::isfinite(min) && std::isfinite(max) && min >= 0 && min <= 1 && max >= 0 && max <= 1;
}

// FRAMEBUFFER_DIM bit 24 clear means the target is drawn upside down (Azahar IsFlipped;
// docs/research/vulkan_renderer.md 3.2); games set it.
bool flipped(const Regs& regs) {
    return !((regs[GPUREG_FRAMEBUFFER_DIM] >> 24) & 1);
}
} // namespace

PipelineKey build_pipeline_key(const Regs& regs, const RenderTargetInfo& target,
                               bool host_depth_unrestricted, bool emulate_border,
                               bool emulate_logic_op) {
    float dmin = 0, dmax = 1;
    const bool viewport_ok = viewport_depth_range(regs, dmin, dmax) || host_depth_unrestricted;
    // Built in place (a prvalue initialising the member): no second zeroing and copy.
    PipelineKey k{shadergen::build_fragment_config(regs, viewport_ok, emulate_border)};
    if (k.fragment.shadow_write || k.fragment.gas_write) {
        // Shadow mode (docs/research/shadow.md 3.3) and gas accumulation (gas.md 4.2(6)): the
        // colour buffer is updated through a storage image; no attachment, no blending, no depth
        // test or write. The fragment depth is still computed (the rules compare it).
        return k;
    }
    if (!target.has_depth && k.fragment.depth_mode != shadergen::DepthMode::Viewport)
        k.fragment.depth_mode = shadergen::DepthMode::Viewport; // nothing to write depth to
    k.color_format = target.has_color
                         ? static_cast<std::uint8_t>(regs[GPUREG_COLORBUFFER_FORMAT] >> 16 & 7)
                         : 0xFF;
    k.depth_format =
        target.has_depth ? static_cast<std::uint8_t>(regs[GPUREG_DEPTHBUFFER_FORMAT] & 3) : 0xFF;
    k.fragment.depth_grid24 = target.has_depth && target.depth_in_float;
    if (!target.has_color) return k;

    // Colour writes: DEPTH_COLOR_MASK bits 8-11, all gated by COLORBUFFER_WRITE (Azahar; any
    // bit enables). RGB8 and RGB565 have no alpha to write: their images' alpha stays 255, what
    // the PICA reads from them (RGB8 is held in an RGBA8 image, and so is RGB565 on a device
    // without R5G6B5 attachments, where a logic op or a blend would otherwise change the alpha
    // a later sample reads).
    const std::uint32_t mask_reg = regs[GPUREG_DEPTH_COLOR_MASK];
    k.write_mask = (regs[GPUREG_COLORBUFFER_WRITE] & 0xF) ? (mask_reg >> 8 & 0xF) : 0;
    if (k.color_format == 1 || k.color_format == 3) k.write_mask &= 0x7;

    const bool blend_mode = (regs[GPUREG_COLOR_OPERATION] >> 8) & 1;
    if (blend_mode) {
        const std::uint32_t f = regs[GPUREG_BLEND_FUNC];
        // Equations 5-7 behave as Add (spec 004 BLEND_FUNC).
        auto eq = [](std::uint32_t e) { return static_cast<std::uint8_t>(e > 4 ? 0 : e); };
        // Factors 15 is undocumented: read as One... keep the value range valid for Vulkan.
        auto factor = [](std::uint32_t v) { return static_cast<std::uint8_t>(v > 14 ? 1 : v); };
        k.blend_eq_rgb = eq(f & 7);
        k.blend_eq_alpha = eq(f >> 8 & 7);
        k.src_rgb = factor(f >> 16 & 0xF);
        k.dst_rgb = factor(f >> 20 & 0xF);
        k.src_alpha = factor(f >> 24 & 0xF);
        k.dst_alpha = factor(f >> 28 & 0xF);
        // Min and max ignore the factors in Vulkan: clear them so equal pipelines share a key.
        if (k.blend_eq_rgb >= 3) k.src_rgb = 1, k.dst_rgb = 0;
        if (k.blend_eq_alpha >= 3) k.src_alpha = 1, k.dst_alpha = 0;
        const bool passthrough = k.blend_eq_rgb == 0 && k.blend_eq_alpha == 0 && k.src_rgb == 1 &&
                                 k.dst_rgb == 0 && k.src_alpha == 1 && k.dst_alpha == 0;
        k.blend_enable = passthrough ? 0 : 1;
        if (!k.blend_enable) k.blend_eq_rgb = k.blend_eq_alpha = 0;
    } else {
        k.src_rgb = k.src_alpha = 1;
        k.dst_rgb = k.dst_alpha = 0;
        k.logic_op = static_cast<std::uint8_t>(regs[GPUREG_LOGIC_OP] & 0xF);
        k.logic_op_enable = k.logic_op != 3 ? 1 : 0; // Copy is no logic op at all
        if (!k.logic_op_enable) k.logic_op = 3;
        if (k.logic_op_enable && emulate_logic_op) {
            // The shader computes it from a copy of the target; the pipeline writes plainly.
            k.fragment.logic_op_emulated = static_cast<std::uint8_t>(1 + k.logic_op);
            k.logic_op_enable = 0;
            k.logic_op = 3;
        }
    }
    k.fragment.color_narrow = color_narrow(k);
    return k;
}

std::uint8_t color_narrow(const PipelineKey& k) {
    const bool sixteen_bit = k.color_format >= 2 && k.color_format <= 4;
    // Factors one and zero (min and max have them too, build_pipeline_key): the equation's
    // result is the source or the destination (or 0, reverse-subtracted), each already on the
    // format's grid once the source is narrowed. Narrowing commutes with min and max.
    const bool source_or_destination = !k.blend_enable || (k.src_rgb == 1 && k.dst_rgb == 0 &&
                                                           k.src_alpha == 1 && k.dst_alpha == 0);
    return sixteen_bit && source_or_destination ? k.color_format : 0;
}

DrawState build_draw_state(const Regs& regs, const RenderTargetInfo& target) {
    DrawState d;
    const float H = static_cast<float>(target.height);
    const bool flip = flipped(regs);
    const float half_w = f24_to_float(regs[GPUREG_VIEWPORT_WIDTH] & 0xFFFFFF);
    const float half_h = f24_to_float(regs[GPUREG_VIEWPORT_HEIGHT] & 0xFFFFFF);
    const std::uint32_t xy = regs[GPUREG_VIEWPORT_XY];
    const auto vx = static_cast<float>(static_cast<std::int32_t>(xy << 22) >> 22);
    const auto vy = static_cast<float>(static_cast<std::int32_t>((xy >> 16) << 22) >> 22);
    // PICA window y grows upwards from the bottom row of the target; host rows grow downwards
    // from memory row 0 = the top (docs/research/vulkan_renderer.md 3.2). A negative height maps
    // NDC y = -1 to host row H - vy. A flipped target stores window row y at host row y.
    d.viewport_x = vx;
    d.viewport_width = 2 * half_w;
    if (flip) {
        d.viewport_y = vy;
        d.viewport_height = 2 * half_h;
    } else {
        d.viewport_y = H - vy;
        d.viewport_height = -2 * half_h;
    }
    d.depth_scale = f24_to_float(regs[GPUREG_DEPTHMAP_SCALE] & 0xFFFFFF);
    d.depth_offset = f24_to_float(regs[GPUREG_DEPTHMAP_OFFSET] & 0xFFFFFF);
    if (!viewport_depth_range(regs, d.depth_min, d.depth_max)) {
        d.depth_min = 0;
        d.depth_max = 1;
    }
    if (!std::isfinite(d.depth_scale)) d.depth_scale = -1;
    if (!std::isfinite(d.depth_offset)) d.depth_offset = 0;

    // Scissor: both corners inclusive, window coordinates (y up) - spec 004, citro3d, Azahar.
    const std::uint32_t mode = regs[GPUREG_SCISSORTEST_MODE] & 3;
    const std::uint32_t pos = regs[GPUREG_SCISSORTEST_POS], dim = regs[GPUREG_SCISSORTEST_DIM];
    const std::uint32_t x1 = pos & 0x3FF, y1 = pos >> 16 & 0x3FF;
    const std::uint32_t x2 = (dim & 0x3FF) + 1, y2 = (dim >> 16 & 0x3FF) + 1;
    auto to_host = [&](std::uint32_t& hx0, std::uint32_t& hy0, std::uint32_t& hx1,
                       std::uint32_t& hy1) {
        hx0 = std::min(x1, target.width);
        hx1 = std::clamp(x2, hx0, target.width);
        std::uint32_t wy0 = std::min(y1, target.height), wy1 = std::clamp(y2, wy0, target.height);
        if (flip) {
            hy0 = wy0;
            hy1 = wy1;
        } else {
            hy0 = target.height - wy1;
            hy1 = target.height - wy0;
        }
    };
    d.scissor_x1 = target.width;
    d.scissor_y1 = target.height;
    if (mode == 3) {
        to_host(d.scissor_x0, d.scissor_y0, d.scissor_x1, d.scissor_y1);
    } else if (mode == 1) {
        to_host(d.outside_x0, d.outside_y0, d.outside_x1, d.outside_y1);
    }

    // Culling: 1 keeps clockwise, 2 keeps counter-clockwise triangles (window coordinates, y
    // up); 0 and 3 keep both. A flipped target mirrors the winding.
    d.cull_mode = static_cast<std::uint8_t>(regs[GPUREG_FACECULLING_CONFIG] & 3);
    if (d.cull_mode == 3) d.cull_mode = 0;
    if (flip && d.cull_mode != 0) d.cull_mode = static_cast<std::uint8_t>(3 - d.cull_mode);

    // Depth: the test off behaves as Always but still writes (spec 004 DEPTH_COLOR_MASK).
    const std::uint32_t m = regs[GPUREG_DEPTH_COLOR_MASK];
    const bool depth_writes_allowed = (regs[GPUREG_DEPTHBUFFER_WRITE] & 3) != 0;
    if (target.has_depth) {
        const bool test = m & 1;
        d.depth_write = ((m >> 12) & 1) && depth_writes_allowed;
        d.depth_test = test || d.depth_write;
        d.depth_func = test ? static_cast<std::uint8_t>(m >> 4 & 7) : 1;
    }
    // Stencil exists only in D24S8 (Azahar); writes gated by DEPTHBUFFER_WRITE.
    const std::uint32_t st = regs[GPUREG_STENCIL_TEST];
    if (target.has_stencil && (st & 1)) {
        d.stencil_test = true;
        d.stencil_func = static_cast<std::uint8_t>(st >> 4 & 7);
        d.stencil_write_mask = depth_writes_allowed ? static_cast<std::uint8_t>(st >> 8) : 0;
        d.stencil_ref = static_cast<std::uint8_t>(st >> 16);
        d.stencil_compare_mask = static_cast<std::uint8_t>(st >> 24);
        const std::uint32_t op = regs[GPUREG_STENCIL_OP];
        d.stencil_fail = static_cast<std::uint8_t>(op & 7);
        d.stencil_zfail = static_cast<std::uint8_t>(op >> 4 & 7);
        d.stencil_zpass = static_cast<std::uint8_t>(op >> 8 & 7);
    }
    d.blend_color = regs[GPUREG_BLEND_COLOR];
    d.alpha_ref = static_cast<std::uint8_t>(regs[GPUREG_FRAGOP_ALPHA_TEST] >> 8);
    return d;
}

} // namespace picavk::vk
