// Fragment-pipeline features against hardware measurements and stated expectations.
#include "../oracle/fragment_model.h"
#include "render_harness.h"
#include "scoped_env.h"
#include "shadergen/fragment_config.h"
#include "shadergen/glsl_generator.h"
#include "shadergen/ubershader.h"

#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>

using namespace picavk;
using namespace picavk::pica;
using picavk::test::RenderHarness;
using picavk::test::Rgba;

namespace {
// Texture environment Dot3 RGB with both RGB sources (x, x, x, 0xFF): the red channel measured
// on a 3DS for x = 0x00..0xFF (Lectem/3DS_gpu_tests, branch DOT3_RGB, results/tests.txt, first
// block "SRC0 = RGBA(input,input,input,0xFF) SRC1 = RGBA(input,input,input,0xFF)").
constexpr std::uint8_t kDot3Measured[256] = {
    0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
    0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
    0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
    0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFC, 0xF3, 0xED, 0xE7, 0xE1, 0xDB, 0xD2, 0xCC, 0xC6, 0xC0,
    0xBA, 0xB4, 0xAE, 0xA8, 0xA5, 0x9F, 0x99, 0x93, 0x8D, 0x8A, 0x84, 0x7E, 0x7B, 0x75, 0x72, 0x6C,
    0x69, 0x63, 0x60, 0x5A, 0x57, 0x54, 0x4E, 0x4B, 0x48, 0x45, 0x3F, 0x3C, 0x39, 0x36, 0x33, 0x30,
    0x2D, 0x2A, 0x27, 0x24, 0x21, 0x21, 0x1E, 0x1B, 0x18, 0x18, 0x15, 0x12, 0x12, 0x0F, 0x0F, 0x0C,
    0x0C, 0x09, 0x09, 0x06, 0x06, 0x06, 0x03, 0x03, 0x03, 0x03, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
    0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x03, 0x03, 0x03, 0x03, 0x06, 0x06, 0x06, 0x09, 0x09, 0x0C,
    0x0C, 0x0F, 0x0F, 0x12, 0x15, 0x15, 0x18, 0x1B, 0x1B, 0x1E, 0x21, 0x24, 0x27, 0x2A, 0x2D, 0x30,
    0x33, 0x36, 0x39, 0x3C, 0x3F, 0x42, 0x45, 0x48, 0x4E, 0x51, 0x54, 0x5A, 0x5D, 0x60, 0x66, 0x69,
    0x6F, 0x72, 0x78, 0x7E, 0x81, 0x87, 0x8D, 0x90, 0x96, 0x9C, 0xA2, 0xA8, 0xAB, 0xB1, 0xB7, 0xBD,
    0xC3, 0xC9, 0xCF, 0xD5, 0xDE, 0xE4, 0xEA, 0xF0, 0xF6, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
    0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
    0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
    0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
};
} // namespace

TEST_CASE("texenv dot3: the 3DS measurements are reproduced exactly (model and GPU)") {
    // The published anchor points, stated here as the issue quotes them.
    CHECK(kDot3Measured[0x35] == 0xFF);
    CHECK(kDot3Measured[0x40] == 0xBA);
    CHECK(kDot3Measured[0x70] == 0x0C);
    CHECK(kDot3Measured[0x7A] == 0x00);
    CHECK(kDot3Measured[0x85] == 0x00);
    CHECK(kDot3Measured[0xC0] == 0xC3);
    CHECK(kDot3Measured[0xD0] == 0xFF);
    for (int x = 0; x < 256; ++x) {
        CAPTURE(x);
        CHECK(test::oracle::dot3({x, x, x, 255}, {x, x, x, 255}) == kDot3Measured[x]);
    }
    // On the GPU: 256 quads of 2x2 pixels, primary colour (x, x, x, 0xFF), stage 0 Dot3 RGB of
    // primary with constant colour... both sources the primary colour.
    RenderHarness h;
    h.clear(Rgba{0, 0, 0, 0});
    h.b().write(GPUREG_TEXENV0_SOURCE, 0x00000000u); // rgb: primary, primary; alpha: primary
    h.b().write(GPUREG_TEXENV0_OPERAND, 0);
    h.b().write(GPUREG_TEXENV0_COMBINER, 0x00000006u); // rgb Dot3 RGB, alpha replace
    for (std::uint32_t x = 0; x < 256; ++x) {
        const float c = static_cast<float>(x) / 255.0f;
        h.quad((x % 16) * 2, (x / 16) * 2, (x % 16) * 2 + 2, (x / 16) * 2 + 2, -0.5f, {c, c, c, 1});
    }
    h.draw();
    for (std::uint32_t x = 0; x < 256; ++x) {
        CAPTURE(x);
        const Rgba p = h.pixel((x % 16) * 2, (x / 16) * 2);
        CHECK(int(p.r) == kDot3Measured[x]);
        CHECK(p.g == p.r);
        CHECK(p.b == p.r);
        CHECK(p.a == 0xFF);
    }
    CHECK(h.validation_messages() == 0);
}

