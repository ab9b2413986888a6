// Randomized differential tests of shadow maps against the CPU reference model
// (tests/oracle/shadow_model.h):
// - sampling: texture unit 0 as shadow 2D and shadow cube, with random texels (24-bit depth,
//   8-bit intensity), sizes, wrap modes (the undocumented 4-7 too), border colours, filters,
//   perspective or orthographic lookups and biases; per quad a random coordinate with, in half
//   the quads, a gradient;
// - writing: COLOR_OPERATION mode 3 over a random shadow buffer, several draws in a row with
//   random depths, intensities (0: depth writes; otherwise penumbra writes) and penumbra
//   registers, each compared with the write rule applied in draw order.
//
// Tolerances. Sampling: +-1 per channel, for the 2x2 filter's weights (the model computes in
// double, the shader in float32, and both round to 8 bits). A pixel further off sits on a
// discontinuity (a texel edge, or a wrap edge) that float rounding moved; it passes if the model
// gives the shader's value for the coordinates moved by 16 or 256 float32 steps, and at most
// 1 pixel in 100 may need this. Writing: exact, except the penumbra intensity, +-1 (the shader's
// float32 division is not correctly rounded everywhere; GLSL allows 2.5 ulp).
// PICAVK_SHADOW_CONFIGS sets the number of configurations per test case (default below).
#include "../oracle/shadow_model.h"
#include "device_paths.h"
#include "render_harness.h"
#include "test_random.h"

#include "pica/diagnostics.h"
#include "pica/regs/number_formats.h"
#include "pica/texture/texture_codec.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <string>

using namespace picavk;
using namespace picavk::pica;
using picavk::test::nudge;
using picavk::test::RenderHarness;
using picavk::test::Rgba;
using picavk::test::Rng;
using picavk::test::uniform;
namespace oracle = picavk::test::oracle;

