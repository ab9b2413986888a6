#pragma once

// Samplers by TEXUNITi_PARAM (filters, wraps, mipmap filter), TEXUNITi_LOD (bias, min and max
// level) and, with custom border colours, the border colour; created once and kept.

#include "vk/device/vk_check.h"

#include <array>
#include <cstdint>
#include <map>

namespace picavk::vk {

class Device;

class SamplerCache {
  public:
    explicit SamplerCache(const Device& device) : device_(device) {}
    ~SamplerCache();
    SamplerCache(const SamplerCache&) = delete;
    SamplerCache& operator=(const SamplerCache&) = delete;

    VkSampler get(std::uint32_t param, std::uint32_t lod, std::uint32_t border);

  private:
    const Device& device_;
    std::map<std::array<std::uint32_t, 3>, VkSampler> samplers_;
};

} // namespace picavk::vk
