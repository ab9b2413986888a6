#include "vk/surface/surface_index.h"

namespace picavk::vk {

using pica::PAddr;

void SurfaceIndex::insert(Surface* s, const Ranges& ranges) {
    const bool several = ranges.count > 1;
    for (const Range& r : ranges) {
        if (r.end <= r.start) continue;
        if (page_of(r.end - 1ull) >= pages_.size()) pages_.resize(page_of(r.end - 1ull) + 1ull);
        for (std::uint32_t p = page_of(r.start); p <= page_of(r.end - 1ull); ++p)
            pages_[p].push_back({s, r.start, r.end, several});
    }
    ++count_;
}

void SurfaceIndex::erase(Surface* s, const Ranges& ranges) {
    for (const Range& r : ranges) {
        if (r.end <= r.start) continue;
        for (std::uint32_t p = page_of(r.start); p <= page_of(r.end - 1ull) && p < pages_.size();
             ++p)
            std::erase_if(pages_[p], [s](const Entry& e) { return e.surface == s; });
    }
    --count_;
}

} // namespace picavk::vk
