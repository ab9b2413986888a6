#pragma once

// The PICA shader unit run over a batch of invocations at once: each decoded instruction is
// executed for up to kShaderLanes vertices (or geometry-shader invocations), one host vector per
// register component. Lanes that take different ways through conditional flow (IFC, JMPC, CALLC,
// BREAKC) split into groups with their own PC and stacks, each run with a lane mask. Every
// arithmetic rule is the interpreter's (shader_interpreter.cpp), decided per lane, so results
// are bit-identical to it.
//
// What one invocation leaves to the next (temporaries, outputs, a0, aL, the flags, the SETEMIT
// state, the output bank) is not passed between lanes: a lane that reads any of it before
// writing it, or hands on an output it did not write, is marked `depends_on_previous` and its
// results must not be used (ShaderBatchRunner runs it again on the interpreter, in order).

#include "pica/shader/batch_program.h"
#include "pica/shader/shader_interpreter.h"

#include <array>
#include <cstdint>

namespace picavk::pica {

// The most lanes a batch holds, and the stride of a register's rows of lanes in memory.
inline constexpr unsigned kShaderLanes = 16;

// Receives a batch's geometry-shader EMITs as they happen, lane by lane.
class ShaderBatchEmitTarget {
  public:
    virtual ~ShaderBatchEmitTarget() = default;
    // outputs: the bank's o0-o15, component-major by lane: o[r].c of `lane` is
    // outputs[(4 * r + c) * kShaderLanes + lane].
    virtual void emit(unsigned lane, const float* outputs, std::uint32_t vertex_id, bool prim_emit,
                      bool winding) = 0;
};

// What holds the right value in every lane when a batch starts, beyond the fed inputs: carried
// state no instruction of the program writes, set to the reference's (ShaderBatchRunner).
struct ShaderBatchCarried {
    std::uint16_t inputs = 0;  // v registers
    std::uint64_t temps = 0;   // r components (bit 4 * r + c)
    std::uint64_t outputs = 0; // o components, in both banks
    std::uint8_t state = 0;    // ShaderStateBit
    std::int32_t al = 0;
    std::uint8_t emit_vertex = 0;
    bool emit_prim = false, emit_winding = false;
};

// How a lane's invocation ended, and what it wrote of the carried state.
struct ShaderLaneEnd {
    ShaderRunResult result;
    bool depends_on_previous = false;
    std::uint64_t written_r = 0;         // r components written (bit 4 * r + c)
    std::uint64_t written_o[2] = {0, 0}; // o components written, by bank relative to the start
    std::uint8_t written_state = 0;      // ShaderStateBit
    std::uint8_t bank_flips = 0;         // EMITs, mod 2
    std::int32_t al = 0;
    std::uint8_t emit_vertex = 0;
    bool emit_prim = false, emit_winding = false;
};

class ShaderBatchUnit {
  public:
    ShaderBatchUnit();

    // c0-c95, bools and integers, the same for every lane. The floats are spread over the
    // lanes when a batch next needs them (a draw that runs no batch costs a copy only).
    void set_uniforms(const ShaderUniforms& u);
    void set_float_uniform(unsigned lane, unsigned i, const Vec4& v);
    void set_bool(unsigned i, bool v) {
        bools_ = static_cast<std::uint16_t>(v ? bools_ | (1u << i) : bools_ & ~(1u << i));
        ++flow_setup_;
    }
    bool get_bool(unsigned i) const { return (bools_ >> i) & 1; }
    void set_budget(std::uint32_t instructions) {
        budget_ = instructions;
        ++flow_setup_;
    }
    // Changes whenever something the way through a program follows (besides the flags) may
    // have changed: the bools, the integers, the budget.
    std::uint32_t flow_setup() const { return flow_setup_; }
    void set_input(unsigned lane, unsigned reg, const Vec4& v);
    // One value for every lane (carried state, ShaderBatchCarried).
    void set_input_all(unsigned reg, const Vec4& v);
    void set_temp_all(unsigned reg, unsigned c, float v);
    void set_output_all(unsigned bank, unsigned reg, unsigned c, float v);
    void set_a0_all(unsigned i, std::int32_t v);
    void set_cmp_all(unsigned i, bool v) { cmp_[i & 1] = v ? ~0u : 0u; }
    // For the next runs: what already holds the right values (ends record only what the
    // program wrote beyond it).
    void set_carried(const ShaderBatchCarried& c) { carried_ = c; }
    // v register `reg` for every lane: component c of lane l at [c * kShaderLanes + l].
    float* inputs(unsigned reg) { return &reg_[reg & 15][0][0]; }

