// Tests of the gas-rendering reference model (tests/oracle/gas_model.*) against hand-computed
// values. Each expectation is derived by hand from the gas fact sheet (docs/research/gas.md,
// "gas.md N.N", mostly its proposed model in section 4 and the test ideas in section 6) and the
// register reference (shared/spec/004), not from the model's code. All expected values are
// "(model)" values (gas.md 6): they follow the sheet's choices, not hardware data. Every UNKNOWN
// choice the model makes has a test that names it.

#include "gas_model.h"

#include "pica/regs/reg_ids.h"

#include <doctest/doctest.h>

#include <array>
#include <cmath>
#include <cstdint>
#include <limits>

using namespace picavk;
using namespace picavk::pica;
using namespace picavk::test::oracle;

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();

// float16 words (float1.5.10): 1.0, 0.5, 4.0, +inf, -inf, NaN, -1.0.
constexpr std::uint32_t kF16One = 0x3C00, kF16Half = 0x3800, kF16Four = 0x4400;
constexpr std::uint32_t kF16Inf = 0x7C00, kF16NegInf = 0xFC00, kF16NaN = 0x7E00;
constexpr std::uint32_t kF16NegOne = 0xBC00;

// 0x126 word: deltaZ raw bits 0-23, depth function bits 24-25.
constexpr std::uint32_t delta_z(std::uint32_t raw, unsigned function) {
    return raw | (function << 24);
}

// The accumulation pass: COLOR_OPERATION = citro3d C3D_FragOpMode(GPU_FRAGOPMODE_GAS_ACC)
// (0xE40000 | 1), fog mode 7, all four colour-write bits on (DEPTH_COLOR_MASK bits 8-11).
Regs acc_regs(std::uint32_t delta_z_word) {
    Regs r{};
    r[GPUREG_COLOR_OPERATION] = 0x00E40001u;
    r[GPUREG_TEXENV_UPDATE_BUFFER] = 0x7u;
    r[GPUREG_DEPTH_COLOR_MASK] = 0x00000F00u;
    r[GPUREG_GAS_DELTAZ_DEPTH] = delta_z_word;
    return r;
}

// The shading pass: COLOR_OPERATION mode 0, fog mode 7 (| 8 for depth density), ACCMAX and
// ATTENUATION as given, planar light 0x00FF00 (min 0, max 255, attenuation 0: L = 1).
Regs shade_regs(bool depth_density, std::uint32_t accmax, std::uint32_t attn) {
    Regs r{};
    r[GPUREG_COLOR_OPERATION] = 0x00E40000u;
    r[GPUREG_TEXENV_UPDATE_BUFFER] = depth_density ? 0xFu : 0x7u;
    r[GPUREG_GAS_ACCMAX] = accmax;
    r[GPUREG_GAS_ATTENUATION] = attn;
    r[GPUREG_GAS_LIGHT_XY] = 0x00FF00u;
    return r;
}

// citro3d GasLut_FromArray of grey 0, 32, ..., 224, 255 (gas.md 6.2): every difference encodes
// as trunc(32 / 255 * 127) = 15 (trunc(31 / 255 * 127) = 15 for the last), colours 0x000000 ..
// 0xE0E0E0.
GasLut ramp_lut() {
    GasLut lut{};
    for (unsigned i = 0; i < 8; ++i) {
        lut[i] = 0x0F0F0Fu;
        lut[8 + i] = 0x202020u * i;
    }
    return lut;
}

// Descending grey 255, 223, ..., 31, 0 (gas.md 6.3): citro3d's sign-magnitude encoder writes
// 0x80 | trunc(32 / 255 * 127) = 0x8F for every step (0x80 | 15 for the last, -31).
GasLut descending_lut() {
    GasLut lut{};
    for (unsigned i = 0; i < 8; ++i) {
        lut[i] = 0x8F8F8Fu;
        lut[8 + i] = 0x010101u * (255 - 32 * i);
    }
    return lut;
}

// The shaded value of the LUT sample alone on the 0-255 scale.
double lut255(const GasLut& lut, double x, unsigned c = 0) {
    return gas_lut_sample(lut, x)[c] * 255.0;
}

GasColor texel_bytes(unsigned d1, unsigned d2) {
    return {static_cast<int>(d1 >> 8), static_cast<int>(d1 & 0xFF), static_cast<int>(d2 >> 8),
            static_cast<int>(d2 & 0xFF)};
}

bool finite_shading(const GasShading& s) {
    bool ok = std::isfinite(s.d1) && std::isfinite(s.d2) && std::isfinite(s.n1) &&
              std::isfinite(s.n2) && std::isfinite(s.s) && std::isfinite(s.light) &&
              std::isfinite(s.lut_x);
    for (double v : s.lut)
        ok = ok && std::isfinite(v);
    for (double v : s.rgba)
        ok = ok && std::isfinite(v);
    return ok;
}

} // namespace

// ---- registers ---------------------------------------------------------------------------------

TEST_CASE("gas model: COLOR_OPERATION mode 1 selects the accumulation pass") {
    Regs r{};
    r[GPUREG_COLOR_OPERATION] = 0x00E40001u; // C3D_FragOpMode(GPU_FRAGOPMODE_GAS_ACC) (gas.md 1.1)
    CHECK(gas_accumulation_applies(r));
    CHECK(gas_regs(r).accumulation);
    // The fog mode does not matter for accumulation (gas.md 4.2 heading)...
    r[GPUREG_TEXENV_UPDATE_BUFFER] = 0x7u;
    CHECK(gas_accumulation_applies(r));
    // ...and the fog unit does not shade in mode 1 (gas.md 4.2(1)).
    CHECK_FALSE(gas_shading_applies(r));
    r[GPUREG_COLOR_OPERATION] = 0x00E40101u; // blend bit 8 does not matter
    CHECK(gas_accumulation_applies(r));
    for (std::uint32_t mode : {0u, 2u, 3u}) {
        r[GPUREG_COLOR_OPERATION] = 0x00E40000u | mode;
        CHECK_FALSE(gas_accumulation_applies(r));
    }
}

