#include "shadergen/compute_raster.h"

#include "shadergen/fragment/blocks.h"
#include "shadergen/glsl_generator.h"
#include "shadergen/vertex_program.h"

#include <stdexcept>
#include <xxhash.h>

namespace picavk::shadergen {

namespace {

// Replaces each call of `name(` that is not the tail of a longer identifier.
std::string rename_calls(std::string s, const std::string& name, const std::string& to) {
    const std::string call = name + "(";
    for (std::size_t at = s.find(call); at != std::string::npos;
         at = s.find(call, at + to.size())) {
        const char before = at ? s[at - 1] : ' ';
        const bool word = (before >= 'a' && before <= 'z') || (before >= 'A' && before <= 'Z') ||
                          (before >= '0' && before <= '9') || before == '_';
        if (word) {
            at += 1;
            continue;
        }
        s.replace(at, name.size(), to);
    }
    return s;
}

std::string replace_all(std::string s, const std::string& from, const std::string& to) {
    for (std::size_t at = s.find(from); at != std::string::npos; at = s.find(from, at + to.size()))
        s.replace(at, from.size(), to);
    return s;
}

// Whether texture unit i (0-2) is sampled at coordinates (not texel by texel: shadow textures),
// and so needs the gradients of its coordinates to pick its level of detail.
bool sampled_unit(const FragmentConfig& c, unsigned i) {
    return (c.texture_units >> i & 1) &&
           !(i == 0 && (c.texture0_type == 2 || c.texture0_type == 4));
}

// Sampling with the gradients of the coordinates (texture_gradients()), for the units that
// need them.
std::string with_gradients(std::string s, const FragmentConfig& c) {
    for (unsigned i = 0; i < 3; ++i) {
        if (!sampled_unit(c, i)) continue;
        const std::string unit = "tex_unit" + std::to_string(i);
        const bool proj = i == 0 && c.texture0_type == 3;
        s = replace_all(s, std::string(proj ? "textureProj(" : "texture(") + unit + ",",
                        "pica_texture_unit" + std::to_string(i) + "(" + unit + ",");
    }
    return s;
}

// The fragment shader's code as a compute shader reads it: its built-ins are globals set per
// fragment, textures sampled with the gradients of their coordinates, other reads at level 0.
std::string as_compute(std::string s, const FragmentConfig& c) {
    s = with_gradients(std::move(s), c);
    s = replace_all(s, "gl_FragCoord", "frag_coord");
    s = replace_all(s, "gl_FragDepth", "frag_depth");
    s = rename_calls(s, "textureProj", "pica_texture_proj");
    s = rename_calls(s, "dFdxFine", "pica_no_derivative");
    s = rename_calls(s, "dFdyFine", "pica_no_derivative");
    return rename_calls(s, "texture", "pica_texture");
}

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

// The fragment shader's inputs and texture reads, as the rasteriser supplies them.
constexpr const char* kFragmentInputs = R"(
// The fragment shader's inputs, set for each fragment (shade()).
vec4 v_color, v_texcoord01, v_texcoord2_w, v_normquat, v_view, v_position;
uint v_draw;
vec4 frag_coord;
float frag_depth;

// Compute shaders have no implicit derivatives: the texture units read with the gradients of
// their coordinates (texture_gradients()); any other read takes level 0.
vec4 pica_texture(sampler2D s, vec2 uv) { return textureLod(s, uv, 0.0); }
vec4 pica_texture(samplerCube s, vec3 uv) { return textureLod(s, uv, 0.0); }
vec4 pica_texture_proj(sampler2D s, vec3 uv) { return textureProjLod(s, uv, 0.0); }
// The procedural texture's footprint (its level of detail), read only by the filters that
// blend LUT levels, which the caller keeps on the graphics path.
float pica_no_derivative(float x) { return 0.0; }
)";

// Set 1 and the push constants (ComputeRasterConstants), which the binning pass shares, and
// the window position both passes compute for a vertex.
constexpr const char* kResources = R"(
struct RasterVertex {
    vec4 a[6]; // the host vertex layout (glsl_generator.h): OutputVertex as six vec4s
};
layout(set = 1, binding = 0, std430) readonly buffer RasterVertices {
    RasterVertex raster_vertices[];
};
layout(set = 1, binding = 1, std430) readonly buffer RasterIndices {
    uint raster_indices[];
};
layout(set = 1, binding = 2, PICA_TARGET_FORMAT) uniform uimage2D color_target;
layout(set = 1, binding = 3, std430) buffer RasterDepth {
    uint raster_depth[]; // the depth buffer's words (vk SurfaceCache::depth_words)
};
layout(push_constant) uniform RasterConstants {
    vec4 viewport;
    vec4 depth_range;
    ivec4 area;
    uvec4 draw; // first index, vertex offset, triangles, cull mode
    uint blend_color;
    uint subpixel_bits;
    uint depth_test; // format (bits 0-1: 1 D16, 2 D24), function (bits 4-6), write (bit 8)
    uint depth_pitch;
    uvec2 bins; // per row, in all (0, 0: not binned)
    uint stencil; // reference (bits 0-7), compare mask (8-15), write mask (16-23), function (24-26)
    uint stencil_ops; // fail (bits 0-2), depth fail (4-6), pass (8-10); bit 31: the test is on
    uint stencil_base; // the stencil bytes' first word in raster_depth
    uint lod_free; // bit i: unit i reads one level with one filter (no gradients needed)
    uvec2 unused;
} rc;

// The bins' header (kComputeRasterBinsHeader): the bins that any triangle marks, as ~first
// column, ~first row, last column + 1, last row + 1 (0 until one marks), the raster pass's
// workgroup count, which the binning pass's last workgroup writes, and from word 8 each draw's
// marked bins.
const uint kBinsHeader = 72u;
const uint kBinsMarks = 8u;

// NaN and infinity told by their bits: without SignedZeroInfNanPreserve, Vulkan lets a compiler
// assume floats are neither, and fold isnan, isinf and comparisons that only NaN fails (Mesa's
// NIR may). Vertices are NaN where a program made them so (the pre-pass keeps them).
bool pica_nan(float x) { return (floatBitsToUint(x) & 0x7FFFFFFFu) > 0x7F800000u; }
bool pica_nan(vec2 v) { return pica_nan(v.x) || pica_nan(v.y); }
bool pica_nan(vec4 v) { return pica_nan(v.xy) || pica_nan(v.zw); }
bool pica_finite(float x) { return (floatBitsToUint(x) & 0x7F800000u) != 0x7F800000u; }
// Triangle t's vertices (the index, then the draw's vertex offset added).
uvec3 raster_triangle(uint t) {
    uint at = rc.draw.x + 3u * t;
    return uvec3(uint(int(raster_indices[at]) + int(rc.draw.y)),
                 uint(int(raster_indices[at + 1u]) + int(rc.draw.y)),
                 uint(int(raster_indices[at + 2u]) + int(rc.draw.y)));
}

// Vulkan's viewport transform (the divide as a reciprocal and a product, as GPUs and llvmpipe's
// draw module do it), and the window position snapped to the host's sub-pixel grid (round to
// nearest), which decides coverage; attributes are interpolated at the pixel centre from the
// positions before snapping, as llvmpipe sets up its planes. Precise: every call site (the
// exact set-up, the homogeneous one, the binning pass) must snap a shared vertex to the same
// position, which a compiler fusing the multiply-add at some sites only would break.
vec2 raster_window(vec4 c) {
    precise vec2 ndc = c.xy * (1.0 / c.w);
    precise vec2 win = ndc * (rc.viewport.zw * 0.5) + (rc.viewport.xy + rc.viewport.zw * 0.5);
    return win;
}
ivec2 raster_snap(vec2 win) {
    return ivec2(roundEven(win * float(1u << rc.subpixel_bits)));
}

// Twice the signed area of (a, b, p); positive inside for triangles ordered as setup() leaves
// them. Positions are below 2^23 in magnitude (the caller's guard band), so products need 64 bits.
int64_t edge(ivec2 a, ivec2 b, ivec2 p) {
    return int64_t(b.x - a.x) * int64_t(p.y - a.y) - int64_t(b.y - a.y) * int64_t(p.x - a.x);
}

float edge(vec2 a, vec2 b, vec2 p) {
    return (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x);
}

// Top-left rule (Vulkan: y down): with positive area, an edge going up is a left edge, one
// going right along a row is a top edge.
int edge_bias(ivec2 a, ivec2 b) {
    ivec2 d = b - a;
    return (d.y < 0 || (d.y == 0 && d.x > 0)) ? 0 : -1;
}

// A triangle's set-up that is its own, not a tile's: the raster pass's tiles make it where the
// draw is not binned, and read it from the binning pass's record of it where it is (one
// function for both, so that a triangle is set up the same whichever shader does it).
const uint kSetupNone = 0u, kSetupExact = 1u, kSetupHomogeneous = 2u;
// Window positions the exact way snaps (pixels from the origin): past them, snapped values and
// their products would not fit the edge functions' integers.
const float kSnapRange = 32768.0;
// Triangle t's vertices (the clip position as the vertex stage writes it: z negated) and what
// it takes: nothing (a NaN anywhere - as a clipper drops it - or wholly behind the eye), the
// homogeneous way (a vertex behind the eye, or window positions whose snapped values and their
// products would not fit the edge functions' integers: 2^15 pixels; NaN too, a w too small to
// divide by), or the exact way, with its window positions and their snapped values.
uint triangle_snap(uint t, out uvec3 iv, out vec4 c0, out vec4 c1, out vec4 c2, out vec2 w0,
                   out vec2 w1, out vec2 w2, out ivec2 p0, out ivec2 p1, out ivec2 p2) {
    iv = raster_triangle(t);
    c0 = raster_vertices[iv.x].a[0];
    c1 = raster_vertices[iv.y].a[0];
    c2 = raster_vertices[iv.z].a[0];
    c0.z = -c0.z;
    c1.z = -c1.z;
    c2.z = -c2.z;
    w0 = w1 = w2 = vec2(0.0);
    p0 = p1 = p2 = ivec2(0);
    if (pica_nan(c0) || pica_nan(c1) || pica_nan(c2)) return kSetupNone;
    if (c0.w <= 0.0 && c1.w <= 0.0 && c2.w <= 0.0) return kSetupNone;
    if (!(c0.w > 0.0 && c1.w > 0.0 && c2.w > 0.0)) return kSetupHomogeneous;
    w0 = raster_window(c0);
    w1 = raster_window(c1);
    w2 = raster_window(c2);
    if (!all(lessThan(abs(vec4(w0, w1)), vec4(kSnapRange))) ||
        !all(lessThan(abs(w2), vec2(kSnapRange))) || pica_nan(vec4(w0, w1)) || pica_nan(w2))
        return kSetupHomogeneous;
    p0 = raster_snap(w0);
    p1 = raster_snap(w1);
    p2 = raster_snap(w2);
    return kSetupExact;
}
// An exactly set-up triangle's winding: false where it has no area or the draw culls it
// (vk/draw/rasterizer.cpp: mode 1 keeps Vulkan's clockwise triangles - negative area in
// Vulkan's terms, positive here -, mode 2 counter-clockwise ones); else its second and third
// vertices swapped where needed, so that its area is positive with the first vertex first.
bool triangle_orient(ivec2 p0, inout uvec3 iv, inout vec4 c1, inout vec4 c2, inout vec2 w1,
                     inout vec2 w2, inout ivec2 p1, inout ivec2 p2) {
    int64_t area = edge(p0, p1, p2);
    if (area == 0l) return false;
    if ((rc.draw.w == 1u && area < 0l) || (rc.draw.w == 2u && area > 0l)) return false;
    if (area < 0l) {
        ivec2 p = p1; p1 = p2; p2 = p;
        vec2 w = w1; w1 = w2; w2 = w;
        iv = iv.xzy;
        vec4 c = c1; c1 = c2; c2 = c;
    }
    return true;
}
// Planes (raster_pixel(), plane()): a value's steps along x and y, and its value at the first
// vertex's window position (o), so that a pixel finds it in two multiply-adds from its offset
// to that vertex. q0..2: vertex k's screen-space weight times its 1 / w (the perspective-correct
// weights are these over their sum; at the first vertex the weights are exactly 1, 0 and 0, so
// the second and third planes' values there are 0, not kept); zd: normalised device z (the clip
// test); zw: window z (the fragment's depth). z is linear on the screen, and a triangle's
// constant z stays exact (steps of 0). Precise: the binning pass and the raster pass must make
// the same planes of a triangle, which a compiler fusing products at one only would break.
struct TrianglePlanes {
    vec2 o;
    vec3 q0;
    vec2 q1, q2;
    vec3 zd, zw;
};
TrianglePlanes triangle_planes(vec4 c0, vec4 c1, vec4 c2, vec2 w0, vec2 w1, vec2 w2) {
    precise vec3 zd = vec3(c0.z / c0.w, c1.z / c1.w, c2.z / c2.w);
    precise vec3 rw = vec3(1.0 / c0.w, 1.0 / c1.w, 1.0 / c2.w);
    precise vec3 zw = rc.depth_range.x + zd * (rc.depth_range.y - rc.depth_range.x);
    // The screen-space weights' steps along x and y (vertex k's weight: the edge opposite it
    // over the area, from the positions before snapping; an edge function's derivatives).
    precise float area = (w1.x - w0.x) * (w2.y - w0.y) - (w1.y - w0.y) * (w2.x - w0.x);
    precise float inv_area = 1.0 / area;
    precise vec3 bx = vec3(w1.y - w2.y, w2.y - w0.y, w0.y - w1.y) * inv_area;
    precise vec3 by = vec3(w2.x - w1.x, w0.x - w2.x, w1.x - w0.x) * inv_area;
    // z0 + b1 (z1 - z0) + b2 (z2 - z0) as a plane.
    precise vec2 dzd = zd.yz - zd.x, dzw = zw.yz - zw.x;
    TrianglePlanes p;
    p.o = w0;
    precise vec3 q0 = vec3(bx.x * rw.x, by.x * rw.x, rw.x);
    precise vec2 q1 = vec2(bx.y, by.y) * rw.y, q2 = vec2(bx.z, by.z) * rw.z;
    precise vec3 pzd = vec3(bx.y * dzd.x + bx.z * dzd.y, by.y * dzd.x + by.z * dzd.y, zd.x);
    precise vec3 pzw = vec3(bx.y * dzw.x + bx.z * dzw.y, by.y * dzw.x + by.z * dzw.y, zw.x);
    p.q0 = q0;
    p.q1 = q1;
    p.q2 = q2;
    p.zd = pzd;
    p.zw = pzw;
    return p;
}
// Attribute k (of OutputVertex's six vec4s) of the triangle with vertices `vi`, weighted by `q`.
vec4 interpolated(uvec3 vi, vec3 q, int k) {
    return q.x * raster_vertices[vi.x].a[k] + q.y * raster_vertices[vi.y].a[k] +
           q.z * raster_vertices[vi.z].a[k];
}
// Where the binning pass keeps triangle t's set-up record (7 uvec4s, after the masks: state and
// indices, then the exact way's snapped positions, o and planes, or the homogeneous way's
// ClippedSetup), in uvec4s of the bins' buffer.
uint setup_record(uint t) {
    uint masks = kBinsHeader + (rc.draw.z + 63u) / 64u * rc.bins.y * 2u;
    return (masks + 3u) / 4u + t * 7u;
}

// t_flags' bits (the raster pass's, below) that a set-up record holds too: edge k's top-left
// bias (bits 0-2), set up the homogeneous way (bit 4), that way's mode (bits 8-17).
const uint kClipped = 16u;
uint bias_flags(ivec3 bias) {
    return (bias.x != 0 ? 1u : 0u) | (bias.y != 0 ? 2u : 0u) | (bias.z != 0 ? 4u : 0u);
}
// The edge function's row of the edge from `a` to `b` (homogeneous window positions): their
// cross product, computed from the end point that sorts first, so that the triangle on the
// edge's other side, which runs it the other way, gets exactly the negated row (precise: no
// fused operation may break that symmetry).
bool sorts_first(vec3 a, vec3 b) {
    return a.x < b.x || (a.x == b.x && (a.y < b.y || (a.y == b.y && a.z < b.z)));
}
vec3 edge_row(vec3 a, vec3 b) {
    bool swap = sorts_first(b, a);
    vec3 p = swap ? b : a, q = swap ? a : b;
    precise vec3 r = vec3(p.y * q.z - p.z * q.y, p.z * q.x - p.x * q.z, p.x * q.y - p.y * q.x);
    return swap ? -r : r;
}

// A triangle reaching behind the eye or past the snapped positions' range, set up the
// homogeneous way: the part that is its own, not a tile's (setup_clipped() adds the tile's
// tests). The raster pass's tiles make it where the draw is not binned, and read the binning
// pass's record of it where it is, rather than each tile of its bins making it again from its
// vertices (the same function for both: a triangle is set up the same whichever does it).
// h0..2: the edge functions' rows, oriented (t_h0..2); inv_area: 1 / |det| (t_inv_area);
// p0..2: the snapped positions of the vertices that have one; flags: t_flags' biases, kClipped
// and mode; zd: the z / w plane; bounds: the window bounds (lo, hi) where every w is positive
// (only past the range), else unbounded.
struct ClippedSetup {
    vec3 h0, h1, h2;
    float inv_area;
    ivec2 p0, p1, p2;
    uint flags;
    vec3 zd;
    vec4 bounds;
};
// (Rasterised in homogeneous coordinates: Olano and Greer, "Triangle scan conversion using 2D
// homogeneous coordinates", 1997, with no clipping at all. For M, the matrix whose columns are
// the vertices' homogeneous window positions (x w, y w, w), M^-1 (x, y, 1) is a pixel's
// clip-space weights over its w: all non-negative exactly where the triangle covers the pixel
// in front of the eye.) False where it is degenerate, not finite or culled.
bool clipped_setup(vec4 c0, vec4 c1, vec4 c2, out ClippedSetup s) {
    vec2 scale = rc.viewport.zw * 0.5, offset = rc.viewport.xy + rc.viewport.zw * 0.5;
    vec3 h0 = vec3(c0.xy * scale + offset * c0.w, c0.w);
    vec3 h1 = vec3(c1.xy * scale + offset * c1.w, c1.w);
    vec3 h2 = vec3(c2.xy * scale + offset * c2.w, c2.w);
    vec3 r0 = edge_row(h1, h2), r1 = edge_row(h2, h0), r2 = edge_row(h0, h1);
    precise float det = dot(h0, r0);
    if (!(abs(det) > 0.0) || !pica_finite(det)) return false; // degenerate, not finite
    // Culling by the determinant's sign, which is the area's where every w is positive.
    if ((rc.draw.w == 1u && det < 0.0) || (rc.draw.w == 2u && det > 0.0)) return false;
    s.bounds = vec4(-3.0e38, -3.0e38, 3.0e38, 3.0e38);
    if (c0.w > 0.0 && c1.w > 0.0 && c2.w > 0.0) {
        vec2 w0 = h0.xy / h0.z, w1 = h1.xy / h1.z, w2 = h2.xy / h2.z;
        s.bounds = vec4(min(w0, min(w1, w2)), max(w0, max(w1, w2)));
    }
    float orient = det > 0.0 ? 1.0 : -1.0; // exact: rows stay exactly negated across an edge
    s.h0 = r0 * orient;
    s.h1 = r1 * orient;
    s.h2 = r2 * orient;
    s.inv_area = 1.0 / abs(det);
    // Edges whose two ends lie in front of the eye and in the snapped range are decided as the
    // exact path decides them (snapped integer edge functions, the top-left rule, oriented),
    // so that they meet an exact-path neighbour with no gap and no pixel twice; the others in
    // floats, where every triangle sharing them is set up this way too.
    vec4 cs[3] = vec4[3](c0, c1, c2);
    bool snapped[3];
    ivec2 ps[3];
    for (int k = 0; k < 3; ++k) {
        vec2 w = raster_window(cs[k]);
        snapped[k] = cs[k].w > 0.0 && all(lessThan(abs(w), vec2(kSnapRange)));
        ps[k] = snapped[k] ? raster_snap(w) : ivec2(0);
    }
    uint mode = orient < 0.0 ? 8u : 0u;
    ivec3 bias = ivec3(0);
    for (int k = 0; k < 3; ++k) {
        int a = (k + 1) % 3, b = (k + 2) % 3;
        if (snapped[a] && snapped[b]) {
            mode |= 1u << k;
            bias[k] = orient > 0.0 ? edge_bias(ps[a], ps[b]) : edge_bias(ps[b], ps[a]);
        } else if (snapped[a] || snapped[b]) {
            // A float edge from a vertex in front: its line through that vertex's snapped
            // position, where the exact edges meeting there pass too, so that a pixel centre
            // on the vertex is decided by the tie rules of all of them, not by rounding.
            mode |= (snapped[a] ? 1u : 2u) << (4 + 2 * k);
        }
    }
    s.p0 = ps[0];
    s.p1 = ps[1];
    s.p2 = ps[2];
    s.flags = bias_flags(bias) | kClipped | mode << 8;
    // z / w is linear on the screen: (the weights over w) . z, a plane.
    precise vec3 zd = (c0.z * r0 + c1.z * r1 + c2.z * r2) / det;
    s.zd = zd;
    return true;
}
)";

