#pragma once

// The PICA's tiled image layout. Images are stored as 8x8-pixel tiles, tile after tile along a
// row of tiles; inside a tile pixels follow a Morton (Z-order) curve, x bits in the even and y
// bits in the odd positions of the pixel index. Rows are stored bottom-up: the first row of tiles
// in memory is the bottom of the image as the LCD and OpenGL-style textures show it (3dbrew
// GPU/Textures; Citra/Azahar rasterizer_cache morton copy flips y the same way).
// "Linear" here means host order: rows top-down, pixels left to right, no padding.

#include <cstddef>
#include <cstdint>
#include <span>

namespace picavk::pica {

// Index of pixel (x, y) (0-7 each, y counted in memory order) inside its 8x8 tile.
constexpr std::uint32_t morton_index(std::uint32_t x, std::uint32_t y) {
    std::uint32_t i = 0;
    for (std::uint32_t b = 0; b < 3; ++b) {
        i |= ((x >> b) & 1u) << (2 * b);
        i |= ((y >> b) & 1u) << (2 * b + 1);
    }
    return i;
}

// Byte offset in the tiled layout of linear pixel (x, y), y counted top-down.
constexpr std::size_t tiled_offset(std::uint32_t x, std::uint32_t y, std::uint32_t width,
                                   std::uint32_t height, std::uint32_t bytes_per_pixel) {
    const std::uint32_t my = height - 1 - y; // memory rows run bottom-up
    const std::size_t tile = static_cast<std::size_t>(my / 8) * (width / 8) + x / 8;
    return (tile * 64 + morton_index(x % 8, my % 8)) * bytes_per_pixel;
}

// Both return false (and write nothing) when width or height is not a positive multiple of 8,
// bytes_per_pixel is not 1-4, or a buffer is smaller than width * height * bytes_per_pixel.
bool untile(std::span<const std::uint8_t> tiled, std::span<std::uint8_t> linear,
            std::uint32_t width, std::uint32_t height, std::uint32_t bytes_per_pixel);
bool tile(std::span<const std::uint8_t> linear, std::span<std::uint8_t> tiled, std::uint32_t width,
          std::uint32_t height, std::uint32_t bytes_per_pixel);

} // namespace picavk::pica
