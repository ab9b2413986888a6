// Tests of the lighting reference model (tests/oracle/lighting_model.*) against hand-computed
// values. Each expectation is derived by hand from the lighting fact sheet ("facts N.N") and the
// register reference (shared/spec/000), not from the model's code.

#include "lighting_model.h"

#include "pica/regs/number_formats.h"
#include "pica/regs/reg_ids.h"

#include <doctest/doctest.h>

#include <cmath>
#include <cstdint>
#include <functional>

using namespace picavk;
using namespace picavk::pica;
using namespace picavk::test::oracle;

namespace {

// ---- register word packing ---------------------------------------------------------------------

// Colour registers: B bits 0-7, G 10-17, R 20-27 (spec 000).
std::uint32_t rgb(unsigned r, unsigned g, unsigned b) {
    return (b & 0xFFu) | ((g & 0xFFu) << 10) | ((r & 0xFFu) << 20);
}
constexpr std::uint32_t kWhite = (255u) | (255u << 10) | (255u << 20);

// LIGHTi_XY: x bits 0-15, y bits 16-31, float1.5.10; LIGHTi_Z: z bits 0-15.
std::uint32_t f16_xy(float x, float y) {
    return float_to_f16(x) | (float_to_f16(y) << 16);
}
// SPOTDIR: signed 13-bit fixed1.1.11, raw integers here (1.0 = 2048).
std::uint32_t s13(int v) {
    return static_cast<std::uint32_t>(v) & 0x1FFFu;
}

// One LUT entry as citro3d LightLut_FromArray encodes it (facts 1.2): value trunc(f * 4096)
// clamped to 0xFFF (negative -> 0); difference trunc(|d| * 2048) clamped to 0x7FF, sign bit 23.
std::uint32_t lut_entry(double value, double diff) {
    long v = value < 0 ? 0 : static_cast<long>(value * 4096.0);
    if (v > 0xFFF) v = 0xFFF;
    long d = static_cast<long>(std::fabs(diff) * 2048.0);
    if (d > 0x7FF) d = 0x7FF;
    std::uint32_t word = static_cast<std::uint32_t>(v) | (static_cast<std::uint32_t>(d) << 12);
    if (diff < 0) word |= 1u << 23;
    return word;
}

// Like citro3d LightLut_FromFunc (facts 9.6): signed -> entry i & 0xFF holds f(i/128) for
// i in -128..127; unsigned -> entry i holds f(i/256). The difference is to the next sample,
// the last one to f(1.0). citro3d's signed-mode quirk (entry 255 overwritten) is not reproduced:
// these tests never read entry 255 of a function LUT.
void lut_from_func(LutState& luts, unsigned table, const std::function<double(double)>& f,
                   bool signed_input) {
    for (int i = 0; i < 256; ++i) {
        const int k = signed_input ? i - 128 : i;
        const double step = signed_input ? 128.0 : 256.0;
        const double x = k / step;
        const double next = (signed_input ? k == 127 : k == 255) ? 1.0 : (k + 1) / step;
        luts.lighting[table][static_cast<unsigned>(k) & 0xFFu] = lut_entry(f(x), f(next) - f(x));
    }
}

void lut_const(LutState& luts, unsigned table, std::uint32_t value12) {
    for (auto& e : luts.lighting[table])
        e = value12 & 0xFFFu;
}

// ---- scene setup -------------------------------------------------------------------------------

constexpr std::uint32_t kLightStride = 0x10;

// Lighting on, one light (slot 0 = id 0), all LUTs and per-light features disabled, signed LUT
// inputs, scale x1, input selectors 0 (N.H), environment configuration `config`.
Regs base_regs(unsigned config) {
    Regs r{};
    r[GPUREG_LIGHTING_ENABLE0] = 1;
    r[GPUREG_LIGHTING_ENABLE1] = 0;
    r[GPUREG_LIGHTING_NUM_LIGHTS] = 0;
    r[GPUREG_LIGHTING_LIGHT_PERMUTATION] = 0x76543210;
    r[GPUREG_LIGHTING_CONFIG0] = (config & 0xFu) << 4;
    r[GPUREG_LIGHTING_CONFIG1] = 0xFFFFFFFFu;
    r[GPUREG_LIGHTING_LUTINPUT_ABS] = 0x2222222;
    r[GPUREG_LIGHTING_LUTINPUT_SELECT] = 0;
    r[GPUREG_LIGHTING_LUTINPUT_SCALE] = 0;
    return r;
}

struct Light {
    std::uint32_t specular0 = 0, specular1 = 0, diffuse = 0, ambient = 0;
    float x = 0, y = 0, z = 0;
    bool directional = true, two_sided = false, geo0 = false, geo1 = false;
    int spot_x = 0, spot_y = 0, spot_z = 0;
    float da_bias = 0, da_scale = 0;
};

void set_light(Regs& r, unsigned id, const Light& l) {
    const std::uint32_t base = GPUREG_LIGHT0_SPECULAR0 + kLightStride * id;
    r[base + 0] = l.specular0;
    r[base + 1] = l.specular1;
    r[base + 2] = l.diffuse;
    r[base + 3] = l.ambient;
    r[base + 4] = f16_xy(l.x, l.y);
    r[base + 5] = float_to_f16(l.z);
    r[base + 6] = s13(l.spot_x) | (s13(l.spot_y) << 16);
    r[base + 7] = s13(l.spot_z);
    r[base + 9] = (l.directional ? 1u : 0u) | (l.two_sided ? 2u : 0u) | (l.geo0 ? 4u : 0u) |
                  (l.geo1 ? 8u : 0u);
    r[base + 10] = float_to_f20(l.da_bias);
    r[base + 11] = float_to_f20(l.da_scale);
}

void clear_bit(Regs& r, std::uint32_t reg, unsigned bit) {
    r[reg] &= ~(1u << bit);
}
void set_field(Regs& r, std::uint32_t reg, unsigned lo, unsigned width, std::uint32_t v) {
    const std::uint32_t mask = ((1u << width) - 1u) << lo;
    r[reg] = (r[reg] & ~mask) | ((v << lo) & mask);
}

// CONFIG1 global LUT bits (spec 000 order): D0 16, D1 17, FR 19, RB 20, RG 21, RR 22.
constexpr unsigned kBitD0 = 16, kBitD1 = 17, kBitFR = 19, kBitRB = 20, kBitRG = 21, kBitRR = 22;
// Nibble index for LUTINPUT_ABS/SELECT/SCALE: D0 0, D1 1, SP 2, FR 3, RB 4, RG 5, RR 6.
constexpr unsigned kNibD0 = 0, kNibSP = 2, kNibFR = 3;

void select_input(Regs& r, unsigned nibble, unsigned code) {
    set_field(r, GPUREG_LIGHTING_LUTINPUT_SELECT, 4 * nibble, 3, code);
}
void set_abs(Regs& r, unsigned nibble, bool abs_on) {
    set_field(r, GPUREG_LIGHTING_LUTINPUT_ABS, 4 * nibble + 1, 1, abs_on ? 0u : 1u);
}

LightingInputs straight_on() {
    LightingInputs in;
    in.normquat = {0, 0, 0, 1};
    in.view = {0, 0, 1};
    return in;
}

constexpr double kEps = 1e-5;

} // namespace