TEST_CASE("gas model: fog mode 7 selects the shading pass") {
    Regs r{};
    r[GPUREG_COLOR_OPERATION] = 0x00E40000u;
    // C3D_FogGasMode(GPU_GAS, GPU_PLAIN_DENSITY, false): bits 0-2 = 7 (gas.md 1.2).
    r[GPUREG_TEXENV_UPDATE_BUFFER] = 0x7u;
    CHECK(gas_shading_applies(r));
    CHECK(gas_regs(r).fog_gas);
    CHECK_FALSE(gas_regs(r).depth_density);
    // GPU_DEPTH_DENSITY sets bit 3; the combiner-buffer bits 8-15 and Z flip bit 16 don't matter.
    r[GPUREG_TEXENV_UPDATE_BUFFER] = 0x0001FF0Fu;
    CHECK(gas_shading_applies(r));
    CHECK(gas_regs(r).depth_density);
    // Fog mode 5 (fog) and 0 (off) are not gas.
    for (std::uint32_t mode : {0u, 5u, 6u}) {
        r[GPUREG_TEXENV_UPDATE_BUFFER] = mode;
        CHECK_FALSE(gas_shading_applies(r));
        CHECK_FALSE(gas_regs(r).fog_gas);
    }
}

TEST_CASE("gas model: COLOR_OPERATION mode 2 shades as default (UNKNOWN, suggestion)") {
    // gas.md 1.1: mode 2 is "?"; the sheet suggests "default".
    Regs r{};
    r[GPUREG_TEXENV_UPDATE_BUFFER] = 0x7u;
    r[GPUREG_COLOR_OPERATION] = 0x00E40002u;
    CHECK(gas_shading_applies(r));
    CHECK_FALSE(gas_accumulation_applies(r));
}

TEST_CASE("gas model: shadow mode with fog mode 7 does not shade (our choice)") {
    Regs r{};
    r[GPUREG_TEXENV_UPDATE_BUFFER] = 0x7u;
    r[GPUREG_COLOR_OPERATION] = 0x00E40003u;
    CHECK_FALSE(gas_shading_applies(r));
    CHECK_FALSE(gas_accumulation_applies(r));
}

TEST_CASE("gas model: register decoding") {
    Regs r{};
    // ACCMAX: C3D_GasAccMax(600 / 255) writes f16(255 / 600 = 0.425) truncated = 0x36CC
    // = (1 + 716 / 1024) / 4 = 0.4248046875 (gas.md 1.3, 6.5). Bits 16-31 are not read.
    r[GPUREG_GAS_ACCMAX] = 0xFFFF36CCu;
    r[GPUREG_GAS_ATTENUATION] = 0x00003C00u;   // C3D_GasAttn(1.0)
    r[GPUREG_GAS_LIGHT_XY] = 0x0080FF40u;      // min 0x40, max 0xFF, attn 0x80 (gas.md 6.6)
    r[GPUREG_GAS_LIGHT_Z] = 0x00FF8000u;       // min 0, max 0x80, attn 0xFF
    r[GPUREG_GAS_LIGHT_Z_COLOR] = 0x00000140u; // line of sight 0x40, LUT input = light factor
    // DELTAZ: k = 0x010000 / 256 = 256; function 2 (citro3d's default GREATER maps to 2).
    r[GPUREG_GAS_DELTAZ_DEPTH] = 0x02010000u;
    r[kGasAccMaxFeedbackReg] = 0x1234ABCDu;
    const GasRegs g = gas_regs(r);
    CHECK(g.accmax_scale == 0.4248046875);
    CHECK(g.attenuation == 1.0);
    CHECK(g.planar.min == doctest::Approx(64.0 / 255.0));
    CHECK(g.planar.max == 1.0);
    CHECK(g.planar.attenuation == doctest::Approx(128.0 / 255.0));
    CHECK(g.view.min == 0.0);
    CHECK(g.view.max == doctest::Approx(128.0 / 255.0));
    CHECK(g.view.attenuation == 1.0);
    CHECK(g.line_of_sight == doctest::Approx(64.0 / 255.0));
    CHECK(g.lut_input_light);
    CHECK(g.delta_z_raw == 0x010000u);
    CHECK(g.delta_z == 256.0);
    CHECK(g.depth_function == GasDepthFunction::Greater);
    CHECK(g.feedback == 0xABCD);
    // Bits 24-31 of the light registers and bits 9-31 of 0x122 are not read.
    r[GPUREG_GAS_LIGHT_XY] = 0xFF0080FFu;
    r[GPUREG_GAS_LIGHT_Z_COLOR] = 0xFFFFFE00u;
    const GasRegs h = gas_regs(r);
    CHECK(h.planar.min == 1.0);
    CHECK(h.planar.max == doctest::Approx(128.0 / 255.0));
    CHECK(h.planar.attenuation == 0.0);
    CHECK(h.line_of_sight == 0.0);
    CHECK_FALSE(h.lut_input_light);
    // citro3d's buggy converter: C3D_GasLightPlanar(0.25, 1.0, 0.5) writes 0x00FF00 (gas.md 1.4).
    const GasLightTerm c3d = gas_light_term_from_reg(0x00FF00u);
    CHECK(c3d.min == 0.0);
    CHECK(c3d.max == 1.0);
    CHECK(c3d.attenuation == 0.0);
    // C3D_GasDeltaZ(1.0) = 0x100 -> k = 1; the largest raw value 0xFFFFFF -> k = 65535.99609375.
    CHECK(gas_regs(acc_regs(0x100u)).delta_z == 1.0);
    CHECK(gas_regs(acc_regs(0xFFFFFFu)).delta_z == 65535.99609375);
}

