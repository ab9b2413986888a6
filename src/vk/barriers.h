#pragma once

// The few synchronization shapes picavk uses. Surfaces live in VK_IMAGE_LAYOUT_GENERAL from
// creation on (surface_cache.h), so ordering between rendering, copies and sampling is a global
// memory dependency, and the only layout transition is the first one.

#include <vulkan/vulkan.h>

#include <cstdint>

namespace picavk::vk {

// Everything before (all writes) happens-before everything after (all reads and writes).
void barrier_all(VkCommandBuffer cmd);
// Transfer writes made visible to the host (read-back buffers), before a fence wait.
void barrier_transfer_to_host(VkCommandBuffer cmd);
// A new image's first use: UNDEFINED -> GENERAL for all its levels and layers.
void barrier_init_general(VkCommandBuffer cmd, VkImage image, VkImageAspectFlags aspect,
                          std::uint32_t levels = 1, std::uint32_t layers = 1);

} // namespace picavk::vk
