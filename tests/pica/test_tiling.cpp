#include "pica/texture/tiling.h"

#include <doctest/doctest.h>

#include <random>
#include <vector>

using namespace picavk::pica;

TEST_CASE("Morton index inside an 8x8 tile: x bits even, y bits odd") {
    CHECK(morton_index(0, 0) == 0);
    CHECK(morton_index(1, 0) == 1);
    CHECK(morton_index(0, 1) == 2);
    CHECK(morton_index(1, 1) == 3);
    CHECK(morton_index(2, 0) == 4);
    CHECK(morton_index(0, 2) == 8);
    CHECK(morton_index(4, 0) == 16);
    CHECK(morton_index(0, 4) == 32);
    CHECK(morton_index(7, 7) == 63);
}

TEST_CASE("tiling: Morton inside tiles, tiles left to right, memory row order kept") {
    // 16x8 image, 1 byte per pixel, value = linear index.
    std::vector<std::uint8_t> linear(16 * 8), tiled(16 * 8);
    for (std::uint32_t i = 0; i < linear.size(); ++i)
        linear[i] = static_cast<std::uint8_t>(i);
    REQUIRE(tile(linear, tiled, 16, 8, 1));
    CHECK(tiled[0] == 0);                       // top-left pixel first
    CHECK(tiled[1] == 1);                       // (1, 0)
    CHECK(tiled[2] == 16);                      // (0, 1): the next Morton step goes down a row
    CHECK(tiled[morton_index(0, 7)] == 7 * 16); // (0, 7)
    CHECK(tiled[64] == 8);                      // second tile: columns 8-15
    for (std::uint32_t y = 0; y < 8; ++y)
        for (std::uint32_t x = 0; x < 16; ++x)
            CHECK(tiled[tiled_offset(x, y, 16, 1)] == linear[y * 16 + x]);
}

TEST_CASE("hardware: a 128x128 RGBA8 tiled-to-linear transfer moves words 1, 2, 13 to (1,0), "
          "(0,1), (3,2)") {
    // citra-emu/hwtests source/tests/gpu/displaytransfer.cpp, Test_ZCurve.
    std::vector<std::uint32_t> tiled(128 * 128), linear(128 * 128);
    for (std::uint32_t i = 0; i < tiled.size(); ++i)
        tiled[i] = i;
    const std::span<const std::uint8_t> in(reinterpret_cast<const std::uint8_t*>(tiled.data()),
                                           tiled.size() * 4);
    const std::span<std::uint8_t> out(reinterpret_cast<std::uint8_t*>(linear.data()),
                                      linear.size() * 4);
    REQUIRE(untile(in, out, 128, 128, 4));
    CHECK(linear[0] == 0);
    CHECK(linear[1] == 1);
    CHECK(linear[128] == 2);
    CHECK(linear[2 * 128 + 3] == 13);
}

TEST_CASE("tile and untile are inverse for every pixel size and several shapes") {
    std::mt19937 rng(1234);
    const std::uint32_t shapes[][2] = {{8, 8}, {16, 24}, {64, 40}, {8, 128}, {400, 240}};
    for (std::uint32_t bpp = 1; bpp <= 4; ++bpp) {
        for (const auto& s : shapes) {
            const std::size_t n = static_cast<std::size_t>(s[0]) * s[1] * bpp;
            std::vector<std::uint8_t> linear(n), tiled(n), back(n);
            for (auto& b : linear)
                b = static_cast<std::uint8_t>(rng());
            REQUIRE(tile(linear, tiled, s[0], s[1], bpp));
            REQUIRE(untile(tiled, back, s[0], s[1], bpp));
            CHECK(back == linear);
            // Spot-check the closed-form offset on a few pixels.
            for (int k = 0; k < 16; ++k) {
                const auto x = static_cast<std::uint32_t>(rng() % s[0]),
                           y = static_cast<std::uint32_t>(rng() % s[1]);
                const std::size_t off = tiled_offset(x, y, s[0], bpp);
                CHECK(
                    std::equal(tiled.begin() + static_cast<std::ptrdiff_t>(off),
                               tiled.begin() + static_cast<std::ptrdiff_t>(off + bpp),
                               linear.begin() + static_cast<std::ptrdiff_t>((y * s[0] + x) * bpp)));
            }
        }
    }
}

TEST_CASE("tiling refuses sizes that are not multiples of 8 and short buffers") {
    std::vector<std::uint8_t> a(1024, 0xAB), b(1024, 0xCD);
    CHECK_FALSE(tile(a, b, 12, 8, 4));
    CHECK_FALSE(untile(a, b, 8, 0, 4));
    CHECK_FALSE(untile(a, b, 16, 16, 5));
    CHECK_FALSE(untile(std::span(a).first(100), b, 8, 8, 2)); // needs 128 bytes
    CHECK(b[0] == 0xCD);                                      // nothing written
}