TEST_CASE("fog: LUT interpolation, Z flip, RGB only (spec 002 FOG_LUT_DATA)") {
    // LUT entry i: value i/128 (fixed0.0.11: i * 16 / 2048), difference to the next 1/128: the
    // factor is the depth itself, so colour = depth * c + (1 - depth) * fog.
    std::array<std::uint32_t, 128> lut{};
    for (std::uint32_t i = 0; i < 128; ++i)
        lut[i] = (i * 16) << 13 | 16;
    for (bool flip : {false, true}) {
        CAPTURE(flip);
        RenderHarness h;
        h.clear(Rgba{0, 0, 0, 0});
        h.b().upload_fog_lut(lut);
        h.b().write(GPUREG_FOG_COLOR, 0x00FF0000); // blue
        h.b().write(GPUREG_TEXENV_UPDATE_BUFFER, 5u | (flip ? 1u << 16 : 0u));
        const float depths[4] = {0.0f, 0.25f, 0.5f, 0.75f};
        for (int i = 0; i < 4; ++i)
            h.quad(static_cast<std::uint32_t>(i) * 8, 0, static_cast<std::uint32_t>(i) * 8 + 8, 32,
                   -depths[i], {1, 0, 0, 0.5f});
        h.draw();
        for (int i = 0; i < 4; ++i) {
            CAPTURE(i);
            const float f = flip ? 1.0f - depths[i] : depths[i];
            const Rgba p = h.pixel(static_cast<std::uint32_t>(i) * 8 + 4, 16);
            CHECK(std::abs(int(p.r) - int(std::lround(255 * f))) <= 1);
            CHECK(p.g == 0);
            CHECK(std::abs(int(p.b) - int(std::lround(255 * (1 - f)))) <= 1);
            CHECK(p.a == 0x80); // alpha is not fogged
        }
        CHECK(h.validation_messages() == 0);
    }
}

