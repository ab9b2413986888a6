// Texturing features (spec 004 TEXUNIT registers): wrap modes including clamp-to-border (native
// custom border colours and the shader fallback), filters, mipmaps with LOD bias/min/max, cube
// maps, projection, texture 2 from texcoord 1. Expected texels are stated from the spec.
#include "render_harness.h"
#include "scoped_env.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <string>
#include <utility>

using namespace picavk;
using namespace picavk::pica;
using picavk::test::RenderHarness;
using picavk::test::Rgba;

namespace {
// Stage 0: texture 0 (or unit `unit`) replaces everything.
void texture_only(RenderHarness& h, unsigned unit = 0) {
    h.b().write(GPUREG_TEXENV0_SOURCE, 0x00030003u + unit * 0x00010001u);
    h.b().write(GPUREG_TEXUNIT_CONFIG, (1u << unit) | (1u << 12));
}
// An 8x8 RGBA8 texture whose texel (x, row) is (x * 32, row * 32, 0x80, 0xFF); row 0 is the
// top (t = 1).
std::vector<std::uint8_t> gradient8() {
    std::vector<std::uint8_t> t(8 * 8 * 4);
    for (std::uint32_t row = 0; row < 8; ++row)
        for (std::uint32_t x = 0; x < 8; ++x) {
            std::uint8_t* p = &t[(row * 8 + x) * 4];
            p[0] = static_cast<std::uint8_t>(x * 32);
            p[1] = static_cast<std::uint8_t>(row * 32);
            p[2] = 0x80;
            p[3] = 0xFF;
        }
    return t;
}
Rgba texel(std::uint32_t x, std::uint32_t row) {
    return {static_cast<std::uint8_t>(x * 32), static_cast<std::uint8_t>(row * 32), 0x80, 0xFF};
}
std::uint32_t wrap_param(std::uint32_t s, std::uint32_t t) {
    return s << 12 | t << 8; // nearest filters
}
// An 8x8 RGBA8 texture's guest bytes, every texel red `r`, opaque.
std::vector<std::uint8_t> solid(std::uint8_t r) {
    std::vector<std::uint8_t> rgba(8 * 8 * 4), tiled(rgba.size());
    for (std::size_t i = 0; i < rgba.size(); i += 4)
        rgba[i] = r, rgba[i + 3] = 0xFF;
    encode_texture(rgba, tiled, 8, 8, TextureFormat::RGBA8);
    return tiled;
}
} // namespace

TEST_CASE("texturing: wrap modes, with custom border colours and with the shader fallback") {
    for (bool native_border : {true, false}) {
        CAPTURE(native_border);
        if (native_border)
            unsetenv("PICAVK_DEVICE_DISABLE");
        else
            setenv("PICAVK_DEVICE_DISABLE", "custom-border-color", 1);
        RenderHarness h;
        unsetenv("PICAVK_DEVICE_DISABLE");
        h.clear(Rgba{0, 0, 0, 0});
        texture_only(h);
        h.b().write(GPUREG_TEXUNIT0_BORDER_COLOR, 0xFF123456); // r 0x56 g 0x34 b 0x12 a 0xFF
        // s sampled at -0.3 (texel column -2.4) and 1.3 (10.4); t at the centre row 3
        // (t = 1 - 3.5/8). Per wrap mode (spec 004 TEXUNITi_PARAM): 0 clamp to edge -> column
        // 0 / 7; 1 border; 2 repeat -> column 5 / 2; 3 mirrored repeat -> column 2 / 5.
        const float t = 1.0f - 3.5f / 8.0f;
        struct Case {
            std::uint32_t mode;
            Rgba low, high;
        };
        const Rgba border{0x56, 0x34, 0x12, 0xFF};
        const Case cases[] = {{0, texel(0, 3), texel(7, 3)},
                              {1, border, border},
                              {2, texel(5, 3), texel(2, 3)},
                              {3, texel(2, 3), texel(5, 3)}};
        for (const Case& c : cases) {
            CAPTURE(c.mode);
            h.texture(0, 8, 8, gradient8(), wrap_param(c.mode, 0));
            texture_only(h);
            h.quad(0, 0, 4, 4, -0.5f, {1, 1, 1, 1}, 1, false, {-0.3f, t, 0, 0});
            h.quad(4, 0, 8, 4, -0.5f, {1, 1, 1, 1}, 1, false, {1.3f, t, 0, 0});
            h.quad(8, 0, 12, 4, -0.5f, {1, 1, 1, 1}, 1, false, {0.5f + 0.5f / 8, t, 0, 0});
            h.draw();
            CHECK(h.pixel(2, 2) == c.low);
            CHECK(h.pixel(6, 2) == c.high);
            CHECK(h.pixel(10, 2) == texel(4, 3)); // inside: the texel itself
        }
        CHECK(h.validation_messages() == 0);
        CHECK(h.warnings.empty());
    }
}

