// Tests of the shadow-mapping reference model (tests/oracle/shadow_model.*) against hand-computed
// values. Each expectation is derived by hand from the shadow fact sheet
// (docs/research/shadow.md, "shadow.md N.N") and the register reference (shared/spec/004), not
// from the model's code. The sheet's section-8 "(model)" values follow Azahar's rules; they are
// not hardware data. Every UNKNOWN choice the model makes has a test that names it.

#include "shadow_model.h"

#include "pica/regs/reg_ids.h"

#include <doctest/doctest.h>

#include <array>
#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

using namespace picavk;
using namespace picavk::pica;
using namespace picavk::test::oracle;

namespace {

constexpr float kNaNf = std::numeric_limits<float>::quiet_NaN();
constexpr float kInff = std::numeric_limits<float>::infinity();
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();

// GPUREG_TEXUNITi_PARAM fields (SPEC): mag filter bit 1, min filter bit 2, wrap T bits 8-10,
// wrap S bits 12-14, shadow bit 20, type bits 28-30.
constexpr std::uint32_t kMagLinear = 1u << 1;
constexpr std::uint32_t kMinLinear = 1u << 2;
constexpr std::uint32_t kShadowBit = 1u << 20;
constexpr std::uint32_t wrap(unsigned s, unsigned t) {
    return (s << 12) | (t << 8);
}
constexpr std::uint32_t type(unsigned ty) {
    return ty << 28;
}
constexpr unsigned kEdge = 0, kBorder = 1, kRepeat = 2, kMirror = 3;

// Unit 0 on (TEXUNIT_CONFIG bit 0, plus citro3d's bit 12), shadow 2D with bit 20, clamp to edge,
// nearest, orthographic with bias 0 (0x08B = 1, the C3D_Init default), border 0.
Regs base_regs() {
    Regs r{};
    r[GPUREG_TEXUNIT_CONFIG] = 0x00001001u;
    r[GPUREG_TEXUNIT0_PARAM] = type(2) | kShadowBit | wrap(kEdge, kEdge);
    r[GPUREG_TEXUNIT0_SHADOW] = 0x00000001u;
    r[GPUREG_FRAGOP_SHADOW] = 0x80003C00u;
    return r;
}

ShadowColor gray(int v) {
    return {v, v, v, v};
}

ShadowCoords coords(float u, float v, float w) {
    ShadowCoords c;
    c.u = u;
    c.v = v;
    c.w = w;
    return c;
}

// Six 4x4 cube faces filled with (0xFFFFFF, 10 * (face + 1)).
std::vector<ShadowImage> cube_faces() {
    std::vector<ShadowImage> faces;
    for (unsigned f = 0; f < 6; ++f)
        faces.emplace_back(4, 4, ShadowTexel{0xFFFFFF, static_cast<std::uint8_t>(10 * (f + 1))});
    return faces;
}

} // namespace

// ---- the texel ---------------------------------------------------------------------------------

TEST_CASE("shadow model: texel packing and its RGBA8 reading") {
    // shadow.md 8.1: depth 0x123456, intensity 0xC8 -> memory bytes 12 34 56 C8; as RGBA8
    // R = C8, G = 56, B = 34, A = 12; the little-endian word is 0xC8563412 (shadow.md 2).
    const ShadowTexel t{0x123456, 0xC8};
    CHECK(shadow_texel_to_bytes(t) == ShadowBytes{0x12, 0x34, 0x56, 0xC8});
    CHECK(shadow_texel_from_bytes({0x12, 0x34, 0x56, 0xC8}) == t);
    CHECK(shadow_texel_to_word(t) == 0xC8563412u);
    CHECK(shadow_texel_from_word(0xC8563412u) == t);
    CHECK(shadow_texel_as_rgba8(t) == std::array<int, 4>{0xC8, 0x56, 0x34, 0x12});
    CHECK(shadow_texel_from_rgba8(0xC8, 0x56, 0x34, 0x12) == t);
    // A border colour word is R | G << 8 | B << 16 | A << 24 (SPEC), read as a texel.
    CHECK(shadow_texel_from_border(0x123456C8u) == t);
    // A cleared map (0xFFFFFFFF) is depth 0xFFFFFF, intensity 255 (shadow.md 2).
    CHECK(shadow_texel_from_word(0xFFFFFFFFu) == kShadowCleared);
    CHECK(kShadowCleared == ShadowTexel{0xFFFFFF, 255});
    // EX-SM's normal-mode shadow map: RGB = 255, A = 0x80 -> depth 0x80FFFF, intensity 255.
    CHECK(shadow_texel_from_rgba8(255, 255, 255, 0x80) == ShadowTexel{0x80FFFF, 255});
    // Channels outside 0-255 are clamped (our choice).
    CHECK(shadow_texel_from_rgba8(300, -5, 0, 0) == ShadowTexel{0x000000, 255});
    // Only 24 depth bits reach the bytes.
    CHECK(shadow_texel_to_bytes(ShadowTexel{0xAB123456, 1}) == ShadowBytes{0x12, 0x34, 0x56, 1});
}

// ---- registers ---------------------------------------------------------------------------------

TEST_CASE("shadow model: COLOR_OPERATION selects shadow mode with mode 3") {
    Regs r{};
    r[GPUREG_COLOR_OPERATION] = 0x00E40003u; // citro3d C3D_FragOpMode(SHADOW) (shadow.md 9.C)
    CHECK(fragment_operation_mode(r) == FragOpMode::Shadow);
    CHECK(shadow_mode_enabled(r));
    r[GPUREG_COLOR_OPERATION] = 0x00E40103u; // blend bit 8 does not matter
    CHECK(shadow_mode_enabled(r));
    r[GPUREG_COLOR_OPERATION] = 0x00E40000u;
    CHECK(fragment_operation_mode(r) == FragOpMode::Default);
    CHECK_FALSE(shadow_mode_enabled(r));
    r[GPUREG_COLOR_OPERATION] = 0x00E40001u;
    CHECK(fragment_operation_mode(r) == FragOpMode::Gas);
}

TEST_CASE("shadow model: COLOR_OPERATION mode 2 is default (UNKNOWN, suggestion)") {
    // shadow.md 1.1: mode 2 is undocumented; the sheet suggests "default".
    Regs r{};
    r[GPUREG_COLOR_OPERATION] = 0x00E40002u;
    CHECK(fragment_operation_mode(r) == FragOpMode::Default);
    CHECK_FALSE(shadow_mode_enabled(r));
}

TEST_CASE("shadow model: FRAGOP_SHADOW decoding") {
    // citro3d default C3D_FragOpShadow(0.0, 1.0) = 0x80003C00: C = 1.0, L = -0.0 (sign kept)
    // (shadow.md 1.2).
    Regs r{};
    r[GPUREG_FRAGOP_SHADOW] = 0x80003C00u;
    ShadowPenumbra p = shadow_penumbra(r);
    CHECK(p.constant == 1.0f);
    CHECK(p.linear == 0.0f);
    CHECK(std::signbit(p.linear));
    // C3D_FragOpShadow(1.0, 0.5) = 0xBC003E00: C = 1.5, L = -1.0.
    r[GPUREG_FRAGOP_SHADOW] = 0xBC003E00u;
    p = shadow_penumbra(r);
    CHECK(p.constant == 1.5f);
    CHECK(p.linear == -1.0f);
    // Non-finite halves decode as IEEE halves: 0x7C00 = +inf, 0xFC00 = -inf, 0x7E00 = NaN.
    r[GPUREG_FRAGOP_SHADOW] = 0xFC007E00u;
    p = shadow_penumbra(r);
    CHECK(std::isnan(p.constant));
    CHECK(p.linear == -kInff);
}

