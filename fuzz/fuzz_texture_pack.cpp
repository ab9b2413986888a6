// Fuzzes the texture-pack loader (src/custom_textures): pack.json, pack file names, replacement
// PNGs and converted pack caches. The input is split at its first two 0xFF 0x00 markers into a
// pack.json, a file name and the file's bytes; a pack folder holding them is opened and its
// texture looked up (decoding the file), the three parsers also run on the raw pieces, and the
// file's bytes are read as a converted cache (every record it claims loaded and checked). Nothing
// may crash, hang or allocate without bound; what is refused must be said (a problem) and a texture
// that is found must hold its whole mip chain.
#include "custom_textures/pack_cache.h"
#include "custom_textures/pack_config.h"
#include "custom_textures/replacement_image.h"
#include "custom_textures/texture_names.h"
#include "custom_textures/texture_pack.h"

#include <unistd.h>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>

namespace {

std::string_view take(std::string_view& in) {
    const std::size_t at = in.find(std::string_view("\xFF\x00", 2));
    const std::string_view part = in.substr(0, at);
    in = at == std::string_view::npos ? std::string_view() : in.substr(at + 2);
    return part;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace picavk::custom_textures;
    std::string_view in(reinterpret_cast<const char*>(data), size);
    const std::string_view config = take(in);
    std::string name(take(in));
    const std::string_view file = in;

    parse_pack_config(config);
    const auto parsed = parse_pack_file_name(name);
    std::string error;
    if (const auto image = decode_png(
            {reinterpret_cast<const std::uint8_t*>(file.data()), file.size()}, false, error)) {
        if (image->width == 0 || image->width > kMaxReplacementSide) __builtin_trap();
    } else if (error.empty()) {
        __builtin_trap(); // a refusal says why
    }

    // The same pieces as a pack folder on disk. File names the file system refuses (a slash,
    // a NUL, dot names, too long) are replaced by one that parses.
    static const std::filesystem::path dir =
        std::filesystem::temp_directory_path() / ("fuzz-texture-pack-" + std::to_string(getpid()));
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    if (name.empty() || name.size() > 200 || name == "." || name == ".." ||
        name.find_first_of(std::string_view("/\0", 2)) != std::string::npos)
        name = "tex1_8x8_00000000000000AB_0_mip0.png";
    std::ofstream(dir / "pack.json", std::ios::binary).write(config.data(), config.size());
    std::ofstream(dir / name, std::ios::binary).write(file.data(), file.size());
    TexturePack pack(dir, {.memory_budget = 64u << 20, .async = false});
    const auto named = parse_pack_file_name(name);
    const std::uint64_t hash = named && named->parsed ? named->parsed->hash : 0xAB;
    const TexturePack::Lookup found = pack.find(hash, 8, 8);
    if (found.state == TexturePack::State::Ready) {
        if (!found.image || found.image->levels.empty()) __builtin_trap();
        const auto& last = found.image->levels.back();
        if (last.size() != 4) __builtin_trap(); // the chain ends at 1x1
    }
    pack.take_problems();
    (void)parsed;

    // The file as a converted cache.
    const std::filesystem::path cache_file = dir / "cache.bin";
    std::ofstream(cache_file, std::ios::binary).write(file.data(), file.size());
    for (const bool bottom_first : {false, true}) {
        std::string problem;
        const auto cache = PackCache::open(cache_file, bottom_first, problem);
        if (!cache) continue;
        for (const std::uint64_t hash : cache->hashes()) {
            std::string why;
            const auto image = cache->load(hash, why);
            if (!image && why.empty()) __builtin_trap(); // a refusal says why
            if (image && image->levels.back().size() != 4) __builtin_trap();
        }
    }
    return 0;
}
