// Texture packs on disk: lookup by hash, asynchronous and synchronous decoding, row order,
// generated mip levels, the memory budget, and every kind of bad input (a PNG that does not
// decode, a wrong aspect ratio, a damaged or missing pack.json, a folder that vanishes).
#include "custom_textures/city_hash.h"
#include "custom_textures/pack_config.h"
#include "custom_textures/replacement_image.h"
#include "custom_textures/texture_dumper.h"
#include "custom_textures/texture_names.h"
#include "custom_textures/texture_pack.h"
#include "pica/texture/texture_codec.h"

#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>

using namespace picavk::custom_textures;
namespace fs = std::filesystem;

namespace {

fs::path fresh_dir(const char* name) {
    const fs::path dir = fs::path(PICAVK_TEST_TMP) / "custom_textures" / name;
    fs::remove_all(dir);
    fs::create_directories(dir);
    return dir;
}

void write_text(const fs::path& path, const std::string& text) {
    std::ofstream(path, std::ios::binary) << text;
}

// A w x h image whose texel (x, y) is (x, y, x ^ y, 255 - x - y).
std::vector<std::uint8_t> pattern(std::uint32_t w, std::uint32_t h) {
    std::vector<std::uint8_t> rgba(std::size_t{w} * h * 4);
    for (std::uint32_t y = 0; y < h; ++y)
        for (std::uint32_t x = 0; x < w; ++x) {
            std::uint8_t* p = &rgba[(std::size_t{y} * w + x) * 4];
            p[0] = static_cast<std::uint8_t>(x);
            p[1] = static_cast<std::uint8_t>(y);
            p[2] = static_cast<std::uint8_t>(x ^ y);
            p[3] = static_cast<std::uint8_t>(255 - x - y);
        }
    return rgba;
}

// A replacement for an 8x8 RGBA8 texture with hash `hash`, as a size x size PNG.
fs::path add_png(const fs::path& dir, std::uint64_t hash, std::uint32_t w, std::uint32_t h) {
    const fs::path path = dir / dump_file_name({8, 8, hash, 0, 0});
    REQUIRE(write_png(path.string(), w, h, pattern(w, h)));
    return path;
}

bool mentions(const std::vector<std::string>& problems, const std::string& text) {
    for (const std::string& p : problems)
        if (p.find(text) != std::string::npos) return true;
    return false;
}

TexturePack::Lookup find_ready(TexturePack& pack, std::uint64_t hash) {
    TexturePack::Lookup l = pack.find(hash, 8, 8);
    if (l.state == TexturePack::State::Loading) {
        pack.wait_idle();
        l = pack.find(hash, 8, 8);
    }
    return l;
}

} // namespace

TEST_CASE("custom_textures: a pack's replacement loads asynchronously, rows and mips intact") {
    const fs::path dir = fresh_dir("async");
    write_text(dir / "pack.json", pack_config_template());
    fs::create_directories(dir / "sub");
    add_png(dir / "sub", 0x1111, 16, 16);
    TexturePack pack(dir, {});
    CHECK(pack.take_problems().empty());
    CHECK(pack.stats().files == 1);
    CHECK(pack.find(0x2222, 8, 8).state == TexturePack::State::Absent);
    const TexturePack::Lookup l = find_ready(pack, 0x1111);
    REQUIRE(l.state == TexturePack::State::Ready);
    REQUIRE(l.image);
    CHECK(l.image->width == 16);
    CHECK(l.image->height == 16);
    CHECK(l.image->levels[0] == pattern(16, 16));
    REQUIRE(l.image->levels.size() == 5); // 16, 8, 4, 2, 1
    // Level 1 texel (0, 0): the mean of texels (0..1, 0..1), rounded.
    const std::uint8_t* t = l.image->levels[1].data();
    CHECK(t[0] == 1); // (0 + 1 + 0 + 1 + 2) / 4 = 0.5 -> 1
    CHECK(t[1] == 1);
    CHECK(t[2] == 1);   // x ^ y: 0, 1, 1, 0
    CHECK(t[3] == 254); // 255, 254, 254, 253
    CHECK(l.image->levels[4].size() == 4);
    CHECK(pack.stats().loads == 1);
}

TEST_CASE("custom_textures: flip_png_files off reads PNG rows bottom first") {
    const fs::path dir = fresh_dir("flip");
    write_text(dir / "pack.json", R"({"options": {"skip_mipmap": false, "flip_png_files": false,
                                     "use_new_hash": true}})");
    add_png(dir, 0x33, 8, 8);
    TexturePack pack(dir, {.async = false});
    const TexturePack::Lookup l = pack.find(0x33, 8, 8);
    REQUIRE(l.state == TexturePack::State::Ready);
    const std::vector<std::uint8_t> png = pattern(8, 8);
    for (std::uint32_t y = 0; y < 8; ++y)
        CHECK(std::equal(png.begin() + (7 - y) * 32, png.begin() + (8 - y) * 32,
                         l.image->levels[0].begin() + y * 32));
}

