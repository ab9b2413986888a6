#pragma once

// Error handling for Vulkan calls: a failed call throws VulkanError naming the call and the
// VkResult, so a missing device or a lost device becomes a clear message, never a crash.

#include <vulkan/vulkan.h>

#include <stdexcept>
#include <string>

namespace picavk::vk {

const char* result_name(VkResult r);

class VulkanError : public std::runtime_error {
  public:
    VulkanError(const std::string& what, VkResult r)
        : std::runtime_error(what + ": " + result_name(r)), result(r) {}
    VkResult result;
};

inline void check(VkResult r, const char* what) {
    if (r != VK_SUCCESS) throw VulkanError(what, r);
}

} // namespace picavk::vk
