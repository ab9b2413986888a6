#pragma once

// Host vectors of kShaderLanes floats for the batched shader unit, in the compiler's vector
// extension (GCC and Clang): SSE on x86-64, NEON on ARM64, wider where the build allows. The
// float24 helpers are the interpreter's (shader_interpreter.cpp), lane by lane and bit for bit.

#include "pica/shader/shader_batch_unit.h"

#include <bit>
#include <cstdint>
#include <cstring>

namespace picavk::pica::lanes {

using F = float __attribute__((vector_size(4 * kShaderLanes)));
using I = std::int32_t __attribute__((vector_size(4 * kShaderLanes)));

[[gnu::always_inline]] inline F load(const float* p) {
    F v;
    std::memcpy(&v, p, sizeof v);
    return v;
}
[[gnu::always_inline]] inline void store(float* p, F v) {
    std::memcpy(p, &v, sizeof v);
}
[[gnu::always_inline]] inline F splat(float s) {
    F v;
    for (unsigned l = 0; l < kShaderLanes; ++l)
        v[l] = s;
    return v;
}
[[gnu::always_inline]] inline I splat_i(std::int32_t s) {
    I v;
    for (unsigned l = 0; l < kShaderLanes; ++l)
        v[l] = s;
    return v;
}
[[gnu::always_inline]] inline I bits(F v) {
    return std::bit_cast<I>(v);
}
[[gnu::always_inline]] inline F floats(I v) {
    return std::bit_cast<F>(v);
}
// m: all ones (take a) or all zeros (take b) per lane.
[[gnu::always_inline]] inline F select(I m, F a, F b) {
    return floats((bits(a) & m) | (bits(b) & ~m));
}
// A lane bit mask as a vector mask.
[[gnu::always_inline]] inline I lane_bits(std::uint32_t mask) {
    I v;
    for (unsigned l = 0; l < kShaderLanes; ++l)
        v[l] = (mask >> l) & 1 ? -1 : 0;
    return v;
}
[[gnu::always_inline]] inline std::uint32_t movemask(I m) {
    std::uint32_t r = 0;
    for (unsigned l = 0; l < kShaderLanes; ++l)
        r |= static_cast<std::uint32_t>(m[l] & 1) << l;
    return r;
}

// float24's range: |x| < 2^-62 (and -0) to +0, |x| >= 2^64 to a signed infinity, NaN kept.
[[gnu::always_inline]] inline F f24(F x) {
    const I b = bits(x);
    const I sign = b & splat_i(static_cast<std::int32_t>(0x80000000u));
    const F a = floats(b & splat_i(0x7FFFFFFF));
    const I small = a < splat(0x1p-62f);
    const I big = a >= splat(0x1p64f);
    const I inf = sign | splat_i(0x7F800000);
    return floats(((b & ~small) & ~big) | (inf & big));
}

// inf * 0 = 0, but NaN * 0 = NaN.
[[gnu::always_inline]] inline F mul24(F a, F b) {
    const F r = a * b;
    const I made_nan = (r != r) & (a == a) & (b == b);
    return floats(bits(r) & ~made_nan);
}

} // namespace picavk::pica::lanes
