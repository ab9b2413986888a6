#pragma once

// A CPU reference model of the PICA200 procedural texture unit ("texture unit 3", proctex) as
// picavk understands the hardware (tests only): from raw registers, the five proctex tables and
// one fragment's texture coordinate it computes the 8-bit RGBA colour the texture environment
// reads as source 6. It is written independently of src/shadergen, from the proctex fact sheet
// (docs/research/proctex.md; sections cited as "proctex.md 2.3") and the register reference
// (shared/spec/004), so that differential tests compare two implementations.
//
// Every bit-level fact in the sheet comes from Azahar's software and shader models, not from
// hardware measurements (proctex.md, introduction). Where the sheet marks a point UNKNOWN this
// model follows the sheet's suggestion, and says so where it is made. Where the sheet gives no
// suggestion, the choice is ours and is marked "our choice".
//
// Precision: the model computes in double. The hardware's internal precision is UNKNOWN
// (proctex.md 2, 4.1); the sheet's section-5 model values are double-precision evaluations, and
// 8-bit outputs are expected to agree with other implementations to +-1 LSB (proctex.md 5).
//
// Defined behaviour beyond the sheet (our choices): bad inputs never produce NaN or crash. A NaN
// coordinate reads as 0, an infinite or huge one as +-2^24 (kProcTexCoordLimit); a NaN or negative
// footprint rho reads as 0; a sampled map/noise table value is clamped to [0, 1]; a colour channel
// is clamped to [0, 255] before it is truncated to 8 bits.

#include "pica/regs/regs.h"
#include "pica/state/lut_state.h"

#include <array>
#include <cstdint>