constexpr const char* kRaster = R"(
// One chunk of the draw's triangles, set up by the workgroup: one per invocation.
const uint kChunk = 64u;
shared ivec2 t_p0[kChunk], t_p1[kChunk], t_p2[kChunk]; // snapped window positions (coverage)
shared uvec3 t_vertex[kChunk];                        // vertex indices, the first one first
// Planes (setup(), plane()): a value's steps along x and y, and its value at the first vertex's
// window position (t_o), so that a pixel finds it in two multiply-adds from its offset to that
// vertex (where it took three edge functions, the area's inverse and the depths' differences).
// From the triangle alone, not the tile: a pixel gets the same values whichever dispatch draws
// it. t_q0..2: vertex k's screen-space weight times its 1 / w (the perspective-correct weights
// are these over their sum; at the first vertex the weights are exactly 1, 0 and 0, so the
// second and third planes' values there are 0, not kept); t_zd: normalised device z (the clip
// test); t_zw: window z (the fragment's depth). z is linear on the screen, and a triangle's
// constant z stays exact (steps of 0).
shared vec2 t_o[kChunk];
shared vec3 t_q0[kChunk];
shared vec2 t_q1[kChunk], t_q2[kChunk];
shared vec3 t_zd[kChunk], t_zw[kChunk];
#ifdef PICA_UNCUT
shared float t_inv_area[kChunk]; // setup_clipped's 1 / |det|
#endif
// Bits 0-2: edge k (opposite vertex k) leaves out a pixel centre on it (the top-left rule's
// bias of -1, edge_bias(); flag_bias()); bit 4: set up the homogeneous way (setup_clipped());
// bits 5-7: every pixel centre of the tile is inside edge k, which no pixel tests (setup());
// bits 8-17: the homogeneous set-up's mode (below). One word, not four: shared memory bounds
// the workgroups a core keeps.
shared uint t_flags[kChunk];
const uint kInsideEdge0 = 32u; // (kClipped: above)
ivec3 flag_bias(uint flags) {
    return -ivec3(uvec3(flags, flags >> 1, flags >> 2) & 1u);
}
// What either set-up keeps of a triangle in `slot`: its flags, snapped positions and vertices.
void store_corners(uint slot, uint flags, uvec3 iv, ivec2 p0, ivec2 p1, ivec2 p2) {
    t_flags[slot] = flags;
    t_p0[slot] = p0;
    t_p1[slot] = p1;
    t_p2[slot] = p2;
    t_vertex[slot] = iv;
}
// Triangles reaching behind the eye or past the snapped positions' range (setup_clipped):
// rasterised in homogeneous coordinates, unclipped. t_h0..2: the edge functions' rows (the
// adjugate of the matrix of the vertices' homogeneous window positions, oriented by its
// determinant's sign); times (x, y, 1), over |det| (t_inv_area), they give a pixel's clip-space
// weights over its w. t_zd holds the z / w plane.
// Their mode (t_flags' bits 8-17): per edge k, bit k: decided as the exact path decides it
// (t_p*, the bias); bit 3: the orientation is negative; bits 4 + 2k and 5 + 2k: a float edge's
// function is taken from its first or its second end point's snapped position (clipped_edge).
#ifdef PICA_UNCUT
// (A triangle is set up one way or the other: its first row shares the first plane's memory.)
#define t_h0 t_q0
shared vec3 t_h1[kChunk], t_h2[kChunk];
#endif
// A plane's value at offset `d` from its origin (t_o), and one whose value there is 0.
float plane(vec3 p, vec2 d) {
    return p.x * d.x + p.y * d.y + p.z;
}
float plane(vec2 p, vec2 d) {
    return p.x * d.x + p.y * d.y;
}
// The chunk's triangles that may cover a pixel of this tile, one bit each (slot order: primitive
// order), in two masks used by turns: the next chunk's is cleared while this one's is set.
shared uint t_hits[2][2];
// The masks of 64 chunks from the window's first (main()).
shared uvec2 t_chunk_marks[kChunk];

