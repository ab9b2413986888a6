#include "vk/pipeline/block_uniform_cache.h"

#include "pica/regs/reg_ids.h"

#include <algorithm>
#include <cstring>

namespace picavk::vk {

using namespace pica;

VkDeviceSize BlockUniformCache::update(const Regs& regs, float resolution_scale,
                                       StreamBuffer& stream, VkDeviceSize alignment,
                                       std::uint64_t tick, Diagnostics& diag) {
    // Whether every register the block reads is as it was when the block was built.
    bool same = valid_ && tick_ == tick && scale_ == resolution_scale;
    std::uint32_t at = 0;
    for (const shadergen::RegisterRange& r : shadergen::kBlockUniformRegs) {
        const std::size_t bytes = (r.last - r.first + 1) * sizeof(std::uint32_t);
        same = same && std::memcmp(&regs_[at], &regs.words[r.first], bytes) == 0;
        at += r.last - r.first + 1;
    }
    if (same) return offset_;
    unsigned non_finite = 0;
    const shadergen::BlockUniforms u =
        shadergen::build_block_uniforms(regs, resolution_scale, non_finite);
    if (non_finite) {
        diag.warn(Warning::InvalidDrawConfig, [&] {
            return std::to_string(non_finite) +
                   " light position or attenuation, or proctex noise or bias value(s) are NaN or "
                   "infinite (float16/float20); read as 0";
        });
    }
    StreamSpan span = stream.allocate(sizeof u, std::max<VkDeviceSize>(alignment, 16));
    std::memcpy(span.data, &u, sizeof u);
    at = 0;
    for (const shadergen::RegisterRange& r : shadergen::kBlockUniformRegs) {
        std::memcpy(&regs_[at], &regs.words[r.first],
                    (r.last - r.first + 1) * sizeof(std::uint32_t));
        at += r.last - r.first + 1;
    }
    scale_ = resolution_scale;
    valid_ = true;
    tick_ = tick;
    offset_ = span.offset;
    ++uploads_;
    return offset_;
}

} // namespace picavk::vk
