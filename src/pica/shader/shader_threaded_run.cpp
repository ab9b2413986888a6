// ShaderInterpreter::run_threaded: one invocation as threaded code. The reference
// (shader_interpreter.cpp) decodes each instruction's operands through a switch, applies
// float24's flush to every operand and checks the three scope stacks after every instruction;
// most of its time went there, not into arithmetic. Here:
// - each handler ends in its own indirect jump to the next (GCC and Clang labels as values),
//   so the host predicts the program's sequence rather than one shared switch; the address is
//   in the instruction (ThreadedOp::next), one load;
// - the scope stacks are checked only after instructions a scope can end at: their `next` is
//   the scope-closing step;
// - the budget is charged once per straight-line run (ThreadedOp::run), where the run is
//   entered, not at every instruction; an invocation the budget stops inside a run finishes it
//   from a copy cut where the budget ends;
// - a register is one 4-float host vector; handlers for sources read as they stand, or as one
//   broadcast component, negated or not, skip the general swizzle; four DPs that make a
//   matrix-vector product run as one step with one store (ThreadedHandler::Dp4Row);
// - per register a flag says whether its value can change under float24's flush
//   (ShaderInterpreter::f24_clean): arithmetic results are flushed and so clean, MOV/MIN/MAX
//   pass their sources' flags on, and ADD, MUL, DP3/DP4/DPH and MAD flush only operands that
//   need it; r flags carry over from one threaded run to the next;
// - the rare cases of a result's flush and of the inf * 0 rule are found by a branch beside the
//   result's way to its register, not on it: most of a dependent chain's time was there.
// Every rule is the reference's, bit for bit; the differential tests run both.

#include "pica/shader/shader_interpreter.h"
#include "pica/shader/shader_lanes.h"
#include "pica/shader/shader_setup.h"

#include <bit>
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
// Whether any lane of a mask is set (the branch keeps the rare cases below off the path a
// result takes to the next instruction).
[[gnu::always_inline]] inline bool any_lane(NI m) {
#if defined(__x86_64__) || defined(__i386__)
    return _mm_movemask_ps(__builtin_bit_cast(__m128, m)) != 0;
#else
    return ((m[0] | m[1]) | (m[2] | m[3])) != 0;
#endif
}
constexpr NI kTinyBits = {0x20800000, 0x20800000, 0x20800000, 0x20800000}; // 2^-62
constexpr NI kBigBits = {0x5F7FFFFF, 0x5F7FFFFF, 0x5F7FFFFF, 0x5F7FFFFF};  // below 2^64
// f24_result with its common case in three integer operations: |x| < 2^-62 (and -0) to +0.
// A component at or above 2^64 (or an infinity or NaN) goes the full way.
[[gnu::always_inline]] inline NF f24_result_fast(NF x) {
    const NI b = __builtin_bit_cast(NI, x);
    const NI a = b & kMagnitude;
    constexpr NI kZero = {0, 0, 0, 0};
    if (any_lane((a > kBigBits) | ((a < kTinyBits) & (b != kZero)))) [[unlikely]]
        return f24_result(x);
    return x;
}
// mul24v with the inf * 0 rule checked aside: only a NaN product can need it.
[[gnu::always_inline]] inline NF mul24_fast(NF a, NF b) {
    const NF r = a * b;
    if (any_lane(r != r)) [[unlikely]]
        return mul24v(a, b);
    return r;
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
    return run_threaded_code(&program, entry, emit_target, nullptr);
}

const void* const* ShaderInterpreter::threaded_handlers() {
    static const void* const* const labels = [] {
        const void* const* l = nullptr;
        ShaderInterpreter().run_threaded_code(nullptr, 0, nullptr, &l);
        return l;
    }();
    return labels;
}