layout(set = 1, binding = 4, std430) readonly buffer RasterBins {
    uint raster_bins[]; // the binning pass's masks (generate_compute_bin_glsl)
};


#ifdef PICA_UNCUT
// An edge function's value at window position `at`, in the same order for every triangle.
float edge_value(vec3 r, vec2 at) {
    precise float e = r.x * at.x + r.y * at.y + r.z;
    return e;
}
// Whether a pixel centre exactly on the edge belongs to the triangle whose oriented row is `r`:
// of the two triangles sharing the edge (oriented rows exactly negated) exactly one takes it.
bool edge_owns(vec3 r) {
    return r.x > 0.0 || (r.x == 0.0 && r.y > 0.0);
}

// A triangle set up the homogeneous way (clipped_setup: its own part, `s`), in `slot`, where it
// may cover a pixel centre of the tile. Coverage is decided in floats (Vulkan leaves clipped
// edges' precision to the implementation), watertight on shared edges (edge_row, edge_owns);
// the near and far planes remain the per-fragment test.
bool clipped_tile(uint slot, ivec4 tile, ClippedSetup s, uvec3 iv) {
    if (any(lessThan(s.bounds.zw, vec2(tile.xy))) || any(greaterThan(s.bounds.xy, vec2(tile.zw))))
        return false;
#ifndef PICA_NO_CLIPPED_TILE_TEST
    // The tile against each edge decided in floats, as tile_edges() tests the exact way's (a
    // triangle behind the eye had no tile test at all: every pixel of every tile of its bins
    // walked it). A row is linear in the window position, so its greatest value over the tile's
    // pixel centres is at a corner; where even that is negative by more than a twentieth of a
    // pixel (an anchored edge runs through its end's snapped position, parallel to the row's
    // line and within a sub-pixel step of it) and the row's rounding, no centre of the tile is
    // inside it. (Not an edge decided the exact way: its line through two snapped vertices may
    // turn away from the row's far from them.)
    vec2 first = vec2(tile.xy) + 0.5, last = vec2(tile.zw) - 0.5;
    vec3 rows[3] = vec3[3](s.h0, s.h1, s.h2);
    for (int k = 0; k < 3; ++k) {
        if ((s.flags & (256u << k)) != 0u) continue;
        vec3 r = rows[k];
        float most = r.z + max(r.x * first.x, r.x * last.x) + max(r.y * first.y, r.y * last.y);
        float size = abs(r.z) + abs(r.x) * max(abs(first.x), abs(last.x)) +
                     abs(r.y) * max(abs(first.y), abs(last.y));
        if (most < -(0.05 * length(r.xy) + 1e-5 * size)) return false;
    }
#endif
    t_h0[slot] = s.h0;
    t_h1[slot] = s.h1;
    t_h2[slot] = s.h2;
    t_inv_area[slot] = s.inv_area;
    store_corners(slot, s.flags, iv, s.p0, s.p1, s.p2);
    t_zd[slot] = s.zd;
    return true;
}
// Sets up, from its vertices, a triangle the homogeneous way in `slot` (clipped_tile).
bool setup_clipped(uint slot, ivec4 tile, vec4 c0, vec4 c1, vec4 c2, uvec3 iv) {
    ClippedSetup s;
    return clipped_setup(c0, c1, c2, s) && clipped_tile(slot, tile, s, iv);
}
// Clipped triangle `slot`'s oriented edge function `k` (row `r`) at window position `at`, for
// coverage: through its anchor, the snapped position of one end (the mode in t_flags), where it
// has one (exactly 0 there), else as the row gives it.
float clipped_edge(uint slot, uint k, vec3 r, vec2 at) {
    uint anchor = t_flags[slot] >> (12u + 2u * k) & 3u;
    if (anchor == 0u) return edge_value(r, at);
    // The end points of edge k: vertices k + 1 and k + 2.
    uint v = (k + anchor) % 3u;
    ivec2 p = v == 0u ? t_p0[slot] : v == 1u ? t_p1[slot] : t_p2[slot];
    vec2 d = at - vec2(p) / float(1 << rc.subpixel_bits); // exact: below 2^15 pixels
    precise float e = r.x * d.x + r.y * d.y;
    return e;
}
// A clipped triangle's oriented edge values at window position `at` (setup_clipped): times
// t_inv_area, its weights over w.
vec3 clipped_edges(uint slot, vec2 at) {
    return vec3(edge_value(t_h0[slot], at), edge_value(t_h1[slot], at),
                edge_value(t_h2[slot], at));
}

#endif

#ifdef PICA_UNCUT
#define SETUP_UNCUT setup_clipped(slot, tile, c0, c1, c2, iv)
#else
#define SETUP_UNCUT false
#endif
// The tile's pixel centres against the snapped bounds (most triangles miss most tiles).
bool tile_bounds(ivec4 tile, ivec2 p0, ivec2 p1, ivec2 p2) {
    int one = 1 << rc.subpixel_bits, half_one = one >> 1;
    ivec2 lo = min(p0, min(p1, p2)), hi = max(p0, max(p1, p2));
    ivec2 first = tile.xy * one + half_one, last = (tile.zw - 1) * one + half_one;
    return !(any(lessThan(hi, first)) || any(greaterThan(lo, last)));
}

// Each edge over the tile's pixel centres: an edge function is linear, so its least and
// greatest values there are at corners - its value at the first pixel centre plus, along
// each axis, the step across the tile where it is negative (least) or positive (greatest).
// An edge that leaves out every pixel centre leaves out the tile, which the triangle's
// bounds reach and the triangle does not (a sprite's quad: each of its triangles in half
// the tiles its bounds reach, where every pixel would test it); where each edge keeps
// every one, the tile's pixels do not test it (most tiles a triangle touches are inside
// all three of its edges or crossed by one). False where the tile is left out; else `flags`,
// t_flags' biases and inside bits.
bool tile_edges(ivec4 tile, ivec2 p0, ivec2 p1, ivec2 p2, out uint flags) {
    int one = 1 << rc.subpixel_bits, half_one = one >> 1;
    ivec2 first = tile.xy * one + half_one, last = (tile.zw - 1) * one + half_one;
    ivec3 bias = ivec3(edge_bias(p1, p2), edge_bias(p2, p0), edge_bias(p0, p1));
    ivec2 span = last - first; // not negative
    flags = bias_flags(bias);
    for (int k = 0; k < 3; ++k) {
        ivec2 a = k == 0 ? p1 : k == 1 ? p2 : p0, b = k == 0 ? p2 : k == 1 ? p0 : p1;
        int64_t at_first = edge(a, b, first) + int64_t(bias[k]);
        int64_t across = int64_t(a.y - b.y) * int64_t(span.x); // along x, then y
        int64_t down = int64_t(b.x - a.x) * int64_t(span.y);
        if (at_first + max(across, 0l) + max(down, 0l) < 0l) return false;
        if (at_first + min(across, 0l) + min(down, 0l) >= 0l) flags |= kInsideEdge0 << k;
    }
    return true;
}

// A triangle set up in `slot` from its part that is the triangle's alone.
void store_setup(uint slot, uint flags, uvec3 iv, ivec2 p0, ivec2 p1, ivec2 p2,
                 TrianglePlanes planes) {
    store_corners(slot, flags, iv, p0, p1, p2);
    t_o[slot] = planes.o;
    t_q0[slot] = planes.q0;
    t_q1[slot] = planes.q1;
    t_q2[slot] = planes.q2;
    t_zd[slot] = planes.zd;
    t_zw[slot] = planes.zw;
}

layout(set = 1, binding = 4, std430) readonly buffer RasterSetups {
    uvec4 raster_setups[]; // the bins' buffer again: the binning pass's set-up records
};

#ifdef PICA_UNCUT
// The homogeneous set-up in record `at` (write_clipped_record), whose second and third uvec4s
// the caller read already.
ClippedSetup read_clipped_record(uint at, uvec4 r1, uvec4 r2) {
    ClippedSetup s;
    vec4 r3 = uintBitsToFloat(raster_setups[at + 3u]);
    vec4 r4 = uintBitsToFloat(raster_setups[at + 4u]);
    vec4 r5 = uintBitsToFloat(raster_setups[at + 5u]);
    s.p0 = ivec2(r1.xy);
    s.p1 = ivec2(r1.zw);
    s.p2 = ivec2(r2.xy);
    s.flags = r2.z;
    s.inv_area = uintBitsToFloat(r2.w);
    s.h0 = r3.xyz;
    s.h1 = vec3(r3.w, r4.xy);
    s.h2 = vec3(r4.zw, r5.x);
    s.zd = r5.yzw;
    s.bounds = uintBitsToFloat(raster_setups[at + 6u]);
    return s;
}
#endif

