// Textures decoded on the GPU (TextureDecode::Gpu, shaders/texture_decode.frag) against the CPU
// codec, the reference (pica::decode_texture): every format from random bytes, drawn 1:1 with
// nearest filtering and read back from guest memory, at scale 1 and 3; mip levels; and the
// counters that say which path ran. The texturing and reinterpretation suites run again with
// PICAVK_TEXTURE_DECODE=gpu (tests/CMakeLists.txt) for cube maps, filtering and textures made
// at the scale.
#include "patchwork.h"
#include "render_harness.h"
#include "test_random.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <set>

using namespace picavk;
using namespace picavk::pica;
using picavk::test::RenderHarness;

namespace {
constexpr std::uint32_t kTexture = 0x18100000;

std::vector<std::uint8_t> random_bytes(std::size_t n, std::uint32_t seed) {
    test::Rng rng(seed);
    std::vector<std::uint8_t> out(n);
    for (std::uint8_t& b : out)
        b = static_cast<std::uint8_t>(rng());
    return out;
}

// Unit 0 reads a `w` x `h` texture of `format` at kTexture with `levels` mip levels, nearest
// filters, min level `min_level`; the texture environment outputs it.
void bind(RenderHarness& h, TextureFormat format, std::uint32_t w, std::uint32_t hh,
          std::uint32_t levels = 1, std::uint32_t min_level = 0) {
    h.b().write(GPUREG_TEXUNIT0_DIM, (w << 16) | hh);
    h.b().write(GPUREG_TEXUNIT0_ADDR1, kTexture >> 3);
    h.b().write(GPUREG_TEXUNIT0_TYPE, static_cast<std::uint32_t>(format));
    h.b().write(GPUREG_TEXUNIT0_PARAM, 0); // nearest, nearest mip, clamp to edge
    h.b().write(GPUREG_TEXUNIT0_LOD, (levels - 1) << 16 | min_level << 24);
    h.b().write(GPUREG_TEXENV0_SOURCE, 0x00030003u);
    h.b().write(GPUREG_TEXUNIT_CONFIG, 1u | (1u << 12));
}

// The 32x32 colour buffer (memory rows) after drawing texture coordinates [u0, u1) x [v0, v1)
// over all of it.
std::vector<std::uint8_t> draw(RenderHarness& h, float u0, float v0, float u1, float v1) {
    h.clear(test::Rgba{0, 0, 0, 0});
    h.textured_quad(0, 0, RenderHarness::kW, RenderHarness::kH, u0, v0, u1, v1);
    h.draw();
    return h.color_rgba();
}

std::vector<std::uint8_t> decoded(std::span<const std::uint8_t> tiled, std::uint32_t w,
                                  std::uint32_t hh, TextureFormat format) {
    std::vector<std::uint8_t> rgba(std::size_t{w} * hh * 4);
    REQUIRE(decode_texture(tiled, rgba, w, hh, format));
    return rgba;
}

// Rows [y0, y0 + 32) and columns [x0, x0 + 32) of a linear RGBA8 image `w` pixels wide.
std::vector<std::uint8_t> window(const std::vector<std::uint8_t>& rgba, std::uint32_t w,
                                 std::uint32_t x0, std::uint32_t y0) {
    std::vector<std::uint8_t> out;
    for (std::uint32_t y = y0; y < y0 + 32; ++y) {
        const auto row = rgba.begin() + (std::size_t{y} * w + x0) * 4;
        out.insert(out.end(), row, row + 32 * 4);
    }
    return out;
}
// Different RGBA values among rows [y0, y1) of a 32-pixel-wide RGBA8 image.
std::size_t distinct_texels(const std::vector<std::uint8_t>& rgba, std::uint32_t y0,
                            std::uint32_t y1) {
    std::set<std::uint32_t> seen;
    for (std::size_t i = y0 * 32 * 4; i < y1 * 32 * 4; i += 4) {
        std::uint32_t v;
        std::memcpy(&v, &rgba[i], 4);
        seen.insert(v);
    }
    return seen.size();
}
} // namespace

TEST_CASE("texture decode: every format decoded on the GPU and on the CPU gives the codec's "
          "texels, drawn at scale 1 and 3") {
    for (std::uint32_t scale : {1u, 3u}) {
        for (TextureDecode where : {TextureDecode::Gpu, TextureDecode::Cpu}) {
            CAPTURE(scale);
            CAPTURE(static_cast<int>(where));
            RenderHarness h(scale);
            h.session().set_texture_decode(where);
            const RendererCounters before = h.session().renderer_counters();
            for (std::uint32_t f = 0; f < kTextureFormatCount; ++f) {
                const auto format = static_cast<TextureFormat>(f);
                const std::string name = format_name(format);
                CAPTURE(name);
                const auto bytes = random_bytes(texture_bytes(format, 32, 32), 100 + f);
                h.session().write_memory(kTexture, bytes);
                bind(h, format, 32, 32);
                CHECK(draw(h, 0, 0, 1, 1) == decoded(bytes, 32, 32, format));
            }
            const RendererCounters after = h.session().renderer_counters();
            CHECK(after.gpu_decoded_uploads - before.gpu_decoded_uploads ==
                  (where == TextureDecode::Gpu ? kTextureFormatCount : 0));
            CHECK(h.validation_messages() == 0);
            CHECK(h.warnings.empty());
        }
    }
}

