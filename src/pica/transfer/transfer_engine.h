#pragma once

// The GPU's transfer engine (3dbrew "GPU/External Registers"; docs/research/formats_transfer.md
// section 5): memory fill (PSC0/PSC1), display transfer and texture copy (the "DMA" block at
// 0x1EF00C00). These run on guest memory on the CPU; the surface cache accelerates them later.
// Register values are passed raw, as the ARM11 writes them.

#include "pica/diagnostics.h"
#include "pica/memory.h"
#include "pica/texture/framebuffer_formats.h"
#include "pica/texture/texel_formats.h"

#include <cstdint>

namespace picavk::pica {

// Transfer-engine and LCD pixel formats. The ids differ from the colour-buffer ones: 2 is RGB565
// and 3 is RGB5A1 here (3dbrew GPU/External Registers "Framebuffer color formats").
enum class TransferFormat : std::uint8_t { RGBA8 = 0, RGB8 = 1, RGB565 = 2, RGB5A1 = 3, RGBA4 = 4 };
constexpr bool is_valid(TransferFormat f) {
    return static_cast<std::uint32_t>(f) <= 4;
}
constexpr TextureFormat texture_format(TransferFormat f) {
    constexpr TextureFormat kMap[5] = {TextureFormat::RGBA8, TextureFormat::RGB8,
                                       TextureFormat::RGB565, TextureFormat::RGB5A1,
                                       TextureFormat::RGBA4};
    return kMap[static_cast<std::uint32_t>(f)];
}

// The colour-buffer format with the same pixel layout (render targets, cached surfaces).
constexpr ColorFormat color_format(TransferFormat f) {
    constexpr ColorFormat kMap[5] = {ColorFormat::RGBA8, ColorFormat::RGB8, ColorFormat::RGB565,
                                     ColorFormat::RGB5A1, ColorFormat::RGBA4};
    return kMap[static_cast<std::uint32_t>(f)];
}

// PSC0 (0x1EF00010) / PSC1 (0x1EF00020).
struct MemoryFillRegs {
    std::uint32_t start = 0;   // +0x0: physical address >> 3
    std::uint32_t end = 0;     // +0x4: physical address >> 3, exclusive
    std::uint32_t value = 0;   // +0x8
    std::uint32_t control = 0; // +0xC: bit 0 start, bit 1 finished, bits 8-9 width
};

// Runs a fill when control bit 0 is set and returns the control word the hardware shows after it
// (bit 0 cleared, bit 1 "finished" set); returns `control` unchanged when bit 0 is clear.
// Widths: 0 = 16-bit (value bits 0-15 as LE u16s), 2 = 32-bit (LE u32s), 1 or 3 = 24-bit (bytes
// value[0-7], [8-15], [16-23] repeated; bits 24-31 unused - hwtests memoryfills.cpp).
std::uint32_t run_memory_fill(const MemoryView& memory, const MemoryFillRegs& regs,
                              Diagnostics& diag);

// The DMA block (0x1EF00C00).
struct TransferRegs {
    std::uint32_t input_addr = 0;  // +0x00: physical address >> 3
    std::uint32_t output_addr = 0; // +0x04
    std::uint32_t output_dim = 0;  // +0x08: width bits 0-15, height bits 16-31
    std::uint32_t input_dim = 0;   // +0x0C
    std::uint32_t flags = 0;       // +0x10, TransferFlags
    std::uint32_t copy_size = 0;   // +0x20: texture copy bytes (low 4 bits ignored)
    std::uint32_t copy_input = 0;  // +0x24: line width bits 0-15, gap 16-31, 16-byte units
    std::uint32_t copy_output = 0; // +0x28
};

namespace TransferFlags {
inline constexpr std::uint32_t kFlipVertical = 1u << 0;
inline constexpr std::uint32_t kLinearToTiled = 1u << 1;
inline constexpr std::uint32_t kCrop = 1u << 2;
inline constexpr std::uint32_t kTextureCopy = 1u << 3;
inline constexpr std::uint32_t kNoTilingConversion = 1u << 5;
inline constexpr std::uint32_t kBlock32 = 1u << 16;
constexpr std::uint32_t input_format(TransferFormat f) {
    return static_cast<std::uint32_t>(f) << 8;
}
constexpr std::uint32_t output_format(TransferFormat f) {
    return static_cast<std::uint32_t>(f) << 12;
}
inline constexpr std::uint32_t kDownscale2x1 = 1u << 24;
inline constexpr std::uint32_t kDownscale2x2 = 2u << 24;
} // namespace TransferFlags

constexpr std::uint32_t transfer_dim(std::uint32_t width, std::uint32_t height) {
    return height << 16 | width;
}

// Runs the display transfer, or the texture copy when flags bit 3 is set. Returns false, with a
// counted warning and nothing written, for parameters that describe no transfer, that hang real
// hardware, or that reach outside guest memory.
bool run_transfer(const MemoryView& memory, const TransferRegs& regs, Diagnostics& diag);

} // namespace picavk::pica
