// The threaded run (ShaderInterpreter::run_threaded) against the interpreter on the control-flow
// edges the random programs reach only by chance: an IF whose else block ends past code memory,
// a LOOP ending on the last word, four CALLs returning at one PC (the fourth loses its PC
// update), BREAK outside a loop, the budget running out inside straight-line code and inside a
// scope, an entry point past code memory, and an operand the flush changes in each of ADD, MUL,
// DP4 and MAD. Each case: the same fault, instruction count and outputs. Then programs shaped
// as compilers write them (matrix rows of DP3/DP4/DPH, vectors scaled by a broadcast component,
// negated sources), which random code words rarely are, the r-register flags after
// something else wrote a temporary, and random flow programs cut by every budget from 0 to 159
// (a row that the cut falls in must run word by word: only that test sees it run whole).
#include "random_shader_program.h"
#include "shader_asm.h"

#include "pica/shader/shader_interpreter.h"
#include "pica/shader/shader_setup.h"
#include "pica/shader/threaded_program.h"

#include <doctest/doctest.h>

#include <bit>
#include <cmath>
#include <cstring>
#include <limits>
#include <vector>

using namespace picavk;
namespace sh = picavk::test::sh;

namespace {

struct Program {
    pica::ShaderSetup setup;
    Program() { setup.code.fill(sh::op0(sh::END)); }
    void at(std::uint32_t pc, std::initializer_list<std::uint32_t> words) {
        for (std::uint32_t w : words)
            setup.code[pc++ % 4096] = w;
    }
};

// Runs `p` from `entry` on both engines, from the same state; checks they agree.
void agree(const Program& p, std::uint32_t entry, std::uint32_t budget,
           pica::ShaderFault want_fault, const pica::Vec4& input = {1.0f, 2.0f, 3.0f, 4.0f}) {
    pica::ShaderProgram program;
    pica::decode_shader_program(p.setup, program);
    pica::ThreadedProgram threaded;
    pica::make_threaded_program(program, threaded);
    pica::ShaderUniforms u;
    u.f[0] = {0x1p-70f, -0.0f, 0x1p70f, 1.0f}; // c0: every component the flush changes
    u.f[1] = {2.0f, 2.0f, 2.0f, 2.0f};
    u.b = 0x0001;
    u.i[0] = {2, 0, 1, 0}; // LOOP i0: three passes, aL from 0 by 1
    pica::ShaderInterpreter a, b;
    for (pica::ShaderInterpreter* s : {&a, &b}) {
        s->set_uniforms(u);
        s->set_budget(budget);
        s->input(0) = input;
    }
    const pica::ShaderRunResult ra = a.run(program, entry);
    const pica::ShaderRunResult rb = b.run_threaded(threaded, entry);
    CHECK(static_cast<int>(ra.fault) == static_cast<int>(want_fault));
    CHECK(static_cast<int>(rb.fault) == static_cast<int>(ra.fault));
    CHECK(rb.instructions == ra.instructions);
    for (unsigned r = 0; r < 16; ++r)
        for (unsigned c = 0; c < 4; ++c) {
            INFO("o", r, ".", c);
            CHECK(std::bit_cast<std::uint32_t>(b.outputs()[r][c]) ==
                  std::bit_cast<std::uint32_t>(a.outputs()[r][c]));
            CHECK(std::bit_cast<std::uint32_t>(b.temp(r)[c]) ==
                  std::bit_cast<std::uint32_t>(a.temp(r)[c]));
        }
    CHECK(b.al() == a.al());
}

constexpr std::uint32_t kFull = 0;

Program with_descriptor() {
    Program p;
    p.setup.opdescs[kFull] = sh::desc("xyzw");
    return p;
}

} // namespace

