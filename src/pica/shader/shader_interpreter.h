#pragma once

// The PICA shader unit, interpreted: the reference any faster path is checked against.
// Semantics and their sources: docs/research/shader_isa.md (3dbrew "GPU/Shader Instruction Set",
// the aroulin/3ds-gpu-tests hardware tests). Arithmetic runs in float32 and is brought back into
// float24's range after every operation (see float24 helpers in the .cpp): subnormal inputs and
// results flush to +0, magnitudes at or above 2^64 become infinities, inf * 0 = 0 but NaN * 0 =
// NaN, there is no -0. The float24 rounding of intermediate results is not modelled (its rounding
// mode is unmeasured), so results can be more precise than the hardware's.

#include "pica/shader/shader_flow.h"
#include "pica/shader/shader_program.h"
#include "pica/shader/threaded_program.h"

#include <array>
#include <cstdint>
#include <cstring>
#include <vector>

namespace picavk::pica {

using Vec4 = std::array<float, 4>;

struct ShaderUniforms {
    std::array<Vec4, 96> f{};
    std::uint16_t b = 0;                            // b0-b15
    std::array<std::array<std::uint8_t, 4>, 4> i{}; // i0-i3: x, y, z, w
};

// Receives geometry-shader EMITs.
class ShaderEmitTarget {
  public:
    virtual ~ShaderEmitTarget() = default;
    // outputs: o0-o15 at the time of the EMIT; vertex_id, prim_emit, winding from SETEMIT.
    virtual void emit(const std::array<Vec4, 16>& outputs, std::uint32_t vertex_id, bool prim_emit,
                      bool winding) = 0;
};

enum class ShaderFault : std::uint8_t {
    None,
    BudgetExceeded,   // ran more than the instruction budget: an endless loop, stopped
    RanOffEnd,        // PC left code memory without END
    BreakOutsideLoop, // hangs real hardware
    UnknownOpcode,    // executed as NOP
    EmitInVertexShader,
};

struct ShaderRunResult {
    ShaderFault fault = ShaderFault::None; // the first fault of this invocation
    std::uint32_t instructions = 0;
};

class ShaderInterpreter {
  public:
    static constexpr std::uint32_t kDefaultBudget = 1u << 18;
    static constexpr unsigned kCallDepth = 4, kIfDepth = 8, kLoopDepth = 4;

    // Loads c0-c95 (once per batch, not per vertex).
    void set_uniforms(const ShaderUniforms& u);
    void set_budget(std::uint32_t instructions) { budget_ = instructions; }

    // GS variable/fixed modes receive vertices through c registers.
    void set_float_uniform(unsigned i, const Vec4& v) {
        reg_[kRegUniform + (i % 96)] = v;
        unclean_[kRegUniform + (i % 96)] = !f24_clean(v);
    }
    // v0-v15, as the permutation placed them.
    Vec4& input(unsigned i) { return reg_[i & 15]; }
    const std::array<Vec4, 16>& outputs() const { return out_[bank_]; }
    void set_bool(unsigned i, bool v) {
        bools_ = static_cast<std::uint16_t>(v ? bools_ | (1u << i) : bools_ & ~(1u << i));
    }
    bool get_bool(unsigned i) const { return (bools_ >> i) & 1; }

    // Runs one invocation from `entry`. With an emit target the unit is a geometry shader:
    // EMIT/SETEMIT work and outputs alternate between two banks on every EMIT (Azahar
    // shader_unit.h, verified on hardware per azahar PR 2338).
    ShaderRunResult run(const ShaderProgram& program, std::uint32_t entry,
                        ShaderEmitTarget* emit_target = nullptr);
    // The same invocation, the same results bit for bit, several times faster: `program` run as
    // threaded code (shader_threaded_run.cpp) on this unit's state. The interpreter above stays
    // the reference it is checked against.
    ShaderRunResult run_threaded(const ThreadedProgram& program, std::uint32_t entry,
                                 ShaderEmitTarget* emit_target = nullptr);
    // The handler addresses ThreadedOp::address and ::next hold, indexed by ThreadedHandler
    // (CloseScopes included).
    static const void* const* threaded_handlers();

