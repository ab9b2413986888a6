// ETC1/ETC1A4 as the PICA stores them, checked against an independent decoder: Debian's
// etc1tool (Android's reference ETC1 codec) decodes standard PKM files. Random PICA blocks are
// converted to PKM (byte order and block order as the PICA layout rules say), decoded by
// etc1tool, and every texel is compared with picavk's decoder.
#include "pica/texture/etc1.h"
#include "pica/texture/texture_codec.h"

#include "random_bytes.h"

#include <doctest/doctest.h>
#include <stb_image.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <vector>

using namespace picavk::pica;
using picavk::test::random_bytes;

namespace {

// Where block (bx, by) of a PICA ETC texture of width w starts: 8x8 tiles in row order, four
// blocks per tile in Z order (docs/research/formats_transfer.md 3.1).
std::size_t pica_block_offset(std::uint32_t bx, std::uint32_t by, std::uint32_t w,
                              std::size_t block_bytes) {
    const std::size_t tile = (by / 2) * (w / 8) + bx / 2;
    return (tile * 4 + (bx % 2) + 2 * (by % 2)) * block_bytes;
}

// PICA ETC1/ETC1A4 texture -> PKM file bytes (16-byte big-endian header, then big-endian colour
// blocks in raster order). The PICA's colour word is little-endian: reverse each block's bytes.
std::vector<std::uint8_t> pica_to_pkm(const std::vector<std::uint8_t>& pica, std::uint32_t w,
                                      std::uint32_t h, bool alpha) {
    std::vector<std::uint8_t> pkm = {'P', 'K', 'M', ' ', '1', '0', 0, 0};
    for (std::uint32_t v : {w, h, w, h}) {
        pkm.push_back(static_cast<std::uint8_t>(v >> 8));
        pkm.push_back(static_cast<std::uint8_t>(v));
    }
    const std::size_t block_bytes = alpha ? 16 : 8;
    for (std::uint32_t by = 0; by < h / 4; ++by) {
        for (std::uint32_t bx = 0; bx < w / 4; ++bx) {
            const std::size_t colour = pica_block_offset(bx, by, w, block_bytes) + block_bytes - 8;
            for (int i = 7; i >= 0; --i)
                pkm.push_back(pica[colour + static_cast<std::size_t>(i)]);
        }
    }
    return pkm;
}

// The inverse, for the colour words (alpha words are left as they are in `pica`).
void pkm_to_pica(const std::vector<std::uint8_t>& pkm, std::vector<std::uint8_t>& pica,
                 std::uint32_t w, std::uint32_t h, bool alpha) {
    const std::size_t block_bytes = alpha ? 16 : 8;
    std::size_t in = 16;
    for (std::uint32_t by = 0; by < h / 4; ++by) {
        for (std::uint32_t bx = 0; bx < w / 4; ++bx, in += 8) {
            const std::size_t colour = pica_block_offset(bx, by, w, block_bytes) + block_bytes - 8;
            for (std::size_t i = 0; i < 8; ++i)
                pica[colour + i] = pkm[in + 7 - i];
        }
    }
}

struct Image {
    int w = 0, h = 0;
    std::vector<std::uint8_t> rgb;
};

// Decodes a PKM file with etc1tool. etc1tool exits 0 even when it fails, so success is the
// output file existing and loading.
Image etc1tool_decode(const std::vector<std::uint8_t>& pkm, const std::string& name) {
    const auto dir = std::filesystem::temp_directory_path() / "picavk-etc1-test";
    std::filesystem::create_directories(dir);
    const auto in = dir / (name + ".pkm"), out = dir / (name + ".png");
    std::filesystem::remove(out);
    std::ofstream(in, std::ios::binary)
        .write(reinterpret_cast<const char*>(pkm.data()), static_cast<std::streamsize>(pkm.size()));
    const std::string cmd =
        "etc1tool '" + in.string() + "' --decode -o '" + out.string() + "' >/dev/null 2>&1";
    const int rc = std::system(cmd.c_str());
    INFO("command: " << cmd << " (exit " << rc << ")");
    REQUIRE_MESSAGE(std::filesystem::exists(out),
                    "etc1tool produced no output: is it installed (scripts/setup.sh)?");
    Image img;
    int channels = 0;
    stbi_uc* data = stbi_load(out.string().c_str(), &img.w, &img.h, &channels, 3);
    REQUIRE(data != nullptr);
    img.rgb.assign(data, data + static_cast<std::size_t>(img.w) * img.h * 3);
    stbi_image_free(data);
    return img;
}

// 512x320 = 128x80 = 10,240 blocks.
constexpr std::uint32_t kW = 512, kH = 320;

} // namespace

TEST_CASE("ETC1: a solid red etc1tool block decodes to (253, 0, 0)") {
    // etc1tool encodes a solid (255,0,0) 4x4 image as the PKM block F8 00 00 02 FF FF 00 00
    // (differential, R=31, codewords 0, every pixel -2); the PICA stores it byte-reversed.
    const std::uint8_t pica[8] = {0x00, 0x00, 0xFF, 0xFF, 0x02, 0x00, 0x00, 0xF8};
    Rgba8 out[16];
    decode_etc1_block(load_u64_le(pica), kEtc1OpaqueAlpha, out);
    for (const Rgba8& c : out)
        CHECK(c == Rgba8{253, 0, 0, 255});
}

