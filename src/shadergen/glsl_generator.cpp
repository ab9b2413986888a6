#include "shadergen/glsl_generator.h"

#include "shadergen/block_uniforms.h"
#include "shadergen/fragment/blocks.h"
#include "shadergen/lut_layout.h"

#include <stdexcept>

namespace picavk::shadergen {

namespace {

constexpr const char* kInterface = R"(
layout(location = 0) VARYING vec4 v_color;
layout(location = 1) VARYING vec4 v_texcoord01;
layout(location = 2) VARYING vec4 v_texcoord2_w;
layout(location = 3) VARYING vec4 v_normquat;
layout(location = 4) VARYING vec4 v_view;
layout(location = 5) VARYING vec4 v_position;
layout(location = 6) flat VARYING uint v_draw;
)";

} // namespace

std::string varyings_glsl(const char* qualifier) {
    std::string s = kInterface;
    for (std::size_t p; (p = s.find("VARYING")) != std::string::npos;)
        s.replace(p, 7, qualifier);
    return s;
}

std::string generate_vertex_glsl() {
    std::string s = "#version 450\n";
    s += R"(
layout(location = 0) in vec4 a_position;
layout(location = 1) in vec4 a_normquat;
layout(location = 2) in vec4 a_color;
layout(location = 3) in vec4 a_texcoord01;
layout(location = 4) in vec4 a_texcoord0w_view;  // tc0.w, draw, view.x, view.y
layout(location = 5) in vec4 a_view_texcoord2;   // view.z, -, tc2.u, tc2.v
)";
    s += varyings_glsl("out");
    s += R"(
void main() {
    // The PICA keeps -w <= z <= 0 (near plane z = 0); Vulkan keeps 0 <= z <= w, so negating z
    // clips the same volume, and the viewport maps -z/w onto the depth range.
    gl_Position = vec4(a_position.xy, -a_position.z, a_position.w);
    v_color = a_color;
    v_texcoord01 = a_texcoord01;
    v_texcoord2_w = vec4(a_view_texcoord2.zw, a_texcoord0w_view.x, 0.0);
    v_normquat = a_normquat;
    v_view = vec4(a_texcoord0w_view.zw, a_view_texcoord2.x, 0.0);
    v_position = a_position;
    v_draw = uint(a_texcoord0w_view.y);
}
)";
    return s;
}

std::string fragment_interface(bool color_output) {
    return "#version 450\n" + varyings_glsl("in") +
           (color_output ? "layout(location = 0) out vec4 o_color;\n" : "") +
           fragment_uniforms_glsl();
}

std::string fragment_uniforms_glsl() {
    return R"(
struct PicaDrawUniforms {
    vec4 const_color[6];
    vec4 buffer_color;
    vec4 scissor_rect;
    vec4 depth_map;
    vec4 alpha_ref;
    vec4 fog_color;
    vec4 clip_plane;
    vec4 border_color[3];
    vec4 shadow;
};
// One entry per draw of a host draw that merges several PICA draws (vk/draw/rasterizer.h); the
// vertices carry their draw's number. `u` names this fragment's entry.
layout(set = 0, binding = 0, std140) uniform PicaUniforms {
    PicaDrawUniforms draws[)" +
           std::to_string(kMaxMergedDraws) + R"(];
} pica_uniforms;
#define u pica_uniforms.draws[v_draw]
)";
}

