#pragma once

// A CPU reference model of PICA200 fragment lighting as picavk understands the hardware (tests
// only): from raw registers, the lighting LUTs and per-fragment inputs it computes the primary
// and secondary lighting colours that feed the texture environment. It is written independently
// of src/shadergen, from the register reference (shared/spec/000, 004) and the lighting fact
// sheet (research notes "PICA200 fragment lighting: fact sheet"; sections cited as "facts 5.3"),
// so that differential tests compare two implementations.
//
// Defined behaviour beyond the hardware facts (our choices, documented where they are made):
// bad inputs (a zero or non-finite quaternion or view, non-finite light positions, NaN LUT
// inputs) never produce NaN; a result channel that would be NaN reads 0.

#include "pica/regs/regs.h"
#include "pica/state/lut_state.h"

#include <array>

namespace picavk::test::oracle {

struct LightingInputs {
    // Interpolated normal quaternion (x, y, z, w), not normalised yet.
    std::array<float, 4> normquat{0, 0, 0, 1};
    // Interpolated view vector (surface to eye, eye space), not normalised.
    std::array<float, 3> view{0, 0, 1};
    // What texture units 0-3 return, 8-bit RGBA (3 = the procedural texture): the bump map
    // source (units 0-2) and the shadow attenuation's sample (any unit; shadow_model.h).
    std::array<std::array<int, 4>, 4> textures{};
};

struct LightingResult {
    std::array<float, 4> primary{}; // r g b a, each channel clamped to [0, 1]
    std::array<float, 4> secondary{};
};

// Lighting is on iff GPUREG_LIGHTING_ENABLE1 (0x1C6) bit 0 is 0 (facts 6).
bool lighting_enabled(const pica::Regs& regs);

// Primary and secondary lighting colours of one fragment; (0,0,0,0) both when lighting is off.
LightingResult light_fragment(const pica::Regs& regs, const pica::LutState& luts,
                              const LightingInputs& in);

// The interpolated value of lighting LUT `table` (0-23) at input x, before the LUTINPUT_SCALE
// factor (exposed for tests). absolute_input = false: signed indexing over [-1, 1] (facts 1.4);
// true: unsigned indexing over [0, 1] (facts 1.5/1.6), where the caller has already applied the
// abs()/max(x, 0) transform and a negative x reads as 0. A non-finite x reads as 0.
float sample_lighting_lut(const pica::LutState& luts, unsigned table, float x, bool absolute_input);

} // namespace picavk::test::oracle