TEST_CASE("tiling: 4-bit rows pack two pixels per byte, even x in the low nibble") {
    // Pixel (x, y) of a 16x8 4-bit image holds (x + y) & 15; rows come back packed.
    TiledLayout l{16, 8, 4};
    std::vector<std::uint8_t> tiled(l.tiled_bytes());
    for (std::uint32_t y = 0; y < 8; ++y) {
        for (std::uint32_t x = 0; x < 16; ++x) {
            const std::uint32_t m = morton_index(x % 8, y % 8) + (x / 8) * 64;
            const auto v = static_cast<std::uint8_t>((x + y) & 15);
            tiled[m / 2] |= static_cast<std::uint8_t>((m & 1) ? v << 4 : v);
        }
    }
    std::vector<std::uint8_t> linear(l.linear_bytes());
    REQUIRE(untile(tiled, linear, l));
    for (std::uint32_t y = 0; y < 8; ++y)
        for (std::uint32_t x = 0; x < 16; x += 2)
            CHECK(linear[y * 8 + x / 2] == (((x + y) & 15) | ((x + 1 + y) & 15) << 4));
    std::vector<std::uint8_t> back(tiled.size());
    REQUIRE(tile(linear, back, l));
    CHECK(back == tiled);
}

TEST_CASE("tiling: strides on both sides, padding left untouched") {
    std::mt19937 rng(5);
    TiledLayout l{24, 16, 16};
    l.tiled_stride = 24 * 8 * 2 + 64; // 64 bytes of padding after each row of tiles
    l.linear_pitch = 24 * 2 + 10;     // 10 bytes after each linear row
    std::vector<std::uint8_t> linear(l.linear_bytes()), tiled(l.tiled_bytes(), 0xAB);
    for (auto& b : linear)
        b = static_cast<std::uint8_t>(rng());
    REQUIRE(tile(linear, tiled, l));
    // The padding between the two rows of tiles is untouched.
    for (std::size_t i = 24 * 8 * 2; i < l.tiled_stride; ++i)
        CHECK(tiled[i] == 0xAB);
    std::vector<std::uint8_t> back(linear.size(), 0xCD);
    REQUIRE(untile(tiled, back, l));
    for (std::uint32_t y = 0; y < 16; ++y)
        for (std::uint32_t i = 0; i < 48; ++i)
            CHECK(back[y * l.linear_pitch + i] == linear[y * l.linear_pitch + i]);
    CHECK(back[48] == 0xCD); // linear padding untouched too
    for (std::uint32_t y = 0; y < 16; ++y)
        for (std::uint32_t x = 0; x < 24; ++x)
            CHECK(tiled[tiled_offset(l, x, y)] == linear[y * l.linear_pitch + x * 2]);
}

TEST_CASE("tiling: 32x32 blocks keep the first 8x8 tile's Morton order and extend the curve") {
    // hwtests Test_Flags_Bit_16 measured only that words 1, 2 and 13 land at (1,0), (0,1), (3,2)
    // with 32x32 blocks, as with 8x8 tiles; the rest is picavk's stated inference (tiling.h).
    TiledLayout l{64, 32, 32};
    l.block = BlockSize::k32x32;
    std::vector<std::uint32_t> tiled(64 * 32), linear(64 * 32);
    for (std::uint32_t i = 0; i < tiled.size(); ++i)
        tiled[i] = i;
    REQUIRE(untile(std::span(reinterpret_cast<const std::uint8_t*>(tiled.data()), tiled.size() * 4),
                   std::span(reinterpret_cast<std::uint8_t*>(linear.data()), linear.size() * 4),
                   l));
    CHECK(linear[1] == 1);
    CHECK(linear[64] == 2);
    CHECK(linear[2 * 64 + 3] == 13);
    CHECK(linear[8] == 64);       // the second 8x8 tile follows the first, to its right
    CHECK(linear[8 * 64] == 128); // the third sits below the first (Z order)
    CHECK(linear[32] == 1024);    // the second 32x32 block starts at x = 32
    CHECK(linear[31 * 64 + 31] == 1023);
    std::vector<std::uint32_t> back(tiled.size());
    REQUIRE(tile(std::span(reinterpret_cast<const std::uint8_t*>(linear.data()), linear.size() * 4),
                 std::span(reinterpret_cast<std::uint8_t*>(back.data()), back.size() * 4), l));
    CHECK(back == tiled);
}

TEST_CASE("tiling: bad layouts are refused") {
    std::vector<std::uint8_t> a(4096), b(4096);
    CHECK(layout_error(TiledLayout{12, 8, 8}, a.size(), b.size()));
    CHECK(layout_error(TiledLayout{8, 8, 12}, a.size(), b.size()));
    CHECK(layout_error(TiledLayout{0, 8, 8}, a.size(), b.size()));
    TiledLayout big{8, 8, 8};
    big.block = BlockSize::k32x32;
    CHECK(layout_error(big, a.size(), b.size())); // not a multiple of 32
    TiledLayout stride{16, 8, 8};
    stride.tiled_stride = 64; // shorter than a row of tiles (128)
    CHECK(layout_error(stride, a.size(), b.size()));
    CHECK(layout_error(TiledLayout{64, 64, 8}, 100, b.size()));
    CHECK_FALSE(untile(a, b, TiledLayout{128, 64, 8}));
    CHECK_FALSE(untile(a, b, 8, 8, 5));
}
