#pragma once

// Random PICA shader programs in the shader-unit fuzzer's way, for the differential tests
// (the GPU translation and the batched unit against the interpreter): random code words and
// operand descriptors, so every opcode, swizzle, mask, relative address and flow construct
// occurs, or biased ones with more arithmetic and in-range jumps; random uniforms and inputs
// with float24's special values.

#include "../vk/test_random.h"

#include "pica/shader/shader_interpreter.h"
#include "pica/shader/shader_setup.h"

#include <cstdint>
#include <iterator>
#include <limits>

namespace picavk::test::random_shader {

constexpr std::uint32_t kLength = 64; // program words from the entry point

inline float special_or_random(Rng& rng) {
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
    return uniform(rng, -100.0f, 100.0f);
}

inline pica::Vec4 random_vec(Rng& rng) {
    return {special_or_random(rng), special_or_random(rng), special_or_random(rng),
            special_or_random(rng)};
}

// Opcode field (bits 26-31) values by kind.
constexpr std::uint32_t kEx2 = 0x05, kLg2 = 0x06, kRcp = 0x0E, kRsq = 0x0F, kMov = 0x13;
// The opcodes whose results the host's precision decides (the header's first exception).
inline bool host_precision(std::uint32_t op) {
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
inline Case random_case(Rng& rng, bool biased, bool transcendental) {
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

} // namespace picavk::test::random_shader
