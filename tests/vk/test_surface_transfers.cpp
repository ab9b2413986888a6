// Display transfers between cached surfaces on the GPU
// (src/vk/surface/surface_display_transfer.cpp, shaders/display_transfer.frag) against the CPU path
// (pica/transfer/transfer_engine.cpp), the reference: a rendered colour buffer is transferred on
// the GPU, and the bytes a CPU read then returns must equal what the CPU transfer writes from the
// same source bytes - at scale 1 and at scale 3 (guest memory stays exact at every scale). Also:
// the surface stays on the GPU until a CPU read (no write-back on FRAMEBUFFER_FLUSH), and
// flush_region / invalidate_region.
#include "patchwork.h"
#include "render_harness.h"
#include "scoped_env.h"

#include "pica/transfer/transfer_engine.h"
#include "shadergen/key_list.h"
#include "vk/pipeline/pipeline_key.h"

#include <picavk/vulkan.h>

#include <doctest/doctest.h>

#include <string>

using namespace picavk;
using namespace picavk::pica;
using test::draw_patchwork;
using test::RenderHarness;
using test::write_transfer;

namespace {

constexpr std::uint32_t kDma = 0x10400C00;
constexpr std::uint32_t kOut = 0x18100000;

// Empty when the first `n` bytes agree, else where they first differ.
std::string first_difference(const std::uint8_t* got, const std::uint8_t* want, std::size_t n,
                             const char* reference) {
    for (std::size_t i = 0; i < n; ++i)
        if (got[i] != want[i])
            return "byte " + std::to_string(i) + " is " + std::to_string(got[i]) + ", " +
                   reference + " " + std::to_string(want[i]);
    return {};
}

TransferFormat transfer_format(ColorFormat f) {
    constexpr TransferFormat kMap[5] = {TransferFormat::RGBA8, TransferFormat::RGB8,
                                        TransferFormat::RGB5A1, TransferFormat::RGB565,
                                        TransferFormat::RGBA4};
    return kMap[static_cast<unsigned>(f)];
}

struct Case {
    ColorFormat source;
    TransferFormat output;
    std::uint32_t downscale = 0; // 0 none, 1 2x1, 2 2x2
    bool flip = false;
    bool crop = false;  // the input is wider than the output
    bool tiled = false; // tiled output (no tiling conversion)
};

std::string describe(const Case& c) {
    return std::string(format_name(c.source)) + " -> " + format_name(texture_format(c.output)) +
           " downscale " + std::to_string(c.downscale) + (c.flip ? " flip" : "") +
           (c.crop ? " crop" : "") + (c.tiled ? " tiled" : "");
}

// Runs one case at one scale; returns an empty string or what went wrong.
std::string run_case(const Case& c, std::uint32_t scale) {
    RenderHarness h(scale, c.source);
    draw_patchwork(h);
    Session& s = h.session();
    const RendererCounters before = s.renderer_counters();

    TransferRegs t;
    t.input_addr = RenderHarness::kColor >> 3;
    t.output_addr = kOut >> 3;
    const std::uint32_t out_w = c.crop ? 16 : 32;
    t.input_dim = transfer_dim(32, 32);
    t.output_dim = transfer_dim(out_w, 32);
    t.flags = TransferFlags::input_format(transfer_format(c.source)) |
              TransferFlags::output_format(c.output) | c.downscale << 24 |
              (c.flip ? TransferFlags::kFlipVertical : 0) | (c.crop ? TransferFlags::kCrop : 0) |
              (c.tiled ? TransferFlags::kNoTilingConversion : 0);

    // The reference: the CPU transfer from the source bytes as a CPU read returns them.
    const std::size_t src_bytes = 32 * 32 * bytes_per_pixel(c.source);
    std::vector<std::uint8_t> vram(MemoryView::kVramSize), fcram(4096);
    const MemoryView ref(vram, fcram);
    std::vector<std::uint8_t> src(src_bytes);
    if (!s.read_memory(RenderHarness::kColor, src)) return "source read failed";
    std::memcpy(ref.pointer(RenderHarness::kColor, src_bytes), src.data(), src_bytes);
    Diagnostics diag;
    if (!run_transfer(ref, t, diag)) return "the CPU path rejects the case";

    write_transfer(s, t);
    const RendererCounters after = s.renderer_counters();
    if (after.gpu_transfers != before.gpu_transfers + 1) return "not done on the GPU";
    if (after.transfer_fallbacks != before.transfer_fallbacks) return "a CPU fallback";

    const std::uint32_t kx = c.downscale ? 2 : 1, ky = c.downscale == 2 ? 2 : 1;
    const std::size_t out_bytes =
        std::size_t{out_w / kx} * (32 / ky) * (bits_per_pixel(texture_format(c.output)) / 8);
    std::vector<std::uint8_t> got(out_bytes);
    if (!s.read_memory(kOut, got)) return "output read failed";
    const std::string e = first_difference(got.data(), ref.pointer(kOut, out_bytes), out_bytes,
                                           "the CPU path writes");
    if (!e.empty()) return e;
    if (s.renderer_counters().validation_messages != 0) return "validation messages";
    return {};
}

} // namespace

