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
#include "../pica/random_shader_program.h"
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
