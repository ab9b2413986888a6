#include "shadergen/fragment/blocks.h"

// Shadow maps (docs/research/shadow.md; the facts and their sources are collected there):
// texture unit 0 sampled as a shadow texture (types 2 and 4), and the shadow-mode write of
// COLOR_OPERATION mode 3 into the colour buffer.
//
// A shadow texel is an RGBA8 texel holding a 24-bit depth (A << 16 | B << 8 | G) and an 8-bit
// intensity (R) (shadow.md 2). On the host the buffer is an R8G8B8A8 image with R in the lowest
// byte, so one 32-bit word reads depth << 8 | intensity: shadow-mode writes go through an r32ui
// view of that image, sampling reads the texels through the usual RGBA view.
//
// Where the sheet marks a point UNKNOWN, this follows its suggestion, as the reference model
// does (tests/oracle/shadow_model.h): lit when the stored depth >= the reference, one nearest tap
// or 2x2 percentage-closer filtering by the mag filter, wrap modes with the border compared as a
// texel, cube PCF clamped to the face; shadow mode skips alpha test and fog, and a non-positive
// penumbra denominator does not darken.

#include "shadergen/glsl_generator.h"

namespace picavk::shadergen::fragment {

namespace {

bool shadow_texture(const FragmentConfig& c) {
    return (c.texture_units & 1) && (c.texture0_type == 2 || c.texture0_type == 4);
}

} // namespace

std::string shadow_declarations(const FragmentConfig& c) {
    std::string o;
    if (c.shadow_write) {
        // (The extension directive itself follows #version: glsl_generator.cpp.)
        if (c.shadow_write == kStorageWriteInterlock) o += "layout(pixel_interlock_ordered) in;\n";
        o += "layout(set = 0, binding = " + std::to_string(kShadowBufferBinding) +
             ", r32ui) uniform coherent uimage2D shadow_buffer;\n";
    }
    return o;
}

std::string shadow_functions(const FragmentConfig& c) {
    std::string o;
    if (c.shadow_write || shadow_texture(c)) {
        o += R"(
// trunc(x * 0xFFFFFF) for x in [0, 1], exact in float32: x * 2^24 is exact, and trunc(x * 2^24 - x)
// is its integer part less one where its fraction is below x (shadow.md 3.1, 4.1).
uint depth24(float x) {
    x = clamp(x, 0.0, 1.0);
    float scaled = x * 16777216.0;
    float whole = floor(scaled);
    return uint(whole) - (scaled - whole < x ? 1u : 0u);
}
)";
    }
    if (c.shadow_write) {
        o += R"(
// The shadow-mode update of one stored texel (depth << 8 | intensity) by a fragment with 24-bit
// depth d and intensity s, the green of the last stage (shadow.md 3.2): nothing unless d is less
// than the stored depth; s = 0 writes the depth; otherwise the intensity drops to
// s / (C + L * d / Z) where that is lower (float32; C, L from FRAGOP_SHADOW). A denominator <= 0
// or NaN does not darken (UNKNOWN; the sheet's suggestion).
uint shadow_update(uint stored, uint d, uint s) {
    uint z = stored >> 8;
    if (d >= z) return stored;
    if (s == 0u) return d << 8 | (stored & 255u);
    precise float denominator = u.shadow.x + u.shadow.y * (float(d) / float(z));
    float scaled = denominator > 0.0 ? float(s) / denominator : 255.0;
    return (stored & 0xFFFFFF00u) | min(stored & 255u, uint(clamp(scaled, 0.0, 255.0)));
}
)";
    }
    if (!shadow_texture(c)) return o;
    const bool cube = c.texture0_type == 4;
    static_assert(kShadowSamplerWrapS == 0 && kShadowSamplerWrapT == 2);
    // Texel (s, t) counts t from v = 0, the bottom row: host images hold memory row 0, the top.
    const std::string fetch = cube ? "texelFetch(tex_unit0, ivec3(s, size.y - 1 - t, layer), 0)"
                                   : "texelFetch(tex_unit0, ivec2(s, size.y - 1 - t), 0)";
    o += R"(
