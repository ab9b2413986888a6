// BM_Etc1...: ETC1 / ETC1A4 texture decode (tiled guest memory -> linear RGBA8), in texels per
// second. Random blocks exercise every mode (individual, differential, flip).
#include "pica/texture/texture_codec.h"

#include <benchmark/benchmark.h>

#include <random>
#include <vector>

using namespace picavk::pica;

namespace {

void BM_Etc1Decode(benchmark::State& st) {
    const auto format = static_cast<TextureFormat>(st.range(0));
    constexpr std::uint32_t kSize = 1024;
    std::vector<std::uint8_t> tiled(texture_bytes(format, kSize, kSize));
    std::mt19937 rng(1);
    for (auto& b : tiled)
        b = static_cast<std::uint8_t>(rng());
    std::vector<std::uint8_t> rgba(std::size_t{kSize} * kSize * 4);
    for (auto _ : st) {
        decode_texture(tiled, rgba, kSize, kSize, format);
        benchmark::ClobberMemory();
    }
    st.SetLabel(format_name(format));
    st.SetItemsProcessed(static_cast<std::int64_t>(std::size_t{kSize} * kSize * st.iterations()));
}
BENCHMARK(BM_Etc1Decode)
    ->Arg(static_cast<int>(TextureFormat::ETC1))
    ->Arg(static_cast<int>(TextureFormat::ETC1A4));

} // namespace
