#pragma once

// Which cached surfaces overlap an address range, without scanning them all: every surface is
// listed in each 16 KiB page of guest memory it touches, and a query visits only the pages of
// its range. A surface that spans several of those pages is reported once, from the page where
// its overlap with the query begins. No Vulkan here (BM_SurfaceIndex... measures it).

#include "pica/memory.h"

#include <cstdint>
#include <unordered_map>
#include <vector>

namespace picavk::vk {

struct Surface;

class SurfaceIndex {
  public:
    static constexpr unsigned kPageBits = 14;

    void insert(Surface* s, pica::PAddr start, pica::PAddr end);
    void erase(Surface* s, pica::PAddr start, pica::PAddr end);
    // Appends to `out` every surface whose range overlaps [start, end), each once.
    void overlapping(pica::PAddr start, pica::PAddr end, std::vector<Surface*>& out) const;
    std::size_t size() const { return count_; }

  private:
    struct Entry {
        Surface* surface;
        pica::PAddr start, end;
    };
    std::unordered_map<std::uint32_t, std::vector<Entry>> pages_;
    std::size_t count_ = 0;
};

} // namespace picavk::vk