TEST_CASE("gas model: the depth function is used as written (UNKNOWN, sheet's choice)") {
    // gas.md 1.8, 5.5: SPEC and citro3d disagree on the mapping; the register value is used as
    // written: 0 never, 1 always, 2 greater, 3 less.
    CHECK(gas_regs(acc_regs(delta_z(0, 0))).depth_function == GasDepthFunction::Never);
    CHECK(gas_regs(acc_regs(delta_z(0, 1))).depth_function == GasDepthFunction::Always);
    CHECK(gas_regs(acc_regs(delta_z(0, 2))).depth_function == GasDepthFunction::Greater);
    CHECK(gas_regs(acc_regs(delta_z(0, 3))).depth_function == GasDepthFunction::Less);
    // Bits 26-31 are not read.
    CHECK(gas_regs(acc_regs(0xFF000000u)).depth_function == GasDepthFunction::Less);
}

// ---- the density texel -------------------------------------------------------------------------

TEST_CASE("gas model: density texel channel layout") {
    // D1 in R (high) and G (low), D2 in B (high) and A (low) (gas.md 4.1).
    const GasDensityTexel t{0x1234, 0x00C8};
    CHECK(gas_texel_to_rgba8(t) == GasColor{0x12, 0x34, 0x00, 0xC8});
    CHECK(gas_texel_from_rgba8({0x12, 0x34, 0x00, 0xC8}) == t);
    CHECK(gas_texel_to_rgba8({0xFFFF, 0xFFFF}) == GasColor{255, 255, 255, 255});
    // Channels outside 0-255 are clamped (our choice).
    CHECK(gas_texel_from_rgba8({300, -4, -1, 999}) == GasDensityTexel{0xFF00, 0x00FF});
}

// ---- the LUT -----------------------------------------------------------------------------------

TEST_CASE("gas model: LUT write protocol (index wraps mod 16, sheet's choice)") {
    // gas.md 6.1: index 0 then 16 words: words 0-7 are the differences, 8-15 the colours.
    GasLutFifo fifo;
    fifo.set_index(0);
    for (std::uint32_t i = 0; i < 16; ++i)
        fifo.write(0x100u + i);
    for (std::uint32_t i = 0; i < 16; ++i)
        CHECK(fifo.lut[i] == 0x100u + i);
    // Word 3 is Δ[3], word 11 is C[3] (red byte 0x0B -> 11 / 255; 0x03 -> 3 * 2 / 255).
    CHECK(gas_lut_diff(fifo.lut, 3, 0) == doctest::Approx(6.0 / 255.0));
    CHECK(gas_lut_color(fifo.lut, 3, 0) == doctest::Approx(11.0 / 255.0));
    // Index 14 then 4 words fill 14, 15, 0, 1 (gas.md 4.4, 6.1: wrap mod 16).
    fifo.set_index(14);
    for (std::uint32_t w : {0xA0u, 0xA1u, 0xA2u, 0xA3u})
        fifo.write(w);
    CHECK(fifo.lut[14] == 0xA0u);
    CHECK(fifo.lut[15] == 0xA1u);
    CHECK(fifo.lut[0] == 0xA2u);
    CHECK(fifo.lut[1] == 0xA3u);
    CHECK(fifo.lut[2] == 0x102u);
    // An index beyond 15 overruns into the table mod 16: 0x12 writes word 2.
    fifo.set_index(0x12);
    fifo.write(0xBEEFu);
    CHECK(fifo.lut[2] == 0xBEEFu);
}

TEST_CASE("gas model: LUT ramp (citro3d GasLut_FromArray)") {
    // gas.md 6.2: x = 0 -> 0, 0.5 -> 128, 0.5625 -> 143 (128 + 0.5 * 30), 0.75 -> 192,
    // 1.0 -> 254 (224 + 30, C[7] + Δ[7]: the 9th point).
    const GasLut lut = ramp_lut();
    CHECK(lut255(lut, 0.0) == doctest::Approx(0.0));
    CHECK(lut255(lut, 0.5) == doctest::Approx(128.0));
    CHECK(lut255(lut, 0.5625) == doctest::Approx(143.0));
    CHECK(lut255(lut, 0.75) == doctest::Approx(192.0));
    CHECK(lut255(lut, 1.0) == doctest::Approx(254.0));
    // Inside segment 0: x = 1/32 -> t = 0.25 -> 0 + 0.25 * 30 = 7.5.
    CHECK(lut255(lut, 1.0 / 32.0) == doctest::Approx(7.5));
    // All three channels are the same grey.
    const std::array<double, 3> v = gas_lut_sample(lut, 0.5625);
    CHECK(v[0] == v[1]);
    CHECK(v[1] == v[2]);
}

TEST_CASE("gas model: LUT differences are two's complement x 2/255 (UNKNOWN, sheet's choice)") {
    // gas.md 4.4, 5.1, 6.3: 0x8F decodes as -113 -> -226 / 255; at x = 1/16 (t = 0.5) the
    // descending LUT gives 255 - 113 = 142 (sign-magnitude would give 240, intended 239).
    const GasLut lut = descending_lut();
    CHECK(gas_lut_diff(lut, 0, 0) == doctest::Approx(-226.0 / 255.0));
    CHECK(lut255(lut, 1.0 / 16.0) == doctest::Approx(142.0));
    CHECK(lut255(lut, 1.0 / 16.0) != doctest::Approx(240.0));
    // The extremes: 0x7F -> +254 / 255, 0x80 -> -256 / 255, 0xFF -> -2 / 255.
    GasLut ext{};
    ext[0] = 0xFF807Fu;
    CHECK(gas_lut_diff(ext, 0, 0) == doctest::Approx(254.0 / 255.0));
    CHECK(gas_lut_diff(ext, 0, 1) == doctest::Approx(-256.0 / 255.0));
    CHECK(gas_lut_diff(ext, 0, 2) == doctest::Approx(-2.0 / 255.0));
}

