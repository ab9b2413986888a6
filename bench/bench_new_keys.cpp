// BM_RendererNewKeys/C/T: a frame of 8 draws whose configurations were never seen before (a
// game's scene change), in Async mode, until every shader they asked for is built: the frame
// (each draw meanwhile takes the ubershader, or with the compute rasteriser, C = 1 with
// PICAVK_DEVICE_ASSUME=few-raster-units, the graphics pipeline; C = 0 turns it off,
// PICAVK_DEVICE_DISABLE=compute-raster, where the device would take it), then the wait for the
// background compiles (Session::wait_for_shader_compiles), on T compile threads
// (PICAVK_COMPILE_THREADS). Items are the new configurations. Counters per iteration:
// compute_ms, from the frame's submission until its compute rasteriser pipelines were all built
// (polled each 0.2 ms: how long its draws take the graphics pipeline, which on a GPU with few
// raster units costs 5-21 ms a frame at scale 8); fallback_draws, the frame's draws that took a
// stand-in. Scale 1, validation off, the draws' few vertices shaded on the CPU (as a GPU's
// threshold of 16 vertices leaves a quad). 8 iterations a run (64 configurations): take medians
// of repetitions.
#include "../tests/vk/render_harness.h"
#include "../tests/vk/scoped_env.h"

#include <benchmark/benchmark.h>

#include <chrono>
#include <string>
#include <thread>

using namespace picavk;
using namespace picavk::pica;
using test::RenderHarness;

namespace {

constexpr unsigned kKeys = 8;

void BM_RendererNewKeys(benchmark::State& state) {
    const bool compute = state.range(0) != 0;
    const std::string threads = std::to_string(state.range(1));
    const test::ScopedEnv compile_threads("PICAVK_COMPILE_THREADS", threads.c_str());
    const test::ScopedEnv paths(compute ? "PICAVK_DEVICE_ASSUME" : "PICAVK_DEVICE_DISABLE",
                                compute ? "few-raster-units" : "compute-raster");
    RenderHarness h(1, ColorFormat::RGBA8, DepthFormat::D24S8, ShaderCompile::Async, false);
    Session& s = h.session();
    if (compute && !s.compute_raster()) {
        state.SkipWithError("the device has no compute rasteriser (shaderInt64)");
        return;
    }
    s.set_vertex_shaders(VertexShaders::Gpu, 0);
    auto& b = h.b();
    b.write(GPUREG_TEXENV0_SOURCE, 0x00000000u); // stage 0 passes the vertex colour on
    std::uint32_t n = 0;
    double compute_ms = 0;
    std::uint64_t fallbacks = 0;
    // Stage 2's RGB sources (previous, constant, a third of 16 x 16 choices) and its RGB
    // function (interpolate, add-multiply, multiply-add: all three read): a new key a draw for
    // 768 draws, as BM_RendererFirstDraw makes them (the iterations stop before).
    auto frame = [&](unsigned draws) {
        for (unsigned i = 0; i < draws; ++i)
            h.quad(4 * i, 4, 4 * i + 4, 28, -0.5f, {1, 0.5f, 0.25f, 1});
        h.draw_parts(draws, [&](unsigned) {
            const std::uint32_t sources = 0xFu | 0xEu << 4 | (n % 16) << 8 | (n / 16 % 16) << 16;
            const std::uint32_t function = n / 256 % 3 == 0 ? 4u : n / 256 % 3 == 1 ? 9u : 8u;
            ++n;
            b.write(GPUREG_TEXENV2_SOURCE, sources);
            b.write(GPUREG_TEXENV2_COMBINER, function | 4u << 16);
        });
        s.end_frame();
    };
    // Not timed: the stand-ins' own pipelines (the ubershader's for this state, or the
    // graphics pipeline's), made at the first draw that needs them.
    frame(1);
    s.wait_for_shader_compiles();
    for (auto _ : state) {
        const RendererCounters before = s.renderer_counters();
        const auto start = std::chrono::steady_clock::now();
        frame(kKeys);
        const RendererCounters drawn = s.renderer_counters();
        fallbacks +=
            (drawn.ubershader_draws - before.ubershader_draws) +
            (drawn.compute_raster_fallbacks.compiling - before.compute_raster_fallbacks.compiling);
        if (compute) {
            // (Given up after 60 s: a shader that failed never arrives.)
            while (s.renderer_counters().compute_raster_compiled <
                   before.compute_raster_compiled + kKeys) {
                if (std::chrono::steady_clock::now() - start > std::chrono::seconds(60)) {
                    state.SkipWithError("the compute rasteriser's pipelines did not all arrive");
                    return;
                }
                std::this_thread::sleep_for(std::chrono::microseconds(200));
            }
            compute_ms +=
                std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
                    .count();
        }
        s.wait_for_shader_compiles();
    }
    state.SetItemsProcessed(state.iterations() * kKeys);
    state.counters["compute_ms"] = compute_ms / static_cast<double>(state.iterations());
    state.counters["fallback_draws"] =
        static_cast<double>(fallbacks) / static_cast<double>(state.iterations());
}
BENCHMARK(BM_RendererNewKeys)
    ->ArgNames({"compute", "threads"})
    ->ArgsProduct({{0, 1}, {1, 2, 4}})
    ->Iterations(8) // new keys each: 65 of the 768
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

} // namespace
