#pragma once

// A swapchain on a window surface the embedder made (with picavk's VkInstance): format and
// present-mode choice, recreation on resize or when the surface reports it out of date, and the
// acquire/present semaphores. A minimised window (a zero extent) has no swapchain: presenting
// is skipped until the window has a size again. The embedder keeps the VkSurfaceKHR and destroys
// it after detaching (or destroying the session).

#include "vk/device/vk_check.h"

#include <array>
#include <cstdint>
#include <vector>

namespace picavk::vk {

class Device;
class Scheduler;

struct SwapchainImage {
    VkImage image = VK_NULL_HANDLE;
    VkImageView view = VK_NULL_HANDLE;
    std::uint32_t index = 0;
};

class Swapchain {
  public:
    // Throws VulkanError when the device cannot present to `surface` or lacks VK_KHR_swapchain.
    Swapchain(const Device& device, Scheduler& scheduler, VkSurfaceKHR surface, VkExtent2D size,
              bool vsync);
    ~Swapchain();
    Swapchain(const Swapchain&) = delete;
    Swapchain& operator=(const Swapchain&) = delete;

    // The window's new size (from its resize callback), or a new vsync choice: the swapchain is
    // made again before the next image.
    void resize(VkExtent2D size);
    void set_vsync(bool vsync);

    // The next image to draw, in an undefined layout. False when there is nothing to draw into
    // (minimised, or the surface went out of date and could not be made again yet).
    bool acquire(SwapchainImage& out);
    // Just before the submission that draws the image (and after anything else that may submit):
    // that submission waits for the image and signals when it is drawn.
    void before_submit(const SwapchainImage& image);
    // After that submission: queues the image for presentation. The image must be in
    // PRESENT_SRC_KHR layout.
    void present(const SwapchainImage& image, std::uint64_t tick);

    VkFormat format() const { return format_; }
    VkExtent2D extent() const { return extent_; }
    std::uint32_t image_count() const { return static_cast<std::uint32_t>(images_.size()); }
    // The format stores sRGB (the shader decodes first, so the LCD bytes arrive unchanged).
    bool srgb() const { return srgb_; }
    VkPresentModeKHR present_mode() const { return present_mode_; }
    std::uint64_t recreations() const { return recreations_; }

  private:
    // False when the surface has no area now (minimised).
    bool create();
    void destroy_images();

    const Device& device_;
    Scheduler& scheduler_;
    VkSurfaceKHR surface_;
    VkExtent2D requested_;
    bool vsync_;
    bool stale_ = true; // make it again before the next acquire
    VkSwapchainKHR swapchain_ = VK_NULL_HANDLE;
    VkFormat format_ = VK_FORMAT_UNDEFINED;
    bool srgb_ = false;
    VkPresentModeKHR present_mode_ = VK_PRESENT_MODE_FIFO_KHR;
    VkExtent2D extent_{};
    std::vector<VkImage> images_;
    std::vector<VkImageView> views_;
    // One "drawing done" semaphore per image (present waits for it), and a ring of "image
    // acquired" semaphores, each reused once the submission that waited on it has completed.
    std::vector<VkSemaphore> rendered_;
    static constexpr std::size_t kAcquireSlots = 4;
    struct AcquireSlot {
        VkSemaphore semaphore = VK_NULL_HANDLE;
        std::uint64_t tick = 0;
    };
    std::array<AcquireSlot, kAcquireSlots> acquire_{};
    std::size_t next_acquire_ = 0;
    std::size_t pending_acquire_ = 0; // the slot the image being drawn waits on
    std::uint64_t recreations_ = 0;
};

} // namespace picavk::vk
