// BM_RendererWarmStart/ahead:A/boot:B: a session's first frame over a cache directory an earlier
// run of the same trace filled (its key list, shaders and pipeline cache), in Async mode, on a
// device with the compute rasteriser (PICAVK_DEVICE_ASSUME=few-raster-units: the H100's and
// H200's way). The trace is craftus (a game's first frame: 7 draws, 4 keys, each with its compute
// rasteriser and graphics pipelines listed). A = 1 makes the listed pipelines in the background
// from the session's start (RendererConfig::build_listed_pipelines), A = 0 leaves each to the
// first draw that meets it, which makes it on the drawing thread. B = 1 waits, untimed, for
// the background builds before the frame, as an emulator's boot (seconds before a game draws)
// would; B = 0 draws at once. Items are frames; counters: made_in_frame, the pipelines made
// while the frame ran (by its draws or the compile threads), ahead, those the compile threads
// made ahead, and boot_ms, how long that took (B = 1). Validation off, scale 1.
#include "../tests/vk/scoped_env.h"
#include "picavk/session.h"

#include <benchmark/benchmark.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <memory>
#include <string>
#include <vector>

using namespace picavk;

namespace {

void BM_RendererWarmStart(benchmark::State& state) {
    const bool ahead = state.range(0) != 0, boot = state.range(1) != 0;
    const test::ScopedEnv assume("PICAVK_DEVICE_ASSUME", "few-raster-units");
    std::ifstream in(std::string(PICAVK_CORPUS_DIR) + "/craftus.ctf", std::ios::binary);
    const std::vector<std::uint8_t> bytes{std::istreambuf_iterator<char>(in),
                                          std::istreambuf_iterator<char>()};
    std::string error;
    const std::unique_ptr<Trace> trace = Trace::parse(bytes, error);
    if (!trace) {
        state.SkipWithError(("cannot read craftus: " + error).c_str());
        return;
    }
    RendererConfig c;
    c.enabled = true;
    c.cache_dir = std::filesystem::temp_directory_path().string() + "/picavk-bench-warm";
    std::filesystem::remove_all(c.cache_dir);
    {
        RendererConfig fill = c; // the earlier run: its first frames' keys built and listed
        fill.shader_compile = ShaderCompile::Sync;
        Session s(128u << 20, fill);
        if (!s.compute_raster()) {
            state.SkipWithError("the device has no compute rasteriser (shaderInt64)");
            return;
        }
        for (std::size_t f = 0; f < 4; ++f)
            s.replay_frame(*trace, f);
    }
    c.build_listed_pipelines = ahead;
    std::uint64_t made = 0, built_ahead = 0;
    double boot_s = 0;
    for (auto _ : state) {
        state.PauseTiming();
        auto s = std::make_unique<Session>(128u << 20, c);
        if (boot) {
            const auto start = std::chrono::steady_clock::now();
            s->wait_for_shader_compiles();
            boot_s +=
                std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        }
        const std::uint64_t before = s->renderer_counters().pipelines_created;
        state.ResumeTiming();
        s->replay_frame(*trace, 0);
        state.PauseTiming();
        const RendererCounters after = s->renderer_counters();
        made += after.pipelines_created - before;
        s->wait_for_shader_compiles();
        built_ahead += s->renderer_counters().pipelines_built_ahead;
        s.reset();
        state.ResumeTiming();
    }
    const auto n = static_cast<double>(state.iterations());
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()));
    state.counters["made_in_frame"] = static_cast<double>(made) / n;
    state.counters["ahead"] = static_cast<double>(built_ahead) / n;
    state.counters["boot_ms"] = boot_s * 1e3 / n;
    std::filesystem::remove_all(c.cache_dir);
}
BENCHMARK(BM_RendererWarmStart)
    ->ArgNames({"ahead", "boot"})
    ->ArgsProduct({{0, 1}, {0, 1}})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

} // namespace