TEST_CASE("ETC1: pixel index is column-major and flip selects the subblock split") {
    // Individual mode, base colours 0x0 (subblock 1) and 0xF (subblock 2) in every channel,
    // codeword 0 (modifiers 2 and 8), all index bits 0: each pixel is its subblock base + 2.
    std::uint64_t w = 0x0F0F0Full << 40;
    Rgba8 out[16];
    decode_etc1_block(w, kEtc1OpaqueAlpha, out);
    CHECK(out[0 * 4 + 1].r == 2);                             // x = 1: left half
    CHECK(out[0 * 4 + 2].r == 255);                           // x = 2: right half (0xFF + 2 clamps)
    decode_etc1_block(w | 1ull << 32, kEtc1OpaqueAlpha, out); // flip: top and bottom halves
    CHECK(out[1 * 4 + 3].r == 2);
    CHECK(out[2 * 4 + 0].r == 255);
    // Pixel (x=1, y=0) is index 4: set its LSB (large modifier 8) and MSB (negate).
    decode_etc1_block(w | 1ull << 4 | 1ull << 20, kEtc1OpaqueAlpha, out);
    CHECK(out[0 * 4 + 1].r == 0); // 0 - 8 clamps to 0
    CHECK(out[1 * 4 + 0].r == 2); // (0, 1) is index 1: unchanged
}

TEST_CASE("ETC1A4: alpha nibble 4x+y, low nibble first") {
    std::uint8_t alpha[8] = {};
    alpha[0] = 0x21; // (0,0) = 1, (0,1) = 2
    alpha[2] = 0x0F; // (1,0) = 15
    Rgba8 out[16];
    decode_etc1_block(0, load_u64_le(alpha), out);
    CHECK(out[0].a == 0x11);
    CHECK(out[4].a == 0x22);
    CHECK(out[1].a == 0xFF);
    CHECK(out[5].a == 0);
}

TEST_CASE("ETC1: 10,240 random blocks decode exactly as etc1tool decodes them") {
    const std::vector<std::uint8_t> pica = random_bytes(kW * kH / 2, 2026);
    const std::vector<std::uint8_t> pkm = pica_to_pkm(pica, kW, kH, false);
    REQUIRE(pkm.size() == 16 + 10240 * 8);

    // The conversion is exact both ways.
    std::vector<std::uint8_t> back(pica.size());
    pkm_to_pica(pkm, back, kW, kH, false);
    CHECK(back == pica);

    std::vector<std::uint8_t> ours(kW * kH * 4);
    REQUIRE(decode_texture(pica, ours, kW, kH, TextureFormat::ETC1));
    const Image ref = etc1tool_decode(pkm, "etc1");
    REQUIRE(ref.w == static_cast<int>(kW));
    REQUIRE(ref.h == static_cast<int>(kH));
    std::size_t mismatches = 0;
    for (std::size_t i = 0; i < std::size_t{kW} * kH; ++i) {
        for (std::size_t c = 0; c < 3; ++c)
            mismatches += ours[i * 4 + c] != ref.rgb[i * 3 + c];
        mismatches += ours[i * 4 + 3] != 255;
    }
    CHECK(mismatches == 0);
}

TEST_CASE("ETC1A4: 10,240 random blocks: colour as etc1tool decodes it, alpha from its word") {
    std::vector<std::uint8_t> pica = random_bytes(kW * kH, 3);
    const std::vector<std::uint8_t> pkm = pica_to_pkm(pica, kW, kH, true);
    std::vector<std::uint8_t> back = pica;
    std::fill(back.begin(), back.end(), std::uint8_t{0});
    for (std::size_t b = 0; b < back.size(); b += 16) // keep the alpha words
        std::copy_n(pica.begin() + static_cast<std::ptrdiff_t>(b), 8,
                    back.begin() + static_cast<std::ptrdiff_t>(b));
    pkm_to_pica(pkm, back, kW, kH, true);
    CHECK(back == pica);

    std::vector<std::uint8_t> ours(kW * kH * 4);
    REQUIRE(decode_texture(pica, ours, kW, kH, TextureFormat::ETC1A4));
    const Image ref = etc1tool_decode(pkm, "etc1a4");
    REQUIRE(ref.w == static_cast<int>(kW));
    std::size_t mismatches = 0;
    for (std::uint32_t y = 0; y < kH; ++y) {
        for (std::uint32_t x = 0; x < kW; ++x) {
            const std::size_t i = std::size_t{y} * kW + x;
            for (std::size_t c = 0; c < 3; ++c)
                mismatches += ours[i * 4 + c] != ref.rgb[i * 3 + c];
            // Alpha: byte 2*(x%4) + (y%4)/2 of the block's alpha word, odd y in the high nibble.
            const std::size_t block = pica_block_offset(x / 4, y / 4, kW, 16);
            const std::uint8_t byte = pica[block + 2 * (x % 4) + (y % 4) / 2];
            const std::uint32_t nibble = (y % 2) ? byte >> 4 : byte & 15;
            mismatches += ours[i * 4 + 3] != nibble * 17;
        }
    }
    CHECK(mismatches == 0);
}