std::string fragment_helpers() {
    return R"(
// The PICA's colour datapath is 8 bits wide: the texture environment works on 8-bit integers.
ivec4 to8(vec4 v) { return ivec4(round(clamp(v, 0.0, 1.0) * 255.0)); }
// Products of two 8-bit values back to 8 bits: truncating division by 255.
int div255(int x) { return x / 255; }
ivec3 div255(ivec3 x) { return x / 255; }
// Dot3: 4 * dot(a - 0.5, b - 0.5) as the hardware computes it (docs/research/fragment_pipeline.md
// 1; reproduces all 2816 measurements of Lectem/3DS_gpu_tests, branch DOT3_RGB): each channel
// is a sign and a magnitude in 1/255 steps (a >= 128: +(2a - 255), else -(254 - 2a)); a term is
// the rounded product of magnitudes, negated in ones' complement when the signs differ.
int dot3_term(int a, int b) {
    bool pa = a >= 128, pb = b >= 128;
    int m = ((pa ? 2 * a - 255 : 254 - 2 * a) * (pb ? 2 * b - 255 : 254 - 2 * b) + 127) / 255;
    return pa == pb ? m : -m - 1;
}
int dot3(ivec3 a, ivec3 b) {
    return clamp(dot3_term(a.r, b.r) + dot3_term(a.g, b.g) + dot3_term(a.b, b.b), 0, 255);
}

)";
}

std::string fragment_declarations(const FragmentConfig& c) {
    using namespace fragment;
    // The one field the generator indexes host arrays with (LightingConfig::lights). Keys made
    // from registers hold 1-8; a damaged or forged key list can hold anything.
    if (c.lighting.light_count > 8)
        throw std::invalid_argument("light count " + std::to_string(c.lighting.light_count) +
                                    " is more than 8");
    std::string o = shadow_declarations(c);
    o += gas_declarations(c);
    o += texture_declarations(c);
    if (c.fog || c.lighting.enabled || c.proctex.enabled)
        o += "layout(set = 0, binding = " + std::to_string(kLutBinding) +
             ") uniform usamplerBuffer luts;\n";
    if (c.lighting.enabled || c.proctex.enabled || c.gas_write || c.fog == 2)
        o += block_uniform_declarations();
    o += logic_op_declarations(c);
    o += fragment_helpers();
    if (c.depth_grid24) o += depth_grid24_function();
    if (c.color_narrow || c.texture_narrow[0] || c.texture_narrow[1] || c.texture_narrow[2])
        o += narrowed_function();
    if (c.fog == 1) o += fog_function();
    if (c.lighting.enabled) o += lighting_functions();
    if (c.proctex.enabled) o += proctex_functions();
    o += shadow_functions(c);
    o += gas_functions(c);
    return o;
}

std::string fragment_main_body(const FragmentConfig& c) {
    using namespace fragment;
    // Textures are sampled before any discard: a discarded invocation ends (OpKill), and the
    // implicit derivatives of its quad's neighbours are then undefined (llvmpipe computes them
    // anyway; RADV does not).
    std::string o = proctex_footprint(c);
    o += "    ivec4 primary = to8(v_color);\n";
    o += "    ivec4 konst[6];\n";
    for (unsigned i = 0; i < 6; ++i)
        o += "    konst[" + std::to_string(i) + "] = to8(u.const_color[" + std::to_string(i) +
             "]);\n";
    o += sample_textures(c);
    o += early_discards(c);
    o += compute_lighting(c);
    o += texture_environment(c);
    o += alpha_test(c);
    o += fragment_depth(c);
    return o;
}

std::string generate_fragment_glsl(const FragmentConfig& c) {
    using namespace fragment;
    std::string o = fragment_interface(!c.shadow_write && !c.gas_write);
    if (c.shadow_write == kStorageWriteInterlock || c.gas_write == kStorageWriteInterlock)
        // directives before any declaration
        o.insert(o.find('\n') + 1, "#extension GL_ARB_fragment_shader_interlock : require\n");
    o += fragment_declarations(c);
    o += "void main() {\n";
    o += fragment_main_body(c);
    if (c.shadow_write) return o + write_shadow(c) + "}\n";
    if (c.gas_write) return o + accumulate_gas(c) + "}\n";
    o += apply_fog(c);
    // Before the logic op: narrowing keeps the high bits and repeats them, which commutes with
    // every bitwise op (RGB565's alpha, set to 255, is never written: vk::build_pipeline_key).
    o += narrow_color(c);
    o += logic_op(c);
    o += "    o_color = vec4(previous) / 255.0;\n}\n";
    return o;
}

} // namespace picavk::shadergen
