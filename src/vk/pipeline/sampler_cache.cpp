#include "vk/pipeline/sampler_cache.h"

#include "vk/device/device.h"

#include <algorithm>
#include <cstdio>

namespace picavk::vk {

namespace {
void unpack_rgba8(std::uint32_t v, float out[4]) {
    for (int i = 0; i < 4; ++i)
        out[i] = static_cast<float>((v >> (8 * i)) & 0xFF) / 255.0f;
}
} // namespace

SamplerCache::~SamplerCache() {
    for (auto& [k, s] : samplers_)
        vkDestroySampler(device_.device(), s, nullptr);
}

VkSampler SamplerCache::get(std::uint32_t param, std::uint32_t lod, std::uint32_t border,
                            std::int32_t lod_offset) {
    // Filters (bits 1, 2), wraps (bits 8-10 T, 12-14 S), mipmap filter (bit 24) of
    // TEXUNITi_PARAM; bias (fixed1.4.8), max and min level of TEXUNITi_LOD (spec 004).
    param &= 0x01007706u;
    lod &= 0x0F0F1FFFu;
    const bool custom =
        device_.profile().custom_border_color && ((param >> 8 & 7) == 1 || (param >> 12 & 7) == 1);
    if (!custom) border = 0;
    const std::array<std::uint32_t, 4> key{param, lod, border,
                                           static_cast<std::uint32_t>(lod_offset)};
    for (const Recent& r : recent_)
        if (r.sampler && r.key == key) return r.sampler;
    auto it = samplers_.find(key);
    if (it == samplers_.end())
        it = samplers_.emplace(key, create(param, lod, border, lod_offset, custom)).first;
    recent_[next_recent_++ % recent_.size()] = {key, it->second};
    return it->second;
}

std::array<float, 2> SamplerCache::lod_range(std::uint32_t lod, std::int32_t lod_offset) {
    const float offset = static_cast<float>(lod_offset) / 256.0f;
    const auto max_level = static_cast<float>(lod >> 16 & 0xF);
    const float min_lod = std::min(static_cast<float>(lod >> 24 & 0xF), max_level);
    return {min_lod, std::max(max_level + offset, min_lod)};
}

VkSampler SamplerCache::create(std::uint32_t param, std::uint32_t lod, std::uint32_t border,
                               std::int32_t lod_offset, bool custom) {
    auto wrap = [](std::uint32_t w) {
        switch (w) {
        case 1:
            return VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_BORDER;
        case 2:
            return VK_SAMPLER_ADDRESS_MODE_REPEAT;
        case 3:
            return VK_SAMPLER_ADDRESS_MODE_MIRRORED_REPEAT;
        default:
            return VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE;
        }
    };
    VkSamplerCreateInfo ci{VK_STRUCTURE_TYPE_SAMPLER_CREATE_INFO};
    ci.magFilter = (param >> 1 & 1) ? VK_FILTER_LINEAR : VK_FILTER_NEAREST;
    ci.minFilter = (param >> 2 & 1) ? VK_FILTER_LINEAR : VK_FILTER_NEAREST;
    ci.mipmapMode =
        (param >> 24 & 1) ? VK_SAMPLER_MIPMAP_MODE_LINEAR : VK_SAMPLER_MIPMAP_MODE_NEAREST;
    ci.addressModeU = wrap(param >> 12 & 7);
    ci.addressModeV = wrap(param >> 8 & 7);
    ci.addressModeW = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE;
    const auto bias = static_cast<std::int32_t>(lod << 19) >> 19; // 13-bit signed, 8 fraction bits
    ci.mipLodBias = std::clamp(static_cast<float>(bias) / 256.0f,
                               -device_.properties().limits.maxSamplerLodBias,
                               device_.properties().limits.maxSamplerLodBias);
    // A replacement texture (Surface::lod_offset) is `offset` levels larger than the original:
    // its level l + offset has the resolution of the original's level l. The LOD the sampler
    // computes on it is larger by as much, so each level it picks has the resolution the
    // original's would have had; the coarsest level allowed moves by the offset (a far surface
    // is filtered as the hardware filters it), the finest does not (a near one shows the
    // replacement's detail, which is what a high-resolution pack is for).
    const std::array<float, 2> range = lod_range(lod, lod_offset);
    ci.minLod = range[0];
    ci.maxLod = range[1];
    // Without custom border colours the shader supplies the border (FragmentConfig).
    ci.borderColor = VK_BORDER_COLOR_FLOAT_TRANSPARENT_BLACK;
    VkSamplerCustomBorderColorCreateInfoEXT cb{
        VK_STRUCTURE_TYPE_SAMPLER_CUSTOM_BORDER_COLOR_CREATE_INFO_EXT};
    if (custom) {
        unpack_rgba8(border, cb.customBorderColor.float32);
        cb.format = VK_FORMAT_R8G8B8A8_UNORM;
        ci.borderColor = VK_BORDER_COLOR_FLOAT_CUSTOM_EXT;
        ci.pNext = &cb;
    }
    VkSampler s = VK_NULL_HANDLE;
    check(vkCreateSampler(device_.device(), &ci, nullptr, &s), "vkCreateSampler");
    char name[64];
    std::snprintf(name, sizeof name, "sampler %08x lod %08x border %08x offset %d", param, lod,
                  border, lod_offset);
    device_.name(s, VK_OBJECT_TYPE_SAMPLER, name);
    return s;
}

} // namespace picavk::vk
