#include "shadergen/key_list.h"

#include "shadergen/fragment_config.h"

#include <xxhash.h>

#include <cstring>

namespace picavk::shadergen {

namespace {
constexpr char kMagic[4] = {'P', 'V', 'K', 'L'};
constexpr std::size_t kHeader = 4 + 4 * 4;

void put32(std::vector<std::uint8_t>& out, std::uint32_t v) {
    for (int i = 0; i < 4; ++i)
        out.push_back(static_cast<std::uint8_t>(v >> (8 * i)));
}
std::uint32_t get32(const std::uint8_t* p) {
    return p[0] | p[1] << 8 | p[2] << 16 | static_cast<std::uint32_t>(p[3]) << 24;
}
} // namespace

std::vector<std::uint8_t> write_key_list(std::span<const std::uint8_t> records,
                                         std::uint32_t record_size) {
    std::vector<std::uint8_t> out(kMagic, kMagic + 4);
    put32(out, kKeyListVersion);
    put32(out, FragmentConfig::kLayoutVersion);
    put32(out, record_size);
    put32(out, static_cast<std::uint32_t>(record_size ? records.size() / record_size : 0));
    out.insert(out.end(), records.begin(), records.end());
    const std::uint64_t h = XXH3_64bits(out.data(), out.size());
    put32(out, static_cast<std::uint32_t>(h));
    put32(out, static_cast<std::uint32_t>(h >> 32));
    return out;
}

std::vector<std::uint8_t> read_key_list(std::span<const std::uint8_t> file,
                                        std::uint32_t record_size, std::string& error) {
    if (file.size() < kHeader + 8 || std::memcmp(file.data(), kMagic, 4) != 0) {
        error = "not a picavk key list";
        return {};
    }
    const std::uint32_t version = get32(&file[4]), layout = get32(&file[8]),
                        size = get32(&file[12]), count = get32(&file[16]);
    if (version != kKeyListVersion) {
        error = "key list format " + std::to_string(version) + ", this picavk reads " +
                std::to_string(kKeyListVersion);
        return {};
    }
    if (layout != FragmentConfig::kLayoutVersion || size != record_size) {
        error = "keys of layout " + std::to_string(layout) + " (" + std::to_string(size) +
                " bytes each), this picavk uses layout " +
                std::to_string(FragmentConfig::kLayoutVersion) + " (" +
                std::to_string(record_size) + " bytes)";
        return {};
    }
    const std::uint64_t body = kHeader + std::uint64_t{count} * size;
    if (body + 8 != file.size()) {
        error = "truncated or padded: " + std::to_string(count) + " keys need " +
                std::to_string(body + 8) + " bytes, the file has " + std::to_string(file.size());
        return {};
    }
    const std::uint64_t h = XXH3_64bits(file.data(), static_cast<std::size_t>(body));
    if (get32(&file[body]) != static_cast<std::uint32_t>(h) ||
        get32(&file[body + 4]) != static_cast<std::uint32_t>(h >> 32)) {
        error = "checksum mismatch (the file is damaged)";
        return {};
    }
    error.clear();
    return {file.begin() + kHeader, file.begin() + static_cast<std::ptrdiff_t>(body)};
}

} // namespace picavk::shadergen
