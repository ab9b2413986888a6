#pragma once

// Fused untile + decode kernels for the formats textures use most, where doing both in one pass
// over an 8x8 tile pays: RGBA8 and RGB565. SSE2 only (every x86-64 has it); other hosts use the
// generic row path in texture_codec.cpp.

#include "pica/texture/texel_formats.h"

#include <cstdint>

namespace picavk::pica {

// Decodes a packed w x h (multiples of 8, checked by the caller) tiled texture into linear RGBA8.
// Returns false, writing nothing, when no fused kernel exists for this format on this host.
bool decode_texture_fused(const std::uint8_t* tiled, std::uint8_t* rgba, std::uint32_t width,
                          std::uint32_t height, TextureFormat format);

} // namespace picavk::pica
