// Texture packs at start (issue 34's goal: a precompiled pack of 1,000 textures ready in under
// 200 ms). A pack of 1,000 replacements, each a distinct 128x128 PNG (with its 8-level mip chain
// 87 KiB decoded; a 32x32 game texture at 4x), converted once by write_pack_cache
// (picavk-precompile --textures). Timed:
//  - BM_CustomTexturesWarmStart/0: the pack opened with its converted cache (folder scanned,
//    pack.json read, every file's size and time compared with the cache's index): ready to
//    serve any replacement without decoding a PNG.
//  - BM_CustomTexturesWarmStart/1: and every replacement read from the cache (preload).
//  - BM_CustomTexturesColdStart: the same preload from the PNG files (no cache).
// Items: replacements.
#include "custom_textures/pack_cache.h"
#include "custom_textures/pack_config.h"
#include "custom_textures/replacement_image.h"
#include "custom_textures/texture_names.h"
#include "custom_textures/texture_pack.h"

#include <benchmark/benchmark.h>

#include <filesystem>
#include <fstream>
#include <thread>

namespace {

using namespace picavk::custom_textures;
namespace fs = std::filesystem;

constexpr int kTextures = 1000;
constexpr std::uint32_t kSide = 128;

struct BenchPack {
    fs::path dir, cache;
};

const BenchPack& bench_pack() {
    static const BenchPack pack = [] {
        BenchPack p;
        p.dir = fs::temp_directory_path() / "picavk-bench-pack";
        p.cache = fs::temp_directory_path() / "picavk-bench-pack-cache" / "textures.bin";
        fs::remove_all(p.dir);
        fs::create_directories(p.dir);
        std::ofstream(p.dir / "pack.json") << pack_config_template();
        // Smooth gradients with a per-texture twist: PNG and zstd both compress them a little,
        // as they do painted art.
        std::vector<std::uint8_t> rgba(std::size_t{kSide} * kSide * 4);
        for (int i = 0; i < kTextures; ++i) {
            for (std::uint32_t y = 0; y < kSide; ++y)
                for (std::uint32_t x = 0; x < kSide; ++x) {
                    std::uint8_t* t = &rgba[(std::size_t{y} * kSide + x) * 4];
                    t[0] = static_cast<std::uint8_t>(x * 2 + static_cast<std::uint32_t>(i));
                    t[1] = static_cast<std::uint8_t>(y * 2 + (x ^ y) % 7);
                    t[2] = static_cast<std::uint8_t>((x * y) >> 5);
                    t[3] = 255;
                }
            write_png((p.dir / dump_file_name({32, 32, std::uint64_t(i) + 1, 0, 0})).string(),
                      kSide, kSide, rgba);
        }
        TexturePack source(p.dir, {.async = false});
        write_pack_cache(p.cache, p.dir, source.sources(), false,
                         std::max(1u, std::thread::hardware_concurrency()), {});
        return p;
    }();
    return pack;
}

void BM_CustomTexturesWarmStart(benchmark::State& state) {
    const BenchPack& p = bench_pack();
    const bool preload = state.range(0) != 0;
    for (auto _ : state) {
        TexturePack pack(p.dir, {.cache_file = p.cache});
        if (pack.stats().cached != kTextures) state.SkipWithError("the cache is not used");
        if (preload && pack.preload() != kTextures) state.SkipWithError("preload failed");
        benchmark::DoNotOptimize(pack.stats());
    }
    state.SetItemsProcessed(state.iterations() * kTextures);
}
BENCHMARK(BM_CustomTexturesWarmStart)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond)->UseRealTime();

void BM_CustomTexturesColdStart(benchmark::State& state) {
    const BenchPack& p = bench_pack();
    for (auto _ : state) {
        TexturePack pack(p.dir, {});
        if (pack.preload() != kTextures) state.SkipWithError("preload failed");
    }
    state.SetItemsProcessed(state.iterations() * kTextures);
}
BENCHMARK(BM_CustomTexturesColdStart)->Unit(benchmark::kMillisecond)->UseRealTime();

} // namespace
