// The GPU vertex path against the CPU interpreter on whole programs: every corpus trace rendered
// both ways must give the same screens, and the path's fallbacks are counted by reason.

#include "corpus_trace.h"
#include "pica/regs/reg_ids.h"
#include "picavk/session.h"
#include "picavk/shader_cache.h"
#include "render_harness.h"
#include "scoped_env.h"
#include "screen_difference.h"

#include <doctest/doctest.h>

#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

using namespace picavk;

namespace {

// The GPU vertex path's cases run with the compute rasteriser off: where raster units are few
// (an H100 or H200, or PICAVK_DEVICE_ASSUME=few-raster-units) it takes the draws it covers, and
// it reads CPU-shaded vertices (vk/draw/rasterizer_compute.cpp).
using test::WithoutComputeRaster;

struct Rendered {
    std::vector<ScreenImage> screens;
    RendererCounters counters;
    std::vector<std::string> warnings;
    std::uint64_t warning_count = 0; // including those before the sink was set (cache files)
};

// `wait_after_first`: the first frame's compiles are waited for (async mode's later frames then
// find their pipelines).
// `stride`: the screens of every stride-th frame are kept (a long game trace would not fit).
Rendered render(const char* name, VertexShaders where, ShaderCompile compile,
                bool wait_after_first = false, const std::string& cache_dir = {},
                std::size_t stride = 1) {
    Rendered r;
    const auto trace = test::corpus_trace((std::string(name) + ".ctf").c_str());
    RendererConfig config{true, 1, -1, true, cache_dir, compile};
    config.vertex_shaders = where;
    config.gpu_vertex_min_draw = 1; // every draw the GPU path can take
    Session s(128u << 20, config);
    s.set_warning_sink([&](const std::string& w) { r.warnings.push_back(w); });
    const std::string error = s.replay(*trace, [&](std::size_t frame) {
        if (wait_after_first && frame == 0) s.wait_for_shader_compiles();
        if (frame % stride) return;
        r.screens.push_back(s.screen(Screen::Top));
        r.screens.push_back(s.screen(Screen::Bottom));
    });
    REQUIRE_MESSAGE(error.empty(), error);
    r.counters = s.renderer_counters();
    r.warning_count = s.warning_count();
    return r;
}

} // namespace

TEST_CASE_FIXTURE(
    WithoutComputeRaster,
    "vertex path: every corpus trace renders the same screens on the GPU path as on the "
    "CPU interpreter") {
    const char* const traces[] = {"simple_tri",     "immediate",     "both_screens", "multiple_buf",
                                  "geoshader",      "textured_cube", "cubemap",      "mipmap_fog",
                                  "gpusprites",     "particles",     "proctex",      "2d_shapes",
                                  "fragment_light", "lenny",         "toon_shading", "wide_mode_3d",
                                  "normal_mapping", "haxagon",       "craftus"};
    std::uint64_t gpu_draws = 0, draws = 0;
    for (const char* name : traces) {
        const std::string trace_name = name;
        CAPTURE(trace_name);
        // The 660 frames of each game: every 20th compared.
        const std::size_t stride = trace_name == "haxagon" || trace_name == "craftus" ? 20 : 1;
        const Rendered cpu =
            render(name, VertexShaders::Cpu, ShaderCompile::Sync, false, {}, stride);
        const Rendered gpu =
            render(name, VertexShaders::Gpu, ShaderCompile::Sync, false, {}, stride);
        CHECK(cpu.counters.gpu_vertex_draws == 0);
        CHECK(gpu.counters.validation_messages == 0);
        CHECK(gpu.warnings == cpu.warnings);
        REQUIRE(gpu.screens.size() == cpu.screens.size());
        const std::string trace = name;
        for (std::size_t i = 0; i < cpu.screens.size(); ++i) {
            CAPTURE(i);
            const auto [pixels, most] = test::difference(gpu.screens[i], cpu.screens[i]);
            // The translation is bit-exact but for EX2/LG2 (2^-18 relative; the differential
            // test), and the fragment stage is the same: the screens must be equal. Except where
            // lit draws pass through the quaternion flip's geometry stage: lavapipe then sets up
            // triangles on another path (a pass-through geometry shader that flips nothing gives
            // the same difference), and normal_mapping's bump-mapped highlights move by up to
            // 3 levels in 25 of its 96,000 pixels (measured; 0.03%).
            if (trace == "normal_mapping") {
                CHECK(most <= 3);
                CHECK(pixels * 2000 <= gpu.screens[i].rgba.size() / 4); // at most 0.05%
            } else {
                CHECK(pixels == 0);
                CHECK(most == 0);
            }
        }
        const RendererCounters::VertexFallbacks& f = gpu.counters.vertex_fallbacks;
        // Sync compiles: nothing waits for a compile, nothing is refused or unfetchable; lavapipe
        // has geometry shaders, so lit draws stay on the GPU path too.
        CHECK(f.compiling == 0);
        CHECK(f.program_refused == 0);
        CHECK(f.vertex_fetch == 0);
        CHECK(f.no_quaternion_flip == 0);
        if (trace == "geoshader" || trace == "particles") { // geometry shaders
            CHECK(f.geometry_shader > 0);
        } else if (trace == "immediate" || trace == "proctex") { // immediate-mode quads
            CHECK(f.immediate_mode > 0);
        } else {
            CHECK(f.geometry_shader == 0);
            // Every draw either went to the GPU or continued a primitive from the last draw.
            CHECK(gpu.counters.gpu_vertex_draws > 0);
        }
        MESSAGE(trace << ": " << gpu.counters.gpu_vertex_draws << " of " << gpu.counters.draws
                      << " draws on the GPU path; CPU: " << f.geometry_shader << " GS, "
                      << f.immediate_mode << " immediate, " << f.carried_primitive << " carried");
        gpu_draws += gpu.counters.gpu_vertex_draws;
        draws += gpu.counters.draws;
    }
    MESSAGE("corpus: " << gpu_draws << " of " << draws << " draws on the GPU vertex path");
}

