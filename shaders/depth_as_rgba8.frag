#version 450
// A D24S8 buffer read as an RGBA8 texture (depth effects), at the resolution scale. The guest
// word is stencil << 24 | depth; RGBA8 texels decode byte 3 as red, 2 green, 1 blue, 0 alpha
// (pica/texture/texel_formats.h), so red is the stencil and green, blue, alpha are the depth's
// high, middle and low bytes. The depth and stencil aspects arrive as copies in buffers (exact
// integers from a D24 image; a sampled read would round), one element per scaled pixel.
layout(set = 0, binding = 0) uniform usamplerBuffer depth;
layout(set = 0, binding = 1) uniform usamplerBuffer stencil;
layout(push_constant) uniform Params {
    uint width;       // scaled pixels per row
    uint depth_float; // 1: the image is D32_SFLOAT_S8_UINT, the words are float bits
} p;
layout(location = 0) out vec4 result;

// The 24-bit value a write-back stores from a float depth (surface_transfer.cpp: lround of the
// depth times 2^24 - 1, multiplied in float): `precise` keeps the product rounded on its own (no
// fused multiply-add), and the halfway test is exact where adding 0.5 would round.
uint depth24(float f) {
    precise float x = clamp(f, 0.0, 1.0) * 16777215.0;
    uint r = uint(x);
    if (x - float(r) >= 0.5) r += 1u;
    return min(r, 16777215u);
}

void main() {
    const uvec2 at = uvec2(gl_FragCoord.xy);
    const int i = int(at.y * p.width + at.x);
    const uint word = texelFetch(depth, i).r;
    const uint d = p.depth_float != 0u ? depth24(uintBitsToFloat(word)) : word & 0xFFFFFFu;
    const uint s = texelFetch(stencil, i).r & 255u;
    result = vec4(float(s), float(d >> 16), float((d >> 8) & 255u), float(d & 255u)) / 255.0;
}
