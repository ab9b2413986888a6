#include "custom_textures/legacy_hash.h"

#include "custom_textures/city_hash.h"
#include "pica/texture/texture_codec.h"
#include "pica/texture/tiling.h"

#include <cstring>
#include <vector>

namespace picavk::custom_textures {

std::uint64_t legacy_texture_hash(std::span<const std::uint8_t> tiled, std::uint32_t width,
                                  std::uint32_t height, std::uint32_t format) {
    const auto fmt = static_cast<pica::TextureFormat>(format);
    if (format > 13 || pica::texture_error(fmt, width, height, tiled.size(), SIZE_MAX, 0)) return 0;
    // Texels in memory row order first (row 0 the first memory row).
    std::vector<std::uint8_t> rows;
    std::uint32_t texel_bytes = 4;
    if (format <= 4) {
        texel_bytes = pica::bits_per_pixel(fmt) / 8;
        rows.resize(std::size_t{width} * height * texel_bytes);
        if (!pica::untile(tiled, rows, width, height, texel_bytes)) return 0;
    } else {
        rows.resize(std::size_t{width} * height * 4);
        if (!pica::decode_texture(tiled, rows, width, height, fmt)) return 0;
    }
    // Then bottom-up, as Citra's decoder leaves them.
    const std::size_t pitch = std::size_t{width} * texel_bytes;
    std::vector<std::uint8_t> flipped(rows.size());
    for (std::uint32_t y = 0; y < height; ++y)
        std::memcpy(&flipped[y * pitch], &rows[(height - 1 - y) * pitch], pitch);
    return city_hash64(flipped);
}

} // namespace picavk::custom_textures