namespace {

constexpr unsigned kGrid = 8; // 8x8 quads of 4x4 pixels
constexpr std::uint32_t kFaceBase = 0x18100000;
constexpr std::uint32_t kFaceStride = 0x2000; // 32x32 RGBA8 = 4 KiB, with room

// A random texel: depths spread over the 24 bits, intensities over 8; now and then the extremes.
oracle::ShadowTexel random_texel(Rng& rng) {
    oracle::ShadowTexel t;
    t.depth = rng() % 8 == 0 ? (rng() % 2 ? 0xFFFFFFu : 0u) : rng() & 0xFFFFFF;
    t.intensity = static_cast<std::uint8_t>(rng() % 8 == 0 ? 255 : rng() & 0xFF);
    return t;
}

// The face as the guest stores it: an RGBA8 texture, rows top first (row 0 is t = H - 1).
std::vector<std::uint8_t> face_rgba(const oracle::ShadowImage& img) {
    std::vector<std::uint8_t> rgba(std::size_t{img.width} * img.height * 4);
    for (unsigned t = 0; t < img.height; ++t)
        for (unsigned s = 0; s < img.width; ++s) {
            const auto c =
                oracle::shadow_texel_as_rgba8(oracle::shadow_texel_from_bytes(*img.find(s, t)));
            for (unsigned k = 0; k < 4; ++k)
                rgba[((img.height - 1 - t) * img.width + s) * 4 + k] =
                    static_cast<std::uint8_t>(c[k]);
        }
    return rgba;
}

struct SampleConfig {
    Regs regs;
    std::vector<oracle::ShadowImage> faces; // 1 (2D) or 6 (cube)
    bool cube = false;
};

SampleConfig random_sample_config(Rng& rng, bool cubes) {
    SampleConfig c;
    c.cube = rng() % 3 == 0 && cubes;
    const unsigned sizes[3] = {8, 16, 32};
    const unsigned w = sizes[rng() % 3], h = c.cube ? w : sizes[rng() % 3];
    for (unsigned f = 0; f < (c.cube ? 6u : 1u); ++f) {
        oracle::ShadowImage img(w, h);
        for (unsigned t = 0; t < h; ++t)
            for (unsigned s = 0; s < w; ++s)
                img.set(s, t, random_texel(rng));
        c.faces.push_back(std::move(img));
    }
    Regs& r = c.regs;
    auto wrap = [&] { return rng() % 10 == 0 ? 4 + rng() % 4 : rng() % 4; };
    const std::uint32_t type = c.cube ? 4 : 2;
    r[GPUREG_TEXUNIT0_PARAM] =
        type << 28 | 1u << 20 | wrap() << 12 | wrap() << 8 | (rng() % 2) << 1 | (rng() % 2) << 2;
    r[GPUREG_TEXUNIT0_BORDER_COLOR] = rng() % 2 ? 0xFFFFFFFFu : rng();
    const std::uint32_t bias =
        rng() % 3 == 0 ? 0 : (rng() % 3 == 0 ? rng() & 0xFFFFFE : rng() % 0x20000);
    r[GPUREG_TEXUNIT0_SHADOW] = (bias & 0xFFFFFE) | (rng() % 2);
    r[GPUREG_TEXUNIT0_DIM] = w << 16 | h;
    r[GPUREG_TEXUNIT_CONFIG] = 1;
    return c;
}

struct Quad {
    float u = 0, v = 0, w = 1;
    std::array<float, 2> gradient{};
};

Quad random_quad(Rng& rng, const SampleConfig& c) {
    Quad q;
    if (c.cube) {
        // A direction; its major axis at most 1.2 (the reference depth clamps at 1).
        q.u = uniform(rng, -1.2f, 1.2f);
        q.v = uniform(rng, -1.2f, 1.2f);
        q.w = uniform(rng, -1.2f, 1.2f);
    } else {
        const bool orthographic = c.regs[GPUREG_TEXUNIT0_SHADOW] & 1;
        q.w = rng() % 8 == 0 ? uniform(rng, -1.2f, -0.1f) : uniform(rng, 0.05f, 1.2f);
        const float scale = orthographic ? 1.0f : q.w;
        q.u = uniform(rng, -0.4f, 1.4f) * scale;
        q.v = uniform(rng, -0.4f, 1.4f) * scale;
    }
    if (rng() % 2) q.gradient = {uniform(rng, -0.02f, 0.02f), uniform(rng, -0.02f, 0.02f)};
    return q;
}

int model(const SampleConfig& c, const Quad& q, unsigned px, unsigned py, int du, int dv) {
    const float ox = static_cast<float>(px) - 1.5f, oy = static_cast<float>(py) - 1.5f;
    oracle::ShadowCoords in{nudge(q.u + q.gradient[0] * ox, du),
                            nudge(q.v + q.gradient[1] * oy, dv), q.w};
    oracle::ShadowColor out{};
    REQUIRE(
        oracle::shadow_unit0_color(c.regs, c.faces, in, oracle::ShadowFilter::FromRegisters, out));
    return out[0];
}

// `compile`: UbershaderOnly draws shadow 2D textures through the ubershader (it does not cover
// shadow cubes: 2D configurations only).
void run_sampling(unsigned first, unsigned count, ShaderCompile compile = ShaderCompile::Sync) {
    const bool uber = compile == ShaderCompile::UbershaderOnly;
    RenderHarness h(1, ColorFormat::RGBA8, DepthFormat::D24S8, compile);
    std::uint64_t pixels = 0, off_by_one = 0, nudged = 0;
    for (unsigned n = first; n < first + count; ++n) {
        Rng rng(0x5AD0 + n);
        const SampleConfig c = random_sample_config(rng, !uber);
        CAPTURE(n);
        h.clear(Rgba{0x5A, 0xA5, 0x3C, 0xC3}, 0);
        const unsigned w = c.faces[0].width, hh = c.faces[0].height;
        for (unsigned f = 0; f < c.faces.size(); ++f) {
            std::vector<std::uint8_t> tiled(std::size_t{w} * hh * 4);
            encode_texture(face_rgba(c.faces[f]), tiled, w, hh, TextureFormat::RGBA8);
            h.session().write_memory(kFaceBase + f * kFaceStride, tiled);
        }
        h.b().write(GPUREG_TEXUNIT0_DIM, c.regs[GPUREG_TEXUNIT0_DIM]);
        h.b().write(GPUREG_TEXUNIT0_PARAM, c.regs[GPUREG_TEXUNIT0_PARAM]);
        h.b().write(GPUREG_TEXUNIT0_BORDER_COLOR, c.regs[GPUREG_TEXUNIT0_BORDER_COLOR]);
        h.b().write(GPUREG_TEXUNIT0_ADDR1, kFaceBase >> 3);
        for (unsigned f = 1; f < 6; ++f)
            h.b().write(GPUREG_TEXUNIT0_ADDR1 + f, ((kFaceBase + f * kFaceStride) >> 3) & 0x3FFFFF);
        h.b().write(GPUREG_TEXUNIT0_TYPE, 0);
        h.b().write(GPUREG_TEXUNIT0_SHADOW, c.regs[GPUREG_TEXUNIT0_SHADOW]);
        h.b().write(GPUREG_TEXUNIT_CONFIG, 1u | 1u << 12 | 1u << 16);
        h.b().write(GPUREG_TEXENV0_SOURCE, 0x00030003u); // texture 0, replace
        std::vector<Quad> quads(kGrid * kGrid);
        for (unsigned i = 0; i < kGrid * kGrid; ++i) {
            quads[i] = random_quad(rng, c);
            const unsigned qx = i % kGrid, qy = i / kGrid;
            const Quad& q = quads[i];
            h.quad(qx * 4, qy * 4, qx * 4 + 4, qy * 4 + 4, -0.5f, {1, 1, 1, 1}, 1.0f, false,
                   {q.u, q.v, 0, 0}, {0, 0}, q.w, {0, 0, 0, 1}, {0, 0, 1}, q.gradient);
        }
        h.draw();
        REQUIRE_FALSE(h.last_error);
        const auto rgba = h.color_rgba();
        for (unsigned i = 0; i < kGrid * kGrid; ++i) {
            const unsigned qx = i % kGrid, qy = i / kGrid;
            for (unsigned p = 0; p < 16; ++p) {
                const unsigned px = p % 4, py = p / 4;
                const std::uint8_t* got = &rgba[((31 - (qy * 4 + py)) * 32 + qx * 4 + px) * 4];
                ++pixels;
                const int want = model(c, quads[i], px, py, 0, 0);
                bool same = true;
                for (unsigned k = 0; k < 4; ++k)
                    same = same && std::abs(want - int(got[k])) <= 1 && got[k] == got[0];
                if (same) {
                    off_by_one += want != int(got[0]);
                    continue;
                }
                bool explained = false;
                for (int step : {16, 256})
                    for (int du = -step; du <= step && !explained; du += step)
                        for (int dv = -step; dv <= step && !explained; dv += step)
                            explained =
                                std::abs(model(c, quads[i], px, py, du, dv) - int(got[0])) <= 1;
                if (explained) {
                    ++nudged;
                    continue;
                }
                CAPTURE(i);
                CAPTURE(p);
                CAPTURE(want);
                CAPTURE(int(got[0]));
                CAPTURE(hex_string(c.regs[GPUREG_TEXUNIT0_PARAM]));
                CAPTURE(hex_string(c.regs[GPUREG_TEXUNIT0_SHADOW]));
                FAIL_CHECK("shadow sample differs from the reference model");
            }
        }
    }
    if (uber) CHECK(h.session().renderer_counters().ubershader_draws == count);
    MESSAGE(count << " shadow sampling configurations, " << pixels << " pixels; off by one: "
                  << off_by_one << "; on a moved discontinuity: " << nudged);
    CHECK(nudged * 100 <= pixels);
    CHECK(h.validation_messages() == 0);
    for (const std::string& w : h.warnings) {
        CAPTURE(w);
        FAIL_CHECK("unexpected warning");
    }
}

// ---- writing
// -------------------------------------------------------------------------------------

void run_writing(unsigned first, unsigned count) {
    RenderHarness h;
    std::uint64_t texels = 0, intensity_off_by_one = 0;
    for (unsigned n = first; n < first + count; ++n) {
        Rng rng(0x5E0E + n);
        CAPTURE(n);
        // A random shadow buffer: the colour buffer's RGBA8 texels.
        std::vector<oracle::ShadowTexel> buffer(32 * 32);
        std::vector<std::uint8_t> rgba(32 * 32 * 4), tiled(32 * 32 * 4);
        for (std::size_t i = 0; i < buffer.size(); ++i) {
            buffer[i] = random_texel(rng);
            if (rng() % 4 == 0) buffer[i].depth |= 0x800000; // far: more writes land
            const auto c = oracle::shadow_texel_as_rgba8(buffer[i]);
            for (unsigned k = 0; k < 4; ++k)
                rgba[i * 4 + k] = static_cast<std::uint8_t>(c[k]);
        }
        encode_color_buffer(rgba, tiled, {32, 32}, ColorFormat::RGBA8);
        h.session().write_memory(RenderHarness::kColor, tiled);
        h.b().write(GPUREG_COLOR_OPERATION, 0x00E40003u);
        h.b().write(GPUREG_TEXENV0_SOURCE, 0x000E000Eu); // the constant colour
        const unsigned draws = 1 + rng() % 4;
        for (unsigned d = 0; d < draws; ++d) {
            Regs regs;
            // Penumbra: scale and bias as citro3d's C3D_FragOpShadow writes them, now and then
            // raw halves (negative or zero denominators included).
            const float scale = uniform(rng, 0.0f, 4.0f), bias = uniform(rng, 0.0f, 2.0f);
            regs[GPUREG_FRAGOP_SHADOW] =
                rng() % 6 == 0 ? rng() : float_to_f16(scale + bias) | float_to_f16(-scale) << 16;
            const int green = rng() % 3 == 0 ? 0 : static_cast<int>(rng() % 256);
            const std::uint32_t x0 = rng() % 28, y0 = rng() % 28;
            const std::uint32_t x1 = x0 + 1 + rng() % (32 - x0), y1 = y0 + 1 + rng() % (32 - y0);
            // Depth = -z (DEPTHMAP scale -1, offset 0), on a 1/4096 grid: exact in both.
            const float depth = static_cast<float>(rng() % 4097) / 4096.0f;
            h.b().write(GPUREG_FRAGOP_SHADOW, regs[GPUREG_FRAGOP_SHADOW]);
            h.b().write(GPUREG_TEXENV0_COLOR, static_cast<std::uint32_t>(green) << 8 | 0xFF0000FFu);
            h.quad(x0, y0, x1, y1, -depth, {1, 1, 1, 1});
            h.draw();
            REQUIRE_FALSE(h.last_error);
            for (std::uint32_t y = y0; y < y1; ++y)
                for (std::uint32_t x = x0; x < x1; ++x) {
                    oracle::ShadowTexel& t = buffer[(31 - y) * 32 + x];
                    t = oracle::shadow_write(regs, t, depth, green);
                }
        }
        const auto got_rgba = h.color_rgba();
        for (std::size_t i = 0; i < buffer.size(); ++i) {
            const oracle::ShadowTexel got = oracle::shadow_texel_from_rgba8(
                got_rgba[i * 4], got_rgba[i * 4 + 1], got_rgba[i * 4 + 2], got_rgba[i * 4 + 3]);
            ++texels;
            const int di = std::abs(int(got.intensity) - int(buffer[i].intensity));
            intensity_off_by_one += di == 1;
            if (got.depth == buffer[i].depth && di <= 1) continue;
            CAPTURE(i);
            CAPTURE(hex_string(got.depth));
            CAPTURE(hex_string(buffer[i].depth));
            CAPTURE(int(got.intensity));
            CAPTURE(int(buffer[i].intensity));
            FAIL_CHECK("shadow buffer texel differs from the write rule");
        }
    }
    MESSAGE(count << " shadow writing configurations, " << texels
                  << " texels; intensities off by one: " << intensity_off_by_one);
    CHECK(h.validation_messages() == 0);
    CHECK(h.warnings.empty());
}

} // namespace

