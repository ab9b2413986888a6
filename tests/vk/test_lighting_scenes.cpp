// Named lighting scenes, one per feature: a lit sphere (one 1x1 quad per pixel, each with the
// sphere's normal quaternion and view vector there) rendered on lavapipe with validation on.
// Each scene is checked twice: every pixel against the CPU reference model (tests/oracle;
// +-1 per channel, the differential test's stated tolerance for lit colours), and against its
// reviewed golden image (tests/golden/lighting/NAME.png, exact to +-1).
#include "../oracle/fragment_model.h"
#include "golden_images.h"
#include "render_harness.h"

#include <doctest/doctest.h>

#include <cmath>
#include <functional>
#include <limits>

using namespace picavk;
using namespace picavk::pica;
using picavk::test::RenderHarness;
namespace oracle = picavk::test::oracle;

namespace {

constexpr std::uint32_t kBackground = 0x30; // grey outside the sphere

// Register writes that go to both the command list and the model's copy.
struct Scene {
    RenderHarness h;
    Regs regs;
    LutState luts;
    std::vector<std::uint8_t> unit0; // 8x8 RGBA texels of texture unit 0, rows top first
    void set(std::uint32_t id, std::uint32_t value) {
        regs[id] = value;
        h.b().write(id, value);
    }
    void lut(std::uint32_t table, const std::array<std::uint32_t, 256>& entries) {
        luts.lighting[table] = entries;
        h.b().upload_lighting_lut(table, entries);
    }
};

std::uint32_t color(float r, float g, float b) {
    auto c8 = [](float v) { return static_cast<std::uint32_t>(std::lround(v * 255.0f)); };
    return c8(r) << 20 | c8(g) << 10 | c8(b);
}

// A LUT of f over its inputs: unsigned tables sample f(i / 256), signed ones f(i / 128) for
// entries 0-127 and f((i - 256) / 128) for 128-255; differences reach the next input.
std::array<std::uint32_t, 256> lut_of(const std::function<float(float)>& f, bool is_signed) {
    std::array<std::uint32_t, 256> t{};
    for (unsigned i = 0; i < 256; ++i) {
        const float step = is_signed ? 1.0f / 128.0f : 1.0f / 256.0f;
        const float x = is_signed ? static_cast<float>(i < 128 ? int(i) : int(i) - 256) / 128.0f
                                  : static_cast<float>(i) / 256.0f;
        const float v = std::clamp(f(x), 0.0f, 0.9997f),
                    d = std::clamp(f(x + step), 0.0f, 0.9997f) - v;
        t[i] = static_cast<std::uint32_t>(v * 4096.0f) |
               static_cast<std::uint32_t>(std::min(2047.0f, std::abs(d) * 2048.0f)) << 12 |
               (d < 0 ? 1u << 23 : 0u);
    }
    return t;
}

std::uint32_t f16_xy(float x, float y) {
    return float_to_f16(x) | float_to_f16(y) << 16;
}

// Lighting on with everything off: one light (light 0), configuration 0, all LUTs and
// attenuations disabled, shadows off, signed inputs, global ambient dim.
void base_lighting(Scene& s) {
    s.set(GPUREG_LIGHTING_ENABLE0, 1);
    s.set(GPUREG_LIGHTING_ENABLE1, 0);
    s.set(GPUREG_LIGHTING_AMBIENT, color(0.05f, 0.05f, 0.08f));
    s.set(GPUREG_LIGHTING_NUM_LIGHTS, 0);
    s.set(GPUREG_LIGHTING_CONFIG0, 0);
    s.set(GPUREG_LIGHTING_CONFIG1, 0xFFFFFFFFu);
    s.set(GPUREG_LIGHTING_LUTINPUT_ABS, 0x2222222u);
    s.set(GPUREG_LIGHTING_LUTINPUT_SELECT, 0);
    s.set(GPUREG_LIGHTING_LUTINPUT_SCALE, 0);
    s.set(GPUREG_LIGHTING_LIGHT_PERMUTATION, 0x76543210u);
    for (std::uint32_t id = 0; id < 8; ++id) {
        const std::uint32_t b = GPUREG_LIGHT0_SPECULAR0 + 0x10 * id;
        for (std::uint32_t k : {0u, 1u, 2u, 3u, 4u, 5u, 6u, 7u, 9u, 10u, 11u})
            s.set(b + k, 0);
    }
}

void light(Scene& s, unsigned id, std::uint32_t diffuse, std::uint32_t ambient,
           std::array<float, 3> position, std::uint32_t config, std::uint32_t spec0 = 0,
           std::uint32_t spec1 = 0) {
    const std::uint32_t b = GPUREG_LIGHT0_SPECULAR0 + 0x10 * id;
    s.set(b + 0, spec0);
    s.set(b + 1, spec1);
    s.set(b + 2, diffuse);
    s.set(b + 3, ambient);
    s.set(b + 4, f16_xy(position[0], position[1]));
    s.set(b + 5, float_to_f16(position[2]));
    s.set(b + 9, config);
}

// Texture environment stage 0: RGB = fragment primary + secondary, alpha = the vertex colour's
// (1); or a custom stage.
void show(Scene& s, std::uint32_t sources = 0x00000021u, std::uint32_t operands = 0,
          std::uint32_t combiner = 0x00000002u) {
    s.set(GPUREG_TEXENV0_SOURCE, sources);
    s.set(GPUREG_TEXENV0_OPERAND, operands);
    s.set(GPUREG_TEXENV0_COMBINER, combiner);
    s.set(GPUREG_TEXENV0_COLOR, 0xFFFFFFFFu);
    s.set(GPUREG_TEXENV0_SCALE, 0);
    // Stages 1-5 pass the result on (written again so that the model's registers hold them).
    for (std::uint32_t base : {GPUREG_TEXENV1_SOURCE, GPUREG_TEXENV2_SOURCE, GPUREG_TEXENV3_SOURCE,
                               GPUREG_TEXENV4_SOURCE, GPUREG_TEXENV5_SOURCE}) {
        s.set(base, 0x000F000Fu);
        for (std::uint32_t k = 1; k < 5; ++k)
            s.set(base + k, 0);
    }
}

// Renders the sphere and checks it against the model and the golden image.
void render_and_check(Scene& s, const std::string& name) {
    s.h.clear(test::Rgba{kBackground, kBackground, kBackground, 0xFF});
    std::vector<oracle::FragmentInputs> inputs(32 * 32);
    std::vector<bool> inside(32 * 32);
    for (unsigned y = 0; y < 32; ++y) {
        for (unsigned x = 0; x < 32; ++x) {
            const float nx = (static_cast<float>(x) + 0.5f) / 16.0f - 1.0f;
            const float ny = (static_cast<float>(y) + 0.5f) / 16.0f - 1.0f;
            const float r2 = nx * nx + ny * ny;
            if (r2 >= 0.96f) continue;
            const float nz = std::sqrt(1.0f - r2);
            // The rotation taking +z to the normal: axis z x n, angle acos(n.z).
            auto f24 = [](float v) { return f24_to_float(float_to_f24(v)); };
            const float qn = std::sqrt(ny * ny + nx * nx + (1 + nz) * (1 + nz));
            const std::array<float, 4> q{f24(-ny / qn), f24(nx / qn), 0.0f, f24((1 + nz) / qn)};
            // The eye at (0, 0, 3) in front of the unit sphere; view = eye - surface point.
            const std::array<float, 3> view{f24(-nx), f24(-ny), f24(3.0f - nz)};
            oracle::FragmentInputs& in = inputs[y * 32 + x];
            in.primary = {255, 255, 255, 255};
            in.normquat = q;
            in.view = view;
            // Texture coordinates: unit 0's 8x8 texels cover the picture, 4x4 pixels each.
            const float tu = (static_cast<float>(x) + 0.5f) / 32.0f;
            const float tv = (static_cast<float>(y) + 0.5f) / 32.0f;
            if (!s.unit0.empty()) {
                const std::uint8_t* t = &s.unit0[((7 - y / 4) * 8 + x / 4) * 4];
                for (unsigned k = 0; k < 4; ++k)
                    in.textures[0][k] = t[k];
            }
            inside[y * 32 + x] = true;
            s.h.quad(x, y, x + 1, y + 1, -0.5f, {1, 1, 1, 1}, 1.0f, false, {tu, tv, tu, tv}, {},
                     1.0f, q, view);
        }
    }
    s.h.draw();
    REQUIRE_FALSE(s.h.last_error);
    const auto rgba = s.h.color_rgba();
    unsigned off_by_one = 0, wrong = 0;
    for (unsigned y = 0; y < 32; ++y) {
        for (unsigned x = 0; x < 32; ++x) {
            if (!inside[y * 32 + x]) continue;
            const oracle::FragmentResult want = oracle::shade(s.regs, s.luts, inputs[y * 32 + x]);
            const std::uint8_t* got = &rgba[((31 - y) * 32 + x) * 4];
            for (unsigned k = 0; k < 4; ++k) {
                const int d = std::abs(int(got[k]) - want.color[k]);
                off_by_one += d == 1;
                if (d > 1 && wrong++ < 4) {
                    CAPTURE(x);
                    CAPTURE(y);
                    CAPTURE(k);
                    CAPTURE(int(got[k]));
                    CAPTURE(want.color[k]);
                    FAIL_CHECK("pixel differs from the reference model");
                }
            }
        }
    }
    CHECK(wrong == 0);
    MESSAGE(name << ": channels off by one from the model: " << off_by_one);
    ScreenImage img{32, 32, rgba};
    const std::string mismatch = test::check_golden(img, "lighting/" + name, {1, 0.0, 0.5, 0});
    CHECK_MESSAGE(mismatch.empty(), mismatch);
    CHECK(s.h.validation_messages() == 0);
    for (const std::string& w : s.h.warnings)
        MESSAGE(w);
    CHECK(s.h.warnings.empty());
}

// Bump texels for unit 0 (8x8, nearest, one texel per 4x4 pixels): columns tilt the normal
// (or the tangent) left and right.
void bump_texture(Scene& s) {
    std::vector<std::uint8_t> rgba(8 * 8 * 4);
    for (unsigned y = 0; y < 8; ++y)
        for (unsigned x = 0; x < 8; ++x) {
            std::uint8_t* p = &rgba[(y * 8 + x) * 4];
            p[0] = static_cast<std::uint8_t>(x % 2 ? 0xC0 : 0x40);
            p[1] = static_cast<std::uint8_t>(y % 2 ? 0x90 : 0x70);
            p[2] = 0xD0;
            p[3] = 0xFF;
        }
    s.h.texture(0, 8, 8, rgba);
    s.unit0 = rgba;
    s.set(GPUREG_TEXUNIT_CONFIG, 1 | 1u << 12);
}

} // namespace

