// Colour and depth buffer formats, both directions (spec 004 COLORBUFFER_FORMAT and
// DEPTHBUFFER_FORMAT; byte layouts in docs/research/formats_transfer.md section 4).
#include "pica/texture/framebuffer_formats.h"

#include "random_bytes.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <random>
#include <vector>

using namespace picavk::pica;
using picavk::test::random_bytes;

TEST_CASE("colour buffers: every format decodes and encodes back to the same bytes") {
    for (std::uint32_t id = 0; id <= 4; ++id) {
        const auto f = static_cast<ColorFormat>(id);
        CAPTURE(format_name(f));
        for (BlockSize block : {BlockSize::k8x8, BlockSize::k32x32}) {
            const FramebufferSize size{64, 96, block};
            const auto tiled = random_bytes(64 * 96 * bytes_per_pixel(f), id + 1);
            std::vector<std::uint8_t> rgba(64 * 96 * 4), back(tiled.size());
            REQUIRE(decode_color_buffer(tiled, rgba, size, f));
            REQUIRE(encode_color_buffer(rgba, back, size, f));
            CHECK(back == tiled);
        }
    }
}

TEST_CASE("colour buffers: a rendered pixel is written in the guest's byte layout") {
    // Pixel (1, 0) is Morton index 1; colour (0x12, 0x34, 0x56, 0x78).
    const std::uint8_t rgba_pixel[4] = {0x12, 0x34, 0x56, 0x78};
    std::vector<std::uint8_t> rgba(8 * 8 * 4, 0);
    std::copy_n(rgba_pixel, 4, rgba.begin() + 4);
    struct Case {
        ColorFormat f;
        std::vector<std::uint8_t> bytes;
    };
    const Case cases[] = {
        {ColorFormat::RGBA8, {0x78, 0x56, 0x34, 0x12}},
        {ColorFormat::RGB8, {0x56, 0x34, 0x12}},
        // RGB5A1: R 0x12>>3 = 2, G 0x34>>3 = 6, B 0x56>>3 = 10, A 0x78>>7 = 0 -> 0x1194
        {ColorFormat::RGB5A1, {0x94, 0x11}},
        // RGB565: R 2, G 0x34>>2 = 13, B 10 -> 0x11AA
        {ColorFormat::RGB565, {0xAA, 0x11}},
        // RGBA4: 1, 3, 5, 7 -> 0x1357
        {ColorFormat::RGBA4, {0x57, 0x13}},
    };
    for (const Case& c : cases) {
        CAPTURE(format_name(c.f));
        std::vector<std::uint8_t> tiled(8 * 8 * bytes_per_pixel(c.f));
        REQUIRE(encode_color_buffer(rgba, tiled, {8, 8}, c.f));
        CHECK(std::equal(c.bytes.begin(), c.bytes.end(), tiled.begin() + bytes_per_pixel(c.f)));
    }
}

TEST_CASE("depth buffers: D16, D24, D24S8 byte layouts and round trips") {
    const FramebufferSize size{8, 8};
    std::vector<std::uint32_t> depth(64, 0);
    std::vector<std::uint8_t> stencil(64, 0);
    depth[1] = 0xABCDEF;
    stencil[1] = 0x5A;
    std::vector<std::uint8_t> d24s8(64 * 4), d24(64 * 3), d16(64 * 2);
    REQUIRE(encode_depth_buffer(depth, stencil, d24s8, size, DepthFormat::D24S8));
    // LE u32 stencil << 24 | depth at Morton index 1.
    CHECK(d24s8[4] == 0xEF);
    CHECK(d24s8[5] == 0xCD);
    CHECK(d24s8[6] == 0xAB);
    CHECK(d24s8[7] == 0x5A);
    REQUIRE(encode_depth_buffer(depth, {}, d24, size, DepthFormat::D24));
    CHECK(d24[3] == 0xEF);
    CHECK(d24[5] == 0xAB);
    // D16 holds 16-bit values; larger ones saturate.
    REQUIRE(encode_depth_buffer(depth, {}, d16, size, DepthFormat::D16));
    CHECK(d16[2] == 0xFF);
    CHECK(d16[3] == 0xFF);

    for (DepthFormat f : {DepthFormat::D16, DepthFormat::D24, DepthFormat::D24S8}) {
        CAPTURE(format_name(f));
        for (BlockSize block : {BlockSize::k8x8, BlockSize::k32x32}) {
            const FramebufferSize s{32, 64, block};
            const auto tiled = random_bytes(32 * 64 * bytes_per_pixel(f), 11);
            std::vector<std::uint32_t> d(32 * 64);
            std::vector<std::uint8_t> st(32 * 64), back(tiled.size());
            REQUIRE(decode_depth_buffer(tiled, d, st, s, f));
            CHECK(*std::max_element(d.begin(), d.end()) < (1u << depth_bits(f)));
            REQUIRE(encode_depth_buffer(d, st, back, s, f));
            CHECK(back == tiled);
        }
    }
}

TEST_CASE("depth buffers: writing depth without stencil keeps the guest's stencil bytes") {
    auto tiled = random_bytes(8 * 8 * 4, 3);
    const auto before = tiled;
    std::vector<std::uint32_t> depth(64, 0x123456);
    REQUIRE(encode_depth_buffer(depth, {}, tiled, {8, 8}, DepthFormat::D24S8));
    for (std::size_t i = 0; i < 64; ++i) {
        CHECK(tiled[i * 4 + 3] == before[i * 4 + 3]);
        CHECK(tiled[i * 4] == 0x56);
    }
}

TEST_CASE("framebuffers: bad arguments are refused, nothing written") {
    std::vector<std::uint8_t> tiled(1024, 7), rgba(4096, 9);
    CHECK_FALSE(decode_color_buffer(tiled, rgba, {8, 8}, static_cast<ColorFormat>(5)));
    CHECK_FALSE(decode_color_buffer(tiled, rgba, {10, 8}, ColorFormat::RGBA8));
    CHECK_FALSE(decode_color_buffer(tiled, rgba, {64, 64}, ColorFormat::RGBA8)); // too small
    CHECK_FALSE(encode_color_buffer(rgba, tiled, {8, 8, BlockSize::k32x32}, ColorFormat::RGBA8));
    std::vector<std::uint32_t> depth(64);
    CHECK_FALSE(decode_depth_buffer(tiled, depth, {}, {8, 8}, static_cast<DepthFormat>(1)));
    CHECK_FALSE(decode_depth_buffer(tiled, depth, std::span<std::uint8_t>(rgba).first(3), {8, 8},
                                    DepthFormat::D24S8));
    CHECK(std::all_of(rgba.begin(), rgba.end(), [](std::uint8_t b) { return b == 9; }));
    CHECK(std::all_of(tiled.begin(), tiled.end(), [](std::uint8_t b) { return b == 7; }));
}