// A texel index through a wrap mode (PARAM: 0 clamp to edge, 1 clamp to border, 2 repeat,
// 3 mirrored repeat); -1 is a border hit.
int shadow_wrap(int i, int n, uint mode) {
    if (mode == 1u) return i < 0 || i >= n ? -1 : i;
    if (mode == 2u || mode == 3u) {
        int period = mode == 2u ? n : 2 * n;
        int q = i >= 0 ? i / period : -((period - 1 - i) / period);
        int m = i - q * period;
        return m < n ? m : period - 1 - m;
    }
    return clamp(i, 0, n - 1);
}
// One texel compared with the reference depth: its intensity where the stored depth is not less
// (lit), else 0 (shadow.md 4.3). A border hit compares the border colour as a texel (4.5).
float shadow_tap(int s, int t, int layer, ivec2 size, uint z_ref, uint wrap_s, uint wrap_t) {
    s = shadow_wrap(s, size.x, wrap_s);
    t = shadow_wrap(t, size.y, wrap_t);
    ivec4 texel = s < 0 || t < 0 ? to8(u.border_color[0]) : to8()" +
         fetch + R"();
    uint z = uint(texel.a) << 16 | uint(texel.b) << 8 | uint(texel.g);
    return z >= z_ref ? float(texel.r) : 0.0;
}
// floor(x) as a texel index, kept within +-2^24.
int shadow_index(float x) { return int(clamp(floor(x), -16777216.0, 16777216.0)); }
// One face at face coordinates (x, y) against z_ref: one tap at floor(x W, y H), or 2x2 PCF
// around x W - 0.5, y H - 0.5 (shadow.md 4.4). Non-finite coordinates are a border hit.
float shadow_face(vec2 xy, int layer, uint z_ref, bool pcf, uint wrap_s, uint wrap_t) {
    ivec2 size = textureSize(tex_unit0, 0).xy;
    if (!(abs(xy.x) < 3.0e38) || !(abs(xy.y) < 3.0e38)) {
        ivec4 b = to8(u.border_color[0]);
        return (uint(b.a) << 16 | uint(b.b) << 8 | uint(b.g)) >= z_ref ? float(b.r) : 0.0;
    }
    vec2 c = xy * vec2(size);
    if (!pcf) return shadow_tap(shadow_index(c.x), shadow_index(c.y), layer, size, z_ref, wrap_s,
                                wrap_t);
    c -= 0.5;
    vec2 f = c - floor(c);
    int s = shadow_index(c.x), t = shadow_index(c.y);
    float r00 = shadow_tap(s, t, layer, size, z_ref, wrap_s, wrap_t);
    float r10 = shadow_tap(s + 1, t, layer, size, z_ref, wrap_s, wrap_t);
    float r01 = shadow_tap(s, t + 1, layer, size, z_ref, wrap_s, wrap_t);
    float r11 = shadow_tap(s + 1, t + 1, layer, size, z_ref, wrap_s, wrap_t);
    return mix(mix(r00, r10, f.x), mix(r01, r11, f.x), f.y);
}
// The reference depth: trunc(min(distance, 1) * 0xFFFFFF) less the bias, at least 0 (4.1, 4.2).
uint shadow_reference(float distance) {
    uint z = depth24(min(abs(distance), 1.0));
    uint bias = uint(u.shadow.z);
    return z > bias ? z - bias : 0u;
}
)";
    if (!cube) {
        // Shadow 2D, configured by the FragmentConfig::shadow_sampler bits: a literal in the
        // specialised shader, a push constant in the ubershader. (u, v) / w unless the
        // perspective divide is off; the depth is |w| (4.1). The intensity is rounded to 8 bits,
        // in all four channels (4.3).
        o += R"(ivec4 shadow_sample_2d(uint sampler_bits) {
    vec3 tc = vec3(v_texcoord01.xy, v_texcoord2_w.z);
    vec2 xy = (sampler_bits & )" +
             std::to_string(kShadowSamplerOrthographic) + R"(u) != 0u ? tc.xy : tc.xy / tc.z;
    float value = shadow_face(xy, 0, shadow_reference(tc.z), (sampler_bits & )" +
             std::to_string(kShadowSamplerPcf) + R"(u) != 0u,
                              sampler_bits & 3u, (sampler_bits >> 2) & 3u);
    return ivec4(int(floor(clamp(value, 0.0, 255.0) + 0.5)));
}
)";
    }
    return o;
}

