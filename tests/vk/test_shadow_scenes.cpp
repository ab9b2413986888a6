// Shadow-map scenes, two passes as programs draw them (docs/research/shadow.md 9 C): a cube
// casting its shadow on a plane. Pass 1 renders the scene from the light in shadow mode
// (COLOR_OPERATION mode 3, TEV green 0: depth writes) into a shadow buffer; pass 2 renders it
// from a camera, the plane and the cube modulated by the shadow texture on unit 0 (shadow 2D
// with an orthographic light, or shadow cube with a point light whose six faces are six shadow
// buffers). At scale 1 and 3 (the shadow buffers are then host images at three times the
// resolution; the picture read back is the scale-3 render written back). Also: lighting's
// shadow attenuation from a shadow texture, and the bad inputs of the issue (non-RGBA8 shadow
// textures and shadow-mode targets).
#include "../oracle/fragment_model.h"
#include "../oracle/shadow_model.h"
#include "golden_images.h"
#include "render_harness.h"
#include "test_random.h"

#include "pica/regs/number_formats.h"
#include "pica/texture/texture_codec.h"
#include "shadergen/glsl_generator.h"
#include "shadergen/spirv_compiler.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>

using namespace picavk;
using namespace picavk::pica;
using picavk::test::RenderHarness;
using picavk::test::Rgba;
namespace oracle = picavk::test::oracle;