TEST_CASE("lighting scene: diffuse only") {
    Scene s;
    base_lighting(s);
    light(s, 0, color(0.9f, 0.8f, 0.6f), color(0.1f, 0.1f, 0.1f), {2, 2, 3}, 0);
    show(s);
    render_and_check(s, "diffuse");
}

TEST_CASE("lighting scene: specular with D0 and D1") {
    Scene s;
    base_lighting(s);
    // Configuration 2 (D0, D1, RR, DA): D0 = (N.H)^20 on specular 0 (white), D1 = N.V on
    // specular 1 (blue rim, absolute input).
    s.set(GPUREG_LIGHTING_CONFIG0, 2u << 4);
    s.set(GPUREG_LIGHTING_CONFIG1, 0xFFFFFFFFu & ~(3u << 16));
    s.set(GPUREG_LIGHTING_LUTINPUT_ABS, 0x2222222u & ~0x22u);
    s.set(GPUREG_LIGHTING_LUTINPUT_SELECT, 0x20);
    s.lut(0, lut_of([](float x) { return std::pow(x, 20.0f); }, false));
    s.lut(1, lut_of([](float x) { return (1 - x) * (1 - x); }, false));
    light(s, 0, color(0.4f, 0.1f, 0.1f), 0, {-2, 2, 3}, 0, color(1, 1, 1), color(0.2f, 0.4f, 1));
    show(s);
    render_and_check(s, "specular_d0_d1");
}

