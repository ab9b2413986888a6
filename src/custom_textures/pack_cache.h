#pragma once

// A texture pack converted once into a GPU-ready file (picavk-precompile --textures): every
// replacement decoded, its mip chain generated, compressed with zstd and checksummed, so that a
// game starts without decoding a PNG. TexturePack reads a replacement from it when the cache's
// record of the source file (size and modification time) still matches the file, else from the
// PNG. Anything wrong with the file (truncated, damaged, another version) is a problem and the
// PNGs are used; a record whose data fails its checksum falls back to its PNG alone.
//
// Layout (little-endian):
//   "PVKTEXC1", u32 version, u32 count, u32 flags (bit 0: rows bottom first, as decoded), u32 0
//   count records of 80 bytes: u64 hash, u64 source size, i64 source mtime (ns), u32 width,
//     u32 height, u32 levels, u32 0, u64 offset, u64 compressed bytes, u64 raw bytes,
//     u64 xxh3 of the raw bytes, u64 xxh3 of the source path (relative to the pack)
//   u64 xxh3 of everything above
//   the records' zstd frames, each the levels' RGBA8 texels one after the other

#include "custom_textures/replacement_image.h"

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace picavk::custom_textures {

// What a replacement's source file looks like on disk now (the cache's staleness test).
struct SourceStamp {
    std::uint64_t size = 0;
    std::int64_t mtime_ns = 0;
    bool operator==(const SourceStamp&) const = default;
};
std::optional<SourceStamp> stamp_of(const std::filesystem::path& file);

// The cache file a pack folder's conversion lives in, inside a cache directory: named after the
// pack's absolute path, so that one cache directory serves several packs.
std::filesystem::path pack_cache_path(const std::filesystem::path& cache_dir,
                                      const std::filesystem::path& pack_dir);

struct PackCacheSource {
    std::uint64_t hash;
    std::filesystem::path file;
};
struct PackCacheReport {
    std::size_t textures = 0, failed = 0;
    std::uint64_t raw_bytes = 0, file_bytes = 0;
    std::vector<std::string> problems; // files that could not be converted, and why
    std::string error;                 // the cache file could not be written
    bool cancelled = false;
};
// Converts `sources` (decoded with rows bottom first when `rows_bottom_first`) on `threads`
// threads into `out` (written whole, then renamed over it). `progress(done, total)` returning
// false cancels (nothing written).
PackCacheReport write_pack_cache(const std::filesystem::path& out,
                                 const std::filesystem::path& pack_dir,
                                 const std::vector<PackCacheSource>& sources,
                                 bool rows_bottom_first, unsigned threads,
                                 const std::function<bool(std::size_t, std::size_t)>& progress);

class PackCache {
  public:
    // Nullopt (and `problem` set) when the file is missing, of another version, or damaged;
    // `problem` stays empty when there is simply no file.
    static std::unique_ptr<PackCache> open(const std::filesystem::path& file,
                                           bool rows_bottom_first, std::string& problem);
    // Whether the cache holds `hash`, converted from a source that still has this stamp.
    bool holds(std::uint64_t hash, const SourceStamp& stamp) const;
    // The replacement, read, decompressed and checked (thread-safe). Nullopt with `error` set
    // when its data is damaged.
    std::optional<ReplacementImage> load(std::uint64_t hash, std::string& error) const;
    std::size_t size() const { return records_.size(); }
    std::vector<std::uint64_t> hashes() const; // of every record it holds

  private:
    struct Record {
        SourceStamp stamp;
        std::uint32_t width = 0, height = 0, levels = 0;
        std::uint64_t offset = 0, compressed = 0, raw = 0, checksum = 0;
    };
    std::filesystem::path file_;
    std::uint64_t file_size_ = 0;
    std::unordered_map<std::uint64_t, Record> records_;
    mutable std::mutex read_mutex_;
    mutable std::ifstream in_;
};

} // namespace picavk::custom_textures
