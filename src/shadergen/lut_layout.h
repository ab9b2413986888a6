#pragma once

// Where each look-up table sits in the one R32UI texel buffer the fragment shaders read
// (binding kLutBinding): raw LUT words as the command processor stored them, decoded in the
// shader. One buffer for all tables keeps a single descriptor and one upload when any changes.

#include <cstdint>

namespace picavk::shadergen {

inline constexpr std::uint32_t kLutFogOffset = 0;            // 128 entries
inline constexpr std::uint32_t kLutGasOffset = 128;          // 16
inline constexpr std::uint32_t kLutProcTexOffset = 144;      // noise, rgb map, alpha map (128 each)
inline constexpr std::uint32_t kLutProcTexColorOffset = 528; // colour, colour difference (256 each)
inline constexpr std::uint32_t kLutLightingOffset = 1040;    // 24 tables x 256
inline constexpr std::uint32_t kLutWords = kLutLightingOffset + 24 * 256;
inline constexpr std::uint32_t kLutBinding = 4;

} // namespace picavk::shadergen
