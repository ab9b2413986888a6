// Render-to-texture beyond the exact match, and render targets that overlap older ones
// (src/vk/surface/surface_reinterpret.cpp, shaders/reinterpret_bytes.frag): a texture inside a
// rendered target (a sub-rectangle, a mip level, another format, half outside it) is made from the
// target's bytes on the GPU at the scale, and a new target takes an older one's bytes on the GPU.
// The reference is the same frame with the rendered target written back by a CPU read first, so
// that the texture or target is decoded from guest memory: at scale 1 and at scale 3 the bytes
// must be the same (guest memory stays exact at every scale).
#include "patchwork.h"
#include "render_harness.h"

#include <doctest/doctest.h>

#include <string>

using namespace picavk;
using namespace picavk::pica;
using test::draw_patchwork;
using test::RenderHarness;

namespace {

constexpr std::uint32_t kSecondTarget = 0x18200000;

// A texture somewhere in or around the 32x32 colour buffer.
struct Texture {
    const char* what;
    ColorFormat target;   // the rendered colour buffer's format
    std::uint32_t offset; // texture address - the colour buffer's
    std::uint32_t w, h;
    TextureFormat as;
    std::uint32_t level = 0; // the mip level sampled (levels 0..level exist)
};

// The patchwork rendered, then sampled through `t` (texture unit 0, nearest, the level chosen by
// the LOD clamp) over a second 32x32 target of the same format; that target's bytes.
std::vector<std::uint8_t> sample(std::uint32_t scale, const Texture& t, bool cpu_read_between,
                                 RendererCounters* counters) {
    RenderHarness h(scale, t.target);
    draw_patchwork(h, false);
    const std::size_t bytes = 32 * 32 * bytes_per_pixel(t.target);
    if (cpu_read_between) {
        std::vector<std::uint8_t> b(bytes);
        h.session().read_memory(RenderHarness::kColor, b);
        h.session().write_memory(RenderHarness::kColor, b);
    }
    const RendererCounters before = h.session().renderer_counters();
    auto& b = h.b();
    b.write(GPUREG_COLORBUFFER_LOC, kSecondTarget >> 3);
    b.write(GPUREG_TEXUNIT0_DIM, (t.w << 16) | t.h);
    b.write(GPUREG_TEXUNIT0_PARAM, 0);
    b.write(GPUREG_TEXUNIT0_LOD, t.level << 16 | t.level << 24);
    b.write(GPUREG_TEXUNIT0_ADDR1, (RenderHarness::kColor + t.offset) >> 3);
    b.write(GPUREG_TEXUNIT0_TYPE, static_cast<std::uint32_t>(t.as));
    b.write(GPUREG_TEXENV0_SOURCE, 0x00030003u); // texture 0, replace
    b.write(GPUREG_TEXUNIT_CONFIG, 1u | (1u << 12));
    h.textured_quad(0, 0, 32, 32, 0, 0, 1, 1);
    h.draw();
    if (counters) {
        const RendererCounters after = h.session().renderer_counters();
        *counters = after;
        counters->surface_writebacks = after.surface_writebacks - before.surface_writebacks;
        counters->render_to_texture = after.render_to_texture - before.render_to_texture;
        counters->reinterpretations = after.reinterpretations - before.reinterpretations;
    }
    std::vector<std::uint8_t> out(bytes);
    h.session().read_memory(kSecondTarget, out);
    if (!h.warnings.empty()) FAIL_CHECK("warning: " << h.warnings.front());
    return out;
}

std::size_t distinct_pixels(const std::vector<std::uint8_t>& bytes, std::size_t bpp) {
    std::size_t n = 0;
    for (std::size_t i = bpp; i < bytes.size(); i += bpp)
        n += std::memcmp(&bytes[i], &bytes[i - bpp], bpp) != 0;
    return n;
}

} // namespace

