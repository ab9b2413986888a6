// BM_Tiling...: tiled guest layout to linear host layout, in MB/s of output, beside a plain
// memcpy of the same number of bytes in the same run (the ratio is the figure that matters).
#include "pica/texture/texture_codec.h"
#include "pica/texture/tiling.h"

#include <benchmark/benchmark.h>

#include <cstring>
#include <vector>

using namespace picavk::pica;

namespace {

// 1024x1024: the largest PICA texture, and larger than the caches, as a texture upload is.
constexpr std::uint32_t kWidth = 1024, kHeight = 1024;

void BM_TilingMemcpyBaseline(benchmark::State& st) {
    const auto bpp = static_cast<std::uint32_t>(st.range(0));
    std::vector<std::uint8_t> src(kWidth * kHeight * bpp, 7), dst(src.size());
    for (auto _ : st) {
        std::memcpy(dst.data(), src.data(), src.size());
        benchmark::ClobberMemory();
    }
    st.SetBytesProcessed(static_cast<std::int64_t>(src.size() * st.iterations()));
}
BENCHMARK(BM_TilingMemcpyBaseline)->Arg(2)->Arg(4);

void BM_TilingUntile(benchmark::State& st) {
    const auto bpp = static_cast<std::uint32_t>(st.range(0));
    std::vector<std::uint8_t> tiled(kWidth * kHeight * bpp, 7), linear(tiled.size());
    for (auto _ : st) {
        untile(tiled, linear, kWidth, kHeight, bpp);
        benchmark::ClobberMemory();
    }
    st.SetBytesProcessed(static_cast<std::int64_t>(linear.size() * st.iterations()));
}
BENCHMARK(BM_TilingUntile)->Arg(2)->Arg(4);

// Untile and decode to RGBA8, the texture upload path. Bytes are the RGBA8 output; compare with
// BM_TilingMemcpyBaseline/4 (the same number of bytes).
void BM_TilingUntileDecode(benchmark::State& st) {
    const auto format = static_cast<TextureFormat>(st.range(0));
    std::vector<std::uint8_t> tiled(texture_bytes(format, kWidth, kHeight), 7);
    std::vector<std::uint8_t> rgba(std::size_t{kWidth} * kHeight * 4);
    for (auto _ : st) {
        decode_texture(tiled, rgba, kWidth, kHeight, format);
        benchmark::ClobberMemory();
    }
    st.SetLabel(format_name(format));
    st.SetBytesProcessed(static_cast<std::int64_t>(rgba.size() * st.iterations()));
}
BENCHMARK(BM_TilingUntileDecode)
    ->Arg(static_cast<int>(TextureFormat::RGBA8))
    ->Arg(static_cast<int>(TextureFormat::RGB565));

} // namespace
