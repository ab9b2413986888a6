// Randomized differential tests of the procedural texture unit (texture 3) in the generated
// fragment shaders and the ubershader against the CPU reference model (tests/oracle/
// proctex_model.h): every PROCTEX0-5 field at random (clamp and map functions including the
// undocumented values, shifts, noise with random amplitude, phase and frequency, separate alpha,
// all eight filters with random level-of-detail bias, range, width and level offsets, the
// coordinate source), random tables written as citro3d writes them, and per quad a random
// coordinate for each texture-coordinate set with, in half the quads, a gradient (so the level
// of detail comes from real screen-space derivatives).
//
// Tolerance: +-1 per channel. The model computes in double, the shaders in 32-bit float, and
// both truncate to 8 bits (docs/research/proctex.md 2.10), so a value near an integer may land
// on either side. Where the two disagree by more, the unit sits on a discontinuity (a clamp or
// repeat edge, a table entry, a nearest colour-LUT step, a noise cell or a mip level boundary)
// that float rounding moved: such a pixel passes if the model gives the shader's colour (+-1)
// for the coordinate or the footprint moved by 8, 64 or 512 float32 steps (noise carries the
// rounding of its grid position, about 1e-5, into the coordinates: with a nearest colour LUT
// about one pixel in 2,000 lands across an entry boundary), and at most 1 pixel in 200 may
// need this.
// PICAVK_PROCTEX_CONFIGS sets the number of configurations per test case (default below).
#include "../oracle/fragment_model.h"
#include "render_harness.h"
#include "test_random.h"

#include "pica/diagnostics.h"
#include "pica/regs/number_formats.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>

using namespace picavk;
using namespace picavk::pica;
using picavk::test::nudge;
using picavk::test::RenderHarness;
using picavk::test::Rgba;
using picavk::test::Rng;
using picavk::test::uniform;
using picavk::test::unit_random;
namespace oracle = picavk::test::oracle;