TEST_CASE("threaded run: an IF whose else block ends past code memory runs off the end") {
    Program p = with_descriptor();
    // IFU b0 (true) at 4090: the true block runs to DST = 4094, then jumps to DST + NUM =
    // 4094 + 200, past the 4096 words.
    p.at(4090, {sh::f3(sh::IFU, 0, 4094, 200), sh::f1(sh::MOV, sh::o(0), sh::v(0), 0, kFull),
                sh::op0(sh::NOP), sh::op0(sh::NOP)});
    agree(p, 4090, 1000, pica::ShaderFault::RanOffEnd);
}

TEST_CASE("threaded run: a LOOP on the last word of code memory, then off the end") {
    Program p = with_descriptor();
    p.at(4093, {sh::f3(sh::LOOP, 0, 4095, 0), sh::f1(sh::ADD, sh::r(0), sh::v(0), sh::r(0), kFull),
                sh::f1(sh::MOV, sh::o(0), sh::r(0), 0, kFull)});
    agree(p, 4093, 1000, pica::ShaderFault::RanOffEnd);
}

TEST_CASE("threaded run: four CALLs returning at one PC, the fourth without its PC update") {
    Program p = with_descriptor();
    // Each CALL's block ends at 20 (DST + NUM), the innermost's last word included.
    p.at(0, {sh::f2(sh::CALL, 10, 11, 0, 0, 0), sh::f1(sh::MOV, sh::o(1), sh::v(0), 0, kFull),
             sh::op0(sh::END)});
    p.at(10, {sh::f2(sh::CALL, 12, 9, 0, 0, 0), sh::op0(sh::END)});
    p.at(12, {sh::f2(sh::CALL, 14, 7, 0, 0, 0), sh::op0(sh::END)});
    p.at(14, {sh::f2(sh::CALL, 16, 5, 0, 0, 0), sh::op0(sh::END)});
    p.at(16, {sh::f1(sh::ADD, sh::o(0), sh::v(0), sh::v(0), kFull), sh::op0(sh::NOP),
              sh::op0(sh::NOP), sh::op0(sh::NOP), sh::f1(sh::MOV, sh::o(2), sh::v(0), 0, kFull),
              sh::f1(sh::MOV, sh::o(3), sh::v(0), 0, kFull), sh::op0(sh::END)});
    agree(p, 0, 1000, pica::ShaderFault::None);
}

TEST_CASE("threaded run: BREAK outside a loop ends the invocation") {
    Program p = with_descriptor();
    p.at(0, {sh::f1(sh::MOV, sh::o(0), sh::v(0), 0, kFull), sh::op0(sh::BREAK),
             sh::f1(sh::MOV, sh::o(1), sh::v(0), 0, kFull)});
    agree(p, 0, 1000, pica::ShaderFault::BreakOutsideLoop);
}

TEST_CASE("threaded run: the budget ends the run at the same instruction") {
    Program p = with_descriptor();
    // A LOOP of three passes inside an endless JMPU loop, outputs written on the way.
    p.at(0, {sh::f1(sh::ADD, sh::r(0), sh::v(0), sh::r(0), kFull), sh::f3(sh::LOOP, 0, 3, 0),
             sh::f1(sh::ADD, sh::r(1), sh::r(0), sh::c(1), kFull),
             sh::f1(sh::MOV, sh::o(0), sh::r(1), 0, kFull), sh::f3(sh::JMPU, 0, 0, 0)});
    for (std::uint32_t budget : {1u, 2u, 3u, 4u, 5u, 7u, 100u, 1001u})
        agree(p, 0, budget, pica::ShaderFault::BudgetExceeded);
}

TEST_CASE("threaded run: an entry point past code memory") {
    Program p = with_descriptor();
    agree(p, 5000, 1000, pica::ShaderFault::RanOffEnd);
}

