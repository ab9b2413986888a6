#include "vk/device/memory_allocator.h"

#include "vk/device/device.h"
#include "vk/device/fault_injection.h"

#include <algorithm>
#include <string>

namespace picavk::vk {

MemoryAllocator::MemoryAllocator(const Device& device) : device_(device) {}

MemoryAllocator::~MemoryAllocator() {
    for (auto& b : blocks_)
        if (b && b->memory) vkFreeMemory(device_.device(), b->memory, nullptr);
}

std::uint32_t pick_memory_type(const VkPhysicalDeviceMemoryProperties& mp, std::uint32_t type_bits,
                               MemoryUsage usage, UploadMemory upload) {
    VkMemoryPropertyFlags required = 0;
    // In order of preference: the first set a type has every property of wins (the last, none
    // beyond those required, any allowed type).
    VkMemoryPropertyFlags preferred[3] = {0, 0, 0};
    switch (usage) {
    case MemoryUsage::DeviceLocal:
        preferred[0] = VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT;
        break;
    case MemoryUsage::Upload:
        required = VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT;
        preferred[1] = VK_MEMORY_PROPERTY_HOST_COHERENT_BIT;
        preferred[0] = preferred[1] |
                       (upload == UploadMemory::DeviceLocal  ? VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT
                        : upload == UploadMemory::HostCached ? VK_MEMORY_PROPERTY_HOST_CACHED_BIT
                                                             : 0);
        break;
    case MemoryUsage::Readback:
        required = VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT;
        preferred[0] = VK_MEMORY_PROPERTY_HOST_CACHED_BIT;
        break;
    }
    auto first_with = [&](VkMemoryPropertyFlags flags) {
        for (std::uint32_t i = 0; i < mp.memoryTypeCount; ++i)
            if ((type_bits & (1u << i)) && (mp.memoryTypes[i].propertyFlags & flags) == flags)
                return i;
        return ~0u;
    };
    for (VkMemoryPropertyFlags p : preferred)
        if (std::uint32_t i = first_with(required | p); i != ~0u) return i;
    throw VulkanError("no memory type fits the resource", VK_ERROR_OUT_OF_DEVICE_MEMORY);
}

bool MemoryAllocator::carve(Block& b, VkDeviceSize size, VkDeviceSize align, VkDeviceSize& offset) {
    for (auto it = b.free.begin(); it != b.free.end(); ++it) {
        const VkDeviceSize start = (it->first + align - 1) / align * align;
        const VkDeviceSize end = it->first + it->second;
        if (start + size > end) continue;
        const VkDeviceSize range_start = it->first;
        b.free.erase(it);
        if (start > range_start) b.free.emplace(range_start, start - range_start);
        if (start + size < end) b.free.emplace(start + size, end - (start + size));
        offset = start;
        return true;
    }
    return false;
}

Allocation MemoryAllocator::allocate(const VkMemoryRequirements& req, MemoryUsage usage,
                                     bool for_image) {
    const std::uint32_t type = pick_memory_type(device_.memory_properties(), req.memoryTypeBits,
                                                usage, device_.options().upload_memory);
    const VkDeviceSize align = std::max<VkDeviceSize>(
        {req.alignment, 16, device_.properties().limits.nonCoherentAtomSize});
    const VkDeviceSize size = (req.size + align - 1) / align * align;
    auto fill = [&](std::uint32_t index, VkDeviceSize offset) {
        Block& b = *blocks_[index];
        ++b.live;
        b.used += size;
        ++stats_.allocations;
        stats_.allocated_bytes += size;
        Allocation a;
        a.memory = b.memory;
        a.offset = offset;
        a.size = size;
        a.mapped = b.mapped ? b.mapped + offset : nullptr;
        a.coherent = b.coherent;
        a.block = index;
        return a;
    };
    for (std::uint32_t i = 0; i < blocks_.size(); ++i) {
        Block* b = blocks_[i].get();
        VkDeviceSize offset = 0;
        if (b && b->type == type && b->for_image == for_image && carve(*b, size, align, offset))
            return fill(i, offset);
    }
    // A new block: the standard size, or exactly the resource when it is larger.
    auto b = std::make_unique<Block>();
    b->size = std::max(kBlockSize, size);
    b->type = type;
    b->for_image = for_image;
    VkMemoryAllocateInfo ai{VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO};
    ai.allocationSize = b->size;
    ai.memoryTypeIndex = type;
    VkResult r = injected_fault(FaultSite::Allocate);
    if (r == VK_SUCCESS) r = vkAllocateMemory(device_.device(), &ai, nullptr, &b->memory);
    check(r, "vkAllocateMemory");
    device_.name(b->memory, VK_OBJECT_TYPE_DEVICE_MEMORY,
                 std::string(for_image ? "image" : "buffer") + " memory block, type " +
                     std::to_string(type) + ", " + std::to_string(b->size >> 20) + " MiB");
    const VkMemoryPropertyFlags flags = device_.memory_properties().memoryTypes[type].propertyFlags;
    if (flags & VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT) {
        void* p = nullptr;
        check(vkMapMemory(device_.device(), b->memory, 0, VK_WHOLE_SIZE, 0, &p), "vkMapMemory");
        b->mapped = static_cast<std::uint8_t*>(p);
    }
    b->coherent = (flags & VK_MEMORY_PROPERTY_HOST_COHERENT_BIT) != 0;
    b->free.emplace(0, b->size);
    ++stats_.blocks;
    stats_.block_bytes += b->size;
    std::uint32_t index = static_cast<std::uint32_t>(blocks_.size());
    for (std::uint32_t i = 0; i < blocks_.size(); ++i)
        if (!blocks_[i]) {
            index = i;
            break;
        }
    if (index == blocks_.size()) blocks_.push_back(nullptr);
    blocks_[index] = std::move(b);
    VkDeviceSize offset = 0;
    carve(*blocks_[index], size, align, offset);
    return fill(index, offset);
}

void MemoryAllocator::free(Allocation& a) {
    if (!a || a.block >= blocks_.size() || !blocks_[a.block]) return;
    Block& b = *blocks_[a.block];
    auto next = b.free.lower_bound(a.offset);
    VkDeviceSize start = a.offset, size = a.size;
    if (next != b.free.end() && next->first == start + size) {
        size += next->second;
        next = b.free.erase(next);
    }
    if (next != b.free.begin()) {
        auto prev = std::prev(next);
        if (prev->first + prev->second == start) {
            start = prev->first;
            size += prev->second;
            b.free.erase(prev);
        }
    }
    b.free.emplace(start, size);
    --b.live;
    b.used -= a.size;
    --stats_.allocations;
    stats_.allocated_bytes -= a.size;
    // Give empty oversized blocks back at once; keep one standard block per type warm.
    if (b.live == 0 && b.size > kBlockSize) {
        stats_.blocks--;
        stats_.block_bytes -= b.size;
        vkFreeMemory(device_.device(), b.memory, nullptr);
        blocks_[a.block].reset();
    }
    a = Allocation{};
}

std::vector<MemoryBlockInfo> MemoryAllocator::blocks() const {
    std::vector<MemoryBlockInfo> out;
    for (const auto& b : blocks_)
        if (b) out.push_back({b->type, b->for_image, b->size, b->used, b->live});
    return out;
}

namespace {
VkMappedMemoryRange mapped_range(const Allocation& a) {
    VkMappedMemoryRange r{VK_STRUCTURE_TYPE_MAPPED_MEMORY_RANGE};
    r.memory = a.memory;
    r.offset = a.offset;
    r.size = a.size;
    return r;
}
} // namespace

void MemoryAllocator::flush(const Allocation& a) const {
    if (a.coherent || !a.mapped) return;
    const VkMappedMemoryRange r = mapped_range(a);
    vkFlushMappedMemoryRanges(device_.device(), 1, &r);
}

void MemoryAllocator::invalidate(const Allocation& a) const {
    if (a.coherent || !a.mapped) return;
    const VkMappedMemoryRange r = mapped_range(a);
    vkInvalidateMappedMemoryRanges(device_.device(), 1, &r);
}

bool MemoryAllocator::device_local(const Allocation& a) const {
    if (a.block >= blocks_.size() || !blocks_[a.block]) return false;
    return (device_.memory_properties().memoryTypes[blocks_[a.block]->type].propertyFlags &
            VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT) != 0;
}

} // namespace picavk::vk
