// SurfaceIndex (src/vk/surface/surface_index.h): range queries over cached surfaces agree with a
// scan of all of them, report each surface once, and forget erased ones. No device needed.
#include "vk/surface/surface_index.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <random>

using namespace picavk;
using picavk::vk::Surface;
using picavk::vk::SurfaceIndex;

TEST_CASE("surface index: range queries match a scan of every surface, each reported once, "
          "cube textures (six ranges) included") {
    std::mt19937 rng(5);
    using Ranges = SurfaceIndex::Ranges;
    // Fake surface identities: the index never dereferences them.
    std::vector<Ranges> surfaces(600);
    auto id = [](std::size_t i) { return reinterpret_cast<Surface*>(0x1000 + 16 * i); };
    SurfaceIndex index;
    std::vector<bool> live(surfaces.size(), true);
    auto random_start = [&](std::uint32_t span) {
        const std::uint32_t base =
            static_cast<std::uint32_t>(rng()) % 2 ? 0x18000000u : 0x20000000u;
        return base + (static_cast<std::uint32_t>(rng()) % span) / 8 * 8;
    };
    for (std::size_t i = 0; i < surfaces.size(); ++i) {
        // Surfaces from 64 bytes to 1.5 MiB over VRAM and the start of FCRAM; every fourth a
        // cube texture whose faces (up to 64 KiB each) lie apart, side by side, or two at the
        // same address.
        if (i % 4 == 3) {
            const std::uint32_t size = 64u << (static_cast<std::uint32_t>(rng()) % 11);
            std::uint32_t at = random_start(6u << 20);
            for (std::uint32_t f = 0; f < 6; ++f) {
                surfaces[i].add(at, at + size);
                const std::uint32_t how = static_cast<std::uint32_t>(rng()) % 3;
                at = how == 0 ? random_start(6u << 20) : how == 1 ? at + size : at;
            }
        } else {
            const std::uint32_t start = random_start(6u << 20);
            const std::uint32_t size = 64u << (static_cast<std::uint32_t>(rng()) % 15);
            surfaces[i].add(start, start + std::min(size, 3u << 19));
        }
        index.insert(id(i), surfaces[i]);
    }
    // Erase a third.
    for (std::size_t i = 0; i < surfaces.size(); i += 3) {
        index.erase(id(i), surfaces[i]);
        live[i] = false;
    }
    CHECK(index.size() == surfaces.size() - (surfaces.size() + 2) / 3);
    for (unsigned q = 0; q < 3000; ++q) {
        const std::uint32_t start = random_start(7u << 20) + static_cast<std::uint32_t>(rng()) % 8;
        const std::uint32_t end =
            start + 1 + static_cast<std::uint32_t>(rng()) % (q % 10 == 0 ? (2u << 20) : 4096u);
        std::vector<Surface*> got;
        index.overlapping(start, end, got);
        std::vector<Surface*> want;
        for (std::size_t i = 0; i < surfaces.size(); ++i)
            if (live[i] && std::any_of(surfaces[i].begin(), surfaces[i].end(),
                                       [&](auto r) { return r.start < end && start < r.end; }))
                want.push_back(id(i));
        std::sort(got.begin(), got.end());
        std::sort(want.begin(), want.end());
        REQUIRE(got == want); // same set, no duplicates
    }
    // Empty ranges find nothing.
    std::vector<Surface*> none;
    index.overlapping(0x18000100u, 0x18000100u, none);
    CHECK(none.empty());
}
