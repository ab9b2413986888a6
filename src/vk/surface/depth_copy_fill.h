#pragma once

// Depth fills as buffer-to-image copies, for devices whose raster units are few
// (HostProfile::few_raster_units). There vkCmdClearDepthStencilImage runs at the ROPs' pixel
// rate (an H200: 0.46 ms for a 1920x3200 D24S8 target, 13 Gpixel/s), and no depth format can be
// a storage image for a compute fill. A copy from a buffer is the other way to write a depth
// image: a small device-local buffer holds a band of rows of the value (vkCmdFillBuffer), and
// every band of the area is copied from it.

#include "vk/device/resources.h"

#include <cstdint>

namespace picavk::vk {

class Device;
class Scheduler;

class DepthCopyFill {
  public:
    DepthCopyFill(const Device& device, Scheduler& scheduler, ResourceFactory& factory)
        : device_(device), scheduler_(scheduler), factory_(factory) {}
    ~DepthCopyFill();
    DepthCopyFill(const DepthCopyFill&) = delete;
    DepthCopyFill& operator=(const DepthCopyFill&) = delete;

    // Writes `value` to every pixel of `area` of `image` (GENERAL; D16_UNORM,
    // D24_UNORM_S8_UINT or D32_SFLOAT_S8_UINT), stencil included where it has one, with
    // barriers before and after. Only where fits(). No rendering scope may be open.
    void fill(const Image& image, const VkRect2D& area, const VkClearDepthStencilValue& value);
    // A row of the area fits half the scratch buffer (otherwise the caller clears).
    static bool fits(const Image& image, const VkRect2D& area);

    // The word the depth aspect's buffer layout holds for `depth` (two texels for D16).
    static std::uint32_t depth_word(VkFormat format, float depth);

    // Bytes of the scratch buffer: half for depth words, half for stencil bytes.
    static constexpr VkDeviceSize kScratchBytes = 8u << 20;
    static constexpr VkDeviceSize kBandRows = 64;

  private:
    const Device& device_;
    Scheduler& scheduler_;
    ResourceFactory& factory_;
    Buffer scratch_;
};

} // namespace picavk::vk
