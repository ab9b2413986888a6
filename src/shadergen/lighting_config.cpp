// The lighting part of the fragment key: only what changes the generated code, cleared where
// it does not matter (DESIGN.md "Keys"). Facts: spec/000 (lighting registers) and the sources
// listed in docs/research/lighting.md.
#include "shadergen/fragment_config.h"

#include "pica/regs/reg_ids.h"

#include <bit>

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
// As a mask over CONFIG1 >> 16 in LightingLut order: 0x7B (bit 2, SP, has no global bit).

constexpr std::uint8_t kInputZero = 7; // inputs 6 and 7 are undocumented and read zero

} // namespace

void build_lighting_config(const Regs& regs, LightingConfig& c) {
    // Two switches: LIGHTING_ENABLE0 (0x8F, in the texture-unit block) and LIGHTING_ENABLE1
    // (0x1C6, bit 0 set = lighting off). Programs write them together (citro3d base.c writes
    // 1/0 or 0/1); Azahar reads only 0x1C6, and no hardware test has written them apart. We
    // follow 0x1C6 and count a warning when 0x8F disagrees (rasterizer.cpp). Lighting off:
    // the fragment colours are zero.
    if (regs[GPUREG_LIGHTING_ENABLE1] & 1) return;
    c.enabled = 1;
    c.light_count = static_cast<std::uint8_t>((regs[GPUREG_LIGHTING_NUM_LIGHTS] & 7) + 1);
    const std::uint32_t config0 = regs[GPUREG_LIGHTING_CONFIG0];
    const std::uint32_t config1 = regs[GPUREG_LIGHTING_CONFIG1];
    const unsigned mode = config0 >> 4 & 0xF;
    const std::uint8_t available = available_luts(mode);

    // Each light and each LUT is assembled in a register and stored whole: this runs for
    // every lit draw (BM_ShaderGenKeyBuildHashEightLights). Byte order: LightConfig's fields.
    static_assert(sizeof(LightConfig) == 8 && sizeof(LightingLutConfig) == 4);
    static_assert(std::endian::native == std::endian::little);
    const std::uint32_t permutation = regs[GPUREG_LIGHTING_LIGHT_PERMUTATION];
    const std::uint64_t spot_available = (available & kSP) ? 1 : 0;
    // Shadow attenuation (docs/research/shadow.md 1.5, 5): CONFIG0 bit 0 turns it on; bits 16
    // and 17 shadow each light's diffuse and specular terms (per light: CONFIG1 bit id clear),
    // bit 19 the alphas the Fresnel selector (bits 2-3) names, bit 18 inverts the sample.
    std::uint32_t shadow = 0;
    if (config0 & 1) {
        shadow = (config0 >> 16 & 3) | (config0 >> 19 & 1) * ((config0 >> 2 & 3) << 3);
        if (shadow) shadow |= (config0 >> 18 & 1) << 2 | (config0 >> 24 & 3) << kShadowUnitShift;
    }
    const std::uint64_t light_shadow = (shadow & (kShadowDiffuse | kShadowSpecular)) ? 1 : 0;
    c.shadow = static_cast<std::uint8_t>(shadow);
    std::uint64_t any_spot = 0;
    for (unsigned slot = 0; slot < c.light_count; ++slot) {
        const unsigned id = permutation >> (4 * slot) & 7;
        const std::uint64_t light_config = regs[GPUREG_LIGHT0_CONFIG + 0x10 * id];
        const std::uint64_t spot = spot_available & ~(config1 >> (8 + id)) & 1;
        const std::uint64_t attenuation = ~(config1 >> (24 + id)) & 1;
        const std::uint64_t packed = id | (light_config & 1) << 8 | (light_config >> 1 & 1) << 16 |
                                     (light_config >> 2 & 1) << 24 | (light_config >> 3 & 1) << 32 |
                                     spot << 40 | attenuation << 48 |
                                     (light_shadow & ~(config1 >> id)) << 56;
        c.lights[slot] = std::bit_cast<LightConfig>(packed);
        any_spot |= spot;
    }

    const std::uint32_t abs = regs[GPUREG_LIGHTING_LUTINPUT_ABS];
    const std::uint32_t select = regs[GPUREG_LIGHTING_LUTINPUT_SELECT];
    const std::uint32_t scale = regs[GPUREG_LIGHTING_LUTINPUT_SCALE];
    // LUTs on: available in the mode and not disabled (SP: some light has its spot on).
    std::uint32_t on = available & ~(config1 >> 16 & 0x7B) & 0x7F;
    on = any_spot ? on : on & ~std::uint32_t{kSP};
    for (unsigned i = 0; i < 7; ++i) {
        if (!(on >> i & 1)) continue;
        std::uint32_t input = select >> (4 * i) & 7;
        // cos phi reads zero outside configuration 8 (citra PRs 2762/2891, checked against
        // wwylele/ctrhwtest lighting-cp on hardware).
        if (input >= 6 || (input == 5 && mode != 8)) input = kInputZero;
        const std::uint32_t absolute = ~(abs >> (4 * i + 1)) & 1; // the bit disables abs
        const std::uint32_t packed =
            1u | input << 8 | absolute << 16 | (scale >> (4 * i) & 7) << 24;
        c.luts[i] = std::bit_cast<LightingLutConfig>(packed);
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
}

} // namespace picavk::shadergen
