// The PICA program translation (shadergen/pica_program_glsl.h) against the interpreter, on the
// Vulkan device (lavapipe in CI): random programs in the shader-unit fuzzer's way (random code
// words and operand descriptors, so every opcode, swizzle, mask, relative address and flow
// construct occurs, and biased ones with more arithmetic and in-range jumps), random uniforms
// and inputs with float24's special values. Outputs must agree bit for bit (any NaN equals any
// NaN), and so must the first fault, except:
// - EX2, LG2, RCP and RSQ use the host's exp2, log2, division and sqrt: programs with them are
//   compared with a tolerance of 2^-18 relative (Vulkan allows 3 ULP for exp2 and log2, 2.5 ULP
//   for 1.0 / x, and sqrt's precision is inherited from 1.0 / inversesqrt's 2 ULP; CPU drivers
//   round them correctly, NVIDIA's H200 does not: the exact run differed there in the last bits
//   of RCP and RSQ results), and the difference can grow through later arithmetic; a comparison
//   an inexact value decides can still flip a result, so up to 2% of those invocations may
//   differ beyond it. Their special values (0, infinity, NaN, negative) stay exact in that run;
// - invocations the interpreter stops at its instruction budget (an endless loop: the hardware
//   would hang; the translation stops per block, not per instruction).
// And one program by hand for the translation's float24 bookkeeping: temporaries that hold what
// float24 flushes (moved there from inputs) are flushed where ADD, MUL, DP3/DP4/DPH or MAD read
// them, clean ones are read as they are.
#include "../pica/random_shader_program.h"
#include "../pica/shader_asm.h"
#include "pica_program_runner.h"
#include "test_random.h"

#include "pica/shader/shader_program.h"
#include "pica/shader/shader_setup.h"
#include "shadergen/pica_program_glsl.h"

#include <doctest/doctest.h>

#include <bit>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <limits>
#include <string>

using namespace picavk;

namespace {

using namespace test::random_shader;

constexpr std::uint32_t kBudget = 2048;
constexpr unsigned kInputs = 32; // invocations per program

// A float's bits in hex, for messages (two floats that print alike can differ in them).
std::string bits(float f) {
    char text[16];
    std::snprintf(text, sizeof text, "0x%08X", std::bit_cast<std::uint32_t>(f));
    return text;
}

bool same(float a, float b) {
    if (std::isnan(a) && std::isnan(b)) return true;
    return std::bit_cast<std::uint32_t>(a) == std::bit_cast<std::uint32_t>(b);
}

bool close(float a, float b) {
    if (same(a, b)) return true;
    if (std::isnan(a) || std::isnan(b) || std::isinf(a) || std::isinf(b)) return false;
    const float scale = std::max(std::fabs(a), std::fabs(b));
    return std::fabs(a - b) <= scale * 0x1p-18f ||
           (std::fabs(a) < 0x1p-60f && std::fabs(b) < 0x1p-60f);
}

struct Tally {
    unsigned programs = 0, compared = 0, budget_stops = 0, mismatches = 0;
};

void run_cases(test::PicaProgramRunner& gpu, unsigned count, std::uint32_t seed, bool biased,
               bool transcendental, Tally& t) {
    for (unsigned n = 0; n < count; ++n) {
        test::Rng rng(seed + n);
        Case c = random_case(rng, biased, transcendental);
        pica::ShaderProgram program;
        pica::decode_shader_program(c.setup, program);
        const shadergen::PicaProgramGlsl glsl = shadergen::translate_pica_program(
            program, c.entry, kBudget, n % 2 == 0 && gpu.preserves_nan());
        REQUIRE_MESSAGE(glsl.error.empty(), glsl.error);
        std::vector<std::array<pica::Vec4, 16>> inputs(kInputs);
        for (auto& in : inputs)
            for (auto& v : in)
                v = random_vec(rng);
        std::string error;
        const std::vector<test::PicaRunOutput> out =
            gpu.run(glsl.header, glsl.code, c.uniforms, inputs, error);
        INFO("seed ", seed + n, (biased ? " (biased)" : " (raw words)"));
        REQUIRE_MESSAGE(error.empty(), error, "\n", glsl.code);
        ++t.programs;
        for (unsigned k = 0; k < kInputs; ++k) {
            pica::ShaderInterpreter unit;
            unit.set_budget(kBudget);
            unit.set_uniforms(c.uniforms);
            for (unsigned v = 0; v < 16; ++v)
                unit.input(v) = inputs[k][v];
            const pica::ShaderRunResult r = unit.run(program, c.entry);
            if (r.fault == pica::ShaderFault::BudgetExceeded) {
                ++t.budget_stops;
                continue;
            }
            ++t.compared;
            bool ok = static_cast<std::uint32_t>(r.fault) == out[k].fault;
            for (unsigned o = 0; o < 16 && ok; ++o)
                for (unsigned comp = 0; comp < 4 && ok; ++comp) {
                    const float want = unit.outputs()[o][comp], got = out[k].o[o][comp];
                    ok = transcendental ? close(want, got) : same(want, got);
                    if (!ok && !transcendental)
                        FAIL_CHECK("input ", k, " o", o, ".", std::string(1, "xyzw"[comp]),
                                   ": interpreter ", want, " (", bits(want), ") GPU ", got, " (",
                                   bits(got), ") (fault ", static_cast<int>(r.fault), " / ",
                                   out[k].fault, ")\n",
                                   glsl.code.substr(glsl.code.find("void pica_main")));
                }
            if (!ok && !transcendental && out[k].fault != static_cast<std::uint32_t>(r.fault))
                FAIL_CHECK("input ", k, ": fault ", static_cast<int>(r.fault), " on the CPU, ",
                           out[k].fault, " on the GPU");
            if (!ok) ++t.mismatches;
        }
    }
}

} // namespace