TEST_CASE("lighting scene: distance attenuation") {
    Scene s;
    base_lighting(s);
    // A positional light close to the sphere's upper right (eye space: the sphere's centre is
    // at (0, 0, -3)); DA falls from 1 at distance 0.5 to 0 at 2.5 (scale 0.5, bias -0.25).
    s.set(GPUREG_LIGHTING_CONFIG1, 0xFFFFFFFFu & ~(1u << 24));
    s.lut(16, lut_of([](float x) { return 1 - x; }, false));
    light(s, 0, color(1, 0.9f, 0.7f), 0, {1.0f, 0.6f, -1.7f}, 0);
    s.set(GPUREG_LIGHT0_ATTENUATION_BIAS, float_to_f20(-0.25f));
    s.set(GPUREG_LIGHT0_ATTENUATION_SCALE, float_to_f20(0.5f));
    show(s);
    render_and_check(s, "distance_attenuation");
}

TEST_CASE("lighting scene: spotlight") {
    Scene s;
    base_lighting(s);
    // Configuration 0 (D0, RR, SP, DA): light 0's spot (CONFIG1 bit 8 clear) shines from the
    // eye towards (0.35, 0.3, -3), a little above and right of the sphere's centre; SPOTDIR
    // holds the negated direction; SP on -L.P: a narrow cone (about 6 degrees) with a soft edge.
    s.set(GPUREG_LIGHTING_CONFIG1, 0xFFFFFFFFu & ~(1u << 8));
    s.set(GPUREG_LIGHTING_LUTINPUT_SELECT, 4u << 8);
    s.lut(8, lut_of([](float x) { return std::clamp((x - 0.993f) / 0.004f, 0.0f, 1.0f); }, true));
    light(s, 0, color(1, 1, 0.8f), color(0.05f, 0.05f, 0.05f), {0, 0, 0}, 0);
    const float d[3] = {0.35f, 0.3f, -3.0f};
    const float len = std::sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]);
    auto fix = [&](float v) { return Fixed1_1_11::encode(-v / len); };
    s.set(GPUREG_LIGHT0_SPOTDIR_XY, fix(d[0]) | fix(d[1]) << 16);
    s.set(GPUREG_LIGHT0_SPOTDIR_Z, fix(d[2]));
    show(s);
    render_and_check(s, "spotlight");
}

