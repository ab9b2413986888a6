#pragma once

// Which Vulkan format holds each guest render-target format, and how host texels convert to
// and from the guest's linear pixel bytes.
//
// Colour: the 16-bit PICA formats have byte-identical Vulkan twins (RGB565 = R5G6B5_UNORM_PACK16,
// RGB5A1 = R5G5B5A1_UNORM_PACK16, RGBA4 = R4G4B4A4_UNORM_PACK16: red in the top bits of a
// little-endian u16), so blending and rounding happen at the guest's precision. Where a device
// cannot render to one, and for RGBA8/RGB8, R8G8B8A8_UNORM is used.
// Depth: D16 = D16_UNORM; D24 and D24S8 = D24_UNORM_S8_UINT, else D32_SFLOAT_S8_UINT (AMD's
// GPUs have no D24_UNORM_S8_UINT), holding the 24-bit value q as q / 2^24: exact both ways,
// and what the fragment shader rounds its depth to (FragmentConfig::depth_grid24), so a depth
// a D24 buffer would hold as q compares equal to q uploaded, cleared or drawn.

#include "pica/texture/framebuffer_formats.h"
#include "vk/device/vk_check.h"

#include <algorithm>
#include <cmath>
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

// The clear value of integer depth q in a D16 (`d16`) or D24 image. The image converts it to q
// however the implementation rounds (Vulkan lets it take either neighbour): a quarter step
// above q gives q both ways, where q / max truncates to q - 1 for half of D16's values (their
// float lies just below the exact quotient). The top value stays 1.
inline float unorm_depth_clear_value(std::uint32_t q, bool d16) {
    const double max = d16 ? 65535.0 : 16777215.0;
    return static_cast<float>(std::min((q + 0.25) / max, 1.0));
}

// A 24-bit depth value in a D32_SFLOAT_S8_UINT image, and back (rounded to the nearest q, for a
// value no draw of picavk's wrote).
inline float depth24_to_float(std::uint32_t q) {
    return std::ldexp(static_cast<float>(q & 0xFFFFFF), -24);
}
inline std::uint32_t float_to_depth24(float f) {
    const double q = std::ldexp(static_cast<double>(std::clamp(f, 0.0f, 1.0f)), 24);
    return std::min(static_cast<std::uint32_t>(std::lround(q)), 0xFFFFFFu);
}

} // namespace picavk::vk
