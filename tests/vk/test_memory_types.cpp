// pick_memory_type (vk/device/memory_allocator.h) over the memory types drivers list: images in
// device-local memory, uploads where DeviceOptions::upload_memory asks when the device has
// such a type (else host-coherent memory), read-backs in cached memory.
#include "vk/device/memory_allocator.h"

#include <doctest/doctest.h>

#include <initializer_list>

using namespace picavk::vk;

namespace {

constexpr VkMemoryPropertyFlags kLocal = VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT;
constexpr VkMemoryPropertyFlags kVisible = VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT;
constexpr VkMemoryPropertyFlags kCoherent = VK_MEMORY_PROPERTY_HOST_COHERENT_BIT;
constexpr VkMemoryPropertyFlags kCached = VK_MEMORY_PROPERTY_HOST_CACHED_BIT;

VkPhysicalDeviceMemoryProperties types(std::initializer_list<VkMemoryPropertyFlags> flags) {
    VkPhysicalDeviceMemoryProperties p{};
    for (VkMemoryPropertyFlags f : flags)
        p.memoryTypes[p.memoryTypeCount++] = {f, 0};
    return p;
}

} // namespace

TEST_CASE("memory types: each use in the type it prefers, falling back where a device has none") {
    // As NVIDIA's driver lists them on an H200: system memory images may use, device-local,
    // host-coherent and host-cached system memory, and the PCI BAR.
    const VkPhysicalDeviceMemoryProperties nvidia =
        types({0, kLocal, kVisible | kCoherent, kVisible | kCoherent | kCached,
               kLocal | kVisible | kCoherent});
    const std::uint32_t all = 0x1F;
    CHECK(pick_memory_type(nvidia, all, MemoryUsage::DeviceLocal) == 1);
    CHECK(pick_memory_type(nvidia, all, MemoryUsage::Upload) == 2);
    CHECK(pick_memory_type(nvidia, all, MemoryUsage::Upload, UploadMemory::DeviceLocal) == 4);
    CHECK(pick_memory_type(nvidia, all, MemoryUsage::Upload, UploadMemory::HostCached) == 3);
    CHECK(pick_memory_type(nvidia, all, MemoryUsage::Readback) == 3);
    // Only the types a resource allows.
    CHECK(pick_memory_type(nvidia, 0x1, MemoryUsage::DeviceLocal) == 0);
    CHECK(pick_memory_type(nvidia, 0x18, MemoryUsage::Upload) == 3);
    // No BAR and no cached type: uploads in host-coherent memory, read-backs in any visible.
    const VkPhysicalDeviceMemoryProperties plain = types({kLocal, kVisible | kCoherent});
    CHECK(pick_memory_type(plain, 0x3, MemoryUsage::Upload, UploadMemory::DeviceLocal) == 1);
    CHECK(pick_memory_type(plain, 0x3, MemoryUsage::Upload, UploadMemory::HostCached) == 1);
    CHECK(pick_memory_type(plain, 0x3, MemoryUsage::Readback) == 1);
    // Host-visible but not coherent: still the upload's (flushed by its users).
    CHECK(pick_memory_type(types({kLocal, kVisible}), 0x3, MemoryUsage::Upload) == 1);
    // Nothing the CPU can map, or nothing allowed: an error, not a type the use cannot have.
    CHECK_THROWS_AS(pick_memory_type(types({kLocal}), 0x1, MemoryUsage::Upload), VulkanError);
    CHECK_THROWS_AS(pick_memory_type(nvidia, 0, MemoryUsage::DeviceLocal), VulkanError);
    // lavapipe: one type with every property, whatever is asked.
    const VkPhysicalDeviceMemoryProperties cpu = types({kLocal | kVisible | kCoherent | kCached});
    for (UploadMemory u :
         {UploadMemory::Default, UploadMemory::DeviceLocal, UploadMemory::HostCached})
        CHECK(pick_memory_type(cpu, 0x1, MemoryUsage::Upload, u) == 0);
}
