#pragma once

// A draw for the host GPU's vertex stage (the GPU vertex path): what the host vertex fetch and
// the translated vertex program need, and the draw's triangles as the primitive assembler makes
// them. GeometryPipeline::plan_gpu_draw fills it without shading anything; the renderer uploads
// the attribute buffers as vertex buffers and the triangles as an index buffer.

#include "pica/geometry/output_vertex.h"
#include "pica/geometry/vertex_layout.h"
#include "pica/shader/shader_interpreter.h"

#include <array>
#include <cstdint>
#include <functional>
#include <vector>

namespace picavk::pica {

struct GpuVertexDraw {
    VertexLayout layout;
    // Triangle list in the assembler's winding (strips, fans and geometry-primitive mode
    // assembled exactly as the CPU path assembles them): guest vertex indices minus
    // first_vertex.
    std::vector<std::uint32_t> indices;
    std::uint32_t first_vertex = 0, vertex_count = 0; // the vertices fetched
    // Per attribute buffer: its guest bytes from vertex first_vertex on (null: unused), and how
    // many there are (vertex_count vertices, the last as far as its components reach).
    std::array<const std::uint8_t*, VertexLayout::kBuffers> data{};
    std::array<std::uint32_t, VertexLayout::kBuffers> bytes{};
    // The vertex program and its inputs, valid until the next draw.
    const ShaderProgram* program = nullptr;
    const ShaderUniforms* uniforms = nullptr;
    std::uint32_t entry = 0; // VSH_ENTRYPOINT
    std::array<std::array<float, 4>, VertexLayout::kMaxAttributes> fixed{};
};

// A draw's vertices as the renderer takes them: shaded on the CPU (`batch`), or `gpu` for the
// host's vertex stage with `shade_on_cpu` to call when it cannot take the draw after all (the
// batch it returns is drawn instead; GeometryPipeline::plan_gpu_draw).
struct DrawVertices {
    const GeometryBatch* batch = nullptr;
    const GpuVertexDraw* gpu = nullptr;
    std::function<const GeometryBatch&()> shade_on_cpu;
};

// Why a draw went to the CPU interpreter instead of the GPU vertex path (counted per reason).
enum class VertexFallback : std::uint8_t {
    GeometryShader,   // a geometry shader runs (the GPU path has none)
    ImmediateMode,    // vertices written through the fixed-attribute registers
    CarriedPrimitive, // a strip or fan (or list) continues from the previous draw's vertices
    Compiling,        // the translated program or its pipeline is being built (never blocks)
    ProgramRefused,   // the translator refused the program (what it cannot run exactly)
    VertexFetch,      // an attribute layout the host cannot fetch (misaligned elements)
    NoQuaternionFlip, // a lit draw on a device without geometry shaders (quaternion_fixup.h)
    SmallDraw,        // fewer vertices than the GPU path pays off for (merges on the CPU path)
    Count
};
inline constexpr unsigned kVertexFallbackCount = static_cast<unsigned>(VertexFallback::Count);

} // namespace picavk::pica