TEST_CASE("surface transfers: GPU display transfer of a rendered target, every format pair, "
          "exact at scale 1 and 3") {
    const ColorFormat sources[] = {ColorFormat::RGBA8, ColorFormat::RGB8, ColorFormat::RGB565,
                                   ColorFormat::RGB5A1, ColorFormat::RGBA4};
    const TransferFormat outputs[] = {TransferFormat::RGBA8, TransferFormat::RGB8,
                                      TransferFormat::RGB565, TransferFormat::RGB5A1,
                                      TransferFormat::RGBA4};
    for (std::uint32_t scale : {1u, 3u}) {
        for (ColorFormat src : sources) {
            for (TransferFormat out : outputs) {
                // RGB8 to a 16-bit format freezes the hardware (hwtests): the CPU path warns.
                if (src == ColorFormat::RGB8 && out != TransferFormat::RGB8 &&
                    out != TransferFormat::RGBA8)
                    continue;
                const Case c{src, out};
                CAPTURE(scale);
                const std::string e = run_case(c, scale);
                CHECK_MESSAGE(e.empty(), describe(c) << ": " << e);
            }
        }
    }
}

TEST_CASE("surface transfers: GPU downscale 2x1 and 2x2, flip, crop and tiled output, exact at "
          "scale 1 and 3") {
    const Case cases[] = {
        {ColorFormat::RGBA8, TransferFormat::RGBA8, 1},
        {ColorFormat::RGBA8, TransferFormat::RGB8, 2},
        {ColorFormat::RGBA8, TransferFormat::RGB565, 2, true},
        {ColorFormat::RGB5A1, TransferFormat::RGBA4, 1, true},
        {ColorFormat::RGBA4, TransferFormat::RGBA8, 2},
        {ColorFormat::RGBA8, TransferFormat::RGBA8, 0, true},
        {ColorFormat::RGB565, TransferFormat::RGB8, 0, false, true},
        {ColorFormat::RGBA8, TransferFormat::RGB5A1, 2, false, true},
        {ColorFormat::RGBA8, TransferFormat::RGBA8, 0, false, false, true},
        {ColorFormat::RGBA8, TransferFormat::RGB565, 2, true, false, true},
    };
    for (std::uint32_t scale : {1u, 3u}) {
        for (const Case& c : cases) {
            CAPTURE(scale);
            const std::string e = run_case(c, scale);
            CHECK_MESSAGE(e.empty(), describe(c) << ": " << e);
        }
    }
}

TEST_CASE("surface transfers: rendering stays on the GPU until a CPU read, flush_region and "
          "invalidate_region") {
    RenderHarness h(2);
    Session& s = h.session();
    draw_patchwork(h, false);
    // FRAMEBUFFER_FLUSH (the harness writes it after each draw) copies nothing.
    const RendererCounters drawn = s.renderer_counters();
    const std::uint64_t writebacks = drawn.surface_writebacks;
    // The colour buffer in guest memory still holds the clear colour: nothing wrote it back.
    std::vector<std::uint8_t> raw(4);
    std::memcpy(raw.data(), s.vram().data() + (RenderHarness::kColor - 0x18000000), 4);
    CHECK(raw == std::vector<std::uint8_t>{0x40, 0x30, 0x20, 0x10});
    // flush_region writes it back: the bytes in guest memory are now the rendered ones.
    CHECK(s.flush_region(RenderHarness::kColor, 64));
    CHECK(s.renderer_counters().surface_writebacks == writebacks + 1);
    CHECK(s.renderer_counters().readback_bytes > drawn.readback_bytes);
    std::memcpy(raw.data(), s.vram().data() + (RenderHarness::kColor - 0x18000000), 4);
    CHECK(raw != std::vector<std::uint8_t>{0x40, 0x30, 0x20, 0x10});
    // The CPU writes guest memory behind picavk's back and says so: the next read sees it.
    std::memset(s.vram().data() + (RenderHarness::kColor - 0x18000000), 0x5A, 32 * 32 * 4);
    CHECK(s.invalidate_region(RenderHarness::kColor, 32 * 32 * 4));
    h.quad(0, 0, 4, 4, -0.5f, {1, 1, 1, 1});
    h.draw();
    CHECK(h.pixel(20, 20) == test::Rgba{0x5A, 0x5A, 0x5A, 0x5A});
    CHECK(h.pixel(1, 1) == test::Rgba{0xFF, 0xFF, 0xFF, 0xFF});
    // Outside guest memory: refused.
    CHECK_FALSE(s.flush_region(0x40000000, 16));
    CHECK_FALSE(s.invalidate_region(0x40000000, 16));
    CHECK(s.renderer_counters().validation_messages == 0);
}

