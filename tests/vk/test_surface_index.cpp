// SurfaceIndex (src/vk/surface/surface_index.h): range queries over cached surfaces agree with a
// scan of all of them, report each surface once, and forget erased ones. No device needed.
#include "vk/surface/surface_index.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <random>

using namespace picavk;
using picavk::vk::Surface;
using picavk::vk::SurfaceIndex;

TEST_CASE("surface index: range queries match a scan of every surface, each reported once") {
    std::mt19937 rng(5);
    struct Range {
        std::uint32_t start, end;
    };
    // Fake surface identities: the index never dereferences them.
    std::vector<Range> ranges(600);
    auto id = [](std::size_t i) { return reinterpret_cast<Surface*>(0x1000 + 16 * i); };
    SurfaceIndex index;
    std::vector<bool> live(ranges.size(), true);
    for (std::size_t i = 0; i < ranges.size(); ++i) {
        // Surfaces from 64 bytes to 1.5 MiB over VRAM and the start of FCRAM.
        const std::uint32_t base =
            static_cast<std::uint32_t>(rng()) % 2 ? 0x18000000u : 0x20000000u;
        const std::uint32_t start = base + (static_cast<std::uint32_t>(rng()) % (6u << 20)) / 8 * 8;
        const std::uint32_t size = 64u << (static_cast<std::uint32_t>(rng()) % 15);
        ranges[i] = {start, start + std::min(size, 3u << 19)};
        index.insert(id(i), ranges[i].start, ranges[i].end);
    }
    // Erase a third.
    for (std::size_t i = 0; i < ranges.size(); i += 3) {
        index.erase(id(i), ranges[i].start, ranges[i].end);
        live[i] = false;
    }
    CHECK(index.size() == ranges.size() - (ranges.size() + 2) / 3);
    for (unsigned q = 0; q < 2000; ++q) {
        const std::uint32_t base =
            static_cast<std::uint32_t>(rng()) % 2 ? 0x18000000u : 0x20000000u;
        const std::uint32_t start = base + static_cast<std::uint32_t>(rng()) % (7u << 20);
        const std::uint32_t end =
            start + 1 + static_cast<std::uint32_t>(rng()) % (q % 10 == 0 ? (2u << 20) : 4096u);
        std::vector<Surface*> got;
        index.overlapping(start, end, got);
        std::vector<Surface*> want;
        for (std::size_t i = 0; i < ranges.size(); ++i)
            if (live[i] && ranges[i].start < end && start < ranges[i].end) want.push_back(id(i));
        std::sort(got.begin(), got.end());
        std::sort(want.begin(), want.end());
        REQUIRE(got == want); // same set, no duplicates
    }
    // Empty ranges find nothing.
    std::vector<Surface*> none;
    index.overlapping(0x18000100u, 0x18000100u, none);
    CHECK(none.empty());
}
