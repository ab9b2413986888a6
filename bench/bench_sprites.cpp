// BM_RendererSprites/S/C: a frame of blended sprites like the corpus's gpusprites (citro2d: 768
// sprites of 32x32 guest pixels, a textured quad each, alpha-blended over each other on the
// 400x240 top screen), at resolution scale S, drawn by the graphics pipeline (C = 0) or by the
// compute rasteriser (C = 1, shadergen/compute_raster.h; C = 2 without its binning pass,
// PICAVK_DEVICE_DISABLE=raster-bins). As citro2d draws: a D24S8 depth
// buffer, the depth test GEQUAL with writes (C2D_Prepare), both buffers filled each frame
// (C2D_TargetClear). Both run with few raster units assumed (PICAVK_DEVICE_ASSUME=
// few-raster-units: the colour fill is a compute pass either way), so the draw is the only
// difference.
// Per frame: memory fills of both buffers, one draw of the 768 sprites, end_frame (which waits
// for the GPU). Items are blended fragments (768 x 32 x 32 x S^2). Counters per frame: gpu_ms
// (GPU busy), draw_us (the render pass, or the compute raster passes, from 16 profiled frames
// after the timed ones), depth_copies (the compute rasteriser's depth copied between its
// words and the image: 0 when the frame is all compute passes).
#include "../tests/vk/render_harness.h"

#include <benchmark/benchmark.h>

#include <cstdlib>
#include <string>
#include <vector>

using namespace picavk;
using namespace picavk::pica;

