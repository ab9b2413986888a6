#pragma once

// float24's flush, which the shader unit applies to the operands and results of its arithmetic
// (shader_interpreter.h): float24 (1.7.16, bias 63) has no subnormals and no -0, and its largest
// finite value lies just below 2^64 (3dbrew Shader Instruction Set "Floating-Point Behavior").

#include <cmath>
#include <limits>

namespace picavk::pica {

// Magnitudes below 2^-62 (and -0) become +0, 2^64 and above infinities; NaN passes.
inline float float24_flush(float x) {
    const float a = std::fabs(x);
    if (a < 0x1p-62f) return 0.0f; // NaN compares false and passes
    if (a >= 0x1p64f) return std::copysign(std::numeric_limits<float>::infinity(), x);
    return x;
}

} // namespace picavk::pica
