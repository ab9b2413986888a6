// The compute rasteriser's vertex pre-pass (shadergen/vertex_prepass.h): draws the GPU vertex
// path could take have their vertices shaded by a compute pass and drawn uncut. Against the same
// rasteriser fed by the CPU interpreter, on corpus programs: the pictures must be the same. On
// lavapipe PICAVK_DEVICE_ASSUME=few-raster-units turns the compute rasteriser on.

#include "corpus_trace.h"
#include "pica/regs/reg_ids.h"
#include "picavk/session.h"
#include "picavk/shader_cache.h"
#include "render_harness.h"
#include "scoped_env.h"
#include "screen_difference.h"

#include <doctest/doctest.h>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <vector>

using namespace picavk;
using test::ScopedEnv;

namespace {

struct Rendered {
    std::vector<ScreenImage> screens;
    RendererCounters counters;
    GeometryCounters geometry;
    std::vector<std::string> warnings;
    std::uint64_t warning_count = 0;
    bool compute_raster = false;
};

// How the CPU's vertices reach the rasteriser: triangles reaching behind the eye cut on the CPU
// (the default), or given to the shader uncut as the pre-pass's always are.
enum class CpuTriangles { Cut, Uncut };

// Frames 0 to `frames` - 1 of the trace (every `stride`-th kept), vertex programs where `where`
// says, every draw the GPU path can take sent to it; `disable`: more of PICAVK_DEVICE_DISABLE.
Rendered render(const char* name, VertexShaders where, std::size_t frames, std::size_t stride = 1,
                CpuTriangles cpu = CpuTriangles::Uncut, ShaderCompile compile = ShaderCompile::Sync,
                const std::string& cache_dir = {}, const std::string& disable = {}) {
    ScopedEnv assume("PICAVK_DEVICE_ASSUME", "few-raster-units");
    const std::string off = (cpu == CpuTriangles::Uncut ? "raster-cpu-clip," : "") + disable;
    ScopedEnv uncut("PICAVK_DEVICE_DISABLE", off.c_str());
    Rendered r;
    const auto trace = test::corpus_trace((std::string(name) + ".ctf").c_str());
    RendererConfig config{true, 1, -1, true, cache_dir, compile};
    config.vertex_shaders = where;
    config.gpu_vertex_min_draw = 1;
    Session s(128u << 20, config);
    s.set_warning_sink([&](const std::string& w) { r.warnings.push_back(w); });
    r.compute_raster = s.compute_raster();
    frames = std::min(frames, trace->frames());
    for (std::size_t f = 0; f < frames; ++f) {
        REQUIRE(s.replay_frame(*trace, f));
        if (f % stride) continue;
        r.screens.push_back(s.screen(Screen::Top));
        r.screens.push_back(s.screen(Screen::Bottom));
    }
    s.wait_for_shader_compiles();
    r.counters = s.renderer_counters();
    r.geometry = s.geometry_counters();
    r.warning_count = s.warning_count();
    return r;
}

} // namespace