TEST_CASE("texturing: nearest and linear magnification") {
    RenderHarness h;
    h.clear(Rgba{0, 0, 0, 0});
    // Halfway between texel columns 3 and 4 of row 2: nearest picks one, linear averages.
    const float s = 4.0f / 8.0f, t = 1.0f - 2.5f / 8.0f;
    h.texture(0, 8, 8, gradient8(), wrap_param(0, 0) | (1u << 1)); // magnification linear
    texture_only(h);
    h.quad(0, 0, 4, 4, -0.5f, {1, 1, 1, 1}, 1, false, {s, t, 0, 0});
    h.draw();
    const Rgba p = h.pixel(2, 2);
    CHECK(std::abs(int(p.r) - (3 * 32 + 4 * 32) / 2) <= 1); // (96 + 128) / 2 = 112
    CHECK(p.g == 2 * 32);
    h.texture(0, 8, 8, gradient8(), wrap_param(0, 0)); // nearest
    texture_only(h);
    h.quad(0, 0, 4, 4, -0.5f, {1, 1, 1, 1}, 1, false, {s + 0.01f, t, 0, 0});
    h.draw();
    CHECK(h.pixel(2, 2) == texel(4, 2));
    CHECK(h.validation_messages() == 0);
}

TEST_CASE("texturing: mipmap levels, LOD bias, min and max level (spec 004 TEXUNITi_LOD)") {
    RenderHarness h;
    // 16x16 level 0 all red, 8x8 level 1 all green, right after it in memory.
    std::vector<std::uint8_t> l0(16 * 16 * 4), l1(8 * 8 * 4), tiled0(l0.size()), tiled1(l1.size());
    for (std::size_t i = 0; i < l0.size(); i += 4)
        l0[i] = 0xFF, l0[i + 3] = 0xFF;
    for (std::size_t i = 0; i < l1.size(); i += 4)
        l1[i + 1] = 0xFF, l1[i + 3] = 0xFF;
    encode_texture(l0, tiled0, 16, 16, TextureFormat::RGBA8);
    encode_texture(l1, tiled1, 8, 8, TextureFormat::RGBA8);
    tiled0.insert(tiled0.end(), tiled1.begin(), tiled1.end());
    h.session().write_memory(0x18100000, tiled0);
    h.b().write(GPUREG_TEXUNIT0_DIM, (16u << 16) | 16u);
    h.b().write(GPUREG_TEXUNIT0_ADDR1, 0x18100000u >> 3);
    h.b().write(GPUREG_TEXUNIT0_TYPE, 0);
    h.b().write(GPUREG_TEXUNIT0_PARAM, 0); // nearest, nearest mip
    texture_only(h);
    struct Case {
        std::uint32_t lod;  // TEXUNIT0_LOD
        std::uint32_t span; // pixels the 16 texels cover: 16 = 1:1, 8 = minified 2x
        bool green;
    };
    const Case cases[] = {
        {1u << 16, 16, false},           // 1:1, levels 0-1: level 0
        {1u << 16, 8, true},             // minified by 2: level 1
        {0u << 16, 8, false},            // max level 0: level 0 even minified
        {1u << 16 | 1u << 24, 16, true}, // min level 1: level 1 even at 1:1
        {1u << 16 | 0x100u, 16, true},   // bias +1.0 (fixed1.4.8): level 1 at 1:1
    };
    for (const Case& c : cases) {
        CAPTURE(c.lod);
        CAPTURE(c.span);
        h.clear(Rgba{0, 0, 0, 0});
        h.b().write(GPUREG_TEXUNIT0_LOD, c.lod);
        h.textured_quad(0, 0, c.span, c.span, 0, 0, 1, 1);
        h.draw();
        CHECK(h.pixel(c.span / 2, c.span / 2) ==
              (c.green ? Rgba{0, 0xFF, 0, 0xFF} : Rgba{0xFF, 0, 0, 0xFF}));
    }
    CHECK(h.validation_messages() == 0);
    CHECK(h.warnings.empty());
}

