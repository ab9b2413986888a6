#include "vk/surface_index.h"

#include <algorithm>

namespace picavk::vk {

using pica::PAddr;

namespace {
std::uint32_t page_of(std::uint64_t address) {
    return static_cast<std::uint32_t>(address >> SurfaceIndex::kPageBits);
}
} // namespace

void SurfaceIndex::insert(Surface* s, PAddr start, PAddr end) {
    if (end <= start) return;
    for (std::uint32_t p = page_of(start); p <= page_of(end - 1ull); ++p)
        pages_[p].push_back({s, start, end});
    ++count_;
}

void SurfaceIndex::erase(Surface* s, PAddr start, PAddr end) {
    if (end <= start) return;
    for (std::uint32_t p = page_of(start); p <= page_of(end - 1ull); ++p) {
        auto it = pages_.find(p);
        if (it == pages_.end()) continue;
        std::erase_if(it->second, [s](const Entry& e) { return e.surface == s; });
        if (it->second.empty()) pages_.erase(it);
    }
    --count_;
}

void SurfaceIndex::overlapping(PAddr start, PAddr end, std::vector<Surface*>& out) const {
    if (end <= start) return;
    for (std::uint32_t p = page_of(start); p <= page_of(end - 1ull); ++p) {
        auto it = pages_.find(p);
        if (it == pages_.end()) continue;
        for (const Entry& e : it->second)
            if (e.start < end && start < e.end && page_of(std::max(e.start, start)) == p)
                out.push_back(e.surface);
    }
}

} // namespace picavk::vk