// Sets up triangle `t` in `slot`; false where it covers no pixel centre of the tile (culled,
// degenerate, or outside: tested before the 64-bit area).
bool setup(uint t, uint slot, ivec4 tile) {
    // A binned draw's triangles were set up once each by the binning pass (its records): a
    // tile reads what is the triangle's alone and makes its own tests, where it took the
    // triangle's indices, then its positions, then the snapping, culling and planes.
    // The state, indices and positions are read together (words past a state that is not the
    // exact way hold anything, in the buffer), the planes only where the tile's tests pass:
    // most set-ups fail them.
    if (rc.bins.x != 0u) {
        uint at = setup_record(t);
        uvec4 r0 = raster_setups[at], r1 = raster_setups[at + 1u], r2 = raster_setups[at + 2u];
        if (r0.x == kSetupNone) return false;
        if (r0.x == kSetupExact) {
            ivec2 p0 = ivec2(r1.xy), p1 = ivec2(r1.zw), p2 = ivec2(r2.xy);
            uint flags;
            if (!tile_bounds(tile, p0, p1, p2) || !tile_edges(tile, p0, p1, p2, flags))
                return false;
            vec4 r3 = uintBitsToFloat(raster_setups[at + 3u]);
            vec4 r4 = uintBitsToFloat(raster_setups[at + 4u]);
            vec4 r5 = uintBitsToFloat(raster_setups[at + 5u]);
            float r6 = uintBitsToFloat(raster_setups[at + 6u].x);
            TrianglePlanes planes;
            planes.o = uintBitsToFloat(r2.zw);
            planes.q0 = r3.xyz;
            planes.q1 = vec2(r3.w, r4.x);
            planes.q2 = r4.yz;
            planes.zd = vec3(r4.w, r5.xy);
            planes.zw = vec3(r5.zw, r6);
            store_setup(slot, flags, r0.yzw, p0, p1, p2, planes);
            return true;
        }
#if defined(PICA_UNCUT) && !defined(PICA_NO_CLIPPED_RECORDS)
        // The homogeneous way, set up by the binning pass too: only the tile's tests here.
        return clipped_tile(slot, tile, read_clipped_record(at, r1, r2), r0.yzw);
#endif
        // (The homogeneous way: set up here, as below.)
    }
    uvec3 iv;
    vec4 c0, c1, c2;
    vec2 w0, w1, w2;
    ivec2 p0, p1, p2;
    uint state = triangle_snap(t, iv, c0, c1, c2, w0, w1, w2, p0, p1, p2);
    if (state == kSetupNone) return false;
    // (Without PICA_UNCUT the caller cut such triangles: guard_band_clip.h.)
    if (state == kSetupHomogeneous) return SETUP_UNCUT;
    if (!tile_bounds(tile, p0, p1, p2)) return false;
    if (!triangle_orient(p0, iv, c1, c2, w1, w2, p1, p2)) return false;
    uint flags;
    if (!tile_edges(tile, p0, p1, p2, flags)) return false;
    // (After the tile's tests, which most set-ups fail: fewer values live across them.)
    store_setup(slot, flags, iv, p0, p1, p2, triangle_planes(c0, c1, c2, w0, w1, w2));
    return true;
}

// The pixel's colour as the draw found it (main(): read before the set-up, so that its latency
// passes while the triangles are set up, not in the first fragment's chain).
uint pixel_color;
// The pixel's depth (rc.depth_test): read before the set-up too (or, with PICA_LATE_LOADS, at
// its first fragment), kept here, written once.
uint pixel_depth, first_depth;
bool depth_read = false;

uint depth_index(ivec2 pixel) {
    return uint(pixel.y) * rc.depth_pitch + uint(pixel.x);
}
uint depth_load(ivec2 pixel) {
    uint i = depth_index(pixel);
    if ((rc.depth_test & 3u) == 1u) return raster_depth[i >> 1] >> (16u * (i & 1u)) & 0xFFFFu;
    return raster_depth[i] & 0xFFFFFFu; // bits 24-31 are the copy's padding
}
void depth_store(ivec2 pixel) {
    uint i = depth_index(pixel);
    // D16: the neighbour's half shares the word; flipping only this pixel's bits keeps it.
    if ((rc.depth_test & 3u) == 1u)
        atomicXor(raster_depth[i >> 1], (first_depth ^ pixel_depth) << (16u * (i & 1u)));
    else
        raster_depth[i] = pixel_depth;
}
// PICA's compare functions (spec 004 DEPTH_COLOR_MASK bits 4-6, STENCIL_TEST bits 4-6), as
// Vulkan applies them: `a` the fragment's value, `b` the stored one.
bool compare(uint function, uint a, uint b) {
    switch (function) {
    case 0u: return false;
    case 1u: return true;
    case 2u: return a == b;
    case 3u: return a != b;
    case 4u: return a < b;
    case 5u: return a <= b;
    case 6u: return a > b;
    default: return a >= b;
    }
}
// The depth format's largest integer (D16 or D24).
uint depth_max() {
    return (rc.depth_test & 3u) == 1u ? 0xFFFFu : 0xFFFFFFu;
}
// A depth converted to the format's integer, as Vulkan converts it for a UNORM attachment:
// clamped to [0, 1], scaled, rounded to even.
uint depth_converted(float z) {
    return uint(roundEven(clamp(z, 0.0, 1.0) * float(depth_max())));
}
// The depth test as Vulkan does it on a UNORM attachment: the fragment's depth converted and
// compared with the stored one. `q`: the converted depth.
bool depth_passes(float z, uint stored, out uint q) {
    q = depth_converted(z);
    return compare(rc.depth_test >> 4 & 7u, q, stored);
}

// The pixel's stencil (D24S8's, rc.stencil_ops bit 31): a byte per pixel after the depth words,
// read at the pixel's first fragment, kept here, written once.
uint pixel_stencil, first_stencil;
bool stencil_read = false;
uint stencil_load(ivec2 pixel) {
    uint i = depth_index(pixel);
    return raster_depth[rc.stencil_base + (i >> 2)] >> (8u * (i & 3u)) & 0xFFu;
}
void stencil_store(ivec2 pixel) {
    // The word's other bytes are the neighbours': flipping only this pixel's bits keeps them.
    uint i = depth_index(pixel);
    atomicXor(raster_depth[rc.stencil_base + (i >> 2)],
              (first_stencil ^ pixel_stencil) << (8u * (i & 3u)));
}
// The stencil test: the masked reference against the masked stored value.
bool stencil_passes() {
    uint mask = rc.stencil >> 8 & 0xFFu;
    return compare(rc.stencil >> 24 & 7u, rc.stencil & mask, pixel_stencil & mask);
}
// A stencil op (PICA STENCIL_OP's order is Vulkan's: keep, zero, replace, increment and clamp,
// decrement and clamp, invert, increment and wrap, decrement and wrap), through the write mask.
void stencil_apply(uint op) {
    uint s = pixel_stencil, r;
    switch (op) {
    case 0u: return;
    case 1u: r = 0u; break;
    case 2u: r = rc.stencil & 0xFFu; break;
    case 3u: r = min(s + 1u, 255u); break;
    case 4u: r = s == 0u ? 0u : s - 1u; break;
    case 5u: r = ~s; break;
    case 6u: r = s + 1u; break;
    default: r = s - 1u; break;
    }
    uint write = rc.stencil >> 16 & 0xFFu;
    pixel_stencil = (s & ~write | r & write) & 0xFFu;
}

// The perspective-correct weights of triangle `slot`'s vertices at window position `at` (inside
// it or not: a quad's helper pixels).
vec3 perspective_weights(uint slot, vec2 at) {
#ifdef PICA_UNCUT
    if ((t_flags[slot] & kClipped) != 0u) { // (not `u`: the fragment code's uniforms macro)
        vec3 e = clipped_edges(slot, at);
        return e * (1.0 / (e.x + e.y + e.z));
    }
#endif
    vec2 d = at - t_o[slot];
    vec3 pq = vec3(plane(t_q0[slot], d), plane(t_q1[slot], d), plane(t_q2[slot], d));
    return pq * (1.0 / (pq.x + pq.y + pq.z));
}

// Coverage, weights and depth of triangle `slot` at `pixel`; false where it does not cover it
// (or the near and far planes cut it there).
bool raster_pixel(uint slot, ivec2 pixel, out vec3 q, out float rw, out float zw) {
    vec2 c = vec2(pixel) + 0.5;
#ifdef PICA_UNCUT
    if ((t_flags[slot] & kClipped) != 0u) {
        vec3 e = vec3(clipped_edge(slot, 0u, t_h0[slot], c), clipped_edge(slot, 1u, t_h1[slot], c),
                      clipped_edge(slot, 2u, t_h2[slot], c));
        uint mode = t_flags[slot] >> 8;
        int one = 1 << rc.subpixel_bits;
        ivec2 p = pixel * one + (one >> 1);
        int64_t orient = (mode & 8u) != 0u ? -1l : 1l;
        ivec3 bias = flag_bias(t_flags[slot]);
        if ((mode & 1u) != 0u ? orient * edge(t_p1[slot], t_p2[slot], p) + int64_t(bias.x) < 0l
                              : (e.x < 0.0 || (e.x == 0.0 && !edge_owns(t_h0[slot]))))
            return false;
        if ((mode & 2u) != 0u ? orient * edge(t_p2[slot], t_p0[slot], p) + int64_t(bias.y) < 0l
                              : (e.y < 0.0 || (e.y == 0.0 && !edge_owns(t_h1[slot]))))
            return false;
        if ((mode & 4u) != 0u ? orient * edge(t_p0[slot], t_p1[slot], p) + int64_t(bias.z) < 0l
                              : (e.z < 0.0 || (e.z == 0.0 && !edge_owns(t_h2[slot]))))
            return false;
        vec3 h = clipped_edges(slot, c) * t_inv_area[slot]; // the weights over w
        rw = h.x + h.y + h.z;           // 1 / w
        if (!(rw > 0.0) || pica_nan(rw)) return false;
        q = h * (1.0 / rw);
        float zd = dot(t_zd[slot], vec3(c, 1.0));
        if (!(zd >= 0.0 && zd <= 1.0) || pica_nan(zd)) return false;
        zw = rc.depth_range.x + zd * (rc.depth_range.y - rc.depth_range.x);
        return true;
    }
#endif
    uint flags = t_flags[slot];
    if ((flags & 7u * kInsideEdge0) != 7u * kInsideEdge0) { // an edge crosses the tile
        int one = 1 << rc.subpixel_bits;
        ivec2 p = pixel * one + (one >> 1);
        ivec3 bias = flag_bias(flags);
        // (Edge 0 gives the first vertex's weight.)
        if ((flags & kInsideEdge0) == 0u && edge(t_p1[slot], t_p2[slot], p) + bias.x < 0l)
            return false;
        if ((flags & 2u * kInsideEdge0) == 0u && edge(t_p2[slot], t_p0[slot], p) + bias.y < 0l)
            return false;
        if ((flags & 4u * kInsideEdge0) == 0u && edge(t_p0[slot], t_p1[slot], p) + bias.z < 0l)
            return false;
    }
    vec2 d = c - t_o[slot]; // the pixel centre from the first vertex
    // The clip volume's near and far planes (no depth clamp).
    float zd = plane(t_zd[slot], d);
    if (zd < 0.0 || zd > 1.0) return false;
    vec3 pw = vec3(plane(t_q0[slot], d), plane(t_q1[slot], d), plane(t_q2[slot], d));
    zw = plane(t_zw[slot], d);
    rw = pw.x + pw.y + pw.z;
    q = pw * (1.0 / rw); // perspective-correct weights (one division, not three)
    return true;
}

