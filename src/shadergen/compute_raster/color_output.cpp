// The compute rasteriser's colour output stage in GLSL: blending, logic ops and the write mask
// on the target's pixel as it holds it (RGBA8, or a 16-bit format through 8-bit channels), and
// whether a fragment's output hides what was under it.
#include "shadergen/compute_raster/parts.h"

#include <stdexcept>

namespace picavk::shadergen::compute_raster {

namespace {

// A blend factor (spec 004 BLEND_FUNC; Vulkan's VkBlendFactor order) for the colour or alpha.
std::string factor(unsigned f, bool alpha) {
    static constexpr const char* kRgb[15] = {
        "vec3(0.0)",       "vec3(1.0)",       "s.rgb",
        "(1.0 - s.rgb)",   "d.rgb",           "(1.0 - d.rgb)",
        "vec3(s.a)",       "vec3(1.0 - s.a)", "vec3(d.a)",
        "vec3(1.0 - d.a)", "k.rgb",           "(1.0 - k.rgb)",
        "vec3(k.a)",       "vec3(1.0 - k.a)", "vec3(min(s.a, 1.0 - d.a))"};
    static constexpr const char* kAlpha[15] = {
        "0.0", "1.0",         "s.a", "(1.0 - s.a)", "d.a", "(1.0 - d.a)", "s.a", "(1.0 - s.a)",
        "d.a", "(1.0 - d.a)", "k.a", "(1.0 - k.a)", "k.a", "(1.0 - k.a)", "1.0"};
    return (alpha ? kAlpha : kRgb)[f < 15 ? f : 0];
}

std::string equation(unsigned eq, const std::string& s, const std::string& d, const std::string& sf,
                     const std::string& df) {
    switch (eq) {
    case 1:
        return s + " * " + sf + " - " + d + " * " + df;
    case 2:
        return d + " * " + df + " - " + s + " * " + sf;
    case 3:
        return "min(" + s + ", " + d + ")";
    case 4:
        return "max(" + s + ", " + d + ")";
    default:
        return s + " * " + sf + " + " + d + " * " + df;
    }
}

// A 16-bit target's channels (ColorOutput::target), red first: each one's lowest bit and width
// (0: the format has no such channel, and reads it as 1).
struct Packing {
    unsigned shift[4], bits[4];
};
Packing packing(unsigned target) {
    switch (target) {
    case 2: // RGB5A1
        return {{11, 6, 1, 0}, {5, 5, 5, 1}};
    case 3: // RGB565
        return {{11, 5, 0, 0}, {5, 6, 5, 0}};
    case 4: // RGBA4
        return {{12, 8, 4, 0}, {4, 4, 4, 4}};
    default:
        throw std::invalid_argument("no 16-bit colour target format " + std::to_string(target));
    }
}

// A 16-bit target's pixel as an RGBA8 word and back, as the guest's framebuffer codec converts
// them (pica/texture/texel_formats.h): each channel widened to 8 bits by repeating its bits
// (alpha 255 where the format has none), and narrowed by dropping its low bits, as Citra's and
// Azahar's software rasterisers model PICA200 writing its 8-bit fragment colours to 16-bit
// buffers (common/color.h EncodeRGB565 and its kin shift each channel right). The colour output
// stage then works on 8-bit channels for every target format: what a 16-bit target holds
// equals what an RGBA8 host image written back to it would, and lavapipe's graphics pipeline
// writes its 16-bit attachments the same way (the tests).
std::string target_conversions(const ColorOutput& out) {
    if (out.target == 0) return "";
    const Packing p = packing(out.target);
    std::string widen = "uint target_to_rgba8(uint w) {\n    return 0u";
    std::string narrow = "uint rgba8_to_target(uint c) {\n    return 0u";
    for (unsigned c = 0; c < 4; ++c) {
        const unsigned bits = p.bits[c];
        const std::string at = std::to_string(8 * c);
        if (!bits) {
            widen += " | 255u << " + at;
            continue;
        }
        const std::string v =
            "(w >> " + std::to_string(p.shift[c]) + " & " + std::to_string((1u << bits) - 1) + "u)";
        // Bit repetition: 1 bit to 0 or 255, 4 to v * 17, 5 and 6 to v << (8 - n) | v >> (2n - 8).
        std::string wide;
        if (bits == 1)
            wide = v + " * 255u";
        else if (bits == 4)
            wide = v + " * 17u";
        else
            wide = "(" + v + " << " + std::to_string(8 - bits) + " | " + v + " >> " +
                   std::to_string(2 * bits - 8) + ")";
        widen += " | " + wide + " << " + at;
        narrow += " | (c >> " + std::to_string(8 * c + 8 - bits) + " & " +
                  std::to_string((1u << bits) - 1) + "u) << " + std::to_string(p.shift[c]);
    }
    return widen + ";\n}\n" + narrow + ";\n}\n";
}

} // namespace

// The bits of the target's pixel that the write mask lets through, and all the pixel's bits.
std::uint32_t written_bits(const ColorOutput& out, std::uint32_t& all) {
    std::uint32_t mask = 0;
    if (out.target == 0) {
        all = 0xFFFFFFFFu;
        for (unsigned c = 0; c < 4; ++c)
            if (out.write_mask >> c & 1) mask |= 0xFFu << (8 * c);
        return mask;
    }
    all = 0xFFFFu;
    const Packing p = packing(out.target);
    for (unsigned c = 0; c < 4; ++c)
        if (out.write_mask >> c & 1) mask |= ((1u << p.bits[c]) - 1) << p.shift[c];
    return mask;
}

// The colour output stage: blending as Vulkan does it on a UNORM target (in floats, the result
// clamped and rounded to 8 bits), or a logic op, then the write mask. `dst` and the result are
// the pixel as the target holds it (ColorOutput::target; 16-bit ones through 8-bit channels:
// target_conversions).
std::string color_output(const ColorOutput& out) {
    std::uint32_t all = 0;
    const std::uint32_t mask = written_bits(out, all);
    const bool bits16 = out.target != 0;
    std::string o = target_conversions(out) + "uint color_output(ivec4 src, uint target) {\n";
    o += bits16 ? "    uint dst = target_to_rgba8(target);\n" : "    uint dst = target;\n";
    if (out.blend_enable) {
        o += "    vec4 s = vec4(src) / 255.0;\n"
             "    vec4 d = unpackUnorm4x8(dst);\n"
             "    vec4 k = unpackUnorm4x8(rc.blend_color);\n";
        o += "    vec3 rgb = " +
             equation(out.eq_rgb, "s.rgb", "d.rgb", factor(out.src_rgb, false),
                      factor(out.dst_rgb, false)) +
             ";\n";
        o += "    float a = " +
             equation(out.eq_alpha, "s.a", "d.a", factor(out.src_alpha, true),
                      factor(out.dst_alpha, true)) +
             ";\n";
        o += "    uint word = packUnorm4x8(clamp(vec4(rgb, a), 0.0, 1.0));\n";
    } else {
        // A logic op on the bits, as Vulkan applies one to a UNORM target (on 8-bit channels
        // for 16-bit targets too: narrowing drops low bits, which commutes with every op).
        static constexpr const char* kLogic[16] = {
            "0u",         "s & dst",  "s & ~dst",   "s",       "0xFFFFFFFFu", "~s",
            "dst",        "~dst",     "~(s & dst)", "s | dst", "~(s | dst)",  "s ^ dst",
            "~(s ^ dst)", "~s & dst", "s | ~dst",   "~s | dst"};
        o += "    uvec4 c = uvec4(src);\n"
             "    uint s = c.r | c.g << 8 | c.b << 16 | c.a << 24;\n";
        o += "    uint word = " + std::string(kLogic[out.logic_op & 15]) + ";\n";
    }
    if (bits16) o += "    word = rgba8_to_target(word);\n";
    o += "    return (word & " + std::to_string(mask) + "u) | (target & " +
         std::to_string(~mask & all) + "u);\n}\n";
    return o;
}

// Whether a fragment's colour output leaves nothing of the pixel's colour before it (every bit
// written, and blending whose destination factors are exactly 0 for it, or a logic op that does
// not read the pixel): the GLSL condition on its colour `src` (0-255 channels), or empty where no
// fragment of the configuration can (then no PICA_HIDING). Exact: a factor of exactly 0 makes
// the destination's term exactly 0 (the pixel's channels are finite), so the blended result is
// the one any pixel colour gives. Only factors of 0, the source alpha and one minus it: s.a is
// src.a / 255.0, exactly 0 or 1 for 0 or 255.
std::string hides_condition(const ColorOutput& out) {
    std::uint32_t all = 0;
    if (written_bits(out, all) != all) return "";
    if (!out.blend_enable) {
        const unsigned op = out.logic_op & 15;
        return op == 0 || op == 3 || op == 4 || op == 5 ? "true" : "";
    }
    // The destination's factor: 0 always, or for a source alpha of 0 or 255; empty: never.
    const auto zero_when = [](unsigned f, bool alpha) -> std::string {
        if (f == 0) return "true";
        if (f == 6 || (alpha && f == 2)) return "src.a == 0";   // source alpha
        if (f == 7 || (alpha && f == 3)) return "src.a == 255"; // one minus source alpha
        return "";
    };
    // Source factors that read the destination: its colour, its alpha, saturate.
    const auto reads_dst = [](unsigned f) {
        return f == 4 || f == 5 || f == 8 || f == 9 || f == 14;
    };
    if (out.eq_rgb > 2 || out.eq_alpha > 2) return ""; // min and max read the destination
    if (reads_dst(out.src_rgb) || reads_dst(out.src_alpha)) return "";
    const std::string rgb = zero_when(out.dst_rgb, false), a = zero_when(out.dst_alpha, true);
    if (rgb.empty() || a.empty()) return "";
    if (rgb == "true") return a;
    if (a == "true" || a == rgb) return rgb;
    return "(" + rgb + ") && (" + a + ")";
}
} // namespace picavk::shadergen::compute_raster