// 4,500 shadow configurations per run: 3,000 sampling (2D and cube) in specialised shaders, 1,000
// shadow 2D in the ubershader, 500 writing. Shadow cubes and shadow writes compile before they
// draw (the ubershader does not cover them), so each case compiles its few keys once.
TEST_CASE("differential: shadow texture sampling, part 1") {
    run_sampling(0, picavk::test::configs_from_env("PICAVK_SHADOW_CONFIGS", 1000));
}
TEST_CASE("differential: shadow texture sampling, part 2") {
    run_sampling(100000, picavk::test::configs_from_env("PICAVK_SHADOW_CONFIGS", 1000));
}
TEST_CASE("differential: shadow texture sampling, part 3") {
    run_sampling(200000, picavk::test::configs_from_env("PICAVK_SHADOW_CONFIGS", 1000));
}
TEST_CASE("differential: shadow 2D texture sampling in the ubershader") {
    run_sampling(300000, picavk::test::configs_from_env("PICAVK_SHADOW_CONFIGS", 1000),
                 ShaderCompile::UbershaderOnly);
}
TEST_CASE("differential: shadow-mode writes") {
    run_writing(0, picavk::test::configs_from_env("PICAVK_SHADOW_CONFIGS", 500));
}

namespace {

// The shadow-write mode the session's device took: the interlock's position in the profile text
// (vk/device/host_profile.cpp describe(): "vendor-device-driver-" then one letter per feature).
char storage_write_mode(const std::string& profile) {
    std::size_t at = 0;
    for (int dashes = 0; dashes < 3; ++dashes)
        at = profile.find('-', at) + 1;
    return profile.at(at + 5);
}

// Casters (intensity 0) at different depths over overlapping rectangles, in one command list:
// one host draw; the buffer holds each texel's nearest depth (order-independent). Then a
// penumbra draw (intensity 200) and another caster: with compare-and-swap, each a host draw of
// its own, in order; in primitive order (the interlock, or llvmpipe's order), one host draw.
// (Merging is the CPU vertex path's: GPU-path draws are host draws of their own.)
void check_shadow_write_merging() {
    RenderHarness h;
    const char mode = storage_write_mode(h.session().device_profile());
    CAPTURE(h.session().device_profile());
    h.session().set_vertex_shaders(VertexShaders::Cpu);
    h.session().write_memory(RenderHarness::kColor, std::vector<std::uint8_t>(32 * 32 * 4, 0xFF));
    h.b().write(GPUREG_COLOR_OPERATION, 0x00E40003u);
    h.b().write(GPUREG_FRAGOP_SHADOW, 0xBC003E00u); // scale 1, bias 0.5
    h.b().write(GPUREG_TEXENV0_SOURCE, 0x000E000Eu);
    h.b().write(GPUREG_TEXENV0_COLOR, 0xFF000000u);
    const float depths[4] = {0.75f, 0.25f, 0.5f, 0.625f};
    for (unsigned i = 0; i < 4; ++i)
        h.quad(4 * i, 0, 4 * i + 16, 32, -depths[i], {1, 1, 1, 1});
    const std::uint64_t before = h.session().renderer_counters().host_draws;
    h.draw_parts(4, [](unsigned) {});
    REQUIRE_FALSE(h.last_error);
    CHECK(h.session().renderer_counters().host_draws - before == 1);
    Regs regs;
    regs[GPUREG_FRAGOP_SHADOW] = 0xBC003E00u;
    std::vector<oracle::ShadowTexel> want(32 * 32, oracle::kShadowCleared);
    for (unsigned i = 0; i < 4; ++i)
        for (unsigned x = 4 * i; x < 4 * i + 16; ++x)
            for (unsigned row = 0; row < 32; ++row)
                want[row * 32 + x] = oracle::shadow_write(regs, want[row * 32 + x], depths[i], 0);
    // Penumbra geometry in front of everything, then a caster nearer still where it overlaps.
    h.quad(0, 0, 32, 16, -0.125f, {1, 1, 1, 1});
    h.quad(0, 8, 32, 24, -0.0625f, {1, 1, 1, 1});
    const std::uint64_t before2 = h.session().renderer_counters().host_draws;
    h.draw_parts(2, [&](unsigned part) {
        h.b().write(GPUREG_TEXENV0_COLOR, part == 0 ? 0xFF00C800u : 0xFF000000u);
    });
    REQUIRE_FALSE(h.last_error);
    CHECK(h.session().renderer_counters().host_draws - before2 == (mode == '-' ? 2u : 1u));
    for (unsigned x = 0; x < 32; ++x)
        for (unsigned y = 0; y < 32; ++y) {
            oracle::ShadowTexel& t = want[(31 - y) * 32 + x];
            if (y < 16) t = oracle::shadow_write(regs, t, 0.125, 200);
            if (y >= 8 && y < 24) t = oracle::shadow_write(regs, t, 0.0625, 0);
        }
    const auto got = h.color_rgba();
    for (std::size_t i = 0; i < want.size(); ++i) {
        const oracle::ShadowTexel g = oracle::shadow_texel_from_rgba8(
            got[i * 4], got[i * 4 + 1], got[i * 4 + 2], got[i * 4 + 3]);
        CAPTURE(i);
        CHECK(g.depth == want[i].depth);
        CHECK(std::abs(int(g.intensity) - int(want[i].intensity)) <= 1);
    }
    CHECK(h.validation_messages() == 0);
}

} // namespace

