#pragma once

// The hash older texture packs name textures by (pack.json use_new_hash off, or no pack.json:
// Azahar's "legacy" packs, rasterizer_cache.h ComputeHash): CityHash64 not of the guest bytes
// but of the texture level as Citra's decoder lays it out for OpenGL without conversion
// (DecodeTexture(..., convert = false), texture_codec.h MortonCopy / MortonCopyTile):
//  - rows from the texture's last memory row to its first (OpenGL's origin is the bottom row:
//    MortonCopy writes tile row y at linear row height - 8 - y, and each tile's rows reversed);
//  - formats 0-4 (RGBA8, RGB8, RGB5A1, RGB565, RGBA4) as their guest bytes, 4, 3 or 2 a texel
//    (GetFormatBytesPerPixel; unconverted: copied as they are);
//  - the others (IA8 ... ETC1A4) decoded to RGBA8 bytes r, g, b, a, as pica::decode_texture
//    decodes them (the same PICA texel rules).

#include <cstdint>
#include <span>

namespace picavk::custom_textures {

// 0 when the arguments describe no texture level (pica::texture_error).
std::uint64_t legacy_texture_hash(std::span<const std::uint8_t> tiled, std::uint32_t width,
                                  std::uint32_t height, std::uint32_t format);

} // namespace picavk::custom_textures