TEST_CASE("surface reinterpretation: textures inside a rendered target - sub-rectangles, mip "
          "levels, other formats, half outside - made on the GPU, exact at scale 1 and 3") {
    const Texture cases[] = {
        {"tile rows 1-2 (sub-rectangle)", ColorFormat::RGBA8, 1024, 32, 16, TextureFormat::RGBA8},
        {"the last tile row", ColorFormat::RGBA8, 3072, 32, 8, TextureFormat::RGBA8},
        {"mip level 1 of a 16x16 texture", ColorFormat::RGBA8, 1024, 16, 16, TextureFormat::RGBA8,
         1},
        {"mip level 0 of a 16x16 texture", ColorFormat::RGBA8, 0, 16, 16, TextureFormat::RGBA8},
        {"RGBA8 as RGB8", ColorFormat::RGBA8, 0, 32, 32, TextureFormat::RGB8},
        {"RGBA8 as RGB565", ColorFormat::RGBA8, 0, 32, 32, TextureFormat::RGB565},
        {"RGBA8 as IA8", ColorFormat::RGBA8, 0, 32, 32, TextureFormat::IA8},
        {"RGBA8 as HILO8", ColorFormat::RGBA8, 1024, 32, 16, TextureFormat::HILO8},
        {"RGBA8 as I8", ColorFormat::RGBA8, 0, 32, 32, TextureFormat::I8},
        {"RGBA8 as A8", ColorFormat::RGBA8, 0, 32, 32, TextureFormat::A8},
        {"RGBA8 as IA4", ColorFormat::RGBA8, 0, 32, 32, TextureFormat::IA4},
        {"RGBA8 as I4", ColorFormat::RGBA8, 0, 32, 32, TextureFormat::I4},
        {"RGBA8 as A4", ColorFormat::RGBA8, 512, 32, 32, TextureFormat::A4},
        {"RGB8 as RGBA8", ColorFormat::RGB8, 0, 32, 16, TextureFormat::RGBA8},
        {"RGB565 as RGBA8", ColorFormat::RGB565, 0, 16, 32, TextureFormat::RGBA8},
        {"RGBA4 as RGB5A1", ColorFormat::RGBA4, 0, 32, 32, TextureFormat::RGB5A1},
        {"half outside the target", ColorFormat::RGBA8, 2048, 32, 32, TextureFormat::RGBA8},
    };
    for (const Texture& t : cases) {
        const std::string what = t.what;
        CAPTURE(what);
        RendererCounters c;
        const std::vector<std::uint8_t> want = sample(1, t, true, &c);
        REQUIRE(c.render_to_texture == 0);
        // The pattern reaches the output: the comparison below sees more than one value.
        CHECK(distinct_pixels(want, bytes_per_pixel(t.target)) >= 8);
        for (std::uint32_t scale : {1u, 3u}) {
            CAPTURE(scale);
            const std::vector<std::uint8_t> got = sample(scale, t, false, &c);
            std::size_t differ = 0;
            for (std::size_t i = 0; i < got.size(); ++i)
                differ += got[i] != want[i];
            CHECK_MESSAGE(differ == 0, differ << " bytes differ from decoding guest memory");
            CHECK(c.render_to_texture == 1);
            CHECK(c.surface_writebacks == 0);
            const bool same_format =
                static_cast<std::uint32_t>(t.as) == static_cast<std::uint32_t>(t.target);
            CHECK(c.reinterpretations == (same_format ? 0u : 1u));
            CHECK(c.validation_messages == 0);
        }
    }
}

namespace {
// The patchwork rendered in `first`, then the same colour buffer drawn into as `second` (a quad
// over a corner); the buffer's bytes in the second format.
std::vector<std::uint8_t> redraw_as(std::uint32_t scale, ColorFormat first, ColorFormat second,
                                    bool cpu_read_between, RendererCounters* counters) {
    RenderHarness h(scale, first);
    draw_patchwork(h, false);
    if (cpu_read_between) {
        std::vector<std::uint8_t> bytes(32 * 32 * bytes_per_pixel(first));
        h.session().read_memory(RenderHarness::kColor, bytes);
        h.session().write_memory(RenderHarness::kColor, bytes);
    }
    h.b().write(GPUREG_COLORBUFFER_FORMAT, static_cast<std::uint32_t>(second) << 16);
    h.quad(0, 0, 8, 8, -0.5f, {1, 0.5f, 0.25f, 1});
    h.draw();
    if (counters) *counters = h.session().renderer_counters();
    std::vector<std::uint8_t> out(32 * 32 * bytes_per_pixel(second));
    h.session().read_memory(RenderHarness::kColor, out);
    return out;
}
} // namespace