TEST_CASE("vertex programs on the GPU: random programs agree with the interpreter bit for bit") {
    test::PicaProgramRunner gpu;
    // Every other program asks for the float-controls execution mode where the device offers
    // it (lavapipe does); the others show the bit-level helpers are exact without it.
    const unsigned count = test::configs_from_env("PICAVK_DIFF_PROGRAMS", 30);
    Tally t;
    run_cases(gpu, count, 1000, false, false, t);
    run_cases(gpu, count, 5000, true, false, t);
    MESSAGE(t.programs, " programs, ", t.compared, " invocations compared, ", t.budget_stops,
            " stopped at the budget");
    CHECK(t.mismatches == 0);
    CHECK(t.compared > t.programs * kInputs / 2); // most invocations finish: the test has teeth
    CHECK(gpu.validation_messages() == 0);
}

TEST_CASE("vertex programs on the GPU: EX2, LG2, RCP and RSQ agree within 2^-18 relative") {
    test::PicaProgramRunner gpu;
    const unsigned count = test::configs_from_env("PICAVK_DIFF_PROGRAMS", 30);
    Tally t;
    run_cases(gpu, count, 9000, true, true, t);
    MESSAGE(t.programs, " programs, ", t.compared, " invocations compared, ", t.mismatches,
            " beyond the tolerance");
    CHECK(t.mismatches * 50 <= t.compared); // at most 2%
    CHECK(gpu.validation_messages() == 0);
}

