#pragma once

// CityHash64 (Geoff Pike and Jyrki Alakuijala, Google, version 1.1), the hash Citra and Azahar
// name custom textures by (Common::ComputeHash64<HashAlgo64::CityHash>, rasterizer_cache.h
// ComputeHash): a texture pack names each replacement by the CityHash64 of the guest bytes it
// replaces, so picavk must compute the same value bit for bit. Version 1.1's short-input paths
// differ from 1.0's; tests/custom_textures/test_city_hash.cpp checks Google's published vectors.

#include <cstdint>
#include <span>

namespace picavk::custom_textures {

std::uint64_t city_hash64(std::span<const std::uint8_t> bytes);

} // namespace picavk::custom_textures
