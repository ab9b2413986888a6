// Presentation without a CPU round trip (include/picavk/vulkan.h, Session::compose): both
// screens composed on the GPU in each layout, the screens' bytes exact at whole factors with
// nearest filtering (the same bytes Session::screen returns, which the golden tests check), the
// embedder image, the resolution scale and compile mode changed at run time, per-frame
// statistics, the log sink, and one thread rendering while another presents.
#include "api/screen_layout.h"
#include "device_paths.h"
#include "pica/diagnostics.h"
#include "pica/memory.h"
#include "pica/regs/reg_ids.h"
#include "pica/transfer/external_regs.h"
#include "picavk/session.h"
#include "picavk/vulkan.h"
#include "scoped_env.h"
#include "session_config.h"
#include "vk/present/screen_presenter.h"
#include "vk/renderer.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstring>
#include <thread>

using namespace picavk;

namespace {
RendererConfig config(std::uint32_t scale) {
    return test::session_config(scale);
}

// The pixels of `img` inside [x0, x0 + w) x [y0, y0 + h) equal `screen` (w x h) exactly.
std::size_t region_mismatches(const ScreenImage& img, std::uint32_t x0, std::uint32_t y0,
                              const ScreenImage& screen) {
    std::size_t bad = 0;
    for (std::uint32_t y = 0; y < screen.height; ++y)
        for (std::uint32_t x = 0; x < screen.width; ++x)
            if (std::memcmp(&img.rgba[((std::size_t{y0} + y) * img.width + x0 + x) * 4],
                            &screen.rgba[(std::size_t{y} * screen.width + x) * 4], 4) != 0)
                ++bad;
    return bad;
}

std::uint32_t pixel(const ScreenImage& img, std::uint32_t x, std::uint32_t y) {
    std::uint32_t v;
    std::memcpy(&v, &img.rgba[(std::size_t{y} * img.width + x) * 4], 4);
    return v;
}
} // namespace

TEST_CASE("screen layouts: rectangles at whole and fitted factors") {
    ScreenPlacement p = place_screens(ScreenLayout::Default, true, 400, 480);
    CHECK(p.factor == 1.0f);
    CHECK(p.top.x0 == 0);
    CHECK(p.top.x1 == 400);
    CHECK(p.top.y1 == 240);
    CHECK(p.bottom.x0 == 40);
    CHECK(p.bottom.x1 == 360);
    CHECK(p.bottom.y0 == 240);
    CHECK(p.bottom.y1 == 480);
    // A larger window: the largest whole factor, centred.
    p = place_screens(ScreenLayout::Default, true, 1000, 1000);
    CHECK(p.factor == 2.0f);
    CHECK(p.top.x0 == 100);
    CHECK(p.top.y0 == 20);
    CHECK(p.top.x1 == 900);
    // Fitted: the fraction that fits.
    p = place_screens(ScreenLayout::Default, false, 1000, 1000);
    CHECK(p.factor == doctest::Approx(2.0833).epsilon(0.001));
    // Smaller than 1x: fitted whatever integer_scale says.
    p = place_screens(ScreenLayout::SingleTop, true, 200, 120);
    CHECK(p.factor == 0.5f);
    CHECK_FALSE(p.bottom.shown());
    p = place_screens(ScreenLayout::SingleBottom, true, 320, 240);
    CHECK_FALSE(p.top.shown());
    CHECK(p.bottom.x1 == 320);
    p = place_screens(ScreenLayout::SideBySide, true, 720, 240);
    CHECK(p.bottom.x0 == 400);
    CHECK(p.bottom.y0 == 0);
    p = place_screens(ScreenLayout::LargeTop, true, 1120, 480);
    CHECK(p.top.x1 == 800);
    CHECK(p.top.y1 == 480);
    CHECK(p.bottom.x0 == 800);
    CHECK(p.bottom.y0 == 240);
    CHECK(p.bottom.y1 == 480);
    // Minimised.
    p = place_screens(ScreenLayout::Default, true, 0, 0);
    CHECK_FALSE(p.top.shown());
}