TEST_CASE("threaded run: operands the flush changes, in every arithmetic fast path") {
    // c0 holds 2^-70 (to +0), -0 (to +0) and 2^70 (to infinity); v0 holds an infinity and
    // a NaN; inf * 0 = 0. The interpreter's results, bit for bit.
    Program p = with_descriptor();
    p.at(0, {sh::f1(sh::ADD, sh::o(0), sh::c(0), sh::v(0), kFull),
             sh::f1(sh::MUL, sh::o(1), sh::c(0), sh::v(0), kFull),
             sh::f1(sh::DP4, sh::o(2), sh::c(0), sh::v(0), kFull),
             sh::mad(sh::o(3), sh::v(0), sh::c(0), sh::c(0), kFull),
             sh::f1(sh::MOV, sh::r(2), sh::c(0), 0, kFull),
             sh::f1(sh::MUL, sh::o(4), sh::r(2), sh::r(2), kFull),
             sh::f1(sh::MAX, sh::r(3), sh::c(0), sh::c(1), kFull),
             sh::f1(sh::ADD, sh::o(5), sh::r(3), sh::r(3), kFull), sh::op0(sh::END)});
    const float inf = std::numeric_limits<float>::infinity();
    agree(p, 0, 1000, pica::ShaderFault::None, {inf, 0.0f, 1.0f, -inf});
    agree(p, 0, 1000, pica::ShaderFault::None, {1.0f, 0x1p-63f, -0x1p65f, 3.0f});
}

namespace {

// Bit for bit, but a NaN equals any NaN (which operand's payload a NaN result keeps is not
// modelled; the batched unit's differential test has the same rule).
bool same(float a, float b) {
    if (std::isnan(a) && std::isnan(b)) return true;
    return std::bit_cast<std::uint32_t>(a) == std::bit_cast<std::uint32_t>(b);
}

// How often make_threaded_program chose each fused or fast handler over a test's programs.
struct HandlerCounts {
    unsigned rows = 0, matrix_rows = 0, matrix_second = 0, fast = 0, plain_broadcast = 0, plain = 0;
    void count(const pica::ThreadedProgram& t) {
        for (const pica::ThreadedOp& op : t.code) {
            using H = pica::ThreadedHandler;
            const H h = op.handler;
            rows += h == H::Dp3Row || h == H::Dp4Row || h == H::DphRow;
            const bool matrix =
                h == H::Dp3MatrixRow || h == H::Dp4MatrixRow || h == H::DphMatrixRow;
            matrix_rows += matrix;
            matrix_second += matrix && op.row_matrix == 1;
            fast += h >= H::AddFast && h <= H::MovFast;
            plain_broadcast += h >= H::AddPB && h <= H::MulBP;
            plain += h >= H::AddPlain && h <= H::MovPlain;
        }
    }
};

} // namespace

