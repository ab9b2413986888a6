#include "pica/geometry/output_mapping.h"

#include "pica/geometry/transpose4.h"
#include "pica/regs/reg_ids.h"
#include "pica/shader/shader_batch_unit.h"

#include <bit>
#include <cmath>
#include <cstring>

namespace picavk::pica {

CompactOutputs CompactOutputs::from_mask(std::uint32_t mask) {
    CompactOutputs c;
    for (std::uint32_t m = mask & 0xFFFF; m != 0; m &= m - 1)
        c.reg[c.count++] = static_cast<std::uint8_t>(std::countr_zero(m));
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
    used_ = 0;
    for (unsigned s = 0; s < OutputVertex::kSemantics; ++s) {
        flat_[s] = static_cast<std::uint8_t>(reg_[s] == 0xFF ? 64 : reg_[s] * 4 + comp_[s]);
        if (flat_[s] < 64) used_ |= 1ull << flat_[s];
    }
    whole_count_ = gather_count_ = 0;
    for (std::uint8_t g = 0; g < OutputVertex::kSemantics / 4; ++g) {
        const unsigned f = flat_[4 * g];
        const bool whole = f % 4 == 0 && f < 64 && flat_[4 * g + 1] == f + 1 &&
                           flat_[4 * g + 2] == f + 2 && flat_[4 * g + 3] == f + 3;
        if (whole) {
            whole_[whole_count_++] = {g, static_cast<std::uint8_t>(f / 4)};
            continue;
        }
        GatherGroup gather{g, {}, {}};
        bool fed = false;
        for (unsigned k = 0; k < 4; ++k) {
            const bool one = flat_[4 * g + k] >= 64;
            gather.index[k] = one ? 0 : flat_[4 * g + k];
            gather.ones[k] = one ? -1 : 0;
            fed = fed || !one;
        }
        if (fed) gather_[gather_count_++] = gather;
    }
}

namespace {

// Colour is made non-negative and capped at 1 (NaN kept).
inline void clamp_colour(OutputVertex& v) {
    for (unsigned s = 8; s < 12; ++s) {
        const float c = std::fabs(v.attr[s]);
        v.attr[s] = c < 1.0f ? c : (std::isnan(c) ? c : 1.0f);
    }
}

} // namespace

void OutputMapping::map(const float* outputs, std::size_t stride, OutputVertex& v) const {
    for (unsigned s = 0; s < OutputVertex::kSemantics; ++s)
        v.attr[s] = flat_[s] < 64 ? outputs[flat_[s] * stride] : 1.0f;
    clamp_colour(v);
}

namespace {

using V4 = V4f;
using V4i = std::int32_t __attribute__((vector_size(16)));

// clamp_colour on four components: |x| below 1, else 1 (NaN kept).
inline V4 clamp_colour4(V4 x) {
    const V4i b = std::bit_cast<V4i>(x) & 0x7FFFFFFF;
    const V4 c = std::bit_cast<V4>(b);
    const V4i keep = (c < 1.0f) | (c != c);
    const V4 one = {1.0f, 1.0f, 1.0f, 1.0f};
    return std::bit_cast<V4>((b & keep) | (std::bit_cast<V4i>(one) & ~keep));
}

} // namespace

void OutputMapping::map_lanes(const float* outputs, unsigned lanes, OutputVertex* v) const {
    // Four semantics by four lanes at a time, turned into four vertices' 16-byte pieces.
    static_assert(OutputVertex::kSemantics % 4 == 0);
    static constexpr std::array<float, kShaderLanes> kOnes = [] {
        std::array<float, kShaderLanes> a{};
        a.fill(1.0f);
        return a;
    }();
    for (unsigned g = 0; g < OutputVertex::kSemantics; g += 4) {
        const float* row[4];
        for (unsigned k = 0; k < 4; ++k)
            row[k] = flat_[g + k] < 64 ? outputs + flat_[g + k] * kShaderLanes : kOnes.data();
        for (unsigned h = 0; h < lanes; h += 4) {
            V4 a = load_v4(row[0] + h), b = load_v4(row[1] + h), c = load_v4(row[2] + h),
               d = load_v4(row[3] + h);
            transpose4(a, b, c, d);
            if (g == 8) { // colour
                a = clamp_colour4(a), b = clamp_colour4(b);
                c = clamp_colour4(c), d = clamp_colour4(d);
            }
            std::memcpy(&v[h].attr[g], &a, sizeof a);
            std::memcpy(&v[h + 1].attr[g], &b, sizeof b);
            std::memcpy(&v[h + 2].attr[g], &c, sizeof c);
            std::memcpy(&v[h + 3].attr[g], &d, sizeof d);
        }
    }
}

void OutputMapping::map(const std::array<std::array<float, 4>, 16>& outputs,
                        OutputVertex& v) const {
    // Every semantic 1.0 first (most groups of a vertex read no output: a geometry shader's
    // EMIT maps position and colour), then the groups fed whole, then the gathered ones
    // (a mask, not a branch per semantic). Colour (group 2) is clamped where an output feeds it.
    const float* base = outputs[0].data();
    const V4 ones = {1.0f, 1.0f, 1.0f, 1.0f};
    for (unsigned g = 0; g < OutputVertex::kSemantics / 4; ++g)
        std::memcpy(&v.attr[4 * g], &ones, sizeof ones);
    constexpr unsigned kColourGroup = 2; // semantics 8-11
    for (unsigned k = 0; k < whole_count_; ++k) {
        const WholeGroup& w = whole_[k];
        V4 x = load_v4(base + 4 * w.reg);
        if (w.group == kColourGroup) x = clamp_colour4(x);
        std::memcpy(&v.attr[4 * w.group], &x, sizeof x);
    }
    for (unsigned k = 0; k < gather_count_; ++k) {
        const GatherGroup& g = gather_[k];
        const auto& i = g.index;
        V4i mask;
        std::memcpy(&mask, g.ones.data(), sizeof mask);
        const V4 gathered{base[i[0]], base[i[1]], base[i[2]], base[i[3]]};
        V4 x = std::bit_cast<V4>((std::bit_cast<V4i>(gathered) & ~mask) |
                                 (std::bit_cast<V4i>(ones) & mask));
        if (g.group == kColourGroup) x = clamp_colour4(x);
        std::memcpy(&v.attr[4 * g.group], &x, sizeof x);
    }
}

} // namespace picavk::pica
