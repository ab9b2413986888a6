// BM_ContentHash/UNIT/SIZE: pica::content_hash of SIZE bytes (a texture's guest bytes, checked
// once a frame or when written) with each vector unit this host has (pica::HashUnit: 0 the
// baseline build of libxxhash, 1 AVX2, 2 AVX-512); a unit the host lacks is skipped. Bytes are
// the bytes hashed, from memory larger than the last-level cache where SIZE is 4 MiB (a new
// 4 MiB range each time, of 64 MiB), as a frame's textures come.
// BM_ContentHashCopy/FUSED/SIZE: a texture's bytes compared and copied into a staging buffer,
// as SurfaceCache::texture does for bytes it expects to have changed: FUSED 1 with
// pica::content_hash_copy (one read of the bytes), 0 as content_hash and then memcpy (two).
// Bytes are the bytes hashed and copied; the unit content_hash() picks.
// BM_ContentHashCopyThreads/THREADS: the fused 4 MiB copy on THREADS host threads (HostWorkers,
// counting the caller's), as a session with RendererConfig::host_threads THREADS makes it;
// the value is the same on any number.
#include "pica/content_hash.h"
#include "pica/host_workers.h"

#include <benchmark/benchmark.h>

#include <cstring>
#include <vector>

using namespace picavk::pica;

namespace {

void BM_ContentHash(benchmark::State& state) {
    const auto unit = static_cast<HashUnit>(state.range(0));
    const auto size = static_cast<std::size_t>(state.range(1));
    if (!hash_unit_available(unit)) {
        state.SkipWithError("this host lacks the unit");
        return;
    }
    const std::size_t ranges = size >= (1u << 20) ? (64u << 20) / size : 1;
    std::vector<std::uint8_t> bytes(size * ranges);
    for (std::size_t i = 0; i < bytes.size(); ++i)
        bytes[i] = static_cast<std::uint8_t>(i * 131 + (i >> 9));
    std::size_t at = 0;
    for (auto _ : state) {
        benchmark::DoNotOptimize(content_hash_with(unit, {bytes.data() + at * size, size}, 0));
        at = (at + 1) % ranges;
    }
    state.SetBytesProcessed(state.iterations() * static_cast<std::int64_t>(size));
    state.SetLabel(hash_unit_name(unit));
}
BENCHMARK(BM_ContentHash)->ArgsProduct({{0, 1, 2}, {64 << 10, 4 << 20}});

void BM_ContentHashCopy(benchmark::State& state) {
    const bool fused = state.range(0) != 0;
    const auto size = static_cast<std::size_t>(state.range(1));
    const std::size_t ranges = size >= (1u << 20) ? (64u << 20) / size : 1;
    std::vector<std::uint8_t> bytes(size * ranges), staging(size);
    for (std::size_t i = 0; i < bytes.size(); ++i)
        bytes[i] = static_cast<std::uint8_t>(i * 131 + (i >> 9));
    std::size_t at = 0;
    for (auto _ : state) {
        const std::uint8_t* from = bytes.data() + at * size;
        if (fused) {
            const HashedCopy piece{from, staging.data(), size};
            benchmark::DoNotOptimize(content_hash_copy({&piece, 1}));
        } else {
            benchmark::DoNotOptimize(content_hash({from, size}));
            std::memcpy(staging.data(), from, size);
        }
        benchmark::ClobberMemory();
        at = (at + 1) % ranges;
    }
    state.SetBytesProcessed(state.iterations() * static_cast<std::int64_t>(size));
    state.SetLabel(fused ? "hashed while copied" : "hashed, then copied");
}
BENCHMARK(BM_ContentHashCopy)->ArgsProduct({{0, 1}, {64 << 10, 4 << 20}});

void BM_ContentHashCopyThreads(benchmark::State& state) {
    const auto threads = static_cast<unsigned>(state.range(0));
    constexpr std::size_t size = 4 << 20, ranges = 16;
    HostWorkers workers(threads);
    std::vector<std::uint8_t> bytes(size * ranges), staging(size);
    for (std::size_t i = 0; i < bytes.size(); ++i)
        bytes[i] = static_cast<std::uint8_t>(i * 131 + (i >> 9));
    std::size_t at = 0;
    for (auto _ : state) {
        const HashedCopy piece{bytes.data() + at * size, staging.data(), size};
        benchmark::DoNotOptimize(content_hash_copy({&piece, 1}, 0, &workers));
        benchmark::ClobberMemory();
        at = (at + 1) % ranges;
    }
    state.SetBytesProcessed(state.iterations() * static_cast<std::int64_t>(size));
}
// Wall time: the work is on the workers as much as on this thread.
BENCHMARK(BM_ContentHashCopyThreads)->Arg(1)->Arg(2)->Arg(4)->Arg(8)->UseRealTime();

} // namespace