TEST_CASE("threaded run: compiler-shaped programs agree with the interpreter bit for bit") {
    // Rows of four DP3/DP4/DPH into x, y, z, w of one register (some reading the register they
    // write, which must not fuse), ADD/MUL/MAD/MOV/MAX/MIN/FLR with sources as they stand, one
    // component broadcast, negated or swizzled, over inputs with float24's special values, from
    // temporaries that start unclean; budgets that end a run inside a row.
    test::Rng rng(0x7417u);
    const std::uint32_t masks[] = {0xF, 1, 2, 4, 8, 7, 3, 0xF, 0xF};
    const char* const mask_names[] = {"xyzw", "x", "y", "z", "w", "xyz", "xy", "xyzw", "xyzw"};
    const char* const swizzles[] = {"xyzw",  "xyzw", "xxxx", "yyyy", "zzzz", "wwww", "-xyzw",
                                    "-wwww", "yzxw", "xyzx", "wzyx", "zxxx", "-zyxw"};
    HandlerCounts counts;
    constexpr unsigned kPrograms = 4000;
    for (unsigned n = 0; n < kPrograms; ++n) {
        Program p;
        // Descriptors 0-3: one row component each, sources as they stand; the rest random.
        const char* const row_mask[] = {"x", "y", "z", "w"};
        for (unsigned k = 0; k < 4; ++k)
            p.setup.opdescs[k] = sh::desc(row_mask[k]);
        for (unsigned d = 4; d < 128; ++d) {
            const auto m = static_cast<unsigned>(rng() % std::size(masks));
            (void)masks[m];
            p.setup.opdescs[d] = sh::desc(mask_names[m], swizzles[rng() % std::size(swizzles)],
                                          swizzles[rng() % std::size(swizzles)],
                                          swizzles[rng() % std::size(swizzles)]);
        }
        const auto src = [&] {
            const unsigned k = rng() % 3;
            return k == 0 ? sh::v(rng() % 8) : k == 1 ? sh::r(rng() % 8) : sh::c(rng() % 16);
        };
        const auto dst = [&] { return rng() % 4 == 0 ? sh::o(rng() % 8) : sh::r(rng() % 8); };
        std::vector<std::uint32_t> words;
        while (words.size() < 48) {
            const unsigned kind = rng() % 10;
            if (kind < 3) {
                const sh::Op op = kind == 0 ? sh::DP3 : kind == 1 ? sh::DP4 : sh::DPH;
                const std::uint32_t d = dst(), v = src();
                // A matrix times a vector: the matrix in c registers (SRC1) or in r registers
                // (SRC2), its rows consecutive; otherwise rows from anywhere.
                const unsigned shape = rng() % 4;
                const std::uint32_t base_c = rng() % 13, base_r = rng() % 5;
                for (unsigned k = 0; k < 4; ++k) {
                    // Now and then a later row reads the register the row writes.
                    const std::uint32_t a = rng() % 16 == 0 ? d | 0x10
                                            : shape == 0    ? sh::c(base_c + k)
                                                            : sh::c(rng() % 16);
                    if (shape == 1)
                        words.push_back(sh::f1(op, d, v, sh::r(base_r + k), k));
                    else if (shape == 0)
                        words.push_back(sh::f1(op, d, a, v & 0x1F, k)); // SRC2: 5 bits
                    else
                        words.push_back(sh::f1(op, d, a, v, k));
                }
                continue;
            }
            const std::uint32_t d = 4 + rng() % 124;
            const sh::Op ops[] = {sh::ADD, sh::MUL, sh::MOV, sh::MAX, sh::MIN, sh::FLR, sh::DP3};
            if (kind == 9)
                words.push_back(sh::mad(dst(), src(), src() & 0x1F, src(), d & 0x1F));
            else
                words.push_back(sh::f1(ops[rng() % std::size(ops)], dst(), src(), src() & 0x1F, d));
        }
        words.push_back(sh::op0(sh::END));
        std::uint32_t pc = 0;
        for (std::uint32_t w : words)
            p.setup.code[pc++] = w;

        pica::ShaderProgram program;
        pica::decode_shader_program(p.setup, program);
        pica::ThreadedProgram threaded;
        pica::make_threaded_program(program, threaded);
        counts.count(threaded);
        pica::ShaderUniforms u;
        for (auto& f : u.f)
            f = test::random_shader::random_vec(rng);
        pica::ShaderInterpreter a, b;
        const std::uint32_t budget = rng() % 4 == 0 ? 1 + rng() % 60 : 1000;
        std::array<pica::Vec4, 8> in, temp;
        for (unsigned i = 0; i < 8; ++i)
            in[i] = test::random_shader::random_vec(rng),
            temp[i] = test::random_shader::random_vec(rng);
        for (pica::ShaderInterpreter* s : {&a, &b}) {
            s->set_uniforms(u);
            s->set_budget(budget);
            for (unsigned i = 0; i < 8; ++i)
                s->input(i) = in[i], s->temp_ref(i) = temp[i];
        }
        // Twice on the same units: the second run starts from the temporaries the first left.
        for (unsigned run = 0; run < 2; ++run) {
            const pica::ShaderRunResult ra = a.run(program, 0);
            const pica::ShaderRunResult rb = b.run_threaded(threaded, 0);
            INFO("program ", n, " run ", run);
            REQUIRE(static_cast<int>(rb.fault) == static_cast<int>(ra.fault));
            REQUIRE(rb.instructions == ra.instructions);
            for (unsigned r = 0; r < 16; ++r)
                for (unsigned c = 0; c < 4; ++c) {
                    INFO("o/r ", r, ".", c);
                    REQUIRE(same(b.outputs()[r][c], a.outputs()[r][c]));
                    REQUIRE(same(b.temp(r)[c], a.temp(r)[c]));
                }
        }
    }
    MESSAGE(counts.rows, " rows, ", counts.matrix_rows, " matrix rows (", counts.matrix_second,
            " with the matrix second), ", counts.fast, " fast, ", counts.plain_broadcast,
            " plain-and-broadcast, ", counts.plain, " plain handlers in ", kPrograms, " programs");
    CHECK(counts.rows > kPrograms / 2);
    CHECK(counts.matrix_rows > kPrograms / 2);
    CHECK(counts.matrix_second > kPrograms / 8);
    CHECK(counts.fast > kPrograms);
    CHECK(counts.plain_broadcast > kPrograms / 4);
    CHECK(counts.plain > kPrograms);
}