// The fragment of triangle `slot` at `pixel`, its colour in `src` (and its depth in frag_depth):
// false where the triangle does not cover the pixel or the fragment code discards.
bool fragment_at(uint slot, ivec2 pixel, out ivec4 src) {
    vec3 q;
    float rw, zw;
    if (!raster_pixel(slot, pixel, q, rw, zw)) return false;
    uvec3 vi = t_vertex[slot];
    vec4 a[6];
    for (int k = 0; k < 6; ++k)
        a[k] = interpolated(vi, q, k);
#ifdef PICA_QUATERNION_FLIP
    // Lit draws: the second and third vertex's normal quaternions on the first one's side
    // (pica/geometry/quaternion_fixup.h), for vertices the vertex pre-pass shaded. (The CPU
    // path flipped its own already; a second flip finds nothing to do: q.q' is then >= 0.)
    vec4 q0 = raster_vertices[vi.x].a[1], q1 = raster_vertices[vi.y].a[1],
         q2 = raster_vertices[vi.z].a[1];
    if (quaternion_dot(q0, q1) < 0.0) q1 = -q1;
    if (quaternion_dot(q0, q2) < 0.0) q2 = -q2;
    a[1] = q.x * q0 + q.y * q1 + q.z * q2;
#endif
    // As the vertex stage hands them on (glsl_generator.cpp generate_vertex_glsl).
    v_position = a[0];
    v_normquat = a[1];
    v_color = a[2];
    v_texcoord01 = a[3];
    v_texcoord2_w = vec4(a[5].zw, a[4].x, 0.0);
    v_view = vec4(a[4].zw, a[5].x, 0.0);
    v_draw = uint(raster_vertices[vi.x].a[4].y);
#ifdef PICA_GRADIENTS
    // Where a unit that takes gradients samples, its coordinates at the pixel's quad's corners
    // come from this triangle and quad (texture_gradients()).
    g_slot = slot;
    g_vertex = vi;
    g_quad = vec2(pixel & ivec2(~1)) + 0.5;
#endif
    frag_coord = vec4(vec2(pixel) + 0.5, zw, rw);
    frag_depth = zw;
#ifdef PICA_PROBE_FRAGMENT_FLAT
    src = ivec4(round(clamp(v_color, 0.0, 1.0) * 255.0)); // (a measuring probe: no fragment code)
    return true;
#else
    return pica_fragment(src);
#endif
}

// A fragment (fragment_at) at `pixel` through the tests and the colour output, into `color`.
void apply(ivec2 pixel, ivec4 src, inout uint color, inout bool touched) {
    // Vulkan's order: the stencil test (its fail op), the depth test (the depth-fail op), then
    // the pass op and the depth write.
    bool stencil_on = (rc.stencil_ops & 0x80000000u) != 0u;
    if (stencil_on) {
        if (!stencil_read) {
            pixel_stencil = first_stencil = stencil_load(pixel);
            stencil_read = true;
        }
        if (!stencil_passes()) {
            stencil_apply(rc.stencil_ops & 7u);
            return;
        }
    }
    if ((rc.depth_test & 3u) != 0u) {
        if (!depth_read) {
            pixel_depth = first_depth = depth_load(pixel);
            depth_read = true;
        }
        uint q;
        if (!depth_passes(frag_depth, pixel_depth, q)) {
            if (stencil_on) stencil_apply(rc.stencil_ops >> 4 & 7u);
            return;
        }
        if ((rc.depth_test & 0x100u) != 0u) pixel_depth = q;
    }
    if (stencil_on) stencil_apply(rc.stencil_ops >> 8 & 7u);
#ifndef PICA_NO_COLOR_WRITE
#ifdef PICA_LATE_LOADS
    if (!touched) color = imageLoad(color_target, pixel).x;
#else
    if (!touched) color = pixel_color;
#endif
    touched = true;
    color = color_output(src, color);
#endif
}

// The fragment of triangle `slot` at `pixel`, if it covers it, applied to `color`.
void shade(uint slot, ivec2 pixel, inout uint color, inout bool touched) {
#ifdef PICA_PROBE_COVERAGE
    // (A measuring probe: the colour is made of what coverage found, so that nothing is dropped.
    // Not where the draw writes no colour: its target is a stand-in image of one pixel.)
    vec3 q;
    float rw, zw;
    if (!raster_pixel(slot, pixel, q, rw, zw)) return;
    color = packUnorm4x8(vec4(q, zw));
#ifndef PICA_NO_COLOR_WRITE
    touched = true;
#endif
#else
    ivec4 src;
    if (fragment_at(slot, pixel, src)) apply(pixel, src, color, touched);
#endif
}

// Which of the 64 triangles of `chunk` (from triangle 64 * chunk) this tile's bin may meet: the
// binning pass's marks, or every triangle of the chunk for a draw it did not bin.
uvec2 chunk_marks(uint chunk, uint bin) {
    if (rc.bins.x != 0u) {
        uint at = kBinsHeader + (chunk * rc.bins.y + bin) * 2u;
        return uvec2(raster_bins[at], raster_bins[at + 1u]);
    }
    uint left = rc.draw.z - chunk * kChunk; // at least 1
    return uvec2(left >= 32u ? 0xFFFFFFFFu : (1u << left) - 1u,
                 left >= 64u ? 0xFFFFFFFFu : left > 32u ? (1u << (left - 32u)) - 1u : 0u);
}

// The position of the k-th (from 0) set bit of `w`, which has more than k.
uint nth_set_bit(uint w, uint k) {
    uint at = 0u;
    for (int width = 16; width > 0; width >>= 1) {
        uint low = uint(bitCount(bitfieldExtract(w, int(at), width)));
        if (k >= low) {
            k -= low;
            at += uint(width);
        }
    }
    return at;
}

#if defined(PICA_HIDING) && !defined(PICA_PROBE_COVERAGE)
// For an ordering depth test with writes (compare functions 4-7), the most extreme converted
// depth the round's triangles can write at any pixel of the tile, on the side the test moves the
// stored depth to (t_depth_extreme[turn]; shade_hits): a triangle of one depth (its plane's
// steps exactly 0: every fragment's depth is exactly the plane's constant, converted as
// depth_passes converts it; a 2D draw's sprites) gives that depth, any other the format's
// extreme. A fragment passing the most extreme passes whatever the fragments before it left.
shared uint t_depth_extreme[2];
void depth_extreme(uint slot, uint turn) {
    bool largest = (rc.depth_test >> 4 & 7u) >= 6u; // GREATER, GEQUAL: the stored depth grows
    bool one_depth = true;
#ifdef PICA_UNCUT
    one_depth = (t_flags[slot] & kClipped) == 0u;
#endif
    vec3 p = one_depth ? t_zw[slot] : vec3(1.0);
    one_depth = one_depth && p.x == 0.0 && p.y == 0.0 && !pica_nan(p.z);
    uint q = one_depth ? depth_converted(p.z) : largest ? depth_max() : 0u;
    if (largest) atomicMax(t_depth_extreme[turn], q);
    else atomicMin(t_depth_extreme[turn], q);
}
// The set bits of 64-bit mask `m` from bit `from` on (any from: 64 and past, none), and below
// bit `to`.
uvec2 bits_from(uvec2 m, uint from) {
    if (from >= 64u) return uvec2(0u);
    return from >= 32u ? uvec2(0u, m.y & 0xFFFFFFFFu << (from - 32u))
                       : uvec2(m.x & 0xFFFFFFFFu << from, m.y);
}
uvec2 bits_below(uvec2 m, uint to) {
    if (to >= 64u) return m;
    return to >= 32u ? uvec2(m.x, m.y & ~(0xFFFFFFFFu << (to - 32u)))
                     : uvec2(m.x & ~(0xFFFFFFFFu << to), 0u);
}
// The top fragment of a pixel's round where it does not hide (shade_hits), kept for the walk:
// its colour as four bytes, its depth.
shared uint t_kept[PICA_TILE * PICA_TILE];
shared float t_kept_depth[PICA_TILE * PICA_TILE];
#endif

// Every triangle of the round that touches the tile (t_hits[turn]), in order, at `pixel`.
void shade_hits(uint turn, bool inside, ivec2 pixel, inout uint color, inout bool touched) {
    if (!inside) return;
#ifdef PICA_PROBE_SETUP
    // (A measuring probe: the round's marks, no pixel walking its triangles.)
    color ^= t_hits[turn][0] ^ t_hits[turn][1];
#ifndef PICA_NO_COLOR_WRITE
    touched = true; // (not where the target is a stand-in image of one pixel)
#endif
    return;
#endif
#if defined(PICA_HIDING) && !defined(PICA_PROBE_COVERAGE)
    // Fragments that hide what is under them: their colour output does not read the pixel
    // (pica_hides), and their depth test passes whatever the fragments before them did (no
    // depth test; ALWAYS; or an ordering one - citro2d's GEQUAL - against the pixel's depth
    // before the round and, where depth is written, the most extreme depth the round's
    // triangles can write: t_depth_extreme). No stencil test. A pixel first looks for the last such
    // fragment among its round's last kHideSearch triangles, from the last down. If one hides,
    // the pixel takes it and walks only the triangles after it (a sprite screen's pixel under
    // 8 to 16 sprites shaded them all, where an opaque texel near the top decides it); the top
    // fragment, where it does not hide, is kept, and the walk takes it at its turn rather than
    // shade it again (a single translucent layer costs no more than before). One loop, one call
    // of the fragment code, whichever way a pixel walks (the pixels of a warp searching and
    // walking run it together).
    bool depth_on = (rc.depth_test & 3u) != 0u;
    uint depth_fn = rc.depth_test >> 4 & 7u;
    bool depth_writes = depth_on && (rc.depth_test & 0x100u) != 0u && depth_fn != 1u;
    bool hiding = (rc.stencil_ops & 0x80000000u) == 0u &&
                  (!depth_on || depth_fn == 1u || depth_fn >= 4u);
#ifdef PICA_FRAGMENT_DEPTH
    // (The fragment code sets the depth: the earlier fragments' depths are not their planes'.)
    hiding = hiding && !depth_writes;
#endif
    // Where depth is written, a round with a triangle of more than one depth has the format's
    // extreme (depth_extreme), which no fragment can be sure to pass: no search.
    if (depth_writes)
        hiding = hiding && t_depth_extreme[turn] != (depth_fn >= 6u ? depth_max() : 0u);
    // Cursors into the round's marks (read again from shared memory at each step: nothing of
    // them is live across the fragment code, whose registers are the shader's bound), in one
    // word for the same reason: bits 0-6, the walk takes the marks from there on; 8-14, the
    // search those below there; 16-22, the top fragment's slot where it does not hide
    // (t_kept; 64: none); 24-31, the search's triangles left.
    uint cursor = 64u << 8 | 64u << 16 | (hiding ? kHideSearch : 0u) << 24;
    uint here = gl_LocalInvocationIndex;
    for (;;) {
        uvec2 marks = uvec2(t_hits[turn][0], t_hits[turn][1]);
        bool back = (cursor >> 24) != 0u;
        uvec2 m = back ? bits_below(marks, cursor >> 8 & 127u) : bits_from(marks, cursor & 127u);
        if (m == uvec2(0u)) {
            if (!back) break;
            cursor &= 0xFFFFFFu; // none hides: the walk from the first
            continue;
        }
        uint slot = back ? (m.y != 0u ? 32u + uint(findMSB(m.y)) : uint(findMSB(m.x)))
                         : (m.x != 0u ? uint(findLSB(m.x)) : 32u + uint(findLSB(m.y)));
        cursor = back ? bitfieldInsert(cursor, slot, 8, 8) - (1u << 24)
                      : bitfieldInsert(cursor, slot + 1u, 0, 8);
        uint kept = cursor >> 16 & 127u;
        ivec4 src;
        bool covered;
        if (slot == kept && !back) {
            src = ivec4((uvec4(t_kept[here]) >> uvec4(0u, 8u, 16u, 24u)) & 0xFFu);
            frag_depth = t_kept_depth[here];
            covered = true;
        } else {
            covered = fragment_at(slot, pixel, src);
        }
        if (!back) {
            if (covered) apply(pixel, src, color, touched);
            continue;
        }
        if (!covered) continue; // past it, down to the next one
        bool hides = pica_hides(src);
        uint q = 0u;
        if (hides && depth_on) {
            if (!depth_read) {
                pixel_depth = first_depth = depth_load(pixel);
                depth_read = true;
            }
            bool passes = depth_passes(frag_depth, pixel_depth, q) &&
                          (!depth_writes || compare(depth_fn, q, t_depth_extreme[turn]));
            // (Not sure to pass: those below, at other depths, are as unlikely to; the search
            // ends.)
            if (!passes) cursor &= 0xFFFFFFu;
            hides = passes;
        }
        if (!hides) {
            // The top fragment is kept for the walk; the search goes on below it.
            if (kept == 64u) {
                cursor = bitfieldInsert(cursor, slot, 16, 8);
                t_kept[here] =
                    uint(src.r) | uint(src.g) << 8 | uint(src.b) << 16 | uint(src.a) << 24;
                t_kept_depth[here] = frag_depth;
            }
            continue;
        }
        // It hides every fragment before it: its colour (and depth), then the triangles after
        // it.
        if (depth_on && (rc.depth_test & 0x100u) != 0u) pixel_depth = q;
        color = color_output(src, color);
        touched = true;
        cursor = bitfieldInsert(cursor & 0xFFFFFFu, slot + 1u, 0, 8);
    }
#else
    for (uint half_mask = 0u; half_mask < 2u; ++half_mask) {
        uint m = t_hits[turn][half_mask];
        while (m != 0u) {
            uint i = uint(findLSB(m));
            m &= m - 1u;
            shade(half_mask * 32u + i, pixel, color, touched);
        }
    }
#endif
}