namespace {

constexpr std::uint32_t kWidth = 400, kHeight = 240, kSprites = 768, kSpriteSize = 32;
constexpr std::uint32_t kColorAddr = 0x18000000, kDepthAddr = 0x18100000;
constexpr std::uint32_t kTextureAddr = 0x18200000, kVertexAddr = 0x20000000;

// Six vertices a sprite: clip position, white at the sprite's alpha, texture coordinates.
std::vector<std::uint8_t> sprite_vertices() {
    std::vector<float> v;
    for (std::uint32_t i = 0; i < kSprites; ++i) {
        // Spread over the screen, overlapping (as gpusprites' bouncing sprites do).
        const float x = static_cast<float>((i * 37) % (kWidth - kSpriteSize));
        const float y = static_cast<float>((i * 53) % (kHeight - kSpriteSize));
        const float alpha = 0.25f + 0.5f * static_cast<float>(i % 7) / 6.0f;
        const float corners[4][4] = {{x, y, 0, 0},
                                     {x + kSpriteSize, y, 1, 0},
                                     {x + kSpriteSize, y + kSpriteSize, 1, 1},
                                     {x, y + kSpriteSize, 0, 1}};
        for (int k : {0, 1, 2, 0, 2, 3}) {
            const float nx = 2.0f * corners[k][0] / kWidth - 1.0f;
            const float ny = 2.0f * corners[k][1] / kHeight - 1.0f;
            const float vertex[24] = {
                nx, ny, -0.5f, 1, 1, 1, 1, alpha, corners[k][2], corners[k][3], 0, 0, 0, 0, 1, 1,
                0,  0,  0,     1, 0, 0, 1, 0};
            v.insert(v.end(), std::begin(vertex), std::end(vertex));
        }
    }
    std::vector<std::uint8_t> bytes(v.size() * 4);
    std::memcpy(bytes.data(), v.data(), bytes.size());
    return bytes;
}

void BM_RendererSprites(benchmark::State& state) {
    const auto scale = static_cast<std::uint32_t>(state.range(0));
    const bool compute = state.range(1) != 0;
    setenv("PICAVK_DEVICE_ASSUME", "few-raster-units", 1);
    setenv("PICAVK_DEVICE_DISABLE",
           !compute              ? "compute-raster"
           : state.range(1) == 2 ? "raster-bins"
                                 : "",
           1);
    RendererConfig config;
    config.enabled = true;
    config.scale = scale;
    config.shader_compile = ShaderCompile::Sync;
    Session s(128u << 20, config);
    unsetenv("PICAVK_DEVICE_ASSUME");
    unsetenv("PICAVK_DEVICE_DISABLE");
    if (!s.has_renderer()) {
        state.SkipWithError("no Vulkan renderer");
        return;
    }
    if (compute && !s.compute_raster()) {
        state.SkipWithError("the device has no compute rasteriser (shaderInt64)");
        return;
    }
    // The sprite: a 32x32 RGBA8 texture, a soft disc.
    std::vector<std::uint8_t> texels(kSpriteSize * kSpriteSize * 4), tiled(texels.size());
    for (std::uint32_t y = 0; y < kSpriteSize; ++y)
        for (std::uint32_t x = 0; x < kSpriteSize; ++x) {
            const int dx = static_cast<int>(x) - 16, dy = static_cast<int>(y) - 16;
            const int d2 = dx * dx + dy * dy;
            std::uint8_t* t = &texels[(y * kSpriteSize + x) * 4];
            t[0] = static_cast<std::uint8_t>(x * 8);
            t[1] = static_cast<std::uint8_t>(y * 8);
            t[2] = 200;
            t[3] = static_cast<std::uint8_t>(d2 < 256 ? 255 - d2 : 0);
        }
    encode_texture(texels, tiled, kSpriteSize, kSpriteSize, TextureFormat::RGBA8);
    s.write_memory(kTextureAddr, tiled);
    s.write_memory(kVertexAddr, sprite_vertices());

    CommandListBuilder b;
    test::write_scene_registers(b, ColorFormat::RGBA8, DepthFormat::D24S8, kWidth, kHeight,
                                kColorAddr, kDepthAddr);
    b.write(GPUREG_DEPTH_COLOR_MASK, 0xF00u | 1u | (7u << 4) | (1u << 12)); // GEQUAL, written
    b.write(GPUREG_TEXUNIT0_DIM, (kSpriteSize << 16) | kSpriteSize);
    b.write(GPUREG_TEXUNIT0_PARAM, (1u << 1) | (1u << 2)); // linear both ways, clamp
    b.write(GPUREG_TEXUNIT0_ADDR1, kTextureAddr >> 3);
    b.write(GPUREG_TEXUNIT0_TYPE, static_cast<std::uint32_t>(TextureFormat::RGBA8));
    b.write(GPUREG_TEXUNIT_CONFIG, 1u | (1u << 12));
    b.write(GPUREG_TEXENV0_SOURCE, 0x00030003u);   // texture 0, primary colour
    b.write(GPUREG_TEXENV0_COMBINER, 0x00010001u); // modulate
    b.write(GPUREG_BLEND_FUNC, (6u << 16) | (7u << 20) | (6u << 24) | (7u << 28));
    b.write(GPUREG_ATTRIBBUFFERS_LOC, kVertexAddr >> 3);
    b.write(GPUREG_ATTRIBBUFFER0_OFFSET, 0);
    b.draw_arrays(0, kSprites * 6);
    b.write(GPUREG_FRAMEBUFFER_FLUSH, 1);
    b.finalize();
    const std::vector<std::uint32_t> list = b.words();

    auto frame = [&] {
        // Memory fills of the colour and depth buffers (external registers PSC0 and PSC1;
        // 32-bit fills), then the list.
        s.write_gpu_register(0x10400010, kColorAddr >> 3);
        s.write_gpu_register(0x10400014, (kColorAddr + kWidth * kHeight * 4) >> 3);
        s.write_gpu_register(0x10400018, 0xFF402010u);
        s.write_gpu_register(0x1040001C, (2u << 8) | 1u);
        s.write_gpu_register(0x10400020, kDepthAddr >> 3);
        s.write_gpu_register(0x10400024, (kDepthAddr + kWidth * kHeight * 4) >> 3);
        s.write_gpu_register(0x10400028, 0);
        s.write_gpu_register(0x1040002C, (2u << 8) | 1u);
        s.submit(list);
        s.end_frame();
    };
    frame(); // pipelines and surfaces made
    const RendererCounters before = s.renderer_counters();
    for (auto _ : state)
        frame();
    const RendererCounters after = s.renderer_counters();
    const auto n = static_cast<double>(state.iterations());
    if (s.warning_count() != 0) state.SkipWithError("the frames gave warnings");
    state.SetItemsProcessed(state.iterations() * std::int64_t{kSprites} * kSpriteSize *
                            kSpriteSize * scale * scale);
    state.counters["gpu_ms"] =
        static_cast<double>(after.gpu_time_ns - before.gpu_time_ns) / 1e6 / n;
    state.counters["compute_draws"] =
        static_cast<double>(after.compute_raster_draws - before.compute_raster_draws) / n;
    state.counters["depth_copies"] =
        static_cast<double>(after.depth_word_loads + after.depth_word_stores -
                            before.depth_word_loads - before.depth_word_stores) /
        n;
    // The draw's own GPU time, from profiled frames.
    constexpr int kProfiled = 16;
    s.set_gpu_profile(true);
    frame(); // the first command buffer after turning it on is not profiled
    auto draw_ns = [](const GpuProfile& p) {
        std::uint64_t ns = 0;
        for (const GpuPassProfile& pass : p.passes)
            if (pass.pass.rfind("compute raster", 0) == 0 || pass.pass.rfind("render pass", 0) == 0)
                ns += pass.ns;
        return ns;
    };
    const std::uint64_t start = draw_ns(s.gpu_profile());
    for (int i = 0; i < kProfiled; ++i)
        frame();
    state.counters["draw_us"] =
        static_cast<double>(draw_ns(s.gpu_profile()) - start) / 1e3 / kProfiled;
}
BENCHMARK(BM_RendererSprites)
    ->ArgsProduct({{1, 4, 8}, {0, 1, 2}})
    ->ArgNames({"scale", "compute"})
    ->UseRealTime()
    ->Unit(benchmark::kMillisecond);

} // namespace
