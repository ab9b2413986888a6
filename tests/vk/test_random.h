#pragma once

// Seeded random numbers for the randomized tests: each configuration is reproducible from its
// number alone.

#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <random>
#include <stdexcept>
#include <string>

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

// A float in [lo, hi] on a 2^24-step grid.
inline float uniform(Rng& rng, float lo, float hi) {
    return lo + (hi - lo) * static_cast<float>(rng() % (1u << 24)) / 16777215.0f;
}

// v moved by `steps` float32 steps (up for positive, down for negative).
inline float nudge(float v, int steps) {
    for (; steps > 0; --steps)
        v = std::nextafter(v, INFINITY);
    for (; steps < 0; ++steps)
        v = std::nextafter(v, -INFINITY);
    return v;
}

// How many configurations a randomized test case runs: the environment variable `name` (the CI
// presets and ctest lower it, tests/CMakeLists.txt), else `fallback`. A value that is not a whole
// number from 1 up throws (the case fails): 0, or a typo read as 0, would pass checking nothing.
inline unsigned configs_from_env(const char* name, unsigned fallback) {
    const char* env = std::getenv(name);
    if (!env) return fallback;
    char* end = nullptr;
    const unsigned long n = std::strtoul(env, &end, 10);
    if (end == env || *end != '\0' || n == 0 || n > 0xFFFFFFFFul)
        throw std::invalid_argument(std::string(name) + "=" + env +
                                    ": a number of configurations from 1 up");
    return static_cast<unsigned>(n);
}

} // namespace picavk::test