TEST_CASE("texturing: cube map faces by direction, projection, texture 2 from texcoord 1") {
    RenderHarness h;
    h.clear(Rgba{0, 0, 0, 0});
    // Six 8x8 faces of solid colours at ADDR1-6 (+X, -X, +Y, -Y, +Z, -Z).
    const Rgba colours[6] = {{0xFF, 0, 0, 0xFF},    {0, 0xFF, 0, 0xFF},    {0, 0, 0xFF, 0xFF},
                             {0xFF, 0xFF, 0, 0xFF}, {0, 0xFF, 0xFF, 0xFF}, {0xFF, 0, 0xFF, 0xFF}};
    for (std::uint32_t f = 0; f < 6; ++f) {
        std::vector<std::uint8_t> rgba(8 * 8 * 4), tiled(rgba.size());
        for (std::size_t i = 0; i < rgba.size(); i += 4)
            std::memcpy(&rgba[i], &colours[f], 4);
        encode_texture(rgba, tiled, 8, 8, TextureFormat::RGBA8);
        h.session().write_memory(0x18100000 + f * 0x100, tiled);
        h.b().write(GPUREG_TEXUNIT0_ADDR1 + f, (0x18100000u + f * 0x100) >> 3);
    }
    h.b().write(GPUREG_TEXUNIT0_DIM, (8u << 16) | 8u);
    h.b().write(GPUREG_TEXUNIT0_TYPE, 0);
    h.b().write(GPUREG_TEXUNIT0_PARAM, 1u << 28); // cube
    texture_only(h);
    // Direction (u, v, w) = (texcoord0.u, texcoord0.v, texcoord0.w).
    const float dirs[6][3] = {{1, 0.1f, 0.2f},  {-1, 0.1f, 0.2f}, {0.1f, 1, 0.2f},
                              {0.1f, -1, 0.2f}, {0.1f, 0.2f, 1},  {0.1f, 0.2f, -1}};
    for (std::uint32_t f = 0; f < 6; ++f)
        h.quad(f * 4, 0, f * 4 + 4, 4, -0.5f, {1, 1, 1, 1}, 1, false,
               {dirs[f][0], dirs[f][1], 0, 0}, {}, dirs[f][2]);
    h.draw();
    for (std::uint32_t f = 0; f < 6; ++f) {
        CAPTURE(f);
        CHECK(h.pixel(f * 4 + 2, 2) == colours[f]);
    }
    // Projection (type 3): (u, v) / w = (1.25, 2.75) / 5 = (0.25, 0.55) -> texel column 2,
    // t = 0.55 -> row 3 from the top.
    h.texture(0, 8, 8, gradient8(), 3u << 28);
    texture_only(h);
    h.quad(0, 8, 4, 12, -0.5f, {1, 1, 1, 1}, 1, false, {1.25f, 2.75f, 0, 0}, {}, 5.0f);
    // Unit 2 reads texcoord 1 when TEXUNIT_CONFIG bit 13 is set.
    h.draw();
    CHECK(h.pixel(2, 10) == texel(2, 3));
    h.texture(2, 8, 8, gradient8(), 0);
    texture_only(h, 2);
    h.b().write(GPUREG_TEXUNIT_CONFIG, (1u << 2) | (1u << 12) | (1u << 13));
    h.quad(0, 16, 4, 20, -0.5f, {1, 1, 1, 1}, 1, false, {0, 0, 6.5f / 8, 1 - 1.5f / 8},
           {0.5f / 8, 1 - 0.5f / 8});
    h.draw();
    CHECK(h.pixel(2, 18) == texel(6, 1)); // from texcoord 1, not texcoord 2's (0, 0)
    CHECK(h.validation_messages() == 0);
    CHECK(h.warnings.empty());
}

