#include "pica/tiling.h"

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
