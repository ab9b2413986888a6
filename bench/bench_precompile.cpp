// Ahead-of-time shader building (picavk-precompile): fragment shaders compiled per second by
// Session::precompile on 1 and on every thread, from an empty cache directory each time. The
// keys are 48 distinct texture-environment configurations (stage 0's combiners and sources
// varied), each a shader the generator and glslang build from scratch.
#include "picavk/session.h"
#include "shadergen/key_list.h"
#include "vk/pipeline_key.h"

#include <benchmark/benchmark.h>

#include <filesystem>
#include <thread>

namespace {

std::vector<std::uint8_t> synthetic_keys(std::size_t n) {
    std::vector<picavk::vk::PipelineKey> keys(n);
    for (std::size_t i = 0; i < n; ++i) {
        picavk::vk::PipelineKey& k = keys[i];
        k.color_format = 0;
        k.write_mask = 0xF;
        for (auto& s : k.fragment.stages) {
            s.sources = 0x000F000F; // previous
            s.operands = 0;
            s.combiners = 0;
        }
        const auto c = static_cast<std::uint32_t>(i % 10),
                   a = static_cast<std::uint32_t>(i / 10 % 5);
        k.fragment.stages[0].combiners = c | (c << 16);
        k.fragment.stages[0].sources = 0x00E00 | a | (a << 4) | 0x0E000000 | (a << 16) | (a << 20);
    }
    return picavk::shadergen::write_key_list(
        {reinterpret_cast<const std::uint8_t*>(keys.data()), keys.size() * sizeof keys[0]},
        sizeof keys[0]);
}

void BM_PrecompileShaders(benchmark::State& state) {
    const unsigned threads = state.range(0) == 0 ? std::max(1u, std::thread::hardware_concurrency())
                                                 : static_cast<unsigned>(state.range(0));
    const std::vector<std::uint8_t> keys = synthetic_keys(48);
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