TEST_CASE("texturing: textures follow guest memory - at once through write_memory, by the next "
          "frame behind the session's back") {
    RenderHarness h;
    h.clear(Rgba{0, 0, 0, 0});
    h.texture(0, 8, 8, std::vector<std::uint8_t>(8 * 8 * 4, 0x10), 0);
    texture_only(h);
    h.quad(0, 0, 4, 4, -0.5f, {1, 1, 1, 1}, 1, false, {0.5f, 0.5f, 0, 0});
    h.draw();
    CHECK(h.pixel(2, 2).r == 0x10);
    // Through the session: the next draw sees it.
    h.session().write_memory(0x18100000, solid(0x20));
    h.quad(0, 0, 4, 4, -0.5f, {1, 1, 1, 1}, 1, false, {0.5f, 0.5f, 0, 0});
    h.draw();
    CHECK(h.pixel(2, 2).r == 0x20);
    // Straight into the embedder's memory: noticed from the next frame on (once per frame
    // each texture's bytes are compared with what was uploaded).
    const auto bytes = solid(0x30);
    std::memcpy(h.session().vram().data() + 0x100000, bytes.data(), bytes.size());
    h.session().end_frame();
    h.quad(0, 0, 4, 4, -0.5f, {1, 1, 1, 1}, 1, false, {0.5f, 0.5f, 0, 0});
    h.draw();
    CHECK(h.pixel(2, 2).r == 0x30);
    CHECK(h.validation_messages() == 0);
}

TEST_CASE("texturing: where every guest write is reported, textures are not hashed again each "
          "frame - a write behind the session's back waits for invalidate_region") {
    RenderHarness h;
    h.session().set_guest_writes_reported(true);
    h.clear(Rgba{0, 0, 0, 0});
    auto sample = [&] {
        h.quad(0, 0, 4, 4, -0.5f, {1, 1, 1, 1}, 1, false, {0.5f, 0.5f, 0, 0});
        h.draw();
        return h.pixel(2, 2).r;
    };
    h.texture(0, 8, 8, std::vector<std::uint8_t>(8 * 8 * 4, 0x10), 0);
    texture_only(h);
    CHECK(sample() == 0x10);
    // Reported: at once.
    h.session().write_memory(0x18100000, solid(0x20));
    CHECK(sample() == 0x20);
    const std::uint64_t uploads = h.session().renderer_counters().surface_uploads;
    // Behind the session's back: the texture stays as it was uploaded, frame after frame (its
    // bytes are not hashed: no upload), until the write is reported.
    const auto bytes = solid(0x30);
    std::memcpy(h.session().vram().data() + 0x100000, bytes.data(), bytes.size());
    for (int frame = 0; frame < 2; ++frame) {
        h.session().end_frame();
        CHECK(sample() == 0x20);
    }
    CHECK(h.session().renderer_counters().surface_uploads == uploads);
    h.session().invalidate_region(0x18100000, static_cast<std::uint32_t>(bytes.size()));
    CHECK(sample() == 0x30);
    // Off again: the next frame compares every texture with guest memory.
    h.session().set_guest_writes_reported(false);
    const auto later = solid(0x40);
    std::memcpy(h.session().vram().data() + 0x100000, later.data(), later.size());
    h.session().end_frame();
    CHECK(sample() == 0x40);
    // A write behind its back just before it is turned on again (due to be noticed at the next
    // frame): every texture is checked once more when it is.
    const auto last = solid(0x50);
    std::memcpy(h.session().vram().data() + 0x100000, last.data(), last.size());
    h.session().set_guest_writes_reported(true);
    CHECK(sample() == 0x50);
    CHECK(h.validation_messages() == 0);
}

