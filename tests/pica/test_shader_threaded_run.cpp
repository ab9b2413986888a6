// The threaded run (ShaderInterpreter::run_threaded) against the interpreter on the control-flow
// edges the random programs reach only by chance: an IF whose else block ends past code memory,
// a LOOP ending on the last word, four CALLs returning at one PC (the fourth loses its PC
// update), BREAK outside a loop, the budget running out inside straight-line code and inside a
// scope, an entry point past code memory, and an operand the flush changes in each of ADD, MUL,
// DP4 and MAD. Each case: the same fault, instruction count and outputs.
#include "shader_asm.h"

#include "pica/shader/shader_interpreter.h"
#include "pica/shader/shader_setup.h"
#include "pica/shader/threaded_program.h"

#include <doctest/doctest.h>

#include <bit>
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
