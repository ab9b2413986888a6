// picavk/vulkan.h: presentation with Vulkan handles (a window surface, an image for an embedder
// sharing the device).
#include "picavk/vulkan.h"

#include "session_impl.h"
#include "vk/device/device.h"

namespace picavk {

// Session's friend: the Vulkan entry points reach the session's private state through it.
struct VulkanAccess {
    static VulkanContext context(Session& session);
    static void attach(Session& session, VkSurfaceKHR surface, std::uint32_t width,
                       std::uint32_t height);
    static void detach(Session& session);
    static void overlay(Session& session, std::function<void(const OverlayTarget&)> overlay);
    static PresentedImage image(Session& session, std::uint32_t width, std::uint32_t height);
};

VulkanContext VulkanAccess::context(Session& session) {
    Session::Impl& impl = *session.impl_;
    const Session::Impl::Call call(impl);
    VulkanContext c;
    if (!impl.renderer) return c;
    const vk::Device& d = impl.renderer->device();
    c.instance = d.instance();
    c.physical_device = d.physical();
    c.device = d.device();
    c.queue_family = d.queue_family();
    c.queue = d.queue();
    c.api_version = d.properties().apiVersion;
    return c;
}

void VulkanAccess::attach(Session& session, VkSurfaceKHR surface, std::uint32_t width,
                          std::uint32_t height) {
    Session::Impl& impl = *session.impl_;
    const Session::Impl::Call call(impl);
    if (!impl.renderer)
        throw std::runtime_error("attach_window: the session has no renderer "
                                 "(RendererConfig::enabled)");
    impl.renderer->presenter().attach(surface, {width, height}, impl.present_options.vsync);
}

void VulkanAccess::detach(Session& session) {
    Session::Impl& impl = *session.impl_;
    const Session::Impl::Call call(impl);
    if (impl.renderer) impl.renderer->presenter().detach();
}

void VulkanAccess::overlay(Session& session, std::function<void(const OverlayTarget&)> overlay) {
    Session::Impl& impl = *session.impl_;
    const Session::Impl::Call call(impl);
    if (!overlay) {
        impl.overlay = nullptr;
        return;
    }
    impl.overlay = [overlay = std::move(overlay)](const vk::OverlayTarget& t) {
        overlay({t.cmd, t.image, t.view, t.format, t.extent, t.image_index, t.image_count});
    };
}

PresentedImage VulkanAccess::image(Session& session, std::uint32_t width, std::uint32_t height) {
    Session::Impl& impl = *session.impl_;
    const Session::Impl::Call call(impl);
    PresentedImage out;
    if (!impl.renderer || width == 0 || height == 0) return out;
    const vk::Composition c = impl.composition(width, height);
    const vk::ComposedImage img = impl.renderer->presenter().compose_image(c, {width, height});
    out.image = img.image;
    out.view = img.view;
    out.format = img.format;
    out.width = img.extent.width;
    out.height = img.extent.height;
    out.layout = img.layout;
    out.timeline = img.timeline;
    out.value = img.value;
    return out;
}

VulkanContext vulkan_context(Session& session) {
    return VulkanAccess::context(session);
}
void attach_window(Session& session, VkSurfaceKHR surface, std::uint32_t width,
                   std::uint32_t height) {
    VulkanAccess::attach(session, surface, width, height);
}
void detach_window(Session& session) {
    VulkanAccess::detach(session);
}
void set_overlay(Session& session, std::function<void(const OverlayTarget&)> overlay) {
    VulkanAccess::overlay(session, std::move(overlay));
}
PresentedImage present_to_image(Session& session, std::uint32_t width, std::uint32_t height) {
    return VulkanAccess::image(session, width, height);
}

} // namespace picavk