TEST_CASE("texturing: a cube map follows a reported write to any face at once, and where every "
          "write is reported, is not hashed again each frame") {
    // The surface index lists a cube map under all six faces' ranges (TEXUNITi_ADDR1-6), so a
    // write to face 3 (-Y) reaches it through invalidate_range like a write to face 0 would.
    for (bool reported : {false, true}) {
        CAPTURE(reported);
        RenderHarness h;
        h.session().set_guest_writes_reported(reported);
        h.clear(Rgba{0, 0, 0, 0});
        // Each face (0x100 bytes) in its own 16 KiB page of the index.
        for (std::uint32_t f = 0; f < 6; ++f) {
            h.session().write_memory(0x18100000 + f * 0x4200,
                                     solid(static_cast<std::uint8_t>(f + 1)));
            h.b().write(GPUREG_TEXUNIT0_ADDR1 + f, (0x18100000u + f * 0x4200) >> 3);
        }
        h.b().write(GPUREG_TEXUNIT0_DIM, (8u << 16) | 8u);
        h.b().write(GPUREG_TEXUNIT0_TYPE, 0);
        h.b().write(GPUREG_TEXUNIT0_PARAM, 1u << 28); // cube
        texture_only(h);
        auto sample_minus_y = [&] { // face 3 (-Y)
            h.quad(0, 0, 4, 4, -0.5f, {1, 1, 1, 1}, 1, false, {0.1f, -1, 0, 0}, {}, 0.2f);
            h.draw();
            return h.pixel(2, 2).r;
        };
        constexpr std::uint32_t kFace3 = 0x18100000 + 3 * 0x4200;
        CHECK(sample_minus_y() == 4);
        // Reported: the next draw, in the same frame.
        h.session().write_memory(kFace3, solid(0x40));
        CHECK(sample_minus_y() == 0x40);
        // Behind the session's back: hashed at the next frame, unless writes are reported.
        const auto bytes = solid(0x50);
        std::memcpy(h.session().vram().data() + (kFace3 - 0x18000000), bytes.data(), bytes.size());
        const std::uint64_t hashed = h.session().renderer_counters().texture_hash_bytes;
        h.session().end_frame();
        CHECK(sample_minus_y() == (reported ? 0x40 : 0x50));
        CHECK(h.session().renderer_counters().texture_hash_bytes - hashed ==
              (reported ? 0u : 6u * 0x100));
        if (reported) {
            h.session().invalidate_region(kFace3, static_cast<std::uint32_t>(bytes.size()));
            CHECK(sample_minus_y() == 0x50);
        }
        CHECK(h.validation_messages() == 0);
    }
}

