#version 450
#extension GL_GOOGLE_include_directive : require
// Guest bytes held by one cached surface, read as another surface's pixels, at the resolution
// scale: render-to-texture of a sub-rectangle, a mip level or a cube face, a texture format other
// than the target's (RGBA8 as RGB8, the 16-bit formats as one another, a D24S8 buffer as RGBA8),
// and a new render target that overlaps an older one. Each destination pixel is found in guest
// memory (the tiled layout of pica/texture/tiling.h), each of its bytes in the source's guest
// layout, and the byte taken from the source sample at the same position inside the guest pixel
// (sub-pixel x, y of the scale): at scale 1 this is exactly what writing the source back and
// decoding the destination from guest memory gives.
//
// Byte layouts (pica/texture/texel_formats.h, framebuffer_formats.h): multi-byte pixels are
// little-endian words. RGBA8 = r<<24|g<<16|b<<8|a, RGB8 = r<<16|g<<8|b, RGB5A1, RGB565, RGBA4
// as 16-bit words, D16 a u16, D24 three bytes, D24S8 = stencil<<24|depth. The source arrives as
// a copy of its host image in a texel buffer, one element per scaled pixel (exact integers; a
// sampled read would round): an RGBA8 host word (bytes r, g, b, a), a 16-bit twin's word (the
// guest's bits), or a depth aspect (24-bit integer or float bits) plus a stencil buffer.
layout(set = 0, binding = 0) uniform usamplerBuffer src_main;
layout(set = 0, binding = 1) uniform usamplerBuffer src_stencil;
layout(push_constant) uniform Params {
    int delta;      // the destination's first byte minus the source's first byte
    uint src_bytes; // guest bytes the source holds
    uint scale;
    uint dst_width;  // guest pixels per row of the destination (this mip level)
    uint dst_format; // texture format 0-11 (pica::TextureFormat; 0-4 are the colour formats)
    uint dst_block;  // 8 or 32 (GPUREG_FRAMEBUFFER_BLOCK32)
    uint src_width;  // guest pixels per row of the source
    uint src_format; // 0-4 colour formats, 5 D16, 6 D24, 7 D24S8
    uint src_block;  // 8, 32, or 0 for rows in memory order (display-transfer output)
    uint src_host;   // 0 RGBA8 word, 1 16-bit twin word, 2 24-bit depth, 3 float depth, 4 D16
}
p;
layout(location = 0) out vec4 result;

#include "pica_texels.glsl"

uvec2 unmorton(uint i) {
    uvec2 v = uvec2(0u);
    for (uint b = 0u; b < 5u; ++b) {
        v.x |= ((i >> (2u * b)) & 1u) << b;
        v.y |= ((i >> (2u * b + 1u)) & 1u) << b;
    }
    return v;
}

uvec2 untiled(uint index, uint width, uint block) {
    if (block == 0u) return uvec2(index % width, index / width);
    const uint row = width * block;
    const uint in_row = index % row;
    return uvec2((in_row / (block * block)) * block, (index / row) * block) +
           unmorton(in_row % (block * block));
}

uint src_pixel_bytes() {
    const uint sizes[8] = uint[8](4u, 3u, 2u, 2u, 2u, 2u, 3u, 4u);
    return sizes[p.src_format];
}

// The 24-bit value a write-back stores from a float depth (host_formats.h float_to_depth24: q /
// 2^24 back to q, rounded to nearest): `precise` keeps the product on its own (no fused
// multiply-add; times 2^24 it is exact), and the halfway test is exact where adding 0.5 would
// round.
uint depth24(float f) {
    precise float x = clamp(f, 0.0, 1.0) * 16777216.0;
    uint r = uint(x);
    if (x - float(r) >= 0.5) r += 1u;
    return min(r, 16777215u);
}

// The guest word of source pixel `at`, from the sample at `sub` inside it; narrowing from an
// RGBA8 host truncates, as writing back does (pica::encode_texel).
uint source_word(uvec2 at, uvec2 sub) {
    const uvec2 host = at * p.scale + sub;
    const int i = int(host.y * p.src_width * p.scale + host.x);
    const uint t = texelFetch(src_main, i).r;
    if (p.src_host == 1u) return t & 0xFFFFu;
    if (p.src_host >= 2u) {
        uint d = p.src_host == 3u   ? depth24(uintBitsToFloat(t))
                 : p.src_host == 4u ? (t & 0xFFFFu)
                                    : (t & 0xFFFFFFu);
        if (p.src_format == 5u) return min(d, 0xFFFFu);
        if (p.src_format == 7u) d |= (texelFetch(src_stencil, i).r & 255u) << 24;
        return d;
    }
    const uint r = t & 255u, g = (t >> 8) & 255u, b = (t >> 16) & 255u, a = t >> 24;
    switch (p.src_format) {
    case 0u:
        return r << 24 | g << 16 | b << 8 | a;
    case 1u:
        return r << 16 | g << 8 | b;
    case 2u:
        return (r >> 3) << 11 | (g >> 3) << 6 | (b >> 3) << 1 | (a >> 7);
    case 3u:
        return (r >> 3) << 11 | (g >> 2) << 5 | (b >> 3);
    default:
        return (r >> 4) << 12 | (g >> 4) << 8 | (b >> 4) << 4 | (a >> 4);
    }
}

void main() {
    const uvec2 host = uvec2(gl_FragCoord.xy);
    const uvec2 at = host / p.scale, sub = host % p.scale;
    const uint bits = texel_bits(p.dst_format);
    const uint index = tiled_index(at, p.dst_width, p.dst_block);
    const int first = int(index * bits / 8u) + p.delta;
    const uint count = max(bits / 8u, 1u);
    // Bytes the source does not hold keep what the destination has (guest memory's bytes).
    if (first < 0 || uint(first) + count > p.src_bytes) discard;
    const uint src_size = src_pixel_bytes();
    uint word = 0u;
    for (uint k = 0u; k < count; ++k) {
        const uint byte_at = uint(first) + k;
        const uvec2 s = untiled(byte_at / src_size, p.src_width, p.src_block);
        word |= ((source_word(s, sub) >> (8u * (byte_at % src_size))) & 255u) << (8u * k);
    }
    result = vec4(decode_texel(p.dst_format, word, index & 1u)) / 255.0;
}
