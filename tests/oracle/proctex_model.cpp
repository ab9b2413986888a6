#include "proctex_model.h"

#include "pica/regs/number_formats.h"
#include "pica/regs/reg_views.h"

#include <algorithm>
#include <cmath>
#include <cstdint>

namespace picavk::test::oracle {

using namespace pica;

namespace {

// Grid coordinates of the noise hash are limited to 2^48 (our choice): far above any value a
// float16 frequency times a limited coordinate gives, and small enough to convert to an integer.
constexpr double kGridLimit = 281474976710656.0;

// NaN -> 0, then |x| limited to `limit` (our choice for bad inputs, see the header).
double nonneg(double x, double limit = kProcTexCoordLimit) {
    if (std::isnan(x)) return 0.0;
    return std::min(std::fabs(x), limit);
}

// NaN -> 0, then clamped to [0, 1].
double unit(double x) {
    if (std::isnan(x)) return 0.0;
    return std::clamp(x, 0.0, 1.0);
}

double lerp(double a, double b, double t) {
    return a + (b - a) * t;
}

// Mip-level offsets of levels 4-7 are hardcoded (proctex.md 1.6; SPEC "seem to be hardcoded",
// #3916). Register 0x0AE is not read (proctex.md 1.6, UNKNOWN, the sheet's suggestion).
constexpr std::array<unsigned, 4> kHighLevelOffsets{0xF0, 0xF8, 0xFC, 0xFE};

// Noise hash tables (proctex.md 2.3 steps 2 and 3).
constexpr std::array<unsigned, 16> kT1{0, 4, 10, 8, 4, 9, 7, 12, 5, 15, 13, 14, 11, 15, 2, 11};
constexpr std::array<unsigned, 16> kT2{10, 2, 15, 8, 0, 7, 4, 5, 5, 13, 2, 6, 13, 9, 3, 14};

} // namespace

// ---- registers ---------------------------------------------------------------------------------

bool proctex_enabled(const Regs& regs) {
    return regs.get<reg::TEXUNIT_CONFIG>().texture_3_enabled() != 0; // proctex.md 1.1
}

unsigned proctex_coordinate_source(const Regs& regs) {
    // Bits 8-9 pick texcoord 0-2; bit 13 does not remap it (proctex.md 1.1). Value 3 is UNKNOWN;
    // the sheet suggests texcoord0 (proctex.md 1.1).
    const unsigned c = regs.get<reg::TEXUNIT_CONFIG>().texture_3_coordinates();
    return c == 3 ? 0u : c;
}

ProcTexNoiseParams proctex_noise_params(const Regs& regs) {
    const std::uint32_t p1 = regs.get<reg::TEXUNIT3_PROCTEX1>().raw;
    const std::uint32_t p2 = regs.get<reg::TEXUNIT3_PROCTEX2>().raw;
    const std::uint32_t p3 = regs.get<reg::TEXUNIT3_PROCTEX3>().raw;
    ProcTexNoiseParams p;
    // Frequencies: PROCTEX3 bits 0-15 (U) and 16-31 (V), float16 decoded like an IEEE half
    // (proctex.md 1.4, 1.8; exponent 0 and 31 are UNKNOWN, the sheet suggests the IEEE decode).
    p.freq_u = f16_to_float(reg::field(p3, 0, 16));
    p.freq_v = f16_to_float(reg::field(p3, 16, 16));
    // Phases: PROCTEX1/2 bits 16-31, float16 (proctex.md 1.3).
    p.phase_u = f16_to_float(reg::field(p1, 16, 16));
    p.phase_v = f16_to_float(reg::field(p2, 16, 16));
    // Amplitudes: PROCTEX1/2 bits 0-15 as a signed 16-bit integer divided by 4095 (proctex.md 1.3;
    // 4095 vs 4096 is UNKNOWN, the sheet suggests 4095, proctex.md 2.3).
    p.amp_u = static_cast<double>(reg::signed_field(p1, 0, 16)) / 4095.0;
    p.amp_v = static_cast<double>(reg::signed_field(p2, 0, 16)) / 4095.0;
    return p;
}

std::uint32_t proctex_lod_bias_raw(const Regs& regs) {
    // f16 = PROCTEX0[27:20] | (PROCTEX4[26:19] << 8) (proctex.md 1.5).
    return regs.get<reg::TEXUNIT3_PROCTEX0>().texture_bias_raw() |
           (regs.get<reg::TEXUNIT3_PROCTEX4>().texture_bias_raw() << 8);
}

unsigned proctex_level_offset(const Regs& regs, unsigned level) {
    level = std::min(level, 7u);
    if (level >= 4) return kHighLevelOffsets[level - 4]; // proctex.md 1.6
    // PROCTEX5 byte n is the offset of level n (proctex.md 1.6).
    return reg::field(regs.get<reg::TEXUNIT3_PROCTEX5>().raw, 8 * level, 8);
}

// ---- building blocks ---------------------------------------------------------------------------

double proctex_clamp(double c, unsigned mode) {
    c = nonneg(c); // the input is >= 0 after the abs of proctex.md 2.1 and the noise step 2.3.6
    switch (mode) {
    case 0: // clamp to zero: 1.0 stays 1.0 (proctex.md 2.4)
        return c > 1.0 ? 0.0 : c;
    case 1: // clamp to edge (proctex.md 2.4)
        return std::min(c, 1.0);
    case 2: // symmetrical repeat: 1.0 -> 0 (proctex.md 2.4)
        return c - std::floor(c);
    case 3: { // mirrored repeat: even integer part keeps f, odd gives 1 - f (proctex.md 2.4)
        const auto i = static_cast<std::int64_t>(c);
        const double f = c - static_cast<double>(i);
        return (i % 2 == 0) ? f : 1.0 - f;
    }
    case 4: // pulse: 0.5 -> 0 (proctex.md 2.4)
        return c > 0.5 ? 1.0 : 0.0;
    default:
        // Modes 5-7 are UNKNOWN; the sheet suggests clamp to edge, as Azahar (proctex.md 2.4).
        return std::min(c, 1.0);
    }
}

double proctex_shift(unsigned shift_mode, unsigned clamp_mode, double other) {
    // offset = 1.0 for mirrored repeat (mode 3) of the shifted coordinate, else 0.5; k is the
    // integer part of the other coordinate after abs (proctex.md 2.2).
    const double offset = clamp_mode == 3 ? 1.0 : 0.5;
    const auto k = static_cast<std::int64_t>(nonneg(other));
    switch (shift_mode) {
    case 1: // odd: 0,0,1,1,0,0,... (proctex.md 2.2)
        return offset * static_cast<double>((k / 2) % 2);
    case 2: // even: 0,1,1,0,0,1,... (proctex.md 2.2)
        return offset * static_cast<double>(((k + 1) / 2) % 2);
    default:
        // 0 is "none"; 3 is UNKNOWN and Azahar uses 0 (proctex.md 2.2).
        return 0.0;
    }
}

double proctex_map(unsigned function, double u, double v) {
    u = nonneg(u);
    v = nonneg(v);
    // proctex.md 2.5. The hardware's sqrt is inaccurate for small inputs in a way no source
    // describes (#2697); UNKNOWN, the sheet suggests the exact sqrt (proctex.md 2.5).
    switch (function) {
    case 0:
        return u;
    case 1:
        return u * u;
    case 2:
        return v;
    case 3:
        return v * v;
    case 4:
        return (u + v) / 2.0;
    case 5:
        return (u * u + v * v) / 2.0;
    case 6:
        return std::min(std::sqrt(u * u + v * v), 1.0);
    case 7:
        return std::min(u, v);
    case 8:
        return std::max(u, v);
    case 9:
        // rmax: the average of (u+v)/2 and the sqrt, as Azahar's code computes it (its comment
        // disagrees; the sheet says follow the code, proctex.md 2.5, 4.8).
        return std::min(((u + v) / 2.0 + std::sqrt(u * u + v * v)) / 2.0, 1.0);
    default:
        // 10-15 are UNKNOWN; the sheet suggests 0 (proctex.md 2.5).
        return 0.0;
    }
}

double proctex_sample_table(const ProcTexValueTable& table, double c) {
    // t = c*128, i = min(trunc(t), 127), f = t - i, value[i]/4095 + f*diff[i]/4095; so c = 1.0
    // reads value[127] + diff[127] (proctex.md 2.7). Value: bits 0-11 unsigned; diff: bits 12-23,
    // 12-bit two's complement; bits 24-31 unused; divisor 4095 (proctex.md 3, UNKNOWN divisor,
    // the sheet suggests 4095).
    const double t = unit(c) * 128.0;
    const unsigned i = std::min(static_cast<unsigned>(t), 127u);
    const double f = t - static_cast<double>(i);
    const double value = static_cast<double>(reg::field(table[i], 0, 12));
    const double diff = static_cast<double>(reg::signed_field(table[i], 12, 12));
    // The GPU path clamps the result to [0, 1], the software path does not; the sheet gives no
    // suggestion (proctex.md 2.7, 4.5). Our choice: clamp, which keeps every later coordinate
    // inside the documented [0, 1] range.
    return unit((value + f * diff) / 4095.0);
}

unsigned proctex_noise_r1(std::uint64_t n) {
    // R1(n) = (((n mod 9) + 2) * 3 & 0xF) XOR T1[(n / 9) & 0xF] (proctex.md 2.3 step 2). The
    // formula has period 144 (proctex.md 2.3 step 3), so any n is valid.
    const auto lo = static_cast<unsigned>(n % 9);
    const auto hi = static_cast<unsigned>((n / 9) & 0xF);
    return (((lo + 2) * 3) & 0xFu) ^ kT1[hi];
}

unsigned proctex_noise_level(std::uint64_t x, std::uint64_t y) {
    // proctex.md 2.3 step 3.
    const unsigned a = proctex_noise_r1(x);
    unsigned b = proctex_noise_r1(y);
    if ((a & 3u) == 1u) b += 4;
    b ^= (a & 1u) * 6u;
    b += 10u + a;
    b &= 0xFu;
    b ^= kT2[a];
    return b;
}

double proctex_noise_rand(std::uint64_t x, std::uint64_t y) {
    // R(x, y) = -1 + 2b/15 (proctex.md 2.3 step 3).
    return -1.0 + 2.0 * static_cast<double>(proctex_noise_level(x, y)) / 15.0;
}

double proctex_noise_value(const ProcTexValueTable& noise_lut, double x, double y) {
    // The grid coordinates are >= 0 (proctex.md 2.3: "negative ones cannot occur after the abs";
    // a negative float16 frequency could make them negative: our choice, use the magnitude).
    x = nonneg(x, kGridLimit);
    y = nonneg(y, kGridLimit);
    // Step 1: integer and fraction parts (trunc = floor for x >= 0).
    const auto xi = static_cast<std::uint64_t>(x);
    const auto yi = static_cast<std::uint64_t>(y);
    const double fx = x - static_cast<double>(xi);
    const double fy = y - static_cast<double>(yi);
    // Step 4: corner terms with s = fx + fy.
    const double s = fx + fy;
    const double g00 = proctex_noise_rand(xi, yi) * s;
    const double g10 = proctex_noise_rand(xi + 1, yi) * (s - 1.0);
    const double g01 = proctex_noise_rand(xi, yi + 1) * (s - 1.0);
    const double g11 = proctex_noise_rand(xi + 1, yi + 1) * (s - 2.0);
    // Step 5: weights from the noise LUT, sampled as in proctex.md 2.7, then bilinear mixing.
    const double wx = proctex_sample_table(noise_lut, fx);
    const double wy = proctex_sample_table(noise_lut, fy);
    return lerp(lerp(g00, g10, wx), lerp(g01, g11, wx), wy);
}

double proctex_noise(const Regs& regs, const LutState& luts, double u, double v) {
    const ProcTexNoiseParams p = proctex_noise_params(regs);
    u = nonneg(u);
    v = nonneg(v);
    // Step 1: x = 9 fu |u + pu|, y = 9 fv |v + pv| (proctex.md 2.3).
    const double x = 9.0 * p.freq_u * std::fabs(u + p.phase_u);
    const double y = 9.0 * p.freq_v * std::fabs(v + p.phase_v);
    return proctex_noise_value(luts.proctex_noise, x, y);
}

ProcTexColorF proctex_sample_color_level(const LutState& luts, unsigned offset, unsigned width,
                                         double lut_coord, bool linear) {
    // p = lut_coord * (W - 1), so 0 maps to the offset and 1 to offset + W - 1
    // (proctex.md 2.8). Width 0 is UNKNOWN: the sheet suggests "level offset only", which
    // p = 0 gives (proctex.md 2.8).
    const double span = width > 0 ? static_cast<double>(width - 1) : 0.0;
    const double p = unit(lut_coord) * span;
    unsigned j = 0;
    double f = 0.0;
    if (linear) {
        // j = trunc(p), f = p - j, C[O+j] + f * 2 * Dh[O+j] (proctex.md 2.8).
        j = static_cast<unsigned>(p);
        f = p - static_cast<double>(j);
    } else {
        // Round, not floor: #3916 -> #4174. The edge cases where the hardware floors are
        // UNKNOWN; the sheet suggests round half up (proctex.md 2.8, 4.3).
        j = static_cast<unsigned>(std::floor(p + 0.5));
    }
    // Indices past 255 are UNKNOWN; the sheet suggests wrapping mod 256 (proctex.md 2.8).
    const unsigned index = (offset + j) & 0xFFu;
    const std::uint32_t color = luts.proctex_color[index];
    const std::uint32_t diff = luts.proctex_color_diff[index];
    ProcTexColorF out{};
    for (unsigned ch = 0; ch < 4; ++ch) {
        // Colour: R bits 0-7, G 8-15, B 16-23, A 24-31, unsigned; difference: the same layout,
        // each a signed 8-bit HALF of C[i+1] - C[i], doubled on use (proctex.md 3).
        const double c = static_cast<double>(reg::field(color, 8 * ch, 8));
        const double dh = static_cast<double>(reg::signed_field(diff, 8 * ch, 8));
        out[ch] = c + f * 2.0 * dh;
    }
    return out;
}

double proctex_rho(double du_dx, double du_dy, double dv_dx, double dv_dy) {
    // rho = max(|du/dx|, |du/dy|) + max(|dv/dx|, |dv/dy|) on the abs'd coordinates before noise
    // (proctex.md 2.8). NaN derivatives read as 0 (our choice).
    const auto mag = [](double d) { return std::isnan(d) ? 0.0 : std::fabs(d); };
    return std::max(mag(du_dx), mag(du_dy)) + std::max(mag(dv_dx), mag(dv_dy));
}

double proctex_lod(const Regs& regs, double rho) {
    const auto p4 = regs.get<reg::TEXUNIT3_PROCTEX4>();
    // Clamp range [max(0, lod_min), min(7, lod_max)] (proctex.md 2.8). If lod_min > lod_max the
    // upper bound wins (our choice: the result then never exceeds level 7).
    const double lo = static_cast<double>(p4.min_lod());
    const double hi = static_cast<double>(std::min(p4.max_lod(), 7u));
    // The bias multiplies inside the log2, and bias 0 gives lod 0 (proctex.md 2.8).
    const double bias = static_cast<double>(f16_to_float(proctex_lod_bias_raw(regs)));
    double lod = 0.0;
    if (bias != 0.0) {
        const double r = rho > 0.0 ? rho : 0.0; // NaN or negative rho reads as 0 (our choice)
        lod = std::log2(std::fabs(static_cast<double>(p4.texture_width()) * bias) * r);
    }
    if (std::isnan(lod)) lod = lo; // e.g. a NaN float16 bias (our choice)
    return std::min(std::max(lod, lo), hi);
}

ProcTexColorF proctex_lookup_color(const Regs& regs, const LutState& luts, double lut_coord,
                                   double lod) {
    const auto p4 = regs.get<reg::TEXUNIT3_PROCTEX4>();
    const unsigned filter = p4.minification_filter();
    const unsigned width = p4.texture_width();
    // Filters 1, 3, 5 are linear, 0, 2, 4 nearest (proctex.md 1.5, 2.8). 6-7 are UNKNOWN; the
    // sheet suggests bit 0 picks linear, with no mipmapping (proctex.md 2.8).
    const bool linear = (filter & 1u) != 0;
    // Level n has width W >> n and offset O_n (proctex.md 2.8).
    const auto level = [&](unsigned n) {
        return proctex_sample_color_level(luts, proctex_level_offset(regs, n), width >> n,
                                          lut_coord, linear);
    };
    if (std::isnan(lod)) lod = 0.0;
    lod = std::clamp(lod, 0.0, 7.0);
    switch (filter) {
    case 2:
    case 3: // mip-nearest: level round(lod) (proctex.md 2.8)
        return level(std::min(static_cast<unsigned>(std::floor(lod + 0.5)), 7u));
    case 4:
    case 5: { // mip-linear: lerp(level floor(lod), level floor(lod)+1, fract(lod)) (proctex.md
              // 2.8); level 8 when lod = 7 is UNKNOWN, weight 0: clamped to 7 as suggested.
        const auto l0 = static_cast<unsigned>(std::floor(lod));
        const double f = lod - static_cast<double>(l0);
        const ProcTexColorF a = level(l0);
        const ProcTexColorF b = level(std::min(l0 + 1, 7u));
        ProcTexColorF out{};
        for (unsigned ch = 0; ch < 4; ++ch)
            out[ch] = lerp(a[ch], b[ch], f);
        return out;
    }
    default: // 0, 1 (and 6, 7): no mipmapping, level 0 (proctex.md 2.8)
        return level(0);
    }
}

int proctex_to_8bit(double channel) {
    if (!(channel > 0.0)) return 0; // negative or NaN
    if (channel >= 255.0) return 255;
    return static_cast<int>(channel); // truncation (proctex.md 2.10, the sheet's suggestion)
}

// ---- the unit ----------------------------------------------------------------------------------

std::array<int, 4> proctex_color(const Regs& regs, const LutState& luts, const ProcTexInputs& in) {
    // A disabled unit gives (0,0,0,0) (proctex.md 1.1, UNKNOWN, the sheet's suggestion).
    if (!proctex_enabled(regs)) return {0, 0, 0, 0};
    const auto p0 = regs.get<reg::TEXUNIT3_PROCTEX0>();
    const unsigned clamp_u = p0.u_direction_clamp();
    const unsigned clamp_v = p0.v_direction_clamp();

    // 2.1: u = |tc.u|, v = |tc.v|.
    double u = nonneg(static_cast<double>(in.u));
    double v = nonneg(static_cast<double>(in.v));

    // 2.2: shift offsets from the other coordinate, before noise; added after noise.
    const double shift_u = proctex_shift(p0.u_direction_shift(), clamp_u, v);
    const double shift_v = proctex_shift(p0.v_direction_shift(), clamp_v, u);

    // 2.3: noise, one value n for both axes.
    if (p0.noise_enabled()) {
        const ProcTexNoiseParams p = proctex_noise_params(regs);
        const double n = proctex_noise(regs, luts, u, v);
        u = nonneg(u + p.amp_u * n);
        v = nonneg(v + p.amp_v * n);
    }

    // 2.4: shift, then clamp per axis.
    u = proctex_clamp(u + shift_u, clamp_u);
    v = proctex_clamp(v + shift_v, clamp_v);

    // 2.5-2.6: G_rgb, then the RGB map table; 2.8: the colour LUT.
    const double lut_coord =
        proctex_sample_table(luts.proctex_rgb_map, proctex_map(p0.rgb_mapping_function(), u, v));
    const ProcTexColorF c =
        proctex_lookup_color(regs, luts, lut_coord, proctex_lod(regs, static_cast<double>(in.rho)));

    // 2.10: 8-bit output, truncated.
    std::array<int, 4> out{proctex_to_8bit(c[0]), proctex_to_8bit(c[1]), proctex_to_8bit(c[2]),
                           proctex_to_8bit(c[3])};

    // 2.9: separate alpha comes from the alpha map table and alpha function, never from the
    // colour LUT; (u8)(alpha * 255) truncates (proctex.md 2.10).
    if (p0.handle_alpha_separately()) {
        const double a = proctex_sample_table(luts.proctex_alpha_map,
                                              proctex_map(p0.alpha_mapping_function(), u, v));
        out[3] = proctex_to_8bit(a * 255.0);
    }
    return out;
}

} // namespace picavk::test::oracle