TEST_CASE("texturing: a render target written back over a texture's bytes reaches the texture "
          "at its next use, whether or not guest writes are reported") {
    // Texture T: the first 8x8 tile of the harness's colour buffer R (memory rows 0-7, columns
    // 0-7: window pixels x 0-7, y 24-31), read as an RGBA8 texture. A draw into R samples T
    // (made then, from R's bytes in guest memory: red) and paints T's pixels yellow; a CPU read
    // writes R back. Then a draw into another colour buffer samples T: no render target holds newer
    // bytes over it and nothing reported a write, and no lookup of R has dropped T, so only the
    // write-back's own mark on the textures over what it wrote (SurfaceCache::writeback) makes
    // T read its bytes again. Without it T is stale in this frame, and where writes are
    // reported, in every frame after.
    constexpr std::uint32_t kOther = 0x18020000; // the second colour buffer
    for (bool reported : {false, true}) {
        CAPTURE(reported);
        RenderHarness h;
        h.session().set_guest_writes_reported(reported);
        h.clear(Rgba{0xFF, 0, 0, 0xFF});
        auto bind_t = [&] {
            h.b().write(GPUREG_TEXUNIT0_DIM, (8u << 16) | 8u);
            h.b().write(GPUREG_TEXUNIT0_PARAM, 0);
            h.b().write(GPUREG_TEXUNIT0_ADDR1, RenderHarness::kColor >> 3);
            h.b().write(GPUREG_TEXUNIT0_TYPE, 0);
            h.b().write(GPUREG_TEXUNIT_CONFIG, 1u | (1u << 12));
        };
        // R made and written back once, so that its next lookup is the memo's (nothing dropped).
        h.quad(16, 0, 20, 4, -0.5f, {0, 0, 1, 1});
        h.draw();
        CHECK(h.pixel(18, 2) == Rgba{0, 0, 0xFF, 0xFF});
        // T sampled (made from R's bytes: red) and added to the vertex colour, green, over T's
        // own pixels: they turn yellow.
        bind_t();
        h.b().write(GPUREG_TEXENV0_SOURCE, 0x00300030u);   // vertex colour, texture 0
        h.b().write(GPUREG_TEXENV0_COMBINER, 0x00020002u); // add
        h.quad(0, 24, 8, 32, -0.5f, {0, 1, 0, 1}, 1, false, {0.5f, 0.5f, 0, 0});
        h.draw();
        CHECK(h.pixel(4, 28) == Rgba{0xFF, 0xFF, 0, 0xFF}); // R written back: T's bytes yellow
        // Into the other buffer, T alone.
        h.b().write(GPUREG_COLORBUFFER_LOC, kOther >> 3);
        h.b().write(GPUREG_TEXENV0_COMBINER, 0);
        bind_t();
        texture_only(h);
        h.quad(16, 0, 20, 4, -0.5f, {1, 1, 1, 1}, 1, false, {0.5f, 0.5f, 0, 0});
        h.draw();
        auto other_pixel = [&](std::uint32_t x, std::uint32_t y) {
            std::vector<std::uint8_t> tiled(RenderHarness::kW * RenderHarness::kH * 4);
            std::vector<std::uint8_t> rgba(tiled.size());
            h.session().read_memory(kOther, tiled);
            decode_color_buffer(tiled, rgba, {RenderHarness::kW, RenderHarness::kH},
                                ColorFormat::RGBA8);
            Rgba c;
            std::memcpy(&c, &rgba[((RenderHarness::kH - 1 - y) * RenderHarness::kW + x) * 4], 4);
            return c;
        };
        CHECK(other_pixel(18, 2) == Rgba{0xFF, 0xFF, 0, 0xFF});
        h.session().end_frame();
        h.quad(16, 0, 20, 4, -0.5f, {1, 1, 1, 1}, 1, false, {0.5f, 0.5f, 0, 0});
        h.draw();
        CHECK(other_pixel(18, 2) == Rgba{0xFF, 0xFF, 0, 0xFF});
        CHECK(h.validation_messages() == 0);
    }
}

