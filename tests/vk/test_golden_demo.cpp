// The built-in demo scene against reviewed golden images (tests/golden/demo_frame0_*.png):
// the whole path - memory fills, a P3D command list, vertex shading, texturing, depth test,
// display transfer, LCD registers - in one picture per screen. PICAVK_UPDATE_GOLDEN=1 rewrites
// the files (review the change like code).
//
// Tolerance: lavapipe reproduces the files exactly; other devices may differ in rasterization
// and filtering details, so up to 0.5% of pixels may differ by more than 24 in a channel and the
// mean absolute channel difference must stay below 1.0.
#include "picavk/session.h"

#include <doctest/doctest.h>
#include <stb_image.h>
#include <stb_image_write.h>

#include <cstdlib>
#include <string>

using namespace picavk;

namespace {
void compare_to_golden(const ScreenImage& img, const std::string& name) {
    const std::string path = std::string(PICAVK_GOLDEN_DIR) + "/" + name;
    if (std::getenv("PICAVK_UPDATE_GOLDEN")) {
        stbi_write_png(path.c_str(), static_cast<int>(img.width), static_cast<int>(img.height), 4,
                       img.rgba.data(), static_cast<int>(img.width * 4));
        MESSAGE("wrote " << path);
        return;
    }
    int w = 0, h = 0, n = 0;
    unsigned char* golden = stbi_load(path.c_str(), &w, &h, &n, 4);
    REQUIRE_MESSAGE(golden, "missing golden image " << path);
    REQUIRE(static_cast<std::uint32_t>(w) == img.width);
    REQUIRE(static_cast<std::uint32_t>(h) == img.height);
    std::size_t big = 0;
    double total = 0;
    const std::size_t pixels = img.rgba.size() / 4;
    for (std::size_t i = 0; i < pixels; ++i) {
        int worst = 0;
        for (int c = 0; c < 4; ++c) {
            const int d = std::abs(int(golden[i * 4 + c]) - int(img.rgba[i * 4 + c]));
            worst = std::max(worst, d);
            total += d;
        }
        big += worst > 24;
    }
    stbi_image_free(golden);
    CAPTURE(name);
    CHECK(big * 200 <= pixels);
    CHECK(total / static_cast<double>(img.rgba.size()) < 1.0);
}
} // namespace

TEST_CASE("golden: the demo scene's first frame, both screens") {
    Session s(128u << 20, RendererConfig{true, 1, -1, true});
    run_demo_frame(s, 0);
    compare_to_golden(s.screen(Screen::Top), "demo_frame0_top.png");
    compare_to_golden(s.screen(Screen::Bottom), "demo_frame0_bottom.png");
    CHECK(s.renderer_counters().validation_messages == 0);
    CHECK(s.warning_count() == 0);
}

TEST_CASE("golden: the demo at scale 2 is the scale-1 picture at twice the size") {
    Session s1(128u << 20, RendererConfig{true, 1, -1, true});
    Session s2(128u << 20, RendererConfig{true, 2, -1, true});
    run_demo_frame(s1, 0);
    run_demo_frame(s2, 0);
    const ScreenImage a = s1.screen(Screen::Top), b = s2.screen(Screen::Top);
    REQUIRE(b.width == 800);
    REQUIRE(b.height == 480);
    // Background and flat regions agree exactly; edges and filtered texels differ, as a higher
    // resolution should: compare the 2x2 block averages with the same tolerance as above.
    std::size_t big = 0;
    for (std::uint32_t y = 0; y < a.height; ++y) {
        for (std::uint32_t x = 0; x < a.width; ++x) {
            for (int c = 0; c < 3; ++c) {
                int sum = 0;
                for (std::uint32_t k = 0; k < 4; ++k)
                    sum += b.rgba[((2 * y + k / 2) * b.width + 2 * x + k % 2) * 4 + c];
                if (std::abs(sum / 4 - a.rgba[(y * a.width + x) * 4 + c]) > 24) {
                    ++big;
                    break;
                }
            }
        }
    }
    CHECK(big * 100 <= a.width * a.height * 3); // edges of the cube and the checker borders
    CHECK(a.rgba[0] == b.rgba[0]);              // the clear colour in the corner
    CHECK(s2.renderer_counters().validation_messages == 0);
}
