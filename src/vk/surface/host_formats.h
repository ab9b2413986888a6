#pragma once

// Which Vulkan format holds each guest render-target format, and how host texels convert to
// and from the guest's linear pixel bytes.
//
// Colour: the 16-bit PICA formats have byte-identical Vulkan twins (RGB565 = R5G6B5_UNORM_PACK16,
// RGB5A1 = R5G5B5A1_UNORM_PACK16, RGBA4 = R4G4B4A4_UNORM_PACK16: red in the top bits of a
// little-endian u16), so blending and rounding happen at the guest's precision. Where a device
// cannot render to one, and for RGBA8/RGB8, R8G8B8A8_UNORM is used.
// Depth: D16 = D16_UNORM; D24 and D24S8 = D24_UNORM_S8_UINT, else D32_SFLOAT_S8_UINT.

#include "pica/texture/framebuffer_formats.h"
#include "vk/device/vk_check.h"

#include <cstdint>

namespace picavk::vk {

class Device;

struct HostFormats {
    VkFormat color[5] = {};
    VkFormat depth[4] = {}; // by pica::DepthFormat value (1 unused)
    // 16-bit colour targets can be given storage usage, written through an r16ui view (the
    // compute rasteriser's): the device has r16ui storage images.
    bool color16_storage = false;
};

HostFormats choose_host_formats(const Device& device);
std::uint32_t host_bytes_per_pixel(VkFormat f);

} // namespace picavk::vk
