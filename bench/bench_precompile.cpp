// Ahead-of-time shader building (picavk-precompile): fragment shaders compiled per second by
// Session::precompile on 1 and on every thread, from an empty cache directory each time. The
// keys are 48 distinct texture-environment configurations (stage 0's combiners and sources
// varied), each a shader the generator and glslang build from scratch.
#include "picavk/session.h"
#include "scenes/synthetic_keys.h"

#include <benchmark/benchmark.h>

#include <filesystem>
#include <thread>

namespace {

void BM_PrecompileShaders(benchmark::State& state) {
    const unsigned threads = state.range(0) == 0 ? std::max(1u, std::thread::hardware_concurrency())
                                                 : static_cast<unsigned>(state.range(0));
    const std::vector<std::uint8_t> keys = picavk::scenes::synthetic_key_list(48);
    const std::string dir = std::filesystem::temp_directory_path().string() + "/picavk-bench-pc";
    std::size_t compiled = 0;
    for (auto _ : state) {
        state.PauseTiming();
        std::filesystem::remove_all(dir);
        picavk::RendererConfig c;
        c.enabled = true;
        c.cache_dir = dir;
        auto session = std::make_unique<picavk::Session>(4u << 20, c);
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

} // namespace