TEST_CASE("gas model: LUT channels are separate bytes") {
    // Word 8 + i: R bits 0-7, G 8-15, B 16-23 (gas.md 1.6). C[2] = (0x10, 0x80, 0xF0), Δ[2] =
    // (+0x08, -0x10 = 0xF0, 0) -> at x = 2.5 / 8: R 16 + 8, G 128 - 16, B 240.
    GasLut lut{};
    lut[10] = 0x00F08010u;
    lut[2] = 0x0000F008u;
    const std::array<double, 3> v = gas_lut_sample(lut, 2.5 / 8.0);
    CHECK(v[0] * 255.0 == doctest::Approx(24.0));
    CHECK(v[1] * 255.0 == doctest::Approx(112.0));
    CHECK(v[2] * 255.0 == doctest::Approx(240.0));
    // Bits 24-31 are not a channel: a channel index above 2 reads B (our choice).
    lut[10] |= 0xAB000000u;
    CHECK(gas_lut_color(lut, 2, 3) == doctest::Approx(240.0 / 255.0));
    CHECK(gas_lut_color(lut, 2, 2) == doctest::Approx(240.0 / 255.0));
}

TEST_CASE("gas model: LUT bad inputs (our choices)") {
    const GasLut lut = ramp_lut();
    // x outside [0, 1] is clamped; NaN reads as 0.
    CHECK(lut255(lut, -1.0) == doctest::Approx(0.0));
    CHECK(lut255(lut, 2.0) == doctest::Approx(254.0));
    CHECK(lut255(lut, kInf) == doctest::Approx(254.0));
    CHECK(lut255(lut, -kInf) == doctest::Approx(0.0));
    CHECK(lut255(lut, kNaN) == doctest::Approx(0.0));
    // A segment index above 7 reads segment & 7: segment 9 is segment 1 (C = 32).
    CHECK(gas_lut_color(lut, 9, 0) * 255.0 == doctest::Approx(32.0));
    CHECK(gas_lut_diff(lut, 15, 0) * 255.0 == doctest::Approx(30.0));
    // The interpolated value saturates: C = 255 with Δ = +0x7F overshoots, C = 0 with Δ = 0x80
    // undershoots; both are clamped to [0, 1] (gas.md 4.4).
    GasLut sat{};
    sat[8] = 0x0000FFu;
    sat[0] = 0x00807Fu;
    const std::array<double, 3> v = gas_lut_sample(sat, 0.0625);
    CHECK(v[0] == 1.0);
    CHECK(v[1] == 0.0);
}

// ---- accumulation pass -------------------------------------------------------------------------

TEST_CASE("gas model: depth weight (sheet example)") {
    // gas.md 6.4: k = 256, zf = 0.500, zb = 0.498: function 2 -> w = 0.002 * 256 = 0.512;
    // function 3 -> 0; function 0 -> 0; function 1 -> 1.
    CHECK(gas_depth_weight(GasDepthFunction::Greater, 256.0, 0.5, 0.498) == doctest::Approx(0.512));
    CHECK(gas_depth_weight(GasDepthFunction::Less, 256.0, 0.5, 0.498) == 0.0);
    CHECK(gas_depth_weight(GasDepthFunction::Never, 256.0, 0.5, 0.498) == 0.0);
    CHECK(gas_depth_weight(GasDepthFunction::Always, 256.0, 0.5, 0.498) == 1.0);
    // Less mirrors Greater; both saturate at 1 beyond a distance of 1 / k.
    CHECK(gas_depth_weight(GasDepthFunction::Less, 256.0, 0.498, 0.5) == doctest::Approx(0.512));
    CHECK(gas_depth_weight(GasDepthFunction::Greater, 256.0, 0.6, 0.5) == 1.0);
    CHECK(gas_depth_weight(GasDepthFunction::Greater, 1.0, 0.75, 0.25) == 0.5);
    // k = 0 makes the soft functions 0.
    CHECK(gas_depth_weight(GasDepthFunction::Greater, 0.0, 1.0, 0.0) == 0.0);
}

TEST_CASE("gas model: accumulation of one fragment (sheet example)") {
    // gas.md 6.4: d8 = 200, DELTAZ = 0x010000: D1 += 200 always; D2 += round(200 * 0.512) = 102
    // with function 2, 0 with 3 and 0, 200 with 1. Stored D1 = 0x0100, D2 = 0x0010.
    const GasColor stored = texel_bytes(0x0100, 0x0010);
    const GasColor combiner{200, 17, 33, 255};
    CHECK(gas_accumulate(acc_regs(delta_z(0x010000, 2)), stored, combiner, 0.5, 0.498) ==
          texel_bytes(0x0100 + 200, 0x0010 + 102));
    CHECK(gas_accumulate(acc_regs(delta_z(0x010000, 3)), stored, combiner, 0.5, 0.498) ==
          texel_bytes(0x0100 + 200, 0x0010));
    CHECK(gas_accumulate(acc_regs(delta_z(0x010000, 0)), stored, combiner, 0.5, 0.498) ==
          texel_bytes(0x0100 + 200, 0x0010));
    CHECK(gas_accumulate(acc_regs(delta_z(0x010000, 1)), stored, combiner, 0.5, 0.498) ==
          texel_bytes(0x0100 + 200, 0x0010 + 200));
    // The same through the texel form.
    CHECK(gas_accumulate_texel(acc_regs(delta_z(0x010000, 2)), {0x0100, 0x0010}, combiner, 0.5,
                               0.498) == GasDensityTexel{0x01C8, 0x0076});
}

