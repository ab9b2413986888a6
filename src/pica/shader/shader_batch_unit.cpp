#include "pica/shader/shader_batch_unit.h"

#include "pica/shader/shader_lanes.h"

#include <atomic>
#include <bit>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <limits>

namespace picavk::pica {

// AVX2 code (W = 8) is built into the baseline binary with a target attribute and used only
// where the CPU reports AVX2 (and the OS saves its registers: GCC's and Clang's
// __builtin_cpu_supports check both).
#if (defined(__x86_64__) || defined(__i386__)) && (defined(__GNUC__) || defined(__clang__))
#define PICAVK_LANES_AVX2 1
#else
#define PICAVK_LANES_AVX2 0
#endif

namespace {

bool avx2_available() {
#if PICAVK_LANES_AVX2
    __builtin_cpu_init(); // may run before the constructors that would call it
    return __builtin_cpu_supports("avx2");
#else
    return false;
#endif
}

// PICAVK_SHADER_LANES_WIDTH=4 keeps a host with AVX2 on the baseline code (benchmarks, tests).
unsigned initial_width() {
    if (const char* env = std::getenv("PICAVK_SHADER_LANES_WIDTH"); env && env[0] == '4') return 4;
    return avx2_available() ? 8 : 4;
}

std::atomic<unsigned> g_width{initial_width()};

} // namespace

// GCC does not inline these lambdas on its own, and each is called for every instruction.
#define PICAVK_INLINE __attribute__((always_inline))

namespace {

// One register value for every lane: component c of lane l is c[c][l].
template <unsigned W, unsigned N>
struct L4 {
    lanes::F<W, N> c[4];
};

// CMP's operators per lane, NaN rules as the interpreter's compare (IEEE comparisons: false
// with a NaN, != true).
template <unsigned W, unsigned N>
[[gnu::always_inline]] inline lanes::I<W, N> compare(std::uint8_t op, const lanes::F<W, N>& a,
                                                     const lanes::F<W, N>& b) {
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
        return lanes::splat_i<W, N>(-1);
    }
}

// PCs reach 4095 + 255 (a target plus NUM); the loop count and step are 8-bit uniforms.
struct Scope {
    std::uint16_t end, next, start;
    std::uint8_t remain, step;
};

constexpr std::uint16_t pc16(std::uint32_t pc) {
    return static_cast<std::uint16_t>(pc);
}

template <unsigned N>
using Stack = FlowStack<Scope, N>;

} // namespace

// Lanes that share a PC and control stacks. A run sets up one group and copies it only where
// lanes split.
struct ShaderBatchUnit::Group {
    std::uint32_t mask;
    std::uint32_t pc;
    std::uint32_t instructions;
    Stack<ShaderInterpreter::kCallDepth> calls;
    Stack<ShaderInterpreter::kIfDepth> ifs;
    Stack<ShaderInterpreter::kLoopDepth> loops;
    std::int32_t al;
    std::uint8_t bank; // relative to the start
    std::uint8_t emit_vertex;
    bool emit_prim, emit_winding;
    ShaderFault fault;
    bool depends;
    std::uint64_t written_r, written_o[2];
    std::uint8_t written_state;

    void start(std::uint32_t lanes, std::uint32_t entry, const ShaderBatchCarried& c) {
        mask = lanes, pc = entry, instructions = 0;
        calls.size = ifs.size = loops.size = 0;
        al = c.al, bank = 0;
        emit_vertex = c.emit_vertex, emit_prim = c.emit_prim, emit_winding = c.emit_winding;
        fault = ShaderFault::None, depends = false;
        written_r = c.temps, written_o[0] = written_o[1] = c.outputs, written_state = c.state;
    }
};

namespace {

// lanes::clean for one value.
bool clean_value(float x) {
    const std::uint32_t t = std::bit_cast<std::uint32_t>(x) & 0x7FFFFFFF;
    return t == 0 || (t >= 0x20800000 && t < 0x5F800000) || t > 0x7F800000;
}

std::uint8_t clean_bits(const Vec4& v) {
    std::uint8_t b = 0;
    for (unsigned c = 0; c < 4; ++c)
        if (clean_value(v[c])) b |= static_cast<std::uint8_t>(1u << c);
    return b;
}

} // namespace

