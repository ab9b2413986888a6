#include "custom_textures/city_hash.h"

#include <cstring>
#include <utility>

// The algorithm as published in Google's CityHash 1.1 (city.cc): little-endian 64- and 32-bit
// loads, three odd 64-bit multipliers, and a Murmur-style 128-to-64-bit fold. Written here from
// that description; the test vectors are Google's city-test.cc table.

namespace picavk::custom_textures {
namespace {

using u64 = std::uint64_t;

constexpr u64 kK0 = 0xc3a5c85c97cb3127ull;
constexpr u64 kK1 = 0xb492b66fbe98f273ull;
constexpr u64 kK2 = 0x9ae16a3b2f90404full;
constexpr u64 kFoldMul = 0x9ddfea08eb382d69ull; // Hash128to64's multiplier

// Loads are little-endian on every host picavk builds for (x86-64, ARM64).
u64 load64(const std::uint8_t* p) {
    u64 v;
    std::memcpy(&v, p, 8);
    return v;
}
u64 load32(const std::uint8_t* p) {
    std::uint32_t v;
    std::memcpy(&v, p, 4);
    return v;
}
u64 rotr(u64 v, int n) {
    return n == 0 ? v : (v >> n) | (v << (64 - n));
}
u64 shift_mix(u64 v) {
    return v ^ (v >> 47);
}
u64 bswap(u64 v) {
    return __builtin_bswap64(v);
}

// Two words to one, Murmur-inspired.
u64 fold(u64 u, u64 v, u64 mul) {
    u64 a = (u ^ v) * mul;
    a ^= a >> 47;
    u64 b = (v ^ a) * mul;
    b ^= b >> 47;
    return b * mul;
}
u64 fold(u64 u, u64 v) {
    return fold(u, v, kFoldMul);
}

u64 hash_0_to_16(const std::uint8_t* s, u64 len) {
    if (len >= 8) {
        const u64 mul = kK2 + len * 2;
        const u64 a = load64(s) + kK2;
        const u64 b = load64(s + len - 8);
        const u64 c = rotr(b, 37) * mul + a;
        const u64 d = (rotr(a, 25) + b) * mul;
        return fold(c, d, mul);
    }
    if (len >= 4) {
        const u64 mul = kK2 + len * 2;
        return fold(len + (load32(s) << 3), load32(s + len - 4), mul);
    }
    if (len > 0) {
        const std::uint32_t y = s[0] + (static_cast<std::uint32_t>(s[len >> 1]) << 8);
        const std::uint32_t z =
            static_cast<std::uint32_t>(len) + (static_cast<std::uint32_t>(s[len - 1]) << 2);
        return shift_mix(y * kK2 ^ z * kK0) * kK2;
    }
    return kK2;
}

u64 hash_17_to_32(const std::uint8_t* s, u64 len) {
    const u64 mul = kK2 + len * 2;
    const u64 a = load64(s) * kK1;
    const u64 b = load64(s + 8);
    const u64 c = load64(s + len - 8) * mul;
    const u64 d = load64(s + len - 16) * kK2;
    return fold(rotr(a + b, 43) + rotr(c, 30) + d, a + rotr(b + kK2, 18) + c, mul);
}

u64 hash_33_to_64(const std::uint8_t* s, u64 len) {
    const u64 mul = kK2 + len * 2;
    u64 a = load64(s) * kK2;
    u64 b = load64(s + 8);
    const u64 c = load64(s + len - 24);
    const u64 d = load64(s + len - 32);
    const u64 e = load64(s + 16) * kK2;
    const u64 f = load64(s + 24) * 9;
    const u64 g = load64(s + len - 8);
    const u64 h = load64(s + len - 16) * mul;
    const u64 u = rotr(a + g, 43) + (rotr(b, 30) + c) * 9;
    const u64 v = ((a + g) ^ d) + f + 1;
    const u64 w = bswap((u + v) * mul) + h;
    const u64 x = rotr(e + f, 42) + c;
    const u64 y = (bswap((v + w) * mul) + g) * mul;
    const u64 z = e + f + c;
    a = bswap((x + z) * mul + y) + b;
    b = shift_mix((z + a) * mul + d + h) * mul;
    return b + x;
}

// 32 bytes and two seeds to a pair of words ("weak" in the original: quick, not final).
std::pair<u64, u64> mix32(const std::uint8_t* s, u64 a, u64 b) {
    const u64 w = load64(s), x = load64(s + 8), y = load64(s + 16), z = load64(s + 24);
    a += w;
    b = rotr(b + a + z, 21);
    const u64 c = a;
    a += x + y;
    b += rotr(a, 44);
    return {a + z, b + c};
}

} // namespace

std::uint64_t city_hash64(std::span<const std::uint8_t> bytes) {
    const std::uint8_t* s = bytes.data();
    u64 len = bytes.size();
    if (len <= 16) return hash_0_to_16(s, len);
    if (len <= 32) return hash_17_to_32(s, len);
    if (len <= 64) return hash_33_to_64(s, len);

    // Longer inputs: the last 64 bytes seed 56 bytes of state (x, y, z, v, w), then every whole
    // 64-byte chunk from the start is mixed in (the tail is covered by the seeding).
    u64 x = load64(s + len - 40);
    u64 y = load64(s + len - 16) + load64(s + len - 56);
    u64 z = fold(load64(s + len - 48) + len, load64(s + len - 24));
    std::pair<u64, u64> v = mix32(s + len - 64, len, z);
    std::pair<u64, u64> w = mix32(s + len - 32, y + kK1, x);
    x = x * kK1 + load64(s);
    for (u64 left = (len - 1) & ~u64{63}; left != 0; left -= 64, s += 64) {
        x = rotr(x + y + v.first + load64(s + 8), 37) * kK1;
        y = rotr(y + v.second + load64(s + 48), 42) * kK1;
        x ^= w.second;
        y += v.first + load64(s + 40);
        z = rotr(z + w.first, 33) * kK1;
        v = mix32(s, v.second * kK1, x + w.first);
        w = mix32(s + 32, z + w.second, y + load64(s + 16));
        std::swap(z, x);
    }
    return fold(fold(v.first, w.first) + shift_mix(y) * kK1 + z, fold(v.second, w.second) + x);
}

} // namespace picavk::custom_textures
