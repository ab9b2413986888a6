#include "custom_textures/texture_pack.h"

#include "custom_textures/texture_names.h"

#include <algorithm>
#include <cinttypes>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <utility>

namespace picavk::custom_textures {
namespace {

std::string hash_text(std::uint64_t hash) {
    char buf[20];
    std::snprintf(buf, sizeof buf, "%016" PRIX64, hash);
    return buf;
}

bool read_file(const std::filesystem::path& path, std::vector<std::uint8_t>& out) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return false;
    out.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
    return !in.bad();
}

// Folders deeper than this are not searched (Azahar: ScanDirectoryTree(path, ..., 64)).
constexpr int kMaxDepth = 64;

} // namespace

TexturePack::TexturePack(const std::filesystem::path& dir, const Options& options)
    : options_(options) {
    scan(dir);
    stats_.files = entries_.size();
    if (!options_.cache_file.empty() && !entries_.empty()) {
        std::string problem;
        cache_ = PackCache::open(options_.cache_file, !config_.options.flip_png_files, problem);
        if (!problem.empty()) this->problem(problem);
        if (cache_)
            for (auto& [hash, e] : entries_) {
                const std::optional<SourceStamp> stamp = stamp_of(e.path);
                e.cached = stamp && cache_->holds(hash, *stamp);
                stats_.cached += e.cached;
            }
    }
    if (options_.async && !entries_.empty()) {
        const unsigned n = std::clamp(std::thread::hardware_concurrency() / 2, 1u, 4u);
        for (unsigned i = 0; i < n; ++i)
            workers_.emplace_back([this] { worker(); });
    }
}

TexturePack::~TexturePack() {
    {
        std::lock_guard lock(mutex_);
        stop_ = true;
    }
    work_cv_.notify_all();
    for (std::thread& t : workers_)
        t.join();
}

void TexturePack::problem(std::string message) {
    problems_.push_back(std::move(message));
}

void TexturePack::scan(const std::filesystem::path& dir) {
    std::error_code ec;
    if (!std::filesystem::is_directory(dir, ec)) {
        problem("texture pack " + dir.string() + " is not a folder");
        return;
    }
    std::vector<std::uint8_t> text;
    const std::filesystem::path config_path = dir / "pack.json";
    if (std::filesystem::exists(config_path, ec)) {
        if (read_file(config_path, text)) {
            config_ = parse_pack_config({reinterpret_cast<const char*>(text.data()), text.size()});
        } else {
            config_.problems.push_back("it cannot be read");
        }
        for (const std::string& p : config_.problems)
            problem(config_path.string() + ": " + p);
    }
    // Without a pack.json (or with a damaged one) a pack is a legacy one, as Azahar takes it:
    // textures named by the legacy hash (legacy_hash.h), level 0 only.
    std::vector<std::filesystem::path> files;
    std::filesystem::recursive_directory_iterator it(
        dir, std::filesystem::directory_options::skip_permission_denied, ec);
    for (; !ec && it != std::filesystem::recursive_directory_iterator(); it.increment(ec)) {
        if (it.depth() >= kMaxDepth) it.disable_recursion_pending();
        if (it->is_regular_file(ec)) files.push_back(it->path());
    }
    if (ec) problem("texture pack " + dir.string() + " could not be read whole: " + ec.message());
    std::sort(files.begin(), files.end()); // the same choice among conflicting files every run
    for (const std::filesystem::path& path : files) {
        const std::string file_name = path.filename().string();
        const std::optional<PackFileName> name = parse_pack_file_name(file_name);
        if (!name || name->kind == FileKind::Other) continue; // pack.json, notes, previews
        if (name->kind != FileKind::Png) {
            problem(path.string() + ": DDS and KTX replacements are not read (PNG only)");
            continue;
        }
        if (name->map == MapKind::Normal) {
            ++stats_.normal_maps;
            continue;
        }
        if (name->map == MapKind::Unknown) {
            problem(path.string() + ": unknown material map kind (only .norm is defined)");
            continue;
        }
        std::vector<std::uint64_t> hashes;
        if (const auto mapped = config_.file_hashes.find(file_name);
            mapped != config_.file_hashes.end())
            hashes = mapped->second;
        if (name->parsed &&
            std::find(hashes.begin(), hashes.end(), name->parsed->hash) == hashes.end())
            hashes.push_back(name->parsed->hash);
        if (hashes.empty()) {
            problem(path.string() + ": names no texture (neither tex1_WxH_HASH_FORMAT nor a "
                                    "pack.json \"textures\" entry)");
            continue;
        }
        for (const std::uint64_t hash : hashes) {
            const auto [e, made] = entries_.try_emplace(hash);
            if (!made) {
                problem(path.string() + " and " + e->second.path.string() + " both replace " +
                        hash_text(hash) + ": the second is used");
                continue;
            }
            e->second.path = path;
        }
    }
}

