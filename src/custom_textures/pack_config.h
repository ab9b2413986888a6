#pragma once

// A texture pack's pack.json, read as Azahar reads it (custom_tex_manager.cpp ReadConfig):
//
//   { "author": ..., "version": ..., "description": ...,
//     "options": { "skip_mipmap": bool, "flip_png_files": bool, "use_new_hash": bool },
//     "textures": { "<hash, hex>": "file.png" | ["a.png", "b.png"], ... } }   (optional)
//
// JSON with comments allowed. All three options must be present booleans; a file that is
// missing, does not parse, or lacks one of them leaves the pack on Azahar's legacy defaults
// (skip_mipmap on, use_new_hash off). "textures" maps hashes to files by file name (the folder
// part ignored), in addition to the hashes the files' own names carry.

#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace picavk::custom_textures {

struct PackOptions {
    // Only level 0 is replaced; lower levels are generated from it (legacy packs).
    bool skip_mipmap = false;
    // PNG rows are stored top first, the first row being the texture's first memory row (what
    // dumping writes); off: bottom first (rows flipped on load).
    bool flip_png_files = true;
    // Files are named by the hash of the guest bytes (city_hash64 of the level); off: of the
    // pixels Azahar decodes them to (not computed by picavk).
    bool use_new_hash = true;
};

struct PackConfig {
    bool valid = false; // parsed, with all three options
    PackOptions options{.skip_mipmap = true, .flip_png_files = true, .use_new_hash = false};
    std::unordered_map<std::string, std::vector<std::uint64_t>> file_hashes;
    std::vector<std::string> problems; // what was ignored, and why
};

// `text`: the file's contents.
PackConfig parse_pack_config(std::string_view text);

// The pack.json a dump folder gets (the options picavk's dumps need, no textures map).
std::string pack_config_template();

} // namespace picavk::custom_textures
