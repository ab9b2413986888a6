#pragma once

// The PICA's tiled image layout. Images are stored as 8x8-pixel tiles, left to right along a row
// of tiles, then row of tiles after row of tiles; inside a tile pixels follow a Morton (Z-order)
// curve, x bits in the even and y bits in the odd positions of the pixel index.
//
// Row order: memory row 0 is the top of the image as rendered (NDC y = +1 lands there; Azahar
// renderer_software sw_framebuffer.cpp writes window row y at memory row H-1-y) and textures are
// sampled with memory row H-1-t for the GL-style coordinate t (sw_rasterizer.cpp), i.e. the
// storage is bottom-up relative to OpenGL's convention. The display transfer keeps memory row
// order (citra-emu/hwtests gpu/displaytransfer.cpp Test_ZCurve: tiled word 1 -> linear (1,0),
// word 2 -> (0,1), word 13 -> (3,2)). So "linear" here keeps memory row order: linear row r is
// memory row r, top-down as displayed; samplers flip t, not the data.
//
// 32x32 block mode (GPUREG_FRAMEBUFFER_BLOCK32 bit 0, display-transfer flag bit 16): see
// BlockSize::k32x32 below for what is known and what is inferred.

#include <cstddef>
#include <cstdint>
#include <span>

namespace picavk::pica {

// Index of pixel (x, y) (0-7 each) inside its 8x8 tile.
constexpr std::uint32_t morton_index(std::uint32_t x, std::uint32_t y) {
    std::uint32_t i = 0;
    for (std::uint32_t b = 0; b < 5; ++b) {
        i |= ((x >> b) & 1u) << (2 * b);
        i |= ((y >> b) & 1u) << (2 * b + 1);
    }
    return i;
}

enum class BlockSize : std::uint8_t {
    k8x8,
    // 32x32 blocks of 8x8 tiles. No public source documents the layout (docs/research/
    // formats_transfer.md 1.4: Azahar, Mikage, Panda3DS and others leave it unimplemented; citra
    // issue 2514). The one hardware measurement (hwtests Test_Flags_Bit_16) shows the first 8x8
    // tile keeps its Morton order. picavk extends the Z-order curve to five bits per axis - a
    // 32x32 block is 16 8x8 tiles in Z order, blocks left to right - which agrees with that
    // measurement; the rest is inferred. What matters for correct output holds regardless: a
    // buffer rendered with GPUREG_FRAMEBUFFER_BLOCK32 set and untiled by a display transfer with
    // flag bit 16 uses the same layout both ways (citra issue 2514: Luigi's Mansion 2 displays
    // correctly that way); only CPU reads of the raw tiled bytes would differ from hardware.
    k32x32,
};

constexpr std::uint32_t block_pixels(BlockSize b) {
    return b == BlockSize::k8x8 ? 8 : 32;
}

// A tiled guest image and the linear host image it corresponds to.
struct TiledLayout {
    std::uint32_t width = 0;          // pixels, a multiple of the block size
    std::uint32_t height = 0;         // pixels, a multiple of the block size
    std::uint32_t bits_per_pixel = 0; // 4, 8, 16, 24 or 32
    std::uint32_t tiled_stride = 0;   // bytes from one row of blocks to the next; 0 = packed
    std::uint32_t linear_pitch = 0;   // bytes from one linear row to the next; 0 = packed
    BlockSize block = BlockSize::k8x8;

    std::size_t block_row_stride() const;
    std::size_t linear_row_pitch() const;
    // Bytes a buffer must hold, from its first byte to the end of its last pixel.
    std::size_t tiled_bytes() const;
    std::size_t linear_bytes() const;
};

// Null when the layout is usable with buffers of these sizes, else why not.
const char* layout_error(const TiledLayout& layout, std::size_t tiled_size,
                         std::size_t linear_size);

// Byte offset in the tiled layout of pixel (x, y). For 4-bit formats this is the byte holding the
// pixel: even Morton indices take the low nibble, odd ones the high nibble.
std::size_t tiled_offset(const TiledLayout& layout, std::uint32_t x, std::uint32_t y);
constexpr std::size_t tiled_offset(std::uint32_t x, std::uint32_t y, std::uint32_t width,
                                   std::uint32_t bytes_per_pixel) {
    const std::size_t tile = static_cast<std::size_t>(y / 8) * (width / 8) + x / 8;
    return (tile * 64 + morton_index(x % 8, y % 8)) * bytes_per_pixel;
}

// Whole images. Both return false (and write nothing) when layout_error() objects.
bool untile(std::span<const std::uint8_t> tiled, std::span<std::uint8_t> linear,
            const TiledLayout& layout);
bool tile(std::span<const std::uint8_t> linear, std::span<std::uint8_t> tiled,
          const TiledLayout& layout);
// Packed 8x8 layouts with whole bytes per pixel (1-4).
bool untile(std::span<const std::uint8_t> tiled, std::span<std::uint8_t> linear,
            std::uint32_t width, std::uint32_t height, std::uint32_t bytes_per_pixel);
bool tile(std::span<const std::uint8_t> linear, std::span<std::uint8_t> tiled, std::uint32_t width,
          std::uint32_t height, std::uint32_t bytes_per_pixel);

// One memory row at a time, for codecs that convert while they untile: copies row y of the tiled
// image to/from `row` (width * bits_per_pixel / 8 bytes, guest pixel format, 4-bit pixels two to a
// byte with the even x in the low nibble). The layout must have passed layout_error().
void gather_row(const std::uint8_t* tiled, std::uint8_t* row, const TiledLayout& layout,
                std::uint32_t y);
void scatter_row(std::uint8_t* tiled, const std::uint8_t* row, const TiledLayout& layout,
                 std::uint32_t y);

} // namespace picavk::pica
