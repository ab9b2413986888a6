#pragma once

// Descriptor sets for draws: taken from pools of 1024, a full pool reset and reused once the
// GPU has finished the submission that last used it - or, for sets kept across submissions
// (Recycle::OnRelease, DescriptorSetCache), only when release_all() says so.

#include "vk/device/vk_check.h"

#include <vector>

namespace picavk::vk {

class Device;
class Scheduler;

class DescriptorAllocator {
  public:
    enum class Recycle { WhenFull, OnRelease };
    DescriptorAllocator(const Device& device, Scheduler& scheduler, VkDescriptorSetLayout layout,
                        Recycle recycle = Recycle::WhenFull);
    ~DescriptorAllocator();
    DescriptorAllocator(const DescriptorAllocator&) = delete;
    DescriptorAllocator& operator=(const DescriptorAllocator&) = delete;

    VkDescriptorSet allocate();
    // Every set allocated so far is dropped: their pools are reset once the GPU has finished
    // what is recorded now, and allocated from again.
    void release_all();

  private:
    void retire(VkDescriptorPool used);
    static constexpr std::uint32_t kSetsPerPool = 1024;
    const Device& device_;
    Scheduler& scheduler_;
    VkDescriptorSetLayout layout_;
    Recycle recycle_;
    std::vector<VkDescriptorPool> free_pools_, all_pools_;
    std::vector<VkDescriptorPool> held_pools_; // full, kept until release_all (OnRelease)
    VkDescriptorPool pool_ = VK_NULL_HANDLE;
    std::uint32_t pool_left_ = 0;
};

} // namespace picavk::vk
