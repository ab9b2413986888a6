// Named procedural-texture scenes: a 32x32 quad whose texture coordinate 0 runs from (-1.5,
// -1.5) at the bottom left to (1.5, 1.5) at the top right, shown by stage 0 (texture 3,
// replace), rendered on lavapipe with validation on. One scene per clamp mode, per mapping
// function, and noise off and on; a mip-level scene at scale 1 and 3. The registers and tables
// are written as citro3d writes them (C3D_ProcTexInit defaults, ProcTexLut_FromArray,
// ProcTexColorLut_Write: docs/research/proctex.md 1, 3). Each scene is checked twice: every pixel
// against the CPU reference model (tests/oracle/proctex_model.h, +-1 per channel as in the
// differential test), and against its reviewed golden image (tests/golden/proctex/NAME.png,
// exact to +-1).
#include "../oracle/fragment_model.h"
#include "golden_images.h"
#include "render_harness.h"

#include "pica/regs/number_formats.h"

#include <doctest/doctest.h>

#include <cmath>
#include <functional>

using namespace picavk;
using namespace picavk::pica;
using picavk::test::RenderHarness;
namespace oracle = picavk::test::oracle;

namespace {

// Register writes and table uploads that go to both the command list and the model's copy.
struct Scene {
    RenderHarness h;
    Regs regs;
    LutState luts;
    explicit Scene(std::uint32_t scale = 1) : h(scale) {}
    void set(std::uint32_t id, std::uint32_t value) {
        regs[id] = value;
        h.b().write(id, value);
    }
    void table(LutState::ProcTexTable id, const std::array<std::uint32_t, 128>& t) {
        (id == LutState::ProcTexTable::Noise    ? luts.proctex_noise
         : id == LutState::ProcTexTable::RgbMap ? luts.proctex_rgb_map
                                                : luts.proctex_alpha_map) = t;
        h.b().upload_proctex_lut(id, t);
    }
    void colors() {
        h.b().upload_proctex_lut(LutState::ProcTexTable::Color, luts.proctex_color);
        h.b().upload_proctex_lut(LutState::ProcTexTable::ColorDiff, luts.proctex_color_diff);
    }
};

// citro3d's ProcTexLut_FromArray over f(i / 128), i = 0..128.
std::array<std::uint32_t, 128> table_of(const std::function<float(float)>& f) {
    std::array<std::uint32_t, 128> t{};
    auto q = [&](unsigned i) {
        return static_cast<int>(4095.0f * std::clamp(f(static_cast<float>(i) / 128.0f), 0.f, 1.f));
    };
    for (unsigned i = 0; i < 128; ++i)
        t[i] = static_cast<std::uint32_t>(q(i)) |
               (static_cast<std::uint32_t>(q(i + 1) - q(i)) & 0xFFFu) << 12;
    return t;
}

// citro3d's ProcTexColorLut_Write: colours at [offset, offset + n), each difference half the
// step to the next (arithmetic shift), the last one 0.
void write_colors(LutState& luts, unsigned offset, const std::vector<std::uint32_t>& colors) {
    for (unsigned i = 0; i < colors.size(); ++i) {
        std::uint32_t diff = 0;
        if (i + 1 < colors.size())
            for (unsigned k = 0; k < 4; ++k) {
                const int d = static_cast<int>(colors[i + 1] >> (8 * k) & 0xFF) -
                              static_cast<int>(colors[i] >> (8 * k) & 0xFF);
                diff |= (static_cast<std::uint32_t>(d >> 1) & 0xFF) << (8 * k);
            }
        luts.proctex_color[offset + i] = colors[i];
        luts.proctex_color_diff[offset + i] = diff;
    }
}

std::uint32_t rgba(int r, int g, int b, int a = 255) {
    auto c = [](int v) { return static_cast<std::uint32_t>(std::clamp(v, 0, 255)); };
    return c(r) | c(g) << 8 | c(b) << 16 | c(a) << 24;
}

// citro3d's defaults (C3D_ProcTexInit: min LOD 0, max LOD 6, offsets 0/0x80/0xC0/0xE0) with a
// 128-entry colour ramp (blue, green, orange, red), identity map tables, the smooth-step noise
// table of the particles example; clamp to edge, G = u, no noise, linear filter.
void base(Scene& s) {
    s.set(GPUREG_TEXUNIT_CONFIG, 1u << 10); // texture 3 on, texcoord 0; units 0-2 off
    s.set(GPUREG_TEXUNIT3_PROCTEX0, 1 | 1 << 3);
    s.set(GPUREG_TEXUNIT3_PROCTEX1, 0);
    s.set(GPUREG_TEXUNIT3_PROCTEX2, 0);
    s.set(GPUREG_TEXUNIT3_PROCTEX3, 0);
    s.set(GPUREG_TEXUNIT3_PROCTEX4, 1 | 0x60 << 3 | 128 << 11);
    s.set(GPUREG_TEXUNIT3_PROCTEX5, 0xE0C08000u);
    std::vector<std::uint32_t> ramp(128);
    for (unsigned i = 0; i < 128; ++i) {
        const int t = static_cast<int>(i) * 2;
        ramp[i] = rgba(t, 255 - std::abs(2 * t - 255), 255 - t);
    }
    write_colors(s.luts, 0, ramp);
    s.colors();
    s.table(LutState::ProcTexTable::RgbMap, table_of([](float x) { return x; }));
    s.table(LutState::ProcTexTable::AlphaMap, table_of([](float x) { return x; }));
    s.table(LutState::ProcTexTable::Noise, table_of([](float x) { return x * x * (3 - 2 * x); }));
    s.set(GPUREG_TEXENV0_SOURCE, 0x00060006u);
    s.set(GPUREG_TEXENV0_OPERAND, 0);
    s.set(GPUREG_TEXENV0_COMBINER, 0);
    s.set(GPUREG_TEXENV0_SCALE, 0);
    for (std::uint32_t b : {GPUREG_TEXENV1_SOURCE, GPUREG_TEXENV2_SOURCE, GPUREG_TEXENV3_SOURCE,
                            GPUREG_TEXENV4_SOURCE, GPUREG_TEXENV5_SOURCE}) {
        s.set(b, 0x000F000Fu);
        for (std::uint32_t k = 1; k < 5; ++k)
            s.set(b + k, 0);
    }
}

// One quad per band of rows [y0, y1) with texture coordinates running from (u0, v0) to (u1, v1)
// over the whole picture's width and height (so each band shows its part of the one pattern),
// or, with `rows`, over the band only.
struct Band {
    std::uint32_t y0, y1;
    float u0, v0, u1, v1;
};

// The model's colour at window pixel (x, y) of a band.
oracle::Color model_at(const Scene& s, const Band& b, unsigned x, unsigned y) {
    oracle::FragmentInputs in;
    in.primary = {255, 255, 255, 255};
    const float du = (b.u1 - b.u0) / 32.0f;
    const float dv = (b.v1 - b.v0) / static_cast<float>(b.y1 - b.y0);
    const float u = b.u0 + du * (static_cast<float>(x) + 0.5f);
    const float v = b.v0 + dv * (static_cast<float>(y - b.y0) + 0.5f);
    in.texcoords = {{{u, v}, {u, v}, {u, v}}};
    in.proctex_rho = std::fabs(du) + std::fabs(dv);
    return oracle::shade(s.regs, s.luts, in).color;
}

ScreenImage render(Scene& s, const std::vector<Band>& bands) {
    s.h.clear(test::Rgba{0, 0, 0, 0});
    for (const Band& b : bands)
        s.h.textured_quad(0, b.y0, 32, b.y1, b.u0, b.v0, b.u1, b.v1);
    s.h.draw();
    REQUIRE_FALSE(s.h.last_error);
    return {32, 32, s.h.color_rgba()};
}

// Every pixel against the model (+-1), then against the golden image. Without
// `expect_warnings` no warning may be given.
void check(Scene& s, const std::string& name, const std::vector<Band>& bands,
           bool expect_warnings = false) {
    const ScreenImage img = render(s, bands);
    unsigned off_by_one = 0, wrong = 0;
    for (const Band& b : bands)
        for (unsigned y = b.y0; y < b.y1; ++y)
            for (unsigned x = 0; x < 32; ++x) {
                const oracle::Color want = model_at(s, b, x, y);
                const std::uint8_t* got = &img.rgba[((31 - y) * 32 + x) * 4];
                for (unsigned k = 0; k < 4; ++k) {
                    const int d = std::abs(int(got[k]) - want[k]);
                    off_by_one += d == 1;
                    if (d > 1 && wrong++ < 4) {
                        CAPTURE(name);
                        CAPTURE(x);
                        CAPTURE(y);
                        CAPTURE(k);
                        CAPTURE(int(got[k]));
                        CAPTURE(want[k]);
                        FAIL_CHECK("pixel differs from the reference model");
                    }
                }
            }
    CHECK(wrong == 0);
    MESSAGE(name << ": channels off by one from the model: " << off_by_one);
    const std::string mismatch = test::check_golden(img, "proctex/" + name, {1, 0.0, 0.5, 0});
    CHECK_MESSAGE(mismatch.empty(), mismatch);
    CHECK(s.h.validation_messages() == 0);
    if (expect_warnings) return;
    for (const std::string& w : s.h.warnings)
        MESSAGE(w);
    CHECK(s.h.warnings.empty());
}

const std::vector<Band> kWhole{{0, 32, -1.5f, -1.5f, 1.5f, 1.5f}};

} // namespace

