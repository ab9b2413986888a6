#include "shadergen/vertex_prepass.h"

#include "pica/shader/shader_interpreter.h"
#include "shadergen/glsl_generator.h"
#include "shadergen/pica_program_glsl.h"

#include <xxhash.h>

namespace picavk::shadergen {

std::uint64_t hash(const VertexPrepassKey& k) {
    return XXH3_64bits(&k, sizeof k);
}

namespace {

// Attribute n's value as the CPU loader gives it (pica/geometry/vertex_loader.cpp): bytes and
// shorts converted exactly, floats as they are; missing components y = 0, z = 0, w = 1.
std::string fetch(const VertexProgramKey& key, unsigned n) {
    const std::uint8_t f = key.attribute[n];
    const unsigned type = (f >> 2) & 3, components = (f & 3) + 1;
    const unsigned size = type == 3 ? 4 : type == 2 ? 2 : 1;
    const std::string at = "pica_attribute_at(" + std::to_string(n) + "u, i)";
    std::string c[4] = {"0.0", "0.0", "0.0", "1.0"};
    for (unsigned k = 0; k < components; ++k) {
        const std::string word = "pica_load32(" + at + " + " + std::to_string(k * size) + "u)";
        switch (type) {
        case 0: // signed byte
            c[k] = "float(bitfieldExtract(int(" + word + "), 0, 8))";
            break;
        case 1: // unsigned byte
            c[k] = "float(" + word + " & 0xFFu)";
            break;
        case 2: // short
            c[k] = "float(bitfieldExtract(int(" + word + "), 0, 16))";
            break;
        default: // float
            c[k] = "uintBitsToFloat(" + word + ")";
            break;
        }
    }
    return "vec4(" + c[0] + ", " + c[1] + ", " + c[2] + ", " + c[3] + ")";
}

} // namespace

VertexProgramGlsl generate_vertex_prepass_glsl(const VertexPrepassKey& key,
                                               const pica::ShaderProgram& program,
                                               bool preserve_nan) {
    VertexProgramGlsl out;
    const VertexProgramKey& k = key.program;
    const PicaProgramGlsl t = translate_pica_program(
        program, k.entry, pica::ShaderInterpreter::kDefaultBudget, preserve_nan);
    if (!t.error.empty()) {
        out.error = t.error;
        return out;
    }
    std::string o = "#version 450\n" + t.header;
    o += "layout(local_size_x = " + std::to_string(kVertexPrepassGroup) + ") in;\n";
    o += vertex_program_uniforms_glsl();
    o += "layout(set = " + std::to_string(kVertexPrepassSet) +
         ", binding = " + std::to_string(kVertexPrepassAttributes) +
         ", std430) readonly buffer PicaAttributes { uint attribute_words[]; };\n";
    // The compute rasteriser's RasterVertex: the 24 semantics as six vec4.
    o += "struct PrepassVertex { vec4 a[6]; };\n";
    o += "layout(set = " + std::to_string(kVertexPrepassSet) +
         ", binding = " + std::to_string(kVertexPrepassOutput) +
         ", std430) writeonly buffer PicaOutput { PrepassVertex out_vertices[]; };\n";
    o += R"(layout(push_constant, std430) uniform PrepassConstants {
    uvec2 attributes[12];
    uint vertices;
    uint output_first;
    uint draw;
    uint unused;
} pc;
// The 32 bits from byte `address` on, wherever it lies in its word.
uint pica_load32(uint address) {
    uint w = address >> 2u, s = (address & 3u) * 8u;
    uint lo = attribute_words[w];
    return s == 0u ? lo : (lo >> s) | (attribute_words[w + 1u] << (32u - s));
}
uint pica_attribute_at(uint n, uint i) {
    return pc.attributes[n].x + i * pc.attributes[n].y;
}
)";
    o += t.code;
    o += vertex_program_colour_glsl();
    o += R"(void main() {
    uint i = gl_GlobalInvocationID.x;
    if (i >= pc.vertices) return;
)";
    o += vertex_program_run_glsl(k, [&](unsigned n) { return fetch(k, n); });
    // The record as OutputMapping writes it, with the colour as the vertex stage hands it on;
    // semantic kVertexDrawSlot is the draw number (merged pre-pass draws: each its own, which picks
    // its fragment uniform entry in the rasteriser).
    o += R"(    for (int c = 8; c < 12; ++c)
        s[c] = pica_colour(s[c]);
    s[)" +
         std::to_string(kVertexDrawSlot) +
         R"(] = float(pc.draw);
    uint r = pc.output_first + i;
    for (int k = 0; k < 6; ++k)
        out_vertices[r].a[k] = vec4(s[4 * k], s[4 * k + 1], s[4 * k + 2], s[4 * k + 3]);
}
)";
    out.glsl = std::move(o);
    return out;
}

} // namespace picavk::shadergen