TEST_CASE_FIXTURE(
    WithoutComputeRaster,
    "vertex path: in async mode a new program's draws run on the CPU until it is built, "
    "then on the GPU, with the same pictures") {
    const Rendered cpu = render("textured_cube", VertexShaders::Cpu, ShaderCompile::Sync);
    const Rendered gpu = render("textured_cube", VertexShaders::Gpu, ShaderCompile::Async, true);
    const RendererCounters& c = gpu.counters;
    CHECK(c.vertex_fallbacks.compiling > 0); // the first draws never wait
    CHECK(c.gpu_vertex_draws > 0);           // later ones find the pipeline built
    CHECK(c.gpu_vertex_draws + c.vertex_fallbacks.compiling <= c.draws);
    CHECK(c.vertex_programs_compiled == 1);
    REQUIRE(gpu.screens.size() == cpu.screens.size());
    for (std::size_t i = 0; i < cpu.screens.size(); ++i) {
        CAPTURE(i);
        // The ubershader draws the first frames while the specialised shader builds: within its
        // own tolerance of the specialised shader (test_fragment_differential.cpp), so compared
        // loosely here; the vertex path adds no difference of its own (the test above).
        const auto [pixels, most] = test::difference(gpu.screens[i], cpu.screens[i]);
        CHECK(most <= 1);
    }
}

