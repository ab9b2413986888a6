#pragma once

// File names of custom textures, in the layout Citra and Azahar dump and load
// (video_core/custom_textures/custom_tex_manager.cpp, DumpTexture and ParseFilename):
//
//   tex1_{width}x{height}_{hash, 16 upper-case hex digits}_{pixel format}_mip{level}.png
//
// width and height are the level's (level l of a WxH texture is (W >> l) x (H >> l)); the hash
// is city_hash64 of that level's guest bytes (the "new hash", pack.json use_new_hash); the pixel
// format is the PICA texture format number (0 RGBA8 ... 13 ETC1A4, the same numbers as Azahar's
// VideoCore::PixelFormat). A loader reads the first four fields and ignores the rest, so packs
// may rename files after the hash (tex1_64x64_0123456789ABCDEF_5_mip0_grass.png) and name a
// material map before the extension (NAME.norm.png: a normal map).

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace picavk::custom_textures {

struct TextureName {
    std::uint32_t width = 0, height = 0;
    std::uint64_t hash = 0;
    std::uint32_t format = 0;
    std::uint32_t level = 0;
};

// "tex1_64x32_00000000DEADBEEF_5_mip0.png"
std::string dump_file_name(const TextureName& name);

enum class MapKind : std::uint8_t { Color, Normal, Unknown };
enum class FileKind : std::uint8_t { Png, Dds, Ktx, Other };

// A file of a pack: NAME.png, NAME.norm.png (at most three dot-separated parts, the last the
// extension, a middle one the map kind).
struct PackFileName {
    FileKind kind = FileKind::Other;
    MapKind map = MapKind::Color;
    std::string stem;                  // NAME
    std::optional<TextureName> parsed; // NAME as tex1_WxH_HASH_FMT (level not read)
};
// Nullopt for names Azahar ignores (no parts, more than three, an empty stem).
std::optional<PackFileName> parse_pack_file_name(std::string_view file_name);

// The fields tex1_%ux%u_%llX_%u read from the start of `stem` (the rest ignored).
std::optional<TextureName> parse_texture_stem(std::string_view stem);

} // namespace picavk::custom_textures
