#include "shadergen/vertex_program.h"

#include "pica/geometry/output_mapping.h"
#include "pica/geometry/vertex_loader.h"
#include "pica/regs/reg_ids.h"
#include "pica/shader/float24.h"
#include "pica/shader/shader_interpreter.h"
#include "shadergen/glsl_generator.h"
#include "shadergen/pica_program_glsl.h"

#include <xxhash.h>

#include <algorithm>
#include <functional>

namespace picavk::shadergen {

std::uint64_t hash(const VertexProgramKey& k) {
    return XXH3_64bits(&k, sizeof k);
}

VertexProgramKey build_vertex_program_key(const pica::Regs& regs, const pica::VertexLayout& layout,
                                          std::uint64_t program_hash) {
    VertexProgramKey k;
    k.program = program_hash;
    k.entry = static_cast<std::uint16_t>(regs[pica::GPUREG_VSH_ENTRYPOINT] & 0xFFFF);
    const pica::InputPermutation perm =
        pica::InputPermutation::from_regs(regs, pica::GPUREG_VSH_BOOLUNIFORM);
    k.inputs = static_cast<std::uint8_t>(std::min(layout.attribute_count, perm.count));
    for (unsigned n = 0; n < k.inputs; ++n) {
        k.input_register[n] = perm.target[n];
        const pica::VertexLayout::AttributeSource& a = layout.attributes[n];
        k.attribute[n] = a.buffer == pica::VertexLayout::kFixed
                             ? kFixedAttribute
                             : static_cast<std::uint8_t>(0x80 | a.type << 2 | (a.components - 1));
    }
    pica::OutputMapping mapping;
    mapping.setup(regs, regs[pica::GPUREG_VSH_OUTMAP_MASK]);
    for (unsigned s = 0; s < 24; ++s) {
        const std::uint8_t reg = mapping.source_register(s);
        k.semantic[s] =
            reg == 0xFF ? 0xFF : static_cast<std::uint8_t>(reg << 2 | mapping.source_component(s));
    }
    return k;
}

namespace {

// The attribute's value as the CPU loader gives it: integers converted exactly, missing
// components y = 0, z = 0, w = 1 whatever the host fetched.
std::string attribute_value(const VertexProgramKey& k, unsigned n) {
    const std::uint8_t f = k.attribute[n];
    const unsigned components = (f & 3) + 1;
    const std::string a = "vec4(a_attr" + std::to_string(n) + ")";
    switch (components) {
    case 1:
        return "vec4(" + a + ".x, 0.0, 0.0, 1.0)";
    case 2:
        return "vec4(" + a + ".xy, 0.0, 1.0)";
    case 3:
        return "vec4(" + a + ".xyz, 1.0)";
    default:
        return a;
    }
}

std::string semantic_value(const VertexProgramKey& k, unsigned s) {
    if (k.semantic[s] == 0xFF) return "1.0";
    return "pica_o[" + std::to_string(k.semantic[s] >> 2) + "]." + "xyzw"[k.semantic[s] & 3];
}

} // namespace

void fill_vertex_program_uniforms(const pica::ShaderUniforms& uniforms,
                                  const std::array<std::array<float, 4>, 12>& fixed,
                                  VertexProgramUniforms& out, bool flush) {
    for (unsigned i = 0; i < 96; ++i)
        for (unsigned c = 0; c < 4; ++c)
            out.c[i][c] = uniforms.f[i][c];
    for (unsigned i = 0; i < 4; ++i)
        for (unsigned c = 0; c < 4; ++c)
            out.ints[i][c] = uniforms.i[i][c];
    out.bools = uniforms.b;
    for (std::uint32_t& p : out.pad)
        p = 0;
    for (unsigned n = 0; n < 12; ++n)
        for (unsigned c = 0; c < 4; ++c)
            out.fixed[n][c] = fixed[n][c];
    if (flush) flush_vertex_program_uniforms(out);
}

void flush_vertex_program_uniforms(VertexProgramUniforms& u) {
    for (unsigned i = 0; i < 96; ++i)
        for (unsigned c = 0; c < 4; ++c)
            u.c_flushed[i][c] = pica::float24_flush(u.c[i][c]);
}

std::string quaternion_dot_glsl() {
    return R"(// As quaternion_fixup.cpp: d = 0, then + a.k * b.k for k = x, y, z, w, each rounded.
float quaternion_dot(vec4 a, vec4 b) {
    precise float d = a.x * b.x;
    d = d + a.y * b.y;
    d = d + a.z * b.z;
    d = d + a.w * b.w;
    return d;
}
)";
}

