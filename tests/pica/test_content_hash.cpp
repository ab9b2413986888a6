// content_hash: every vector unit the host has gives XXH3_64bits_withSeed's value, at every
// length class XXH3 treats apart (0, 1-3, 4-8, 9-16, 17-128, 129-240, longer: stripes, blocks and
// the last partial stripe), from unaligned starts, with and without a seed; and
// content_hash_copy gives the same value of its pieces while it copies them.
#include "pica/content_hash.h"
#include "random_bytes.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <vector>
#include <xxhash.h>

using namespace picavk::pica;

TEST_CASE("content hash: every vector unit gives XXH3-64's value") {
    const std::vector<std::uint8_t> bytes = picavk::test::random_bytes((1u << 20) + 4096, 7);
    // XXH3-64 of nothing, seed 0 (xxHash's published sanity value, cli/xsum_sanity_check.c).
    CHECK(content_hash({}) == 0x2D06800538D394C2ull);
    const std::size_t lengths[] = {0,    1,    3,    4,    8,    9,         16,
                                   17,   128,  129,  240,  241,  255,       256,
                                   1023, 1024, 1025, 4096, 4099, 65536 + 7, 1u << 20};
    const std::uint64_t seeds[] = {0, 1, 0x9E3779B97F4A7C15ull};
    int units = 0;
    for (HashUnit unit : {HashUnit::Baseline, HashUnit::Avx2, HashUnit::Avx512}) {
        if (!hash_unit_available(unit)) continue;
        ++units;
        const std::string name = hash_unit_name(unit);
        CAPTURE(name);
        for (std::size_t length : lengths)
            for (std::size_t start = 0; start < 4; ++start)
                for (std::uint64_t seed : seeds) {
                    CAPTURE(length);
                    CAPTURE(start);
                    CAPTURE(seed);
                    const std::span<const std::uint8_t> s(bytes.data() + start, length);
                    REQUIRE(content_hash_with(unit, s, seed) ==
                            XXH3_64bits_withSeed(s.data(), s.size(), seed));
                }
    }
    MESSAGE("content_hash uses " << std::string(hash_unit_name(hash_unit())) << " (" << units
                                 << " units on this host)");
    CHECK(hash_unit_available(hash_unit()));
    const std::span<const std::uint8_t> all(bytes);
    CHECK(content_hash(all, 5) == content_hash_with(hash_unit(), all, 5));
    // A unit the host lacks falls back to the baseline's value, never to a wrong one.
    CHECK(content_hash_with(HashUnit::Avx512, all, 5) ==
          XXH3_64bits_withSeed(all.data(), all.size(), 5));
}

TEST_CASE("content hash: a copy while hashing gives every byte and content_hash's value of the "
          "pieces one after another, with every unit") {
    const std::vector<std::uint8_t> bytes = picavk::test::random_bytes((1u << 20) + 4096, 11);
    // Pieces across the 16 KiB chunks and XXH3's length classes, from unaligned starts; the last
    // set is one texture's levels (1024x1024 RGBA8 down to 8x8) as they follow each other.
    const std::vector<std::vector<std::size_t>> cuts = {
        {},
        {0},
        {1},
        {17, 0, 240},
        {241, 16384, 16385},
        {65536 + 7, 3, 100000},
        {1u << 20},
        {786432, 196608, 49152, 12288, 3072, 768, 192}};
    for (HashUnit unit : {HashUnit::Baseline, HashUnit::Avx2, HashUnit::Avx512}) {
        if (!hash_unit_available(unit)) continue;
        const std::string name = hash_unit_name(unit);
        CAPTURE(name);
        for (std::size_t c = 0; c < cuts.size(); ++c) {
            CAPTURE(c);
            std::vector<std::uint8_t> out(bytes.size(), 0xEE);
            std::vector<HashedCopy> pieces;
            std::size_t at = 3, total = 0;
            for (std::size_t size : cuts[c]) {
                pieces.push_back({bytes.data() + at, out.data() + at + 1, size});
                at += size;
                total += size;
            }
            const std::uint64_t seed = c * 0x9E3779B97F4A7C15ull;
            CHECK(content_hash_copy_with(unit, pieces, seed) ==
                  XXH3_64bits_withSeed(bytes.data() + 3, total, seed));
            // Every piece's bytes landed at its destination (one byte further on), nothing else.
            CHECK(std::equal(bytes.begin() + 3, bytes.begin() + 3 + total, out.begin() + 4));
            CHECK(out[3] == 0xEE);
            CHECK(out[4 + total] == 0xEE);
        }
    }
    const std::uint8_t one = 5;
    std::uint8_t to = 0;
    const HashedCopy piece{&one, &to, 1};
    CHECK(content_hash_copy({&piece, 1}, 9) == content_hash({&one, 1}, 9));
    CHECK(to == 5);
}
