#pragma once

// A PICA vertex program as a compute pre-pass for the compute rasteriser (compute_raster.h):
// one invocation per vertex of a draw fetches its attributes from the guest's attribute bytes
// (by format, buffer offset and stride, as the CPU loader reads them), runs the translated
// program (pica_program_glsl.h) and writes the vertex as an OutputVertex record (every semantic
// as OutputMapping gives it, the colour made non-negative and capped at 1, the draw number a
// push constant),
// which the rasteriser reads as it reads CPU-shaded vertices. Large draws then need no vertex
// shading on the CPU. The program's part is the GPU vertex path's (vertex_program.h); only the
// fetch and the output differ.

#include "shadergen/vertex_program.h"

#include <cstdint>
#include <cstring>
#include <type_traits>

namespace picavk::shadergen {

// What a pre-pass shader is generated from: its key in the SPIR-V disk cache. Where each
// attribute lies is a push constant, so one shader serves every buffer layout.
struct VertexPrepassKey {
    // Bump when the layout or meaning of a field changes (names disk caches).
    static constexpr std::uint32_t kLayoutVersion = VertexProgramKey::kLayoutVersion * 100 + 2;
    VertexProgramKey program;
    bool operator==(const VertexPrepassKey& o) const {
        return std::memcmp(this, &o, sizeof o) == 0;
    }
};
static_assert(std::has_unique_object_representations_v<VertexPrepassKey>);
std::uint64_t hash(const VertexPrepassKey& k);

// The shader's push constants.
struct VertexPrepassConstants {
    // Per attribute 0-11 that is fetched: the byte address of vertex 0's first element in the
    // attribute words (kVertexPrepassAttributes), and the bytes from a vertex to the next.
    std::uint32_t attribute[12][2];
    std::uint32_t vertices;     // vertices to shade (invocations beyond them do nothing)
    std::uint32_t output_first; // the record vertex 0 goes to
    std::uint32_t draw;         // the draw's number in its host draw (picks its uniform entry)
    std::uint32_t unused;
};
static_assert(sizeof(VertexPrepassConstants) == 112);

inline constexpr unsigned kVertexPrepassSet = 1;        // its own resources: set 1 (set 0: the
                                                        // uniforms at kVertexProgramBinding)
inline constexpr unsigned kVertexPrepassAttributes = 0; // the guest's attribute bytes (uint)
inline constexpr unsigned kVertexPrepassOutput = 1;     // OutputVertex records (std430)
inline constexpr unsigned kVertexPrepassGroup = 64;     // invocations per workgroup

// Empty glsl with `error` where the translator refuses the program. The attribute words must
// run on at least 4 bytes past each buffer's last element (an unaligned element reads the next
// word).
VertexProgramGlsl generate_vertex_prepass_glsl(const VertexPrepassKey& key,
                                               const pica::ShaderProgram& program,
                                               bool preserve_nan);

} // namespace picavk::shadergen