TexturePack::Lookup TexturePack::find(std::uint64_t hash, std::uint32_t width,
                                      std::uint32_t height) {
    std::unique_lock lock(mutex_);
    const auto it = entries_.find(hash);
    if (it == entries_.end()) return {};
    Entry& e = it->second;
    e.last_use = ++clock_;
    if (e.state == State::Absent && !e.queued) {
        if (options_.async) {
            e.queued = true;
            e.state = State::Loading;
            queue_.push_back(hash);
            work_cv_.notify_one();
        } else {
            lock.unlock();
            load(hash);
            lock.lock();
        }
    }
    if (e.state != State::Ready) return {e.state == State::Absent ? State::Loading : e.state, {}};
    // Any size, but the texture's shape: a replacement of another aspect ratio would stretch.
    if (std::uint64_t{e.image->width} * height != std::uint64_t{e.image->height} * width) {
        if (e.checked_width != width || e.checked_height != height) {
            e.checked_width = width;
            e.checked_height = height;
            problem(e.path.string() + ": " + std::to_string(e.image->width) + "x" +
                    std::to_string(e.image->height) + " does not have the aspect ratio of the " +
                    std::to_string(width) + "x" + std::to_string(height) + " texture it replaces");
            ++stats_.failures;
        }
        return {State::Failed, {}};
    }
    return {State::Ready, e.image};
}

void TexturePack::load(std::uint64_t hash) {
    std::filesystem::path path;
    bool bottom_first, cached;
    {
        std::lock_guard lock(mutex_);
        const Entry& e = entries_.at(hash);
        path = e.path;
        cached = e.cached;
        bottom_first = !config_.options.flip_png_files;
    }
    std::vector<std::uint8_t> file;
    std::string error;
    std::optional<ReplacementImage> image;
    if (cached) { // decoded, mip chain and all, by picavk-precompile
        image = cache_->load(hash, error);
        std::lock_guard lock(mutex_);
        if (image) {
            ++stats_.cache_loads;
        } else {
            problem(path.string() + ": " + error + "; its PNG is decoded instead");
            entries_.at(hash).cached = false;
        }
    }
    if (!image) {
        if (!read_file(path, file)) {
            error = "cannot be read (was the pack moved or deleted?)";
        } else {
            image = decode_png(file, bottom_first, error);
            if (image) generate_mip_chain(*image);
        }
    }
    std::lock_guard lock(mutex_);
    Entry& e = entries_.at(hash);
    e.queued = false;
    if (!image) {
        e.state = State::Failed;
        ++stats_.failures;
        problem(path.string() + ": " + error + "; the original texture is drawn");
        return;
    }
    ++stats_.loads;
    stats_.resident_bytes += image->bytes();
    e.image = std::make_shared<const ReplacementImage>(std::move(*image));
    e.state = State::Ready;
    evict_over_budget(hash);
}

void TexturePack::evict_over_budget(std::uint64_t keep) {
    while (stats_.resident_bytes > options_.memory_budget) {
        Entry* oldest = nullptr;
        for (auto& [hash, e] : entries_)
            if (hash != keep && e.state == State::Ready &&
                (!oldest || e.last_use < oldest->last_use))
                oldest = &e;
        if (!oldest) return;
        stats_.resident_bytes -= oldest->image->bytes();
        oldest->image.reset(); // users keep their own reference until they are done
        oldest->state = State::Absent;
        ++stats_.evictions;
    }
}

void TexturePack::worker() {
    std::unique_lock lock(mutex_);
    for (;;) {
        work_cv_.wait(lock, [&] { return stop_ || !queue_.empty(); });
        if (stop_) return;
        const std::uint64_t hash = queue_.front();
        queue_.pop_front();
        ++busy_;
        lock.unlock();
        load(hash);
        lock.lock();
        --busy_;
        if (queue_.empty() && busy_ == 0) idle_cv_.notify_all();
    }
}

void TexturePack::wait_idle() {
    std::unique_lock lock(mutex_);
    idle_cv_.wait(lock, [&] { return workers_.empty() || (queue_.empty() && busy_ == 0); });
}

std::size_t TexturePack::preload() {
    std::vector<std::uint64_t> todo;
    {
        std::lock_guard lock(mutex_);
        for (auto& [hash, e] : entries_) {
            if (e.state != State::Absent || e.queued) continue;
            e.last_use = ++clock_;
            todo.push_back(hash);
            if (options_.async) {
                e.queued = true;
                e.state = State::Loading;
                queue_.push_back(hash);
            }
        }
    }
    const std::uint64_t evictions_before = stats().evictions;
    if (options_.async) {
        work_cv_.notify_all();
        wait_idle();
    } else {
        for (const std::uint64_t hash : todo)
            load(hash);
    }
    std::lock_guard lock(mutex_);
    if (stats_.evictions != evictions_before)
        problem("texture pack preload: the pack is larger than its memory budget (" +
                std::to_string(options_.memory_budget >> 20) + " MiB); " +
                std::to_string(stats_.evictions - evictions_before) +
                " replacements were dropped again and load when a texture needs them");
    std::size_t ready = 0;
    for (const auto& [hash, e] : entries_)
        ready += e.state == State::Ready;
    return ready;
}

std::vector<PackCacheSource> TexturePack::sources() const {
    std::lock_guard lock(mutex_);
    std::vector<PackCacheSource> out;
    out.reserve(entries_.size());
    for (const auto& [hash, e] : entries_)
        out.push_back({hash, e.path});
    return out;
}

std::vector<std::string> TexturePack::take_problems() {
    std::lock_guard lock(mutex_);
    return std::exchange(problems_, {});
}

PackStats TexturePack::stats() const {
    std::lock_guard lock(mutex_);
    return stats_;
}

} // namespace picavk::custom_textures