TEST_CASE("texturing: a texture past 1 MiB (hashed in stripes, on host workers) follows a change "
          "of one texel in its first or last stripe, and is not uploaded again for the same "
          "bytes: decoded on the CPU, on the GPU from staging or from device memory, on one "
          "host thread or four") {
    // 1024x1024 RGBA8: 4 MiB, 16 stripes of 256 KiB (pica/content_hash.h).
    constexpr std::uint32_t kSize = 1024;
    enum class Decode { Cpu, GpuFromStaging, GpuFromDeviceMemory };
    for (const char* threads : {"1", "4"}) {
        for (Decode decode : {Decode::Cpu, Decode::GpuFromStaging, Decode::GpuFromDeviceMemory}) {
            CAPTURE(std::string(threads));
            CAPTURE(static_cast<int>(decode));
            const test::ScopedEnv threads_env("PICAVK_HOST_THREADS", threads);
            // On lavapipe the decode reads its staging (a CPU device's memory is all the
            // host's) unless assumed otherwise; on a GPU the copy is its own choice.
            std::optional<test::ScopedEnv> path;
            if (decode == Decode::GpuFromDeviceMemory)
                path.emplace("PICAVK_DEVICE_ASSUME",
                             test::ScopedEnv::plus("PICAVK_DEVICE_ASSUME", "decode-copy").c_str());
            if (decode == Decode::GpuFromStaging)
                path.emplace("PICAVK_DEVICE_DISABLE",
                             test::ScopedEnv::plus("PICAVK_DEVICE_DISABLE", "decode-copy").c_str());
            RenderHarness h;
            h.session().set_texture_decode(decode == Decode::Cpu ? TextureDecode::Cpu
                                                                 : TextureDecode::Gpu);
            h.clear(Rgba{0, 0, 0, 0});
            std::vector<std::uint8_t> rgba(std::size_t{kSize} * kSize * 4, 0x10);
            h.texture(0, kSize, kSize, rgba, 0);
            texture_only(h);
            // Texel (x, row), row 0 the top: sampled by the whole quad at its centre.
            auto sample = [&](std::uint32_t x, std::uint32_t row) {
                const float s = (static_cast<float>(x) + 0.5f) / kSize;
                const float t = 1.0f - (static_cast<float>(row) + 0.5f) / kSize;
                h.quad(0, 0, 4, 4, -0.5f, {1, 1, 1, 1}, 1, false, {s, t, 0, 0});
                h.draw();
                return h.pixel(2, 2).r;
            };
            CHECK(sample(0, 0) == 0x10);
            CHECK(sample(kSize - 1, kSize - 1) == 0x10);
            // The two corners' texels lie in the first and the last stripe of the tiled bytes
            // (tiles go by rows from the bottom: spec 004 "Texture formats"; checked here).
            std::vector<std::uint8_t> a(rgba.size()), b(rgba.size());
            encode_texture(rgba, a, kSize, kSize, TextureFormat::RGBA8);
            for (auto [x, row] : {std::pair{0u, 0u}, std::pair{kSize - 1, kSize - 1}}) {
                CAPTURE(x);
                rgba[(std::size_t{row} * kSize + x) * 4] = 0x70;
                encode_texture(rgba, b, kSize, kSize, TextureFormat::RGBA8);
                const auto at = static_cast<std::size_t>(
                    std::mismatch(a.begin(), a.end(), b.begin()).first - a.begin());
                CHECK((at < (256 << 10) || at >= (a.size() - (256 << 10))));
                // Behind the session's back: noticed at the next frame by the hash alone.
                std::memcpy(h.session().vram().data() + 0x100000, b.data(), b.size());
                h.session().end_frame();
                CHECK(sample(x, row) == 0x70);
                CHECK(sample(x ^ (kSize - 1), row ^ (kSize - 1)) == 0x10);
                const std::uint64_t uploads = h.session().renderer_counters().surface_uploads;
                // The same bytes written again, through the session and behind its back: no
                // upload.
                h.session().write_memory(0x18100000, b);
                CHECK(sample(x, row) == 0x70);
                h.session().end_frame();
                CHECK(sample(x, row) == 0x70);
                CHECK(h.session().renderer_counters().surface_uploads == uploads);
                rgba[(std::size_t{row} * kSize + x) * 4] = 0x10;
                encode_texture(rgba, a, kSize, kSize, TextureFormat::RGBA8);
                h.session().write_memory(0x18100000, a);
                CHECK(sample(x, row) == 0x10);
                CHECK(h.session().renderer_counters().surface_uploads == uploads + 1);
            }
            // Every upload of the 4 MiB level went through device memory, or none did.
            const RendererCounters c = h.session().renderer_counters();
            CHECK(c.gpu_decoded_uploads == (decode == Decode::Cpu ? 0 : 5));
            CHECK(c.decode_copies == (decode == Decode::GpuFromDeviceMemory ? 5 : 0));
            CHECK(h.validation_messages() == 0);
        }
    }
}