namespace {

using Vec3 = std::array<float, 3>;
struct Tri {
    Vec3 p[3];
    std::array<float, 4> color;
};

// A box's 12 triangles (each face its own shade of one colour) and a quad.
void add_box(std::vector<Tri>& out, Vec3 lo, Vec3 hi, std::array<float, 3> rgb) {
    const Vec3 c[8] = {{lo[0], lo[1], lo[2]}, {hi[0], lo[1], lo[2]}, {hi[0], hi[1], lo[2]},
                       {lo[0], hi[1], lo[2]}, {lo[0], lo[1], hi[2]}, {hi[0], lo[1], hi[2]},
                       {hi[0], hi[1], hi[2]}, {lo[0], hi[1], hi[2]}};
    const int faces[6][4] = {{0, 1, 2, 3}, {4, 5, 6, 7}, {0, 1, 5, 4},
                             {2, 3, 7, 6}, {0, 3, 7, 4}, {1, 2, 6, 5}};
    const float shade[6] = {0.55f, 1.0f, 0.7f, 0.85f, 0.6f, 0.9f};
    for (unsigned f = 0; f < 6; ++f) {
        const std::array<float, 4> col{rgb[0] * shade[f], rgb[1] * shade[f], rgb[2] * shade[f], 1};
        const int* q = faces[f];
        out.push_back({{c[q[0]], c[q[1]], c[q[2]]}, col});
        out.push_back({{c[q[0]], c[q[2]], c[q[3]]}, col});
    }
}

void add_quad(std::vector<Tri>& out, Vec3 a, Vec3 b, Vec3 c, Vec3 d, std::array<float, 4> col) {
    out.push_back({{a, b, c}, col});
    out.push_back({{a, c, d}, col});
}

// Clip position (x, y, z, w) for the PICA: z in [-w, 0], depth -z/w (DEPTHMAP scale -1).
using Clip = std::array<float, 4>;

// The camera: at (0, 1.3, 1.9) looking at (0, -0.45, 0) in the scene's space (y up), 60 degrees.
Clip camera(const Vec3& p) {
    const Vec3 eye{0.0f, 1.3f, 1.9f}, at{0.0f, -0.45f, 0.0f};
    // View basis: forward f, right r = (1, 0, 0), up u = r x f negated (y on screen goes up).
    Vec3 f{at[0] - eye[0], at[1] - eye[1], at[2] - eye[2]};
    const float fl = std::sqrt(f[0] * f[0] + f[1] * f[1] + f[2] * f[2]);
    for (float& c : f)
        c /= fl;
    const Vec3 u{0.0f, -f[2], f[1]};
    const Vec3 d{p[0] - eye[0], p[1] - eye[1], p[2] - eye[2]};
    const float vx = d[0];
    const float vy = d[0] * u[0] + d[1] * u[1] + d[2] * u[2];
    const float dist = d[0] * f[0] + d[1] * f[1] + d[2] * f[2];
    const float focal = 1.0f / std::tan(0.5f * 1.0472f), n = 0.5f, far = 6.0f;
    return {focal * vx, focal * vy, -far * (dist - n) / (far - n), dist};
}

struct Scene {
    explicit Scene(std::uint32_t scale) : h(scale) {}
    RenderHarness h;
    void set(std::uint32_t id, std::uint32_t v) { h.b().write(id, v); }
    // The triangles with clip positions from `project`, colour and texcoord 0 (u, v, w) from
    // `coords` (u, v in texcoord 0, w in texcoord0.w).
    template <class Project, class Coords>
    void draw(const std::vector<Tri>& tris, Project project, Coords coords) {
        for (const Tri& t : tris)
            for (const Vec3& p : t.p) {
                const Clip c = project(p);
                const Vec3 tc = coords(p);
                h.vertex({c[0],  c[1],  c[2], c[3], t.color[0], t.color[1], t.color[2], t.color[3],
                          tc[0], tc[1], 0,    0,    0,          0,          tc[2],      1,
                          0,     0,     0,    1,    0,          0,          1,          0});
            }
        h.draw();
        REQUIRE_FALSE(h.last_error);
    }
    // Points the colour buffer at `address` (32x32 RGBA8).
    void target(std::uint32_t address) {
        set(GPUREG_FRAMEBUFFER_INVALIDATE, 1);
        set(GPUREG_COLORBUFFER_LOC, address >> 3);
    }
};

constexpr std::uint32_t kShadowBase = 0x18200000;
constexpr std::uint32_t kFaceStride = 0x1000; // 32x32 RGBA8

void clear_shadow_buffers(Scene& s, unsigned count) {
    const std::vector<std::uint8_t> cleared(32 * 32 * 4, 0xFF); // depth 0xFFFFFF, intensity 255
    for (unsigned f = 0; f < count; ++f)
        s.h.session().write_memory(kShadowBase + f * kFaceStride, cleared);
}

// Pass 1 state: shadow mode, TEV output = constant (0, 0, 0, 255): depth writes only.
void shadow_pass_state(Scene& s) {
    s.set(GPUREG_COLOR_OPERATION, 0x00E40003u);
    s.set(GPUREG_FRAGOP_SHADOW, 0x80003C00u); // C3D_Init's C3D_FragOpShadow(0.0, 1.0)
    s.set(GPUREG_TEXUNIT_CONFIG, 0);
    s.set(GPUREG_TEXENV0_SOURCE, 0x000E000Eu);
    s.set(GPUREG_TEXENV0_COLOR, 0xFF000000u);
}

// Pass 2 state: normal mode into the colour buffer with a depth test; TEV 0 = vertex colour x
// texture 0; the shadow texture at kShadowBase, clamp to a white border, PCF.
void receiver_pass_state(Scene& s, unsigned type, std::uint32_t shadow_reg) {
    s.target(RenderHarness::kColor);
    s.set(GPUREG_COLOR_OPERATION, 0x00E40100u);
    // Depth test LESS (depth grows with the distance), depth and colour writes.
    s.set(GPUREG_DEPTH_COLOR_MASK, 1u | 4u << 4 | 0xFu << 8 | 1u << 12);
    s.set(GPUREG_TEXUNIT0_DIM, 32u << 16 | 32u);
    s.set(GPUREG_TEXUNIT0_PARAM, type << 28 | 1u << 20 | 1u << 12 | 1u << 8 | 0x6u);
    s.set(GPUREG_TEXUNIT0_BORDER_COLOR, 0xFFFFFFFFu);
    s.set(GPUREG_TEXUNIT0_ADDR1, kShadowBase >> 3);
    for (unsigned f = 1; f < 6; ++f)
        s.set(GPUREG_TEXUNIT0_ADDR1 + f, ((kShadowBase + f * kFaceStride) >> 3) & 0x3FFFFF);
    s.set(GPUREG_TEXUNIT0_TYPE, 0);
    s.set(GPUREG_TEXUNIT0_SHADOW, shadow_reg);
    s.set(GPUREG_TEXUNIT_CONFIG, 1u | 1u << 12 | 1u << 16);
    s.set(GPUREG_TEXENV0_SOURCE, 0x00000030u); // RGB: vertex colour, texture 0; alpha: vertex
    s.set(GPUREG_TEXENV0_OPERAND, 0);
    s.set(GPUREG_TEXENV0_COMBINER, 0x00000001u); // RGB modulate, alpha replace
}

// The scene: a plane at y = -0.6 and a box above it.
std::vector<Tri> scene_triangles() {
    std::vector<Tri> tris;
    add_quad(tris, {-1.0f, -0.6f, -1.0f}, {1.0f, -0.6f, -1.0f}, {1.0f, -0.6f, 1.0f},
             {-1.0f, -0.6f, 1.0f}, {0.85f, 0.85f, 0.8f, 1});
    add_box(tris, {-0.2f, -0.35f, -0.2f}, {0.2f, -0.05f, 0.2f}, {0.9f, 0.3f, 0.2f});
    return tris;
}

// An oblique orthographic light shining down and to the right: (x, z) sheared along the light
// by the height above the plane, -> (u, v); depth (0.4 - y) / 1.2.
Vec3 light2d(const Vec3& p) {
    const float above = p[1] + 0.6f;
    const float x = p[0] + 0.9f * above, z = p[2] - 0.5f * above;
    return {x * 0.5f + 0.5f, z * -0.5f + 0.5f, (0.4f - p[1]) / 1.2f};
}

ScreenImage render_2d(std::uint32_t scale) {
    Scene s(scale);
    s.h.clear(Rgba{40, 40, 60, 255}, 0x00FFFFFF);
    clear_shadow_buffers(s, 1);
    const std::vector<Tri> tris = scene_triangles();
    // Pass 1: into the shadow buffer, z = -depth.
    s.target(kShadowBase);
    shadow_pass_state(s);
    s.draw(
        tris,
        [](const Vec3& p) {
            const Vec3 l = light2d(p);
            return Clip{2 * l[0] - 1, 2 * l[1] - 1, -l[2], 1};
        },
        [](const Vec3&) {
            return Vec3{0, 0, 1};
        });
    // Pass 2: from the camera; bias 0x40000 (1/64 of the depth range), no perspective divide.
    receiver_pass_state(s, 2, 0x00040000u | 1u);
    s.draw(tris, camera, light2d);
    CHECK(s.h.validation_messages() == 0);
    CHECK(s.h.warnings.empty());
    return {32, 32, s.h.color_rgba()};
}

// A point light at (-0.45, 0.5, -0.3); the cube map's faces hold the major-axis distance / 2
// (docs/research/shadow.md 4.2), written with W-buffering (DEPTHMAP_ENABLE 0: depth = -z).
constexpr float kRange = 2.0f;
Vec3 to_light(const Vec3& p) {
    return {(p[0] + 0.45f) / kRange, (p[1] - 0.5f) / kRange, (p[2] + 0.3f) / kRange};
}

// The clip position for cube face f of a light-space point d: (a, b) = (2s - 1, 2t - 1) * m for
// the face coordinates of shadow.md 4.2 with m the face's signed major component, z = -m (the
// w-buffer depth), all but z doubled so that the far plane (z = -w) lies past every point.
Clip face_clip(unsigned f, const Vec3& d) {
    const float x = d[0], y = d[1], z = d[2];
    Clip c;
    switch (f) {
    case 0:
        c = {-z, -y, -x, x};
        break;
    case 1:
        c = {z, -y, x, -x};
        break;
    case 2:
        c = {x, z, -y, y};
        break;
    case 3:
        c = {x, -z, y, -y};
        break;
    case 4:
        c = {x, -y, -z, z};
        break;
    default:
        c = {-x, -y, z, -z};
        break;
    }
    return {2 * c[0], 2 * c[1], c[2], 2 * c[3]};
}

ScreenImage render_cube(std::uint32_t scale) {
    Scene s(scale);
    s.h.clear(Rgba{40, 40, 60, 255}, 0x00FFFFFF);
    clear_shadow_buffers(s, 6);
    const std::vector<Tri> tris = scene_triangles();
    shadow_pass_state(s);
    s.set(GPUREG_DEPTHMAP_ENABLE, 0); // w-buffer: depth = -z, linear in the major axis
    for (unsigned f = 0; f < 6; ++f) {
        s.target(kShadowBase + f * kFaceStride);
        shadow_pass_state(s);
        s.draw(
            tris, [f](const Vec3& p) { return face_clip(f, to_light(p)); },
            [](const Vec3&) {
                return Vec3{0, 0, 1};
            });
    }
    s.set(GPUREG_DEPTHMAP_ENABLE, 1);
    // Bias 0x100000 (1/16 of the range): 32x32 faces see the plane at a grazing angle.
    receiver_pass_state(s, 4, 0x00100000u);
    s.draw(tris, camera, to_light);
    CHECK(s.h.validation_messages() == 0);
    CHECK(s.h.warnings.empty());
    return {32, 32, s.h.color_rgba()};
}

} // namespace

