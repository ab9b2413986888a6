#include "vk/pipeline/descriptor_allocator.h"

#include "vk/device/device.h"
#include "vk/device/scheduler.h"

#include <string>

namespace picavk::vk {

DescriptorAllocator::DescriptorAllocator(const Device& device, Scheduler& scheduler,
                                         VkDescriptorSetLayout layout, Recycle recycle)
    : device_(device), scheduler_(scheduler), layout_(layout), recycle_(recycle) {}

DescriptorAllocator::~DescriptorAllocator() {
    scheduler_.finish_for_teardown(); // deferred resets refer to this object
    for (VkDescriptorPool p : all_pools_)
        vkDestroyDescriptorPool(device_.device(), p, nullptr);
}

void DescriptorAllocator::retire(VkDescriptorPool used) {
    scheduler_.defer([this, used] {
        vkResetDescriptorPool(device_.device(), used, 0);
        free_pools_.push_back(used);
    });
}

void DescriptorAllocator::release_all() {
    for (VkDescriptorPool p : held_pools_)
        retire(p);
    held_pools_.clear();
    if (pool_) retire(pool_);
    pool_ = VK_NULL_HANDLE;
    pool_left_ = 0;
}

VkDescriptorSet DescriptorAllocator::allocate() {
    if (pool_left_ == 0) {
        if (pool_ && recycle_ == Recycle::OnRelease)
            held_pools_.push_back(pool_);
        else if (pool_)
            retire(pool_);
        if (!free_pools_.empty()) {
            pool_ = free_pools_.back();
            free_pools_.pop_back();
        } else {
            // Enough for kSetsPerPool of the largest set: the draws' (three dynamic uniform
            // buffers: fragment uniforms, blocks, vertex program; five samplers) or the compute
            // rasteriser's (four storage buffers, one storage image).
            VkDescriptorPoolSize sizes[5] = {
                {VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER_DYNAMIC, 3 * kSetsPerPool},
                {VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, 5 * kSetsPerPool},
                {VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER, 2 * kSetsPerPool},
                {VK_DESCRIPTOR_TYPE_STORAGE_IMAGE, kSetsPerPool},
                {VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 4 * kSetsPerPool}};
            VkDescriptorPoolCreateInfo ci{VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO};
            ci.maxSets = kSetsPerPool;
            ci.poolSizeCount = 5;
            ci.pPoolSizes = sizes;
            check(vkCreateDescriptorPool(device_.device(), &ci, nullptr, &pool_),
                  "vkCreateDescriptorPool");
            device_.name(pool_, VK_OBJECT_TYPE_DESCRIPTOR_POOL,
                         "draw descriptor pool " + std::to_string(all_pools_.size()));
            all_pools_.push_back(pool_);
        }
        pool_left_ = kSetsPerPool;
    }
    --pool_left_;
    VkDescriptorSetAllocateInfo ai{VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO};
    ai.descriptorPool = pool_;
    ai.descriptorSetCount = 1;
    ai.pSetLayouts = &layout_;
    VkDescriptorSet set = VK_NULL_HANDLE;
    check(vkAllocateDescriptorSets(device_.device(), &ai, &set), "vkAllocateDescriptorSets");
    device_.name(set, VK_OBJECT_TYPE_DESCRIPTOR_SET, "draw descriptors");
    return set;
}

} // namespace picavk::vk
