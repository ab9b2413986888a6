#include "vk/block_uniform_cache.h"

#include "pica/regs/reg_ids.h"

#include <algorithm>
#include <cstring>

namespace picavk::vk {

using namespace pica;

VkDeviceSize BlockUniformCache::update(const Regs& regs, float resolution_scale,
                                       StreamBuffer& stream, VkDeviceSize alignment,
                                       std::uint64_t tick, Diagnostics& diag) {
    const std::uint32_t* proctex = &regs.words[shadergen::kProcTexUniformRegsFirst];
    const std::uint32_t* lighting = &regs.words[shadergen::kLightingUniformRegsFirst];
    const std::uint32_t* gas = &regs.words[shadergen::kGasUniformRegsFirst];
    const std::uint32_t* gas_light = &regs.words[shadergen::kGasLightRegsFirst];
    if (valid_ && tick_ == tick && scale_ == resolution_scale &&
        std::memcmp(lighting_regs_.data(), lighting, sizeof lighting_regs_) == 0 &&
        std::memcmp(proctex_regs_.data(), proctex, sizeof proctex_regs_) == 0 &&
        std::memcmp(gas_regs_.data(), gas, sizeof gas_regs_) == 0 &&
        std::memcmp(gas_light_regs_.data(), gas_light, sizeof gas_light_regs_) == 0)
        return offset_;
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
    std::memcpy(lighting_regs_.data(), lighting, sizeof lighting_regs_);
    std::memcpy(proctex_regs_.data(), proctex, sizeof proctex_regs_);
    std::memcpy(gas_regs_.data(), gas, sizeof gas_regs_);
    std::memcpy(gas_light_regs_.data(), gas_light, sizeof gas_light_regs_);
    scale_ = resolution_scale;
    valid_ = true;
    tick_ = tick;
    offset_ = span.offset;
    ++uploads_;
    return offset_;
}

} // namespace picavk::vk
