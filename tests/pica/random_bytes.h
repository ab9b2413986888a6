#pragma once

// Reproducible random byte buffers for codec round-trip tests.

#include <cstdint>
#include <random>
#include <vector>

namespace picavk::test {

inline std::vector<std::uint8_t> random_bytes(std::size_t n, std::uint32_t seed) {
    std::mt19937_64 rng(seed);
    std::vector<std::uint8_t> v(n);
    for (auto& b : v)
        b = static_cast<std::uint8_t>(rng());
    return v;
}

} // namespace picavk::test