TEST_CASE("gas model: D2 rounds to nearest, halves up (our choice)") {
    // C3D_GasDeltaZ(1.0): k = 1; zf - zb = 0.5 -> w = 0.5; d8 = 255 -> 127.5 -> 128.
    CHECK(gas_accumulate_density({0, 0}, 255, 0.5) == GasDensityTexel{255, 128});
    CHECK(gas_accumulate_texel(acc_regs(delta_z(0x100, 2)), {0, 0}, {255, 0, 0, 0}, 0.75, 0.25) ==
          GasDensityTexel{255, 128});
    // 3 * 0.5 = 1.5 -> 2; 3 * 0.4 = 1.2 -> 1.
    CHECK(gas_accumulate_density({0, 0}, 3, 0.5) == GasDensityTexel{3, 2});
    CHECK(gas_accumulate_density({0, 0}, 3, 0.4) == GasDensityTexel{3, 1});
}

TEST_CASE("gas model: the density input is the combiner's red channel (UNKNOWN, sheet's choice)") {
    // gas.md 4.2(2), 5.3: d8 = round(255 * tev_out.r); G, B, A play no part.
    const Regs r = acc_regs(delta_z(0, 1));
    CHECK(gas_accumulate_texel(r, {0, 0}, {10, 200, 30, 40}, 0.5, 0.5) == GasDensityTexel{10, 10});
    CHECK(gas_accumulate_texel(r, {0, 0}, {0, 255, 255, 255}, 0.5, 0.5) == GasDensityTexel{0, 0});
    CHECK(gas_density_input({77, 1, 2, 3}) == 77);
    // From a float channel: round(255 * 0.5) = round(127.5) = 128; round(255 * 0.2) = 51.
    CHECK(gas_density_input_from_float(0.5) == 128);
    CHECK(gas_density_input_from_float(0.2) == 51);
    CHECK(gas_density_input_from_float(1.0) == 255);
    // Out of range or NaN (our choice): clamped, NaN -> 0; an 8-bit channel is clamped.
    CHECK(gas_density_input_from_float(2.0) == 255);
    CHECK(gas_density_input_from_float(-1.0) == 0);
    CHECK(gas_density_input_from_float(kNaN) == 0);
    CHECK(gas_density_input_from_float(kInf) == 255);
    CHECK(gas_density_input({300, 0, 0, 0}) == 255);
    CHECK(gas_density_input({-5, 0, 0, 0}) == 0);
}

TEST_CASE("gas model: colour mask, blend and depth test in mode 1 (sheet's choices)") {
    // gas.md 4.2(6): with all four colour-write bits clear nothing accumulates; a partial mask,
    // the blend function and the normal depth test are ignored.
    Regs r = acc_regs(delta_z(0, 1));
    const GasColor stored = texel_bytes(1000, 500);
    r[GPUREG_DEPTH_COLOR_MASK] = 0x00000000u;
    CHECK(gas_accumulate(r, stored, {50, 0, 0, 0}, 0.5, 0.5) == stored);
    // Only alpha written (bit 11), depth test on with NEVER (bits 0, 4-6 = 0): still accumulates
    // into all four channels.
    r[GPUREG_DEPTH_COLOR_MASK] = 0x00000801u;
    r[GPUREG_BLEND_FUNC] = 0xFFFFFFFFu;
    CHECK(gas_accumulate(r, stored, {50, 0, 0, 0}, 0.5, 0.5) == texel_bytes(1050, 550));
    r[GPUREG_DEPTH_COLOR_MASK] = 0x00000100u; // red only
    CHECK(gas_accumulate(r, stored, {50, 0, 0, 0}, 0.5, 0.5) == texel_bytes(1050, 550));
}

TEST_CASE("gas model: saturation at 65535 and the feedback maximum") {
    // gas.md 6.7: 300 fragments of d8 = 255 -> D1 = 65535 (not 76500), FEEDBACK = 0xFFFF.
    const Regs r = acc_regs(delta_z(0, 1));
    GasDensityTexel t{};
    std::uint16_t feedback = 0; // C3D_GasBeginAcc writes 0 (gas.md 1.7)
    for (int i = 0; i < 300; ++i) {
        t = gas_accumulate_texel(r, t, {255, 0, 0, 0}, 0.5, 0.5);
        feedback = gas_feedback_update(feedback, t);
    }
    CHECK(t == GasDensityTexel{65535, 65535});
    CHECK(feedback == 0xFFFF);
    // One step past the cap: 65500 + 200 -> 65535.
    CHECK(gas_accumulate_density({65500, 65500}, 200, 1.0) == GasDensityTexel{65535, 65535});
    // The feedback tracks D1 and keeps a larger value.
    CHECK(gas_feedback_update(0, {600, 100}) == 600);
    CHECK(gas_feedback_update(700, {600, 100}) == 700);
    // d8 above 255 and w above 1 are clamped in the building block (our choice).
    CHECK(gas_accumulate_density({0, 0}, 1000, 5.0) == GasDensityTexel{255, 255});
    CHECK(gas_accumulate_density({0, 0}, 100, -1.0) == GasDensityTexel{100, 0});
    CHECK(gas_accumulate_density({0, 0}, 100, kNaN) == GasDensityTexel{100, 0});
}