TEST_CASE("surface transfers: prefetch_region starts write-backs that a later read completes, "
          "one flush writes several surfaces back with one submission") {
    // The reference: the bytes a plain read returns after the same draws.
    auto quad = [](RenderHarness& h, float shade) {
        h.b().write(GPUREG_DEPTH_COLOR_MASK, 1u | (1u << 4) | 0xF00u | (1u << 12)); // depth writes
        h.quad(3, 5, 27, 30, -0.25f, {shade, 0.5f, 0.25f, 1});
        h.draw();
    };
    auto draw = [&](RenderHarness& h, float shade) {
        h.clear(test::Rgba{0x10, 0x20, 0x30, 0x40}, 0x5A000000u);
        quad(h, shade);
    };
    std::vector<std::uint8_t> want(32 * 32 * 4), want_again(want.size());
    {
        RenderHarness ref(2);
        draw(ref, 1.0f);
        ref.session().read_memory(RenderHarness::kColor, want);
        quad(ref, 0.125f);
        ref.session().read_memory(RenderHarness::kColor, want_again);
        REQUIRE(want != want_again);
    }
    RenderHarness h(2);
    Session& s = h.session();
    draw(h, 1.0f);
    const RendererCounters drawn = s.renderer_counters();
    CHECK(s.prefetch_region(RenderHarness::kColor, 32 * 32 * 4));
    const RendererCounters started = s.renderer_counters();
    CHECK(started.submissions == drawn.submissions + 1); // the copy runs now
    CHECK(started.surface_writebacks == drawn.surface_writebacks);
    std::vector<std::uint8_t> got(want.size());
    CHECK(s.read_memory(RenderHarness::kColor, got));
    const RendererCounters read = s.renderer_counters();
    CHECK(got == want);
    CHECK(read.surface_writebacks == drawn.surface_writebacks + 1);
    CHECK(read.prefetched_writebacks == drawn.prefetched_writebacks + 1);
    CHECK(read.submissions == started.submissions); // nothing more to submit or copy
    CHECK(read.readback_bytes == started.readback_bytes);

    // Drawn over after the prefetch: the read copies again and sees the new pixels.
    quad(h, 1.0f);
    CHECK(s.prefetch_region(RenderHarness::kColor, 32 * 32 * 4));
    quad(h, 0.125f);
    CHECK(s.read_memory(RenderHarness::kColor, got));
    CHECK(got == want_again);
    CHECK(s.renderer_counters().prefetched_writebacks == read.prefetched_writebacks);

    // Colour and depth drawn, then one flush over both: two write-backs, one submission.
    draw(h, 1.0f);
    const RendererCounters before = s.renderer_counters();
    CHECK(s.flush_region(RenderHarness::kColor,
                         RenderHarness::kDepth + 32 * 32 * 4 - RenderHarness::kColor));
    const RendererCounters after = s.renderer_counters();
    CHECK(after.surface_writebacks == before.surface_writebacks + 2);
    CHECK(after.submissions == before.submissions + 1);
    CHECK(after.validation_messages == 0);
}

namespace {
constexpr std::uint32_t kSecondTarget = 0x18200000;

// Draws into a second colour buffer a quad that samples `texture` (32x32, format `as`) as
// texture unit 0 (nearest, clamp to edge), texel for pixel.
void draw_sampling(RenderHarness& h, std::uint32_t texture, TextureFormat as) {
    auto& b = h.b();
    b.write(GPUREG_COLORBUFFER_LOC, kSecondTarget >> 3);
    b.write(GPUREG_TEXUNIT0_DIM, (32u << 16) | 32u);
    b.write(GPUREG_TEXUNIT0_PARAM, 0);
    b.write(GPUREG_TEXUNIT0_ADDR1, texture >> 3);
    b.write(GPUREG_TEXUNIT0_TYPE, static_cast<std::uint32_t>(as));
    b.write(GPUREG_TEXENV0_SOURCE, 0x00030003u); // texture 0, replace
    b.write(GPUREG_TEXUNIT_CONFIG, 1u | (1u << 12));
    h.textured_quad(0, 0, 32, 32, 0, 0, 1, 1);
    h.draw();
}

// The patchwork rendered in `target`, then the colour buffer sampled as texture format `as` into
// the second target (both targets in `target`); returns the second target's bytes.
// `cpu_read_between` writes the first back and makes guest memory newer: the decoded-texture
// reference.
std::vector<std::uint8_t> sample_as(std::uint32_t scale, ColorFormat target, TextureFormat as,
                                    bool cpu_read_between, RendererCounters* counters) {
    RenderHarness h(scale, target);
    draw_patchwork(h, false);
    if (cpu_read_between) {
        std::vector<std::uint8_t> bytes(32 * 32 * bytes_per_pixel(target));
        h.session().read_memory(RenderHarness::kColor, bytes);
        h.session().write_memory(RenderHarness::kColor, bytes);
    }
    draw_sampling(h, RenderHarness::kColor, as);
    if (counters) *counters = h.session().renderer_counters();
    std::vector<std::uint8_t> out(32 * 32 * bytes_per_pixel(target));
    h.session().read_memory(kSecondTarget, out);
    return out;
}
} // namespace