std::string generate_quaternion_flip_glsl() {
    // The inputs are the vertex stage's varyings (glsl_generator.cpp kInterface), as arrays.
    return R"(#version 450
layout(triangles) in;
layout(triangle_strip, max_vertices = 3) out;
layout(location = 0) in vec4 g_color[];
layout(location = 1) in vec4 g_texcoord01[];
layout(location = 2) in vec4 g_texcoord2_w[];
layout(location = 3) in vec4 g_normquat[];
layout(location = 4) in vec4 g_view[];
layout(location = 5) in vec4 g_position[];
layout(location = 6) flat in uint g_draw[];
)" + varyings_glsl("out") +
           quaternion_dot_glsl() +
           R"(void main() {
    for (int i = 0; i < 3; ++i) {
        gl_Position = gl_in[i].gl_Position;
        v_color = g_color[i];
        v_texcoord01 = g_texcoord01[i];
        v_texcoord2_w = g_texcoord2_w[i];
        vec4 q = g_normquat[i];
        if (i > 0 && quaternion_dot(g_normquat[0], q) < 0.0) q = -q;
        v_normquat = q;
        v_view = g_view[i];
        v_position = g_position[i];
        v_draw = g_draw[i];
        EmitVertex();
    }
    EndPrimitive();
}
)";
}

std::string vertex_program_uniforms_glsl() {
    return "layout(set = 0, binding = " + std::to_string(kVertexProgramBinding) +
           R"(, std140) uniform PicaVertexUniforms {
    vec4 pica_c[96];
    uvec4 pica_ints[4];
    uint pica_bools;
    vec4 pica_fixed[12];
    vec4 pica_cf[96];
};
vec4 pica_v[16];
vec4 pica_o[16];
)";
}

std::string vertex_program_colour_glsl() {
    return R"(// Colour is made non-negative and capped at 1 before interpolation (OutputMapping).
float pica_colour(float c) {
    c = uintBitsToFloat(floatBitsToUint(c) & 0x7FFFFFFFu);
    return pica_isnan(c) || c < 1.0 ? c : 1.0;
}
)";
}

std::string vertex_program_run_glsl(const VertexProgramKey& key,
                                    const std::function<std::string(unsigned)>& attribute) {
    std::string o = R"(    for (uint i = 0u; i < 16u; ++i) {
        pica_v[i] = vec4(0.0);
        pica_o[i] = vec4(0.0);
        pica_r[i] = vec4(0.0);
    }
)";
    for (unsigned n = 0; n < key.inputs; ++n)
        o += "    pica_v[" + std::to_string(key.input_register[n] & 15) + "] = " +
             (key.attribute[n] == kFixedAttribute ? "pica_fixed[" + std::to_string(n) + "]"
                                                  : attribute(n)) +
             ";\n";
    o += "    pica_main();\n    float s[24];\n";
    for (unsigned s = 0; s < 24; ++s)
        o += "    s[" + std::to_string(s) + "] = " + semantic_value(key, s) + ";\n";
    return o;
}

VertexProgramGlsl generate_vertex_program_glsl(const VertexProgramKey& key,
                                               const pica::ShaderProgram& program,
                                               bool preserve_nan) {
    VertexProgramGlsl out;
    const PicaProgramGlsl t = translate_pica_program(
        program, key.entry, pica::ShaderInterpreter::kDefaultBudget, preserve_nan);
    if (!t.error.empty()) {
        out.error = t.error;
        return out;
    }
    std::string o = "#version 450\n" + t.header;
    for (unsigned n = 0; n < key.inputs; ++n) {
        const std::uint8_t f = key.attribute[n];
        if (f == kFixedAttribute) continue;
        const unsigned type = (f >> 2) & 3;
        // Bytes and shorts arrive as integers (SINT/UINT formats every device fetches), floats
        // as floats.
        const char* glsl_type = type == 3 ? "vec4" : (type == 1 ? "uvec4" : "ivec4");
        o += "layout(location = " + std::to_string(n) + ") in " + glsl_type + " a_attr" +
             std::to_string(n) + ";\n";
    }
    o += vertex_program_uniforms_glsl();
    o += varyings_glsl("out");
    o += t.code;
    o += vertex_program_colour_glsl();
    o += "void main() {\n";
    o += vertex_program_run_glsl(key, [&](unsigned n) { return attribute_value(key, n); });
    o += R"(    vec4 position = vec4(s[0], s[1], s[2], s[3]);
    // As generate_vertex_glsl: the PICA's clip volume -w <= z <= 0 becomes Vulkan's 0 <= z <= w.
    gl_Position = vec4(position.xy, -position.z, position.w);
    v_color = vec4(pica_colour(s[8]), pica_colour(s[9]), pica_colour(s[10]), pica_colour(s[11]));
    v_texcoord01 = vec4(s[12], s[13], s[14], s[15]);
    v_texcoord2_w = vec4(s[22], s[23], s[16], 0.0);
    v_normquat = vec4(s[4], s[5], s[6], s[7]);
    v_view = vec4(s[18], s[19], s[20], 0.0);
    v_position = position;
    v_draw = 0u; // GPU-path graphics draws are not merged: each is entry 0 of its uniform range
}
)";
    out.glsl = std::move(o);
    return out;
}

} // namespace picavk::shadergen