    // Runs the lanes set in `lanes` from `entry`. `fed`: the v registers set for this batch (bit
    // per register), others count as carried state. `consumed`: the output components (bit
    // 4 * o + c) used after the run (a vertex shader) or at each EMIT (a geometry shader, when
    // `emit` is given).
    void run(const BatchProgram& program, std::uint32_t entry, std::uint32_t lanes,
             std::uint16_t fed, std::uint64_t consumed, ShaderBatchEmitTarget* emit = nullptr);

    const ShaderLaneEnd& lane_end(unsigned lane) const { return ends_[lane_group_[lane]]; }
    // The ways the last run's lanes took through the program (1: they never split; then every
    // lane's ShaderLaneEnd is the same).
    unsigned groups() const { return groups_; }

    // Which native vector width runs: 8 floats where the host has AVX2 (and this build can use
    // it), else 4. force_width: 4 or 8 (8 only where available), 0 for the automatic choice.
    static unsigned vector_width();
    // Lanes a batch holds with that width (8 or 16; at most kShaderLanes).
    static unsigned batch_lanes();
    static bool set_vector_width(unsigned force_width);

    // Lane values after a run. Output banks are relative to the start of the run: bank 0 is the
    // one each lane started writing.
    const float* outputs(unsigned bank) const { return &out_[bank][0][0][0]; }
    float output(unsigned lane, unsigned bank, unsigned reg, unsigned c) const {
        return out_[bank][reg][c][lane];
    }
    Vec4 output(unsigned lane, unsigned bank, unsigned reg) const;
    float temp(unsigned lane, unsigned reg, unsigned c) const {
        return reg_[kRegTemp + reg][c][lane];
    }
    Vec4 input(unsigned lane, unsigned reg) const;
    Vec4 float_uniform(unsigned lane, unsigned i) const;
    std::int32_t a0(unsigned lane, unsigned i) const { return a0_[i][lane]; }
    bool cmp(unsigned lane, unsigned i) const { return (cmp_[i] >> lane) & 1; }

  private:
    struct Group;
    // One group until it ends, with native vectors of W floats for N lanes (shader_lanes.h).
    template <bool kGeometry, unsigned W, unsigned N>
    void run_group(const BatchProgram& program, Group& g, Group* pending, unsigned& pending_count,
                   std::uint32_t active, std::uint64_t consumed, ShaderBatchEmitTarget* emit);
    // run_group compiled for the baseline target (W = 4) and for AVX2 (W = 8, x86-64 only),
    // chosen at run time.
    void run_group_w4(const BatchProgram& program, Group& g, Group* pending,
                      unsigned& pending_count, std::uint32_t active, std::uint64_t consumed,
                      ShaderBatchEmitTarget* emit);
    void run_group_w8(const BatchProgram& program, Group& g, Group* pending,
                      unsigned& pending_count, std::uint32_t active, std::uint64_t consumed,
                      ShaderBatchEmitTarget* emit);

    alignas(64) float reg_[kRegFileSize][4][kShaderLanes];
    alignas(64) float out_[2][16][4][kShaderLanes];
    alignas(64) std::int32_t a0_[2][kShaderLanes];
    std::uint32_t cmp_[2] = {0, 0}; // lane bits
    std::uint16_t bools_ = 0;
    std::array<std::array<std::uint8_t, 4>, 4> ints_{};
    std::uint32_t budget_ = ShaderInterpreter::kDefaultBudget;
    std::uint32_t flow_setup_ = 0;
    std::uint16_t fed_ = 0;
    ShaderBatchCarried carried_{};
    // Per register, bit c: component c holds a value float24's flush and inf * 0 rule leave
    // alone (lanes::clean) in every lane. Kept for uniforms, found for the fed inputs at the
    // start of each batch, never set for temporaries.
    std::array<std::uint8_t, kRegFileSize> clean_{};
    std::array<Vec4, 96> uniforms_{}; // the last set_uniforms, until spread over reg_
    bool uniforms_pending_ = false;
    void spread_uniforms();
    std::array<ShaderLaneEnd, kShaderLanes> ends_{}; // by group
    std::array<std::uint8_t, kShaderLanes> lane_group_{};
    unsigned groups_ = 0;
};

} // namespace picavk::pica
