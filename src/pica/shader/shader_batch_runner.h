#pragma once

// Runs a batch of shader invocations on the lane-batched unit with the results a serial run of
// the interpreter would give: the invocations run side by side, then, in order, each lane's
// contribution to the carried state is applied to the reference interpreter (the register
// components it wrote, its a0, aL, flags, SETEMIT state and output bank), and a lane that read
// state left by the invocation before it is run again on the reference, now holding exactly
// that state. The reference ends holding what the last invocation left, so the interpreter and
// the batches can take turns on one unit.

#include "pica/shader/batch_program.h"
#include "pica/shader/shader_batch_unit.h"
#include "pica/shader/shader_interpreter.h"

#include <array>
#include <cstdint>
#include <span>
#include <vector>

namespace picavk::pica {

class ShaderBatchRunner : private ShaderBatchEmitTarget {
  public:
    struct Emit {
        std::array<Vec4, 16> outputs;
        std::uint32_t vertex_id;
        bool prim_emit, winding;
    };
    struct Batch {
        std::uint32_t entry = 0;
        unsigned count = 0;          // lanes 0..count-1 hold invocations, in order
        std::uint16_t fed = 0;       // v registers set per lane (ShaderBatchUnit::set_input)
        std::uint64_t consumed = 0;  // output components used (ShaderBatchUnit::run)
        unsigned uniforms_begin = 0; // c registers set per lane: [begin, end)
        unsigned uniforms_end = 0;
        bool geometry = false; // EMIT and SETEMIT work; emits are recorded per lane
        // A batch of one invocation (run on the reference) emits straight here, in order,
        // rather than into emits(0).
        ShaderEmitTarget* single_emit = nullptr;
    };

    ShaderBatchUnit& unit() { return unit_; }
    const ShaderBatchUnit& unit() const { return unit_; }

    void run(ShaderInterpreter& reference, const BatchProgram& batch, const Batch& b);

    const ShaderRunResult& result(unsigned lane) const { return results_[lane]; }
    // A lane run again on the reference: its outputs are reran_outputs(lane), not the unit's.
    bool reran(unsigned lane) const { return (reran_ >> lane) & 1; }
    const std::array<Vec4, 16>& reran_outputs(unsigned lane) const { return reran_out_[lane]; }
    // A geometry batch's EMITs of one lane, in the order it made them.
    std::span<const Emit> emits(unsigned lane) const { return emits_[lane]; }
    std::uint64_t reruns() const { return reruns_; }

  private:
    void emit(unsigned lane, const float* outputs, std::uint32_t vertex_id, bool prim_emit,
              bool winding) override;
    // Sets, in every lane, the carried state the program never writes, from the reference.
    ShaderBatchCarried carried_state(ShaderInterpreter& s, const BatchProgram& p, const Batch& b);
    // Runs lane l's invocation on the reference's state (its inputs and per-lane uniforms
    // copied over), as threaded code (ShaderInterpreter::run_threaded: the interpreter's results).
    void run_on_reference(ShaderInterpreter& reference, const BatchProgram& batch, const Batch& b,
                          unsigned l);
    // Applies lanes [first, last)'s writes to the reference, the last writer of each component
    // winning.
    void carry(ShaderInterpreter& s, const Batch& b, unsigned first, unsigned last);
    // carry() where the lanes never split and kept their bank: lane `last` has every value.
    void carry_uniform(ShaderInterpreter& s, const Batch& b, unsigned last);

    ShaderBatchUnit unit_;
    std::array<ShaderRunResult, kShaderLanes> results_{};
    std::uint32_t reran_ = 0;
    std::array<std::array<Vec4, 16>, kShaderLanes> reran_out_{};
    std::array<std::vector<Emit>, kShaderLanes> emits_;
    std::uint64_t reruns_ = 0;
};

} // namespace picavk::pica
