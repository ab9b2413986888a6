#pragma once

// Writes the textures a game uploads as PNG files named as Azahar names its dumps
// (texture_names.h), each distinct level once, so that a pack made from picavk's dumps loads in
// Azahar and the reverse. Decoding and PNG encoding run on a worker thread: the renderer hands
// over a copy of the guest bytes and goes on. The folder gets a pack.json template (the options
// the dumps need) unless it has one.

#include <condition_variable>
#include <cstdint>
#include <deque>
#include <filesystem>
#include <mutex>
#include <string>
#include <thread>
#include <unordered_set>
#include <vector>

namespace picavk::custom_textures {

struct DumpStats {
    std::uint64_t written = 0; // PNG files written
    std::uint64_t failed = 0;  // files that could not be written (reported as problems)
};

class TextureDumper {
  public:
    explicit TextureDumper(std::filesystem::path dir);
    ~TextureDumper(); // finishes what is queued
    TextureDumper(const TextureDumper&) = delete;
    TextureDumper& operator=(const TextureDumper&) = delete;

    const std::filesystem::path& dir() const { return dir_; }
    // False when a level with this hash was dumped (or queued) already: its bytes need not be
    // copied.
    bool wants(std::uint64_t hash) const;
    // One level: `guest` its tiled bytes, `width` x `height` pixels of PICA texture `format`.
    void dump(std::uint64_t hash, std::uint32_t width, std::uint32_t height, std::uint32_t format,
              std::uint32_t level, std::vector<std::uint8_t> guest);
    void wait_idle();
    std::vector<std::string> take_problems();
    DumpStats stats() const;

  private:
    struct Job {
        std::uint64_t hash;
        std::uint32_t width, height, format, level;
        std::vector<std::uint8_t> guest;
    };
    void worker();
    void write(const Job& job);

    std::filesystem::path dir_;
    mutable std::mutex mutex_;
    std::condition_variable work_cv_, idle_cv_;
    std::deque<Job> queue_;
    bool busy_ = false, stop_ = false;
    std::unordered_set<std::uint64_t> seen_;
    std::vector<std::string> problems_;
    DumpStats stats_;
    std::thread thread_;
};

} // namespace picavk::custom_textures
