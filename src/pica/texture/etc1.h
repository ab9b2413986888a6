#pragma once

// ETC1 and ETC1A4 blocks as the PICA stores them (docs/research/formats_transfer.md section 3;
// Azahar video_core/texture/etc1.cpp, Panda3DS renderer_gl/etc1.cpp and devkitPro tex3ds
// encode.cpp agree, and the bytes were checked against Debian's etc1tool):
// - each 4x4 block is one 64-bit word read little-endian - the standard (PKM, Khronos) block is the
//   same word stored big-endian, so the eight bytes are reversed;
// - the bit fields are the standard ETC1 ones; pixel (x, y) of the block is index p = 4x + y
//   (column-major), its modifier-select bit is bit p and its sign bit is bit 16 + p;
// - ETC1A4 puts a 64-bit little-endian alpha word before the colour word, 4 bits per pixel at bits
//   4p..4p+3, widened with v * 17;
// - an 8x8 tile holds four blocks in Z order: (0,0), (4,0), (0,4), (4,4).

#include "pica/texture/texel_formats.h"

#include <cstdint>

namespace picavk::pica {

// Alpha word meaning "opaque" for plain ETC1 blocks.
inline constexpr std::uint64_t kEtc1OpaqueAlpha = ~std::uint64_t{0};

// Decodes one block into out[y * 4 + x], y the memory row within the block.
void decode_etc1_block(std::uint64_t colour, std::uint64_t alpha, Rgba8 out[16]);

inline std::uint64_t load_u64_le(const std::uint8_t* p) {
    std::uint64_t v = 0;
    for (int i = 7; i >= 0; --i)
        v = v << 8 | p[i];
    return v;
}

} // namespace picavk::pica
