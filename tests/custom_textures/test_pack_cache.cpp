// Converted texture packs (pack_cache.h): a round trip gives the PNG path's pixels exactly; a
// changed source, damaged data, a damaged index and another row order each fall back to the
// PNG files, reported.
#include "custom_textures/pack_cache.h"
#include "custom_textures/pack_config.h"
#include "custom_textures/replacement_image.h"
#include "custom_textures/texture_names.h"
#include "custom_textures/texture_pack.h"

#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <thread>

using namespace picavk::custom_textures;
namespace fs = std::filesystem;

namespace {

fs::path fresh_dir(const char* name) {
    const fs::path dir = fs::path(PICAVK_TEST_TMP) / "pack_cache" / name;
    fs::remove_all(dir);
    fs::create_directories(dir);
    return dir;
}

// A pack of `n` replacements (hash i + 1, (8 + i) x (8 + i) pixels, texel (x, y) = (x, y, i,
// 255)), its pack.json with `flip`.
fs::path make_pack(const char* name, int n, bool flip = true) {
    const fs::path dir = fresh_dir(name);
    std::ofstream(dir / "pack.json")
        << R"({"options": {"skip_mipmap": false, "use_new_hash": true, "flip_png_files": )"
        << (flip ? "true" : "false") << "}}";
    for (int i = 0; i < n; ++i) {
        const std::uint32_t side = 8 + static_cast<std::uint32_t>(i);
        std::vector<std::uint8_t> rgba(side * side * 4);
        for (std::uint32_t p = 0; p < side * side; ++p) {
            rgba[p * 4] = static_cast<std::uint8_t>(p % side);
            rgba[p * 4 + 1] = static_cast<std::uint8_t>(p / side);
            rgba[p * 4 + 2] = static_cast<std::uint8_t>(i);
            rgba[p * 4 + 3] = 255;
        }
        REQUIRE(write_png((dir / dump_file_name({8, 8, std::uint64_t(i) + 1, 0, 0})).string(), side,
                          side, rgba));
    }
    return dir;
}

bool mentions(const std::vector<std::string>& problems, const std::string& text) {
    for (const std::string& p : problems)
        if (p.find(text) != std::string::npos) return true;
    return false;
}

fs::path convert(const fs::path& pack_dir) {
    TexturePack pack(pack_dir, {.async = false});
    const fs::path file = pack_cache_path(pack_dir.parent_path() / "cache", pack_dir);
    const PackCacheReport r = write_pack_cache(file, pack_dir, pack.sources(),
                                               !pack.pack_options().flip_png_files, 2, {});
    REQUIRE(r.error.empty());
    CHECK(r.failed == 0);
    CHECK(r.textures == pack.sources().size());
    CHECK(fs::file_size(file) == r.file_bytes);
    return file;
}

} // namespace

TEST_CASE("custom_textures: a converted pack gives exactly what its PNG files give") {
    for (const bool flip : {true, false}) {
        CAPTURE(flip);
        const fs::path dir = make_pack(flip ? "roundtrip" : "roundtrip_flip", 5, flip);
        const fs::path file = convert(dir);
        TexturePack from_png(dir, {.async = false});
        TexturePack from_cache(dir, {.async = false, .cache_file = file});
        CHECK(from_cache.take_problems().empty());
        CHECK(from_cache.stats().cached == 5);
        for (std::uint64_t h = 1; h <= 5; ++h) {
            const std::uint32_t side = 8 + static_cast<std::uint32_t>(h - 1);
            const auto a = from_png.find(h, side, side);
            const auto b = from_cache.find(h, side, side);
            REQUIRE(a.state == TexturePack::State::Ready);
            REQUIRE(b.state == TexturePack::State::Ready);
            CHECK(a.image->width == b.image->width);
            CHECK(a.image->levels == b.image->levels);
        }
        CHECK(from_cache.stats().cache_loads == 5);
        CHECK(from_png.stats().cache_loads == 0);
    }
}

TEST_CASE("custom_textures: a converted pack falls back to the PNG files where it must") {
    const fs::path dir = make_pack("fallback", 3);
    const fs::path file = convert(dir);
    SUBCASE("a source changed since: its PNG is decoded") {
        const fs::path changed = dir / dump_file_name({8, 8, 2, 0, 0});
        fs::last_write_time(changed, fs::last_write_time(changed) + std::chrono::seconds(5));
        TexturePack pack(dir, {.async = false, .cache_file = file});
        CHECK(pack.stats().cached == 2);
        CHECK(pack.find(2, 9, 9).state == TexturePack::State::Ready);
        CHECK(pack.stats().cache_loads == 0);
        CHECK(pack.find(1, 8, 8).state == TexturePack::State::Ready);
        CHECK(pack.stats().cache_loads == 1);
    }
    SUBCASE("damaged data: reported, its PNG decoded") {
        const auto size = fs::file_size(file);
        {
            std::fstream f(file, std::ios::in | std::ios::out | std::ios::binary);
            f.seekp(static_cast<std::streamoff>(size - 3)); // inside the last record's frame
            f.put('\x5A');
        }
        TexturePack pack(dir, {.async = false, .cache_file = file});
        for (std::uint64_t h = 1; h <= 3; ++h)
            CHECK(pack.find(h, static_cast<std::uint32_t>(7 + h), static_cast<std::uint32_t>(7 + h))
                      .state == TexturePack::State::Ready);
        CHECK(pack.stats().cache_loads == 2);
        CHECK(mentions(pack.take_problems(), "is damaged; its PNG is decoded instead"));
    }
    SUBCASE("a damaged index, a truncated file, another version: the PNG files, reported") {
        std::vector<char> bytes(fs::file_size(file));
        std::ifstream(file, std::ios::binary).read(bytes.data(), static_cast<long>(bytes.size()));
        const std::pair<const char*, std::vector<char>> cases[] = {
            {"fails its checksum",
             [&] {
                 auto b = bytes;
                 b[40] ^= 1; // a record's source size
                 return b;
             }()},
            {"truncated", std::vector<char>(bytes.begin(), bytes.begin() + 60)},
            {"not a picavk texture cache",
             [&] {
                 auto b = bytes;
                 b[8] = 9; // version
                 return b;
             }()},
        };
        for (const auto& [why, damaged] : cases) {
            CAPTURE(why);
            std::ofstream(file, std::ios::binary | std::ios::trunc)
                .write(damaged.data(), static_cast<long>(damaged.size()));
            TexturePack pack(dir, {.async = false, .cache_file = file});
            CHECK(mentions(pack.take_problems(), why));
            CHECK(pack.stats().cached == 0);
            CHECK(pack.find(3, 10, 10).state == TexturePack::State::Ready);
        }
    }
    SUBCASE("converted with the other row order") {
        std::ofstream(dir / "pack.json")
            << R"({"options": {"skip_mipmap": false, "use_new_hash": true, "flip_png_files": false}})";
        TexturePack pack(dir, {.async = false, .cache_file = file});
        CHECK(mentions(pack.take_problems(), "the other row order"));
        CHECK(pack.stats().cached == 0);
    }
}