// A workgroup draws a tile of PICA_TILE x PICA_TILE pixels (16x16), one an invocation; a bin is
// PICA_BIN_TILES x PICA_BIN_TILES tiles (32 pixels). Each round's set-up is the first 64
// invocations' (kChunk), the other pixels' wait at its barriers. With tiles of 8x8 the tiles'
// set-up took half of craftus's raster pass on an H200 and a quarter of gpusprites', mostly
// latency (a cube's 12 triangles cost cubemap as much); tiles of 16x16, a set-up serving four
// times the pixels, made every stage faster, the pass 2.2 to 2.7 times.
layout(local_size_x = PICA_TILE, local_size_y = PICA_TILE) in;
void main() {
    // Binned, the dispatch covers only the bins its triangles mark (dispatched indirectly from
    // the binning pass's header): its first workgroup is the first marked bin's first tile.
    uvec2 group = gl_WorkGroupID.xy;
    if (rc.bins.x != 0u) {
        group += uvec2(~raster_bins[0], ~raster_bins[1]) * PICA_BIN_TILES;
        // Past the bins (a dispatch the header did not size: none is, but a device without
        // robust buffer access must never read masks past the buffer): the whole workgroup
        // leaves before its first barrier.
        if (group.x / PICA_BIN_TILES >= rc.bins.x ||
            group.y / PICA_BIN_TILES >= rc.bins.y / rc.bins.x)
            return;
    }
    ivec2 corner = rc.area.xy + ivec2(group) * PICA_TILE;
    ivec2 pixel = corner + ivec2(gl_LocalInvocationID.xy);
    bool inside = all(lessThan(pixel, rc.area.zw));
#ifdef PICA_PROBE_EMPTY
    return; // (a measuring probe: the workgroups launched, nothing done)
#endif
    ivec4 tile = ivec4(corner, min(corner + PICA_TILE, rc.area.zw));
    uint slot = gl_LocalInvocationIndex;
    uint color = 0u;
    bool touched = false;
#ifndef PICA_LATE_LOADS
    // What the pixel's fragments will read, read now: the loads' latency passes during the
    // set-up and its barriers rather than at the first fragment (a tile of a draw with a few
    // large triangles was a chain of latencies: set-up, barrier, then these, the attributes and
    // the textures). Pixels no fragment covers read for nothing: 2 to 9 bytes each. (A colour
    // the output does not read - no blending, every channel written - is not loaded at all.)
    // Not an unbinned draw's triangles' indices and positions as well: read here and kept
    // across the barriers, they took 16 more registers an invocation (RADV: 64 -> 80) in every
    // draw's shader, for a draw kind whose set-up is one round.
    if (inside) {
#ifndef PICA_NO_COLOR_WRITE
        pixel_color = imageLoad(color_target, pixel).x;
#endif
        if ((rc.stencil_ops & 0x80000000u) != 0u) {
            pixel_stencil = first_stencil = stencil_load(pixel);
            stencil_read = true;
        }
        if ((rc.depth_test & 3u) != 0u) {
            pixel_depth = first_depth = depth_load(pixel);
            depth_read = true;
        }
    }
#endif
    if (slot < 4u) t_hits[slot >> 1][slot & 1u] = 0u;
#if defined(PICA_HIDING) && !defined(PICA_PROBE_COVERAGE)
    if (slot < 2u) t_depth_extreme[slot] = (rc.depth_test >> 4 & 7u) >= 6u ? 0u : ~0u;
#endif
    uint bin = (group.y / PICA_BIN_TILES) * rc.bins.x + group.x / PICA_BIN_TILES;
    uint turn = 0u;
    // Rounds of up to 64 marked triangles, gathered from as many whole chunks as fit (a chunk
    // that marks nothing here fits any round): the masks are read 64 chunks at a time, one per
    // invocation, into shared memory, and each round sets its triangles up at once, one per
    // invocation. A sprite screen's tile meets a few triangles in each of many chunks: one round
    // and one parallel read, where a chunk at a time took a global read, two barriers and a
    // set-up one after another for each.
    uint chunks = (rc.draw.z + kChunk - 1u) / kChunk;
    uint window = 0u, window_end = 0u; // the chunks whose masks t_chunk_marks holds
    for (uint next = 0u; next < chunks;) {
        if (next >= window_end) {
            barrier(); // nobody reads the last window any more
            window = next;
            window_end = min(window + kChunk, chunks);
            if (slot < kChunk)
                t_chunk_marks[slot] =
                    window + slot < chunks ? chunk_marks(window + slot, bin) : uvec2(0u);
            barrier();
        }
        // This round: whole chunks from `next` while their marks fit 64 slots.
        uint round_first = next, total = 0u;
        for (; next < window_end; ++next) {
            uvec2 m = t_chunk_marks[next - window];
            uint n = uint(bitCount(m.x) + bitCount(m.y));
            if (total + n > kChunk) break;
            total += n;
        }
        if (total == 0u) continue; // nothing here in the whole window
        barrier(); // the last round's triangles are shaded
        if (slot < 2u) t_hits[turn ^ 1u][slot] = 0u; // the next round's: read by none now
#if defined(PICA_HIDING) && !defined(PICA_PROBE_COVERAGE)
        if (slot == 2u) t_depth_extreme[turn ^ 1u] = (rc.depth_test >> 4 & 7u) >= 6u ? 0u : ~0u;
#endif
        if (slot < total) {
            // This invocation's triangle: the round's slot-th mark, in primitive order.
            uint c = round_first, k = slot;
            uvec2 m = t_chunk_marks[c - window];
            for (uint n = uint(bitCount(m.x) + bitCount(m.y)); k >= n;
                 n = uint(bitCount(m.x) + bitCount(m.y))) {
                k -= n;
                m = t_chunk_marks[++c - window];
            }
            uint low = uint(bitCount(m.x));
            uint bit = k < low ? nth_set_bit(m.x, k) : 32u + nth_set_bit(m.y, k - low);
            if (setup(c * kChunk + bit, slot, tile)) {
                atomicOr(t_hits[turn][slot >> 5], 1u << (slot & 31u));
#if defined(PICA_HIDING) && !defined(PICA_PROBE_COVERAGE)
                if ((rc.depth_test & 0x100u) != 0u) depth_extreme(slot, turn);
#endif
            }
        }
        barrier();
        shade_hits(turn, inside, pixel, color, touched);
        turn ^= 1u;
    }
    if (touched) imageStore(color_target, pixel, uvec4(color));
    if (depth_read && pixel_depth != first_depth) depth_store(pixel);
    if (stencil_read && pixel_stencil != first_stencil) stencil_store(pixel);
}
)";