TEST_CASE("surface transfers: render-to-texture samples the scaled target without a write-back") {
    // The reference: the same frame where the texture is decoded from guest memory - the rendered
    // target written back first (a CPU read), so the texture path cannot use the host image.
    for (ColorFormat format : {ColorFormat::RGBA8, ColorFormat::RGB8, ColorFormat::RGB565,
                               ColorFormat::RGB5A1, ColorFormat::RGBA4}) {
        CAPTURE(static_cast<int>(format));
        const auto as = static_cast<TextureFormat>(format);
        RendererCounters c;
        const std::vector<std::uint8_t> want = sample_as(1, format, as, true, &c);
        CHECK(c.render_to_texture == 0);
        for (std::uint32_t scale : {1u, 3u}) {
            CAPTURE(scale);
            CHECK(sample_as(scale, format, as, false, &c) == want);
            CHECK(c.render_to_texture == 1);
            CHECK(c.surface_writebacks == 0);
            CHECK(c.validation_messages == 0);
        }
    }
}

namespace {
// Whether the device keeps colour format `f` in its 16-bit twin image (vk choose_host_formats:
// one it renders to, blends in, samples, copies and blits), else in an RGBA8 image; and its
// features, to say so where a test fails.
bool sixteen_bit_image(RenderHarness& h, ColorFormat f, VkFormatFeatureFlags& features) {
    const VkFormat twin = f == ColorFormat::RGB565   ? VK_FORMAT_R5G6B5_UNORM_PACK16
                          : f == ColorFormat::RGB5A1 ? VK_FORMAT_R5G5B5A1_UNORM_PACK16
                                                     : VK_FORMAT_R4G4B4A4_UNORM_PACK16;
    VkFormatProperties p{};
    vkGetPhysicalDeviceFormatProperties(vulkan_context(h.session()).physical_device, twin, &p);
    features = p.optimalTilingFeatures;
    constexpr VkFormatFeatureFlags kColor =
        VK_FORMAT_FEATURE_COLOR_ATTACHMENT_BIT | VK_FORMAT_FEATURE_COLOR_ATTACHMENT_BLEND_BIT |
        VK_FORMAT_FEATURE_TRANSFER_SRC_BIT | VK_FORMAT_FEATURE_TRANSFER_DST_BIT |
        VK_FORMAT_FEATURE_SAMPLED_IMAGE_BIT | VK_FORMAT_FEATURE_BLIT_SRC_BIT |
        VK_FORMAT_FEATURE_BLIT_DST_BIT;
    return (features & kColor) == kColor;
}
} // namespace

TEST_CASE("surface transfers: a 16-bit target sampled in place by the nearest texel reads the "
          "texels the decoder makes, its key narrowing them again") {
    // A sampler converts a 16-bit texel k to k / (2^bits - 1), which the shader's 8 bits round
    // (3 of 31 to 25); the PICA and the texture decoder repeat the bits (24). llvmpipe repeats
    // them itself, so here the pixels hold either way and the key says the shader narrows
    // (FragmentConfig::texture_narrow): where the target is a 16-bit image, sampled by the
    // nearest texel; not where it is an RGBA8 one (PICAVK_DEVICE_DISABLE=packed16, which holds
    // the repeated bytes), nor filtered. (RGBA4 targets are RGBA8 images on llvmpipe, which
    // has no R4G4B4A4 attachments.)
    for (ColorFormat format : {ColorFormat::RGB565, ColorFormat::RGB5A1})
        for (int run = 0; run < 3; ++run) {
            const bool rgba8_image = run == 1, linear = run == 2;
            CAPTURE(static_cast<int>(format));
            CAPTURE(rgba8_image);
            CAPTURE(linear);
            const auto as = static_cast<TextureFormat>(format);
            const std::vector<std::uint8_t> want = sample_as(1, format, as, true, nullptr);
            // (The graphics pipeline's keys on every device: where raster units are few the
            // compute rasteriser would take the draws, and its keys are counted apart.)
            const test::ScopedEnv env("PICAVK_DEVICE_DISABLE",
                                      rgba8_image ? "packed16,compute-raster" : "compute-raster");
            RenderHarness h(1, format);
            draw_patchwork(h, false);
            draw_sampling(h, RenderHarness::kColor, as); // nearest
            if (linear) { // the same again, filtered: a second key, not narrowing
                h.b().write(GPUREG_TEXUNIT0_PARAM, 6u);
                h.textured_quad(0, 0, 32, 32, 0, 0, 1, 1);
                h.draw();
            }
            CHECK(h.session().renderer_counters().render_to_texture >= 1);
            CHECK(h.session().renderer_counters().surface_writebacks == 0);
            std::vector<std::uint8_t> got(want.size());
            h.session().read_memory(kSecondTarget, got);
            if (!linear) CHECK(got == want);
            std::string error;
            const std::vector<std::uint8_t> list = h.session().export_shader_keys();
            const std::vector<std::uint8_t> records =
                shadergen::read_key_list(list, sizeof(vk::PipelineKey), error);
            REQUIRE(error.empty());
            unsigned textured = 0, narrowed = 0;
            for (std::size_t at = 0; at < records.size(); at += sizeof(vk::PipelineKey)) {
                vk::PipelineKey k;
                std::memcpy(&k, &records[at], sizeof k);
                if (!(k.fragment.texture_units & 1)) continue;
                ++textured;
                narrowed += k.fragment.texture_narrow[0] == static_cast<std::uint8_t>(format);
                CHECK((k.fragment.texture_narrow[0] == 0 ||
                       k.fragment.texture_narrow[0] == static_cast<std::uint8_t>(format)));
            }
            // (An H200 narrowed none where lavapipe narrows: the twin's features say whether the
            // device keeps the target in a 16-bit image at all.)
            VkFormatFeatureFlags features = 0;
            const bool sixteen = sixteen_bit_image(h, format, features);
            CAPTURE(sixteen);
            CAPTURE(features);
            // The filtered draw's key differs from the nearest one's only by the narrowing: the
            // same key where the target is an RGBA8 image (the H200's RGB5A1, 2026-11-30).
            CHECK(textured == (linear && sixteen ? 2u : 1u));
            CHECK(narrowed == (rgba8_image || !sixteen ? 0u : 1u));
            CHECK(h.validation_messages() == 0);
            CHECK(h.warnings.empty()); // (a compute rasteriser shader that failed would say so)
        }
}

