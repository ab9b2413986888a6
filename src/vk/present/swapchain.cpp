#include "vk/present/swapchain.h"

#include "vk/device/device.h"
#include "vk/device/scheduler.h"

#include <algorithm>

namespace picavk::vk {

namespace {
bool is_srgb(VkFormat f) {
    return f == VK_FORMAT_B8G8R8A8_SRGB || f == VK_FORMAT_R8G8B8A8_SRGB ||
           f == VK_FORMAT_A8B8G8R8_SRGB_PACK32;
}
} // namespace

Swapchain::Swapchain(const Device& device, Scheduler& scheduler, VkSurfaceKHR surface,
                     VkExtent2D size, bool vsync)
    : device_(device), scheduler_(scheduler), surface_(surface), requested_(size), vsync_(vsync) {
    if (!device.swapchain())
        throw VulkanError("presenting to a window needs RendererConfig::window_system and a "
                          "device with VK_KHR_swapchain",
                          VK_ERROR_EXTENSION_NOT_PRESENT);
    VkBool32 supported = VK_FALSE;
    check(vkGetPhysicalDeviceSurfaceSupportKHR(device.physical(), device.queue_family(), surface,
                                               &supported),
          "vkGetPhysicalDeviceSurfaceSupportKHR");
    if (!supported)
        throw VulkanError("the Vulkan device " + device.name() +
                              " cannot present to this window surface",
                          VK_ERROR_INCOMPATIBLE_DISPLAY_KHR);
    VkSemaphoreCreateInfo sci{VK_STRUCTURE_TYPE_SEMAPHORE_CREATE_INFO};
    for (AcquireSlot& slot : acquire_) {
        check(vkCreateSemaphore(device.device(), &sci, nullptr, &slot.semaphore),
              "vkCreateSemaphore");
        device.name(slot.semaphore, VK_OBJECT_TYPE_SEMAPHORE, "swapchain image acquired");
    }
    create();
}

Swapchain::~Swapchain() {
    scheduler_.finish_for_teardown();
    // Presentation has no fence: the queue going idle is what says the engine is done.
    vkQueueWaitIdle(device_.queue());
    destroy_images();
    if (swapchain_) vkDestroySwapchainKHR(device_.device(), swapchain_, nullptr);
    for (AcquireSlot& slot : acquire_)
        vkDestroySemaphore(device_.device(), slot.semaphore, nullptr);
}

void Swapchain::resize(VkExtent2D size) {
    if (size.width == requested_.width && size.height == requested_.height) return;
    requested_ = size;
    stale_ = true;
}

void Swapchain::set_vsync(bool vsync) {
    if (vsync == vsync_) return;
    vsync_ = vsync;
    stale_ = true;
}

void Swapchain::destroy_images() {
    for (VkImageView v : views_)
        vkDestroyImageView(device_.device(), v, nullptr);
    for (VkSemaphore s : rendered_)
        vkDestroySemaphore(device_.device(), s, nullptr);
    views_.clear();
    rendered_.clear();
    images_.clear();
}

bool Swapchain::create() {
    VkPhysicalDevice pd = device_.physical();
    VkSurfaceCapabilitiesKHR caps{};
    check(vkGetPhysicalDeviceSurfaceCapabilitiesKHR(pd, surface_, &caps),
          "vkGetPhysicalDeviceSurfaceCapabilitiesKHR");
    // The window system says the size (0xFFFFFFFF: the swapchain decides, from the request).
    VkExtent2D extent = caps.currentExtent;
    if (extent.width == 0xFFFFFFFFu) {
        extent.width =
            std::clamp(requested_.width, caps.minImageExtent.width, caps.maxImageExtent.width);
        extent.height =
            std::clamp(requested_.height, caps.minImageExtent.height, caps.maxImageExtent.height);
    }
    // Minimised: the window system says so (a zero current extent), or the embedder did (a
    // framebuffer-size callback of 0 x 0, what GLFW reports for an iconified window).
    if (extent.width == 0 || extent.height == 0 || requested_.width == 0 || requested_.height == 0)
        return false;

    std::uint32_t n = 0;
    vkGetPhysicalDeviceSurfaceFormatsKHR(pd, surface_, &n, nullptr);
    std::vector<VkSurfaceFormatKHR> formats(n);
    vkGetPhysicalDeviceSurfaceFormatsKHR(pd, surface_, &n, formats.data());
    if (formats.empty())
        throw VulkanError("the window surface offers no format", VK_ERROR_FORMAT_NOT_SUPPORTED);
    // An 8-bit UNORM format in the sRGB colour space takes the LCD's bytes as they are; an
    // *_SRGB one works too (present.frag decodes first). No HDR colour spaces.
    VkSurfaceFormatKHR chosen = formats[0];
    int best = -1;
    for (const VkSurfaceFormatKHR& f : formats) {
        if (f.colorSpace != VK_COLOR_SPACE_SRGB_NONLINEAR_KHR) continue;
        const int rank = f.format == VK_FORMAT_B8G8R8A8_UNORM   ? 3
                         : f.format == VK_FORMAT_R8G8B8A8_UNORM ? 3
                         : is_srgb(f.format)                    ? 2
                                                                : 0;
        if (rank > best) {
            best = rank;
            chosen = f;
        }
    }
    format_ = chosen.format;
    srgb_ = is_srgb(chosen.format);

    vkGetPhysicalDeviceSurfacePresentModesKHR(pd, surface_, &n, nullptr);
    std::vector<VkPresentModeKHR> modes(n);
    vkGetPhysicalDeviceSurfacePresentModesKHR(pd, surface_, &n, modes.data());
    auto has = [&](VkPresentModeKHR m) {
        return std::find(modes.begin(), modes.end(), m) != modes.end();
    };
    // FIFO (vsync) is always there; without vsync, mailbox (no tearing) before immediate.
    present_mode_ = VK_PRESENT_MODE_FIFO_KHR;
    if (!vsync_) {
        if (has(VK_PRESENT_MODE_MAILBOX_KHR))
            present_mode_ = VK_PRESENT_MODE_MAILBOX_KHR;
        else if (has(VK_PRESENT_MODE_IMMEDIATE_KHR))
            present_mode_ = VK_PRESENT_MODE_IMMEDIATE_KHR;
    }

    std::uint32_t count = caps.minImageCount + 1;
    if (caps.maxImageCount != 0) count = std::min(count, caps.maxImageCount);
    VkCompositeAlphaFlagBitsKHR alpha = VK_COMPOSITE_ALPHA_OPAQUE_BIT_KHR;
    if (!(caps.supportedCompositeAlpha & alpha))
        for (VkCompositeAlphaFlagBitsKHR a :
             {VK_COMPOSITE_ALPHA_INHERIT_BIT_KHR, VK_COMPOSITE_ALPHA_PRE_MULTIPLIED_BIT_KHR,
              VK_COMPOSITE_ALPHA_POST_MULTIPLIED_BIT_KHR})
            if (caps.supportedCompositeAlpha & a) {
                alpha = a;
                break;
            }

    // The old swapchain's images may still be drawn or presented: everything submitted is
    // waited for first (resizes are rare).
    scheduler_.finish();
    vkQueueWaitIdle(device_.queue());
    VkSwapchainKHR old = swapchain_;
    VkSwapchainCreateInfoKHR ci{VK_STRUCTURE_TYPE_SWAPCHAIN_CREATE_INFO_KHR};
    ci.surface = surface_;
    ci.minImageCount = count;
    ci.imageFormat = chosen.format;
    ci.imageColorSpace = chosen.colorSpace;
    ci.imageExtent = extent;
    ci.imageArrayLayers = 1;
    ci.imageUsage = VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT;
    ci.imageSharingMode = VK_SHARING_MODE_EXCLUSIVE;
    ci.preTransform = (caps.supportedTransforms & VK_SURFACE_TRANSFORM_IDENTITY_BIT_KHR)
                          ? VK_SURFACE_TRANSFORM_IDENTITY_BIT_KHR
                          : caps.currentTransform;
    ci.compositeAlpha = alpha;
    ci.presentMode = present_mode_;
    ci.clipped = VK_TRUE;
    ci.oldSwapchain = old;
    check(vkCreateSwapchainKHR(device_.device(), &ci, nullptr, &swapchain_),
          "vkCreateSwapchainKHR");
    device_.name(swapchain_, VK_OBJECT_TYPE_SWAPCHAIN_KHR, "window swapchain");
    destroy_images();
    if (old) {
        vkDestroySwapchainKHR(device_.device(), old, nullptr);
        ++recreations_;
    }
    extent_ = extent;
    vkGetSwapchainImagesKHR(device_.device(), swapchain_, &n, nullptr);
    images_.resize(n);
    vkGetSwapchainImagesKHR(device_.device(), swapchain_, &n, images_.data());
    VkSemaphoreCreateInfo sci{VK_STRUCTURE_TYPE_SEMAPHORE_CREATE_INFO};
    for (std::uint32_t i = 0; i < n; ++i) {
        device_.name(images_[i], VK_OBJECT_TYPE_IMAGE, "swapchain image " + std::to_string(i));
        VkImageViewCreateInfo vi{VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO};
        vi.image = images_[i];
        vi.viewType = VK_IMAGE_VIEW_TYPE_2D;
        vi.format = format_;
        vi.subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1};
        VkImageView view = VK_NULL_HANDLE;
        check(vkCreateImageView(device_.device(), &vi, nullptr, &view), "vkCreateImageView");
        views_.push_back(view);
        VkSemaphore s = VK_NULL_HANDLE;
        check(vkCreateSemaphore(device_.device(), &sci, nullptr, &s), "vkCreateSemaphore");
        device_.name(s, VK_OBJECT_TYPE_SEMAPHORE, "swapchain image drawn");
        rendered_.push_back(s);
    }
    stale_ = false;
    return true;
}