// (Its counts are the graphics pipeline's shaders: the compute rasteriser off on every device.)
TEST_CASE_FIXTURE(
    test::WithoutComputeRaster,
    "shader cache: warm starts load SPIR-V from disk, a damaged file is reported and rebuilt") {
    const std::string dir = std::string(PICAVK_TEST_TMP) + "/shader-cache-test";
    std::filesystem::remove_all(dir);
    RendererConfig config{true, 1, -1, true, dir, ShaderCompile::Sync};
    // The demo's one draw on the GPU vertex path (lavapipe keeps draws under 192 vertices on
    // the CPU), so its translated vertex program has a cache file too.
    config.gpu_vertex_min_draw = 1;
    std::vector<std::uint8_t> first;
    {
        Session s(128u << 20, config);
        run_demo_frame(s, 0);
        CHECK(s.last_frame_stats().renderer.gpu_vertex_draws == 1);
        first = s.screen(Screen::Top).rgba;
        CHECK(s.renderer_counters().shaders_from_disk == 0);
    }
    {
        Session s(128u << 20, config);
        run_demo_frame(s, 0);
        CHECK(s.renderer_counters().shaders_from_disk == 1); // the demo's fragment shader
        CHECK(s.screen(Screen::Top).rgba == first);
        CHECK(s.warning_count() == 0);
    }
    // Damage every cache file: flip a byte in the middle.
    std::size_t files = 0;
    for (const auto& f : std::filesystem::directory_iterator(dir)) {
        ++files;
        std::fstream io(f.path(), std::ios::in | std::ios::out | std::ios::binary);
        io.seekg(static_cast<std::streamoff>(std::filesystem::file_size(f.path()) / 2));
        char c = 0;
        io.read(&c, 1);
        io.seekp(static_cast<std::streamoff>(std::filesystem::file_size(f.path()) / 2));
        c = static_cast<char>(c ^ 0x40);
        io.write(&c, 1);
    }
    {
        // The caches are read when the renderer starts: every file is reported then - shader
        // cache, vertex program cache (the GPU vertex path), pipeline cache and key list.
        Session s(128u << 20, config);
        CHECK(files == 4);
        CHECK(s.warning_count() == files);
        run_demo_frame(s, 0);
        CHECK(s.renderer_counters().shaders_from_disk == 0);
        CHECK(s.screen(Screen::Top).rgba == first);
        CHECK(s.renderer_counters().validation_messages == 0);
    }
    {
        Session s(128u << 20, config); // rebuilt by the run before
        run_demo_frame(s, 0);
        CHECK(s.renderer_counters().shaders_from_disk == 1);
        CHECK(s.warning_count() == 0);
    }
    std::filesystem::remove_all(dir);
}

TEST_CASE("bad input: NaN float24 depth-map and clip-plane registers are replaced and counted") {
    RenderHarness h;
    h.clear(Rgba{0, 0, 0, 0}, 0);
    h.b().write(GPUREG_DEPTH_COLOR_MASK, 0xF00u | (1u << 12));
    h.b().write(GPUREG_DEPTHMAP_SCALE, 0x7FFFFF); // exponent all ones, mantissa set: NaN
    h.b().write(GPUREG_FRAGOP_CLIP, 1);
    h.b().write(GPUREG_FRAGOP_CLIP_DATA0, 0x7F0000); // +infinity
    h.quad(0, 0, 32, 32, -0.25f, {1, 0, 0, 1});
    h.draw();
    CHECK(h.warnings.size() == 2);
    CHECK(h.pixel(16, 16) == (Rgba{0xFF, 0, 0, 0xFF})); // a zero plane keeps everything
    CHECK(h.depth_word(16, 16) == 0x400000u);           // scale read as -1: depth 0.25
    CHECK(h.validation_messages() == 0);
}

TEST_CASE(
    "user clip plane (spec 004 FRAGOP_CLIP): fragments with dot(plane, position) < 0 are dropped") {
    RenderHarness h;
    h.clear(Rgba{0, 0, 0, 0});
    // Plane (-1, 0, 0, 0.5): keeps clip x <= 0.5, i.e. window x <= 24 of 32.
    h.b().write(GPUREG_FRAGOP_CLIP, 1);
    h.b().write(GPUREG_FRAGOP_CLIP_DATA0, float_to_f24(-1.0f));
    h.b().write(GPUREG_FRAGOP_CLIP_DATA1, float_to_f24(0.0f));
    h.b().write(GPUREG_FRAGOP_CLIP_DATA2, float_to_f24(0.0f));
    h.b().write(GPUREG_FRAGOP_CLIP_DATA3, float_to_f24(0.5f));
    h.quad(0, 0, 32, 32, -0.5f, {0, 1, 0, 1});
    h.draw();
    CHECK(h.pixel(23, 16) == (Rgba{0, 0xFF, 0, 0xFF}));
    CHECK(h.pixel(24, 16) == (Rgba{0, 0, 0, 0}));
    CHECK(h.pixel(31, 16) == (Rgba{0, 0, 0, 0}));
    // Disabled: the coefficients do nothing.
    h.b().write(GPUREG_FRAGOP_CLIP, 0);
    h.quad(0, 0, 32, 32, -0.5f, {0, 1, 0, 1});
    h.draw();
    CHECK(h.pixel(31, 16) == (Rgba{0, 0xFF, 0, 0xFF}));
    CHECK(h.validation_messages() == 0);
}

