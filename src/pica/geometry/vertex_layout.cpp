#include "pica/geometry/vertex_layout.h"

#include "pica/regs/reg_ids.h"

namespace picavk::pica {

VertexLayout VertexLayout::from_regs(const Regs& regs) {
    VertexLayout l;
    const std::uint64_t base = std::uint64_t{regs[GPUREG_ATTRIBBUFFERS_LOC] & 0x1FFFFFFEu} << 3;
    const std::uint32_t low = regs[GPUREG_ATTRIBBUFFERS_FORMAT_LOW];
    const std::uint32_t high = regs[GPUREG_ATTRIBBUFFERS_FORMAT_HIGH];
    l.attribute_count = (high >> 28) + 1;
    if (l.attribute_count > kMaxAttributes) l.attribute_count = kMaxAttributes; // 13-16: no format
    std::array<std::uint8_t, kMaxAttributes> type{}, components{};
    for (unsigned a = 0; a < kMaxAttributes; ++a) {
        const std::uint32_t f = (a < 8 ? low >> (4 * a) : high >> (4 * (a - 8))) & 0xF;
        type[a] = static_cast<std::uint8_t>(f & 3);
        components[a] = static_cast<std::uint8_t>((f >> 2) + 1);
    }
    for (unsigned b = 0; b < kBuffers; ++b) {
        const std::uint32_t offset = regs[GPUREG_ATTRIBBUFFER0_OFFSET + 3 * b] & 0x0FFFFFFF;
        const std::uint32_t config1 = regs[GPUREG_ATTRIBBUFFER0_CONFIG1 + 3 * b];
        const std::uint32_t config2 = regs[GPUREG_ATTRIBBUFFER0_CONFIG2 + 3 * b];
        std::uint32_t count = config2 >> 28;
        if (count == 0) continue;
        if (count > 12) {
            l.clamped_buffers = static_cast<std::uint16_t>(l.clamped_buffers | (1u << b));
            count = 12;
        }
        Buffer& buf = l.buffers[b];
        buf.used = true;
        buf.address = base + offset;
        buf.stride = (config2 >> 16) & 0xFF;
        // Components in order; each attribute aligned to its element size, padding codes 12-15
        // aligned to 4 and 4-16 bytes long.
        std::uint32_t at = 0;
        for (unsigned c = 0; c < count; ++c) {
            const std::uint32_t code =
                c < 8 ? (config1 >> (4 * c)) & 0xF : (config2 >> (4 * (c - 8))) & 0xF;
            if (code >= 12) {
                at = (at + 3) & ~3u;
                at += 4 * (code - 11);
                continue;
            }
            const std::uint32_t size = element_bytes(type[code]);
            at = (at + size - 1) & ~(size - 1);
            // A later buffer naming the same attribute wins (the loader reads the last one).
            l.attributes[code] = {static_cast<std::uint8_t>(b), type[code], components[code], at};
            at += size * components[code];
        }
        buf.extent = at;
    }
    // Attributes no buffer names read their fixed value; keep their format for the key anyway.
    for (unsigned a = 0; a < kMaxAttributes; ++a)
        if (l.attributes[a].buffer == kFixed) {
            l.attributes[a].type = type[a];
            l.attributes[a].components = components[a];
        }
    return l;
}

} // namespace picavk::pica
