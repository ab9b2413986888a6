// Tests of the procedural texture reference model (tests/oracle/proctex_model.*) against
// hand-computed values. Each expectation is derived by hand from the proctex fact sheet
// (docs/research/proctex.md, "proctex.md N.N") and the register reference (shared/spec/004), not
// from the model's code. Section-5 "(model)" values of the sheet are double-precision evaluations
// of Azahar's algorithm; 8-bit colours from them are checked to +-1 LSB as the sheet says.

#include "proctex_model.h"

#include "pica/regs/reg_ids.h"

#include <doctest/doctest.h>

#include <array>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <functional>
#include <limits>

using namespace picavk;
using namespace picavk::pica;
using namespace picavk::test::oracle;

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();

// ---- LUT and register packing ------------------------------------------------------------------

// A value-table word: value bits 0-11, 12-bit two's-complement diff bits 12-23 (proctex.md 3).
std::uint32_t entry(int value, int diff) {
    return (static_cast<std::uint32_t>(value) & 0xFFFu) |
           ((static_cast<std::uint32_t>(diff) & 0xFFFu) << 12);
}

// citro3d ProcTexLut_FromArray (proctex.md 3): in[i] = f(i/128) for i = 0..128, clamped to
// [0, 1]; cur = trunc(4095 in[i]), next = trunc(4095 in[i+1]), entry = cur | (next-cur) << 12.
ProcTexValueTable lut_from_func(const std::function<double(double)>& f) {
    std::array<int, 129> q{};
    for (int i = 0; i <= 128; ++i) {
        double x = f(i / 128.0);
        x = x < 0 ? 0 : (x > 1 ? 1 : x);
        q[static_cast<std::size_t>(i)] = static_cast<int>(4095.0 * x);
    }
    ProcTexValueTable t{};
    for (std::size_t i = 0; i < 128; ++i)
        t[i] = entry(q[i], q[i + 1] - q[i]);
    return t;
}
// Identity ramp (proctex.md 5.6): entry i = trunc(4095 i/128); entry 64 = 2047 | 32 << 12,
// entry 127 = 4063 | 32 << 12.
ProcTexValueTable identity_lut() {
    return lut_from_func([](double x) { return x; });
}

// Colour word: R bits 0-7, G 8-15, B 16-23, A 24-31 (proctex.md 3).
std::uint32_t rgba(unsigned r, unsigned g, unsigned b, unsigned a) {
    return (r & 0xFFu) | ((g & 0xFFu) << 8) | ((b & 0xFFu) << 16) | ((a & 0xFFu) << 24);
}
// Difference word: signed 8-bit halves, same layout.
std::uint32_t half_diff(int r, int g, int b, int a) {
    return rgba(static_cast<unsigned>(r), static_cast<unsigned>(g), static_cast<unsigned>(b),
                static_cast<unsigned>(a));
}

constexpr std::uint32_t kTex3Enable = 1u << 10; // TEXUNIT_CONFIG bit 10 (proctex.md 1.1)

// PROCTEX0 (proctex.md 1.2).
std::uint32_t proctex0(unsigned clamp_u, unsigned clamp_v, unsigned rgb_func, unsigned alpha_func,
                       bool separate_alpha, bool noise, unsigned shift_u = 0, unsigned shift_v = 0,
                       unsigned bias_low = 0) {
    return clamp_u | (clamp_v << 3) | (rgb_func << 6) | (alpha_func << 10) |
           (separate_alpha ? 1u << 14 : 0u) | (noise ? 1u << 15 : 0u) | (shift_u << 16) |
           (shift_v << 18) | (bias_low << 20);
}
// PROCTEX4 (proctex.md 1.5).
std::uint32_t proctex4(unsigned filter, unsigned lod_min, unsigned lod_max, unsigned width,
                       unsigned bias_high = 0) {
    return filter | (lod_min << 3) | (lod_max << 7) | (width << 11) | (bias_high << 19);
}

// The unit on, clamp to edge on both axes, function U, no noise, filter `filter`, LOD 0..6,
// colour-LUT width `width`, offsets 0/0x80/0xC0/0xE0 (citro3d defaults, proctex.md 1.5, 1.6).
Regs base_regs(unsigned filter, unsigned width) {
    Regs r{};
    r[GPUREG_TEXUNIT_CONFIG] = kTex3Enable;
    r[GPUREG_TEXUNIT3_PROCTEX0] = proctex0(1, 1, 0, 0, false, false);
    r[GPUREG_TEXUNIT3_PROCTEX4] = proctex4(filter, 0, 6, width);
    r[GPUREG_TEXUNIT3_PROCTEX5] = 0xE0C08000u;
    return r;
}

// The sheet's item-6 LUTs (proctex.md 5.6): identity RGB map, colour LUT width 2 with
// C0 = 0x00, C1 = 0xFF on every channel and Dh0 = 127.
LutState ramp2_luts() {
    LutState l{};
    l.proctex_rgb_map = identity_lut();
    l.proctex_alpha_map = identity_lut();
    l.proctex_noise = identity_lut();
    l.proctex_color[0] = rgba(0, 0, 0, 0);
    l.proctex_color[1] = rgba(255, 255, 255, 255);
    l.proctex_color_diff[0] = half_diff(127, 127, 127, 127);
    return l;
}

// 256-entry colour ramp: R = i, G = 0, B = 0, A = 255, half-differences 0. The width field is
// 8 bits (0-255, proctex.md 1.5), so ramp tests use width 255: p = 254 * coord.
LutState index_luts() {
    LutState l{};
    l.proctex_rgb_map = identity_lut();
    l.proctex_alpha_map = identity_lut();
    l.proctex_noise = identity_lut();
    for (unsigned i = 0; i < 256; ++i)
        l.proctex_color[i] = rgba(i, 0, 0, 255);
    return l;
}

std::array<int, 4> color_at(const Regs& r, const LutState& l, float u, float v, float rho = 0) {
    ProcTexInputs in;
    in.u = u;
    in.v = v;
    in.rho = rho;
    return proctex_color(r, l, in);
}

} // namespace

// ---- registers ---------------------------------------------------------------------------------