TEST_CASE("shadow scene: a box casts its shadow on a plane (shadow 2D, scale 1 and 3)") {
    const ScreenImage one = render_2d(1);
    std::string mismatch = test::check_golden(one, "shadow/box_on_plane_2d", {2, 0.0, 0.5, 0});
    CHECK_MESSAGE(mismatch.empty(), mismatch);
    const ScreenImage three = render_2d(3);
    mismatch = test::check_golden(three, "shadow/box_on_plane_2d_x3", {2, 0.0, 0.5, 0});
    CHECK_MESSAGE(mismatch.empty(), mismatch);
    // The scaled render differs only along the shadow's and the box's edges.
    mismatch = test::compare_with_golden_image(three, one, {48, 0.12, 6.0, 1}, "");
    CHECK_MESSAGE(mismatch.empty(), mismatch);
}

TEST_CASE("shadow scene: a box casts its shadow on a plane (shadow cube, scale 1 and 3)") {
    const ScreenImage one = render_cube(1);
    std::string mismatch = test::check_golden(one, "shadow/box_on_plane_cube", {2, 0.0, 0.5, 0});
    CHECK_MESSAGE(mismatch.empty(), mismatch);
    const ScreenImage three = render_cube(3);
    mismatch = test::check_golden(three, "shadow/box_on_plane_cube_x3", {2, 0.0, 0.5, 0});
    CHECK_MESSAGE(mismatch.empty(), mismatch);
    mismatch = test::compare_with_golden_image(three, one, {48, 0.12, 6.0, 1}, "");
    CHECK_MESSAGE(mismatch.empty(), mismatch);
}

