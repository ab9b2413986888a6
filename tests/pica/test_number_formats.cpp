#include "pica/regs/number_formats.h"

#include <doctest/doctest.h>

#include <bit>
#include <cmath>
#include <limits>

using namespace picavk::pica;

namespace {
template <class Format>
void check_round_trip_all() {
    std::uint32_t failures = 0;
    for (std::uint32_t raw = 0; raw < (1u << Format::kBits); ++raw) {
        if (Format::encode(Format::decode(raw)) != raw && ++failures < 5) {
            INFO("raw = " << raw);
            CHECK(Format::encode(Format::decode(raw)) == raw);
        }
    }
    CHECK(failures == 0);
}
} // namespace

TEST_CASE("float24 values the reference and 3dbrew state") {
    // spec/004 + 3dbrew Shader Instruction Set: bias 63, exponent all ones is infinity.
    CHECK(f24_to_float(0x3F0000) == 1.0f);
    CHECK(f24_to_float(0x408000) == 3.0f);
    CHECK(f24_to_float(0x7F0000) == std::numeric_limits<float>::infinity());
    CHECK(f24_to_float(0xFF0000) == -std::numeric_limits<float>::infinity());
    CHECK(std::isnan(f24_to_float(0x7F0001)));
    CHECK(f24_to_float(0x000000) == 0.0f);
    CHECK(std::signbit(f24_to_float(0x800000)));
    CHECK(f24_to_float(0xBF0000) == -1.0f);
    CHECK(f24_to_float(0x3E0000) == 0.5f);
    // Largest subnormal: (2^16 - 1) * 2^-78; smallest normal: 2^-62.
    CHECK(f24_to_float(0x00FFFF) == std::ldexp(65535.0f, -78));
    CHECK(f24_to_float(0x010000) == std::ldexp(1.0f, -62));
    CHECK(float_to_f24(1.0f) == 0x3F0000);
    CHECK(float_to_f24(3.0f) == 0x408000);
    CHECK(float_to_f24(std::numeric_limits<float>::infinity()) == 0x7F0000);
}

TEST_CASE(
    "float24 encoding rounds to nearest even, overflows to infinity, flushes below subnormals") {
    // 1 + 2^-17 is halfway between 1 and the next float24 (1 + 2^-16): ties go to even (1.0).
    CHECK(float_to_f24(1.0f + std::ldexp(1.0f, -17)) == 0x3F0000);
    // 1 + 3 * 2^-17 is halfway between 0x3F0001 and 0x3F0002: even is 0x3F0002.
    CHECK(float_to_f24(1.0f + 3 * std::ldexp(1.0f, -17)) == 0x3F0002);
    CHECK(float_to_f24(1.0f + std::ldexp(1.0f, -17) + std::ldexp(1.0f, -20)) == 0x3F0001);
    // Max finite float24 is (2 - 2^-16) * 2^63; 2^64 overflows.
    CHECK(float_to_f24(std::ldexp(1.0f, 64)) == 0x7F0000);
    CHECK(float_to_f24(std::ldexp(1.0f, 63)) == 0x7E0000);
    // Subnormals: 2^-78 is the smallest; half of it ties to even (zero); a bit more rounds up.
    CHECK(float_to_f24(std::ldexp(1.0f, -78)) == 0x000001);
    CHECK(float_to_f24(std::ldexp(1.0f, -79)) == 0x000000);
    CHECK(float_to_f24(std::ldexp(1.5f, -79)) == 0x000001);
    CHECK(float_to_f24(-std::ldexp(1.0f, -100)) == 0x800000);
    // Rounding a subnormal up into the normal range.
    CHECK(float_to_f24(std::ldexp(65535.75f, -78)) == 0x010000);
    CHECK(std::isnan(f24_to_float(float_to_f24(std::numeric_limits<float>::quiet_NaN()))));
}

TEST_CASE("every float16 bit pattern round-trips") {
    check_round_trip_all<Float16>();
}
TEST_CASE("every float24 bit pattern round-trips") {
    check_round_trip_all<Float24>();
}
TEST_CASE("every float20 bit pattern round-trips") {
    check_round_trip_all<Float20>();
}

TEST_CASE("float16 matches IEEE binary16 for normal values") {
    CHECK(f16_to_float(0x3C00) == 1.0f);
    CHECK(f16_to_float(0xC000) == -2.0f);
    CHECK(f16_to_float(0x7BFF) == 65504.0f);
    CHECK(f16_to_float(0x0001) == std::ldexp(1.0f, -24));
    CHECK(f16_to_float(0x7C00) == std::numeric_limits<float>::infinity());
    CHECK(float_to_f16(65520.0f) == 0x7C00); // rounds past the largest finite value
}

TEST_CASE("float31 round-trips sampled patterns and matches float32 in range") {
    // float1.7.23 keeps float32's mantissa with a 7-bit exponent.
    CHECK(f31_to_float(0x1F800000) == 1.0f);
    CHECK(float_to_f31(0.5f) == 0x1F000000);
    std::uint32_t failures = 0;
    for (std::uint64_t raw = 0; raw < (1ull << 31); raw += 9973) {
        const auto r = static_cast<std::uint32_t>(raw);
        if (Float31::encode(Float31::decode(r)) != r) ++failures;
    }
    CHECK(failures == 0);
    // Viewport inverse as written by software: 2/400 through INVW's bit layout.
    CHECK(f31_to_float(float_to_f31(2.0f / 400)) == 2.0f / 400);
}

TEST_CASE("fixed-point formats decode two's complement and round-trip every pattern") {
    CHECK(Fixed1_1_11::decode(0x0800) == 1.0f);
    CHECK(Fixed1_1_11::decode(0x1000) == -2.0f);
    CHECK(Fixed1_1_11::decode(0x1FFF) == -1.0f / 2048);
    CHECK(Fixed0_0_12::decode(0xFFF) == 4095.0f / 4096);
    CHECK(Fixed1_0_11::decode(0x800) == -1.0f);
    CHECK(Fixed1_3_12::decode(0x7FFF) == 8.0f - 1.0f / 4096);
    CHECK(Fixed1_4_8::decode(0x1F00) == -1.0f);
    CHECK(Fixed0_16_8::decode(0x000180) == 1.5f);
    CHECK(Fixed0_0_24::decode(0x800000) == 0.5f);
    // Saturation and NaN.
    CHECK(Fixed1_1_11::encode(100.0f) == 0x0FFF);
    CHECK(Fixed1_1_11::encode(-100.0f) == 0x1000);
    CHECK(Fixed0_0_12::encode(-1.0f) == 0);
    CHECK(Fixed0_0_12::encode(std::numeric_limits<float>::quiet_NaN()) == 0);

    auto all = [](auto format) {
        using F = decltype(format);
        for (std::uint32_t raw = 0; raw < (1u << F::kBits); ++raw)
            if (F::encode(F::decode(raw)) != raw) return false;
        return true;
    };
    CHECK(all(Fixed1_1_11{}));
    CHECK(all(Fixed0_0_12{}));
    CHECK(all(Fixed1_0_11{}));
    CHECK(all(Fixed1_3_12{}));
    CHECK(all(Fixed1_4_8{}));
    CHECK(all(Fixed0_16_8{}));
    CHECK(all(Fixed0_0_24{}));
}
