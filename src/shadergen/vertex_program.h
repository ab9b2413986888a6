#pragma once

// A PICA vertex program as a host vertex shader (the GPU vertex path): the key that names one,
// and its GLSL. The shader fetches the draw's attributes (vertex input locations 0-11, one per
// PICA attribute, integer formats converted as the CPU loader converts them), places them in
// v0-v15 by the input permutation, runs the translated program (pica_program_glsl.h), maps the
// outputs to semantics as OutputMapping does (colour made non-negative and capped at 1, unmapped
// semantics 1.0) and writes the same varyings as the CPU path's pass-through vertex shader
// (generate_vertex_glsl), so the fragment shaders do not change.

#include "pica/geometry/vertex_layout.h"
#include "pica/shader/shader_interpreter.h"
#include "pica/shader/shader_program.h"
#include "pica/shader/shader_setup.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <type_traits>

namespace picavk::shadergen {

// The uniform block binding of the vertex program's uniforms (c0-c95, i0-i3, b0-b15, the fixed
// attribute values), next to the fragment side's bindings (glsl_generator.h).
inline constexpr unsigned kVertexProgramBinding = 9;

struct VertexProgramKey {
    // Bump when the layout or meaning of any field changes (names disk caches).
    static constexpr std::uint32_t kLayoutVersion = 1;

    std::uint64_t program = 0; // XXH3 of the code words and operand descriptors
    std::uint16_t entry = 0;   // VSH_ENTRYPOINT
    std::uint8_t inputs = 0;   // attributes fed to v registers: min(NUM_ATTR, INPUTBUFFER count)
    std::uint8_t reserved = 0;
    std::uint8_t input_register[16]{}; // attribute n goes to v[input_register[n]]
    // Per attribute 0-11: kFixedAttribute (the uniform block's value), else
    // 0x80 | type << 2 | (components - 1) (VertexLayout::AttributeSource).
    std::uint8_t attribute[12]{};
    // Per OutputVertex semantic: output register << 2 | component, or 0xFF (reads 1.0).
    std::uint8_t semantic[24]{};

    bool operator==(const VertexProgramKey& o) const = default;
};
static_assert(std::has_unique_object_representations_v<VertexProgramKey>);
inline constexpr std::uint8_t kFixedAttribute = 0;

std::uint64_t hash(const VertexProgramKey& k);

// From the register file; `program_hash` is pica::hash_shader_code(the VS setup), kept by the
// caller while the program does not change.
VertexProgramKey build_vertex_program_key(const pica::Regs& regs, const pica::VertexLayout& layout,
                                          std::uint64_t program_hash);

// The uniform block PicaVertexUniforms as the shader reads it (std140): the unit's float, int
// and bool uniforms, the fixed-attribute values, and the float uniforms again with float24's
// flush applied (pica_cf: what ADD, MUL, DP3/DP4/DPH and MAD read, flushed once here rather
// than at every read in every invocation).
struct VertexProgramUniforms {
    float c[96][4];
    std::uint32_t ints[4][4];
    std::uint32_t bools;
    std::uint32_t pad[3];
    float fixed[12][4];
    float c_flushed[96][4];
};
static_assert(sizeof(VertexProgramUniforms) == 3344);
// Every field; with `flush` false all but c_flushed, which flush_vertex_program_uniforms then
// makes from c: a caller that compares the block with its last one (the rasterizer, per draw)
// flushes only a changed one.
void fill_vertex_program_uniforms(const pica::ShaderUniforms& uniforms,
                                  const std::array<std::array<float, 4>, 12>& fixed,
                                  VertexProgramUniforms& out, bool flush = true);
void flush_vertex_program_uniforms(VertexProgramUniforms& u);
// The fields fill_vertex_program_uniforms writes before c_flushed.
inline constexpr std::size_t kVertexProgramUniformsUnflushed =
    offsetof(VertexProgramUniforms, c_flushed);

// The geometry stage of a lit draw on the GPU vertex path: passes each triangle through with
// the second and third vertex's normal quaternion negated where it is opposite to the first
// one's (pica/geometry/quaternion_fixup.h, the same test in the same float order).
std::string generate_quaternion_flip_glsl();
// `float quaternion_dot(vec4, vec4)`: the flip's test, in quaternion_fixup's order (shared with
// the compute rasteriser's flip of pre-pass vertices).
std::string quaternion_dot_glsl();

struct VertexProgramGlsl {
    std::string glsl;  // the whole vertex shader; empty when refused
    std::string error; // why the program was refused
};
// `program`: the decoded VS setup the key's hash names. `preserve_nan`: see
// translate_pica_program.
VertexProgramGlsl generate_vertex_program_glsl(const VertexProgramKey& key,
                                               const pica::ShaderProgram& program,
                                               bool preserve_nan);

// The parts of the wrapper both hosts of a translated program share (this vertex shader and the
// compute pre-pass, vertex_prepass.h): the uniform block PicaVertexUniforms with the v and o
// registers; pica_colour(); and main()'s body up to the semantics - registers zeroed, attribute
// n placed in its v register (`attribute(n)`: its value as a vec4, for fetched attributes;
// fixed ones read pica_fixed), the program run, and `float s[24]` holding each semantic.
std::string vertex_program_uniforms_glsl();
std::string vertex_program_colour_glsl();
std::string vertex_program_run_glsl(const VertexProgramKey& key,
                                    const std::function<std::string(unsigned)>& attribute);

} // namespace picavk::shadergen
