#pragma once

// The PICA's register number formats, both directions, bit-exact.
//
// Floating point "floatS.E.M" (spec/004 "Data Types"): 1 sign bit, E exponent bits with bias
// 2^(E-1)-1, M explicit mantissa bits. Facts beyond the spec, from 3dbrew "GPU/Shader Instruction
// Set", section "Floating-Point Behavior" (hardware tests):
//  - the format has +-infinity and NaN (exponent all ones), e.g. float24 0x7F0000 = +inf;
//  - subnormals exist as stored values ("s = largest subnormal": max and cmp see them unflushed);
//    arithmetic flushes them, which is the shader unit's business, not this file's.
//  - float24 0x3F0000 = 1.0 (bias 63), 0x408000 = 3.0.
// Decoding is exact: every stored value of every format here is a float32 value. Encoding rounds
// to nearest, ties to even, overflows to infinity and keeps NaN payload bits that fit, so
// decode-then-encode returns every bit pattern unchanged.
//
// Fixed point "fixedS.I.F": S sign bits (two's complement), I integer bits, F fraction bits;
// value = raw / 2^F. Encoding rounds to nearest and saturates.

#include <bit>
#include <cmath>
#include <cstdint>

namespace picavk::pica {

template <unsigned E, unsigned M>
struct FloatFormat {
    static_assert(E >= 2 && E <= 8 && M >= 1 && M <= 23);
    static constexpr unsigned kBits = 1 + E + M;
    static constexpr std::uint32_t kMantMask = (1u << M) - 1u;
    static constexpr std::uint32_t kExpMax = (1u << E) - 1u;
    static constexpr int kBias = (1 << (E - 1)) - 1;
    static constexpr std::uint32_t kMask = kBits >= 32 ? ~0u : (1u << kBits) - 1u;
    // 2^(1 - bias - M), the value of the lowest subnormal mantissa bit, as a float32.
    static constexpr float kSubnormalUnit = std::bit_cast<float>(
        static_cast<std::uint32_t>(127 + 1 - kBias - static_cast<int>(M)) << 23);
    static_assert(127 + 1 - kBias - static_cast<int>(M) > 0);

    static float decode(std::uint32_t raw) {
        raw &= kMask;
        const std::uint32_t sign = (raw >> (E + M)) << 31;
        const std::uint32_t exp = (raw >> M) & kExpMax;
        const std::uint32_t mant = raw & kMantMask;
        if (exp == kExpMax) // infinity or NaN: float32 exponent all ones, payload kept
            return std::bit_cast<float>(sign | 0x7F800000u | (mant << (23 - M)));
        if (exp == 0) {
            // Zero or subnormal: mant * 2^(1 - bias - M), exact in float32 for every format here
            // (a power of two times an integer below 2^23, far from float32's subnormals).
            const float magnitude = static_cast<float>(mant) * kSubnormalUnit;
            return sign ? -magnitude : magnitude;
        }
        const std::uint32_t exp32 = exp - static_cast<std::uint32_t>(kBias) + 127u;
        return std::bit_cast<float>(sign | (exp32 << 23) | (mant << (23 - M)));
    }