TEST_CASE("compute raster: the vertex pre-pass shades what the CPU interpreter shades - corpus "
          "programs draw the same pictures, every draw's vertices shaded on the GPU") {
    struct Case {
        const char* name;
        std::size_t frames, stride;
    };
    // Sprites (float attributes), a textured and a lit mesh (the quaternion flip), toon shading
    // (byte attributes at unaligned addresses), and a game's first frames.
    const Case cases[] = {{"gpusprites", 4, 1},   {"textured_cube", 4, 1}, {"normal_mapping", 4, 1},
                          {"toon_shading", 4, 1}, {"2d_shapes", 4, 1},     {"craftus", 40, 8}};
    for (const Case& c : cases) {
        const std::string trace = c.name;
        CAPTURE(trace);
        const Rendered cpu = render(c.name, VertexShaders::Cpu, c.frames, c.stride);
        const Rendered gpu = render(c.name, VertexShaders::Gpu, c.frames, c.stride);
        REQUIRE(gpu.compute_raster);
        CHECK(cpu.counters.compute_raster_gpu_vertex_draws == 0);
        CHECK(gpu.counters.compute_raster_gpu_vertex_draws > 0);
        CHECK(gpu.counters.compute_raster_gpu_vertex_draws <= gpu.counters.gpu_vertex_draws);
        CHECK(gpu.counters.vertex_prepasses_compiled > 0);
        CHECK(gpu.counters.validation_messages == 0);
        CHECK(gpu.warnings == cpu.warnings);
        const RendererCounters::VertexFallbacks& f = gpu.counters.vertex_fallbacks;
        CHECK(f.compiling == 0);
        CHECK(f.program_refused == 0);
        // Every draw but those continuing a primitive (none in these traces).
        CHECK(gpu.counters.compute_raster_gpu_vertex_draws == gpu.counters.compute_raster_draws);
        CHECK(gpu.geometry.vertex_shader_invocations == 0);
        REQUIRE(gpu.screens.size() == cpu.screens.size());
        // The translation is bit-exact but for EX2/LG2 (the differential test), both sides
        // rasterise uncut triangles alike, and the fragment code is the same: equal pictures.
        for (std::size_t i = 0; i < cpu.screens.size(); ++i) {
            CAPTURE(i);
            const auto [pixels, most] = test::difference(gpu.screens[i], cpu.screens[i]);
            CHECK(pixels == 0);
            CHECK(most == 0);
        }
        MESSAGE(trace << ": " << gpu.counters.compute_raster_gpu_vertex_draws << " of "
                      << gpu.counters.compute_raster_draws
                      << " compute draws shaded by the pre-pass; vertex shader runs on the CPU: "
                      << gpu.geometry.vertex_shader_invocations
                      << " (all on the CPU: " << cpu.geometry.vertex_shader_invocations
                      << "); raster dispatches: " << gpu.counters.compute_raster_dispatches
                      << " (CPU-shaded: " << cpu.counters.compute_raster_dispatches << ")");
    }
}

TEST_CASE("compute raster: a game's frames with vertices from the pre-pass against the CPU's cut "
          "triangles differ only where cut triangles' depths round otherwise") {
    // craftus' first frames: its terrain reaches behind the eye. The CPU cuts such triangles at
    // the near plane (guard_band_clip.h), the shader rasterises the pre-pass's whole; the new
    // vertices' depths round differently from the homogeneous plane's (up to 248 steps of 2^24,
    // test_compute_raster.cpp), which decides depth tests between coplanar block faces
    // differently in a few pixels: measured 145-174 of the top screen's 96,000, the rest equal.
    const Rendered cut = render("craftus", VertexShaders::Cpu, 40, 8, CpuTriangles::Cut);
    const Rendered gpu = render("craftus", VertexShaders::Gpu, 40, 8, CpuTriangles::Cut);
    CHECK(cut.counters.compute_raster_cut > 0);
    CHECK(gpu.counters.compute_raster_cut == 0);
    CHECK(gpu.counters.compute_raster_gpu_vertex_draws == gpu.counters.compute_raster_draws);
    REQUIRE(gpu.screens.size() == cut.screens.size());
    for (std::size_t i = 0; i < cut.screens.size(); ++i) {
        CAPTURE(i);
        const auto [pixels, most] = test::difference(gpu.screens[i], cut.screens[i]);
        CHECK(pixels * 400 <= gpu.screens[i].rgba.size() / 4); // at most 0.25%
    }
}

TEST_CASE("compute raster: a frame's memory fills go side by side and beside its first draw's "
          "pre-pass, and the picture is the same") {
    // gpusprites: each frame fills its colour buffer and its depth words (the two fill units),
    // then one pre-pass draw. Left open (Scheduler::leave_open), the depth fill goes beside
    // the colour fill, and the draw's zeroing and pre-pass beside both: synchronization
    // validation (on) reports a hazard if anything goes beside what it reads or writes.
    const Rendered open = render("gpusprites", VertexShaders::Gpu, 4);
    const Rendered apart = render("gpusprites", VertexShaders::Gpu, 4, 1, CpuTriangles::Uncut,
                                  ShaderCompile::Sync, {}, "open-passes");
    REQUIRE(open.compute_raster);
    CHECK(open.counters.compute_raster_gpu_vertex_draws > 0);
    MESSAGE("fills and transfers beside another: " << open.counters.passes_side_by_side << ", "
                                                   << apart.counters.passes_side_by_side
                                                   << " apart");
    CHECK(open.counters.passes_side_by_side >= 3); // every frame's depth fill, after the first's
    CHECK(apart.counters.passes_side_by_side == 0);
    REQUIRE(open.screens.size() == apart.screens.size());
    for (std::size_t i = 0; i < open.screens.size(); ++i) {
        CAPTURE(i);
        CHECK(open.screens[i].rgba == apart.screens[i].rgba);
    }
    CHECK(open.counters.validation_messages == 0);
    CHECK(apart.counters.validation_messages == 0);
    CHECK(open.warning_count == 0);
}

