// Texture formats (TEXUNITi_TYPE): per-pixel layouts and bit expansion from the spec and
// docs/research/formats_transfer.md section 2, exact round trips, native host layouts.
#include "pica/texture/texture_codec.h"
#include "pica/texture/tiling.h"

#include "random_bytes.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <array>
#include <cstring>
#include <random>
#include <vector>

using namespace picavk::pica;
using picavk::test::random_bytes;

namespace {

constexpr TextureFormat kAll[] = {
    TextureFormat::RGBA8, TextureFormat::RGB8,  TextureFormat::RGB5A1, TextureFormat::RGB565,
    TextureFormat::RGBA4, TextureFormat::IA8,   TextureFormat::HILO8,  TextureFormat::I8,
    TextureFormat::A8,    TextureFormat::IA4,   TextureFormat::I4,     TextureFormat::A4,
    TextureFormat::ETC1,  TextureFormat::ETC1A4};

// Decodes an 8x8 texture holding `pixel` (bytes of one pixel, or for 4-bit formats the first
// byte) at (0, 0) and returns that pixel.
Rgba8 first_pixel(TextureFormat f, std::vector<std::uint8_t> bytes) {
    std::vector<std::uint8_t> tiled(texture_bytes(f, 8, 8)), rgba(8 * 8 * 4);
    std::copy(bytes.begin(), bytes.end(), tiled.begin());
    REQUIRE(decode_texture(tiled, rgba, 8, 8, f));
    return {rgba[0], rgba[1], rgba[2], rgba[3]};
}

} // namespace

TEST_CASE("texture formats: one pixel of each, byte layout and bit replication") {
    // RGBA8 is stored A, B, G, R.
    CHECK(first_pixel(TextureFormat::RGBA8, {0x44, 0x33, 0x22, 0x11}) ==
          Rgba8{0x11, 0x22, 0x33, 0x44});
    CHECK(first_pixel(TextureFormat::RGB8, {0x33, 0x22, 0x11}) == Rgba8{0x11, 0x22, 0x33, 0xFF});
    // RGB5A1 0xF801 = R 31, G 0, B 0, A 1; 0x07C0 = G 31; 5 -> 8 bits: v << 3 | v >> 2.
    CHECK(first_pixel(TextureFormat::RGB5A1, {0x01, 0xF8}) == Rgba8{0xFF, 0, 0, 0xFF});
    CHECK(first_pixel(TextureFormat::RGB5A1, {0xC0, 0x07}) == Rgba8{0, 0xFF, 0, 0});
    // RGB565: 0x8410 = R 16, G 32, B 16 -> 0x84, 0x82, 0x84.
    CHECK(first_pixel(TextureFormat::RGB565, {0x10, 0x84}) == Rgba8{0x84, 0x82, 0x84, 0xFF});
    CHECK(first_pixel(TextureFormat::RGBA4, {0x9A, 0x12}) == Rgba8{0x11, 0x22, 0x99, 0xAA});
    CHECK(first_pixel(TextureFormat::IA8, {0x40, 0x80}) == Rgba8{0x80, 0x80, 0x80, 0x40});
    CHECK(first_pixel(TextureFormat::HILO8, {0x40, 0x80}) == Rgba8{0x80, 0x40, 0, 0xFF});
    CHECK(first_pixel(TextureFormat::I8, {0x5A}) == Rgba8{0x5A, 0x5A, 0x5A, 0xFF});
    CHECK(first_pixel(TextureFormat::A8, {0x5A}) == Rgba8{0, 0, 0, 0x5A});
    CHECK(first_pixel(TextureFormat::IA4, {0x3C}) == Rgba8{0x33, 0x33, 0x33, 0xCC});
    // I4/A4: pixel (0, 0) is Morton index 0, the low nibble.
    CHECK(first_pixel(TextureFormat::I4, {0x3C}) == Rgba8{0xCC, 0xCC, 0xCC, 0xFF});
    CHECK(first_pixel(TextureFormat::A4, {0x3C}) == Rgba8{0, 0, 0, 0xCC});
}

TEST_CASE("texture formats: RGB5A1 field positions") {
    // 0x0042 = G bit 6 (G = 1) and B bit 1 (B = 1): 1 << 3 | 1 >> 2 = 8.
    CHECK(decode_texel(TextureFormat::RGB5A1, std::array<std::uint8_t, 2>{0x42, 0}.data()) ==
          Rgba8{0, 8, 8, 0});
}

