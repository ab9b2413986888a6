// The built-in demo scene against reviewed golden images (tests/golden/demo_frame0_*.png):
// the whole path - memory fills, a P3D command list, vertex shading, texturing, depth test,
// display transfer, LCD registers - in one picture per screen. PICAVK_UPDATE_GOLDEN=1 rewrites
// the files (review the change like code).
//
// Tolerance: lavapipe reproduces the files exactly; other devices may differ in rasterization
// and filtering details, so up to 0.5% of pixels may differ by more than 24 in a channel and the
// mean absolute channel difference must stay below 1.0.
#include "api/demo_actions.h"
#include "golden_images.h"
#include "picavk/session.h"
#include "scoped_env.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <cstdlib>
#include <string>

using namespace picavk;

namespace {
void compare_to_golden(const ScreenImage& img, const std::string& name) {
    const std::string path = std::string(PICAVK_GOLDEN_DIR) + "/" + name;
    if (test::updating_goldens()) {
        test::write_png(img, path);
        MESSAGE("wrote " << path);
        return;
    }
    const std::string diff = std::string(PICAVK_TEST_TMP) + "/golden-diff/" + name;
    const std::string mismatch = test::compare_with_golden(img, path, {}, diff);
    CHECK_MESSAGE(mismatch.empty(), mismatch);
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

TEST_CASE_FIXTURE(test::WithoutComputeRaster,
                  "golden: the demo scene's first frame with its vertex program on the GPU path") {
    RendererConfig config{true, 1, -1, true, {}, ShaderCompile::Sync};
    config.gpu_vertex_min_draw = 1; // the demo's 36-vertex draw too
    Session s(128u << 20, config);
    run_demo_frame(s, 0);
    CHECK(s.renderer_counters().gpu_vertex_draws == 1);
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
    // resolution should: the 2x2 block averages against the scale-1 picture, up to 3% of pixels
    // (edges of the cube and the checker borders) beyond 24 in a channel.
    const std::string diff = std::string(PICAVK_TEST_TMP) + "/golden-diff/demo_scale2_top.png";
    const std::string mismatch =
        test::compare_with_golden_image(test::box_downsample(b, 2), a, {24, 0.03, 255.0}, diff);
    CHECK_MESSAGE(mismatch.empty(), mismatch);
    CHECK(a.rgba[0] == b.rgba[0]); // the clear colour in the corner
    CHECK(s2.renderer_counters().validation_messages == 0);
}

TEST_CASE("demo scene: the flat look is the same cube in one constant colour") {
    // BM_RendererDemoScale's variant 1 measures the host rasterizer with the cheapest fragment
    // work; it must still draw the demo's cube, every covered pixel the constant colour.
    auto render = [](scenes::DemoLook look) {
        Session s(128u << 20, RendererConfig{true, 1, -1, true});
        for (const GuestAction& a : demo_frame_actions(0, look)) {
            if (a.kind == GuestAction::Kind::MemoryWrite)
                s.write_memory(a.address, a.bytes);
            else
                s.write_gpu_register(a.address, a.value);
        }
        s.end_frame();
        CHECK(s.warning_count() == 0);
        CHECK(s.renderer_counters().validation_messages == 0);
        return s.screen(Screen::Top);
    };
    const ScreenImage full = render(scenes::DemoLook::Full);
    const ScreenImage flat = render(scenes::DemoLook::Flat);
    REQUIRE(flat.rgba.size() == full.rgba.size());
    const std::uint8_t clear[3] = {full.rgba[0], full.rgba[1], full.rgba[2]};
    const std::uint8_t cube[3] = {0xC0, 0x80, 0x40}; // TEXENV0_COLOR 0xFF4080C0
    std::size_t covered = 0, mismatched = 0;
    for (std::size_t i = 0; i < flat.rgba.size(); i += 4) {
        const bool flat_clear = std::equal(clear, clear + 3, &flat.rgba[i]);
        const bool full_clear = std::equal(clear, clear + 3, &full.rgba[i]);
        if (!flat_clear) {
            ++covered;
            if (!std::equal(cube, cube + 3, &flat.rgba[i])) ++mismatched;
        }
        // The same silhouette (the full look's fogged cube never lands on the clear colour).
        if (flat_clear != full_clear) ++mismatched;
    }
    CHECK(mismatched == 0);
    CHECK(covered > flat.rgba.size() / 4 / 10); // the cube covers more than a tenth of the screen
}
