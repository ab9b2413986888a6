#pragma once

// Colour and depth buffers (GPUREG_COLORBUFFER_FORMAT, GPUREG_DEPTHBUFFER_FORMAT) between tiled
// guest memory and linear host images, both directions: render targets are written back.
//
// Colour format ids 0-4 are the texture format ids with the same byte layouts (spec 004
// COLORBUFFER_FORMAT; Azahar regs_framebuffer.h). Depth (spec 004 DEPTHBUFFER_FORMAT, Azahar
// common/color.h): D16 is a little-endian u16, D24 three little-endian bytes, D24S8 a
// little-endian u32 holding stencil << 24 | depth. All use the 8x8 tiling of tiling.h (or the
// 32x32 blocks of GPUREG_FRAMEBUFFER_BLOCK32).

#include "pica/texture/texel_formats.h"
#include "pica/texture/tiling.h"

#include <cstdint>
#include <span>

namespace picavk::pica {

enum class ColorFormat : std::uint8_t { RGBA8 = 0, RGB8 = 1, RGB5A1 = 2, RGB565 = 3, RGBA4 = 4 };
enum class DepthFormat : std::uint8_t { D16 = 0, D24 = 2, D24S8 = 3 };

constexpr bool is_valid(ColorFormat f) {
    return static_cast<std::uint32_t>(f) <= 4;
}
constexpr bool is_valid(DepthFormat f) {
    return f == DepthFormat::D16 || f == DepthFormat::D24 || f == DepthFormat::D24S8;
}
constexpr TextureFormat texture_format(ColorFormat f) {
    return static_cast<TextureFormat>(f);
}
constexpr std::uint32_t bytes_per_pixel(ColorFormat f) {
    return bits_per_pixel(texture_format(f)) / 8;
}
constexpr std::uint32_t bytes_per_pixel(DepthFormat f) {
    return f == DepthFormat::D16 ? 2 : (f == DepthFormat::D24 ? 3 : 4);
}
constexpr std::uint32_t depth_bits(DepthFormat f) {
    return f == DepthFormat::D16 ? 16 : 24;
}
const char* format_name(ColorFormat f);
const char* format_name(DepthFormat f);

struct FramebufferSize {
    std::uint32_t width = 0, height = 0;
    BlockSize block = BlockSize::k8x8;
};

// Null when usable, else why not (unknown format, size, buffer too small).
const char* color_buffer_error(ColorFormat f, FramebufferSize size, std::size_t tiled_size,
                               std::size_t rgba_size);
const char* depth_buffer_error(DepthFormat f, FramebufferSize size, std::size_t tiled_size,
                               std::size_t depth_count, std::size_t stencil_count);

// Colour: tiled guest buffer <-> linear RGBA8 (bytes R, G, B, A; rows in memory order).
// Writing narrows by truncation, as the transfer engine measurably does.
bool decode_color_buffer(std::span<const std::uint8_t> tiled, std::span<std::uint8_t> rgba,
                         FramebufferSize size, ColorFormat f);
bool encode_color_buffer(std::span<const std::uint8_t> rgba, std::span<std::uint8_t> tiled,
                         FramebufferSize size, ColorFormat f);

// Depth: tiled guest buffer <-> linear unsigned depth values in the format's own precision
// (0..65535 for D16, 0..2^24-1 otherwise) and, for D24S8, linear stencil bytes. `stencil` may be
// empty: reading skips it, writing leaves the guest's stencil bytes as they were.
bool decode_depth_buffer(std::span<const std::uint8_t> tiled, std::span<std::uint32_t> depth,
                         std::span<std::uint8_t> stencil, FramebufferSize size, DepthFormat f);
bool encode_depth_buffer(std::span<const std::uint32_t> depth,
                         std::span<const std::uint8_t> stencil, std::span<std::uint8_t> tiled,
                         FramebufferSize size, DepthFormat f);

} // namespace picavk::pica
