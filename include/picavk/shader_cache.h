#pragma once

// Tools over a shader-cache directory (RendererConfig::cache_dir; picavk-precompile's --verify,
// --inspect, --dump-glsl, --diff and --prune). They read the files of every device in the
// directory and need no Vulkan device. Errors about the directory itself come back in `error`;
// problems with its contents are the tools' findings.

#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace picavk {

struct CacheCheck {
    std::size_t files = 0;         // SPIR-V files checked (every kind)
    std::size_t entries = 0;       // shaders read intact
    std::size_t damaged = 0;       // entries failing their checksum or framing
    std::size_t invalid_spirv = 0; // intact entries spirv-val rejects (Vulkan 1.3)
    std::size_t mismatched = 0;    // entries whose key compiles to other SPIR-V today
    std::size_t repaired = 0;      // entries rebuilt (repair: damaged, invalid, mismatched, lost)
    std::vector<std::string> problems; // one line each
};
// Checks every entry: its checksums and the file's, the key layout version, SPIR-V validity, and
// that compiling its key again gives the same SPIR-V. With `repair`, rebuilds what fails (and
// the shaders the directory's key list names but the file lost) and rewrites the file. The other
// SPIR-V files (the GPU vertex path's programs, the compute rasteriser's shaders, its vertex
// pre-passes) are checked too; the programs' keys name code the cache does not hold, so their
// entries are not compiled again, and repair drops the ones that fail (a run rebuilds them).
CacheCheck verify_shader_cache(const std::string& dir, bool repair, std::string& error);

// The directory's files and every key, decoded field by field in words, with counts and sizes.
std::string inspect_shader_cache(const std::string& dir, std::string& error);

// Every shader back to GLSL: OUT/<key hash>.spirv-cross.frag (SPIRV-Cross from the cached
// SPIR-V: what the driver receives) beside OUT/<key hash>.generated.frag (what the generator
// wrote); the compute rasteriser's as OUT/compute-raster-<hash>.{spirv-cross,generated}.comp,
// the vertex pre-passes' as OUT/vertex-prepass-<hash>.spirv-cross.comp and the GPU vertex path's
// programs as OUT/vertex-program-<hash>.spirv-cross.vert (their keys name program code the cache
// does not hold, so no generated text). Returns how many shaders were written.
std::size_t dump_shader_cache_glsl(const std::string& dir, const std::string& out_dir,
                                   std::string& error);

// What differs between two cache directories, kind by kind (fragment shaders, vertex programs,
// compute rasteriser shaders, vertex pre-passes) and in the pipeline keys: entries only in one,
// and keys whose SPIR-V differs. `same` says whether nothing does.
std::string diff_shader_caches(const std::string& a, const std::string& b, bool& same,
                               std::string& error);

struct PruneReport {
    std::size_t shaders_kept = 0, shaders_removed = 0, keys_kept = 0, keys_removed = 0;
    std::size_t compute_kept = 0, compute_removed = 0; // compute rasteriser shaders
    std::size_t programs_kept = 0; // vertex programs and pre-passes (never pruned)
    std::uintmax_t bytes_before = 0, bytes_after = 0;
};
// Drops the shaders, compute rasteriser shaders and listed keys that `keep` (a key list) does
// not name (a compute rasteriser shader is named by its fragment shader's key). The GPU vertex
// path's programs and the vertex pre-passes are keyed by program code no key list holds: they
// stay, as does the pipeline-cache blob, which is the driver's.
PruneReport prune_shader_cache(const std::string& dir, std::span<const std::uint8_t> keep,
                               std::string& error);

} // namespace picavk
