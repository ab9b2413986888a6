// Fuzzes the shader disk caches' file parser (src/shadergen/shader_disk_cache.h), for fragment
// shaders, the GPU vertex path's programs, the compute rasteriser's shaders and its vertex
// pre-passes (the same parser over other keys). Half the
// runs get a valid whole-file checksum appended, so that the parser behind the checksum is
// reached.
#include "shadergen/compute_raster.h"
#include "shadergen/shader_disk_cache.h"
#include "shadergen/vertex_prepass.h"
#include "shadergen/vertex_program.h"

#include <cstdint>
#include <cstring>
#include <vector>
#include <xxhash.h>

namespace {
template <typename Cache>
void check(const std::vector<std::uint8_t>& file, const std::string& profile) {
    Cache cache(profile);
    const std::string why = cache.load(file);
    if (why.empty()) {
        // Whatever was accepted must save and load back to the same entries.
        Cache again(profile);
        if (!again.load(cache.save()).empty() || again.size() != cache.size()) __builtin_trap();
    }
}
} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::vector<std::uint8_t> file(data, data + size);
    if (size > 0 && (data[0] & 1)) {
        file.erase(file.begin());
        if (file.size() >= 4) std::memcpy(file.data(), "PVKS", 4);
        const std::uint64_t check = XXH3_64bits(file.data(), file.size());
        file.resize(file.size() + 8);
        std::memcpy(file.data() + file.size() - 8, &check, 8);
    }
    // The cache is opened with the host profile the file names (layout: magic, three words,
    // profile length, profile), so that real cache files in the seed corpus, written for
    // lavapipe, get past the profile check to the entries (a foreign profile's refusal is a unit
    // test: test_shader_disk_cache.cpp).
    std::string profile = "fuzz profile";
    if (file.size() >= 20) {
        std::uint32_t length = 0;
        std::memcpy(&length, &file[16], 4);
        if (length <= 4096 && 20 + length <= file.size())
            profile.assign(reinterpret_cast<const char*>(&file[20]), length);
    }
    check<picavk::shadergen::ShaderDiskCache>(file, profile);
    check<picavk::shadergen::VertexProgramDiskCache>(file, profile);
    check<picavk::shadergen::ComputeRasterDiskCache>(file, profile);
    check<picavk::shadergen::VertexPrepassDiskCache>(file, profile);
    return 0;
}