    // The state one invocation leaves to the next (temporaries, both output banks, a0, aL, the
    // flags, SETEMIT's state), set by ShaderBatchRunner to what a serial run would have left.
    Vec4& temp_ref(unsigned i) {
        temp_flags_valid_ = false;
        return reg_[kRegTemp + (i & 15)];
    }
    Vec4& output_ref(unsigned bank, unsigned i) { return out_[bank & 1][i & 15]; }
    unsigned bank() const { return bank_; }
    void set_bank(unsigned b) { bank_ = b & 1; }
    void set_a0(unsigned i, std::int32_t v) { a0_[i & 1] = v; }
    void set_al(std::int32_t v) { al_ = v; }
    void set_cmp(unsigned i, bool v) { cmp_[i & 1] = v; }
    void set_emit_state(std::uint32_t vertex_id, bool prim_emit, bool winding) {
        emit_vertex_ = vertex_id, emit_prim_ = prim_emit, emit_winding_ = winding;
    }
    const Vec4& float_uniform(unsigned i) const { return reg_[kRegUniform + (i % 96)]; }
    std::uint32_t emit_vertex() const { return emit_vertex_; }
    bool emit_prim() const { return emit_prim_; }
    bool emit_winding() const { return emit_winding_; }

    std::int32_t a0x() const { return a0_[0]; }
    std::int32_t a0y() const { return a0_[1]; }
    std::int32_t al() const { return al_; }
    bool cmp(unsigned i) const { return cmp_[i]; }
    const Vec4& temp(unsigned i) const { return reg_[kRegTemp + i]; }

  private:
    struct Scope {
        std::uint32_t end;    // the PC (after increment) at which the scope closes
        std::uint32_t next;   // where execution continues then
        std::uint32_t start;  // LOOP: first body instruction
        std::uint32_t remain; // LOOP: iterations left after this one
        std::int32_t step;    // LOOP: aL increment
    };
    template <unsigned N>
    using Stack = FlowStack<Scope, N>;

    // run_threaded's body; with no program it only hands out its handler addresses (never
    // inlined or cloned: the addresses are valid in its one copy of the code).
    ShaderRunResult run_threaded_code(const ThreadedProgram* program, std::uint32_t entry,
                                      ShaderEmitTarget* emit_target, const void* const** labels);
    [[gnu::always_inline]] inline Vec4 read(const ShaderInstruction& in, unsigned n) const;
    [[gnu::always_inline]] inline void write(const ShaderInstruction& in, const Vec4& v);
    bool condition(const ShaderInstruction& in) const;
    // Whether float24's flush leaves every component as it is, up to the sign of a zero: NaN,
    // +-0, +-inf and magnitudes in [2^-62, 2^64). ADD, MUL, DP3/DP4/DPH and MAD give the same
    // results with such operands unflushed (a zero's sign only reaches the sign of a zero
    // result, which their final flush makes +0).
    static bool f24_clean(const Vec4& v) {
        // Magnitude bits: unclean in (0, 2^-62) and [2^64, inf), as unsigned ranges.
        using U4 = std::uint32_t __attribute__((vector_size(16)));
        U4 u;
        std::memcpy(&u, v.data(), sizeof u);
        u &= 0x7FFFFFFFu;
        const U4 bad = ((u - 1u) < 0x207FFFFFu) | ((u - 0x5F800000u) < 0x20000000u);
#if defined(__SSE__)
        return __builtin_ia32_movmskps(
                   __builtin_bit_cast(float __attribute__((vector_size(16))), bad)) == 0;
#else
        return !(bad[0] | bad[1] | bad[2] | bad[3]);
#endif
    }

    alignas(16) std::array<Vec4, kRegFileSize> reg_{};
    std::array<std::array<Vec4, 16>, 2> out_{};
    unsigned bank_ = 0;
    std::int32_t a0_[2] = {0, 0};
    std::int32_t al_ = 0;
    bool cmp_[2] = {false, false};
    std::uint16_t bools_ = 0;
    std::array<std::array<std::uint8_t, 4>, 4> ints_{};
    std::uint32_t budget_ = kDefaultBudget;
    // run_threaded: per register of reg_ (and one slot for the outputs), whether a value may be
    // outside f24_clean (1), so its ADD/MUL/DP/MAD operands need the flush. Uniform flags are
    // kept as uniforms are set; v flags are set at the start of each threaded run, r flags
    // when temp_flags_valid_ is clear.
    std::array<std::uint8_t, kRegFileSize + 1> unclean_{};
    // run_threaded: the run the budget cuts, copied and cut there.
    std::vector<ThreadedOp> threaded_scratch_;
    // The flags of r0-r15 are as their values: the threaded run keeps them as it writes, and
    // anything else that writes a temporary (the reference run, temp_ref) clears this.
    bool temp_flags_valid_ = false;
    // SETEMIT state
    std::uint32_t emit_vertex_ = 0;
    bool emit_prim_ = false, emit_winding_ = false;
};

} // namespace picavk::pica
