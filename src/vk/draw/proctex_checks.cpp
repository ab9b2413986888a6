#include "vk/draw/proctex_checks.h"

#include "pica/regs/reg_ids.h"

#include <algorithm>

namespace picavk::vk {

using namespace pica;

namespace {

// The colour-LUT offset of mip level n: PROCTEX5 byte n, then 0xF0, 0xF8, 0xFC, 0xFE
// (proctex.md 1.6).
std::uint32_t level_offset(std::uint32_t proctex5, unsigned level) {
    return level < 4 ? proctex5 >> (8 * level) & 0xFF : 256u - (16u >> (level - 4));
}

} // namespace

void warn_proctex_state(const Regs& regs, const shadergen::FragmentConfig& key, Diagnostics& diag) {
    if (!key.proctex.enabled) return;
    const std::uint32_t p0 = regs[GPUREG_TEXUNIT3_PROCTEX0];
    const std::uint32_t p4 = regs[GPUREG_TEXUNIT3_PROCTEX4];
    const std::uint32_t p5 = regs[GPUREG_TEXUNIT3_PROCTEX5];
    const std::uint32_t width = p4 >> 11 & 0xFF;
    if (width == 0) {
        diag.warn(Warning::InvalidDrawConfig, [] {
            return std::string("procedural texture colour-LUT width 0 (PROCTEX4 bits 11-18): every "
                               "fragment reads the level's first entry");
        });
    }
    // The levels the filter can read: level 0 without mipmaps, else [min, max] clamped to 0-7
    // (and one above for mip-linear, which weighs it by the fraction).
    const unsigned filter = key.proctex.filter;
    unsigned first = 0, last = 0;
    if (filter >= 2) {
        const unsigned hi = std::min(p4 >> 7 & 0xFu, 7u);
        first = std::min(p4 >> 3 & 0xFu, hi);
        last = std::min(hi + (filter >= 4 ? 1u : 0u), 7u);
    }
    for (unsigned level = first; level <= last; ++level) {
        const std::uint32_t w = std::max(width >> level, 1u);
        const std::uint32_t offset = level_offset(p5, level);
        if (offset + w - 1 > 255) {
            diag.warn(Warning::InvalidDrawConfig, [&] {
                return "procedural texture colour-LUT level " + std::to_string(level) +
                       " (offset " + std::to_string(offset) + ", width " + std::to_string(w) +
                       ") runs past entry 255; its indices wrap to the start of the table";
            });
            break;
        }
    }
    const bool undocumented = (p0 & 7) > 4 || (p0 >> 3 & 7) > 4 || (p0 >> 6 & 0xF) > 9 ||
                              ((p0 >> 14 & 1) && (p0 >> 10 & 0xF) > 9) || (p0 >> 16 & 3) == 3 ||
                              (p0 >> 18 & 3) == 3 || (p4 & 7) > 5 ||
                              (regs[GPUREG_TEXUNIT_CONFIG] >> 8 & 3) == 3;
    if (undocumented) {
        diag.warn(Warning::InvalidDrawConfig, [&] {
            return "procedural texture registers hold undocumented values (PROCTEX0 = " +
                   hex_string(p0) + ", PROCTEX4 = " + hex_string(p4) +
                   ", TEXUNIT_CONFIG = " + hex_string(regs[GPUREG_TEXUNIT_CONFIG]) +
                   "): clamp 5-7 reads as clamp to edge, mapping functions 10-15 as 0, shift 3 "
                   "as none, filter 6-7 as nearest/linear without mipmaps, coordinate 3 as "
                   "texcoord 0";
        });
    }
}

} // namespace picavk::vk
