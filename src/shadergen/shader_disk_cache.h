#pragma once

// The on-disk shader caches: compiled SPIR-V by FragmentConfig (ShaderDiskCache), by
// VertexProgramKey (VertexProgramDiskCache, the GPU vertex path's translated programs) and by
// ComputeRasterKey (ComputeRasterDiskCache, the compute rasteriser's shaders) and by
// VertexPrepassKey (VertexPrepassDiskCache, its vertex pre-pass), so a warm start
// skips GLSL generation and glslang. A file belongs to one key-layout version and one host
// profile (the device, its driver and the generator's fingerprint), both in its name and its
// header; a file that is truncated, corrupted (per-entry and whole-file XXH3 checksums), or
// written for another layout, device or generator is ignored, reported and rebuilt, never
// trusted.
//
// Layout (little endian): "PVKS", format version, key layout version, key size, profile text
// length + text, entry count; then per entry: key bytes, SPIR-V word count, words, XXH3-64 of
// key and words; then XXH3-64 of everything before it.

#include "shadergen/fragment_config.h"

#include <cstdint>
#include <span>
#include <string>
#include <unordered_map>
#include <vector>

namespace picavk::shadergen {

template <typename Key>
class BasicShaderDiskCache {
  public:
    static constexpr std::uint32_t kFormatVersion = 1;

    // `profile`: the host profile's description (HostProfile::describe()), which names the file.
    // `generator`: the shader generator's fingerprint (generator_fingerprint.h), in the header
    // only: a file another version of the generator wrote has this one's name, is refused when
    // read ("another ... shader generator", reported once) and is written over.
    explicit BasicShaderDiskCache(std::string profile, const std::string& generator = {})
        : name_profile_(profile),
          profile_(generator.empty() ? std::move(profile)
                                     : std::move(profile) + "; generator " + generator) {}

    // The file name for this layout and host profile inside `dir`.
    std::string file_name(const std::string& dir) const;

    // Parses a file's bytes. Returns an empty string when they were accepted (entries replace
    // what the cache holds), else why they were ignored (the cache is left empty).
    std::string load(std::span<const std::uint8_t> bytes);
    std::vector<std::uint8_t> save() const;
    // Reads / writes the file in `dir` (writes go to a temporary file renamed over the old one).
    std::string load_file(const std::string& dir);
    bool save_file(const std::string& dir) const;

    // A file read entry by entry, for the cache tools (picavk-precompile --verify, --inspect):
    // every entry whose own checksum holds is kept, whatever the rest of the file says; the
    // damaged ones are listed. `problem` is empty for a whole, valid file of this layout.
    struct ScannedEntry {
        Key key;
        std::vector<std::uint32_t> spirv;
    };
    struct Scan {
        std::string profile; // the host profile the file was written for
        std::vector<ScannedEntry> entries;
        std::vector<std::string> damaged; // one line per entry that fails its checks
        std::string problem;              // the file as a whole (header, total checksum)
    };
    static Scan scan(std::span<const std::uint8_t> bytes);

    const std::vector<std::uint32_t>* find(const Key& key) const;
    void insert(const Key& key, std::vector<std::uint32_t> spirv);
    // Takes back entries inserted since the file was read or written (a cancelled precompile);
    // mark_clean() says the entries equal the file again, so nothing is written.
    void erase(const Key& key) { dirty_ |= entries_.erase(key) != 0; }
    void mark_clean() { dirty_ = false; }
    std::size_t size() const { return entries_.size(); }
    // The keys it holds, in no order.
    std::vector<Key> keys() const {
        std::vector<Key> out;
        out.reserve(entries_.size());
        for (const auto& entry : entries_)
            out.push_back(entry.first);
        return out;
    }
    bool dirty() const { return dirty_; }

  private:
    struct KeyHash {
        std::size_t operator()(const Key& c) const { return hash(c); }
    };
    std::string name_profile_; // hashed into the file name
    std::string profile_;      // in the header, matched when read
    std::unordered_map<Key, std::vector<std::uint32_t>, KeyHash> entries_;
    bool dirty_ = false;
};

struct VertexProgramKey;
struct ComputeRasterKey;
struct VertexPrepassKey;
using ShaderDiskCache = BasicShaderDiskCache<FragmentConfig>;
using VertexProgramDiskCache = BasicShaderDiskCache<VertexProgramKey>;
using ComputeRasterDiskCache = BasicShaderDiskCache<ComputeRasterKey>;
using VertexPrepassDiskCache = BasicShaderDiskCache<VertexPrepassKey>;
extern template class BasicShaderDiskCache<FragmentConfig>;

} // namespace picavk::shadergen
