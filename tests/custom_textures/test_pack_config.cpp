// pack.json read as Azahar reads it (custom_tex_manager.cpp ReadConfig).
#include "custom_textures/pack_config.h"

#include <doctest/doctest.h>

using namespace picavk::custom_textures;

TEST_CASE("custom_textures: pack.json options and texture map") {
    const PackConfig c = parse_pack_config(R"({
        // comments are accepted
        "author": "someone", "version": "1.0", "description": "d",
        "options": {"skip_mipmap": true, "flip_png_files": false, "use_new_hash": true},
        "textures": {"00000000DEADBEEF": "sub/dir/wall.png",
                     "abc": ["a.png", "b.png"],
                     "nothex": "c.png",
                     "123": 5}
    })");
    CHECK(c.valid);
    CHECK(c.options.skip_mipmap);
    CHECK(!c.options.flip_png_files);
    CHECK(c.options.use_new_hash);
    REQUIRE(c.file_hashes.count("wall.png"));
    CHECK(c.file_hashes.at("wall.png") == std::vector<std::uint64_t>{0xDEADBEEF});
    CHECK(c.file_hashes.at("a.png") == std::vector<std::uint64_t>{0xABC});
    CHECK(c.file_hashes.at("b.png") == std::vector<std::uint64_t>{0xABC});
    CHECK(!c.file_hashes.count("c.png"));
    CHECK(c.problems.size() == 2); // the key that is not hex, the value that names no file
}

TEST_CASE("custom_textures: a damaged pack.json leaves Azahar's legacy defaults") {
    for (const char* text : {"", "{", "[]", R"({"options": 3})",
                             R"({"options": {"skip_mipmap": false, "flip_png_files": true}})",
                             R"({"options": {"skip_mipmap": 1, "flip_png_files": true,
                                             "use_new_hash": true}})",
                             R"({"options": {"skip_mipmap": false, "flip_png_files": true,
                                             "use_new_hash": true}, "textures": []})"}) {
        CAPTURE(text);
        const PackConfig c = parse_pack_config(text);
        CHECK(!c.valid);
        CHECK(c.options.skip_mipmap);
        CHECK(!c.options.use_new_hash);
        CHECK(c.problems.size() == 1);
    }
}

TEST_CASE("custom_textures: the dump template reads back as a valid pack.json") {
    const PackConfig c = parse_pack_config(pack_config_template());
    CHECK(c.valid);
    CHECK(!c.options.skip_mipmap);
    CHECK(c.options.flip_png_files);
    CHECK(c.options.use_new_hash);
    CHECK(c.problems.empty());
}
