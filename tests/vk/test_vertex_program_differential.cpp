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

constexpr std::uint32_t kBudget = 2048;
constexpr std::uint32_t kLength = 64; // program words from the entry point
constexpr unsigned kInputs = 32;      // invocations per program

float special_or_random(test::Rng& rng) {
    static const float kSpecial[] = {0.0f,
                                     -0.0f,
                                     1.0f,
                                     -1.0f,
                                     0.5f,
                                     2.0f,
                                     std::numeric_limits<float>::infinity(),
                                     -std::numeric_limits<float>::infinity(),
                                     std::numeric_limits<float>::quiet_NaN(),
                                     0x1p-62f,
                                     0x1p-63f,
                                     0x1p63f,
                                     0x1p64f,
                                     127.5f,
                                     -128.0f,
                                     3.0f};
    const std::uint32_t pick = rng() % 4;
    if (pick == 0) return kSpecial[rng() % 16];
    if (pick == 1) return static_cast<float>(static_cast<int>(rng() % 256) - 128); // addresses
    return test::uniform(rng, -100.0f, 100.0f);
}

pica::Vec4 random_vec(test::Rng& rng) {
    return {special_or_random(rng), special_or_random(rng), special_or_random(rng),
            special_or_random(rng)};
}

// Opcode field (bits 26-31) values by kind.
constexpr std::uint32_t kEx2 = 0x05, kLg2 = 0x06, kRcp = 0x0E, kRsq = 0x0F, kMov = 0x13;
// The opcodes whose results the host's precision decides (the header's first exception).
bool host_precision(std::uint32_t op) {
    return op == kEx2 || op == kLg2 || op == kRcp || op == kRsq;
}
constexpr std::uint32_t kArithmetic[] = {0x00, 0x01, 0x02, 0x03, 0x04, 0x07, 0x08, 0x09,
                                         0x0A, 0x0B, 0x0C, 0x0D, 0x0E, 0x0F, 0x12, 0x13,
                                         0x18, 0x19, 0x1A, 0x1B, 0x2E, 0x30, 0x38, 0x3C};
constexpr std::uint32_t kFlow[] = {0x20, 0x22, 0x23, 0x24, 0x25, 0x26,
                                   0x27, 0x28, 0x29, 0x2C, 0x2D};

struct Case {
    pica::ShaderSetup setup;
    pica::ShaderUniforms uniforms;
    std::uint32_t entry = 0;
};

// `biased`: mostly arithmetic, flow targets inside the program, END last; otherwise raw words.
Case random_case(test::Rng& rng, bool biased, bool transcendental) {
    Case c;
    // Code memory outside the program holds END: a jump out of it ends the invocation rather
    // than running thousands of filler words (which only makes huge shaders to compile).
    c.setup.code.fill(0x22u << 26);
    c.entry = biased ? rng() % 8 : rng() % 4096;
    for (std::uint32_t i = 0; i < kLength; ++i) {
        std::uint32_t w = rng();
        if (biased) {
            const bool flow = rng() % 8 == 0;
            std::uint32_t op = flow ? kFlow[rng() % std::size(kFlow)]
                                    : kArithmetic[rng() % std::size(kArithmetic)];
            if (transcendental && rng() % 6 == 0) op = rng() % 2 ? kEx2 : kLg2;
            if (flow) {
                // DST (bits 10-21) within the program, NUM (bits 0-7) small.
                const std::uint32_t target = c.entry + rng() % kLength;
                w = (w & 0x03C00300u) | (target << 10) | (rng() % 6);
            }
            w = (w & 0x03FFFFFFu) | (op << 26);
            if (i == kLength - 1) w = 0x22u << 26; // END
        }
        const std::uint32_t op = w >> 26;
        if (!transcendental && host_precision(op)) w = (w & 0x03FFFFFFu) | (kMov << 26);
        c.setup.code[(c.entry + i) % 4096] = w;
    }
    for (auto& d : c.setup.opdescs)
        d = rng();
    for (auto& f : c.uniforms.f)
        f = random_vec(rng);
    c.uniforms.b = static_cast<std::uint16_t>(rng());
    for (auto& i : c.uniforms.i)
        i = {static_cast<std::uint8_t>(rng() % 4), static_cast<std::uint8_t>(rng()),
             static_cast<std::uint8_t>(rng() % 3), 0};
    return c;
}

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