TEST_CASE("proctex model: enable bit and coordinate source") {
    // proctex.md 1.1: bit 10 enables, bits 8-9 pick the texcoord, 3 -> texcoord0 (suggestion),
    // bit 13 does not affect unit 3.
    Regs r{};
    CHECK_FALSE(proctex_enabled(r));
    r[GPUREG_TEXUNIT_CONFIG] = kTex3Enable;
    CHECK(proctex_enabled(r));
    CHECK(proctex_coordinate_source(r) == 0);
    r[GPUREG_TEXUNIT_CONFIG] = kTex3Enable | (1u << 8);
    CHECK(proctex_coordinate_source(r) == 1);
    r[GPUREG_TEXUNIT_CONFIG] = kTex3Enable | (2u << 8);
    CHECK(proctex_coordinate_source(r) == 2);
    r[GPUREG_TEXUNIT_CONFIG] = kTex3Enable | (3u << 8);
    CHECK(proctex_coordinate_source(r) == 0);
    r[GPUREG_TEXUNIT_CONFIG] = kTex3Enable | (1u << 8) | (1u << 13);
    CHECK(proctex_coordinate_source(r) == 1);
}

TEST_CASE("proctex model: disabled unit gives zero") {
    // proctex.md 5.11: bit 10 = 0 -> (0,0,0,0), whatever the LUTs hold.
    Regs r = base_regs(1, 2);
    const LutState l = ramp2_luts();
    CHECK(color_at(r, l, 1.0f, 1.0f) == std::array<int, 4>{255, 255, 255, 255});
    r[GPUREG_TEXUNIT_CONFIG] = 0;
    CHECK(color_at(r, l, 1.0f, 1.0f) == std::array<int, 4>{0, 0, 0, 0});
}

TEST_CASE("proctex model: noise register decoding") {
    // proctex.md 5.8: PROCTEX1 = 0x2E660199 -> amplitude 409/4095, phase 0x2E66 =
    // 2^-4 * (1 + 614/1024) = 0.0999755859375; PROCTEX3 = 0x34CC3C00 -> fu = 1.0,
    // fv = 0.25 * (1 + 204/1024) = 0.2998046875 (proctex.md 1.3, 1.4, 1.8).
    Regs r{};
    r[GPUREG_TEXUNIT3_PROCTEX1] = 0x2E660199u;
    r[GPUREG_TEXUNIT3_PROCTEX2] = 0xBC00FFFFu; // phase -1.0, amplitude -1 (s16)
    r[GPUREG_TEXUNIT3_PROCTEX3] = 0x34CC3C00u;
    const ProcTexNoiseParams p = proctex_noise_params(r);
    CHECK(p.amp_u == 409.0 / 4095.0);
    CHECK(p.phase_u == 0.0999755859375);
    CHECK(p.amp_v == -1.0 / 4095.0);
    CHECK(p.phase_v == -1.0);
    CHECK(p.freq_u == 1.0);
    CHECK(p.freq_v == 0.2998046875);
    r[GPUREG_TEXUNIT3_PROCTEX1] = 0x00008000u; // most negative s16
    CHECK(proctex_noise_params(r).amp_u == -32768.0 / 4095.0);
    r[GPUREG_TEXUNIT3_PROCTEX1] = 0x00007FFFu;
    CHECK(proctex_noise_params(r).amp_u == 32767.0 / 4095.0);
}

TEST_CASE("proctex model: LOD bias and level offsets") {
    // Bias f16 = PROCTEX0[27:20] | PROCTEX4[26:19] << 8 (proctex.md 1.5).
    Regs r{};
    r[GPUREG_TEXUNIT3_PROCTEX0] = 0xABu << 20;
    r[GPUREG_TEXUNIT3_PROCTEX4] = 0x3Cu << 19;
    CHECK(proctex_lod_bias_raw(r) == 0x3CABu);
    // Levels 0-3 from PROCTEX5 bytes, 4-7 hardcoded (proctex.md 1.6).
    r[GPUREG_TEXUNIT3_PROCTEX5] = 0x10203040u;
    CHECK(proctex_level_offset(r, 0) == 0x40);
    CHECK(proctex_level_offset(r, 1) == 0x30);
    CHECK(proctex_level_offset(r, 2) == 0x20);
    CHECK(proctex_level_offset(r, 3) == 0x10);
    CHECK(proctex_level_offset(r, 4) == 0xF0);
    CHECK(proctex_level_offset(r, 5) == 0xF8);
    CHECK(proctex_level_offset(r, 6) == 0xFC);
    CHECK(proctex_level_offset(r, 7) == 0xFE);
    CHECK(proctex_level_offset(r, 9) == 0xFE); // past 7 reads as 7
    // Register 0x0AE is not honoured (proctex.md 1.6 suggestion).
    r[0x0AE] = 0x01020304u;
    CHECK(proctex_level_offset(r, 4) == 0xF0);
}

// ---- building blocks ---------------------------------------------------------------------------

TEST_CASE("proctex model: clamp modes") {
    // proctex.md 2.4 and 5.3. Modes: 0 zero, 1 edge, 2 repeat, 3 mirror, 4 pulse.
    struct Row {
        double c;
        std::array<double, 5> expect;
    };
    const Row rows[] = {
        {1.25, {0.0, 1.0, 0.25, 0.75, 1.0}}, // 5.3
        {1.0, {1.0, 1.0, 0.0, 1.0, 1.0}},    // 5.3: zero keeps 1.0, repeat 1 -> 0, mirror 1 -> 1
        {0.5, {0.5, 0.5, 0.5, 0.5, 0.0}},    // 5.3: pulse 0.5 -> 0
        {0.0, {0.0, 0.0, 0.0, 0.0, 0.0}},    //
        {0.625, {0.625, 0.625, 0.625, 0.625, 1.0}},
        {2.0, {0.0, 1.0, 0.0, 0.0, 1.0}},    // mirror 2.0 -> 0 (2.4)
        {2.75, {0.0, 1.0, 0.75, 0.75, 1.0}}, // mirror: integer part 2 even -> f
        {3.25, {0.0, 1.0, 0.25, 0.75, 1.0}}, // mirror: integer part 3 odd -> 1 - f
        {0.999, {0.999, 0.999, 0.999, 0.999, 1.0}},
    };
    for (const Row& row : rows) {
        CAPTURE(row.c);
        for (unsigned mode = 0; mode < 5; ++mode) {
            CAPTURE(mode);
            CHECK(proctex_clamp(row.c, mode) == row.expect[mode]);
        }
    }
    // Modes 5-7: clamp to edge (proctex.md 2.4 suggestion).
    for (unsigned mode = 5; mode < 8; ++mode) {
        CHECK(proctex_clamp(1.25, mode) == 1.0);
        CHECK(proctex_clamp(0.3, mode) == 0.3);
    }
}