TEST_CASE("lighting scene: two-sided diffuse") {
    Scene s;
    base_lighting(s);
    // A directional light from behind and to the left: one-sided it lights only the rim; two-
    // sided (light 0) |L.N| lights the front as well. Light 1 (one-sided, red) for contrast.
    s.set(GPUREG_LIGHTING_NUM_LIGHTS, 1);
    light(s, 0, color(0.2f, 0.7f, 0.9f), 0, {-0.5f, 0, -1}, 2u);
    light(s, 1, color(0.6f, 0.1f, 0.1f), 0, {0.7f, 0.2f, -1}, 1u);
    s.set(GPUREG_LIGHT0_CONFIG, 1u | 2u); // directional, two-sided
    show(s);
    render_and_check(s, "two_sided");
}

TEST_CASE("lighting scene: clamp highlights") {
    Scene s;
    base_lighting(s);
    // Specular with a constant D0 of 1 from a light at the side: clamp highlights (CONFIG0 bit
    // 27) keep specular only where L.N > 0, so the far half stays dark.
    s.set(GPUREG_LIGHTING_CONFIG0, 1u << 27);
    s.set(GPUREG_LIGHTING_CONFIG1, 0xFFFFFFFFu & ~(1u << 16));
    s.lut(0, lut_of([](float) { return 0.6f; }, true));
    light(s, 0, 0, 0, {1, 0, 0.2f}, 1u, color(1, 0.8f, 0.3f));
    show(s);
    render_and_check(s, "clamp_highlights");
}

TEST_CASE("lighting scene: fresnel to alpha") {
    Scene s;
    base_lighting(s);
    // Configuration 1 (FR, RR, SP, DA): FR = (1 - N.V)^2 (absolute input) into both alphas
    // (selector 3); the texture environment shows the secondary alpha as grey.
    s.set(GPUREG_LIGHTING_CONFIG0, 1u << 4 | 3u << 2);
    s.set(GPUREG_LIGHTING_CONFIG1, 0xFFFFFFFFu & ~(1u << 19));
    s.set(GPUREG_LIGHTING_LUTINPUT_ABS, 0x2222222u & ~0x2000u);
    s.set(GPUREG_LIGHTING_LUTINPUT_SELECT, 2u << 12);
    s.lut(3, lut_of([](float x) { return (1 - x) * (1 - x); }, false));
    light(s, 0, color(0.3f, 0.3f, 0.3f), 0, {0, 0, 1}, 1u);
    show(s, 0x00020002u, 0x2u, 0); // RGB = secondary.aaa, alpha = secondary alpha
    render_and_check(s, "fresnel_alpha");
}

TEST_CASE("lighting scene: reflection colour from RR, RG and RB") {
    Scene s;
    base_lighting(s);
    // Configuration 4 (D0, D1, RR, RG, RB, SP, DA): specular 1 white, tinted per channel by RR
    // (N.V), RG ((N.H)^4) and RB disabled (it copies RR).
    s.set(GPUREG_LIGHTING_CONFIG0, 4u << 4);
    s.set(GPUREG_LIGHTING_CONFIG1, 0xFFFFFFFFu & ~(1u << 22) & ~(1u << 21));
    s.set(GPUREG_LIGHTING_LUTINPUT_ABS, 0x2222222u & ~0x2200000u);
    s.set(GPUREG_LIGHTING_LUTINPUT_SELECT, 0u << 20 | 2u << 24);
    s.lut(6, lut_of([](float x) { return x; }, false));
    s.lut(5, lut_of([](float x) { return std::pow(x, 4.0f); }, false));
    s.lut(4, lut_of([](float) { return 0.1f; }, false)); // disabled: must not be read
    light(s, 0, color(0.1f, 0.1f, 0.1f), 0, {1, 1, 2}, 1u, 0, color(1, 1, 1));
    show(s);
    render_and_check(s, "reflection_rr_rg_rb");
}

TEST_CASE("lighting scene: eight lights with a permutation") {
    Scene s;
    base_lighting(s);
    // Eight directional lights around the view axis, each its own hue, evaluated in the
    // reversed order 7..0 (the sum does not depend on it; Fresnel would).
    s.set(GPUREG_LIGHTING_NUM_LIGHTS, 7);
    s.set(GPUREG_LIGHTING_LIGHT_PERMUTATION, 0x01234567u);
    for (unsigned id = 0; id < 8; ++id) {
        const float a = static_cast<float>(id) * 0.785398f;
        const float r = 0.5f + 0.5f * std::cos(a), g = 0.5f + 0.5f * std::cos(a + 2.1f),
                    b = 0.5f + 0.5f * std::cos(a + 4.2f);
        light(s, id, color(r * 0.45f, g * 0.45f, b * 0.45f), 0, {std::cos(a), std::sin(a), 0.6f},
              1u);
    }
    show(s);
    render_and_check(s, "eight_lights_permutation");
}

