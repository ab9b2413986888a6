#include "shadergen/pipeline_blob.h"

#include <cstring>
#include <xxhash.h>

namespace picavk::shadergen {

namespace {
constexpr char kMagic[4] = {'P', 'V', 'K', 'P'};
constexpr std::size_t kTrailer = sizeof kMagic + sizeof(std::uint64_t);
} // namespace

std::vector<std::uint8_t> wrap_pipeline_blob(std::span<const std::uint8_t> driver_data) {
    std::vector<std::uint8_t> file(driver_data.begin(), driver_data.end());
    const std::uint64_t check = XXH3_64bits(driver_data.data(), driver_data.size());
    file.insert(file.end(), kMagic, kMagic + sizeof kMagic);
    file.resize(file.size() + sizeof check);
    std::memcpy(&file[file.size() - sizeof check], &check, sizeof check);
    return file;
}

bool unwrap_pipeline_blob(std::vector<std::uint8_t>& file) {
    if (file.size() < kTrailer) return false;
    const std::size_t data = file.size() - kTrailer;
    if (std::memcmp(&file[data], kMagic, sizeof kMagic) != 0) return false;
    std::uint64_t check = 0;
    std::memcpy(&check, &file[data + sizeof kMagic], sizeof check);
    if (XXH3_64bits(file.data(), data) != check) return false;
    file.resize(data);
    return true;
}

} // namespace picavk::shadergen