TEST_CASE("proctex model: clamp of bad coordinates") {
    // Our choices (header): NaN -> 0, +-inf -> 2^24, negative -> |c|.
    for (unsigned mode = 0; mode < 8; ++mode) {
        CAPTURE(mode);
        CHECK(proctex_clamp(kNaN, mode) == 0.0);
    }
    CHECK(proctex_clamp(kInf, 0) == 0.0);
    CHECK(proctex_clamp(kInf, 1) == 1.0);
    CHECK(proctex_clamp(kInf, 2) == 0.0);
    CHECK(proctex_clamp(kInf, 3) == 0.0); // 2^24 is even
    CHECK(proctex_clamp(kInf, 4) == 1.0);
    CHECK(proctex_clamp(-kInf, 1) == 1.0);
    CHECK(proctex_clamp(-1.25, 2) == 0.25);
}

TEST_CASE("proctex model: shift modes") {
    // proctex.md 2.2 and 5.4: odd gives 0,0,1,1,0,0,... and even 0,1,1,0,0,1,... for k = 0,1,2,...
    // times 0.5, or 1.0 when the shifted coordinate's clamp is mirrored repeat.
    const unsigned kRepeat = 2, kMirror = 3;
    // odd
    CHECK(proctex_shift(1, kRepeat, 0.0) == 0.0);
    CHECK(proctex_shift(1, kRepeat, 1.99) == 0.0);
    CHECK(proctex_shift(1, kRepeat, 2.0) == 0.5);
    CHECK(proctex_shift(1, kRepeat, 3.5) == 0.5);
    CHECK(proctex_shift(1, kRepeat, 4.0) == 0.0);
    CHECK(proctex_shift(1, kRepeat, 5.9) == 0.0);
    CHECK(proctex_shift(1, kRepeat, 6.2) == 0.5);
    // even
    CHECK(proctex_shift(2, kRepeat, 0.9) == 0.0);
    CHECK(proctex_shift(2, kRepeat, 1.0) == 0.5);
    CHECK(proctex_shift(2, kRepeat, 2.9) == 0.5);
    CHECK(proctex_shift(2, kRepeat, 3.0) == 0.0);
    CHECK(proctex_shift(2, kRepeat, 4.5) == 0.0);
    CHECK(proctex_shift(2, kRepeat, 5.0) == 0.5);
    // mirrored repeat: offset 1.0
    CHECK(proctex_shift(1, kMirror, 2.0) == 1.0);
    CHECK(proctex_shift(1, kMirror, 1.0) == 0.0);
    CHECK(proctex_shift(2, kMirror, 1.0) == 1.0);
    // other clamp modes (including the unknown 5-7) use 0.5
    for (unsigned clamp = 0; clamp < 8; ++clamp) {
        if (clamp == kMirror) continue;
        CHECK(proctex_shift(1, clamp, 2.0) == 0.5);
    }
    // none, and the unknown value 3 (Azahar: 0, proctex.md 2.2)
    for (unsigned mode : {0u, 3u}) {
        CHECK(proctex_shift(mode, kRepeat, 1.0) == 0.0);
        CHECK(proctex_shift(mode, kRepeat, 2.0) == 0.0);
        CHECK(proctex_shift(mode, kMirror, 2.0) == 0.0);
    }
    // NaN reads as 0
    CHECK(proctex_shift(2, kRepeat, kNaN) == 0.0);
}

TEST_CASE("proctex model: shift in the pipeline") {
    // proctex.md 2.2/2.4/5.4: U shift odd, offset from v, added before the clamp. Colour ramp
    // R = index, width 255, nearest: R = round(254 * map(u)), identity map (5.6 encoding).
    LutState l = index_luts();
    Regs r = base_regs(0, 255);
    r[GPUREG_TEXUNIT3_PROCTEX0] = proctex0(2, 1, 0, 0, false, false, 1, 0);
    // v = 2.5 (k = 2) -> +0.5: u = 0.6, map: t = 76.8, entry 76 = 2431, diff 32 ->
    // (2431 + 25.6)/4095 = 0.59990 -> 254 * 0.59990 = 152.38 -> 152.
    CHECK(color_at(r, l, 0.1f, 2.5f)[0] == 152);
    // v = 1.5 (k = 1) -> +0: u = 0.1: t = 12.8, entry 12 = 383, diff 32 -> 408.6/4095 ->
    // 25.34 -> 25.
    CHECK(color_at(r, l, 0.1f, 1.5f)[0] == 25);
    // Mirrored repeat: offset 1.0, u = 1.1 -> odd integer part -> 0.9: t = 115.2, entry 115 =
    // 3679, diff 32 -> 3685.4/4095 = 0.89998 -> 228.59 -> 229.
    r[GPUREG_TEXUNIT3_PROCTEX0] = proctex0(3, 1, 0, 0, false, false, 1, 0);
    CHECK(color_at(r, l, 0.1f, 2.5f)[0] == 229);
    // The shift reads v before noise and after the abs: v = -2.5 shifts the same.
    CHECK(color_at(r, l, 0.1f, -2.5f)[0] == 229);
}

TEST_CASE("proctex model: mapping functions") {
    // proctex.md 5.5 at (0.6, 0.8).
    const double expect[10] = {0.6, 0.36, 0.8, 0.64, 0.7, 0.5, 1.0, 0.6, 0.8, 0.85};
    for (unsigned f = 0; f < 10; ++f) {
        CAPTURE(f);
        CHECK(proctex_map(f, 0.6, 0.8) == doctest::Approx(expect[f]).epsilon(1e-12));
    }
    // Values 10-15 give 0 (proctex.md 2.5 suggestion).
    for (unsigned f = 10; f < 16; ++f)
        CHECK(proctex_map(f, 0.6, 0.8) == 0.0);
    // sqrt of small inputs (exact here; hardware deviates, proctex.md 5.5).
    CHECK(proctex_map(6, 0.03, 0.04) == doctest::Approx(0.05).epsilon(1e-12));
    // sqrt and rmax saturate at 1: sqrt(0.81 + 0.81) = 1.273; rmax (0.9 + 1.273)/2 = 1.086.
    CHECK(proctex_map(6, 0.9, 0.9) == 1.0);
    CHECK(proctex_map(9, 0.9, 0.9) == 1.0);
    // rmax at (0.3, 0.4): ((0.35) + 0.5)/2 = 0.425; add2 = (0.09 + 0.16)/2 = 0.125.
    CHECK(proctex_map(9, 0.3, 0.4) == doctest::Approx(0.425).epsilon(1e-12));
    CHECK(proctex_map(5, 0.3, 0.4) == doctest::Approx(0.125).epsilon(1e-12));
    CHECK(proctex_map(7, 0.3, 0.4) == 0.3);
    CHECK(proctex_map(8, 0.3, 0.4) == 0.4);
    CHECK(proctex_map(6, kNaN, kNaN) == 0.0);
}

