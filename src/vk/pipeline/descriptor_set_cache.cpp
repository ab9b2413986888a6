#include "vk/pipeline/descriptor_set_cache.h"

#include "vk/device/device.h"

#include <xxhash.h>

namespace picavk::vk {

static_assert(sizeof(DescriptorSetCache::Contents) == 13 * sizeof(void*),
              "Contents is hashed as bytes: no padding");

std::size_t DescriptorSetCache::Hash::operator()(const Contents& c) const {
    return static_cast<std::size_t>(XXH3_64bits(&c, sizeof c));
}

DescriptorSetCache::Found DescriptorSetCache::get(const Contents& contents) {
    // A destroyed object's handle may come back as another object's: no set survives one.
    if (device_.destroyed() != generation_ || sets_.size() >= kMaxSets) {
        generation_ = device_.destroyed();
        if (!sets_.empty()) {
            sets_.clear();
            allocator_.release_all();
        }
    }
    if (const auto it = sets_.find(contents); it != sets_.end()) {
        ++reuses_;
        return {it->second, false};
    }
    const VkDescriptorSet set = allocator_.allocate();
    sets_.emplace(contents, set);
    ++made_;
    return {set, true};
}

} // namespace picavk::vk
