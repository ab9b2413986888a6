// Bad input through the whole renderer: random values in every rasterizer, texturing, texture
// environment and framebuffer register, then a draw. Each must end in pixels or counted
// warnings - never a crash, a hang or a validation message.
#include "render_harness.h"

#include <doctest/doctest.h>

#include <cstdlib>
#include <random>

using namespace picavk;
using namespace picavk::pica;
using picavk::test::RenderHarness;
using picavk::test::Rgba;

TEST_CASE("robustness: random register states draw without crashes or validation messages") {
    RenderHarness h;
    const char* seed = std::getenv("PICAVK_ROBUST_SEED"); // explore other states by hand
    std::mt19937 rng(seed ? static_cast<std::uint32_t>(std::strtoul(seed, nullptr, 10)) : 1234u);
    auto r32 = [&] { return static_cast<std::uint32_t>(rng()); };
    // Register ranges that feed the renderer (spec 004): rasterizer 0x40-0x6F, texturing
    // 0x80-0x9F, texture environment and fog 0xC0-0xFD, framebuffer 0x100-0x11F. The FIFO data
    // and trigger registers among them are left out (they are the command processor's tests).
    const std::pair<std::uint32_t, std::uint32_t> ranges[] = {
        {0x040, 0x06F}, {0x080, 0x09F}, {0x0C0, 0x0DF}, {0x0E0, 0x0E5},
        {0x0F0, 0x0FD}, {0x100, 0x10F}, {0x112, 0x11F}};
    for (int iteration = 0; iteration < 300; ++iteration) {
        CAPTURE(iteration);
        h.clear(Rgba{0, 0, 0, 0}, 0);
        for (int w = 0; w < 24; ++w) {
            const auto& [lo, hi] = ranges[r32() % std::size(ranges)];
            const std::uint32_t id = lo + r32() % (hi - lo + 1);
            if (id == GPUREG_FRAMEBUFFER_FLUSH || id == GPUREG_FRAMEBUFFER_INVALIDATE ||
                id == GPUREG_EARLYDEPTH_CLEAR)
                continue;
            std::uint32_t value = r32();
            // Half the time keep the targets where they are, so that draws reach the GPU.
            if ((id == GPUREG_COLORBUFFER_LOC || id == GPUREG_DEPTHBUFFER_LOC ||
                 id == GPUREG_VIEWPORT_WIDTH || id == GPUREG_VIEWPORT_HEIGHT ||
                 id == GPUREG_VIEWPORT_XY) &&
                (r32() % 4 != 0))
                continue;
            if (id == GPUREG_FRAMEBUFFER_DIM && (r32() & 1))
                value = 32u | (31u << 12) | (r32() & 1u) << 24;
            h.b().write(id, value);
        }
        h.quad(r32() % 16, r32() % 16, 16 + r32() % 16, 16 + r32() % 16, -0.5f,
               {1, 0.5f, 0.25f, 1});
        h.draw();
        REQUIRE(h.validation_messages() == 0);
        // Reset to the harness's sane state for the next round.
        h.b().write(GPUREG_COLORBUFFER_LOC, RenderHarness::kColor >> 3);
        h.b().write(GPUREG_DEPTHBUFFER_LOC, RenderHarness::kDepth >> 3);
        h.b().write(GPUREG_COLORBUFFER_FORMAT, 0x2);
        h.b().write(GPUREG_DEPTHBUFFER_FORMAT, 3);
        h.b().write(GPUREG_FRAMEBUFFER_DIM, 32u | (31u << 12) | (1u << 24));
        h.b().write(GPUREG_VIEWPORT_WIDTH, float_to_f24(16.0f));
        h.b().write(GPUREG_VIEWPORT_HEIGHT, float_to_f24(16.0f));
        h.b().write(GPUREG_VIEWPORT_XY, 0);
    }
    MESSAGE(h.session().renderer_counters().draws << " draws reached the GPU, "
                                                  << h.session().warning_count() << " warnings");
    CHECK(h.session().renderer_counters().draws > 100);
}