TEST_CASE("custom_textures: bad replacement files are reported and the original kept") {
    const fs::path dir = fresh_dir("bad");
    write_text(dir / "pack.json", pack_config_template());
    write_text(dir / dump_file_name({8, 8, 0xBAD, 0, 0}), "not a png at all");
    add_png(dir, 0xA5, 16, 8); // 2:1, for a square texture
    write_text(dir / "tex1_8x8_00000000000000C0_0_mip0.dds", "x");
    write_text(dir / "unnamed.png", "x");
    add_png(dir, 0x77, 8, 8);
    fs::copy_file(dir / dump_file_name({8, 8, 0x77, 0, 0}), dir / "copy.png");
    write_text(dir / "pack.json", R"({"options": {"skip_mipmap": false, "flip_png_files": true,
        "use_new_hash": true}, "textures": {"77": "copy.png"}})");
    TexturePack pack(dir, {.async = false});
    std::vector<std::string> problems = pack.take_problems();
    CHECK(mentions(problems, ".dds: DDS and KTX replacements are not read"));
    CHECK(mentions(problems, "unnamed.png: names no texture"));
    CHECK(mentions(problems, "both replace 0000000000000077"));
    CHECK(pack.find(0xBAD, 8, 8).state == TexturePack::State::Failed);
    CHECK(pack.find(0xA5, 8, 8).state == TexturePack::State::Failed);
    CHECK(pack.find(0xA5, 16, 8).state == TexturePack::State::Ready); // its own shape is fine
    problems = pack.take_problems();
    CHECK(mentions(problems, dump_file_name({8, 8, 0xBAD, 0, 0}) + ": not a PNG"));
    CHECK(mentions(problems, "does not have the aspect ratio of the 8x8 texture"));
    CHECK(pack.stats().failures == 2);
    // Asking again reports nothing new.
    CHECK(pack.find(0xBAD, 8, 8).state == TexturePack::State::Failed);
    CHECK(pack.find(0xA5, 8, 8).state == TexturePack::State::Failed);
    CHECK(pack.take_problems().empty());
}

TEST_CASE("custom_textures: packs that cannot be used say why") {
    SUBCASE("no folder") {
        TexturePack pack(fresh_dir("none") / "missing", {});
        CHECK(pack.empty());
        CHECK(mentions(pack.take_problems(), "is not a folder"));
    }
    SUBCASE("a damaged pack.json: reported, the pack taken as a legacy one (as Azahar does)") {
        const fs::path dir = fresh_dir("damaged");
        write_text(dir / "pack.json", "{\"options\": {\"skip_mipmap\": tru");
        add_png(dir, 0x1, 8, 8);
        TexturePack pack(dir, {});
        CHECK(pack.legacy_hash());
        CHECK(pack.contains(0x1));
        CHECK(mentions(pack.take_problems(), "pack.json: pack.json does not parse"));
    }
}

TEST_CASE("custom_textures: a pack without pack.json is a legacy pack") {
    // Azahar's defaults for it: textures named by the legacy hash, mip levels generated.
    const fs::path dir = fresh_dir("legacy");
    add_png(dir, 0x1, 8, 8);
    TexturePack pack(dir, {.async = false});
    CHECK(pack.take_problems().empty());
    CHECK(pack.legacy_hash());
    CHECK(pack.pack_options().skip_mipmap);
    CHECK(pack.find(0x1, 8, 8).state == TexturePack::State::Ready);
}

TEST_CASE("custom_textures: a pack folder that vanishes mid-run") {
    const fs::path dir = fresh_dir("vanish");
    write_text(dir / "pack.json", pack_config_template());
    add_png(dir, 0x5, 8, 8);
    TexturePack pack(dir, {});
    fs::remove_all(dir);
    CHECK(find_ready(pack, 0x5).state == TexturePack::State::Failed);
    CHECK(mentions(pack.take_problems(), "cannot be read"));
}