TEST_CASE("texturing: more large levels in one command buffer than device memory's decode input "
          "holds - each draw still samples its own texture's bytes") {
    // PICAVK_DEVICE_ASSUME=decode-copy (as on a GPU with staging in system memory): each 4 MiB
    // level is copied into a 32 MiB ring of device memory before its decode; the ninth finds
    // it full of this command buffer's copies and submits to make room. Its space there is
    // taken before its staging space (SurfaceCache::StagedLevels), so its staged bytes are the
    // next command buffer's. (Staged bytes left in the submitted one would go wrong only once
    // the 64 MiB staging ring wrapped over them inside one command buffer, which the decode
    // ring's own submissions keep these sizes from reaching: this checks the pixels under the
    // ring's pressure, not that order.)
    const test::ScopedEnv assume(
        "PICAVK_DEVICE_ASSUME",
        test::ScopedEnv::plus("PICAVK_DEVICE_ASSUME", "decode-copy").c_str());
    constexpr std::uint32_t kSize = 1024;
    RenderHarness h;
    h.session().set_texture_decode(TextureDecode::Gpu);
    h.clear(Rgba{0, 0, 0, 0});
    texture_only(h);
    const std::uint64_t submissions = h.session().renderer_counters().submissions;
    constexpr std::uint32_t kDraws = 12;
    std::vector<std::uint8_t> rgba(std::size_t{kSize} * kSize * 4);
    for (std::uint32_t i = 0; i < kDraws; ++i) {
        // Every texel red 0x10 * (i + 1), and one in the last stripe 0x08 more.
        for (std::size_t t = 0; t < rgba.size(); t += 4) {
            rgba[t] = static_cast<std::uint8_t>(0x10 * (i + 1));
            rgba[t + 3] = 0xFF;
        }
        rgba[(std::size_t{kSize - 1} * kSize + kSize - 1) * 4] += 8;
        h.texture(0, kSize, kSize, rgba, 0);
        // Draw i: the texture's centre into pixel column 2i, its last texel into 2i + 1.
        const float last = 1.0f - 0.5f / kSize;
        h.quad(2 * i, 0, 2 * i + 1, 4, -0.5f, {1, 1, 1, 1}, 1, false, {0.5f, 0.5f, 0, 0});
        h.draw();
        h.quad(2 * i + 1, 0, 2 * i + 2, 4, -0.5f, {1, 1, 1, 1}, 1, false,
               {last, 1.0f - last, 0, 0});
        h.draw();
    }
    // (No readback until here: every upload recorded in the frame's command buffers.)
    const RendererCounters c = h.session().renderer_counters();
    CHECK(c.decode_copies == kDraws);
    CHECK(c.submissions > submissions); // the ring made room by submitting
    for (std::uint32_t i = 0; i < kDraws; ++i) {
        CAPTURE(i);
        CHECK(h.pixel(2 * i, 2).r == 0x10 * (i + 1));
        CHECK(h.pixel(2 * i + 1, 2).r == 0x10 * (i + 1) + 8);
    }
    CHECK(h.validation_messages() == 0);
}
