#include "pica/shader/shader_interpreter.h"

#include "pica/shader/float24.h"

#include <cmath>
#include <limits>
#include <optional>

namespace picavk::pica {

namespace {

// float24 (1.7.16, bias 63) range: the smallest normal is 2^-62, the largest finite value is
// just below 2^64. Arithmetic flushes subnormal inputs and outputs to +0 and there is no -0
// (float24.h).
inline float f24(float x) {
    return float24_flush(x);
}

// inf * 0 = 0 (also inside DP3/DP4/DPH/MAD), but NaN * 0 = NaN (3dbrew; aroulin fp-tests 20-27).
inline float mul24(float a, float b) {
    const float r = a * b;
    if (std::isnan(r) && !std::isnan(a) && !std::isnan(b)) return 0.0f;
    return r;
}

inline Vec4 flush(Vec4 v) {
    for (float& c : v)
        c = f24(c);
    return v;
}

} // namespace

void ShaderInterpreter::set_uniforms(const ShaderUniforms& u) {
    for (unsigned i = 0; i < 96; ++i) {
        reg_[kRegUniform + i] = u.f[i];
        unclean_[kRegUniform + i] = !f24_clean(u.f[i]);
    }
    reg_[kRegOnes] = {1.0f, 1.0f, 1.0f, 1.0f};
    unclean_[kRegOnes] = 0;
    bools_ = u.b;
    ints_ = u.i;
}

inline Vec4 ShaderInterpreter::read(const ShaderInstruction& in, unsigned n) const {
    std::uint32_t r = in.src[n];
    if (n == in.rel_src && in.idx != 0 && r >= kRegUniform)
        r = relative_uniform(r, in.idx == 1 ? a0_[0] : (in.idx == 2 ? a0_[1] : al_));
    const Vec4& s = reg_[r];
    const auto& sw = in.swizzle[n];
    Vec4 v{s[sw[0]], s[sw[1]], s[sw[2]], s[sw[3]]};
    if ((in.negate >> n) & 1) {
        for (float& c : v)
            c = -c;
    }
    return v;
}

inline void ShaderInterpreter::write(const ShaderInstruction& in, const Vec4& v) {
    Vec4& d = in.dst < 16 ? out_[bank_][in.dst] : reg_[in.dst];
    // All four components (most writes): one store. Four scalar stores would stall the next
    // vector read of the register (an output's copy, an input's next use).
    if (in.mask == 0xF) {
        d = v;
        return;
    }
    for (unsigned c = 0; c < 4; ++c)
        if ((in.mask >> c) & 1) d[c] = v[c];
}

bool ShaderInterpreter::condition(const ShaderInstruction& in) const {
    const bool x = cmp_[0] == static_cast<bool>(in.refx);
    const bool y = cmp_[1] == static_cast<bool>(in.refy);
    switch (in.condop) {
    case 0:
        return x || y;
    case 1:
        return x && y;
    case 2:
        return x;
    default:
        return y;
    }
}

ShaderRunResult ShaderInterpreter::run(const ShaderProgram& program, std::uint32_t entry,
                                       ShaderEmitTarget* emit_target) {
    temp_flags_valid_ = false; // this run writes temporaries without their flags
    ShaderRunResult result;
    const auto fault = [&result](ShaderFault f) {
        if (result.fault == ShaderFault::None) result.fault = f;
    };
    Stack<kCallDepth> calls;
    Stack<kIfDepth> ifs;
    Stack<kLoopDepth> loops;
    const std::uint32_t size = static_cast<std::uint32_t>(program.code.size());
    std::uint32_t pc = entry;
    for (;;) {
        if (pc >= size) {
            fault(ShaderFault::RanOffEnd);
            break;
        }
        if (result.instructions >= budget_) {
            fault(ShaderFault::BudgetExceeded);
            break;
        }
        ++result.instructions;
        const ShaderInstruction& in = program.code[pc];
        std::optional<std::uint32_t> jump;
        switch (in.op) {
        case ShaderOp::Add: {
            const Vec4 a = flush(read(in, 0)), b = flush(read(in, 1));
            write(in, {f24(a[0] + b[0]), f24(a[1] + b[1]), f24(a[2] + b[2]), f24(a[3] + b[3])});
            break;
        }
        case ShaderOp::Mul: {
            const Vec4 a = flush(read(in, 0)), b = flush(read(in, 1));
            write(in, {f24(mul24(a[0], b[0])), f24(mul24(a[1], b[1])), f24(mul24(a[2], b[2])),
                       f24(mul24(a[3], b[3]))});
            break;
        }
        case ShaderOp::Dp3:
        case ShaderOp::Dp4:
        case ShaderOp::Dph: {
            Vec4 a = flush(read(in, 0));
            const Vec4 b = flush(read(in, 1));
            if (in.op == ShaderOp::Dph) a[3] = 1.0f; // SRC1.w replaced by 1 (also DPHI)
            float sum = mul24(a[0], b[0]) + mul24(a[1], b[1]) + mul24(a[2], b[2]);
            if (in.op != ShaderOp::Dp3) sum += mul24(a[3], b[3]);
            const float r = f24(sum);
            write(in, {r, r, r, r});
            break;
        }
        case ShaderOp::Dst: {
            const Vec4 a = flush(read(in, 0)), b = flush(read(in, 1));
            write(in, {1.0f, f24(mul24(a[1], b[1])), a[2], b[3]});
            break;
        }
        case ShaderOp::Ex2:
        case ShaderOp::Lg2:
        case ShaderOp::Rcp:
        case ShaderOp::Rsq: {
            // Only component 0 of the swizzled source is used; every enabled lane gets the
            // result (aroulin/3ds-gpu-tests rcp "UseOnlyFirstComponent").
            const float r = f24(unary_result(in.op, f24(read(in, 0)[0])));
            write(in, {r, r, r, r});
            break;
        }
        case ShaderOp::Litp: {
            // 3dbrew; Panda3DS tests/PICA_LITP (hardware).
            const Vec4 s = read(in, 0);
            constexpr float kLimit = 127.99609375f; // 128 - 1/256
            const float y = s[1] < -kLimit ? -kLimit : (s[1] > kLimit ? kLimit : s[1]);
            write(in, {s[0] > 0.0f ? s[0] : 0.0f, y, 0.0f, s[3] > 0.0f ? s[3] : 0.0f});
            cmp_[0] = s[0] >= 0.0f;
            cmp_[1] = s[3] >= 0.0f;
            break;
        }
        case ShaderOp::Sge:
        case ShaderOp::Slt: {
            // Comparisons with NaN are false (aroulin fp-tests 28-35).
            const Vec4 a = read(in, 0), b = read(in, 1);
            Vec4 r;
            for (unsigned c = 0; c < 4; ++c)
                r[c] = (in.op == ShaderOp::Sge ? a[c] >= b[c] : a[c] < b[c]) ? 1.0f : 0.0f;
            write(in, r);
            break;
        }
        case ShaderOp::Flr: {
            Vec4 a = flush(read(in, 0));
            for (float& c : a)
                c = f24(std::floor(c));
            write(in, a);
            break;
        }
        case ShaderOp::Max:
        case ShaderOp::Min: {
            // max = s1 > s2 ? s1 : s2, so a NaN on either side yields s2 (3dbrew table; fp-tests
            // 9-18). No flushing: max(subnormal, 0) is the subnormal (3dbrew).
            const Vec4 a = read(in, 0), b = read(in, 1);
            Vec4 r;
            for (unsigned c = 0; c < 4; ++c)
                r[c] = (in.op == ShaderOp::Max ? a[c] > b[c] : a[c] < b[c]) ? a[c] : b[c];
            write(in, r);
            break;
        }
        case ShaderOp::Mova: {
            const Vec4 a = read(in, 0);
            if (in.mask & 1) a0_[0] = mova_address(a[0]);
            if (in.mask & 2) a0_[1] = mova_address(a[1]);
            break;
        }
        case ShaderOp::Mov:
            write(in, read(in, 0));
            break;
        case ShaderOp::Cmp: {
            const Vec4 a = read(in, 0), b = read(in, 1);
            cmp_[0] = shader_compare(in.cmp_op[0], a[0], b[0]);
            cmp_[1] = shader_compare(in.cmp_op[1], a[1], b[1]);
            break;
        }
        case ShaderOp::Mad: {
            // Not fused: the product is rounded before the add (3dbrew).
            const Vec4 a = flush(read(in, 0)), b = flush(read(in, 1)), c = flush(read(in, 2));
            Vec4 r;
            for (unsigned k = 0; k < 4; ++k)
                r[k] = f24(f24(mul24(a[k], b[k])) + c[k]);
            write(in, r);
            break;
        }
        case ShaderOp::Nop:
            break;
        case ShaderOp::End:
            return result;
        case ShaderOp::Break:
        case ShaderOp::BreakC:
            if (in.op == ShaderOp::BreakC && !condition(in)) break;
            if (loops.size == 0) { // hangs a real GPU (3dbrew); end the invocation instead
                fault(ShaderFault::BreakOutsideLoop);
                return result;
            }
            pc = loops.top().next;
            loops.pop();
            continue;
        case ShaderOp::Call:
        case ShaderOp::CallC:
        case ShaderOp::CallU: {
            const bool taken = in.op == ShaderOp::Call ||
                               (in.op == ShaderOp::CallC ? condition(in) : get_bool(in.id));
            if (taken) {
                calls.push({static_cast<std::uint32_t>(in.target + in.num), pc + 1, 0, 0, 0});
                jump = in.target;
            }
            break;
        }
        case ShaderOp::IfU:
        case ShaderOp::IfC:
            // True: run on to the else block at DST, then skip it (DST + NUM). False: run the
            // else block.
            if (in.op == ShaderOp::IfU ? get_bool(in.id) : condition(in)) {
                ifs.push({in.target, static_cast<std::uint32_t>(in.target + in.num), 0, 0, 0});
            } else {
                jump = in.target;
            }
            break;
        case ShaderOp::JmpC:
            if (condition(in)) jump = in.target;
            break;
        case ShaderOp::JmpU:
            // Jumps when b[id] == !(NUM & 1): NUM bit 0 inverts the test (3dbrew).
            if (get_bool(in.id) == !(in.num & 1)) jump = in.target;
            break;
        case ShaderOp::Loop: {
            // aL = i.y; the body [PC+1, DST] runs i.x + 1 times, aL += i.z after each pass.
            const auto& i = ints_[in.id];
            al_ = i[1];
            loops.push({static_cast<std::uint32_t>(in.target + 1u),
                        static_cast<std::uint32_t>(in.target + 1u), pc + 1, i[0], i[2]});
            break;
        }
        case ShaderOp::Emit:
            if (!emit_target) {
                fault(ShaderFault::EmitInVertexShader);
                break;
            }
            emit_target->emit(out_[bank_], emit_vertex_, emit_prim_, emit_winding_);
            bank_ ^= 1;
            break;
        case ShaderOp::SetEmit:
            if (!emit_target) {
                fault(ShaderFault::EmitInVertexShader);
                break;
            }
            emit_vertex_ = in.vertex_id;
            emit_prim_ = in.prim_emit;
            emit_winding_ = in.winding;
            break;
        case ShaderOp::Unknown:
            fault(ShaderFault::UnknownOpcode);
            break;
        }

        // Close the scopes that end after this instruction. Each stack is checked against
        // PC + 1; LOOP and IF pop at most once, CALL while its top matches. Priority for the new
        // PC: LOOP > IF > CALL > a jump by this instruction > PC + 1 (3dbrew "Control Flow").
        const std::uint32_t after = pc + 1;
        std::optional<std::uint32_t> next;
        if (loops.top_is(after)) {
            Scope& l = loops.top();
            al_ += l.step;
            if (l.remain > 0) {
                --l.remain;
                next = l.start;
            } else {
                next = l.next;
                loops.pop();
            }
        }
        if (ifs.top_is(after)) {
            if (!next) next = ifs.top().next;
            ifs.pop();
        }
        std::optional<std::uint32_t> call_return;
        for (unsigned pops = 0; calls.top_is(after); ++pops) {
            // Hardware bug: a fourth return in one step loses its PC update (3dbrew).
            if (pops < 3) call_return = calls.top().next;
            calls.pop();
        }
        if (!next) next = call_return;
        if (!next) next = jump;
        pc = next ? *next : after;
    }
    return result;
}

} // namespace picavk::pica
