// What a draw finds again from its predecessors without looking it up (the per-draw shortcuts
// of SurfaceCache::render_target and ::texture, PipelineCache::get): whatever happened in
// between - the CPU rewriting a target, a memory fill over it, a target of another format at the
// same address, a new resolution scale, a texture rendered to - is still seen by the next draw,
// and pipelines found again are still counted as hits.
#include "render_harness.h"

#include <doctest/doctest.h>

#include <vector>

using namespace picavk;
using namespace picavk::pica;
using test::RenderHarness;
using test::Rgba;

namespace {

constexpr std::array<float, 4> kRed{1, 0, 0, 1}, kGreen{0, 1, 0, 1}, kBlue{0, 0, 1, 1};
constexpr Rgba kRedPx{0xFF, 0, 0, 0xFF}, kGreenPx{0, 0xFF, 0, 0xFF}, kBluePx{0, 0, 0xFF, 0xFF};
constexpr Rgba kGrey{0x40, 0x40, 0x40, 0xFF};

// No depth buffer: the draws read and write only the colour buffer.
void colour_only(RenderHarness& h) {
    h.b().write(GPUREG_DEPTH_COLOR_MASK, 0xF00u);
    h.b().write(GPUREG_DEPTHBUFFER_WRITE, 0);
    h.b().write(GPUREG_DEPTHBUFFER_READ, 0);
}

} // namespace

TEST_CASE("render targets: a draw after the CPU rewrote or a fill cleared its target sees it") {
    RenderHarness h;
    h.clear(kGrey);
    colour_only(h);
    h.quad(0, 0, 8, 32, -0.5f, kRed);
    h.draw();
    const std::uint64_t uploads = h.session().renderer_counters().surface_uploads;
    h.quad(8, 0, 16, 32, -0.5f, kGreen); // the same target: found again, not reloaded
    h.draw();
    CHECK(h.session().renderer_counters().surface_uploads == uploads);
    CHECK(h.pixel(4, 4) == kRedPx);
    CHECK(h.pixel(12, 4) == kGreenPx);
    CHECK(h.pixel(20, 4) == kGrey);

    // The CPU rewrites the whole target: the next draw draws over the new bytes.
    h.clear(Rgba{0x10, 0x20, 0x30, 0xFF});
    h.quad(16, 0, 24, 32, -0.5f, kBlue);
    h.draw();
    CHECK(h.pixel(4, 4) == (Rgba{0x10, 0x20, 0x30, 0xFF}));
    CHECK(h.pixel(20, 4) == kBluePx);

    // A memory fill of the whole target between two draws.
    const std::uint32_t bytes = RenderHarness::kW * RenderHarness::kH * 4;
    h.session().write_gpu_register(0x10400010, RenderHarness::kColor >> 3);
    h.session().write_gpu_register(0x10400014, (RenderHarness::kColor + bytes) >> 3);
    h.session().write_gpu_register(0x10400018, 0x11223344);
    h.session().write_gpu_register(0x1040001C, (2u << 8) | 1);
    h.quad(24, 0, 32, 32, -0.5f, kRed);
    h.draw();
    CHECK(h.pixel(4, 4) == (Rgba{0x11, 0x22, 0x33, 0x44}));
    CHECK(h.pixel(28, 4) == kRedPx);
    CHECK(h.validation_messages() == 0);
    CHECK(h.warnings.empty());
}

TEST_CASE("render targets: another format at the same address between draws takes the bytes "
          "over and gives them back") {
    for (std::uint32_t scale : {1u, 3u}) {
        CAPTURE(scale);
        RenderHarness h(scale);
        h.clear(kGrey);
        colour_only(h);
        h.quad(0, 0, 8, 32, -0.5f, kGreen);
        h.draw();
        // The same address as an RGBA4 target of the same size (the first half of the bytes,
        // memory rows 0-15 of the RGBA8 view: y 16-31), all red.
        h.b().write(GPUREG_COLORBUFFER_FORMAT, static_cast<std::uint32_t>(ColorFormat::RGBA4)
                                                   << 16);
        h.quad(0, 0, 32, 32, -0.5f, kRed);
        h.draw();
        // Back to RGBA8, a blue stripe.
        h.b().write(GPUREG_COLORBUFFER_FORMAT,
                    (static_cast<std::uint32_t>(ColorFormat::RGBA8) << 16) | 2u);
        h.quad(16, 0, 24, 32, -0.5f, kBlue);
        h.draw();
        // Red RGBA4 is 0xF00F; two of them (bytes 0F F0 0F F0) read as RGBA8 0xF00FF00F.
        const Rgba red4_pair{0xF0, 0x0F, 0xF0, 0x0F};
        CHECK(h.pixel(4, 28) == red4_pair);  // the RGBA4 draw over the first green stripe
        CHECK(h.pixel(28, 28) == red4_pair); // and over grey
        CHECK(h.pixel(4, 4) == kGreenPx);    // beyond the RGBA4 target: the first draw's
        CHECK(h.pixel(28, 4) == kGrey);      // and the CPU's bytes
        CHECK(h.pixel(20, 4) == kBluePx);    // the last draw, on both halves
        CHECK(h.pixel(20, 28) == kBluePx);
        CHECK(h.validation_messages() == 0);
    }
}

