#pragma once

// The values fragment lighting reads that do not change the code: light colours, vectors and
// distance-attenuation parameters, as a std140 uniform block (binding kLightingBinding). The
// LUT contents live in the LUT texel buffer (lut_layout.h). Indexed by light id (register
// block), not by permutation slot.

#include "pica/regs/regs.h"

#include <cstdint>

namespace picavk::shadergen {

struct LightUniforms {
    float specular0[4]; // LIGHTi_SPECULAR0, RGB / 255
    float specular1[4];
    float diffuse[4];
    float ambient[4];
    float position[4];       // LIGHTi_XY/Z, float16; the direction towards it when directional
    float spot_direction[4]; // LIGHTi_SPOTDIR_XY/Z, fixed1.1.11: the negated spot direction
    float attenuation[4];    // LIGHTi_ATTENUATION_BIAS, _SCALE (float20)
};

struct LightingUniforms {
    LightUniforms lights[8];
    float ambient[4]; // LIGHTING_AMBIENT: the global ambient colour
};
static_assert(sizeof(LightingUniforms) == (8 * 7 + 1) * 16);

inline constexpr unsigned kLightingBinding = 6;

// Fills the block from the registers. Non-finite float16/float20 values (NaN, infinity) are
// replaced by 0 and counted in `non_finite` (the caller warns): a light at infinity or a NaN
// attenuation would otherwise turn whole surfaces into NaN colours.
LightingUniforms build_lighting_uniforms(const pica::Regs& regs, unsigned& non_finite);

// The registers build_lighting_uniforms reads: [first, last] (the light blocks and the global
// ambient), so that a renderer can tell cheaply whether the block changed.
inline constexpr std::uint32_t kLightingUniformRegsFirst = 0x140;
inline constexpr std::uint32_t kLightingUniformRegsLast = 0x1C0;

} // namespace picavk::shadergen
