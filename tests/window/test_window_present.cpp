// Presentation into a real X11 window (run by ctest under xvfb-run): picavk's swapchain on an
// Xlib surface presents the screens; the window's pixels, read back from the X server, hold the
// exact bytes of Session::screen; a minimised window (the embedder's 0 x 0 resize) skips
// presents without error; a resized window, vsync off and another layout keep presenting; no
// presented frame reads anything back to the CPU; validation stays silent.
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include "../vk/session_config.h"
#include "picavk/session.h"
#include "picavk/vulkan.h"

#include <doctest/doctest.h>

#define VK_USE_PLATFORM_XLIB_KHR
#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <vulkan/vulkan_xlib.h>

#include <chrono>
#include <cstring>
#include <thread>

using namespace picavk;

namespace {
struct XWindow {
    Display* display = nullptr;
    Window window = 0;
    XWindow(unsigned w, unsigned h) {
        display = XOpenDisplay(nullptr);
        REQUIRE_MESSAGE(display, "no X display: run under xvfb-run");
        window = XCreateSimpleWindow(display, DefaultRootWindow(display), 0, 0, w, h, 0, 0, 0);
        XMapWindow(display, window);
        XSync(display, False);
    }
    ~XWindow() {
        XDestroyWindow(display, window);
        XCloseDisplay(display);
    }
    void resize(unsigned w, unsigned h) {
        XResizeWindow(display, window, w, h);
        XSync(display, False);
    }
    // The window's pixel (x, y) as the X server holds it, RGBA with alpha 255.
    std::vector<std::uint32_t> grab(unsigned w, unsigned h) {
        XImage* img = XGetImage(display, window, 0, 0, w, h, AllPlanes, ZPixmap);
        REQUIRE(img);
        std::vector<std::uint32_t> out(std::size_t{w} * h);
        for (unsigned y = 0; y < h; ++y)
            for (unsigned x = 0; x < w; ++x) {
                const unsigned long p = XGetPixel(img, static_cast<int>(x), static_cast<int>(y));
                const std::uint32_t r = (p >> 16) & 0xFF, g = (p >> 8) & 0xFF, b = p & 0xFF;
                out[std::size_t{y} * w + x] = r | g << 8 | b << 16 | 0xFF000000u;
            }
        XDestroyImage(img);
        return out;
    }
};
// A Vulkan surface on the window, attached to the session at the window's size.
VkSurfaceKHR attach_to(Session& s, const XWindow& xw, std::uint32_t w, std::uint32_t h) {
    VkXlibSurfaceCreateInfoKHR ci{VK_STRUCTURE_TYPE_XLIB_SURFACE_CREATE_INFO_KHR};
    ci.dpy = xw.display;
    ci.window = xw.window;
    VkSurfaceKHR surface = VK_NULL_HANDLE;
    REQUIRE(vkCreateXlibSurfaceKHR(vulkan_context(s).instance, &ci, nullptr, &surface) ==
            VK_SUCCESS);
    attach_window(s, surface, w, h);
    return surface;
}

RendererConfig window_config() {
    RendererConfig c = test::session_config(1);
    c.window_system = true;
    return c;
}
} // namespace

