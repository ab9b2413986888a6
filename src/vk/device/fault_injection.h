#pragma once

// Injected Vulkan failures, for testing what a lost device or exhausted memory does to picavk:
// a clear error through the API (VulkanError, a std::runtime_error naming the call and the
// VkResult) and a non-zero exit from the apps, never an abort in a destructor.
//
// PICAVK_VK_FAULT=SITE:RESULT:N (or set_vk_fault) makes the N-th call at SITE return RESULT
// instead of what the driver said. SITE: submit (vkQueueSubmit2), wait (vkWaitSemaphores),
// allocate (vkAllocateMemory). RESULT: device-lost, out-of-device-memory, out-of-host-memory.
// A lost device stays lost: after a device-lost injection every site fails the same way. An
// out-of-memory injection fails that one call.

#include <vulkan/vulkan.h>

#include <string>

namespace picavk::vk {

enum class FaultSite { Submit, Wait, Allocate };

// The failure to report instead of making the call at `site`, or VK_SUCCESS to make it. The call
// is not made when it fails, so an injected failure leaks nothing the driver created.
VkResult injected_fault(FaultSite site);

// Replaces the configuration (the environment variable's syntax; "" turns injection off).
// Returns false, leaving injection off, when `spec` is malformed.
bool set_vk_fault(const std::string& spec);

} // namespace picavk::vk