// ---- LUT sampling ------------------------------------------------------------------------------

TEST_CASE("lighting model: LUT sampling, signed input") {
    // Entry k: value 16k / 4096, difference 64/2048 = 1/32, negative on odd entries.
    LutState luts{};
    const unsigned table = 8; // SP0: any table is indexed the same way
    for (unsigned k = 0; k < 256; ++k)
        luts.lighting[table][k] = (16u * k) | (64u << 12) | ((k & 1u) << 23);

    auto s = [&](double x) {
        return sample_lighting_lut(luts, table, static_cast<float>(x), false);
    };
    // facts 1.4: entry 0 <-> 0, 127 <-> 127/128, 128 <-> -1, 255 <-> -1/128.
    CHECK(s(0.0) == doctest::Approx(0.0).epsilon(kEps));
    CHECK(s(127.0 / 128) == doctest::Approx(127 * 16 / 4096.0).epsilon(kEps));
    CHECK(s(-1.0) == doctest::Approx(128 * 16 / 4096.0).epsilon(kEps));
    CHECK(s(-1.0 / 128) == doctest::Approx(255 * 16 / 4096.0).epsilon(kEps));
    // x = 1.0: entry 127 plus its full (negative) difference.
    CHECK(s(1.0) == doctest::Approx(127 * 16 / 4096.0 - 1 / 32.0).epsilon(kEps));
    // Fractions: entry 64 (positive difference) at frac 0.25; entry 255 at frac 0.5 (negative).
    CHECK(s(64.25 / 128) == doctest::Approx(64 * 16 / 4096.0 + 0.25 / 32).epsilon(kEps));
    CHECK(s(-0.5 / 128) == doctest::Approx(255 * 16 / 4096.0 - 0.5 / 32).epsilon(kEps));
    // Entry 1 at frac 0.75: negative difference.
    CHECK(s(1.75 / 128) == doctest::Approx(16 / 4096.0 - 0.75 / 32).epsilon(kEps));
    // Entry 129 <-> -127/128.
    CHECK(s(-127.0 / 128) == doctest::Approx(129 * 16 / 4096.0).epsilon(kEps));
    // Non-finite inputs read as 0 (team decision).
    CHECK(s(std::nan("")) == doctest::Approx(0.0));
    CHECK(s(INFINITY) == doctest::Approx(0.0));
    // Another table is not touched.
    CHECK(sample_lighting_lut(luts, 0, 0.5f, false) == 0.0f);
}

TEST_CASE("lighting model: LUT sampling, absolute input and entry format") {
    LutState luts{};
    const unsigned table = 16; // DA0
    for (unsigned k = 0; k < 256; ++k)
        luts.lighting[table][k] = (16u * k) | (64u << 12) | ((k & 1u) << 23);
    auto s = [&](double x) {
        return sample_lighting_lut(luts, table, static_cast<float>(x), true);
    };
    // facts 1.5: entry k <-> k/256.
    CHECK(s(0.0) == doctest::Approx(0.0).epsilon(kEps));
    CHECK(s(127.0 / 256) == doctest::Approx(127 * 16 / 4096.0).epsilon(kEps));
    CHECK(s(128.0 / 256) == doctest::Approx(128 * 16 / 4096.0).epsilon(kEps));
    CHECK(s(255.0 / 256) == doctest::Approx(255 * 16 / 4096.0).epsilon(kEps));
    CHECK(s(1.0) == doctest::Approx(255 * 16 / 4096.0 - 1 / 32.0).epsilon(kEps));
    CHECK(s(128.5 / 256) == doctest::Approx(128 * 16 / 4096.0 + 0.5 / 32).epsilon(kEps));
    CHECK(s(-0.5) == doctest::Approx(0.0).epsilon(kEps)); // negative reads as 0
    CHECK(s(std::nan("")) == doctest::Approx(0.0));

    // Entry format (spec 000 LUT_DATA, facts 1.2): 0xFFF is 4095/4096; difference magnitude
    // 0x7FF is 2047/2048; bit 23 negates it; bits 24-31 are ignored.
    luts.lighting[table][10] = 0xFFFu | (0x7FFu << 12) | (1u << 23) | 0xFF000000u;
    CHECK(s(10.5 / 256) == doctest::Approx(4095 / 4096.0 - 0.5 * 2047 / 2048.0).epsilon(kEps));
    luts.lighting[table][10] = 0x800u | (0x400u << 12);
    CHECK(s(10.25 / 256) == doctest::Approx(0.5 + 0.25 * 0.5).epsilon(kEps));
}