TEST_CASE("proctex scene: each clamp mode (G = (u + v) / 2)") {
    static const char* const kNames[5] = {"clamp_zero", "clamp_edge", "clamp_repeat",
                                          "clamp_mirrored_repeat", "clamp_pulse"};
    Scene s;
    base(s);
    for (std::uint32_t mode = 0; mode < 5; ++mode) {
        s.set(GPUREG_TEXUNIT3_PROCTEX0, mode | mode << 3 | 4u << 6);
        check(s, kNames[mode], kWhole);
    }
}

TEST_CASE("proctex scene: each mapping function (mirrored repeat)") {
    static const char* const kNames[10] = {"map_u",   "map_u2",   "map_v",    "map_v2",
                                           "map_uv",  "map_u2v2", "map_sqrt", "map_min",
                                           "map_max", "map_rmax"};
    Scene s;
    base(s);
    for (std::uint32_t f = 0; f < 10; ++f) {
        s.set(GPUREG_TEXUNIT3_PROCTEX0, 3 | 3 << 3 | f << 6);
        check(s, kNames[f], kWhole);
    }
}

TEST_CASE("proctex scene: noise off and on, with shifts and separate alpha (wood rings)") {
    // The 3ds-examples proctex program's wood: sqrt(u^2 + v^2), mirrored repeat, noise
    // amplitude 0.1, frequency 0.3, phase 0.1 in both directions (C3D_ProcTexNoiseCoefs
    // writes the amplitude as (s32)(a * 0x1000) and float16 values, proctex.md 1.3).
    Scene s;
    base(s);
    const std::uint32_t noise = 0x199 | float_to_f16(0.1f) << 16;
    s.set(GPUREG_TEXUNIT3_PROCTEX1, noise);
    s.set(GPUREG_TEXUNIT3_PROCTEX2, noise);
    s.set(GPUREG_TEXUNIT3_PROCTEX3, float_to_f16(0.3f) | float_to_f16(0.3f) << 16);
    s.set(GPUREG_TEXUNIT3_PROCTEX0, 3 | 3 << 3 | 6 << 6);
    check(s, "noise_off", kWhole);
    s.set(GPUREG_TEXUNIT3_PROCTEX0, 3 | 3 << 3 | 6 << 6 | 1 << 15);
    check(s, "noise_on", kWhole);
    // Stronger and finer noise (amplitude 0.5, frequency 1.5): the rings break up visibly.
    s.set(GPUREG_TEXUNIT3_PROCTEX1, 0x800 | float_to_f16(0.1f) << 16);
    s.set(GPUREG_TEXUNIT3_PROCTEX2, 0x800 | float_to_f16(0.1f) << 16);
    s.set(GPUREG_TEXUNIT3_PROCTEX3, float_to_f16(1.5f) | float_to_f16(1.5f) << 16);
    check(s, "noise_strong", kWhole);
    // Odd U shift, even V shift (bricks), alpha from the alpha map over min(u, v).
    s.set(GPUREG_TEXUNIT3_PROCTEX0,
          2 | 2 << 3 | 4 << 6 | 7 << 10 | 1 << 14 | 1 << 15 | 1 << 16 | 2 << 18);
    check(s, "noise_shift_separate_alpha", kWhole);
}

