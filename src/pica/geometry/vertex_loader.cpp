#include "pica/geometry/vertex_loader.h"

#include "pica/regs/reg_ids.h"

#include <cstring>
#include <string>

namespace picavk::pica {

namespace {

constexpr std::uint32_t kElementBytes[4] = {1, 1, 2, 4}; // byte, ubyte, short, float

float element(const std::uint8_t* p, std::uint8_t type) {
    switch (type) {
    case 0:
        return static_cast<float>(static_cast<std::int8_t>(p[0]));
    case 1:
        return static_cast<float>(p[0]);
    case 2: {
        std::int16_t v;
        std::memcpy(&v, p, 2);
        return static_cast<float>(v);
    }
    default: {
        float v;
        std::memcpy(&v, p, 4);
        return v;
    }
    }
}

} // namespace

bool VertexLoader::setup(const PicaState& state, const MemoryView& memory, std::uint32_t max_vertex,
                         Diagnostics& diag) {
    const Regs& regs = state.regs;
    const std::uint64_t base =
        static_cast<std::uint64_t>(regs[GPUREG_ATTRIBBUFFERS_LOC] & 0x1FFFFFFEu) << 3;
    const std::uint32_t low = regs[GPUREG_ATTRIBBUFFERS_FORMAT_LOW];
    const std::uint32_t high = regs[GPUREG_ATTRIBBUFFERS_FORMAT_HIGH];
    count_ = (high >> 28) + 1;
    if (count_ > kMaxAttributes) count_ = kMaxAttributes; // 13-16 name no attribute format
    for (unsigned a = 0; a < kMaxAttributes; ++a) {
        const std::uint32_t f = (a < 8 ? low >> (4 * a) : high >> (4 * (a - 8))) & 0xF;
        sources_[a] = {nullptr, 0, static_cast<std::uint8_t>(f & 3),
                       static_cast<std::uint8_t>((f >> 2) + 1)};
        fixed_[a] = state.fixed_attributes[a];
    }
    for (unsigned b = 0; b < 12; ++b) {
        const std::uint32_t offset = regs[GPUREG_ATTRIBBUFFER0_OFFSET + 3 * b] & 0x0FFFFFFF;
        const std::uint32_t config1 = regs[GPUREG_ATTRIBBUFFER0_CONFIG1 + 3 * b];
        const std::uint32_t config2 = regs[GPUREG_ATTRIBBUFFER0_CONFIG2 + 3 * b];
        std::uint32_t components = config2 >> 28;
        if (components == 0) continue;
        // A buffer holds at most 12 components (spec/004 ATTRIBBUFFERi_CONFIG1/2: twelve
        // 4-bit codes); the 4-bit count reaches 15 (found by fuzz-renderer). Counted, clamped.
        if (components > 12) {
            diag.warn(Warning::InvalidDrawConfig, [&] {
                return "attribute buffer " + std::to_string(b) + " names " +
                       std::to_string(components) + " components; read as 12";
            });
            components = 12;
        }
        const std::uint32_t stride = (config2 >> 16) & 0xFF;
        // Component offsets inside one vertex.
        std::uint32_t at = 0;
        std::array<std::uint32_t, 12> attr_offset{};
        std::array<std::uint8_t, 12> attrs{};
        unsigned n = 0;
        for (unsigned c = 0; c < components; ++c) {
            const std::uint32_t code =
                c < 8 ? (config1 >> (4 * c)) & 0xF : (config2 >> (4 * (c - 8))) & 0xF;
            if (code >= 12) {
                at = (at + 3) & ~3u;
                at += 4 * (code - 11);
                continue;
            }
            const Source& s = sources_[code];
            const std::uint32_t size = kElementBytes[s.type];
            at = (at + size - 1) & ~(size - 1);
            attr_offset[n] = at;
            attrs[n++] = static_cast<std::uint8_t>(code);
            at += size * s.components;
        }
        // The buffer must hold vertices 0..max_vertex, each `stride` bytes (or as far as its
        // components reach, if that is further).
        const std::uint64_t start = base + offset;
        const std::uint64_t bytes =
            static_cast<std::uint64_t>(max_vertex) * stride + (at > stride ? at : stride);
        const std::uint8_t* host =
            start + bytes <= 0xFFFFFFFFull
                ? memory.pointer(static_cast<PAddr>(start), static_cast<std::size_t>(bytes))
                : nullptr;
        if (!host) {
            diag.warn(Warning::VertexDataOutsideMemory, [&] {
                return "attribute buffer " + std::to_string(b) + " at " + hex_string(start) + " (" +
                       std::to_string(bytes) + " bytes for vertex " + std::to_string(max_vertex) +
                       ") leaves guest memory; draw skipped";
            });
            return false;
        }
        for (unsigned k = 0; k < n; ++k) {
            Source& s = sources_[attrs[k]];
            s.data = host + attr_offset[k];
            s.stride = stride;
        }
    }
    return true;
}

void VertexLoader::load(std::uint32_t index, Vec4f* out) const {
    for (unsigned a = 0; a < count_; ++a) {
        const Source& s = sources_[a];
        if (!s.data) {
            out[a] = fixed_[a];
            continue;
        }
        const std::uint8_t* p = s.data + static_cast<std::size_t>(index) * s.stride;
        const std::uint32_t size = kElementBytes[s.type];
        Vec4f v{0.0f, 0.0f, 0.0f, 1.0f};
        for (unsigned c = 0; c < s.components; ++c)
            v[c] = element(p + c * size, s.type);
        out[a] = v;
    }
}

InputPermutation InputPermutation::from_regs(const Regs& regs, std::uint32_t unit_base) {
    // unit_base: 0x2B0 (VSH_BOOLUNIFORM) or 0x280 (GSH_BOOLUNIFORM); the block layouts match.
    InputPermutation p;
    p.count = (regs[unit_base + 0x9] & 0xF) + 1;
    const std::uint64_t perm = regs[unit_base + 0xB] | std::uint64_t{regs[unit_base + 0xC]} << 32;
    for (unsigned n = 0; n < 16; ++n)
        p.target[n] = static_cast<std::uint8_t>((perm >> (4 * n)) & 0xF);
    return p;
}

} // namespace picavk::pica
