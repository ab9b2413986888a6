#include "scenes/synthetic_keys.h"

#include "shadergen/key_list.h"
#include "vk/pipeline/pipeline_key.h"

namespace picavk::scenes {

std::vector<std::uint8_t> synthetic_key_list(std::size_t n) {
    std::vector<vk::PipelineKey> keys(n);
    for (std::size_t i = 0; i < n; ++i) {
        vk::PipelineKey& k = keys[i];
        k.color_format = 0; // RGBA8
        k.write_mask = 0xF;
        for (auto& s : k.fragment.stages) {
            s.sources = 0x000F000F; // previous
            s.operands = 0;
            s.combiners = 0; // replace
        }
        const auto c = static_cast<std::uint32_t>(i % 10),
                   a = static_cast<std::uint32_t>(i / 10 % 5);
        k.fragment.stages[0].combiners = c | (c << 16);
        k.fragment.stages[0].sources = 0x00E00 | a | (a << 4) | 0x0E000000 | (a << 16) | (a << 20);
        std::size_t rest = i / 50;
        for (unsigned s = 1; s < 6 && rest; ++s, rest /= 10) {
            const auto d = static_cast<std::uint32_t>(rest % 10);
            k.fragment.stages[s].combiners = d | (d << 16);
        }
    }
    return shadergen::write_key_list(
        {reinterpret_cast<const std::uint8_t*>(keys.data()), keys.size() * sizeof keys[0]},
        sizeof keys[0]);
}

} // namespace picavk::scenes