TEST_CASE("shadow model: TEXUNIT0_SHADOW decoding") {
    // citro3d C3D_TexShadowParams(false, 0.004) = 0x00010625: bit 0 = 1 (no perspective divide),
    // B24 = 0x10624 = 67108 (shadow.md 1.4).
    Regs r{};
    r[GPUREG_TEXUNIT0_SHADOW] = 0x00010625u;
    ShadowTextureParams p = shadow_texture_params(r);
    CHECK(p.orthographic);
    CHECK(p.bias24 == 0x10624u);
    CHECK(p.bias24 == 67108u);
    // C3D_Init leaves 0x00000001: orthographic, bias 0.
    r[GPUREG_TEXUNIT0_SHADOW] = 0x00000001u;
    p = shadow_texture_params(r);
    CHECK(p.orthographic);
    CHECK(p.bias24 == 0u);
    // Perspective, bias bits 1-23 in place; bits 24-31 are not part of the bias.
    r[GPUREG_TEXUNIT0_SHADOW] = 0xFF000002u;
    p = shadow_texture_params(r);
    CHECK_FALSE(p.orthographic);
    CHECK(p.bias24 == 2u);
    r[GPUREG_TEXUNIT0_SHADOW] = 0x00FFFFFFu;
    CHECK(shadow_texture_params(r).bias24 == 0xFFFFFEu);
}

TEST_CASE("shadow model: texture type decides, PARAM bit 20 is ignored (UNKNOWN, suggestion)") {
    // shadow.md 1.3: type 2 = shadow 2D, 4 = shadow cube; bit 20 is not read; only unit 0.
    Regs r{};
    r[GPUREG_TEXUNIT0_PARAM] = 0x20101106u; // EX-SM: type 2, bit 20, border/border, linear
    CHECK(texture_type(r, 0) == 2);
    CHECK(shadow_sampling_applies(r, 0));
    r[GPUREG_TEXUNIT0_PARAM] = type(2); // type 2 without bit 20
    CHECK(shadow_sampling_applies(r, 0));
    r[GPUREG_TEXUNIT0_PARAM] = type(4);
    CHECK(shadow_sampling_applies(r, 0));
    r[GPUREG_TEXUNIT0_PARAM] = kShadowBit; // bit 20 with type 0: plain 2D
    CHECK_FALSE(shadow_sampling_applies(r, 0));
    for (unsigned t : {1u, 3u, 5u}) {
        r[GPUREG_TEXUNIT0_PARAM] = type(t) | kShadowBit;
        CHECK_FALSE(shadow_sampling_applies(r, 0));
    }
    // Type 2/4 on units 1 and 2 read as plain 2D (suggestion).
    r[GPUREG_TEXUNIT1_PARAM] = type(2) | kShadowBit;
    r[GPUREG_TEXUNIT2_PARAM] = type(4) | kShadowBit;
    CHECK(texture_type(r, 1) == 2);
    CHECK_FALSE(shadow_sampling_applies(r, 1));
    CHECK_FALSE(shadow_sampling_applies(r, 2));
}

// ---- writing -----------------------------------------------------------------------------------

TEST_CASE("shadow model: fragment depth to 24 bits") {
    // clamp to [0, 1], trunc(depth * 0xFFFFFF) (shadow.md 3.1).
    CHECK(shadow_fragment_depth24(0.25) == 0x3FFFFFu); // 4194303.75
    CHECK(shadow_fragment_depth24(0.5) == 0x7FFFFFu);  // 8388607.5
    CHECK(shadow_fragment_depth24(1.0) == 0xFFFFFFu);
    CHECK(shadow_fragment_depth24(0.0) == 0u);
    CHECK(shadow_fragment_depth24(1.5) == 0xFFFFFFu);
    CHECK(shadow_fragment_depth24(-0.2) == 0u);
    CHECK(shadow_fragment_depth24(kInf) == 0xFFFFFFu);
    CHECK(shadow_fragment_depth24(-kInf) == 0u);
    // NaN reads as the farthest depth (our choice), so it can never pass "d < Z".
    CHECK(shadow_fragment_depth24(kNaN) == 0xFFFFFFu);
}

TEST_CASE("shadow model: hard write (G = 0) writes depth only") {
    // shadow.md 8.2: cleared texel, G = 0 at depth 0x400000 -> bytes 40 00 00 FF; 0x500000 then
    // changes nothing (3.2 steps 1-2).
    const Regs r = base_regs();
    ShadowTexel t = shadow_write_d24(r, kShadowCleared, 0x400000, 0);
    CHECK(shadow_texel_to_bytes(t) == ShadowBytes{0x40, 0x00, 0x00, 0xFF});
    CHECK(shadow_write_d24(r, t, 0x500000, 0) == t);
    // Strictly less: an equal depth writes nothing.
    CHECK(shadow_write_d24(r, t, 0x400000, 0) == t);
    // Only the depth bytes: a stored intensity is kept.
    CHECK(shadow_write_d24(r, ShadowTexel{0x800000, 100}, 0x300000, 0) ==
          ShadowTexel{0x300000, 100});
    // The depth function register plays no part (fixed "less than"): DEPTH_COLOR_MASK with
    // depth test on and func NEVER (0x1) or GREATER (0x71) gives the same.
    Regs r2 = r;
    for (std::uint32_t mask : {0x00000001u, 0x00001F71u}) {
        r2[GPUREG_DEPTH_COLOR_MASK] = mask;
        CHECK(shadow_write_d24(r2, kShadowCleared, 0x400000, 0) == ShadowTexel{0x400000, 255});
        CHECK(shadow_write_d24(r2, t, 0x500000, 0) == t);
    }
    // Through the double depth: 0.25 -> 0x3FFFFF.
    CHECK(shadow_write(r, kShadowCleared, 0.25, 0) == ShadowTexel{0x3FFFFF, 255});
}

