#pragma once

// Guest pixels to a surface at resolution scale n: each pixel repeated n x n times (nearest),
// for uploads from guest memory at the scale (surface_transfer.cpp). No Vulkan here.

#include <cstdint>
#include <span>

namespace picavk::vk {

// `src` holds w x h pixels of `bpp` bytes (1, 2, 4 or 8), rows packed; `dst` receives
// (w * n) x (h * n) of them, rows packed. False, with nothing written, when a size disagrees.
[[nodiscard]] bool repeat_pixels(std::span<const std::uint8_t> src, std::span<std::uint8_t> dst,
                                 std::uint32_t w, std::uint32_t h, std::uint32_t bpp,
                                 std::uint32_t n);

} // namespace picavk::vk
