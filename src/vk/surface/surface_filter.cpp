#include "vk/surface/surface_cache.h"

// Texture filters at the resolution scale (shaders/texture_filter_*.frag): a texture uploaded
// from guest memory gets, beside its 1x image, a filtered one `scale` times its size that its
// draws sample instead (Surface::replacement, as a pack's replacement would be), its lower levels
// made by halving the filtered level 0. Textures a pack replaces are not filtered.

#include "vk/device/barriers.h"
#include "vk/device/device.h"
#include "vk/device/scheduler.h"

#include <algorithm>
#include <bit>
#include <cmath>

namespace picavk::vk {

void SurfaceCache::set_texture_filter(TextureFilter filter) {
    if (filter == filter_) return;
    filter_ = filter;
    // Uploaded again on next use, filtered (or not) then.
    for (Surface& s : surfaces_)
        if (s.params.kind == SurfaceKind::Texture && s.written == 0) {
            s.guest_newer = true;
            s.content_hash = 0;
        }
    ++changes_;
}

void SurfaceCache::filter_texture(Surface& s) {
    const SurfaceParams& p = s.params;
    const std::uint32_t n = scale_;
    const VkExtent2D extent{p.width * n, p.height * n};
    const float offset = std::log2(static_cast<float>(n));
    // Levels down to the size of the original's last one, as a replacement has.
    const std::uint32_t chain = std::bit_width(std::max(extent.width, extent.height));
    const std::uint32_t levels = std::clamp<std::uint32_t>(
        p.levels + static_cast<std::uint32_t>(std::floor(offset)), 1, chain);
    char name[96];
    std::snprintf(name, sizeof name, "filtered texture 0x%08x %ux%u x%u", p.address, p.width,
                  p.height, n);
    Image image =
        factory_.create_image(VK_FORMAT_R8G8B8A8_UNORM, extent,
                              VK_IMAGE_USAGE_SAMPLED_BIT | VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT |
                                  VK_IMAGE_USAGE_TRANSFER_SRC_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT,
                              name, levels);
    if (before_transfer_) before_transfer_();
    VkCommandBuffer cmd = scheduler_.cmd();
    barrier_init_general(cmd, image.image, image.aspect, image.levels, image.layers);
    barrier_all(cmd);
    {
        const ScopedPass pass(scheduler_, "texture filter");
        PassTarget target{image.view, extent, image.format};
        if (levels > 1) {
            VkImageViewCreateInfo vi{VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO};
            vi.image = image.image;
            vi.viewType = VK_IMAGE_VIEW_TYPE_2D;
            vi.format = image.format;
            vi.subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1};
            check(vkCreateImageView(device_.device(), &vi, nullptr, &target.view),
                  "vkCreateImageView");
            scheduler_.defer([dev = device_.device(), view = target.view] {
                vkDestroyImageView(dev, view, nullptr);
            });
        }
        const TextureFilterPass params{static_cast<std::int32_t>(p.width),
                                       static_cast<std::int32_t>(p.height),
                                       static_cast<std::int32_t>(n)};
        if (filter_ == TextureFilter::Anime4k) {
            // Its two gradient images, twice the texture's size, freed once the GPU is done.
            const VkExtent2D twice{p.width * 2, p.height * 2};
            const VkImageUsageFlags usage =
                VK_IMAGE_USAGE_SAMPLED_BIT | VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT;
            Image xy =
                factory_.create_image(VK_FORMAT_R32G32_SFLOAT, twice, usage, "Anime4K gradient x");
            Image luma =
                factory_.create_image(VK_FORMAT_R32_SFLOAT, twice, usage, "Anime4K gradient");
            barrier_init_general(cmd, xy.image, xy.aspect);
            barrier_init_general(cmd, luma.image, luma.aspect);
            const PassTarget xy_target{xy.view, twice, xy.format};
            const PassTarget luma_target{luma.view, twice, luma.format};
            blitter_.filter_texture(filter_, s.image.view, params, target, &xy_target,
                                    &luma_target);
            scheduler_.defer([this, xy, luma]() mutable {
                factory_.destroy(xy);
                factory_.destroy(luma);
            });
        } else {
            blitter_.filter_texture(filter_, s.image.view, params, target);
        }
        // Each lower level the linear halving of the one above (glGenerateMipmap's way).
        for (std::uint32_t l = 1; l < levels; ++l) {
            barrier_all(cmd);
            const auto side = [](std::uint32_t v, std::uint32_t level) {
                return static_cast<std::int32_t>(std::max(v >> level, 1u));
            };
            VkImageBlit blit{};
            blit.srcSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, l - 1, 0, 1};
            blit.srcOffsets[1] = {side(extent.width, l - 1), side(extent.height, l - 1), 1};
            blit.dstSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, l, 0, 1};
            blit.dstOffsets[1] = {side(extent.width, l), side(extent.height, l), 1};
            vkCmdBlitImage(cmd, image.image, VK_IMAGE_LAYOUT_GENERAL, image.image,
                           VK_IMAGE_LAYOUT_GENERAL, 1, &blit, VK_FILTER_LINEAR);
            const std::uint64_t bytes = std::uint64_t(side(extent.width, l)) *
                                        static_cast<std::uint64_t>(side(extent.height, l)) * 4;
            scheduler_.pass_bytes(bytes * 4, bytes);
        }
    }
    barrier_all(cmd);
    s.replacement = image;
    s.lod_offset = static_cast<std::int32_t>(std::lround(offset * 256.0f));
    ++stats_.filtered;
}

} // namespace picavk::vk