TEST_CASE("proctex model: value table sampling") {
    // proctex.md 2.7: t = 128c, i = min(trunc(t), 127), (value[i] + f diff[i]) / 4095.
    ProcTexValueTable t{};
    for (int i = 0; i < 127; ++i)
        t[static_cast<std::size_t>(i)] = entry(32 * i, 32);
    t[10] = entry(1000, -32) | 0xAB000000u; // negative diff; bits 24-31 ignored (proctex.md 3)
    t[127] = entry(4000, 95);
    CHECK(proctex_sample_table(t, 0.0) == 0.0);
    CHECK(proctex_sample_table(t, 0.5) == 2048.0 / 4095.0);                     // entry 64
    CHECK(proctex_sample_table(t, 0.25 + 0.5 / 128) == (1024.0 + 16) / 4095.0); // entry 32, f 0.5
    CHECK(proctex_sample_table(t, 10.5 / 128) == (1000.0 - 16) / 4095.0);
    // The coordinate-1.0 rule: 127/128 reads entry 127, 1.0 reads value[127] + diff[127].
    CHECK(proctex_sample_table(t, 127.0 / 128) == 4000.0 / 4095.0);
    CHECK(proctex_sample_table(t, 127.5 / 128) == 4047.5 / 4095.0);
    CHECK(proctex_sample_table(t, 1.0) == 1.0);
    // Coordinates outside [0, 1] and NaN are clamped first (our choice).
    CHECK(proctex_sample_table(t, 1.5) == 1.0);
    CHECK(proctex_sample_table(t, -0.25) == 0.0);
    CHECK(proctex_sample_table(t, kNaN) == 0.0);
    // Results are clamped to [0, 1] (our choice, the GPU path of proctex.md 2.7): value 4095
    // with diff +2047, and value 0 with diff -2048 (raw 0x800 is negative, proctex.md 3).
    ProcTexValueTable over{};
    over[127] = entry(4095, 2047);
    over[0] = entry(0, -2048);
    CHECK(reg::signed_field(over[0], 12, 12) == -2048);
    CHECK(proctex_sample_table(over, 1.0) == 1.0);
    CHECK(proctex_sample_table(over, 127.5 / 128) == 1.0);
    CHECK(proctex_sample_table(over, 0.5 / 128) == 0.0);
    // The citro3d identity ramp of proctex.md 5.6.
    const ProcTexValueTable id = identity_lut();
    CHECK(id[64] == entry(2047, 32));
    CHECK(id[127] == entry(4063, 32));
    CHECK(proctex_sample_table(id, 0.25) == 1023.0 / 4095.0);
    CHECK(proctex_sample_table(id, 0.5) == 2047.0 / 4095.0);
    CHECK(proctex_sample_table(id, 0.75) == 3071.0 / 4095.0);
    CHECK(proctex_sample_table(id, 1.0) == 1.0);
}

TEST_CASE("proctex model: noise hash") {
    // proctex.md 5.2: R1(0..17).
    const unsigned r1[18] = {6, 9, 12, 15, 2, 5, 8, 11, 14, 2, 13, 8, 11, 6, 1, 12, 15, 10};
    for (unsigned n = 0; n < 18; ++n) {
        CAPTURE(n);
        CHECK(proctex_noise_r1(n) == r1[n]);
        CHECK(proctex_noise_r1(n + 144) == r1[n]);           // period 144 (proctex.md 2.3)
        CHECK(proctex_noise_r1(n + 144 * 1000003) == r1[n]); // large grid coordinates
    }
    // proctex.md 5.2: 2-D levels, rows y = 0..3, columns x = 0..5.
    const unsigned level[4][6] = {
        {2, 2, 1, 7, 13, 12}, {13, 3, 2, 6, 10, 13}, {8, 4, 15, 13, 7, 2}, {11, 5, 8, 12, 4, 3}};
    for (unsigned y = 0; y < 4; ++y) {
        for (unsigned x = 0; x < 6; ++x) {
            CAPTURE(x);
            CAPTURE(y);
            CHECK(proctex_noise_level(x, y) == level[y][x]);
            CHECK(proctex_noise_level(x + 144, y + 288) == level[y][x]);
        }
    }
    CHECK(proctex_noise_rand(0, 0) == doctest::Approx(-11.0 / 15.0).epsilon(1e-15));
    CHECK(proctex_noise_rand(1, 1) == doctest::Approx(-1.0 + 6.0 / 15.0).epsilon(1e-15));
    CHECK(proctex_noise_rand(2, 2) == 1.0); // b = 15
}

TEST_CASE("proctex model: noise value") {
    // Hand computation at grid (0.45, 0.45) with the identity noise LUT (proctex.md 2.3):
    // fx = fy = 0.45, s = 0.9; R(0,0) = -11/15, R(1,0) = -11/15, R(0,1) = 11/15 (b 13),
    // R(1,1) = -9/15 (b 3). g00 = -0.66, g10 = 0.0733.., g01 = -0.0733.., g11 = 0.66.
    // N(0.45): t = 57.6, entry 57 = 1823, diff 32 -> 1842.2/4095 = 0.449866.
    // n = lerp(lerp(-0.66, 0.0733, w), lerp(-0.0733, 0.66, w), w) = -0.0661773.
    const ProcTexValueTable id = identity_lut();
    CHECK(proctex_noise_value(id, 0.45, 0.45) == doctest::Approx(-0.0661773).epsilon(1e-6));
    // Integer grid points: s = 0, weights N(0) = 0 -> n = g00 = 0.
    CHECK(proctex_noise_value(id, 3.0, 5.0) == 0.0);

    // proctex.md 5.7 (model): frequency 1.0 both axes, phase 0.
    Regs r{};
    r[GPUREG_TEXUNIT3_PROCTEX3] = 0x3C003C00u;
    LutState l{};
    l.proctex_noise = id;
    CHECK(proctex_noise(r, l, 0.05, 0.05) == doctest::Approx(-0.06618).epsilon(1e-5));
    CHECK(proctex_noise(r, l, 0.3, 0.7) == doctest::Approx(-0.14005).epsilon(1e-5));
    l.proctex_noise = lut_from_func([](double x) { return x * x * (3 - 2 * x); });
    CHECK(proctex_noise(r, l, 0.3, 0.7) == doctest::Approx(-0.11296).epsilon(1e-5));
    // Phase enters before the scale: phase 1.0 (0x3C00) at u = 0.3 -> grid 9 * 1.3 = 11.7,
    // the same as u = 1.3 with phase 0.
    Regs rp = r;
    rp[GPUREG_TEXUNIT3_PROCTEX1] = 0x3C000000u;
    CHECK(proctex_noise(rp, l, 0.3, 0.7) == doctest::Approx(proctex_noise(r, l, 1.3, 0.7)));
    CHECK(proctex_noise(rp, l, 0.3, 0.7) != doctest::Approx(proctex_noise(r, l, 0.3, 0.7)));
}

