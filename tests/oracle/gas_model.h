#pragma once

// A CPU reference model of PICA200 gas rendering (fog volumes / smoke) as picavk understands the
// hardware (tests only): decoding of the gas registers (fog mode 7, COLOR_OPERATION mode 1,
// 0x0E4/0x0E5, 0x120-0x126) and of the 16-word gas LUT as pica::LutState stores it, the
// density-accumulation pass (one fragment updates one stored density texel) and the shading pass
// (densities to an 8-bit RGBA colour). It is written independently of src/shadergen, from the gas
// fact sheet (docs/research/gas.md; sections cited as "gas.md 4.2") and the register reference
// (shared/spec/004), so that differential tests compare two implementations.
//
// No emulator renders gas and no hardware measurement exists (gas.md, introduction): the register
// layout is public, the arithmetic is not. This model is the sheet's "Proposed model for picavk"
// (gas.md 4), which is itself a set of choices. Where the sheet marks a point UNKNOWN this model
// follows its suggestion or its section-4 choice, and says so where it is made. Where the sheet
// gives no choice, the choice is ours and is marked "our choice". Expected values derived from
// this model are "(model)" values (gas.md 6), not hardware data.
//
// Precision: the model computes in double; float16 registers are decoded exactly (number_formats.h)
// and then widened. The LUT result is kept in float until the final 8-bit conversion, which rounds
// to nearest (our choice: the renderer's convention for floats entering the 8-bit datapath,
// fragment_model.h; gas.md 4.4 says to round only where the pipeline already does).
//
// Defined behaviour beyond the sheet (our choices): bad inputs never produce NaN or crash. Every
// [0, 1] clamp maps NaN to 0, so a NaN or infinite float16 register (ACCMAX, ATTENUATION) or a
// 0 * inf product gives 0 or 1, never NaN; 8-bit channel inputs outside 0-255 are clamped; a NaN
// depth gives depth weight 0 for the soft functions (2, 3); depths are clamped to [0, 1] before
// they are subtracted; a NaN LUT input reads as 0 and one outside [0, 1] is clamped; the LUT write
// index wraps mod 16 (gas.md 4.4); accumulators saturate at 65535 (gas.md 4.2).

#include "pica/regs/regs.h"
#include "pica/state/lut_state.h"

#include <array>
#include <cstdint>