// ---- lighting's shadow attenuation
// ---------------------------------------------------------------

namespace {

struct LitScene {
    explicit LitScene(ShaderCompile compile)
        : h(1, ColorFormat::RGBA8, DepthFormat::D24S8, compile) {}
    RenderHarness h;
    Regs regs;
    LutState luts;
    void set(std::uint32_t id, std::uint32_t v) {
        regs[id] = v;
        h.b().write(id, v);
    }
};

std::uint32_t light_color(float r, float g, float b) {
    auto c8 = [](float v) { return static_cast<std::uint32_t>(std::lround(v * 255.0f)); };
    return c8(r) << 20 | c8(g) << 10 | c8(b);
}

// One directional light along +z with diffuse, ambient and specular 0 colours, every LUT and
// attenuation off; the texture environment shows primary + secondary, alpha their product.
void lit_base(LitScene& s) {
    s.set(GPUREG_LIGHTING_ENABLE0, 1);
    s.set(GPUREG_LIGHTING_ENABLE1, 0);
    s.set(GPUREG_LIGHTING_AMBIENT, light_color(0.05f, 0.05f, 0.08f));
    s.set(GPUREG_LIGHTING_NUM_LIGHTS, 0);
    s.set(GPUREG_LIGHTING_LUTINPUT_ABS, 0x2222222u);
    s.set(GPUREG_LIGHTING_LUTINPUT_SELECT, 0);
    s.set(GPUREG_LIGHTING_LUTINPUT_SCALE, 0);
    s.set(GPUREG_LIGHTING_LIGHT_PERMUTATION, 0x76543210u);
    const std::uint32_t b = GPUREG_LIGHT0_SPECULAR0;
    s.set(b + 0, light_color(0.5f, 0.4f, 0.3f));
    s.set(b + 1, 0);
    s.set(b + 2, light_color(0.8f, 0.7f, 0.6f));
    s.set(b + 3, light_color(0.1f, 0.15f, 0.2f));
    s.set(b + 4, float_to_f16(0.0f) | float_to_f16(0.0f) << 16);
    s.set(b + 5, float_to_f16(1.0f));
    s.set(b + 9, 1); // directional
    s.set(GPUREG_TEXENV0_SOURCE, 0x00210021u);
    s.set(GPUREG_TEXENV0_OPERAND, 0);
    s.set(GPUREG_TEXENV0_COMBINER, 0x00010002u); // RGB add, alpha modulate
    s.set(GPUREG_TEXENV0_SCALE, 0);
    s.set(GPUREG_TEXENV0_COLOR, 0);
    for (std::uint32_t base : {GPUREG_TEXENV1_SOURCE, GPUREG_TEXENV2_SOURCE, GPUREG_TEXENV3_SOURCE,
                               GPUREG_TEXENV4_SOURCE, GPUREG_TEXENV5_SOURCE}) {
        s.set(base, 0x000F000Fu);
        for (std::uint32_t k = 1; k < 5; ++k)
            s.set(base + k, 0);
    }
}

// Renders 8x8 quads, each sampling its own texel of unit `unit`'s 8x8 texture, and compares every
// pixel with the model (+-1). Returns the picture.
std::vector<std::uint8_t> render_lit(LitScene& s, unsigned unit,
                                     const std::vector<std::uint8_t>& rgba) {
    s.h.clear(Rgba{0, 0, 0, 0});
    s.h.texture(unit, 8, 8, rgba, unit == 0 ? (2u << 28 | 1u << 20) : 0u);
    s.regs[unit == 0 ? GPUREG_TEXUNIT0_PARAM : GPUREG_TEXUNIT1_PARAM] =
        unit == 0 ? (2u << 28 | 1u << 20) : 0u;
    s.set(GPUREG_TEXUNIT0_SHADOW, 1); // orthographic, no bias
    s.set(GPUREG_TEXUNIT_CONFIG, (1u << unit) | 1u << 12 | 1u << 16);
    for (unsigned q = 0; q < 64; ++q) {
        const float u = (static_cast<float>(q % 8) + 0.5f) / 8.0f;
        const float v = (static_cast<float>(q / 8) + 0.5f) / 8.0f;
        const unsigned qx = q % 8, qy = q / 8;
        s.h.quad(qx * 4, qy * 4, qx * 4 + 4, qy * 4 + 4, -0.5f, {1, 1, 1, 1}, 1.0f, false,
                 {u, v, u, v}, {u, v}, 0.5f);
    }
    s.h.draw();
    REQUIRE_FALSE(s.h.last_error);
    const auto got = s.h.color_rgba();
    oracle::ShadowImage img(8, 8);
    for (unsigned t = 0; t < 8; ++t)
        for (unsigned x = 0; x < 8; ++x) {
            const std::uint8_t* c = &rgba[((7 - t) * 8 + x) * 4];
            img.set(x, t, oracle::shadow_texel_from_rgba8(c[0], c[1], c[2], c[3]));
        }
    unsigned wrong = 0;
    for (unsigned q = 0; q < 64; ++q) {
        const unsigned qx = q % 8, qy = q / 8;
        oracle::FragmentInputs in;
        in.primary = {255, 255, 255, 255};
        in.normquat = {0, 0, 0, 1};
        in.view = {0, 0, 1};
        const std::uint8_t* texel = &rgba[((7 - qy) * 8 + qx) * 4];
        oracle::Color sample{texel[0], texel[1], texel[2], texel[3]};
        if (unit == 0) {
            oracle::ShadowColor sc{};
            const float u = (static_cast<float>(qx) + 0.5f) / 8.0f;
            const float v = (static_cast<float>(qy) + 0.5f) / 8.0f;
            REQUIRE(oracle::shadow_unit0_color(s.regs, std::span(&img, 1), {u, v, 0.5f},
                                               oracle::ShadowFilter::FromRegisters, sc));
            sample = sc;
        }
        in.textures[unit] = sample;
        const oracle::Color want = oracle::shade(s.regs, s.luts, in).color;
        for (unsigned p = 0; p < 16; ++p) {
            const std::uint8_t* g = &got[((31 - (qy * 4 + p / 4)) * 32 + qx * 4 + p % 4) * 4];
            for (unsigned k = 0; k < 4; ++k)
                if (std::abs(int(g[k]) - want[k]) > 1 && wrong++ < 4) {
                    CAPTURE(q);
                    CAPTURE(k);
                    CAPTURE(int(g[k]));
                    CAPTURE(want[k]);
                    FAIL_CHECK("lit pixel differs from the model");
                }
        }
    }
    CHECK(wrong == 0);
    CHECK(s.h.validation_messages() == 0);
    return got;
}

std::vector<std::uint8_t> random_texels(std::uint32_t seed) {
    test::Rng rng(seed);
    std::vector<std::uint8_t> rgba(8 * 8 * 4);
    for (auto& b : rgba)
        b = static_cast<std::uint8_t>(rng());
    return rgba;
}

} // namespace

