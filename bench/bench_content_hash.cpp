// BM_ContentHash/UNIT/SIZE: pica::content_hash of SIZE bytes (a texture's guest bytes, checked
// once a frame or when written) with each vector unit this host has (pica::HashUnit: 0 the
// baseline build of libxxhash, 1 AVX2, 2 AVX-512); a unit the host lacks is skipped. Bytes are
// the bytes hashed, from memory larger than the last-level cache where SIZE is 4 MiB (a new
// 4 MiB range each time, of 64 MiB), as a frame's textures come.
#include "pica/content_hash.h"

#include <benchmark/benchmark.h>

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

} // namespace
