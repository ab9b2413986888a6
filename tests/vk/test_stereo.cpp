// Stereoscopic 3D, the right eye (Screen::TopRight): the top LCD's right-eye framebuffer
// registers (3dbrew "LCD Registers": 0x10400494 / 0x10400498, picked by the select bit like
// the left eye's), 3D mode from the format register (bit 5 set, bit 6 clear), and the defined
// picture - the left eye - with a counted warning where 3D mode names no usable right buffer.
#include "picavk/session.h"
#include "session_config.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <string>
#include <vector>

using namespace picavk;

namespace {

constexpr std::uint32_t kSize = 0x1040045C, kLeft1 = 0x10400468, kLeft2 = 0x1040046C,
                        kFormat = 0x10400470, kSelect = 0x10400478, kStride = 0x10400490,
                        kRight1 = 0x10400494, kRight2 = 0x10400498;
constexpr std::uint32_t kLeftAt = 0x20100000, kRightAt = 0x20200000, kSecondAt = 0x20300000;
constexpr std::uint32_t kRgb8 = 1, k3dMode = 1u << 5, k2dMode = 1u << 6;

RendererConfig config(std::uint32_t scale) {
    return test::session_config(scale);
}

struct Rgb {
    std::uint8_t r, g, b;
};

// A 240x400 RGB8 framebuffer of one colour (bytes in memory B, G, R); with `band`, its first
// `band_columns` upright columns (stored rows: the LCD is portrait) in that colour.
void framebuffer(Session& s, std::uint32_t at, std::uint8_t r, std::uint8_t g, std::uint8_t b,
                 std::uint32_t band_columns = 0, Rgb band = {}) {
    std::vector<std::uint8_t> bytes(240 * 400 * 3);
    for (std::size_t i = 0; i < bytes.size(); i += 3) {
        const bool in_band = i / 3 / 240 < band_columns;
        bytes[i] = in_band ? band.b : b;
        bytes[i + 1] = in_band ? band.g : g;
        bytes[i + 2] = in_band ? band.r : r;
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

TEST_CASE("stereo: 3D mode with no right-eye buffer, one outside memory, or the wide size shows "
          "the left eye (counted)") {
    Session s(64u << 20, config(1));
    framebuffer(s, kLeftAt, 0xFF, 0, 0);
    top_lcd(s, kLeftAt, 0, k3dMode);
    s.end_frame();
    CHECK_FALSE(s.top_is_stereo());
    CHECK(all(s.screen(Screen::TopRight), 0xFF, 0, 0));
    CHECK(s.warning_count() == 1);
    top_lcd(s, kLeftAt, 0x40000000, k3dMode); // past every memory region
    CHECK_FALSE(s.top_is_stereo());           // no usable pair (and no warning from asking)
    CHECK(all(s.screen(Screen::TopRight), 0xFF, 0, 0));
    CHECK(s.warning_count() == 2);
    CHECK(all(s.screen(Screen::Top), 0xFF, 0, 0)); // the left eye is untouched by it
    CHECK(s.warning_count() == 2);
    // 3D mode with the wide mode's 800-wide size: the eyes cannot be a 3D pair.
    framebuffer(s, kRightAt, 0, 0, 0xFF);
    top_lcd(s, kLeftAt, kRightAt, k3dMode);
    s.write_gpu_register(kSize, 240u | 800u << 16);
    CHECK_FALSE(s.top_is_stereo());
    const ScreenImage right = s.screen(Screen::TopRight);
    CHECK(right.width == 800);
    CHECK(s.warning_count() == 3);
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

namespace {

Rgb at(const ScreenImage& img, std::uint32_t x, std::uint32_t y) {
    const std::uint8_t* p = &img.rgba[(std::size_t{y} * img.width + x) * 4];
    return {p[0], p[1], p[2]};
}
bool operator==(Rgb a, Rgb b) {
    return a.r == b.r && a.g == b.g && a.b == b.b;
}
doctest::String toString(Rgb c) {
    return (std::to_string(c.r) + "," + std::to_string(c.g) + "," + std::to_string(c.b)).c_str();
}

// Every pixel of rows [y0, y1) x columns [x0, x1) is `c`.
bool region(const ScreenImage& img, std::uint32_t x0, std::uint32_t x1, std::uint32_t y0,
            std::uint32_t y1, Rgb c) {
    for (std::uint32_t y = y0; y < y1; ++y)
        for (std::uint32_t x = x0; x < x1; ++x)
            if (!(at(img, x, y) == c)) return false;
    return true;
}

constexpr Rgb kRed{0xFF, 0, 0}, kGreen{0, 0xFF, 0}, kBlue{0, 0, 0xFF};

// Left eye red with a green band over its first 100 upright columns, right eye blue; the top
// screen alone in the composition.
Session& stereo_pair(Session& s) {
    framebuffer(s, kLeftAt, 0xFF, 0, 0, 100, kGreen);
    framebuffer(s, kRightAt, 0, 0, 0xFF);
    top_lcd(s, kLeftAt, kRightAt, k3dMode);
    s.end_frame();
    return s;
}

ScreenImage composed(Session& s, StereoMode mode, bool swap, std::uint32_t w, std::uint32_t h) {
    PresentOptions o;
    o.layout = ScreenLayout::SingleTop;
    o.stereo = mode;
    o.swap_eyes = swap;
    s.set_present_options(o);
    return s.compose(w, h);
}

// sRGB decode / encode (IEC 61966-2-1), as the anaglyph mixes in linear light.
double to_linear(double v) {
    return v <= 0.04045 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4);
}
double to_srgb(double v) {
    return v <= 0.0031308 ? v * 12.92 : 1.055 * std::pow(v, 1.0 / 2.4) - 0.055;
}

} // namespace

TEST_CASE("stereo presentation: one eye, either eye, side by side at half and full width") {
    for (std::uint32_t n : {1u, 2u}) { // the composition's factor (and the session's scale)
        CAPTURE(n);
        Session s(64u << 20, config(n));
        stereo_pair(s);
        const std::uint32_t w = 400 * n, h = 240 * n;
        ScreenImage c = composed(s, StereoMode::LeftOnly, false, w, h);
        CHECK(region(c, 0, 100 * n, 0, h, kGreen));
        CHECK(region(c, 100 * n, w, 0, h, kRed));
        c = composed(s, StereoMode::RightOnly, false, w, h);
        CHECK(region(c, 0, w, 0, h, kBlue));
        c = composed(s, StereoMode::LeftOnly, true, w, h); // swapped: the right eye
        CHECK(region(c, 0, w, 0, h, kBlue));
        // Half width: each eye squeezed into its half (the 100-column band becomes 50).
        c = composed(s, StereoMode::SideBySideHalf, false, w, h);
        CHECK(region(c, 0, 50 * n, 0, h, kGreen));
        CHECK(region(c, 50 * n, 200 * n, 0, h, kRed));
        CHECK(region(c, 200 * n, w, 0, h, kBlue));
        c = composed(s, StereoMode::SideBySideHalf, true, w, h);
        CHECK(region(c, 0, 200 * n, 0, h, kBlue));
        CHECK(region(c, 200 * n, 250 * n, 0, h, kGreen));
        CHECK(region(c, 250 * n, w, 0, h, kRed));
        // Full width: the top screen is 800 wide, each eye whole.
        c = composed(s, StereoMode::SideBySideFull, false, 2 * w, h);
        CHECK(region(c, 0, 100 * n, 0, h, kGreen));
        CHECK(region(c, 100 * n, 400 * n, 0, h, kRed));
        CHECK(region(c, 400 * n, 2 * w, 0, h, kBlue));
        CHECK(s.warning_count() == 0);
        CHECK(s.renderer_counters().validation_messages == 0);
    }
}

TEST_CASE("stereo presentation: interlaced rows alternate by the target's rows") {
    Session s(64u << 20, config(1));
    stereo_pair(s);
    for (const bool reverse : {false, true}) {
        CAPTURE(reverse);
        // A factor of 2: every screen row covers two target rows, which still alternate.
        const ScreenImage c = composed(
            s, reverse ? StereoMode::ReverseInterlaced : StereoMode::Interlaced, false, 800, 480);
        for (std::uint32_t y = 0; y < 480; ++y) {
            const bool left = (y % 2 == 0) != reverse; // the top row: the left eye
            CAPTURE(y);
            CHECK(at(c, 300, y) == (left ? kRed : kBlue));
            CHECK(at(c, 20, y) == (left ? kGreen : kBlue));
        }
    }
    // Swapped eyes: the first row shows the right eye.
    const ScreenImage c = composed(s, StereoMode::Interlaced, true, 400, 240);
    CHECK(at(c, 300, 0) == kBlue);
    CHECK(at(c, 300, 1) == kRed);
}

TEST_CASE("stereo presentation: the anaglyph is Dubois' red-cyan matrices in linear light") {
    // Both eyes of one colour each; the expected value from the paper's matrices (rows: output
    // r, g, b), on sRGB-decoded values, clamped, encoded.
    const double left_m[3][3] = {
        {0.437, 0.449, 0.164}, {-0.062, -0.062, -0.024}, {-0.048, -0.050, -0.017}};
    const double right_m[3][3] = {
        {-0.011, -0.032, -0.007}, {0.377, 0.761, 0.009}, {-0.026, -0.093, 1.234}};
    const Rgb cases[][2] = {{{200, 100, 50}, {30, 160, 220}},
                            {{0xFF, 0, 0}, {0, 0, 0xFF}},
                            {{128, 128, 128}, {128, 128, 128}},
                            {{255, 255, 255}, {0, 0, 0}}};
    for (const auto& [l, r] : cases) {
        CAPTURE(toString(l));
        CAPTURE(toString(r));
        Session s(64u << 20, config(1));
        framebuffer(s, kLeftAt, l.r, l.g, l.b);
        framebuffer(s, kRightAt, r.r, r.g, r.b);
        top_lcd(s, kLeftAt, kRightAt, k3dMode);
        s.end_frame();
        const double lin_l[3] = {to_linear(l.r / 255.0), to_linear(l.g / 255.0),
                                 to_linear(l.b / 255.0)};
        const double lin_r[3] = {to_linear(r.r / 255.0), to_linear(r.g / 255.0),
                                 to_linear(r.b / 255.0)};
        int want[3];
        for (int k = 0; k < 3; ++k) {
            double v = 0;
            for (int j = 0; j < 3; ++j)
                v += left_m[k][j] * lin_l[j] + right_m[k][j] * lin_r[j];
            want[k] = static_cast<int>(std::lround(to_srgb(std::clamp(v, 0.0, 1.0)) * 255.0));
        }
        const ScreenImage c = composed(s, StereoMode::Anaglyph, false, 400, 240);
        const Rgb got = at(c, 200, 120);
        // Within 1: the GPU's pow and the target's rounding.
        CHECK(std::abs(got.r - want[0]) <= 1);
        CHECK(std::abs(got.g - want[1]) <= 1);
        CHECK(std::abs(got.b - want[2]) <= 1);
        CHECK(region(c, 0, 400, 0, 240, got)); // every pixel the same
        // Swapped eyes mix the other way round.
        const Rgb swapped = at(composed(s, StereoMode::Anaglyph, true, 400, 240), 200, 120);
        if (!(l == r)) CHECK_FALSE(swapped == got);
    }
}

TEST_CASE("stereo presentation: a 2D frame shows the same picture in every mode") {
    Session s(64u << 20, config(1));
    framebuffer(s, kLeftAt, 0xFF, 0, 0, 100, kGreen);
    framebuffer(s, kRightAt, 0, 0, 0xFF);
    top_lcd(s, kLeftAt, kRightAt, k2dMode); // 2D: the right buffer is not shown
    s.end_frame();
    for (StereoMode m : {StereoMode::RightOnly, StereoMode::Interlaced}) {
        const ScreenImage c = composed(s, m, false, 400, 240);
        CHECK(region(c, 0, 100, 0, 240, kGreen));
        CHECK(region(c, 100, 400, 0, 240, kRed));
    }
    CHECK(s.warning_count() == 0);
}
