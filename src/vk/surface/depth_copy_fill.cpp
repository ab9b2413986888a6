#include "vk/surface/depth_copy_fill.h"

#include "vk/device/barriers.h"
#include "vk/device/device.h"
#include "vk/device/scheduler.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <vector>

namespace picavk::vk {

DepthCopyFill::~DepthCopyFill() {
    if (!scratch_) return;
    scheduler_.finish_for_teardown();
    factory_.destroy(scratch_);
}

std::uint32_t DepthCopyFill::depth_word(VkFormat format, float depth) {
    // Vulkan's buffer layouts of depth aspects (spec, "Depth/stencil formats" in the copy
    // commands' section): D16_UNORM 16 bits a texel; D24_UNORM_S8_UINT's depth as
    // X8_D24_UNORM_PACK32, the value in the low 24 bits; D32_SFLOAT_S8_UINT's as a 32-bit float.
    // Unorm values round to nearest, as the clear commands convert them.
    const double d = std::clamp(static_cast<double>(depth), 0.0, 1.0);
    switch (format) {
    case VK_FORMAT_D16_UNORM: {
        const auto v = static_cast<std::uint32_t>(std::lround(d * 65535.0));
        return v | (v << 16);
    }
    case VK_FORMAT_D24_UNORM_S8_UINT:
        return static_cast<std::uint32_t>(std::lround(d * 16777215.0));
    default:
        return std::bit_cast<std::uint32_t>(depth);
    }
}

namespace {
VkDeviceSize row_bytes(const Image& image, const VkRect2D& area) {
    return VkDeviceSize{area.extent.width} * (image.format == VK_FORMAT_D16_UNORM ? 2 : 4);
}
} // namespace

bool DepthCopyFill::fits(const Image& image, const VkRect2D& area) {
    const VkDeviceSize row = row_bytes(image, area);
    return row > 0 && area.extent.height > 0 && row <= kScratchBytes / 2;
}

void DepthCopyFill::fill(const Image& image, const VkRect2D& area,
                         const VkClearDepthStencilValue& value) {
    const VkDeviceSize half = kScratchBytes / 2;
    const VkDeviceSize row = row_bytes(image, area);
    if (!scratch_)
        scratch_ = factory_.create_buffer(
            kScratchBytes, VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT,
            MemoryUsage::DeviceLocal, "depth fill rows");
    // Bands of at most kBandRows rows: the buffer fill stays small (3200-pixel rows: 820 KB),
    // and the copies are still large.
    const auto band = static_cast<std::uint32_t>(
        std::min<VkDeviceSize>({area.extent.height, kBandRows, half / row}));
    const auto words = [](VkDeviceSize bytes) { return (bytes + 3) & ~VkDeviceSize{3}; };
    const bool stencil = (image.aspect & VK_IMAGE_ASPECT_STENCIL_BIT) != 0;
    VkCommandBuffer cmd = scheduler_.cmd();
    barrier_all(cmd); // earlier copies from the scratch buffer, and the image's earlier uses
    vkCmdFillBuffer(cmd, scratch_.buffer, 0, words(band * row),
                    depth_word(image.format, value.depth));
    if (stencil)
        vkCmdFillBuffer(cmd, scratch_.buffer, half, words(VkDeviceSize{band} * area.extent.width),
                        (value.stencil & 0xFFu) * 0x01010101u);
    barrier_all(cmd);
    // One region per band and aspect, every band read from the same rows of the buffer.
    std::vector<VkBufferImageCopy> regions;
    for (std::uint32_t y = 0; y < area.extent.height; y += band) {
        VkBufferImageCopy r{};
        r.imageSubresource = {VK_IMAGE_ASPECT_DEPTH_BIT, 0, 0, 1};
        r.imageOffset = {area.offset.x, area.offset.y + static_cast<std::int32_t>(y), 0};
        r.imageExtent = {area.extent.width, std::min(band, area.extent.height - y), 1};
        regions.push_back(r);
        if (stencil) {
            r.bufferOffset = half;
            r.imageSubresource.aspectMask = VK_IMAGE_ASPECT_STENCIL_BIT;
            regions.push_back(r);
        }
    }
    vkCmdCopyBufferToImage(cmd, scratch_.buffer, image.image, VK_IMAGE_LAYOUT_GENERAL,
                           static_cast<std::uint32_t>(regions.size()), regions.data());
    barrier_all(cmd);
}

} // namespace picavk::vk