TEST_CASE("texture formats: 4-bit pixels, odd x in the high nibble, Morton order per byte") {
    std::vector<std::uint8_t> tiled(32), rgba(8 * 8 * 4);
    tiled[0] = 0x21; // (0,0) = 1, (1,0) = 2
    tiled[1] = 0x43; // Morton 2, 3 = (0,1), (1,1)
    tiled[2] = 0x65; // Morton 4, 5 = (2,0), (3,0)
    REQUIRE(decode_texture(tiled, rgba, 8, 8, TextureFormat::I4));
    const auto at = [&](int x, int y) { return rgba[static_cast<std::size_t>((y * 8 + x) * 4)]; };
    CHECK(at(0, 0) == 0x11);
    CHECK(at(1, 0) == 0x22);
    CHECK(at(0, 1) == 0x33);
    CHECK(at(1, 1) == 0x44);
    CHECK(at(2, 0) == 0x55);
    CHECK(at(3, 0) == 0x66);
}

TEST_CASE("texture formats: every 16-bit value survives decode then encode") {
    for (TextureFormat f : {TextureFormat::RGB5A1, TextureFormat::RGB565, TextureFormat::RGBA4,
                            TextureFormat::IA8, TextureFormat::HILO8}) {
        CAPTURE(format_name(f));
        std::uint32_t failures = 0;
        for (std::uint32_t v = 0; v < 0x10000; ++v) {
            // Four bytes each: the compiler cannot see that f is a 16-bit format.
            const std::uint8_t in[4] = {static_cast<std::uint8_t>(v),
                                        static_cast<std::uint8_t>(v >> 8)};
            std::uint8_t out[4] = {};
            encode_texel(f, decode_texel(f, in), out);
            failures += out[0] != in[0] || out[1] != in[1];
        }
        CHECK(failures == 0);
    }
}

TEST_CASE("texture formats: tiled decode then encode gives back the same bytes") {
    for (TextureFormat f : kAll) {
        if (is_etc(f)) continue; // no encoder; etc1 tests compare against etc1tool instead
        CAPTURE(format_name(f));
        for (auto [w, h] : {std::pair{8u, 8u}, {64u, 32u}, {1024u, 8u}, {24u, 1024u}}) {
            const auto tiled = random_bytes(texture_bytes(f, w, h), w * 31 + h);
            std::vector<std::uint8_t> rgba(std::size_t{w} * h * 4), back(tiled.size());
            REQUIRE(decode_texture(tiled, rgba, w, h, f));
            REQUIRE(encode_texture(rgba, back, w, h, f));
            CHECK(back == tiled);
        }
    }
}

TEST_CASE("texture formats: representable RGBA8 images survive encode then decode") {
    std::mt19937 rng(7);
    for (TextureFormat f : kAll) {
        if (is_etc(f)) continue;
        CAPTURE(format_name(f));
        // Build the image by decoding random pixels, so every value is representable.
        std::vector<std::uint8_t> rgba(16 * 16 * 4);
        for (std::size_t i = 0; i < 256; ++i) {
            const std::uint8_t raw[4] = {
                static_cast<std::uint8_t>(rng()), static_cast<std::uint8_t>(rng()),
                static_cast<std::uint8_t>(rng()), static_cast<std::uint8_t>(rng())};
            const Rgba8 c = decode_texel(f, raw, static_cast<std::uint32_t>(i & 1));
            std::memcpy(&rgba[i * 4], &c, 4);
        }
        std::vector<std::uint8_t> tiled(texture_bytes(f, 16, 16)), back(rgba.size());
        REQUIRE(encode_texture(rgba, tiled, 16, 16, f));
        REQUIRE(decode_texture(tiled, back, 16, 16, f));
        CHECK(back == rgba);
    }
}

TEST_CASE("texture formats: pixels land where the tiling says") {
    // A 16x16 RGB565 texture whose pixel (x, y) holds x + 16y: decoded red/blue channels agree.
    std::vector<std::uint8_t> tiled(texture_bytes(TextureFormat::I8, 16, 16));
    for (std::uint32_t y = 0; y < 16; ++y)
        for (std::uint32_t x = 0; x < 16; ++x)
            tiled[tiled_offset(x, y, 16, 1)] = static_cast<std::uint8_t>(x + 16 * y);
    std::vector<std::uint8_t> rgba(16 * 16 * 4);
    REQUIRE(decode_texture(tiled, rgba, 16, 16, TextureFormat::I8));
    for (std::uint32_t i = 0; i < 256; ++i)
        CHECK(rgba[i * 4] == i);
}

