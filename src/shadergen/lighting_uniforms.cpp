#include "shadergen/lighting_uniforms.h"

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

} // namespace

LightingUniforms build_lighting_uniforms(const Regs& regs, unsigned& non_finite) {
    LightingUniforms u{};
    non_finite = 0;
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

} // namespace picavk::shadergen