namespace picavk::test::oracle {

// One fragment's input to the unit.
struct ProcTexInputs {
    // The interpolated, perspective-corrected texture coordinate that TEXUNIT_CONFIG bits 8-9
    // select (proctex_coordinate_source), BEFORE the unit takes its absolute value
    // (proctex.md 1.1, 2.1).
    float u = 0, v = 0;
    // The screen-space footprint rho = max(|du/dx|, |du/dy|) + max(|dv/dx|, |dv/dy|) of that
    // coordinate, in texture-coordinate units per pixel (proctex_rho), BEFORE the LUT width and the
    // register's LOD bias are applied and before the LOD clamps. The sheet defines the level of
    // detail as log2(|width * bias| * rho): the bias multiplies inside the log2, so the caller
    // supplies rho, not a log2 value (proctex.md 2.8). Only the mipmapped filters (2-5) read it.
    // The default 0 selects the lowest allowed level.
    float rho = 0;
};

// A 128-entry value table (noise, RGB map, alpha map) as LutState stores it: raw words.
using ProcTexValueTable = std::array<std::uint32_t, pica::LutState::kProcTexMapEntries>;
// A colour before 8-bit conversion: r g b a on the 0-255 scale, not rounded.
using ProcTexColorF = std::array<double, 4>;

// Coordinates are limited to +-2^24 before any integer conversion (our choice, see above).
inline constexpr double kProcTexCoordLimit = 16777216.0;

// ---- registers ---------------------------------------------------------------------------------

// TEXUNIT_CONFIG bit 10 (proctex.md 1.1).
bool proctex_enabled(const pica::Regs& regs);
// Which texcoord (0-2) the unit reads: TEXUNIT_CONFIG bits 8-9; value 3 reads texcoord0
// (proctex.md 1.1, UNKNOWN, the sheet's suggestion).
unsigned proctex_coordinate_source(const pica::Regs& regs);

// The decoded noise registers (proctex.md 1.3, 1.4, 2.3).
struct ProcTexNoiseParams {
    double freq_u = 0, freq_v = 0;   // PROCTEX3, float16
    double phase_u = 0, phase_v = 0; // PROCTEX1/2 bits 16-31, float16
    double amp_u = 0, amp_v = 0;     // PROCTEX1/2 bits 0-15, s16 / 4095
};
ProcTexNoiseParams proctex_noise_params(const pica::Regs& regs);

// The 16-bit float16 LOD bias: PROCTEX0 bits 20-27 low byte, PROCTEX4 bits 19-26 high byte
// (proctex.md 1.5).
std::uint32_t proctex_lod_bias_raw(const pica::Regs& regs);

// The colour-LUT offset of mip level 0-7: PROCTEX5 byte n for n <= 3, 0xF0/0xF8/0xFC/0xFE for
// 4-7 (proctex.md 1.6). A level above 7 reads as 7.
unsigned proctex_level_offset(const pica::Regs& regs, unsigned level);

// ---- building blocks ---------------------------------------------------------------------------

// Clamp mode 0-7 applied to c (proctex.md 2.4). c is >= 0 in the pipeline; here a negative c
// reads as |c|, NaN as 0 and a huge or infinite one as kProcTexCoordLimit.
double proctex_clamp(double c, unsigned mode);

// The offset that shift mode `shift_mode` (0-3) adds to one coordinate, given that coordinate's
// clamp mode and the OTHER coordinate after abs, before noise (proctex.md 2.2). A negative
// `other` reads as |other|, NaN as 0.
double proctex_shift(unsigned shift_mode, unsigned clamp_mode, double other);

// Mapping function G(u, v), 0-15 (proctex.md 2.5). u and v are in [0, 1] in the pipeline; here
// negative values read as their magnitude and NaN as 0.
double proctex_map(unsigned function, double u, double v);

// A 128-entry value table at coordinate c, with the stored difference; the result is clamped to
// [0, 1] (proctex.md 2.7). c outside [0, 1] or NaN is clamped first (our choice).
double proctex_sample_table(const ProcTexValueTable& table, double c);

// The noise hash (proctex.md 2.3 steps 2-3): R1(n) in 0-15, the 2-D level b in 0-15, and
// R(x, y) = -1 + 2b/15.
unsigned proctex_noise_r1(std::uint64_t n);
unsigned proctex_noise_level(std::uint64_t x, std::uint64_t y);
double proctex_noise_rand(std::uint64_t x, std::uint64_t y);

// The noise value n at grid coordinates (x, y) = (9 fu |u + pu|, 9 fv |v + pv|)
// (proctex.md 2.3 steps 4-5). Negative or NaN grid coordinates read as their magnitude / 0.
double proctex_noise_value(const ProcTexValueTable& noise_lut, double x, double y);

// The noise value for the abs'd coordinate (u, v) with the registers' frequency and phase
// (proctex.md 2.3 steps 1-5); it does not check the noise enable bit.
double proctex_noise(const pica::Regs& regs, const pica::LutState& luts, double u, double v);

// One sample of the colour LUT (ids 4/5) at lut_coord in [0, 1] from the level that starts at
// `offset` and is `width` entries wide: nearest (round half up) or linear with the stored
// half-difference (proctex.md 2.8). Indices wrap mod 256; width 0 reads the offset entry
// (proctex.md 2.8, UNKNOWN, the sheet's suggestions).
ProcTexColorF proctex_sample_color_level(const pica::LutState& luts, unsigned offset,
                                         unsigned width, double lut_coord, bool linear);

// rho from the screen-space derivatives of the selected texcoord (proctex.md 2.8). The
// derivatives of |u| equal those of u up to sign, so raw derivatives can be passed.
double proctex_rho(double du_dx, double du_dy, double dv_dx, double dv_dy);

// The level of detail for footprint rho: log2(|width * bias| * rho), 0 when bias = 0, clamped
// to [max(0, lod_min), min(7, lod_max)] (proctex.md 2.8).
double proctex_lod(const pica::Regs& regs, double rho);

// The colour LUT at lut_coord with PROCTEX4's filter at level of detail `lod` (from
// proctex_lod), before 8-bit conversion (proctex.md 2.8).
ProcTexColorF proctex_lookup_color(const pica::Regs& regs, const pica::LutState& luts,
                                   double lut_coord, double lod);

// A colour channel on the 0-255 scale to 8 bits: truncated (proctex.md 2.10, UNKNOWN, the
// sheet's suggestion), after clamping to [0, 255] (our choice; NaN reads as 0).
int proctex_to_8bit(double channel);

// ---- the unit ----------------------------------------------------------------------------------

// The unit's 8-bit RGBA result (0-255 each) for one fragment; (0, 0, 0, 0) when the unit is off.
std::array<int, 4> proctex_color(const pica::Regs& regs, const pica::LutState& luts,
                                 const ProcTexInputs& in);

} // namespace picavk::test::oracle