TEST_CASE("compose: the demo's screens, exact, in every layout, at scale 1 and 3") {
    for (std::uint32_t scale : {1u, 3u}) {
        CAPTURE(scale);
        Session s(128u << 20, config(scale));
        run_demo_frame(s, 0);
        const ScreenImage top = s.screen(Screen::Top), bottom = s.screen(Screen::Bottom);
        REQUIRE(top.width == 400 * scale);
        const std::uint64_t readback_before = s.renderer_counters().readback_bytes;

        const std::uint32_t n = scale;
        ScreenImage c = s.compose(400 * n, 480 * n);
        REQUIRE(c.width == 400 * n);
        CHECK(region_mismatches(c, 0, 0, top) == 0);
        CHECK(region_mismatches(c, 40 * n, 240 * n, bottom) == 0);
        CHECK(pixel(c, 0, 479 * n) == 0xFF000000u); // the background beside the bottom screen
        // Composing read back exactly the picture's bytes; the screens themselves were sampled
        // on the GPU (no write-back).
        CHECK(s.renderer_counters().readback_bytes - readback_before ==
              std::uint64_t{400} * n * 480 * n * 4);
        CHECK(s.renderer_counters().surface_writebacks == 0);

        PresentOptions o;
        o.layout = ScreenLayout::SideBySide;
        o.background_rgb = 0x204060;
        s.set_present_options(o);
        c = s.compose(720 * n, 300 * n); // taller than the layout: centred vertically
        const std::uint32_t oy = 30 * n;
        CHECK(region_mismatches(c, 0, oy, top) == 0);
        CHECK(region_mismatches(c, 400 * n, oy, bottom) == 0);
        CHECK(pixel(c, 0, 0) == 0xFF204060u); // r 0x60, g 0x40, b 0x20

        o.layout = ScreenLayout::SingleBottom;
        s.set_present_options(o);
        c = s.compose(320 * n, 240 * n);
        CHECK(region_mismatches(c, 0, 0, bottom) == 0);

        o.layout = ScreenLayout::LargeTop;
        s.set_present_options(o);
        c = s.compose(1120 * n, 480 * n);
        CHECK(region_mismatches(c, 800 * n, 240 * n, bottom) == 0);
        // The large top screen at twice the size: each screen pixel is a 2x2 block.
        std::size_t bad = 0;
        for (std::uint32_t y = 0; y < top.height; y += 7)
            for (std::uint32_t x = 0; x < top.width; x += 5)
                bad += pixel(c, 2 * x + 1, 2 * y + 1) != pixel(top, x, y);
        CHECK(bad == 0);

        // Linear filtering at a fitted factor: smooth, but the flat background stays exact.
        o.layout = ScreenLayout::SingleTop;
        o.integer_scale = false;
        o.filter = ScreenFilter::Linear;
        s.set_present_options(o);
        c = s.compose(300 * n, 180 * n);
        CHECK(pixel(c, 1, 1) == pixel(top, 1, 1));
        CHECK(s.renderer_counters().validation_messages == 0);
    }
}

