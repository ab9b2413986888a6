#pragma once

// What the interpreter, the batched unit and the threaded run share of the shader unit's rules:
// the control-flow stacks, MOVA's conversion, relative addressing, CMP's comparisons and the
// unary functions.

#include "pica/shader/shader_program.h"

#include <array>
#include <cmath>
#include <cstdint>
#include <limits>

namespace picavk::pica {

// A CALL, IF or LOOP stack of N entries. Overflow drops the oldest entry (3dbrew: the stacks
// behave as ring buffers). Entries below `size` only are ever read.
template <typename Scope, unsigned N>
struct FlowStack {
    std::array<Scope, N> s;
    unsigned size = 0;
    void push(const Scope& v) {
        if (size == N) {
            for (unsigned k = 1; k < N; ++k)
                s[k - 1] = s[k];
            --size;
        }
        s[size++] = v;
    }
    bool top_is(std::uint32_t pc) const { return size && s[size - 1].end == pc; }
    Scope& top() { return s[size - 1]; }
    void pop() { --size; }
};

// MOVA truncates toward zero (3dbrew opcode table; citra PR 1079, measured with
// aroulin/3ds-gpu-tests mova). NaN and out-of-range values are not measured: they give 0 or
// saturate, which the [-128, 127] relative-addressing rule then treats as offset 0.
inline std::int32_t mova_address(float f) {
    if (std::isnan(f)) return 0;
    if (f >= 2147483647.0f) return std::numeric_limits<std::int32_t>::max();
    if (f <= -2147483648.0f) return std::numeric_limits<std::int32_t>::min();
    return static_cast<std::int32_t>(f);
}

// The register a relatively addressed uniform read takes: relative addressing applies to
// uniforms only; an offset outside [-128, 127] counts as 0, the index wraps at 128 and c96-c127
// read as (1, 1, 1, 1) (3dbrew "Relative addressing"; Azahar tests reproduce the hardware
// table). reg: the instruction's register (32-127), offset: a0.x, a0.y or aL.
inline std::uint32_t relative_uniform(std::uint32_t reg, std::int32_t offset) {
    if (offset < -128 || offset > 127) offset = 0;
    const std::uint32_t index =
        static_cast<std::uint32_t>(static_cast<std::int32_t>(reg - 32) + offset) & 0x7F;
    return index > 95 ? 128 : 32 + index;
}

// EX2, LG2, RCP and RSQ of the (flushed) first source component, before the result's flush:
// the host's functions (their precision is the host's, docs/research/shader_isa.md).
inline float unary_result(ShaderOp op, float x) {
    switch (op) {
    case ShaderOp::Ex2:
        return std::exp2(x);
    case ShaderOp::Lg2:
        return std::log2(x);
    case ShaderOp::Rcp:
        return 1.0f / x;
    default:
        return 1.0f / std::sqrt(x);
    }
}

// CMP's comparison `op` (0-7) of one component.
inline bool shader_compare(std::uint8_t op, float a, float b) {
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
        return true; // 6 and 7 "seem to always return true" (3dbrew)
    }
}

} // namespace picavk::pica
