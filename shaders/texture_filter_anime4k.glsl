// Anime4K (bloc97, "Anime4K Adaptive v1.0 RC2 UltraFast", as Citra and Azahar run it: three passes,
// texture_filter_anime4k_*.frag). Shared here: the source read bilinearly (the original's linear
// sampler, done by hand so that the reference can compute the same), y up as the original.
#include "texture_filter.glsl"

// The source at `at` (texel units, y up, centres at i + 0.5), bilinear, edges clamped.
vec4 source_bilinear(vec2 at) {
    const vec2 x = at - 0.5;
    const vec2 base = floor(x), f = x - base;
    const ivec2 b = ivec2(base);
    vec4 t[4];
    for (int i = 0; i < 4; ++i) {
        const ivec2 c = b + ivec2(i & 1, i >> 1);
        t[i] = texel(ivec2(c.x, p.size.y - 1 - c.y));
    }
    return mix(mix(t[0], t[1], f.x), mix(t[2], t[3], f.x), f.y);
}

// The luminance Anime4K uses (BT.2020 weights).
float luminance(vec4 c) {
    return dot(vec3(0.2627, 0.6780, 0.0593), c.rgb);
}