TEST_CASE("surface transfers: a 16-bit target kept in an RGBA8 image (a device without its "
          "attachment format) holds what the 16-bit image would, sampled into an RGBA8 buffer") {
    // PICAVK_DEVICE_DISABLE=packed16 keeps RGB565, RGB5A1 and RGBA4 targets in RGBA8 images.
    // Their draws narrow the colour to the format (FragmentConfig::color_narrow), so sampling
    // the target into a finer buffer - no write-back between - reads what the 16-bit image of
    // a device with the format reads, not the 8-bit colours the draws computed.
    // The specialised shaders, the ubershader, and the compute rasteriser of devices with few
    // raster units (which draws targets in RGBA8 images itself).
    enum Path { Specialised, Ubershader, ComputeRaster };
    for (Path path : {Specialised, Ubershader, ComputeRaster})
        for (ColorFormat format : {ColorFormat::RGB565, ColorFormat::RGB5A1, ColorFormat::RGBA4}) {
            for (std::uint32_t scale : {1u, 3u}) {
                CAPTURE(static_cast<int>(path));
                CAPTURE(static_cast<int>(format));
                CAPTURE(scale);
                const test::ScopedEnv assume("PICAVK_DEVICE_ASSUME",
                                             path == ComputeRaster ? "few-raster-units" : "");
                std::vector<std::uint8_t> got[2];
                for (int fallback = 0; fallback < 2; ++fallback) {
                    const test::ScopedEnv env("PICAVK_DEVICE_DISABLE", fallback ? "packed16" : "");
                    RenderHarness h(scale, format, DepthFormat::D24S8,
                                    path == Ubershader ? ShaderCompile::UbershaderOnly
                                                       : ShaderCompile::Sync);
                    if (path == ComputeRaster) REQUIRE(h.session().compute_raster());
                    draw_patchwork(h, false);
                    // A logic op over the left half (XOR with white), which would change the
                    // alpha of RGB565 in an RGBA8 image if the draw wrote it; a 16-bit RGB565
                    // image has none (reads 255).
                    h.b().write(GPUREG_COLOR_OPERATION, 0x00E40000u); // logic op mode
                    h.b().write(GPUREG_LOGIC_OP, 11);                 // XOR
                    h.quad(0, 0, 16, 32, -0.5f, {1, 1, 1, 1});
                    h.draw();
                    h.b().write(GPUREG_COLOR_OPERATION, 0x00E40100u);
                    h.b().write(GPUREG_LOGIC_OP, 3);
                    h.b().write(GPUREG_COLORBUFFER_FORMAT, 2u); // the second buffer: RGBA8
                    draw_sampling(h, RenderHarness::kColor, static_cast<TextureFormat>(format));
                    if (path == ComputeRaster)
                        CHECK(h.session().renderer_counters().compute_raster_draws >= 1);
                    CHECK(h.session().renderer_counters().render_to_texture == 1);
                    CHECK(h.session().renderer_counters().surface_writebacks == 0);
                    got[fallback].resize(32 * 32 * 4);
                    h.session().read_memory(kSecondTarget, got[fallback]);
                    CHECK(h.validation_messages() == 0);
                }
                CHECK(got[1] == got[0]);
            }
        }
}