TEST_CASE(
    "threaded run: a temporary the reference run or temp_ref wrote is flushed as an operand") {
    // r0 = v0 (MOV keeps 2^-70 as it is), then o0 = c1 (2^60) * r0: the flush makes r0 +0, so
    // o0 = 0, not 2^-10. The threaded run must not take r0's flag from its own earlier run,
    // where r0 was clean.
    Program p = with_descriptor();
    p.at(0, {sh::f1(sh::MOV, sh::r(0), sh::c(1), 0, kFull), sh::op0(sh::END)});  // r0 = 2^60
    p.at(10, {sh::f1(sh::MOV, sh::r(0), sh::v(0), 0, kFull), sh::op0(sh::END)}); // r0 = v0
    p.at(20, {sh::f1(sh::MUL, sh::o(0), sh::c(1), sh::r(0), kFull), sh::op0(sh::END)});
    pica::ShaderProgram program;
    pica::decode_shader_program(p.setup, program);
    pica::ThreadedProgram threaded;
    pica::make_threaded_program(program, threaded);
    pica::ShaderUniforms u;
    u.f[1] = {0x1p60f, 0x1p60f, 0x1p60f, 0x1p60f};
    for (int via_temp_ref = 0; via_temp_ref < 2; ++via_temp_ref) {
        pica::ShaderInterpreter s;
        s.set_uniforms(u);
        s.input(0) = {0x1p-70f, 0x1p-70f, 0x1p-70f, 0x1p-70f};
        s.run_threaded(threaded, 0); // r0 = 2^60, flagged clean
        if (via_temp_ref)
            s.temp_ref(0) = {0x1p-70f, 0x1p-70f, 0x1p-70f, 0x1p-70f};
        else
            s.run(program, 10); // the reference: r0 = 2^-70
        CHECK(s.temp(0)[0] == 0x1p-70f);
        s.run_threaded(threaded, 20);
        for (unsigned c = 0; c < 4; ++c)
            CHECK(std::bit_cast<std::uint32_t>(s.outputs()[0][c]) == 0u);
    }
}

namespace {

// Counts EMITs and keeps what each saw (geometry shaders).
struct EmitLog final : pica::ShaderEmitTarget {
    std::vector<std::array<pica::Vec4, 16>> outputs;
    void emit(const std::array<pica::Vec4, 16>& o, std::uint32_t, bool, bool) override {
        outputs.push_back(o);
    }
};

} // namespace