TEST_CASE("compute raster: pre-pass shaders are built in the background in async mode and read "
          "from the cache directory on a warm start") {
    const std::string dir = std::string(PICAVK_TEST_TMP) + "/vertex-prepass-cache";
    std::filesystem::remove_all(dir);
    const Rendered sync = render("textured_cube", VertexShaders::Gpu, 4);
    // Async: the first draws find nothing built and shade on the CPU (counted as compiling).
    const Rendered cold = render("textured_cube", VertexShaders::Gpu, 4, 1, CpuTriangles::Uncut,
                                 ShaderCompile::Async, dir);
    CHECK(cold.counters.vertex_fallbacks.compiling > 0);
    // and its compute shaders are not built either: those draws go to the graphics pipeline.
    CHECK(sync.counters.compute_raster_fallbacks.total() == 0);
    CHECK(cold.counters.compute_raster_fallbacks.compiling > 0);
    CHECK(cold.counters.compute_raster_fallbacks.total() ==
          cold.counters.compute_raster_fallbacks.compiling);
    CHECK(cold.counters.compute_raster_draws + cold.counters.compute_raster_fallbacks.compiling ==
          sync.counters.compute_raster_draws);
    CHECK(cold.counters.vertex_prepasses_compiled == 1);
    CHECK(cold.counters.vertex_prepasses_from_disk == 0);
    CHECK(cold.warning_count == 0);
    // Warm: the pre-pass's SPIR-V is on disk, so it is made at once, and every draw is shaded on
    // the GPU from the first (the compute shader's SPIR-V and the key list are on disk too).
    const Rendered warm = render("textured_cube", VertexShaders::Gpu, 4, 1, CpuTriangles::Uncut,
                                 ShaderCompile::Async, dir);
    CHECK(warm.counters.vertex_prepasses_compiled == 0);
    CHECK(warm.counters.vertex_prepasses_from_disk == 1);
    CHECK(warm.counters.vertex_fallbacks.compiling == 0);
    CHECK(warm.counters.compute_raster_fallbacks.total() == 0);
    CHECK(warm.counters.compute_raster_gpu_vertex_draws == sync.counters.compute_raster_draws);
    CHECK(warm.warning_count == 0);
    REQUIRE(warm.screens.size() == sync.screens.size());
    for (std::size_t i = 0; i < sync.screens.size(); ++i)
        CHECK(warm.screens[i].rgba == sync.screens[i].rgba);
    std::filesystem::remove_all(dir);
}

