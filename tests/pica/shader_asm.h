#pragma once

// A small PICA shader assembler for tests: encodes instructions and operand descriptors by the
// field layouts of 3dbrew "GPU/Shader Instruction Set" (docs/research/shader_isa.md 1-2), so that
// each test states its program in readable form.

#include "pica/shader/shader_interpreter.h"
#include "pica/shader/shader_setup.h"

#include <cstdint>
#include <string_view>
#include <vector>

namespace picavk::test::sh {

// Register operands.
constexpr std::uint32_t v(unsigned i) {
    return i;
}
constexpr std::uint32_t r(unsigned i) {
    return 0x10 + i;
}
constexpr std::uint32_t c(unsigned i) {
    return 0x20 + i;
}
constexpr std::uint32_t o(unsigned i) {
    return i;
} // destination field: o0-o15

// Operand descriptor: mask like "xyzw", swizzles like "xyzw", '-' prefix negates.
inline std::uint32_t desc(std::string_view mask, std::string_view s1 = "xyzw",
                          std::string_view s2 = "xyzw", std::string_view s3 = "xyzw") {
    const auto comp = [](char ch) -> std::uint32_t {
        return ch == 'x' ? 0 : ch == 'y' ? 1 : ch == 'z' ? 2 : 3;
    };
    std::uint32_t d = 0;
    for (char ch : mask)
        d |= 8u >> comp(ch);
    const auto sel = [&](std::string_view s, unsigned neg_bit, unsigned shift) {
        if (!s.empty() && s[0] == '-') {
            d |= 1u << neg_bit;
            s.remove_prefix(1);
        }
        std::uint32_t v8 = 0;
        for (unsigned k = 0; k < 4; ++k)
            v8 |= comp(s[k < s.size() ? k : s.size() - 1]) << (6 - 2 * k);
        d |= v8 << shift;
    };
    sel(s1, 4, 5);
    sel(s2, 13, 14);
    sel(s3, 22, 23);
    return d;
}

enum Op : std::uint32_t {
    ADD = 0x00,
    DP3 = 0x01,
    DP4 = 0x02,
    DPH = 0x03,
    DST = 0x04,
    EX2 = 0x05,
    LG2 = 0x06,
    LITP = 0x07,
    MUL = 0x08,
    SGE = 0x09,
    SLT = 0x0A,
    FLR = 0x0B,
    MAX = 0x0C,
    MIN = 0x0D,
    RCP = 0x0E,
    RSQ = 0x0F,
    MOVA = 0x12,
    MOV = 0x13,
    DPHI = 0x18,
    DSTI = 0x19,
    SGEI = 0x1A,
    SLTI = 0x1B,
    BREAK = 0x20,
    NOP = 0x21,
    END = 0x22,
    BREAKC = 0x23,
    CALL = 0x24,
    CALLC = 0x25,
    CALLU = 0x26,
    IFU = 0x27,
    IFC = 0x28,
    LOOP = 0x29,
    EMIT = 0x2A,
    SETEMIT = 0x2B,
    JMPC = 0x2C,
    JMPU = 0x2D,
};

// Format 1: SRC1 is the 7-bit operand. IDX: 0 none, 1 a0.x, 2 a0.y, 3 aL.
constexpr std::uint32_t f1(Op op, std::uint32_t dst, std::uint32_t src1, std::uint32_t src2,
                           std::uint32_t d, std::uint32_t idx = 0) {
    return op << 26 | dst << 21 | idx << 19 | src1 << 12 | src2 << 7 | d;
}
// Format 1i: SRC2 is the 7-bit operand.
constexpr std::uint32_t f1i(Op op, std::uint32_t dst, std::uint32_t src1, std::uint32_t src2,
                            std::uint32_t d, std::uint32_t idx = 0) {
    return op << 26 | dst << 21 | idx << 19 | src1 << 14 | src2 << 7 | d;
}
constexpr std::uint32_t cmp(std::uint32_t opx, std::uint32_t opy, std::uint32_t src1,
                            std::uint32_t src2, std::uint32_t d, std::uint32_t idx = 0) {
    return 0x17u << 27 | opx << 24 | opy << 21 | idx << 19 | src1 << 12 | src2 << 7 | d;
}
constexpr std::uint32_t mad(std::uint32_t dst, std::uint32_t s1, std::uint32_t s2, std::uint32_t s3,
                            std::uint32_t d, std::uint32_t idx = 0) {
    return 7u << 29 | dst << 24 | idx << 22 | s1 << 17 | s2 << 10 | s3 << 5 | d;
}
constexpr std::uint32_t madi(std::uint32_t dst, std::uint32_t s1, std::uint32_t s2,
                             std::uint32_t s3, std::uint32_t d, std::uint32_t idx = 0) {
    return 6u << 29 | dst << 24 | idx << 22 | s1 << 17 | s2 << 12 | s3 << 5 | d;
}
constexpr std::uint32_t op0(Op op) {
    return op << 26;
}
// Format 2: condition on cmp. condop 0 OR, 1 AND, 2 X, 3 Y.
constexpr std::uint32_t f2(Op op, std::uint32_t target, std::uint32_t num, std::uint32_t condop,
                           std::uint32_t refx, std::uint32_t refy) {
    return op << 26 | refx << 25 | refy << 24 | condop << 22 | target << 10 | num;
}
// Format 3: bool (or int for LOOP) uniform id.
constexpr std::uint32_t f3(Op op, std::uint32_t id, std::uint32_t target, std::uint32_t num) {
    return op << 26 | id << 22 | target << 10 | num;
}
constexpr std::uint32_t setemit(std::uint32_t vtx, bool prim, bool winding) {
    return SETEMIT << 26 | vtx << 24 | std::uint32_t{prim} << 23 | std::uint32_t{winding} << 22;
}

// A program under test: code, descriptors, uniforms; run() returns the unit for inspection.
struct Program {
    pica::ShaderSetup setup;
    pica::ShaderProgram decoded;
    pica::ShaderUniforms uniforms;
    pica::ShaderInterpreter unit;
    std::uint32_t next_desc = 0;

    std::uint32_t add_desc(std::uint32_t d) {
        setup.opdescs[next_desc] = d;
        return next_desc++;
    }
    // Stores the words from address `at`.
    void code(std::vector<std::uint32_t> words, std::uint32_t at = 0) {
        for (std::uint32_t w : words)
            setup.code[at++] = w;
        ++setup.program_version;
    }
    pica::ShaderRunResult run(std::vector<pica::Vec4> inputs = {}, std::uint32_t entry = 0,
                              pica::ShaderEmitTarget* gs = nullptr) {
        if (decoded.version != setup.program_version) decode_shader_program(setup, decoded);
        unit.set_uniforms(uniforms);
        for (unsigned i = 0; i < inputs.size(); ++i)
            unit.input(i) = inputs[i];
        return unit.run(decoded, entry, gs);
    }
    const pica::Vec4& out(unsigned i) const { return unit.outputs()[i]; }
};

} // namespace picavk::test::sh
