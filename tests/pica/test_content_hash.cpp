// content_hash: up to 1 MiB every vector unit the host has gives XXH3_64bits_withSeed's value,
// at every length class XXH3 treats apart (0, 1-3, 4-8, 9-16, 17-128, 129-240, longer: stripes,
// blocks and the last partial stripe), from unaligned starts, with and without a seed; past it
// the value of content_hash.h's 256 KiB stripes, on any number of threads; and content_hash_copy
// gives the same value of its pieces while it copies them.
#include "pica/content_hash.h"
#include "pica/host_workers.h"
#include "random_bytes.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <vector>
#include <xxhash.h>

using namespace picavk::pica;

TEST_CASE("content hash: up to 1 MiB every vector unit gives XXH3-64's value") {
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
          content_hash_with(HashUnit::Baseline, all, 5));
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

namespace {

// content_hash's value past 1 MiB as content_hash.h defines it, from XXH3 alone: each 256 KiB
// stripe's XXH3-64 with the seed, then XXH3-64 of those values with the seed.
std::uint64_t striped_reference(std::span<const std::uint8_t> bytes, std::uint64_t seed) {
    if (bytes.size() <= (1u << 20)) return XXH3_64bits_withSeed(bytes.data(), bytes.size(), seed);
    constexpr std::size_t kStripe = 256 << 10;
    std::vector<std::uint64_t> values;
    for (std::size_t at = 0; at < bytes.size(); at += kStripe)
        values.push_back(
            XXH3_64bits_withSeed(bytes.data() + at, std::min(kStripe, bytes.size() - at), seed));
    return XXH3_64bits_withSeed(values.data(), values.size() * 8, seed);
}

} // namespace

TEST_CASE("content hash: past 1 MiB the stripes' hashes are hashed, with the same value on any "
          "number of threads, hashed alone or while copied") {
    static_assert(kContentHashWhole == (1u << 20) && kContentHashStripe == (256u << 10));
    const std::vector<std::uint8_t> bytes = picavk::test::random_bytes((6u << 20) + 64, 13);
    // Both sides of where it starts, a stripe and a byte past whole stripes, a 1024x1024 RGBA8
    // texture and a scale-8 screen's worth.
    const std::size_t lengths[] = {(1u << 20) - 1, 1u << 20, (1u << 20) + 1, (5u << 18) - 1,
                                   (5u << 18) + 1, 4u << 20, (6u << 20) + 7};
    HostWorkers one(1), two(2), five(5);
    HostWorkers* const workers[] = {nullptr, &one, &two, &five};
    for (HashUnit unit : {HashUnit::Baseline, HashUnit::Avx2, HashUnit::Avx512}) {
        if (!hash_unit_available(unit)) continue;
        const std::string name = hash_unit_name(unit);
        CAPTURE(name);
        for (std::size_t length : lengths) {
            CAPTURE(length);
            const std::span<const std::uint8_t> s(bytes.data() + 3, length);
            const std::uint64_t seed = length * 0x9E3779B97F4A7C15ull;
            const std::uint64_t want = striped_reference(s, seed);
            for (HostWorkers* w : workers) {
                CAPTURE(w ? w->threads() : 0u);
                REQUIRE(content_hash_with(unit, s, seed, w) == want);
            }
        }
        // A texture's levels and pieces across stripe boundaries, copied as they are hashed.
        const std::vector<std::vector<std::size_t>> cuts = {
            {4u << 20, 1u << 20, 256u << 10, 64u << 10, 16u << 10, 4096, 1024, 256},
            {(1u << 20) + 1},
            {1, (256u << 10) - 2, 3, (1u << 20) - 5, 9, 700000}};
        for (std::size_t c = 0; c < cuts.size(); ++c) {
            CAPTURE(c);
            for (HostWorkers* w : workers) {
                CAPTURE(w ? w->threads() : 0u);
                std::vector<std::uint8_t> out(bytes.size(), 0xEE);
                std::vector<HashedCopy> pieces;
                std::size_t at = 5;
                for (std::size_t size : cuts[c]) {
                    pieces.push_back({bytes.data() + at, out.data() + at - 1, size});
                    at += size;
                }
                const std::span<const std::uint8_t> all(bytes.data() + 5, at - 5);
                CHECK(content_hash_copy_with(unit, pieces, 77, w) == striped_reference(all, 77));
                CHECK(content_hash_with(unit, all, 77, w) == striped_reference(all, 77));
                CHECK(std::equal(all.begin(), all.end(), out.begin() + 4));
                CHECK(out[3] == 0xEE);
                CHECK(out[at - 1] == 0xEE);
            }
        }
    }
    // A different byte anywhere, in any stripe, gives another value.
    std::vector<std::uint8_t> changed(bytes.begin(), bytes.begin() + (4u << 20));
    const std::uint64_t before = content_hash(changed, 0, &five);
    for (std::size_t at : {std::size_t{0}, std::size_t{300000}, std::size_t{(4u << 20) - 1}}) {
        changed[at] ^= 1;
        CHECK(content_hash(changed, 0, &five) != before);
        changed[at] ^= 1;
    }
    CHECK(content_hash(changed, 0, &five) == before);
}
