// BM_RendererDemoScale/S/V: one frame of the built-in demo at resolution scale S, end to end
// (the guest actions of run_demo_frame, then end_frame, which waits for the GPU), as
// `picavk-render --frames 0-29 --scale S --stats` times it. V takes parts of the frame away, to
// show what the host's rasterizer itself costs at the scale:
//   V = 0  the demo as it is (textured, lit, fogged, blended cube; two fills; a display transfer)
//   V = 1  the same cube with one constant colour (scenes::DemoLook::Flat: the cheapest fragment
//          shader the texture environment can ask for; the depth test stays)
//   V = 2  no draw: the frame's fills and display transfer alone, on the scaled surfaces the
//          untimed first frame made (all on the GPU: the counters say so)
// Items are the frame's pixels at the scale (the top target, 240x400 guest pixels x S^2), so the
// rate is the pixel throughput. Counters per frame: GPU busy time (ms), write-backs and CPU
// transfer fallbacks (0 when everything stayed on the GPU). Validation off, the first device.
#include "api/demo_actions.h"
#include "pica/regs/reg_ids.h"
#include "pica/transfer/external_regs.h"

#include <benchmark/benchmark.h>

#include <vector>

using namespace picavk;

namespace {

constexpr std::uint32_t internal_reg(std::uint32_t id) {
    return pica::kInternalMirrorBase + 4 * id;
}

std::vector<GuestAction> frame_actions(std::uint32_t frame, std::int64_t variant) {
    std::vector<GuestAction> actions =
        demo_frame_actions(frame, variant == 1 ? scenes::DemoLook::Flat : scenes::DemoLook::Full);
    if (variant == 2) {
        std::erase_if(actions, [](const GuestAction& a) {
            return a.kind == GuestAction::Kind::RegisterWrite &&
                   a.address == internal_reg(pica::GPUREG_CMDBUF_JUMP0);
        });
    }
    return actions;
}

void run_frame(Session& s, const std::vector<GuestAction>& actions) {
    for (const GuestAction& a : actions) {
        if (a.kind == GuestAction::Kind::MemoryWrite)
            s.write_memory(a.address, a.bytes);
        else
            s.write_gpu_register(a.address, a.value);
    }
    s.end_frame();
}

void BM_RendererDemoScale(benchmark::State& state) {
    const auto scale = static_cast<std::uint32_t>(state.range(0));
    const std::int64_t variant = state.range(1);
    RendererConfig config;
    config.enabled = true;
    config.scale = scale;
    config.shader_compile = ShaderCompile::Sync;
    Session s(128u << 20, config);
    if (!s.has_renderer()) {
        state.SkipWithError("no Vulkan renderer");
        return;
    }
    // Untimed: the pipelines compile and the scaled surfaces are made by a whole frame.
    run_frame(s, demo_frame_actions(0));
    std::vector<std::vector<GuestAction>> frames;
    for (std::uint32_t f = 1; f <= 30; ++f)
        frames.push_back(frame_actions(f, variant));
    run_frame(s, frames[0]);
    const RendererCounters before = s.renderer_counters();
    std::size_t i = 0;
    for (auto _ : state)
        run_frame(s, frames[i++ % frames.size()]);
    const RendererCounters after = s.renderer_counters();
    const auto n = static_cast<double>(state.iterations());
    if (s.warning_count() != 0) state.SkipWithError("the frames gave warnings");
    state.SetItemsProcessed(state.iterations() * 240 * 400 * scale * scale);
    state.counters["gpu_ms"] =
        static_cast<double>(after.gpu_time_ns - before.gpu_time_ns) / 1e6 / n;
    state.counters["draws"] = static_cast<double>(after.draws - before.draws) / n;
    state.counters["writebacks"] =
        static_cast<double>(after.surface_writebacks - before.surface_writebacks) / n;
    state.counters["cpu_fallbacks"] =
        static_cast<double>(after.transfer_fallbacks - before.transfer_fallbacks) / n;
}
BENCHMARK(BM_RendererDemoScale)
    ->ArgsProduct({{1, 4, 8}, {0, 1, 2}})
    ->ArgNames({"scale", "variant"})
    ->UseRealTime()
    ->Unit(benchmark::kMillisecond);

} // namespace
