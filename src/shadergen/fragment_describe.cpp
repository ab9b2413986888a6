#include "shadergen/fragment_describe.h"

#include <cstdarg>
#include <cstdio>

namespace picavk::shadergen {

namespace {
// spec 004 TEXENVi_SOURCE values.
const char* source_name(unsigned s) {
    static const char* const kNames[16] = {"primary colour",
                                           "fragment primary (lit)",
                                           "fragment secondary (lit)",
                                           "texture 0",
                                           "texture 1",
                                           "texture 2",
                                           "texture 3 (procedural)",
                                           "source 7",
                                           "source 8",
                                           "source 9",
                                           "source 10",
                                           "source 11",
                                           "source 12",
                                           "previous buffer",
                                           "constant",
                                           "previous"};
    return kNames[s & 15];
}
// TEXENVi_OPERAND: colour operands 0-15, alpha operands 0-7.
const char* colour_operand(unsigned o) {
    static const char* const kNames[16] = {"rgb", "1-rgb", "a",    "1-a", "r",    "1-r",
                                           "op6", "op7",   "g",    "1-g", "op10", "op11",
                                           "b",   "1-b",   "op14", "op15"};
    return kNames[o & 15];
}
const char* alpha_operand(unsigned o) {
    static const char* const kNames[8] = {"a", "1-a", "r", "1-r", "g", "1-g", "b", "1-b"};
    return kNames[o & 7];
}
// TEXENVi_COMBINER values.
const char* combiner_name(unsigned c) {
    static const char* const kNames[10] = {
        "replace(A)",     "A*B",   "A+B",    "A+B-0.5", "lerp(A,B,C)", "A-B", "dot3_rgb(A,B)",
        "dot3_rgba(A,B)", "A*B+C", "(A+B)*C"};
    return c < 10 ? kNames[c] : "undocumented";
}

void line(std::string& out, const char* fmt, ...) __attribute__((format(printf, 2, 3)));
void line(std::string& out, const char* fmt, ...) {
    char buf[256];
    va_list ap;
    va_start(ap, fmt);
    std::vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    out += buf;
    out += '\n';
}

void describe_stage(std::string& out, unsigned i, const TexEnvStageConfig& s) {
    const unsigned crgb = s.combiners & 15, ca = s.combiners >> 16 & 15;
    const unsigned scale_rgb = 1u << (s.scales & 3), scale_a = 1u << (s.scales >> 16 & 3);
    // Pass-through stages (replace previous) say so briefly.
    const bool pass = crgb == 0 && ca == 0 && (s.sources & 15) == 15 &&
                      (s.sources >> 16 & 15) == 15 && (s.operands & 15) == 0 &&
                      (s.operands >> 12 & 15) == 0 && s.scales == 0;
    if (pass) {
        line(out, "  stage %u: passes the previous stage through", i);
        return;
    }
    line(out, "  stage %u rgb:   %s x%u with A=%s.%s B=%s.%s C=%s.%s", i, combiner_name(crgb),
         scale_rgb, source_name(s.sources), colour_operand(s.operands), source_name(s.sources >> 4),
         colour_operand(s.operands >> 4), source_name(s.sources >> 8),
         colour_operand(s.operands >> 8));
    line(out, "  stage %u alpha: %s x%u with A=%s.%s B=%s.%s C=%s.%s", i, combiner_name(ca),
         scale_a, source_name(s.sources >> 16), alpha_operand(s.operands >> 12),
         source_name(s.sources >> 20), alpha_operand(s.operands >> 16),
         source_name(s.sources >> 24), alpha_operand(s.operands >> 20));
}
} // namespace

std::string describe(const FragmentConfig& c) {
    std::string out;
    line(out, "texture environment (6 stages; buffer update bits %02x):",
         static_cast<unsigned>(c.buffer_update >> 8 & 0xFF));
    for (unsigned i = 0; i < 6; ++i)
        describe_stage(out, i, c.stages[i]);
    static const char* const kTypes[5] = {"2D", "cube", "shadow 2D", "projection", "shadow cube"};
    std::string units;
    for (unsigned u = 0; u < 3; ++u)
        if (c.texture_units & (1u << u))
            units +=
                " " + std::to_string(u) +
                (u == 0 ? std::string(" (") + kTypes[c.texture0_type % 5] + ")" : std::string());
    line(out, "textures:%s%s%s", units.empty() ? " none" : units.c_str(),
         c.texture2_uses_texcoord1 ? "; unit 2 reads texcoord 1" : "",
         c.border_emulation ? "; clamp-to-border in the shader" : "");
    if (c.texture0_type == 2 || c.texture0_type == 4)
        line(out, "shadow texture: wrap s %u t %u, %s, %s", c.shadow_sampler & 3,
             c.shadow_sampler >> 2 & 3,
             (c.shadow_sampler & kShadowSamplerPcf) ? "2x2 PCF" : "1 tap",
             (c.shadow_sampler & kShadowSamplerOrthographic) ? "orthographic" : "perspective");
    static const char* const kFuncs[8] = {"never", "always", "==", "!=", "<", "<=", ">", ">="};
    static const char* const kDepth[3] = {"viewport", "fragment z", "w-buffer"};
    line(out, "alpha test: %s; depth: %s%s; scissor: %s; clip plane: %s",
         kFuncs[c.alpha_test_func & 7], kDepth[static_cast<unsigned>(c.depth_mode) % 3],
         c.depth_grid24 ? " (on the 24-bit grid, a float buffer)" : "",
         c.scissor_outside ? "draw outside" : "inside or off", c.clip_plane ? "on" : "off");
    if (c.fog == 1) line(out, "fog: on%s", c.fog_flip ? ", z flipped" : "");
    if (c.fog == 2)
        line(out, "gas shading: density from %s, LUT by %s",
             (c.gas & kGasDepthDensity) ? "depth" : "plain density",
             (c.gas & kGasLutLightFactor) ? "light factor" : "density");
    static const char* const kWrite[4] = {"off", "compare-and-swap", "interlock",
                                          "in the driver's primitive order"};
    if (c.shadow_write) line(out, "shadow-map writes (%s)", kWrite[c.shadow_write % 4]);
    if (c.gas_write)
        line(out, "gas accumulation (%s), depth function %u", kWrite[c.gas_write % 4], c.gas & 3);
    if (c.logic_op_emulated) line(out, "logic op %u in the shader", c.logic_op_emulated - 1u);
    if (c.color_narrow) line(out, "colour narrowed to 16-bit format %u", c.color_narrow + 0u);
    for (unsigned i = 0; i < 3; ++i)
        if (c.texture_narrow[i])
            line(out, "texture %u narrowed to 16-bit format %u (a target sampled in place)", i,
                 c.texture_narrow[i] + 0u);
    const LightingConfig& l = c.lighting;
    if (l.enabled) {
        static const char* const kInputs[8] = {"N.H",  "V.H",     "N.V", "L.N",
                                               "-L.P", "cos phi", "6",   "zero"};
        static const char* const kLuts[7] = {"D0", "D1", "SP", "FR", "RB", "RG", "RR"};
        std::string luts;
        for (unsigned i = 0; i < 7; ++i)
            if (l.luts[i].enabled)
                luts += std::string(" ") + kLuts[i] + "(" + kInputs[l.luts[i].input & 7] +
                        (l.luts[i].absolute ? ", |x|" : "") + ")";
        line(out, "lighting: %u lights; LUTs:%s; bump %u (unit %u); fresnel %u; shadow %02x",
             l.light_count, luts.empty() ? " none" : luts.c_str(), l.bump_mode, l.bump_unit,
             l.fresnel, l.shadow);
        for (unsigned i = 0; i < l.light_count && i < 8; ++i) {
            const LightConfig& lc = l.lights[i];
            line(out, "  light %u: %s%s%s%s%s", lc.id,
                 lc.directional ? "directional" : "positional", lc.two_sided ? ", two-sided" : "",
                 lc.spot ? ", spot" : "", lc.distance_attenuation ? ", distance attenuation" : "",
                 lc.shadowed ? ", shadowed" : "");
        }
    } else {
        line(out, "lighting: off");
    }
    const ProcTexConfig& p = c.proctex;
    if (p.enabled)
        line(out,
             "procedural texture: texcoord %u, clamp u %u v %u, rgb function %u%s, noise %s, "
             "shift u %u v %u, filter %u",
             p.coordinates, p.u_clamp, p.v_clamp, p.rgb_function,
             p.separate_alpha ? (", alpha function " + std::to_string(p.alpha_function)).c_str()
                              : "",
             p.noise ? "on" : "off", p.u_shift, p.v_shift, p.filter);
    return out;
}

} // namespace picavk::shadergen
