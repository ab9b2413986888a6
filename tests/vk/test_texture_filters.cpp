// Texture filters (shaders/texture_filter_*.frag) against their CPU references
// (tests/oracle/texture_filter_model.cpp, written from the published algorithms) on small
// images at scales 2 and 3: pixel art (hard edges, diagonals, thin lines, transparency) and
// random noise. MMPX is integer: exact. The others are float: every channel within one unit of
// the reference (the GPU computes in float, the references in double or float, both rounded),
// but for Anime4K's exact ties on pixel art (below).
// Then the filter on a real texture through a session: a filtered image exists only at scale > 1.
#include "../oracle/texture_filter_model.h"
#include "picavk/session.h"
#include "session_config.h"
#include "test_random.h"
#include "vk/device/barriers.h"
#include "vk/device/device.h"
#include "vk/device/memory_allocator.h"
#include "vk/device/resources.h"
#include "vk/device/scheduler.h"
#include "vk/surface/transfer_blitter.h"

#include <doctest/doctest.h>

#include <cstring>
#include <fstream>
#include <iterator>
#include <set>

using namespace picavk;
using oracle::FilterImage;
using vk::barrier_all;
using vk::barrier_init_general;
using vk::barrier_transfer_to_host;
using vk::Buffer;
using vk::Device;
using vk::DeviceOptions;
using vk::Image;
using vk::MemoryAllocator;
using vk::MemoryUsage;
using vk::ResourceFactory;
using vk::Scheduler;
using vk::TransferBlitter;

namespace {

// The pass run on the GPU over `in`, read back.
FilterImage run_filter(ResourceFactory& factory, Scheduler& scheduler, TransferBlitter& blitter,
                       vk::TextureFilter filter, const FilterImage& in, std::uint32_t scale) {
    const VkDeviceSize in_bytes = in.rgba.size();
    const VkExtent2D out_extent{in.width * scale, in.height * scale};
    const VkDeviceSize out_bytes = VkDeviceSize{out_extent.width} * out_extent.height * 4;
    Buffer upload = factory.create_buffer(in_bytes, VK_BUFFER_USAGE_TRANSFER_SRC_BIT,
                                          MemoryUsage::Upload, "filter test input");
    std::memcpy(upload.mapped(), in.rgba.data(), in_bytes);
    factory.allocator().flush(upload.memory);
    Buffer readback = factory.create_buffer(out_bytes, VK_BUFFER_USAGE_TRANSFER_DST_BIT,
                                            MemoryUsage::Readback, "filter test output");
    Image src = factory.create_image(VK_FORMAT_R8G8B8A8_UNORM, {in.width, in.height},
                                     VK_IMAGE_USAGE_SAMPLED_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT,
                                     "filter test source");
    Image dst =
        factory.create_image(VK_FORMAT_R8G8B8A8_UNORM, out_extent,
                             VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT | VK_IMAGE_USAGE_TRANSFER_SRC_BIT,
                             "filter test target");
    VkCommandBuffer cmd = scheduler.cmd();
    barrier_init_general(cmd, src.image, src.aspect);
    barrier_init_general(cmd, dst.image, dst.aspect);
    VkBufferImageCopy region{};
    region.imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1};
    region.imageExtent = {in.width, in.height, 1};
    vkCmdCopyBufferToImage(cmd, upload.buffer, src.image, VK_IMAGE_LAYOUT_GENERAL, 1, &region);
    barrier_all(cmd);
    // Anime4K's gradient images, twice the source's size.
    const VkExtent2D twice{in.width * 2, in.height * 2};
    const VkImageUsageFlags scratch_usage =
        VK_IMAGE_USAGE_SAMPLED_BIT | VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT;
    Image xy = factory.create_image(VK_FORMAT_R32G32_SFLOAT, twice, scratch_usage, "xy");
    Image luma = factory.create_image(VK_FORMAT_R32_SFLOAT, twice, scratch_usage, "luma");
    barrier_init_general(cmd, xy.image, xy.aspect);
    barrier_init_general(cmd, luma.image, luma.aspect);
    const vk::PassTarget xy_target{xy.view, twice, xy.format};
    const vk::PassTarget luma_target{luma.view, twice, luma.format};
    blitter.filter_texture(filter, src.view,
                           {static_cast<std::int32_t>(in.width),
                            static_cast<std::int32_t>(in.height), static_cast<std::int32_t>(scale)},
                           {dst.view, out_extent, dst.format}, &xy_target, &luma_target);
    cmd = scheduler.cmd();
    barrier_all(cmd);
    region.imageExtent = {out_extent.width, out_extent.height, 1};
    vkCmdCopyImageToBuffer(cmd, dst.image, VK_IMAGE_LAYOUT_GENERAL, readback.buffer, 1, &region);
    barrier_transfer_to_host(cmd);
    scheduler.finish();
    factory.allocator().invalidate(readback.memory);
    FilterImage out{out_extent.width, out_extent.height, {}};
    out.rgba.assign(readback.mapped(), readback.mapped() + out_bytes);
    factory.destroy(upload);
    factory.destroy(readback);
    factory.destroy(src);
    factory.destroy(dst);
    factory.destroy(xy);
    factory.destroy(luma);
    return out;
}