TEST_CASE("custom_textures: the memory budget drops the least recently used replacement") {
    const fs::path dir = fresh_dir("budget");
    write_text(dir / "pack.json", pack_config_template());
    for (std::uint64_t h : {0x10, 0x20, 0x30})
        add_png(dir, h, 16, 16); // 1364 bytes with mips
    TexturePack pack(dir, {.memory_budget = 3000, .async = false});
    const auto first = pack.find(0x10, 8, 8);
    REQUIRE(first.state == TexturePack::State::Ready);
    REQUIRE(pack.find(0x20, 8, 8).state == TexturePack::State::Ready);
    REQUIRE(pack.find(0x10, 8, 8).state == TexturePack::State::Ready); // 0x20 is now the oldest
    REQUIRE(pack.find(0x30, 8, 8).state == TexturePack::State::Ready);
    PackStats s = pack.stats();
    CHECK(s.evictions == 1);
    CHECK(s.resident_bytes == 2 * 1364);
    CHECK(first.image->levels[0] == pattern(16, 16)); // a holder keeps its copy
    // 0x20 was dropped: decoded again when asked for (0x10, now oldest, makes room).
    CHECK(pack.find(0x20, 8, 8).state == TexturePack::State::Ready);
    s = pack.stats();
    CHECK(s.loads == 4);
    CHECK(s.evictions == 2);
}

TEST_CASE("custom_textures: preload decodes the whole pack before the first lookup") {
    const fs::path dir = fresh_dir("preload");
    write_text(dir / "pack.json", pack_config_template());
    for (std::uint64_t h = 1; h <= 6; ++h)
        add_png(dir, h, 8, 8);
    TexturePack pack(dir, {});
    CHECK(pack.preload() == 6);
    for (std::uint64_t h = 1; h <= 6; ++h)
        CHECK(pack.find(h, 8, 8).state == TexturePack::State::Ready);
    CHECK(pack.stats().loads == 6);
    TexturePack small(dir, {.memory_budget = 600}); // two 8x8 images with mips (340 bytes each)
    CHECK(small.preload() == 1);
    CHECK(mentions(small.take_problems(), "larger than its memory budget"));
}

TEST_CASE("custom_textures: dumping names each level by the hash of its guest bytes") {
    const fs::path dir = fresh_dir("dump") / "0004000000030800";
    std::vector<std::uint8_t> guest(8 * 8 * 4);
    for (std::size_t i = 0; i < guest.size(); ++i)
        guest[i] = static_cast<std::uint8_t>(i * 7);
    const std::uint64_t hash = city_hash64(guest);
    {
        TextureDumper dumper(dir);
        CHECK(dumper.wants(hash));
        dumper.dump(hash, 8, 8, 0, 0, guest);
        CHECK(!dumper.wants(hash));
        dumper.dump(hash, 8, 8, 0, 0, guest); // once only
        dumper.wait_idle();
        CHECK(dumper.stats().written == 1);
        CHECK(dumper.take_problems().empty());
    }
    const fs::path png = dir / dump_file_name({8, 8, hash, 0, 0});
    REQUIRE(fs::exists(png));
    CHECK(fs::exists(dir / "pack.json"));
    // The PNG holds the decoded texture, its first memory row on top; loaded back through a
    // pack (the dump's own pack.json), it is exactly that.
    std::vector<std::uint8_t> rgba(8 * 8 * 4);
    REQUIRE(picavk::pica::decode_texture(guest, rgba, 8, 8, picavk::pica::TextureFormat::RGBA8));
    TexturePack pack(dir, {.async = false});
    CHECK(pack.take_problems().empty());
    const auto l = pack.find(hash, 8, 8);
    REQUIRE(l.state == TexturePack::State::Ready);
    CHECK(l.image->levels[0] == rgba);
}

TEST_CASE("custom_textures: a PNG chunk longer than the file is refused before decoding") {
    // stb_image reserved the claimed length first: 2 GiB for a damaged 293-byte file.
    const fs::path dir = fresh_dir("chunk_length");
    const fs::path path = dir / "image.png";
    REQUIRE(write_png(path.string(), 8, 8, pattern(8, 8)));
    std::ifstream f(path, std::ios::binary);
    std::vector<std::uint8_t> bytes((std::istreambuf_iterator<char>(f)),
                                    std::istreambuf_iterator<char>());
    std::string error;
    REQUIRE(decode_png(bytes, false, error).has_value());
    // The first chunk after IHDR (8 + 25 bytes in) is IDAT: claim 2^31 - 16 bytes.
    REQUIRE(std::string(bytes.begin() + 37, bytes.begin() + 41) == "IDAT");
    bytes[33] = 0x7F, bytes[34] = 0xFF, bytes[35] = 0xFF, bytes[36] = 0xF0;
    CHECK_FALSE(decode_png(bytes, false, error).has_value());
    CHECK(error.find("chunk") != std::string::npos);
}
