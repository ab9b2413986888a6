// CityHash64 against Google's published vectors (CityHash 1.1, city-test.cc: the table's first
// column, CityHash64(data + i * i, i), over its generated 1 MiB data), covering every length
// path: 0, 1-3, 4-7, 8-16, 17-32, 33-64, one 64-byte round (65-128), several, and 1 MiB.
#include "custom_textures/city_hash.h"
#include "custom_textures/legacy_hash.h"
#include "pica/texture/tiling.h"

#include <doctest/doctest.h>

#include <cstdint>
#include <vector>

using picavk::custom_textures::city_hash64;

namespace {

std::vector<std::uint8_t> city_test_data() {
    std::vector<std::uint8_t> data(1u << 20);
    std::uint64_t a = 9, b = 777;
    constexpr std::uint64_t k0 = 0xc3a5c85c97cb3127ull;
    for (std::size_t i = 0; i < data.size(); ++i) {
        a += b;
        b += a;
        a = (a ^ (a >> 41)) * k0;
        b = (b ^ (b >> 41)) * k0 + i;
        data[i] = static_cast<std::uint8_t>(b >> 37);
    }
    return data;
}

} // namespace

TEST_CASE("custom_textures: city_hash64 matches CityHash 1.1's test vectors") {
    const std::vector<std::uint8_t> data = city_test_data();
    struct Vector {
        std::size_t i;
        std::uint64_t expected;
    };
    const Vector vectors[] = {
        {0, 0x9ae16a3b2f90404full},  {1, 0x541150e87f415e96ull},  {2, 0x0f3786a4b25827c1ull},
        {3, 0xef923a7a1af78eabull},  {4, 0x11df592596f41d88ull},  {5, 0x831f448bdc5600b3ull},
        {7, 0x1b5a063fb4c7f9f1ull},  {8, 0xa0f10149a0e538d6ull},  {9, 0xfb8d9c70660b910bull},
        {15, 0x44473e03be306c88ull}, {16, 0x03ead5f21d344056ull}, {17, 0x6abbfde37ee03b5bull},
        {20, 0x4182832b52d63735ull}, {32, 0x0782fa1b08b475e7ull}, {33, 0xc5dc19b876d37a80ull},
        {40, 0x4ec0b54cf1566affull}, {63, 0x12807833c463737cull}, {64, 0xe88419922b87176full},
        {65, 0x105191e0ec8f7f60ull}, {79, 0x376c28588b8fb389ull}, {298, 0x74c0b8a6821faafeull},
    };
    for (const Vector& v : vectors) {
        CAPTURE(v.i);
        CHECK(city_hash64({data.data() + v.i * v.i, v.i}) == v.expected);
    }
    // The table's last row: the whole 1 MiB.
    CHECK(city_hash64(data) == 0x5fb5e48ac7b7fa4full);
}

TEST_CASE("custom_textures: the legacy hash is over Citra's unconverted decode, rows bottom up") {
    using picavk::custom_textures::legacy_texture_hash;
    // RGBA8 (format 0), 8x16: the guest's own texel bytes, the last memory row first.
    std::vector<std::uint8_t> linear(8 * 16 * 4);
    for (std::size_t i = 0; i < linear.size(); ++i)
        linear[i] = static_cast<std::uint8_t>(i * 13 + 7);
    std::vector<std::uint8_t> tiled(linear.size());
    REQUIRE(picavk::pica::tile(linear, tiled, 8, 16, 4));
    std::vector<std::uint8_t> expected;
    for (int row = 15; row >= 0; --row)
        expected.insert(expected.end(), linear.begin() + row * 32, linear.begin() + row * 32 + 32);
    CHECK(legacy_texture_hash(tiled, 8, 16, 0) == city_hash64(expected));
    CHECK(legacy_texture_hash(tiled, 8, 16, 0) != city_hash64(tiled)); // not the new hash
    // RGB8 (format 1): three bytes a texel, as stored.
    std::vector<std::uint8_t> rgb(8 * 8 * 3), rgb_tiled(rgb.size());
    for (std::size_t i = 0; i < rgb.size(); ++i)
        rgb[i] = static_cast<std::uint8_t>(i * 5 + 1);
    REQUIRE(picavk::pica::tile(rgb, rgb_tiled, 8, 8, 3));
    expected.clear();
    for (int row = 7; row >= 0; --row)
        expected.insert(expected.end(), rgb.begin() + row * 24, rgb.begin() + row * 24 + 24);
    CHECK(legacy_texture_hash(rgb_tiled, 8, 8, 1) == city_hash64(expected));
    // IA8 (format 5): decoded to RGBA8 (intensity in the high byte, alpha in the low one).
    std::vector<std::uint8_t> ia(8 * 8 * 2), ia_tiled(ia.size());
    for (std::size_t i = 0; i < ia.size(); ++i)
        ia[i] = static_cast<std::uint8_t>(i * 3 + 2);
    REQUIRE(picavk::pica::tile(ia, ia_tiled, 8, 8, 2));
    expected.clear();
    for (int row = 7; row >= 0; --row)
        for (int x = 0; x < 8; ++x) {
            const std::uint8_t alpha = ia[(row * 8 + x) * 2], intensity = ia[(row * 8 + x) * 2 + 1];
            expected.insert(expected.end(), {intensity, intensity, intensity, alpha});
        }
    CHECK(legacy_texture_hash(ia_tiled, 8, 8, 5) == city_hash64(expected));
    // No texture: no hash.
    CHECK(legacy_texture_hash(ia_tiled, 7, 8, 5) == 0);
    CHECK(legacy_texture_hash({}, 8, 8, 5) == 0);
}