// A 16x12 piece of pixel art from a palette of four colours (one half transparent): a filled
// diamond, a diagonal line, a one-texel vertical line, a checkered corner and a 2:1 slope.
FilterImage pixel_art() {
    constexpr std::uint32_t kW = 16, kH = 12;
    static const std::uint32_t palette[4] = {0xFF203040u, 0xFFE0C020u, 0x80FF00FFu, 0xFF10A010u};
    static const char* rows[kH] = {
        "0000000000000000", //
        "0001000000300000", //
        "0011100000030000", //
        "0111110000003000", //
        "0011100022000300", //
        "0001000022000030", //
        "0000000000000000", //
        "0303030011110000", //
        "3030300011111100", //
        "0303000000111111", //
        "3030002000001111", //
        "0300002000000011", //
    };
    FilterImage img{kW, kH, std::vector<std::uint8_t>(kW * kH * 4)};
    for (std::uint32_t y = 0; y < kH; ++y)
        for (std::uint32_t x = 0; x < kW; ++x)
            std::memcpy(&img.rgba[(y * kW + x) * 4], &palette[rows[y][x] - '0'], 4);
    return img;
}

FilterImage noise(std::uint32_t w, std::uint32_t h, std::uint32_t seed) {
    test::Rng rng(seed);
    FilterImage img{w, h, std::vector<std::uint8_t>(std::size_t{w} * h * 4)};
    for (std::uint8_t& b : img.rgba)
        b = static_cast<std::uint8_t>(rng());
    return img;
}

// The largest channel difference, where, and how many pixels differ by more than `tolerance`.
int max_difference(const FilterImage& a, const FilterImage& b, std::size_t& at, int tolerance,
                   std::size_t& over) {
    int worst = 0;
    over = 0;
    for (std::size_t i = 0; i < a.rgba.size(); i += 4) {
        int pixel = 0;
        for (std::size_t c = i; c < i + 4; ++c)
            pixel = std::max(pixel, std::abs(int(a.rgba[c]) - int(b.rgba[c])));
        over += pixel > tolerance;
        if (pixel > worst) {
            worst = pixel;
            at = i / 4;
        }
    }
    return worst;
}

} // namespace

TEST_CASE("texture filters: the GPU passes compute what the published algorithms compute") {
    DeviceOptions options;
    options.validation = true;
    Device device(options);
    MemoryAllocator allocator(device);
    ResourceFactory factory(device, allocator);
    Scheduler scheduler(device);
    {
        TransferBlitter blitter(device, scheduler);
        struct Case {
            vk::TextureFilter filter;
            const char* name;
            oracle::FilterImage (*model)(const oracle::FilterImage&, std::uint32_t);
            int tolerance;
            // Pixels allowed past it: where a decision's two sides are within float rounding
            // (xBRZ's distance comparisons), the GPU (FMA) and the reference may part.
            double fraction_over = 0.0;
        };
        const Case cases[] = {
            {vk::TextureFilter::Mmpx, "mmpx", oracle::mmpx_model, 0},
            {vk::TextureFilter::Bicubic, "bicubic", oracle::bicubic_model, 1},
            {vk::TextureFilter::ScaleForce, "scaleforce", oracle::scaleforce_model, 1},
            {vk::TextureFilter::Xbrz, "xbrz", oracle::xbrz_model, 1},
            // Pixel art gives Anime4K's kernels exact ties (two neighbours' gradients equal, a
            // kernel's light and dark sides level): float rounding breaks them either way, on the
            // GPU and in the reference alike (7 of 768 pixels at 2x). Noise has none.
            {vk::TextureFilter::Anime4k, "anime4k", oracle::anime4k_model, 1, 0.02}};
        const FilterImage inputs[] = {pixel_art(), noise(8, 8, 7), noise(24, 16, 11)};
        for (const Case& c : cases)
            for (std::size_t n = 0; n < std::size(inputs); ++n)
                for (const std::uint32_t scale : {2u, 3u}) {
                    const std::string name = c.name;
                    CAPTURE(name);
                    CAPTURE(n);
                    CAPTURE(scale);
                    const FilterImage gpu =
                        run_filter(factory, scheduler, blitter, c.filter, inputs[n], scale);
                    const FilterImage cpu = c.model(inputs[n], scale);
                    REQUIRE(gpu.rgba.size() == cpu.rgba.size());
                    std::size_t at = 0, over = 0;
                    const int worst = max_difference(gpu, cpu, at, c.tolerance, over);
                    CAPTURE(at % gpu.width);
                    CAPTURE(at / gpu.width);
                    CAPTURE(worst);
                    CHECK(static_cast<double>(over) <=
                          c.fraction_over * static_cast<double>(gpu.width * gpu.height));
                }
    }
    CHECK(device.validation_messages() == 0);
}

