#pragma once

// Where each vertex attribute of a draw comes from, as the attribute-buffer registers describe
// it (rules in vertex_loader.h): a buffer, an offset inside the buffer's vertex and an element
// format, or the fixed-attribute value. Read from the registers alone (no memory), so the CPU
// vertex loader and the GPU vertex fetch (host vertex input bindings) share one reading.

#include "pica/regs/regs.h"

#include <array>
#include <cstdint>

namespace picavk::pica {

struct VertexLayout {
    static constexpr unsigned kMaxAttributes = 12;
    static constexpr unsigned kBuffers = 12;
    static constexpr std::uint8_t kFixed = 0xFF; // AttributeSource::buffer of a fixed value

    struct AttributeSource {
        std::uint8_t buffer = kFixed; // 0-11, or kFixed
        std::uint8_t type = 0;        // 0 byte, 1 ubyte, 2 short, 3 float
        std::uint8_t components = 0;  // 1-4
        std::uint32_t offset = 0;     // bytes from the vertex's start in its buffer
    };
    struct Buffer {
        std::uint64_t address = 0; // ATTRIBBUFFERS_LOC base + OFFSETi (guest physical, unwrapped)
        std::uint32_t stride = 0;  // bytes per vertex (CONFIG2 bits 16-23)
        std::uint32_t extent = 0;  // bytes its components reach in one vertex (may exceed stride)
        bool used = false;         // some component names an attribute or padding
    };

    std::array<AttributeSource, kMaxAttributes> attributes{};
    std::array<Buffer, kBuffers> buffers{};
    std::uint32_t attribute_count = 0; // ATTRIBBUFFERS_FORMAT_HIGH bits 28-31 + 1, at most 12
    // Buffers naming more than 12 components (read as 12; the caller warns).
    std::uint16_t clamped_buffers = 0; // bit b: buffer b

    static VertexLayout from_regs(const Regs& regs);
    // Bytes of one element of `type`.
    static constexpr std::uint32_t element_bytes(std::uint8_t type) {
        return type == 3 ? 4 : (type == 2 ? 2 : 1);
    }
};

} // namespace picavk::pica
