#pragma once

// A folder of replacement textures (a "pack" in Azahar's layout: texture_names.h for the file
// names, pack_config.h for pack.json), found by the hash of the guest texture they replace, and
// decoded on worker threads when first asked for (or all at once: preload). Decoded images are
// kept in memory up to a budget, least recently used dropped first (the GPU keeps its own copy
// of what it uses; a dropped image is decoded again if asked for again).
//
// Bad input never throws: files that cannot be used, a damaged pack.json, a folder that is gone
// are reported through take_problems() (the renderer counts them as warnings), and a texture
// whose replacement failed keeps drawing its original.

#include "custom_textures/pack_cache.h"
#include "custom_textures/pack_config.h"
#include "custom_textures/replacement_image.h"

#include <condition_variable>
#include <cstdint>
#include <deque>
#include <filesystem>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <unordered_map>
#include <vector>

namespace picavk::custom_textures {

struct PackStats {
    std::uint64_t files = 0;     // replacements found (one per hash)
    std::uint64_t loads = 0;     // PNG decodes done
    std::uint64_t failures = 0;  // files that could not be used
    std::uint64_t evictions = 0; // decoded images dropped for the budget
    std::uint64_t resident_bytes = 0;
    std::uint64_t normal_maps = 0; // NAME.norm.png files (picavk draws no material maps)
    std::uint64_t cached = 0;      // replacements the converted cache holds up to date
    std::uint64_t cache_loads = 0; // of loads, those read from it (no PNG decoded)
};

class TexturePack {
  public:
    struct Options {
        // Decoded images kept in memory, in bytes (levels included).
        std::uint64_t memory_budget = std::uint64_t{512} << 20;
        // Decode on worker threads (find() answers Loading meanwhile); off: in find() itself.
        bool async = true;
        // The pack converted by picavk-precompile (pack_cache_path), if any: replacements it
        // holds up to date are read from it instead of their PNG files.
        std::filesystem::path cache_file;
    };

    // Scans `dir` (recursively) and reads its pack.json. Never fails: an unusable folder is a
    // pack with no textures and a problem saying why.
    TexturePack(const std::filesystem::path& dir, const Options& options);
    ~TexturePack();
    TexturePack(const TexturePack&) = delete;
    TexturePack& operator=(const TexturePack&) = delete;

    const PackOptions& pack_options() const { return config_.options; }
    // Textures are named by the legacy hash (legacy_hash.h), not the hash of the guest bytes.
    bool legacy_hash() const { return !config_.options.use_new_hash; }
    // Every replacement's hash and file (for converting the pack: write_pack_cache).
    std::vector<PackCacheSource> sources() const;
    bool empty() const { return entries_.empty(); }
    bool contains(std::uint64_t hash) const { return entries_.count(hash) != 0; }

    enum class State : std::uint8_t { Absent, Loading, Ready, Failed };
    struct Lookup {
        State state = State::Absent;
        std::shared_ptr<const ReplacementImage> image; // Ready: level 0 and its mip chain
    };
    // The replacement for the guest texture level whose bytes hash to `hash`, a `width` x
    // `height` texture: started loading if it was not loaded. Failed for a file that does not
    // decode or whose aspect ratio differs from the texture's (reported once).
    Lookup find(std::uint64_t hash, std::uint32_t width, std::uint32_t height);
    // Decodes every replacement now (worker threads, waited for), up to the memory budget.
    // Returns how many are ready.
    std::size_t preload();
    // Blocks until no decode is queued or running (tests, benchmarks).
    void wait_idle();

    // What was found wrong since the last call: each names the file and the reason.
    std::vector<std::string> take_problems();
    PackStats stats() const;

  private:
    struct Entry {
        std::filesystem::path path;
        State state = State::Absent; // Absent here: known, not loaded
        std::shared_ptr<const ReplacementImage> image;
        std::uint64_t last_use = 0;
        bool queued = false;
        std::uint32_t checked_width = 0, checked_height = 0; // the last size compared with
        bool cached = false; // the converted cache holds it, from this very file
    };
    void scan(const std::filesystem::path& dir);
    void problem(std::string message); // with mutex_ held
    void load(std::uint64_t hash);     // without mutex_ held
    void worker();
    void evict_over_budget(std::uint64_t keep); // with mutex_ held

    Options options_;
    PackConfig config_;
    std::unique_ptr<PackCache> cache_;
    std::unordered_map<std::uint64_t, Entry> entries_; // the set of keys never changes after scan
    mutable std::mutex mutex_;
    std::condition_variable work_cv_, idle_cv_;
    std::deque<std::uint64_t> queue_;
    std::uint32_t busy_ = 0;
    bool stop_ = false;
    std::uint64_t clock_ = 0;
    std::vector<std::string> problems_;
    PackStats stats_;
    std::vector<std::thread> workers_;
};

} // namespace picavk::custom_textures