TEST_CASE("proctex model: noise on and off") {
    // Amplitude U = 4095 (1.0), V = 0, frequency 1.0, phase 0, identity noise and RGB map, colour
    // ramp R = index (width 255, nearest: 254 * coord), function U, clamp to edge.
    LutState l = index_luts();
    Regs r = base_regs(0, 255);
    r[GPUREG_TEXUNIT3_PROCTEX1] = 4095u;
    r[GPUREG_TEXUNIT3_PROCTEX3] = 0x3C003C00u;
    // Noise off: u = 0.05: t = 6.4, entry 6 = 191, diff 32 -> 203.8/4095 -> 12.64 -> 13.
    CHECK(color_at(r, l, 0.05f, 0.05f)[0] == 13);
    // Noise on: n = -0.0661773 (see "noise value"), u = |0.05 - 0.0661773| = 0.0161773:
    // t = 2.0707, entry 2 = 63, diff 32 -> 65.262/4095 -> 4.048 -> 4.
    r[GPUREG_TEXUNIT3_PROCTEX0] = proctex0(1, 1, 0, 0, false, true);
    CHECK(color_at(r, l, 0.05f, 0.05f)[0] == 4);
    // V has amplitude 0: function V is unaffected (v = 0.05 -> 13).
    r[GPUREG_TEXUNIT3_PROCTEX0] = proctex0(1, 1, 2, 0, false, true);
    CHECK(color_at(r, l, 0.05f, 0.05f)[0] == 13);
    // Amplitude 0 on both axes: noise on changes nothing.
    r[GPUREG_TEXUNIT3_PROCTEX0] = proctex0(1, 1, 0, 0, false, true);
    r[GPUREG_TEXUNIT3_PROCTEX1] = 0;
    CHECK(color_at(r, l, 0.05f, 0.05f)[0] == 13);
}

TEST_CASE("proctex model: colour LUT filters") {
    // proctex.md 5.6: identity map + 2-entry ramp, function U, clamp to edge, no noise.
    // map(0.25, 0.5, 0.75, 1.0) = 1023/4095, 2047/4095, 3071/4095, 1.0.
    const LutState l = ramp2_luts();
    Regs lin = base_regs(1, 2);
    // Linear: 254 * map -> 63.45, 126.97, 190.48 and C1 at 1.0; truncated (proctex.md 2.10).
    CHECK(color_at(lin, l, 0.25f, 0)[0] == 63);
    CHECK(color_at(lin, l, 0.5f, 0)[0] == 126);
    CHECK(color_at(lin, l, 0.75f, 0)[0] == 190);
    CHECK(color_at(lin, l, 1.0f, 0) == std::array<int, 4>{255, 255, 255, 255});
    // The unit takes |u| (proctex.md 2.1).
    CHECK(color_at(lin, l, -0.25f, 0)[0] == 63);
    // Nearest: C0, C0, C1, C1 (map(0.5) = 0.49988 rounds to 0).
    Regs nea = base_regs(0, 2);
    CHECK(color_at(nea, l, 0.25f, 0)[0] == 0);
    CHECK(color_at(nea, l, 0.5f, 0)[0] == 0);
    CHECK(color_at(nea, l, 0.75f, 0)[0] == 255);
    CHECK(color_at(nea, l, 1.0f, 0)[0] == 255);
    // Filters 6 and 7: bit 0 picks linear, no mipmap (proctex.md 2.8 suggestion).
    CHECK(color_at(base_regs(6, 2), l, 0.75f, 0)[0] == 255);
    CHECK(color_at(base_regs(7, 2), l, 0.75f, 0)[0] == 190);
}

TEST_CASE("proctex model: colour LUT level sampling") {
    LutState l{};
    for (unsigned i = 0; i < 256; ++i)
        l.proctex_color[i] = rgba(i, 255 - i, 7, 200);
    // Direct samples, proctex.md 2.8: p = coord * (W - 1).
    // Linear at 0.5 over C0 = 0, Dh0 = 127 (x2 = 254): 127 exactly.
    LutState r2 = ramp2_luts();
    CHECK(proctex_sample_color_level(r2, 0, 2, 0.5, true)[0] == 127.0);
    // Nearest at an exact half rounds up (suggestion): p = 0.5 -> index 1.
    CHECK(proctex_sample_color_level(r2, 0, 2, 0.5, false)[0] == 255.0);
    CHECK(proctex_sample_color_level(r2, 0, 2, 0.4999, false)[0] == 0.0);
    // The stored half-difference, not the next entry, drives linear: C[7] = 200, Dh[7] = -50,
    // C[8] = 0; coord 0.25 of width 2 at offset 7 -> 200 + 0.25 * 2 * -50 = 175; 0.5 -> 150.
    l.proctex_color[7] = rgba(200, 10, 0, 0);
    l.proctex_color[8] = rgba(0, 0, 0, 0);
    l.proctex_color_diff[7] = half_diff(-50, 3, 0, 0);
    CHECK(proctex_sample_color_level(l, 7, 2, 0.25, true) == ProcTexColorF{175.0, 11.5, 0.0, 0.0});
    CHECK(proctex_sample_color_level(l, 7, 2, 0.5, true)[0] == 150.0);
    // Nearest at 0.75 of width 5 at offset 20: p = 3 -> C[23].
    CHECK(proctex_sample_color_level(l, 20, 5, 0.75, false) ==
          ProcTexColorF{23.0, 232.0, 7.0, 200.0});
    // Indices wrap mod 256 (suggestion): offset 0xFE, width 4: 0 -> C[0xFE], 2/3 -> p = 2 ->
    // 0x100 -> C[0], 1.0 -> 0x101 -> C[1].
    CHECK(proctex_sample_color_level(l, 0xFE, 4, 0.0, false)[0] == 254.0);
    CHECK(proctex_sample_color_level(l, 0xFE, 4, 2.0 / 3.0, false)[0] == 0.0);
    CHECK(proctex_sample_color_level(l, 0xFE, 4, 1.0, false)[0] == 1.0);
    CHECK(proctex_sample_color_level(l, 0xFE, 4, 1.0, true)[0] == 1.0);
    // Width 0 and 1: the level offset only (suggestion).
    for (unsigned w : {0u, 1u}) {
        CHECK(proctex_sample_color_level(l, 5, w, 1.0, false)[0] == 5.0);
        CHECK(proctex_sample_color_level(l, 5, w, 0.7, true)[0] == 5.0);
    }
    // Coordinates outside [0, 1] and NaN are clamped (our choice).
    CHECK(proctex_sample_color_level(l, 20, 5, 2.0, false)[0] == 24.0);
    CHECK(proctex_sample_color_level(l, 20, 5, kNaN, true)[0] == 20.0);
}