bool Swapchain::acquire(SwapchainImage& out) {
    for (int attempt = 0; attempt < 2; ++attempt) {
        if (stale_ || !swapchain_) {
            if (!create()) return false;
        }
        AcquireSlot& slot = acquire_[next_acquire_];
        scheduler_.wait(slot.tick); // the submission that waited on it last has completed
        std::uint32_t index = 0;
        const VkResult r = vkAcquireNextImageKHR(device_.device(), swapchain_, UINT64_MAX,
                                                 slot.semaphore, VK_NULL_HANDLE, &index);
        if (r == VK_ERROR_OUT_OF_DATE_KHR) {
            stale_ = true;
            continue;
        }
        if (r != VK_SUCCESS && r != VK_SUBOPTIMAL_KHR) check(r, "vkAcquireNextImageKHR");
        if (r == VK_SUBOPTIMAL_KHR) stale_ = true; // draw this one, remake before the next
        pending_acquire_ = next_acquire_;
        next_acquire_ = (next_acquire_ + 1) % kAcquireSlots;
        out = {images_[index], views_[index], index};
        return true;
    }
    return false;
}

void Swapchain::before_submit(const SwapchainImage& image) {
    scheduler_.wait_next(acquire_[pending_acquire_].semaphore,
                         VK_PIPELINE_STAGE_2_COLOR_ATTACHMENT_OUTPUT_BIT);
    scheduler_.signal_next(rendered_[image.index]);
}

void Swapchain::present(const SwapchainImage& image, std::uint64_t tick) {
    acquire_[pending_acquire_].tick = tick;
    VkPresentInfoKHR pi{VK_STRUCTURE_TYPE_PRESENT_INFO_KHR};
    pi.waitSemaphoreCount = 1;
    pi.pWaitSemaphores = &rendered_[image.index];
    pi.swapchainCount = 1;
    pi.pSwapchains = &swapchain_;
    pi.pImageIndices = &image.index;
    const VkResult r = vkQueuePresentKHR(device_.queue(), &pi);
    if (r == VK_ERROR_OUT_OF_DATE_KHR || r == VK_SUBOPTIMAL_KHR) {
        stale_ = true;
        return;
    }
    check(r, "vkQueuePresentKHR");
}

} // namespace picavk::vk