TEST_CASE("texture filters: MMPX keeps pixel art's colours and smooths its diagonals") {
    // What makes MMPX MMPX, on the reference itself: every output texel is a copy of an input
    // texel (no new colours), flat areas stay flat, and a 1:1 diagonal staircase becomes a
    // line one 2x texel thinner at each step than nearest-neighbour doubling would draw.
    const FilterImage in = pixel_art();
    const FilterImage out = oracle::mmpx_model(in, 2);
    std::set<std::uint32_t> colours;
    for (std::size_t i = 0; i < in.rgba.size(); i += 4) {
        std::uint32_t w;
        std::memcpy(&w, &in.rgba[i], 4);
        colours.insert(w);
    }
    std::size_t differs_from_nearest = 0;
    for (std::uint32_t y = 0; y < out.height; ++y)
        for (std::uint32_t x = 0; x < out.width; ++x) {
            std::uint32_t w, nearest;
            std::memcpy(&w, &out.rgba[(y * out.width + x) * 4], 4);
            std::memcpy(&nearest, &in.rgba[((y / 2) * in.width + x / 2) * 4], 4);
            CHECK(colours.count(w) == 1);
            differs_from_nearest += w != nearest;
        }
    CHECK(differs_from_nearest > 0);
    // The diagonal line of colour 3 from (10, 1) to (14, 5): at texel (11, 2) the 2x block's
    // top-left texel takes the line's colour from the texel above left's side.
    std::uint32_t tl;
    std::memcpy(&tl, &out.rgba[((2 * 2) * out.width + 2 * 11) * 4], 4);
    CHECK(tl == 0xFF10A010u);
}

TEST_CASE("texture filters: a session filters textures from guest memory at scales above 1") {
    // textured_cube draws one 64x64 ETC1 texture (the kitten), magnified.
    std::ifstream in(std::string(PICAVK_CORPUS_DIR) + "/textured_cube.ctf", std::ios::binary);
    const std::vector<std::uint8_t> file((std::istreambuf_iterator<char>(in)),
                                         std::istreambuf_iterator<char>());
    std::string error;
    const auto trace = Trace::parse(file, error);
    REQUIRE_MESSAGE(trace, error);
    auto draw = [&](std::uint32_t scale, TextureFilter filter, RendererCounters& counters) {
        RendererConfig config = test::session_config(scale);
        config.texture_filter = filter;
        Session s(16u << 20, config);
        REQUIRE(s.replay_frame(*trace, 2));
        counters = s.renderer_counters();
        CHECK(counters.validation_messages == 0);
        return s.screen(Screen::Top);
    };
    RendererCounters c;
    const ScreenImage plain = draw(3, TextureFilter::None, c);
    CHECK(c.filtered_textures == 0);
    for (const TextureFilter f :
         {TextureFilter::Bicubic, TextureFilter::ScaleForce, TextureFilter::Mmpx,
          TextureFilter::Xbrz, TextureFilter::Anime4k}) {
        CAPTURE(static_cast<int>(f));
        const ScreenImage filtered = draw(3, f, c);
        CHECK(c.filtered_textures == 1);
        CHECK(filtered.rgba != plain.rgba); // the kitten is drawn from the filtered image
        draw(1, f, c);
        CHECK(c.filtered_textures == 0); // nothing to filter into at scale 1
    }
    // Switched on and off at run time: the texture is filtered again on its next use.
    Session s(16u << 20, test::session_config(2));
    REQUIRE(s.replay_frame(*trace, 1));
    s.set_texture_filter(TextureFilter::Mmpx);
    CHECK(s.texture_filter() == TextureFilter::Mmpx);
    REQUIRE(s.replay_frame(*trace, 2));
    CHECK(s.renderer_counters().filtered_textures == 1);
}