TEST_CASE("surface reinterpretation: a target drawn as another format takes the older target's "
          "bytes on the GPU, exact at scale 1 and 3") {
    struct Pair {
        ColorFormat first, second;
        bool writeback; // the older target reaches beyond the new one: its tail is written back
    };
    const Pair pairs[] = {
        {ColorFormat::RGB8, ColorFormat::RGBA8, false},
        {ColorFormat::RGBA8, ColorFormat::RGB8, true},
        {ColorFormat::RGB565, ColorFormat::RGBA8, false},
        {ColorFormat::RGBA4, ColorFormat::RGB565, false},
        {ColorFormat::RGBA8, ColorFormat::RGBA4, true},
    };
    for (const Pair& p : pairs) {
        CAPTURE(static_cast<int>(p.first));
        CAPTURE(static_cast<int>(p.second));
        const std::vector<std::uint8_t> want = redraw_as(1, p.first, p.second, true, nullptr);
        for (std::uint32_t scale : {1u, 3u}) {
            CAPTURE(scale);
            RendererCounters c;
            CHECK(redraw_as(scale, p.first, p.second, false, &c) == want);
            CHECK(c.reinterpretations == 1);
            // Counted before the CPU read of the result: the older target's tail only.
            CHECK(c.surface_writebacks == (p.writeback ? 1u : 0u));
            CHECK(c.validation_messages == 0);
        }
    }
}

TEST_CASE(
    "surface reinterpretation: 16-bit targets read and drawn as the other 16-bit formats on the "
    "GPU, exact at scale 1 and 3") {
    const ColorFormat formats[] = {ColorFormat::RGB565, ColorFormat::RGB5A1, ColorFormat::RGBA4};
    for (ColorFormat a : formats) {
        for (ColorFormat b : formats) {
            if (a == b) continue;
            CAPTURE(static_cast<int>(a));
            CAPTURE(static_cast<int>(b));
            const auto as = static_cast<TextureFormat>(b);
            const Texture t{"", a, 0, 32, 32, as};
            const std::vector<std::uint8_t> want_sampled = sample(1, t, true, nullptr);
            const std::vector<std::uint8_t> want_drawn = redraw_as(1, a, b, true, nullptr);
            for (std::uint32_t scale : {1u, 3u}) {
                CAPTURE(scale);
                // Through a view of the twin format where the device keeps both as 16-bit
                // formats, else by the reinterpretation pass (lavapipe has no RGBA4 target).
                RendererCounters c;
                CHECK(sample(scale, t, false, &c) == want_sampled);
                CHECK(c.reinterpretations == 1);
                CHECK(c.surface_writebacks == 0);
                CHECK(redraw_as(scale, a, b, false, &c) == want_drawn);
                CHECK(c.reinterpretations == 1);
                CHECK(c.surface_writebacks == 0);
                CHECK(c.validation_messages == 0);
            }
        }
    }
}