TEST_CASE("proctex model: level of detail") {
    // proctex.md 2.8: rho = max(|du/dx|, |du/dy|) + max(|dv/dx|, |dv/dy|).
    CHECK(proctex_rho(0.25, -0.5, 0.125, 0.0) == 0.625);
    CHECK(proctex_rho(-0.125, 0.0625, 0.0, -0.25) == 0.375);
    CHECK(proctex_rho(kNaN, 0.0625, kNaN, kNaN) == 0.0625);
    // lod = log2(|width * bias| * rho), clamped to [max(0, lod_min), min(7, lod_max)].
    Regs r = base_regs(2, 128);
    r[GPUREG_TEXUNIT3_PROCTEX4] = proctex4(2, 0, 6, 128, 0x3C); // bias 1.0
    CHECK(proctex_lod(r, 1.0 / 32) == 2.0);                     // 5.10: log2(128/32)
    CHECK(proctex_lod(r, 1.0 / 128) == 0.0);
    CHECK(proctex_lod(r, 1.0 / 256) == 0.0); // -1 -> 0
    CHECK(proctex_lod(r, 0.0) == 0.0);
    CHECK(proctex_lod(r, 1.0) == 6.0); // 7 -> lod_max 6
    CHECK(proctex_lod(r, kNaN) == 0.0);
    CHECK(proctex_lod(r, kInf) == 6.0);
    CHECK(proctex_lod(r, -1.0) == 0.0);
    CHECK(proctex_lod(r, std::sqrt(2.0) / 32) == doctest::Approx(2.5).epsilon(1e-12));
    // Bias 2.0 (0x4000) multiplies inside the log2: one level more (5.10).
    r[GPUREG_TEXUNIT3_PROCTEX4] = proctex4(2, 0, 6, 128, 0x40);
    CHECK(proctex_lod(r, 1.0 / 32) == 3.0);
    // A negative bias acts by its magnitude (|width * bias|): -1.0 = 0xBC00.
    r[GPUREG_TEXUNIT3_PROCTEX4] = proctex4(2, 0, 6, 128, 0xBC);
    CHECK(proctex_lod(r, 1.0 / 32) == 2.0);
    // Bias 0: lod 0, then clamped to lod_min.
    r[GPUREG_TEXUNIT3_PROCTEX4] = proctex4(2, 0, 6, 128, 0);
    CHECK(proctex_lod(r, 1.0) == 0.0);
    r[GPUREG_TEXUNIT3_PROCTEX4] = proctex4(2, 3, 6, 128, 0);
    CHECK(proctex_lod(r, 1.0) == 3.0);
    // lod_max above 7 clamps at 7; lod_min above lod_max: the upper bound wins (our choice).
    r[GPUREG_TEXUNIT3_PROCTEX4] = proctex4(2, 0, 15, 128, 0x3C);
    CHECK(proctex_lod(r, 4.0) == 7.0);
    r[GPUREG_TEXUNIT3_PROCTEX4] = proctex4(2, 5, 2, 128, 0x3C);
    CHECK(proctex_lod(r, 1.0 / 128) == 2.0);
    // The bias's low byte lives in PROCTEX0: 0x3C80 = 1.125 -> log2(128 * 1.125 / 36) = 2.
    r[GPUREG_TEXUNIT3_PROCTEX4] = proctex4(2, 0, 6, 128, 0x3C);
    r[GPUREG_TEXUNIT3_PROCTEX0] = proctex0(1, 1, 0, 0, false, false, 0, 0, 0x80);
    CHECK(proctex_lod(r, 1.0 / 36) == doctest::Approx(2.0).epsilon(1e-12));
    // NaN bias (0x7E00): reads as the lower bound (our choice).
    r[GPUREG_TEXUNIT3_PROCTEX0] = 0;
    r[GPUREG_TEXUNIT3_PROCTEX4] = proctex4(2, 1, 6, 128, 0x7E);
    CHECK(proctex_lod(r, 1.0 / 32) == 1.0);
}