TEST_CASE("compute raster: the vertex pre-pass fetches bytes, unsigned bytes and shorts from any "
          "address as the CPU loader converts them") {
    // Six attributes (the harness's program moves v0-v5 to o0-o5): a position of four integers,
    // a colour of three (0 or 1 each: the colour clamp passes them as they are), and four one-
    // component ones (0: texture coordinates, quaternion and view read zero). Strides of 11
    // (bytes) and 22 bytes (shorts) put most elements at addresses that are not 4-byte aligned.
    // Signed values that an unsigned fetch would misread move the triangles.
    struct Layout {
        std::uint32_t position, colour, rest; // PICA attribute formats: type | (size - 1) << 2
        std::uint32_t element;                // bytes per component
    };
    const Layout layouts[] = {{0 | 3 << 2, 1 | 2 << 2, 1, 1}, {2 | 3 << 2, 2 | 2 << 2, 2, 2}};
    for (const Layout& l : layouts) {
        CAPTURE(l.element);
        const std::uint32_t stride = (4 + 3 + 4) * l.element;
        auto scene = [&](test::RenderHarness& h) {
            std::mt19937 rng(7);
            std::uniform_int_distribution<int> pos(-60, 60), bit(0, 1);
            constexpr unsigned kVertices = 3 * 24;
            std::vector<std::uint8_t> bytes(kVertices * stride + 16, 0);
            auto put = [&](std::size_t at, int value) {
                if (l.element == 1) {
                    bytes[at] = static_cast<std::uint8_t>(value);
                } else {
                    const auto v = static_cast<std::uint16_t>(value);
                    std::memcpy(&bytes[at], &v, 2);
                }
            };
            for (unsigned v = 0; v < kVertices; ++v) {
                const std::size_t at = std::size_t{v} * stride;
                const int w = 64;
                const int p[4] = {pos(rng), pos(rng), -w / 2, w};
                for (unsigned k = 0; k < 4; ++k)
                    put(at + k * l.element, p[k]);
                for (unsigned k = 0; k < 3; ++k)
                    put(at + (4 + k) * l.element, bit(rng));
            }
            h.session().write_memory(test::RenderHarness::kVertices, bytes);
            auto& b = h.b();
            b.write(pica::GPUREG_ATTRIBBUFFERS_FORMAT_LOW, l.position | l.colour << 4 |
                                                               l.rest << 8 | l.rest << 12 |
                                                               l.rest << 16 | l.rest << 20);
            b.write(pica::GPUREG_ATTRIBBUFFERS_LOC, test::RenderHarness::kVertices >> 3);
            b.write(pica::GPUREG_ATTRIBBUFFER0_OFFSET, 0);
            b.write(pica::GPUREG_ATTRIBBUFFER0_CONFIG2, (stride << 16) | (6u << 28));
            b.draw_arrays(0, kVertices);
            b.write(pica::GPUREG_FRAMEBUFFER_FLUSH, 1);
            b.finalize();
            h.session().submit(b.words());
            b.clear();
        };
        // `prepass` false: PICAVK_DEVICE_DISABLE=vertex-prepass, the CPU shades them.
        auto draw = [&](VertexShaders where, bool prepass = true) {
            ScopedEnv assume("PICAVK_DEVICE_ASSUME", "few-raster-units");
            ScopedEnv off("PICAVK_DEVICE_DISABLE", prepass ? "" : "vertex-prepass");
            test::RenderHarness h;
            h.session().set_vertex_shaders(where, 1);
            h.clear(test::Rgba{40, 40, 40, 0xFF});
            scene(h);
            CHECK(h.validation_messages() == 0);
            CHECK(h.warnings.empty());
            CHECK(h.session().compute_raster());
            const RendererCounters c = h.session().renderer_counters();
            CHECK(c.compute_raster_gpu_vertex_draws ==
                  (where == VertexShaders::Gpu && prepass ? 1u : 0u));
            CHECK(c.compute_raster_draws == 1);
            return h.color_rgba();
        };
        const std::vector<std::uint8_t> cpu = draw(VertexShaders::Cpu);
        const std::vector<std::uint8_t> gpu = draw(VertexShaders::Gpu);
        CHECK(gpu == cpu);
        CHECK(draw(VertexShaders::Gpu, false) == cpu);
        std::size_t drawn = 0; // pixels the triangles reached (not the clear colour)
        for (std::size_t i = 0; i < cpu.size(); i += 4)
            drawn += cpu[i] != 40 || cpu[i + 1] != 40 || cpu[i + 2] != 40;
        CHECK(drawn * 2 > cpu.size() / 4);
    }
}