namespace {
// The patchwork rendered, then read as face +Z of a 32x32 cube map whose other faces are guest
// memory (other colours), sampled over a second target with directions (u, v, 1), u and v
// running over [-1, 1]; that target's bytes.
std::vector<std::uint8_t> sample_cube_face(std::uint32_t scale, bool cpu_read_between,
                                           RendererCounters* counters) {
    RenderHarness h(scale);
    draw_patchwork(h, false);
    if (cpu_read_between) {
        std::vector<std::uint8_t> b(32 * 32 * 4);
        h.session().read_memory(RenderHarness::kColor, b);
        h.session().write_memory(RenderHarness::kColor, b);
    }
    auto& b = h.b();
    for (std::uint32_t f = 0; f < 6; ++f) {
        std::uint32_t at = RenderHarness::kColor; // +Z
        if (f != 4) {
            at = 0x18100000 + f * 0x1000;
            h.session().write_memory(
                at, std::vector<std::uint8_t>(32 * 32 * 4, static_cast<std::uint8_t>(f)));
        }
        b.write(GPUREG_TEXUNIT0_ADDR1 + f, at >> 3);
    }
    const RendererCounters before = h.session().renderer_counters();
    b.write(GPUREG_COLORBUFFER_LOC, kSecondTarget >> 3);
    b.write(GPUREG_TEXUNIT0_DIM, (32u << 16) | 32u);
    b.write(GPUREG_TEXUNIT0_PARAM, 1u << 28); // cube
    b.write(GPUREG_TEXUNIT0_LOD, 0);
    b.write(GPUREG_TEXUNIT0_TYPE, 0);
    b.write(GPUREG_TEXENV0_SOURCE, 0x00030003u);
    b.write(GPUREG_TEXUNIT_CONFIG, 1u | (1u << 12));
    h.textured_quad(0, 0, 32, 32, -1, -1, 1, 1, 1.0f);
    h.draw();
    const RendererCounters after = h.session().renderer_counters();
    if (counters) {
        *counters = after;
        counters->surface_writebacks = after.surface_writebacks - before.surface_writebacks;
        counters->render_to_texture = after.render_to_texture - before.render_to_texture;
    }
    std::vector<std::uint8_t> out(32 * 32 * 4);
    h.session().read_memory(kSecondTarget, out);
    if (!h.warnings.empty()) FAIL_CHECK("warning: " << h.warnings.front());
    return out;
}
} // namespace

TEST_CASE("surface reinterpretation: a rendered target as a cube map face, made on the GPU, "
          "exact at scale 1 and 3") {
    RendererCounters c;
    const std::vector<std::uint8_t> want = sample_cube_face(1, true, &c);
    REQUIRE(c.render_to_texture == 0);
    CHECK(distinct_pixels(want, 4) >= 8);
    for (std::uint32_t scale : {1u, 3u}) {
        CAPTURE(scale);
        CHECK(sample_cube_face(scale, false, &c) == want);
        CHECK(c.render_to_texture == 1);
        CHECK(c.surface_writebacks == 0);
        CHECK(c.validation_messages == 0);
    }
}

TEST_CASE("surface reinterpretation: a texture made from a target follows the target after a "
          "write-back in the same frame") {
    RenderHarness h(2);
    draw_patchwork(h, false);
    auto& b = h.b();
    // Tile rows 1-2 of the target as a texture, over the second target.
    auto sample_rows = [&] {
        b.write(GPUREG_COLORBUFFER_LOC, kSecondTarget >> 3);
        b.write(GPUREG_TEXUNIT0_DIM, (32u << 16) | 16u);
        b.write(GPUREG_TEXUNIT0_PARAM, 0);
        b.write(GPUREG_TEXUNIT0_LOD, 0);
        b.write(GPUREG_TEXUNIT0_ADDR1, (RenderHarness::kColor + 1024) >> 3);
        b.write(GPUREG_TEXUNIT0_TYPE, 0);
        b.write(GPUREG_TEXENV0_SOURCE, 0x00030003u); // texture 0, replace
        b.write(GPUREG_TEXUNIT_CONFIG, 1u | (1u << 12));
        h.textured_quad(0, 0, 32, 32, 0, 0, 1, 1);
        h.draw();
    };
    sample_rows();
    // The target drawn over in one colour, written back by the CPU's flush, sampled again.
    b.write(GPUREG_COLORBUFFER_LOC, RenderHarness::kColor >> 3);
    b.write(GPUREG_TEXUNIT_CONFIG, 0);
    b.write(GPUREG_TEXENV0_SOURCE, 0x00000000u); // the vertex colour
    h.quad(0, 0, 32, 32, -0.5f, {0, 1, 0, 1});
    h.draw();
    CHECK(h.session().flush_region(RenderHarness::kColor, 32 * 32 * 4));
    sample_rows();
    std::vector<std::uint8_t> out(32 * 32 * 4);
    h.session().read_memory(kSecondTarget, out);
    for (std::size_t i = 0; i < out.size(); i += 4) {
        CAPTURE(i);
        REQUIRE(out[i + 0] == 0xFF); // tiled RGBA8 bytes: A, B, G, R
        REQUIRE(out[i + 1] == 0x00);
        REQUIRE(out[i + 2] == 0xFF);
        REQUIRE(out[i + 3] == 0x00);
    }
    CHECK(h.validation_messages() == 0);
}