// A colour target is made without storage usage; the first shadow-mode draw into it replaces
// its image with a storage-capable copy (SurfaceCache::make_storage), once. Checked at scale 2:
// what a plain draw left in the target survives the copy, the shadow texels are exact, and
// targets no shadow or gas pass writes are never copied. Under
// PICAVK_DEVICE_DISABLE=storage-on-demand (ctest surfaces.earlier-paths) every RGBA8 target is
// storage-capable from the start: no copy, the same pixels.
TEST_CASE("shadow-mode writes: a target drawn before becomes storage once, keeping its pixels") {
    // Targets made storage-capable at once (the earlier way, or for the compute passes of a
    // device with few raster units) are never promoted.
    RenderHarness h(2);
    const std::uint64_t promotions =
        test::device_disables("storage-on-demand") || h.session().compute_passes() ? 0 : 1;
    h.clear(Rgba{10, 20, 30, 40});
    // A plain draw: green over the left half.
    h.b().write(GPUREG_TEXENV0_SOURCE, 0x000E000Eu);
    h.b().write(GPUREG_TEXENV0_COLOR, 0xFF00FF00u);
    h.quad(0, 0, 16, 32, -0.5f, {1, 1, 1, 1});
    h.draw();
    REQUIRE_FALSE(h.last_error);
    CHECK(h.session().renderer_counters().storage_promotions == 0);
    // Shadow-mode casters over the right half, twice: one promotion.
    h.b().write(GPUREG_COLOR_OPERATION, 0x00E40003u);
    h.b().write(GPUREG_FRAGOP_SHADOW, 0xBC003E00u); // scale 1, bias 0.5
    h.b().write(GPUREG_TEXENV0_COLOR, 0xFF000000u);
    h.quad(16, 0, 32, 32, -0.75f, {1, 1, 1, 1});
    h.draw();
    REQUIRE_FALSE(h.last_error);
    h.quad(24, 0, 32, 32, -0.25f, {1, 1, 1, 1});
    h.draw();
    REQUIRE_FALSE(h.last_error);
    CHECK(h.session().renderer_counters().storage_promotions == promotions);
    Regs regs;
    regs[GPUREG_FRAGOP_SHADOW] = 0xBC003E00u;
    const auto got = h.color_rgba();
    for (unsigned y = 0; y < 32; ++y)
        for (unsigned x = 0; x < 32; ++x) {
            CAPTURE(x);
            CAPTURE(y);
            const std::uint8_t* g = &got[((31 - y) * 32 + x) * 4];
            if (x < 16) {
                // The plain draw's green, kept through the copy.
                CHECK(g[0] == 0);
                CHECK(g[1] == 255);
                CHECK(g[2] == 0);
                CHECK(g[3] == 255);
                continue;
            }
            // What the cleared texel (10, 20, 30, 40) becomes under the casters.
            oracle::ShadowTexel want = oracle::shadow_texel_from_rgba8(10, 20, 30, 40);
            want = oracle::shadow_write(regs, want, 0.75, 0);
            if (x >= 24) want = oracle::shadow_write(regs, want, 0.25, 0);
            const oracle::ShadowTexel t = oracle::shadow_texel_from_rgba8(g[0], g[1], g[2], g[3]);
            CHECK(t.depth == want.depth);
            CHECK(t.intensity == want.intensity);
        }
    CHECK(h.validation_messages() == 0);
}

