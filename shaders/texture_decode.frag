#version 450
#extension GL_GOOGLE_include_directive : require
// A texture level's guest bytes decoded on the GPU: one mip level of one layer of a texture
// surface's RGBA8 image, written whole, each guest texel repeated scale x scale times. The GPU
// twin of pica::decode_texture (src/pica/texture/texture_codec.cpp, the reference; tests compare
// the two for every format): rows in memory order (row 0 is the first memory row), pixels in
// 8x8 tiles in Morton order, ETC1/ETC1A4 as 4x4 blocks, four to a tile in Z order
// (pica/texture/etc1.h).
layout(set = 0, binding = 0) uniform usamplerBuffer guest; // the level's bytes as u32 words
layout(push_constant) uniform Params {
    uint format; // pica::TextureFormat 0-13
    uint width;  // guest pixels per row of this level
    uint scale;  // host pixels per guest pixel along each axis
}
p;
layout(location = 0) out vec4 result;

#include "pica_texels.glsl"

uint byte_at(uint offset) {
    return (texelFetch(guest, int(offset >> 2)).r >> (8u * (offset & 3u))) & 255u;
}

// Khronos Data Format Specification, ETC1 intensity modifier sets (small, large).
const ivec2 kEtcModifiers[8] =
    ivec2[8](ivec2(2, 8), ivec2(5, 17), ivec2(9, 29), ivec2(13, 42), ivec2(18, 60), ivec2(24, 80),
             ivec2(33, 106), ivec2(47, 183));

// Pixel (x, y) of the 4x4 block whose 64-bit little-endian colour word is (lo, hi): the fields of
// pica::decode_etc1_block, bit n of the word being bit n - 32 of hi for n >= 32.
uvec3 etc1_pixel(uint lo, uint hi, uvec2 at) {
    const bool flip = (hi & 1u) != 0u, differential = (hi & 2u) != 0u;
    const uint sub = flip ? at.y >> 1 : at.x >> 1;
    uvec3 base;
    if (differential) {
        // 5-bit base plus a 3-bit signed delta for the second subblock, wrapping in 5 bits.
        base = uvec3(hi >> 27, hi >> 19, hi >> 11) & 31u;
        if (sub == 1u) {
            const ivec3 delta = (ivec3(uvec3(hi >> 24, hi >> 16, hi >> 8) & 7u) ^ 4) - 4;
            base = uvec3(ivec3(base) + delta) & 31u;
        }
        base = uvec3(expand5(base.r), expand5(base.g), expand5(base.b));
    } else {
        base =
            (sub == 0u ? uvec3(hi >> 28, hi >> 20, hi >> 12) : uvec3(hi >> 24, hi >> 16, hi >> 8)) &
            15u;
        base *= 17u;
    }
    const uint table = (sub == 0u ? hi >> 5 : hi >> 2) & 7u;
    const uint p_index = 4u * at.x + at.y;
    const uint idx = ((lo >> p_index) & 1u) | (((lo >> (16u + p_index)) & 1u) << 1);
    const int m = kEtcModifiers[table][idx & 1u] * ((idx & 2u) != 0u ? -1 : 1);
    return uvec3(clamp(ivec3(base) + m, 0, 255));
}

uvec4 etc_texel(uvec2 at) {
    const bool with_alpha = p.format == 13u;
    const uint block_bytes = with_alpha ? 16u : 8u;
    const uint tile = (at.y / 8u) * (p.width / 8u) + at.x / 8u;
    const uint block = ((at.y % 8u) / 4u) * 2u + (at.x % 8u) / 4u;
    const uint first_word = (tile * 4u + block) * block_bytes / 4u;
    const uint colour_word = first_word + (with_alpha ? 2u : 0u);
    const uint lo = texelFetch(guest, int(colour_word)).r;
    const uint hi = texelFetch(guest, int(colour_word + 1u)).r;
    const uvec2 in_block = at % 4u;
    uint alpha = 255u;
    if (with_alpha) {
        // 4 bits per pixel at bits 4p..4p+3 of the 64-bit alpha word before the colour word.
        const uint p_index = 4u * in_block.x + in_block.y;
        const uint word = texelFetch(guest, int(first_word + p_index / 8u)).r;
        alpha = expand4((word >> (4u * (p_index % 8u))) & 15u);
    }
    return uvec4(etc1_pixel(lo, hi, in_block), alpha);
}

void main() {
    const uvec2 at = uvec2(gl_FragCoord.xy) / p.scale;
    uvec4 texel;
    if (p.format >= 12u) {
        texel = etc_texel(at);
    } else {
        const uint bits = texel_bits(p.format);
        const uint index = tiled_index(at, p.width, 8u);
        uint word;
        if (bits == 32u) {
            word = texelFetch(guest, int(index)).r;
        } else if (bits == 16u) {
            word = (texelFetch(guest, int(index >> 1)).r >> (16u * (index & 1u))) & 0xFFFFu;
        } else if (bits == 24u) {
            word = byte_at(3u * index) | byte_at(3u * index + 1u) << 8 |
                   byte_at(3u * index + 2u) << 16;
        } else {
            word = byte_at(index * bits / 8u); // 4-bit pixels: the byte holding it
        }
        texel = decode_texel(p.format, word, index & 1u);
    }
    result = vec4(texel) / 255.0;
}