TEST_CASE("lighting shadow attenuation from a shadow texture and from a plain texture") {
    // CONFIG0: bit 0 on, 16 diffuse, 17 specular, 18 invert, 19 alphas (Fresnel selector bits
    // 2-3 name them), 24-25 the unit; CONFIG1 bit 0 clear: light 0 is shadowed. Everything but
    // light 0's shadow bit is off in CONFIG1.
    struct Variant {
        std::uint32_t config0, config1;
        const char* what;
    };
    const std::uint32_t off = 0xFFFFFFFFu;
    const Variant variants[] = {
        {1u | 1u << 16, off & ~1u, "diffuse"},
        {1u | 1u << 17, off & ~1u, "specular"},
        {1u | 3u << 16 | 1u << 18, off & ~1u, "both, inverted"},
        {1u | 1u << 19 | 3u << 2, off & ~1u, "alphas"},
        {1u | 3u << 16, off, "light 0 unshadowed"},
        {3u << 16, off & ~1u, "bit 0 clear: off"},
    };
    const std::vector<std::uint8_t> texels = random_texels(7);
    std::vector<std::vector<std::uint8_t>> pictures;
    for (ShaderCompile compile : {ShaderCompile::Sync, ShaderCompile::UbershaderOnly}) {
        for (unsigned unit : {0u, 1u}) {
            for (const Variant& v : variants) {
                CAPTURE(v.what);
                CAPTURE(unit);
                LitScene s(compile);
                lit_base(s);
                s.set(GPUREG_LIGHTING_CONFIG0, v.config0 | unit << 24);
                s.set(GPUREG_LIGHTING_CONFIG1, v.config1);
                pictures.push_back(render_lit(s, unit, texels));
                if (compile == ShaderCompile::UbershaderOnly)
                    CHECK(s.h.session().renderer_counters().ubershader_draws == 1);
            }
        }
    }
    // The variants that shadow differ from the unshadowed ones (the test sees the attenuation),
    // and the ubershader draws what the specialised shaders draw.
    REQUIRE(pictures.size() == 24);
    CHECK(pictures[0] != pictures[4]);
    CHECK(pictures[1] != pictures[4]);
    CHECK(pictures[3] != pictures[4]);
    CHECK(pictures[4] == pictures[5]);
    for (unsigned i = 0; i < 12; ++i)
        CHECK(pictures[i] == pictures[12 + i]);
}

