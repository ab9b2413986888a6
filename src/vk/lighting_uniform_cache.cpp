#include "vk/lighting_uniform_cache.h"

#include "pica/regs/reg_ids.h"

#include <cstring>

namespace picavk::vk {

using namespace pica;

VkDeviceSize LightingUniformCache::update(const Regs& regs, StreamBuffer& stream,
                                          VkDeviceSize alignment, std::uint64_t tick,
                                          Diagnostics& diag) {
    const std::uint32_t* now = &regs.words[shadergen::kLightingUniformRegsFirst];
    if (valid_ && tick_ == tick && std::memcmp(regs_.data(), now, sizeof regs_) == 0)
        return offset_;
    unsigned non_finite = 0;
    const shadergen::LightingUniforms u = shadergen::build_lighting_uniforms(regs, non_finite);
    if (non_finite) {
        diag.warn(Warning::InvalidDrawConfig, [&] {
            return std::to_string(non_finite) +
                   " light position or attenuation value(s) are NaN or infinite (float16/float20); "
                   "read as 0";
        });
    }
    StreamSpan span = stream.allocate(sizeof u, std::max<VkDeviceSize>(alignment, 16));
    std::memcpy(span.data, &u, sizeof u);
    std::memcpy(regs_.data(), now, sizeof regs_);
    valid_ = true;
    tick_ = tick;
    offset_ = span.offset;
    ++uploads_;
    return offset_;
}

} // namespace picavk::vk
