#include "pica/shader/threaded_program.h"

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

} // namespace

void make_threaded_program(const ShaderProgram& program, ThreadedProgram& out) {
    out.code.assign(ThreadedProgram::kPastEnd, ThreadedOp{});
    out.reads_v = out.reads_r = 0;
    const std::uint32_t size = static_cast<std::uint32_t>(program.code.size());
    for (std::uint32_t pc = 0; pc < size && pc < ThreadedProgram::kPastEnd; ++pc) {
        const ShaderInstruction& in = program.code[pc];
        ThreadedOp& op = out.code[pc];
        op.in = in;
        op.handler = handler_of(in.op);
        op.flag_dst = in.dst >= kRegTemp ? in.dst : static_cast<std::uint8_t>(kRegFileSize);
        for (unsigned n = 0; n < source_count(in.op); ++n) {
            const auto& sw = in.swizzle[n];
            op.swizzle[n] = sw[0] == 0 && sw[1] == 1 && sw[2] == 2 && sw[3] == 3
                                ? ThreadedOp::Swizzle::Identity
                            : sw[0] == sw[1] && sw[1] == sw[2] && sw[2] == sw[3]
                                ? ThreadedOp::Swizzle::Broadcast
                                : ThreadedOp::Swizzle::General;
            const std::uint8_t reg = in.src[n];
            const bool relative = n == in.rel_src && in.idx != 0 && reg >= kRegUniform;
            if (!relative && op.swizzle[n] == ThreadedOp::Swizzle::Identity &&
                !((in.negate >> n) & 1))
                op.plain = static_cast<std::uint8_t>(op.plain | 1u << n);
            if (relative)
                op.relative = static_cast<std::uint8_t>(n);
            else if (reg < kRegTemp)
                out.reads_v = static_cast<std::uint16_t>(out.reads_v | 1u << reg);
            else if (reg < kRegUniform)
                out.reads_r = static_cast<std::uint16_t>(out.reads_r | 1u << (reg - kRegTemp));
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
}

} // namespace picavk::pica
