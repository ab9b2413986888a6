#include "custom_textures/texture_dumper.h"

#include "custom_textures/pack_config.h"
#include "custom_textures/replacement_image.h"
#include "custom_textures/texture_names.h"
#include "pica/texture/texture_codec.h"

#include <fstream>
#include <utility>

namespace picavk::custom_textures {

TextureDumper::TextureDumper(std::filesystem::path dir) : dir_(std::move(dir)) {
    std::error_code ec;
    std::filesystem::create_directories(dir_, ec);
    if (ec) {
        problems_.push_back("texture dump folder " + dir_.string() +
                            " cannot be made: " + ec.message());
    } else if (const auto config = dir_ / "pack.json"; !std::filesystem::exists(config, ec)) {
        std::ofstream out(config, std::ios::binary);
        out << pack_config_template();
        if (!out) problems_.push_back(config.string() + " cannot be written");
    }
    thread_ = std::thread([this] { worker(); });
}

TextureDumper::~TextureDumper() {
    {
        std::lock_guard lock(mutex_);
        stop_ = true;
    }
    work_cv_.notify_all();
    thread_.join();
}

bool TextureDumper::wants(std::uint64_t hash) const {
    std::lock_guard lock(mutex_);
    return !seen_.count(hash);
}

void TextureDumper::dump(std::uint64_t hash, std::uint32_t width, std::uint32_t height,
                         std::uint32_t format, std::uint32_t level,
                         std::vector<std::uint8_t> guest) {
    {
        std::lock_guard lock(mutex_);
        if (!seen_.insert(hash).second) return;
        queue_.push_back({hash, width, height, format, level, std::move(guest)});
    }
    work_cv_.notify_one();
}

void TextureDumper::write(const Job& job) {
    const TextureName name{job.width, job.height, job.hash, job.format, job.level};
    const std::filesystem::path path = dir_ / dump_file_name(name);
    std::error_code ec;
    if (std::filesystem::exists(path, ec)) return; // an earlier run dumped it (Azahar: the same)
    std::vector<std::uint8_t> rgba(std::size_t{job.width} * job.height * 4);
    // Rows in memory order: the PNG's top row is the texture's first memory row, which is what
    // Azahar's dumps hold (it decodes bottom-up for OpenGL, then flips before writing).
    const bool ok = pica::decode_texture(job.guest, rgba, job.width, job.height,
                                         static_cast<pica::TextureFormat>(job.format)) &&
                    write_png(path.string(), job.width, job.height, rgba);
    std::lock_guard lock(mutex_);
    if (ok) {
        ++stats_.written;
    } else {
        ++stats_.failed;
        problems_.push_back(path.string() + " could not be written");
    }
}

void TextureDumper::worker() {
    std::unique_lock lock(mutex_);
    for (;;) {
        work_cv_.wait(lock, [&] { return stop_ || !queue_.empty(); });
        if (queue_.empty()) return; // stop_, with everything written
        Job job = std::move(queue_.front());
        queue_.pop_front();
        busy_ = true;
        lock.unlock();
        write(job);
        lock.lock();
        busy_ = false;
        if (queue_.empty()) idle_cv_.notify_all();
    }
}

void TextureDumper::wait_idle() {
    std::unique_lock lock(mutex_);
    idle_cv_.wait(lock, [&] { return queue_.empty() && !busy_; });
}

std::vector<std::string> TextureDumper::take_problems() {
    std::lock_guard lock(mutex_);
    return std::exchange(problems_, {});
}

DumpStats TextureDumper::stats() const {
    std::lock_guard lock(mutex_);
    return stats_;
}

} // namespace picavk::custom_textures