TEST_CASE("shadow model: soft write with 0xBC003E00 (sheet 8.3)") {
    // C = 1.5, L = -1 (scale 1, bias 0.5). Stored (0x800000, 255) (shadow.md 8.3, 3.2 step 3).
    Regs r = base_regs();
    r[GPUREG_FRAGOP_SHADOW] = 0xBC003E00u;
    ShadowTexel t{0x800000, 255};
    // d/Z = 0.5 -> denominator 1.0 -> s' = 200; depth unchanged.
    t = shadow_write_d24(r, t, 0x400000, 200);
    CHECK(t == ShadowTexel{0x800000, 200});
    // d/Z = 0.25 -> denominator 1.25 -> s' = 160.
    t = shadow_write_d24(r, t, 0x200000, 200);
    CHECK(t == ShadowTexel{0x800000, 160});
    // d/Z = 0.75 -> denominator 0.75 -> s' = 266.7 -> clamped to 255 -> min keeps 160.
    t = shadow_write_d24(r, t, 0x600000, 200);
    CHECK(t == ShadowTexel{0x800000, 160});
    // d = Z -> nothing.
    CHECK(shadow_write_d24(r, ShadowTexel{0x800000, 255}, 0x800000, 200) ==
          ShadowTexel{0x800000, 255});
    // Truncation: d/Z = 0.125 -> denominator 1.375 -> 200 / 1.375 = 145.45 -> 145.
    CHECK(shadow_write_d24(r, ShadowTexel{0x800000, 255}, 0x100000, 200) ==
          ShadowTexel{0x800000, 145});
    // s' = 266.7 on a fresh texel clamps to 255, not 266 wrapping to 10.
    CHECK(shadow_write_d24(r, ShadowTexel{0x800000, 255}, 0x600000, 200) ==
          ShadowTexel{0x800000, 255});
}

TEST_CASE("shadow model: soft write with the citro3d default 0x80003C00") {
    // C = 1, L = -0 -> denominator 1 whatever d/Z: S = min(S, s) (shadow.md 1.2, 3.2).
    const Regs r = base_regs();
    ShadowTexel t{0x800000, 255};
    t = shadow_write_d24(r, t, 0x400000, 200);
    CHECK(t == ShadowTexel{0x800000, 200});
    t = shadow_write_d24(r, t, 0x7FFFFF, 230);
    CHECK(t == ShadowTexel{0x800000, 200});
    t = shadow_write_d24(r, t, 0x000000, 150);
    CHECK(t == ShadowTexel{0x800000, 150});
}

TEST_CASE("shadow model: denominator <= 0 or NaN leaves the intensity (UNKNOWN, suggestion)") {
    // shadow.md 3.2 suggestion: a denominator <= 0 or NaN gives s' = 255 (no darkening).
    // 0xC4003C00: C = 1.0, L = -4.0.
    Regs r = base_regs();
    r[GPUREG_FRAGOP_SHADOW] = 0xC4003C00u;
    const ShadowTexel t{0x800000, 200};
    CHECK(shadow_write_d24(r, t, 0x600000, 50) == t); // 1 - 3 = -2
    CHECK(shadow_write_d24(r, t, 0x200000, 50) == t); // 1 - 1 = 0 exactly
    // A positive denominator still divides: d/Z = 0.125 -> 0.5 -> s' = 100.
    CHECK(shadow_write_d24(r, t, 0x100000, 50) == ShadowTexel{0x800000, 100});
}

TEST_CASE("shadow model: non-finite penumbra float16") {
    Regs r = base_regs();
    const ShadowTexel t{0x800000, 200};
    // C = NaN (0x7E00), L = 0: NaN denominator -> unchanged (suggestion).
    r[GPUREG_FRAGOP_SHADOW] = 0x00007E00u;
    CHECK(shadow_write_d24(r, t, 0x400000, 50) == t);
    // C = +inf (0x7C00), L = 0: denominator +inf -> s' = 0 -> S = 0 (IEEE float32 arithmetic).
    r[GPUREG_FRAGOP_SHADOW] = 0x00007C00u;
    CHECK(shadow_write_d24(r, t, 0x400000, 50) == ShadowTexel{0x800000, 0});
    // C = +inf, L = -inf: inf - inf = NaN -> unchanged; with d = 0, -inf * 0 = NaN -> unchanged.
    r[GPUREG_FRAGOP_SHADOW] = 0xFC007C00u;
    CHECK(shadow_write_d24(r, t, 0x400000, 50) == t);
    CHECK(shadow_write_d24(r, t, 0x000000, 50) == t);
    // C = -inf: negative denominator -> unchanged.
    r[GPUREG_FRAGOP_SHADOW] = 0x0000FC00u;
    CHECK(shadow_write_d24(r, t, 0x400000, 50) == t);
}

TEST_CASE("shadow model: bad write inputs") {
    const Regs r = base_regs();
    const ShadowTexel t{0x800000, 200};
    // A NaN fragment depth writes nothing (our choice); +inf clamps to 1.0 -> nothing; -inf
    // clamps to 0 -> depth 0.
    CHECK(shadow_write(r, t, kNaN, 0) == t);
    CHECK(shadow_write(r, t, kNaN, 100) == t);
    CHECK(shadow_write(r, t, kInf, 0) == t);
    CHECK(shadow_write(r, t, -kInf, 0) == ShadowTexel{0, 200});
    // green is clamped to [0, 255] (our choice): -5 -> 0 (depth write), 300 -> 255.
    CHECK(shadow_write_d24(r, t, 0x400000, -5) == ShadowTexel{0x400000, 200});
    CHECK(shadow_write_d24(r, ShadowTexel{0x800000, 255}, 0x400000, 300) ==
          ShadowTexel{0x800000, 255});
    // d above 24 bits reads as 0xFFFFFF, which is never below a stored depth.
    CHECK(shadow_write_d24(r, t, 0x1000000, 0) == t);
    CHECK(shadow_write_d24(r, kShadowCleared, 0xFFFFFFFF, 0) == kShadowCleared);
    // A stored depth with bits above 24 is read as its 24 bits.
    CHECK(shadow_write_d24(r, ShadowTexel{0xAB800000, 255}, 0x400000, 0) ==
          ShadowTexel{0x400000, 255});
}

// ---- sampling: reference depth and compare -----------------------------------------------------

TEST_CASE("shadow model: reference depth") {
    // z = trunc(min(|w|, 1) * 0xFFFFFF) - B24, clamped at 0 (shadow.md 4.1, 6).
    CHECK(shadow_reference_depth(0.25f, 0) == 0x3FFFFFu);
    CHECK(shadow_reference_depth(0.6f, 0) == 0x999999u);        // 10066329.4
    CHECK(shadow_reference_depth(0.503f, 0) == 8438939u);       // sheet 8.4
    CHECK(shadow_reference_depth(0.503f, 0x10624) == 8371831u); // sheet 8.4, 0x00010625
    CHECK(shadow_reference_depth(0.5f, 0) == 0x7FFFFFu);        // sheet 8.5: trunc(8388607.5)
    CHECK(shadow_reference_depth(1.0, 0) == 0xFFFFFFu);
    CHECK(shadow_reference_depth(3.0, 0x10624) == 0xFFFFFFu - 0x10624u); // |w| > 1 (shadow.md 6)
    CHECK(shadow_reference_depth(-0.25f, 0) == 0x3FFFFFu);               // |w|
    CHECK(shadow_reference_depth(kInf, 0) == 0xFFFFFFu);
    // Bias larger than z clamps at 0 (shadow.md 6 suggestion).
    CHECK(shadow_reference_depth(0.001f, 0x10624) == 0u); // 16777 - 67108
    CHECK(shadow_reference_depth(0.0, 2) == 0u);
    // NaN distance reads as 0 (our choice).
    CHECK(shadow_reference_depth(kNaN, 0) == 0u);
}