TEST_CASE("vertex programs on the GPU: temporaries float24 would change are flushed where read, "
          "clean ones (in the whole program, or since their last write) read as they are, "
          "uniforms read flushed on the host, bit for bit") {
    using namespace test::sh;
    Program p;
    const std::uint32_t all = p.add_desc(desc("xyzw"));
    const std::uint32_t neg = p.add_desc(desc("xyzw", "-xyzw"));
    const std::uint32_t swz = p.add_desc(desc("xyzw", "yxwz"));
    const std::uint32_t zw = p.add_desc(desc("zw"));
    const std::uint32_t xy = p.add_desc(desc("xy"));
    const std::uint32_t dp3n = p.add_desc(desc("xyzw", "xyzw", "-xyzw"));
    const std::uint32_t x = p.add_desc(desc("x"));
    p.code({
        f1(MOV, r(0), v(0), 0, all),        // 0: r0 = an input: unclean
        f1(MUL, o(0), c(0), r(0), all),     // 1: flushes r0
        f1(ADD, r(1), c(1), v(1), all),     // 2: r1 clean (a flushed result)
        f1(MUL, o(1), c(0), r(1), all),     // 3: reads r1 as it is
        f1(MOV, r(2), r(1), 0, neg),        // 4: r2 = -r1: clean (a zero's sign aside)
        mad(o(2), r(2), c(0), r(0), all),   // 5: r2 as it is, r0 flushed
        f1(DP4, o(3), r(0), r(1), all),     // 6: r0 flushed, r1 as it is
        f1(MAX, r(3), r(1), v(0), all),     // 7: r3 unclean (one side an input)
        f1(ADD, o(4), c(2), r(3), all),     // 8: flushes r3
        f1(MOV, r(4), r(1), 0, swz),        // 9: r4 clean
        f1(DP3, o(5), r(4), r(4), dp3n),    // 10: as it is
        f1(MOV, r(5), v(0), 0, xy),         // 11: r5.xy unclean
        f1(ADD, r(5), v(1), v(1), zw),      // 12: r5.zw clean
        f1(MUL, o(6), c(0), r(5), zw),      // 13: reads r5.zw only: as it is
        f1(MUL, o(7), c(0), r(5), all),     // 14: reads r5.xy too: flushed
        f1i(DPHI, o(8), r(5), c(0), all),   // 15: reads r5.xyz: flushed
        f1(MUL, o(9), c(1), v(1), neg),     // 16: -c1, flushed on the host, negated
        f1(MOVA, 0, c(3), 0, x),            // 17: a0.x = 1
        f1(ADD, o(10), c(0), r(1), all, 1), // 18: c[0 + a0.x] = c1, flushed on the host
        f1(MOV, r(6), v(0), 0, all),        // 19: r6 unclean
        f1(ADD, r(6), v(1), v(1), all),     // 20: r6 clean from here
        f1(MUL, o(11), c(0), r(6), all),    // 21: as it is
        f1(MOV, r(6), v(0), 0, all),        // 22: r6 unclean again
        f1(MUL, o(12), c(0), r(6), all),    // 23: flushed
        op0(END),
    });
    // Multipliers that show a flush: 2^-63 * 4 is 2^-61 unflushed, 0 flushed; 2^64 * 0.25 is
    // 2^62 unflushed, inf flushed.
    p.uniforms.f[0] = {4.0f, 0.25f, 0x1p61f, -2.0f};
    p.uniforms.f[1] = {0.0f, 0x1p-63f, 1.0f, 0x1p64f};
    p.uniforms.f[2] = {1.0f, -0.0f, 0x1p-61f, 0.5f};
    p.uniforms.f[3] = {1.0f, 0.0f, 0.0f, 0.0f};
    pica::ShaderProgram program;
    pica::decode_shader_program(p.setup, program);
    const shadergen::PicaProgramGlsl glsl =
        shadergen::translate_pica_program(program, 0, kBudget, false);
    REQUIRE(glsl.error.empty());
    const std::string& code = glsl.code;
    // (Format 1's second operand is a v or r: uniforms come first.)
    CHECK(code.find("pica_mul(pica_cf[0], pica_f24(pica_r[0]))") != std::string::npos);
    CHECK(code.find("pica_mul(pica_cf[0], pica_r[1])") != std::string::npos); // 3
    CHECK(code.find("pica_mul(pica_r[2], ") != std::string::npos);            // 5
    CHECK(code.find("pica_dot(pica_f24(pica_r[0]), pica_r[1], true)") != std::string::npos);
    CHECK(code.find("pica_cf[2] + pica_f24(pica_r[3])") != std::string::npos);         // 8
    CHECK(code.find("pica_dot(pica_r[4], (-pica_r[4]), false)") != std::string::npos); // 10
    CHECK(code.find("pica_mul(pica_cf[0], pica_r[5]))).zw") != std::string::npos);
    CHECK(code.find("pica_mul(pica_cf[0], pica_f24(pica_r[5])))") != std::string::npos);
    CHECK(code.find("vec4(pica_f24(pica_r[5]).xyz, 1.0)") != std::string::npos); // 15
    CHECK(code.find("pica_mul((-pica_cf[1]), pica_f24(pica_v[1]))") != std::string::npos);
    CHECK(code.find("pica_crelf(0, pica_a0.x) + pica_r[1]") != std::string::npos); // 18
    // r6 is written unclean in the program, but read after a clean write: as it is (21).
    CHECK(code.find("pica_o[11] = pica_f24(pica_mul(pica_cf[0], pica_r[6]))") != std::string::npos);
    CHECK(code.find("pica_o[12] = pica_f24(pica_mul(pica_cf[0], pica_f24(pica_r[6])))") !=
          std::string::npos);
    // Every pair of float24's special values and a few ordinary ones as v0 and v1.
    const float kValues[] = {0.0f,
                             -0.0f,
                             0x1p-63f,
                             -0x1p-63f,
                             0x1p-62f,
                             0x1p64f,
                             -0x1p64f,
                             0x1p63f,
                             1.5f,
                             -3.0f,
                             std::numeric_limits<float>::infinity(),
                             std::numeric_limits<float>::quiet_NaN()};
    std::vector<std::array<pica::Vec4, 16>> inputs;
    for (float a : kValues)
        for (float b : kValues) {
            std::array<pica::Vec4, 16> in{};
            in[0] = {a, b, -a, 0x1p-63f};
            in[1] = {b, a, 0x1p64f, -b};
            inputs.push_back(in);
        }
    test::PicaProgramRunner gpu;
    std::string error;
    const std::vector<test::PicaRunOutput> out =
        gpu.run(glsl.header, glsl.code, p.uniforms, inputs, error);
    REQUIRE_MESSAGE(error.empty(), error);
    unsigned wrong = 0;
    for (std::size_t k = 0; k < inputs.size(); ++k) {
        pica::ShaderInterpreter unit;
        unit.set_budget(kBudget);
        unit.set_uniforms(p.uniforms);
        for (unsigned v = 0; v < 16; ++v)
            unit.input(v) = inputs[k][v];
        REQUIRE(unit.run(program, 0).fault == pica::ShaderFault::None);
        for (unsigned o = 0; o < 13; ++o)
            for (unsigned comp = 0; comp < 4; ++comp) {
                const float want = unit.outputs()[o][comp], got = out[k].o[o][comp];
                if (same(want, got)) continue;
                if (++wrong <= 8)
                    FAIL_CHECK("input ", k, " o", o, ".", std::string(1, "xyzw"[comp]),
                               ": interpreter ", bits(want), " GPU ", bits(got));
            }
    }
    CHECK(wrong == 0);
    CHECK(gpu.validation_messages() == 0);
}
