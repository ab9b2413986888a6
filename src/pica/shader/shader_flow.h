#pragma once

// What the interpreter and the batched unit share of the shader unit's rules outside arithmetic:
// the control-flow stacks and MOVA's conversion.

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

} // namespace picavk::pica