TEST_CASE("shadow model: compare, equality is lit (UNKNOWN, suggestion Z >= z)") {
    // shadow.md 4.3: lit if Z >= z -> S, else 0; the sheet suggests the CPU reference's >=.
    CHECK(shadow_compare(ShadowTexel{100, 9}, 99) == 9);
    CHECK(shadow_compare(ShadowTexel{100, 9}, 100) == 9);
    CHECK(shadow_compare(ShadowTexel{100, 9}, 101) == 0);
    CHECK(shadow_compare(ShadowTexel{0, 77}, 0) == 77);
    // Sheet 8.5: texel Z = 0x7FFFFF, S = 200, w = 0.5 -> z = 0x7FFFFF -> 200 (AZ-GLSL: 0).
    const Regs r = base_regs();
    const ShadowImage img(4, 4, ShadowTexel{0x7FFFFF, 200});
    CHECK(shadow_sample_2d(r, img, coords(0.5f, 0.5f, 0.5f), ShadowFilter::Nearest) == gray(200));
    CHECK(shadow_sample_2d(r, img, coords(0.5f, 0.5f, 0.5f), ShadowFilter::Pcf) == gray(200));
}

TEST_CASE("shadow model: 2D compare (sheet 8.4)") {
    // Orthographic, B24 = 0, texel (Z = 0x800000, S = 200).
    Regs r = base_regs();
    const ShadowImage img(4, 4, ShadowTexel{0x800000, 200});
    CHECK(shadow_sample_2d(r, img, coords(0.5f, 0.5f, 0.25f)) == gray(200)); // z = 0x3FFFFF
    CHECK(shadow_sample_2d(r, img, coords(0.5f, 0.5f, 0.6f)) == gray(0));    // z = 0x999999
    CHECK(shadow_sample_2d(r, img, coords(0.5f, 0.5f, 0.503f)) == gray(0));  // z = 8438939
    // 0x08B = 0x00010625 (citro3d, bias 0.004): z = 8371831 < 0x800000 -> lit.
    r[GPUREG_TEXUNIT0_SHADOW] = 0x00010625u;
    CHECK(shadow_sample_2d(r, img, coords(0.5f, 0.5f, 0.503f)) == gray(200));
    CHECK(shadow_sample_2d_value(r, img, coords(0.5f, 0.5f, 0.503f), ShadowFilter::Nearest) ==
          200.0);
}

TEST_CASE("shadow model: bias larger than z, Z = 0 is lit (suggestion)") {
    // shadow.md 6: clamp z at 0 and use Z >= z, so a texel with Z = 0 is lit.
    Regs r = base_regs();
    const ShadowImage img(4, 4, ShadowTexel{0, 77});
    r[GPUREG_TEXUNIT0_SHADOW] = 0x00010625u;
    CHECK(shadow_sample_2d(r, img, coords(0.5f, 0.5f, 0.001f)) == gray(77)); // 16777 - 67108
    r[GPUREG_TEXUNIT0_SHADOW] = 0x00000001u;
    CHECK(shadow_sample_2d(r, img, coords(0.5f, 0.5f, 0.001f)) == gray(0)); // z = 16777 > 0
}

TEST_CASE("shadow model: perspective divide by the signed w") {
    // shadow.md 4.1: bit 0 = 0 -> (u/w, v/w); the depth is |w| (shadow.md 6).
    Regs r = base_regs();
    r[GPUREG_TEXUNIT0_SHADOW] = 0x00000000u;
    ShadowImage img(4, 4, ShadowTexel{0xFFFFFF, 255});
    img.set(1, 2, ShadowTexel{0xFFFFFF, 50}); // reached by (0.4, 0.6): floor(1.6), floor(2.4)
    img.set(0, 1, ShadowTexel{0xFFFFFF, 60}); // reached by (0.2, 0.3): floor(0.8), floor(1.2)
    const ShadowCoords c = coords(0.2f, 0.3f, 0.5f);
    const std::array<double, 2> uv = shadow_2d_coords(r, c);
    CHECK(uv[0] == doctest::Approx(0.4).epsilon(1e-7));
    CHECK(uv[1] == doctest::Approx(0.6).epsilon(1e-7));
    CHECK(shadow_sample_2d(r, img, c, ShadowFilter::Nearest) == gray(50));
    CHECK(shadow_sample_2d(r, img, coords(-0.2f, -0.3f, -0.5f), ShadowFilter::Nearest) == gray(50));
    // Shadowed through the depth: texel (1, 2) at Z = 0x7FFFFE < z = 0x7FFFFF from |w| = 0.5.
    img.set(1, 2, ShadowTexel{0x7FFFFE, 50});
    CHECK(shadow_sample_2d(r, img, coords(-0.2f, -0.3f, -0.5f), ShadowFilter::Nearest) == gray(0));
    // Orthographic: no divide -> texel (0, 1).
    r[GPUREG_TEXUNIT0_SHADOW] = 0x00000001u;
    CHECK(shadow_sample_2d(r, img, c, ShadowFilter::Nearest) == gray(60));
}

// ---- sampling: filters, wrap and border --------------------------------------------------------

TEST_CASE("shadow model: filter choice from the mag filter (UNKNOWN, suggestion)") {
    // shadow.md 4.4: PCF when PARAM bit 1 (mag) = linear; the min filter is ignored.
    Regs r = base_regs();
    CHECK_FALSE(shadow_uses_pcf(r, ShadowFilter::FromRegisters));
    r[GPUREG_TEXUNIT0_PARAM] |= kMinLinear;
    CHECK_FALSE(shadow_uses_pcf(r, ShadowFilter::FromRegisters));
    r[GPUREG_TEXUNIT0_PARAM] |= kMagLinear;
    CHECK(shadow_uses_pcf(r, ShadowFilter::FromRegisters));
    CHECK_FALSE(shadow_uses_pcf(r, ShadowFilter::Nearest));
    r[GPUREG_TEXUNIT0_PARAM] = type(2);
    CHECK(shadow_uses_pcf(r, ShadowFilter::Pcf)); // "always PCF" option
    // EX-SM's GPU_LINEAR setting 0x20101106 -> PCF.
    r[GPUREG_TEXUNIT0_PARAM] = 0x20101106u;
    CHECK(shadow_uses_pcf(r, ShadowFilter::FromRegisters));
}

TEST_CASE("shadow model: PCF (sheet 8.6)") {
    // 4x4 map, uv = (0.375, 0.5): c = (1.0, 1.5), i = (1, 1), f = (0, 0.5). Texel (1, 1) lit
    // with S = 255, (1, 2) shadowed; (2, 1) shadowed but weighted 0. w = 0.5 -> z = 0x7FFFFF.
    Regs r = base_regs();
    ShadowImage img(4, 4, ShadowTexel{0xFFFFFF, 255});
    img.set(1, 2, ShadowTexel{0, 255});
    img.set(2, 1, ShadowTexel{0, 255});
    const ShadowCoords c = coords(0.375f, 0.5f, 0.5f);
    CHECK(shadow_sample_2d_value(r, img, c, ShadowFilter::Pcf) == 127.5);
    CHECK(shadow_sample_2d(r, img, c, ShadowFilter::Pcf) == gray(128));
    // Nearest samples texel (1, 2) = floor(1.5), floor(2.0) -> 0 (AZ-SW's answer).
    CHECK(shadow_sample_2d(r, img, c, ShadowFilter::Nearest) == gray(0));
    // From the registers: mag linear -> PCF.
    r[GPUREG_TEXUNIT0_PARAM] |= kMagLinear;
    CHECK(shadow_sample_2d(r, img, c) == gray(128));
}

