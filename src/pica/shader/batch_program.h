#pragma once

// A decoded shader program in the form the lane-batched shader unit (shader_batch_unit.h) runs:
// each instruction with what it reads and writes of the state one invocation can leave to the
// next (temporaries, outputs, a0, aL, the comparison flags, the SETEMIT state). A lane whose
// run reads such state before writing it in the same invocation depends on the invocation before
// it, which ran beside it rather than before it: the batch unit marks it, and the reference
// interpreter runs it again in order (ShaderBatchRunner).

#include "pica/shader/shader_program.h"
#include "pica/shader/threaded_program.h"

#include <array>
#include <cstdint>
#include <memory>
#include <unordered_map>
#include <vector>

namespace picavk::pica {

// Carried state other than registers, as bits of BatchInstruction::reads_state / writes_state.
enum ShaderStateBit : std::uint8_t {
    kStateA0x = 1,
    kStateA0y = 2,
    kStateAl = 4,
    kStateCmpX = 8,
    kStateCmpY = 16,
    kStateEmit = 32, // SETEMIT's vertex id, primitive and winding flags (tracked at run time)
};

struct BatchInstruction {
    ShaderInstruction in;
    // Register components (bit 4 * register + component): v0-v15, r0-r15 read; r0-r15 and
    // o0-o15 written.
    std::uint64_t reads_v = 0, reads_r = 0, writes_r = 0, writes_o = 0;
    std::uint8_t reads_state = 0, writes_state = 0;
    // The source the relative index applies to (a uniform read through a0.x, a0.y or aL), or
    // 0xFF.
    std::uint8_t relative = 0xFF;
    // Per source: the register components it reads (bit c: component c, after swizzling).
    std::array<std::uint8_t, 3> comps{};
};

struct BatchProgram {
    std::vector<BatchInstruction> code; // one per code word
    std::uint64_t hash = 0;             // ShaderProgram::hash it was made from
    // Over every instruction of code memory: what any of them reads, and may write. Carried
    // state no instruction writes is the same for every invocation (ShaderBatchRunner sets it
    // in every lane rather than rerunning lanes that read it).
    std::uint64_t reads_v = 0, reads_r = 0;
    std::uint64_t may_write_r = 0, may_write_o = 0;
    std::uint8_t may_write_state = 0; // ShaderStateBit, kStateEmit for any SETEMIT
    // Some instruction's flow follows the flags (IFC, JMPC, CALLC, BREAKC). Without one, the
    // way through the program follows the uniforms alone: every invocation with the same
    // uniforms, entry and budget runs the same instructions and writes the same components.
    bool flow_reads_flags = false;
    // The same program as threaded code, for invocations that run alone (a batch of one, a
    // rerun, a serial draw): ShaderInterpreter::run_threaded.
    ThreadedProgram threaded;
};

std::shared_ptr<const BatchProgram> make_batch_program(const ShaderProgram& program);

// Batch programs by the hash of their code and operand descriptors, so a unit that switches
// between programs (a game's draws alternating shaders, each upload bumping the version)
// converts each once. Holds at most `capacity`; the least recently used goes first.
class BatchProgramCache {
  public:
    explicit BatchProgramCache(std::size_t capacity = 32) : capacity_(capacity) {}
    std::shared_ptr<const BatchProgram> get(const ShaderProgram& program);
    std::uint64_t conversions() const { return conversions_; }

  private:
    struct Entry {
        std::shared_ptr<const BatchProgram> program;
        std::uint64_t used = 0;
    };
    std::unordered_map<std::uint64_t, Entry> entries_;
    std::size_t capacity_;
    std::uint64_t clock_ = 0, conversions_ = 0;
};

} // namespace picavk::pica