std::string sample_shadow_texture(const FragmentConfig& c) {
    if (!shadow_texture(c)) return {};
    const unsigned ss = c.shadow_sampler;
    const std::string wrap_s = std::to_string(ss >> kShadowSamplerWrapS & 3) + "u";
    const std::string wrap_t = std::to_string(ss >> kShadowSamplerWrapT & 3) + "u";
    const std::string pcf = (ss & kShadowSamplerPcf) ? "true" : "false";
    if (c.texture0_type == 2)
        return "    ivec4 tex0 = shadow_sample_2d(" + std::to_string(ss) + "u);\n";
    std::string o = "    ivec4 tex0;\n    {\n";
    // Texture coordinate 0 with its w (shadow.md 1.6).
    o += "        vec3 tc = vec3(v_texcoord01.xy, v_texcoord2_w.z);\n";
    {
        // Shadow cube: the direction's major axis picks the face, layers +X -X +Y -Y +Z -Z;
        // the depth is the major-axis distance (4.2). PCF clamps to the face's edge (4.5).
        o += R"(        vec3 a = abs(tc);
        int layer;
        float m;
        vec2 xy;
        if (a.x > a.y && a.x > a.z) {
            m = a.x;
            layer = tc.x > 0.0 ? 0 : 1;
            xy = vec2(tc.x > 0.0 ? 0.5 - 0.5 * tc.z / m : 0.5 + 0.5 * tc.z / m, 0.5 - 0.5 * tc.y / m);
        } else if (a.y > a.z) {
            m = a.y;
            layer = tc.y > 0.0 ? 2 : 3;
            xy = vec2(0.5 + 0.5 * tc.x / m, tc.y > 0.0 ? 0.5 + 0.5 * tc.z / m : 0.5 - 0.5 * tc.z / m);
        } else {
            m = a.z;
            layer = tc.z > 0.0 ? 4 : 5;
            xy = vec2(tc.z > 0.0 ? 0.5 + 0.5 * tc.x / m : 0.5 - 0.5 * tc.x / m, 0.5 - 0.5 * tc.y / m);
        }
)";
        const bool p = (ss & kShadowSamplerPcf) != 0;
        o += "        float value = shadow_face(xy, layer, shadow_reference(m), " + pcf + ", " +
             (p ? std::string("0u") : wrap_s) + ", " + (p ? std::string("0u") : wrap_t) + ");\n";
    }
    // The intensity rounded to 8 bits, in all four channels (shadow.md 4.3).
    o += "        tex0 = ivec4(int(floor(clamp(value, 0.0, 255.0) + 0.5)));\n    }\n";
    return o;
}

std::string write_shadow(const FragmentConfig& c) {
    if (!c.shadow_write) return {};
    // Helper invocations' stores and atomics have no effect (Vulkan spec, "Helper
    // Invocations"), so no test for them (gl_HelperInvocation also crashes lavapipe 22.3).
    const std::string head = "    {\n"
                             "        ivec2 at = ivec2(gl_FragCoord.xy);\n"
                             "        uint d = depth24(depth);\n"
                             "        uint s = uint(previous.g);\n";
    if (storage_write_in_order(c.shadow_write)) {
        // Ordered interlock: fragments update in primitive order, as the hardware does. The
        // interlock calls stay outside control flow (GL_ARB_fragment_shader_interlock).
        const bool interlock = c.shadow_write == kStorageWriteInterlock;
        return (interlock ? "    beginInvocationInterlockARB();\n" : "") + head +
               "        uint stored = imageLoad(shadow_buffer, at).r;\n"
               "        uint updated = shadow_update(stored, d, s);\n"
               "        if (updated != stored) imageStore(shadow_buffer, at, uvec4(updated));\n"
               "    }\n" +
               (interlock ? "    endInvocationInterlockARB();\n" : "");
    }
    std::string o = head;
    {
        // Compare-and-swap until the update lands on the value it was computed from. Both
        // updates are monotonic (the depth and the intensity only fall), so fragments of one
        // draw that overlap give the same result in any order, except where a depth write and an
        // intensity write race (docs/research/shadow.md 3.3); vk/draw/rasterizer.cpp puts a barrier
        // between draws, merging only draws with the same fragment state. Each failed swap means
        // another fragment's update landed, so the loop ends; the bound is for helper invocations,
        // whose atomics return undefined values.
        o += "        uint stored = imageLoad(shadow_buffer, at).r;\n"
             "        for (int tries = 0; tries < 1024; ++tries) {\n"
             "            uint updated = shadow_update(stored, d, s);\n"
             "            if (updated == stored) break;\n"
             "            uint seen = imageAtomicCompSwap(shadow_buffer, at, stored, updated);\n"
             "            if (seen == stored) break;\n"
             "            stored = seen;\n"
             "        }\n";
    }
    o += "    }\n";
    return o;
}

} // namespace picavk::shadergen::fragment