TEST_CASE("shadow model: PCF weights in both directions") {
    // uv = (0.4375, 0.5625): c = (1.25, 1.75), f = (0.25, 0.75); lit texels (1,1) = 100,
    // (2,1) = 200, (1,2) = 40, (2,2) = 80: lerp(lerp(100, 200, .25), lerp(40, 80, .25), .75)
    // = lerp(125, 50, .75) = 68.75 -> 69.
    const Regs r = base_regs();
    ShadowImage img(4, 4, ShadowTexel{0xFFFFFF, 255});
    img.set(1, 1, ShadowTexel{0xFFFFFF, 100});
    img.set(2, 1, ShadowTexel{0xFFFFFF, 200});
    img.set(1, 2, ShadowTexel{0xFFFFFF, 40});
    img.set(2, 2, ShadowTexel{0xFFFFFF, 80});
    const ShadowCoords c = coords(0.4375f, 0.5625f, 0.5f);
    CHECK(shadow_sample_2d_value(r, img, c, ShadowFilter::Pcf) == 68.75);
    CHECK(shadow_sample_2d(r, img, c, ShadowFilter::Pcf) == gray(69));
}

TEST_CASE("shadow model: PCF taps outside go through the wrap mode (suggestion)") {
    // shadow.md 4.5: clamp-to-border taps compare the border as a texel. Border 0 (Z = 0,
    // S = 0). uv = (0.0625, 0.5625): c = (-0.25, 1.75), i = (-1, 1), f = (0.75, 0.75).
    // Taps (-1,1) = border 0, (0,1) = 200, (-1,2) = 0, (0,2) = 100:
    // lerp(lerp(0, 200, .75), lerp(0, 100, .75), .75) = lerp(150, 75, .75) = 93.75 -> 94.
    Regs r = base_regs();
    r[GPUREG_TEXUNIT0_PARAM] = type(2) | wrap(kBorder, kBorder);
    ShadowImage img(4, 4, ShadowTexel{0xFFFFFF, 255});
    img.set(0, 1, ShadowTexel{0xFFFFFF, 200});
    img.set(0, 2, ShadowTexel{0xFFFFFF, 100});
    const ShadowCoords c = coords(0.0625f, 0.5625f, 0.5f);
    CHECK(shadow_sample_2d_value(r, img, c, ShadowFilter::Pcf) == 93.75);
    // Clamp to edge instead: tap -1 reads column 0: lerp(lerp(200, 200, .75), 100, .75) = 125.
    r[GPUREG_TEXUNIT0_PARAM] = type(2) | wrap(kEdge, kEdge);
    CHECK(shadow_sample_2d_value(r, img, c, ShadowFilter::Pcf) == 125.0);
}

TEST_CASE("shadow model: nearest tap at floor(u W), not trunc (suggestion)") {
    // shadow.md 4.4: floor(-0.4) = -1 -> border; Azahar's trunc would give column 0.
    Regs r = base_regs();
    r[GPUREG_TEXUNIT0_PARAM] = type(2) | wrap(kBorder, kBorder);
    r[GPUREG_TEXUNIT0_BORDER_COLOR] = 0xFFFFFF21u; // R = 0x21 = 33, depth 0xFFFFFF
    const ShadowImage img(4, 4, ShadowTexel{0xFFFFFF, 255});
    CHECK(shadow_sample_2d(r, img, coords(-0.1f, 0.5f, 0.5f), ShadowFilter::Nearest) == gray(33));
    CHECK(shadow_sample_2d(r, img, coords(0.1f, 0.5f, 0.5f), ShadowFilter::Nearest) == gray(255));
    // u = 1.0 -> column 4 -> border.
    CHECK(shadow_sample_2d(r, img, coords(1.0f, 0.5f, 0.5f), ShadowFilter::Nearest) == gray(33));
}

TEST_CASE("shadow model: wrap modes on nearest taps") {
    // PARAM wrap S bits 12-14, wrap T bits 8-10 (SPEC). Row t = 2 (v = 0.6) holds 10, 20, 30, 40.
    Regs r = base_regs();
    ShadowImage img(4, 4, ShadowTexel{0xFFFFFF, 255});
    for (unsigned s = 0; s < 4; ++s)
        img.set(s, 2, ShadowTexel{0xFFFFFF, static_cast<std::uint8_t>(10 * (s + 1))});
    const auto at = [&](unsigned mode_s, float u) {
        r[GPUREG_TEXUNIT0_PARAM] = type(2) | wrap(mode_s, kEdge);
        return shadow_sample_2d(r, img, coords(u, 0.6f, 0.5f), ShadowFilter::Nearest)[0];
    };
    // u = 1.3 -> s = 5; u = -0.1 -> s = -1.
    CHECK(at(kEdge, 1.3f) == 40);    // clamp: 3
    CHECK(at(kRepeat, 1.3f) == 20);  // 5 mod 4 = 1
    CHECK(at(kMirror, 1.3f) == 30);  // 5 in period 8 -> 8 - 1 - 5 = 2
    CHECK(at(kEdge, -0.1f) == 10);   // 0
    CHECK(at(kRepeat, -0.1f) == 40); // 3
    CHECK(at(kMirror, -0.1f) == 10); // -1 -> 7 -> 0
    // Modes 4-7 are not in the register reference: clamp to edge (our choice).
    CHECK(at(5, 1.3f) == 40);
    CHECK(at(7, -0.1f) == 10);
    // T uses bits 8-10: border on T only, v = 1.1 -> border (0 -> Z = 0 < z -> 0).
    r[GPUREG_TEXUNIT0_PARAM] = type(2) | wrap(kEdge, kBorder);
    CHECK(shadow_sample_2d(r, img, coords(0.3f, 1.1f, 0.5f), ShadowFilter::Nearest) == gray(0));
    CHECK(shadow_sample_2d(r, img, coords(1.3f, 0.6f, 0.5f), ShadowFilter::Nearest) == gray(40));
}

TEST_CASE("shadow model: the border is compared as a texel (suggestion)") {
    // shadow.md 4.5: border 0x400000C8 -> R = 0xC8 = 200, A:B:G = 0x40:00:00 -> Z = 0x400000.
    Regs r = base_regs();
    r[GPUREG_TEXUNIT0_PARAM] = type(2) | wrap(kBorder, kBorder);
    r[GPUREG_TEXUNIT0_BORDER_COLOR] = 0x400000C8u;
    const ShadowImage img(4, 4, ShadowTexel{0xFFFFFF, 255});
    CHECK(shadow_sample_2d(r, img, coords(1.5f, 0.5f, 0.25f), ShadowFilter::Nearest) ==
          gray(200)); // z = 0x3FFFFF <= 0x400000
    CHECK(shadow_sample_2d(r, img, coords(1.5f, 0.5f, 0.5f), ShadowFilter::Nearest) ==
          gray(0)); // z = 0x7FFFFF
    // EX-SM's border 0xFFFFFFFF is lit even at the farthest depth.
    r[GPUREG_TEXUNIT0_BORDER_COLOR] = 0xFFFFFFFFu;
    CHECK(shadow_sample_2d(r, img, coords(-2.0f, 0.5f, 1.0f), ShadowFilter::Nearest) == gray(255));
    CHECK(shadow_sample_2d(r, img, coords(-2.0f, 0.5f, 1.0f), ShadowFilter::Pcf) == gray(255));
}

