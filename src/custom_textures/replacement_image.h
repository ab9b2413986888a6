#pragma once

// A replacement texture in memory: RGBA8 levels, level 0 first, rows in the guest texture's
// memory order (row 0 is the texture's first memory row, as pica::decode_texture writes them
// and the surface cache uploads them).

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace picavk::custom_textures {

struct ReplacementImage {
    std::uint32_t width = 0, height = 0;
    std::vector<std::vector<std::uint8_t>> levels; // level l: (width >> l) x (height >> l), min 1
    std::size_t bytes() const;
};

// The largest side a replacement may have (Vulkan guarantees 4096; every desktop GPU and
// lavapipe have 16384; 8192 keeps one image under 256 MiB).
constexpr std::uint32_t kMaxReplacementSide = 8192;

// A PNG file's pixels as level 0. `rows_bottom_first`: the file stores the texture's first
// memory row last (pack.json flip_png_files off), so rows are reversed. Nullopt, with `error`
// saying why, for a file that does not decode or is empty or too large.
std::optional<ReplacementImage> decode_png(std::span<const std::uint8_t> file,
                                           bool rows_bottom_first, std::string& error);

// Writes `rgba` (width x height, rows in memory order) as a PNG file. False on failure.
bool write_png(const std::string& path, std::uint32_t width, std::uint32_t height,
               std::span<const std::uint8_t> rgba);

// Fills the levels after `from` down to 1x1 from level `from` (kept, with those before it), each
// texel the mean of the 2x2 (or 2x1, 1x2) texels above it, rounded to nearest (what
// glGenerateMipmap's box filter does, in non-linear RGBA8).
void generate_mip_chain(ReplacementImage& image, std::size_t from = 0);

} // namespace picavk::custom_textures
