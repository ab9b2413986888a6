#pragma once

// Descriptor sets for draws: taken from pools of 1024, a full pool reset and reused once the
// GPU has finished the submission that last used it.

#include "vk/device/vk_check.h"

#include <vector>

namespace picavk::vk {

class Device;
class Scheduler;

class DescriptorAllocator {
  public:
    DescriptorAllocator(const Device& device, Scheduler& scheduler, VkDescriptorSetLayout layout);
    ~DescriptorAllocator();
    DescriptorAllocator(const DescriptorAllocator&) = delete;
    DescriptorAllocator& operator=(const DescriptorAllocator&) = delete;

    VkDescriptorSet allocate();

  private:
    static constexpr std::uint32_t kSetsPerPool = 1024;
    const Device& device_;
    Scheduler& scheduler_;
    VkDescriptorSetLayout layout_;
    std::vector<VkDescriptorPool> free_pools_, all_pools_;
    VkDescriptorPool pool_ = VK_NULL_HANDLE;
    std::uint32_t pool_left_ = 0;
};

} // namespace picavk::vk