TEST_CASE("lighting scene: bump mapping, normal map") {
    Scene s;
    base_lighting(s);
    bump_texture(s);
    // Bump mode 1 from unit 0 with renormalisation (CONFIG0 bit 30 clear), D0 highlight.
    s.set(GPUREG_LIGHTING_CONFIG0, 1u << 28);
    s.set(GPUREG_LIGHTING_CONFIG1, 0xFFFFFFFFu & ~(1u << 16));
    s.set(GPUREG_LIGHTING_LUTINPUT_ABS, 0x2222222u & ~0x2u);
    s.lut(0, lut_of([](float x) { return std::pow(x, 8.0f); }, false));
    light(s, 0, color(0.6f, 0.6f, 0.7f), 0, {1, 1, 2}, 1u, color(0.7f, 0.7f, 0.5f));
    show(s);
    render_and_check(s, "bump_normal_map");
}

TEST_CASE("lighting scene: bump mapping, tangent map") {
    Scene s;
    base_lighting(s);
    bump_texture(s);
    // Bump mode 2 (tangent map) in configuration 8, where D0 can read cos phi (input 5): the
    // half vector projected on the surface, along the perturbed tangent.
    s.set(GPUREG_LIGHTING_CONFIG0, 8u << 4 | 2u << 28);
    s.set(GPUREG_LIGHTING_CONFIG1, 0xFFFFFFFFu & ~(1u << 16));
    s.set(GPUREG_LIGHTING_LUTINPUT_SELECT, 5u);
    s.lut(0, lut_of([](float x) { return 0.5f + 0.5f * x; }, true));
    light(s, 0, color(0.3f, 0.3f, 0.3f), 0, {1, 1, 2}, 1u, color(0.8f, 0.6f, 0.3f));
    show(s);
    render_and_check(s, "bump_tangent_map");
}

TEST_CASE("lighting: new light colours, positions or LUT contents make no new shader or pipeline") {
    // Sixteen draws that change only values (colours, a position, an attenuation bias, a LUT's
    // contents): one shader, one pipeline; the lighting block and the LUT buffer are uploaded
    // again, and the sixteen frames differ.
    Scene s;
    base_lighting(s);
    s.set(GPUREG_LIGHTING_CONFIG1, 0xFFFFFFFFu & ~(1u << 16) & ~(1u << 24));
    show(s);
    std::vector<std::vector<std::uint8_t>> frames;
    RendererCounters first{};
    for (unsigned i = 0; i < 16; ++i) {
        const float t = static_cast<float>(i) / 16.0f;
        light(s, 0, color(t, 1 - t, 0.5f), color(0.1f, 0.1f, t * 0.2f), {t * 2 - 1, 1, 2}, 0,
              color(1, 1, 1));
        s.set(GPUREG_LIGHT0_ATTENUATION_BIAS, float_to_f20(-t * 0.5f));
        s.set(GPUREG_LIGHT0_ATTENUATION_SCALE, float_to_f20(0.2f));
        s.lut(0, lut_of([&](float x) { return std::pow(x, 4.0f + 16.0f * t); }, true));
        s.lut(16, lut_of([&](float x) { return 1 - x * t; }, false));
        s.h.clear(test::Rgba{0, 0, 0, 0xFF});
        s.h.quad(0, 0, 32, 32, -0.5f, {1, 1, 1, 1}, 1.0f, false, {}, {}, 1.0f,
                 {0.2f, 0.1f, 0.0f, 0.97f}, {0.3f, 0.2f, 2.0f});
        s.h.draw();
        REQUIRE_FALSE(s.h.last_error);
        frames.push_back(s.h.color_rgba());
        if (i == 0) first = s.h.session().renderer_counters();
    }
    const RendererCounters last = s.h.session().renderer_counters();
    CHECK(last.shaders_compiled == first.shaders_compiled);
    CHECK(last.pipelines_created == first.pipelines_created);
    CHECK(last.block_uploads >= first.block_uploads + 15);
    CHECK(last.lut_uploads >= first.lut_uploads + 15);
    // Nothing the key reads changed: every draw after the first reused its key.
    CHECK(last.key_rebuilds == first.key_rebuilds);
    // ... and found its pipeline again (the last one found, or the cache's map): a hit each.
    CHECK(last.pipeline_cache_hits == first.pipeline_cache_hits + 15);
    MESSAGE("16 draws: " << last.shaders_compiled << " shader(s), " << last.pipelines_created
                         << " pipeline(s), " << last.block_uploads << " block uploads, "
                         << last.lut_uploads << " LUT uploads, " << last.key_rebuilds
                         << " key rebuilds");
    for (unsigned i = 1; i < frames.size(); ++i)
        CHECK(frames[i] != frames[i - 1]);
    CHECK(s.h.validation_messages() == 0);
    CHECK(s.h.warnings.empty());
}