TEST_CASE("lighting model: LUTINPUT_SCALE multiplies the output, codes 4 and 5 give 0") {
    // D0 constant 0.0625; secondary = SPECULAR0 * D0 * scale (facts 1.3).
    LutState luts{};
    lut_const(luts, 0, 0x100);
    const double expected[8] = {0.0625, 0.125, 0.25, 0.5, 0.0, 0.0, 0.015625, 0.03125};
    for (unsigned code = 0; code < 8; ++code) {
        Regs r = base_regs(0);
        clear_bit(r, GPUREG_LIGHTING_CONFIG1, kBitD0);
        set_field(r, GPUREG_LIGHTING_LUTINPUT_SCALE, 0, 3, code);
        set_light(r, 0, Light{.specular0 = kWhite, .z = 1});
        const LightingResult res = light_fragment(r, luts, straight_on());
        CAPTURE(code);
        CHECK(res.secondary[0] == doctest::Approx(expected[code]).epsilon(kEps));
        CHECK(res.secondary[2] == doctest::Approx(expected[code]).epsilon(kEps));
    }
    // The scale is per LUT: D1's nibble does not affect D0; D1's own nibble (bits 4-6) does.
    Regs r = base_regs(2);
    clear_bit(r, GPUREG_LIGHTING_CONFIG1, kBitD1);
    lut_const(luts, 1, 0x100);
    set_field(r, GPUREG_LIGHTING_LUTINPUT_SCALE, 4, 3, 3); // D1 x8
    set_light(r, 0, Light{.specular1 = kWhite, .z = 1});
    // D1 * RR (RR disabled -> 1.0) * 8.
    CHECK(light_fragment(r, luts, straight_on()).secondary[1] == doctest::Approx(0.5));
    // The scale can exceed 1 before the final clamp: x8 on 0.25 clamps to 1.
    lut_const(luts, 1, 0x400);
    CHECK(light_fragment(r, luts, straight_on()).secondary[1] == doctest::Approx(1.0));
}

TEST_CASE("lighting model: absolute LUT input follows the light's two-sided bit") {
    // D0 unsigned f(x) = x, abs on, input L.N; the light is at L.N = -0.8 (facts 1.5).
    LutState luts{};
    lut_from_func(
        luts, 0, [](double x) { return x; }, false);
    Regs r = base_regs(0);
    clear_bit(r, GPUREG_LIGHTING_CONFIG1, kBitD0);
    select_input(r, kNibD0, 3);
    set_abs(r, kNibD0, true);
    Light l{.specular0 = kWhite, .x = 0.6f, .z = -0.8f};
    set_light(r, 0, l);
    CHECK(light_fragment(r, luts, straight_on()).secondary[0] == doctest::Approx(0.0));
    l.two_sided = true;
    set_light(r, 0, l);
    CHECK(light_fragment(r, luts, straight_on()).secondary[0] ==
          doctest::Approx(0.8).epsilon(1e-3));
    // Abs off: signed indexing of the raw input. x = -0.79988 (f16 light position) -> 128x =
    // -102.385, i = -103 -> entry 153, frac 0.615; this table holds 153/256 + frac/256 there.
    set_abs(r, kNibD0, false);
    CHECK(light_fragment(r, luts, straight_on()).secondary[0] ==
          doctest::Approx((153 + 0.615) / 256).epsilon(1e-3));
}

// ---- diffuse dot, clamp highlights -------------------------------------------------------------

TEST_CASE("lighting model: two-sided diffuse x clamp highlights, hardware truth table") {
    // citra#3484 (facts 5.3). primary.r = DIFFUSE * dot, secondary.r = SPECULAR0 * 1.0 (D0
    // disabled) * clamp factor.
    struct Case {
        float x, z; // directional light
        double ln;  // L.N
    };
    const Case cases[3] = {{0.6f, 0.8f, 0.8}, {1.0f, 0.0f, 0.0}, {0.6f, -0.8f, -0.8}};
    // expected {dot, factor} for [case][TSD][CH]
    const double dots[3][2] = {{0.8, 0.8}, {0.0, 0.0}, {0.0, 0.8}};
    const double factors[3][2][2] = {
        {{1, 1}, {1, 1}}, // L.N > 0
        {{1, 0}, {1, 0}}, // L.N = 0: CH zeroes
        {{1, 0}, {1, 1}}, // L.N < 0: TSD=1, CH=1 keeps the highlight
    };
    LutState luts{};
    for (unsigned c = 0; c < 3; ++c)
        for (unsigned tsd = 0; tsd < 2; ++tsd)
            for (unsigned ch = 0; ch < 2; ++ch) {
                Regs r = base_regs(0);
                if (ch) r[GPUREG_LIGHTING_CONFIG0] |= 1u << 27;
                set_light(r, 0,
                          Light{.specular0 = kWhite,
                                .diffuse = kWhite,
                                .x = cases[c].x,
                                .z = cases[c].z,
                                .two_sided = tsd != 0});
                const LightingResult res = light_fragment(r, luts, straight_on());
                CAPTURE(c);
                CAPTURE(tsd);
                CAPTURE(ch);
                CHECK(res.primary[0] == doctest::Approx(dots[c][tsd]).epsilon(1e-3));
                CHECK(res.secondary[0] == doctest::Approx(factors[c][tsd][ch]));
            }
}

// ---- geometric factor --------------------------------------------------------------------------

