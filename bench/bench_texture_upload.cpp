// BM_TextureUpload{Cpu,Gpu}/F/S: a frame whose one draw samples an S x S texture of format F
// (pica::TextureFormat) whose guest bytes changed since the last frame, end to end: the bytes
// written to guest memory, the list submitted, the texture decoded (on the CPU into the upload
// buffer, or uploaded raw and decoded by shaders/texture_decode.frag), the draw, and the wait
// for the GPU (end_frame). Items are texels, bytes the texture's guest bytes; the two paths differ
// only in the decode (TextureDecode), so their ratio is what the GPU path saves or costs here.
// Lavapipe or the first Vulkan device, validation off, scale 1.
// After the timed frames, 16 more run with the GPU profile on (Session::set_gpu_profile) and
// say where a frame's time goes, per frame: write_us, the benchmark's own write of the texture
// into guest memory (the guest's work, not picavk's); gpu_busy_us, the GPU busy; gpu_upload_us,
// of that the texture upload passes (copy, or decode); wait_us, the host's waits for the GPU
// (RendererCounters::gpu_wait_ns), so that the frame less them is the host's own work. On a CPU
// driver profiling slows frames.
#include "../tests/vk/render_harness.h"

#include <benchmark/benchmark.h>

#include <array>
#include <chrono>
#include <memory>
#include <vector>

using namespace picavk;
using namespace picavk::pica;
using test::RenderHarness;

namespace {

void run_uploads(benchmark::State& state, TextureDecode where) {
    const auto format = static_cast<TextureFormat>(state.range(0));
    const auto size = static_cast<std::uint32_t>(state.range(1));
    RenderHarness h(1, ColorFormat::RGBA8, DepthFormat::D24S8, ShaderCompile::Sync, false);
    h.session().set_texture_decode(where);
    // Two contents, alternated: every frame's texture differs from the last.
    std::array<std::vector<std::uint8_t>, 2> bytes;
    for (std::size_t k = 0; k < 2; ++k) {
        bytes[k].resize(texture_bytes(format, size, size));
        for (std::size_t i = 0; i < bytes[k].size(); ++i)
            bytes[k][i] = static_cast<std::uint8_t>(i * 131 + k * 7 + (i >> 9));
    }
    constexpr std::uint32_t kAddress = 0x18100000;
    double write_s = 0; // the benchmark's own guest-memory writes (profiled frames)
    auto frame = [&](std::size_t k) {
        const auto write_start = std::chrono::steady_clock::now();
        h.session().write_memory(kAddress, bytes[k]);
        write_s +=
            std::chrono::duration<double>(std::chrono::steady_clock::now() - write_start).count();
        auto& b = h.b();
        b.write(GPUREG_TEXUNIT0_DIM, (size << 16) | size);
        b.write(GPUREG_TEXUNIT0_ADDR1, kAddress >> 3);
        b.write(GPUREG_TEXUNIT0_TYPE, static_cast<std::uint32_t>(format));
        b.write(GPUREG_TEXUNIT0_PARAM, 0);
        b.write(GPUREG_TEXENV0_SOURCE, 0x00030003u);
        b.write(GPUREG_TEXUNIT_CONFIG, 1u | (1u << 12));
        h.textured_quad(0, 0, RenderHarness::kW, RenderHarness::kH, 0, 0, 1, 1);
        h.draw();
        h.session().end_frame();
    };
    frame(1); // the pipeline compiled, the buffers made
    const RendererCounters before = h.session().renderer_counters();
    std::size_t k = 1; // the warm-up's content: the first timed frame writes the other
    for (auto _ : state)
        frame(k ^= 1);
    const RendererCounters after = h.session().renderer_counters();
    state.SetItemsProcessed(state.iterations() * std::int64_t{size} * size);
    state.SetBytesProcessed(state.iterations() * static_cast<std::int64_t>(bytes[0].size()));
    state.counters["uploads"] =
        static_cast<double>(after.surface_uploads - before.surface_uploads) /
        static_cast<double>(state.iterations());
    state.counters["gpu_decoded"] =
        static_cast<double>(after.gpu_decoded_uploads - before.gpu_decoded_uploads) /
        static_cast<double>(state.iterations());
    // Levels the decode read from device memory after one bulk copy (Device::decode_copy).
    state.counters["decode_copies"] =
        static_cast<double>(after.decode_copies - before.decode_copies) /
        static_cast<double>(state.iterations());
    // Where the time goes, outside the timed loop (the profile's figures are running totals).
    constexpr int kProfiled = 16;
    h.session().set_gpu_profile(true);
    frame(k ^= 1); // the first command buffer after turning it on is not profiled
    const GpuProfile start = h.session().gpu_profile();
    const std::uint64_t wait_start = h.session().renderer_counters().gpu_wait_ns;
    write_s = 0;
    for (int i = 0; i < kProfiled; ++i)
        frame(k ^= 1);
    const GpuProfile end = h.session().gpu_profile();
    const std::uint64_t wait_end = h.session().renderer_counters().gpu_wait_ns;
    auto upload_ns = [](const GpuProfile& p) {
        std::uint64_t ns = 0;
        for (const GpuPassProfile& pass : p.passes)
            if (pass.pass == "texture upload") ns += pass.ns;
        return ns;
    };
    state.counters["write_us"] = write_s * 1e6 / kProfiled;
    state.counters["gpu_busy_us"] =
        static_cast<double>(end.busy_ns - start.busy_ns) / 1e3 / kProfiled;
    state.counters["wait_us"] = static_cast<double>(wait_end - wait_start) / 1e3 / kProfiled;
    state.counters["gpu_upload_us"] =
        static_cast<double>(upload_ns(end) - upload_ns(start)) / 1e3 / kProfiled;
}

void formats_and_sizes(benchmark::internal::Benchmark* b) {
    for (TextureFormat f :
         {TextureFormat::RGBA8, TextureFormat::RGB8, TextureFormat::RGB565, TextureFormat::IA8,
          TextureFormat::I4, TextureFormat::ETC1, TextureFormat::ETC1A4})
        for (int size : {256, 1024})
            b->Args({static_cast<int>(f), size});
    // Rates by wall time: on a CPU driver the decode pass runs on its threads, not this one.
    b->Unit(benchmark::kMicrosecond)->UseRealTime();
}

void BM_TextureUploadCpu(benchmark::State& state) {
    run_uploads(state, TextureDecode::Cpu);
}
BENCHMARK(BM_TextureUploadCpu)->Apply(formats_and_sizes);
void BM_TextureUploadGpu(benchmark::State& state) {
    run_uploads(state, TextureDecode::Gpu);
}
BENCHMARK(BM_TextureUploadGpu)->Apply(formats_and_sizes);

} // namespace