TEST_CASE("lighting: bad input gives counted warnings and defined colours") {
    Scene s;
    base_lighting(s);
    s.set(GPUREG_LIGHTING_CONFIG1, 0xFFFFFFFFu & ~(1u << 16) & ~(3u << 24));
    s.lut(0, lut_of([](float x) { return x * x; }, true));
    s.lut(16, lut_of([](float x) { return 1 - x; }, false));
    show(s);
    // Two slots naming light 1; light 0 at a NaN float16 position, light 1 with a NaN float20
    // attenuation bias and an infinite scale.
    s.set(GPUREG_LIGHTING_NUM_LIGHTS, 2);
    s.set(GPUREG_LIGHTING_LIGHT_PERMUTATION, 0x110);
    light(s, 0, color(0.8f, 0.8f, 0.8f), 0, {1, 1, 1}, 0, color(0.5f, 0.5f, 0.5f));
    s.set(GPUREG_LIGHT0_XY, 0x7E00u | 0x3C00u << 16); // x NaN, y 1.0
    light(s, 1, color(0.3f, 0.2f, 0.1f), 0, {-1, 0.5f, 1}, 0);
    s.set(GPUREG_LIGHT1_ATTENUATION_BIAS, 0x7FFFFu);  // float20 NaN
    s.set(GPUREG_LIGHT1_ATTENUATION_SCALE, 0x7F000u); // float20 +infinity
    // A LUT upload of 260 entries from index 0: the last four wrap to entries 0-3.
    std::vector<std::uint32_t> long_table(260, 0x800u);
    s.h.b().upload_lighting_lut(0, long_table);
    for (unsigned i = 0; i < 256; ++i)
        s.luts.lighting[0][i] = 0x800u;
    s.h.clear(test::Rgba{0, 0, 0, 0xFF});
    // Quads with a zero, a NaN and an infinite quaternion, and a NaN view vector.
    const float nan = std::numeric_limits<float>::quiet_NaN();
    const float inf = std::numeric_limits<float>::infinity();
    const std::array<std::array<float, 4>, 4> quats = {
        std::array<float, 4>{0, 0, 0, 0}, {nan, 0, 0, 1}, {inf, 0, 0, 1}, {0, 0, 0, 1}};
    const std::array<std::array<float, 3>, 4> views = {
        std::array<float, 3>{0, 0, 1}, {0, 0, 1}, {0, 0, 1}, {nan, 1, 1}};
    for (unsigned i = 0; i < 4; ++i)
        s.h.quad(i * 8, 0, i * 8 + 8, 8, -0.5f, {1, 1, 1, 1}, 1.0f, false, {}, {}, 1.0f, quats[i],
                 views[i]);
    s.h.draw();
    REQUIRE_FALSE(s.h.last_error);
    const auto rgba = s.h.color_rgba();
    // Defined output: the model's colours (a bad quaternion or view reads as the identity /
    // (0, 0, 1), non-finite light values as 0), the same on every pixel of a quad.
    for (unsigned i = 0; i < 4; ++i) {
        oracle::FragmentInputs in;
        in.primary = {255, 255, 255, 255};
        in.normquat = quats[i];
        in.view = views[i];
        const oracle::FragmentResult want = oracle::shade(s.regs, s.luts, in);
        for (unsigned y = 0; y < 8; ++y)
            for (unsigned x = i * 8; x < i * 8 + 8; ++x) {
                const std::uint8_t* got = &rgba[((31 - y) * 32 + x) * 4];
                for (unsigned k = 0; k < 4; ++k)
                    CHECK(std::abs(int(got[k]) - want.color[k]) <= 1);
            }
    }
    auto warned = [&](const std::string& what) {
        for (const std::string& w : s.h.warnings)
            if (w.find(what) != std::string::npos) return true;
        return false;
    };
    CHECK(warned("names light 1 in two slots"));
    CHECK(warned("NaN or infinite (float16/float20)"));
    CHECK(warned("written past its 256th entry"));
    CHECK(s.h.session().warning_count() >= 3);
    CHECK(s.h.validation_messages() == 0);
}

TEST_CASE("lighting: LIGHTING_ENABLE1 decides when the two enable registers disagree") {
    Scene s;
    base_lighting(s);
    show(s);
    light(s, 0, color(1, 1, 1), 0, {0, 0, 1}, 1u);
    s.set(GPUREG_LIGHTING_ENABLE0, 0); // 0x8F says off, 0x1C6 says on: lit, with a warning
    s.h.clear(test::Rgba{0, 0, 0, 0xFF});
    s.h.quad(0, 0, 32, 32, -0.5f, {1, 1, 1, 1});
    s.h.draw();
    CHECK(s.h.pixel(16, 16).r > 200);
    bool warned = false;
    for (const std::string& w : s.h.warnings)
        warned = warned || w.find("0x1C6 decides") != std::string::npos;
    CHECK(warned);
}

