#version 450
#extension GL_GOOGLE_include_directive : require
// ScaleFORCE (BreadFish64, 2020; Citra's and Azahar's scale_force.frag): each output pixel a
// B-spline bicubic sample of the source, taken not at the pixel's centre but moved away from the
// neighbours that differ from it, by their colour distances in YCbCr (BT.2020 weights, luma
// weighted 0.6) - edges stay sharp where bicubic alone blurs them. The nine neighbourhood
// samples are bilinear, as the original takes them with a linear sampler; the original's y axis
// points up (OpenGL's texture origin is the bottom row), so rows are counted from the bottom
// here too.
#include "texture_filter.glsl"

// The source at `at` (texel units, y up) filtered bilinearly, edges clamped.
vec4 bilinear(vec2 at) {
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

// The YCbCr distances of four samples from the centre, alpha-weighted as the original does.
vec4 distances(vec4 a, vec4 b, vec4 c, vec4 d, vec4 centre) {
    const vec3 k = vec3(0.2627, 0.6780, 0.0593);
    const mat3 to_ycbcr = mat3(k * 0.6, -0.5 * k.r / (1.0 - k.b), -0.5 * k.g / (1.0 - k.b), 0.5,
                               0.5, -0.5 * k.g / (1.0 - k.r), -0.5 * k.b / (1.0 - k.r));
    const mat4x3 diff =
        mat4x3(a.rgb - centre.rgb, b.rgb - centre.rgb, c.rgb - centre.rgb, d.rgb - centre.rgb);
    vec4 dist = vec3(1.0) * (to_ycbcr * diff);
    dist *= dist;
    const vec4 alpha = vec4(a.a, b.a, c.a, d.a);
    return sqrt((dist + abs(centre.a - alpha)) * alpha * centre.a);
}

void main() {
    // The output pixel's centre, y up.
    const vec2 at =
        vec2(gl_FragCoord.x, float(p.size.y * p.scale) - gl_FragCoord.y) / float(p.scale);
    const vec4 bl = bilinear(at + vec2(-1, -1)), bc = bilinear(at + vec2(0, -1)),
               br = bilinear(at + vec2(1, -1)), cl = bilinear(at + vec2(-1, 0)), cc = bilinear(at),
               cr = bilinear(at + vec2(1, 0)), tl = bilinear(at + vec2(-1, 1)),
               tc = bilinear(at + vec2(0, 1)), tr = bilinear(at + vec2(1, 1));
    const vec4 top_right = distances(tl, tc, tr, cr, cc);
    const vec4 bottom_left = distances(br, bc, bl, cl, cc);
    const float total = dot(top_right + bottom_left, vec4(1.0));
    if (total == 0.0) {
        result = cc; // nothing differs: bicubic past an edge would only add floaters
        return;
    }
    const vec4 t = top_right - bottom_left;
    const vec2 offset = t.wy + t.zz + vec2(-t.x, t.x);
    // Thin features: keep the move within what the distances allow.
    const float limit = length(offset) / total;
    result = bicubic(at - clamp(offset, -limit, limit), true);
}
