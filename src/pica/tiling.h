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

#include <cstddef>
#include <cstdint>
#include <span>

namespace picavk::pica {

// Index of pixel (x, y) (0-7 each) inside its 8x8 tile.
constexpr std::uint32_t morton_index(std::uint32_t x, std::uint32_t y) {
    std::uint32_t i = 0;
    for (std::uint32_t b = 0; b < 3; ++b) {
        i |= ((x >> b) & 1u) << (2 * b);
        i |= ((y >> b) & 1u) << (2 * b + 1);
    }
    return i;
}

// Byte offset in the tiled layout of pixel (x, y).
constexpr std::size_t tiled_offset(std::uint32_t x, std::uint32_t y, std::uint32_t width,
                                   std::uint32_t bytes_per_pixel) {
    const std::size_t tile = static_cast<std::size_t>(y / 8) * (width / 8) + x / 8;
    return (tile * 64 + morton_index(x % 8, y % 8)) * bytes_per_pixel;
}

// Both return false (and write nothing) when width or height is not a positive multiple of 8,
// bytes_per_pixel is not 1-4, or a buffer is smaller than width * height * bytes_per_pixel.
bool untile(std::span<const std::uint8_t> tiled, std::span<std::uint8_t> linear,
            std::uint32_t width, std::uint32_t height, std::uint32_t bytes_per_pixel);
bool tile(std::span<const std::uint8_t> linear, std::span<std::uint8_t> tiled, std::uint32_t width,
          std::uint32_t height, std::uint32_t bytes_per_pixel);

} // namespace picavk::pica
