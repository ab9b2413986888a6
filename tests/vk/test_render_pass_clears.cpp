// Memory fills of whole render targets left to the next render pass (Surface::pending_clear,
// src/vk/surface/surface_fill.cpp): the draw after a fill clears its targets as its render pass
// begins, and every other use of a filled target - a display transfer, a CPU write over it, a
// second fill over part of it - sees exactly the filled bytes (or what was written after them).
// A fill of exactly a live target's bytes is left out of guest memory (Surface::guest_fill)
// until the CPU side asks for them, and then costs no GPU read-back.
#include "device_paths.h"
#include "render_harness.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <cstring>
#include <vector>

using namespace picavk;
using namespace picavk::pica;
using test::depth_fills_deferred;
using test::render_pass_clears_on;
using test::RenderHarness;
using test::Rgba;

namespace {

constexpr std::array<float, 4> kGreen{0, 1, 0, 1};
constexpr Rgba kGreenPx{0, 0xFF, 0, 0xFF};
constexpr std::uint32_t kBytes = RenderHarness::kW * RenderHarness::kH * 4;
constexpr std::uint32_t kOut = 0x18100000;

// PSC0 (unit 0x10) or PSC1 (0x20) fills [start, end) with a 32-bit value.
void fill(RenderHarness& h, std::uint32_t unit, std::uint32_t start, std::uint32_t value) {
    const std::uint32_t base = 0x10400000u + unit;
    h.session().write_gpu_register(base + 0x0, start >> 3);
    h.session().write_gpu_register(base + 0x4, (start + kBytes) >> 3);
    h.session().write_gpu_register(base + 0x8, value);
    h.session().write_gpu_register(base + 0xC, (2u << 8) | 1);
}

// Draws once, so both targets are live surfaces the GPU holds.
void live_targets(RenderHarness& h) {
    h.clear(Rgba{0x10, 0x20, 0x30, 0x40}, 0);
    h.quad(0, 0, 32, 32, -0.5f, kGreen);
    h.b().write(GPUREG_DEPTH_COLOR_MASK, 0xF00u | 1u | (1u << 4) | (1u << 12));
    h.draw();
}

} // namespace

TEST_CASE("render pass clears: the draw after a fill clears both targets as its pass begins") {
    RenderHarness h;
    live_targets(h);
    const RendererCounters before = h.session().renderer_counters();
    fill(h, 0x10, RenderHarness::kColor, 0x11223344);
    fill(h, 0x20, RenderHarness::kDepth, 0x78123456);
    h.quad(0, 0, 16, 32, -0.25f, kGreen); // in front of the filled depth (0x123456)
    h.draw();
    const RendererCounters after = h.session().renderer_counters();
    CHECK(after.fill_clears == before.fill_clears + 2);
    CHECK(after.render_pass_clears ==
          before.render_pass_clears +
              (render_pass_clears_on(h.session()) ? 2
               // (A compute draw takes the deferred depth fill into its words.)
               : depth_fills_deferred(h.session()) && !h.session().compute_raster() ? 1
                                                                                    : 0));
    CHECK(h.pixel(8, 8) == kGreenPx);
    CHECK(h.pixel(24, 8) == (Rgba{0x11, 0x22, 0x33, 0x44}));
    CHECK(h.depth_word(24, 8) == 0x78123456u);
    CHECK(h.validation_messages() == 0);
}

TEST_CASE("render pass clears: a display transfer of a filled target without a draw reads the "
          "fill") {
    for (std::uint32_t scale : {1u, 3u}) {
        CAPTURE(scale);
        RenderHarness h(scale);
        live_targets(h);
        const RendererCounters before = h.session().renderer_counters();
        fill(h, 0x10, RenderHarness::kColor, 0x55AA33CC);
        const TransferRegs t = test::colour_buffer_transfer(
            RenderHarness::kColor, kOut, TransferFormat::RGBA8, TransferFormat::RGBA8);
        test::write_transfer(h.session(), t);
        const RendererCounters after = h.session().renderer_counters();
        REQUIRE(after.gpu_transfers == before.gpu_transfers + 1);
        // Where fills and transfers are compute passes (surfaces.compute-passes, an H100 or
        // H200), this transfer and the fill it settles were two of them; elsewhere none.
        CHECK(after.compute_passes - before.compute_passes ==
              (h.session().compute_passes() ? 2u : 0u));
        CHECK(after.render_pass_clears == before.render_pass_clears);
        std::vector<std::uint8_t> out(kBytes);
        REQUIRE(h.session().read_memory(kOut, out));
        // Every output pixel is the filled word (the transfer keeps RGBA8's byte order).
        std::size_t wrong = 0;
        for (std::size_t i = 0; i < out.size(); ++i)
            wrong += out[i] != static_cast<std::uint8_t>(0x55AA33CCu >> (8 * (i % 4)));
        CHECK(wrong == 0);
        CHECK(h.validation_messages() == 0);
    }
}