TEST_CASE("compute raster: pre-pass draws with their own uniforms and entry points merge into one "
          "host draw, each shaded by its own program and values") {
    // Sixteen draws of the same quad, each moved to its own tile and coloured by uniforms that
    // change from draw to draw. Even draws run entry 0 (add o0, c0, v0; mov o1, c1), odd ones
    // entry 7 (add o0, c2, v0; mov o1, c3): the pair the other entry reads is set to move the
    // quad off the target in black, so a draw shaded with another draw's program or uniforms
    // lands in the wrong place or colour. Merged, they are one pre-pass dispatch each and one
    // binning and raster pass for all.
    using pica::AttributeValue;
    auto draw = [&](VertexShaders where) {
        ScopedEnv assume("PICAVK_DEVICE_ASSUME", "few-raster-units");
        test::RenderHarness h;
        h.session().set_vertex_shaders(where, 1);
        h.clear(test::Rgba{40, 40, 40, 0xFF});
        const std::uint32_t desc = 0xF | (0x1Bu << 5) | (0x1Bu << 14);
        std::vector<std::uint32_t> code;
        for (const std::uint32_t c : {0x20u, 0x22u}) {
            code.push_back((0x00u << 26) | (0u << 21) | (c << 12) | (0u << 7)); // add o0, c, v0
            code.push_back((0x13u << 26) | (1u << 21) | ((c + 1) << 12));       // mov o1, c+1
            for (std::uint32_t i = 2; i < 6; ++i)
                code.push_back((0x13u << 26) | (i << 21) | (i << 12)); // mov oi, vi
            code.push_back(0x22u << 26);                               // end
        }
        REQUIRE(code.size() == 14);
        h.b().upload_shader(pica::ShaderUnit::Vertex, code, std::vector<std::uint32_t>{desc}, 0);
        for (unsigned q = 0; q < 16; ++q)
            h.quad(1, 1, 7, 7, -0.5f, {1, 1, 1, 1});
        h.draw_parts(16, [&](unsigned part) {
            const AttributeValue move{0.5f * static_cast<float>(part % 4),
                                      0.5f * static_cast<float>(part / 4), 0.0f, 0.0f};
            const AttributeValue colour{static_cast<float>(part & 1),
                                        static_cast<float>(part >> 1 & 1),
                                        static_cast<float>(part >> 2 & 1), 1.0f};
            const AttributeValue away{4.0f, 4.0f, 0.0f, 0.0f}, black{0.0f, 0.0f, 0.0f, 1.0f};
            const bool odd = part & 1;
            const AttributeValue values[4] = {odd ? away : move, odd ? black : colour,
                                              odd ? move : away, odd ? colour : black};
            h.b().set_float_uniforms(pica::ShaderUnit::Vertex, 0, values, true);
            h.b().write(pica::GPUREG_VSH_ENTRYPOINT, 0x7FFF0000u | (odd ? 7u : 0u));
        });
        CHECK(h.last_error == false);
        CHECK(h.validation_messages() == 0);
        CHECK(h.warnings.empty());
        REQUIRE(h.session().compute_raster());
        const RendererCounters c = h.session().renderer_counters();
        CHECK(c.compute_raster_draws == 16);
        CHECK(c.compute_raster_gpu_vertex_draws == (where == VertexShaders::Gpu ? 16u : 0u));
        if (where == VertexShaders::Gpu) CHECK(c.compute_raster_dispatches == 1);
        return h.color_rgba();
    };
    const std::vector<std::uint8_t> cpu = draw(VertexShaders::Cpu), gpu = draw(VertexShaders::Gpu);
    CHECK(gpu == cpu);
    // Window (x, y), y up: memory row 31 - y.
    auto at = [&](std::uint32_t x, std::uint32_t y) { return &gpu[((31 - y) * 32 + x) * 4]; };
    for (unsigned part = 0; part < 16; ++part) {
        CAPTURE(part);
        const std::uint8_t* px = at(8 * (part % 4) + 4, 8 * (part / 4) + 4);
        CHECK(px[0] == (part & 1 ? 255 : 0));
        CHECK(px[1] == (part >> 1 & 1 ? 255 : 0));
        CHECK(px[2] == (part >> 2 & 1 ? 255 : 0));
        CHECK(at(8 * (part % 4), 8 * (part / 4))[0] == 40); // between the tiles
    }
}

