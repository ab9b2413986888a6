#pragma once

// Seeded random numbers for the randomized tests: each configuration is reproducible from its
// number alone.

#include <cstdint>
#include <random>

namespace picavk::test {

// 32-bit draws (std::mt19937's result type is wider on LP64).
struct Rng {
    std::mt19937 engine;
    explicit Rng(std::uint32_t seed) : engine(seed) {}
    std::uint32_t operator()() { return static_cast<std::uint32_t>(engine()); }
};

// A float in [0, 1] on a 1/65535 grid.
inline float unit_random(Rng& rng) {
    return static_cast<float>(rng() % 65536) / 65535.0f;
}

} // namespace picavk::test
