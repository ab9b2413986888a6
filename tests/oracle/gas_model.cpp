#include "gas_model.h"

#include "pica/regs/number_formats.h"
#include "pica/regs/reg_ids.h"
#include "pica/regs/reg_views.h"

#include <algorithm>
#include <cmath>
#include <cstdint>

namespace picavk::test::oracle {

using namespace pica;

namespace {

constexpr unsigned kAccMax = 65535; // 16-bit accumulators (gas.md 4.1)

// clamp(v, 0, 1) with NaN -> 0 (our choice, see the header).
double clamp01(double v) {
    if (std::isnan(v)) return 0.0;
    return std::clamp(v, 0.0, 1.0);
}

int clamp_channel(int c) {
    return std::clamp(c, 0, 255);
}

std::uint32_t byte_of(std::uint32_t v, unsigned shift) {
    return (v >> shift) & 0xFFu;
}

int to_8bit(double v) {
    return static_cast<int>(std::floor(clamp01(v) * 255.0 + 0.5));
}

} // namespace

// ---- registers ---------------------------------------------------------------------------------

GasLightTerm gas_light_term_from_reg(std::uint32_t raw) {
    // Bits 0-7 minimum, 8-15 maximum, 16-23 density attenuation, each b / 255 (gas.md 1.4, 4.3(4)).
    GasLightTerm t;
    t.min = static_cast<double>(byte_of(raw, 0)) / 255.0;
    t.max = static_cast<double>(byte_of(raw, 8)) / 255.0;
    t.attenuation = static_cast<double>(byte_of(raw, 16)) / 255.0;
    return t;
}

GasRegs gas_regs(const Regs& regs) {
    GasRegs g;
    g.accumulation = regs.get<reg::COLOR_OPERATION>().fragment_operation_mode() == 1; // gas.md 1.1
    const auto update = regs.get<reg::TEXENV_UPDATE_BUFFER>();
    g.fog_gas = update.fog_mode() == 7;                     // gas.md 1.2
    g.depth_density = update.shading_density_source() != 0; // gas.md 1.2
    g.attenuation = static_cast<double>(f16_to_float(regs[GPUREG_GAS_ATTENUATION] & 0xFFFFu));
    g.accmax_scale = static_cast<double>(f16_to_float(regs[GPUREG_GAS_ACCMAX] & 0xFFFFu));
    g.planar = gas_light_term_from_reg(regs[GPUREG_GAS_LIGHT_XY]);
    g.view = gas_light_term_from_reg(regs[GPUREG_GAS_LIGHT_Z]);
    const std::uint32_t z_color = regs[GPUREG_GAS_LIGHT_Z_COLOR];
    g.line_of_sight = static_cast<double>(byte_of(z_color, 0)) / 255.0; // gas.md 1.5
    g.lut_input_light = reg::field(z_color, 8, 1) != 0;                 // gas.md 1.5
    const std::uint32_t delta_z = regs[GPUREG_GAS_DELTAZ_DEPTH];
    g.delta_z_raw = reg::field(delta_z, 0, 24);             // fixed0.16.8 (gas.md 1.8)
    g.delta_z = static_cast<double>(g.delta_z_raw) / 256.0; // k (gas.md 4.2(4))
    g.depth_function = static_cast<GasDepthFunction>(reg::field(delta_z, 24, 2));
    g.feedback = static_cast<std::uint16_t>(regs[kGasAccMaxFeedbackReg] & 0xFFFFu); // gas.md 1.7
    return g;
}

bool gas_accumulation_applies(const Regs& regs) {
    return regs.get<reg::COLOR_OPERATION>().fragment_operation_mode() == 1;
}

bool gas_shading_applies(const Regs& regs) {
    const std::uint32_t mode = regs.get<reg::COLOR_OPERATION>().fragment_operation_mode();
    // Mode 2 reads as default (gas.md 1.1, suggestion); mode 3 does not shade (our choice).
    return regs.get<reg::TEXENV_UPDATE_BUFFER>().fog_mode() == 7 && (mode == 0 || mode == 2);
}

// ---- the density texel -------------------------------------------------------------------------

GasColor gas_texel_to_rgba8(GasDensityTexel t) {
    // R = D1 high, G = D1 low, B = D2 high, A = D2 low (gas.md 4.1).
    return {t.plain >> 8, t.plain & 0xFF, t.depth >> 8, t.depth & 0xFF};
}

GasDensityTexel gas_texel_from_rgba8(const GasColor& c) {
    GasDensityTexel t;
    t.plain = static_cast<std::uint16_t>(clamp_channel(c[0]) * 256 + clamp_channel(c[1]));
    t.depth = static_cast<std::uint16_t>(clamp_channel(c[2]) * 256 + clamp_channel(c[3]));
    return t;
}

// ---- the LUT -----------------------------------------------------------------------------------

double gas_lut_color(const GasLut& lut, unsigned segment, unsigned channel) {
    // Word 8 + i, unsigned byte / 255 (gas.md 1.6, 4.4).
    const std::uint32_t word = lut[8u + (segment & 7u)];
    return static_cast<double>(byte_of(word, 8u * std::min(channel, 2u))) / 255.0;
}

double gas_lut_diff(const GasLut& lut, unsigned segment, unsigned channel) {
    // Word i, two's-complement signed byte * 2 / 255 (gas.md 4.4, 5.1).
    const std::uint32_t word = lut[segment & 7u];
    const auto b = static_cast<std::int8_t>(
        static_cast<std::uint8_t>(byte_of(word, 8u * std::min(channel, 2u))));
    return static_cast<double>(b) * 2.0 / 255.0;
}

std::array<double, 3> gas_lut_sample(const GasLut& lut, double x) {
    // t = 8x, i = min(floor(t), 7), f = t - i (gas.md 4.4).
    const double t = 8.0 * clamp01(x);
    const auto i = std::min(static_cast<unsigned>(std::floor(t)), 7u);
    const double f = t - static_cast<double>(i);
    std::array<double, 3> v{};
    for (unsigned c = 0; c < 3; ++c)
        v[c] = clamp01(gas_lut_color(lut, i, c) + f * gas_lut_diff(lut, i, c));
    return v;
}

// ---- accumulation pass -------------------------------------------------------------------------

int gas_density_input(const GasColor& combiner) {
    return clamp_channel(combiner[0]); // combiner R (gas.md 4.2(2))
}

int gas_density_input_from_float(double r) {
    return to_8bit(r); // round(255 * r) (gas.md 4.2(2)); NaN -> 0
}

double gas_depth_weight(GasDepthFunction function, double k, double zf, double zb) {
    switch (function) {
    case GasDepthFunction::Never:
        return 0.0;
    case GasDepthFunction::Always:
        return 1.0;
    default:
        break;
    }
    if (std::isnan(zf) || std::isnan(zb)) return 0.0; // our choice
    zf = std::clamp(zf, 0.0, 1.0);
    zb = std::clamp(zb, 0.0, 1.0);
    // Greater: clamp((zf - zb) * k); Less: clamp((zb - zf) * k) (gas.md 4.2(4)).
    const double diff = function == GasDepthFunction::Greater ? zf - zb : zb - zf;
    return clamp01(diff * k);
}

GasDensityTexel gas_accumulate_density(GasDensityTexel stored, int d8, double w) {
    const int d = clamp_channel(d8);
    const auto d2 = static_cast<unsigned>(std::floor(static_cast<double>(d) * clamp01(w) + 0.5));
    // Saturating adds (gas.md 4.2(5)).
    GasDensityTexel t;
    t.plain = static_cast<std::uint16_t>(
        std::min(static_cast<unsigned>(stored.plain) + static_cast<unsigned>(d), kAccMax));
    t.depth =
        static_cast<std::uint16_t>(std::min(static_cast<unsigned>(stored.depth) + d2, kAccMax));
    return t;
}

GasDensityTexel gas_accumulate_texel(const Regs& regs, GasDensityTexel stored,
                                     const GasColor& combiner, double zf, double zb) {
    // All four colour-write bits clear: nothing accumulates (gas.md 4.2(6)).
    if (reg::field(regs[GPUREG_DEPTH_COLOR_MASK], 8, 4) == 0) return stored;
    const GasRegs g = gas_regs(regs);
    const double w = gas_depth_weight(g.depth_function, g.delta_z, zf, zb);
    return gas_accumulate_density(stored, gas_density_input(combiner), w);
}

GasColor gas_accumulate(const Regs& regs, const GasColor& stored, const GasColor& combiner,
                        double zf, double zb) {
    return gas_texel_to_rgba8(
        gas_accumulate_texel(regs, gas_texel_from_rgba8(stored), combiner, zf, zb));
}

std::uint16_t gas_feedback_update(std::uint16_t feedback, GasDensityTexel t) {
    return std::max(feedback, t.plain); // gas.md 4.2(5), 4.5
}

// ---- shading pass ------------------------------------------------------------------------------

double gas_light_term(const GasLightTerm& term, double s) {
    // min + (max - min) * clamp(1 - attn * s, 0, 1) (gas.md 4.3(4)).
    return term.min + (term.max - term.min) * clamp01(1.0 - term.attenuation * s);
}

double gas_light_factor(const Regs& regs, double s) {
    const GasRegs g = gas_regs(regs);
    s = clamp01(s);
    const double kz = g.line_of_sight;
    // L = (1 - kz) * fxy + kz * fz (gas.md 4.3(4)).
    return (1.0 - kz) * gas_light_term(g.planar, s) + kz * gas_light_term(g.view, s);
}

GasShading gas_shading(const Regs& regs, const GasLut& lut, const GasColor& combiner) {
    const GasRegs g = gas_regs(regs);
    GasShading r;
    // Decode (gas.md 4.3(1)); channels are clamped to 0-255 first (our choice).
    const GasDensityTexel t = gas_texel_from_rgba8(combiner);
    r.d1 = static_cast<double>(t.plain) / 255.0;
    r.d2 = static_cast<double>(t.depth) / 255.0;
    // Normalise by M = f16(ACCMAX) (gas.md 4.3(2)); NaN products read as 0.
    r.n1 = clamp01(r.d1 * g.accmax_scale);
    r.n2 = clamp01(r.d2 * g.accmax_scale);
    r.s = g.depth_density ? r.n2 : r.n1;          // gas.md 4.3(3)
    r.light = gas_light_factor(regs, r.s);        // gas.md 4.3(4)
    r.lut_x = g.lut_input_light ? r.light : r.n2; // gas.md 4.3(5), 5.11
    r.lut = gas_lut_sample(lut, r.lut_x);         // gas.md 4.3(6), 4.4
    for (std::size_t c = 0; c < 3; ++c)
        r.rgba[c] = g.lut_input_light ? r.lut[c] : clamp01(r.lut[c] * r.light);
    r.rgba[3] = clamp01(r.n2 * g.attenuation); // linear opacity (gas.md 4.3(7), 5.9)
    return r;
}

GasColor gas_shade(const Regs& regs, const GasLut& lut, const GasColor& combiner) {
    const GasShading s = gas_shading(regs, lut, combiner);
    return {to_8bit(s.rgba[0]), to_8bit(s.rgba[1]), to_8bit(s.rgba[2]), to_8bit(s.rgba[3])};
}

} // namespace picavk::test::oracle
