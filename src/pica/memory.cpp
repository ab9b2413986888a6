#include "pica/memory.h"

#include <cstring>

namespace picavk::pica {

namespace {
std::uint8_t* in_region(std::span<std::uint8_t> region, PAddr base, PAddr addr, std::size_t size) {
    if (addr < base) return nullptr;
    const std::uint64_t offset = addr - base;
    if (offset > region.size() || size > region.size() - offset) return nullptr;
    return region.data() + offset;
}
} // namespace

std::uint8_t* MemoryView::pointer(PAddr addr, std::size_t size) const {
    if (std::uint8_t* p = in_region(vram_, kVramBase, addr, size)) return p;
    return in_region(fcram_, kFcramBase, addr, size);
}

bool MemoryView::read(PAddr addr, void* dst, std::size_t size) const {
    const std::uint8_t* p = pointer(addr, size);
    if (!p) return false;
    if (size) std::memcpy(dst, p, size);
    return true;
}

bool MemoryView::write(PAddr addr, const void* src, std::size_t size) const {
    std::uint8_t* p = pointer(addr, size);
    if (!p) return false;
    if (size) std::memcpy(p, src, size);
    return true;
}

} // namespace picavk::pica
