#pragma once

// A batch's lanes as host vectors for the batched shader unit, in the compiler's vector
// extension (GCC and Clang), built of native vectors of W floats: W = 4 everywhere (SSE2 on
// x86-64, NEON on ARM64), W = 8 inside functions compiled for AVX2 (GCC 12 would split a vector
// wider than the target's and compare it one element at a time). The float24 helpers are the
// interpreter's (shader_interpreter.cpp), lane by lane and bit for bit.

#include "pica/shader/shader_batch_unit.h"

#include <bit>
#include <cstdint>
#include <cstring>

#if defined(__x86_64__) || defined(__i386__)
#include <xmmintrin.h>
#endif

namespace picavk::pica::lanes {

template <unsigned W>
struct Native;
template <>
struct Native<4> {
    using F = float __attribute__((vector_size(16)));
    using I = std::int32_t __attribute__((vector_size(16)));
};
template <>
struct Native<8> {
    using F = float __attribute__((vector_size(32)));
    using I = std::int32_t __attribute__((vector_size(32)));
};

// A batch is 8 lanes with 4-float vectors and 16 with 8-float ones (two vectors per value
// either way: more parts ran out of registers, fewer lanes left the per-instruction and
// per-batch work less shared); rows in memory are kShaderLanes floats apart whatever the batch.
template <unsigned W>
inline constexpr unsigned kLanesFor = W == 8 ? 16 : 8;
static_assert(kLanesFor<8> <= kShaderLanes);

template <unsigned W, unsigned N = kLanesFor<W>>
struct F {
    static constexpr unsigned kLanes = N;
    static constexpr unsigned kParts = kLanes / W;
    typename Native<W>::F p[kParts];
    float& operator[](unsigned l) { return reinterpret_cast<float*>(p)[l]; }
    float operator[](unsigned l) const { return reinterpret_cast<const float*>(p)[l]; }
};
template <unsigned W, unsigned N = kLanesFor<W>>
struct I {
    static constexpr unsigned kLanes = N;
    static constexpr unsigned kParts = kLanes / W;
    typename Native<W>::I p[kParts];
    std::int32_t& operator[](unsigned l) { return reinterpret_cast<std::int32_t*>(p)[l]; }
    std::int32_t operator[](unsigned l) const {
        return reinterpret_cast<const std::int32_t*>(p)[l];
    }
};

#define PICAVK_LANES_BINARY(T, R, op)                                                              \
    template <unsigned W, unsigned N>                                                              \
    [[gnu::always_inline]] inline R<W, N> operator op(const T<W, N>& a, const T<W, N>& b) {        \
        R<W, N> r;                                                                                 \
        for (unsigned k = 0; k < T<W, N>::kParts; ++k)                                             \
            r.p[k] = a.p[k] op b.p[k];                                                             \
        return r;                                                                                  \
    }
PICAVK_LANES_BINARY(F, F, +)
PICAVK_LANES_BINARY(F, F, -)
PICAVK_LANES_BINARY(F, F, *)
PICAVK_LANES_BINARY(F, F, /)
PICAVK_LANES_BINARY(F, I, <)
PICAVK_LANES_BINARY(F, I, <=)
PICAVK_LANES_BINARY(F, I, >)
PICAVK_LANES_BINARY(F, I, >=)
PICAVK_LANES_BINARY(F, I, ==)
PICAVK_LANES_BINARY(F, I, !=)
PICAVK_LANES_BINARY(I, I, ==)
PICAVK_LANES_BINARY(I, I, >)
PICAVK_LANES_BINARY(I, I, >=)
PICAVK_LANES_BINARY(I, I, &)
PICAVK_LANES_BINARY(I, I, |)
#undef PICAVK_LANES_BINARY

template <unsigned W, unsigned N>
[[gnu::always_inline]] inline F<W, N>& operator+=(F<W, N>& a, const F<W, N>& b) {
    return a = a + b;
}
template <unsigned W, unsigned N>
[[gnu::always_inline]] inline F<W, N> operator-(const F<W, N>& a) {
    F<W, N> r;
    for (unsigned k = 0; k < F<W, N>::kParts; ++k)
        r.p[k] = -a.p[k];
    return r;
}
template <unsigned W, unsigned N>
[[gnu::always_inline]] inline I<W, N> operator~(const I<W, N>& a) {
    I<W, N> r;
    for (unsigned k = 0; k < I<W, N>::kParts; ++k)
        r.p[k] = ~a.p[k];
    return r;
}

// Part by part: a whole-struct copy was split into 16-byte moves that a 32-byte read of the
// same bytes then waited on (a store-forwarding stall in every operation).
template <unsigned W, unsigned N>
[[gnu::always_inline]] inline F<W, N> load(const float* p) {
    F<W, N> v;
    for (unsigned k = 0; k < F<W, N>::kParts; ++k)
        std::memcpy(&v.p[k], p + k * W, sizeof v.p[k]);
    return v;
}
template <unsigned W, unsigned N>
[[gnu::always_inline]] inline void store(float* p, const F<W, N>& v) {
    for (unsigned k = 0; k < F<W, N>::kParts; ++k)
        std::memcpy(p + k * W, &v.p[k], sizeof v.p[k]);
}
template <unsigned W, unsigned N>
[[gnu::always_inline]] inline F<W, N> splat(float s) {
    F<W, N> v;
    for (unsigned k = 0; k < F<W, N>::kParts; ++k)
        for (unsigned l = 0; l < W; ++l)
            v.p[k][l] = s;
    return v;
}
template <unsigned W, unsigned N>
[[gnu::always_inline]] inline I<W, N> splat_i(std::int32_t s) {
    I<W, N> v;
    for (unsigned k = 0; k < I<W, N>::kParts; ++k)
        for (unsigned l = 0; l < W; ++l)
            v.p[k][l] = s;
    return v;
}
// __builtin_bit_cast, not std::bit_cast: std::bit_cast is a function, called where it is not
// inlined (-O0), and a 32-byte vector returned from baseline code into AVX2 code arrives in the
// wrong registers.
template <unsigned W, unsigned N>
[[gnu::always_inline]] inline I<W, N> bits(const F<W, N>& v) {
    I<W, N> r;
    for (unsigned k = 0; k < F<W, N>::kParts; ++k)
        r.p[k] = __builtin_bit_cast(typename Native<W>::I, v.p[k]);
    return r;
}
template <unsigned W, unsigned N>
[[gnu::always_inline]] inline F<W, N> floats(const I<W, N>& v) {
    F<W, N> r;
    for (unsigned k = 0; k < F<W, N>::kParts; ++k)
        r.p[k] = __builtin_bit_cast(typename Native<W>::F, v.p[k]);
    return r;
}
// m: all ones (take a) or all zeros (take b) per lane.
template <unsigned W, unsigned N>
[[gnu::always_inline]] inline F<W, N> select(const I<W, N>& m, const F<W, N>& a, const F<W, N>& b) {
    return floats((bits(a) & m) | (bits(b) & ~m));
}
// A lane bit mask as a vector mask.
template <unsigned W, unsigned N>
[[gnu::always_inline]] inline I<W, N> lane_bits(std::uint32_t mask) {
    I<W, N> v;
    for (unsigned l = 0; l < I<W, N>::kLanes; ++l)
        v[l] = (mask >> l) & 1 ? -1 : 0;
    return v;
}
template <unsigned W, unsigned N>
[[gnu::always_inline]] inline std::uint32_t movemask(const I<W, N>& m) {
    std::uint32_t r = 0;
#if defined(__x86_64__) || defined(__i386__)
    for (unsigned k = 0; k < I<W, N>::kParts; ++k) {
        // SSE's movemask on 4-lane halves: an AVX intrinsic could not be inlined into this
        // function, which is compiled for the baseline target before it is inlined.
        const auto f = __builtin_bit_cast(typename Native<W>::F, m.p[k]);
        if constexpr (W == 8) {
            const Native<4>::F lo = __builtin_shufflevector(f, f, 0, 1, 2, 3);
            const Native<4>::F hi = __builtin_shufflevector(f, f, 4, 5, 6, 7);
            r |= static_cast<std::uint32_t>(_mm_movemask_ps(__builtin_bit_cast(__m128, lo)) |
                                            _mm_movemask_ps(__builtin_bit_cast(__m128, hi)) << 4)
                 << (8 * k);
        } else {
            r |= static_cast<std::uint32_t>(_mm_movemask_ps(__builtin_bit_cast(__m128, f)))
                 << (4 * k);
        }
    }
#else
    for (unsigned l = 0; l < I<W, N>::kLanes; ++l)
        r |= static_cast<std::uint32_t>(m[l] & 1) << l;
#endif
    return r;
}

// float24's range: |x| < 2^-62 (and -0) to +0, |x| >= 2^64 to a signed infinity, NaN kept.
template <unsigned W, unsigned N>
[[gnu::always_inline]] inline F<W, N> f24(const F<W, N>& x) {
    const I<W, N> b = bits(x);
    const I<W, N> sign = b & splat_i<W, N>(static_cast<std::int32_t>(0x80000000u));
    const F<W, N> a = floats(b & splat_i<W, N>(0x7FFFFFFF));
    const I<W, N> small = a < splat<W, N>(0x1p-62f);
    const I<W, N> big = a >= splat<W, N>(0x1p64f);
    const I<W, N> inf = sign | splat_i<W, N>(0x7F800000);
    return floats(((b & ~small) & ~big) | (inf & big));
}

// Values float24's rules leave as they are in ADD, MUL, DP3/DP4/DPH and MAD: NaN, zero (either
// sign: a -0 operand only changes the sign of a zero result, which f24 makes +0) and magnitudes
// in [2^-62, 2^64). With such operands the flush and the inf * 0 rule change nothing, and no
// product of two reaches float32's overflow.
template <unsigned W, unsigned N>
[[gnu::always_inline]] inline I<W, N> clean(const F<W, N>& x) {
    const I<W, N> t = bits(x) & splat_i<W, N>(0x7FFFFFFF);
    const I<W, N> zero = t == splat_i<W, N>(0);
    const I<W, N> normal = (t >= splat_i<W, N>(0x20800000)) & (splat_i<W, N>(0x5F800000) > t);
    const I<W, N> nan = t > splat_i<W, N>(0x7F800000);
    return zero | normal | nan;
}

// inf * 0 = 0, but NaN * 0 = NaN.
template <unsigned W, unsigned N>
[[gnu::always_inline]] inline F<W, N> mul24(const F<W, N>& a, const F<W, N>& b) {
    const F<W, N> r = a * b;
    const I<W, N> made_nan = (r != r) & (a == a) & (b == b);
    return floats(bits(r) & ~made_nan);
}

} // namespace picavk::pica::lanes