namespace {
// A texture copy of the rendered patchwork (RGBA8, 32x32: tile rows of 1024 bytes, tiles of
// 256) done on the GPU; the bytes a CPU read returns over `out_span` must equal the CPU path's.
std::string texture_copy_case(std::uint32_t scale, std::uint32_t in_offset, std::uint32_t size,
                              std::uint32_t in_lines, std::uint32_t out_lines,
                              std::uint32_t out_span) {
    RenderHarness h(scale);
    draw_patchwork(h, false);
    Session& s = h.session();
    TransferRegs t;
    t.input_addr = (RenderHarness::kColor + in_offset) >> 3;
    t.output_addr = kOut >> 3;
    t.flags = TransferFlags::kTextureCopy;
    t.copy_size = size;
    t.copy_input = in_lines;
    t.copy_output = out_lines;
    const RendererCounters before = s.renderer_counters();
    s.write_gpu_register(kDma + 0x20, t.copy_size);
    s.write_gpu_register(kDma + 0x24, t.copy_input);
    s.write_gpu_register(kDma + 0x28, t.copy_output);
    write_transfer(s, t);
    const RendererCounters after = s.renderer_counters();
    if (after.gpu_transfers != before.gpu_transfers + 1) return "not done on the GPU";
    if (h.warnings.size()) return "warning: " + h.warnings.front();
    if (after.surface_writebacks != before.surface_writebacks) return "a write-back";

    std::vector<std::uint8_t> vram(MemoryView::kVramSize), fcram(4096);
    const MemoryView ref(vram, fcram);
    std::vector<std::uint8_t> src(32 * 32 * 4);
    s.read_memory(RenderHarness::kColor, src);
    std::memcpy(ref.pointer(RenderHarness::kColor, src.size()), src.data(), src.size());
    Diagnostics diag;
    if (!run_transfer(ref, t, diag)) return "the CPU path rejects the case";
    std::vector<std::uint8_t> got(out_span);
    s.read_memory(kOut, got);
    const std::string e =
        first_difference(got.data(), ref.pointer(kOut, out_span), out_span, "the CPU path writes");
    if (!e.empty()) return e;
    if (s.renderer_counters().validation_messages != 0) return "validation messages";
    return {};
}
} // namespace

TEST_CASE("surface transfers: texture copies of tile runs are GPU copies, exact at scale 1 and 3") {
    for (std::uint32_t scale : {1u, 3u}) {
        CAPTURE(scale);
        // The whole surface, contiguous.
        CHECK(texture_copy_case(scale, 0, 4096, 0, 0, 4096) == "");
        // Tile rows 1-2, contiguous.
        CHECK(texture_copy_case(scale, 1024, 2048, 0, 0, 2048) == "");
        // Tiles x 1-2 of tile rows 1-3 (512-byte lines, 512-byte gaps), packed in the output.
        CHECK(texture_copy_case(scale, 1024 + 256, 1536, 32u | 32u << 16, 0, 1536) == "");
        // The same into a destination of 32-pixel rows: the gaps keep guest memory.
        CHECK(texture_copy_case(scale, 1024 + 256, 1536, 32u | 32u << 16, 32u | 32u << 16, 3072) ==
              "");
    }
}

TEST_CASE("surface transfers: a texture copy of a display transfer's linear rows stays on the "
          "GPU, exact at scale 1 and 3") {
    for (std::uint32_t scale : {1u, 3u}) {
        CAPTURE(scale);
        RenderHarness h(scale);
        draw_patchwork(h, false);
        Session& s = h.session();
        // The patchwork untiled into a linear RGBA8 buffer (as for an LCD framebuffer)...
        const TransferRegs d = test::colour_buffer_transfer(
            RenderHarness::kColor, kOut, TransferFormat::RGBA8, TransferFormat::RGBA8);
        write_transfer(s, d);
        // ...whose rows 8-23 are copied to another buffer, contiguous.
        TransferRegs t;
        t.input_addr = (kOut + 8 * 32 * 4) >> 3;
        t.output_addr = (kOut + 0x10000) >> 3;
        t.flags = TransferFlags::kTextureCopy;
        t.copy_size = 16 * 32 * 4;
        const RendererCounters before = s.renderer_counters();
        s.write_gpu_register(kDma + 0x20, t.copy_size);
        s.write_gpu_register(kDma + 0x24, 0);
        s.write_gpu_register(kDma + 0x28, 0);
        write_transfer(s, t);
        const RendererCounters after = s.renderer_counters();
        CHECK(after.gpu_transfers == before.gpu_transfers + 1);
        CHECK(after.surface_writebacks == before.surface_writebacks);
        CHECK(after.transfer_fallbacks == before.transfer_fallbacks);
        // The reference: the CPU copy of the linear bytes a read returns.
        std::vector<std::uint8_t> linear(32 * 32 * 4), got(16 * 32 * 4);
        s.read_memory(kOut, linear);
        s.read_memory(kOut + 0x10000, got);
        CHECK(first_difference(got.data(), linear.data() + 8 * 32 * 4, got.size(),
                               "the source rows hold") == "");
        CHECK(s.renderer_counters().validation_messages == 0);
    }
}