TEST_CASE("compose: 16-bit and 32-bit LCD formats from the display transfer's surface, exact") {
    // The demo's display transfer writes RGB8; here it writes each other colour format and the
    // LCD reads that format, so the screen comes from a surface of that host format and
    // present.frag quantises and expands its channels (the bytes screen() decodes). lavapipe
    // already expands 5- and 6-bit texels by bit replication when it samples them, so there the
    // quantisation changes nothing; on GPUs that return x / 31 it is what keeps this exact.
    constexpr std::uint32_t kTransferFlags = 0x10400C10, kTopFormat = 0x10400470,
                            kTopStride = 0x10400490;
    for (std::uint32_t format : {0u, 2u, 3u, 4u}) { // RGBA8, RGB565, RGB5A1, RGBA4
        for (std::uint32_t scale : {1u, 3u}) {
            CAPTURE(format);
            CAPTURE(scale);
            Session s(128u << 20, config(scale));
            std::size_t changed = 0;
            for (GuestAction a : demo_frame_actions(0)) {
                if (a.kind == GuestAction::Kind::RegisterWrite) {
                    if (a.address == kTransferFlags) {
                        a.value = (a.value & ~0x7000u) | format << 12, ++changed;
                    } else if (a.address == kTopFormat) {
                        a.value = (a.value & ~7u) | format, ++changed;
                    } else if (a.address == kTopStride) {
                        a.value = 240 * (format == 0 ? 4 : 2), ++changed;
                    }
                    s.write_gpu_register(a.address, a.value);
                } else {
                    s.write_memory(a.address, a.bytes);
                }
            }
            s.end_frame();
            REQUIRE(changed == 3);
            const std::uint64_t uploads = s.renderer_counters().present_uploads;
            const ScreenImage top = s.screen(Screen::Top);
            REQUIRE(top.width == 400 * scale);
            const ScreenImage c = s.compose(400 * scale, 480 * scale);
            CHECK(region_mismatches(c, 0, 0, top) == 0);
            // The top screen came from the surface (only the bottom fill was uploaded).
            CHECK(s.renderer_counters().present_uploads - uploads == 1);
            CHECK(s.renderer_counters().validation_messages == 0);
            CHECK(s.warning_count() == 0);
        }
    }
}

TEST_CASE("compose: an sRGB target stores the screens' bytes unchanged") {
    // Some surfaces offer only *_SRGB swapchain formats: present.frag decodes first, so the
    // hardware's encode gives back the LCD values (within 1, the encode's rounding).
    std::vector<std::uint8_t> vram(pica::MemoryView::kVramSize), fcram(1u << 20);
    pica::Diagnostics diag;
    vk::RendererOptions o;
    o.validation = true;
    vk::Renderer renderer(o, pica::MemoryView(vram, fcram), diag);
    vk::Composition c;
    c.screens[0].kind = vk::ScreenPicture::Kind::Fill;
    c.screens[0].rect = {0, 0, 64, 32};
    c.background_rgb = 0x000000;
    int worst = 0;
    for (std::uint32_t v = 0; v < 256; v += 5) {
        c.screens[0].fill_rgb = v | (255 - v) << 8 | (v / 2) << 16;
        const std::vector<std::uint8_t> unorm = renderer.presenter().compose_rgba(c, {64, 32});
        const std::vector<std::uint8_t> srgb = renderer.presenter().compose_rgba(c, {64, 32}, true);
        REQUIRE(unorm.size() == srgb.size());
        CHECK(unorm[0] == v);
        CHECK(unorm[1] == 255 - v);
        CHECK(unorm[2] == v / 2);
        for (std::size_t i = 0; i < srgb.size(); ++i)
            worst = std::max(worst, std::abs(int(srgb[i]) - int(unorm[i])));
    }
    CHECK(worst <= 1);
    CHECK(renderer.stats().validation_messages == 0);
}

