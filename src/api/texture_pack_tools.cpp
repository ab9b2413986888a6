// Texture packs converted ahead of time (picavk-precompile --textures; custom_textures/
// pack_cache.h).
#include "custom_textures/pack_cache.h"
#include "custom_textures/texture_pack.h"
#include "picavk/session.h"

namespace picavk {

TexturePackConversion
convert_texture_pack(const std::string& pack_dir, const std::string& cache_dir, unsigned threads,
                     const std::function<bool(std::size_t done, std::size_t total)>& progress) {
    TexturePackConversion out;
    custom_textures::TexturePack pack(pack_dir, {.async = false});
    out.problems = pack.take_problems();
    if (pack.empty()) {
        out.error = "texture pack " + pack_dir + " has no replacement picavk can use";
        return out;
    }
    const std::filesystem::path file = custom_textures::pack_cache_path(cache_dir, pack_dir);
    out.file = file.string();
    const custom_textures::PackCacheReport r = custom_textures::write_pack_cache(
        file, pack_dir, pack.sources(), !pack.pack_options().flip_png_files, threads, progress);
    out.textures = r.textures;
    out.failed = r.failed;
    out.raw_bytes = r.raw_bytes;
    out.file_bytes = r.file_bytes;
    out.problems.insert(out.problems.end(), r.problems.begin(), r.problems.end());
    out.error = r.error;
    out.cancelled = r.cancelled;
    return out;
}

} // namespace picavk
