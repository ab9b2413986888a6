#include "shadergen/ubershader.h"

#include "shadergen/block_uniforms.h"
#include "shadergen/fragment/blocks.h"
#include "shadergen/glsl_generator.h"
#include "shadergen/lut_layout.h"

namespace picavk::shadergen {

bool ubershader_covers(const FragmentConfig& c) {
    // Not covered: cube (and shadow cube) and projected textures on unit 0, emulated logic ops,
    // shadow-map writes and gas accumulation (pipelines without colour attachment); they compile
    // before they draw.
    return (c.texture0_type == 0 || c.texture0_type == 2) && c.logic_op_emulated == 0 &&
           c.shadow_write == 0 && c.gas_write == 0;
}

// flags: bits 0-2 alpha function, 3 scissor outside, 4-5 depth mode, 6-8 texture units,
// 9 texture 2 from texcoord 1, 10 fog, 11 fog Z flip, 12 clip plane, 13-18 border emulation,
// 19 depth on the 24-bit grid (FragmentConfig::depth_grid24), 20-22 the 16-bit format colour is
// narrowed to (FragmentConfig::color_narrow), 23-25, 26-28 and 29-31 the formats texture units
// 0-2 are narrowed to (FragmentConfig::texture_narrow).
// lighting: bit 0 on, 1-3 light count - 1, 4-5 fresnel, 6-7 bump mode, 8-9 bump unit,
// 10 renormalise, 11 clamp highlights, 12-18 LightingConfig::shadow. LUT bytes: bit 0 enabled,
// 1-3 input, 4 absolute, 5-7 scale. Light halfwords: bits 0-2 id, 3 directional, 4 two-sided,
// 5-6 geometric factors, 7 spot, 8 distance attenuation, 9 shadowed.
// shadow_gas: bits 0-5 FragmentConfig::shadow_sampler, 6 unit 0 is a shadow 2D texture, 7 gas
// shading (fog mode 7), 8-11 the gas selectors (FragmentConfig::gas bits 0-3).
UberConfig uber_config(const FragmentConfig& c) {
    UberConfig u{};
    for (unsigned i = 0; i < 6; ++i) {
        u.stages[i][0] = c.stages[i].sources;
        u.stages[i][1] = c.stages[i].operands;
        u.stages[i][2] = c.stages[i].combiners | c.stages[i].scales << 4;
    }
    const LightingConfig& l = c.lighting;
    if (l.enabled) {
        u.lighting = 1u | (l.light_count - 1u) << 1 | (l.fresnel & 3u) << 4 |
                     (l.bump_mode & 3u) << 6 | (l.bump_unit & 3u) << 8 |
                     (l.bump_renormalize & 1u) << 10 | (l.clamp_highlights & 1u) << 11 |
                     (l.shadow & 0x7Fu) << 12;
        for (unsigned i = 0; i < 7; ++i) {
            const LightingLutConfig& t = l.luts[i];
            const std::uint32_t byte = (t.enabled & 1u) | (t.input & 7u) << 1 |
                                       (t.absolute & 1u) << 4 | (t.scale & 7u) << 5;
            u.lighting_luts[i / 4] |= byte << (8 * (i % 4));
        }
        for (unsigned s = 0; s < l.light_count; ++s) {
            const LightConfig& x = l.lights[s];
            const std::uint32_t half = (x.id & 7u) | (x.directional & 1u) << 3 |
                                       (x.two_sided & 1u) << 4 | (x.geometric0 & 1u) << 5 |
                                       (x.geometric1 & 1u) << 6 | (x.spot & 1u) << 7 |
                                       (x.distance_attenuation & 1u) << 8 | (x.shadowed & 1u) << 9;
            u.lights[s / 2] |= half << (16 * (s % 2));
        }
    }
    u.proctex = fragment::proctex_config_word(c.proctex);
    u.shadow_gas = (c.shadow_sampler & 0x3Fu) | (c.texture0_type == 2 ? 1u : 0u) << 6 |
                   (c.fog == 2 ? 1u : 0u) << 7 | (c.gas & 0xFu) << 8;
    u.buffer_update = c.buffer_update;
    u.flags = (c.alpha_test_func & 7u) | (c.scissor_outside & 1u) << 3 |
              (static_cast<std::uint32_t>(c.depth_mode) & 3u) << 4 | (c.texture_units & 7u) << 6 |
              (c.texture2_uses_texcoord1 & 1u) << 9 | (c.fog & 1u) << 10 | (c.fog_flip & 1u) << 11 |
              (c.clip_plane & 1u) << 12 | (c.border_emulation & 0x3Fu) << 13 |
              (c.depth_grid24 & 1u) << 19 | (c.color_narrow & 7u) << 20 |
              (c.texture_narrow[0] & 7u) << 23 | (c.texture_narrow[1] & 7u) << 26 |
              (c.texture_narrow[2] & 7u) << 29;
    return u;
}

std::string generate_ubershader_glsl() {
    std::string s = fragment_interface();
    for (unsigned i = 0; i < 3; ++i)
        s += "layout(set = 0, binding = " + std::to_string(kTextureBindingFirst + i) +
             ") uniform sampler2D tex_unit" + std::to_string(i) + ";\n";
    s += "layout(set = 0, binding = " + std::to_string(kLutBinding) +
         ") uniform usamplerBuffer luts;\n";
    s += block_uniform_declarations();
    s += R"(
layout(push_constant, std430) uniform UberConfig {
    uint stage[18]; // per stage: sources, operands, combiners | scales << 4
    uint buffer_update;
    uint flags;
    uint lighting;
    uint lighting_luts[2];
    uint lights[4];
    uint proctex;
    uint shadow_gas;
} cfg;
)";
    s += fragment_helpers();
    s += fragment::depth_grid24_function();
    s += fragment::narrowed_function();
    s += fragment::fog_function();
    s += fragment::lighting_functions();
    s += fragment::lighting_uber_functions();
    s += fragment::proctex_functions();
    {
        // The shadow 2D sampler and the gas shading pass, configured by cfg.shadow_gas.
        FragmentConfig shadow{};
        shadow.texture_units = 1;
        shadow.texture0_type = 2;
        s += fragment::shadow_functions(shadow);
        FragmentConfig gas{};
        gas.fog = 2;
        s += fragment::gas_functions(gas);
    }
    s += R"(
// Texture environment pieces, selected at run time (spec 002; the same arithmetic as the
// specialised shaders' generated code).
ivec4 source(uint id, ivec4 primary, ivec4 frag_primary, ivec4 frag_secondary, ivec4 tex0,
             ivec4 tex1, ivec4 tex2, ivec4 tex3, ivec4 comb_buffer, ivec4 konst, ivec4 previous) {
    switch (id) {
    case 0u: return primary;
    case 1u: return frag_primary;
    case 2u: return frag_secondary;
    case 3u: return tex0;
    case 4u: return tex1;
    case 5u: return tex2;
    case 6u: return tex3;
    case 13u: return comb_buffer;
    case 14u: return konst;
    case 15u: return previous;
    default: return ivec4(0); // undocumented
    }
}
ivec3 rgb_operand(uint op, ivec4 s) {
    switch (op) {
    case 1u: return 255 - s.rgb;
    case 2u: return s.aaa;
    case 3u: return 255 - s.aaa;
    case 4u: return s.rrr;
    case 5u: return 255 - s.rrr;
    case 8u: return s.ggg;
    case 9u: return 255 - s.ggg;
    case 12u: return s.bbb;
    case 13u: return 255 - s.bbb;
    default: return s.rgb;
    }
}
int alpha_operand(uint op, ivec4 s) {
    switch (op & 7u) {
    case 0u: return s.a;
    case 1u: return 255 - s.a;
    case 2u: return s.r;
    case 3u: return 255 - s.r;
    case 4u: return s.g;
    case 5u: return 255 - s.g;
    case 6u: return s.b;
    default: return 255 - s.b;
    }
}
ivec3 combine_rgb(uint mode, ivec3 a, ivec3 b, ivec3 c) {
    switch (mode) {
    case 1u: return div255(a * b);
    case 2u: return min(a + b, ivec3(255));
    case 3u: return clamp(a + b - 128, ivec3(0), ivec3(255));
    case 4u: return div255(a * c + b * (255 - c));
    case 5u: return max(a - b, ivec3(0));
    case 6u:
    case 7u: return ivec3(dot3(a, b));
    case 8u: return min(div255(a * b + c * 255), ivec3(255));
    case 9u: return div255(min(a + b, ivec3(255)) * c);
    default: return a;
    }
}
int combine_alpha(uint mode, int a, int b, int c) {
    switch (mode) {
    case 1u: return div255(a * b);
    case 2u: return min(a + b, 255);
    case 3u: return clamp(a + b - 128, 0, 255);
    case 4u: return div255(a * c + b * (255 - c));
    case 5u: return max(a - b, 0);
    case 8u: return min(div255(a * b + c * 255), 255);
    case 9u: return div255(min(a + b, 255) * c);
    default: return a; // replace, Dot3 as an alpha mode, undocumented
    }
}
ivec4 sample_unit(uint unit, vec2 uv) {
    vec4 t = unit == 0u ? texture(tex_unit0, vec2(uv.x, 1.0 - uv.y))
           : unit == 1u ? texture(tex_unit1, vec2(uv.x, 1.0 - uv.y))
                        : texture(tex_unit2, vec2(uv.x, 1.0 - uv.y));
    uint border = (cfg.flags >> (13u + 2u * unit)) & 3u;
    if (((border & 1u) != 0u && (uv.x < 0.0 || uv.x > 1.0)) ||
        ((border & 2u) != 0u && (uv.y < 0.0 || uv.y > 1.0)))
        return to8(u.border_color[unit]);
    return narrowed(to8(t), (cfg.flags >> (23u + 3u * unit)) & 7u);
}

void main() {
    // Texture 3's coordinate and footprint, and every texture, before any discard: a
    // discarded invocation ends, and its quad's implicit derivatives are then undefined.
    uint proctex_tc = (cfg.proctex >> 1) & 3u;
    vec2 proctex_coord = proctex_tc == 0u ? v_texcoord01.xy
                       : proctex_tc == 1u ? v_texcoord01.zw : v_texcoord2_w.xy;
    float proctex_rho = 0.0;
    if ((cfg.proctex & 1u) != 0u) proctex_rho = proctex_footprint(proctex_coord);
    ivec4 primary = to8(v_color);
    uint units = (cfg.flags >> 6) & 7u;
    ivec4 tex0 = (units & 1u) == 0u ? ivec4(0)
               : (cfg.shadow_gas & 64u) != 0u ? shadow_sample_2d(cfg.shadow_gas & 63u)
                                              : sample_unit(0u, v_texcoord01.xy);
    ivec4 tex1 = (units & 2u) != 0u ? sample_unit(1u, v_texcoord01.zw) : ivec4(0);
    ivec4 tex2 = (units & 4u) != 0u
        ? sample_unit(2u, (cfg.flags & (1u << 9)) != 0u ? v_texcoord01.zw : v_texcoord2_w.xy)
        : ivec4(0);
    ivec4 tex3 = (cfg.proctex & 1u) != 0u ? proctex_sample(proctex_coord, proctex_rho, cfg.proctex)
                                           : ivec4(0);
    if ((cfg.flags & (1u << 12)) != 0u && dot(u.clip_plane, v_position) < 0.0) discard;
    if ((cfg.flags & (1u << 3)) != 0u &&
        all(greaterThanEqual(gl_FragCoord.xy, u.scissor_rect.xy)) &&
        all(lessThan(gl_FragCoord.xy, u.scissor_rect.zw))) discard;
)";
    s += fragment::compute_lighting_uber();
    s += R"(
    ivec4 previous = ivec4(0);
    ivec4 combiner_buffer = ivec4(0);
    ivec4 next_buffer = to8(u.buffer_color);
    const int kScale[4] = int[4](1, 2, 4, 1);
    for (int i = 0; i < 6; ++i) {
        uvec4 st = uvec4(cfg.stage[3 * i], cfg.stage[3 * i + 1], cfg.stage[3 * i + 2] & 0xF000Fu,
                         (cfg.stage[3 * i + 2] >> 4) & 0x30003u);
        ivec4 konst = to8(u.const_color[i]);
        ivec3 rgb_args[3];
        int alpha_args[3];
        for (int a = 0; a < 3; ++a) {
            uint shift = uint(4 * a);
            rgb_args[a] = rgb_operand((st.y >> shift) & 15u,
                source((st.x >> shift) & 15u, primary, frag_primary, frag_secondary, tex0, tex1, tex2, tex3, combiner_buffer, konst, previous));
            alpha_args[a] = alpha_operand((st.y >> (12u + shift)) & 15u,
                source((st.x >> (16u + shift)) & 15u, primary, frag_primary, frag_secondary, tex0, tex1, tex2, tex3, combiner_buffer, konst, previous));
        }
        uint rgb_mode = st.z & 15u;
        ivec3 rgb = combine_rgb(rgb_mode, rgb_args[0], rgb_args[1], rgb_args[2]);
        int alpha = rgb_mode == 7u ? rgb.r
                                   : combine_alpha((st.z >> 16) & 15u, alpha_args[0], alpha_args[1], alpha_args[2]);
        previous = min(ivec4(rgb * kScale[st.w & 3u], alpha * kScale[(st.w >> 16) & 3u]), ivec4(255));
        combiner_buffer = next_buffer;
        if (i < 4) {
            if ((cfg.buffer_update & (1u << (8 + i))) != 0u) next_buffer.rgb = previous.rgb;
            if ((cfg.buffer_update & (1u << (12 + i))) != 0u) next_buffer.a = previous.a;
        }
    }
    uint alpha_func = cfg.flags & 7u;
    int a = previous.a, ref = int(u.alpha_ref.x);
    bool pass = alpha_func == 0u ? false : alpha_func == 1u ? true : alpha_func == 2u ? a == ref
              : alpha_func == 3u ? a != ref : alpha_func == 4u ? a < ref : alpha_func == 5u ? a <= ref
              : alpha_func == 6u ? a > ref : a >= ref;
    if (!pass) discard;
    uint depth_mode = (cfg.flags >> 4) & 3u;
    float depth = gl_FragCoord.z;
    if (depth_mode == 1u)
        depth = clamp(-gl_FragCoord.z * u.depth_map.x + u.depth_map.y, 0.0, 1.0);
    else if (depth_mode == 2u)
        depth = clamp((-gl_FragCoord.z * u.depth_map.x + u.depth_map.y) / gl_FragCoord.w, 0.0, 1.0);
    // One shader for every depth mode: it always writes the depth (the viewport's own value in
    // mode 0), giving up early depth tests while it stands in for the specialised shader.
    gl_FragDepth = (cfg.flags & (1u << 19)) != 0u ? on_depth_grid24(depth) : depth;
    if ((cfg.flags & (1u << 10)) != 0u)
        previous.rgb = fogged(previous.rgb, depth, (cfg.flags & (1u << 11)) != 0u);
    if ((cfg.shadow_gas & 128u) != 0u) previous = gas_shade(previous, cfg.shadow_gas >> 8);
    previous = narrowed(previous, (cfg.flags >> 20) & 7u);
    o_color = vec4(previous) / 255.0;
}
)";
    return s;
}

} // namespace picavk::shadergen
