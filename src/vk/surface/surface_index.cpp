#include "vk/surface/surface_index.h"

namespace picavk::vk {

using pica::PAddr;

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

} // namespace picavk::vk