TEST_CASE("lighting model: geometric factor") {
    // ctrhwtest/geo_factor setup (facts 5.4): directional light, spec0 = 1, D0 constant LUT
    // (0xFFF = 4095/4096), input N.H, clamp highlights off, two-sided on.
    LutState luts{};
    lut_const(luts, 0, 0xFFF);
    const double d0 = 4095.0 / 4096.0;
    auto run = [&](float lx, float ly, float lz, std::array<float, 3> view, bool geo0) {
        Regs r = base_regs(0);
        clear_bit(r, GPUREG_LIGHTING_CONFIG1, kBitD0);
        set_light(
            r, 0,
            Light{.specular0 = kWhite, .x = lx, .y = ly, .z = lz, .two_sided = true, .geo0 = geo0});
        LightingInputs in = straight_on();
        in.view = view;
        return light_fragment(r, luts, in).secondary[0];
    };
    // L = (1,0,0), V = (0,1,0), N = (0,0,1): |H|^2 = 2, L.N = 0 -> G = 0.
    CHECK(run(1, 0, 0, {0, 1, 0}, true) == doctest::Approx(0.0));
    CHECK(run(1, 0, 0, {0, 1, 0}, false) == doctest::Approx(d0)); // G off: D0 only
    // N = L = (0,0,1), V = (0,1,0): dot 1, |H|^2 = 2 -> G = 0.5.
    CHECK(run(0, 0, 1, {0, 1, 0}, true) == doctest::Approx(0.5 * d0).epsilon(kEps));
    // L = N = V: |H|^2 = 4 -> G = 0.25 (0.5 |L.N| / (1 + L.V)).
    CHECK(run(0, 0, 1, {0, 0, 1}, true) == doctest::Approx(0.25 * d0).epsilon(kEps));
    // Unnormalised view is normalised first: same as above.
    CHECK(run(0, 0, 1, {0, 0, 7}, true) == doctest::Approx(0.25 * d0).epsilon(kEps));
    // L = (0.6,0,-0.8), V = N: two-sided dot 0.8, |H|^2 = 0.4 -> min(1, 2) = 1.
    CHECK(run(0.6f, 0, -0.8f, {0, 0, 1}, true) == doctest::Approx(d0).epsilon(kEps));
    // L = (0.6,0,0.8), V = N: |H|^2 = 2(1 + 0.8) = 3.6 -> G = 0.8 / 3.6.
    CHECK(run(0.6f, 0, 0.8f, {0, 0, 1}, true) == doctest::Approx(0.8 / 3.6 * d0).epsilon(1e-3));

    // G1 applies to spec1 (D1 and RR disabled -> 1.0): N = L, V = (0,1,0) -> 0.5.
    Regs r = base_regs(0);
    set_light(r, 0, Light{.specular1 = kWhite, .z = 1, .geo1 = true});
    LightingInputs in = straight_on();
    in.view = {0, 1, 0};
    CHECK(light_fragment(r, luts, in).secondary[1] == doctest::Approx(0.5).epsilon(kEps));
}

// ---- Fresnel -----------------------------------------------------------------------------------

TEST_CASE("lighting model: Fresnel uses the last permutation slot only") {
    // ctrhwtest/fresnel-test (facts 5.6, citra#2914): 4 directional lights, N = V = (0,0,1),
    // FR LUT f(x) = x built signed, input L.N, D0 = 1; secondary alpha = FR of the last slot.
    LutState luts{};
    lut_from_func(
        luts, 3, [](double x) { return x; }, true);
    Regs r = base_regs(1); // configuration 1 provides FR
    clear_bit(r, GPUREG_LIGHTING_CONFIG1, kBitFR);
    select_input(r, kNibFR, 3);
    r[GPUREG_LIGHTING_CONFIG0] |= 2u << 2; // Fresnel -> secondary alpha
    const float lx[4] = {0.0f, 0.8f, 0.866f, 0.6f};
    const float lz[4] = {1.0f, 0.6f, 0.5f, 0.8f};
    for (unsigned i = 0; i < 4; ++i)
        set_light(r, i, Light{.x = lx[i], .z = lz[i]});
    r[GPUREG_LIGHTING_NUM_LIGHTS] = 3;
    r[GPUREG_LIGHTING_LIGHT_PERMUTATION] = 0x3210;

    LightingResult res = light_fragment(r, luts, straight_on());
    // L.N of light 3 = 0.8 (f16 position 0.60010, 0.79980 -> 0.79988); entry 102, frac ~0.385:
    // 3264/4096 + 0.385 * 16/2048 = 0.7999. Fact sheet (4095/2047 decoding): 0.8002 -> 204.
    CHECK(std::fabs(res.secondary[3] - 0.8002) <= 0.0005);
    CHECK(std::lround(res.secondary[3] * 255.0f) == 204);
    CHECK(res.primary[3] == 1.0f);

    // Reversed order: the last slot is light 0, L.N = 1 -> entry 127 + full difference = 1.0.
    r[GPUREG_LIGHTING_LIGHT_PERMUTATION] = 0x0123;
    CHECK(light_fragment(r, luts, straight_on()).secondary[3] == doctest::Approx(1.0));
    // Two lights (ids 0, 1): the last is light 1, L.N = 0.6.
    r[GPUREG_LIGHTING_LIGHT_PERMUTATION] = 0x3210;
    r[GPUREG_LIGHTING_NUM_LIGHTS] = 1;
    CHECK(std::fabs(light_fragment(r, luts, straight_on()).secondary[3] - 0.6) <= 0.0005);
    // Selector 1 -> primary alpha only; 3 -> both.
    set_field(r, GPUREG_LIGHTING_CONFIG0, 2, 2, 1);
    res = light_fragment(r, luts, straight_on());
    CHECK(std::fabs(res.primary[3] - 0.6) <= 0.0005);
    CHECK(res.secondary[3] == 1.0f);
    set_field(r, GPUREG_LIGHTING_CONFIG0, 2, 2, 3);
    res = light_fragment(r, luts, straight_on());
    CHECK(std::fabs(res.primary[3] - 0.6) <= 0.0005);
    CHECK(std::fabs(res.secondary[3] - 0.6) <= 0.0005);
    // FR disabled in CONFIG1, or unavailable (configuration 0): alphas stay 1.0.
    r[GPUREG_LIGHTING_CONFIG1] |= 1u << kBitFR;
    res = light_fragment(r, luts, straight_on());
    CHECK(res.primary[3] == 1.0f);
    CHECK(res.secondary[3] == 1.0f);
    clear_bit(r, GPUREG_LIGHTING_CONFIG1, kBitFR);
    set_field(r, GPUREG_LIGHTING_CONFIG0, 4, 4, 0);
    res = light_fragment(r, luts, straight_on());
    CHECK(res.primary[3] == 1.0f);
    CHECK(res.secondary[3] == 1.0f);
}

