#include "vk/surface/host_formats.h"

#include "vk/device/device.h"

namespace picavk::vk {

HostFormats choose_host_formats(const Device& device) {
    HostFormats h;
    constexpr VkFormatFeatureFlags2 kColor =
        VK_FORMAT_FEATURE_2_COLOR_ATTACHMENT_BIT | VK_FORMAT_FEATURE_2_COLOR_ATTACHMENT_BLEND_BIT |
        VK_FORMAT_FEATURE_2_TRANSFER_SRC_BIT | VK_FORMAT_FEATURE_2_TRANSFER_DST_BIT |
        VK_FORMAT_FEATURE_2_SAMPLED_IMAGE_BIT | VK_FORMAT_FEATURE_2_BLIT_SRC_BIT |
        VK_FORMAT_FEATURE_2_BLIT_DST_BIT;
    constexpr VkFormatFeatureFlags2 kDepth = VK_FORMAT_FEATURE_2_DEPTH_STENCIL_ATTACHMENT_BIT |
                                             VK_FORMAT_FEATURE_2_TRANSFER_SRC_BIT |
                                             VK_FORMAT_FEATURE_2_TRANSFER_DST_BIT;
    auto pick = [&](VkFormat want, VkFormat fallback, VkFormatFeatureFlags2 f) {
        return device.format_supports(want, f) ? want : fallback;
    };
    h.color[0] = VK_FORMAT_R8G8B8A8_UNORM;
    h.color[1] = VK_FORMAT_R8G8B8A8_UNORM;
    h.color[2] = pick(VK_FORMAT_R5G5B5A1_UNORM_PACK16, VK_FORMAT_R8G8B8A8_UNORM, kColor);
    h.color[3] = pick(VK_FORMAT_R5G6B5_UNORM_PACK16, VK_FORMAT_R8G8B8A8_UNORM, kColor);
    h.color[4] = pick(VK_FORMAT_R4G4B4A4_UNORM_PACK16, VK_FORMAT_R8G8B8A8_UNORM, kColor);
    h.depth[0] = VK_FORMAT_D16_UNORM;
    h.depth[2] = h.depth[3] =
        pick(VK_FORMAT_D24_UNORM_S8_UINT, VK_FORMAT_D32_SFLOAT_S8_UINT, kDepth);
    h.depth[1] = h.depth[0];
    h.color16_storage =
        device.storage_extended_formats() &&
        device.format_supports(VK_FORMAT_R16_UINT, VK_FORMAT_FEATURE_2_STORAGE_IMAGE_BIT);
    return h;
}

std::uint32_t host_bytes_per_pixel(VkFormat f) {
    switch (f) {
    case VK_FORMAT_R5G5B5A1_UNORM_PACK16:
    case VK_FORMAT_R5G6B5_UNORM_PACK16:
    case VK_FORMAT_R4G4B4A4_UNORM_PACK16:
    case VK_FORMAT_D16_UNORM:
        return 2;
    default:
        return 4;
    }
}

} // namespace picavk::vk
