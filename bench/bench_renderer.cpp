// BM_Renderer...: what a draw costs in a frame of many small ones, as games send them: quads of
// six vertices, the constant colour changing every draw, the combiner every 10th, the texture
// every 5th and the blend function every 7th (lavapipe or the first Vulkan device, validation
// off, 1x, shaders compiled before timing).
//  - BM_RendererFrame/N: submit the frame's command list and wait for the GPU (end_frame):
//    end to end. Per extra draw = (time at 2000 - time at 50) / 1950.
//  - BM_RendererFrameColours/N: the same with only the constant colour (every draw) and the
//    combiner (every 10th) changing, the frame a new user tries first.
//  - BM_RendererSubmitCpu/N: submit only - picavk's own CPU cost (command processor, vertex
//    shader, key, state, recording); the GPU wait is outside the timing.
#include "../tests/vk/render_harness.h"

#include <benchmark/benchmark.h>

#include <memory>
#include <vector>

using namespace picavk;
using namespace picavk::pica;
using test::RenderHarness;

namespace {

struct Frame {
    std::unique_ptr<RenderHarness> h;
    std::vector<std::uint32_t> words;
};

// The harness's state, one quad's vertices in memory, two 8x8 textures, and the command list
// of `draws` draws with their state changes.
Frame make_frame(unsigned draws, bool textures_and_blend = true,
                 VertexShaders where = VertexShaders::Gpu, std::uint32_t gpu_min_draw = 0) {
    Frame f;
    f.h = std::make_unique<RenderHarness>(1, ColorFormat::RGBA8, DepthFormat::D24S8,
                                          ShaderCompile::Sync, false);
    RenderHarness& h = *f.h;
    h.session().set_vertex_shaders(where, gpu_min_draw);
    std::vector<std::uint8_t> texels(8 * 8 * 4);
    for (std::size_t i = 0; i < texels.size(); ++i)
        texels[i] = static_cast<std::uint8_t>(i * 7);
    h.texture(1, 8, 8, texels); // at 0x18110000: the second texture
    h.texture(0, 8, 8, texels); // at 0x18100000, unit 0
    h.quad(4, 4, 12, 12, -0.5f, {1, 1, 1, 1});
    h.draw(); // state, vertices, the first pipeline
    auto& b = h.b();
    b.write(GPUREG_TEXUNIT_CONFIG, 1u | (1u << 12));
    for (unsigned i = 0; i < draws; ++i) {
        b.write(GPUREG_TEXENV0_COLOR, 0xFF000000u | (i * 0x010305u & 0xFFFFFFu));
        if (i % 10 == 0) {
            b.write(GPUREG_TEXENV0_SOURCE, 0x00E300E3u); // texture 0, constant
            b.write(GPUREG_TEXENV0_COMBINER, (i / 10) % 2 ? 0x00010001u : 0x00020002u);
        }
        if (textures_and_blend && i % 5 == 0)
            b.write(GPUREG_TEXUNIT0_ADDR1, (0x18100000u + (i / 5 % 2) * 0x10000u) >> 3);
        if (textures_and_blend && i % 7 == 0)
            b.write(GPUREG_BLEND_FUNC, (i / 7) % 2 ? 0x76760000u : 0x01010000u);
        b.draw_arrays(0, 6);
    }
    b.write(GPUREG_FRAMEBUFFER_FLUSH, 1);
    b.finalize();
    f.words = b.words();
    b.clear();
    // Once untimed: every pipeline of the frame is compiled.
    h.session().submit(f.words);
    h.session().end_frame();
    return f;
}

void run_frames(benchmark::State& state, bool textures_and_blend,
                VertexShaders where = VertexShaders::Gpu, std::uint32_t gpu_min_draw = 0) {
    const auto draws = static_cast<unsigned>(state.range(0));
    Frame f = make_frame(draws, textures_and_blend, where, gpu_min_draw);
    Session& s = f.h->session();
    const RendererCounters before = s.renderer_counters();
    for (auto _ : state) {
        s.submit(f.words);
        s.end_frame();
    }
    state.SetItemsProcessed(state.iterations() * draws);
    const RendererCounters after = s.renderer_counters();
    state.counters["pipelines"] = static_cast<double>(after.pipelines_created);
    // Vulkan draws per frame (draws that change only uniform values are merged).
    state.counters["host_draws"] = static_cast<double>(after.host_draws - before.host_draws) /
                                   static_cast<double>(state.iterations());
}
void BM_RendererFrame(benchmark::State& state) {
    run_frames(state, true);
}
BENCHMARK(BM_RendererFrame)->Arg(50)->Arg(2000)->Unit(benchmark::kMicrosecond);
void BM_RendererFrameColours(benchmark::State& state) {
    run_frames(state, false);
}
BENCHMARK(BM_RendererFrameColours)->Arg(50)->Arg(2000)->Unit(benchmark::kMicrosecond);
// BM_RendererFrame's frame with the vertex programs on the CPU interpreter for every draw
// (VertexShaders::Cpu; the default config leaves these six-vertex draws there too), and on the
// GPU vertex path for every draw (gpu_vertex_min_draw 1: no draw merges).
void BM_RendererFrameCpuVertices(benchmark::State& state) {
    run_frames(state, true, VertexShaders::Cpu);
}
BENCHMARK(BM_RendererFrameCpuVertices)->Arg(50)->Arg(2000)->Unit(benchmark::kMicrosecond);
void BM_RendererFrameGpuVertices(benchmark::State& state) {
    run_frames(state, true, VertexShaders::Gpu, 1);
}
BENCHMARK(BM_RendererFrameGpuVertices)->Arg(50)->Arg(2000)->Unit(benchmark::kMicrosecond);

void BM_RendererSubmitCpu(benchmark::State& state) {
    const auto draws = static_cast<unsigned>(state.range(0));
    Frame f = make_frame(draws);
    Session& s = f.h->session();
    for (auto _ : state) {
        s.submit(f.words);
        state.PauseTiming();
        s.end_frame();
        state.ResumeTiming();
    }
    state.SetItemsProcessed(state.iterations() * draws);
}
BENCHMARK(BM_RendererSubmitCpu)->Arg(2000)->Unit(benchmark::kMicrosecond);

// BM_RendererVertexPath/P/T: one draw of 12,288 vertices (2,048 quads over the target) with a
// transform program (four DP4 for the position, five MOVs), its vertex shader on the CPU
// interpreter (P = 0) or the GPU vertex path (P = 1). T = 0: submit only - the CPU time the draw
// costs picavk (items: vertices per second of CPU time); T = 1: submit and wait for the GPU.
void BM_RendererVertexPath(benchmark::State& state) {
    const bool gpu = state.range(0) != 0, wait = state.range(1) != 0;
    RenderHarness h(1, ColorFormat::RGBA8, DepthFormat::D24S8, ShaderCompile::Sync, false);
    Session& s = h.session();
    s.set_vertex_shaders(gpu ? VertexShaders::Gpu : VertexShaders::Cpu, 1);
    auto& b = h.b();
    // dp4 o0.x-w, c0-c3, v0; mov o1-o5, v1-v5; end. Descriptors: 0 xyzw, 1-4 x, y, z, w.
    const std::uint32_t swizzles = (0x1Bu << 5) | (0x1Bu << 14);
    const std::vector<std::uint32_t> descs = {0xF | swizzles, 0x8 | swizzles, 0x4 | swizzles,
                                              0x2 | swizzles, 0x1 | swizzles};
    std::vector<std::uint32_t> code;
    for (std::uint32_t i = 0; i < 4; ++i)
        code.push_back((0x02u << 26) | (0x20u + i) << 12 | (i + 1));
    for (std::uint32_t i = 1; i < 6; ++i)
        code.push_back((0x13u << 26) | (i << 21) | (i << 12));
    code.push_back(0x22u << 26);
    b.upload_shader(ShaderUnit::Vertex, code, descs, 0);
    std::vector<AttributeValue> rows(4);
    for (unsigned i = 0; i < 4; ++i) {
        rows[i] = {0, 0, 0, 0};
        rows[i][i] = 1.0f;
    }
    b.set_float_uniforms(ShaderUnit::Vertex, 0, rows);
    constexpr unsigned kQuads = 2048; // 12,288 vertices
    for (unsigned q = 0; q < kQuads; ++q) {
        const std::uint32_t x = q % 32, y = q / 32 % 32;
        h.quad(x, y, x + 1, y + 1, -0.5f, {1, 0.5f, 0.25f, 1});
    }
    h.draw();
    b.write(GPUREG_FRAMEBUFFER_FLUSH, 1);
    b.finalize();
    s.submit(b.words()); // state, program, the first draw: the pipeline compiled, untimed
    s.end_frame();
    b.clear();
    b.draw_arrays(0, kQuads * 6); // the same vertices again
    b.write(GPUREG_FRAMEBUFFER_FLUSH, 1);
    b.finalize();
    const std::vector<std::uint32_t> words = b.words();
    const RendererCounters before = s.renderer_counters();
    for (auto _ : state) {
        s.submit(words);
        if (!wait) state.PauseTiming();
        s.end_frame();
        if (!wait) state.ResumeTiming();
    }
    const RendererCounters after = s.renderer_counters();
    const auto iterations = static_cast<std::uint64_t>(state.iterations());
    if (after.gpu_vertex_draws - before.gpu_vertex_draws != (gpu ? iterations : 0))
        state.SkipWithError("the draw did not take the vertex path asked for");
    state.SetItemsProcessed(state.iterations() * kQuads * 6);
}
BENCHMARK(BM_RendererVertexPath)
    ->Args({0, 0})
    ->Args({1, 0})
    ->Args({0, 1})
    ->Args({1, 1})
    ->Unit(benchmark::kMicrosecond);

// BM_RendererShadowPass/N: a frame of N shadow-mode draws (COLOR_OPERATION 3) on a host without
// fragment-shader interlock (lavapipe), the intensity changing every draw (casters and penumbra
// geometry): each draw is its own Vulkan draw with a barrier after it (docs/research/shadow.md
// 3.3). BM_RendererShadowPassCasters/N: N caster draws with the same fragment state, which
// merge. Compare with BM_RendererFrameColours/N, whose draws merge.
void shadow_pass(benchmark::State& state, bool same_state) {
    const auto draws = static_cast<unsigned>(state.range(0));
    RenderHarness h(1, ColorFormat::RGBA8, DepthFormat::D24S8, ShaderCompile::Sync, false);
    h.quad(4, 4, 12, 12, -0.5f, {1, 1, 1, 1});
    h.draw();
    auto& b = h.b();
    b.write(GPUREG_COLOR_OPERATION, 0x00E40003u);
    b.write(GPUREG_TEXENV0_SOURCE, 0x000E000Eu);
    for (unsigned i = 0; i < draws; ++i) {
        if (!same_state || i == 0)
            b.write(GPUREG_TEXENV0_COLOR,
                    0xFF000000u | (same_state || i % 3 == 0 ? 0 : (i & 0xFF) << 8));
        b.draw_arrays(0, 6);
    }
    b.write(GPUREG_FRAMEBUFFER_FLUSH, 1);
    b.finalize();
    const std::vector<std::uint32_t> words = b.words();
    b.clear();
    Session& s = h.session();
    s.submit(words);
    s.end_frame();
    const RendererCounters before = s.renderer_counters();
    for (auto _ : state) {
        s.submit(words);
        s.end_frame();
    }
    state.SetItemsProcessed(state.iterations() * draws);
    const RendererCounters after = s.renderer_counters();
    state.counters["host_draws"] = static_cast<double>(after.host_draws - before.host_draws) /
                                   static_cast<double>(state.iterations());
}
void BM_RendererShadowPass(benchmark::State& state) {
    shadow_pass(state, false);
}
BENCHMARK(BM_RendererShadowPass)->Arg(50)->Arg(2000)->Unit(benchmark::kMicrosecond);
void BM_RendererShadowPassCasters(benchmark::State& state) {
    shadow_pass(state, true);
}
BENCHMARK(BM_RendererShadowPassCasters)->Arg(50)->Arg(2000)->Unit(benchmark::kMicrosecond);

// BM_RendererFirstDraw/K: what a draw whose shader the ubershader does not cover costs the first
// time (glslang, then the driver's pipeline compile, then the draw), for K = 0 an ordinary
// configuration (for comparison; it takes the ubershader in Async mode), 1 a shadow-mode write,
// 2 a shadow cube sample, 3 gas accumulation. Each iteration draws a configuration never seen
// before (stage 2 reads a new pair of sources).
void BM_RendererFirstDraw(benchmark::State& state) {
    const auto kind = static_cast<unsigned>(state.range(0));
    RenderHarness h(1, ColorFormat::RGBA8, DepthFormat::D24S8, ShaderCompile::Sync, false);
    std::vector<std::uint8_t> texels(8 * 8 * 4, 0x80);
    h.texture(0, 8, 8, texels, kind == 2 ? 4u << 28 : 0u);
    h.quad(4, 4, 12, 12, -0.5f, {1, 1, 1, 1});
    h.draw();
    auto& b = h.b();
    b.write(GPUREG_TEXUNIT_CONFIG, 1u | 1u << 12);
    b.write(GPUREG_TEXENV0_SOURCE, 0x00030003u);
    if (kind == 1) b.write(GPUREG_COLOR_OPERATION, 0x00E40003u);
    if (kind == 3) b.write(GPUREG_COLOR_OPERATION, 0x00E40001u);
    Session& s = h.session();
    std::uint32_t n = 0;
    for (auto _ : state) {
        // Stage 2: RGB sources (previous, constant, a third from 16 x 16 choices), a new key.
        const std::uint32_t sources = 0xFu | 0xEu << 4 | (n % 16) << 8 | (n / 16 % 16) << 16;
        ++n;
        b.write(GPUREG_TEXENV2_SOURCE, sources);
        b.write(GPUREG_TEXENV2_COMBINER, 0x00040004u); // interpolate: all three read
        b.draw_arrays(0, 6);
        b.write(GPUREG_FRAMEBUFFER_FLUSH, 1);
        b.finalize();
        s.submit(b.words());
        b.clear();
        s.end_frame();
    }
    state.SetItemsProcessed(state.iterations());
    state.counters["pipelines"] = static_cast<double>(s.renderer_counters().pipelines_created);
}
BENCHMARK(BM_RendererFirstDraw)
    ->Arg(0)
    ->Arg(1)
    ->Arg(2)
    ->Arg(3)
    ->Iterations(24)
    ->Unit(benchmark::kMillisecond);

} // namespace