namespace {
// A memory fill over part of the rendered patchwork (RGBA8 32x32: 1024-byte tile rows); the
// colour buffer a CPU read then returns must equal the CPU fill applied to the rendered bytes.
struct FillCase {
    std::uint32_t from, to; // byte offsets in the colour buffer
    std::uint32_t value, width;
    bool on_gpu; // whole tile rows, one pixel value: cleared on the GPU, no write-back
};

std::string fill_case(std::uint32_t scale, const FillCase& c) {
    std::vector<std::uint8_t> want(32 * 32 * 4);
    {
        RenderHarness ref(scale);
        draw_patchwork(ref, false);
        ref.session().read_memory(RenderHarness::kColor, want);
    }
    std::vector<std::uint8_t> vram(MemoryView::kVramSize), fcram(4096);
    const MemoryView ref(vram, fcram);
    std::memcpy(ref.pointer(RenderHarness::kColor, want.size()), want.data(), want.size());
    MemoryFillRegs f{(RenderHarness::kColor + c.from) >> 3, (RenderHarness::kColor + c.to) >> 3,
                     c.value, c.width << 8 | 1};
    Diagnostics diag;
    run_memory_fill(ref, f, diag);
    std::memcpy(want.data(), ref.pointer(RenderHarness::kColor, want.size()), want.size());

    RenderHarness h(scale);
    draw_patchwork(h, false);
    Session& s = h.session();
    const RendererCounters before = s.renderer_counters();
    s.write_gpu_register(0x10400010, f.start);
    s.write_gpu_register(0x10400014, f.end);
    s.write_gpu_register(0x10400018, f.value);
    s.write_gpu_register(0x1040001C, f.control);
    const RendererCounters after = s.renderer_counters();
    const bool gpu = after.partial_fill_clears == before.partial_fill_clears + 1 &&
                     after.surface_writebacks == before.surface_writebacks;
    if (gpu != c.on_gpu) return gpu ? "cleared on the GPU" : "not cleared on the GPU";
    std::vector<std::uint8_t> got(want.size());
    s.read_memory(RenderHarness::kColor, got);
    const std::string e =
        first_difference(got.data(), want.data(), got.size(), "the CPU fill gives");
    if (!e.empty()) return e;
    if (s.renderer_counters().validation_messages != 0) return "validation messages";
    return {};
}
} // namespace

TEST_CASE("surface transfers: fills that partly cover a rendered target, exact at scale 1 and 3") {
    const FillCase cases[] = {
        {1024, 2048, 0x11223344u, 2, true},       // one tile row, 32-bit
        {1024, 4096, 0x0000A5C3u, 0, true},       // to the end, 16-bit: each pixel C3 A5 C3 A5
        {3072, 8192, 0x55667788u, 2, true},       // the last tile row, past the target's end
        {1024, 1536, 0x11223344u, 2, false},      // half a tile row: written back, then filled
        {1024, 2048, 0x00ABCDEFu, 1, false},      // 24-bit: pixels differ, written back
        {0x400 - 8, 2048, 0x11223344u, 2, false}, // starts inside a tile row
    };
    for (std::uint32_t scale : {1u, 3u}) {
        for (const FillCase& c : cases) {
            CAPTURE(scale);
            CAPTURE(c.from);
            CAPTURE(c.to);
            CAPTURE(c.width);
            CHECK(fill_case(scale, c) == "");
        }
    }
}

namespace {
// Quads at several depths over a D24S8 buffer cleared with stencil 0x5A; then a second colour
// target samples the depth buffer's bytes as an RGBA8 texture (nearest, texel for pixel).
void draw_depths(RenderHarness& h) {
    h.clear(test::Rgba{0, 0, 0, 0xFF}, 0x5A000000u | 0x123456u);
    h.b().write(GPUREG_DEPTH_COLOR_MASK, 1u | (1u << 4) | 0xF00u | (1u << 12)); // always, write
    const std::uint32_t edges[] = {0, 5, 11, 20, 32};
    unsigned k = 0;
    for (unsigned j = 0; j + 1 < std::size(edges); ++j)
        for (unsigned i = 0; i + 1 < std::size(edges); ++i, ++k)
            h.quad(edges[i], edges[j], edges[i + 1], edges[j + 1],
                   -0.05f - 0.0571f * static_cast<float>(k), {1, 1, 1, 1});
    h.draw();
}
void sample_depth_as_color(RenderHarness& h) {
    h.b().write(GPUREG_DEPTHBUFFER_LOC, 0x18300000u >> 3); // another depth buffer
    h.b().write(GPUREG_DEPTH_COLOR_MASK, 0xF00u);          // no depth test or write
    draw_sampling(h, RenderHarness::kDepth, TextureFormat::RGBA8);
}
} // namespace

TEST_CASE("surface transfers: a D24S8 buffer read as an RGBA8 texture, converted on the GPU") {
    // The reference: the depth buffer written back and decoded from guest memory as a texture.
    std::vector<std::uint8_t> want(32 * 32 * 4);
    {
        RenderHarness ref(1);
        draw_depths(ref);
        std::vector<std::uint8_t> depth(32 * 32 * 4);
        ref.session().read_memory(RenderHarness::kDepth, depth);
        ref.session().write_memory(RenderHarness::kDepth, depth); // guest memory is newer
        sample_depth_as_color(ref);
        CHECK(ref.session().renderer_counters().reinterpretations == 0);
        ref.session().read_memory(kSecondTarget, want);
        // The depths differ: the check below compares more than one colour.
        std::size_t distinct = 0;
        for (std::size_t i = 4; i < want.size(); i += 4)
            distinct += std::memcmp(&want[i], &want[i - 4], 4) != 0;
        REQUIRE(distinct >= 6);
    }
    for (std::uint32_t scale : {1u, 3u}) {
        CAPTURE(scale);
        RenderHarness h(scale);
        draw_depths(h);
        sample_depth_as_color(h);
        const RendererCounters c = h.session().renderer_counters();
        CHECK(c.reinterpretations == 1);
        CHECK(c.surface_writebacks == 0);
        std::vector<std::uint8_t> got(want.size());
        h.session().read_memory(kSecondTarget, got);
        std::size_t differ = 0;
        for (std::size_t i = 0; i < got.size(); ++i)
            differ += got[i] != want[i];
        CHECK_MESSAGE(differ == 0, differ << " bytes differ from decoding the written-back bytes");
        CHECK(h.session().renderer_counters().validation_messages == 0);
    }
}

