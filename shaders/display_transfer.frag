#version 450
// The display transfer between two cached colour surfaces at the resolution scale
// (src/vk/surface/transfer_blitter.cpp). Bit-exact with the CPU path (pica/transfer/transfer_engine.cpp)
// at scale 1, and at every guest pixel centre of an odd scale:
//  - source texels are quantised to the source's guest format and expanded to 8 bits by bit
//    replication (what decoding guest bytes gives);
//  - 2x1 and 2x2 downscales average with truncation (hwtests displaytransfer.cpp), taking from
//    each source guest pixel the sample at the same position inside it, so the sample at a
//    guest pixel's centre averages the centres;
//  - the output is truncated to the destination's guest format (0xFF next to 0x00 gives 0x7F;
//    RGBA4 0xF000 gives RGB5A1 0xF800) and written exactly into the host format.
layout(set = 0, binding = 0) uniform sampler2D source;
layout(push_constant) uniform Params {
    ivec4 src_host_bits;  // per channel r, g, b, a: bits of the source's host format
    ivec4 src_guest_bits; // bits of the source's guest format (0: the channel reads 255)
    ivec4 dst_guest_bits; // bits of the output's guest format (0: not stored)
    ivec4 dst_host_bits;  // bits of the destination's host format
    ivec4 geometry;       // x: scale, y: horizontal factor, z: vertical factor, w: flip
    ivec4 size;           // x: output rows (guest pixels)
} p;
layout(location = 0) out vec4 result;

uint expand(uint v, int bits) {
    if (bits >= 8) return v;
    uint r = v << (8 - bits);
    for (int s = bits; s < 8; s += bits)
        r |= r >> bits;
    return r;
}

uvec4 guest_texel(ivec2 at) {
    const vec4 c = texelFetch(source, at, 0);
    uvec4 v;
    for (int i = 0; i < 4; ++i) {
        const int host = p.src_host_bits[i], guest = p.src_guest_bits[i];
        if (guest == 0) {
            v[i] = 255u;
            continue;
        }
        const uint max_host = (1u << host) - 1u;
        const uint stored = expand(uint(c[i] * float(max_host) + 0.5), host);
        v[i] = expand(stored >> (8 - guest), guest);
    }
    return v;
}

void main() {
    const int n = p.geometry.x, kx = p.geometry.y, ky = p.geometry.z;
    const ivec2 at = ivec2(gl_FragCoord.xy);
    const int row = p.geometry.w != 0 ? p.size.x * n - 1 - at.y : at.y;
    const int x = at.x / n, sx = at.x % n, y = row / n, sy = row % n;
    uvec4 sum = uvec4(0);
    for (int j = 0; j < ky; ++j)
        for (int i = 0; i < kx; ++i)
            sum += guest_texel(ivec2((kx * x + i) * n + sx, (ky * y + j) * n + sy));
    const uvec4 avg = sum / uint(kx * ky);
    for (int i = 0; i < 4; ++i) {
        const int guest = p.dst_guest_bits[i], host = p.dst_host_bits[i];
        if (guest == 0) {
            result[i] = 1.0;
            continue;
        }
        const uint v = avg[i] >> (8 - guest);
        result[i] = host == guest ? float(v) / float((1u << guest) - 1u)
                                  : float(expand(v, guest)) / 255.0;
    }
}
