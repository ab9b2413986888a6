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
        // The caller leaves the reference alone until its next run() or settle(): what the last
        // lane wrote may stay in the unit until then, and is never copied if the next batch
        // (the same program, entry, inputs and uniforms; flow that no flag steers) writes every
        // component of it again. A draw's batches, one after the other.
        bool more_follow = false;
    };

    ShaderBatchUnit& unit() { return unit_; }
    const ShaderBatchUnit& unit() const { return unit_; }

    void run(ShaderInterpreter& reference, const BatchProgram& batch, const Batch& b);
    // Hands the reference what a `more_follow` batch left in the unit: it then holds the state
    // the last invocation left, as after any other run.
    void settle(ShaderInterpreter& reference);

    const ShaderRunResult& result(unsigned lane) const { return results_[lane]; }
    // A lane run again on the reference: its outputs are reran_outputs(lane), not the unit's.
    bool reran(unsigned lane) const { return (reran_ >> lane) & 1; }
    const std::array<Vec4, 16>& reran_outputs(unsigned lane) const { return reran_out_[lane]; }
    // A geometry batch's EMITs of one lane, in the order it made them.
    std::span<const Emit> emits(unsigned lane) const { return emits_[lane]; }
    std::uint64_t reruns() const { return reruns_; }
    // more_follow batches whose writes the next batch wrote again: never copied.
    std::uint64_t carries_skipped() const { return carries_skipped_; }

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
    // carry_uniform() in two parts: what the program wrote (kept in the unit until the next
    // run), and the inputs and per-lane uniforms the lane was given (set over by the caller
    // before the next run, so carried at once).
    void carry_written(ShaderInterpreter& s, unsigned lane);
    void carry_given(ShaderInterpreter& s, const Batch& b, unsigned lane);
    // Whether batch `b` of `program` writes every component the deferred lane did.
    bool rewrites_deferred(const BatchProgram& program, const Batch& b) const;

    ShaderBatchUnit unit_;
    std::array<ShaderRunResult, kShaderLanes> results_{};
    std::uint32_t reran_ = 0;
    std::array<std::array<Vec4, 16>, kShaderLanes> reran_out_{};
    std::array<std::vector<Emit>, kShaderLanes> emits_;
    std::uint64_t reruns_ = 0;
    std::uint64_t carries_skipped_ = 0;
    // A more_follow batch's last lane, whose writes the reference has not taken yet.
    struct Deferred {
        bool pending = false;
        unsigned lane = 0;
        const BatchProgram* program = nullptr;
        std::uint64_t hash = 0;
        std::uint32_t entry = 0;
        std::uint16_t fed = 0;
        std::uint64_t consumed = 0;
        std::uint32_t flow_setup = 0;
    } deferred_;
};

} // namespace picavk::pica