TEST_CASE("surface transfers: a target too large for the staging ring uploads through a buffer "
          "of its own, exact") {
    // A 1024x1024 RGBA8 colour buffer at scale 3 is 37.7 MB at the scale, past half of the
    // 64 MB staging ring (SurfaceCache::upload_space). Bytes the CPU wrote there are uploaded
    // at the next draw, which blends to the destination unchanged (source factor zero, one for
    // the destination) yet writes the target; the read that follows writes it back, so each
    // byte went up through that buffer and came down again.
    constexpr std::uint32_t kBig = 0x18200000, kSide = 1024;
    constexpr std::size_t kBytes = std::size_t{kSide} * kSide * 4;
    RenderHarness h(3);
    std::vector<std::uint8_t> pattern(kBytes);
    for (std::size_t i = 0; i < kBytes; ++i)
        pattern[i] = static_cast<std::uint8_t>(i * 7 + (i >> 12));
    REQUIRE(h.session().write_memory(kBig, pattern));
    auto& b = h.b();
    b.write(GPUREG_COLORBUFFER_LOC, kBig >> 3);
    const std::uint32_t dim = kSide | ((kSide - 1) << 12) | (1u << 24);
    b.write(GPUREG_FRAMEBUFFER_DIM, dim);
    b.write(GPUREG_RENDERBUF_DIM, dim);
    b.write(GPUREG_DEPTHBUFFER_READ, 0);
    b.write(GPUREG_DEPTHBUFFER_WRITE, 0);
    b.write(GPUREG_DEPTH_COLOR_MASK, 0xF00);
    b.write(GPUREG_BLEND_FUNC, 0x10100000u); // add: source x zero + destination x one
    const RendererCounters before = h.session().renderer_counters();
    h.quad(0, 0, RenderHarness::kW, RenderHarness::kH, 0, {1, 1, 1, 1});
    h.draw();
    std::vector<std::uint8_t> back(kBytes);
    REQUIRE(h.session().read_memory(kBig, back));
    const RendererCounters after = h.session().renderer_counters();
    CHECK(after.surface_uploads == before.surface_uploads + 1);
    CHECK(after.surface_writebacks == before.surface_writebacks + 1);
    CHECK(first_difference(back.data(), pattern.data(), kBytes, "written") == "");
    CHECK(h.validation_messages() == 0);
}

TEST_CASE("surfaces: display transfers left open go beside one another unless one writes what "
          "another touches, and write what the CPU path writes") {
    // Where raster units are few, transfers are compute passes: a frame's two screens' transfers
    // go side by side. From one rendered target, to X then Y twice over (the first round makes
    // the output surfaces, which records barriers): in the second round, X goes beside the
    // first round's Y (both read the target, each writes its own), Y waits for a barrier (the
    // first round's Y wrote it), and X goes beside that Y.
    const test::ScopedEnv assume("PICAVK_DEVICE_ASSUME", "few-raster-units");
    const test::ScopedEnv disable("PICAVK_DEVICE_DISABLE", "");
    RenderHarness h(3);
    draw_patchwork(h);
    Session& s = h.session();
    constexpr std::uint32_t kX = kOut, kY = kOut + 0x10000;
    const auto transfer = [&](std::uint32_t out) {
        return test::colour_buffer_transfer(RenderHarness::kColor, out, TransferFormat::RGBA8,
                                            TransferFormat::RGB8);
    };
    // The reference: the CPU transfer from the source bytes.
    std::vector<std::uint8_t> vram(MemoryView::kVramSize), fcram(4096);
    const MemoryView ref(vram, fcram);
    std::vector<std::uint8_t> src(32 * 32 * 4);
    REQUIRE(s.read_memory(RenderHarness::kColor, src));
    std::memcpy(ref.pointer(RenderHarness::kColor, src.size()), src.data(), src.size());
    Diagnostics diag;
    REQUIRE(run_transfer(ref, transfer(kX), diag));
    write_transfer(s, transfer(kX));
    write_transfer(s, transfer(kY));
    const RendererCounters before = s.renderer_counters();
    write_transfer(s, transfer(kX));
    write_transfer(s, transfer(kY));
    write_transfer(s, transfer(kX));
    const RendererCounters after = s.renderer_counters();
    CHECK(after.gpu_transfers - before.gpu_transfers == 3);
    CHECK(after.passes_side_by_side - before.passes_side_by_side == 2);
    for (const std::uint32_t out : {kX, kY}) {
        CAPTURE(out);
        std::vector<std::uint8_t> got(32 * 32 * 3);
        REQUIRE(s.read_memory(out, got));
        CHECK(first_difference(got.data(), ref.pointer(kX, got.size()), got.size(), "the CPU's")
                  .empty());
    }
    CHECK(h.validation_messages() == 0);
    CHECK(h.warnings.empty());
}