// ---- configuration availability ----------------------------------------------------------------

TEST_CASE("lighting model: configuration modes, LUT availability, RG/RB copy RR") {
    // Constant LUTs with distinct values; all enabled in CONFIG1 (spot on for light 0).
    LutState luts{};
    const double vD0 = 0.5, vD1 = 0.75, vRR = 0.25, vRG = 0.375, vRB = 0.625, vFR = 0.125,
                 vSP = 0.875;
    lut_const(luts, 0, 0x800);
    lut_const(luts, 1, 0xC00);
    lut_const(luts, 6, 0x400);
    lut_const(luts, 5, 0x600);
    lut_const(luts, 4, 0xA00);
    lut_const(luts, 3, 0x200);
    lut_const(luts, 8, 0xE00);

    // Available LUTs per configuration value, from spec 000 / facts 3, written out by hand.
    struct Mode {
        unsigned value;
        bool d0, d1, sp, fr, rb, rg, rr;
    };
    const Mode modes[] = {
        {0, true, false, true, false, false, false, true},
        {1, false, false, true, true, false, false, true},
        {2, true, true, false, false, false, false, true},
        {3, true, true, false, true, false, false, false},
        {4, true, true, true, false, true, true, true},
        {5, true, false, true, true, true, true, true},
        {6, true, true, true, true, false, false, true},
        {8, true, true, true, true, true, true, true},
        // 7 and 9-15 (unspecified): D0, D1, SP, FR, RR; no RG/RB (facts 3).
        {7, true, true, true, true, false, false, true},
        {9, true, true, true, true, false, false, true},
        {15, true, true, true, true, false, false, true},
    };
    for (const Mode& m : modes) {
        CAPTURE(m.value);
        Regs r = base_regs(m.value);
        r[GPUREG_LIGHTING_CONFIG1] = 0xFF000000u | 0xFFu | (1u << 18); // LUTs + spot 0 on, DA off
        r[GPUREG_LIGHTING_CONFIG0] |= 3u << 2;                         // Fresnel -> both alphas
        const double sp = m.sp ? vSP : 1.0;
        const double rr = m.rr ? vRR : 1.0;
        const double rg = m.rg ? vRG : rr;
        const double rb = m.rb ? vRB : rr;
        const double d1 = m.d1 ? vD1 : 1.0;
        const double fr = m.fr ? vFR : 1.0;

        // Run A: spec1 only, ambient only.
        set_light(r, 0, Light{.specular1 = kWhite, .ambient = kWhite, .z = 1});
        LightingResult res = light_fragment(r, luts, straight_on());
        CHECK(res.secondary[0] == doctest::Approx(d1 * rr * sp).epsilon(kEps));
        CHECK(res.secondary[1] == doctest::Approx(d1 * rg * sp).epsilon(kEps));
        CHECK(res.secondary[2] == doctest::Approx(d1 * rb * sp).epsilon(kEps));
        CHECK(res.primary[0] == doctest::Approx(sp).epsilon(kEps));
        CHECK(res.primary[3] == doctest::Approx(fr).epsilon(kEps));
        CHECK(res.secondary[3] == doctest::Approx(fr).epsilon(kEps));

        // Run B: spec0 only.
        set_light(r, 0, Light{.specular0 = kWhite, .z = 1});
        res = light_fragment(r, luts, straight_on());
        CHECK(res.secondary[0] == doctest::Approx((m.d0 ? vD0 : 1.0) * sp).epsilon(kEps));
    }

    // CONFIG1 bit order (spec 000: 20 RB, 21 RG, 22 RR) in configuration 8, spec1 only.
    auto reflection = [&](std::uint32_t disabled_bits) {
        Regs r = base_regs(8);
        r[GPUREG_LIGHTING_CONFIG1] = 0xFFFFFFFFu & ~((1u << kBitD1) | (7u << kBitRB));
        r[GPUREG_LIGHTING_CONFIG1] |= disabled_bits;
        set_light(r, 0, Light{.specular1 = kWhite, .z = 1});
        return light_fragment(r, luts, straight_on()).secondary;
    };
    auto approx = [](double v) { return doctest::Approx(v).epsilon(kEps); };
    auto s = reflection(0);
    CHECK(s[0] == approx(vD1 * vRR));
    CHECK(s[1] == approx(vD1 * vRG));
    CHECK(s[2] == approx(vD1 * vRB));
    s = reflection(1u << kBitRB); // RB off -> blue copies RR
    CHECK(s[1] == approx(vD1 * vRG));
    CHECK(s[2] == approx(vD1 * vRR));
    s = reflection(1u << kBitRG); // RG off -> green copies RR
    CHECK(s[1] == approx(vD1 * vRR));
    CHECK(s[2] == approx(vD1 * vRB));
    s = reflection(1u << kBitRR); // RR off -> red 1.0, RG/RB still their own
    CHECK(s[0] == approx(vD1));
    CHECK(s[1] == approx(vD1 * vRG));
    CHECK(s[2] == approx(vD1 * vRB));
    s = reflection((1u << kBitRR) | (1u << kBitRG)); // green copies RR = 1.0
    CHECK(s[1] == approx(vD1));
}

// ---- spot --------------------------------------------------------------------------------------