TEST_CASE("window: the screens in an X11 window, exact; minimise, resize, vsync off") {
    XWindow xw(400, 480);
    Session s(128u << 20, window_config());
    const VulkanContext vc = vulkan_context(s);
    VkSurfaceKHR surface = attach_to(s, xw, 400, 480);

    run_demo_frame(s, 0);
    const std::uint64_t readback_before = s.renderer_counters().readback_bytes;
    CHECK(s.present() == PresentResult::Presented);
    CHECK(s.present() == PresentResult::Presented); // FIFO: the first image is on screen now
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    const std::vector<std::uint32_t> shown = xw.grab(400, 480);
    const ScreenImage top = s.screen(picavk::Screen::Top);
    REQUIRE(top.width == 400);
    std::size_t bad = 0;
    for (unsigned y = 0; y < 240; ++y)
        for (unsigned x = 0; x < 400; ++x) {
            std::uint32_t expected;
            std::memcpy(&expected, &top.rgba[(std::size_t{y} * 400 + x) * 4], 4);
            bad += shown[std::size_t{y} * 400 + x] != expected;
        }
    CHECK(bad == 0);
    const std::uint64_t readback_after_screen = s.renderer_counters().readback_bytes;

    // Minimised: GLFW reports a 0 x 0 framebuffer; nothing is drawn, nothing fails.
    s.resize_window(0, 0);
    CHECK(s.present() == PresentResult::Minimised);
    CHECK(s.present() == PresentResult::Minimised);
    // Restored at another size, then vsync off and another layout.
    xw.resize(800, 600);
    s.resize_window(800, 600);
    CHECK(s.present() == PresentResult::Presented);
    PresentOptions o;
    o.vsync = false;
    o.layout = ScreenLayout::SideBySide;
    o.filter = ScreenFilter::Linear;
    s.set_present_options(o);
    for (std::uint32_t frame = 1; frame < 4; ++frame) {
        run_demo_frame(s, frame);
        CHECK(s.present() == PresentResult::Presented);
    }
    const RendererCounters r = s.renderer_counters();
    CHECK(r.presented_frames == 6);
    CHECK(r.present_skipped == 2);
    // Only screen() (the CPU reference above) read anything back; presented frames did not.
    CHECK(readback_before == 0);
    CHECK(r.readback_bytes == readback_after_screen);
    CHECK(r.validation_messages == 0);
    detach_window(s);
    CHECK(s.present() == PresentResult::NoWindow);
    vkDestroySurfaceKHR(vc.instance, surface, nullptr);
}

TEST_CASE("window: every stereo mode presents what compose() gives, exactly") {
    XWindow xw(800, 240);
    Session s(64u << 20, window_config());
    const VulkanContext vc = vulkan_context(s);
    VkSurfaceKHR surface = attach_to(s, xw, 800, 240);
    // The top LCD in 3D mode (format bit 5): the left eye red with a green band over its first
    // 100 upright columns (stored rows), the right eye blue; RGB8, 240x400 stored.
    std::vector<std::uint8_t> left(240 * 400 * 3), right(240 * 400 * 3);
    for (std::size_t i = 0; i < left.size(); i += 3) {
        const bool band = i / 3 / 240 < 100;
        left[i + 1] = band ? 0xFF : 0; // bytes B, G, R
        left[i + 2] = band ? 0 : 0xFF;
        right[i] = 0xFF;
    }
    s.write_memory(0x20100000, left);
    s.write_memory(0x20200000, right);
    s.write_gpu_register(0x1040045C, 240u | 400u << 16);
    s.write_gpu_register(0x10400468, 0x20100000);
    s.write_gpu_register(0x10400494, 0x20200000);
    s.write_gpu_register(0x10400470, 1u | 1u << 5);
    s.write_gpu_register(0x10400490, 240 * 3);
    s.end_frame();
    REQUIRE(s.top_is_stereo());
    for (int m = 0; m < 7; ++m) {
        for (const bool swap : {false, true}) {
            CAPTURE(m);
            CAPTURE(swap);
            PresentOptions o;
            o.layout = ScreenLayout::SingleTop;
            o.stereo = static_cast<StereoMode>(m);
            o.swap_eyes = swap;
            s.set_present_options(o);
            const ScreenImage want = s.compose(800, 240);
            REQUIRE(want.width == 800);
            CHECK(s.present() == PresentResult::Presented);
            CHECK(s.present() == PresentResult::Presented);
            std::this_thread::sleep_for(std::chrono::milliseconds(100));
            const std::vector<std::uint32_t> shown = xw.grab(800, 240);
            std::size_t bad = 0;
            for (std::size_t i = 0; i < shown.size(); ++i) {
                std::uint32_t expected;
                std::memcpy(&expected, &want.rgba[i * 4], 4);
                bad += shown[i] != (expected | 0xFF000000u);
            }
            CHECK(bad == 0);
        }
    }
    CHECK(s.renderer_counters().validation_messages == 0);
    CHECK(s.warning_count() == 0);
    detach_window(s);
    vkDestroySurfaceKHR(vc.instance, surface, nullptr);
}
