#include "shadergen/fragment_config.h"

#include "pica/regs/reg_ids.h"

#include <xxhash.h>

namespace picavk::shadergen {

using namespace pica;

namespace {
constexpr std::uint32_t kStageBase[6] = {GPUREG_TEXENV0_SOURCE, GPUREG_TEXENV1_SOURCE,
                                         GPUREG_TEXENV2_SOURCE, GPUREG_TEXENV3_SOURCE,
                                         GPUREG_TEXENV4_SOURCE, GPUREG_TEXENV5_SOURCE};

// What each texture-environment source id reads: bits 0-2 texture units 0-2, bit 3 the
// fragment lighting colours, bit 4 texture 3 (procedural). A table, as this runs for every
// argument of every draw.
constexpr std::uint32_t kReadsLighting = 8;
constexpr std::uint32_t kReadsProcTex = 16;
constexpr std::uint8_t kSourceReads[16] = {0, 8, 8, 1, 2, 4, 16, 0, 0, 0, 0, 0, 0, 0, 0, 0};

// kSourceReads over a stage's six source fields (RGB bits 0-11, alpha bits 16-27).
std::uint32_t stage_reads(std::uint32_t x) {
    return kSourceReads[x & 0xF] | kSourceReads[x >> 4 & 0xF] | kSourceReads[x >> 8 & 0xF] |
           kSourceReads[x >> 16 & 0xF] | kSourceReads[x >> 20 & 0xF] | kSourceReads[x >> 24 & 0xF];
}

// Which sources a stage actually reads: a combiner reads one, two or three of its arguments.
unsigned arguments_used(std::uint32_t combine) {
    switch (combine) {
    case 0:
        return 1; // Replace
    case 4:
    case 8:
    case 9:
        return 3; // Interpolate, MultiplyThenAdd, AddThenMultiply
    default:
        return 2;
    }
}
} // namespace

FragmentConfig build_fragment_config(const Regs& regs, bool viewport_depth_ok,
                                     bool emulate_border) {
    FragmentConfig c{};
    const std::uint32_t texunit_config = regs[GPUREG_TEXUNIT_CONFIG];
    std::uint32_t read = 0; // kSourceReads bits over every argument the stages read
    for (unsigned i = 0; i < 6; ++i) {
        TexEnvStageConfig& s = c.stages[i];
        const std::uint32_t base = kStageBase[i];
        s.combiners = regs[base + 2] & 0x000F000Fu;
        s.scales = regs[base + 4] & 0x00030003u;
        const unsigned rgb_args = arguments_used(s.combiners & 0xF);
        const unsigned alpha_args = arguments_used((s.combiners >> 16) & 0xF);
        // Clear the sources and operands of arguments the combiner never reads.
        const std::uint32_t rgb_mask = (1u << (4 * rgb_args)) - 1;
        const std::uint32_t alpha_src_mask = ((1u << (4 * alpha_args)) - 1) << 16;
        const std::uint32_t alpha_op_mask = ((1u << (4 * alpha_args)) - 1) << 12;
        std::uint32_t sources = regs[base + 0];
        if (i == 0) {
            // Stage 0 has no previous stage: a Previous (0xF) source reads the stage's third
            // source instead, and Previous there reads zero (3dbrew TEXENVi_SOURCE; citra PR
            // 7411, from hardware). Rewritten here so the generator needs no special case;
            // 0x7 is an undocumented source id, which reads zero.
            for (unsigned shift : {0u, 16u}) {
                std::uint32_t third = (sources >> (shift + 8)) & 0xF;
                if (third == 0xF) third = 0x7;
                for (unsigned a = 0; a < 3; ++a) {
                    const unsigned at = shift + 4 * a;
                    if (((sources >> at) & 0xF) == 0xF)
                        sources = (sources & ~(0xFu << at)) | (third << at);
                }
            }
        }
        s.sources = sources & (rgb_mask | alpha_src_mask);
        s.operands = regs[base + 1] & (rgb_mask | alpha_op_mask);
        if ((s.combiners & 0xF) == 7) {
            // Dot3 RGBA writes its result to alpha too (then alpha's own scale applies, as in
            // Azahar): the alpha sources, operands and combine mode are unused.
            s.sources &= 0xFFFFu;
            s.operands &= 0xFFFu;
            s.combiners &= 0xFFFFu;
        }
        // What the stage reads: texture units (sources 3-5), the lighting colours (1, 2).
        read |= stage_reads(s.sources);
    }
    c.texture_units = static_cast<std::uint8_t>(read & texunit_config & 7);
    c.buffer_update = regs[GPUREG_TEXENV_UPDATE_BUFFER] & 0xFF00u;
    // Fog (spec 002 TEXENV_UPDATE_BUFFER: mode 5 = fog, bit 16 = z flip).
    const std::uint32_t fog_mode = regs[GPUREG_TEXENV_UPDATE_BUFFER] & 7;
    if (fog_mode == 5) {
        c.fog = 1;
        c.fog_flip = (regs[GPUREG_TEXENV_UPDATE_BUFFER] >> 16) & 1;
    } else if (fog_mode == 7) {
        // Gas shading in the fog slot (docs/research/gas.md 4.3); the Z flip is ignored (1.2).
        c.fog = 2;
        c.gas = static_cast<std::uint8_t>(
            (regs[GPUREG_TEXENV_UPDATE_BUFFER] >> 3 & 1) * kGasDepthDensity |
            (regs[GPUREG_GAS_LIGHT_Z_COLOR] >> 8 & 1) * kGasLutLightFactor);
    }
    // Lighting only matters when a stage reads the fragment colours (sources 1 and 2): many
    // programs leave both enable registers at 0 (lighting "on") without using it.
    if (read & kReadsLighting) build_lighting_config(regs, c.lighting);
    // Texture 3 reads zero while TEXUNIT_CONFIG bit 10 is clear (proctex.md 1.1, Azahar).
    if ((read & kReadsProcTex) && (texunit_config >> 10 & 1)) build_proctex_config(regs, c.proctex);
    // The bump map is read from its unit whether or not a texture-environment stage reads it.
    if (c.lighting.bump_mode && (texunit_config >> c.lighting.bump_unit & 1))
        c.texture_units |= static_cast<std::uint8_t>(1u << c.lighting.bump_unit);
    // Shadow attenuation reads its unit whether or not a stage reads it (shadow.md 5); texture 3
    // reads zero while TEXUNIT_CONFIG bit 10 is clear.
    if (c.lighting.shadow) {
        const unsigned unit = c.lighting.shadow >> kShadowUnitShift & 3;
        if (unit < 3)
            c.texture_units |= static_cast<std::uint8_t>(texunit_config & (1u << unit));
        else if ((texunit_config >> 10 & 1) && !c.proctex.enabled)
            build_proctex_config(regs, c.proctex);
    }
    if (c.texture_units & 1) {
        // Types 5-7 (5 "disabled", 6-7 undocumented) sample as 2D, as Azahar does.
        const std::uint32_t param = regs[GPUREG_TEXUNIT0_PARAM];
        const std::uint32_t type = param >> 28 & 7;
        c.texture0_type = static_cast<std::uint8_t>(type <= 4 ? type : 0);
        if (type == 2 || type == 4) {
            // Shadow textures are sampled by the shader, texel by texel (shadow.md 4.4, 4.5):
            // its wrap modes and filter go in the key. Wrap modes 4-7 read as clamp to edge, as
            // the sampler cache reads them.
            auto wrap = [](std::uint32_t w) { return w > 3 ? 0u : w; };
            std::uint32_t s = wrap(param >> 12 & 7) << kShadowSamplerWrapS |
                              wrap(param >> 8 & 7) << kShadowSamplerWrapT;
            if (param >> 1 & 1) s |= kShadowSamplerPcf; // mag filter linear (shadow.md 4.4)
            if (type == 2 && (regs[GPUREG_TEXUNIT0_SHADOW] & 1)) s |= kShadowSamplerOrthographic;
            c.shadow_sampler = static_cast<std::uint8_t>(s);
        }
    }
    c.clip_plane = regs[GPUREG_FRAGOP_CLIP] & 1;
    if (emulate_border) {
        constexpr std::uint32_t kParam[3] = {GPUREG_TEXUNIT0_PARAM, GPUREG_TEXUNIT1_PARAM,
                                             GPUREG_TEXUNIT2_PARAM};
        for (unsigned i = 0; i < 3; ++i) {
            if (!(c.texture_units & (1u << i)) ||
                (i == 0 && c.texture0_type != 0 && c.texture0_type != 3))
                continue; // cube maps have no border mode; shadow textures do their own
            const std::uint32_t p = regs[kParam[i]];
            if ((p >> 12 & 7) == 1) // wrap S: clamp to border
                c.border_emulation |= static_cast<std::uint8_t>(1u << (2 * i));
            if ((p >> 8 & 7) == 1) // wrap T
                c.border_emulation |= static_cast<std::uint8_t>(2u << (2 * i));
        }
    }
    if (c.texture_units & 4) c.texture2_uses_texcoord1 = (texunit_config >> 13) & 1;

    const std::uint32_t alpha_test = regs[GPUREG_FRAGOP_ALPHA_TEST];
    c.alpha_test_func = (alpha_test & 1) ? static_cast<std::uint8_t>((alpha_test >> 4) & 7) : 1;
    if ((regs[GPUREG_COLOR_OPERATION] & 3) == 1) {
        // Gas accumulation (gas.md 4.2): texturing, the combiners and the alpha test as usual;
        // the fog unit does nothing; the density goes into the target by the gas depth function
        // (the rasterizer reads 1, always, when there is no depth buffer).
        c.gas_write = kStorageWriteCompareSwap;
        c.gas = static_cast<std::uint8_t>(regs[GPUREG_GAS_DELTAZ_DEPTH] >> 24 & 3);
        c.fog = 0;
        c.fog_flip = 0;
    }
    if ((regs[GPUREG_COLOR_OPERATION] & 3) == 3) {
        // Shadow mode (shadow.md 3.3, following Azahar's CPU reference where its two paths
        // differ): no alpha test, no fog, no logic op; the write rule replaces the output merger.
        // The rasterizer picks the interlock where the host has it.
        c.shadow_write = kStorageWriteCompareSwap;
        c.alpha_test_func = 1;
        c.fog = 0;
        c.fog_flip = 0;
    }
    c.scissor_outside = (regs[GPUREG_SCISSORTEST_MODE] & 3) == 1 ? 1 : 0;
    // DEPTHMAP_ENABLE: 1 = z-buffer, 0 = w-buffer (Azahar DepthBuffering; citro3d writes
    // zBuffer ? 1 : 0; docs/research/vulkan_renderer.md 3.4).
    if (!(regs[GPUREG_DEPTHMAP_ENABLE] & 1))
        c.depth_mode = DepthMode::FragmentW;
    else
        c.depth_mode = viewport_depth_ok ? DepthMode::Viewport : DepthMode::FragmentZ;
    return c;
}

void build_proctex_config(const Regs& regs, ProcTexConfig& out) {
    const std::uint32_t p0 = regs[GPUREG_TEXUNIT3_PROCTEX0];
    out.enabled = 1;
    const std::uint32_t coords = regs[GPUREG_TEXUNIT_CONFIG] >> 8 & 3;
    out.coordinates = static_cast<std::uint8_t>(coords == 3 ? 0 : coords); // 3: texcoord 0
    // Undocumented values are folded into the documented ones they behave as (proctex.md 2.2,
    // 2.4, 2.5, 2.8: the choices of this renderer and its reference model), so they share keys.
    auto clamp_mode = [](std::uint32_t m) { return static_cast<std::uint8_t>(m > 4 ? 1 : m); };
    out.u_clamp = clamp_mode(p0 & 7);
    out.v_clamp = clamp_mode(p0 >> 3 & 7);
    auto function = [](std::uint32_t f) { return static_cast<std::uint8_t>(f > 9 ? 10 : f); };
    out.rgb_function = function(p0 >> 6 & 0xF);
    out.separate_alpha = p0 >> 14 & 1;
    if (out.separate_alpha) out.alpha_function = function(p0 >> 10 & 0xF);
    out.noise = p0 >> 15 & 1;
    auto shift = [](std::uint32_t s) { return static_cast<std::uint8_t>(s == 3 ? 0 : s); };
    out.u_shift = shift(p0 >> 16 & 3);
    out.v_shift = shift(p0 >> 18 & 3);
    const std::uint32_t filter = regs[GPUREG_TEXUNIT3_PROCTEX4] & 7;
    out.filter = static_cast<std::uint8_t>(filter > 5 ? filter & 1 : filter); // 6-7: bit 0
}

bool reads_fragment_lighting(const FragmentConfig& c) {
    std::uint32_t read = 0;
    for (const TexEnvStageConfig& st : c.stages)
        read |= stage_reads(st.sources);
    return (read & kReadsLighting) != 0;
}

void drop_texture_unit(FragmentConfig& c, unsigned unit) {
    c.texture_units &= static_cast<std::uint8_t>(~(1u << unit));
    c.border_emulation &= static_cast<std::uint8_t>(~(3u << (2 * unit)));
    c.texture_narrow[unit] = 0;
    if (unit == 0) c.texture0_type = c.shadow_sampler = 0;
    if (unit == 2) c.texture2_uses_texcoord1 = 0;
}

std::uint64_t hash(const FragmentConfig& c) {
    return XXH3_64bits(&c, sizeof c);
}

} // namespace picavk::shadergen
