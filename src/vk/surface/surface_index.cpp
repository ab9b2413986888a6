#include "vk/surface/surface_index.h"

namespace picavk::vk {

using pica::PAddr;

void SurfaceIndex::insert(Surface* s, PAddr start, PAddr end) {
    if (end <= start) return;
    if (page_of(end - 1ull) >= pages_.size()) pages_.resize(page_of(end - 1ull) + 1ull);
    for (std::uint32_t p = page_of(start); p <= page_of(end - 1ull); ++p)
        pages_[p].push_back({s, start, end});
    ++count_;
}

void SurfaceIndex::erase(Surface* s, PAddr start, PAddr end) {
    if (end <= start) return;
    for (std::uint32_t p = page_of(start); p <= page_of(end - 1ull) && p < pages_.size(); ++p)
        std::erase_if(pages_[p], [s](const Entry& e) { return e.surface == s; });
    --count_;
}

} // namespace picavk::vk