TEST_CASE("gas model: accumulation with NaN and infinite depths (our choices)") {
    const Regs greater = acc_regs(delta_z(0x010000, 2));
    const Regs always = acc_regs(delta_z(0x010000, 1));
    // A NaN depth gives w = 0 for the soft functions; D1 still accumulates.
    CHECK(gas_accumulate_texel(greater, {0, 0}, {100, 0, 0, 0}, kNaN, 0.5) ==
          GasDensityTexel{100, 0});
    CHECK(gas_accumulate_texel(greater, {0, 0}, {100, 0, 0, 0}, 0.5, kNaN) ==
          GasDensityTexel{100, 0});
    // Never/always do not read the depths.
    CHECK(gas_accumulate_texel(always, {0, 0}, {100, 0, 0, 0}, kNaN, kNaN) ==
          GasDensityTexel{100, 100});
    // Infinite depths are clamped to [0, 1] first: zf = +inf, zb = 0 -> diff 1 -> w = 1.
    CHECK(gas_depth_weight(GasDepthFunction::Greater, 256.0, kInf, 0.0) == 1.0);
    CHECK(gas_depth_weight(GasDepthFunction::Greater, 256.0, 0.5, -kInf) == 1.0);
    CHECK(gas_depth_weight(GasDepthFunction::Less, 256.0, kInf, kInf) == 0.0);
    // Equal depths with the largest k, and NaN or infinite k given directly: never NaN.
    CHECK(gas_depth_weight(GasDepthFunction::Greater, 65535.99609375, 0.5, 0.5) == 0.0);
    CHECK(gas_depth_weight(GasDepthFunction::Greater, kInf, 0.5, 0.5) == 0.0);
    CHECK(gas_depth_weight(GasDepthFunction::Greater, kNaN, 0.6, 0.5) == 0.0);
}

// ---- shading pass ------------------------------------------------------------------------------

TEST_CASE("gas model: density decoding and ACCMAX normalisation (sheet example)") {
    // gas.md 6.5: D1 = 600 raw (R = 2, G = 0x58), ACCMAX 0x36CC = 0.4248046875:
    // n1 = 600 / 255 * 0.4248046875 = 254.8828125 / 255 = 0.99954...
    Regs r = shade_regs(false, 0x36CCu, 0);
    const GasShading s = gas_shading(r, GasLut{}, texel_bytes(600, 0));
    CHECK(s.d1 == doctest::Approx(600.0 / 255.0));
    CHECK(s.d2 == 0.0);
    CHECK(s.n1 == doctest::Approx(254.8828125 / 255.0));
    CHECK(s.n1 == doctest::Approx(0.99954).epsilon(1e-5));
    CHECK(s.n2 == 0.0);
    // Plain source: s = n1; depth source: s = n2 (gas.md 4.3(3)).
    CHECK(s.s == s.n1);
    r[GPUREG_TEXENV_UPDATE_BUFFER] = 0xFu;
    CHECK(gas_shading(r, GasLut{}, texel_bytes(600, 0)).s == 0.0);
    // Normalised densities clamp at 1: D1 = 1000 -> 1.666 -> 1.
    CHECK(gas_shading(r, GasLut{}, texel_bytes(1000, 1000)).n1 == 1.0);
}

TEST_CASE("gas model: light factor (sheet example)") {
    // gas.md 6.6: LIGHT_XY = 0x80FF40, LIGHT_Z = 0xFF8000, LIGHT_Z_COLOR = 0x040, s = 0.5:
    // fxy = 64/255 + (191/255) * (1 - 64/255) = 0.81201, fz = (128/255) * 0.5 = 0.25098,
    // L = (191/255) * fxy + (64/255) * fz = 0.67120.
    Regs r{};
    r[GPUREG_GAS_LIGHT_XY] = 0x0080FF40u;
    r[GPUREG_GAS_LIGHT_Z] = 0x00FF8000u;
    r[GPUREG_GAS_LIGHT_Z_COLOR] = 0x00000040u;
    const GasRegs g = gas_regs(r);
    CHECK(gas_light_term(g.planar, 0.5) == doctest::Approx(0.81201).epsilon(1e-5));
    CHECK(gas_light_term(g.view, 0.5) == doctest::Approx(0.25098).epsilon(1e-5));
    CHECK(gas_light_factor(r, 0.5) == doctest::Approx(0.67120).epsilon(1e-5));
    const double fxy = 64.0 / 255.0 + (191.0 / 255.0) * (191.0 / 255.0);
    CHECK(gas_light_factor(r, 0.5) ==
          doctest::Approx((191.0 / 255.0) * fxy + (64.0 / 255.0) * (64.0 / 255.0)));
    // Thin gas (s = 0) is lit at max: L = (191/255) * 1 + (64/255) * (128/255).
    CHECK(gas_light_factor(r, 0.0) ==
          doctest::Approx(191.0 / 255.0 + (64.0 / 255.0) * (128.0 / 255.0)));
    // Dense gas falls to min: attn * s >= 1 clamps the ramp at 0. s = 1: planar 1 - 128/255
    // remains, view 1 - 1 = 0 -> fz = 0.
    CHECK(gas_light_term(g.view, 1.0) == 0.0);
    CHECK(gas_light_term(g.planar, 1.0) ==
          doctest::Approx(64.0 / 255.0 + (191.0 / 255.0) * (127.0 / 255.0)));
    // Line of sight 0 gives the planar term alone; 0xFF the view term alone.
    r[GPUREG_GAS_LIGHT_Z_COLOR] = 0x000u;
    CHECK(gas_light_factor(r, 0.5) == doctest::Approx(fxy));
    r[GPUREG_GAS_LIGHT_Z_COLOR] = 0x0FFu;
    CHECK(gas_light_factor(r, 0.5) == doctest::Approx(64.0 / 255.0));
    // s outside [0, 1] is clamped and NaN reads as 0 (our choice).
    CHECK(gas_light_factor(r, 5.0) == gas_light_factor(r, 1.0));
    CHECK(gas_light_factor(r, kNaN) == gas_light_factor(r, 0.0));
    CHECK(gas_light_factor(r, -kInf) == gas_light_factor(r, 0.0));
}