TEST_CASE("lighting model: spot attenuation from SPOTDIR") {
    // SP LUT of light 0 = g(x) = (x+1)/2 built signed: it interpolates exactly, g(x) = (x+1)/2.
    LutState luts{};
    lut_from_func(
        luts, 8, [](double x) { return (x + 1) / 2; }, true);
    auto run = [&](Light l, unsigned config, bool spot_on) {
        Regs r = base_regs(config);
        select_input(r, kNibSP, 4);
        if (spot_on) clear_bit(r, GPUREG_LIGHTING_CONFIG1, 8); // light 0's spot bit
        l.ambient = kWhite;
        set_light(r, 0, l);
        return light_fragment(r, luts, straight_on()).primary[0]; // ambient * SP
    };
    // S = (0, 1229, 1638)/2048 (y in bits 16-28, z in SPOTDIR_Z), L = (0,0,1): SP = 1638/2048.
    Light l{.z = 1, .spot_y = 1229, .spot_z = 1638};
    CHECK(run(l, 0, true) == doctest::Approx((1638 / 2048.0 + 1) / 2).epsilon(kEps));
    // Negative component, two's complement s13: S.z = -0.5 -> entry 192 -> 0.25.
    l.spot_z = -1024;
    CHECK(run(l, 0, true) == doctest::Approx(0.25).epsilon(kEps));
    // x component (bits 0-12) with L = (1,0,0): S.x = 0.5 -> 0.75.
    CHECK(run(Light{.x = 1, .spot_x = 1024}, 0, true) == doctest::Approx(0.75).epsilon(kEps));
    // S is not renormalised: S = (0,0,0.25) gives SP input 0.25 -> 0.625.
    CHECK(run(Light{.z = 1, .spot_z = 512}, 0, true) == doctest::Approx(0.625).epsilon(kEps));
    // Spot bit set, or configuration 2 (no SP): 1.0.
    l.spot_z = -1024;
    CHECK(run(l, 0, false) == doctest::Approx(1.0));
    CHECK(run(l, 2, true) == doctest::Approx(1.0));
    // Spot also attenuates the specular term.
    Regs r = base_regs(0);
    select_input(r, kNibSP, 4);
    clear_bit(r, GPUREG_LIGHTING_CONFIG1, 8);
    set_light(r, 0, Light{.specular0 = kWhite, .z = 1, .spot_z = -1024});
    CHECK(light_fragment(r, luts, straight_on()).secondary[0] == doctest::Approx(0.25));
    // A spot bit of another light id does not matter: light 3 in slot 0 uses bit 11, table 11.
    lut_from_func(
        luts, 11, [](double x) { return (x + 1) / 4; }, true);
    r = base_regs(0);
    select_input(r, kNibSP, 4);
    r[GPUREG_LIGHTING_LIGHT_PERMUTATION] = 3;
    clear_bit(r, GPUREG_LIGHTING_CONFIG1, 11);
    set_light(r, 3, Light{.ambient = kWhite, .z = 1, .spot_z = 2048 - 1});
    CHECK(light_fragment(r, luts, straight_on()).primary[0] ==
          doctest::Approx((2047 / 2048.0 + 1) / 4).epsilon(kEps));
}

// ---- distance attenuation ----------------------------------------------------------------------

TEST_CASE("lighting model: distance attenuation with bias and scale") {
    // Light id 2 in slot 0; DA LUT 18 = f(x) = x built unsigned (interpolates exactly).
    LutState luts{};
    lut_from_func(
        luts, 18, [](double x) { return x; }, false);
    auto run = [&](Light l, bool da_on, LightingInputs in) {
        Regs r = base_regs(0);
        r[GPUREG_LIGHTING_LIGHT_PERMUTATION] = 2;
        if (da_on) clear_bit(r, GPUREG_LIGHTING_CONFIG1, 24 + 2);
        l.ambient = kWhite;
        set_light(r, 2, l);
        return light_fragment(r, luts, in).primary[0]; // ambient * DA
    };
    // Positional light at (0,0,3), view (0,0,1): Lraw = (0,0,4), d = 4.
    Light l{.z = 3, .directional = false, .da_bias = -0.5f, .da_scale = 0.25f};
    CHECK(run(l, true, straight_on()) == doctest::Approx(0.5).epsilon(kEps));
    CHECK(run(l, false, straight_on()) == doctest::Approx(1.0));
    // Scale 0.2 is inexact in float20: t = 4 * 0.2 - 0.5 ~ 0.3.
    l.da_scale = 0.2f;
    CHECK(run(l, true, straight_on()) == doctest::Approx(0.3).epsilon(1e-4));
    // Clamped to [0, 1]: t = 4 -> 1 -> entry 255 + full difference = 1.0; t < 0 -> 0.
    l.da_bias = 0;
    l.da_scale = 1;
    CHECK(run(l, true, straight_on()) == doctest::Approx(1.0).epsilon(kEps));
    l.da_bias = -10;
    CHECK(run(l, true, straight_on()) == doctest::Approx(0.0));
    // The unnormalised view enters d: view (0,0,5) -> d = 8; t = 8 * 0.0625 = 0.5.
    l.da_bias = 0;
    l.da_scale = 0.0625f;
    LightingInputs far = straight_on();
    far.view = {0, 0, 5};
    CHECK(run(l, true, far) == doctest::Approx(0.5).epsilon(kEps));
    // Directional light: d = |position| (facts 5.1, citra#6366): (0,0,2) * 0.25 -> 0.5.
    CHECK(run(Light{.z = 2, .da_scale = 0.25f}, true, straight_on()) ==
          doctest::Approx(0.5).epsilon(kEps));
    // DA also attenuates the diffuse and specular terms.
    Regs r = base_regs(0);
    r[GPUREG_LIGHTING_LIGHT_PERMUTATION] = 2;
    clear_bit(r, GPUREG_LIGHTING_CONFIG1, 26);
    set_light(r, 2, Light{.specular0 = kWhite, .diffuse = kWhite, .z = 2, .da_scale = 0.25f});
    const LightingResult res = light_fragment(r, luts, straight_on());
    CHECK(res.primary[0] == doctest::Approx(0.5).epsilon(kEps));
    CHECK(res.secondary[0] == doctest::Approx(0.5).epsilon(kEps));
    // NaN input (inf * d + -inf) reads as t = 0; with g(x) = (x+1)/2 that is 0.5, not NaN.
    lut_from_func(
        luts, 18, [](double x) { return (x + 1) / 2; }, false);
    Regs rb = base_regs(0);
    rb[GPUREG_LIGHTING_LIGHT_PERMUTATION] = 2;
    clear_bit(rb, GPUREG_LIGHTING_CONFIG1, 26);
    set_light(rb, 2, Light{.ambient = kWhite, .z = 2});
    rb[GPUREG_LIGHT0_ATTENUATION_BIAS + 2 * kLightStride] = float_to_f20(-INFINITY);
    rb[GPUREG_LIGHT0_ATTENUATION_SCALE + 2 * kLightStride] = float_to_f20(INFINITY);
    CHECK(light_fragment(rb, luts, straight_on()).primary[0] == doctest::Approx(0.5));
}