namespace {

constexpr unsigned kGrid = 8; // 8x8 quads of 4x4 pixels

struct Config {
    Regs regs;
    LutState luts;
};

constexpr std::uint32_t kProcTexRegs[] = {GPUREG_TEXUNIT3_PROCTEX0, GPUREG_TEXUNIT3_PROCTEX1,
                                          GPUREG_TEXUNIT3_PROCTEX2, GPUREG_TEXUNIT3_PROCTEX3,
                                          GPUREG_TEXUNIT3_PROCTEX4, GPUREG_TEXUNIT3_PROCTEX5};

// A noise, RGB-map or alpha-map table as citro3d's ProcTexLut_FromArray builds it: 129 values
// in 1/4095 steps, each entry the value and the difference to the next (proctex.md 3). Now and
// then (with `allow_jumps`) a table with random differences: jumps at entry boundaries and
// steep slopes inside entries. `max_step` bounds the walk: a steep table magnifies float
// rounding upstream of it.
std::array<std::uint32_t, 128> value_table(Rng& rng, unsigned max_step, bool allow_jumps) {
    std::array<int, 129> v{};
    int x = static_cast<int>(rng() % 4096);
    const int step = 1 + static_cast<int>(rng() % max_step);
    for (int& e : v) {
        e = x;
        x = std::clamp(x + static_cast<int>(rng() % static_cast<unsigned>(2 * step + 1)) - step, 0,
                       4095);
    }
    const bool jumps = allow_jumps && rng() % 8 == 0;
    std::array<std::uint32_t, 128> t{};
    for (unsigned i = 0; i < 128; ++i) {
        const int next = jumps ? static_cast<int>(rng() % 4096) : v[i + 1];
        t[i] = static_cast<std::uint32_t>(v[i]) | (static_cast<std::uint32_t>(next - v[i]) & 0xFFFu)
                                                      << 12;
    }
    return t;
}

// The colour LUT and its differences as citro3d's ProcTexColorLut_Write fills them: a random
// walk per channel (steps up to `max_step`), each difference half the step to the next entry
// (arithmetic shift), and (now and then, with `random_diffs` allowed) random differences.
void color_tables(Rng& rng, LutState& luts, int max_step, bool allow_random_diffs) {
    std::array<int, 4> c{};
    for (int& k : c)
        k = static_cast<int>(rng() % 256);
    std::array<std::array<int, 4>, 257> walk{};
    for (auto& e : walk) {
        e = c;
        for (int& k : c)
            k = std::clamp(k + static_cast<int>(rng() % static_cast<unsigned>(2 * max_step + 1)) -
                               max_step,
                           0, 255);
    }
    const bool random_diffs = allow_random_diffs && rng() % 8 == 0;
    for (unsigned i = 0; i < 256; ++i) {
        std::uint32_t color = 0, diff = 0;
        for (unsigned k = 0; k < 4; ++k) {
            color |= static_cast<std::uint32_t>(walk[i][k]) << (8 * k);
            const int d = random_diffs ? static_cast<int>(rng() % 256) - 128
                                       : (walk[i + 1][k] - walk[i][k]) >> 1;
            diff |= (static_cast<std::uint32_t>(d) & 0xFFu) << (8 * k);
        }
        luts.proctex_color[i] = color;
        luts.proctex_color_diff[i] = diff;
    }
}

// Mostly documented values, now and then an undocumented one.
std::uint32_t pick(Rng& rng, std::uint32_t documented, std::uint32_t all) {
    return rng() % 10 < 9 ? rng() % documented : documented + rng() % (all - documented);
}

Config random_config(Rng& rng) {
    Config c;
    Regs& r = c.regs;
    const std::uint32_t bias =
        rng() % 2 ? 0 : float_to_f16(uniform(rng, 0.05f, 2.0f) * (rng() % 8 == 0 ? -1.0f : 1.0f));
    r[GPUREG_TEXUNIT3_PROCTEX0] = pick(rng, 5, 8) | pick(rng, 5, 8) << 3 | pick(rng, 10, 16) << 6 |
                                  pick(rng, 10, 16) << 10 | (rng() % 2) << 14 | (rng() % 2) << 15 |
                                  (rng() % 4) << 16 | (rng() % 4) << 18 | (bias & 0xFF) << 20;
    for (std::uint32_t id : {GPUREG_TEXUNIT3_PROCTEX1, GPUREG_TEXUNIT3_PROCTEX2}) {
        const auto amplitude = static_cast<std::int32_t>(rng() % 8193) - 4096; // +-1.0
        r[id] = (static_cast<std::uint32_t>(amplitude) & 0xFFFF) |
                float_to_f16(uniform(rng, -2.0f, 2.0f)) << 16;
    }
    r[GPUREG_TEXUNIT3_PROCTEX3] =
        float_to_f16(uniform(rng, 0.0f, 6.0f)) | float_to_f16(uniform(rng, 0.0f, 6.0f)) << 16;
    const std::uint32_t min_lod = rng() % 4 == 0 ? rng() % 9 : 0;
    const std::uint32_t max_lod = rng() % 4 == 0 ? rng() % 16 : 6;
    const std::uint32_t width = rng() % 3 == 0 ? rng() % 256 : 128;
    r[GPUREG_TEXUNIT3_PROCTEX4] =
        (rng() % 8) | min_lod << 3 | max_lod << 7 | width << 11 | (bias >> 8) << 19;
    r[GPUREG_TEXUNIT3_PROCTEX5] =
        rng() % 2 ? 0xE0C08000u | (rng() % 4 == 0 ? rng() & 0xFF : 0) : rng();
    // Units 0-2 off (the quads' coordinates are the unit's); texture 3 on, coordinate 0-3.
    r[GPUREG_TEXUNIT_CONFIG] = 1u << 10 | (rng() % 4) << 8;
    // With noise on, the noise value carries the float32 rounding of its grid position (about
    // 1e-5) into the coordinates, and every table after it multiplies that: noise configurations
    // get gentler tables (the derivative of the colour with respect to the noise stays below
    // about 2,000, so the rounding moves a colour by well under one step). Without noise the
    // tables may be as steep as their formats allow.
    const bool noise = (r[GPUREG_TEXUNIT3_PROCTEX0] >> 15 & 1) != 0;
    c.luts.proctex_noise = value_table(rng, noise ? 64 : 256, !noise);
    c.luts.proctex_rgb_map = value_table(rng, noise ? 64 : 256, !noise);
    c.luts.proctex_alpha_map = value_table(rng, noise ? 64 : 256, !noise);
    color_tables(rng, c.luts, noise ? 4 : 16, !noise);
    // Stage 0 shows texture 3 (or, one time in four, texture 3 times the vertex colour); the
    // other stages pass it on.
    const bool modulate = rng() % 4 == 0;
    r[GPUREG_TEXENV0_SOURCE] = 0x00060006u; // texture 3, then (modulate) the vertex colour
    r[GPUREG_TEXENV0_COMBINER] = modulate ? 0x00010001u : 0;
    for (std::uint32_t base : {GPUREG_TEXENV1_SOURCE, GPUREG_TEXENV2_SOURCE, GPUREG_TEXENV3_SOURCE,
                               GPUREG_TEXENV4_SOURCE, GPUREG_TEXENV5_SOURCE})
        r[base] = 0x000F000F;
    return c;
}

struct Quad {
    std::array<std::array<float, 2>, 3> texcoords{}; // the centre's
    std::array<float, 2> gradient{};                 // per pixel: u along x, v along y
    oracle::Color primary{};
};

// The model's colour for one pixel, with the unit's coordinate and footprint nudged by
// (du, dv, drho) float32 steps (0 for none).
oracle::Color model(const Config& c, const Quad& q, unsigned px, unsigned py, int du, int dv,
                    int drho) {
    oracle::FragmentInputs in;
    in.primary = q.primary;
    // Pixel centres lie 1.5, 0.5, -0.5, -1.5 pixels from the quad's centre.
    const float ox = static_cast<float>(px) - 1.5f, oy = static_cast<float>(py) - 1.5f;
    for (unsigned k = 0; k < 3; ++k)
        in.texcoords[k] = {q.texcoords[k][0] + q.gradient[0] * ox,
                           q.texcoords[k][1] + q.gradient[1] * oy};
    const unsigned sel = oracle::proctex_coordinate_source(c.regs);
    in.texcoords[sel][0] = nudge(in.texcoords[sel][0], du);
    in.texcoords[sel][1] = nudge(in.texcoords[sel][1], dv);
    in.proctex_rho = nudge(std::fabs(q.gradient[0]) + std::fabs(q.gradient[1]), drho);
    return oracle::shade(c.regs, c.luts, in).color;
}

bool within_one(const oracle::Color& a, const std::uint8_t* got) {
    for (unsigned k = 0; k < 4; ++k)
        if (std::abs(a[k] - int(got[k])) > 1) return false;
    return true;
}

void run_differential(unsigned first, unsigned count, ShaderCompile compile) {
    RenderHarness h(1, ColorFormat::RGBA8, DepthFormat::D24S8, compile);
    std::uint64_t pixels = 0, off_by_one = 0, nudged = 0;
    for (unsigned n = first; n < first + count; ++n) {
        Rng rng(0x9E0C + n);
        const Config c = random_config(rng);
        CAPTURE(n);
        if (const char* only = std::getenv("PICAVK_DIFF_ONLY");
            only && std::strtoul(only, nullptr, 10) != n)
            continue;
        h.clear(Rgba{0x5A, 0xA5, 0x3C, 0xC3}, 0);
        for (std::uint32_t id : kProcTexRegs)
            h.b().write(id, c.regs[id]);
        // The tables as citro3d uploads them: index 0, then one burst to LUT_DATA0.
        h.b().upload_proctex_lut(LutState::ProcTexTable::Noise, c.luts.proctex_noise);
        h.b().upload_proctex_lut(LutState::ProcTexTable::RgbMap, c.luts.proctex_rgb_map);
        h.b().upload_proctex_lut(LutState::ProcTexTable::AlphaMap, c.luts.proctex_alpha_map);
        h.b().upload_proctex_lut(LutState::ProcTexTable::Color, c.luts.proctex_color);
        h.b().upload_proctex_lut(LutState::ProcTexTable::ColorDiff, c.luts.proctex_color_diff);
        h.b().write(GPUREG_TEXUNIT_CONFIG, c.regs[GPUREG_TEXUNIT_CONFIG] | (1u << 12));
        for (std::uint32_t base :
             {GPUREG_TEXENV0_SOURCE, GPUREG_TEXENV1_SOURCE, GPUREG_TEXENV2_SOURCE,
              GPUREG_TEXENV3_SOURCE, GPUREG_TEXENV4_SOURCE, GPUREG_TEXENV5_SOURCE})
            for (std::uint32_t k = 0; k < 5; ++k)
                h.b().write(base + k, c.regs[base + k]);
        h.b().write(GPUREG_TEXENV_UPDATE_BUFFER, 0);
        h.b().write(GPUREG_FRAGOP_ALPHA_TEST, 0);
        h.b().write(GPUREG_LIGHTING_ENABLE0, 0);
        h.b().write(GPUREG_LIGHTING_ENABLE1, 1);
        std::vector<Quad> quads(kGrid * kGrid);
        for (unsigned q = 0; q < kGrid * kGrid; ++q) {
            Quad& quad = quads[q];
            // A gradient in half the quads; the centre then stays 0.25 from 0 so that no
            // coordinate changes sign inside the quad (|tc| has no derivative there).
            const bool gradient = rng() % 2 == 0;
            for (auto& tc : quad.texcoords)
                for (float& v : tc) {
                    v = uniform(rng, -3.0f, 3.0f);
                    if (gradient && std::fabs(v) < 0.25f) v += v < 0 ? -0.25f : 0.25f;
                }
            if (gradient)
                quad.gradient = {uniform(rng, -0.05f, 0.05f), uniform(rng, -0.05f, 0.05f)};
            std::array<float, 4> color{};
            for (unsigned k = 0; k < 4; ++k) {
                quad.primary[k] = static_cast<int>(rng() & 0xFF);
                color[k] = static_cast<float>(quad.primary[k]) / 255.0f;
            }
            const unsigned qx = q % kGrid, qy = q / kGrid;
            const auto& t = quad.texcoords;
            h.quad(qx * 4, qy * 4, qx * 4 + 4, qy * 4 + 4, -0.5f, color, 1.0f, false,
                   {t[0][0], t[0][1], t[1][0], t[1][1]}, {t[2][0], t[2][1]}, 1.0f, {0, 0, 0, 1},
                   {0, 0, 1}, quad.gradient);
        }
        h.draw();
        REQUIRE_FALSE(h.last_error);
        const auto rgba = h.color_rgba();
        for (unsigned q = 0; q < kGrid * kGrid; ++q) {
            const unsigned qx = q % kGrid, qy = q / kGrid;
            for (unsigned pixel = 0; pixel < 16; ++pixel) {
                const unsigned px = pixel % 4, py = pixel / 4;
                const unsigned wx = qx * 4 + px, wy = qy * 4 + py;
                const std::uint8_t* got = &rgba[((31 - wy) * 32 + wx) * 4];
                ++pixels;
                const oracle::Color want = model(c, quads[q], px, py, 0, 0, 0);
                if (!within_one(want, got)) {
                    bool explained = false;
                    for (int step : {8, 64, 512})
                        for (int du = -step; du <= step && !explained; du += step)
                            for (int dv = -step; dv <= step && !explained; dv += step)
                                for (int dr = -8 * step; dr <= 8 * step && !explained;
                                     dr += 8 * step)
                                    explained =
                                        within_one(model(c, quads[q], px, py, du, dv, dr), got);
                    if (explained) {
                        ++nudged;
                        continue;
                    }
                    CAPTURE(q);
                    CAPTURE(pixel);
                    CAPTURE(want[0]);
                    CAPTURE(want[1]);
                    CAPTURE(want[2]);
                    CAPTURE(want[3]);
                    CAPTURE(int(got[0]));
                    CAPTURE(int(got[1]));
                    CAPTURE(int(got[2]));
                    CAPTURE(int(got[3]));
                    std::string cfg;
                    for (std::uint32_t id : kProcTexRegs)
                        cfg += hex_string(c.regs[id]) + " ";
                    cfg += hex_string(c.regs[GPUREG_TEXUNIT_CONFIG]);
                    CAPTURE(cfg);
                    FAIL_CHECK("pixel differs from the reference model");
                    continue;
                }
                for (unsigned k = 0; k < 4; ++k)
                    off_by_one += want[k] != int(got[k]);
            }
        }
    }
    const RendererCounters rc = h.session().renderer_counters();
    if (compile == ShaderCompile::UbershaderOnly)
        CHECK(rc.ubershader_draws == count);
    else
        CHECK(rc.ubershader_draws == 0);
    MESSAGE(count << " proctex configurations, " << pixels << " pixels; channels off by one: "
                  << off_by_one << "; pixels on a moved discontinuity: " << nudged);
    CHECK(nudged * 200 <= pixels);
    CHECK(h.validation_messages() == 0);
    // The configurations use undocumented values and colour-LUT levels that run past the
    // table on purpose: those warnings, and only those, are expected.
    for (const std::string& w : h.warnings) {
        CAPTURE(w);
        CHECK(w.find("procedural texture") != std::string::npos);
    }
}

} // namespace

// 6,000 configurations per run: 5,000 through the ubershader (no compile: 1,250 take about
// 5 s on lavapipe) and 1,000 through specialised shaders (lavapipe compiles each in about
// 0.35 s). Both run the same GLSL functions, configured by a push constant or by a literal.
#define PICAVK_PROCTEX_CASE(part)                                                                  \
    TEST_CASE("differential: procedural textures in specialised shaders, part " #part) {           \
        run_differential(part * 100000u,                                                           \
                         picavk::test::configs_from_env("PICAVK_PROCTEX_CONFIGS", 250),            \
                         ShaderCompile::Sync);                                                     \
    }                                                                                              \
    TEST_CASE("differential: procedural textures in the ubershader, part " #part) {                \
        run_differential(1000000u + part * 100000u,                                                \
                         picavk::test::configs_from_env("PICAVK_PROCTEX_CONFIGS", 1250),           \
                         ShaderCompile::UbershaderOnly);                                           \
    }
PICAVK_PROCTEX_CASE(0)
PICAVK_PROCTEX_CASE(1)
PICAVK_PROCTEX_CASE(2)
PICAVK_PROCTEX_CASE(3)