// ---- cube --------------------------------------------------------------------------------------

TEST_CASE("shadow model: cube face selection and coordinates") {
    // Sheet 8.7: (0.2, -0.5, 0.1) -> -Y, m = 0.5, (s, t) = (0.7, 0.4).
    ShadowCubeCoords c = shadow_cube_coords(0.2f, -0.5f, 0.1f);
    CHECK(c.face == CubeFace::NegY);
    CHECK(c.major == 0.5);
    CHECK(c.s == doctest::Approx(0.7).epsilon(1e-7));
    CHECK(c.t == doctest::Approx(0.4).epsilon(1e-7));
    // Ties: X/Y tie -> Y; X/Z and Y/Z ties -> Z (shadow.md 4.2).
    CHECK(shadow_cube_coords(0.5f, 0.5f, 0.1f).face == CubeFace::PosY);
    CHECK(shadow_cube_coords(0.5f, 0.1f, 0.5f).face == CubeFace::PosZ);
    CHECK(shadow_cube_coords(0.1f, 0.5f, -0.5f).face == CubeFace::NegZ);
    // Each face's formula, with exact binary fractions.
    struct Case {
        float x, y, z;
        CubeFace face;
        double s, t;
    };
    const Case cases[] = {
        {1.0f, 0.5f, -0.25f, CubeFace::PosX, 0.625, 0.25},  // (0.5 - 0.5 z/m, 0.5 - 0.5 y/m)
        {-1.0f, 0.5f, -0.25f, CubeFace::NegX, 0.375, 0.25}, // (0.5 + 0.5 z/m, 0.5 - 0.5 y/m)
        {0.5f, 1.0f, -0.25f, CubeFace::PosY, 0.75, 0.375},  // (0.5 + 0.5 x/m, 0.5 + 0.5 z/m)
        {0.5f, -1.0f, -0.25f, CubeFace::NegY, 0.75, 0.625}, // (0.5 + 0.5 x/m, 0.5 - 0.5 z/m)
        {0.5f, -0.25f, 1.0f, CubeFace::PosZ, 0.75, 0.625},  // (0.5 + 0.5 x/m, 0.5 - 0.5 y/m)
        {0.5f, -0.25f, -1.0f, CubeFace::NegZ, 0.25, 0.625}, // (0.5 - 0.5 x/m, 0.5 - 0.5 y/m)
    };
    for (const Case& k : cases) {
        c = shadow_cube_coords(k.x, k.y, k.z);
        CHECK(c.face == k.face);
        CHECK(c.s == k.s);
        CHECK(c.t == k.t);
        CHECK(c.major == 1.0);
    }
}

TEST_CASE("shadow model: cube sampling and its reference depth") {
    // Sheet 8.7: (0.2, -0.5, 0.1) -> -Y face, (s, t) = (0.7, 0.4) -> texel (2, 1) of a 4x4 face,
    // z = trunc(0.5 * 0xFFFFFF) = 0x7FFFFF (the major-axis distance).
    Regs r = base_regs();
    r[GPUREG_TEXUNIT0_PARAM] = type(4) | kShadowBit;
    std::vector<ShadowImage> faces = cube_faces();
    const ShadowCoords dir = coords(0.2f, -0.5f, 0.1f);
    faces[static_cast<std::size_t>(CubeFace::NegY)].set(2, 1, ShadowTexel{0x7FFFFF, 99});
    CHECK(shadow_sample_cube(r, faces, dir, ShadowFilter::Nearest) == gray(99)); // Z == z: lit
    faces[static_cast<std::size_t>(CubeFace::NegY)].set(2, 1, ShadowTexel{0x7FFFFE, 99});
    CHECK(shadow_sample_cube(r, faces, dir, ShadowFilter::Nearest) == gray(0));
    // The bias applies (B24 = 2 -> z = 0x7FFFFD); 0x08B bit 0 plays no part.
    r[GPUREG_TEXUNIT0_SHADOW] = 0x00000002u;
    CHECK(shadow_sample_cube(r, faces, dir, ShadowFilter::Nearest) == gray(99));
    r[GPUREG_TEXUNIT0_SHADOW] = 0x00000003u;
    CHECK(shadow_sample_cube(r, faces, dir, ShadowFilter::Nearest) == gray(99));
    // Another face: +X centre reads that face's fill (10 * (0 + 1)).
    CHECK(shadow_sample_cube(r, faces, coords(0.9f, 0.1f, 0.1f), ShadowFilter::Nearest) ==
          gray(10));
}

TEST_CASE("shadow model: cube nearest taps wrap, cube PCF clamps to the face (suggestion)") {
    Regs r = base_regs();
    r[GPUREG_TEXUNIT0_PARAM] = type(4) | wrap(kBorder, kBorder); // border 0: Z = 0, S = 0
    std::vector<ShadowImage> faces = cube_faces();
    // (0.5, 0.5, 0.1): X/Y tie -> +Y, s = 1.0 -> column 4: a border hit with nearest (AZ-SW).
    const ShadowCoords tie = coords(0.5f, 0.5f, 0.1f);
    CHECK(shadow_sample_cube(r, faces, tie, ShadowFilter::Nearest) == gray(0));
    // With clamp to edge it is texel (3, 2) of +Y (t = 0.6 -> 2).
    faces[static_cast<std::size_t>(CubeFace::PosY)].set(3, 2, ShadowTexel{0xFFFFFF, 123});
    r[GPUREG_TEXUNIT0_PARAM] = type(4) | wrap(kEdge, kEdge);
    CHECK(shadow_sample_cube(r, faces, tie, ShadowFilter::Nearest) == gray(123));
    // PCF near the +X edge: (1, 0, -0.9375) -> s = 0.96875, t = 0.5: c = (3.375, 1.5),
    // f = (0.375, 0.5); taps at column 4 clamp to 3 even with wrap = border, so the result is
    // 0.5 * r(3,1) + 0.5 * r(3,2) = 0.5 * 200 + 0.5 * 100 = 150.
    r[GPUREG_TEXUNIT0_PARAM] = type(4) | wrap(kBorder, kBorder);
    faces[static_cast<std::size_t>(CubeFace::PosX)].set(3, 1, ShadowTexel{0xFFFFFF, 200});
    faces[static_cast<std::size_t>(CubeFace::PosX)].set(3, 2, ShadowTexel{0xFFFFFF, 100});
    CHECK(shadow_sample_cube_value(r, faces, coords(1.0f, 0.0f, -0.9375f), ShadowFilter::Pcf) ==
          150.0);
}

// ---- the unit ----------------------------------------------------------------------------------