TEST_CASE_FIXTURE(WithoutComputeRaster,
                  "vertex path: a warm start reads the translated programs' SPIR-V from the cache "
                  "directory, a damaged file is reported and rebuilt") {
    const std::string dir = std::string(PICAVK_TEST_TMP) + "/vertex-program-cache";
    std::filesystem::remove_all(dir);
    const Rendered cold =
        render("textured_cube", VertexShaders::Gpu, ShaderCompile::Sync, false, dir);
    CHECK(cold.counters.vertex_programs_compiled == 1);
    CHECK(cold.counters.vertex_programs_from_disk == 0);
    const Rendered warm =
        render("textured_cube", VertexShaders::Gpu, ShaderCompile::Sync, false, dir);
    CHECK(warm.counters.vertex_programs_compiled == 0);
    CHECK(warm.counters.vertex_programs_from_disk == 1);
    CHECK(warm.counters.gpu_vertex_draws == cold.counters.gpu_vertex_draws);
    CHECK(warm.warning_count == 0);
    REQUIRE(warm.screens.size() == cold.screens.size());
    for (std::size_t i = 0; i < cold.screens.size(); ++i)
        CHECK(warm.screens[i].rgba == cold.screens[i].rgba);
    // picavk-precompile --dump-glsl: the program as SPIRV-Cross reads its SPIR-V back (its key
    // names code the cache does not hold: no generated text beside it).
    {
        const std::string out = dir + "-glsl";
        std::filesystem::remove_all(out);
        std::string error;
        CHECK(dump_shader_cache_glsl(dir, out, error) >= 1);
        CHECK(error.empty());
        std::size_t programs = 0;
        for (const auto& e : std::filesystem::directory_iterator(out)) {
            const std::string n = e.path().filename().string();
            if (n.rfind("vertex-program-", 0) != 0) continue;
            ++programs;
            CHECK(n.find(".spirv-cross.vert") != std::string::npos);
            std::ifstream in(e.path());
            const std::string glsl((std::istreambuf_iterator<char>(in)),
                                   std::istreambuf_iterator<char>());
            CHECK(glsl.rfind("#version 450", 0) == 0);
            CHECK(glsl.find("gl_Position") != std::string::npos);
        }
        CHECK(programs == 1);
        std::filesystem::remove_all(out);
    }
    // Cut the vertex program file short: reported, rebuilt, the same pictures.
    std::string file;
    for (const auto& e : std::filesystem::directory_iterator(dir))
        if (e.path().filename().string().rfind("picavk-vertex-programs-", 0) == 0)
            file = e.path().string();
    REQUIRE(!file.empty());
    std::filesystem::resize_file(file, std::filesystem::file_size(file) / 2);
    const Rendered damaged =
        render("textured_cube", VertexShaders::Gpu, ShaderCompile::Sync, false, dir);
    CHECK(damaged.warning_count == 1); // "vertex program cache ... ignored and rebuilt"
    CHECK(damaged.counters.vertex_programs_compiled == 1);
    for (std::size_t i = 0; i < cold.screens.size(); ++i)
        CHECK(damaged.screens[i].rgba == cold.screens[i].rgba);
    std::filesystem::remove_all(dir);
}

namespace {

// Six vertices (two triangles covering the target) of the harness's six float4 attributes, the
// position first and a colour second, `stride` bytes apart (at least 96).
std::vector<std::uint8_t> full_quad(std::uint32_t stride) {
    const float corners[6][2] = {{-1, -1}, {1, -1}, {-1, 1}, {1, -1}, {1, 1}, {-1, 1}};
    std::vector<std::uint8_t> bytes(6 * stride + 16, 0);
    for (unsigned v = 0; v < 6; ++v) {
        const float attributes[8] = {
            corners[v][0], corners[v][1], -0.5f, 1.0f, 0.25f * static_cast<float>(v),
            1.0f,          0.5f,          1.0f};
        std::memcpy(&bytes[v * stride], attributes, sizeof attributes);
    }
    return bytes;
}

void submit(test::RenderHarness& h) {
    h.b().write(pica::GPUREG_FRAMEBUFFER_FLUSH, 1);
    h.b().finalize();
    h.session().submit(h.b().words());
    h.b().clear();
}

struct PathRun {
    std::vector<std::uint8_t> rgba;
    RendererCounters counters;
    std::vector<std::string> warnings;
};

// The harness's target cleared, `draw` run on the path asked for (every draw it can take on the
// GPU path), the picture and counters.
template <typename Draw>
PathRun run_path(VertexShaders where, Draw&& draw) {
    test::RenderHarness h;
    h.session().set_vertex_shaders(where, 1);
    h.clear(test::Rgba{0, 0, 0, 0xFF});
    draw(h);
    PathRun r{h.color_rgba(), h.session().renderer_counters(), h.warnings};
    CHECK(h.validation_messages() == 0);
    return r;
}

} // namespace

