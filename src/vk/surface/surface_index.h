#pragma once

// Which cached surfaces overlap an address range, without scanning them all: every surface is
// listed in each 16 KiB page of guest memory it touches, and a query visits only the pages of
// its range. Pages are a vector indexed by page number (grown to the highest page used: 1.2 MB
// of lists for all 768 MiB below 0x30000000), not a hash map: a render target's 24 pages are
// looked up at every draw. A surface that spans several of those pages is reported once, from the
// page where its overlap with the query begins. A cube texture's six faces lie anywhere in memory
// (TEXUNITi_ADDR1-6): it is listed under each face's range, and a query that meets two of them
// reports it once still. No Vulkan here (BM_SurfaceIndex... measures it).

#include "pica/memory.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <vector>

namespace picavk::vk {

struct Surface;

// The result of a query: a handful of surfaces at most in practice, so held inline (a query per
// draw must not allocate).
class SurfaceList {
  public:
    void push_back(Surface* s) {
        if (count_ < kInline && more_.empty()) {
            inline_[count_++] = s;
            return;
        }
        if (more_.empty()) more_.assign(inline_.begin(), inline_.begin() + count_);
        more_.push_back(s);
        ++count_;
    }
    Surface* const* begin() const { return more_.empty() ? inline_.data() : more_.data(); }
    Surface* const* end() const { return begin() + count_; }
    std::size_t size() const { return count_; }

  private:
    static constexpr std::size_t kInline = 8;
    std::array<Surface*, kInline> inline_{};
    std::vector<Surface*> more_;
    std::size_t count_ = 0;
};

class SurfaceIndex {
  public:
    static constexpr unsigned kPageBits = 14;

    struct Range {
        pica::PAddr start = 0, end = 0;
    };
    // A surface's guest ranges: one, or a cube texture's six faces.
    struct Ranges {
        std::array<Range, 6> range{};
        std::size_t count = 0;
        const Range* begin() const { return range.data(); }
        const Range* end() const { return range.data() + count; }
        void add(pica::PAddr start, pica::PAddr end) { range[count++] = {start, end}; }
        static Ranges one(pica::PAddr start, pica::PAddr end) {
            Ranges r;
            r.add(start, end);
            return r;
        }
    };

    void insert(Surface* s, const Ranges& ranges);
    void erase(Surface* s, const Ranges& ranges);
    void insert(Surface* s, pica::PAddr start, pica::PAddr end) {
        insert(s, Ranges::one(start, end));
    }
    void erase(Surface* s, pica::PAddr start, pica::PAddr end) {
        erase(s, Ranges::one(start, end));
    }
    // Appends to `out` (a SurfaceList or a vector) every surface with a range overlapping
    // [start, end), each once.
    template <class Out>
    void overlapping(pica::PAddr start, pica::PAddr end, Out& out) const {
        if (end <= start) return;
        for (std::size_t p = page_of(start); p <= page_of(end - 1ull) && p < pages_.size(); ++p) {
            for (const Entry& e : pages_[p])
                if (e.start < end && start < e.end && page_of(std::max(e.start, start)) == p &&
                    (!e.several || std::find(out.begin(), out.end(), e.surface) == out.end()))
                    out.push_back(e.surface);
        }
    }
    static std::uint32_t page_of(std::uint64_t address) {
        return static_cast<std::uint32_t>(address >> kPageBits);
    }
    std::size_t size() const { return count_; }

  private:
    struct Entry {
        Surface* surface;
        pica::PAddr start, end;
        bool several; // one of the surface's ranges: another may meet the same query
    };
    std::vector<std::vector<Entry>> pages_;
    std::size_t count_ = 0;
};

} // namespace picavk::vk
