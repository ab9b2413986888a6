#version 450
#extension GL_GOOGLE_include_directive : require
// xBRZ at any scale ("xBRZ freescale", after Zenju's xBRZ; Citra's and Azahar's
// xbrz_freescale.frag): each of a texel's four corners is preprocessed - is the diagonal through
// the corner less connected (YCbCr distances along it and its parallels) than the other one? -
// and where it is, the texel is blended towards a neighbour on one side of a line, the line's
// slope (45 degrees, shallow, steep) chosen by further distance tests, its edge softened over one
// output pixel. The published shader writes the four corners out; here one corner's rules run
// in four frames rotated by 90 degrees (the rules are symmetric so), which the CPU reference,
// written corner by corner, checks. As the original, y points up (rows from the bottom).
#include "texture_filter.glsl"

const float kEqualTolerance = 30.0 / 255.0;
const float kSteep = 2.2, kDominant = 3.6;
const int kNone = 0, kNormal = 1, kDominantBlend = 2;

ivec2 centre;
int frame; // 0-3: the corner at (+x, +y) of frame 0 rotated `frame` times by 90 degrees

// (x, y) of a frame to the texture's axes: rotated frame times by (x, y) -> (-y, x).
ivec2 rotate(ivec2 v, int times) {
    for (int i = 0; i < times; ++i)
        v = ivec2(-v.y, v.x);
    return v;
}
vec2 unrotate(vec2 v, int times) {
    for (int i = 0; i < times; ++i)
        v = vec2(v.y, -v.x);
    return v;
}

vec4 N(int x, int y) {
    const ivec2 at = centre + rotate(ivec2(x, y), frame);
    return texel(ivec2(at.x, p.size.y - 1 - at.y));
}

// Distance in YCbCr (BT.2020), alpha-weighted.
float dist(vec4 a, vec4 b) {
    const vec3 k = vec3(0.2627, 0.6780, 0.0593);
    const vec4 d = a - b;
    const vec3 ycc = vec3(
        dot(d.rgb, k), dot(d.rgb, vec3(-0.5 * k.r, -0.5 * k.g, 0.5 * (1.0 - k.b)) / (1.0 - k.b)),
        dot(d.rgb, vec3(0.5 * (1.0 - k.r), -0.5 * k.g, -0.5 * k.b) / (1.0 - k.r)));
    const float l = length(ycc);
    return sqrt(a.a * b.a * l * l + d.a * d.a);
}
bool similar(vec4 a, vec4 b) {
    return dist(a, b) < kEqualTolerance;
}

// Frame `frame`'s corner (+x, +y): none, normal or dominant blending.
int corner_blend() {
    const vec4 B = N(0, -1), C = N(1, -1), D = N(-1, 0), E = N(0, 0), F = N(1, 0), G = N(-1, 1),
               H = N(0, 1), I = N(1, 1);
    if ((E == F && H == I) || (E == H && F == I)) return kNone;
    const float other =
        dist(G, E) + dist(E, C) + dist(N(0, 2), I) + dist(I, N(2, 0)) + 4.0 * dist(H, F);
    const float through =
        dist(D, H) + dist(H, N(1, 2)) + dist(B, F) + dist(F, N(2, 1)) + 4.0 * dist(E, I);
    if (!(other < through) || E == F || E == H) return kNone;
    return kDominant * other < through ? kDominantBlend : kNormal;
}

// The colour after blending frame `frame`'s corner (blend: its result; before, after: the
// corners clockwise before and after it, in this frame's (+x, -y) and (-x, +y)).
vec4 blend_corner(vec4 colour, vec2 pos, int blend, int before, int after) {
    const vec4 B = N(0, -1), C = N(1, -1), D = N(-1, 0), E = N(0, 0), F = N(1, 0), G = N(-1, 1),
               H = N(0, 1), I = N(1, 1);
    const bool line =
        blend == kDominantBlend ||
        !((before != kNone && !similar(E, G)) || (after != kNone && !similar(E, C)) ||
          (similar(G, H) && similar(H, I) && similar(I, F) && similar(F, C) && !similar(E, I)));
    vec2 origin = vec2(0.0, 1.0 / sqrt(2.0));
    vec2 direction = vec2(1.0, -1.0);
    if (line) {
        const float fg = dist(F, G), hc = dist(H, C);
        const bool shallow = kSteep * fg <= hc && E != G && D != G;
        const bool steep = kSteep * hc <= fg && E != C && B != C;
        origin = shallow ? vec2(0.0, 0.25) : vec2(0.0, 0.5);
        direction += vec2(shallow ? 1.0 : 0.0, steep ? -1.0 : 0.0);
    }
    const vec4 towards = dist(E, H) >= dist(E, F) ? F : H;
    // Which side of the line (through origin, along direction) pos lies on, softened over one
    // output pixel.
    const vec2 from = pos - origin;
    const vec2 off = from - direction * (dot(from, direction) / dot(direction, direction));
    const float side = sign(dot(from, vec2(-direction.y, direction.x)));
    const float v = side * length(off * float(p.scale));
    return mix(colour, towards, smoothstep(-sqrt(2.0) / 2.0, sqrt(2.0) / 2.0, v));
}

void main() {
    // The output pixel's centre, y up, and where it lies in its texel (-0.5 to 0.5).
    const vec2 at =
        vec2(gl_FragCoord.x, float(p.size.y * p.scale) - gl_FragCoord.y) / float(p.scale);
    centre = ivec2(floor(at));
    const vec2 pos = fract(at) - 0.5;
    int blend[4];
    for (frame = 0; frame < 4; ++frame)
        blend[frame] = corner_blend();
    // Frames 0-3 are the corners (+x, +y), (-x, +y), (-x, -y), (+x, -y); blended in the
    // original's order: (+x, +y), (-x, +y), (+x, -y), (-x, -y).
    frame = 0;
    vec4 colour = N(0, 0);
    const int order[4] = int[4](0, 1, 3, 2);
    for (int i = 0; i < 4; ++i) {
        frame = order[i];
        if (blend[frame] == kNone) continue;
        colour = blend_corner(colour, unrotate(pos, frame), blend[frame], blend[(frame + 3) % 4],
                              blend[(frame + 1) % 4]);
    }
    result = colour;
}
