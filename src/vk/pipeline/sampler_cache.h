#pragma once

// Samplers by TEXUNITi_PARAM (filters, wraps, mipmap filter), TEXUNITi_LOD (bias, min and max
// level), with custom border colours the border colour, and a replacement texture's LOD offset;
// created once and kept.

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

    // `lod_offset`: levels a replacement texture's image has above the original's, in 1/256
    // levels (Surface::lod_offset); the LOD range moves by as much.
    VkSampler get(std::uint32_t param, std::uint32_t lod, std::uint32_t border,
                  std::int32_t lod_offset = 0);
    // The sampler's level-of-detail range (minLod, maxLod) for these registers.
    static std::array<float, 2> lod_range(std::uint32_t lod, std::int32_t lod_offset);
    // Whether such a sampler reads one level with one filter: maxLod 0, and the same filter
    // magnified and minified, so that no level of detail changes what it reads.
    static bool one_level_one_filter(std::uint32_t param, std::uint32_t lod,
                                     std::int32_t lod_offset) {
        return (param >> 1 & 1) == (param >> 2 & 1) && lod_range(lod, lod_offset)[1] == 0.0f;
    }

  private:
    VkSampler create(std::uint32_t param, std::uint32_t lod, std::uint32_t border,
                     std::int32_t lod_offset, bool custom);

    const Device& device_;
    std::map<std::array<std::uint32_t, 4>, VkSampler> samplers_;
    // The last few found (a draw asks for up to six, mostly the same few): checked before the
    // map, replaced round robin.
    struct Recent {
        std::array<std::uint32_t, 4> key{};
        VkSampler sampler = VK_NULL_HANDLE;
    };
    std::array<Recent, 4> recent_{};
    std::uint32_t next_recent_ = 0;
};

} // namespace picavk::vk
