#pragma once
// A test pattern for surface tests: flat quads of many colours whose edges fall on odd pixels (so
// 2x1 and 2x2 averages mix neighbours), with channel values that make averages truncate.
#include "render_harness.h"

#include <doctest/doctest.h>

namespace picavk::test {

// The pattern over the whole 32x32 colour buffer.
inline void draw_patchwork(RenderHarness& h, bool check_drawn = true) {
    h.clear(Rgba{0x10, 0x20, 0x30, 0x40});
    const std::uint32_t edges[] = {0, 3, 7, 12, 17, 21, 27, 32};
    unsigned k = 0;
    for (unsigned j = 0; j + 1 < std::size(edges); ++j) {
        for (unsigned i = 0; i + 1 < std::size(edges); ++i, ++k) {
            const float r = static_cast<float>((k * 37 + 11) % 256) / 255.0f;
            const float g = static_cast<float>((k * 91 + 200) % 256) / 255.0f;
            const float b = static_cast<float>((k * 53 + 7) % 256) / 255.0f;
            const float a = static_cast<float>((k * 29 + 128) % 256) / 255.0f;
            h.quad(edges[i], edges[j], edges[i + 1], edges[j + 1], -0.5f, {r, g, b, a});
        }
    }
    h.draw();
    // Drawn, not just cleared: the quads cover every pixel (a CPU read: written back).
    if (!check_drawn) return;
    REQUIRE(h.pixel(0, 0) != Rgba{0x10, 0x20, 0x30, 0x40});
    REQUIRE(h.pixel(31, 31) != Rgba{0x10, 0x20, 0x30, 0x40});
}

} // namespace picavk::test