TEST_CASE("shadow-mode writes: draws with the same fragment state merge, others stay apart") {
    check_shadow_write_merging();
}

TEST_CASE("shadow-mode writes: llvmpipe's primitive order runs the interlock's code") {
    // lavapipe has no fragment-shader interlock; on request it runs the interlock path's code
    // without it, because llvmpipe shades a pixel's fragments in primitive order by itself
    // (vk/device/host_profile.h). The ctest shadow-gas.ordered-fragments reruns every shadow and
    // gas suite this way; this case checks the request is honoured, and the merge it allows.
    // Restored after: the ctest shadow-gas.ordered-fragments runs this case among the others.
    const char* before = std::getenv("PICAVK_DEVICE_ASSUME");
    const std::string saved = before ? before : "";
    setenv("PICAVK_DEVICE_ASSUME", "ordered-fragments", 1);
    {
        RenderHarness h;
        const std::string profile = h.session().device_profile();
        CAPTURE(profile);
        if (h.session().device_name().find("llvmpipe") != std::string::npos)
            CHECK(storage_write_mode(profile) == 'O');
        else // refused (logged): the interlock where the device has it, else compare-and-swap
            CHECK(storage_write_mode(profile) != 'O');
    }
    check_shadow_write_merging();
    if (before)
        setenv("PICAVK_DEVICE_ASSUME", saved.c_str(), 1);
    else
        unsetenv("PICAVK_DEVICE_ASSUME");
}