TEST_CASE("texture decode: a 64x64 texture and its 32x32 mip level, every tile of both, on the "
          "GPU") {
    RenderHarness h;
    h.session().set_texture_decode(TextureDecode::Gpu);
    for (TextureFormat format : {TextureFormat::RGB8, TextureFormat::RGB565, TextureFormat::I4,
                                 TextureFormat::ETC1, TextureFormat::ETC1A4}) {
        const std::string name = format_name(format);
        CAPTURE(name);
        const std::size_t level0 = texture_bytes(format, 64, 64);
        const auto bytes = random_bytes(level0 + texture_bytes(format, 32, 32),
                                        static_cast<std::uint32_t>(format));
        h.session().write_memory(kTexture, bytes);
        const auto big = decoded(std::span(bytes).first(level0), 64, 64, format);
        bind(h, format, 64, 64, 2);
        // Level 0 in four quarters; memory row 0 is the top (t = 1).
        for (std::uint32_t qx : {0u, 1u})
            for (std::uint32_t qy : {0u, 1u}) {
                CAPTURE(qx);
                CAPTURE(qy);
                const float u0 = 0.5f * static_cast<float>(qx);
                const float v1 = 1.0f - 0.5f * static_cast<float>(qy);
                CHECK(draw(h, u0, v1 - 0.5f, u0 + 0.5f, v1) == window(big, 64, qx * 32, qy * 32));
            }
        // Level 1, chosen by the minimum level, 1:1.
        bind(h, format, 64, 64, 2, 1);
        CHECK(draw(h, 0, 0, 1, 1) == decoded(std::span(bytes).subspan(level0), 32, 32, format));
    }
    CHECK(h.validation_messages() == 0);
    CHECK(h.warnings.empty());
}

TEST_CASE("texture decode: a texture half inside a target drawn at scale 3 - the other half "
          "decoded from guest memory at the scale - on the GPU and on the CPU") {
    // The texture's second half lies past the 32x32 RGBA8 colour buffer: random guest bytes.
    // Its first half is the drawn patchwork (made on the GPU from the target's bytes); the
    // rest is decoded at scale 3 (the texture is the target's scale), then sampled 1:1.
    constexpr std::uint32_t kSecondTarget = 0x18200000, kOffset = 2048;
    for (TextureDecode where : {TextureDecode::Gpu, TextureDecode::Cpu}) {
        CAPTURE(static_cast<int>(where));
        RenderHarness h(3);
        h.session().set_texture_decode(where);
        h.session().write_memory(RenderHarness::kColor + 4096, random_bytes(2048, 77));
        test::draw_patchwork(h, false);
        const RendererCounters before = h.session().renderer_counters();
        auto& b = h.b();
        b.write(GPUREG_COLORBUFFER_LOC, kSecondTarget >> 3);
        b.write(GPUREG_TEXUNIT0_DIM, (32u << 16) | 32u);
        b.write(GPUREG_TEXUNIT0_PARAM, 0);
        b.write(GPUREG_TEXUNIT0_LOD, 0);
        b.write(GPUREG_TEXUNIT0_ADDR1, (RenderHarness::kColor + kOffset) >> 3);
        b.write(GPUREG_TEXUNIT0_TYPE, static_cast<std::uint32_t>(TextureFormat::RGBA8));
        b.write(GPUREG_TEXENV0_SOURCE, 0x00030003u);
        b.write(GPUREG_TEXUNIT_CONFIG, 1u | (1u << 12));
        h.textured_quad(0, 0, 32, 32, 0, 0, 1, 1);
        h.draw();
        const RendererCounters after = h.session().renderer_counters();
        CHECK(after.render_to_texture - before.render_to_texture == 1);
        CHECK(after.gpu_decoded_uploads - before.gpu_decoded_uploads ==
              (where == TextureDecode::Gpu ? 1u : 0u));
        std::vector<std::uint8_t> drawn(32 * 32 * 4), drawn_rgba(drawn.size());
        h.session().read_memory(kSecondTarget, drawn);
        decode_color_buffer(drawn, drawn_rgba, {32, 32}, ColorFormat::RGBA8);
        // What the texture's guest bytes say once the target is written back.
        std::vector<std::uint8_t> guest(32 * 32 * 4);
        h.session().read_memory(RenderHarness::kColor + kOffset, guest);
        const auto want = decoded(guest, 32, 32, TextureFormat::RGBA8);
        // Both halves hold many values: a wrong mapping cannot match by chance. Memory rows
        // 0-15 are the target's, 16-31 the random bytes.
        CHECK(distinct_texels(want, 0, 16) >= 4);
        CHECK(distinct_texels(want, 16, 32) >= 200);
        CHECK(drawn_rgba == want);
        CHECK(h.validation_messages() == 0);
        CHECK(h.warnings.empty());
    }
}

