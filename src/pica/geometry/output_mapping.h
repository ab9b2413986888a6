#pragma once

// Output registers to semantics (spec 004 SH_OUTMAP_TOTAL / SH_OUTMAP_Oi; 3dbrew GPU/Pitfalls):
// the output registers enabled in the unit's OUTMAP_MASK are packed in ascending order - the k-th
// enabled register is output attribute k - and SH_OUTMAP_Ok names the semantic of each of its
// components (0x1F: none). A semantic no component maps to reads 1.0 (citra PR 6966 hardware
// test). Colour is made non-negative and capped at 1 before interpolation (citra PR 963 test).

#include "pica/geometry/output_vertex.h"
#include "pica/regs/regs.h"

#include <array>
#include <cstddef>
#include <cstdint>

namespace picavk::pica {

class OutputMapping {
  public:
    // outmap_mask: VSH_OUTMAP_MASK or GSH_OUTMAP_MASK, whichever unit feeds the rasterizer.
    void setup(const Regs& regs, std::uint32_t outmap_mask);
    // outputs: o0-o15 of the shader unit.
    OutputVertex map(const std::array<std::array<float, 4>, 16>& outputs) const {
        OutputVertex v;
        map(outputs, v);
        return v;
    }
    // Into `v`, every semantic written (a vertex appended to a batch: no copy of a returned one,
    // whose scalar stores read back as vectors stalled store forwarding).
    void map(const std::array<std::array<float, 4>, 16>& outputs, OutputVertex& v) const;
    // From outputs stored with a stride: o[r].c at outputs[(4 * r + c) * stride] (one lane of
    // the batched shader unit's outputs).
    void map(const float* outputs, std::size_t stride, OutputVertex& v) const;
    // Lanes 0..lanes-1 (a multiple of 4) of the batched shader unit's outputs (o[r].c of lane
    // l at outputs[(4 * r + c) * kShaderLanes + l]) into v[0..lanes-1].
    void map_lanes(const float* outputs, unsigned lanes, OutputVertex* v) const;
    // The output components (bit 4 * r + c) some semantic reads.
    std::uint64_t used_components() const { return used_; }
    // The output register and component feeding `semantic`, or 0xFF for none (reads 1.0).
    std::uint8_t source_register(unsigned semantic) const { return reg_[semantic]; }
    std::uint8_t source_component(unsigned semantic) const { return comp_[semantic]; }

  private:
    // Per semantic: the output register and component feeding it, or 0xFF for none.
    std::array<std::uint8_t, OutputVertex::kSemantics> reg_{};
    std::array<std::uint8_t, OutputVertex::kSemantics> comp_{};
    std::array<std::uint8_t, OutputVertex::kSemantics> flat_{}; // reg * 4 + comp, or 64
    // map()'s plan, per four semantics (a group): groups fed by one output register's x, y, z, w
    // in order are copied whole; groups fed some other way are gathered from the outputs as one
    // array of 64 floats (0 where a semantic reads 1.0) with all ones in `ones` for the lanes
    // that read 1.0; groups no component feeds are left as the 1.0s map() stores first.
    struct WholeGroup {
        std::uint8_t group, reg;
    };
    struct GatherGroup {
        std::uint8_t group;
        std::array<std::uint8_t, 4> index;
        alignas(16) std::array<std::int32_t, 4> ones;
    };
    std::array<WholeGroup, OutputVertex::kSemantics / 4> whole_{};
    std::array<GatherGroup, OutputVertex::kSemantics / 4> gather_{};
    std::uint8_t whole_count_ = 0, gather_count_ = 0;
    std::uint64_t used_ = 0;
    // What setup() last read (the mask, SH_OUTMAP_TOTAL, SH_OUTMAP_O0-O6): set up again only
    // when one of them changed.
    std::array<std::uint32_t, 9> inputs_{};
    bool valid_ = false;
};

// The enabled output registers of a unit in ascending order (at most 16).
struct CompactOutputs {
    std::array<std::uint8_t, 16> reg{};
    std::uint32_t count = 0;
    static CompactOutputs from_mask(std::uint32_t mask);
};

} // namespace picavk::pica
