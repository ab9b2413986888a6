// The lighting part of the fragment key: only what changes the generated code, cleared where
// it does not matter (DESIGN.md "Keys"). Facts: spec/000 (lighting registers) and the sources
// listed in docs/research/lighting.md.
#include "shadergen/fragment_config.h"

#include "pica/regs/reg_ids.h"

namespace picavk::shadergen {

using namespace pica;

namespace {

// The LUTs each configuration mode (CONFIG0 bits 4-7) provides, as bits in LightingLut order
// (spec/000 "Light environment configuration"). DA is available in every mode. Value 7 is not
// a documented mode (libctru's GPU_LIGHT_ENV_LAYER_CONFIG(7) writes 8); for 7 and 9-15 we
// follow Azahar's regs_lighting.h IsLightingSamplerSupported: everything but RG and RB.
constexpr std::uint8_t kD0 = 1, kD1 = 2, kSP = 4, kFR = 8, kRB = 16, kRG = 32, kRR = 64;
constexpr std::uint8_t available_luts(unsigned mode) {
    switch (mode) {
    case 0:
        return kD0 | kRR | kSP;
    case 1:
        return kFR | kRR | kSP;
    case 2:
        return kD0 | kD1 | kRR;
    case 3:
        return kD0 | kD1 | kFR;
    case 4:
        return kD0 | kD1 | kRR | kRG | kRB | kSP;
    case 5:
        return kD0 | kRR | kRG | kRB | kFR | kSP;
    case 6:
        return kD0 | kD1 | kRR | kFR | kSP;
    case 8:
        return kD0 | kD1 | kSP | kFR | kRB | kRG | kRR;
    default:
        return kD0 | kD1 | kSP | kFR | kRR;
    }
}

// CONFIG1 bits that disable the common LUTs (spec/000 GPUREG_LIGHTING_CONFIG1: 16 D0, 17 D1,
// 19 FR, 20 RB, 21 RG, 22 RR; citro3d's GPU_LC1_LUTBIT agrees. Azahar names 20 and 22 the
// other way round; no hardware test decides it, and the two readings only differ when the RB
// and RR bits differ). SP has no global bit: each light has its own (bits 8-15).
constexpr int kDisableBit[7] = {16, 17, -1, 19, 20, 21, 22};

constexpr std::uint8_t kInputZero = 7; // inputs 6 and 7 are undocumented and read zero

} // namespace

LightingConfig build_lighting_config(const Regs& regs) {
    LightingConfig c{};
    // Two switches: LIGHTING_ENABLE0 (0x8F, in the texture-unit block) and LIGHTING_ENABLE1
    // (0x1C6, bit 0 set = lighting off). Programs write them together (citro3d base.c writes
    // 1/0 or 0/1); Azahar reads only 0x1C6, and no hardware test has written them apart. We
    // follow 0x1C6 and count a warning when 0x8F disagrees (rasterizer.cpp). Lighting off:
    // the fragment colours are zero.
    if (regs[GPUREG_LIGHTING_ENABLE1] & 1) return c;
    c.enabled = 1;
    c.light_count = static_cast<std::uint8_t>((regs[GPUREG_LIGHTING_NUM_LIGHTS] & 7) + 1);
    const std::uint32_t config0 = regs[GPUREG_LIGHTING_CONFIG0];
    const std::uint32_t config1 = regs[GPUREG_LIGHTING_CONFIG1];
    const unsigned mode = config0 >> 4 & 0xF;
    const std::uint8_t available = available_luts(mode);

    const std::uint32_t permutation = regs[GPUREG_LIGHTING_LIGHT_PERMUTATION];
    bool any_spot = false;
    for (unsigned slot = 0; slot < c.light_count; ++slot) {
        LightConfig& l = c.lights[slot];
        const unsigned id = permutation >> (4 * slot) & 7;
        const std::uint32_t light_config = regs[GPUREG_LIGHT0_CONFIG + 0x10 * id];
        l.id = static_cast<std::uint8_t>(id);
        l.directional = light_config & 1;
        l.two_sided = light_config >> 1 & 1;
        l.geometric0 = light_config >> 2 & 1;
        l.geometric1 = light_config >> 3 & 1;
        l.spot = (available & kSP) && !(config1 >> (8 + id) & 1) ? 1 : 0;
        l.distance_attenuation = (config1 >> (24 + id) & 1) ? 0 : 1;
        any_spot = any_spot || l.spot;
    }

    const std::uint32_t abs = regs[GPUREG_LIGHTING_LUTINPUT_ABS];
    const std::uint32_t select = regs[GPUREG_LIGHTING_LUTINPUT_SELECT];
    const std::uint32_t scale = regs[GPUREG_LIGHTING_LUTINPUT_SCALE];
    for (unsigned i = 0; i < 7; ++i) {
        LightingLutConfig& lut = c.luts[i];
        const bool disabled =
            kDisableBit[i] >= 0 ? (config1 >> kDisableBit[i] & 1) != 0 : !any_spot;
        if (!(available >> i & 1) || disabled) continue;
        lut.enabled = 1;
        std::uint8_t input = static_cast<std::uint8_t>(select >> (4 * i) & 7);
        // cos phi reads zero outside configuration 8 (citra PRs 2762/2891, checked against
        // wwylele/ctrhwtest lighting-cp on hardware).
        if (input >= 6 || (input == 5 && mode != 8)) input = kInputZero;
        lut.input = input;
        lut.absolute = (abs >> (4 * i + 1) & 1) ? 0 : 1; // the register bit disables abs
        lut.scale = static_cast<std::uint8_t>(scale >> (4 * i) & 7);
    }
    // Fresnel writes alpha only through an enabled FR LUT.
    if (c.luts[static_cast<unsigned>(LightingLut::FR)].enabled)
        c.fresnel = static_cast<std::uint8_t>(config0 >> 2 & 3);
    const unsigned bump = config0 >> 28 & 3;
    // Mode 3 is undefined (Azahar draws it unbumped). Unit 3 would be the procedural texture
    // (Azahar's generator reads texcolor3 there), which has its own issue: unbumped until then.
    const unsigned bump_unit = config0 >> 22 & 3;
    if ((bump == 1 || bump == 2) && bump_unit < 3) {
        c.bump_mode = static_cast<std::uint8_t>(bump);
        c.bump_unit = static_cast<std::uint8_t>(bump_unit);
        // Renormalisation is a normal-map option; tangent maps ignore it ("confirmed on 3DS",
        // citra PR 2762).
        c.bump_renormalize = bump == 1 && !(config0 >> 30 & 1) ? 1 : 0;
    }
    c.clamp_highlights = config0 >> 27 & 1;
    return c;
}

} // namespace picavk::shadergen
