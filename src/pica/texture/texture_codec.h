#pragma once

// Whole textures: tiled guest memory (TEXUNITi_ADDR, TEXUNITi_DIM, TEXUNITi_TYPE) to linear host
// images and back. Linear rows are in memory order (tiling.h): row 0 is the first memory row.

#include "pica/texture/texel_formats.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>

namespace picavk::pica {

// Bytes a width x height texture of this format occupies (8x8 tiles, packed). 0 if invalid.
std::size_t texture_bytes(TextureFormat format, std::uint32_t width, std::uint32_t height);

// Null when the arguments are usable, else why not: unknown format, a size that is not a
// positive multiple of 8 (up to 1024, TEXUNITi_DIM's range), a buffer too small.
const char* texture_error(TextureFormat format, std::uint32_t width, std::uint32_t height,
                          std::size_t tiled_size, std::size_t linear_size,
                          std::uint32_t linear_bytes_per_pixel);

// Tiled guest texture -> linear RGBA8 (bytes R, G, B, A), every format.
bool decode_texture(std::span<const std::uint8_t> tiled, std::span<std::uint8_t> rgba,
                    std::uint32_t width, std::uint32_t height, TextureFormat format);

// Linear RGBA8 -> tiled guest texture, every format but ETC1/ETC1A4 (the GPU never writes those;
// picavk has no ETC encoder). Channels narrow by truncation; I/IA formats take intensity().
bool encode_texture(std::span<const std::uint8_t> rgba, std::span<std::uint8_t> tiled,
                    std::uint32_t width, std::uint32_t height, TextureFormat format);

// Host formats whose bytes equal a guest format's, so that untiling alone (no conversion) gives
// a sampleable image; the component swizzle maps them back to the guest's RGBA. The Vulkan layer
// picks the matching VkFormat and falls back to decode_texture where the device lacks it.
enum class HostFormat : std::uint8_t {
    None,     // no byte-identical host format: decode to RGBA8
    R8G8B8A8, // bytes r, g, b, a
    R5G6B5,   // u16, R in bits 15-11 (VK_FORMAT_R5G6B5_UNORM_PACK16)
    R5G5B5A1, // u16, R in bits 15-11, A bit 0 (VK_FORMAT_R5G5B5A1_UNORM_PACK16)
    R4G4B4A4, // u16, R in bits 15-12 (VK_FORMAT_R4G4B4A4_UNORM_PACK16)
    R8G8,     // bytes r, g
    R8,
    R4G4, // u8, R in bits 7-4 (VK_FORMAT_R4G4_UNORM_PACK8)
};
enum class Swizzle : std::uint8_t { R, G, B, A, Zero, One };
struct NativeLayout {
    HostFormat format = HostFormat::None;
    std::array<Swizzle, 4> swizzle{Swizzle::R, Swizzle::G, Swizzle::B, Swizzle::A};
};
NativeLayout native_layout(TextureFormat format);

// Untiles a format with a native layout, bytes unchanged. False for formats without one.
bool untile_native(std::span<const std::uint8_t> tiled, std::span<std::uint8_t> out,
                   std::uint32_t width, std::uint32_t height, TextureFormat format);

} // namespace picavk::pica