TEST_CASE("render pass clears: guest memory written over a filled target wins over the fill") {
    RenderHarness h;
    live_targets(h);
    fill(h, 0x10, RenderHarness::kColor, 0x11223344);
    // The CPU writes the whole colour buffer after the fill: the next draw must load those
    // bytes, not clear to the fill's value.
    h.session().write_memory(RenderHarness::kColor, std::vector<std::uint8_t>(kBytes, 0x66));
    const RendererCounters before = h.session().renderer_counters();
    h.quad(0, 0, 16, 32, -0.25f, kGreen);
    h.draw();
    CHECK(h.session().renderer_counters().render_pass_clears == before.render_pass_clears);
    CHECK(h.pixel(8, 8) == kGreenPx);
    CHECK(h.pixel(24, 8) == (Rgba{0x66, 0x66, 0x66, 0x66}));
    CHECK(h.validation_messages() == 0);
}

TEST_CASE("render pass clears: a second fill over part of a filled target keeps both") {
    RenderHarness h;
    live_targets(h);
    fill(h, 0x10, RenderHarness::kColor, 0x11223344);
    // The first half of the buffer's bytes (whole rows of 8x8 tiles) filled again.
    const std::uint32_t base = 0x10400020u;
    h.session().write_gpu_register(base + 0x0, RenderHarness::kColor >> 3);
    h.session().write_gpu_register(base + 0x4, (RenderHarness::kColor + kBytes / 2) >> 3);
    h.session().write_gpu_register(base + 0x8, 0x99887766u);
    h.session().write_gpu_register(base + 0xC, (2u << 8) | 1);
    // A draw next, whose render pass must begin on both fills (one 8x8 tile of green).
    h.quad(0, 0, 8, 8, -0.25f, kGreen);
    h.draw();
    const auto rgba = h.color_rgba(); // the image as guest memory now holds it
    // Whole rows of 8x8 tiles: half the pixels hold each fill, but for the green tile.
    std::size_t first = 0, second = 0, green = 0;
    for (std::size_t i = 0; i < kBytes / 4; ++i) {
        std::uint32_t px = 0;
        std::memcpy(&px, &rgba[i * 4], 4);
        first += px == 0x44332211u;
        second += px == 0x66778899u;
        green += px == 0xFF00FF00u;
    }
    CHECK(green == 64);
    CHECK(first + second + green == kBytes / 4);
    CHECK(first >= kBytes / 8 - 64);
    CHECK(second >= kBytes / 8 - 64);
    CHECK(h.validation_messages() == 0);
}

namespace {
// The bytes a 32-bit fill of `value` writes, kBytes of them.
std::vector<std::uint8_t> filled(std::uint32_t value) {
    std::vector<std::uint8_t> out(kBytes);
    for (std::size_t i = 0; i < out.size(); ++i)
        out[i] = static_cast<std::uint8_t>(value >> (8 * (i % 4)));
    return out;
}
std::vector<std::uint8_t> guest(Session& s, std::uint32_t address) { // no flush, as it lies
    const auto vram = s.vram();
    const std::size_t at = address - 0x18000000u;
    return {vram.begin() + at, vram.begin() + at + kBytes};
}
} // namespace