TEST_CASE("fragment shaders: textures are sampled and derivatives taken before any discard, and "
          "derivatives are fine (per pixel), specialised and ubershader") {
    // A discarded invocation ends (OpKill), and implicit derivatives of its quad are then
    // undefined: llvmpipe computes them anyway, RADV does not, so a texture's level of detail
    // next to a clip-plane or scissor edge would depend on the GPU. A plain dFdx may be per
    // quad (coarse) on a GPU and is per pixel on llvmpipe: the procedural texture's footprint
    // asks for per pixel everywhere.
    auto main_of = [](const std::string& glsl) {
        const std::size_t at = glsl.find("void main() {");
        REQUIRE(at != std::string::npos);
        return glsl.substr(at);
    };
    // Every call named in `samples` comes before the first discard.
    auto sampled_before_discard = [](const std::string& body,
                                     std::initializer_list<const char*> samples) {
        const std::size_t discard = body.find("discard;");
        REQUIRE(discard != std::string::npos);
        for (const char* call : samples) {
            CAPTURE(call);
            const std::size_t last = body.rfind(call);
            REQUIRE(last != std::string::npos);
            CHECK(last < discard);
        }
    };
    shadergen::FragmentConfig c;
    c.texture_units = 7;
    c.clip_plane = 1;
    c.scissor_outside = 1;
    c.proctex.enabled = 1;
    const std::string specialised = shadergen::generate_fragment_glsl(c);
    sampled_before_discard(main_of(specialised),
                           {"texture(tex_unit0", "texture(tex_unit1", "texture(tex_unit2",
                            "proctex_footprint(", "proctex_sample("});
    const std::string uber = shadergen::generate_ubershader_glsl();
    sampled_before_discard(main_of(uber),
                           {"sample_unit(0u", "sample_unit(1u", "sample_unit(2u",
                            "shadow_sample_2d(", "proctex_footprint(", "proctex_sample("});
    for (const std::string* glsl : {&specialised, &uber}) {
        CHECK(glsl->find("dFdxFine(") != std::string::npos);
        CHECK(glsl->find("dFdx(") == std::string::npos);
        CHECK(glsl->find("dFdy(") == std::string::npos);
    }
}

// (Both through the graphics pipeline: on a device with few raster units the compute
// rasteriser would draw the specialised frame, and this compares the two shaders.)
TEST_CASE_FIXTURE(
    test::WithoutComputeRaster,
    "shader compile: a new configuration draws at once with the ubershader, then specialised") {
    Session sync(128u << 20, RendererConfig{true, 1, -1, true, {}, ShaderCompile::Sync});
    Session async(128u << 20, RendererConfig{true, 1, -1, true, {}, ShaderCompile::Async});
    run_demo_frame(sync, 0);
    run_demo_frame(async, 0);
    // The first frame could not wait for its shader: the ubershader drew it.
    CHECK(async.renderer_counters().ubershader_draws == 1);
    const ScreenImage a = async.screen(Screen::Top), s = sync.screen(Screen::Top);
    REQUIRE(a.rgba.size() == s.rgba.size());
    // Same arithmetic; fog blends in floating point in both, allow one step there.
    std::size_t differ = 0;
    for (std::size_t i = 0; i < a.rgba.size(); ++i)
        differ += std::abs(int(a.rgba[i]) - int(s.rgba[i])) > 1;
    CHECK(differ == 0);
    async.wait_for_shader_compiles();
    run_demo_frame(async, 1);
    run_demo_frame(sync, 1);
    CHECK(async.renderer_counters().ubershader_draws == 1); // frame 1: the specialised shader
    CHECK(async.screen(Screen::Top).rgba == sync.screen(Screen::Top).rgba);
    CHECK(async.renderer_counters().validation_messages == 0);
    CHECK(async.warning_count() == 0);
}

