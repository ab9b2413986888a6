#pragma once

// A PICA vertex program as a host vertex shader (the GPU vertex path): the key that names one,
// and its GLSL. The shader fetches the draw's attributes (vertex input locations 0-11, one per
// PICA attribute, integer formats converted as the CPU loader converts them), places them in
// v0-v15 by the input permutation, runs the translated program (pica_program_glsl.h), maps the
// outputs to semantics as OutputMapping does (colour made non-negative and capped at 1, unmapped
// semantics 1.0) and writes the same varyings as the CPU path's pass-through vertex shader
// (generate_vertex_glsl), so the fragment shaders do not change.

#include "pica/geometry/vertex_layout.h"
#include "pica/shader/shader_program.h"
#include "pica/shader/shader_setup.h"

#include <cstdint>
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
// XXH3 of a unit's code and operand descriptors (VertexProgramKey::program).
std::uint64_t hash_program(const pica::ShaderSetup& setup);

// From the register file; `program_hash` is hash_program(the VS setup), kept by the caller
// while the program does not change.
VertexProgramKey build_vertex_program_key(const pica::Regs& regs, const pica::VertexLayout& layout,
                                          std::uint64_t program_hash);

struct VertexProgramGlsl {
    std::string glsl;  // the whole vertex shader; empty when refused
    std::string error; // why the program was refused
};
// `program`: the decoded VS setup the key's hash names. `preserve_nan`: see
// translate_pica_program.
VertexProgramGlsl generate_vertex_program_glsl(const VertexProgramKey& key,
                                               const pica::ShaderProgram& program,
                                               bool preserve_nan);

} // namespace picavk::shadergen
