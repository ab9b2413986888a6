// Custom texture file names as Azahar writes and reads them (custom_tex_manager.cpp:
// DumpTexture's "tex1_{}x{}_{:016X}_{}_mip{}.png", ParseFilename's "tex1_%ux%u_%llX_%u").
#include "custom_textures/texture_names.h"

#include <doctest/doctest.h>

using namespace picavk::custom_textures;

TEST_CASE("custom_textures: dump file names") {
    CHECK(dump_file_name({64, 32, 0xDEADBEEFull, 5, 0}) ==
          "tex1_64x32_00000000DEADBEEF_5_mip0.png");
    CHECK(dump_file_name({1024, 8, 0xFEDCBA9876543210ull, 13, 7}) ==
          "tex1_1024x8_FEDCBA9876543210_13_mip7.png");
}

TEST_CASE("custom_textures: pack file names parse as Azahar parses them") {
    const auto a = parse_pack_file_name("tex1_64x32_00000000DEADBEEF_5_mip0.png");
    REQUIRE(a);
    CHECK(a->kind == FileKind::Png);
    CHECK(a->map == MapKind::Color);
    REQUIRE(a->parsed);
    CHECK(a->parsed->width == 64);
    CHECK(a->parsed->height == 32);
    CHECK(a->parsed->hash == 0xDEADBEEFull);
    CHECK(a->parsed->format == 5);
    CHECK(a->parsed->level == 0);
    // Lower-case hex, text after the format, a normal map.
    const auto b = parse_pack_file_name("tex1_8x8_0123456789abcdef_0_grass.norm.png");
    REQUIRE(b);
    CHECK(b->map == MapKind::Normal);
    REQUIRE(b->parsed);
    CHECK(b->parsed->hash == 0x0123456789ABCDEFull);
    // Any name: a pack.json "textures" entry may give it a hash.
    const auto c = parse_pack_file_name("stone wall.png");
    REQUIRE(c);
    CHECK(!c->parsed);
    CHECK(c->stem == "stone wall");
    CHECK(parse_pack_file_name("a.b.c.png") == std::nullopt); // more than three parts
    CHECK(parse_pack_file_name("noextension") == std::nullopt);
    CHECK(parse_pack_file_name("x.dds")->kind == FileKind::Dds);
    CHECK(parse_pack_file_name("pack.json")->kind == FileKind::Other);
    // Fields that do not parse: no texture named.
    CHECK(!parse_texture_stem("tex1_64x_DEAD_5"));
    CHECK(!parse_texture_stem("tex1_64x32_DEADBEEF"));
    CHECK(!parse_texture_stem("tex1_99999999999x32_DEADBEEF_0")); // width past 32 bits
    CHECK(!parse_texture_stem("tex1_64x32_1FFFFFFFFFFFFFFFF_0")); // hash past 64 bits
}
