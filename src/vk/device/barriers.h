#pragma once

// The few synchronization shapes picavk uses. Surfaces live in VK_IMAGE_LAYOUT_GENERAL from
// creation on (surface_cache.h), so ordering between rendering, copies and sampling is a global
// memory dependency, and the only layout transition is the first one.

#include <vulkan/vulkan.h>

#include <cstdint>

namespace picavk::vk {

// Everything before (all writes) happens-before everything after (all reads and writes).
void barrier_all(VkCommandBuffer cmd);
// Which of the full barriers around a pass it records: both, unless the caller orders the
// pass some other way (SurfaceCache::begin_open_passes).
struct PassBarriers {
    bool before = true, after = true;
};
// Transfer writes made visible to the host (read-back buffers), before a fence wait.
void barrier_transfer_to_host(VkCommandBuffer cmd);
// A new image's first use: UNDEFINED -> GENERAL for all its levels and layers.
void barrier_init_general(VkCommandBuffer cmd, VkImage image, VkImageAspectFlags aspect,
                          std::uint32_t levels = 1, std::uint32_t layers = 1);

// A colour image's layout transition (presentation targets, which leave GENERAL's rule: a
// swapchain image must reach PRESENT_SRC_KHR). Everything before waits for `src_stage` and its
// writes; `dst_stage` waits for the transition.
void barrier_color_layout(VkCommandBuffer cmd, VkImage image, VkImageLayout from, VkImageLayout to,
                          VkPipelineStageFlags2 src_stage, VkPipelineStageFlags2 dst_stage);

} // namespace picavk::vk
