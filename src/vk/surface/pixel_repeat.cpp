#include "vk/surface/pixel_repeat.h"

#include <cstring>

namespace picavk::vk {

namespace {
// One row, each pixel written n times; the pixel size a constant so each copy is one store.
template <std::uint32_t Bpp>
void repeat_row(const std::uint8_t* src, std::uint8_t* dst, std::uint32_t w, std::uint32_t n) {
    for (std::uint32_t x = 0; x < w; ++x, src += Bpp)
        for (std::uint32_t k = 0; k < n; ++k, dst += Bpp)
            std::memcpy(dst, src, Bpp);
}
} // namespace

bool repeat_pixels(std::span<const std::uint8_t> src, std::span<std::uint8_t> dst, std::uint32_t w,
                   std::uint32_t h, std::uint32_t bpp, std::uint32_t n) {
    if (n == 0 || (bpp != 1 && bpp != 2 && bpp != 4 && bpp != 8) ||
        src.size() < std::size_t{w} * h * bpp || dst.size() < std::size_t{w} * n * h * n * bpp)
        return false;
    if (w == 0 || h == 0) return true;
    const std::size_t src_pitch = std::size_t{w} * bpp, dst_pitch = src_pitch * n;
    for (std::uint32_t y = 0; y < h; ++y) {
        const std::uint8_t* srow = &src[y * src_pitch];
        std::uint8_t* first = &dst[std::size_t{y} * n * dst_pitch];
        switch (bpp) {
        case 1:
            repeat_row<1>(srow, first, w, n);
            break;
        case 2:
            repeat_row<2>(srow, first, w, n);
            break;
        case 4:
            repeat_row<4>(srow, first, w, n);
            break;
        default:
            repeat_row<8>(srow, first, w, n);
            break;
        }
        // The other n - 1 rows of this guest row are the same bytes.
        for (std::uint32_t k = 1; k < n; ++k)
            std::memcpy(first + k * dst_pitch, first, dst_pitch);
    }
    return true;
}

} // namespace picavk::vk
