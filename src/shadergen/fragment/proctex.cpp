#include "shadergen/fragment/blocks.h"

// The procedural texture unit, texture 3 (spec 004 TEXUNIT3_PROCTEX0-5, PROCTEX_LUT; the facts
// and their sources are in docs/research/proctex.md, cited by section). Per fragment: the
// absolute texture coordinate, shift offsets, noise, clamp, the base shape G(u, v) through the
// RGB (and alpha) map table, then the colour LUT with its filter and level of detail.
//
// One set of GLSL functions serves both shaders: they take the configuration as a word
// (proctex_config_word). The specialised shader passes it as a literal, which the driver's
// compiler folds; the ubershader passes it from push constants.
//
// Where the sheet marks a detail UNKNOWN, this follows the sheet's suggestion; the choices that
// concern undocumented register values are folded into the key (build_proctex_config) so they
// live in one place.

#include "shadergen/lut_layout.h"

namespace picavk::shadergen::fragment {

std::uint32_t proctex_config_word(const ProcTexConfig& p) {
    if (!p.enabled) return 0;
    return 1u | (p.coordinates & 3u) << 1 | (p.u_clamp & 7u) << 3 | (p.v_clamp & 7u) << 6 |
           (p.rgb_function & 15u) << 9 | (p.alpha_function & 15u) << 13 |
           (p.separate_alpha & 1u) << 17 | (p.noise & 1u) << 18 | (p.u_shift & 3u) << 19 |
           (p.v_shift & 3u) << 21 | (p.filter & 7u) << 23;
}

std::string proctex_functions() {
    return R"(
// ---- procedural texture (texture unit 3) ----
// A 128-entry value table (0 noise, 1 RGB map, 2 alpha map): the value in bits 0-11 and the
// stored difference to the next entry in bits 12-23 (signed), both over 4095, as citro3d
// encodes 1.0 (proctex.md 2.7, 3). The result is clamped to [0, 1] (proctex.md 2.7).
float proctex_table(uint table, float c) {
    float t = clamp(c, 0.0, 1.0) * 128.0;
    uint i = min(uint(t), 127u);
    uint e = texelFetch(luts, int()" +
           std::to_string(kLutProcTexOffset) + R"(u + table * 128u + i)).r;
    float diff = float(bitfieldExtract(int(e), 12, 12));
    return clamp((float(e & 0xFFFu) + (t - float(i)) * diff) / 4095.0, 0.0, 1.0);
}
// Clamp modes (proctex.md 2.4); c >= 0. 1 and the undocumented 5-7 clamp to the edge.
float proctex_clamp(float c, uint mode) {
    if (mode == 0u) return c > 1.0 ? 0.0 : c;          // clamp to zero (1.0 stays)
    if (mode == 2u) return c - floor(c);               // symmetrical repeat
    if (mode == 3u) {                                  // mirrored repeat
        float i = floor(c);
        return (uint(i) & 1u) == 0u ? c - i : 1.0 - (c - i);
    }
    if (mode == 4u) return c > 0.5 ? 1.0 : 0.0;        // pulse
    return min(c, 1.0);
}
// Shift offset for one coordinate from the other coordinate's integer part (proctex.md 2.2):
// odd rows 0,0,1,1,..., even rows 0,1,1,0,... times 1.0 (mirrored repeat) or 0.5.
float proctex_shift(uint mode, uint clamp_mode, float other) {
    uint k = uint(other);
    float offset = clamp_mode == 3u ? 1.0 : 0.5;
    if (mode == 1u) return offset * float((k >> 1) & 1u);
    if (mode == 2u) return offset * float(((k + 1u) >> 1) & 1u);
    return 0.0;
}
// The noise hash (proctex.md 2.3 steps 2-3, from Azahar's model, which matches hardware output).
const uint kProcTexT1[16] = uint[16](0u, 4u, 10u, 8u, 4u, 9u, 7u, 12u, 5u, 15u, 13u, 14u, 11u, 15u, 2u, 11u);
const uint kProcTexT2[16] = uint[16](10u, 2u, 15u, 8u, 0u, 7u, 4u, 5u, 5u, 13u, 2u, 6u, 13u, 9u, 3u, 14u);
uint proctex_r1(uint n) { return ((n % 9u + 2u) * 3u & 15u) ^ kProcTexT1[(n / 9u) & 15u]; }
float proctex_rand(uint x, uint y) {
    uint a = proctex_r1(x), b = proctex_r1(y);
    if ((a & 3u) == 1u) b += 4u;
    b ^= (a & 1u) * 6u;
    b = ((b + 10u + a) & 15u) ^ kProcTexT2[a];
    return -1.0 + 2.0 * float(b) / 15.0;
}
// One noise value for both axes (proctex.md 2.3 steps 1, 4, 5). The hash repeats every 144
// grid cells, so the grid coordinates are reduced first (exact below 2^32).
float proctex_noise(vec2 uv) {
    vec2 g = 9.0 * vec2(bu.proctex_noise_u.z, bu.proctex_noise_v.z) *
             abs(uv + vec2(bu.proctex_noise_u.y, bu.proctex_noise_v.y));
    vec2 gi = floor(g);
    vec2 f = g - gi;
    uvec2 i = uvec2(min(gi, vec2(4294967040.0))) % 144u;
    float s = f.x + f.y;
    float g00 = proctex_rand(i.x, i.y) * s;
    float g10 = proctex_rand(i.x + 1u, i.y) * (s - 1.0);
    float g01 = proctex_rand(i.x, i.y + 1u) * (s - 1.0);
    float g11 = proctex_rand(i.x + 1u, i.y + 1u) * (s - 2.0);
    float wx = proctex_table(0u, f.x), wy = proctex_table(0u, f.y);
    float x0 = g00 + (g10 - g00) * wx, x1 = g01 + (g11 - g01) * wx;
    return x0 + (x1 - x0) * wy;
}
// The base shapes G(u, v) (proctex.md 2.5); 10-15 are undocumented and give 0.
float proctex_map(uint f, vec2 uv) {
    float r2 = uv.x * uv.x + uv.y * uv.y;
    switch (f) {
    case 0u: return uv.x;
    case 1u: return uv.x * uv.x;
    case 2u: return uv.y;
    case 3u: return uv.y * uv.y;
    case 4u: return (uv.x + uv.y) * 0.5;
    case 5u: return r2 * 0.5;
    case 6u: return min(sqrt(r2), 1.0);
    case 7u: return min(uv.x, uv.y);
    case 8u: return max(uv.x, uv.y);
    case 9u: return min(((uv.x + uv.y) * 0.5 + sqrt(r2)) * 0.5, 1.0); // rmax
    default: return 0.0;
    }
}
// One colour-LUT level on the 0-255 scale (proctex.md 2.8, 3): level n is width >> n entries
// from its offset (levels 4-7 at 0xF0, 0xF8, 0xFC, 0xFE); nearest rounds half up, linear adds
// the fraction of twice the stored half-difference. Indices wrap at 256; width 0 or 1 reads the
// offset entry.
vec4 proctex_level(uint level, float coord, bool linear) {
    uint width = uint(bu.proctex_lod.w) >> level;
    uint offset = level < 4u ? bu.proctex_offset[level] : 256u - (16u >> (level - 4u));
    float p = coord * float(max(int(width) - 1, 0));
    uint j = linear ? uint(p) : uint(floor(p + 0.5));
    float f = linear ? p - float(j) : 0.0;
    uint index = (offset + j) & 255u;
    uint c = texelFetch(luts, int()" +
           std::to_string(kLutProcTexColorOffset) + R"(u + index)).r;
    int d = int(texelFetch(luts, int()" +
           std::to_string(kLutProcTexColorOffset + 256) + R"(u + index)).r);
    vec4 colour = vec4(c & 0xFFu, (c >> 8) & 0xFFu, (c >> 16) & 0xFFu, c >> 24);
    vec4 half_diff = vec4(bitfieldExtract(d, 0, 8), bitfieldExtract(d, 8, 8),
                          bitfieldExtract(d, 16, 8), bitfieldExtract(d, 24, 8));
    return colour + f * 2.0 * half_diff;
}
// Level of detail (proctex.md 2.8): log2(|width * bias| * rho), 0 when the bias is 0, clamped
// to [min level, max level] and to the 8 levels. rho is measured in guest pixels.
float proctex_lod(float rho) {
    float lod = 0.0;
    if (bu.proctex_lod.x != 0.0) {
        float x = abs(bu.proctex_lod.w * bu.proctex_lod.x) * rho;
        lod = x > 0.0 ? log2(x) : -128.0;
    }
    return clamp(min(max(lod, bu.proctex_lod.y), min(bu.proctex_lod.z, 7.0)), 0.0, 7.0);
}
// The colour LUT with PROCTEX4's filter (proctex.md 2.8): 0/1 level 0, 2/3 the nearest level,
// 4/5 between two levels; odd filters interpolate within a level.
vec4 proctex_lookup(float coord, float lod, uint filter_mode) {
    bool linear = (filter_mode & 1u) != 0u;
    if (filter_mode == 2u || filter_mode == 3u) return proctex_level(uint(floor(lod + 0.5)), coord, linear);
    if (filter_mode == 4u || filter_mode == 5u) {
        float l0 = floor(lod);
        vec4 a = proctex_level(uint(l0), coord, linear);
        vec4 b = proctex_level(min(uint(l0) + 1u, 7u), coord, linear);
        return a + (b - a) * (lod - l0);
    }
    return proctex_level(0u, coord, linear);
}
// The screen footprint of the unit's coordinate (proctex.md 2.8), in guest pixels: host
// derivatives times the resolution scale. Taken before any discard, in uniform control flow;
// fine ones (per pixel, as llvmpipe's plain dFdx), since a plain dFdx may be per quad elsewhere.
float proctex_footprint(vec2 coord) {
    vec2 a = abs(coord);
    return (max(abs(dFdxFine(a.x)), abs(dFdyFine(a.x))) +
            max(abs(dFdxFine(a.y)), abs(dFdyFine(a.y)))) *
           bu.proctex_noise_u.w;
}
// Texture 3 as 8-bit RGBA. cfg: proctex_config_word (shadergen/fragment/proctex.cpp).
ivec4 proctex_sample(vec2 coord, float rho, uint cfg) {
    // |tc| (proctex.md 2.1); NaN reads as 0 and huge values as 2^24 (a defined result for bad
    // vertex data; the reference model makes the same choice).
    vec2 uv = abs(coord);
    uv = vec2(uv.x >= 0.0 ? min(uv.x, 16777216.0) : 0.0, uv.y >= 0.0 ? min(uv.y, 16777216.0) : 0.0);
    uint u_clamp = (cfg >> 3) & 7u, v_clamp = (cfg >> 6) & 7u;
    float shift_u = proctex_shift((cfg >> 19) & 3u, u_clamp, uv.y);
    float shift_v = proctex_shift((cfg >> 21) & 3u, v_clamp, uv.x);
    if ((cfg & (1u << 18)) != 0u) {
        float n = proctex_noise(uv);
        uv = abs(uv + vec2(bu.proctex_noise_u.x, bu.proctex_noise_v.x) * n);
    }
    uv = vec2(proctex_clamp(uv.x + shift_u, u_clamp), proctex_clamp(uv.y + shift_v, v_clamp));
    float lut_coord = proctex_table(1u, proctex_map((cfg >> 9) & 15u, uv));
    vec4 c = proctex_lookup(lut_coord, proctex_lod(rho), (cfg >> 23) & 7u);
    // 8 bits by truncation (proctex.md 2.10, the sheet's suggestion).
    ivec4 result = ivec4(clamp(c, 0.0, 255.0));
    // Separate alpha: the alpha map table over the alpha function, never the colour LUT
    // (proctex.md 2.9).
    if ((cfg & (1u << 17)) != 0u)
        result.a = int(proctex_table(2u, proctex_map((cfg >> 13) & 15u, uv)) * 255.0);
    return result;
}
)";
}

namespace {
const char* const kCoordinates[3] = {"v_texcoord01.xy", "v_texcoord01.zw", "v_texcoord2_w.xy"};
}

std::string proctex_footprint(const FragmentConfig& c) {
    if (!c.proctex.enabled) return {};
    return std::string("    vec2 proctex_coord = ") + kCoordinates[c.proctex.coordinates % 3] +
           ";\n    float proctex_rho = proctex_footprint(proctex_coord);\n";
}

std::string sample_proctex(const FragmentConfig& c) {
    if (!c.proctex.enabled) return "    ivec4 tex3 = ivec4(0);\n";
    return "    ivec4 tex3 = proctex_sample(proctex_coord, proctex_rho, " +
           std::to_string(proctex_config_word(c.proctex)) + "u);\n";
}

} // namespace picavk::shadergen::fragment