TEST_CASE("texture decode: PICAVK_TEXTURE_DECODE=gpu sends every upload to the GPU pass") {
    setenv("PICAVK_TEXTURE_DECODE", "gpu", 1);
    RenderHarness h;
    unsetenv("PICAVK_TEXTURE_DECODE");
    const auto bytes = random_bytes(texture_bytes(TextureFormat::ETC1, 32, 32), 5);
    h.session().write_memory(kTexture, bytes);
    bind(h, TextureFormat::ETC1, 32, 32);
    CHECK(draw(h, 0, 0, 1, 1) == decoded(bytes, 32, 32, TextureFormat::ETC1));
    CHECK(h.session().renderer_counters().gpu_decoded_uploads == 1);
    CHECK(h.validation_messages() == 0);
}

TEST_CASE("texture decode: sizes that are not whole 8x8 tiles, or past 1024, are refused with "
          "a warning on both paths") {
    struct Case {
        TextureFormat format;
        std::uint32_t w, h;
    };
    const Case cases[] = {{TextureFormat::I4, 2, 2},
                          {TextureFormat::I4, 6, 6},
                          {TextureFormat::RGBA8, 12, 8},
                          {TextureFormat::RGBA8, 1032, 8},
                          {TextureFormat::ETC1, 8, 20}};
    for (TextureDecode where : {TextureDecode::Gpu, TextureDecode::Cpu}) {
        for (const Case& c : cases) {
            CAPTURE(static_cast<int>(where));
            CAPTURE(c.w);
            CAPTURE(c.h);
            RenderHarness h;
            h.session().set_texture_decode(where);
            h.session().write_memory(kTexture, random_bytes(texture_bytes(c.format, c.w, c.h), 9));
            bind(h, c.format, c.w, c.h);
            draw(h, 0, 0, 1, 1);
            CHECK(h.session().renderer_counters().gpu_decoded_uploads == 0);
            const auto kinds = h.session().warning_counts();
            CHECK(std::count_if(kinds.begin(), kinds.end(),
                                [](const auto& k) { return k.first == "invalid-texture"; }) == 1);
            CHECK(h.validation_messages() == 0);
        }
    }
}

TEST_CASE("texture decode: bytes expected to change are copied into staging as they are hashed, "
          "and every frame shows the bytes guest memory holds") {
    RenderHarness h;
    h.session().set_texture_decode(TextureDecode::Gpu);
    const TextureFormat format = TextureFormat::RGBA8;
    const std::size_t level0 = texture_bytes(format, 64, 64);
    const std::size_t total = level0 + texture_bytes(format, 32, 32);
    const auto a = random_bytes(total, 1), b = random_bytes(total, 2);
    // (the bytes written, whether the comparison copies as it hashes, whether it uploads)
    struct Frame {
        const std::vector<std::uint8_t>* bytes;
        bool copies, uploads;
    };
    const Frame frames[] = {
        {&a, true, true},   // new: copied as hashed
        {&b, true, true},   // new bytes, a change expected after the last one
        {&b, true, false},  // the same bytes again: copied for nothing, not uploaded
        {&b, false, false}, // unchanged last time: hashed alone
        {&a, false, true},  // a change not expected: hashed, then copied to upload
        {&b, true, true},   // a change expected again
    };
    for (std::size_t i = 0; i < std::size(frames); ++i) {
        CAPTURE(i);
        const Frame& f = frames[i];
        h.session().write_memory(kTexture, *f.bytes);
        const RendererCounters before = h.session().renderer_counters();
        bind(h, format, 64, 64, 2);
        CHECK(draw(h, 0, 0.5f, 0.5f, 1) ==
              window(decoded(std::span(*f.bytes).first(level0), 64, 64, format), 64, 0, 0));
        bind(h, format, 64, 64, 2, 1); // level 1, staged beside level 0
        CHECK(draw(h, 0, 0, 1, 1) == decoded(std::span(*f.bytes).subspan(level0), 32, 32, format));
        const RendererCounters after = h.session().renderer_counters();
        CHECK(after.texture_hash_copies - before.texture_hash_copies == (f.copies ? 1u : 0u));
        CHECK(after.gpu_decoded_uploads - before.gpu_decoded_uploads == (f.uploads ? 1u : 0u));
        h.session().end_frame();
    }
    CHECK(h.validation_messages() == 0);
    CHECK(h.warnings.empty());
}
