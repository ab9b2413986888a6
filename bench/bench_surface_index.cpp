// BM_SurfaceIndex...: finding the cached surfaces that overlap a range (every draw asks for its
// render targets and textures, every transfer and CPU access for its range) with the page index,
// against scanning every surface as the cache did before, for 16 to 4,096 live surfaces.
#include "vk/surface/surface_index.h"

#include <benchmark/benchmark.h>

#include <random>
#include <vector>

using namespace picavk;
using picavk::vk::Surface;

namespace {

struct Range {
    std::uint32_t start, end;
};

// Live surfaces: 8 KiB to 384 KiB (textures to a 240x400 RGBA8 target) spread over VRAM and 64
// MiB of FCRAM; queries: a texture-sized range at random.
std::vector<Range> ranges(std::size_t n) {
    std::mt19937 rng(3);
    std::vector<Range> out;
    for (std::size_t i = 0; i < n; ++i) {
        const std::uint32_t base = i % 4 == 0 ? 0x18000000u : 0x20000000u;
        const std::uint32_t span = i % 4 == 0 ? (6u << 20) : (64u << 20);
        const std::uint32_t start = base + (static_cast<std::uint32_t>(rng()) % span) / 128 * 128;
        out.push_back({start, start + (8192u << (static_cast<std::uint32_t>(rng()) % 6))});
    }
    return out;
}

Surface* id(std::size_t i) {
    return reinterpret_cast<Surface*>(0x1000 + 16 * i);
}

void BM_SurfaceIndexLookup(benchmark::State& state) {
    const auto rs = ranges(static_cast<std::size_t>(state.range(0)));
    vk::SurfaceIndex index;
    for (std::size_t i = 0; i < rs.size(); ++i)
        index.insert(id(i), rs[i].start, rs[i].end);
    std::mt19937 rng(9);
    std::vector<Surface*> out;
    for (auto _ : state) {
        const Range& r = rs[static_cast<std::uint32_t>(rng()) % rs.size()];
        out.clear();
        index.overlapping(r.start, r.start + 4096, out);
        benchmark::DoNotOptimize(out.data());
    }
    state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_SurfaceIndexLookup)->Arg(16)->Arg(256)->Arg(4096);

void BM_SurfaceIndexLinearScan(benchmark::State& state) {
    const auto rs = ranges(static_cast<std::size_t>(state.range(0)));
    std::mt19937 rng(9);
    std::vector<Surface*> out;
    for (auto _ : state) {
        const Range& q = rs[static_cast<std::uint32_t>(rng()) % rs.size()];
        out.clear();
        for (std::size_t i = 0; i < rs.size(); ++i)
            if (rs[i].start < q.start + 4096 && q.start < rs[i].end) out.push_back(id(i));
        benchmark::DoNotOptimize(out.data());
    }
    state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_SurfaceIndexLinearScan)->Arg(16)->Arg(256)->Arg(4096);

} // namespace