// ---- normal, view, bump ------------------------------------------------------------------------

TEST_CASE("lighting model: quaternion rotation, normalisation and bad quaternions") {
    LutState luts{};
    auto diffuse_dot = [&](std::array<float, 4> q, float lx, float lz) {
        Regs r = base_regs(0);
        set_light(r, 0, Light{.diffuse = kWhite, .x = lx, .z = lz});
        LightingInputs in = straight_on();
        in.normquat = q;
        return light_fragment(r, luts, in).primary[0];
    };
    // 90 degrees about y maps (0,0,1) to (1,0,0); the quaternion is scaled by 3 (not unit).
    const float s = 3.0f * std::sqrt(0.5f);
    CHECK(diffuse_dot({0, s, 0, s}, 1, 0) == doctest::Approx(1.0).epsilon(kEps));
    CHECK(diffuse_dot({0, s, 0, s}, 0, 1) == doctest::Approx(0.0).epsilon(1e-6));
    // -q is the same rotation.
    CHECK(diffuse_dot({0, -s, 0, -s}, 1, 0) == doctest::Approx(1.0).epsilon(kEps));
    // Zero, NaN and infinite quaternions: identity (our defined behaviour), finite output.
    for (const auto& q : {std::array<float, 4>{0, 0, 0, 0}, std::array<float, 4>{NAN, 0, 0, 1},
                          std::array<float, 4>{INFINITY, 0, 0, 1}}) {
        CHECK(diffuse_dot(q, 0, 1) == doctest::Approx(1.0));
        CHECK(diffuse_dot(q, 1, 0) == doctest::Approx(0.0));
    }
    // Zero / NaN view: V-hat = (0,0,1); every channel stays finite.
    Regs r = base_regs(8);
    r[GPUREG_LIGHTING_CONFIG1] = 0;
    r[GPUREG_LIGHTING_CONFIG0] |= 3u << 2;
    for (unsigned t = 0; t < 24; ++t)
        if (t != 2 && t != 7) lut_const(luts, t, 0x800);
    set_light(r, 0,
              Light{.specular0 = kWhite,
                    .specular1 = kWhite,
                    .diffuse = kWhite,
                    .z = 1,
                    .directional = false,
                    .da_scale = 1});
    for (const auto& v : {std::array<float, 3>{0, 0, 0}, std::array<float, 3>{NAN, 0, 1},
                          std::array<float, 3>{INFINITY, 0, 0}}) {
        LightingInputs in;
        in.normquat = {0, 0, 0, 0};
        in.view = v;
        const LightingResult res = light_fragment(r, luts, in);
        for (unsigned c = 0; c < 4; ++c) {
            CHECK(std::isfinite(res.primary[c]));
            CHECK(std::isfinite(res.secondary[c]));
            CHECK(res.primary[c] >= 0.0f);
            CHECK(res.secondary[c] <= 1.0f);
        }
    }
}

