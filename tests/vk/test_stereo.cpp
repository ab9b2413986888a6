// Stereoscopic 3D, the right eye (Screen::TopRight): the top LCD's right-eye framebuffer
// registers (3dbrew "LCD Registers": 0x10400494 / 0x10400498, picked by the select bit like
// the left eye's), 3D mode from the format register (bit 5 set, bit 6 clear), and the defined
// picture - the left eye - with a counted warning where 3D mode names no usable right buffer.
#include "picavk/session.h"

#include <doctest/doctest.h>

#include <cstring>
#include <vector>

using namespace picavk;

namespace {

constexpr std::uint32_t kSize = 0x1040045C, kLeft1 = 0x10400468, kLeft2 = 0x1040046C,
                        kFormat = 0x10400470, kSelect = 0x10400478, kStride = 0x10400490,
                        kRight1 = 0x10400494, kRight2 = 0x10400498;
constexpr std::uint32_t kLeftAt = 0x20100000, kRightAt = 0x20200000, kSecondAt = 0x20300000;
constexpr std::uint32_t kRgb8 = 1, k3dMode = 1u << 5, k2dMode = 1u << 6;

RendererConfig config(std::uint32_t scale) {
    RendererConfig c;
    c.enabled = true;
    c.scale = scale;
    c.validation = true;
    c.shader_compile = ShaderCompile::Sync;
    return c;
}

// A 240x400 RGB8 framebuffer of one colour (bytes in memory B, G, R).
void framebuffer(Session& s, std::uint32_t at, std::uint8_t r, std::uint8_t g, std::uint8_t b) {
    std::vector<std::uint8_t> bytes(240 * 400 * 3);
    for (std::size_t i = 0; i < bytes.size(); i += 3) {
        bytes[i] = b;
        bytes[i + 1] = g;
        bytes[i + 2] = r;
    }
    s.write_memory(at, bytes);
}

void top_lcd(Session& s, std::uint32_t left, std::uint32_t right, std::uint32_t mode) {
    s.write_gpu_register(kSize, 240u | 400u << 16);
    s.write_gpu_register(kLeft1, left);
    s.write_gpu_register(kRight1, right);
    s.write_gpu_register(kFormat, kRgb8 | mode);
    s.write_gpu_register(kStride, 240 * 3);
    s.write_gpu_register(kSelect, 0);
}

// Every pixel of the screen is (r, g, b, 255).
bool all(const ScreenImage& img, std::uint8_t r, std::uint8_t g, std::uint8_t b) {
    if (img.rgba.empty()) return false;
    for (std::size_t i = 0; i < img.rgba.size(); i += 4)
        if (img.rgba[i] != r || img.rgba[i + 1] != g || img.rgba[i + 2] != b ||
            img.rgba[i + 3] != 0xFF)
            return false;
    return true;
}

} // namespace

TEST_CASE("stereo: in 3D mode each eye shows its own framebuffer, at every scale") {
    for (std::uint32_t scale : {1u, 2u}) {
        CAPTURE(scale);
        Session s(64u << 20, config(scale));
        framebuffer(s, kLeftAt, 0xFF, 0, 0);
        framebuffer(s, kRightAt, 0, 0, 0xFF);
        top_lcd(s, kLeftAt, kRightAt, k3dMode);
        s.end_frame();
        CHECK(s.top_is_stereo());
        const ScreenImage left = s.screen(Screen::Top), right = s.screen(Screen::TopRight);
        CHECK(right.width == 400 * scale);
        CHECK(right.height == 240 * scale);
        CHECK(all(left, 0xFF, 0, 0));
        CHECK(all(right, 0, 0, 0xFF));
        // The select bit picks the second buffer of both eyes.
        framebuffer(s, kSecondAt, 0, 0xFF, 0);
        s.write_gpu_register(kLeft2, kLeftAt);
        s.write_gpu_register(kRight2, kSecondAt);
        s.write_gpu_register(kSelect, 1);
        CHECK(all(s.screen(Screen::Top), 0xFF, 0, 0));
        CHECK(all(s.screen(Screen::TopRight), 0, 0xFF, 0));
        CHECK(s.warning_count() == 0);
        CHECK(s.renderer_counters().validation_messages == 0);
    }
}

TEST_CASE("stereo: in 2D mode, or with both eyes at one address, the right eye is the left") {
    Session s(64u << 20, config(1));
    framebuffer(s, kLeftAt, 0xFF, 0, 0);
    framebuffer(s, kRightAt, 0, 0, 0xFF);
    top_lcd(s, kLeftAt, kRightAt, k2dMode); // bit 6: not 3D, whatever the right address says
    s.end_frame();
    CHECK_FALSE(s.top_is_stereo());
    CHECK(all(s.screen(Screen::TopRight), 0xFF, 0, 0));
    top_lcd(s, kLeftAt, kRightAt, k3dMode | k2dMode); // both bits: GSP keeps 3D off
    CHECK_FALSE(s.top_is_stereo());
    CHECK(all(s.screen(Screen::TopRight), 0xFF, 0, 0));
    top_lcd(s, kLeftAt, kLeftAt, k3dMode); // 3D mode, slider off: one buffer for both eyes
    CHECK_FALSE(s.top_is_stereo());
    CHECK(all(s.screen(Screen::TopRight), 0xFF, 0, 0));
    CHECK(s.warning_count() == 0);
}

TEST_CASE("stereo: 3D mode with no right-eye buffer, or one outside memory, shows the left eye "
          "(counted)") {
    Session s(64u << 20, config(1));
    framebuffer(s, kLeftAt, 0xFF, 0, 0);
    top_lcd(s, kLeftAt, 0, k3dMode);
    s.end_frame();
    CHECK_FALSE(s.top_is_stereo());
    CHECK(all(s.screen(Screen::TopRight), 0xFF, 0, 0));
    CHECK(s.warning_count() == 1);
    top_lcd(s, kLeftAt, 0x40000000, k3dMode); // past every memory region
    CHECK(s.top_is_stereo());
    CHECK(all(s.screen(Screen::TopRight), 0xFF, 0, 0));
    CHECK(s.warning_count() == 2);
    CHECK(all(s.screen(Screen::Top), 0xFF, 0, 0)); // the left eye is untouched by it
    CHECK(s.warning_count() == 2);
}

TEST_CASE("stereo: a recorded trace replays both eyes") {
    std::vector<std::uint8_t> file;
    {
        Session s(64u << 20, config(1));
        s.start_recording();
        framebuffer(s, kLeftAt, 0xFF, 0, 0);
        framebuffer(s, kRightAt, 0, 0, 0xFF);
        top_lcd(s, kLeftAt, kRightAt, k3dMode);
        s.end_frame();
        file = s.stop_recording();
    }
    std::string error;
    const auto trace = Trace::parse(file, error);
    REQUIRE(trace);
    Session replay(64u << 20, config(1));
    bool stereo = false;
    ScreenImage right;
    CHECK(replay
              .replay(*trace,
                      [&](std::size_t) {
                          stereo = replay.top_is_stereo();
                          right = replay.screen(Screen::TopRight);
                      })
              .empty());
    CHECK(stereo);
    CHECK(all(right, 0, 0, 0xFF));
    CHECK(all(replay.screen(Screen::Top), 0xFF, 0, 0));
}
