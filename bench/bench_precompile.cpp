// Ahead-of-time shader building (picavk-precompile): fragment shaders compiled per second by
// Session::precompile on 1 and on every thread, from an empty cache directory each time. The
// keys are 48 distinct texture-environment configurations (stage 0's combiners and sources
// varied), each a shader the generator and glslang build from scratch.
//
// BM_PrecompilePipelines/compute:C/threads:T: the same with the pipelines made too, as
// picavk-precompile makes them by default, for 12 such keys: on a GPU the driver's compile of
// each pipeline, not glslang, is most of the time. C = 1 adds each key's compute rasteriser
// pipelines (PICAVK_DEVICE_ASSUME=few-raster-units: two a key, for the CPU's cut triangles and
// the vertex pre-pass's uncut ones), C = 0 turns the compute rasteriser off. Items are the
// pipelines made; pipeline_ms is the time from the last shader's end to the last pipeline's.
#include "../tests/vk/scoped_env.h"
#include "picavk/session.h"
#include "scenes/synthetic_keys.h"

#include <chrono>
#include <string>

#include <benchmark/benchmark.h>

#include <filesystem>
#include <thread>

namespace {

// A session whose cache directory `dir` starts empty.
std::unique_ptr<picavk::Session> session_in_empty_dir(const std::string& dir) {
    std::filesystem::remove_all(dir);
    picavk::RendererConfig c;
    c.enabled = true;
    c.cache_dir = dir;
    return std::make_unique<picavk::Session>(4u << 20, c);
}

void BM_PrecompileShaders(benchmark::State& state) {
    const unsigned threads = state.range(0) == 0 ? std::max(1u, std::thread::hardware_concurrency())
                                                 : static_cast<unsigned>(state.range(0));
    const std::vector<std::uint8_t> keys = picavk::scenes::synthetic_key_list(48);
    const std::string dir = std::filesystem::temp_directory_path().string() + "/picavk-bench-pc";
    std::size_t compiled = 0;
    for (auto _ : state) {
        state.PauseTiming();
        auto session = session_in_empty_dir(dir);
        state.ResumeTiming();
        const picavk::PrecompileReport r = session->precompile(keys, threads, false, nullptr);
        compiled += r.shaders_compiled;
        state.PauseTiming();
        if (!r.error.empty() || !r.failures.empty()) state.SkipWithError("precompile failed");
        session.reset();
        state.ResumeTiming();
    }
    state.SetItemsProcessed(static_cast<std::int64_t>(compiled));
    state.counters["threads"] = threads;
    std::filesystem::remove_all(dir);
}
BENCHMARK(BM_PrecompileShaders)->Arg(1)->Arg(0)->Unit(benchmark::kMillisecond)->UseRealTime();

void BM_PrecompilePipelines(benchmark::State& state) {
    const bool compute = state.range(0) != 0;
    const auto threads = static_cast<unsigned>(state.range(1));
    const picavk::test::ScopedEnv paths(compute ? "PICAVK_DEVICE_ASSUME" : "PICAVK_DEVICE_DISABLE",
                                        compute ? "few-raster-units" : "compute-raster");
    const std::vector<std::uint8_t> keys = picavk::scenes::synthetic_key_list(12);
    const std::string dir = std::filesystem::temp_directory_path().string() + "/picavk-bench-pp";
    std::size_t pipelines = 0;
    double pipeline_s = 0;
    for (auto _ : state) {
        state.PauseTiming();
        auto session = session_in_empty_dir(dir);
        if (compute && !session->compute_raster()) {
            state.SkipWithError("the device has no compute rasteriser (shaderInt64)");
            return;
        }
        state.ResumeTiming();
        std::chrono::steady_clock::time_point shaders_done{}, pipelines_done{};
        const picavk::PrecompileReport r =
            session->precompile(keys, threads, true, [&](const picavk::PrecompileProgress& p) {
                auto& t = p.pipelines ? pipelines_done : shaders_done;
                t = std::chrono::steady_clock::now();
                return true;
            });
        state.PauseTiming();
        if (!r.error.empty() || !r.failures.empty() || r.pipelines != 12 ||
            r.compute_pipelines != (compute ? 24u : 0u)) {
            state.SkipWithError("precompile failed");
            return;
        }
        pipelines += r.pipelines + r.compute_pipelines;
        pipeline_s += std::chrono::duration<double>(pipelines_done - shaders_done).count();
        session.reset();
        state.ResumeTiming();
    }
    state.SetItemsProcessed(static_cast<std::int64_t>(pipelines));
    state.counters["pipeline_ms"] = pipeline_s * 1e3 / static_cast<double>(state.iterations());
    std::filesystem::remove_all(dir);
}
BENCHMARK(BM_PrecompilePipelines)
    ->ArgNames({"compute", "threads"})
    ->ArgsProduct({{0, 1}, {1, 2, 8}})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

} // namespace
