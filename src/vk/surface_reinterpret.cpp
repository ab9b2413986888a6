#include "vk/surface_cache.h"

// Reading a cached surface's bytes as another format, on the GPU: a D24S8 buffer as an RGBA8
// texture (depth effects; converted through texel-buffer copies of its aspects), and the 16-bit
// colour formats as one another (views of their Vulkan twins, which share the guest's bits).

#include "vk/barriers.h"
#include "vk/device.h"
#include "vk/scheduler.h"

#include <cstdio>

namespace picavk::vk {

VkBufferView SurfaceCache::texel_view(const Buffer& buffer, VkFormat format) {
    VkBufferViewCreateInfo ci{VK_STRUCTURE_TYPE_BUFFER_VIEW_CREATE_INFO};
    ci.buffer = buffer.buffer;
    ci.format = format;
    ci.range = VK_WHOLE_SIZE;
    VkBufferView view = VK_NULL_HANDLE;
    check(vkCreateBufferView(device_.device(), &ci, nullptr, &view), "vkCreateBufferView");
    return view;
}

Surface* SurfaceCache::depth_as_color(Surface& s) {
    const VkExtent2D e = extent(s);
    const VkDeviceSize texels = VkDeviceSize{e.width} * e.height;
    if (!s.as_color) {
        Surface::AsColor a;
        char name[96];
        std::snprintf(name, sizeof name, "depth 0x%08x read as RGBA8", s.params.address);
        a.rgba8 = factory_.create_image(
            VK_FORMAT_R8G8B8A8_UNORM, e,
            VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT | VK_IMAGE_USAGE_SAMPLED_BIT, name);
        const VkBufferUsageFlags usage =
            VK_BUFFER_USAGE_TRANSFER_DST_BIT | VK_BUFFER_USAGE_UNIFORM_TEXEL_BUFFER_BIT;
        a.depth = factory_.create_buffer(texels * 4, usage, MemoryUsage::DeviceLocal,
                                         std::string(name) + ": depth words");
        a.stencil = factory_.create_buffer(texels, usage, MemoryUsage::DeviceLocal,
                                           std::string(name) + ": stencil bytes");
        a.depth_view = texel_view(a.depth, VK_FORMAT_R32_UINT);
        a.stencil_view = texel_view(a.stencil, VK_FORMAT_R8_UINT);
        if (before_transfer_) before_transfer_();
        barrier_init_general(scheduler_.cmd(), a.rgba8.image, a.rgba8.aspect, 1, 1);
        s.as_color = a;
    }
    if (before_transfer_) before_transfer_();
    // The aspects as exact integers (a sampled D24 read would round), then the conversion.
    VkCommandBuffer cmd = scheduler_.cmd();
    barrier_all(cmd);
    VkBufferImageCopy region{};
    region.imageSubresource = {VK_IMAGE_ASPECT_DEPTH_BIT, 0, 0, 1};
    region.imageExtent = {e.width, e.height, 1};
    vkCmdCopyImageToBuffer(cmd, s.image.image, VK_IMAGE_LAYOUT_GENERAL, s.as_color->depth.buffer, 1,
                           &region);
    region.imageSubresource.aspectMask = VK_IMAGE_ASPECT_STENCIL_BIT;
    vkCmdCopyImageToBuffer(cmd, s.image.image, VK_IMAGE_LAYOUT_GENERAL, s.as_color->stencil.buffer,
                           1, &region);
    blitter_.depth_as_rgba8(s.as_color->depth_view, s.as_color->stencil_view,
                            s.image.format == VK_FORMAT_D32_SFLOAT_S8_UINT, s.as_color->rgba8);
    ++stats_.reinterpretations;
    s.texture_view = s.as_color->rgba8.view;
    return &s;
}

VkImageView SurfaceCache::view_as(Surface& s, std::uint8_t format) {
    VkImageView& view = s.views_as[format];
    if (view) return view;
    VkImageViewCreateInfo vi{VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO};
    vi.image = s.image.image;
    vi.viewType = VK_IMAGE_VIEW_TYPE_2D;
    vi.format = s.params.format == format ? s.image.format : formats_.color[format];
    if (format == static_cast<std::uint8_t>(pica::ColorFormat::RGB8))
        vi.components.a = VK_COMPONENT_SWIZZLE_ONE;
    vi.subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1};
    check(vkCreateImageView(device_.device(), &vi, nullptr, &view), "vkCreateImageView");
    device_.name(view, VK_OBJECT_TYPE_IMAGE_VIEW, "colour target sampled as another format");
    return view;
}

std::span<const VkFormat> SurfaceCache::twin_formats(VkFormat host) const {
    for (VkFormat f : twins_)
        if (f == host) return twins_;
    return {};
}

} // namespace picavk::vk