TEST_CASE("shadow model: texture unit 0 dispatch, disabled unit is zero (suggestion)") {
    Regs r = base_regs();
    std::vector<ShadowImage> faces = cube_faces();
    ShadowColor out{1, 2, 3, 4};
    // Type 2 samples faces[0] (the +X fill, 10).
    CHECK(shadow_unit0_color(r, faces, coords(0.5f, 0.5f, 0.5f), ShadowFilter::Nearest, out));
    CHECK(out == gray(10));
    // Type 4 samples the cube: (0, 0, -1) -> -Z face fill, 60.
    r[GPUREG_TEXUNIT0_PARAM] = type(4) | kShadowBit;
    CHECK(shadow_unit0_color(r, faces, coords(0.0f, 0.0f, -1.0f), ShadowFilter::Nearest, out));
    CHECK(out == gray(60));
    // A cube with only one face: the -Z face is missing -> border (0 -> Z = 0 < z = 0xFFFFFF).
    CHECK(shadow_unit0_color(r, std::span<const ShadowImage>(faces.data(), 1),
                             coords(0.0f, 0.0f, -1.0f), ShadowFilter::Nearest, out));
    CHECK(out == gray(0));
    // Unit 0 disabled (TEXUNIT_CONFIG bit 0 = 0): (0, 0, 0, 0) (shadow.md 4.6 suggestion).
    r[GPUREG_TEXUNIT_CONFIG] = 0x00001000u;
    out = {1, 2, 3, 4};
    CHECK(shadow_unit0_color(r, faces, coords(0.0f, 0.0f, -1.0f), ShadowFilter::Nearest, out));
    CHECK(out == gray(0));
    // Not a shadow type: false, out untouched.
    r[GPUREG_TEXUNIT_CONFIG] = 0x00001001u;
    r[GPUREG_TEXUNIT0_PARAM] = type(0) | kShadowBit;
    out = {1, 2, 3, 4};
    CHECK_FALSE(shadow_unit0_color(r, faces, coords(0.5f, 0.5f, 0.5f), ShadowFilter::Nearest, out));
    CHECK(out == ShadowColor{1, 2, 3, 4});
    // Type 2 with no image at all: border.
    r[GPUREG_TEXUNIT0_PARAM] = type(2);
    r[GPUREG_TEXUNIT0_BORDER_COLOR] = 0xFFFFFF2Au;
    CHECK(shadow_unit0_color(r, {}, coords(0.5f, 0.5f, 0.5f), ShadowFilter::Pcf, out));
    CHECK(out == gray(42));
}

TEST_CASE("shadow model: 8-bit result rounds to nearest and replicates (our choice)") {
    // shadow.md 4.3: (v, v, v, v); rounding to nearest is our choice (sheet 8.6: 0.5 -> 128).
    CHECK(shadow_value_to_color(127.5) == gray(128));
    CHECK(shadow_value_to_color(127.49) == gray(127));
    CHECK(shadow_value_to_color(200.0) == gray(200));
    CHECK(shadow_value_to_color(-3.0) == gray(0));
    CHECK(shadow_value_to_color(300.0) == gray(255));
    CHECK(shadow_value_to_color(kNaN) == gray(0));
}

TEST_CASE("shadow model: bad sampling input never gives NaN or crashes") {
    // NaN coordinates are a border hit (shadow.md 6 suggestion); infinities too (our choice).
    Regs r = base_regs();
    r[GPUREG_TEXUNIT0_BORDER_COLOR] = 0x400000C8u; // Z = 0x400000, S = 200
    const ShadowImage img(4, 4, ShadowTexel{0xFFFFFF, 255});
    for (ShadowFilter f : {ShadowFilter::Nearest, ShadowFilter::Pcf}) {
        CAPTURE(static_cast<int>(f));
        // Orthographic, NaN u: border, z = trunc(0.25 * 0xFFFFFF) = 0x3FFFFF -> 200.
        CHECK(shadow_sample_2d(r, img, coords(kNaNf, 0.5f, 0.25f), f) == gray(200));
        CHECK(shadow_sample_2d(r, img, coords(0.5f, kInff, 0.25f), f) == gray(200));
        // Orthographic, NaN w: the coordinates are fine, z reads 0 (our choice) -> lit texel.
        CHECK(shadow_sample_2d(r, img, coords(0.5f, 0.5f, kNaNf), f) == gray(255));
        // Perspective with w = 0: u/0 = inf and 0/0 = NaN -> border; z = 0 -> lit border.
        r[GPUREG_TEXUNIT0_SHADOW] = 0x00000000u;
        CHECK(shadow_sample_2d(r, img, coords(0.5f, 0.5f, 0.0f), f) == gray(200));
        CHECK(shadow_sample_2d(r, img, coords(0.0f, 0.0f, 0.0f), f) == gray(200));
        CHECK(shadow_sample_2d(r, img, coords(0.5f, 0.5f, -0.0f), f) == gray(200));
        CHECK(shadow_sample_2d(r, img, coords(0.5f, 0.5f, kNaNf), f) == gray(200));
        // w = inf: u/inf = 0 -> texel (0, 0); z = 0xFFFFFF -> equality -> 255.
        CHECK(shadow_sample_2d(r, img, coords(0.5f, 0.5f, kInff), f) == gray(255));
        r[GPUREG_TEXUNIT0_SHADOW] = 0x00000001u;
        // Huge finite coordinates with repeat: no overflow, some texel of the uniform image.
        r[GPUREG_TEXUNIT0_PARAM] = type(2) | wrap(kRepeat, kMirror);
        CHECK(shadow_sample_2d(r, img, coords(1e30f, -1e30f, 0.25f), f) == gray(255));
        r[GPUREG_TEXUNIT0_PARAM] = type(2) | wrap(kEdge, kEdge);
        // Cube: the zero direction -> -Z with m = 0 -> NaN coordinates -> border, z = 0.
        std::vector<ShadowImage> faces = cube_faces();
        CHECK(shadow_sample_cube(r, faces, coords(0.0f, 0.0f, 0.0f), f) == gray(200));
        CHECK(shadow_sample_cube(r, faces, coords(kNaNf, kNaNf, kNaNf), f) == gray(200));
        // One infinite component: that axis, (s, t) = (0.5, 0.5), z = 0xFFFFFF -> +X fill 10.
        CHECK(shadow_sample_cube(r, faces, coords(kInff, 0.1f, 0.1f), f) == gray(10));
        // Two infinite components: inf / inf = NaN -> border; z = 0xFFFFFF > 0x400000 -> 0.
        CHECK(shadow_sample_cube(r, faces, coords(kInff, kInff, 0.1f), f) == gray(0));
        // An empty image: every tap is the border.
        CHECK(shadow_sample_2d(r, ShadowImage{}, coords(0.5f, 0.5f, 0.25f), f) == gray(200));
        // An image whose vector is shorter than width * height: the missing texel is the border.
        ShadowImage short_img(4, 4);
        short_img.texels.resize(2);
        CHECK(shadow_sample_2d(r, short_img, coords(0.9f, 0.9f, 0.25f), f) == gray(200));
        CHECK_FALSE(std::isnan(shadow_sample_2d_value(r, img, coords(kNaNf, kNaNf, kNaNf), f)));
        CHECK_FALSE(
            std::isnan(shadow_sample_cube_value(r, faces, coords(kNaNf, kInff, -kInff), f)));
    }
}