// ---- bad input
// -----------------------------------------------------------------------------------

TEST_CASE("shadow maps: non-RGBA8 shadow textures and shadow-mode targets are counted, defined") {
    // A shadow-mode target whose format register says RGB565: written as RGBA8 shadow texels.
    {
        Scene s(1);
        s.h.clear(Rgba{0xFF, 0xFF, 0xFF, 0xFF}, 0);
        s.set(GPUREG_COLORBUFFER_FORMAT, 3u << 16);
        shadow_pass_state(s);
        s.h.quad(0, 0, 32, 32, -0.5f, {1, 1, 1, 1});
        s.h.draw();
        REQUIRE_FALSE(s.h.last_error);
        REQUIRE(s.h.warnings.size() == 1);
        CHECK(s.h.warnings[0].find("written as RGBA8 shadow texels") != std::string::npos);
        std::vector<std::uint8_t> bytes(4);
        s.h.session().read_memory(RenderHarness::kColor, bytes);
        // Depth 0.5 -> 0x7FFFFF big-endian in bytes 0-2, intensity 255 kept.
        CHECK(bytes == std::vector<std::uint8_t>{0x7F, 0xFF, 0xFF, 0xFF});
        CHECK(s.h.validation_messages() == 0);
    }
    // A shadow texture in RGB565: decoded, then read as R = intensity, A:B:G = depth.
    {
        Scene s(1);
        s.h.clear(Rgba{0, 0, 0, 0}, 0);
        std::vector<std::uint8_t> texel565(8 * 8 * 2, 0xFF); // white: depth 0xFFFFFF, R 255
        s.h.session().write_memory(kShadowBase, texel565);
        s.set(GPUREG_TEXUNIT0_DIM, 8u << 16 | 8u);
        s.set(GPUREG_TEXUNIT0_PARAM, 2u << 28 | 1u << 20);
        s.set(GPUREG_TEXUNIT0_ADDR1, kShadowBase >> 3);
        s.set(GPUREG_TEXUNIT0_TYPE, 3); // RGB565
        s.set(GPUREG_TEXUNIT0_SHADOW, 1);
        s.set(GPUREG_TEXUNIT_CONFIG, 1u | 1u << 12 | 1u << 16);
        s.set(GPUREG_TEXENV0_SOURCE, 0x00030003u);
        s.h.quad(0, 0, 32, 32, -0.5f, {1, 1, 1, 1}, 1.0f, false, {0.5f, 0.5f, 0, 0}, {0, 0}, 0.5f);
        s.h.draw();
        REQUIRE_FALSE(s.h.last_error);
        REQUIRE(s.h.warnings.size() == 1);
        CHECK(s.h.warnings[0].find("not RGBA8") != std::string::npos);
        CHECK(s.h.pixel(16, 16) == (Rgba{255, 255, 255, 255})); // lit, intensity 255
        CHECK(s.h.validation_messages() == 0);
    }
}