TEST_CASE("lighting model: bump mapping and the CP input") {
    LutState luts{};
    auto diffuse_dot = [&](std::uint32_t bump_bits, float lx, float lz, bool two_sided) {
        Regs r = base_regs(0);
        r[GPUREG_LIGHTING_CONFIG0] |= bump_bits;
        set_light(r, 0, Light{.diffuse = kWhite, .x = lx, .z = lz, .two_sided = two_sided});
        LightingInputs in = straight_on();
        in.textures[0] = {128, 128, 255, 255};
        in.textures[1] = {191, 64, 0, 255};
        return light_fragment(r, luts, in).primary[0];
    };
    const std::uint32_t unit1 = 1u << 22, normal_map = 1u << 28, tangent_map = 2u << 28,
                        no_renorm = 1u << 30;
    // p = tex / 127.5 - 1: (0.498039, -0.498039, -1); renormalised z = sqrt(1 - x^2 - y^2).
    const double px = 191 / 127.5 - 1;
    const double pz = std::sqrt(1 - 2 * px * px);
    CHECK(diffuse_dot(unit1 | normal_map, 0, 1, false) == doctest::Approx(pz).epsilon(1e-4));
    CHECK(diffuse_dot(unit1 | normal_map, 1, 0, false) == doctest::Approx(px).epsilon(1e-4));
    // Renorm off: z = -1 from the texture; one-sided 0, two-sided 1.
    CHECK(diffuse_dot(unit1 | normal_map | no_renorm, 0, 1, false) == doctest::Approx(0.0));
    CHECK(diffuse_dot(unit1 | normal_map | no_renorm, 0, 1, true) ==
          doctest::Approx(1.0).epsilon(kEps));
    // Renorm off keeps a non-unit N: N.L for L = (0.6,0,0.8) = 0.6 px - 0.8 -> negative; with
    // two-sided |.|; not renormalised.
    CHECK(diffuse_dot(unit1 | normal_map | no_renorm, 0.6f, 0.8f, true) ==
          doctest::Approx(std::fabs(0.6 * px - 0.8)).epsilon(2e-3));
    // Unit 0 holds (128,128,255): p = (0.0039, 0.0039, 1) -> almost straight.
    CHECK(diffuse_dot(normal_map, 0, 1, false) ==
          doctest::Approx(std::sqrt(1 - 2 * std::pow(128 / 127.5 - 1, 2))).epsilon(1e-5));
    // Tangent map and mode 3 leave N = (0,0,1).
    CHECK(diffuse_dot(unit1 | tangent_map, 0, 1, false) == doctest::Approx(1.0));
    CHECK(diffuse_dot(unit1 | (3u << 28), 0, 1, false) == doctest::Approx(1.0));
    // No bump mode: the unit is ignored.
    CHECK(diffuse_dot(unit1, 0, 1, false) == doctest::Approx(1.0));

    // CP (facts 2): D0 = g(CP) with g(x) = (x+1)/2 signed; N = V = (0,0,1), L = (0.6,0,0.8).
    // H = (0.6, 0, 1.8) -> H-hat.x = 0.6/sqrt(3.6) = 0.31623; CP = H-hat.x (T = (1,0,0)).
    lut_from_func(
        luts, 0, [](double x) { return (x + 1) / 2; }, true);
    auto cp = [&](unsigned config, std::uint32_t bump_bits) {
        Regs r = base_regs(config);
        r[GPUREG_LIGHTING_CONFIG0] |= bump_bits;
        clear_bit(r, GPUREG_LIGHTING_CONFIG1, kBitD0);
        select_input(r, kNibD0, 5);
        set_light(r, 0, Light{.specular0 = kWhite, .x = 0.6f, .z = 0.8f});
        LightingInputs in = straight_on();
        in.textures[1] = {0, 128, 128, 255};
        return light_fragment(r, luts, in).secondary[0];
    };
    const double hx = 0.6 / std::sqrt(3.6);
    CHECK(cp(8, 0) == doctest::Approx((hx + 1) / 2).epsilon(1e-3));
    // Only configuration value 8 has CP; elsewhere it reads 0 -> g(0) = 0.5.
    CHECK(cp(6, 0) == doctest::Approx(0.5).epsilon(kEps));
    CHECK(cp(7, 0) == doctest::Approx(0.5).epsilon(kEps));
    // Tangent map T = (-1, 0.0039, 0.0039): CP = -H-hat.x.
    CHECK(cp(8, unit1 | tangent_map) == doctest::Approx((1 - hx) / 2).epsilon(1e-3));
}

// ---- the rest ----------------------------------------------------------------------------------

TEST_CASE("lighting model: enable switch, light permutation, sums, ambient and clamping") {
    LutState luts{};
    Regs r = base_regs(0);
    r[GPUREG_LIGHTING_AMBIENT] = rgb(10, 20, 30);
    set_light(r, 0, Light{.diffuse = rgb(100, 0, 0), .ambient = rgb(0, 50, 0), .z = 1});
    set_light(r, 5, Light{.diffuse = rgb(200, 0, 0), .ambient = rgb(0, 0, 40), .z = 1});
    // Only slot 0 (light 0) evaluated with NUM_LIGHTS = 0.
    LightingResult res = light_fragment(r, luts, straight_on());
    CHECK(res.primary[0] == doctest::Approx(110 / 255.0).epsilon(kEps));
    CHECK(res.primary[1] == doctest::Approx(70 / 255.0).epsilon(kEps));
    CHECK(res.primary[2] == doctest::Approx(30 / 255.0).epsilon(kEps));
    CHECK(res.primary[3] == 1.0f);
    CHECK(res.secondary == std::array<float, 4>{0, 0, 0, 1});
    // Two lights, slot 1 = light 5 (4-bit stride): red sums past 1 and clamps.
    r[GPUREG_LIGHTING_NUM_LIGHTS] = 1;
    r[GPUREG_LIGHTING_LIGHT_PERMUTATION] = 0x50;
    res = light_fragment(r, luts, straight_on());
    CHECK(res.primary[0] == doctest::Approx(1.0));
    CHECK(res.primary[1] == doctest::Approx(70 / 255.0).epsilon(kEps));
    CHECK(res.primary[2] == doctest::Approx(70 / 255.0).epsilon(kEps));
    // The same light in two slots counts twice.
    r[GPUREG_LIGHTING_LIGHT_PERMUTATION] = 0x00;
    res = light_fragment(r, luts, straight_on());
    CHECK(res.primary[1] == doctest::Approx(120 / 255.0).epsilon(kEps));
    // Bits 8-9 of a colour field are not part of the value (team decision: 8-bit fields).
    r[GPUREG_LIGHTING_AMBIENT] = rgb(10, 20, 30) | (3u << 8);
    CHECK(light_fragment(r, luts, straight_on()).primary[2] == doctest::Approx(30 / 255.0));

    // Lighting off (0x1C6 bit 0 = 1): zero colours even with 0x8F = 1; 0x8F alone does nothing.
    r[GPUREG_LIGHTING_ENABLE1] = 1;
    CHECK_FALSE(lighting_enabled(r));
    res = light_fragment(r, luts, straight_on());
    CHECK(res.primary == std::array<float, 4>{});
    CHECK(res.secondary == std::array<float, 4>{});
    r[GPUREG_LIGHTING_ENABLE1] = 0;
    r[GPUREG_LIGHTING_ENABLE0] = 0;
    CHECK(lighting_enabled(r));
}
