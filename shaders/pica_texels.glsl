// Guest texel layouts shared by the static shaders that read guest bytes (included; glslang's
// GL_GOOGLE_include_directive). The CPU twins are pica/texture/tiling.h (Morton order inside
// 8x8 tiles, 32x32 blocks extending the curve) and pica/texture/texel_formats.h (decode_texel:
// multi-byte pixels are little-endian words, widening replicates the top bits).

uint morton(uvec2 v) {
    uint i = 0u;
    for (uint b = 0u; b < 5u; ++b) {
        i |= ((v.x >> b) & 1u) << (2u * b);
        i |= ((v.y >> b) & 1u) << (2u * b + 1u);
    }
    return i;
}

// Pixel index (tiled order) of guest pixel (x, y) in an image `width` pixels wide, in 8x8 tiles
// (block 8) or 32x32 blocks (block 32): the byte offset divided by the pixel size.
uint tiled_index(uvec2 at, uint width, uint block) {
    return (at.y / block) * width * block + (at.x / block) * block * block + morton(at % block);
}

uint expand4(uint v) { return v * 17u; }
uint expand5(uint v) { return (v << 3) | (v >> 2); }
uint expand6(uint v) { return (v << 2) | (v >> 4); }

// Storage bits per pixel of texture formats 0-13 (pica::bits_per_pixel).
uint texel_bits(uint format) {
    const uint bits[14] = uint[14](32u, 24u, 16u, 16u, 16u, 16u, 16u, 8u, 8u, 8u, 4u, 4u, 4u, 8u);
    return bits[min(format, 13u)];
}

// pica::decode_texel for texture formats 0-11: `w` holds the pixel's bytes, little-endian; for
// I4 and A4 `nibble` picks the low (0) or high (1) half of the byte.
uvec4 decode_texel(uint format, uint w, uint nibble) {
    const uint b0 = w & 255u, b1 = (w >> 8) & 255u, b2 = (w >> 16) & 255u, b3 = w >> 24;
    switch (format) {
    case 0u: return uvec4(b3, b2, b1, b0);
    case 1u: return uvec4(b2, b1, b0, 255u);
    case 2u: return uvec4(expand5(w >> 11), expand5((w >> 6) & 31u), expand5((w >> 1) & 31u),
                          (w & 1u) * 255u);
    case 3u: return uvec4(expand5(w >> 11), expand6((w >> 5) & 63u), expand5(w & 31u), 255u);
    case 4u: return uvec4(expand4(w >> 12), expand4((w >> 8) & 15u), expand4((w >> 4) & 15u),
                          expand4(w & 15u));
    case 5u: return uvec4(b1, b1, b1, b0);
    case 6u: return uvec4(b1, b0, 0u, 255u);
    case 7u: return uvec4(b0, b0, b0, 255u);
    case 8u: return uvec4(0u, 0u, 0u, b0);
    case 9u: return uvec4(uvec3(expand4(b0 >> 4)), expand4(b0 & 15u));
    case 10u: return uvec4(uvec3(expand4((b0 >> (4u * nibble)) & 15u)), 255u);
    default: return uvec4(0u, 0u, 0u, expand4((b0 >> (4u * nibble)) & 15u));
    }
}
