#include "pica/tiling.h"

#include <cstring>

namespace picavk::pica {

namespace {

bool valid(std::size_t tiled_size, std::size_t linear_size, std::uint32_t width,
           std::uint32_t height, std::uint32_t bpp) {
    if (width == 0 || height == 0 || width % 8 || height % 8 || bpp == 0 || bpp > 4) return false;
    const std::size_t bytes = static_cast<std::size_t>(width) * height * bpp;
    return tiled_size >= bytes && linear_size >= bytes;
}

// A row of 8 pixels inside a tile is four runs of two adjacent pixels: Morton indices
// 0-1, 4-5, 16-17 and 20-21 plus the row's y bits. Copying runs, not pixels, keeps this close
// to memcpy speed.
template <std::uint32_t Bpp, bool ToLinear>
void copy_tiles(std::uint8_t* tiled, std::uint8_t* linear, std::uint32_t width,
                std::uint32_t height) {
    constexpr std::uint32_t kRun = 2 * Bpp;
    constexpr std::uint32_t kYBits[8] = {morton_index(0, 0), morton_index(0, 1), morton_index(0, 2),
                                         morton_index(0, 3), morton_index(0, 4), morton_index(0, 5),
                                         morton_index(0, 6), morton_index(0, 7)};
    const std::size_t row_bytes = static_cast<std::size_t>(width) * Bpp;
    const std::size_t tile_row_bytes = row_bytes * 8; // a row of tiles holds 8 image rows
    for (std::uint32_t ty = 0; ty < height / 8; ++ty) {
        std::uint8_t* band = tiled + ty * tile_row_bytes;
        for (std::uint32_t y = 0; y < 8; ++y) {
            // Memory row ty * 8 + y is linear row ty * 8 + y, written in one pass.
            std::uint8_t* l = linear + (ty * 8 + y) * row_bytes;
            const std::uint8_t* end = l + row_bytes;
            std::uint8_t* t = band + kYBits[y] * Bpp;
            for (; l != end; l += 8 * Bpp, t += 64 * Bpp) {
                if constexpr (ToLinear) {
                    std::memcpy(l, t, kRun);
                    std::memcpy(l + kRun, t + 4 * Bpp, kRun);
                    std::memcpy(l + 2 * kRun, t + 16 * Bpp, kRun);
                    std::memcpy(l + 3 * kRun, t + 20 * Bpp, kRun);
                } else {
                    std::memcpy(t, l, kRun);
                    std::memcpy(t + 4 * Bpp, l + kRun, kRun);
                    std::memcpy(t + 16 * Bpp, l + 2 * kRun, kRun);
                    std::memcpy(t + 20 * Bpp, l + 3 * kRun, kRun);
                }
            }
        }
    }
}

template <bool ToLinear>
void dispatch(std::uint8_t* tiled, std::uint8_t* linear, std::uint32_t w, std::uint32_t h,
              std::uint32_t bpp) {
    switch (bpp) {
    case 1:
        copy_tiles<1, ToLinear>(tiled, linear, w, h);
        break;
    case 2:
        copy_tiles<2, ToLinear>(tiled, linear, w, h);
        break;
    case 3:
        copy_tiles<3, ToLinear>(tiled, linear, w, h);
        break;
    default:
        copy_tiles<4, ToLinear>(tiled, linear, w, h);
        break;
    }
}

} // namespace

bool untile(std::span<const std::uint8_t> tiled, std::span<std::uint8_t> linear,
            std::uint32_t width, std::uint32_t height, std::uint32_t bytes_per_pixel) {
    if (!valid(tiled.size(), linear.size(), width, height, bytes_per_pixel)) return false;
    // copy_tiles only reads through the tiled pointer in this direction.
    dispatch<true>(const_cast<std::uint8_t*>(tiled.data()), linear.data(), width, height,
                   bytes_per_pixel);
    return true;
}

bool tile(std::span<const std::uint8_t> linear, std::span<std::uint8_t> tiled, std::uint32_t width,
          std::uint32_t height, std::uint32_t bytes_per_pixel) {
    if (!valid(tiled.size(), linear.size(), width, height, bytes_per_pixel)) return false;
    // copy_tiles only reads through the linear pointer in this direction.
    dispatch<false>(tiled.data(), const_cast<std::uint8_t*>(linear.data()), width, height,
                    bytes_per_pixel);
    return true;
}

} // namespace picavk::pica