// The level of detail as a fragment shader's implicit derivatives give it: the differences of
// a unit's coordinates across the pixel's 2x2 quad (coarse: from its top-left pixel to the one
// right of it and the one below), the attributes interpolated at those pixels' centres from
// the triangle's planes (inside it or not, as a quad's helper pixels are). shade() sets the
// attributes; each unit's coordinates are texture_coordinates()'s expression evaluated there.
//
// A unit's coordinates at the quad's corners are found where it samples (pica_corner()), and only
// if it takes gradients: the same weights and interpolation as before, made once for each unit
// that takes gradients (two such units make them twice). Until 2026-11-30 every fragment found
// all three corners' attributes once, before its code (24 floats live across all of it, even
// where each unit read one level): the lit and cube-map shaders then took 76-80 registers on the
// H200, past the 64 its compiler otherwise keeps to (RADV: 72 against 56). Found where they are
// used: normal_mapping_3d's shader (two units with gradients) 64 registers, its raster pass 4.5%
// faster, no trace slower (docs/research/compute_raster.md).
constexpr const char* kGradientCorners = R"(
// The fragment's triangle and its pixel's quad's top-left pixel centre (shade()).
uint g_slot;
uvec3 g_vertex;
vec2 g_quad;
vec3 perspective_weights(uint slot, vec2 at);
// The attributes texture coordinates come from at corner q of the quad (0: its top-left pixel,
// 1: the one right of it, 2: the one below), inside the triangle or not.
void pica_corner(uint q, out vec4 texcoord01, out vec4 texcoord2_w) {
    vec3 pq = perspective_weights(g_slot, g_quad + vec2(q == 1u ? 1.0 : 0.0, q == 2u ? 1.0 : 0.0));
    texcoord01 = interpolated(g_vertex, pq, 3);
    vec4 a4 = interpolated(g_vertex, pq, 4), a5 = interpolated(g_vertex, pq, 5);
    texcoord2_w = vec4(a5.zw, a4.x, 0.0); // as shade() sets v_texcoord2_w
}
)";
std::string texture_gradients(const FragmentConfig& c) {
    std::string o;
    unsigned units = 0;
    for (unsigned i = 0; i < 3; ++i)
        if (sampled_unit(c, i)) units |= 1u << i;
    for (unsigned i = 0; i < 3; ++i) {
        if (!sampled_unit(c, i)) continue;
        if (o.empty())
            o = "#define PICA_GRADIENTS 1\n#define PICA_GRADIENT_UNITS " + std::to_string(units) +
                "u\n" + kGradientCorners;
        const std::string n = std::to_string(i);
        const bool cube = i == 0 && c.texture0_type == 1, proj = i == 0 && c.texture0_type == 3;
        const std::string type = cube || proj ? "vec3" : "vec2";
        o += type + " pica_coord_unit" + n +
             "(uint q) {\n"
             "    vec4 v_texcoord01, v_texcoord2_w;\n"
             "    pica_corner(q, v_texcoord01, v_texcoord2_w);\n"
             "    return " +
             fragment::texture_coordinates(c, i) + ";\n}\n";
        const std::string a = "pica_coord_unit" + n + "(0u)", x = "pica_coord_unit" + n + "(1u)",
                          y = "pica_coord_unit" + n + "(2u)";
        // One level with one filter (ComputeRasterConstants::lod_free): level 0, as any
        // gradients would give it.
        const std::string lod_free = "    if ((rc.lod_free & " + std::to_string(1u << i) +
                                     "u) != 0u) return " +
                                     (proj ? "textureProjLod" : "textureLod") + "(s, p, 0.0);\n";
        if (proj)
            o += "vec4 pica_texture_unit0(sampler2D s, vec3 p) {\n" + lod_free +
                 "    vec3 a = " + a + ", x = " + x + ", y = " + y +
                 ";\n"
                 "    return textureProjGrad(s, p, x.xy / x.z - a.xy / a.z, "
                 "y.xy / y.z - a.xy / a.z);\n}\n";
        else
            o += "vec4 pica_texture_unit" + n + "(" + (cube ? "samplerCube" : "sampler2D") +
                 " s, " + type + " p) {\n" + lod_free + "    " + type + " a = " + a +
                 ";\n    return textureGrad(s, p, " + x + " - a, " + y + " - a);\n}\n";
    }
    return o;
}

constexpr const char* kBin = R"(
layout(set = 1, binding = 4, std430) coherent buffer RasterBins {
    uint raster_bins[];
};
layout(set = 1, binding = 4, std430) writeonly buffer RasterSetups {
    uvec4 raster_setups[]; // the same buffer: each triangle's set-up record (setup_record())
};
// This workgroup's marked bins (as the header holds them), gathered before one set of atomics.
shared uint g_bounds[4];
// Its triangles' marked bins, by draw number (added to the header's count once).
shared uint g_marks[64];
// Each of its triangles' bins (first column, first row, columns; no columns: none), and the
// running count of their bins (inclusive, in triangle order): the workgroup marks them together.
shared uvec3 g_rect[64];
shared uint g_count[2][64];

#ifndef PICA_NO_KEPT_BOUNDS
// A triangle reaching behind the eye: the window bounds of the part the raster pass can draw.
// It draws a pixel only where w is positive and z / w within [0, 1] (raster_pixel: z as the
// vertex stage negated it), so only the triangle cut at the planes z = 0 and z = w - a convex
// polygon whose corners are the vertices inside both planes and the points where an edge
// crosses one plane inside the other. It projects without bound where it reaches w = 0: where
// a corner has w <= 0, or where the two planes' common line (z = w = 0) crosses the triangle
// (a corner no edge makes); false there. Before, every such triangle marked every bin of the
// dispatch and was set up in every tile of it: a game's floor reaching under the camera (three
// draws a frame in craftus) crosses the lower half of the screen, not all of it.
void add_kept_corner(vec4 c, inout vec2 lo, inout vec2 hi, inout bool bounded) {
    if (!(c.w > 0.0)) bounded = false;
    vec2 win = raster_window(c);
    lo = min(lo, win);
    hi = max(hi, win);
}
bool kept_window_bounds(vec4 c0, vec4 c1, vec4 c2, out vec2 lo, out vec2 hi) {
    // The common line crosses the triangle where a point of it (weights summing to 1) has
    // z = w = 0 and no negative weight: Cramer's rule, each weight's numerator over their sum.
    vec3 n = vec3(c1.z * c2.w - c2.z * c1.w, c2.z * c0.w - c0.z * c2.w, c0.z * c1.w - c1.z * c0.w);
    float slack = 1e-5 * (abs(n.x) + abs(n.y) + abs(n.z)); // rounding: take a near miss as a hit
    if (all(greaterThanEqual(n, vec3(-slack))) || all(lessThanEqual(n, vec3(slack))))
        return false;
    lo = vec2(3.0e38);
    hi = vec2(-3.0e38);
    bool bounded = true;
    vec4 c[3] = vec4[3](c0, c1, c2);
    for (int k = 0; k < 3; ++k) {
        vec4 a = c[k], b = c[k == 2 ? 0 : k + 1];
        vec2 da = vec2(a.z, a.w - a.z), db = vec2(b.z, b.w - b.z); // inside: both >= 0
        if (da.x >= 0.0 && da.y >= 0.0) add_kept_corner(a, lo, hi, bounded);
        for (int p = 0; p < 2; ++p) {
            if ((da[p] < 0.0) == (db[p] < 0.0)) continue;
            vec4 x = mix(a, b, da[p] / (da[p] - db[p]));
            // Inside the other plane, or rounded just outside it: a corner taken too many only
            // widens the bounds.
            float other = p == 0 ? x.w - x.z : x.z;
            if (other >= -1e-5 * (abs(x.z) + abs(x.w))) add_kept_corner(x, lo, hi, bounded);
        }
    }
    return bounded && !pica_nan(lo) && !pica_nan(hi);
}
#endif

#ifndef PICA_NO_CLIPPED_RECORDS
// The homogeneous set-up `s` into record `at` (read_clipped_record, the raster pass's).
void write_clipped_record(uint at, ClippedSetup s) {
    raster_setups[at + 1u] = uvec4(s.p0, s.p1);
    raster_setups[at + 2u] = uvec4(uvec2(s.p2), s.flags, floatBitsToUint(s.inv_area));
    raster_setups[at + 3u] = floatBitsToUint(vec4(s.h0, s.h1.x));
    raster_setups[at + 4u] = floatBitsToUint(vec4(s.h1.yz, s.h2.xy));
    raster_setups[at + 5u] = floatBitsToUint(vec4(s.h2.z, s.zd));
    raster_setups[at + 6u] = floatBitsToUint(s.bounds);
}
#endif

// Triangle t, snapped once (triangle_snap, as the raster pass's tiles snap it) and set up once:
// the pixels it may cover, [lo, hi) (none: lo not below hi, as for a triangle culled or
// degenerate, which the record says the raster pass draws nowhere); its draw number (the first
// vertex's, as the raster pass takes it); and its set-up record, which the raster pass's tiles
// read: what it takes (kSetup*) and its indices, then the exact way's snapped positions, first
// window position and planes, or the homogeneous way's ClippedSetup.
void triangle_pixels(uint t, out ivec2 lo, out ivec2 hi, out uint draw) {
    uvec3 iv;
    vec4 c0, c1, c2;
    vec2 w0, w1, w2;
    ivec2 p0, p1, p2;
    uint state = triangle_snap(t, iv, c0, c1, c2, w0, w1, w2, p0, p1, p2);
    draw = uint(raster_vertices[iv.x].a[4].y) & 63u;
    lo = ivec2(0);
    hi = ivec2(0);
    if (state == kSetupExact && !triangle_orient(p0, iv, c1, c2, w1, w2, p1, p2))
        state = kSetupNone;
#ifndef PICA_NO_CLIPPED_RECORDS
    ClippedSetup clipped;
    if (state == kSetupHomogeneous && !clipped_setup(c0, c1, c2, clipped)) state = kSetupNone;
#endif
    if (state == kSetupExact) {
        // The pixels whose centres the snapped bounds hold, a pixel wider each way.
        int half_one = (1 << rc.subpixel_bits) >> 1;
        lo = max(rc.area.xy, ((min(p0, min(p1, p2)) - half_one) >> int(rc.subpixel_bits)) - 1);
        hi = min(rc.area.zw, ((max(p0, max(p1, p2)) - half_one) >> int(rc.subpixel_bits)) + 2);
    } else if (state == kSetupHomogeneous) {
        lo = rc.area.xy; // reaching behind the eye, or a window position NaN: anywhere
        hi = rc.area.zw;
        vec2 wlo = min(w0, min(w1, w2)), whi = max(w0, max(w1, w2));
        bool in_front = c0.w > 0.0 && c1.w > 0.0 && c2.w > 0.0;
#ifndef PICA_NO_KEPT_BOUNDS
        // Behind the eye: the part the depth range keeps, with room for the rounding of its
        // corners (their window positions come from cut points, not from snapped vertices).
        if (!in_front && kept_window_bounds(c0, c1, c2, wlo, whi)) {
            vec2 room = 2.0 + (abs(wlo) + abs(whi)) * (1.0 / 4096.0);
            wlo -= room;
            whi += room;
            in_front = true;
        }
#endif
        if (in_front && !pica_nan(wlo) && !pica_nan(whi)) {
            // Past the snapped range (set up the homogeneous way): its window bounds.
            wlo = clamp(floor(wlo) - 1.0, vec2(rc.area.xy), vec2(rc.area.zw));
            whi = clamp(ceil(whi) + 2.0, vec2(rc.area.xy), vec2(rc.area.zw));
            lo = ivec2(wlo);
            hi = ivec2(whi);
        }
    }
    if (gl_WorkGroupID.y != 0u) return; // (one copy writes them)
    uint at = setup_record(t);
    raster_setups[at] = uvec4(state, iv);
#ifndef PICA_NO_CLIPPED_RECORDS
    if (state == kSetupHomogeneous) write_clipped_record(at, clipped);
#endif
    if (state != kSetupExact) return;
    TrianglePlanes p = triangle_planes(c0, c1, c2, w0, w1, w2);
    raster_setups[at + 1u] = uvec4(p0, p1);
    raster_setups[at + 2u] = uvec4(uvec2(p2), floatBitsToUint(p.o));
    raster_setups[at + 3u] = floatBitsToUint(vec4(p.q0, p.q1.x));
    raster_setups[at + 4u] = floatBitsToUint(vec4(p.q1.y, p.q2, p.zd.x));
    raster_setups[at + 5u] = floatBitsToUint(vec4(p.zd.yz, p.zw.xy));
    raster_setups[at + 6u] = uvec4(floatBitsToUint(p.zw.z), 0u, 0u, 0u);
}

