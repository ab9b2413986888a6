// ShaderInterpreter::run_threaded: one invocation as threaded code. The reference
// (shader_interpreter.cpp) decodes each instruction's operands through a switch, applies
// float24's flush to every operand and checks the three scope stacks after every instruction;
// most of its time went there, not into arithmetic. Here:
// - each handler ends in its own indirect jump to the next (GCC and Clang labels as values),
//   so the host predicts the program's sequence rather than one shared switch;
// - a register is one 4-float host vector, read through its swizzle and sign in one step;
// - per register a flag says whether its value can change under float24's flush
//   (ShaderInterpreter::f24_clean): arithmetic results are flushed and so clean, MOV/MIN/MAX
//   pass their sources' flags on, and ADD, MUL, DP3/DP4/DPH and MAD flush only operands that
//   need it;
// - the scope stacks are checked only after instructions a scope can end at
//   (ThreadedOp::scope_may_close).
// Every rule is the reference's, bit for bit; the differential tests run both.

#include "pica/shader/shader_interpreter.h"
#include "pica/shader/shader_lanes.h"
#include "pica/shader/shader_setup.h"

#include <cmath>
#include <cstring>

namespace picavk::pica {

namespace {

using F4 = lanes::F<4, 4>;
using NF = lanes::Native<4>::F;
using NI = lanes::Native<4>::I;

[[gnu::always_inline]] inline NF f24v(NF x) {
    return lanes::f24(F4{{x}}).p[0];
}
// f24v of an arithmetic result in five operations rather than ten: scaling by 2^64 overflows
// to a signed infinity exactly where |x| >= 2^64 and is exact below (|x| * 2^64 < 2^128), so
// scaling back restores every other value; NaN passes (its payload is no concern: the
// reference does not say which operand's a product keeps). Then |x| < 2^-62 (and -0) to +0.
// Constants as whole vectors (a scalar operand is splatted again at every use).
constexpr NF kTwoTo64 = {0x1p64f, 0x1p64f, 0x1p64f, 0x1p64f};
constexpr NF kTwoToMinus64 = {0x1p-64f, 0x1p-64f, 0x1p-64f, 0x1p-64f};
constexpr NF kTwoToMinus62 = {0x1p-62f, 0x1p-62f, 0x1p-62f, 0x1p-62f};
constexpr NI kMagnitude = {0x7FFFFFFF, 0x7FFFFFFF, 0x7FFFFFFF, 0x7FFFFFFF};
[[gnu::always_inline]] inline NF f24_result(NF x) {
    const NF big_to_inf = (x * kTwoTo64) * kTwoToMinus64;
    const NI tiny = __builtin_bit_cast(NF, __builtin_bit_cast(NI, x) & kMagnitude) < kTwoToMinus62;
    return __builtin_bit_cast(NF, __builtin_bit_cast(NI, big_to_inf) & ~tiny);
}
[[gnu::always_inline]] inline NF mul24v(NF a, NF b) {
    return lanes::mul24(F4{{a}}, F4{{b}}).p[0];
}
[[gnu::always_inline]] inline NF splat(float s) {
    return NF{s, s, s, s};
}
[[gnu::always_inline]] inline NF load(const float* p) {
    NF v;
    std::memcpy(&v, p, sizeof v);
    return v;
}
[[gnu::always_inline]] inline void store(float* p, NF v) {
    std::memcpy(p, &v, sizeof v);
}
// m: all ones where a is taken, zeros where b is.
[[gnu::always_inline]] inline NF select(NI m, NF a, NF b) {
    return __builtin_bit_cast(NF,
                              (__builtin_bit_cast(NI, a) & m) | (__builtin_bit_cast(NI, b) & ~m));
}

// A write mask (bit 0 = x) as lanes.
constexpr NI mask_lanes(unsigned m) {
    return NI{m & 1 ? -1 : 0, m & 2 ? -1 : 0, m & 4 ? -1 : 0, m & 8 ? -1 : 0};
}
constexpr NI kMask[16] = {mask_lanes(0),  mask_lanes(1),  mask_lanes(2),  mask_lanes(3),
                          mask_lanes(4),  mask_lanes(5),  mask_lanes(6),  mask_lanes(7),
                          mask_lanes(8),  mask_lanes(9),  mask_lanes(10), mask_lanes(11),
                          mask_lanes(12), mask_lanes(13), mask_lanes(14), mask_lanes(15)};

struct Operand {
    NF v;
    std::uint8_t unclean;
};

} // namespace

ShaderRunResult ShaderInterpreter::run_threaded(const ThreadedProgram& program, std::uint32_t entry,
                                                ShaderEmitTarget* emit_target) {
    ShaderRunResult result;
    const auto fault = [&result](ShaderFault f) {
        if (result.fault == ShaderFault::None) result.fault = f;
    };
    if (entry >= ShaderSetup::kCodeWords) { // checked before anything runs, as the reference
        fault(ShaderFault::RanOffEnd);
        return result;
    }
    for (unsigned i = 0; i < 16; ++i) {
        if ((program.reads_v >> i) & 1) unclean_[i] = !f24_clean(reg_[i]);
        if ((program.reads_r >> i) & 1) unclean_[kRegTemp + i] = !f24_clean(reg_[kRegTemp + i]);
    }

    Stack<kCallDepth> calls;
    Stack<kIfDepth> ifs;
    Stack<kLoopDepth> loops;
    float* const regs = reg_[0].data();
    float* outs = out_[bank_][0].data();
    std::uint8_t* const unclean = unclean_.data();
    const ThreadedOp* const code = program.code.data();
    const ThreadedOp* op = code + entry;
    const std::uint32_t budget = budget_;
    std::uint32_t count = 0;
    constexpr std::uint32_t kNoJump = ~0u;
    std::uint32_t jump = kNoJump;

    const auto read = [&](unsigned n) __attribute__((always_inline)) {
        const ShaderInstruction& in = op->in;
        std::uint32_t r = in.src[n];
        if ((op->plain >> n) & 1) [[likely]]
            return Operand{load(regs + 4 * r), unclean[r]};
        if (op->relative == n)
            r = relative_uniform(r, in.idx == 1 ? a0_[0] : (in.idx == 2 ? a0_[1] : al_));
        const float* p = regs + 4 * r;
        const auto& sw = in.swizzle[n];
        NF v;
        if (op->swizzle[n] == ThreadedOp::Swizzle::Identity)
            v = load(p);
        else if (op->swizzle[n] == ThreadedOp::Swizzle::Broadcast)
            v = splat(p[sw[0]]);
        else
            v = NF{p[sw[0]], p[sw[1]], p[sw[2]], p[sw[3]]};
        if ((in.negate >> n) & 1) [[unlikely]]
            v = -v;
        return Operand{v, unclean[r]};
    };
    // read() of a source the instruction reads as it stands (ThreadedOp::plain).
    const auto read_plain = [&](unsigned n) __attribute__((always_inline)) {
        const std::uint32_t r = op->in.src[n];
        return Operand{load(regs + 4 * r), unclean[r]};
    };
    // Writes the enabled components; flag: whether the written components may be unclean.
    const auto write = [&](NF v, std::uint8_t flag) __attribute__((always_inline)) {
        const ShaderInstruction& in = op->in;
        float* d = (in.dst < 16 ? outs : regs) + 4 * in.dst;
        std::uint8_t& f = unclean[op->flag_dst];
        if (in.mask == 0xF) {
            store(d, v);
            f = flag;
        } else {
            store(d, select(kMask[in.mask], v, load(d)));
            f = static_cast<std::uint8_t>(f | flag);
        }
    };
    const auto pc_of = [&](const ThreadedOp* o) { return static_cast<std::uint32_t>(o - code); };

    static const void* const kHandlers[] = {
        &&add,       &&mul,       &&dp3,       &&dp4,       &&dph,       &&mad,       &&mov,
        &&max,       &&min,       &&sge,       &&slt,       &&flr,       &&unary,     &&dst,
        &&litp,      &&mova,      &&cmp,       &&nop,       &&end,       &&brk,       &&breakc,
        &&call,      &&if_,       &&jmpc,      &&jmpu,      &&loop,      &&emit,      &&setemit,
        &&unknown,   &&off_end,   &&add_plain, &&mul_plain, &&dp3_plain, &&dp4_plain, &&dph_plain,
        &&mad_plain, &&mov_plain,
    };
    static_assert(sizeof kHandlers / sizeof kHandlers[0] ==
                  static_cast<unsigned>(ThreadedHandler::Count));

// Each handler's own copy of the dispatch (the reference checks the end of code memory first,
// then the budget).
#define PICAVK_DISPATCH()                                                                          \
    do {                                                                                           \
        if (count >= budget) [[unlikely]]                                                          \
            goto out_of_budget;                                                                    \
        ++count;                                                                                   \
        goto* kHandlers[static_cast<unsigned>(op->handler)];                                       \
    } while (0)
// After an instruction that does not jump: close scopes where one may end, else go on.
#define PICAVK_NEXT()                                                                              \
    do {                                                                                           \
        if (op->scope_may_close) [[unlikely]]                                                      \
            goto close_scopes;                                                                     \
        ++op;                                                                                      \
        PICAVK_DISPATCH();                                                                         \
    } while (0)
// After a flow instruction that may have set `jump`.
#define PICAVK_FLOW()                                                                              \
    do {                                                                                           \
        if (op->scope_may_close) goto close_scopes;                                                \
        op = jump == kNoJump ? op + 1 : code + jump;                                               \
        jump = kNoJump;                                                                            \
        PICAVK_DISPATCH();                                                                         \
    } while (0)

    PICAVK_DISPATCH();

// The handlers with every read through READ: `read`, or `read_plain` where every source is
// read as it stands.
#define PICAVK_ADD(READ)                                                                           \
    {                                                                                              \
        Operand a = READ(0), b = READ(1);                                                          \
        if (a.unclean | b.unclean) a.v = f24v(a.v), b.v = f24v(b.v);                               \
        write(f24_result(a.v + b.v), 0);                                                           \
        PICAVK_NEXT();                                                                             \
    }
#define PICAVK_MUL(READ)                                                                           \
    {                                                                                              \
        Operand a = READ(0), b = READ(1);                                                          \
        if (a.unclean | b.unclean) a.v = f24v(a.v), b.v = f24v(b.v);                               \
        write(f24_result(mul24v(a.v, b.v)), 0);                                                    \
        PICAVK_NEXT();                                                                             \
    }
// DP3, DP4 (w: the fourth product is added) and DPH (h: SRC1.w replaced by 1).
#define PICAVK_DP(READ, w, h)                                                                      \
    {                                                                                              \
        Operand a = READ(0), b = READ(1);                                                          \
        if (a.unclean | b.unclean) a.v = f24v(a.v), b.v = f24v(b.v);                               \
        if (h) a.v[3] = 1.0f;                                                                      \
        const NF p = mul24v(a.v, b.v);                                                             \
        float sum = p[0] + p[1] + p[2];                                                            \
        if (w) sum += p[3];                                                                        \
        write(f24_result(splat(sum)), 0);                                                          \
        PICAVK_NEXT();                                                                             \
    }
#define PICAVK_MAD(READ)                                                                           \
    {                                                                                              \
        Operand a = READ(0), b = READ(1), c = READ(2);                                             \
        if (a.unclean | b.unclean | c.unclean) a.v = f24v(a.v), b.v = f24v(b.v), c.v = f24v(c.v);  \
        write(f24_result(f24_result(mul24v(a.v, b.v)) + c.v), 0);                                  \
        PICAVK_NEXT();                                                                             \
    }
#define PICAVK_MOV(READ)                                                                           \
    {                                                                                              \
        const Operand a = READ(0);                                                                 \
        write(a.v, a.unclean);                                                                     \
        PICAVK_NEXT();                                                                             \
    }
add:
    PICAVK_ADD(read)
add_plain:
    PICAVK_ADD(read_plain)
mul:
    PICAVK_MUL(read)
mul_plain:
    PICAVK_MUL(read_plain)
dp3:
    PICAVK_DP(read, false, false)
dp3_plain:
    PICAVK_DP(read_plain, false, false)
dp4:
    PICAVK_DP(read, true, false)
dp4_plain:
    PICAVK_DP(read_plain, true, false)
dph:
    PICAVK_DP(read, true, true)
dph_plain:
    PICAVK_DP(read_plain, true, true)
mad:
    PICAVK_MAD(read)
mad_plain:
    PICAVK_MAD(read_plain)
mov:
    PICAVK_MOV(read)
mov_plain:
    PICAVK_MOV(read_plain)
#undef PICAVK_ADD
#undef PICAVK_MUL
#undef PICAVK_DP
#undef PICAVK_MAD
#undef PICAVK_MOV
max : {
    // a > b ? a : b, so a NaN on either side yields b (the reference's rule; no flush).
    const Operand a = read(0), b = read(1);
    write(select(a.v > b.v, a.v, b.v), static_cast<std::uint8_t>(a.unclean | b.unclean));
    PICAVK_NEXT();
}
min : {
    const Operand a = read(0), b = read(1);
    write(select(a.v < b.v, a.v, b.v), static_cast<std::uint8_t>(a.unclean | b.unclean));
    PICAVK_NEXT();
}
sge : {
    const Operand a = read(0), b = read(1);
    write(select(a.v >= b.v, splat(1.0f), splat(0.0f)), 0);
    PICAVK_NEXT();
}
slt : {
    const Operand a = read(0), b = read(1);
    write(select(a.v < b.v, splat(1.0f), splat(0.0f)), 0);
    PICAVK_NEXT();
}
flr : {
    // floor without a libm call per component: below 2^23 through an integer (exact), at or
    // above it (and NaN, infinities) every value is its own floor. -0 and (-1, 0) come out +0
    // and -1; the reference's -0 from floor(-0) is +0 after its flush too.
    const NF a = f24v(read(0).v);
    const NI small = __builtin_bit_cast(NF, __builtin_bit_cast(NI, a) & 0x7FFFFFFF) < 0x1p23f;
    const NF t =
        __builtin_convertvector(__builtin_convertvector(select(small, a, splat(0.0f)), NI), NF);
    const NF floored = t - select(t > a, splat(1.0f), splat(0.0f));
    write(f24_result(select(small, floored, a)), 0);
    PICAVK_NEXT();
}
unary : {
    const float r = unary_result(op->in.op, f24v(read(0).v)[0]);
    write(f24v(splat(r)), 0);
    PICAVK_NEXT();
}
dst : {
    const NF a = f24v(read(0).v), b = f24v(read(1).v);
    write(NF{1.0f, f24v(mul24v(a, b))[1], a[2], b[3]}, 0);
    PICAVK_NEXT();
}
litp : {
    const Operand s = read(0);
    constexpr float kLimit = 127.99609375f; // 128 - 1/256
    const float y = s.v[1] < -kLimit ? -kLimit : (s.v[1] > kLimit ? kLimit : s.v[1]);
    write(NF{s.v[0] > 0.0f ? s.v[0] : 0.0f, y, 0.0f, s.v[3] > 0.0f ? s.v[3] : 0.0f}, s.unclean);
    cmp_[0] = s.v[0] >= 0.0f;
    cmp_[1] = s.v[3] >= 0.0f;
    PICAVK_NEXT();
}
mova : {
    const NF a = read(0).v;
    if (op->in.mask & 1) a0_[0] = mova_address(a[0]);
    if (op->in.mask & 2) a0_[1] = mova_address(a[1]);
    PICAVK_NEXT();
}
cmp : {
    const NF a = read(0).v, b = read(1).v;
    cmp_[0] = shader_compare(op->in.cmp_op[0], a[0], b[0]);
    cmp_[1] = shader_compare(op->in.cmp_op[1], a[1], b[1]);
    PICAVK_NEXT();
}
nop:
    PICAVK_NEXT();
unknown:
    fault(ShaderFault::UnknownOpcode);
    PICAVK_NEXT();
end:
    result.instructions = count;
    return result;
breakc:
    if (!condition(op->in)) PICAVK_NEXT();
brk:
    if (loops.size == 0) { // hangs a real GPU (3dbrew); end the invocation instead
        fault(ShaderFault::BreakOutsideLoop);
        result.instructions = count;
        return result;
    }
    op = code + loops.top().next;
    loops.pop();
    PICAVK_DISPATCH();
call : {
    const ShaderInstruction& in = op->in;
    const bool taken =
        in.op == ShaderOp::Call || (in.op == ShaderOp::CallC ? condition(in) : get_bool(in.id));
    if (taken) {
        calls.push({static_cast<std::uint32_t>(in.target + in.num), pc_of(op) + 1, 0, 0, 0});
        jump = in.target;
    }
    PICAVK_FLOW();
}
if_ : {
    const ShaderInstruction& in = op->in;
    if (in.op == ShaderOp::IfU ? get_bool(in.id) : condition(in))
        ifs.push({in.target, static_cast<std::uint32_t>(in.target + in.num), 0, 0, 0});
    else
        jump = in.target;
    PICAVK_FLOW();
}
jmpc:
    if (condition(op->in)) jump = op->in.target;
    PICAVK_FLOW();
jmpu:
    if (get_bool(op->in.id) == !(op->in.num & 1)) jump = op->in.target;
    PICAVK_FLOW();
loop : {
    const ShaderInstruction& in = op->in;
    const auto& i = ints_[in.id];
    al_ = i[1];
    loops.push({static_cast<std::uint32_t>(in.target + 1u),
                static_cast<std::uint32_t>(in.target + 1u), pc_of(op) + 1, i[0], i[2]});
    PICAVK_NEXT();
}
emit:
    if (!emit_target) {
        fault(ShaderFault::EmitInVertexShader);
        PICAVK_NEXT();
    }
    emit_target->emit(out_[bank_], emit_vertex_, emit_prim_, emit_winding_);
    bank_ ^= 1;
    outs = out_[bank_][0].data();
    PICAVK_NEXT();
setemit:
    if (!emit_target) {
        fault(ShaderFault::EmitInVertexShader);
        PICAVK_NEXT();
    }
    emit_vertex_ = op->in.vertex_id;
    emit_prim_ = op->in.prim_emit;
    emit_winding_ = op->in.winding;
    PICAVK_NEXT();
off_end:
    // Reached only through the dispatch, which counted it: the reference stops before.
    --count;
    fault(ShaderFault::RanOffEnd);
    result.instructions = count;
    return result;
out_of_budget:
    fault(op->handler == ThreadedHandler::OffEnd ? ShaderFault::RanOffEnd
                                                 : ShaderFault::BudgetExceeded);
    result.instructions = count;
    return result;

close_scopes : {
    // As the reference: LOOP and IF pop at most once, CALL while its top matches; the new PC
    // is LOOP's > IF's > CALL's > this instruction's jump > PC + 1.
    const std::uint32_t after = pc_of(op) + 1;
    std::uint32_t next = kNoJump;
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
        if (next == kNoJump) next = ifs.top().next;
        ifs.pop();
    }
    std::uint32_t call_return = kNoJump;
    for (unsigned pops = 0; calls.top_is(after); ++pops) {
        // Hardware bug: a fourth return in one step loses its PC update (3dbrew).
        if (pops < 3) call_return = calls.top().next;
        calls.pop();
    }
    if (next == kNoJump) next = call_return;
    if (next == kNoJump) next = jump;
    jump = kNoJump;
    op = code + (next == kNoJump ? after : next);
    PICAVK_DISPATCH();
}
#undef PICAVK_DISPATCH
#undef PICAVK_NEXT
#undef PICAVK_FLOW
}

} // namespace picavk::pica
