// Shared by the texture filters (texture_filter_*.frag): a guest texture's level 0 (RGBA8,
// rows in memory order: row 0 is the texture's first memory row, the top of the picture) filtered
// into an image `scale` times its size, every output pixel written. The source is read texel by
// texel (texelFetch), edges clamped, so that the pass computes exactly what the CPU references
// in tests/oracle/texture_filter_model.cpp compute.
layout(set = 0, binding = 0) uniform sampler2D source;
layout(push_constant) uniform Params {
    ivec2 size; // source texels
    int scale;  // output pixels per source texel along each axis
} p;
layout(location = 0) out vec4 result;

vec4 texel(ivec2 at) {
    return texelFetch(source, clamp(at, ivec2(0), p.size - 1), 0);
}

// The output pixel's centre in source texel units (texel i spans [i, i + 1)).
vec2 source_position() {
    return gl_FragCoord.xy / float(p.scale);
}

// B-spline weights of the four texels around a sample f in [0, 1) past the second one: the
// cubic B-spline, w(t) = (t^3 - ...) / 6 at distances 1 + f, f, 1 - f, 2 - f.
vec4 bspline_weights(float f) {
    const float g = 1.0 - f;
    return vec4(g * g * g, 4.0 - 6.0 * f * f + 3.0 * f * f * f, 4.0 - 6.0 * g * g + 3.0 * g * g * g,
                f * f * f) / 6.0;
}

// The B-spline bicubic interpolation of the source at `at` (texel units, centres at i + 0.5),
// as sixteen taps; `flip`: rows counted from the bottom (texel_up).
vec4 bicubic(vec2 at, bool flip) {
    const vec2 x = at - 0.5;
    const vec2 base = floor(x);
    const vec4 wx = bspline_weights(x.x - base.x), wy = bspline_weights(x.y - base.y);
    vec4 sum = vec4(0.0);
    for (int j = 0; j < 4; ++j) {
        vec4 row = vec4(0.0);
        for (int i = 0; i < 4; ++i) {
            const ivec2 t = ivec2(base) + ivec2(i - 1, j - 1);
            row += wx[i] * texel(flip ? ivec2(t.x, p.size.y - 1 - t.y) : t);
        }
        sum += wy[j] * row;
    }
    return sum;
}
