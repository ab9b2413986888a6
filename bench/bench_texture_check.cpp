// BM_TextureCheck/N/REPORTED: a frame of N draws, each sampling its own 256x256 RGBA8 texture
// (256 KiB, N x 256 KiB in all) that has not changed since the last frame: what it costs to
// know that. Without REPORTED, picavk hashes every texture's bytes once a frame (memory written
// behind its back is noticed so); with it (RendererConfig::guest_writes_reported) the embedder
// reports its writes and nothing is hashed. Items are texture checks, bytes the textures' bytes.
// Lavapipe or the first Vulkan device, validation off, scale 1; the frame waits for the GPU
// (end_frame), so the draws' own cost is in both variants alike.
#include "../tests/vk/render_harness.h"

#include <benchmark/benchmark.h>

#include <vector>

using namespace picavk;
using namespace picavk::pica;
using test::RenderHarness;

namespace {

void BM_TextureCheck(benchmark::State& state) {
    const auto count = static_cast<std::uint32_t>(state.range(0));
    const bool reported = state.range(1) != 0;
    constexpr std::uint32_t kSize = 256;
    constexpr std::uint32_t kBytes = kSize * kSize * 4;
    // Sixteen in VRAM past the harness's targets, the rest in FCRAM past its 4 MiB of vertices.
    const auto address = [](std::uint32_t t) {
        return t < 16 ? 0x18100000 + t * kBytes : 0x20400000 + (t - 16) * kBytes;
    };
    RenderHarness h(1, ColorFormat::RGBA8, DepthFormat::D24S8, ShaderCompile::Sync, false);
    h.session().set_guest_writes_reported(reported);
    for (std::uint32_t t = 0; t < count; ++t) {
        std::vector<std::uint8_t> bytes(kBytes);
        for (std::size_t i = 0; i < bytes.size(); ++i)
            bytes[i] = static_cast<std::uint8_t>(i * 131 + t * 7 + (i >> 9));
        h.session().write_memory(address(t), bytes);
    }
    auto frame = [&] {
        auto& b = h.b();
        b.write(GPUREG_TEXUNIT0_DIM, (kSize << 16) | kSize);
        b.write(GPUREG_TEXUNIT0_TYPE, static_cast<std::uint32_t>(TextureFormat::RGBA8));
        b.write(GPUREG_TEXUNIT0_PARAM, 0);
        b.write(GPUREG_TEXENV0_SOURCE, 0x00030003u);
        b.write(GPUREG_TEXUNIT_CONFIG, 1u | (1u << 12));
        for (std::uint32_t t = 0; t < count; ++t) {
            b.write(GPUREG_TEXUNIT0_ADDR1, address(t) >> 3);
            h.textured_quad(0, 0, RenderHarness::kW, RenderHarness::kH, 0, 0, 1, 1);
            h.draw();
        }
        h.session().end_frame();
    };
    frame(); // uploads, pipelines
    const RendererCounters before = h.session().renderer_counters();
    for (auto _ : state)
        frame();
    const RendererCounters after = h.session().renderer_counters();
    state.SetItemsProcessed(state.iterations() * count);
    state.SetBytesProcessed(state.iterations() * std::int64_t{count} * kBytes);
    // Per frame: 0 (the textures are unchanged; a frame that uploads measures something else).
    state.counters["uploads"] =
        static_cast<double>(after.surface_uploads - before.surface_uploads) /
        static_cast<double>(state.iterations());
}
BENCHMARK(BM_TextureCheck)
    ->ArgsProduct({{1, 8, 32}, {0, 1}})
    ->ArgNames({"textures", "reported"})
    ->Unit(benchmark::kMicrosecond)
    ->UseRealTime();

} // namespace
