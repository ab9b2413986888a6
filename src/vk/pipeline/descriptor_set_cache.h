#pragma once

// Draw descriptor sets kept from frame to frame, found by the objects they name. A game's frame
// binds the same few textures, samplers, LUT view and uniform buffer again and again; making a
// set each time they change costs an allocation and a descriptor write per change (and on
// lavapipe, memory freed and allocated again every frame). A set is valid while every object it
// names lives: all are dropped when the device destroys any object (Device::destroyed), and
// when the cache grows past kMaxSets.

#include "vk/pipeline/descriptor_allocator.h"

#include <array>
#include <cstdint>
#include <unordered_map>

namespace picavk::vk {

class DescriptorSetCache {
  public:
    // What a draw's set names (images in VK_IMAGE_LAYOUT_GENERAL, the uniform buffer whole).
    struct Contents {
        std::array<VkSampler, 5> samplers{};
        std::array<VkImageView, 5> views{};
        VkImageView storage = VK_NULL_HANDLE;
        VkBufferView lut = VK_NULL_HANDLE;
        VkBuffer uniforms = VK_NULL_HANDLE;
        bool operator==(const Contents&) const = default;
    };
    struct Found {
        VkDescriptorSet set;
        bool fresh; // allocated now: the caller writes its descriptors
    };

    DescriptorSetCache(const Device& device, Scheduler& scheduler, VkDescriptorSetLayout layout)
        : device_(device),
          allocator_(device, scheduler, layout, DescriptorAllocator::Recycle::OnRelease) {}

    Found get(const Contents& contents);

    std::uint64_t reuses() const { return reuses_; }
    std::uint64_t made() const { return made_; }

    static constexpr std::size_t kMaxSets = 4096;

  private:
    struct Hash {
        std::size_t operator()(const Contents& c) const;
    };
    const Device& device_;
    DescriptorAllocator allocator_;
    std::unordered_map<Contents, VkDescriptorSet, Hash> sets_;
    std::uint64_t generation_ = 0; // Device::destroyed() when sets_ was last emptied
    std::uint64_t reuses_ = 0, made_ = 0;
};

} // namespace picavk::vk
