#include "shadergen/fragment/blocks.h"

// Per-fragment operations done in the shader (spec 004 FRAGOP_*, SCISSORTEST_*, DEPTHMAP_*,
// LOGIC_OP): the user clip plane, scissor "outside", alpha test, the depth the PICA writes,
// and logic ops on hosts without them. Blending, depth and stencil tests are pipeline state.

#include "shadergen/glsl_generator.h"

namespace picavk::shadergen::fragment {

namespace {

// The compare functions of alpha test (spec 004 FRAGOP_ALPHA_TEST), on 8-bit values.
const char* compare(unsigned func) {
    switch (func) {
    case 0:
        return "false";
    case 1:
        return "true";
    case 2:
        return "a == ref";
    case 3:
        return "a != ref";
    case 4:
        return "a < ref";
    case 5:
        return "a <= ref";
    case 6:
        return "a > ref";
    default:
        return "a >= ref";
    }
}

} // namespace

std::string early_discards(const FragmentConfig& c) {
    std::string o;
    // User clip plane (FRAGOP_CLIP): fragments with dot(plane, clip position) < 0 are dropped;
    // the dot product is linear, so the interpolated position gives the clipped primitive.
    if (c.clip_plane) o += "    if (dot(u.clip_plane, v_position) < 0.0) discard;\n";
    if (c.scissor_outside)
        o += "    if (all(greaterThanEqual(gl_FragCoord.xy, u.scissor_rect.xy)) &&\n"
             "        all(lessThan(gl_FragCoord.xy, u.scissor_rect.zw))) discard;\n";
    return o;
}

std::string alpha_test(const FragmentConfig& c) {
    if (c.alpha_test_func == 1) return {};
    return std::string("    {\n        int a = previous.a;\n"
                       "        int ref = int(u.alpha_ref.x);\n        if (!(") +
           compare(c.alpha_test_func) + ")) discard;\n    }\n";
}

std::string depth_grid24_function() {
    // Rounded to nearest as a D24 attachment rounds; `precise` keeps the product rounded on its
    // own (no fused multiply-add), and the halfway test is exact where adding 0.5 would round.
    // q < 2^24 and the power of two keep the result exact.
    return R"(float on_depth_grid24(float depth) {
    precise float x = clamp(depth, 0.0, 1.0) * 16777215.0;
    uint q = uint(x);
    if (x - float(q) >= 0.5) q += 1u;
    return float(q) * (1.0 / 16777216.0);
}
)";
}

std::string fragment_depth(const FragmentConfig& c) {
    // The depth the PICA writes and indexes fog with: (z/w) * scale + offset, times w for the
    // w-buffer; the viewport computes it where it can (gl_FragCoord.z), the shader otherwise.
    std::string o;
    switch (c.depth_mode) {
    case DepthMode::FragmentZ:
        o = "    float depth = clamp(-gl_FragCoord.z * u.depth_map.x + u.depth_map.y, 0.0, 1.0);\n";
        break;
    case DepthMode::FragmentW:
        o = "    float depth = clamp((-gl_FragCoord.z * u.depth_map.x + u.depth_map.y) / "
            "gl_FragCoord.w, 0.0, 1.0);\n";
        break;
    case DepthMode::Viewport:
    default:
        o = "    float depth = gl_FragCoord.z;\n";
        break;
    }
    // A float depth buffer standing in for a 24-bit one gets the 24-bit value, in every mode.
    if (c.depth_grid24) return o + "    gl_FragDepth = on_depth_grid24(depth);\n";
    if (c.depth_mode != DepthMode::Viewport) o += "    gl_FragDepth = depth;\n";
    return o;
}

std::string narrowed_function() {
    // The channels a 16-bit format keeps (the high bits: PICA200 drops the low ones writing a
    // 16-bit buffer), widened again by repeating them (pica/texture/texel_formats.h; the compute
    // rasteriser's target_conversions do the same to its 16-bit images). RGB565 has no alpha:
    // it reads as 255.
    return R"(ivec4 narrowed(ivec4 c, uint format) {
    if (format == 2u) return ivec4((c.rgb >> 3) << 3 | c.rgb >> 5, (c.a >> 7) * 255);
    if (format == 3u)
        return ivec4((c.r >> 3) << 3 | c.r >> 5, (c.g >> 2) << 2 | c.g >> 6,
                     (c.b >> 3) << 3 | c.b >> 5, 255);
    if (format == 4u) return (c >> 4) * 17;
    return c;
}
)";
}

std::string narrow_color(const FragmentConfig& c) {
    if (!c.color_narrow) return {};
    return "    previous = narrowed(previous, " + std::to_string(c.color_narrow) + "u);\n";
}

std::string logic_op_declarations(const FragmentConfig& c) {
    if (!c.logic_op_emulated) return {};
    return "layout(set = 0, binding = " + std::to_string(kFramebufferCopyBinding) +
           ") uniform sampler2D framebuffer_copy;\n";
}

std::string logic_op(const FragmentConfig& c) {
    if (!c.logic_op_emulated) return {};
    // Logic op (spec 004 LOGIC_OP) on 8-bit values: s = this fragment, d = the target as it
    // was before the draw (a copy: fragments of one draw that overlap see the older value).
    static constexpr const char* kOps[16] = {
        "ivec4(0)", "s & d", "s & ~d",   "s",     "ivec4(255)", "~s",     "d",      "~d",
        "~(s & d)", "s | d", "~(s | d)", "s ^ d", "~(s ^ d)",   "~s & d", "s | ~d", "~s | d"};
    return std::string("    {\n        ivec4 s = previous;\n"
                       "        ivec4 d = to8(texelFetch(framebuffer_copy, "
                       "ivec2(gl_FragCoord.xy), 0));\n"
                       "        previous = (") +
           kOps[(c.logic_op_emulated - 1) & 15] + ") & 255;\n    }\n";
}

} // namespace picavk::shadergen::fragment
