#include "shadergen/shader_disk_cache.h"
#include "shadergen/atomic_file.h"
#include "shadergen/compute_raster.h"
#include "shadergen/vertex_prepass.h"
#include "shadergen/vertex_program.h"

#include <cstdio>
#include <cstring>
#include <fstream>
#include <xxhash.h>

namespace picavk::shadergen {

namespace {
constexpr char kMagic[4] = {'P', 'V', 'K', 'S'};
// SPIR-V modules larger than this are not what the generator makes: a corrupt count.
constexpr std::uint32_t kMaxWords = 1u << 20;

struct Reader {
    std::span<const std::uint8_t> bytes;
    std::size_t at = 0;
    bool u32(std::uint32_t& v) {
        if (bytes.size() - at < 4) return false;
        std::memcpy(&v, bytes.data() + at, 4);
        at += 4;
        return true;
    }
    bool u64(std::uint64_t& v) {
        if (bytes.size() - at < 8) return false;
        std::memcpy(&v, bytes.data() + at, 8);
        at += 8;
        return true;
    }
    const std::uint8_t* take(std::size_t n) {
        if (bytes.size() - at < n) return nullptr;
        const std::uint8_t* p = bytes.data() + at;
        at += n;
        return p;
    }
};

void put(std::vector<std::uint8_t>& out, const void* p, std::size_t n) {
    const auto* b = static_cast<const std::uint8_t*>(p);
    out.insert(out.end(), b, b + n);
}
void put32(std::vector<std::uint8_t>& out, std::uint32_t v) {
    put(out, &v, 4);
}
// The file name's stem per key type.
template <typename Key>
constexpr const char* kStem = "picavk-shaders";
template <>
constexpr const char* kStem<VertexProgramKey> = "picavk-vertex-programs";
template <>
constexpr const char* kStem<ComputeRasterKey> = "picavk-compute-raster";
template <>
constexpr const char* kStem<VertexPrepassKey> = "picavk-vertex-prepass";
} // namespace

template <typename Key>
std::string BasicShaderDiskCache<Key>::file_name(const std::string& dir) const {
    char name[80];
    std::snprintf(
        name, sizeof name, "/%s-v%u-%016llx.bin", kStem<Key>, Key::kLayoutVersion,
        static_cast<unsigned long long>(XXH3_64bits(name_profile_.data(), name_profile_.size())));
    return dir + name;
}

template <typename Key>
std::string BasicShaderDiskCache<Key>::load(std::span<const std::uint8_t> bytes) {
    entries_.clear();
    dirty_ = false;
    if (bytes.size() < 8) return "file too short for a header";
    // Whole-file checksum first: truncation or corruption anywhere rejects the file.
    std::uint64_t stored = 0;
    std::memcpy(&stored, bytes.data() + bytes.size() - 8, 8);
    if (XXH3_64bits(bytes.data(), bytes.size() - 8) != stored)
        return "checksum mismatch (truncated or corrupted)";
    Reader r{bytes.first(bytes.size() - 8)};
    const std::uint8_t* magic = r.take(4);
    if (!magic || std::memcmp(magic, kMagic, 4) != 0) return "not a picavk shader cache";
    std::uint32_t format = 0, layout = 0, key_size = 0, profile_size = 0, count = 0;
    if (!r.u32(format) || format != kFormatVersion)
        return "format version " + std::to_string(format) + ", expected " +
               std::to_string(kFormatVersion);
    if (!r.u32(layout) || layout != Key::kLayoutVersion || !r.u32(key_size) ||
        key_size != sizeof(Key))
        return "written for another key layout";
    if (!r.u32(profile_size) || profile_size > 4096) return "bad host-profile field";
    const std::uint8_t* profile = r.take(profile_size);
    if (!profile || std::string(reinterpret_cast<const char*>(profile), profile_size) != profile_)
        return "written for another device, driver or shader generator";
    if (!r.u32(count)) return "truncated header";
    std::unordered_map<Key, std::vector<std::uint32_t>, KeyHash> loaded;
    for (std::uint32_t i = 0; i < count; ++i) {
        const std::size_t entry_start = r.at;
        const std::uint8_t* key = r.take(sizeof(Key));
        std::uint32_t words = 0;
        if (!key || !r.u32(words) || words == 0 || words > kMaxWords)
            return "entry " + std::to_string(i) + " is malformed";
        const std::uint8_t* code = r.take(std::size_t{words} * 4);
        std::uint64_t check = 0;
        if (!code || !r.u64(check)) return "entry " + std::to_string(i) + " is truncated";
        if (XXH3_64bits(bytes.data() + entry_start, r.at - 8 - entry_start) != check)
            return "entry " + std::to_string(i) + " fails its checksum";
        Key c;
        std::memcpy(&c, key, sizeof c);
        std::vector<std::uint32_t> spirv(words);
        std::memcpy(spirv.data(), code, std::size_t{words} * 4);
        if (spirv[0] != 0x07230203u) // SPIR-V magic
            return "entry " + std::to_string(i) + " is not SPIR-V";
        loaded.emplace(c, std::move(spirv));
    }
    if (r.at != r.bytes.size()) return "trailing bytes after the entries";
    entries_ = std::move(loaded);
    return {};
}

template <typename Key>
typename BasicShaderDiskCache<Key>::Scan
BasicShaderDiskCache<Key>::scan(std::span<const std::uint8_t> bytes) {
    Scan out;
    if (bytes.size() < 8) {
        out.problem = "file too short for a header";
        return out;
    }
    std::uint64_t stored = 0;
    std::memcpy(&stored, bytes.data() + bytes.size() - 8, 8);
    if (XXH3_64bits(bytes.data(), bytes.size() - 8) != stored)
        out.problem = "whole-file checksum mismatch (truncated or corrupted)";
    // Entries are read from the whole file: a truncated one may still hold whole entries.
    Reader r{bytes};
    const std::uint8_t* magic = r.take(4);
    std::uint32_t format = 0, layout = 0, key_size = 0, profile_size = 0, count = 0;
    if (!magic || std::memcmp(magic, kMagic, 4) != 0) {
        out.problem = "not a picavk shader cache";
        return out;
    }
    if (!r.u32(format) || format != kFormatVersion || !r.u32(layout) ||
        layout != Key::kLayoutVersion || !r.u32(key_size) || key_size != sizeof(Key)) {
        out.problem = "written by another picavk (format " + std::to_string(format) +
                      ", key layout " + std::to_string(layout) + "; this one reads format " +
                      std::to_string(kFormatVersion) + ", layout " +
                      std::to_string(Key::kLayoutVersion) + ")";
        return out;
    }
    const std::uint8_t* profile = nullptr;
    if (!r.u32(profile_size) || profile_size > 4096 || !(profile = r.take(profile_size)) ||
        !r.u32(count)) {
        out.problem = "truncated header";
        return out;
    }
    out.profile.assign(reinterpret_cast<const char*>(profile), profile_size);
    for (std::uint32_t i = 0; i < count; ++i) {
        const std::size_t entry_start = r.at;
        const std::uint8_t* key = r.take(sizeof(Key));
        std::uint32_t words = 0;
        const std::uint8_t* code = nullptr;
        std::uint64_t check = 0;
        if (!key || !r.u32(words) || words == 0 || words > kMaxWords ||
            !(code = r.take(std::size_t{words} * 4)) || !r.u64(check)) {
            out.damaged.push_back("entry " + std::to_string(i) + " of " + std::to_string(count) +
                                  " is truncated or malformed; the rest of the file is lost");
            return out;
        }
        if (XXH3_64bits(bytes.data() + entry_start, r.at - 8 - entry_start) != check) {
            out.damaged.push_back("entry " + std::to_string(i) + " fails its checksum");
            continue;
        }
        ScannedEntry e;
        std::memcpy(&e.key, key, sizeof e.key);
        e.spirv.resize(words);
        std::memcpy(e.spirv.data(), code, std::size_t{words} * 4);
        if (e.spirv[0] != 0x07230203u) {
            out.damaged.push_back("entry " + std::to_string(i) + " is not SPIR-V");
            continue;
        }
        out.entries.push_back(std::move(e));
    }
    return out;
}

template <typename Key>
std::vector<std::uint8_t> BasicShaderDiskCache<Key>::save() const {
    std::vector<std::uint8_t> out;
    put(out, kMagic, 4);
    put32(out, kFormatVersion);
    put32(out, Key::kLayoutVersion);
    put32(out, sizeof(Key));
    put32(out, static_cast<std::uint32_t>(profile_.size()));
    put(out, profile_.data(), profile_.size());
    put32(out, static_cast<std::uint32_t>(entries_.size()));
    for (const auto& [key, spirv] : entries_) {
        const std::size_t start = out.size();
        put(out, &key, sizeof key);
        put32(out, static_cast<std::uint32_t>(spirv.size()));
        put(out, spirv.data(), spirv.size() * 4);
        const std::uint64_t check = XXH3_64bits(out.data() + start, out.size() - start);
        put(out, &check, 8);
    }
    const std::uint64_t total = XXH3_64bits(out.data(), out.size());
    put(out, &total, 8);
    return out;
}

template <typename Key>
std::string BasicShaderDiskCache<Key>::load_file(const std::string& dir) {
    std::ifstream in(file_name(dir), std::ios::binary);
    if (!in) return "no cache file yet";
    const std::vector<std::uint8_t> bytes((std::istreambuf_iterator<char>(in)),
                                          std::istreambuf_iterator<char>());
    return load(bytes);
}

template <typename Key>
bool BasicShaderDiskCache<Key>::save_file(const std::string& dir) const {
    return write_file_atomically(file_name(dir), save());
}

template <typename Key>
const std::vector<std::uint32_t>* BasicShaderDiskCache<Key>::find(const Key& key) const {
    auto it = entries_.find(key);
    return it == entries_.end() ? nullptr : &it->second;
}

template <typename Key>
void BasicShaderDiskCache<Key>::insert(const Key& key, std::vector<std::uint32_t> spirv) {
    entries_[key] = std::move(spirv);
    dirty_ = true;
}

template class BasicShaderDiskCache<FragmentConfig>;
template class BasicShaderDiskCache<VertexProgramKey>;
template class BasicShaderDiskCache<ComputeRasterKey>;
template class BasicShaderDiskCache<VertexPrepassKey>;

} // namespace picavk::shadergen