namespace {
// Mip levels 0-3 of the colour LUT as flat colours (red, green, blue, yellow) at citro3d's
// offsets, nearest-mip-nearest with LOD bias 1.0: in four bands whose coordinates change by
// 2^k / 128 per pixel (plus a quarter level, clear of the rounding point) the level of detail
// is log2(128 * rho) = k + 0.25, so band k shows level k's colour.
void mip_scene(Scene& s) {
    base(s);
    const std::uint32_t level[4] = {rgba(255, 0, 0), rgba(0, 255, 0), rgba(0, 0, 255),
                                    rgba(255, 255, 0)};
    for (unsigned n = 0; n < 4; ++n)
        write_colors(s.luts, 0xE0C08000u >> (8 * n) & 0xFF,
                     std::vector<std::uint32_t>(128u >> n, level[n]));
    s.colors();
    const std::uint32_t bias = float_to_f16(1.0f);
    s.set(GPUREG_TEXUNIT3_PROCTEX0, 1 | 1 << 3 | (bias & 0xFF) << 20);
    s.set(GPUREG_TEXUNIT3_PROCTEX4, 2 | 0 << 3 | 6 << 7 | 128 << 11 | (bias >> 8) << 19);
}

std::vector<Band> mip_bands() {
    std::vector<Band> bands;
    for (unsigned k = 0; k < 4; ++k) {
        // rho = du/dx = 2^(k + 0.25) / 128 (v is constant across a band).
        const float span = std::exp2(static_cast<float>(k) + 0.25f) / 128.0f * 32.0f;
        bands.push_back({8 * k, 8 * k + 8, 0.1f, 0.5f, 0.1f + span, 0.5f});
    }
    return bands;
}
} // namespace

