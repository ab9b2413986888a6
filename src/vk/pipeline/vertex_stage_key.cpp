#include "vk/pipeline/vertex_stage_key.h"

#include <xxhash.h>

namespace picavk::vk {

std::uint64_t hash(const VertexStageKey& k) {
    return XXH3_64bits(&k, sizeof k);
}

bool build_vertex_stage_key(const pica::Regs& regs, const pica::GpuVertexDraw& draw,
                            bool quaternion_flip, VertexStageKey& out) {
    out = {};
    out.program = shadergen::build_vertex_program_key(regs, draw.layout, draw.program->hash);
    out.quaternion_flip = quaternion_flip ? 1 : 0;
    for (unsigned n = 0; n < out.program.inputs; ++n) {
        if (!fetched(out, n)) continue;
        const pica::VertexLayout::AttributeSource& a = draw.layout.attributes[n];
        const std::uint32_t stride = draw.layout.buffers[a.buffer].stride;
        const std::uint32_t element = pica::VertexLayout::element_bytes(a.type);
        if (stride % element != 0 || a.offset % element != 0) return false;
        out.buffer[n] = a.buffer;
        out.offset[n] = static_cast<std::uint16_t>(a.offset);
        out.stride[a.buffer] = static_cast<std::uint16_t>(stride);
    }
    return true;
}

} // namespace picavk::vk
