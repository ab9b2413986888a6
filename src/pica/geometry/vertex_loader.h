#pragma once

// Reads vertex attributes from guest memory as the attribute-buffer registers describe them
// (spec 004 "Geometry pipeline registers"; docs/research notes from Azahar vertex_loader.cpp,
// citra PRs 787, 963, 1535):
// - base address = GPUREG_ATTRIBBUFFERS_LOC bits 1-28 x 16; buffer i starts at base + OFFSETi and
//   vertex v at + v x (CONFIG2 bits 16-23, bytes per vertex);
// - a buffer's components are walked in order; before an attribute the running offset is rounded
//   up to the attribute's element size (relative to the vertex start), padding codes 12-15 round to
//   4 and add 4, 8, 12 or 16 bytes;
// - byte, ubyte, short and float elements convert to float unnormalised; missing components are
//   y = 0, z = 0, w = 1;
// - an attribute some buffer provides is read from it (3dbrew Programming Guide, citra PR 787:
//   loader data overrides the fixed value); otherwise the fixed-attribute value is used.

#include "pica/diagnostics.h"
#include "pica/geometry/vertex_layout.h"
#include "pica/memory.h"
#include "pica/state/pica_state.h"

#include <array>
#include <cstdint>

namespace picavk::pica {

using Vec4f = std::array<float, 4>;

class VertexLoader {
  public:
    static constexpr unsigned kMaxAttributes = 12;

    // Reads the configuration. `max_vertex` is the largest vertex index the draw will read; every
    // buffer range up to it must lie in guest memory, else false with a counted warning.
    bool setup(const PicaState& state, const MemoryView& memory, std::uint32_t max_vertex,
               Diagnostics& diag);

    std::uint32_t attribute_count() const { return count_; }
    // The layout setup() read (the GPU vertex path fetches by it too).
    const VertexLayout& layout() const { return layout_; }
    // Loads attributes 0..attribute_count()-1 of vertex `index`.
    void load(std::uint32_t index, Vec4f* attributes) const;
    // Loads attributes 0..count-1 of the vertices indices[0..lanes-1] into the batched shader
    // unit's input layout: attribute n of lane l, component c, at
    // inputs[target[n]][c * kShaderLanes + l] (inputs[r]: the unit's v register r). Lanes from
    // `lanes` to `batch` (the batch's size) get a copy of lane 0.
    void load_lanes(const std::uint32_t* indices, unsigned lanes, unsigned batch,
                    std::uint32_t count, const std::uint8_t* target, float* const* inputs) const;

  private:
    struct Source {
        const std::uint8_t* data = nullptr; // null: fixed value
        std::uint32_t stride = 0;
        std::uint8_t type = 0, components = 0;
    };
    std::array<Source, kMaxAttributes> sources_{};
    std::array<Vec4f, kMaxAttributes> fixed_{};
    VertexLayout layout_;
    // The registers layout_ was decoded from: GPUREG_ATTRIBBUFFERS_LOC, its two format words
    // and the twelve buffers' three words each (0x200-0x226).
    std::array<std::uint32_t, 3 + 3 * VertexLayout::kBuffers> layout_regs_{};
    bool layout_valid_ = false;
    std::uint32_t count_ = 0;
};

// Places loaded (or immediate-mode) attributes into shader input registers: attribute n goes to
// v[permutation field n] for n < input count (VSH/GSH_INPUTBUFFER_CONFIG bits 0-3 + 1).
struct InputPermutation {
    std::array<std::uint8_t, 16> target{};
    std::uint32_t count = 0;
    static InputPermutation from_regs(const Regs& regs, std::uint32_t unit_base);
};

} // namespace picavk::pica
