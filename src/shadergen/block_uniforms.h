#pragma once

// The values of the fragment lighting, procedural-texture and gas blocks that do not change the
// code, as one std140 uniform block (binding kBlockUniformsBinding): light colours, vectors and
// distance-attenuation parameters; the proctex noise, level-of-detail and colour-LUT values.
// The block is streamed only when a register it reads changes, so consecutive draws that change
// only per-draw values keep sharing it (and merging into one host draw). The LUT contents live
// in the LUT texel buffer (lut_layout.h).

#include "pica/regs/regs.h"

#include <cstdint>
#include <string>

namespace picavk::shadergen {

// Indexed by light id (register block), not by permutation slot.
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

// The procedural texture unit's values (spec 004 TEXUNIT3_PROCTEX0-5; docs/research/proctex.md
// 1.3-1.6).
struct ProcTexUniforms {
    float noise_u[4]; // amplitude (s16 / 4095), phase, frequency (float16), resolution scale
    float noise_v[4]; // amplitude, phase, frequency, -
    float lod[4];     // LOD bias (float16), min level, max level, colour-LUT width
    std::uint32_t level_offset[4]; // colour-LUT offsets of levels 0-3 (PROCTEX5)
};
static_assert(sizeof(ProcTexUniforms) == 64);

// Gas (docs/research/gas.md 1.3-1.8, 4.2-4.3). Float16 registers are kept as decoded, NaN and
// infinity included: the shader's clamps define what they give (as the reference model's do).
struct GasUniforms {
    float scalars[4]; // ACCMAX (1 / max), ATTENUATION (float16), line of sight (0x122 / 255),
                      // DELTAZ (raw / 256)
    float planar[4];  // GAS_LIGHT_XY minimum, maximum, attenuation (bytes / 255), -
    float view[4];    // GAS_LIGHT_Z minimum, maximum, attenuation, -
};
static_assert(sizeof(GasUniforms) == 48);

struct BlockUniforms {
    LightingUniforms lighting;
    ProcTexUniforms proctex;
    GasUniforms gas;
};
static_assert(sizeof(BlockUniforms) ==
              sizeof(LightingUniforms) + sizeof(ProcTexUniforms) + sizeof(GasUniforms));

inline constexpr unsigned kBlockUniformsBinding = 6;

// Fills the block from the registers. Non-finite float16/float20 values (NaN, infinity) are
// replaced by 0 and counted in `non_finite` (the caller warns): a light at infinity, a NaN
// attenuation or noise frequency would otherwise turn whole surfaces into NaN colours.
// `resolution_scale`: host pixels per guest pixel (the proctex level of detail is measured in
// guest pixels, so a scaled render picks the levels a 1x render picks).
BlockUniforms build_block_uniforms(const pica::Regs& regs, float resolution_scale,
                                   unsigned& non_finite);

// The registers build_block_uniforms reads, as ranges [first, last], so that a renderer can tell
// cheaply whether the block changed: the proctex registers, the light blocks with the global
// ambient, the gas attenuation and ACCMAX, and the gas light and depth registers.
struct RegisterRange {
    std::uint32_t first, last;
};
inline constexpr RegisterRange kBlockUniformRegs[] = {
    {0x0A8, 0x0AD}, {0x140, 0x1C0}, {0x0E4, 0x0E5}, {0x120, 0x126}};
inline constexpr std::uint32_t kBlockUniformRegCount = [] {
    std::uint32_t n = 0;
    for (const RegisterRange& r : kBlockUniformRegs)
        n += r.last - r.first + 1;
    return n;
}();

// The GLSL declaration of the block (instance `bu`).
std::string block_uniform_declarations();

} // namespace picavk::shadergen