TEST_CASE("gas model: shading with density LUT input (LUT reads n2, sheet's choice)") {
    // ACCMAX 0.5; D1 = 510 -> n1 = 1; D2 = 255 -> n2 = 0.5. Planar light min 128, max 0, attn 255
    // (LIGHT_XY = 0xFF0080), line of sight 0: fxy = 128/255 - (128/255) * clamp(1 - s).
    // LUT input = density -> x = n2 = 0.5 -> c = 128/255 (ramp); RGB = c * L.
    // Alpha = n2 * ATTENUATION(1.0) = 0.5 -> 127.5 -> 128 (round to nearest, halves up).
    const GasLut lut = ramp_lut();
    const GasColor in = texel_bytes(510, 255);
    Regs r = shade_regs(false, kF16Half, kF16One);
    r[GPUREG_GAS_LIGHT_XY] = 0x00FF0080u;
    // Plain source: s = n1 = 1 -> L = 128/255 -> RGB = 128 * 128 / 255 = 64.25 -> 64. Were the
    // LUT read with s = n1 = 1 instead of n2, c would be 254 and RGB 127.5 -> 128.
    GasShading s = gas_shading(r, lut, in);
    CHECK(s.n1 == 1.0);
    CHECK(s.n2 == 0.5);
    CHECK(s.light == doctest::Approx(128.0 / 255.0));
    CHECK(s.lut_x == 0.5);
    CHECK(s.lut[0] * 255.0 == doctest::Approx(128.0));
    CHECK(gas_shade(r, lut, in) == GasColor{64, 64, 64, 128});
    // Depth source: s = n2 = 0.5 -> L = 64/255 -> RGB = 128 * 64 / 255 = 32.125 -> 32.
    r[GPUREG_TEXENV_UPDATE_BUFFER] = 0xFu;
    s = gas_shading(r, lut, in);
    CHECK(s.light == doctest::Approx(64.0 / 255.0));
    CHECK(s.lut_x == 0.5);
    CHECK(gas_shade(r, lut, in) == GasColor{32, 32, 32, 128});
    // L = 1 (planar 0x00FF00): RGB = c = 128.
    r[GPUREG_GAS_LIGHT_XY] = 0x00FF00u;
    CHECK(gas_shade(r, lut, in) == GasColor{128, 128, 128, 128});
}

TEST_CASE("gas model: shading with light-factor LUT input") {
    // 0x122 bit 8: x = L and RGB = c, not multiplied by L (gas.md 4.3(5), (6)).
    const GasLut lut = ramp_lut();
    const GasColor in = texel_bytes(510, 255);
    Regs r = shade_regs(true, kF16Half, kF16One);
    r[GPUREG_GAS_LIGHT_XY] = 0x00FF0080u;
    r[GPUREG_GAS_LIGHT_Z_COLOR] = 0x100u;
    // Depth source: L = 64/255 -> t = 8 * 64/255 = 2.00784, C[2] = 64, f * 30 = 0.235 -> 64.
    GasShading s = gas_shading(r, lut, in);
    CHECK(s.lut_x == doctest::Approx(64.0 / 255.0));
    CHECK(s.rgba[0] * 255.0 == doctest::Approx(64.0 + (512.0 / 255.0 - 2.0) * 30.0));
    CHECK(gas_shade(r, lut, in) == GasColor{64, 64, 64, 128});
    // LIGHT_XY min = max = 0xBF, attenuation 0 -> L = 191/255 whatever s:
    // t = 5.99216, C[5] = 160, f = 0.99216 -> 160 + 29.76 = 189.76 -> 190.
    r[GPUREG_GAS_LIGHT_XY] = 0x0000BFBFu;
    s = gas_shading(r, lut, in);
    CHECK(s.light == doctest::Approx(191.0 / 255.0));
    CHECK(s.rgba[0] * 255.0 == doctest::Approx(160.0 + (8.0 * 191.0 / 255.0 - 5.0) * 30.0));
    CHECK(gas_shade(r, lut, in) == GasColor{190, 190, 190, 128});
}

TEST_CASE("gas model: opacity is linear in n2 (UNKNOWN, sheet's choice)") {
    // gas.md 4.3(7), 5.9: alpha = clamp(n2 * ATTENUATION). n2 = 0.5 (ACCMAX 0.5, D2 = 255).
    const GasColor in = texel_bytes(0, 255);
    // ATTENUATION 0.5 -> 0.25 -> 63.75 -> 64 (1 - exp(-0.25) would give 56).
    CHECK(gas_shade(shade_regs(false, kF16Half, kF16Half), GasLut{}, in)[3] == 64);
    // ATTENUATION 4.0 -> 2 -> clamped to 1 -> 255.
    CHECK(gas_shade(shade_regs(false, kF16Half, kF16Four), GasLut{}, in)[3] == 255);
    // Opacity reads n2 even with the plain source: D1 = 0 does not matter.
    CHECK(gas_shade(shade_regs(false, kF16Half, kF16One), GasLut{}, in)[3] == 128);
    // ...and D2 = 0 gives alpha 0 whatever D1.
    CHECK(gas_shade(shade_regs(false, kF16Half, kF16One), GasLut{}, texel_bytes(65535, 0))[3] == 0);
}

