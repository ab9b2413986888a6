#include "vk/device/resources.h"

#include "vk/device/device.h"

namespace picavk::vk {

VkImageAspectFlags aspect_of(VkFormat format) {
    switch (format) {
    case VK_FORMAT_D16_UNORM:
    case VK_FORMAT_X8_D24_UNORM_PACK32:
    case VK_FORMAT_D32_SFLOAT:
        return VK_IMAGE_ASPECT_DEPTH_BIT;
    case VK_FORMAT_D16_UNORM_S8_UINT:
    case VK_FORMAT_D24_UNORM_S8_UINT:
    case VK_FORMAT_D32_SFLOAT_S8_UINT:
        return VK_IMAGE_ASPECT_DEPTH_BIT | VK_IMAGE_ASPECT_STENCIL_BIT;
    default:
        return VK_IMAGE_ASPECT_COLOR_BIT;
    }
}

std::uint32_t texel_bytes(VkFormat format) {
    switch (format) {
    case VK_FORMAT_R8_UNORM:
    case VK_FORMAT_R8_UINT:
    case VK_FORMAT_S8_UINT:
        return 1;
    case VK_FORMAT_R5G6B5_UNORM_PACK16:
    case VK_FORMAT_B5G6R5_UNORM_PACK16:
    case VK_FORMAT_R5G5B5A1_UNORM_PACK16:
    case VK_FORMAT_A1R5G5B5_UNORM_PACK16:
    case VK_FORMAT_R4G4B4A4_UNORM_PACK16:
    case VK_FORMAT_B4G4R4A4_UNORM_PACK16:
    case VK_FORMAT_R8G8_UNORM:
    case VK_FORMAT_D16_UNORM:
    case VK_FORMAT_R16_UINT:
        return 2;
    case VK_FORMAT_D16_UNORM_S8_UINT:
    case VK_FORMAT_R8G8B8_UNORM:
        return 3;
    case VK_FORMAT_D32_SFLOAT_S8_UINT:
        return 5;
    case VK_FORMAT_R16G16B16A16_SFLOAT:
    case VK_FORMAT_R32G32_UINT:
    case VK_FORMAT_R32G32_SFLOAT:
        return 8;
    case VK_FORMAT_R32G32B32A32_SFLOAT:
    case VK_FORMAT_R32G32B32A32_UINT:
        return 16;
    default: // RGBA8 and BGRA8 (UNORM, SRGB), R32 formats, D24S8, X8D24, D32
        return 4;
    }
}

Buffer ResourceFactory::create_buffer(VkDeviceSize size, VkBufferUsageFlags usage,
                                      MemoryUsage memory, const std::string& name) {
    Buffer b;
    b.size = size;
    b.usage = usage;
    VkBufferCreateInfo ci{VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO};
    ci.size = size;
    ci.usage = usage;
    ci.sharingMode = VK_SHARING_MODE_EXCLUSIVE;
    check(vkCreateBuffer(device_.device(), &ci, nullptr, &b.buffer), "vkCreateBuffer");
    VkMemoryRequirements req;
    vkGetBufferMemoryRequirements(device_.device(), b.buffer, &req);
    try {
        b.memory = allocator_.allocate(req, memory, false);
    } catch (...) {
        vkDestroyBuffer(device_.device(), b.buffer, nullptr);
        throw;
    }
    check(vkBindBufferMemory(device_.device(), b.buffer, b.memory.memory, b.memory.offset),
          "vkBindBufferMemory");
    device_.name(b.buffer, VK_OBJECT_TYPE_BUFFER, name);
    return b;
}

Image ResourceFactory::create_image(VkFormat format, VkExtent2D extent, VkImageUsageFlags usage,
                                    const std::string& name, std::uint32_t levels, bool cube,
                                    std::span<const VkFormat> view_formats) {
    Image img;
    img.format = format;
    img.extent = extent;
    img.aspect = aspect_of(format);
    img.levels = levels;
    img.layers = cube ? 6 : 1;
    VkImageCreateInfo ci{VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO};
    ci.imageType = VK_IMAGE_TYPE_2D;
    ci.format = format;
    ci.extent = {extent.width, extent.height, 1};
    ci.flags = cube ? VK_IMAGE_CREATE_CUBE_COMPATIBLE_BIT : 0;
    VkImageFormatListCreateInfo list{VK_STRUCTURE_TYPE_IMAGE_FORMAT_LIST_CREATE_INFO};
    if (!view_formats.empty()) {
        ci.flags |= VK_IMAGE_CREATE_MUTABLE_FORMAT_BIT;
        list.viewFormatCount = static_cast<std::uint32_t>(view_formats.size());
        list.pViewFormats = view_formats.data();
        ci.pNext = &list;
    }
    ci.mipLevels = levels;
    ci.arrayLayers = img.layers;
    ci.samples = VK_SAMPLE_COUNT_1_BIT;
    ci.tiling = VK_IMAGE_TILING_OPTIMAL;
    ci.usage = usage;
    // Storage usage with other view formats: each view names the usages its format supports;
    // and where the image's own format lacks storage (a 16-bit colour format; its r16ui twin
    // has it), extended usage.
    if ((usage & VK_IMAGE_USAGE_STORAGE_BIT) && !view_formats.empty()) {
        img.view_usage = usage;
        if (!device_.format_supports(format, VK_FORMAT_FEATURE_2_STORAGE_IMAGE_BIT))
            ci.flags |= VK_IMAGE_CREATE_EXTENDED_USAGE_BIT;
    }
    ci.initialLayout = VK_IMAGE_LAYOUT_UNDEFINED;
    check(vkCreateImage(device_.device(), &ci, nullptr, &img.image), "vkCreateImage");
    VkMemoryRequirements req;
    vkGetImageMemoryRequirements(device_.device(), img.image, &req);
    try {
        img.memory = allocator_.allocate(req, MemoryUsage::DeviceLocal, true);
        check(vkBindImageMemory(device_.device(), img.image, img.memory.memory, img.memory.offset),
              "vkBindImageMemory");
        VkImageViewCreateInfo vi{VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO};
        vi.image = img.image;
        vi.viewType = cube ? VK_IMAGE_VIEW_TYPE_CUBE : VK_IMAGE_VIEW_TYPE_2D;
        vi.format = format;
        vi.subresourceRange = {img.aspect, 0, levels, 0, img.layers};
        VkImageViewUsageCreateInfo view_usage{VK_STRUCTURE_TYPE_IMAGE_VIEW_USAGE_CREATE_INFO};
        narrow_view_usage(img, vi, view_usage);
        check(vkCreateImageView(device_.device(), &vi, nullptr, &img.view), "vkCreateImageView");
    } catch (...) {
        destroy(img);
        throw;
    }
    device_.name(img.image, VK_OBJECT_TYPE_IMAGE, name);
    device_.name(img.view, VK_OBJECT_TYPE_IMAGE_VIEW, name + " view");
    return img;
}

void ResourceFactory::narrow_view_usage(const Image& image, VkImageViewCreateInfo& vi,
                                        VkImageViewUsageCreateInfo& usage) const {
    if (!image.view_usage) return;
    usage.usage = image.view_usage;
    if (!device_.format_supports(vi.format, VK_FORMAT_FEATURE_2_STORAGE_IMAGE_BIT))
        usage.usage &= ~VK_IMAGE_USAGE_STORAGE_BIT;
    usage.pNext = vi.pNext;
    vi.pNext = &usage;
}

void ResourceFactory::destroy(Buffer& b) {
    if (b.buffer) vkDestroyBuffer(device_.device(), b.buffer, nullptr);
    // Only a buffer a descriptor set may name makes cached sets stale: staging and read-back
    // buffers (transfer usage only) come and go every frame, and counting them emptied the
    // DescriptorSetCache 300 times in craftus's 660 frames.
    constexpr VkBufferUsageFlags kNameable =
        VK_BUFFER_USAGE_UNIFORM_BUFFER_BIT | VK_BUFFER_USAGE_STORAGE_BUFFER_BIT |
        VK_BUFFER_USAGE_UNIFORM_TEXEL_BUFFER_BIT | VK_BUFFER_USAGE_STORAGE_TEXEL_BUFFER_BIT;
    if (b.usage & kNameable) device_.note_destroyed();
    allocator_.free(b.memory);
    b = Buffer{};
}

void ResourceFactory::destroy(Image& i) {
    if (i.view) vkDestroyImageView(device_.device(), i.view, nullptr);
    if (i.image) vkDestroyImage(device_.device(), i.image, nullptr);
    device_.note_destroyed();
    allocator_.free(i.memory);
    i = Image{};
}

} // namespace picavk::vk
