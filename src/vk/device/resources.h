#pragma once

// Buffers and images with their memory, released through the scheduler once the GPU is done
// with them.

#include "vk/device/memory_allocator.h"

#include <span>
#include <string>

namespace picavk::vk {

class Device;
class Scheduler;

struct Buffer {
    VkBuffer buffer = VK_NULL_HANDLE;
    Allocation memory;
    VkDeviceSize size = 0;
    VkBufferUsageFlags usage = 0; // as created: says whether a descriptor set may name it
    std::uint8_t* mapped() const { return memory.mapped; }
    explicit operator bool() const { return buffer != VK_NULL_HANDLE; }
};

struct Image {
    VkImage image = VK_NULL_HANDLE;
    VkImageView view = VK_NULL_HANDLE;
    Allocation memory;
    VkFormat format = VK_FORMAT_UNDEFINED;
    VkExtent2D extent{};
    VkImageAspectFlags aspect = 0;
    std::uint32_t levels = 1, layers = 1;
    // Made mutable-format with storage usage (VK_IMAGE_CREATE_EXTENDED_USAGE_BIT where its own
    // format lacks storage: a 16-bit colour target written through an r16ui view): its usages,
    // which each view narrows to what its format supports (ResourceFactory::narrow_view_usage),
    // as a view format without storage may not take storage usage. 0 otherwise.
    VkImageUsageFlags view_usage = 0;
    explicit operator bool() const { return image != VK_NULL_HANDLE; }
};

class ResourceFactory {
  public:
    ResourceFactory(const Device& device, MemoryAllocator& allocator)
        : device_(device), allocator_(allocator) {}

    Buffer create_buffer(VkDeviceSize size, VkBufferUsageFlags usage, MemoryUsage memory,
                         const std::string& name);
    // `cube`: six layers viewed as a cube map.
    // `view_formats`: other formats its views may take (same size class; the image is made
    // mutable-format, listing them).
    Image create_image(VkFormat format, VkExtent2D extent, VkImageUsageFlags usage,
                       const std::string& name, std::uint32_t levels = 1, bool cube = false,
                       std::span<const VkFormat> view_formats = {});
    // For a view of an image with Image::view_usage: chains `usage` to `vi`, holding the image's
    // usages that the view's format supports (storage only through a storage format).
    void narrow_view_usage(const Image& image, VkImageViewCreateInfo& vi,
                           VkImageViewUsageCreateInfo& usage) const;
    // Immediately; only for objects the GPU no longer uses (see Scheduler::defer).
    void destroy(Buffer& b);
    void destroy(Image& i);

    MemoryAllocator& allocator() { return allocator_; }

  private:
    const Device& device_;
    MemoryAllocator& allocator_;
};

// A buffer destroyed when it leaves scope on every path: a lost device throws from the middle of
// a read-back, and the buffer must not outlive the device.
class ScopedBuffer {
  public:
    ScopedBuffer(ResourceFactory& factory, Buffer buffer) : factory_(factory), buffer_(buffer) {}
    ~ScopedBuffer() { factory_.destroy(buffer_); }
    ScopedBuffer(const ScopedBuffer&) = delete;
    ScopedBuffer& operator=(const ScopedBuffer&) = delete;
    Buffer* operator->() { return &buffer_; }

  private:
    ResourceFactory& factory_;
    Buffer buffer_;
};

VkImageAspectFlags aspect_of(VkFormat format);
// Bytes of one texel as the format names them, depth and stencil together (D24S8: 4, D32S8: 5,
// RGB565: 2): what a pass over it moves, for GPU rates (Scheduler::pass_bytes). A driver may
// store more (padding, compression metadata); those bytes are its own.
std::uint32_t texel_bytes(VkFormat format);
// Bytes of a width x height region of one level and layer.
inline std::uint64_t region_bytes(VkFormat format, std::uint32_t width, std::uint32_t height) {
    return std::uint64_t{width} * height * texel_bytes(format);
}
inline std::uint64_t region_bytes(VkFormat format, VkExtent2D extent) {
    return region_bytes(format, extent.width, extent.height);
}

} // namespace picavk::vk