TEST_CASE("render pass clears: a fill of exactly a live target's bytes reaches guest memory only "
          "when the CPU asks, as the fill's bytes, without a read-back (scale 1 and 3)") {
    for (std::uint32_t scale : {1u, 3u}) {
        CAPTURE(scale);
        RenderHarness h(scale);
        live_targets(h);
        std::vector<std::uint8_t> color_before(kBytes), depth_before(kBytes), bytes(kBytes);
        REQUIRE(h.session().read_memory(RenderHarness::kColor, color_before)); // written back
        REQUIRE(h.session().read_memory(RenderHarness::kDepth, depth_before));
        const RendererCounters before = h.session().renderer_counters();
        fill(h, 0x10, RenderHarness::kColor, 0x11223344);
        fill(h, 0x20, RenderHarness::kDepth, 0x78123456);
        CHECK(h.session().renderer_counters().fill_clears == before.fill_clears + 2);
        CHECK(h.session().renderer_counters().fills_off_guest == before.fills_off_guest + 2);
        // Guest memory still holds the drawn frame: the CPU fill was left out.
        CHECK(guest(h.session(), RenderHarness::kColor) == color_before);
        CHECK(guest(h.session(), RenderHarness::kDepth) == depth_before);
        // Asked for, the bytes are the fill's, written by the CPU rather than read back.
        REQUIRE(h.session().read_memory(RenderHarness::kColor, bytes));
        CHECK(bytes == filled(0x11223344));
        REQUIRE(h.session().read_memory(RenderHarness::kDepth, bytes));
        CHECK(bytes == filled(0x78123456));
        const RendererCounters after = h.session().renderer_counters();
        CHECK(after.guest_fill_writebacks == before.guest_fill_writebacks + 2);
        CHECK(after.surface_writebacks == before.surface_writebacks);
        CHECK(after.readback_bytes == before.readback_bytes);
        CHECK(h.validation_messages() == 0);
    }
}

TEST_CASE("render pass clears: a CPU write into a filled target that guest memory lacks lands on "
          "the fill, and a draw after a fill is read back whole") {
    RenderHarness h;
    live_targets(h);
    fill(h, 0x10, RenderHarness::kColor, 0x11223344);
    // One pixel's bytes written: write_memory flushes the fill into guest memory first.
    h.session().write_memory(RenderHarness::kColor + 64, std::vector<std::uint8_t>(4, 0x66));
    std::vector<std::uint8_t> expected = filled(0x11223344);
    std::fill_n(expected.begin() + 64, 4, std::uint8_t{0x66});
    CHECK(guest(h.session(), RenderHarness::kColor) == expected);
    // Filled again and drawn into: the draw's pixels and the fill's, read back from the GPU.
    fill(h, 0x10, RenderHarness::kColor, 0x55667788);
    fill(h, 0x20, RenderHarness::kDepth, 0x78123456); // the quad below is in front of it
    const RendererCounters before = h.session().renderer_counters();
    h.quad(0, 0, 16, 32, -0.25f, kGreen);
    h.draw();
    CHECK(h.pixel(8, 8) == kGreenPx);
    CHECK(h.pixel(24, 8) == (Rgba{0x55, 0x66, 0x77, 0x88}));
    const RendererCounters after = h.session().renderer_counters();
    CHECK(after.guest_fill_writebacks == before.guest_fill_writebacks);
    CHECK(after.surface_writebacks == before.surface_writebacks + 1);
    CHECK(h.validation_messages() == 0);
}

TEST_CASE("render pass clears: fills of part of a target, or of bytes no target holds, reach "
          "guest memory at once") {
    RenderHarness h;
    live_targets(h);
    h.color_rgba(); // the colour buffer written back: guest memory current
    const RendererCounters before = h.session().renderer_counters();
    // The first half of the colour buffer's bytes (whole rows of tiles), and a range no surface
    // holds.
    const std::uint32_t base = 0x10400010u;
    h.session().write_gpu_register(base + 0x0, RenderHarness::kColor >> 3);
    h.session().write_gpu_register(base + 0x4, (RenderHarness::kColor + kBytes / 2) >> 3);
    h.session().write_gpu_register(base + 0x8, 0x99887766u);
    h.session().write_gpu_register(base + 0xC, (2u << 8) | 1);
    fill(h, 0x20, kOut, 0x0A0B0C0D);
    const std::vector<std::uint8_t> color = guest(h.session(), RenderHarness::kColor);
    const std::vector<std::uint8_t> half = filled(0x99887766);
    CHECK(std::equal(half.begin(), half.begin() + kBytes / 2, color.begin()));
    CHECK(guest(h.session(), kOut) == filled(0x0A0B0C0D));
    CHECK(h.session().renderer_counters().fills_off_guest == before.fills_off_guest);
    CHECK(h.validation_messages() == 0);
}
