#pragma once

// A decoded shader program in the form one invocation runs fastest without a JIT
// (ShaderInterpreter::run_threaded): each code word names its handler, and is marked where a
// CALL, IF or LOOP scope can close after it. Scope ends are static (IF: its DST, CALL: DST +
// NUM, LOOP: DST + 1), so every other instruction skips the three stack checks the reference
// makes after each instruction. Entries past the code words (a scope's exit or an IF's else end
// can lie up to DST + NUM = 4095 + 255) stand for "ran off the end".

#include "pica/shader/shader_program.h"

#include <array>
#include <cstdint>
#include <vector>

namespace picavk::pica {

enum class ThreadedHandler : std::uint8_t {
    Add,
    Mul,
    Dp3,
    Dp4,
    Dph,
    Mad,
    Mov,
    Max,
    Min,
    Sge,
    Slt,
    Flr,
    Unary, // EX2, LG2, RCP, RSQ
    Dst,
    Litp,
    Mova,
    Cmp,
    Nop,
    End,
    Break,
    BreakC,
    Call, // CALL, CALLC, CALLU
    If,   // IFU, IFC
    JmpC,
    JmpU,
    Loop,
    Emit,
    SetEmit,
    Unknown,
    OffEnd, // past code memory
    // The same with every source read as it stands (ThreadedOp::plain): no per-source checks.
    AddPlain,
    MulPlain,
    Dp3Plain,
    Dp4Plain,
    DphPlain,
    MadPlain,
    MovPlain,
    Count,
};

struct ThreadedOp {
    ShaderInstruction in;
    ThreadedHandler handler = ThreadedHandler::OffEnd;
    bool scope_may_close = false; // some CALL, IF or LOOP scope can end at this PC + 1
    // The source relative addressing applies to (0-2), or 0xFF: a uniform read through a0.x,
    // a0.y or aL.
    std::uint8_t relative = 0xFF;
    // Where the register flags (ShaderInterpreter::run_threaded) of the destination live:
    // r0-r15 as themselves, outputs in a slot no source reads.
    std::uint8_t flag_dst = 0;
    // Per source, how its swizzle reads the register: xyzw (one vector load), one component
    // in all four (one load and a splat), or any other (four loads).
    enum class Swizzle : std::uint8_t { Identity, Broadcast, General };
    std::array<Swizzle, 3> swizzle{};
    // Bit n: source n is read as it stands (xyzw, not negated, not relative): one load.
    std::uint8_t plain = 0;
};

struct ThreadedProgram {
    static constexpr std::uint32_t kPastEnd = 4096 + 256;
    std::vector<ThreadedOp> code; // kPastEnd entries
    // Registers some instruction reads (bit i: v_i / r_i), whose flags a run sets up first.
    std::uint16_t reads_v = 0, reads_r = 0;
};

void make_threaded_program(const ShaderProgram& program, ThreadedProgram& out);

} // namespace picavk::pica