TEST_CASE("render targets: a draw after the resolution scale changed finds its target anew") {
    RenderHarness h;
    h.clear(kGrey);
    colour_only(h);
    h.quad(0, 0, 8, 32, -0.5f, kRed);
    h.draw();
    // Every surface is written back and destroyed; the next draw's target is made again at the
    // new scale from guest memory (a target remembered from before would be a destroyed one).
    h.session().set_scale(2);
    h.quad(8, 0, 16, 32, -0.5f, kGreen);
    h.draw();
    CHECK(h.pixel(4, 4) == kRedPx);
    CHECK(h.pixel(12, 4) == kGreenPx);
    CHECK(h.pixel(20, 4) == kGrey);
    CHECK(h.validation_messages() == 0);
}

TEST_CASE("pipelines: draws with their predecessor's state find its pipeline, counted as hits") {
    RenderHarness h;
    h.session().set_vertex_shaders(VertexShaders::Cpu, 0); // PipelineCache::get's path
    h.clear(kGrey);
    colour_only(h);
    h.quad(0, 0, 8, 32, -0.5f, kRed);
    h.draw();
    const RendererCounters first = h.session().renderer_counters();
    for (std::uint32_t x = 8; x < 32; x += 8) {
        h.quad(x, 0, x + 8, 32, -0.5f, kGreen);
        h.draw();
    }
    const RendererCounters last = h.session().renderer_counters();
    CHECK(last.pipelines_created == first.pipelines_created);
    CHECK(last.pipeline_cache_hits == first.pipeline_cache_hits + 3);
    CHECK(h.pixel(4, 4) == kRedPx);
    CHECK(h.pixel(28, 4) == kGreenPx);
}

TEST_CASE("textures: a texture rendered to between draws that sample it shows the render") {
    // One command list (one frame): the texture is found by the first two draws (the second
    // finds it checked this frame, and remembers it); then a colour target is made over its
    // bytes (destroying the texture's surface) and drawn green; the last draw samples that
    // target. A remembered texture would be a destroyed surface there (the sanitizer build
    // reports its use; elsewhere its freed memory may or may not still look like it).
    constexpr std::uint32_t kTexture = 0x18100000;
    for (std::uint32_t scale : {1u, 3u}) {
        CAPTURE(scale);
        RenderHarness h(scale);
        h.clear(kGrey);
        colour_only(h);
        std::vector<std::uint8_t> red(32 * 32 * 4);
        for (std::size_t i = 0; i < red.size(); i += 4) {
            red[i] = 0xFF;
            red[i + 3] = 0xFF;
        }
        h.texture(0, 32, 32, red); // at kTexture, nearest, clamped
        h.textured_quad(0, 0, 8, 32, 0, 0, 1, 1);
        h.textured_quad(8, 0, 16, 32, 0, 0, 1, 1);
        h.quad(0, 0, 32, 32, -0.5f, kGreen);
        h.textured_quad(16, 0, 32, 32, 0, 0, 1, 1);
        auto& b = h.b();
        h.draw_parts(4, [&](unsigned part) {
            if (part == 0 || part == 3) { // sample texture 0 into the harness's target
                b.write(GPUREG_COLORBUFFER_LOC, RenderHarness::kColor >> 3);
                b.write(GPUREG_TEXENV0_SOURCE, 0x00030003u);
                b.write(GPUREG_TEXUNIT_CONFIG, 1u | (1u << 12));
            } else if (part == 2) { // the primary colour into the texture's bytes
                b.write(GPUREG_COLORBUFFER_LOC, kTexture >> 3);
                b.write(GPUREG_TEXENV0_SOURCE, 0);
                b.write(GPUREG_TEXUNIT_CONFIG, 1u << 12);
            }
        });
        REQUIRE_FALSE(h.last_error);
        CHECK(h.pixel(4, 4) == kRedPx);
        CHECK(h.pixel(12, 28) == kRedPx);
        CHECK(h.pixel(20, 4) == kGreenPx);
        CHECK(h.pixel(28, 28) == kGreenPx);
        CHECK(h.validation_messages() == 0);
    }
}
