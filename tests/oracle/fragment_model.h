#pragma once

// A CPU reference model of the PICA fragment pipeline as picavk understands the hardware (tests
// only): texture environment, fragment lighting (lighting_model.h, with shadow attenuation from
// shadow_model.h), the procedural texture unit (proctex_model.h), fog, gas shading (gas_model.h)
// and alpha test, from raw registers and per-fragment inputs. A shadow texture's sample on unit 0
// is the caller's (shadow_model.h computes it). It is
// written independently of src/shadergen, from the spec and the research notes
// (docs/research/fragment_pipeline.md, proctex.md), so that differential tests compare two
// implementations.

#include "lighting_model.h"
#include "pica/regs/regs.h"
#include "pica/state/lut_state.h"
#include "proctex_model.h"

#include <array>
#include <cstdint>

namespace picavk::test::oracle {

using Color = std::array<int, 4>; // 8-bit channels, r g b a

struct FragmentInputs {
    Color primary{};                           // interpolated vertex colour, as 8-bit values
    std::array<Color, 3> textures{};           // what texture units 0-2 return
    float depth = 0;                           // window depth after the depth map, 0..1
    std::array<float, 4> normquat{0, 0, 0, 1}; // interpolated, for fragment lighting
    std::array<float, 3> view{0, 0, 1};
    // Texture coordinates 0-2 and the footprint rho of the one the procedural texture unit reads
    // (proctex_model.h ProcTexInputs): what texture 3 is computed from.
    std::array<std::array<float, 2>, 3> texcoords{};
    float proctex_rho = 0;
};

// Lighting's result as the texture environment reads it: 8-bit, rounded to nearest (the
// renderer's convention for every float colour entering the 8-bit datapath).
Color lighting_to_8bit(const std::array<float, 4>& c);

struct FragmentResult {
    bool discarded = false;
    Color color{};
};

// Dot3 of two 8-bit RGB triples (hardware model; see the model's source).
int dot3(const Color& a, const Color& b);

FragmentResult shade(const pica::Regs& regs, const pica::LutState& luts, const FragmentInputs& in);

} // namespace picavk::test::oracle
