#include "shadergen/block_uniforms.h"

#include "pica/regs/number_formats.h"
#include "pica/regs/reg_ids.h"

#include <cmath>

namespace picavk::shadergen {

using namespace pica;

namespace {

// Light colours: B in bits 0-7, G in 10-17, R in 20-27 (spec/000 LIGHTi_SPECULAR0 etc.; the
// two bits above each channel are unknown and not read).
void unpack_light_color(std::uint32_t raw, float out[4]) {
    out[0] = static_cast<float>(raw >> 20 & 0xFF) / 255.0f;
    out[1] = static_cast<float>(raw >> 10 & 0xFF) / 255.0f;
    out[2] = static_cast<float>(raw & 0xFF) / 255.0f;
    out[3] = 0.0f;
}

float finite_or_zero(float v, unsigned& non_finite) {
    if (std::isfinite(v)) return v;
    ++non_finite;
    return 0.0f;
}

// The proctex values (docs/research/proctex.md 1.3-1.6).
ProcTexUniforms build_proctex_uniforms(const Regs& regs, float resolution_scale,
                                       unsigned& non_finite) {
    ProcTexUniforms p{};
    const std::uint32_t p1 = regs[GPUREG_TEXUNIT3_PROCTEX1], p2 = regs[GPUREG_TEXUNIT3_PROCTEX2];
    const std::uint32_t p3 = regs[GPUREG_TEXUNIT3_PROCTEX3], p4 = regs[GPUREG_TEXUNIT3_PROCTEX4];
    const std::uint32_t p5 = regs[GPUREG_TEXUNIT3_PROCTEX5];
    // Amplitude: signed 16-bit over 4095, as citro3d encodes 1.0 as 0xFFF and Azahar decodes it
    // (proctex.md 1.3; the spec's fixed1.3.12 would be / 4096, UNKNOWN on hardware).
    p.noise_u[0] = static_cast<float>(static_cast<std::int16_t>(p1 & 0xFFFF)) / 4095.0f;
    p.noise_v[0] = static_cast<float>(static_cast<std::int16_t>(p2 & 0xFFFF)) / 4095.0f;
    p.noise_u[1] = finite_or_zero(f16_to_float(p1 >> 16), non_finite);
    p.noise_v[1] = finite_or_zero(f16_to_float(p2 >> 16), non_finite);
    p.noise_u[2] = finite_or_zero(f16_to_float(p3 & 0xFFFF), non_finite);
    p.noise_v[2] = finite_or_zero(f16_to_float(p3 >> 16), non_finite);
    p.noise_u[3] = resolution_scale;
    // The bias is a float16 split over PROCTEX0 bits 20-27 (low byte) and PROCTEX4 bits 19-26
    // (high byte) (proctex.md 1.5).
    const std::uint32_t bias = (regs[GPUREG_TEXUNIT3_PROCTEX0] >> 20 & 0xFF) | (p4 >> 19 & 0xFF)
                                                                                   << 8;
    p.lod[0] = finite_or_zero(f16_to_float(bias), non_finite);
    p.lod[1] = static_cast<float>(p4 >> 3 & 0xF);
    p.lod[2] = static_cast<float>(p4 >> 7 & 0xF);
    p.lod[3] = static_cast<float>(p4 >> 11 & 0xFF);
    for (unsigned i = 0; i < 4; ++i)
        p.level_offset[i] = p5 >> (8 * i) & 0xFF;
    return p;
}

LightingUniforms build_lighting_uniforms(const Regs& regs, unsigned& non_finite) {
    LightingUniforms u{};
    for (unsigned id = 0; id < 8; ++id) {
        const std::uint32_t base = GPUREG_LIGHT0_SPECULAR0 + 0x10 * id;
        LightUniforms& l = u.lights[id];
        unpack_light_color(regs[base + 0], l.specular0);
        unpack_light_color(regs[base + 1], l.specular1);
        unpack_light_color(regs[base + 2], l.diffuse);
        unpack_light_color(regs[base + 3], l.ambient);
        const std::uint32_t xy = regs[base + 4], z = regs[base + 5];
        l.position[0] = finite_or_zero(f16_to_float(xy & 0xFFFF), non_finite);
        l.position[1] = finite_or_zero(f16_to_float(xy >> 16), non_finite);
        l.position[2] = finite_or_zero(f16_to_float(z & 0xFFFF), non_finite);
        const std::uint32_t sxy = regs[base + 6], sz = regs[base + 7];
        l.spot_direction[0] = fix_s1_11_to_float(sxy & 0x1FFF);
        l.spot_direction[1] = fix_s1_11_to_float(sxy >> 16 & 0x1FFF);
        l.spot_direction[2] = fix_s1_11_to_float(sz & 0x1FFF);
        l.attenuation[0] = finite_or_zero(f20_to_float(regs[base + 10] & 0xFFFFF), non_finite);
        l.attenuation[1] = finite_or_zero(f20_to_float(regs[base + 11] & 0xFFFFF), non_finite);
    }
    unpack_light_color(regs[GPUREG_LIGHTING_AMBIENT], u.ambient);
    return u;
}

} // namespace

// The gas values (docs/research/gas.md 1.3-1.5, 1.8).
GasUniforms build_gas_uniforms(const Regs& regs) {
    GasUniforms g{};
    g.scalars[0] = f16_to_float(regs[GPUREG_GAS_ACCMAX] & 0xFFFF);
    g.scalars[1] = f16_to_float(regs[GPUREG_GAS_ATTENUATION] & 0xFFFF);
    g.scalars[2] = static_cast<float>(regs[GPUREG_GAS_LIGHT_Z_COLOR] & 0xFF) / 255.0f;
    g.scalars[3] = static_cast<float>(regs[GPUREG_GAS_DELTAZ_DEPTH] & 0xFFFFFF) / 256.0f;
    for (unsigned k = 0; k < 3; ++k) {
        g.planar[k] = static_cast<float>(regs[GPUREG_GAS_LIGHT_XY] >> (8 * k) & 0xFF) / 255.0f;
        g.view[k] = static_cast<float>(regs[GPUREG_GAS_LIGHT_Z] >> (8 * k) & 0xFF) / 255.0f;
    }
    return g;
}

BlockUniforms build_block_uniforms(const Regs& regs, float resolution_scale, unsigned& non_finite) {
    non_finite = 0;
    return {build_lighting_uniforms(regs, non_finite),
            build_proctex_uniforms(regs, resolution_scale, non_finite), build_gas_uniforms(regs)};
}

std::string block_uniform_declarations() {
    return "struct PicaLight {\n"
           "    vec4 specular0, specular1, diffuse, ambient, position, spot_direction, "
           "attenuation;\n"
           "};\n"
           "layout(set = 0, binding = " +
           std::to_string(kBlockUniformsBinding) +
           ", std140) uniform PicaBlocks {\n"
           "    PicaLight light[8];\n"
           "    vec4 ambient;\n"
           "    vec4 proctex_noise_u; // amplitude, phase, frequency, resolution scale\n"
           "    vec4 proctex_noise_v;\n"
           "    vec4 proctex_lod;     // bias, min level, max level, colour-LUT width\n"
           "    uvec4 proctex_offset; // colour-LUT offsets of levels 0-3\n"
           "    vec4 gas_scalars;     // ACCMAX, ATTENUATION, line of sight, DELTAZ\n"
           "    vec4 gas_planar;      // LIGHT_XY minimum, maximum, attenuation\n"
           "    vec4 gas_view;        // LIGHT_Z minimum, maximum, attenuation\n"
           "} bu;\n";
}

} // namespace picavk::shadergen