ShaderBatchUnit::ShaderBatchUnit() {
    std::memset(reg_, 0, sizeof reg_);
    std::memset(out_, 0, sizeof out_);
    std::memset(a0_, 0, sizeof a0_);
    for (unsigned c = 0; c < 4; ++c)
        for (unsigned l = 0; l < kShaderLanes; ++l)
            reg_[kRegOnes][c][l] = 1.0f;
    clean_[kRegOnes] = 0xF;
}

void ShaderBatchUnit::set_uniforms(const ShaderUniforms& u) {
    uniforms_ = u.f;
    uniforms_pending_ = true;
    bools_ = u.b;
    ints_ = u.i;
    ++flow_setup_;
}

void ShaderBatchUnit::spread_uniforms() {
    uniforms_pending_ = false;
    for (unsigned i = 0; i < 96; ++i) {
        for (unsigned c = 0; c < 4; ++c)
            for (unsigned l = 0; l < kShaderLanes; ++l)
                reg_[kRegUniform + i][c][l] = uniforms_[i][c];
        clean_[kRegUniform + i] = clean_bits(uniforms_[i]);
    }
}

void ShaderBatchUnit::set_float_uniform(unsigned lane, unsigned i, const Vec4& v) {
    if (uniforms_pending_) spread_uniforms();
    for (unsigned c = 0; c < 4; ++c)
        reg_[kRegUniform + (i % 96)][c][lane] = v[c];
    // Still clean in every lane only if it was and this value is.
    clean_[kRegUniform + (i % 96)] &= clean_bits(v);
}

void ShaderBatchUnit::set_input_all(unsigned reg, const Vec4& v) {
    for (unsigned c = 0; c < 4; ++c)
        for (unsigned l = 0; l < kShaderLanes; ++l)
            reg_[reg & 15][c][l] = v[c];
}

void ShaderBatchUnit::set_temp_all(unsigned reg, unsigned c, float v) {
    for (unsigned l = 0; l < kShaderLanes; ++l)
        reg_[kRegTemp + (reg & 15)][c & 3][l] = v;
}

void ShaderBatchUnit::set_output_all(unsigned bank, unsigned reg, unsigned c, float v) {
    for (unsigned l = 0; l < kShaderLanes; ++l)
        out_[bank & 1][reg & 15][c & 3][l] = v;
}

void ShaderBatchUnit::set_a0_all(unsigned i, std::int32_t v) {
    for (unsigned l = 0; l < kShaderLanes; ++l)
        a0_[i & 1][l] = v;
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
    if (uniforms_pending_) return uniforms_[i % 96];
    const unsigned r = kRegUniform + (i % 96);
    return {reg_[r][0][lane], reg_[r][1][lane], reg_[r][2][lane], reg_[r][3][lane]};
}

void ShaderBatchUnit::run(const BatchProgram& program, std::uint32_t entry, std::uint32_t lanes,
                          std::uint16_t fed, std::uint64_t consumed, ShaderBatchEmitTarget* emit) {
    lanes &= (1u << batch_lanes()) - 1;
    if (!lanes) return;
    if (uniforms_pending_) spread_uniforms();
    fed_ = fed | carried_.inputs;
    // A group per way through the program: at most one per lane. The last one runs in place;
    // splits add groups after it.
    Group pending[kShaderLanes];
    unsigned pending_count = 1;
    pending[0].start(lanes, entry, carried_);
    groups_ = 0;
    while (pending_count > 0) {
        const unsigned at = pending_count - 1;
        Group& g = pending[at];
        if (g_width.load(std::memory_order_relaxed) == 8)
            run_group_w8(program, g, pending, pending_count, lanes, consumed, emit);
        else
            run_group_w4(program, g, pending, pending_count, lanes, consumed, emit);
        const unsigned index = groups_++;
        for (std::uint32_t m = g.mask; m; m &= m - 1)
            lane_group_[static_cast<unsigned>(std::countr_zero(m))] =
                static_cast<std::uint8_t>(index);
        {
            ShaderLaneEnd& e = ends_[index];
            e.result = {g.fault, g.instructions};
            e.depends_on_previous = g.depends;
            // What the program wrote (carried state it cannot write stays the reference's).
            e.written_r = g.written_r & ~carried_.temps;
            e.written_o[0] = g.written_o[0] & ~carried_.outputs;
            e.written_o[1] = g.written_o[1] & ~carried_.outputs;
            e.written_state = g.written_state & ~carried_.state;
            e.bank_flips = g.bank;
            e.al = g.al;
            e.emit_vertex = g.emit_vertex;
            e.emit_prim = g.emit_prim;
            e.emit_winding = g.emit_winding;
        }
        if (at != pending_count - 1) g = pending[pending_count - 1];
        --pending_count;
    }
}