TEST_CASE("proctex model: mipmap filters") {
    // proctex.md 5.10: width 128, offsets 0/0x80/0xC0/0xE0, bias 1.0, LOD 0..6. Colour ramp
    // R = index; u = 0 -> map 0 -> the level's offset entry.
    LutState l = index_luts();
    Regs r = base_regs(2, 128);
    r[GPUREG_TEXUNIT3_PROCTEX4] = proctex4(2, 0, 6, 128, 0x3C);
    CHECK(color_at(r, l, 0.0f, 0.0f, 1.0f / 32)[0] == 0xC0); // lod 2
    CHECK(color_at(r, l, 0.0f, 0.0f, 1.0f / 128)[0] == 0);   // lod 0
    // u = 1.0: map 1.0 -> the level's last entry: level 2 has width 32 -> 0xC0 + 31 = 0xDF.
    CHECK(color_at(r, l, 1.0f, 0.0f, 1.0f / 32)[0] == 0xDF);
    // lod 7 -> clamped to lod_max 6 -> level 6 at offset 0xFC.
    CHECK(color_at(r, l, 0.0f, 0.0f, 1.0f)[0] == 0xFC);
    r[GPUREG_TEXUNIT3_PROCTEX4] = proctex4(2, 0, 6, 128, 0x40); // bias 2.0 -> level 3
    CHECK(color_at(r, l, 0.0f, 0.0f, 1.0f / 32)[0] == 0xE0);
    r[GPUREG_TEXUNIT3_PROCTEX4] = proctex4(2, 0, 6, 128, 0); // bias 0 -> level 0
    CHECK(color_at(r, l, 0.0f, 0.0f, 1.0f / 32)[0] == 0);
    // Non-mip filters ignore the LOD: filter 0 at rho 1/32, bias 1.0 -> level 0.
    r[GPUREG_TEXUNIT3_PROCTEX4] = proctex4(0, 0, 6, 128, 0x3C);
    CHECK(color_at(r, l, 0.0f, 0.0f, 1.0f / 32)[0] == 0);

    // Direct lookups at a given lod, coordinate 0.5. Level 2: width 32, p = 15.5;
    // level 3: width 16, p = 7.5. Dh[0xCF] = 2 on R.
    l.proctex_color_diff[0xCF] = half_diff(2, 0, 0, 0);
    r[GPUREG_TEXUNIT3_PROCTEX4] = proctex4(2, 0, 6, 128);
    // Nearest-mip-nearest: lod 2 -> round(15.5) = 16 -> C[0xD0] = 208; lod 2.5 rounds up to
    // level 3 -> round(7.5) = 8 -> C[0xE8] = 232; lod 2.49 -> level 2.
    CHECK(proctex_lookup_color(r, l, 0.5, 2.0)[0] == 208.0);
    CHECK(proctex_lookup_color(r, l, 0.5, 2.5)[0] == 232.0);
    CHECK(proctex_lookup_color(r, l, 0.5, 2.49)[0] == 208.0);
    // Linear-mip-nearest: lod 2 -> C[0xCF] + 0.5 * 2 * 2 = 209.
    r[GPUREG_TEXUNIT3_PROCTEX4] = proctex4(3, 0, 6, 128);
    CHECK(proctex_lookup_color(r, l, 0.5, 2.0)[0] == 209.0);
    // Nearest-mip-linear: lod 2.25 -> 208 + 0.25 * (232 - 208) = 214.
    r[GPUREG_TEXUNIT3_PROCTEX4] = proctex4(4, 0, 6, 128);
    CHECK(proctex_lookup_color(r, l, 0.5, 2.25)[0] == 214.0);
    // Linear-mip-linear: lod 2.5 -> level 2 linear 209, level 3 linear C[0xE7] = 231 ->
    // (209 + 231) / 2 = 220.
    r[GPUREG_TEXUNIT3_PROCTEX4] = proctex4(5, 0, 6, 128);
    CHECK(proctex_lookup_color(r, l, 0.5, 2.5)[0] == 220.0);
    // lod 7: level 8 clamped to 7 (weight 0): level 7 offset 0xFE, width 1 -> C[0xFE].
    CHECK(proctex_lookup_color(r, l, 0.5, 7.0)[0] == 254.0);
    // Through the pipeline: filter 4 at lod 2.5 (rho = 2^2.5 / 128), u = 0 -> levels 2 and 3
    // at their offsets; R = 100 at 0xC0 and 201 at 0xE0 -> 150.5 -> 150.
    l.proctex_color[0xC0] = rgba(100, 0, 0, 255);
    l.proctex_color[0xE0] = rgba(201, 0, 0, 255);
    r[GPUREG_TEXUNIT3_PROCTEX4] = proctex4(4, 0, 6, 128, 0x3C);
    CHECK(color_at(r, l, 0.0f, 0.0f, static_cast<float>(std::sqrt(2.0) / 32))[0] == 150);
}

TEST_CASE("proctex model: separate alpha") {
    // proctex.md 5.9: colour-LUT alpha 0xFF, identity alpha map, alpha function V (2):
    // alpha = trunc(255 * map(v)): v = 0.5 -> 2047/4095 -> 127.47 -> 127; 0.25 -> 63.70 -> 63.
    LutState l = ramp2_luts();
    l.proctex_color[0] = rgba(0, 0, 0, 255);
    l.proctex_color[1] = rgba(255, 255, 255, 255);
    l.proctex_color_diff[0] = half_diff(127, 127, 127, 0);
    Regs r = base_regs(1, 2);
    r[GPUREG_TEXUNIT3_PROCTEX0] = proctex0(1, 1, 0, 2, true, false);
    CHECK(color_at(r, l, 0.25f, 0.5f) == std::array<int, 4>{63, 63, 63, 127});
    CHECK(color_at(r, l, 0.25f, 0.25f)[3] == 63);
    CHECK(color_at(r, l, 0.25f, 1.0f)[3] == 255);
    CHECK(color_at(r, l, 0.25f, 0.0f)[3] == 0);
    // Alpha function 15 -> 0 -> alpha map(0) = 0.
    r[GPUREG_TEXUNIT3_PROCTEX0] = proctex0(1, 1, 0, 15, true, false);
    CHECK(color_at(r, l, 0.25f, 0.5f)[3] == 0);
    // Bit 14 off: alpha comes from the colour LUT; the alpha function and map are ignored.
    r[GPUREG_TEXUNIT3_PROCTEX0] = proctex0(1, 1, 0, 2, false, false);
    CHECK(color_at(r, l, 0.25f, 0.5f) == std::array<int, 4>{63, 63, 63, 255});
}