TEST_CASE("gas model: stub parity, zero LUT and attenuation give (0, 0, 0, 0)") {
    // gas.md 6.9: every gas feature off -> alpha 0 (and a zero LUT gives RGB 0).
    const Regs r = shade_regs(false, kF16One, 0);
    for (unsigned d : {0u, 255u, 1000u, 65535u})
        CHECK(gas_shade(r, GasLut{}, texel_bytes(d, d)) == GasColor{0, 0, 0, 0});
}

TEST_CASE("gas model: FOG_COLOR, Z flip and 0x0E2/0x0E3 are ignored (UNKNOWN, suggestion)") {
    // gas.md 1.2, 1.3, 5.13.
    const GasLut lut = ramp_lut();
    const GasColor in = texel_bytes(510, 255);
    Regs r = shade_regs(true, kF16Half, kF16One);
    const GasColor expect = gas_shade(r, lut, in);
    CHECK(expect == GasColor{128, 128, 128, 128});
    r[GPUREG_FOG_COLOR] = 0x00FF00FFu;
    r[0x0E2] = 0xFFFFu;
    r[0x0E3] = 0x1234u;
    r[GPUREG_TEXENV_UPDATE_BUFFER] = 0x0001000Fu; // Z flip (bit 16)
    CHECK(gas_shade(r, lut, in) == expect);
}

TEST_CASE("gas model: accumulate then shade round-trips the densities") {
    // gas.md 6.8: the stored bytes, passed through a REPLACE combiner, decode to the same D1/D2.
    const Regs acc = acc_regs(delta_z(0x100, 2));
    GasColor stored{0, 0, 0, 0};
    stored = gas_accumulate(acc, stored, {200, 0, 0, 0}, 0.75, 0.25); // D1 200, D2 100
    stored = gas_accumulate(acc, stored, {255, 0, 0, 0}, 1.0, 0.0);   // D1 455, D2 355
    stored = gas_accumulate(acc, stored, {100, 0, 0, 0}, 0.0, 1.0);   // D1 555, D2 355
    CHECK(stored == texel_bytes(555, 355));
    const GasShading s = gas_shading(shade_regs(false, kF16One, kF16One), GasLut{}, stored);
    CHECK(s.d1 == doctest::Approx(555.0 / 255.0));
    CHECK(s.d2 == doctest::Approx(355.0 / 255.0));
}

TEST_CASE("gas model: NaN and infinite float16 registers never give NaN (our choices)") {
    const GasLut lut = ramp_lut();
    const GasColor dense = texel_bytes(510, 255);
    const GasColor empty = texel_bytes(0, 0);
    // ACCMAX NaN: n = 0 -> c = 0, alpha 0.
    GasShading s = gas_shading(shade_regs(false, kF16NaN, kF16One), lut, dense);
    CHECK(finite_shading(s));
    CHECK(s.n1 == 0.0);
    CHECK(s.n2 == 0.0);
    CHECK(gas_shade(shade_regs(false, kF16NaN, kF16One), lut, dense) == GasColor{0, 0, 0, 0});
    // ACCMAX +inf: D > 0 -> n = 1 (x = 1 -> 254), D = 0 -> 0 * inf = NaN -> 0.
    s = gas_shading(shade_regs(false, kF16Inf, kF16One), lut, dense);
    CHECK(finite_shading(s));
    CHECK(s.n2 == 1.0);
    CHECK(gas_shade(shade_regs(false, kF16Inf, kF16One), lut, dense) ==
          GasColor{254, 254, 254, 255});
    s = gas_shading(shade_regs(false, kF16Inf, kF16One), lut, empty);
    CHECK(finite_shading(s));
    CHECK(s.n1 == 0.0);
    CHECK(gas_shade(shade_regs(false, kF16Inf, kF16One), lut, empty) == GasColor{0, 0, 0, 0});
    // ACCMAX negative or -inf: n clamps to 0.
    CHECK(gas_shading(shade_regs(false, kF16NegOne, kF16One), lut, dense).n2 == 0.0);
    CHECK(gas_shading(shade_regs(false, kF16NegInf, kF16One), lut, dense).n2 == 0.0);
    // ATTENUATION NaN -> alpha 0; +inf -> 255 when n2 > 0, 0 when n2 = 0; -inf -> 0.
    CHECK(gas_shade(shade_regs(false, kF16Half, kF16NaN), lut, dense)[3] == 0);
    CHECK(gas_shade(shade_regs(false, kF16Half, kF16Inf), lut, dense)[3] == 255);
    CHECK(gas_shade(shade_regs(false, kF16Half, kF16Inf), lut, empty)[3] == 0);
    CHECK(gas_shade(shade_regs(false, kF16Half, kF16NegInf), lut, dense)[3] == 0);
    CHECK(finite_shading(gas_shading(shade_regs(true, kF16NaN, kF16NaN), lut, dense)));
    CHECK(finite_shading(gas_shading(shade_regs(true, kF16Inf, kF16Inf), lut, empty)));
}

TEST_CASE("gas model: combiner channels outside 0-255 are clamped (our choice)") {
    // (300, -1, 256, 999) reads as (255, 0, 255, 255): D1 = 0xFF00, D2 = 0xFFFF.
    const GasShading s =
        gas_shading(shade_regs(false, kF16One, kF16One), GasLut{}, {300, -1, 256, 999});
    CHECK(s.d1 == doctest::Approx(65280.0 / 255.0));
    CHECK(s.d2 == doctest::Approx(65535.0 / 255.0));
    CHECK(gas_accumulate(acc_regs(delta_z(0, 1)), {300, -1, 256, 999}, {0, 0, 0, 0}, 0.5, 0.5) ==
          GasColor{255, 0, 255, 255});
}
