#include "pica/shader/threaded_program.h"

#include "pica/shader/shader_interpreter.h"

namespace picavk::pica {

namespace {

ThreadedHandler handler_of(ShaderOp op) {
    switch (op) {
    case ShaderOp::Add:
        return ThreadedHandler::Add;
    case ShaderOp::Mul:
        return ThreadedHandler::Mul;
    case ShaderOp::Dp3:
        return ThreadedHandler::Dp3;
    case ShaderOp::Dp4:
        return ThreadedHandler::Dp4;
    case ShaderOp::Dph:
        return ThreadedHandler::Dph;
    case ShaderOp::Mad:
        return ThreadedHandler::Mad;
    case ShaderOp::Mov:
        return ThreadedHandler::Mov;
    case ShaderOp::Max:
        return ThreadedHandler::Max;
    case ShaderOp::Min:
        return ThreadedHandler::Min;
    case ShaderOp::Sge:
        return ThreadedHandler::Sge;
    case ShaderOp::Slt:
        return ThreadedHandler::Slt;
    case ShaderOp::Flr:
        return ThreadedHandler::Flr;
    case ShaderOp::Ex2:
    case ShaderOp::Lg2:
    case ShaderOp::Rcp:
    case ShaderOp::Rsq:
        return ThreadedHandler::Unary;
    case ShaderOp::Dst:
        return ThreadedHandler::Dst;
    case ShaderOp::Litp:
        return ThreadedHandler::Litp;
    case ShaderOp::Mova:
        return ThreadedHandler::Mova;
    case ShaderOp::Cmp:
        return ThreadedHandler::Cmp;
    case ShaderOp::Nop:
        return ThreadedHandler::Nop;
    case ShaderOp::End:
        return ThreadedHandler::End;
    case ShaderOp::Break:
        return ThreadedHandler::Break;
    case ShaderOp::BreakC:
        return ThreadedHandler::BreakC;
    case ShaderOp::Call:
    case ShaderOp::CallC:
    case ShaderOp::CallU:
        return ThreadedHandler::Call;
    case ShaderOp::IfU:
    case ShaderOp::IfC:
        return ThreadedHandler::If;
    case ShaderOp::JmpC:
        return ThreadedHandler::JmpC;
    case ShaderOp::JmpU:
        return ThreadedHandler::JmpU;
    case ShaderOp::Loop:
        return ThreadedHandler::Loop;
    case ShaderOp::Emit:
        return ThreadedHandler::Emit;
    case ShaderOp::SetEmit:
        return ThreadedHandler::SetEmit;
    case ShaderOp::Unknown:
        break;
    }
    return ThreadedHandler::Unknown;
}

unsigned source_count(ShaderOp op) {
    switch (op) {
    case ShaderOp::Mad:
        return 3;
    case ShaderOp::Add:
    case ShaderOp::Mul:
    case ShaderOp::Dp3:
    case ShaderOp::Dp4:
    case ShaderOp::Dph:
    case ShaderOp::Dst:
    case ShaderOp::Sge:
    case ShaderOp::Slt:
    case ShaderOp::Max:
    case ShaderOp::Min:
    case ShaderOp::Cmp:
        return 2;
    case ShaderOp::Ex2:
    case ShaderOp::Lg2:
    case ShaderOp::Rcp:
    case ShaderOp::Rsq:
    case ShaderOp::Flr:
    case ShaderOp::Litp:
    case ShaderOp::Mova:
    case ShaderOp::Mov:
        return 1;
    default:
        return 0;
    }
}

// The components of source n that can reach the instruction's result.
unsigned used_components(const ShaderInstruction& in, unsigned n) {
    switch (in.op) {
    case ShaderOp::Add:
    case ShaderOp::Mul:
    case ShaderOp::Mad:
    case ShaderOp::Mov:
    case ShaderOp::Max:
    case ShaderOp::Min:
    case ShaderOp::Sge:
    case ShaderOp::Slt:
    case ShaderOp::Flr:
        return in.mask;
    case ShaderOp::Dp3:
        return 0x7;
    case ShaderOp::Dph: // SRC1.w is replaced by 1
        return n == 0 ? 0x7 : 0xF;
    case ShaderOp::Ex2:
    case ShaderOp::Lg2:
    case ShaderOp::Rcp:
    case ShaderOp::Rsq:
        return 0x1;
    default:
        return 0xF;
    }
}

} // namespace

void make_threaded_program(const ShaderProgram& program, ThreadedProgram& out) {
    out.code.assign(ThreadedProgram::kPastEnd, ThreadedOp{});
    out.reads_v = 0;
    const std::uint32_t size = static_cast<std::uint32_t>(program.code.size());
    for (std::uint32_t pc = 0; pc < size && pc < ThreadedProgram::kPastEnd; ++pc) {
        const ShaderInstruction& in = program.code[pc];
        ThreadedOp& op = out.code[pc];
        op.in = in;
        op.handler = handler_of(in.op);
        op.flag_dst = in.dst >= kRegTemp ? in.dst : static_cast<std::uint8_t>(kRegFileSize);
        // Whether the run reads its sources' flags: not SGE and SLT, nor MOV, MAX, MIN and
        // LITP into an output (they pass the flags on to a slot nothing reads). A vertex shader
        // that only moves its inputs to outputs needs no v flags at all.
        const bool flag_passing =
            op.handler == ThreadedHandler::Mov || op.handler == ThreadedHandler::Max ||
            op.handler == ThreadedHandler::Min || op.handler == ThreadedHandler::Litp;
        const bool flags_read = op.handler != ThreadedHandler::Sge &&
                                op.handler != ThreadedHandler::Slt &&
                                !(flag_passing && in.dst < kRegTemp);
        for (unsigned n = 0; n < source_count(in.op); ++n) {
            const auto& sw = in.swizzle[n];
            const unsigned used = used_components(in, n);
            bool identity = true, same = true;
            int element = -1;
            for (unsigned c = 0; c < 4; ++c) {
                if (!((used >> c) & 1)) continue;
                identity = identity && sw[c] == c;
                if (element < 0) element = sw[c];
                same = same && sw[c] == element;
            }
            op.element[n] = static_cast<std::uint8_t>(element < 0 ? 0 : element);
            op.swizzle[n] = identity ? ThreadedOp::Swizzle::Identity
                            : same   ? ThreadedOp::Swizzle::Broadcast
                                     : ThreadedOp::Swizzle::General;
            const std::uint8_t reg = in.src[n];
            const bool relative = n == in.rel_src && in.idx != 0 && reg >= kRegUniform;
            const bool as_read = !relative && !((in.negate >> n) & 1);
            if (as_read && op.swizzle[n] == ThreadedOp::Swizzle::Identity)
                op.plain = static_cast<std::uint8_t>(op.plain | 1u << n);
            if (!relative && op.swizzle[n] != ThreadedOp::Swizzle::General)
                op.fast = static_cast<std::uint8_t>(op.fast | 1u << n);
            if (!relative && op.swizzle[n] == ThreadedOp::Swizzle::Broadcast)
                op.broadcast = static_cast<std::uint8_t>(op.broadcast | 1u << n);
            if (relative)
                op.relative = static_cast<std::uint8_t>(n);
            else if (reg < kRegTemp && flags_read)
                out.reads_v = static_cast<std::uint16_t>(out.reads_v | 1u << reg);
        }
        const unsigned all = (1u << source_count(in.op)) - 1;
        if (all != 0 && op.plain == all) {
            switch (op.handler) {
            case ThreadedHandler::Add:
                op.handler = ThreadedHandler::AddPlain;
                break;
            case ThreadedHandler::Mul:
                op.handler = ThreadedHandler::MulPlain;
                break;
            case ThreadedHandler::Dp3:
                op.handler = ThreadedHandler::Dp3Plain;
                break;
            case ThreadedHandler::Dp4:
                op.handler = ThreadedHandler::Dp4Plain;
                break;
            case ThreadedHandler::Dph:
                op.handler = ThreadedHandler::DphPlain;
                break;
            case ThreadedHandler::Mad:
                op.handler = ThreadedHandler::MadPlain;
                break;
            case ThreadedHandler::Mov:
                op.handler = ThreadedHandler::MovPlain;
                break;
            default:
                break;
            }
        } else if ((in.op == ShaderOp::Add || in.op == ShaderOp::Mul) && in.negate == 0 &&
                   (op.plain | op.broadcast) == 3 && op.plain != 0 && op.broadcast != 0) {
            const bool add = in.op == ShaderOp::Add, pb = op.plain == 1;
            op.handler = add ? (pb ? ThreadedHandler::AddPB : ThreadedHandler::AddBP)
                             : (pb ? ThreadedHandler::MulPB : ThreadedHandler::MulBP);
        } else if (all != 0 && op.fast == all) {
            switch (op.handler) {
            case ThreadedHandler::Add:
                op.handler = ThreadedHandler::AddFast;
                break;
            case ThreadedHandler::Mul:
                op.handler = ThreadedHandler::MulFast;
                break;
            case ThreadedHandler::Dp3:
                op.handler = ThreadedHandler::Dp3Fast;
                break;
            case ThreadedHandler::Dp4:
                op.handler = ThreadedHandler::Dp4Fast;
                break;
            case ThreadedHandler::Dph:
                op.handler = ThreadedHandler::DphFast;
                break;
            case ThreadedHandler::Mad:
                op.handler = ThreadedHandler::MadFast;
                break;
            case ThreadedHandler::Mov:
                op.handler = ThreadedHandler::MovFast;
                break;
            default:
                break;
            }
        }
        // The PC + 1 at which a scope this instruction opens closes (the reference's Scope::end).
        std::uint32_t end = ~0u;
        switch (in.op) {
        case ShaderOp::Call:
        case ShaderOp::CallC:
        case ShaderOp::CallU:
            end = static_cast<std::uint32_t>(in.target + in.num);
            break;
        case ShaderOp::IfU:
        case ShaderOp::IfC:
            end = in.target;
            break;
        case ShaderOp::Loop:
            end = in.target + 1u;
            break;
        default:
            break;
        }
        if (end >= 1 && end - 1 < ThreadedProgram::kPastEnd)
            out.code[end - 1].scope_may_close = true;
    }
    // Rows: the four words run as one step; a jump into the row's middle still finds each
    // word as it is, and a scope may close only after the last.
    for (std::uint32_t pc = 0; pc + 4 <= size; ++pc) {
        const ThreadedOp* row = &out.code[pc];
        const ThreadedHandler h = row[0].handler;
        if (h != ThreadedHandler::Dp3Plain && h != ThreadedHandler::Dp4Plain &&
            h != ThreadedHandler::DphPlain)
            continue;
        bool fits = true;
        for (unsigned k = 0; k < 4 && fits; ++k) {
            const ShaderInstruction& in = row[k].in;
            fits = row[k].handler == h && in.dst == row[0].in.dst && in.mask == 1u << k &&
                   (k == 3 || !row[k].scope_may_close) &&
                   (k == 0 || (in.src[0] != in.dst && in.src[1] != in.dst));
        }
        if (!fits) continue;
        // A matrix times a vector: one source the same register throughout, the other four
        // consecutive registers.
        int matrix = -1;
        for (unsigned m = 0; m < 2 && matrix < 0; ++m) {
            bool shaped = true;
            for (unsigned k = 1; k < 4; ++k)
                shaped = shaped && row[k].in.src[m] == row[0].in.src[m] + k &&
                         row[k].in.src[m ^ 1] == row[0].in.src[m ^ 1];
            if (shaped) matrix = static_cast<int>(m);
        }
        ThreadedOp& first = out.code[pc];
        if (matrix >= 0) {
            first.row_matrix = static_cast<std::uint8_t>(matrix);
            first.handler = h == ThreadedHandler::Dp3Plain   ? ThreadedHandler::Dp3MatrixRow
                            : h == ThreadedHandler::Dp4Plain ? ThreadedHandler::Dp4MatrixRow
                                                             : ThreadedHandler::DphMatrixRow;
        } else {
            first.handler = h == ThreadedHandler::Dp3Plain   ? ThreadedHandler::Dp3Row
                            : h == ThreadedHandler::Dp4Plain ? ThreadedHandler::Dp4Row
                                                             : ThreadedHandler::DphRow;
        }
        pc += 3;
    }
    const void* const* const labels = ShaderInterpreter::threaded_handlers();
    for (std::uint32_t pc = 0; pc < ThreadedProgram::kPastEnd; ++pc) {
        ThreadedOp& op = out.code[pc];
        op.address = labels[static_cast<unsigned>(op.handler)];
        // A row continues after its fourth word.
        const bool row =
            op.handler >= ThreadedHandler::Dp3Row && op.handler <= ThreadedHandler::DphMatrixRow;
        const std::uint32_t last = row ? pc + 3 : pc;
        op.next = out.code[last].scope_may_close || last + 1 == ThreadedProgram::kPastEnd
                      ? labels[static_cast<unsigned>(ThreadedHandler::CloseScopes)]
                      : labels[static_cast<unsigned>(out.code[last + 1].handler)];
    }
    // Runs, from the end: an instruction that can leave the straight line is a run's last.
    for (std::uint32_t pc = ThreadedProgram::kPastEnd; pc-- > 0;) {
        ThreadedOp& op = out.code[pc];
        bool last = op.scope_may_close || pc + 1 == ThreadedProgram::kPastEnd;
        switch (op.handler) {
        case ThreadedHandler::End:
        case ThreadedHandler::Break:
        case ThreadedHandler::BreakC:
        case ThreadedHandler::Call:
        case ThreadedHandler::If:
        case ThreadedHandler::JmpC:
        case ThreadedHandler::JmpU:
        case ThreadedHandler::Loop:
        case ThreadedHandler::OffEnd:
            last = true;
            break;
        default:
            break;
        }
        op.run = last ? 1 : static_cast<std::uint16_t>(out.code[pc + 1].run + 1);
    }
}

} // namespace picavk::pica
