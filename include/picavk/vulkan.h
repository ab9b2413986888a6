#pragma once

// Presentation with Vulkan handles: for embedders that give picavk a window surface, or that
// share picavk's VkDevice and take the composed screens as an image. Only this header includes
// Vulkan; session.h stays standard C++.

#include "picavk/session.h"

#include <vulkan/vulkan.h>

#include <functional>

namespace picavk {

// The Vulkan objects picavk renders with (null handles without a renderer). An embedder that
// shares the device records its own work with them; it must not submit to `queue` while a
// session call runs on another thread (the session's lock does not cover the embedder's use).
struct VulkanContext {
    VkInstance instance = VK_NULL_HANDLE;
    VkPhysicalDevice physical_device = VK_NULL_HANDLE;
    VkDevice device = VK_NULL_HANDLE;
    std::uint32_t queue_family = 0;
    VkQueue queue = VK_NULL_HANDLE;
    std::uint32_t api_version = 0;
};
VulkanContext vulkan_context(Session& session);

// (a) A window: `surface` was made by the embedder on vulkan_context().instance (for GLFW:
// glfwCreateWindowSurface) for a session made with RendererConfig::window_system. picavk owns
// the swapchain: present() draws both screens into it (the layout of set_present_options, in
// the window's framebuffer size) and queues it. The embedder keeps the surface and destroys it
// after detach_window or the session's destruction. Throws std::runtime_error when the device
// cannot present to the surface.
void attach_window(Session& session, VkSurfaceKHR surface, std::uint32_t width,
                   std::uint32_t height);
void detach_window(Session& session);

// An overlay drawn over the screens in the window (a debugging GUI): called by present() with
// the command buffer that draws the frame; the image is in COLOR_ATTACHMENT_OPTIMAL layout and
// must be left in it, and no rendering scope is open. Runs with the session's lock held.
struct OverlayTarget {
    VkCommandBuffer cmd = VK_NULL_HANDLE;
    VkImage image = VK_NULL_HANDLE;
    VkImageView view = VK_NULL_HANDLE;
    VkFormat format = VK_FORMAT_UNDEFINED;
    VkExtent2D extent{};
    std::uint32_t image_index = 0, image_count = 0;
};
void set_overlay(Session& session, std::function<void(const OverlayTarget&)> overlay);

// (b) The screens composed into a width x height image (R8G8B8A8_UNORM) that the embedder
// samples or copies on picavk's device. The image is drawn once `timeline` reaches `value` (wait
// for it in the submission that reads it) and is then in `layout`. It stays unchanged until the
// third following present_to_image call: the embedder must have finished reading it by then.
struct PresentedImage {
    VkImage image = VK_NULL_HANDLE;
    VkImageView view = VK_NULL_HANDLE;
    VkFormat format = VK_FORMAT_UNDEFINED;
    std::uint32_t width = 0, height = 0;
    VkImageLayout layout = VK_IMAGE_LAYOUT_UNDEFINED;
    VkSemaphore timeline = VK_NULL_HANDLE;
    std::uint64_t value = 0;
};
PresentedImage present_to_image(Session& session, std::uint32_t width, std::uint32_t height);

} // namespace picavk