TEST_CASE("proctex scene: the level of detail picks mip levels 0-3, in guest pixels at any scale") {
    Scene s;
    mip_scene(s);
    check(s, "mip_levels", mip_bands());
    const ScreenImage one = render(s, mip_bands());
    for (unsigned k = 0; k < 4; ++k) {
        CAPTURE(k);
        const std::uint8_t* p = &one.rgba[((31 - (8 * k + 4)) * 32 + 16) * 4];
        const std::uint32_t color = s.luts.proctex_color[0xE0C08000u >> (8 * k) & 0xFF];
        CHECK(p[0] == (color & 0xFF)); // level k's colour
        CHECK(p[1] == (color >> 8 & 0xFF));
        CHECK(p[2] == (color >> 16 & 0xFF));
    }
    // At scale 3 the host derivatives are a third: picavk measures the footprint in guest
    // pixels (docs/research/proctex.md 2.8 defines it on the 3DS's pixels), so the same levels
    // show. Flat colours per band: the written-back picture equals scale 1's exactly.
    Scene s3(3);
    mip_scene(s3);
    const ScreenImage three = render(s3, mip_bands());
    CHECK(three.rgba == one.rgba);
    CHECK(s3.h.validation_messages() == 0);
}

TEST_CASE("proctex: new noise, level-of-detail or table values make no new shader") {
    Scene s;
    base(s);
    s.set(GPUREG_TEXUNIT3_PROCTEX0, 3 | 3 << 3 | 6 << 6 | 1 << 15);
    std::vector<std::vector<std::uint8_t>> frames;
    RendererCounters first{};
    for (unsigned i = 0; i < 8; ++i) {
        const float t = static_cast<float>(i) / 8.0f;
        const std::uint32_t amplitude = static_cast<std::uint32_t>(0x100 + 0x100 * i);
        s.set(GPUREG_TEXUNIT3_PROCTEX1, amplitude | float_to_f16(t) << 16);
        s.set(GPUREG_TEXUNIT3_PROCTEX2, amplitude | float_to_f16(0.5f - t) << 16);
        s.set(GPUREG_TEXUNIT3_PROCTEX3, float_to_f16(0.2f + t) | float_to_f16(0.3f) << 16);
        s.set(GPUREG_TEXUNIT3_PROCTEX4, 1 | 0x60 << 3 | (64 + 8 * i) << 11);
        s.set(GPUREG_TEXUNIT3_PROCTEX5, 0xE0C08000u | i);
        s.table(LutState::ProcTexTable::RgbMap,
                table_of([&](float x) { return std::pow(x, 1.0f + t); }));
        render(s, kWhole);
        frames.push_back(s.h.color_rgba());
        if (i == 0) first = s.h.session().renderer_counters();
    }
    const RendererCounters last = s.h.session().renderer_counters();
    CHECK(last.shaders_compiled == first.shaders_compiled);
    CHECK(last.pipelines_created == first.pipelines_created);
    CHECK(last.block_uploads >= first.block_uploads + 7);
    CHECK(last.lut_uploads >= first.lut_uploads + 7);
    for (unsigned i = 1; i < frames.size(); ++i)
        CHECK(frames[i] != frames[i - 1]);
    CHECK(s.h.validation_messages() == 0);
    CHECK(s.h.warnings.empty());
}