namespace {

// One lit quad over the whole target with the surface frame and view given; the texture
// environment shows `sources` (stage 0 RGB, replace). Returns the centre pixel.
test::Rgba lit_quad(Scene& s, std::uint32_t sources, std::array<float, 4> quat = {0, 0, 0, 1},
                    std::array<float, 3> view = {0, 0, 1}) {
    show(s, sources, 0, 0);
    s.h.clear(test::Rgba{0, 0, 0, 0xFF});
    s.h.quad(0, 0, 32, 32, -0.5f, {1, 1, 1, 1}, 1.0f, false, {}, {}, 1.0f, quat, view);
    s.h.draw();
    return s.h.pixel(16, 16);
}

constexpr std::uint32_t kShowPrimary = 0x00000001u, kShowSecondary = 0x00000002u;

} // namespace

TEST_CASE("lighting: two-sided diffuse and clamp highlights, the hardware truth table") {
    // citra PR 3484 (wwylele, on hardware): with dot = L.N, two-sided diffuse (TSD) uses |dot|,
    // otherwise max(dot, 0); clamp highlights (CH) zero the specular where that is 0. All 12
    // cells: a directional light at L.N = 0.8, 0 and -0.8; diffuse and specular 0 white, D0 off.
    struct Cell {
        float lx, lz;
        bool tsd, ch;
        int diffuse, specular; // 8-bit primary.r and secondary.r
    };
    const Cell cells[] = {
        {0.6f, 0.8f, false, false, 204, 255},
        {1, 0, false, false, 0, 255},
        {0.6f, -0.8f, false, false, 0, 255},
        {0.6f, 0.8f, true, false, 204, 255},
        {1, 0, true, false, 0, 255},
        {0.6f, -0.8f, true, false, 204, 255},
        {0.6f, 0.8f, false, true, 204, 255},
        {1, 0, false, true, 0, 0},
        {0.6f, -0.8f, false, true, 0, 0},
        {0.6f, 0.8f, true, true, 204, 255},
        {1, 0, true, true, 0, 0},
        {0.6f, -0.8f, true, true, 204, 255},
    };
    Scene s;
    base_lighting(s);
    s.set(GPUREG_LIGHTING_AMBIENT, 0);
    for (const Cell& c : cells) {
        CAPTURE(c.lx);
        CAPTURE(c.lz);
        CAPTURE(c.tsd);
        CAPTURE(c.ch);
        s.set(GPUREG_LIGHTING_CONFIG0, c.ch ? 1u << 27 : 0u);
        light(s, 0, color(1, 1, 1), 0, {c.lx, 0, c.lz}, 1u | (c.tsd ? 2u : 0u), color(1, 1, 1));
        CHECK(int(lit_quad(s, kShowPrimary).r) == c.diffuse);
        CHECK(int(lit_quad(s, kShowSecondary).r) == c.specular);
    }
    CHECK(s.h.warnings.empty());
}

TEST_CASE("lighting: the geometric factor is min(1, L.N / |V + L|^2) (hardware fit)") {
    // citra PR 2776: fitted to about 65,600 samples from hardware (wwylele/ctrhwtest
    // geo_factor), within +-0.01: specular 0 white, D0 off, geometric factor 0 on.
    struct Case {
        std::array<float, 3> light, view;
        int expected; // 8-bit secondary.r
    };
    const Case cases[] = {
        {{1, 0, 0}, {0, 1, 0}, 0},               // L.N = 0
        {{0, 0, 1}, {0, 1, 0}, 128},             // N = L, |V + L|^2 = 2: 0.5
        {{0, 0, 1}, {0, 0, 1}, 64},              // L = V = N: |V + L|^2 = 4: 0.25
        {{0.6f, 0, 0.8f}, {-0.6f, 0, 0.8f}, 80}, // 0.8 / (2 + 2 * 0.28) = 0.3125
    };
    Scene s;
    base_lighting(s);
    s.set(GPUREG_LIGHTING_AMBIENT, 0);
    for (const Case& c : cases) {
        CAPTURE(c.expected);
        light(s, 0, 0, 0, c.light, 1u | 1u << 2, color(1, 1, 1));
        CHECK(std::abs(int(lit_quad(s, kShowSecondary, {0, 0, 0, 1}, c.view).r) - c.expected) <= 1);
    }
}

