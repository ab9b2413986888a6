#pragma once

// VertexStageKey: what a pipeline of the GPU vertex path bakes in besides the PipelineKey - the
// translated program (shadergen::VertexProgramKey), where each attribute is fetched from (host
// vertex input: PICA attribute buffer b is host binding b), and whether a geometry stage flips
// opposite normal quaternions (lit draws; pica/geometry/quaternion_fixup.h). Plain values, no
// Vulkan types, so it is testable without a device.

#include "pica/geometry/gpu_vertex_draw.h"
#include "shadergen/vertex_program.h"

#include <cstdint>
#include <type_traits>

namespace picavk::vk {

struct VertexStageKey {
    shadergen::VertexProgramKey program;
    std::uint8_t quaternion_flip = 0;
    std::uint8_t reserved[3]{};
    std::uint16_t offset[12]{}; // attribute n: bytes from its vertex's start in its buffer
    std::uint8_t buffer[12]{};  // attribute n: its buffer (host binding); fixed ones 0
    std::uint16_t stride[12]{}; // buffer b: bytes per vertex, where a fetched attribute reads it

    bool operator==(const VertexStageKey& o) const = default;
};
static_assert(std::has_unique_object_representations_v<VertexStageKey>);

std::uint64_t hash(const VertexStageKey& k);

// From the registers and a planned draw. False when an attribute's elements would not be
// aligned to their size in the host's vertex buffer (Vulkan requires it of vertex fetch;
// PICA attributes are aligned inside a vertex, but a stride need not be a multiple of 4):
// such a draw runs on the CPU (VertexFallback::VertexFetch).
bool build_vertex_stage_key(const pica::Regs& regs, const pica::GpuVertexDraw& draw,
                            bool quaternion_flip, VertexStageKey& out);

// Whether the key's attribute `n` is fetched from a buffer (not a fixed value).
inline bool fetched(const VertexStageKey& k, unsigned n) {
    return n < k.program.inputs && k.program.attribute[n] != shadergen::kFixedAttribute;
}

} // namespace picavk::vk
