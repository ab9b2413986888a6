#version 450
#extension GL_GOOGLE_include_directive : require
// Anime4K pass 2 of 3, into an R32F image twice the source's size: the Sobel gradient's magnitude
// from pass 1's image (its pixels above and below, read nearest as the original's sampler does),
// stored as 1 - |gradient|: low where an edge is.
layout(set = 0, binding = 0) uniform sampler2D xy; // pass 1's image
layout(push_constant) uniform Params {
    ivec2 size; // source texels (the image is twice that)
    int scale;
}
p;
layout(location = 0) out vec4 result;

vec2 at(ivec2 c) {
    const ivec2 size = p.size * 2;
    // y up: row (size.y - 1 - y).
    const ivec2 clamped = clamp(c, ivec2(0), size - 1);
    return texelFetch(xy, ivec2(clamped.x, size.y - 1 - clamped.y), 0).xy;
}

void main() {
    const ivec2 c = ivec2(int(gl_FragCoord.x), p.size.y * 2 - 1 - int(gl_FragCoord.y));
    const vec2 t = at(c + ivec2(0, 1)), m = at(c), b = at(c - ivec2(0, 1));
    const vec2 gradient = vec2(t.x + 2.0 * m.x + b.x, b.y - t.y);
    result = vec4(1.0 - length(gradient));
}