TEST_CASE("compute raster: a binned draw's raster pass starts at the first bin its triangles mark "
          "(dispatched from the binning pass's count)") {
    // At scale 4 the 32x32 target is 4x4 bins of 8 guest pixels (32 host pixels). A pre-pass
    // draw is binned over the whole viewport, and its raster pass covers only the bins the
    // binning pass marked: here columns 1-3 and rows 1-2 (whichever way rows count), none in
    // the first row or column. A pass that took its tiles from the viewport's origin would
    // leave the last column undrawn.
    auto draw = [&](VertexShaders where) {
        ScopedEnv assume("PICAVK_DEVICE_ASSUME", "few-raster-units");
        test::RenderHarness h(4);
        h.session().set_vertex_shaders(where, 1);
        h.clear(test::Rgba{40, 40, 40, 0xFF});
        h.quad(18, 18, 26, 22, -0.5f, {1, 0, 0, 1});
        h.quad(25, 10, 31, 15, -0.5f, {0, 1, 0, 1});
        h.quad(10, 12, 14, 20, -0.5f, {0, 0, 1, 1});
        h.draw();
        CHECK(h.validation_messages() == 0);
        CHECK(h.warnings.empty());
        REQUIRE(h.session().compute_raster());
        const RendererCounters c = h.session().renderer_counters();
        CHECK(c.compute_raster_binned == (where == VertexShaders::Gpu ? 1u : 0u));
        return h.color_rgba();
    };
    const std::vector<std::uint8_t> cpu = draw(VertexShaders::Cpu), gpu = draw(VertexShaders::Gpu);
    CHECK(gpu == cpu);
    auto at = [&](std::uint32_t x, std::uint32_t y) { return &gpu[((31 - y) * 32 + x) * 4]; };
    CHECK(at(19, 19)[0] == 255);
    CHECK(at(25, 21)[0] == 255);
    CHECK(at(26, 11)[1] == 255);
    CHECK(at(30, 14)[1] == 255);
    CHECK(at(10, 12)[2] == 255);
    CHECK(at(13, 19)[2] == 255);
    CHECK(at(2, 2)[0] == 40);
}