// ---- lighting attenuation ----------------------------------------------------------------------

TEST_CASE("shadow model: lighting shadow unit and enable bits") {
    Regs r{};
    // EX-SM: 0x88000400 | 0x00020001 -> enabled, secondary only, unit 0 (shadow.md 9.B).
    r[GPUREG_LIGHTING_CONFIG0] = 0x88020401u;
    CHECK(shadow_factor_enabled(r));
    CHECK(shadow_lighting_unit(r) == 0);
    r[GPUREG_LIGHTING_CONFIG0] = 0x03000001u; // bits 24-25 = 3: the procedural texture
    CHECK(shadow_lighting_unit(r) == 3);
    r[GPUREG_LIGHTING_CONFIG0] = 0x01000000u;
    CHECK_FALSE(shadow_factor_enabled(r));
    CHECK(shadow_lighting_unit(r) == 1);
}

TEST_CASE("shadow model: lighting diffuse and specular factors (sheet 8.8)") {
    // shadow.md 5, 8.8: sample 128 on unit 0, CONFIG0 bits 0 + 16, light shadow enabled ->
    // diffuse factor 128/255; bit 18 -> 1 - 128/255; CONFIG1 bit 0 -> unshadowed.
    Regs r{};
    r[GPUREG_LIGHTING_CONFIG0] = 0x00010001u;
    const ShadowColor s = gray(128);
    ShadowLightFactors f = shadow_light_factors(r, s, 0);
    CHECK(f.diffuse == std::array<double, 3>{128.0 / 255, 128.0 / 255, 128.0 / 255});
    CHECK(f.specular == std::array<double, 3>{1, 1, 1});
    r[GPUREG_LIGHTING_CONFIG0] = 0x00050001u; // + invert
    f = shadow_light_factors(r, s, 0);
    CHECK(f.diffuse[0] == 1.0 - 128.0 / 255);
    CHECK(f.diffuse[0] == doctest::Approx(127.0 / 255).epsilon(1e-15));
    r[GPUREG_LIGHTING_CONFIG1] = 0x1u; // light id 0: shadow disabled
    f = shadow_light_factors(r, s, 0);
    CHECK(f.diffuse == std::array<double, 3>{1, 1, 1});
    // Other ids are unaffected by bit 0; id 3 by bit 3.
    r[GPUREG_LIGHTING_CONFIG0] = 0x00030001u; // primary + secondary
    f = shadow_light_factors(r, ShadowColor{10, 20, 30, 40}, 3);
    CHECK(f.diffuse == std::array<double, 3>{10.0 / 255, 20.0 / 255, 30.0 / 255});
    CHECK(f.specular == std::array<double, 3>{10.0 / 255, 20.0 / 255, 30.0 / 255});
    r[GPUREG_LIGHTING_CONFIG1] = 0x8u;
    f = shadow_light_factors(r, s, 3);
    CHECK(f.diffuse == std::array<double, 3>{1, 1, 1});
    CHECK(f.specular == std::array<double, 3>{1, 1, 1});
    // A light id above 7 reads as id & 7 (our choice): 11 -> 3.
    f = shadow_light_factors(r, s, 11);
    CHECK(f.diffuse == std::array<double, 3>{1, 1, 1});
    // Secondary only (EX-SM): diffuse 1, specular sh.
    r[GPUREG_LIGHTING_CONFIG1] = 0;
    r[GPUREG_LIGHTING_CONFIG0] = 0x88020401u;
    f = shadow_light_factors(r, gray(51), 0);
    CHECK(f.diffuse == std::array<double, 3>{1, 1, 1});
    CHECK(f.specular == std::array<double, 3>{0.2, 0.2, 0.2});
}

TEST_CASE("shadow model: lighting bit 0 clear disables everything, invert included") {
    // shadow.md 5: bit 0 = 0 -> sh = 1 and bits 16-19 have no effect. citro3d never sets bit
    // 18 alone with bit 0 (shadow.md 1.5), but a raw write can: sh stays 1, not 0.
    Regs r{};
    r[GPUREG_LIGHTING_CONFIG0] = 0x000F000Cu; // bits 16-19 and both Fresnel bits, no bit 0
    const ShadowColor s = gray(0);
    CHECK(shadow_lighting_sh(r, s) == std::array<double, 4>{1, 1, 1, 1});
    const ShadowLightFactors f = shadow_light_factors(r, s, 0);
    CHECK(f.diffuse == std::array<double, 3>{1, 1, 1});
    CHECK(f.specular == std::array<double, 3>{1, 1, 1});
    const ShadowAlphaFactors a = shadow_alpha_factors(r, s);
    CHECK(a.primary == 1.0);
    CHECK(a.secondary == 1.0);
    // With bit 0 and invert: sample 0 -> sh = 1; sample 255 -> 0.
    r[GPUREG_LIGHTING_CONFIG0] = 0x00040001u;
    CHECK(shadow_lighting_sh(r, gray(0)) == std::array<double, 4>{1, 1, 1, 1});
    CHECK(shadow_lighting_sh(r, gray(255)) == std::array<double, 4>{0, 0, 0, 0});
    // Channels outside 0-255 are clamped (our choice).
    r[GPUREG_LIGHTING_CONFIG0] = 0x00000001u;
    CHECK(shadow_lighting_sh(r, ShadowColor{300, -1, 255, 0}) == std::array<double, 4>{1, 0, 1, 0});
}

TEST_CASE("shadow model: lighting alpha factors") {
    // shadow.md 5: bit 19, once after all lights: primary.a with CONFIG0 bit 2, secondary.a
    // with bit 3; CONFIG1 plays no part.
    Regs r{};
    const ShadowColor s{255, 255, 255, 51}; // sh.a = 0.2
    r[GPUREG_LIGHTING_CONFIG0] = 0x00080001u | (1u << 2);
    ShadowAlphaFactors a = shadow_alpha_factors(r, s);
    CHECK(a.primary == 0.2);
    CHECK(a.secondary == 1.0);
    r[GPUREG_LIGHTING_CONFIG0] = 0x00080001u | (1u << 3);
    r[GPUREG_LIGHTING_CONFIG1] = 0xFFu;
    a = shadow_alpha_factors(r, s);
    CHECK(a.primary == 1.0);
    CHECK(a.secondary == 0.2);
    r[GPUREG_LIGHTING_CONFIG0] = 0x00080001u | (3u << 2);
    a = shadow_alpha_factors(r, s);
    CHECK(a.primary == 0.2);
    CHECK(a.secondary == 0.2);
    // Without bit 19 the alphas are untouched, and bits 16/17 do not touch alpha.
    r[GPUREG_LIGHTING_CONFIG0] = 0x00030001u | (3u << 2);
    a = shadow_alpha_factors(r, s);
    CHECK(a.primary == 1.0);
    CHECK(a.secondary == 1.0);
    // Bit 19 with invert: 1 - 0.2.
    r[GPUREG_LIGHTING_CONFIG0] = 0x000C0001u | (1u << 2);
    CHECK(shadow_alpha_factors(r, s).primary == 1.0 - 51.0 / 255);
}
