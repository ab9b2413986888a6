#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace picavk::pica {

using PAddr = std::uint32_t;

// Guest physical memory as the GPU sees it: VRAM and FCRAM, owned by whoever embeds picavk.
// Every access names a range; a range that is not wholly inside one region is refused (null or
// false), never read or written in part.
class MemoryView {
  public:
    static constexpr PAddr kVramBase = 0x18000000;
    static constexpr std::uint32_t kVramSize = 6u << 20;
    static constexpr PAddr kFcramBase = 0x20000000;
    static constexpr std::uint32_t kFcramSizeOld3ds = 128u << 20;
    static constexpr std::uint32_t kFcramSizeNew3ds = 256u << 20;

    MemoryView() = default;
    MemoryView(std::span<std::uint8_t> vram, std::span<std::uint8_t> fcram)
        : vram_(vram), fcram_(fcram) {}

    // Host pointer to [addr, addr + size), or null when the range leaves VRAM/FCRAM.
    std::uint8_t* pointer(PAddr addr, std::size_t size) const;
    bool contains(PAddr addr, std::size_t size) const { return pointer(addr, size) != nullptr; }
    bool read(PAddr addr, void* dst, std::size_t size) const;
    bool write(PAddr addr, const void* src, std::size_t size) const;

    std::span<std::uint8_t> vram() const { return vram_; }
    std::span<std::uint8_t> fcram() const { return fcram_; }

  private:
    std::span<std::uint8_t> vram_;
    std::span<std::uint8_t> fcram_;
};

// Owned guest memory for tools and tests (picavk-render, trace replay, unit tests).
class GuestMemory {
  public:
    explicit GuestMemory(std::uint32_t fcram_size = MemoryView::kFcramSizeOld3ds)
        : vram_(MemoryView::kVramSize), fcram_(fcram_size) {}
    MemoryView view() { return MemoryView(vram_, fcram_); }

  private:
    std::vector<std::uint8_t> vram_;
    std::vector<std::uint8_t> fcram_;
};

} // namespace picavk::pica
