#pragma once

// A small sub-allocator over large VkDeviceMemory blocks (Debian 12 ships no Vulkan Memory
// Allocator package). Buffers and images draw from separate blocks, so bufferImageGranularity
// never matters; host-visible blocks stay mapped for their lifetime.

#include "vk/device/vk_check.h"

#include <cstdint>
#include <map>
#include <memory>
#include <vector>

namespace picavk::vk {

class Device;

enum class MemoryUsage : std::uint8_t {
    DeviceLocal, // images, render targets
    Upload,      // CPU writes, GPU reads (stream and staging buffers)
    Readback,    // GPU writes, CPU reads (prefers cached memory)
};

// Where MemoryUsage::Upload memory should live (DeviceOptions::upload_memory,
// PICAVK_UPLOAD_MEMORY): Default, host-coherent memory as the driver lists it first (on
// NVIDIA's H200, system memory the GPU reads over PCIe: its texture-decode pass read 4 MB in
// 205 us, 20 GB/s); DeviceLocal, device-local host-visible memory where there is some (the
// PCI BAR: the CPU writes over PCIe, the GPU reads its own memory); HostCached, cached host
// memory (the CPU's copy into it at cache speed). Each falls back to Default where the device
// has no such type. To measure which serves uploads best on a device.
enum class UploadMemory : std::uint8_t { Default, DeviceLocal, HostCached };

// The memory type for a resource of `usage` among the types `type_bits` allows: the first with
// every preferred property, else the first host-visible one where the CPU needs access, else
// the first allowed. Throws where none is allowed (or none host-visible for the CPU's uses).
std::uint32_t pick_memory_type(const VkPhysicalDeviceMemoryProperties& properties,
                               std::uint32_t type_bits, MemoryUsage usage,
                               UploadMemory upload = UploadMemory::Default);

struct Allocation {
    VkDeviceMemory memory = VK_NULL_HANDLE;
    VkDeviceSize offset = 0;
    VkDeviceSize size = 0;
    std::uint8_t* mapped = nullptr; // null unless host-visible
    bool coherent = true;
    std::uint32_t block = ~0u; // owner's bookkeeping
    explicit operator bool() const { return memory != VK_NULL_HANDLE; }
};

// One block as the allocator holds it (MemoryAllocator::blocks).
struct MemoryBlockInfo {
    std::uint32_t type = 0; // memory type index
    bool for_image = false;
    VkDeviceSize size = 0, used = 0;
    std::uint32_t allocations = 0;
};

struct AllocatorStats {
    std::uint64_t blocks = 0;
    std::uint64_t block_bytes = 0;
    std::uint64_t allocations = 0;
    std::uint64_t allocated_bytes = 0;
};

class MemoryAllocator {
  public:
    static constexpr VkDeviceSize kBlockSize = 64ull << 20;

    explicit MemoryAllocator(const Device& device);
    ~MemoryAllocator();
    MemoryAllocator(const MemoryAllocator&) = delete;
    MemoryAllocator& operator=(const MemoryAllocator&) = delete;

    Allocation allocate(const VkMemoryRequirements& req, MemoryUsage usage, bool for_image);
    void free(Allocation& a);
    // Makes CPU writes visible (non-coherent memory) / GPU writes visible to the CPU.
    void flush(const Allocation& a) const;
    void invalidate(const Allocation& a) const;
    AllocatorStats stats() const { return stats_; }
    // Whether `a` lies in device-local memory.
    bool device_local(const Allocation& a) const;
    // Every block now held, in allocation order of their slots.
    std::vector<MemoryBlockInfo> blocks() const;

  private:
    struct Block {
        VkDeviceMemory memory = VK_NULL_HANDLE;
        VkDeviceSize size = 0;
        std::uint32_t type = 0;
        bool for_image = false;
        std::uint8_t* mapped = nullptr;
        bool coherent = true;
        std::map<VkDeviceSize, VkDeviceSize> free; // offset -> size, coalesced
        std::uint32_t live = 0;
        VkDeviceSize used = 0;
    };
    bool carve(Block& b, VkDeviceSize size, VkDeviceSize align, VkDeviceSize& offset);

    const Device& device_;
    std::vector<std::unique_ptr<Block>> blocks_;
    AllocatorStats stats_;
};

} // namespace picavk::vk
