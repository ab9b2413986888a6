// BM_RendererGameReplay/T: a whole game trace from tests/corpus (T = 0: Super Haxagon, T = 1:
// craftus_reloaded; 660 frames of scripted play each) replayed at scale 1, every frame ended
// (end_frame waits for the GPU). Items are frames, and the rate is by the main thread's CPU time,
// so 1 / items_per_second is picavk's CPU time per frame without the GPU's: the command processor,
// vertex shading, keys, state, recording (on a CPU driver, recording is part of it; executing is on
// its threads). Counters: draws and Vulkan draws per frame. Validation off, the first device,
// shaders compiled before timing (one untimed replay).
#include "picavk/session.h"

#include <benchmark/benchmark.h>

#include <fstream>
#include <iterator>
#include <memory>
#include <string>
#include <vector>

using namespace picavk;

namespace {

constexpr const char* kGames[] = {"haxagon", "craftus"};

void BM_RendererGameReplay(benchmark::State& state) {
    const std::string name = kGames[state.range(0)];
    std::ifstream in(std::string(PICAVK_CORPUS_DIR) + "/" + name + ".ctf", std::ios::binary);
    const std::vector<std::uint8_t> bytes{std::istreambuf_iterator<char>(in),
                                          std::istreambuf_iterator<char>()};
    std::string error;
    const std::unique_ptr<Trace> trace = Trace::parse(bytes, error);
    if (!trace) {
        state.SkipWithError(("cannot read " + name + ": " + error).c_str());
        return;
    }
    Session s(128u << 20, RendererConfig{true, 1, -1, false, {}, ShaderCompile::Sync});
    error = s.replay(*trace, [](std::size_t) {}); // untimed: every pipeline compiled
    if (!error.empty()) {
        state.SkipWithError(error.c_str());
        return;
    }
    const RendererCounters before = s.renderer_counters();
    for (auto _ : state)
        s.replay(*trace, [](std::size_t) {});
    const RendererCounters after = s.renderer_counters();
    const double frames =
        static_cast<double>(trace->frames()) * static_cast<double>(state.iterations());
    state.SetItemsProcessed(static_cast<std::int64_t>(frames));
    state.counters["draws"] = static_cast<double>(after.draws - before.draws) / frames;
    state.counters["host_draws"] =
        static_cast<double>(after.host_draws - before.host_draws) / frames;
    state.SetLabel(name);
}
BENCHMARK(BM_RendererGameReplay)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond);

} // namespace