TEST_CASE("proctex model: wood scene from the examples") {
    // proctex.md 5.8: the 3ds-examples "wood" registers as citro3d builds them.
    Regs r{};
    r[GPUREG_TEXUNIT_CONFIG] = kTex3Enable;
    r[GPUREG_TEXUNIT3_PROCTEX0] = 0x0000819Bu; // mirror/mirror, sqrt, noise on
    r[GPUREG_TEXUNIT3_PROCTEX1] = 0x2E660199u;
    r[GPUREG_TEXUNIT3_PROCTEX2] = 0x2E660199u;
    r[GPUREG_TEXUNIT3_PROCTEX3] = 0x34CC34CCu;
    r[GPUREG_TEXUNIT3_PROCTEX4] = 0x00001301u; // linear, LOD 0..6, width 2
    r[GPUREG_TEXUNIT3_PROCTEX5] = 0xE0C08000u;
    LutState l{};
    l.proctex_color[0] = rgba(0x4F, 0x1F, 0x1F, 0xFF);
    l.proctex_color[1] = rgba(0xD1, 0x9E, 0x1F, 0xFF);
    l.proctex_color_diff[0] = half_diff(65, 63, 0, 0);
    const double kPi = 3.14159265358979323846;
    l.proctex_rgb_map =
        lut_from_func([&](double x) { return std::fabs(std::sin(2 * kPi * 6 * (x + 1.0 / 8))); });
    l.proctex_noise = lut_from_func([](double x) { return x * x * (3 - 2 * x); });

    const auto within_1 = [](const std::array<int, 4>& got, const std::array<int, 4>& want) {
        for (std::size_t c = 0; c < 4; ++c) {
            CAPTURE(c);
            CHECK(std::abs(got[c] - want[c]) <= 1); // +-1 LSB (proctex.md 5)
        }
    };
    // (1.5, 2.25): colour ~ (152.2, 102.0, 31, 255) -> truncated (152, 101, 31, 255).
    within_1(color_at(r, l, 1.5f, 2.25f), {152, 101, 31, 255});
    // (2.0, 3.0): ~ (200.0, 148.2, 31, 255).
    within_1(color_at(r, l, 2.0f, 3.0f), {199, 148, 31, 255});
    // (1.0, 1.0): exactly C1.
    CHECK(color_at(r, l, 1.0f, 1.0f) == std::array<int, 4>{209, 158, 31, 255});
    // Noise is what moves (1.5, 2.25) off the noiseless ring: without it u = 0.5, v = 0.25.
    // g = sqrt(0.3125) = 0.55902 -> a different ring value than with noise (g ~ 0.5577).
    Regs quiet = r;
    quiet[GPUREG_TEXUNIT3_PROCTEX0] = 0x0000019Bu;
    CHECK(color_at(quiet, l, 1.5f, 2.25f) != color_at(r, l, 1.5f, 2.25f));
}

TEST_CASE("proctex model: conversion to 8 bits") {
    // Truncation (proctex.md 2.10 suggestion), clamped to [0, 255] (our choice).
    CHECK(proctex_to_8bit(126.97) == 126);
    CHECK(proctex_to_8bit(0.999) == 0);
    CHECK(proctex_to_8bit(255.0) == 255);
    CHECK(proctex_to_8bit(300.0) == 255);
    CHECK(proctex_to_8bit(-3.5) == 0);
    CHECK(proctex_to_8bit(kNaN) == 0);
    CHECK(proctex_to_8bit(kInf) == 255);
}

TEST_CASE("proctex model: bad inputs never produce NaN or crash") {
    const LutState l = ramp2_luts();
    Regs r = base_regs(1, 2);
    const float fnan = std::numeric_limits<float>::quiet_NaN();
    const float finf = std::numeric_limits<float>::infinity();
    // NaN coordinates read as 0; infinite ones as 2^24 (clamp to edge -> 1.0 -> C1).
    CHECK(color_at(r, l, fnan, fnan)[0] == 0);
    CHECK(color_at(r, l, finf, 0.0f)[0] == 255);
    CHECK(color_at(r, l, -finf, 0.0f)[0] == 255);
    // Unknown enum values follow the sheet: clamp 7 -> edge, function 15 -> 0.
    r[GPUREG_TEXUNIT3_PROCTEX0] = proctex0(7, 7, 0, 0, false, false);
    CHECK(color_at(r, l, 1.25f, 0.0f)[0] == 255);
    r[GPUREG_TEXUNIT3_PROCTEX0] = proctex0(1, 1, 15, 0, false, false);
    CHECK(color_at(r, l, 0.75f, 0.0f)[0] == 0);

    // Sweep extreme registers, LUT contents and inputs: every channel stays in 0..255.
    const float inputs[] = {0.0f,   -0.0f, 0.5f,  1.0f, -7.25f, 1e30f,
                            -1e30f, finf,  -finf, fnan, 1e-40f, 65504.0f};
    const std::uint32_t p0s[] = {0xFFFFFFFFu, proctex0(7, 5, 15, 9, true, true, 3, 3, 0xFF),
                                 proctex0(3, 3, 9, 6, true, true, 1, 2, 0x00), 0x0000819Bu};
    const std::uint32_t p4s[] = {0xFFFFFFFFu, proctex4(7, 15, 0, 0, 0x7C), // bias +inf
                                 proctex4(5, 0, 15, 255, 0x7E),            // bias NaN
                                 proctex4(4, 0, 6, 1, 0x7B), proctex4(2, 9, 3, 200, 0xFC)};
    const std::uint32_t noise_regs[] = {0xFFFFFFFFu, 0x7C008000u, 0x7E007FFFu, 0xFC000001u};
    LutState bad{};
    bad.proctex_noise.fill(0xFFFFFFFFu);
    bad.proctex_rgb_map.fill(entry(4095, 2047));
    bad.proctex_alpha_map.fill(entry(0, -2048));
    bad.proctex_color.fill(0xFFFFFFFFu);
    bad.proctex_color_diff.fill(0x7F807F80u);
    unsigned count = 0;
    for (const LutState* luts : std::array<const LutState*, 2>{&l, &bad}) {
        for (std::uint32_t p0 : p0s) {
            for (std::uint32_t p4 : p4s) {
                for (std::uint32_t nr : noise_regs) {
                    Regs x{};
                    x[GPUREG_TEXUNIT_CONFIG] = 0xFFFFFFFFu;
                    x[GPUREG_TEXUNIT3_PROCTEX0] = p0;
                    x[GPUREG_TEXUNIT3_PROCTEX1] = nr;
                    x[GPUREG_TEXUNIT3_PROCTEX2] = nr;
                    x[GPUREG_TEXUNIT3_PROCTEX3] = nr;
                    x[GPUREG_TEXUNIT3_PROCTEX4] = p4;
                    x[GPUREG_TEXUNIT3_PROCTEX5] = 0xFFFFFFFFu;
                    for (float u : inputs) {
                        for (float rho : {0.0f, 1.0f, fnan, finf, -1.0f}) {
                            const auto c = color_at(x, *luts, u, inputs[count % 12], rho);
                            ++count;
                            for (int ch : c) {
                                if (ch < 0 || ch > 255) {
                                    CAPTURE(u);
                                    CAPTURE(rho);
                                    FAIL("channel out of range: " << ch);
                                }
                            }
                        }
                    }
                }
            }
        }
    }
    CHECK(count > 1000);
    // The building blocks stay finite on bad inputs too.
    CHECK(std::isfinite(proctex_noise_value(l.proctex_noise, kNaN, kInf)));
    CHECK(std::isfinite(proctex_noise_value(l.proctex_noise, -1e300, 1e300)));
    CHECK(std::isfinite(proctex_map(9, kInf, kInf)));
    CHECK(std::isfinite(proctex_lod(r, kInf)));
}
