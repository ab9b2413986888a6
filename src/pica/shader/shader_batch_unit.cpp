#include "pica/shader/shader_batch_unit.h"

#include "pica/shader/shader_lanes.h"

#include <bit>
#include <cmath>
#include <cstring>
#include <limits>

namespace picavk::pica {

using lanes::F;
using lanes::I;

namespace {

// One register value for every lane: component c of lane l is c[c][l].
struct L4 {
    F c[4];
};

constexpr std::uint32_t kAllLanes = (1u << kShaderLanes) - 1;

// MOVA's conversion, as the interpreter's to_address.
inline std::int32_t to_address(float f) {
    if (std::isnan(f)) return 0;
    if (f >= 2147483647.0f) return std::numeric_limits<std::int32_t>::max();
    if (f <= -2147483648.0f) return std::numeric_limits<std::int32_t>::min();
    return static_cast<std::int32_t>(f);
}

// CMP's operators per lane, NaN rules as the interpreter's compare (IEEE comparisons: false
// with a NaN, != true).
inline I compare(std::uint8_t op, F a, F b) {
    switch (op) {
    case 0:
        return a == b;
    case 1:
        return a != b;
    case 2:
        return a < b;
    case 3:
        return a <= b;
    case 4:
        return a > b;
    case 5:
        return a >= b;
    default:
        return lanes::splat_i(-1);
    }
}

struct Scope {
    std::uint32_t end, next, start, remain;
    std::int32_t step;
};

// The interpreter's ring-buffer stacks (overflow drops the oldest entry).
template <unsigned N>
struct Stack {
    std::array<Scope, N> s;
    unsigned size = 0;
    void push(const Scope& v) {
        if (size == N) {
            for (unsigned k = 1; k < N; ++k)
                s[k - 1] = s[k];
            --size;
        }
        s[size++] = v;
    }
    bool top_is(std::uint32_t pc) const { return size && s[size - 1].end == pc; }
    Scope& top() { return s[size - 1]; }
    void pop() { --size; }
};

} // namespace

// Lanes that share a PC and control stacks.
struct ShaderBatchUnit::Group {
    std::uint32_t mask = 0;
    std::uint32_t pc = 0;
    std::uint32_t instructions = 0;
    Stack<ShaderInterpreter::kCallDepth> calls;
    Stack<ShaderInterpreter::kIfDepth> ifs;
    Stack<ShaderInterpreter::kLoopDepth> loops;
    std::int32_t al = 0;
    std::uint8_t bank = 0; // relative to the start
    std::uint8_t emit_vertex = 0;
    bool emit_prim = false, emit_winding = false;
    ShaderFault fault = ShaderFault::None;
    bool depends = false;
    std::uint64_t written_r = 0, written_o[2] = {0, 0};
    std::uint8_t written_state = 0;
};

ShaderBatchUnit::ShaderBatchUnit() {
    std::memset(reg_, 0, sizeof reg_);
    std::memset(out_, 0, sizeof out_);
    std::memset(a0_, 0, sizeof a0_);
    for (unsigned c = 0; c < 4; ++c)
        for (unsigned l = 0; l < kShaderLanes; ++l)
            reg_[kRegOnes][c][l] = 1.0f;
}

void ShaderBatchUnit::set_uniforms(const ShaderUniforms& u) {
    for (unsigned i = 0; i < 96; ++i)
        for (unsigned c = 0; c < 4; ++c)
            lanes::store(reg_[kRegUniform + i][c], lanes::splat(u.f[i][c]));
    bools_ = u.b;
    ints_ = u.i;
}

void ShaderBatchUnit::set_float_uniform(unsigned lane, unsigned i, const Vec4& v) {
    for (unsigned c = 0; c < 4; ++c)
        reg_[kRegUniform + (i % 96)][c][lane] = v[c];
}

void ShaderBatchUnit::set_input(unsigned lane, unsigned reg, const Vec4& v) {
    for (unsigned c = 0; c < 4; ++c)
        reg_[reg & 15][c][lane] = v[c];
}

Vec4 ShaderBatchUnit::output(unsigned lane, unsigned bank, unsigned reg) const {
    return {out_[bank][reg][0][lane], out_[bank][reg][1][lane], out_[bank][reg][2][lane],
            out_[bank][reg][3][lane]};
}

Vec4 ShaderBatchUnit::input(unsigned lane, unsigned reg) const {
    return {reg_[reg][0][lane], reg_[reg][1][lane], reg_[reg][2][lane], reg_[reg][3][lane]};
}

Vec4 ShaderBatchUnit::float_uniform(unsigned lane, unsigned i) const {
    const unsigned r = kRegUniform + (i % 96);
    return {reg_[r][0][lane], reg_[r][1][lane], reg_[r][2][lane], reg_[r][3][lane]};
}

void ShaderBatchUnit::run(const BatchProgram& program, std::uint32_t entry, std::uint32_t lanes,
                          std::uint16_t fed, std::uint64_t consumed, ShaderBatchEmitTarget* emit) {
    lanes &= kAllLanes;
    if (!lanes) return;
    fed_ = fed;
    // A group per way through the program: at most one per lane.
    Group pending[kShaderLanes];
    unsigned pending_count = 1;
    pending[0].mask = lanes;
    pending[0].pc = entry;
    while (pending_count > 0) {
        Group g = pending[--pending_count];
        if (emit)
            run_group<true>(program, g, pending, pending_count, lanes, consumed, emit);
        else
            run_group<false>(program, g, pending, pending_count, lanes, consumed, nullptr);
        for (unsigned l = 0; l < kShaderLanes; ++l) {
            if (!((g.mask >> l) & 1)) continue;
            ShaderLaneEnd& e = ends_[l];
            e.result = {g.fault, g.instructions};
            e.depends_on_previous = g.depends;
            e.written_r = g.written_r;
            e.written_o[0] = g.written_o[0];
            e.written_o[1] = g.written_o[1];
            e.written_state = g.written_state;
            e.bank_flips = g.bank;
            e.al = g.al;
            e.emit_vertex = g.emit_vertex;
            e.emit_prim = g.emit_prim;
            e.emit_winding = g.emit_winding;
        }
    }
}

template <bool kGeometry>
void ShaderBatchUnit::run_group(const BatchProgram& program, Group& g, Group* pending,
                                unsigned& pending_count, std::uint32_t active,
                                std::uint64_t consumed, ShaderBatchEmitTarget* emit) {
    using namespace lanes;
    std::uint64_t fed_bits = 0;
    for (unsigned r = 0; r < 16; ++r)
        if ((fed_ >> r) & 1) fed_bits |= 0xFull << (4 * r);
    // Lanes outside the batch hold nothing anyone reads: a group with every batch lane writes
    // whole vectors; a smaller one (after a split) blends.
    bool whole = g.mask == active;
    I lane_mask = lane_bits(g.mask);
    const auto fault = [&g](ShaderFault f) {
        if (g.fault == ShaderFault::None) g.fault = f;
    };

    const auto read = [&](const BatchInstruction& bi, unsigned n) {
        const ShaderInstruction& in = bi.in;
        const auto& sw = in.swizzle[n];
        L4 v;
        if (n != bi.relative) {
            const float(*r)[kShaderLanes] = reg_[in.src[n]];
            for (unsigned c = 0; c < 4; ++c)
                v.c[c] = load(r[sw[c]]);
        } else {
            // Relative addressing as the interpreter's read: an offset outside [-128, 127] is 0,
            // the index wraps at 128 and c96-c127 read (1, 1, 1, 1).
            const auto reg_for = [&](std::int32_t offset) -> unsigned {
                if (offset < -128 || offset > 127) offset = 0;
                const std::uint32_t index =
                    static_cast<std::uint32_t>(static_cast<std::int32_t>(in.src[n] - kRegUniform) +
                                               offset) &
                    0x7F;
                return index > 95 ? kRegOnes : kRegUniform + index;
            };
            unsigned regs[kShaderLanes];
            bool same = true;
            for (unsigned l = 0; l < kShaderLanes; ++l) {
                regs[l] = reg_for(in.idx == 3 ? g.al : a0_[in.idx - 1][l]);
                if (((g.mask >> l) & 1) && regs[l] != regs[std::countr_zero(g.mask)]) same = false;
            }
            if (same) {
                const float(*r)[kShaderLanes] = reg_[regs[std::countr_zero(g.mask)]];
                for (unsigned c = 0; c < 4; ++c)
                    v.c[c] = load(r[sw[c]]);
            } else {
                alignas(32) float t[4][kShaderLanes];
                for (unsigned c = 0; c < 4; ++c)
                    for (unsigned l = 0; l < kShaderLanes; ++l)
                        t[c][l] = reg_[regs[l]][sw[c]][l];
                for (unsigned c = 0; c < 4; ++c)
                    v.c[c] = load(t[c]);
            }
        }
        if ((in.negate >> n) & 1)
            for (auto& c : v.c)
                c = -c;
        return v;
    };
    const auto flushed = [&](const BatchInstruction& bi, unsigned n) {
        L4 v = read(bi, n);
        for (auto& c : v.c)
            c = f24(c);
        return v;
    };
    const auto write = [&](const ShaderInstruction& in, const L4& v) {
        float(*d)[kShaderLanes] = in.dst < 16 ? out_[g.bank][in.dst] : reg_[in.dst];
        for (unsigned c = 0; c < 4; ++c) {
            if (!((in.mask >> c) & 1)) continue;
            if (whole)
                store(d[c], v.c[c]);
            else
                store(d[c], select(lane_mask, v.c[c], load(d[c])));
        }
    };
    const auto write_all = [&](const ShaderInstruction& in, F x) { write(in, L4{{x, x, x, x}}); };
    const auto set_flags = [&](unsigned i, I m) {
        cmp_[i] = (cmp_[i] & ~g.mask) | (movemask(m) & g.mask);
    };
    const auto condition = [&](const ShaderInstruction& in) {
        const std::uint32_t x = in.refx ? cmp_[0] : ~cmp_[0];
        const std::uint32_t y = in.refy ? cmp_[1] : ~cmp_[1];
        switch (in.condop) {
        case 0:
            return (x | y) & g.mask;
        case 1:
            return x & y & g.mask;
        case 2:
            return x & g.mask;
        default:
            return y & g.mask;
        }
    };
    // Lanes that disagree on a branch: those not taking it wait as their own group and run this
    // instruction again from the same state.
    const auto split = [&](std::uint32_t taken) {
        if (taken == 0 || taken == g.mask) return;
        Group& rest = pending[pending_count++];
        rest = g;
        rest.mask = g.mask & ~taken;
        g.mask = taken;
        whole = false;
        lane_mask = lane_bits(g.mask);
    };
    const auto hands_on_outputs = [&] {
        if (consumed & ~g.written_o[g.bank]) g.depends = true;
    };

    const std::uint32_t size = static_cast<std::uint32_t>(program.code.size());
    for (;;) {
        if (g.pc >= size) {
            fault(ShaderFault::RanOffEnd);
            break;
        }
        if (g.instructions >= budget_) {
            fault(ShaderFault::BudgetExceeded);
            break;
        }
        const BatchInstruction& bi = program.code[g.pc];
        const ShaderInstruction& in = bi.in;
        if ((bi.reads_v & ~fed_bits) | (bi.reads_r & ~g.written_r) |
            (bi.reads_state & ~g.written_state)) {
            g.depends = true; // its results are not used: stop here
            return;
        }
        std::uint32_t taken = 0;
        switch (in.op) {
        case ShaderOp::BreakC:
        case ShaderOp::CallC:
        case ShaderOp::IfC:
        case ShaderOp::JmpC:
            taken = condition(in);
            split(taken);
            break;
        default:
            break;
        }
        ++g.instructions;
        bool has_jump = false;
        std::uint32_t jump = 0;
        switch (in.op) {
        case ShaderOp::Add: {
            const L4 a = flushed(bi, 0), b = flushed(bi, 1);
            L4 r;
            for (unsigned c = 0; c < 4; ++c)
                r.c[c] = f24(a.c[c] + b.c[c]);
            write(in, r);
            break;
        }
        case ShaderOp::Mul: {
            const L4 a = flushed(bi, 0), b = flushed(bi, 1);
            L4 r;
            for (unsigned c = 0; c < 4; ++c)
                r.c[c] = f24(mul24(a.c[c], b.c[c]));
            write(in, r);
            break;
        }
        case ShaderOp::Dp3:
        case ShaderOp::Dp4:
        case ShaderOp::Dph: {
            L4 a = flushed(bi, 0);
            const L4 b = flushed(bi, 1);
            if (in.op == ShaderOp::Dph) a.c[3] = splat(1.0f);
            F sum = mul24(a.c[0], b.c[0]) + mul24(a.c[1], b.c[1]) + mul24(a.c[2], b.c[2]);
            if (in.op != ShaderOp::Dp3) sum += mul24(a.c[3], b.c[3]);
            write_all(in, f24(sum));
            break;
        }
        case ShaderOp::Dst: {
            const L4 a = flushed(bi, 0), b = flushed(bi, 1);
            write(in, L4{{splat(1.0f), f24(mul24(a.c[1], b.c[1])), a.c[2], b.c[3]}});
            break;
        }
        case ShaderOp::Ex2:
        case ShaderOp::Lg2:
        case ShaderOp::Rcp:
        case ShaderOp::Rsq: {
            const F x = f24(read(bi, 0).c[0]);
            F r;
            if (in.op == ShaderOp::Rcp) {
                r = splat(1.0f) / x;
            } else {
                for (unsigned l = 0; l < kShaderLanes; ++l) {
                    const float s = x[l];
                    r[l] = in.op == ShaderOp::Ex2   ? std::exp2(s)
                           : in.op == ShaderOp::Lg2 ? std::log2(s)
                                                    : 1.0f / std::sqrt(s);
                }
            }
            write_all(in, f24(r));
            break;
        }
        case ShaderOp::Litp: {
            const L4 s = read(bi, 0);
            const F limit = splat(127.99609375f), zero = splat(0.0f);
            const F y = select(s.c[1] < -limit, -limit, select(s.c[1] > limit, limit, s.c[1]));
            write(in, L4{{select(s.c[0] > zero, s.c[0], zero), y, zero,
                          select(s.c[3] > zero, s.c[3], zero)}});
            set_flags(0, s.c[0] >= zero);
            set_flags(1, s.c[3] >= zero);
            break;
        }
        case ShaderOp::Sge:
        case ShaderOp::Slt: {
            const L4 a = read(bi, 0), b = read(bi, 1);
            const F one = splat(1.0f), zero = splat(0.0f);
            L4 r;
            for (unsigned c = 0; c < 4; ++c)
                r.c[c] =
                    select(in.op == ShaderOp::Sge ? a.c[c] >= b.c[c] : a.c[c] < b.c[c], one, zero);
            write(in, r);
            break;
        }
        case ShaderOp::Flr: {
            L4 a = flushed(bi, 0);
            for (auto& c : a.c) {
                for (unsigned l = 0; l < kShaderLanes; ++l)
                    c[l] = std::floor(c[l]);
                c = f24(c);
            }
            write(in, a);
            break;
        }
        case ShaderOp::Max:
        case ShaderOp::Min: {
            const L4 a = read(bi, 0), b = read(bi, 1);
            L4 r;
            for (unsigned c = 0; c < 4; ++c)
                r.c[c] = select(in.op == ShaderOp::Max ? a.c[c] > b.c[c] : a.c[c] < b.c[c], a.c[c],
                                b.c[c]);
            write(in, r);
            break;
        }
        case ShaderOp::Mova: {
            const L4 a = read(bi, 0);
            for (unsigned l = 0; l < kShaderLanes; ++l) {
                if (!((g.mask >> l) & 1)) continue;
                if (in.mask & 1) a0_[0][l] = to_address(a.c[0][l]);
                if (in.mask & 2) a0_[1][l] = to_address(a.c[1][l]);
            }
            break;
        }
        case ShaderOp::Mov:
            write(in, read(bi, 0));
            break;
        case ShaderOp::Cmp: {
            const L4 a = read(bi, 0), b = read(bi, 1);
            set_flags(0, compare(in.cmp_op[0], a.c[0], b.c[0]));
            set_flags(1, compare(in.cmp_op[1], a.c[1], b.c[1]));
            break;
        }
        case ShaderOp::Mad: {
            const L4 a = flushed(bi, 0), b = flushed(bi, 1), c = flushed(bi, 2);
            L4 r;
            for (unsigned k = 0; k < 4; ++k)
                r.c[k] = f24(f24(mul24(a.c[k], b.c[k])) + c.c[k]);
            write(in, r);
            break;
        }
        case ShaderOp::Nop:
            break;
        case ShaderOp::End:
            if constexpr (!kGeometry) hands_on_outputs();
            return;
        case ShaderOp::Break:
        case ShaderOp::BreakC:
            if (in.op == ShaderOp::BreakC && !taken) break;
            if (g.loops.size == 0) {
                fault(ShaderFault::BreakOutsideLoop);
                if constexpr (!kGeometry) hands_on_outputs();
                return;
            }
            g.pc = g.loops.top().next;
            g.loops.pop();
            continue;
        case ShaderOp::Call:
        case ShaderOp::CallC:
        case ShaderOp::CallU:
            if (in.op == ShaderOp::Call ||
                (in.op == ShaderOp::CallC ? taken != 0 : get_bool(in.id))) {
                g.calls.push({static_cast<std::uint32_t>(in.target + in.num), g.pc + 1, 0, 0, 0});
                has_jump = true;
                jump = in.target;
            }
            break;
        case ShaderOp::IfU:
        case ShaderOp::IfC:
            if (in.op == ShaderOp::IfU ? get_bool(in.id) : taken != 0) {
                g.ifs.push({in.target, static_cast<std::uint32_t>(in.target + in.num), 0, 0, 0});
            } else {
                has_jump = true;
                jump = in.target;
            }
            break;
        case ShaderOp::JmpC:
            if (taken) has_jump = true, jump = in.target;
            break;
        case ShaderOp::JmpU:
            if (get_bool(in.id) == !(in.num & 1)) has_jump = true, jump = in.target;
            break;
        case ShaderOp::Loop: {
            const auto& i = ints_[in.id];
            g.al = i[1];
            g.loops.push({static_cast<std::uint32_t>(in.target + 1u),
                          static_cast<std::uint32_t>(in.target + 1u), g.pc + 1, i[0], i[2]});
            break;
        }
        case ShaderOp::Emit:
            if constexpr (!kGeometry) {
                fault(ShaderFault::EmitInVertexShader);
            } else {
                // The emitted outputs and the SETEMIT state must come from this invocation.
                if ((consumed & ~g.written_o[g.bank]) || !(g.written_state & kStateEmit)) {
                    g.depends = true;
                    return;
                }
                for (unsigned l = 0; l < kShaderLanes; ++l)
                    if ((g.mask >> l) & 1)
                        emit->emit(l, outputs(g.bank), g.emit_vertex, g.emit_prim, g.emit_winding);
                g.bank ^= 1;
            }
            break;
        case ShaderOp::SetEmit:
            if constexpr (!kGeometry) {
                fault(ShaderFault::EmitInVertexShader);
            } else {
                g.emit_vertex = in.vertex_id;
                g.emit_prim = in.prim_emit;
                g.emit_winding = in.winding;
                g.written_state |= kStateEmit;
            }
            break;
        case ShaderOp::Unknown:
            fault(ShaderFault::UnknownOpcode);
            break;
        }
        g.written_r |= bi.writes_r;
        g.written_o[g.bank] |= bi.writes_o;
        g.written_state |= bi.writes_state;

        // Scope closing and the next PC exactly as the interpreter: LOOP > IF > CALL > jump.
        const std::uint32_t after = g.pc + 1;
        bool has_next = false;
        std::uint32_t next = 0;
        if (g.loops.top_is(after)) {
            Scope& l = g.loops.top();
            g.al += l.step;
            if (l.remain > 0) {
                --l.remain;
                has_next = true, next = l.start;
            } else {
                has_next = true, next = l.next;
                g.loops.pop();
            }
        }
        if (g.ifs.top_is(after)) {
            if (!has_next) has_next = true, next = g.ifs.top().next;
            g.ifs.pop();
        }
        bool has_return = false;
        std::uint32_t call_return = 0;
        for (unsigned pops = 0; g.calls.top_is(after); ++pops) {
            if (pops < 3) has_return = true, call_return = g.calls.top().next;
            g.calls.pop();
        }
        if (!has_next && has_return) has_next = true, next = call_return;
        if (!has_next && has_jump) has_next = true, next = jump;
        g.pc = has_next ? next : after;
    }
    // Stopped by a fault (budget, off the end): the outputs are handed on as they are.
    if constexpr (!kGeometry) hands_on_outputs();
}

} // namespace picavk::pica
