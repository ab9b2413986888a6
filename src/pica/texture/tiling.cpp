#include "pica/texture/tiling.h"

#include <array>
#include <cstring>

namespace picavk::pica {

namespace {

// Every row of a tile or block is made of runs of two horizontally adjacent pixels (Morton
// indices 2k and 2k+1 are (x, y) and (x+1, y)), so rows are copied a run at a time: Run bytes
// (one byte for 4-bit pixels, eight for 32-bit ones) per memcpy, a fixed size the compiler inlines.

// Morton index bits of x (even positions) and of y (odd positions), for 0-31.
constexpr std::array<std::uint16_t, 32> kXBits = [] {
    std::array<std::uint16_t, 32> t{};
    for (std::uint32_t i = 0; i < 32; ++i)
        t[i] = static_cast<std::uint16_t>(morton_index(i, 0));
    return t;
}();
constexpr std::array<std::uint16_t, 32> kYBits = [] {
    std::array<std::uint16_t, 32> t{};
    for (std::uint32_t i = 0; i < 32; ++i)
        t[i] = static_cast<std::uint16_t>(morton_index(0, i));
    return t;
}();

template <std::uint32_t Run, bool ToRow>
void copy_run(std::uint8_t* tiled, std::uint8_t* row) {
    if constexpr (ToRow) {
        std::memcpy(row, tiled, Run);
    } else {
        std::memcpy(tiled, row, Run);
    }
}

// 8x8 tiles: a tile row is four runs at Morton x offsets 0, 4, 16, 20 (x = 0, 2, 4, 6); a run is
// Run bytes, so the byte offset of Morton index m is m * Run / 2.
template <std::uint32_t Run, bool ToRow>
void row_8x8(std::uint8_t* tiled, std::uint8_t* row, const TiledLayout& l, std::uint32_t y) {
    std::uint8_t* t = tiled + (y / 8) * l.block_row_stride() + kYBits[y % 8] * Run / 2;
    const std::uint32_t tiles = l.width / 8;
    for (std::uint32_t i = 0; i < tiles; ++i, t += 32 * Run, row += 4 * Run) {
        copy_run<Run, ToRow>(t, row);
        copy_run<Run, ToRow>(t + 2 * Run, row + Run);
        copy_run<Run, ToRow>(t + 8 * Run, row + 2 * Run);
        copy_run<Run, ToRow>(t + 10 * Run, row + 3 * Run);
    }
}

template <std::uint32_t Run, bool ToRow>
void row_32x32(std::uint8_t* tiled, std::uint8_t* row, const TiledLayout& l, std::uint32_t y) {
    std::uint8_t* t = tiled + (y / 32) * l.block_row_stride() + kYBits[y % 32] * Run / 2;
    const std::uint32_t blocks = l.width / 32;
    for (std::uint32_t b = 0; b < blocks; ++b, t += 512 * Run) {
        for (std::uint32_t x = 0; x < 32; x += 2, row += Run)
            copy_run<Run, ToRow>(t + kXBits[x] * Run / 2, row);
    }
}

template <bool ToRow>
void row_any(std::uint8_t* tiled, std::uint8_t* row, const TiledLayout& l, std::uint32_t y) {
    const bool big = l.block == BlockSize::k32x32;
    switch (l.bits_per_pixel) {
    case 4:
        return big ? row_32x32<1, ToRow>(tiled, row, l, y) : row_8x8<1, ToRow>(tiled, row, l, y);
    case 8:
        return big ? row_32x32<2, ToRow>(tiled, row, l, y) : row_8x8<2, ToRow>(tiled, row, l, y);
    case 16:
        return big ? row_32x32<4, ToRow>(tiled, row, l, y) : row_8x8<4, ToRow>(tiled, row, l, y);
    case 24:
        return big ? row_32x32<6, ToRow>(tiled, row, l, y) : row_8x8<6, ToRow>(tiled, row, l, y);
    default:
        return big ? row_32x32<8, ToRow>(tiled, row, l, y) : row_8x8<8, ToRow>(tiled, row, l, y);
    }
}

} // namespace

std::size_t TiledLayout::block_row_stride() const {
    if (tiled_stride) return tiled_stride;
    const std::size_t b = block_pixels(block);
    return static_cast<std::size_t>(width) * b * bits_per_pixel / 8;
}

std::size_t TiledLayout::linear_row_pitch() const {
    return linear_pitch ? linear_pitch : static_cast<std::size_t>(width) * bits_per_pixel / 8;
}

std::size_t TiledLayout::tiled_bytes() const {
    if (width == 0 || height == 0) return 0;
    const std::size_t b = block_pixels(block);
    const std::size_t row_of_blocks = static_cast<std::size_t>(width) * b * bits_per_pixel / 8;
    return (height / b - 1) * block_row_stride() + row_of_blocks;
}

std::size_t TiledLayout::linear_bytes() const {
    if (width == 0 || height == 0) return 0;
    return (height - 1) * linear_row_pitch() + static_cast<std::size_t>(width) * bits_per_pixel / 8;
}

const char* layout_error(const TiledLayout& l, std::size_t tiled_size, std::size_t linear_size) {
    const std::uint32_t b = block_pixels(l.block);
    if (l.width == 0 || l.height == 0) return "width or height is zero";
    if (l.width % b || l.height % b)
        return l.block == BlockSize::k8x8 ? "width or height is not a multiple of 8"
                                          : "width or height is not a multiple of 32";
    if (l.width > 0x10000 || l.height > 0x10000) return "width or height above 65536";
    switch (l.bits_per_pixel) {
    case 4:
    case 8:
    case 16:
    case 24:
    case 32:
        break;
    default:
        return "bits per pixel is not 4, 8, 16, 24 or 32";
    }
    const std::size_t row_of_blocks = static_cast<std::size_t>(l.width) * b * l.bits_per_pixel / 8;
    if (l.tiled_stride && l.tiled_stride < row_of_blocks)
        return "tiled stride is shorter than a row of tiles";
    if (l.linear_pitch && l.linear_pitch < static_cast<std::size_t>(l.width) * l.bits_per_pixel / 8)
        return "linear pitch is shorter than a row";
    if (tiled_size < l.tiled_bytes()) return "tiled buffer too small";
    if (linear_size < l.linear_bytes()) return "linear buffer too small";
    return nullptr;
}

std::size_t tiled_offset(const TiledLayout& l, std::uint32_t x, std::uint32_t y) {
    const std::uint32_t b = block_pixels(l.block);
    const std::size_t index = morton_index(x % b, y % b);
    return (y / b) * l.block_row_stride() +
           ((x / b) * static_cast<std::size_t>(b) * b + index) * l.bits_per_pixel / 8;
}

void gather_row(const std::uint8_t* tiled, std::uint8_t* row, const TiledLayout& layout,
                std::uint32_t y) {
    // row_any only reads through the tiled pointer in this direction.
    row_any<true>(const_cast<std::uint8_t*>(tiled), row, layout, y);
}

void scatter_row(std::uint8_t* tiled, const std::uint8_t* row, const TiledLayout& layout,
                 std::uint32_t y) {
    // row_any only reads through the row pointer in this direction.
    row_any<false>(tiled, const_cast<std::uint8_t*>(row), layout, y);
}

bool untile(std::span<const std::uint8_t> tiled, std::span<std::uint8_t> linear,
            const TiledLayout& layout) {
    if (layout_error(layout, tiled.size(), linear.size())) return false;
    const std::size_t pitch = layout.linear_row_pitch();
    for (std::uint32_t y = 0; y < layout.height; ++y)
        gather_row(tiled.data(), linear.data() + y * pitch, layout, y);
    return true;
}

bool tile(std::span<const std::uint8_t> linear, std::span<std::uint8_t> tiled,
          const TiledLayout& layout) {
    if (layout_error(layout, tiled.size(), linear.size())) return false;
    const std::size_t pitch = layout.linear_row_pitch();
    for (std::uint32_t y = 0; y < layout.height; ++y)
        scatter_row(tiled.data(), linear.data() + y * pitch, layout, y);
    return true;
}

bool untile(std::span<const std::uint8_t> tiled, std::span<std::uint8_t> linear,
            std::uint32_t width, std::uint32_t height, std::uint32_t bytes_per_pixel) {
    if (bytes_per_pixel == 0 || bytes_per_pixel > 4) return false;
    return untile(tiled, linear, TiledLayout{width, height, bytes_per_pixel * 8});
}

bool tile(std::span<const std::uint8_t> linear, std::span<std::uint8_t> tiled, std::uint32_t width,
          std::uint32_t height, std::uint32_t bytes_per_pixel) {
    if (bytes_per_pixel == 0 || bytes_per_pixel > 4) return false;
    return tile(linear, tiled, TiledLayout{width, height, bytes_per_pixel * 8});
}

} // namespace picavk::pica