TEST_CASE("proctex bad input: tables overrun, zero width, NaN noise, undocumented values") {
    Scene s;
    base(s);
    s.set(GPUREG_TEXUNIT3_PROCTEX0, 3 | 3 << 3 | 6 << 6 | 1 << 15);
    s.set(GPUREG_TEXUNIT3_PROCTEX1, 0x400 | float_to_f16(0.1f) << 16);
    s.set(GPUREG_TEXUNIT3_PROCTEX2, 0x400 | float_to_f16(0.1f) << 16);
    s.set(GPUREG_TEXUNIT3_PROCTEX3, float_to_f16(0.3f) | float_to_f16(0.3f) << 16);
    const ScreenImage clean = render(s, kWhole);
    CHECK(s.h.warnings.empty());

    SUBCASE("a colour-LUT level past entry 255 wraps, counted") {
        s.set(GPUREG_TEXUNIT3_PROCTEX5, 0xE0C080F0u); // level 0: 0xF0 + 127 > 255
        const ScreenImage img = render(s, kWhole);
        CHECK(s.h.warnings.size() == 1);
        CHECK(s.h.warnings[0].find("runs past entry 255") != std::string::npos);
        check(s, "bad_offset_wraps", kWhole, true);
        CHECK(img.rgba != clean.rgba);
    }
    SUBCASE("width 0 reads the level's first entry, counted") {
        s.set(GPUREG_TEXUNIT3_PROCTEX4, 1 | 0x60 << 3);
        const ScreenImage img = render(s, kWhole);
        REQUIRE(!s.h.warnings.empty());
        CHECK(s.h.warnings[0].find("width 0") != std::string::npos);
        for (std::size_t i = 0; i < img.rgba.size(); i += 4)
            CHECK(img.rgba[i + 2] == (s.luts.proctex_color[0] >> 16 & 0xFF));
    }
    SUBCASE("NaN and infinite noise values read as 0, counted") {
        s.set(GPUREG_TEXUNIT3_PROCTEX3, 0x7E00u | 0x7C00u << 16); // NaN, +infinity
        const ScreenImage img = render(s, kWhole);
        CHECK(s.h.session().warning_count() >= 1);
        // Frequency 0: the noise grid stays at cell (0, 0) with fraction 0 for every fragment.
        s.set(GPUREG_TEXUNIT3_PROCTEX3, 0);
        const ScreenImage zero = render(s, kWhole);
        CHECK(img.rgba == zero.rgba);
        s.h.warnings.clear();
    }
    SUBCASE("undocumented clamp, function, shift, filter and coordinate values, counted") {
        // Clamp 6 as clamp to edge, function 12 as 0, shift 3 as none, filter 7 as linear,
        // coordinate 3 as texcoord 0: the same picture as the documented values.
        s.set(GPUREG_TEXUNIT3_PROCTEX0, 6 | 6 << 3 | 12u << 6 | 3u << 16);
        s.set(GPUREG_TEXUNIT3_PROCTEX4, 7 | 0x60 << 3 | 128 << 11);
        s.set(GPUREG_TEXUNIT_CONFIG, 1u << 10 | 3u << 8);
        const ScreenImage odd = render(s, kWhole);
        REQUIRE(!s.h.warnings.empty());
        CHECK(s.h.warnings[0].find("undocumented") != std::string::npos);
        s.h.warnings.clear();
        s.set(GPUREG_TEXUNIT3_PROCTEX0, 1 | 1 << 3 | 10u << 6);
        s.set(GPUREG_TEXUNIT3_PROCTEX4, 1 | 0x60 << 3 | 128 << 11);
        s.set(GPUREG_TEXUNIT_CONFIG, 1u << 10);
        CHECK(render(s, kWhole).rgba == odd.rgba);
    }
    CHECK(s.h.validation_messages() == 0);
}