    static constexpr std::uint32_t encode(float value) {
        const std::uint32_t bits = std::bit_cast<std::uint32_t>(value);
        const std::uint32_t sign = (bits >> 31) << (E + M);
        const std::uint32_t exp32 = (bits >> 23) & 0xFFu;
        const std::uint32_t mant32 = bits & 0x7FFFFFu;
        if (exp32 == 0xFF) {
            if (mant32 == 0) return sign | (kExpMax << M);
            std::uint32_t payload = mant32 >> (23 - M);
            if (payload == 0) payload = 1u << (M - 1); // keep it a NaN
            return sign | (kExpMax << M) | payload;
        }
        // Work with an integer significand scaled so that one unit is 2^(1 - bias - M),
        // the smallest subnormal step of the target format.
        const int shift = 23 - static_cast<int>(M);
        int exp = static_cast<int>(exp32) - 127 + kBias; // target biased exponent
        std::uint64_t sig = exp32 ? (mant32 | 0x800000u) : mant32;
        if (exp32 == 0) exp = 1 - 127 + kBias; // float32 subnormal (never representable above 0)
        int rshift = shift;
        if (exp <= 0) { // result is subnormal in the target: shift further right
            rshift += 1 - exp;
            exp = 1;
        }
        std::uint64_t result;
        if (rshift >= 40) {
            result = 0;
        } else {
            const std::uint64_t half = rshift > 0 ? (std::uint64_t{1} << (rshift - 1)) : 0;
            const std::uint64_t rem = rshift > 0 ? sig & ((std::uint64_t{1} << rshift) - 1) : 0;
            result = rshift > 0 ? sig >> rshift : sig;
            if (rem > half || (rem == half && half != 0 && (result & 1))) ++result;
        }
        // result holds the significand including the implicit bit at position M for normals.
        // Renormalise: a subnormal that rounded up to 2^M, or a normal that rounded up to 2^(M+1).
        std::uint32_t e = static_cast<std::uint32_t>(exp);
        if (result < (std::uint64_t{1} << M)) {
            e = 0; // subnormal (or zero)
        } else if (result >= (std::uint64_t{2} << M)) {
            result >>= 1;
            ++e;
        }
        if (e >= kExpMax) return sign | (kExpMax << M); // overflow to infinity
        return sign | (e << M) | (static_cast<std::uint32_t>(result) & kMantMask);
    }
};

using Float16 = FloatFormat<5, 10>; // float1.5.10
using Float20 = FloatFormat<7, 12>; // float1.7.12
using Float24 = FloatFormat<7, 16>; // float1.7.16
using Float31 = FloatFormat<7, 23>; // float1.7.23

inline float f16_to_float(std::uint32_t raw) {
    return Float16::decode(raw);
}
inline float f20_to_float(std::uint32_t raw) {
    return Float20::decode(raw);
}
inline float f24_to_float(std::uint32_t raw) {
    return Float24::decode(raw);
}
inline float f31_to_float(std::uint32_t raw) {
    return Float31::decode(raw);
}
inline float f32_bits_to_float(std::uint32_t raw) {
    return std::bit_cast<float>(raw);
}
inline std::uint32_t float_to_f16(float v) {
    return Float16::encode(v);
}
inline std::uint32_t float_to_f20(float v) {
    return Float20::encode(v);
}
inline std::uint32_t float_to_f24(float v) {
    return Float24::encode(v);
}
inline std::uint32_t float_to_f31(float v) {
    return Float31::encode(v);
}

template <unsigned S, unsigned I, unsigned F>
struct FixedFormat {
    static_assert(S <= 1 && S + I + F <= 31);
    static constexpr unsigned kBits = S + I + F;
    static constexpr std::uint32_t kMask = (1u << kBits) - 1u;
    static constexpr std::int64_t kMin = S ? -(std::int64_t{1} << (kBits - 1)) : 0;
    static constexpr std::int64_t kMax = S ? (std::int64_t{1} << (kBits - 1)) - 1 : kMask;

    static constexpr std::int32_t to_int(std::uint32_t raw) {
        raw &= kMask;
        if constexpr (S != 0) {
            const std::uint32_t sign = 1u << (kBits - 1);
            return static_cast<std::int32_t>((raw ^ sign) - sign);
        }
        return static_cast<std::int32_t>(raw);
    }
    static float decode(std::uint32_t raw) {
        return std::ldexp(static_cast<float>(to_int(raw)), -static_cast<int>(F));
    }
    static std::uint32_t encode(float value) {
        if (std::isnan(value)) return 0;
        const double scaled =
            std::nearbyint(std::ldexp(static_cast<double>(value), static_cast<int>(F)));
        std::int64_t i = scaled < static_cast<double>(kMin)   ? kMin
                         : scaled > static_cast<double>(kMax) ? kMax
                                                              : static_cast<std::int64_t>(scaled);
        return static_cast<std::uint32_t>(i) & kMask;
    }
};

using Fixed1_1_11 = FixedFormat<1, 1, 11>;
using Fixed0_0_12 = FixedFormat<0, 0, 12>;
using Fixed1_0_11 = FixedFormat<1, 0, 11>;
using Fixed1_3_12 = FixedFormat<1, 3, 12>;
using Fixed1_4_8 = FixedFormat<1, 4, 8>;
using Fixed0_16_8 = FixedFormat<0, 16, 8>;
using Fixed0_0_24 = FixedFormat<0, 0, 24>;

inline float fix_s1_11_to_float(std::uint32_t raw) {
    return Fixed1_1_11::decode(raw);
}
inline float fix_u0_12_to_float(std::uint32_t raw) {
    return Fixed0_0_12::decode(raw);
}
inline float fix_s0_11_to_float(std::uint32_t raw) {
    return Fixed1_0_11::decode(raw);
}
inline float fix_s3_12_to_float(std::uint32_t raw) {
    return Fixed1_3_12::decode(raw);
}
inline float fix_s4_8_to_float(std::uint32_t raw) {
    return Fixed1_4_8::decode(raw);
}
inline float fix_u16_8_to_float(std::uint32_t raw) {
    return Fixed0_16_8::decode(raw);
}
inline float fix_u0_24_to_float(std::uint32_t raw) {
    return Fixed0_0_24::decode(raw);
}

} // namespace picavk::pica