TEST_CASE("threaded run: every budget from 0 to 159 ends random flow programs where the "
          "interpreter ends them") {
    // The budget is charged once per straight-line run, where it is entered, and a run it ends
    // inside is finished from a copy cut there (threaded_program.cpp). Random programs (IF,
    // LOOP, CALL, JMP, BREAKC landing anywhere, so runs are entered in their middle), half of
    // them with a DP3/DP4/DPH row somewhere in them (rows are dispatched as one), a third
    // emitting as geometry shaders: at every budget both engines stop at the same instruction
    // with the same state - fault, count, temporaries, both output banks, a0, aL, flags, bank,
    // and what each EMIT saw (a NaN equals any NaN, as above).
    using namespace picavk::test::random_shader;
    test::Rng rng(0xB0D6E7u);
    constexpr unsigned kPrograms = 2000, kBudgets = 160;
    unsigned failures = 0;
    for (unsigned n = 0; n < kPrograms && failures < 5; ++n) {
        const bool biased = rng() % 4 != 0;
        const bool geometry = rng() % 3 == 0;
        Case c = random_case(rng, biased, false);
        if (rng() % 2) {
            const std::uint32_t at = c.entry + rng() % (kLength - 5);
            const sh::Op ops[] = {sh::DP3, sh::DP4, sh::DPH};
            const sh::Op op = ops[rng() % 3];
            const std::uint32_t dst = sh::r(8 + rng() % 8), base = rng() % 8;
            const char* masks[4] = {"x", "y", "z", "w"};
            for (unsigned k = 0; k < 4; ++k) {
                c.setup.opdescs[k] = sh::desc(masks[k]);
                c.setup.code[(at + k) % 4096] = sh::f1(op, dst, sh::c(base + k), sh::v(1), k);
            }
        }
        pica::ShaderProgram program;
        pica::decode_shader_program(c.setup, program);
        pica::ThreadedProgram threaded;
        pica::make_threaded_program(program, threaded);
        std::array<pica::Vec4, 16> inputs;
        for (pica::Vec4& v : inputs)
            v = random_vec(rng);
        for (std::uint32_t budget = 0; budget < kBudgets && failures < 5; ++budget) {
            pica::ShaderInterpreter a, b;
            for (pica::ShaderInterpreter* s : {&a, &b}) {
                s->set_uniforms(c.uniforms);
                s->set_budget(budget);
                for (unsigned r = 0; r < 16; ++r)
                    s->input(r) = inputs[r];
            }
            EmitLog ea, eb;
            const pica::ShaderRunResult ra = a.run(program, c.entry, geometry ? &ea : nullptr);
            const pica::ShaderRunResult rb =
                b.run_threaded(threaded, c.entry, geometry ? &eb : nullptr);
            bool equal = ra.fault == rb.fault && ra.instructions == rb.instructions &&
                         a.a0x() == b.a0x() && a.a0y() == b.a0y() && a.al() == b.al() &&
                         a.cmp(0) == b.cmp(0) && a.cmp(1) == b.cmp(1) && a.bank() == b.bank() &&
                         ea.outputs.size() == eb.outputs.size();
            for (unsigned r = 0; r < 16 && equal; ++r)
                for (unsigned k = 0; k < 4 && equal; ++k)
                    equal = same(a.temp(r)[k], b.temp(r)[k]) &&
                            same(a.output_ref(0, r)[k], b.output_ref(0, r)[k]) &&
                            same(a.output_ref(1, r)[k], b.output_ref(1, r)[k]);
            for (std::size_t e = 0; e < ea.outputs.size() && equal; ++e)
                for (unsigned r = 0; r < 16 && equal; ++r)
                    for (unsigned k = 0; k < 4 && equal; ++k)
                        equal = same(ea.outputs[e][r][k], eb.outputs[e][r][k]);
            if (!equal) {
                ++failures;
                FAIL_CHECK("program ", n, " (entry ", c.entry, ") budget ", budget, ": fault ",
                           static_cast<int>(ra.fault), " / ", static_cast<int>(rb.fault),
                           ", instructions ", ra.instructions, " / ", rb.instructions);
            }
        }
    }
    CHECK(failures == 0);
}
