// The shader disk cache's file checks (src/shadergen/shader_disk_cache.h): what it wrote it reads
// back; anything truncated, corrupted or written for another layout or device is refused whole.
#include "shadergen/shader_disk_cache.h"

#include <doctest/doctest.h>

#include <cstring>

using namespace picavk::shadergen;

namespace {
FragmentConfig config(std::uint32_t n) {
    FragmentConfig c{};
    c.stages[0].sources = n;
    c.alpha_test_func = static_cast<std::uint8_t>(n & 7);
    return c;
}
std::vector<std::uint32_t> spirv(std::uint32_t n) {
    return {0x07230203u, 0x00010600u, n, n * 3, 0xDEADBEEF};
}
} // namespace

TEST_CASE("shader disk cache: round trip, then every kind of damage is refused") {
    ShaderDiskCache a("profile A");
    for (std::uint32_t n = 1; n <= 20; ++n)
        a.insert(config(n), spirv(n));
    const std::vector<std::uint8_t> file = a.save();

    ShaderDiskCache b("profile A");
    CHECK(b.load(file).empty());
    CHECK(b.size() == 20);
    REQUIRE(b.find(config(7)));
    CHECK(*b.find(config(7)) == spirv(7));
    CHECK_FALSE(b.find(config(99)));
    CHECK_FALSE(b.dirty());

    SUBCASE("another device or driver") {
        ShaderDiskCache c("profile B");
        CHECK(c.load(file).find("another device") != std::string::npos);
        CHECK(c.size() == 0);
        CHECK(c.file_name("/d") != a.file_name("/d"));
    }
    SUBCASE("truncated anywhere") {
        for (std::size_t cut :
             {std::size_t{0}, std::size_t{7}, std::size_t{40}, file.size() / 2, file.size() - 1}) {
            CAPTURE(cut);
            ShaderDiskCache c("profile A");
            CHECK_FALSE(c.load(std::span(file).first(cut)).empty());
            CHECK(c.size() == 0);
        }
    }
    SUBCASE("one flipped bit anywhere") {
        for (std::size_t at = 0; at < file.size(); at += 37) {
            CAPTURE(at);
            auto bad = file;
            bad[at] ^= 0x10;
            ShaderDiskCache c("profile A");
            CHECK_FALSE(c.load(bad).empty());
            CHECK(c.size() == 0);
        }
    }
    SUBCASE("another key layout: the header names it") {
        auto bad = file;
        const std::uint32_t old_layout = FragmentConfig::kLayoutVersion - 1;
        std::memcpy(&bad[8], &old_layout, 4);
        ShaderDiskCache c("profile A");
        CHECK_FALSE(c.load(bad).empty()); // whole-file checksum catches the edit first
        CHECK(c.size() == 0);
    }
}