// ---- generated code that lavapipe cannot run
// -------------------------------------------------------

TEST_CASE("shadow and gas GLSL: every sampler mode and both write modes compile to SPIR-V") {
    // lavapipe has no fragment-shader interlock, so the interlock path's calls only run on GPUs;
    // its code is compiled here (and passes spirv-val for Vulkan 1.3, checked by hand). The same
    // code without the calls (kStorageWriteOrdered) runs on lavapipe: shadow-gas.ordered-fragments.
    // The sampler modes and write modes of the key, each with lighting's shadow attenuation.
    unsigned compiled = 0;
    for (std::uint8_t write : {shadergen::kStorageWriteOff, shadergen::kStorageWriteCompareSwap,
                               shadergen::kStorageWriteInterlock, shadergen::kStorageWriteOrdered})
        for (std::uint8_t type : {std::uint8_t{2}, std::uint8_t{4}})
            for (unsigned sampler = 0; sampler < 64; sampler += 5) {
                shadergen::FragmentConfig c{};
                c.stages[0].sources = 0x00030003u;
                for (unsigned i = 1; i < 6; ++i)
                    c.stages[i].sources = 0x000F000Fu;
                c.texture_units = 1;
                c.texture0_type = type;
                c.shadow_sampler = static_cast<std::uint8_t>(sampler);
                c.shadow_write = write;
                c.lighting.enabled = 1;
                c.lighting.light_count = 1;
                c.lighting.shadow = shadergen::kShadowDiffuse | shadergen::kShadowSpecular |
                                    shadergen::kShadowPrimaryAlpha;
                c.lighting.lights[0].shadowed = 1;
                const std::string glsl = shadergen::generate_fragment_glsl(c);
                const auto r = shadergen::compile_glsl(shadergen::ShaderStage::Fragment, glsl);
                CAPTURE(int(write));
                CAPTURE(int(type));
                CAPTURE(sampler);
                CHECK_MESSAGE(r.ok(), r.log);
                CHECK((glsl.find("beginInvocationInterlockARB") != std::string::npos) ==
                      (write == shadergen::kStorageWriteInterlock));
                CHECK((glsl.find("o_color") != std::string::npos) == (write == 0));
                ++compiled;
            }
    CHECK(compiled == 4 * 2 * 13);
    // Gas accumulation by both write modes, with each depth function, and gas shading with each
    // pair of selectors.
    for (std::uint8_t write : {shadergen::kStorageWriteCompareSwap,
                               shadergen::kStorageWriteInterlock, shadergen::kStorageWriteOrdered})
        for (std::uint8_t gas = 0; gas < 16; ++gas) {
            shadergen::FragmentConfig c{};
            c.stages[0].sources = 0x000E000Eu;
            for (unsigned i = 1; i < 6; ++i)
                c.stages[i].sources = 0x000F000Fu;
            c.gas = gas;
            if (gas < 4)
                c.gas_write = write;
            else
                c.fog = 2;
            const std::string glsl = shadergen::generate_fragment_glsl(c);
            const auto r = shadergen::compile_glsl(shadergen::ShaderStage::Fragment, glsl);
            CAPTURE(int(write));
            CAPTURE(int(gas));
            CHECK_MESSAGE(r.ok(), r.log);
            CHECK((glsl.find("beginInvocationInterlockARB") != std::string::npos) ==
                  (gas < 4 && write == shadergen::kStorageWriteInterlock));
            CHECK((glsl.find("o_color") != std::string::npos) == (gas >= 4));
        }
}
