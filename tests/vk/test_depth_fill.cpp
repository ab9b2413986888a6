// Memory fills of depth targets on the GPU (src/vk/surface/surface_fill.cpp), whole and in
// rows, in each depth format: every depth and stencil value the fill gives must be what the
// GPU holds. A draw after the fill covers a corner, and the write-back of the target shows the
// rest (surfaces.compute-passes and surfaces.earlier-paths run it down the other ways).
#include "render_harness.h"
#include "vk/surface/host_formats.h"

#include <doctest/doctest.h>

#include <cmath>

using namespace picavk;
using namespace picavk::pica;
using test::RenderHarness;

namespace {

// PSC0 fills [start, start + bytes) with `value` in units of `width` (0: 16-bit, 1: 24-bit,
// 2: 32-bit).
void fill(RenderHarness& h, std::uint32_t start, std::uint32_t bytes, std::uint32_t value,
          std::uint32_t width) {
    const std::uint32_t base = 0x10400010u;
    h.session().write_gpu_register(base + 0x0, start >> 3);
    h.session().write_gpu_register(base + 0x4, (start + bytes) >> 3);
    h.session().write_gpu_register(base + 0x8, value);
    h.session().write_gpu_register(base + 0xC, (width << 8) | 1);
}

} // namespace

TEST_CASE("memory fill of depth targets: every D16 and D24 clear value converts to its integer "
          "whether the device rounds or truncates") {
    // Vulkan lets an implementation convert a float to a fixed-point depth by taking either
    // neighbour; llvmpipe rounds, so the GPU test below cannot see a value that only truncates
    // wrong. The product with the range is exact in double, as a truncating converter sees it.
    for (const bool d16 : {true, false}) {
        CAPTURE(d16);
        const std::uint32_t top = d16 ? 0xFFFFu : 0xFFFFFFu;
        const double max = top;
        std::uint32_t truncated_wrong = 0, rounded_wrong = 0;
        for (std::uint32_t q = 0; q <= top; ++q) {
            const double x = static_cast<double>(vk::unorm_depth_clear_value(q, d16)) * max;
            truncated_wrong += std::floor(x) != q;
            rounded_wrong += std::lround(x) != static_cast<long>(q);
        }
        CHECK(truncated_wrong == 0);
        CHECK(rounded_wrong == 0);
    }
}

TEST_CASE("memory fill of depth targets: every depth and stencil value on the GPU") {
    struct Case {
        DepthFormat format;
        std::uint32_t value, width, expected; // expected: depth | stencil << 24
    };
    const Case cases[] = {
        {DepthFormat::D16, 0xA5C3A5C3u, 2, 0xA5C3u},
        {DepthFormat::D16, 0xFFFFFFFFu, 2, 0xFFFFu},
        {DepthFormat::D24, 0x00123456u, 1, 0x123456u},
        {DepthFormat::D24S8, 0x7E654321u, 2, 0x7E654321u},
        {DepthFormat::D24S8, 0x01000000u, 2, 0x01000000u},
    };
    for (std::uint32_t scale : {1u, 3u}) {
        for (const Case& c : cases) {
            CAPTURE(scale);
            CAPTURE(static_cast<int>(c.format));
            CAPTURE(c.value);
            RenderHarness h(scale, ColorFormat::RGBA8, c.format);
            const std::uint32_t bytes =
                RenderHarness::kW * RenderHarness::kH * bytes_per_pixel(c.format);
            // Both targets live on the GPU, the depth buffer at 0.
            h.clear(test::Rgba{0, 0, 0, 0xFF}, 0);
            h.quad(0, 0, 32, 32, -0.5f, {0, 0, 1, 1});
            h.b().write(GPUREG_DEPTH_COLOR_MASK, 0xF00u | 1u | (1u << 4) | (1u << 12));
            h.draw();
            const RendererCounters before = h.session().renderer_counters();
            // The whole target, then its lower half of tile rows again with the same value (a
            // fill of rows: the copy's offset), then a draw over a 4x4 corner (depth ALWAYS).
            fill(h, RenderHarness::kDepth, bytes, c.value, c.width);
            fill(h, RenderHarness::kDepth, bytes / 2, c.value, c.width);
            h.quad(0, 0, 4, 4, -0.25f, {0, 1, 0, 1});
            h.b().write(GPUREG_DEPTH_COLOR_MASK, 0xF00u | 1u | (1u << 4) | (1u << 12));
            h.draw();
            const RendererCounters after = h.session().renderer_counters();
            CHECK(after.fill_clears - before.fill_clears == 1);
            CHECK(after.partial_fill_clears - before.partial_fill_clears == 1);
            std::size_t wrong = 0, corner_filled = 0;
            for (std::uint32_t y = 0; y < RenderHarness::kH; ++y)
                for (std::uint32_t x = 0; x < RenderHarness::kW; ++x) {
                    const std::uint32_t d = h.depth_word(x, y);
                    if (x < 4 && y < 4)
                        corner_filled += d == c.expected;
                    else
                        wrong += d != c.expected;
                }
            CHECK(wrong == 0);
            CHECK(corner_filled == 0); // the draw after the fill wrote its own depth there
            CHECK(h.validation_messages() == 0);
            CHECK(h.warnings.empty());
        }
    }
}
