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
    // The same with every source read as it stands or as one component, negated or not (no
    // relative address, no other swizzle): ThreadedOp::broadcast and the negate bits decide.
    AddFast,
    MulFast,
    Dp3Fast,
    Dp4Fast,
    DphFast,
    MadFast,
    MovFast,
    // ADD and MUL with one source read as it stands and the other one component (a vector
    // scaled by a scalar): P for plain, B for broadcast, in source order.
    AddPB,
    AddBP,
    MulPB,
    MulBP,
    // Four of the same plain DP3, DP4 or DPH in a row writing a register's x, y, z and w in
    // that order, none reading what an earlier one wrote (a matrix times a vector, as compilers
    // emit it): one step with one store (make_threaded_program's rows).
    Dp3Row,
    Dp4Row,
    DphRow,
    // A row whose one source is the same register in all four words and whose other is four
    // consecutive registers (a matrix's rows, as compilers lay out uniforms): the matrix read
    // as four loads from one address, its flags as one word (ThreadedOp::row_matrix).
    Dp3MatrixRow,
    Dp4MatrixRow,
    DphMatrixRow,
    Count,
    // Not an instruction: the step after an instruction some CALL, IF or LOOP scope can end at.
    CloseScopes = Count,
};

struct ThreadedOp {
    // Where the run goes for this instruction, and after it when it does not jump: the next
    // word's handler, or the scope-closing step where some CALL, IF or LOOP scope can end at
    // PC + 1. Addresses inside ShaderInterpreter::run_threaded (labels as values), taken from
    // ShaderInterpreter::threaded_handlers(); one load per dispatch instead of two.
    const void* address = nullptr;
    const void* next = nullptr;
    ShaderInstruction in;
    ThreadedHandler handler = ThreadedHandler::OffEnd;
    bool scope_may_close = false; // some CALL, IF or LOOP scope can end at this PC + 1
    // The source relative addressing applies to (0-2), or 0xFF: a uniform read through a0.x,
    // a0.y or aL.
    std::uint8_t relative = 0xFF;
    // Where the register flags (ShaderInterpreter::run_threaded) of the destination live:
    // r0-r15 as themselves, outputs in a slot no source reads.
    std::uint8_t flag_dst = 0;
    // Dp3/Dp4/DphMatrixRow: the source (0 or 1) that holds the matrix's first row.
    std::uint8_t row_matrix = 0;
    // The instructions from this one through the end of its straight-line run: the next one
    // that can leave it (a flow instruction, END, LOOP, an instruction a scope can end after,
    // the end of code memory) or past code memory. The budget is charged a run at a time.
    std::uint16_t run = 1;

    // Per source, how its swizzle reads the register in the components the instruction uses
    // (its write mask's for per-component operations, xyz for DP3 ...; the others' values do
    // not reach a result): as they stand (one vector load), one component in all (one load and
    // a splat: `element`), or any other way (four loads).
    enum class Swizzle : std::uint8_t { Identity, Broadcast, General };
    std::array<Swizzle, 3> swizzle{};
    std::array<std::uint8_t, 3> element{};
    // Bit n: source n is read as it stands (Identity, not negated, not relative): one load.
    std::uint8_t plain = 0;
    // Bit n: source n is one component (Broadcast, not relative; negated or not).
    std::uint8_t broadcast = 0;
    // Bit n: source n is Identity or Broadcast and not relative (negated or not).
    std::uint8_t fast = 0;
};

struct ThreadedProgram {
    static constexpr std::uint32_t kPastEnd = 4096 + 256;
    std::vector<ThreadedOp> code; // kPastEnd entries
    // v registers whose flags some instruction reads (bit i: v_i): a run sets them up first.
    std::uint16_t reads_v = 0;
};

void make_threaded_program(const ShaderProgram& program, ThreadedProgram& out);

} // namespace picavk::pica
