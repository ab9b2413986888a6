// BM_SurfaceRepeatPixels/B/N: a 400x240 guest surface of B-byte pixels repeated N x N times
// (vk/surface/pixel_repeat.h), what an upload from guest memory to a surface at scale N does on the
// CPU. Bytes are the output's.
#include "vk/surface/pixel_repeat.h"

#include <benchmark/benchmark.h>

#include <vector>

namespace {

void BM_SurfaceRepeatPixels(benchmark::State& state) {
    const auto bpp = static_cast<std::uint32_t>(state.range(0));
    const auto n = static_cast<std::uint32_t>(state.range(1));
    constexpr std::uint32_t kW = 400, kH = 240;
    std::vector<std::uint8_t> src(std::size_t{kW} * kH * bpp), dst(src.size() * n * n);
    for (std::size_t i = 0; i < src.size(); ++i)
        src[i] = static_cast<std::uint8_t>(i * 29);
    for (auto _ : state) {
        benchmark::DoNotOptimize(picavk::vk::repeat_pixels(src, dst, kW, kH, bpp, n));
        benchmark::DoNotOptimize(dst.data());
        benchmark::ClobberMemory();
    }
    state.SetBytesProcessed(state.iterations() * static_cast<std::int64_t>(dst.size()));
}
BENCHMARK(BM_SurfaceRepeatPixels)
    ->Args({4, 3})
    ->Args({4, 8})
    ->Args({2, 4})
    ->Args({1, 8})
    ->Unit(benchmark::kMicrosecond);

} // namespace