namespace {
// Host formats by their Vulkan definitions, written independently of texel_formats.h.
Rgba8 host_decode(HostFormat h, const std::uint8_t* p) {
    const std::uint32_t v16 = p[0] | p[1] << 8u;
    switch (h) {
    case HostFormat::R8G8B8A8:
        return {p[0], p[1], p[2], p[3]};
    case HostFormat::R5G6B5:
        return {expand5(v16 >> 11), expand6((v16 >> 5) & 63), expand5(v16 & 31), 0};
    case HostFormat::R5G5B5A1:
        return {expand5(v16 >> 11), expand5((v16 >> 6) & 31), expand5((v16 >> 1) & 31),
                expand1(v16 & 1)};
    case HostFormat::R4G4B4A4:
        return {expand4(v16 >> 12), expand4((v16 >> 8) & 15), expand4((v16 >> 4) & 15),
                expand4(v16 & 15)};
    case HostFormat::R8G8:
        return {p[0], p[1], 0, 0};
    case HostFormat::R8:
        return {p[0], 0, 0, 0};
    case HostFormat::R4G4:
        return {expand4(p[0] >> 4), expand4(p[0] & 15), 0, 0};
    case HostFormat::None:
        break;
    }
    return {};
}
std::uint8_t apply(Swizzle s, Rgba8 c) {
    switch (s) {
    case Swizzle::R:
        return c.r;
    case Swizzle::G:
        return c.g;
    case Swizzle::B:
        return c.b;
    case Swizzle::A:
        return c.a;
    case Swizzle::Zero:
        return 0;
    case Swizzle::One:
        return 255;
    }
    return 0;
}
} // namespace

TEST_CASE("native host layouts: untiled bytes read as the host format, swizzled, equal decode") {
    for (TextureFormat f : kAll) {
        const NativeLayout n = native_layout(f);
        CAPTURE(format_name(f));
        std::vector<std::uint8_t> out(32 * 16 * 4);
        const auto tiled = random_bytes(texture_bytes(f, 32, 16), 99);
        if (n.format == HostFormat::None) {
            CHECK_FALSE(untile_native(tiled, out, 32, 16, f));
            continue;
        }
        std::vector<std::uint8_t> rgba(32 * 16 * 4);
        REQUIRE(decode_texture(tiled, rgba, 32, 16, f));
        REQUIRE(untile_native(tiled, out, 32, 16, f));
        const std::uint32_t bpp = bits_per_pixel(f) / 8;
        for (std::size_t i = 0; i < 32 * 16; ++i) {
            const Rgba8 host = host_decode(n.format, &out[i * bpp]);
            const Rgba8 c{apply(n.swizzle[0], host), apply(n.swizzle[1], host),
                          apply(n.swizzle[2], host), apply(n.swizzle[3], host)};
            REQUIRE(c == Rgba8{rgba[i * 4], rgba[i * 4 + 1], rgba[i * 4 + 2], rgba[i * 4 + 3]});
        }
    }
}

TEST_CASE("texture formats: bad arguments are refused and nothing is written") {
    std::vector<std::uint8_t> tiled(64 * 64 * 4, 1), rgba(64 * 64 * 4, 0xEE);
    CHECK(texture_error(static_cast<TextureFormat>(14), 8, 8, tiled.size(), rgba.size(), 4));
    CHECK_FALSE(decode_texture(tiled, rgba, 8, 8, static_cast<TextureFormat>(14)));
    CHECK_FALSE(decode_texture(tiled, rgba, 12, 8, TextureFormat::RGBA8)); // not a multiple of 8
    CHECK_FALSE(decode_texture(tiled, rgba, 0, 8, TextureFormat::RGBA8));
    CHECK_FALSE(decode_texture(tiled, rgba, 2048, 8, TextureFormat::I8)); // above 1024
    CHECK_FALSE(decode_texture(std::span(tiled).first(100), rgba, 8, 8, TextureFormat::RGBA8));
    CHECK_FALSE(decode_texture(tiled, std::span(rgba).first(100), 8, 8, TextureFormat::ETC1));
    CHECK_FALSE(encode_texture(rgba, tiled, 8, 8, TextureFormat::ETC1)); // no ETC encoder
    CHECK(std::all_of(rgba.begin(), rgba.end(), [](std::uint8_t b) { return b == 0xEE; }));
    CHECK(std::all_of(tiled.begin(), tiled.end(), [](std::uint8_t b) { return b == 1; }));
}