namespace picavk::test::oracle {

// 8-bit channels, r g b a (combiner output, stored density texel, shaded colour).
using GasColor = std::array<int, 4>;
// The gas LUT as pica::LutState::gas stores it: raw words 0-15 in table order.
using GasLut = std::array<std::uint32_t, pica::LutState::kGasEntries>;

// Register 0x125 (libctru's GPUREG_GAS_ACCMAX_FEEDBACK; not in reg_ids.h) (gas.md 1.7).
inline constexpr unsigned kGasAccMaxFeedbackReg = 0x125;

// ---- registers ---------------------------------------------------------------------------------

// GPUREG_GAS_LIGHT_XY / GPUREG_GAS_LIGHT_Z: bits 0-7 minimum, 8-15 maximum, 16-23 density
// attenuation, each byte used as b / 255 (gas.md 1.4, 4.3(4)).
struct GasLightTerm {
    double min = 0, max = 0, attenuation = 0;
};
GasLightTerm gas_light_term_from_reg(std::uint32_t raw);

// Gas depth function, 0x126 bits 24-25, used as written (gas.md 1.8, 5.5).
enum class GasDepthFunction : unsigned { Never = 0, Always = 1, Greater = 2, Less = 3 };

struct GasRegs {
    // COLOR_OPERATION bits 0-1 == 1: the accumulation pass (gas.md 1.1, 4.2).
    bool accumulation = false;
    // TEXENV_UPDATE_BUFFER bits 0-2 == 7 (gas.md 1.2).
    bool fog_gas = false;
    // TEXENV_UPDATE_BUFFER bit 3: shading density source, false = plain (D1), true = depth (D2)
    // (gas.md 1.2, 4.3(3)).
    bool depth_density = false;
    // GPUREG_GAS_ATTENUATION bits 0-15, float16 (gas.md 1.3).
    double attenuation = 0;
    // GPUREG_GAS_ACCMAX bits 0-15, float16; holds 1 / max (citro3d), used as a scale M
    // (gas.md 1.3, 4.3(2)).
    double accmax_scale = 0;
    GasLightTerm planar; // 0x120 (XY)
    GasLightTerm view;   // 0x121 (Z)
    // 0x122 bits 0-7 / 255: the line-of-sight weight kz (gas.md 1.5, 4.3(4)).
    double line_of_sight = 0;
    // 0x122 bit 8: LUT input, false = density, true = light factor (gas.md 1.5, 4.3(5)).
    bool lut_input_light = false;
    // 0x126 bits 0-23 (fixed0.16.8) and k = raw / 256 (gas.md 1.8, 4.2(4)).
    std::uint32_t delta_z_raw = 0;
    double delta_z = 0;
    GasDepthFunction depth_function = GasDepthFunction::Never;
    // 0x125 bits 0-15 as written (gas.md 1.7, 4.5).
    std::uint16_t feedback = 0;
};
GasRegs gas_regs(const pica::Regs& regs);

// The accumulation pass runs when COLOR_OPERATION bits 0-1 == 1, whatever the fog mode
// (gas.md 4.2 heading; citro3d also sets fog mode 7, gas.md 1.10).
bool gas_accumulation_applies(const pica::Regs& regs);
// The shading pass runs when the fog mode is 7 and COLOR_OPERATION bits 0-1 are 0, or 2 (mode 2
// is UNKNOWN; the sheet suggests "default", gas.md 1.1). Mode 1 is the accumulation pass, where
// the fog unit does nothing (gas.md 4.2(1)); mode 3 (shadow) does not shade (our choice).
bool gas_shading_applies(const pica::Regs& regs);

// ---- the density texel (gas.md 4.1) ------------------------------------------------------------

// Two 16-bit unsigned accumulators in units of 1/255 of a full-density layer.
struct GasDensityTexel {
    std::uint16_t plain = 0; // D1
    std::uint16_t depth = 0; // D2
    friend bool operator==(const GasDensityTexel&, const GasDensityTexel&) = default;
};
// Channel layout: R = D1 high byte, G = D1 low byte, B = D2 high byte, A = D2 low byte.
GasColor gas_texel_to_rgba8(GasDensityTexel t);
// The inverse; channels outside 0-255 are clamped first (our choice).
GasDensityTexel gas_texel_from_rgba8(const GasColor& c);

// ---- the LUT (gas.md 1.6, 4.4) -----------------------------------------------------------------

// The 0x123 / 0x124 write protocol: 0x123 sets the index; each 0x124 write stores
// lut[index & 15] and then increments the index (the wrap mod 16 is the sheet's choice, 4.4).
struct GasLutFifo {
    GasLut lut{};
    std::uint32_t index = 0;
    void set_index(std::uint32_t value) { index = value; }
    void write(std::uint32_t word) {
        lut[index & 15u] = word;
        ++index;
    }
};

// C[i] channel c: word 8 + i, byte c (0 = R bits 0-7, 1 = G 8-15, 2 = B 16-23), unsigned / 255.
// Δ[i] channel c: word i, byte c, two's-complement signed byte * 2 / 255 (gas.md 4.4, 5.1: the
// sheet's choice over citro3d's sign-magnitude encoding). A segment above 7 reads segment & 7 and
// a channel above 2 reads channel 2 (our choices).
double gas_lut_color(const GasLut& lut, unsigned segment, unsigned channel);
double gas_lut_diff(const GasLut& lut, unsigned segment, unsigned channel);
// Lookup of x in [0, 1]: t = 8x, i = min(floor(t), 7), f = t - i, v = clamp(C[i] + f * Δ[i], 0, 1)
// per channel (gas.md 4.4). NaN reads as 0, x outside [0, 1] is clamped (our choice).
std::array<double, 3> gas_lut_sample(const GasLut& lut, double x);

// ---- accumulation pass (gas.md 4.2) ------------------------------------------------------------

// The density input d8 = round(255 * tev_out.r): the combiner's red channel (gas.md 4.2(2), 5.3,
// the sheet's choice). For an 8-bit combiner output that is R itself, clamped to 0-255.
int gas_density_input(const GasColor& combiner);
// The same from a float red channel in [0, 1]: round to nearest, clamped; NaN reads as 0 (ours).
int gas_density_input_from_float(double r);

// The depth weight w for function f and k = DELTAZ / 256 (gas.md 4.2(4)):
//   Never -> 0; Always -> 1; Greater -> clamp((zf - zb) * k, 0, 1); Less -> clamp((zb - zf) * k).
// zf, zb are clamped to [0, 1] first; a NaN depth (or NaN k) gives 0 for Greater/Less (our
// choices).
double gas_depth_weight(GasDepthFunction function, double k, double zf, double zb);

// D1 += d8 and D2 += round(d8 * w), each saturating at 65535 (gas.md 4.2(5)). d8 is clamped to
// 0-255 and w to [0, 1] (NaN -> 0) first; rounding is to nearest, halves up (our choices).
GasDensityTexel gas_accumulate_density(GasDensityTexel stored, int d8, double w);

// One fragment of the accumulation pass, from the stored texel (in the channel layout above), the
// combiner output, the fragment depth zf (the value the depth test would use, normalised to
// [0, 1]) and the depth buffer's depth zb (normalised), to the new stored texel. Assumes the
// fragment survived the alpha test and the stencil test, which run normally (gas.md 4.2(1), (6)).
// The normal depth test is not applied; blending, the logic op and the per-channel colour mask
// are ignored, except that with all four colour-write bits (DEPTH_COLOR_MASK bits 8-11) clear the
// texel is unchanged (gas.md 4.2(6), the sheet's choices).
GasColor gas_accumulate(const pica::Regs& regs, const GasColor& stored, const GasColor& combiner,
                        double zf, double zb);
GasDensityTexel gas_accumulate_texel(const pica::Regs& regs, GasDensityTexel stored,
                                     const GasColor& combiner, double zf, double zb);

// FEEDBACK = max(FEEDBACK, D1) (gas.md 4.2(5), 4.5; D1 >= D2).
std::uint16_t gas_feedback_update(std::uint16_t feedback, GasDensityTexel t);

// ---- shading pass (gas.md 4.3) -----------------------------------------------------------------

// One light term: min + (max - min) * clamp(1 - attenuation * s, 0, 1) (gas.md 4.3(4)).
double gas_light_term(const GasLightTerm& term, double s);
// L = (1 - kz) * fxy + kz * fz with fxy from 0x120, fz from 0x121, kz = 0x122[7:0] / 255
// (gas.md 4.3(4)). s is clamped to [0, 1] first (NaN -> 0, our choice).
double gas_light_factor(const pica::Regs& regs, double s);

// Every intermediate of one shaded fragment, for tests.
struct GasShading {
    double d1 = 0, d2 = 0;        // decoded densities in full-density layers (4.3(1))
    double n1 = 0, n2 = 0;        // normalised by M (4.3(2))
    double s = 0;                 // shading density (4.3(3))
    double light = 0;             // L (4.3(4))
    double lut_x = 0;             // LUT input (4.3(5))
    std::array<double, 3> lut{};  // c (4.3(6))
    std::array<double, 4> rgba{}; // the output in [0, 1] before 8-bit conversion (4.3(6), (7))
};
// From the final combiner output bytes (the density texel routed through the combiners, gas.md 2,
// 4.3): D1 = (256 R + G) / 255, D2 = (256 B + A) / 255; n = clamp(D * M, 0, 1); s = n1 (plain)
// or n2 (depth); x = n2 (density input, gas.md 5.11 choice) or L; RGB = clamp(c * L) for density
// input, c for light-factor input; alpha = clamp(n2 * ATTENUATION, 0, 1) (linear, the sheet's
// choice, 4.3(7)). FOG_COLOR, the Z flip and 0x0E2/0x0E3 are ignored (gas.md 1.2, 1.3, UNKNOWN,
// the sheet's suggestion).
GasShading gas_shading(const pica::Regs& regs, const GasLut& lut, const GasColor& combiner);
// The shaded colour as 8-bit RGBA: round(clamp(v) * 255) per channel. It replaces the combiner
// output in the fog slot (gas.md 4.3(8)).
GasColor gas_shade(const pica::Regs& regs, const GasLut& lut, const GasColor& combiner);

} // namespace picavk::test::oracle