TEST_CASE("lighting: Fresnel comes from the last light slot only (ctrhwtest fresnel-test)") {
    // citra PR 2914 (wwylele/ctrhwtest fresnel-test on hardware): four directional lights at
    // L.N = 1, 0.6, 0.5, 0.8 with N = V = (0, 0, 1); FR = x on L.N (signed, as citro3d's
    // LightLut_FromFunc writes it), Fresnel to both alphas; the texture environment shows the
    // secondary alpha. Only slot NUM_LIGHTS - 1's value lands: 0.8 -> 204 with four lights,
    // 0.6 -> 153 with two.
    Scene s;
    base_lighting(s);
    s.set(GPUREG_LIGHTING_CONFIG0, 3u << 2 | 1u << 4); // configuration 1: FR, RR, SP, DA
    s.set(GPUREG_LIGHTING_CONFIG1, 0xFFFFFFFFu & ~(1u << 19));
    s.set(GPUREG_LIGHTING_LUTINPUT_SELECT, 3u << 12);
    // citro3d LightLut_FromFunc(negative): entry i & 0xFF = f(i / 128), difference f(next) - f.
    std::array<std::uint32_t, 256> fr{};
    for (int i = -128; i < 128; ++i) {
        const float x = static_cast<float>(i) / 128.0f, next = static_cast<float>(i + 1) / 128.0f;
        const float v = std::max(x, 0.0f), d = std::max(next, 0.0f) - v;
        fr[static_cast<unsigned>(i) & 0xFF] =
            std::min(0xFFFu, static_cast<std::uint32_t>(v * 4096.0f)) |
            static_cast<std::uint32_t>(std::abs(d) * 2048.0f) << 12;
    }
    s.lut(3, fr);
    const std::array<float, 3> dirs[4] = {
        {0, 0, 1}, {0.8f, 0, 0.6f}, {0.866f, 0, 0.5f}, {0.6f, 0, 0.8f}};
    for (unsigned id = 0; id < 4; ++id)
        light(s, id, color(0.2f, 0.2f, 0.2f), 0, dirs[id], 1u);
    s.set(GPUREG_LIGHTING_NUM_LIGHTS, 3);
    CHECK(int(lit_quad(s, 0x00000002u, {0, 0, 0, 1}, {0, 0, 1}).r) == 0); // secondary RGB
    show(s, 0x00000002u, 0x2u, 0);                                        // RGB = secondary alpha
    s.h.clear(test::Rgba{0, 0, 0, 0xFF});
    s.h.quad(0, 0, 32, 32, -0.5f, {1, 1, 1, 1});
    s.h.draw();
    CHECK(int(s.h.pixel(16, 16).r) == 204);
    s.set(GPUREG_LIGHTING_NUM_LIGHTS, 1);
    s.h.clear(test::Rgba{0, 0, 0, 0xFF});
    s.h.quad(0, 0, 32, 32, -0.5f, {1, 1, 1, 1});
    s.h.draw();
    CHECK(int(s.h.pixel(16, 16).r) == 153);
    CHECK(s.h.warnings.empty());
}

TEST_CASE("lighting: a triangle's opposite quaternions are flipped to the first vertex's side") {
    // q and -q are the same rotation; interpolated across a triangle they would pass through
    // zero. The PICA (and Azahar: FlipQuaternionIfOpposite) flips the others to the first
    // vertex's side, so the quad lights as if every vertex carried q.
    // Vertices shaded on the CPU (flipped there), and by the GPU vertex path: the geometry
    // stage flips them, or, where the compute rasteriser draws (its suite), its shader flips
    // what the vertex pre-pass shaded.
    const std::array<float, 4> q{0.2f, 0.1f, 0.0f, 0.97f};
    for (const VertexShaders where : {VertexShaders::Cpu, VertexShaders::Gpu}) {
        CAPTURE(static_cast<int>(where));
        std::vector<std::uint8_t> pictures[2];
        for (int flipped = 0; flipped < 2; ++flipped) {
            Scene s;
            s.h.session().set_vertex_shaders(where, 1);
            base_lighting(s);
            s.set(GPUREG_LIGHTING_CONFIG1, 0xFFFFFFFFu & ~(1u << 16));
            s.lut(0, lut_of([](float x) { return x * x * x; }, true));
            light(s, 0, color(0.7f, 0.7f, 0.7f), 0, {0.3f, 0.4f, 1.0f}, 1u,
                  color(0.4f, 0.4f, 0.4f));
            show(s);
            s.h.clear(test::Rgba{0, 0, 0, 0xFF});
            // Two triangles sharing vertices; the second and fifth vertex carry -q when flipped.
            s.h.quad(0, 0, 32, 32, -0.5f, {1, 1, 1, 1}, 1.0f, false, {}, {}, 1.0f, q, {0, 0, 1});
            if (flipped) s.h.negate_quaternion_of_vertices({1, 4});
            s.h.draw();
            pictures[flipped] = s.h.color_rgba();
            CHECK(s.h.warnings.empty());
            const RendererCounters rc = s.h.session().renderer_counters();
            CHECK((rc.gpu_vertex_draws == 1) == (where == VertexShaders::Gpu));
            // Where the compute rasteriser draws, its shader flipped them (the pre-pass's).
            if (s.h.session().compute_raster())
                CHECK((rc.compute_raster_gpu_vertex_draws == 1) == (where == VertexShaders::Gpu));
        }
        CHECK(pictures[0] == pictures[1]);
    }
}
