#version 450
#extension GL_GOOGLE_include_directive : require
// Anime4K pass 1 of 3, into an RG32F image twice the source's size: at each pixel the source's
// luminance one texel left and right (bilinear), as a horizontal derivative and sum:
// (r - l, l + 2c + r) - the first half of a Sobel operator.
#include "texture_filter_anime4k.glsl"

void main() {
    const vec2 at = vec2(gl_FragCoord.x, float(p.size.y * 2) - gl_FragCoord.y) / 2.0;
    const float l = luminance(source_bilinear(at - vec2(1.0, 0.0)));
    const float c = luminance(source_bilinear(at));
    const float r = luminance(source_bilinear(at + vec2(1.0, 0.0)));
    result = vec4(r - l, l + 2.0 * c + r, 0.0, 0.0);
}
