#include "custom_textures/pack_cache.h"

#include <xxhash.h>
#include <zstd.h>

#include <atomic>
#include <cstring>
#include <thread>

namespace picavk::custom_textures {
namespace {

constexpr char kMagic[8] = {'P', 'V', 'K', 'T', 'E', 'X', 'C', '1'};
constexpr std::uint32_t kVersion = 1;
constexpr std::size_t kHeaderBytes = 24, kRecordBytes = 80;

template <class T>
void put(std::vector<std::uint8_t>& out, T v) {
    const auto* p = reinterpret_cast<const std::uint8_t*>(&v);
    out.insert(out.end(), p, p + sizeof v);
}
template <class T>
T get(const std::uint8_t* p) {
    T v;
    std::memcpy(&v, p, sizeof v);
    return v;
}

// Levels of a full chain from width x height down to 1x1, and their RGBA8 bytes.
std::uint32_t chain_levels(std::uint32_t w, std::uint32_t h) {
    std::uint32_t n = 1;
    while (w > 1 || h > 1) {
        w = std::max(w / 2, 1u);
        h = std::max(h / 2, 1u);
        ++n;
    }
    return n;
}
std::uint64_t chain_bytes(std::uint32_t w, std::uint32_t h) {
    std::uint64_t n = 0;
    for (;;) {
        n += std::uint64_t{w} * h * 4;
        if (w == 1 && h == 1) return n;
        w = std::max(w / 2, 1u);
        h = std::max(h / 2, 1u);
    }
}

} // namespace

std::optional<SourceStamp> stamp_of(const std::filesystem::path& file) {
    std::error_code ec;
    const auto size = std::filesystem::file_size(file, ec);
    if (ec) return std::nullopt;
    const auto time = std::filesystem::last_write_time(file, ec);
    if (ec) return std::nullopt;
    return SourceStamp{
        size,
        std::chrono::duration_cast<std::chrono::nanoseconds>(time.time_since_epoch()).count()};
}

std::filesystem::path pack_cache_path(const std::filesystem::path& cache_dir,
                                      const std::filesystem::path& pack_dir) {
    std::error_code ec;
    std::filesystem::path absolute = std::filesystem::weakly_canonical(pack_dir, ec);
    if (ec) absolute = std::filesystem::absolute(pack_dir, ec);
    const std::string text = absolute.lexically_normal().generic_string();
    char name[64];
    std::snprintf(name, sizeof name, "picavk-textures-%016llx.bin",
                  static_cast<unsigned long long>(XXH3_64bits(text.data(), text.size())));
    return cache_dir / name;
}

PackCacheReport write_pack_cache(const std::filesystem::path& out,
                                 const std::filesystem::path& pack_dir,
                                 const std::vector<PackCacheSource>& sources,
                                 bool rows_bottom_first, unsigned threads,
                                 const std::function<bool(std::size_t, std::size_t)>& progress) {
    PackCacheReport report;
    struct Converted {
        bool ok = false;
        std::string problem;
        SourceStamp stamp;
        std::uint32_t width = 0, height = 0, levels = 0;
        std::uint64_t raw = 0, checksum = 0, path_hash = 0;
        std::vector<std::uint8_t> frame;
    };
    std::vector<Converted> done(sources.size());
    std::atomic<std::size_t> next{0}, finished{0};
    std::atomic<bool> cancel{false};
    auto work = [&] {
        for (std::size_t i; !cancel && (i = next++) < sources.size();) {
            Converted& c = done[i];
            const std::filesystem::path& file = sources[i].file;
            const auto stamp = stamp_of(file);
            std::ifstream in(file, std::ios::binary);
            const std::vector<std::uint8_t> bytes((std::istreambuf_iterator<char>(in)),
                                                  std::istreambuf_iterator<char>());
            std::string error;
            std::optional<ReplacementImage> image;
            if (!stamp || (!in.good() && !in.eof()))
                error = "cannot be read";
            else
                image = decode_png(bytes, rows_bottom_first, error);
            if (!image) {
                c.problem = file.string() + ": " + error;
            } else {
                generate_mip_chain(*image);
                std::vector<std::uint8_t> raw;
                raw.reserve(image->bytes());
                for (const auto& l : image->levels)
                    raw.insert(raw.end(), l.begin(), l.end());
                c.frame.resize(ZSTD_compressBound(raw.size()));
                const std::size_t n =
                    ZSTD_compress(c.frame.data(), c.frame.size(), raw.data(), raw.size(), 3);
                if (ZSTD_isError(n)) {
                    c.problem = file.string() + ": " + ZSTD_getErrorName(n);
                } else {
                    c.frame.resize(n);
                    c.ok = true;
                    c.stamp = *stamp;
                    c.width = image->width;
                    c.height = image->height;
                    c.levels = static_cast<std::uint32_t>(image->levels.size());
                    c.raw = raw.size();
                    c.checksum = XXH3_64bits(raw.data(), raw.size());
                    const std::string rel = file.lexically_relative(pack_dir).generic_string();
                    c.path_hash = XXH3_64bits(rel.data(), rel.size());
                }
            }
            const std::size_t f = ++finished;
            if (progress && !progress(f, sources.size())) cancel = true;
        }
    };
    std::vector<std::thread> pool;
    for (unsigned t = 1; t < std::max(threads, 1u); ++t)
        pool.emplace_back(work);
    work();
    for (std::thread& t : pool)
        t.join();
    if (cancel) {
        report.cancelled = true;
        return report;
    }

    std::vector<std::uint8_t> head;
    head.insert(head.end(), kMagic, kMagic + 8);
    std::uint32_t count = 0;
    for (const Converted& c : done)
        count += c.ok;
    put(head, kVersion);
    put(head, count);
    put(head, static_cast<std::uint32_t>(rows_bottom_first ? 1 : 0));
    put(head, std::uint32_t{0});
    std::uint64_t offset = kHeaderBytes + std::uint64_t{count} * kRecordBytes + 8;
    for (std::size_t i = 0; i < done.size(); ++i) {
        const Converted& c = done[i];
        if (!c.ok) {
            ++report.failed;
            report.problems.push_back(c.problem);
            continue;
        }
        put(head, sources[i].hash);
        put(head, c.stamp.size);
        put(head, c.stamp.mtime_ns);
        put(head, c.width);
        put(head, c.height);
        put(head, c.levels);
        put(head, std::uint32_t{0});
        put(head, offset);
        put(head, static_cast<std::uint64_t>(c.frame.size()));
        put(head, c.raw);
        put(head, c.checksum);
        put(head, c.path_hash);
        offset += c.frame.size();
        ++report.textures;
        report.raw_bytes += c.raw;
    }
    put(head, static_cast<std::uint64_t>(XXH3_64bits(head.data(), head.size())));
    std::error_code ec;
    std::filesystem::create_directories(out.parent_path(), ec);
    const std::filesystem::path temp = out.string() + ".part";
    {
        std::ofstream file(temp, std::ios::binary | std::ios::trunc);
        file.write(reinterpret_cast<const char*>(head.data()),
                   static_cast<std::streamsize>(head.size()));
        for (const Converted& c : done)
            if (c.ok)
                file.write(reinterpret_cast<const char*>(c.frame.data()),
                           static_cast<std::streamsize>(c.frame.size()));
        if (!file) report.error = "cannot write " + temp.string();
    }
    if (report.error.empty()) {
        std::filesystem::rename(temp, out, ec);
        if (ec) report.error = "cannot replace " + out.string() + ": " + ec.message();
    }
    if (!report.error.empty()) std::filesystem::remove(temp, ec);
    report.file_bytes = offset;
    return report;
}

std::unique_ptr<PackCache> PackCache::open(const std::filesystem::path& file,
                                           bool rows_bottom_first, std::string& problem) {
    problem.clear();
    std::error_code ec;
    if (!std::filesystem::exists(file, ec)) return nullptr;
    auto cache = std::unique_ptr<PackCache>(new PackCache);
    cache->file_ = file;
    cache->file_size_ = std::filesystem::file_size(file, ec);
    cache->in_.open(file, std::ios::binary);
    std::uint8_t head[kHeaderBytes];
    if (ec || !cache->in_.read(reinterpret_cast<char*>(head), kHeaderBytes) ||
        std::memcmp(head, kMagic, 8) != 0 || get<std::uint32_t>(head + 8) != kVersion) {
        problem = file.string() + " is not a picavk texture cache of this version; the pack's "
                                  "PNG files are used";
        return nullptr;
    }
    const std::uint32_t count = get<std::uint32_t>(head + 12);
    const bool bottom_first = (get<std::uint32_t>(head + 16) & 1) != 0;
    const std::uint64_t table = std::uint64_t{count} * kRecordBytes;
    if (kHeaderBytes + table + 8 > cache->file_size_) {
        problem = file.string() + " is truncated; the pack's PNG files are used";
        return nullptr;
    }
    std::vector<std::uint8_t> all(kHeaderBytes + table + 8);
    std::memcpy(all.data(), head, kHeaderBytes);
    if (!cache->in_.read(reinterpret_cast<char*>(all.data() + kHeaderBytes),
                         static_cast<std::streamsize>(table + 8)) ||
        XXH3_64bits(all.data(), kHeaderBytes + table) !=
            get<std::uint64_t>(all.data() + kHeaderBytes + table)) {
        problem = file.string() + " is damaged (its index fails its checksum); the pack's PNG "
                                  "files are used";
        return nullptr;
    }
    if (bottom_first != rows_bottom_first) {
        problem = file.string() + " was converted with the other row order (pack.json "
                                  "flip_png_files changed); the pack's PNG files are used";
        return nullptr;
    }
    for (std::uint32_t i = 0; i < count; ++i) {
        const std::uint8_t* r = all.data() + kHeaderBytes + std::size_t{i} * kRecordBytes;
        Record rec;
        const std::uint64_t hash = get<std::uint64_t>(r);
        rec.stamp = {get<std::uint64_t>(r + 8), get<std::int64_t>(r + 16)};
        rec.width = get<std::uint32_t>(r + 24);
        rec.height = get<std::uint32_t>(r + 28);
        rec.levels = get<std::uint32_t>(r + 32);
        rec.offset = get<std::uint64_t>(r + 40);
        rec.compressed = get<std::uint64_t>(r + 48);
        rec.raw = get<std::uint64_t>(r + 56);
        rec.checksum = get<std::uint64_t>(r + 64);
        // A record that cannot be what it says is left out (its texture's PNG is used).
        const bool sane = rec.width >= 1 && rec.height >= 1 && rec.width <= kMaxReplacementSide &&
                          rec.height <= kMaxReplacementSide &&
                          rec.levels == chain_levels(rec.width, rec.height) &&
                          rec.raw == chain_bytes(rec.width, rec.height) &&
                          rec.offset <= cache->file_size_ &&
                          rec.compressed <= cache->file_size_ - rec.offset;
        if (sane) cache->records_.emplace(hash, rec);
    }
    return cache;
}

std::vector<std::uint64_t> PackCache::hashes() const {
    std::vector<std::uint64_t> out;
    out.reserve(records_.size());
    for (const auto& [hash, record] : records_)
        out.push_back(hash);
    return out;
}

bool PackCache::holds(std::uint64_t hash, const SourceStamp& stamp) const {
    const auto it = records_.find(hash);
    return it != records_.end() && it->second.stamp == stamp;
}

std::optional<ReplacementImage> PackCache::load(std::uint64_t hash, std::string& error) const {
    const auto it = records_.find(hash);
    if (it == records_.end()) {
        error = "not in the cache";
        return std::nullopt;
    }
    const Record& r = it->second;
    std::vector<std::uint8_t> frame(r.compressed);
    {
        std::lock_guard lock(read_mutex_);
        in_.clear();
        in_.seekg(static_cast<std::streamoff>(r.offset));
        in_.read(reinterpret_cast<char*>(frame.data()), static_cast<std::streamsize>(frame.size()));
        if (!in_) {
            error = "the cache " + file_.string() + " cannot be read";
            return std::nullopt;
        }
    }
    std::vector<std::uint8_t> raw(r.raw);
    const std::size_t n = ZSTD_decompress(raw.data(), raw.size(), frame.data(), frame.size());
    if (ZSTD_isError(n) || n != raw.size() || XXH3_64bits(raw.data(), raw.size()) != r.checksum) {
        error = "its data in the cache " + file_.string() + " is damaged";
        return std::nullopt;
    }
    ReplacementImage image;
    image.width = r.width;
    image.height = r.height;
    std::uint32_t w = r.width, h = r.height;
    std::size_t at = 0;
    for (std::uint32_t l = 0; l < r.levels; ++l) {
        const std::size_t bytes = std::size_t{w} * h * 4;
        image.levels.emplace_back(raw.begin() + static_cast<std::ptrdiff_t>(at),
                                  raw.begin() + static_cast<std::ptrdiff_t>(at + bytes));
        at += bytes;
        w = std::max(w / 2, 1u);
        h = std::max(h / 2, 1u);
    }
    return image;
}

} // namespace picavk::custom_textures