template <bool kGeometry, unsigned W, unsigned N>
[[gnu::always_inline]] inline void
ShaderBatchUnit::run_group(const BatchProgram& program, Group& g, Group* pending,
                           unsigned& pending_count, std::uint32_t active, std::uint64_t consumed,
                           ShaderBatchEmitTarget* emit) {
    using namespace lanes;
    using F = lanes::F<W, N>;
    using I = lanes::I<W, N>;
    using L4 = pica::L4<W, N>;
    constexpr unsigned kN = F::kLanes; // this batch's lanes
    std::uint64_t fed_bits = 0;
    for (unsigned r = 0; r < 16; ++r)
        if ((fed_ >> r) & 1) fed_bits |= 0xFull << (4 * r);
    // Lanes outside the batch hold nothing anyone reads: a group with every batch lane writes
    // whole vectors; a smaller one (after a split) blends.
    bool whole = g.mask == active;
    if (g.instructions == 0 && whole) { // a batch's first group: classify its inputs
        for (unsigned r = 0; r < 16; ++r) {
            std::uint8_t b = 0;
            if ((fed_ >> r) & 1)
                for (unsigned c = 0; c < 4; ++c)
                    if ((movemask(clean(load<W, N>(reg_[r][c]))) & active) == active)
                        b |= static_cast<std::uint8_t>(1u << c);
            clean_[r] = b;
        }
    }
    I lane_mask = lane_bits<W, N>(g.mask);
    const auto fault = [&g](ShaderFault f) {
        if (g.fault == ShaderFault::None) g.fault = f;
    };

    const auto read = [&](const BatchInstruction& bi, unsigned n) PICAVK_INLINE {
        const ShaderInstruction& in = bi.in;
        const auto& sw = in.swizzle[n];
        L4 v;
        if (n != bi.relative) {
            const float(*r)[kShaderLanes] = reg_[in.src[n]];
            for (unsigned c = 0; c < 4; ++c)
                v.c[c] = load<W, N>(r[sw[c]]);
        } else {
            // Relative addressing as the interpreter's read (shader_flow.h).
            const auto reg_for = [&](std::int32_t offset) -> unsigned {
                return relative_uniform(in.src[n], offset);
            };
            unsigned regs[kN];
            bool same = true;
            for (unsigned l = 0; l < kN; ++l) {
                regs[l] = reg_for(in.idx == 3 ? g.al : a0_[in.idx - 1][l]);
                if (((g.mask >> l) & 1) && regs[l] != regs[std::countr_zero(g.mask)]) same = false;
            }
            if (same) {
                const float(*r)[kShaderLanes] = reg_[regs[std::countr_zero(g.mask)]];
                for (unsigned c = 0; c < 4; ++c)
                    v.c[c] = load<W, N>(r[sw[c]]);
            } else {
                alignas(32) float t[4][kShaderLanes];
                for (unsigned c = 0; c < 4; ++c)
                    for (unsigned l = 0; l < kN; ++l)
                        t[c][l] = reg_[regs[l]][sw[c]][l];
                for (unsigned c = 0; c < 4; ++c)
                    v.c[c] = load<W, N>(t[c]);
            }
        }
        if ((in.negate >> n) & 1)
            for (auto& c : v.c)
                c = -c;
        return v;
    };
    // Whether every operand of bi is clean (lanes::clean) in every lane: the fast forms of ADD,
    // MUL, DP3/DP4/DPH and MAD then give the same bits.
    const auto operands_clean = [&](const BatchInstruction& bi, unsigned count) PICAVK_INLINE {
        for (unsigned n = 0; n < count; ++n)
            if (n == bi.relative || (clean_[bi.in.src[n]] & bi.comps[n]) != bi.comps[n])
                return false;
        return true;
    };
    const auto flushed = [&](const BatchInstruction& bi, unsigned n) PICAVK_INLINE {
        L4 v = read(bi, n);
        for (auto& c : v.c)
            c = f24(c);
        return v;
    };
    const auto write = [&](const ShaderInstruction& in, const L4& v) PICAVK_INLINE {
        float(*d)[kShaderLanes] = in.dst < 16 ? out_[g.bank][in.dst] : reg_[in.dst];
        for (unsigned c = 0; c < 4; ++c) {
            if (!((in.mask >> c) & 1)) continue;
            if (whole)
                store(d[c], v.c[c]);
            else
                store(d[c], select(lane_mask, v.c[c], load<W, N>(d[c])));
        }
    };
    const auto write_all = [&](const ShaderInstruction& in, F x) PICAVK_INLINE {
        write(in, L4{{x, x, x, x}});
    };
    const auto set_flags = [&](unsigned i, I m) PICAVK_INLINE {
        cmp_[i] = (cmp_[i] & ~g.mask) | (movemask(m) & g.mask);
    };
    const auto condition = [&](const ShaderInstruction& in) PICAVK_INLINE {
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
        lane_mask = lane_bits<W, N>(g.mask);
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
            if (operands_clean(bi, 2)) {
                const L4 a = read(bi, 0), b = read(bi, 1);
                L4 r;
                for (unsigned c = 0; c < 4; ++c)
                    r.c[c] = f24(a.c[c] + b.c[c]);
                write(in, r);
                break;
            }
            const L4 a = flushed(bi, 0), b = flushed(bi, 1);
            L4 r;
            for (unsigned c = 0; c < 4; ++c)
                r.c[c] = f24(a.c[c] + b.c[c]);
            write(in, r);
            break;
        }
        case ShaderOp::Mul: {
            if (operands_clean(bi, 2)) {
                const L4 a = read(bi, 0), b = read(bi, 1);
                L4 r;
                for (unsigned c = 0; c < 4; ++c)
                    r.c[c] = f24(a.c[c] * b.c[c]);
                write(in, r);
                break;
            }
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
            if (operands_clean(bi, 2)) {
                L4 a = read(bi, 0);
                const L4 b = read(bi, 1);
                if (in.op == ShaderOp::Dph) a.c[3] = splat<W, N>(1.0f);
                F sum = a.c[0] * b.c[0] + a.c[1] * b.c[1] + a.c[2] * b.c[2];
                if (in.op != ShaderOp::Dp3) sum += a.c[3] * b.c[3];
                write_all(in, f24(sum));
                break;
            }
            L4 a = flushed(bi, 0);
            const L4 b = flushed(bi, 1);
            if (in.op == ShaderOp::Dph) a.c[3] = splat<W, N>(1.0f);
            F sum = mul24(a.c[0], b.c[0]) + mul24(a.c[1], b.c[1]) + mul24(a.c[2], b.c[2]);
            if (in.op != ShaderOp::Dp3) sum += mul24(a.c[3], b.c[3]);
            write_all(in, f24(sum));
            break;
        }
        case ShaderOp::Dst: {
            const L4 a = flushed(bi, 0), b = flushed(bi, 1);
            write(in, L4{{splat<W, N>(1.0f), f24(mul24(a.c[1], b.c[1])), a.c[2], b.c[3]}});
            break;
        }
        case ShaderOp::Ex2:
        case ShaderOp::Lg2:
        case ShaderOp::Rcp:
        case ShaderOp::Rsq: {
            const F x = f24(read(bi, 0).c[0]);
            F r;
            if (in.op == ShaderOp::Rcp) {
                r = splat<W, N>(1.0f) / x;
            } else {
                for (unsigned l = 0; l < kN; ++l) {
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
            const F limit = splat<W, N>(127.99609375f), zero = splat<W, N>(0.0f);
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
            const F one = splat<W, N>(1.0f), zero = splat<W, N>(0.0f);
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
                for (unsigned l = 0; l < kN; ++l)
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
            for (unsigned l = 0; l < kN; ++l) {
                if (!((g.mask >> l) & 1)) continue;
                if (in.mask & 1) a0_[0][l] = mova_address(a.c[0][l]);
                if (in.mask & 2) a0_[1][l] = mova_address(a.c[1][l]);
            }
            break;
        }
        case ShaderOp::Mov:
            write(in, read(bi, 0));
            break;
        case ShaderOp::Cmp: {
            const L4 a = read(bi, 0), b = read(bi, 1);
            set_flags(0, compare<W, N>(in.cmp_op[0], a.c[0], b.c[0]));
            set_flags(1, compare<W, N>(in.cmp_op[1], a.c[1], b.c[1]));
            break;
        }
        case ShaderOp::Mad: {
            if (operands_clean(bi, 3)) {
                const L4 a = read(bi, 0), b = read(bi, 1), c = read(bi, 2);
                L4 r;
                for (unsigned k = 0; k < 4; ++k)
                    r.c[k] = f24(f24(a.c[k] * b.c[k]) + c.c[k]);
                write(in, r);
                break;
            }
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
                g.calls.push({pc16(in.target + in.num), pc16(g.pc + 1), 0, 0, 0});
                has_jump = true;
                jump = in.target;
            }
            break;
        case ShaderOp::IfU:
        case ShaderOp::IfC:
            if (in.op == ShaderOp::IfU ? get_bool(in.id) : taken != 0) {
                g.ifs.push({in.target, pc16(in.target + in.num), 0, 0, 0});
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
            g.loops.push({pc16(in.target + 1u), pc16(in.target + 1u), pc16(g.pc + 1), i[0], i[2]});
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
                for (unsigned l = 0; l < kN; ++l)
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

void ShaderBatchUnit::run_group_w4(const BatchProgram& program, Group& g, Group* pending,
                                   unsigned& pending_count, std::uint32_t active,
                                   std::uint64_t consumed, ShaderBatchEmitTarget* emit) {
    // A batch of at most 4 lanes runs on one vector per value (a lane mask, not padding).
    const bool half = active < (1u << 4);
    if (emit) {
        if (half)
            run_group<true, 4, 4>(program, g, pending, pending_count, active, consumed, emit);
        else
            run_group<true, 4, 8>(program, g, pending, pending_count, active, consumed, emit);
    } else {
        if (half)
            run_group<false, 4, 4>(program, g, pending, pending_count, active, consumed, nullptr);
        else
            run_group<false, 4, 8>(program, g, pending, pending_count, active, consumed, nullptr);
    }
}

#if PICAVK_LANES_AVX2
__attribute__((target("avx2"))) void
ShaderBatchUnit::run_group_w8(const BatchProgram& program, Group& g, Group* pending,
                              unsigned& pending_count, std::uint32_t active, std::uint64_t consumed,
                              ShaderBatchEmitTarget* emit) {
    const bool half = active < (1u << 8); // as above: at most 8 lanes, one vector
    if (emit) {
        if (half)
            run_group<true, 8, 8>(program, g, pending, pending_count, active, consumed, emit);
        else
            run_group<true, 8, 16>(program, g, pending, pending_count, active, consumed, emit);
    } else {
        if (half)
            run_group<false, 8, 8>(program, g, pending, pending_count, active, consumed, nullptr);
        else
            run_group<false, 8, 16>(program, g, pending, pending_count, active, consumed, nullptr);
    }
}
#else
void ShaderBatchUnit::run_group_w8(const BatchProgram& program, Group& g, Group* pending,
                                   unsigned& pending_count, std::uint32_t active,
                                   std::uint64_t consumed, ShaderBatchEmitTarget* emit) {
    run_group_w4(program, g, pending, pending_count, active, consumed, emit);
}
#endif

unsigned ShaderBatchUnit::batch_lanes() {
    return g_width.load(std::memory_order_relaxed) == 8 ? lanes::kLanesFor<8> : lanes::kLanesFor<4>;
}

unsigned ShaderBatchUnit::vector_width() {
    return g_width.load(std::memory_order_relaxed);
}

bool ShaderBatchUnit::set_vector_width(unsigned force_width) {
    if (force_width == 0) force_width = avx2_available() ? 8 : 4;
    if (force_width == 8 && !avx2_available()) return false;
    if (force_width != 4 && force_width != 8) return false;
    g_width.store(force_width, std::memory_order_relaxed);
    return true;
}

} // namespace picavk::pica