// Twelve new configurations in one frame (a scene change), on three compile threads: each
// shader and pipeline is built once, side by side, and the next frame draws every one of them
// specialised, as Sync mode draws it. On a compute-rasterising device (the variant suites) the
// compute rasteriser's pipelines join them, ahead of the rest (CompileWorkers' order is
// tested on its own); the harness sends every draw to the GPU vertex path, so its pipelines
// build too.
TEST_CASE("shader compile: a scene's new configurations build side by side on the compile "
          "threads, each once") {
    const test::ScopedEnv threads("PICAVK_COMPILE_THREADS", "3");
    RenderHarness async(1, ColorFormat::RGBA8, DepthFormat::D24S8, ShaderCompile::Async);
    RenderHarness sync(1, ColorFormat::RGBA8, DepthFormat::D24S8, ShaderCompile::Sync);
    CHECK(async.session().compile_threads() == 3);
    constexpr unsigned kKeys = 12;
    auto frame = [&](RenderHarness& h, bool again) {
        auto& b = h.b();
        b.write(GPUREG_TEXENV0_SOURCE, 0x00000000u); // the vertex colour
        b.write(GPUREG_TEXENV2_SOURCE, 0x00E000EFu); // previous, constant, primary colour
        b.write(GPUREG_TEXENV2_COLOR, 0x80402010u);
        // Stage 2's RGB and alpha functions (replace ... add-multiply): a key a draw.
        auto before = [&](unsigned i) {
            b.write(GPUREG_TEXENV2_COMBINER, (i % 10) | (i / 10 + 1) << 16);
        };
        if (again) {
            h.draw_again(before);
            return;
        }
        for (unsigned i = 0; i < kKeys; ++i)
            h.quad(i * 2, 2, i * 2 + 2, 30, -0.5f,
                   {0.1f + 0.07f * static_cast<float>(i), 0.5f, 0.9f, 0.75f});
        h.draw_parts(kKeys, before);
    };
    frame(async, false);
    frame(sync, false);
    async.session().wait_for_shader_compiles();
    const RendererCounters built = async.session().renderer_counters();
    CHECK(built.ubershader_draws + built.vertex_fallbacks.compiling +
              built.compute_raster_fallbacks.compiling >=
          kKeys); // the first frame could not wait for them
    frame(async, true);
    frame(sync, true);
    const RendererCounters a = async.session().renderer_counters();
    const RendererCounters s = sync.session().renderer_counters();
    // The second frame found every pipeline built.
    CHECK(a.ubershader_draws == built.ubershader_draws);
    CHECK(a.vertex_fallbacks.compiling == built.vertex_fallbacks.compiling);
    CHECK(a.compute_raster_fallbacks.compiling == built.compute_raster_fallbacks.compiling);
    CHECK(a.pipelines_created == built.pipelines_created);
    // Each shader compiled once: a fragment shader a key (where the compute rasteriser draws
    // them, for the graphics pipeline that stood in), the one vertex program as Sync mode
    // compiles it, and at most two compute rasteriser shaders a key (for the first frame's
    // triangles the CPU shaded and cut while the vertex pre-pass compiled, then for the
    // pre-pass's).
    CHECK(a.shaders_compiled == kKeys);
    CHECK(a.vertex_programs_compiled == s.vertex_programs_compiled);
    CHECK(a.compute_raster_compiled <= 2 * kKeys);
    CHECK(a.compute_raster_compiled >= s.compute_raster_compiled);
    CHECK(a.most_compiles_at_once >= 1);
    CHECK(a.most_compiles_at_once <= 3);
    CHECK(async.color_rgba() == sync.color_rgba());
    CHECK(a.validation_messages == 0);
    CHECK(async.warnings.empty());
    CHECK(sync.warnings.empty());
}