#if defined(__clang__)
#define PICAVK_ONE_COPY __attribute__((noinline))
#else
#define PICAVK_ONE_COPY __attribute__((noinline, noclone))
#endif
PICAVK_ONE_COPY ShaderRunResult
ShaderInterpreter::run_threaded_code(const ThreadedProgram* const program_ptr, std::uint32_t entry,
                                     ShaderEmitTarget* emit_target, const void* const** labels) {
#undef PICAVK_ONE_COPY
    static const void* const kHandlers[] = {
        &&add,
        &&mul,
        &&dp3,
        &&dp4,
        &&dph,
        &&mad,
        &&mov,
        &&max,
        &&min,
        &&sge,
        &&slt,
        &&flr,
        &&unary,
        &&dst,
        &&litp,
        &&mova,
        &&cmp,
        &&nop,
        &&end,
        &&brk,
        &&breakc,
        &&call,
        &&if_,
        &&jmpc,
        &&jmpu,
        &&loop,
        &&emit,
        &&setemit,
        &&unknown,
        &&off_end,
        &&add_plain,
        &&mul_plain,
        &&dp3_plain,
        &&dp4_plain,
        &&dph_plain,
        &&mad_plain,
        &&mov_plain,
        &&add_fast,
        &&mul_fast,
        &&dp3_fast,
        &&dp4_fast,
        &&dph_fast,
        &&mad_fast,
        &&mov_fast,
        &&add_pb,
        &&add_bp,
        &&mul_pb,
        &&mul_bp,
        &&dp3_row,
        &&dp4_row,
        &&dph_row,
        &&dp3_matrix_row,
        &&dp4_matrix_row,
        &&dph_matrix_row,
        &&close_scopes,
    };
    static_assert(sizeof kHandlers / sizeof kHandlers[0] ==
                  static_cast<unsigned>(ThreadedHandler::CloseScopes) + 1);
    ShaderRunResult result;
    if (!program_ptr) {
        *labels = kHandlers;
        return result;
    }
    const ThreadedProgram& program = *program_ptr;
    const auto fault = [&result](ShaderFault f) {
        if (result.fault == ShaderFault::None) result.fault = f;
    };
    if (entry >= ShaderSetup::kCodeWords) { // checked before anything runs, as the reference
        fault(ShaderFault::RanOffEnd);
        return result;
    }
    // Flags of the v registers the program reads (fed anew for each invocation), and of every
    // r register when something other than a threaded run wrote them last (a partial write
    // keeps a flag, so a register this program does not read needs one as well).
    for (std::uint32_t m = program.reads_v; m != 0; m &= m - 1) {
        const unsigned i = static_cast<unsigned>(std::countr_zero(m));
        unclean_[i] = !f24_clean(reg_[i]);
    }
    if (!temp_flags_valid_) {
        for (unsigned i = kRegTemp; i < kRegTemp + 16; ++i)
            unclean_[i] = !f24_clean(reg_[i]);
        temp_flags_valid_ = true;
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
            v = splat(p[op->element[n]]);
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
    // The destination register's components.
    const auto regs_or_outs = [&]() __attribute__((always_inline)) {
        const std::uint32_t dst = op->in.dst;
        return (dst < 16 ? outs : regs) + 4 * dst;
    };
    // read() of a source that is one component (ThreadedOp::broadcast).
    const auto read_broadcast = [&](unsigned n) __attribute__((always_inline)) {
        const std::uint32_t r = op->in.src[n];
        return Operand{splat(regs[4 * r + op->element[n]]), unclean[r]};
    };
    // read() of a source read as it stands or as one component, negated or not
    // (ThreadedOp::fast).
    const auto read_fast = [&](unsigned n) __attribute__((always_inline)) {
        const std::uint32_t r = op->in.src[n];
        NF v = (op->broadcast >> n) & 1 ? splat(regs[4 * r + op->element[n]]) : load(regs + 4 * r);
        if ((op->in.negate >> n) & 1) v = -v;
        return Operand{v, unclean[r]};
    };
    // Writes the enabled components; flag: whether the written components may be unclean.
    const auto write = [&](NF v, std::uint8_t flag) __attribute__((always_inline)) {
        const ShaderInstruction& in = op->in;
        float* d = regs_or_outs();
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

// Into the straight-line run that starts at `op` (ThreadedOp::run), from anywhere but the
// instruction before it: the start, a jump, a scope's end. The run's instructions are charged to
// the budget at once, so they dispatch to each other unchecked; a run the budget would cut goes
// to cut_run. Each handler has its own copy of the jump.
#define PICAVK_ENTER()                                                                             \
    do {                                                                                           \
        if (op->run > budget - count) [[unlikely]]                                                 \
            goto cut_run;                                                                          \
        count += op->run;                                                                          \
        goto * op->address;                                                                        \
    } while (0)
// After an instruction that does not jump: the next word's handler, or the scope-closing step
// where a scope may end (ThreadedOp::next; it runs with `op` at PC + 1).
#define PICAVK_NEXT()                                                                              \
    do {                                                                                           \
        const void* const next_ = op->next;                                                        \
        ++op;                                                                                      \
        goto* next_;                                                                               \
    } while (0)
// After a flow instruction (a run's last) that may have set `jump`.
#define PICAVK_FLOW()                                                                              \
    do {                                                                                           \
        if (op->scope_may_close) {                                                                 \
            ++op;                                                                                  \
            goto close_scopes;                                                                     \
        }                                                                                          \
        op = jump == kNoJump ? op + 1 : code + jump;                                               \
        jump = kNoJump;                                                                            \
        PICAVK_ENTER();                                                                            \
    } while (0)

    PICAVK_ENTER();

// The handlers with every read through READ: `read`, or `read_plain` where every source is
// read as it stands.
#define PICAVK_ADD(READ, READ1)                                                                    \
    {                                                                                              \
        Operand a = READ(0), b = READ1(1);                                                         \
        if (a.unclean | b.unclean) a.v = f24v(a.v), b.v = f24v(b.v);                               \
        write(f24_result_fast(a.v + b.v), 0);                                                      \
        PICAVK_NEXT();                                                                             \
    }
#define PICAVK_MUL(READ, READ1)                                                                    \
    {                                                                                              \
        Operand a = READ(0), b = READ1(1);                                                         \
        if (a.unclean | b.unclean) a.v = f24v(a.v), b.v = f24v(b.v);                               \
        write(f24_result_fast(mul24_fast(a.v, b.v)), 0);                                           \
        PICAVK_NEXT();                                                                             \
    }
// DP3, DP4 (w: the fourth product is added) and DPH (h: SRC1.w replaced by 1).
#define PICAVK_DP(READ, w, h, NEXT)                                                                \
    {                                                                                              \
        Operand a = READ(0), b = READ(1);                                                          \
        if (a.unclean | b.unclean) a.v = f24v(a.v), b.v = f24v(b.v);                               \
        if (h) a.v[3] = 1.0f;                                                                      \
        const NF p = mul24_fast(a.v, b.v);                                                         \
        float sum = p[0] + p[1] + p[2];                                                            \
        if (w) sum += p[3];                                                                        \
        write(f24_result_fast(splat(sum)), 0);                                                     \
        NEXT();                                                                                    \
    }
// A row's end: the four products' sums transposed, each in the reference's order, stored at
// once; the row's other three words passed (their run counted them).
#define PICAVK_ROW_SUMS(w)                                                                         \
    do {                                                                                           \
        /* The rows' products transposed: the sums of all four in three vector additions, */       \
        /* each row's in the reference's order ((p0 + p1) + p2) + p3. */                           \
        const NF t0 = __builtin_shufflevector(p0, p1, 0, 4, 1, 5);                                 \
        const NF t1 = __builtin_shufflevector(p2, p3, 0, 4, 1, 5);                                 \
        const NF t2 = __builtin_shufflevector(p0, p1, 2, 6, 3, 7);                                 \
        const NF t3 = __builtin_shufflevector(p2, p3, 2, 6, 3, 7);                                 \
        NF sum = __builtin_shufflevector(t0, t1, 0, 1, 4, 5) +                                     \
                 __builtin_shufflevector(t0, t1, 2, 3, 6, 7);                                      \
        sum += __builtin_shufflevector(t2, t3, 0, 1, 4, 5);                                        \
        if (w) sum += __builtin_shufflevector(t2, t3, 2, 3, 6, 7);                                 \
        store(regs_or_outs(), f24_result_fast(sum));                                               \
        unclean[op->flag_dst] = 0;                                                                 \
        op += 3;                                                                                   \
        PICAVK_NEXT();                                                                             \
    } while (0)
// A row (ThreadedHandler::Dp4Row): the four words' results, each exactly as PICAVK_DP's, in
// one store. A row the budget cuts runs word by word (cut_run).
#define PICAVK_DP_ROW(w, h)                                                                        \
    {                                                                                              \
        const auto products = [&](const ThreadedOp& o) __attribute__((always_inline)) {            \
            const std::uint32_t ra = o.in.src[0], rb = o.in.src[1];                                \
            NF a = load(regs + 4 * ra), b = load(regs + 4 * rb);                                   \
            if (unclean[ra] | unclean[rb]) a = f24v(a), b = f24v(b);                               \
            if (h) a[3] = 1.0f;                                                                    \
            return mul24_fast(a, b);                                                               \
        };                                                                                         \
        const NF p0 = products(op[0]), p1 = products(op[1]), p2 = products(op[2]),                 \
                 p3 = products(op[3]);                                                             \
        PICAVK_ROW_SUMS(w);                                                                        \
    }
// A matrix row (ThreadedHandler::Dp4MatrixRow): as PICAVK_DP_ROW, with the matrix's four rows
// read from consecutive registers and their flags as one word; the products keep the
// instructions' operand order.
#define PICAVK_MATRIX_ROW(w, h)                                                                    \
    {                                                                                              \
        const unsigned ms = op->row_matrix;                                                        \
        const std::uint32_t mr = op->in.src[ms], vr = op->in.src[ms ^ 1];                          \
        const float* const m = regs + 4 * mr;                                                      \
        NF m0 = load(m), m1 = load(m + 4), m2 = load(m + 8), m3 = load(m + 12);                    \
        NF v = load(regs + 4 * vr);                                                                \
        std::uint32_t matrix_flags;                                                                \
        std::memcpy(&matrix_flags, unclean + mr, sizeof matrix_flags);                             \
        if (matrix_flags | unclean[vr]) [[unlikely]] {                                             \
            m0 = f24v(m0), m1 = f24v(m1), m2 = f24v(m2), m3 = f24v(m3);                            \
            v = f24v(v);                                                                           \
        }                                                                                          \
        NF p0, p1, p2, p3;                                                                         \
        if (ms == 0) {                                                                             \
            if (h) m0[3] = m1[3] = m2[3] = m3[3] = 1.0f;                                           \
            p0 = mul24_fast(m0, v), p1 = mul24_fast(m1, v);                                        \
            p2 = mul24_fast(m2, v), p3 = mul24_fast(m3, v);                                        \
        } else {                                                                                   \
            if (h) v[3] = 1.0f;                                                                    \
            p0 = mul24_fast(v, m0), p1 = mul24_fast(v, m1);                                        \
            p2 = mul24_fast(v, m2), p3 = mul24_fast(v, m3);                                        \
        }                                                                                          \
        PICAVK_ROW_SUMS(w);                                                                        \
    }
#define PICAVK_MAD(READ)                                                                           \
    {                                                                                              \
        Operand a = READ(0), b = READ(1), c = READ(2);                                             \
        if (a.unclean | b.unclean | c.unclean) a.v = f24v(a.v), b.v = f24v(b.v), c.v = f24v(c.v);  \
        write(f24_result_fast(f24_result_fast(mul24_fast(a.v, b.v)) + c.v), 0);                    \
        PICAVK_NEXT();                                                                             \
    }
#define PICAVK_MOV(READ)                                                                           \
    {                                                                                              \
        const Operand a = READ(0);                                                                 \
        write(a.v, a.unclean);                                                                     \
        PICAVK_NEXT();                                                                             \
    }
add:
    PICAVK_ADD(read, read)
add_plain:
    PICAVK_ADD(read_plain, read_plain)
add_fast:
    PICAVK_ADD(read_fast, read_fast)
add_pb:
    PICAVK_ADD(read_plain, read_broadcast)
add_bp:
    PICAVK_ADD(read_broadcast, read_plain)
mul:
    PICAVK_MUL(read, read)
mul_plain:
    PICAVK_MUL(read_plain, read_plain)
mul_fast:
    PICAVK_MUL(read_fast, read_fast)
mul_pb:
    PICAVK_MUL(read_plain, read_broadcast)
mul_bp:
    PICAVK_MUL(read_broadcast, read_plain)
dp3:
    PICAVK_DP(read, false, false, PICAVK_NEXT)
dp3_plain:
    PICAVK_DP(read_plain, false, false, PICAVK_NEXT)
dp4:
    PICAVK_DP(read, true, false, PICAVK_NEXT)
dp4_plain:
    PICAVK_DP(read_plain, true, false, PICAVK_NEXT)
dph:
    PICAVK_DP(read, true, true, PICAVK_NEXT)
dph_plain:
    PICAVK_DP(read_plain, true, true, PICAVK_NEXT)
dp3_fast:
    PICAVK_DP(read_fast, false, false, PICAVK_NEXT)
dp4_fast:
    PICAVK_DP(read_fast, true, false, PICAVK_NEXT)
dph_fast:
    PICAVK_DP(read_fast, true, true, PICAVK_NEXT)
dp3_row:
    PICAVK_DP_ROW(false, false)
dp4_row:
    PICAVK_DP_ROW(true, false)
dph_row:
    PICAVK_DP_ROW(true, true)
dp3_matrix_row:
    PICAVK_MATRIX_ROW(false, false)
dp4_matrix_row:
    PICAVK_MATRIX_ROW(true, false)
dph_matrix_row:
    PICAVK_MATRIX_ROW(true, true)
// A row's first word alone (cut_run): on to the second word (its `next` is past the row).
#define PICAVK_NEXT_WORD()                                                                         \
    do {                                                                                           \
        ++op;                                                                                      \
        goto * op->address;                                                                        \
    } while (0)
dp3_row_first:
    PICAVK_DP(read_plain, false, false, PICAVK_NEXT_WORD)
dp4_row_first:
    PICAVK_DP(read_plain, true, false, PICAVK_NEXT_WORD)
dph_row_first:
    PICAVK_DP(read_plain, true, true, PICAVK_NEXT_WORD)
#undef PICAVK_NEXT_WORD
#undef PICAVK_DP_ROW
#undef PICAVK_MATRIX_ROW
#undef PICAVK_ROW_SUMS
mad:
    PICAVK_MAD(read)
mad_plain:
    PICAVK_MAD(read_plain)
mad_fast:
    PICAVK_MAD(read_fast)
mov:
    PICAVK_MOV(read)
mov_plain:
    PICAVK_MOV(read_plain)
mov_fast:
    PICAVK_MOV(read_fast)
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
    const Operand s = read(0);
    const NF a = s.unclean ? f24v(s.v) : s.v; // a clean -0 floors to -0, flushed below
    const NI small = __builtin_bit_cast(NF, __builtin_bit_cast(NI, a) & 0x7FFFFFFF) < 0x1p23f;
    const NF t =
        __builtin_convertvector(__builtin_convertvector(select(small, a, splat(0.0f)), NI), NF);
    const NF floored = t - select(t > a, splat(1.0f), splat(0.0f));
    write(f24_result_fast(select(small, floored, a)), 0);
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
    if (!condition(op->in)) PICAVK_FLOW();
brk:
    if (loops.size == 0) { // hangs a real GPU (3dbrew); end the invocation instead
        fault(ShaderFault::BreakOutsideLoop);
        result.instructions = count;
        return result;
    }
    op = code + loops.top().next;
    loops.pop();
    PICAVK_ENTER();
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
    PICAVK_FLOW(); // ends a run (its PC is pushed), with no jump
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
    // Counted as the last of a run (ThreadedOp::run): the reference stops before it.
    --count;
    fault(ShaderFault::RanOffEnd);
    result.instructions = count;
    return result;
cut_run : {
    // The budget ends inside the run at `op`: its first `allowed` instructions run from a copy
    // whose step after them is out_of_budget, a row the cut falls in word by word. Only an
    // invocation the budget stops comes here; the copy ends before the run's last instruction,
    // so no flow instruction (none reads its PC from `op`) runs from it.
    const std::uint32_t allowed = budget - count;
    if (allowed == 0) goto out_of_budget;
    threaded_scratch_.assign(op, op + allowed + 1);
    ThreadedOp* const cut = threaded_scratch_.data();
    for (std::uint32_t i = 0; i < allowed; ++i) {
        if (i + 3 < allowed) continue;
        switch (cut[i].handler) {
        case ThreadedHandler::Dp3Row:
        case ThreadedHandler::Dp3MatrixRow:
            cut[i].address = &&dp3_row_first;
            break;
        case ThreadedHandler::Dp4Row:
        case ThreadedHandler::Dp4MatrixRow:
            cut[i].address = &&dp4_row_first;
            break;
        case ThreadedHandler::DphRow:
        case ThreadedHandler::DphMatrixRow:
            cut[i].address = &&dph_row_first;
            break;
        default:
            break;
        }
    }
    // Each word's `next` is the following word's handler, as in the program (a row's first
    // word's own is not read: a row goes on from its fourth word's).
    cut[allowed].address = &&out_of_budget;
    for (std::uint32_t i = 0; i < allowed; ++i)
        cut[i].next = cut[i + 1].address;
    count += allowed;
    op = cut;
    goto * op->address;
}
out_of_budget:
    // Where the next instruction would lie past code memory, the reference says so first.
    fault(op->handler == ThreadedHandler::OffEnd ? ShaderFault::RanOffEnd
                                                 : ShaderFault::BudgetExceeded);
    result.instructions = count;
    return result;

close_scopes : {
    // As the reference: LOOP and IF pop at most once, CALL while its top matches; the new PC
    // is LOOP's > IF's > CALL's > this instruction's jump > PC + 1 (`op`).
    const std::uint32_t after = pc_of(op);
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
    PICAVK_ENTER();
}
#undef PICAVK_ENTER
#undef PICAVK_NEXT
#undef PICAVK_FLOW
}

} // namespace picavk::pica
