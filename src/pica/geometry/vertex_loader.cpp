#include "pica/geometry/vertex_loader.h"

#include "pica/geometry/transpose4.h"
#include "pica/geometry/vertex_layout.h"
#include "pica/regs/reg_ids.h"
#include "pica/shader/shader_batch_unit.h"

#include <algorithm>
#include <cstring>
#include <string>
#include <type_traits>

namespace picavk::pica {

namespace {

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
    // The layout is a function of the attribute-buffer registers alone: decoded again only
    // when one of them changed (most draws of a frame change none).
    const auto* words = state.regs.words.data() + GPUREG_ATTRIBBUFFERS_LOC;
    if (!layout_valid_ || !std::equal(layout_regs_.begin(), layout_regs_.end(), words)) {
        layout_ = VertexLayout::from_regs(state.regs);
        std::copy(words, words + layout_regs_.size(), layout_regs_.begin());
        layout_valid_ = true;
    }
    const VertexLayout& layout = layout_;
    count_ = layout.attribute_count;
    for (unsigned a = 0; a < count_; ++a) { // load() reads no further
        const VertexLayout::AttributeSource& src = layout.attributes[a];
        sources_[a] = {nullptr, 0, src.type, src.components};
        fixed_[a] = state.fixed_attributes[a];
    }
    for (unsigned b = 0; b < VertexLayout::kBuffers; ++b) {
        // A buffer holds at most 12 components (spec/004 ATTRIBBUFFERi_CONFIG1/2: twelve
        // 4-bit codes); the 4-bit count reaches 15 (found by fuzz-renderer). Counted, clamped.
        if ((layout.clamped_buffers >> b) & 1)
            diag.warn(Warning::InvalidDrawConfig, [&] {
                return "attribute buffer " + std::to_string(b) + " names " +
                       std::to_string(state.regs[GPUREG_ATTRIBBUFFER0_CONFIG2 + 3 * b] >> 28) +
                       " components; read as 12";
            });
        const VertexLayout::Buffer& buf = layout.buffers[b];
        if (!buf.used) continue;
        // The buffer must hold vertices 0..max_vertex, each `stride` bytes (or as far as its
        // components reach, if that is further).
        const std::uint64_t bytes = static_cast<std::uint64_t>(max_vertex) * buf.stride +
                                    (buf.extent > buf.stride ? buf.extent : buf.stride);
        const std::uint8_t* host =
            buf.address + bytes <= 0xFFFFFFFFull
                ? memory.pointer(static_cast<PAddr>(buf.address), static_cast<std::size_t>(bytes))
                : nullptr;
        if (!host) {
            diag.warn(Warning::VertexDataOutsideMemory, [&] {
                return "attribute buffer " + std::to_string(b) + " at " + hex_string(buf.address) +
                       " (" + std::to_string(bytes) + " bytes for vertex " +
                       std::to_string(max_vertex) + ") leaves guest memory; draw skipped";
            });
            return false;
        }
        for (unsigned a = 0; a < count_; ++a)
            if (layout.attributes[a].buffer == b) {
                sources_[a].data = host + layout.attributes[a].offset;
                sources_[a].stride = buf.stride;
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
        const std::uint32_t size = VertexLayout::element_bytes(s.type);
        const unsigned n = s.components;
        // Built in registers and stored once: components stored one by one and then read as a
        // vector (here, or by the shader unit's input copy) stall store forwarding, which was
        // most of this loop's time.
        const auto get = [&](unsigned c, float missing) {
            return c < n ? element(p + c * size, s.type) : missing;
        };
        out[a] = Vec4f{get(0, 0.0f), get(1, 0.0f), get(2, 0.0f), get(3, 1.0f)};
    }
}

namespace {

// One attribute of N elements of type T for a batch's vertices, four lanes at a time: each
// lane's vector built in registers (missing y, z = 0, w = 1), four turned into rows and stored
// whole. `indices` holds a multiple of four (lanes past the batch repeat one).
template <typename T, unsigned N>
void load_attribute(const std::uint8_t* data, std::uint32_t stride, const std::uint32_t* indices,
                    unsigned lanes, float* out) {
    // Built from scalars (or one load): a vector filled element by element in memory and read
    // back whole waited on the stores.
    const auto element = [](const std::uint8_t* p, unsigned c, float missing) {
        if (c >= N) return missing;
        T e;
        std::memcpy(&e, p + c * sizeof(T), sizeof(T));
        return static_cast<float>(e);
    };
    const auto vertex = [&](unsigned l) {
        const std::uint8_t* p = data + static_cast<std::size_t>(indices[l]) * stride;
        if constexpr (std::is_same_v<T, float> && N == 4) {
            return load_v4(reinterpret_cast<const float*>(p));
        } else {
            return V4f{element(p, 0, 0.0f), element(p, 1, 0.0f), element(p, 2, 0.0f),
                       element(p, 3, 1.0f)};
        }
    };
    for (unsigned l = 0; l < lanes; l += 4) {
        V4f a = vertex(l), b = vertex(l + 1), c = vertex(l + 2), d = vertex(l + 3);
        transpose4(a, b, c, d);
        store_v4(out + l, a);
        store_v4(out + kShaderLanes + l, b);
        store_v4(out + 2 * kShaderLanes + l, c);
        store_v4(out + 3 * kShaderLanes + l, d);
    }
}

template <typename T>
void load_attribute(unsigned n, const std::uint8_t* data, std::uint32_t stride,
                    const std::uint32_t* indices, unsigned lanes, float* out) {
    switch (n) {
    case 1:
        return load_attribute<T, 1>(data, stride, indices, lanes, out);
    case 2:
        return load_attribute<T, 2>(data, stride, indices, lanes, out);
    case 3:
        return load_attribute<T, 3>(data, stride, indices, lanes, out);
    default:
        return load_attribute<T, 4>(data, stride, indices, lanes, out);
    }
}

} // namespace

void VertexLoader::load_lanes(const std::uint32_t* indices, unsigned lanes, unsigned batch,
                              std::uint32_t count, const std::uint8_t* target,
                              float* const* inputs) const {
    batch = (batch + 3) & ~3u; // whole groups of four lanes
    std::array<std::uint32_t, kShaderLanes> index;
    for (unsigned l = 0; l < batch; ++l)
        index[l] = indices[l < lanes ? l : 0];
    count = std::min(count, count_);
    for (unsigned a = 0; a < count; ++a) {
        const Source& s = sources_[a];
        float* out = inputs[target[a]];
        if (!s.data) {
            for (unsigned c = 0; c < 4; ++c)
                for (unsigned l = 0; l < batch; ++l)
                    out[c * kShaderLanes + l] = fixed_[a][c];
            continue;
        }
        switch (s.type) {
        case 0:
            load_attribute<std::int8_t>(s.components, s.data, s.stride, index.data(), batch, out);
            break;
        case 1:
            load_attribute<std::uint8_t>(s.components, s.data, s.stride, index.data(), batch, out);
            break;
        case 2:
            load_attribute<std::int16_t>(s.components, s.data, s.stride, index.data(), batch, out);
            break;
        default:
            load_attribute<float>(s.components, s.data, s.stride, index.data(), batch, out);
            break;
        }
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
