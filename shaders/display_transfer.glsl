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

// A source channel's value as the guest format holds it, expanded to 8 bits: `raw` the host
// image's integer (0 to 2^host - 1) of channel i.
uint guest_channel(uint raw, int i) {
    const int host = p.src_host_bits[i], guest = p.src_guest_bits[i];
    if (guest == 0) return 255u;
    return expand(expand(raw, host) >> (8 - guest), guest);
}

// The destination's channel i, in its host format as a float, for the averaged 8-bit value.
float dest_channel(uint avg, int i) {
    const int guest = p.dst_guest_bits[i], host = p.dst_host_bits[i];
    if (guest == 0) return 1.0;
    const uint v = avg >> (8 - guest);
    return host == guest ? float(v) / float((1u << guest) - 1u) : float(expand(v, guest)) / 255.0;
}

// The host image's integer of each channel of the source texel at `at`.
uvec4 host_texel(ivec2 at) {
    const vec4 c = texelFetch(source, at, 0);
    uvec4 raw;
    for (int i = 0; i < 4; ++i)
        raw[i] = uint(c[i] * float((1u << p.src_host_bits[i]) - 1u) + 0.5);
    return raw;
}

// The source texel that sample (i, j) of the destination pixel at `at` (scaled pixels) reads.
ivec2 source_texel(ivec2 at, int i, int j) {
    const int n = p.geometry.x, kx = p.geometry.y, ky = p.geometry.z;
    const int row = p.geometry.w != 0 ? p.size.x * n - 1 - at.y : at.y;
    const int x = at.x / n, sx = at.x % n, y = row / n, sy = row % n;
    return ivec2((kx * x + i) * n + sx, (ky * y + j) * n + sy);
}

// The destination pixel at `at` (scaled pixels), in the destination's host format as floats.
vec4 display_transfer_pixel(ivec2 at) {
    const int kx = p.geometry.y, ky = p.geometry.z;
    uvec4 sum = uvec4(0);
    for (int j = 0; j < ky; ++j)
        for (int i = 0; i < kx; ++i) {
            const uvec4 raw = host_texel(source_texel(at, i, j));
            for (int c = 0; c < 4; ++c)
                sum[c] += guest_channel(raw[c], c);
        }
    const uvec4 avg = sum / uint(kx * ky);
    vec4 result;
    for (int i = 0; i < 4; ++i)
        result[i] = dest_channel(avg[i], i);
    return result;
}