TEST_CASE("cache tools: the compute rasteriser's and the vertex pre-pass's files are verified, "
          "inspected, dumped as GLSL, compared, pruned and repaired") {
    const std::string dir = std::string(PICAVK_TEST_TMP) + "/prepass-cache-tools";
    std::filesystem::remove_all(dir);
    // (With one of the key's switches set, so that the dump shows whether it reads it.)
    render("textured_cube", VertexShaders::Gpu, 4, 1, CpuTriangles::Cut, ShaderCompile::Sync, dir,
           "raster-early-loads");
    std::filesystem::path compute, prepass;
    std::size_t fragment_files = 0; // none where every draw was a compute draw
    for (const auto& e : std::filesystem::directory_iterator(dir)) {
        const std::string n = e.path().filename().string();
        if (n.rfind("picavk-compute-raster-", 0) == 0) compute = e.path();
        if (n.rfind("picavk-vertex-prepass-", 0) == 0) prepass = e.path();
        fragment_files += n.rfind("picavk-shaders-", 0) == 0;
    }
    REQUIRE(!compute.empty());
    REQUIRE(!prepass.empty());
    std::string error;
    CacheCheck c = verify_shader_cache(dir, false, error);
    REQUIRE(error.empty());
    CHECK(c.files == 2 + fragment_files); // the compute rasteriser's, the pre-pass's
    CHECK(c.entries >= 2);
    CHECK(c.problems.empty()); // (the compute shader compiled again from its key: the same)
    const std::size_t entries = c.entries;
    const std::string text = inspect_shader_cache(dir, error);
    CHECK(text.find("1 compute rasteriser shaders") != std::string::npos);
    CHECK(text.find("1 vertex pre-passes") != std::string::npos);
    auto read_text = [](const std::filesystem::path& path) {
        std::ifstream in(path, std::ios::binary);
        return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    };
    auto ends_with = [](const std::string& s, const std::string& tail) {
        return s.size() >= tail.size() && s.compare(s.size() - tail.size(), tail.size(), tail) == 0;
    };
    // Dump: the compute rasteriser's shader as the generator wrote it and as SPIRV-Cross reads
    // its SPIR-V back; the pre-pass's as SPIRV-Cross reads it (its key names program code).
    const std::string out = dir + "-glsl";
    std::filesystem::remove_all(out);
    CHECK(dump_shader_cache_glsl(dir, out, error) == entries);
    std::size_t generated = 0, crossed = 0;
    for (const auto& e : std::filesystem::directory_iterator(out)) {
        const std::string n = e.path().filename().string();
        const std::string glsl = read_text(e.path());
        if (n.rfind("compute-raster-", 0) == 0 && ends_with(n, ".generated.comp")) {
            ++generated;
            CHECK(glsl.find("local_size_x") != std::string::npos);
            // The shader its key names, every field of it: the earlier ways it was made with.
            CHECK(glsl.find("#define PICA_LATE_LOADS 1") != std::string::npos);
        }
        if (ends_with(n, ".spirv-cross.comp")) {
            ++crossed;
            CHECK(glsl.rfind("#version 450", 0) == 0);
            CHECK(glsl.find("void main()") != std::string::npos);
        }
    }
    CHECK(generated == 1);
    CHECK(crossed == 2);
    // Diff and prune: a copy is the same. Pruned to the run's own key list, it keeps the
    // compute shader (its fragment shader's key is listed); pruned to an empty one, it loses it
    // and keeps the pre-pass (no key list names programs), and the diff says so.
    std::vector<std::uint8_t> own_keys;
    for (const auto& e : std::filesystem::directory_iterator(dir))
        if (e.path().filename().string().rfind("picavk-keys-", 0) == 0) {
            const std::string bytes = read_text(e.path());
            own_keys.assign(bytes.begin(), bytes.end());
        }
    const std::string copy = dir + "-copy";
    std::filesystem::remove_all(copy);
    std::filesystem::copy(dir, copy);
    bool same = false;
    diff_shader_caches(dir, copy, same, error);
    CHECK(same);
    PruneReport pruned = prune_shader_cache(copy, own_keys, error);
    CHECK(error.empty());
    CHECK(pruned.compute_kept == 1);
    CHECK(pruned.compute_removed == 0);
    std::string why;
    pruned = prune_shader_cache(
        copy, merge_shader_keys(std::span<const std::vector<std::uint8_t>>{}, why), error);
    CHECK(error.empty());
    CHECK(pruned.compute_kept == 0);
    CHECK(pruned.compute_removed == 1);
    CHECK(pruned.programs_kept == 1);
    const std::string d = diff_shader_caches(dir, copy, same, error);
    CHECK_FALSE(same);
    CHECK(d.find("compute rasteriser shaders: 1 in " + dir + ", 0 in " + copy +
                 "; 1 only in the first") != std::string::npos);
    CHECK(d.find("vertex pre-passes: 1 in " + dir + ", 1 in " + copy +
                 "; 0 only in the first, 0 only in the second, 0 with other SPIR-V") !=
          std::string::npos);
    CHECK(d.find("\n- compute rasteriser shader ") != std::string::npos);
    std::filesystem::remove_all(copy);
    std::filesystem::remove_all(out);
    // One byte changed in the middle of each: found, and repair drops the entry (its key alone
    // cannot rebuild a damaged one), after which the files are whole again.
    for (const auto& p : {compute, prepass}) {
        std::fstream f(p, std::ios::in | std::ios::out | std::ios::binary);
        f.seekg(0, std::ios::end);
        const auto size = static_cast<long>(f.tellg());
        f.seekg(size / 2);
        const char old = static_cast<char>(f.get());
        f.seekp(size / 2);
        f.put(static_cast<char>(old ^ 0x55));
    }
    c = verify_shader_cache(dir, false, error);
    CHECK(c.damaged == 2);
    CHECK(c.problems.size() >= 2);
    verify_shader_cache(dir, true, error);
    c = verify_shader_cache(dir, false, error);
    CHECK(c.problems.empty());
    CHECK(c.entries == entries - 2);
    // A run with the repaired directory builds them again, without a warning.
    const Rendered again = render("textured_cube", VertexShaders::Gpu, 4, 1, CpuTriangles::Cut,
                                  ShaderCompile::Sync, dir);
    CHECK(again.warning_count == 0);
    CHECK(again.counters.vertex_prepasses_compiled == 1);
    std::filesystem::remove_all(dir);
}