TEST_CASE("present_to_image: the composition on the device, no read-back") {
    Session s(128u << 20, config(2));
    run_demo_frame(s, 0);
    const std::uint64_t readback_before = s.renderer_counters().readback_bytes;
    PresentedImage img{};
    for (int i = 0; i < 5; ++i)
        img = present_to_image(s, 800, 960);
    CHECK(img.image != VK_NULL_HANDLE);
    CHECK(img.view != VK_NULL_HANDLE);
    CHECK(img.format == VK_FORMAT_R8G8B8A8_UNORM);
    CHECK(img.width == 800);
    CHECK(img.layout == VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL);
    REQUIRE(img.timeline != VK_NULL_HANDLE);
    // The embedder waits for the timeline value before reading the image.
    const VulkanContext vc = vulkan_context(s);
    REQUIRE(vc.device != VK_NULL_HANDLE);
    VkSemaphoreWaitInfo wi{VK_STRUCTURE_TYPE_SEMAPHORE_WAIT_INFO};
    wi.semaphoreCount = 1;
    wi.pSemaphores = &img.timeline;
    wi.pValues = &img.value;
    CHECK(vkWaitSemaphores(vc.device, &wi, 5'000'000'000ull) == VK_SUCCESS);
    const RendererCounters r = s.renderer_counters();
    CHECK(r.readback_bytes == readback_before);
    CHECK(r.composed_images == 5);
    // The top screen came from the display transfer's surface; the bottom one (a memory fill
    // on guest memory, no surface) was uploaded from guest memory once: its bytes did not
    // change.
    CHECK(r.present_uploads == 1);
    CHECK(r.validation_messages == 0);
    // Without a window, present() says so.
    CHECK(s.present() == PresentResult::NoWindow);
}

TEST_CASE("compose: a CPU-written framebuffer is shown from guest memory") {
    Session s(128u << 20, config(1));
    run_demo_frame(s, 0);
    // The demo's bottom screen is a CPU-side memory fill of a 240x320 RGB8 buffer; the CPU now
    // draws into it (RGB8 stores b, g, r).
    const std::uint32_t fb = 0x18360000;
    std::vector<std::uint8_t> bytes(240 * 320 * 3);
    for (std::size_t i = 0; i < bytes.size(); i += 3) {
        bytes[i] = 0x11;
        bytes[i + 1] = 0x22;
        bytes[i + 2] = 0x33;
    }
    REQUIRE(s.write_memory(fb, bytes));
    const ScreenImage bottom = s.screen(Screen::Bottom);
    REQUIRE(bottom.width == 320);
    CHECK(pixel(bottom, 5, 5) == 0xFF112233u);
    ScreenImage c = s.compose(400, 480);
    CHECK(region_mismatches(c, 40, 240, bottom) == 0);
    CHECK(s.renderer_counters().present_uploads == 1);
    // The CPU draws again: the next composition shows it (one more upload); unchanged, none.
    bytes[0] = 0x77;
    REQUIRE(s.write_memory(fb, bytes));
    c = s.compose(400, 480);
    CHECK(region_mismatches(c, 40, 240, s.screen(Screen::Bottom)) == 0);
    c = s.compose(400, 480);
    CHECK(s.renderer_counters().present_uploads == 2);
    CHECK(s.renderer_counters().validation_messages == 0);
}

TEST_CASE("set_scale at run time: the next frame renders at the new scale") {
    Session s(128u << 20, config(1));
    run_demo_frame(s, 0);
    s.set_scale(3);
    CHECK(s.scale() == 3);
    run_demo_frame(s, 1);
    const ScreenImage changed = s.screen(Screen::Top);
    Session fresh(128u << 20, config(3));
    run_demo_frame(fresh, 0);
    run_demo_frame(fresh, 1);
    const ScreenImage expected = fresh.screen(Screen::Top);
    REQUIRE(changed.width == 1200);
    CHECK(region_mismatches(changed, 0, 0, expected) == 0);
    // And back, with the compile mode changed too.
    s.set_shader_compile(ShaderCompile::UbershaderOnly);
    s.set_scale(1);
    run_demo_frame(s, 2);
    CHECK(s.screen(Screen::Top).width == 400);
    CHECK(s.renderer_counters().validation_messages == 0);
    CHECK(s.warning_count() == 0);
}

TEST_CASE("frame statistics and the log sink") {
    Session s(128u << 20, config(1));
    CHECK(s.last_frame_stats().frame == 0);
    run_demo_frame(s, 0); // ends the frame
    const FrameStats f1 = s.last_frame_stats();
    CHECK(f1.frame == 1);
    CHECK(f1.renderer.draws >= 1);
    CHECK(f1.geometry.draws == f1.renderer.draws);
    CHECK(f1.cpu_ms > 0);
    run_demo_frame(s, 1);
    const FrameStats f2 = s.last_frame_stats();
    CHECK(f2.frame == 2);
    CHECK(f2.renderer.draws == f1.renderer.draws); // the same scene: the same draws per frame
    CHECK(f2.renderer.surface_writebacks == 0);
    CHECK(f2.renderer.pipelines_created == 0); // nothing new in the second frame

    std::vector<std::pair<LogLevel, std::string>> got;
    s.set_log_sink([&](LogLevel l, const std::string& m) { got.emplace_back(l, m); },
                   LogLevel::Info);
    s.set_scale(2);
    s.write_gpu_register(0x10400000 + 0xFFC, 1); // an unknown external register: a warning
    REQUIRE(got.size() >= 1);
    CHECK(got[0].first == LogLevel::Info);
    CHECK(got[0].second.find("scale 2") != std::string::npos);
    got.clear();
    s.set_log_sink([&](LogLevel l, const std::string& m) { got.emplace_back(l, m); },
                   LogLevel::Error);
    s.set_scale(1);
    CHECK(got.empty());

    const Version v = version();
    CHECK(v.major == 0);
    CHECK(v.minor >= 1);
    CHECK(v.cache_layout >= 9);
}

TEST_CASE("frame statistics: the GPU's busy time is timed per submission and grows with the "
          "pixels") {
    // Median GPU time over five demo frames, each also timed on the wall clock around it.
    auto gpu_ms = [](std::uint32_t scale) {
        Session s(128u << 20, config(scale));
        std::vector<double> gpu;
        for (std::uint32_t f = 0; f < 5; ++f) {
            const auto start = std::chrono::steady_clock::now();
            run_demo_frame(s, f);
            const double wall =
                std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
                    .count();
            const FrameStats stats = s.last_frame_stats();
            REQUIRE(stats.renderer.submissions >= 1);
            const double busy = static_cast<double>(stats.renderer.gpu_time_ns) / 1e6;
            // end_frame waits for the frame's submissions, and the last frame's were done
            // before this one began: their busy time lies inside the frame's wall time.
            CHECK(busy > 0);
            CHECK(busy <= wall);
            gpu.push_back(busy);
        }
        // A frame with nothing to submit adds nothing.
        s.end_frame();
        CHECK(s.last_frame_stats().renderer.submissions == 0);
        CHECK(s.last_frame_stats().renderer.gpu_time_ns == 0);
        CHECK(s.renderer_counters().validation_messages == 0);
        std::sort(gpu.begin(), gpu.end());
        return gpu[2];
    };
    // 36 times the pixels: lavapipe shades them on the CPU, and its busy time grows about
    // twentyfold; a real GPU's grows too, if by less (fixed costs weigh more there).
    const double x1 = gpu_ms(1), x6 = gpu_ms(6);
    // The device line picavk-render prints names the profile: ids, then nine feature letters.
    const std::string profile = Session(128u << 20, config(1)).device_profile();
    REQUIRE(profile.size() >= 4 + 1 + 4 + 1 + 8 + 1 + 9);
    CHECK(profile[profile.size() - 10] == '-');
    CHECK(profile.substr(profile.size() - 9).find_first_not_of("LDBF8ICRN-") == std::string::npos);
    MESSAGE("GPU busy per demo frame: " << x1 << " ms at scale 1, " << x6 << " ms at scale 6");
    CHECK(x6 > x1);
}

// The graphics pipeline's passes on every device (test_compute_raster.cpp profiles the compute
// rasteriser's).
TEST_CASE_FIXTURE(test::WithoutComputeRaster,
                  "GPU profile: each kind of pass is timed, counted once per pass, inside the "
                  "busy time") {
    Session s(128u << 20, config(2));
    CHECK(s.gpu_profile().passes.empty());
    run_demo_frame(s, 0); // its command buffer began before profiling: not profiled
    s.set_gpu_profile(true);
    const std::uint64_t busy_before = s.renderer_counters().gpu_time_ns;
    const std::uint64_t clears_before = s.renderer_counters().render_pass_clears;
    for (std::uint32_t f = 1; f <= 3; ++f)
        run_demo_frame(s, f);
    const std::uint64_t clears = s.renderer_counters().render_pass_clears - clears_before;
    const GpuProfile p = s.gpu_profile();
    auto pass = [&](const char* name) {
        for (const GpuPassProfile& e : p.passes)
            if (e.pass == name) return e;
        return GpuPassProfile{};
    };
    // The demo frame: a colour and a depth fill, which the render pass that follows does as it
    // begins (no fill pass of their own; under surfaces.earlier-paths, two fill passes), one
    // render pass, one display transfer. Where fills are compute passes (few raster units: an
    // H100 or H200), the colour fill is one and the depth fill waits for the render pass's clear.
    CHECK(pass("memory fill").count + clears == 6);
    CHECK(clears == (s.compute_passes() ? (test::depth_fills_deferred(s) ? 3 : 0)
                                        : (test::render_pass_clears_on(s) ? 6 : 0)));
    CHECK(pass("render pass colour").count == 3);
    CHECK(pass("display transfer").count == 3);
    std::uint64_t in_passes = 0;
    for (const GpuPassProfile& e : p.passes)
        in_passes += e.ns;
    CHECK(in_passes > 0);
    // Passes wait for each other, so they lie inside the submissions' busy time, which lies
    // inside all the busy time counted since profiling began.
    CHECK(in_passes <= p.busy_ns);
    CHECK(p.busy_ns <= s.renderer_counters().gpu_time_ns - busy_before);
    // Off: later passes are not counted.
    s.set_gpu_profile(false);
    run_demo_frame(s, 4);
    CHECK(s.gpu_profile().passes.size() == p.passes.size());
    CHECK(s.gpu_profile().busy_ns == p.busy_ns);
    CHECK(s.renderer_counters().validation_messages == 0);
}

TEST_CASE_FIXTURE(test::WithoutComputeRaster,
                  "GPU profile: each pass's bytes are what the formats say (the demo at scale 8)") {
    Session s(128u << 20, config(8));
    run_demo_frame(s, 0);
    s.set_gpu_profile(true);
    const std::uint64_t clears_before = s.renderer_counters().render_pass_clears;
    for (std::uint32_t f = 1; f <= 2; ++f)
        run_demo_frame(s, f);
    // Two more frames without the draw (the command list's jump taken out): nothing takes the
    // fills but the display transfer, which needs the colour buffer's (a fill pass); the depth
    // fill is never needed, so never done.
    for (std::uint32_t f = 3; f <= 4; ++f) {
        for (const GuestAction& a : demo_frame_actions(f)) {
            if (a.kind == GuestAction::Kind::MemoryWrite)
                s.write_memory(a.address, a.bytes);
            else if (a.address != pica::kInternalMirrorBase + 4 * pica::GPUREG_CMDBUF_JUMP0)
                s.write_gpu_register(a.address, a.value);
        }
        s.end_frame();
    }
    const GpuProfile p = s.gpu_profile();
    auto pass = [&](const char* name) {
        for (const GpuPassProfile& e : p.passes)
            if (e.pass == name) return e;
        FAIL("no pass " << name);
        return GpuPassProfile{};
    };
    // The demo's top screen at scale 8: 240x400 guest pixels, 1920x3200 host pixels; an RGBA8
    // colour buffer and a D24S8 depth buffer (4 bytes a pixel; 5 where the device has only
    // D32S8, as the stencil needs a separate plane).
    constexpr std::uint64_t kPixels = 240ull * 8 * 400 * 8;
    constexpr std::uint64_t kColour = kPixels * 4; // 24.6 MB: the figure
    const std::uint64_t clears = s.renderer_counters().render_pass_clears - clears_before;
    const GpuPassProfile fill = pass("memory fill");
    CHECK(fill.bytes_read == 0);
    // The render pass stores both targets once; it loads them only where it did not clear
    // them (the earlier way: two fill passes a frame before it).
    const GpuPassProfile draw = pass("render pass colour");
    REQUIRE(draw.count == 2);
    const std::uint64_t depth = draw.bytes_written / 2 - kColour;
    CHECK((depth == kPixels * 4 || depth == kPixels * 5));
    CHECK(draw.bytes_written == 2 * (kColour + depth));
    if (s.compute_passes() && test::depth_fills_deferred(s)) {
        // Few raster units (an H100 or H200): every colour fill is a compute pass, which the
        // render pass loads; the depth fills wait for the render passes of frames 1 and 2 to
        // clear them, and frames 3 and 4 never need theirs.
        CHECK(clears == 2);
        CHECK(draw.bytes_read == 2 * kColour);
        CHECK(fill.count == 4);
        CHECK(fill.bytes_written == 4 * kColour);
    } else if (!s.compute_passes() && test::render_pass_clears_on(s)) {
        CHECK(clears == 4);
        CHECK(draw.bytes_read == 0);
        // Frames 3 and 4: one colour fill each, writing the target once.
        CHECK(fill.count == 2);
        CHECK(fill.bytes_written == 2 * kColour);
    } else {
        CHECK(clears == 0);
        CHECK(draw.bytes_read == 2 * (kColour + depth));
        // Frames 1 and 2 a colour and a depth fill, frames 3 and 4 too.
        CHECK(fill.count == 8);
        CHECK(fill.bytes_written == 4 * (kColour + depth));
    }
    // The display transfer reads the colour buffer and writes the linear screen buffer, 1:1.
    const GpuPassProfile transfer = pass("display transfer");
    REQUIRE(transfer.count == 4);
    CHECK(transfer.bytes_read == 4 * kColour);
    CHECK(transfer.bytes_written == 4 * kColour);
    CHECK(s.renderer_counters().validation_messages == 0);
}

TEST_CASE("memory blocks: each names its memory type and heap as the device describes them") {
    Session s(128u << 20, config(2));
    run_demo_frame(s, 0);
    const std::vector<MemoryBlock> blocks = s.memory_blocks();
    // (An emptied standard-size block is kept for reuse: a block may hold nothing.)
    bool images = false, buffers = false;
    for (const MemoryBlock& b : blocks) {
        images = images || (b.images && b.used_bytes > 0 && b.allocations > 0);
        buffers = buffers || (!b.images && b.used_bytes > 0 && b.allocations > 0);
        CHECK(b.bytes >= b.used_bytes);
        CHECK(!b.properties.empty());
        CHECK(b.heap_bytes >= b.bytes);
        // Images go to device-local memory where a type has it (lavapipe's only types do).
        if (b.images) CHECK(b.properties.find("device-local") != std::string::npos);
    }
    CHECK(images);
    CHECK(buffers);
    CHECK(Session(128u << 20, RendererConfig{.enabled = false}).memory_blocks().empty());
}

TEST_CASE("draw capture: each draw's registers and generated GLSL") {
    Session s(128u << 20, config(1));
    s.set_draw_capture(true);
    run_demo_frame(s, 0);
    const std::vector<Session::CapturedDraw> draws = s.captured_draws();
    REQUIRE(draws.size() == s.last_frame_stats().geometry.draws);
    REQUIRE(!draws.empty());
    CHECK(draws[0].rendered);
    CHECK(draws[0].triangles > 0);
    CHECK(draws[0].shader_key != 0);
    const std::string regs = s.captured_draw_registers(0);
    CHECK(regs.find("GPUREG_TEXENV0_SOURCE") != std::string::npos);
    const std::string glsl = s.captured_draw_glsl(0);
    CHECK(glsl.find("void main()") != std::string::npos);
    CHECK(s.captured_draw_glsl(draws.size()).empty()); // out of range: empty, no throw
    s.set_draw_capture(false);
    run_demo_frame(s, 1);
    CHECK(s.captured_draws().size() == draws.size()); // the last captured frame stays
}

TEST_CASE("threads: one thread renders frames while another composes and presents") {
    Session s(128u << 20, config(1));
    std::atomic<bool> done{false};
    std::atomic<int> composed{0};
    std::thread presenter([&] {
        while (!done.load()) {
            const PresentedImage img = present_to_image(s, 400, 480);
            if (img.image) ++composed;
            const ScreenImage c = s.compose(200, 240);
            if (!c.rgba.empty()) ++composed;
        }
    });
    for (std::uint32_t frame = 0; frame < 6; ++frame) {
        run_demo_frame(s, frame);
    }
    done = true;
    presenter.join();
    CHECK(composed.load() > 0);
    CHECK(s.last_frame_stats().frame == 6);
    CHECK(s.renderer_counters().validation_messages == 0);
    CHECK(s.warning_count() == 0);
}
