#include "pica/geometry/output_mapping.h"

#include "pica/regs/reg_ids.h"

#include <cmath>

namespace picavk::pica {

CompactOutputs CompactOutputs::from_mask(std::uint32_t mask) {
    CompactOutputs c;
    for (std::uint8_t r = 0; r < 16; ++r)
        if ((mask >> r) & 1) c.reg[c.count++] = r;
    return c;
}

void OutputMapping::setup(const Regs& regs, std::uint32_t outmap_mask) {
    std::array<std::uint32_t, 9> inputs{outmap_mask, regs[GPUREG_SH_OUTMAP_TOTAL]};
    for (unsigned k = 0; k < 7; ++k)
        inputs[2 + k] = regs[GPUREG_SH_OUTMAP_O0 + k];
    if (valid_ && inputs == inputs_) return;
    inputs_ = inputs;
    valid_ = true;
    reg_.fill(0xFF);
    const CompactOutputs enabled = CompactOutputs::from_mask(outmap_mask);
    std::uint32_t total = regs[GPUREG_SH_OUTMAP_TOTAL] & 7;
    if (total > 7) total = 7;
    for (std::uint32_t k = 0; k < total && k < enabled.count; ++k) {
        const std::uint32_t map = regs[GPUREG_SH_OUTMAP_O0 + k];
        for (std::uint8_t c = 0; c < 4; ++c) {
            const std::uint32_t semantic = (map >> (8 * c)) & 0x1F;
            if (semantic >= OutputVertex::kSemantics) continue; // 0x1F and unknown: unused
            reg_[semantic] = enabled.reg[k]; // a semantic mapped twice: the last mapping wins
            comp_[semantic] = c;
        }
    }
    for (unsigned s = 0; s < OutputVertex::kSemantics; ++s)
        flat_[s] = static_cast<std::uint8_t>(reg_[s] == 0xFF ? 64 : reg_[s] * 4 + comp_[s]);
}

void OutputMapping::map(const std::array<std::array<float, 4>, 16>& outputs,
                        OutputVertex& v) const {
    // From the outputs as one array of 64 floats, or the constant 1.0 (index 64).
    static constexpr float kOne = 1.0f;
    const float* base = outputs[0].data();
    for (unsigned s = 0; s < OutputVertex::kSemantics; ++s)
        v.attr[s] = *(flat_[s] < 64 ? base + flat_[s] : &kOne);
    for (unsigned s = 8; s < 12; ++s) {
        const float c = std::fabs(v.attr[s]);
        v.attr[s] = c < 1.0f ? c : (std::isnan(c) ? c : 1.0f);
    }
}

} // namespace picavk::pica
