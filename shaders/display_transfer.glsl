// The display transfer's pixel (shaders/display_transfer.frag and .comp): see the .frag for
// what it does exactly. The includer declares nothing of its own at set 0 binding 0.
layout(set = 0, binding = 0) uniform sampler2D source;
layout(push_constant) uniform Params {
    ivec4 src_host_bits;  // per channel r, g, b, a: bits of the source's host format
    ivec4 src_guest_bits; // bits of the source's guest format (0: the channel reads 255)
    ivec4 dst_guest_bits; // bits of the output's guest format (0: not stored)
    ivec4 dst_host_bits;  // bits of the destination's host format
    ivec4 geometry;       // x: scale, y: horizontal factor, z: vertical factor, w: flip
    ivec4 size;           // x: output rows (guest pixels)
} p;
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

// The destination pixel at `at` (scaled pixels), in the destination's host format as floats.
vec4 display_transfer_pixel(ivec2 at) {
    const int n = p.geometry.x, kx = p.geometry.y, ky = p.geometry.z;
    vec4 result;
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
    return result;
}