// Workgroup (x, y) takes triangles 64x to 64x + 63: every y finds their bins, and each marks its
// share of them (a draw of few workgroups has copies, so that thousands of invocations mark a
// few large triangles' bins); y = 0 alone adds their counts and bounds to the header.
layout(local_size_x = 64) in;
void main() {
    uint t = gl_WorkGroupID.x * 64u + gl_LocalInvocationIndex;
    bool first_copy = gl_WorkGroupID.y == 0u;
    if (gl_LocalInvocationIndex < 4u) g_bounds[gl_LocalInvocationIndex] = 0u;
    g_marks[gl_LocalInvocationIndex] = 0u;
    barrier();
    ivec2 lo = ivec2(0), hi = ivec2(0);
    uint draw = 0u;
    if (t < rc.draw.z) triangle_pixels(t, lo, hi, draw);
    uint k = gl_LocalInvocationIndex;
    g_rect[k] = uvec3(0u);
    g_count[0][k] = 0u;
    if (all(lessThan(lo, hi))) {
        // The bins of those pixels (bins of 32x32 pixels from the area's origin).
        uvec2 b0 = uvec2(lo - rc.area.xy) / 32u, b1 = uvec2(hi - 1 - rc.area.xy) / 32u;
        g_rect[k] = uvec3(b0, b1.x - b0.x + 1u);
        g_count[0][k] = (b1.x - b0.x + 1u) * (b1.y - b0.y + 1u);
        if (first_copy) {
            atomicMax(g_bounds[0], ~b0.x);
            atomicMax(g_bounds[1], ~b0.y);
            atomicMax(g_bounds[2], b1.x + 1u);
            atomicMax(g_bounds[3], b1.y + 1u);
            // (No sum wraps: the host's budget keeps a host draw's marks below 2^30.)
            atomicAdd(g_marks[draw], g_count[0][k]);
        }
    }
    // The running count (a scan over the 64 triangles, doubling the stride each step).
    uint from = 0u;
    for (uint stride = 1u; stride < 64u; stride *= 2u) {
        barrier();
        uint sum = g_count[from][k] + (k >= stride ? g_count[from][k - stride] : 0u);
        g_count[from ^ 1u][k] = sum;
        from ^= 1u;
    }
    barrier();
    // Every (triangle, bin) pair of the workgroup, spread over its invocations: a triangle
    // over the whole target marks thousands of bins (6,000 at scale 8), which one invocation
    // marked alone in 0.18 ms on an H200.
    uint base = kBinsHeader + gl_WorkGroupID.x * rc.bins.y * 2u;
    uint total = g_count[from][63];
    uint every = 64u * gl_NumWorkGroups.y;
    for (uint j = k + 64u * gl_WorkGroupID.y; j < total; j += every) {
        // The triangle whose bins j is among: the first whose running count passes j.
        uint a = 0u, b = 63u;
        while (a < b) {
            uint mid = (a + b) / 2u;
            if (g_count[from][mid] > j) b = mid;
            else a = mid + 1u;
        }
        uvec3 r = g_rect[a];
        uint n = j - (a > 0u ? g_count[from][a - 1u] : 0u);
        uint x = r.x + n % r.z, y = r.y + n / r.z;
        atomicOr(raster_bins[base + (a >> 5) + (y * rc.bins.x + x) * 2u], 1u << (a & 31u));
    }
    uint marks = g_marks[gl_LocalInvocationIndex];
    if (marks != 0u && first_copy)
        atomicAdd(raster_bins[kBinsMarks + gl_LocalInvocationIndex], marks);
    if (gl_LocalInvocationIndex != 0u) return;
    if (g_bounds[2] != 0u)
        for (uint k = 0u; k < 4u; ++k)
            atomicMax(raster_bins[k], g_bounds[k]);
    // The last workgroup to finish sizes the raster pass: the marked bins' tiles, within the
    // dispatch's rectangle (none marked: no workgroup).
    memoryBarrierBuffer();
    if (atomicAdd(raster_bins[4], 1u) != gl_NumWorkGroups.x * gl_NumWorkGroups.y - 1u) return;
    memoryBarrierBuffer();
    uvec4 b = uvec4(atomicOr(raster_bins[0], 0u), atomicOr(raster_bins[1], 0u),
                    atomicOr(raster_bins[2], 0u), atomicOr(raster_bins[3], 0u));
    uvec2 groups = (uvec2(rc.area.zw - rc.area.xy) + uint(PICA_TILE) - 1u) / uint(PICA_TILE);
    uvec2 first = uvec2(~b.x, ~b.y) * PICA_BIN_TILES, end = min(b.zw * PICA_BIN_TILES, groups);
    bool any_marked = b.z != 0u && all(lessThan(first, end));
    raster_bins[5] = any_marked ? end.x - first.x : 0u;
    raster_bins[6] = any_marked ? end.y - first.y : 0u;
    raster_bins[7] = 1u;
}
)";

} // namespace

std::uint64_t hash(const ComputeRasterKey& k) {
    return XXH3_64bits(&k, sizeof k);
}

bool compute_raster_writes_color(const ColorOutput& output) {
    std::uint32_t all = 0;
    return written_bits(output, all) != 0;
}

ComputeRasterGap compute_raster_gap(const FragmentConfig& c) {
    // The procedural texture with filters 0 and 1 reads LUT level 0 only (proctex.md 2.8): its
    // footprint, the one derivative the fragment code takes, goes unused.
    if (c.proctex.enabled && c.proctex.filter > 1) return ComputeRasterGap::ProcTexFilter;
    if (c.shadow_write) return ComputeRasterGap::ShadowWrite;
    if (c.gas_write) return ComputeRasterGap::GasWrite;
    if (c.logic_op_emulated) return ComputeRasterGap::LogicOp;
    return ComputeRasterGap::None;
}

bool compute_raster_covers(const FragmentConfig& c) {
    return compute_raster_gap(c) == ComputeRasterGap::None;
}

namespace {
// The tile both shaders size their work by (kComputeRasterLargeTile): its side in pixels, and
// the tiles across a bin of 32 pixels.
std::string tile_defines() {
    return "#define PICA_TILE " + std::to_string(kComputeRasterLargeTile) +
           "\n#define PICA_BIN_TILES " + std::to_string(32 / kComputeRasterLargeTile) + "u\n";
}
} // namespace

std::string generate_compute_raster_glsl(const ComputeRasterKey& key) {
    return generate_compute_raster_glsl(key.fragment, key.output, key.uncut != 0,
                                        key.late_loads != 0, static_cast<RasterProbe>(key.probe),
                                        key.no_clipped_tile_test == 0, key.no_clipped_records == 0,
                                        key.no_hiding == 0);
}

std::string generate_compute_raster_glsl(const FragmentConfig& c, const ColorOutput& output,
                                         bool uncut, bool late_loads, RasterProbe probe,
                                         bool clipped_tile_test, bool clipped_records,
                                         bool hiding) {
    // The shader's literals for the push constants' flags.
    static_assert(kComputeDepth16 == 1 && kComputeDepth24 == 2 && kComputeDepthWrite == 0x100 &&
                  kComputeStencilTest == 0x80000000u);
    if (!compute_raster_covers(c))
        throw std::invalid_argument("the compute rasteriser does not cover this configuration");
    std::string o = "#version 450\n"
                    "#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require\n";
    if (uncut) o += "#define PICA_UNCUT 1\n";
    if (late_loads) o += "#define PICA_LATE_LOADS 1\n";
    if (!clipped_tile_test) o += "#define PICA_NO_CLIPPED_TILE_TEST 1\n";
    if (!clipped_records) o += "#define PICA_NO_CLIPPED_RECORDS 1\n";
    o += tile_defines();
    if (probe == RasterProbe::FragmentFlat) o += "#define PICA_PROBE_FRAGMENT_FLAT 1\n";
    if (probe == RasterProbe::Coverage) o += "#define PICA_PROBE_COVERAGE 1\n";
    if (probe == RasterProbe::Empty) o += "#define PICA_PROBE_EMPTY 1\n";
    if (probe == RasterProbe::Setup) o += "#define PICA_PROBE_SETUP 1\n";
    const bool r16 = output.target && compute_raster_writes_color(output);
    o += std::string("#define PICA_TARGET_FORMAT ") + (r16 ? "r16ui" : "r32ui") + "\n";
    // Colour writes off (compute_raster_writes_color): the target is neither read nor written.
    if (!compute_raster_writes_color(output)) o += "#define PICA_NO_COLOR_WRITE 1\n";
    // Only uncut shaders take vertices the pre-pass shaded (vk rasterizer_compute.cpp).
    if (uncut && c.lighting.enabled) o += "#define PICA_QUATERNION_FLIP 1\n";
    o += kFragmentInputs;
    o += kResources;
    o += fragment_uniforms_glsl();
    const std::string declarations = fragment_declarations(c);
    if (declarations.find("discard;") != std::string::npos)
        throw std::logic_error("a fragment function discards; the compute shader cannot");
    const std::string body = fragment_main_body(c);
    o += texture_gradients(c);
    o += as_compute(declarations, c);
    // The fragment shader's main() as a function: false where it would discard.
    o += "bool pica_fragment(out ivec4 fragment_color) {\n";
    // (A 16-bit image's packing drops the low bits itself: narrowing first would do it twice.
    // An RGBA8 image standing in for one needs it.)
    const std::string narrow = output.target == 0 ? fragment::narrow_color(c) : std::string();
    const std::string fragment_code = replace_all(
        as_compute(body + fragment::apply_fog(c) + narrow, c), "discard;", "return false;");
    o += fragment_code;
    o += "    fragment_color = previous;\n    return true;\n}\n";
    o += color_output(output);
    // Fragments that hide the pixel (shade_hits), where the configuration has any: searched for
    // among the last kHideSearch triangles of a round (lavapipe, gpusprites' raster pass at
    // scale 2: 289 ms searching 2, 243 ms 4, 223 ms 8, 221 ms 16, 225 ms all 64; 310 none).
    // Not in lit configurations: their lighting code holds the most registers of any, which
    // bound the workgroups a core keeps (RADV: normal_mapping_3d's shader 64 -> 72 VGPRs with
    // the search), and their draws - 3D geometry at sloped depths, written - never hide.
    if (const std::string hides = hides_condition(output);
        !hides.empty() && hiding && !c.lighting.enabled) {
        // (A configuration whose code sets the depth: its fragments' depths are not their
        // planes', which depth_extreme reads.)
        if (fragment_code.find("frag_depth") != std::string::npos)
            o += "#define PICA_FRAGMENT_DEPTH 1\n";
        o += "#define PICA_HIDING 1\nconst uint kHideSearch = 8u;\n"
             "bool pica_hides(ivec4 src) {\n    return " +
             hides + ";\n}\n";
    }
    if (uncut && c.lighting.enabled) o += quaternion_dot_glsl();
    o += kRaster;
    return o;
}

} // namespace picavk::shadergen

namespace picavk::shadergen {

std::string generate_compute_bin_glsl(bool kept_bounds, bool clipped_records) {
    // The shaders' own literals: bins of 32 pixels (4x4 small tiles, PICA_BIN_TILES), 64
    // triangles a chunk.
    static_assert(kComputeRasterTile == 8 && kComputeRasterBinTiles == 4 &&
                      kComputeRasterLargeTile * 2 == kComputeRasterTile * kComputeRasterBinTiles &&
                      kComputeRasterChunk == 64 && kComputeRasterBinsMarks == 8 &&
                      kComputeRasterBinsHeader == 72 && kMaxMergedDraws == 64,
                  "the shaders' constants");
    // (The colour target is not read here: any format.)
    return std::string("#version 450\n"
                       "#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require\n"
                       "#define PICA_TARGET_FORMAT r32ui\n") +
           (kept_bounds ? "" : "#define PICA_NO_KEPT_BOUNDS 1\n") +
           (clipped_records ? "" : "#define PICA_NO_CLIPPED_RECORDS 1\n") + tile_defines() +
           kResources + kBin;
}

} // namespace picavk::shadergen