TEST_CASE_FIXTURE(
    WithoutComputeRaster,
    "vertex path: attributes the host cannot fetch aligned run on the CPU, counted, with "
    "the CPU path's picture") {
    // A 98-byte stride: the PICA reads the floats at 2-byte boundaries; Vulkan's vertex fetch
    // needs them 4-byte aligned.
    auto draw = [](test::RenderHarness& h) {
        constexpr std::uint32_t kStride = 98;
        h.session().write_memory(test::RenderHarness::kVertices, full_quad(kStride));
        auto& b = h.b();
        b.write(pica::GPUREG_ATTRIBBUFFERS_LOC, test::RenderHarness::kVertices >> 3);
        b.write(pica::GPUREG_ATTRIBBUFFER0_OFFSET, 0);
        b.write(pica::GPUREG_ATTRIBBUFFER0_CONFIG2, (kStride << 16) | (6u << 28));
        b.draw_arrays(0, 6);
        submit(h);
    };
    const PathRun cpu = run_path(VertexShaders::Cpu, draw);
    const PathRun gpu = run_path(VertexShaders::Gpu, draw);
    CHECK(gpu.counters.vertex_fallbacks.vertex_fetch == 1);
    CHECK(gpu.counters.gpu_vertex_draws == 0);
    CHECK(gpu.rgba == cpu.rgba);
    CHECK(cpu.rgba[0] != 0); // the quad was drawn
    // The same data at a 100-byte stride is fetched by the host.
    auto aligned = [](test::RenderHarness& h) {
        h.session().write_memory(test::RenderHarness::kVertices, full_quad(100));
        auto& b = h.b();
        b.write(pica::GPUREG_ATTRIBBUFFERS_LOC, test::RenderHarness::kVertices >> 3);
        b.write(pica::GPUREG_ATTRIBBUFFER0_OFFSET, 0);
        b.write(pica::GPUREG_ATTRIBBUFFER0_CONFIG2, (100u << 16) | (6u << 28));
        b.draw_arrays(0, 6);
        submit(h);
    };
    const PathRun fetched = run_path(VertexShaders::Gpu, aligned);
    CHECK(fetched.counters.gpu_vertex_draws == 1);
    CHECK(fetched.rgba == cpu.rgba);
}

TEST_CASE_FIXTURE(WithoutComputeRaster,
                  "vertex path: a program the translator refuses runs on the CPU, warned once and "
                  "counted, small draws stay on the CPU below the threshold") {
    // VSH_ENTRYPOINT past code memory: the interpreter runs what it runs there; the GPU path
    // refuses to translate it.
    auto draw = [](test::RenderHarness& h) {
        h.b().write(pica::GPUREG_VSH_ENTRYPOINT, 0x7FFF0000u | 0x1234u);
        for (int i = 0; i < 2; ++i) {
            h.quad(0, 0, 32, 32, -0.5f, {1, 0, 0, 1});
            h.draw();
        }
    };
    const PathRun cpu = run_path(VertexShaders::Cpu, draw);
    const PathRun gpu = run_path(VertexShaders::Gpu, draw);
    CHECK(gpu.counters.vertex_fallbacks.program_refused == 2);
    CHECK(gpu.rgba == cpu.rgba);
    std::size_t refusals = 0;
    for (const std::string& w : gpu.warnings)
        refusals +=
            w.find("runs on the CPU: entry point 4660 is outside code memory") != std::string::npos;
    CHECK(refusals == 2); // once per draw (counted warnings)
    // The threshold: the demo's draw has 36 vertices - on the CPU below 37, on the GPU at 36.
    for (const std::uint32_t threshold : {37u, 36u}) {
        CAPTURE(threshold);
        RendererConfig config{true, 1, -1, true, {}, ShaderCompile::Sync};
        config.gpu_vertex_min_draw = threshold;
        Session s(32u << 20, config);
        run_demo_frame(s, 0);
        const RendererCounters c = s.renderer_counters();
        REQUIRE(c.draws == 1);
        CHECK(c.vertex_fallbacks.small_draw == (threshold == 37 ? 1u : 0u));
        CHECK(c.gpu_vertex_draws == (threshold == 37 ? 0u : 1u));
    }
}

TEST_CASE_FIXTURE(WithoutComputeRaster,
                  "vertex path: lit draws on a device without geometry shaders run on the CPU (the "
                  "quaternion flip), counted, with the same pictures") {
    const Rendered cpu = render("fragment_light", VertexShaders::Cpu, ShaderCompile::Sync);
    // (Added to the fixture's compute-raster: setting the variable alone let an H200's compute
    // rasteriser take the draws, its vertex pre-pass shading them.)
    const Rendered gpu = [] {
        const test::ScopedEnv no_gs(
            "PICAVK_DEVICE_DISABLE",
            test::ScopedEnv::plus("PICAVK_DEVICE_DISABLE", "geometry-shader").c_str());
        return render("fragment_light", VertexShaders::Gpu, ShaderCompile::Sync);
    }();
    CHECK(gpu.counters.vertex_fallbacks.no_quaternion_flip == gpu.counters.draws);
    CHECK(gpu.counters.gpu_vertex_draws == 0);
    REQUIRE(gpu.screens.size() == cpu.screens.size());
    for (std::size_t i = 0; i < cpu.screens.size(); ++i)
        CHECK(gpu.screens[i].rgba == cpu.screens[i].rgba);
}
