#version 450
#extension GL_GOOGLE_include_directive : require
// Anime4K pass 3 of 3, into the filtered image (scale times the source's size): where the
// gradient image marks an edge (below the line threshold), eight kernels look for a light side
// and a dark side across the pixel; on the first that finds one, the pixel is pulled (strength
// 0.6) towards the mean of the three light neighbours - lines get thinner and sharper. Source and
// gradient both read bilinearly (the original's linear samplers), y up.
#include "texture_filter_anime4k.glsl"
layout(set = 0, binding = 1) uniform sampler2D luma; // pass 2's image, twice the source's size

const float kLineThreshold = 0.4, kStrength = 0.6;

float luma_bilinear(vec2 at) {
    const ivec2 size = p.size * 2;
    const vec2 x = at - 0.5;
    const vec2 base = floor(x), f = x - base;
    const ivec2 b = ivec2(base);
    float t[4];
    for (int i = 0; i < 4; ++i) {
        const ivec2 c = clamp(b + ivec2(i & 1, i >> 1), ivec2(0), size - 1);
        t[i] = texelFetch(luma, ivec2(c.x, size.y - 1 - c.y), 0).r;
    }
    return mix(mix(t[0], t[1], f.x), mix(t[2], t[3], f.x), f.y);
}

vec4 colour[9]; // 3x3 around the pixel, [1 + dx + 3 * (1 + dy)], dy = -1 first
float lum[9];

vec4 towards(int a, int b, int c) {
    return colour[4] * (1.0 - kStrength) + (colour[a] + colour[b] + colour[c]) / 3.0 * kStrength;
}
// The darkest of the dark side is lighter than... : light side's minimum above the dark side's
// maximum (and above the pixel itself where `centre`).
bool kernel(int d0, int d1, int d2, int l0, int l1, int l2, bool centre) {
    const float max_dark = max(max(lum[d0], lum[d1]), lum[d2]);
    const float min_light = min(min(lum[l0], lum[l1]), lum[l2]);
    return min_light > max_dark && (!centre || min_light > lum[4]);
}

void main() {
    const vec2 at =
        vec2(gl_FragCoord.x, float(p.size.y * p.scale) - gl_FragCoord.y) / float(p.scale);
    for (int i = 0; i < 9; ++i) {
        const vec2 d = vec2(i % 3 - 1, i / 3 - 1);
        colour[i] = source_bilinear(at + d);
        lum[i] = luma_bilinear(at * 2.0 + d);
    }
    result = colour[4];
    if (lum[4] > kLineThreshold) return;
    // Offsets: tl (-1,-1) = 0, t = 1, tr = 2, l = 3, r = 5, bl = 6, b = 7, br = 8, where "t" is
    // y - 1 as the original names them.
    const int tl = 0, t = 1, tr = 2, l = 3, cc = 4, r = 5, bl = 6, b = 7, br = 8;
    if (kernel(br, b, bl, tl, t, tr, true)) {
        result = towards(tl, t, tr);
        return;
    }
    if (kernel(tl, t, tr, br, b, bl, true)) {
        result = towards(br, b, bl);
        return;
    }
    if (kernel(cc, l, b, r, t, tr, false)) {
        result = towards(r, t, tr);
        return;
    }
    if (kernel(cc, r, t, bl, l, b, false)) {
        result = towards(bl, l, b);
        return;
    }
    if (kernel(l, tl, bl, r, br, tr, true)) {
        result = towards(r, br, tr);
        return;
    }
    if (kernel(r, br, tr, l, tl, bl, true)) {
        result = towards(l, tl, bl);
        return;
    }
    if (kernel(cc, l, t, r, br, b, false)) {
        result = towards(r, br, b);
        return;
    }
    if (kernel(cc, r, b, t, l, tl, false)) {
        result = towards(t, l, tl);
        return;
    }
}
