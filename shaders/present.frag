#version 450
// Both LCD screens composed into a presentation target (a window's swapchain image, an image
// handed to the embedder, or an offscreen image read back): src/vk/present/screen_presenter.cpp.
//  - Each screen covers a rectangle of the target (the layout, computed on the CPU); pixels
//    outside both show the background colour.
//  - LCD framebuffers are stored rotated (3dbrew "LCD"; src/api/present.cpp rotate_upright):
//    the upright pixel (x, y) of a screen W x H is the stored texel at column H - 1 - y, row x,
//    so the upright coordinate (u, v) reads the stored coordinate (1 - v, u).
//  - With nearest filtering, each sample is quantised to the screen format's bits and expanded
//    to 8 bits by bit replication, as decoding guest bytes does: the target holds the bytes
//    Session::screen() returns.
//  - A screen can be a colour fill (LCD colour-fill register) instead of an image.
//  - The target may store sRGB (an *_SRGB swapchain format, the only kind some surfaces offer):
//    then the value is decoded first, so the hardware's encode writes the LCD's bytes unchanged
//    (the 3DS values are display-referred; picavk does no colour management).
//  - Stereo (flags.z): the top screen's two eyes (top_screen the left, top_right the right) as
//    1 side by side, each eye squeezed into its half of the rectangle (a rectangle twice as
//    wide gives each its full width); 2 a red-cyan anaglyph by Dubois' least-squares matrices
//    ("Conversion of a Stereo Pair to Anaglyph with the Least-Squares Projection Method",
//    E. Dubois, 2009), applied to linear light: both eyes' LCD values decoded from sRGB, mixed,
//    clamped and encoded again; 3 interlaced by the target's rows, the left eye on rows of
//    parity flags.w (row 0 the top).
layout(set = 0, binding = 0) uniform sampler2D top_screen;
layout(set = 0, binding = 1) uniform sampler2D bottom_screen;
layout(set = 0, binding = 2) uniform sampler2D top_right;
layout(push_constant) uniform Params {
    vec4 rect[2];    // x0, y0, x1, y1 in target pixels; x1 <= x0 hides the screen
    vec4 fill[2];    // rgb: the fill colour; a: 1 when the screen is a fill
    ivec4 bits[2];   // bits per channel of the screen's colour format (r, g, b, unused)
    vec4 background; // rgb
    ivec4 flags;     // x: quantise (nearest filter), y: the target stores sRGB, z: stereo, w: rows
}
p;
layout(location = 0) out vec4 result;

uint expand(uint v, int bits) {
    if (bits >= 8) return v;
    uint r = v << (8 - bits);
    for (int s = bits; s < 8; s += bits)
        r |= r >> bits;
    return r;
}

float quantise(float x, int bits) {
    const float top = float((1 << bits) - 1);
    return float(expand(uint(round(clamp(x, 0.0, 1.0) * top)), bits)) / 255.0;
}

vec3 srgb_to_linear(vec3 c) {
    return mix(c / 12.92, pow((c + 0.055) / 1.055, vec3(2.4)), greaterThan(c, vec3(0.04045)));
}

vec3 linear_to_srgb(vec3 c) {
    return mix(c * 12.92, 1.055 * pow(c, vec3(1.0 / 2.4)) - 0.055, greaterThan(c, vec3(0.0031308)));
}

// A screen's value at upright coordinate uv, as the LCD shows it (quantised when nearest).
vec3 screen_value(int i, bool right_eye, vec2 uv) {
    const vec2 stored = vec2(1.0 - uv.y, uv.x);
    const vec3 s = (i == 1      ? texture(bottom_screen, stored)
                    : right_eye ? texture(top_right, stored)
                                : texture(top_screen, stored))
                       .rgb;
    return p.flags.x != 0 ? vec3(quantise(s.r, p.bits[i].r), quantise(s.g, p.bits[i].g),
                                 quantise(s.b, p.bits[i].b))
                          : s;
}

// Dubois' red-cyan matrices. The paper gives them by rows (output r, g, b from input r, g, b):
//   left  ( 0.437  0.449  0.164 / -0.062 -0.062 -0.024 / -0.048 -0.050 -0.017)
//   right (-0.011 -0.032 -0.007 /  0.377  0.761  0.009 / -0.026 -0.093  1.234)
// GLSL's mat3 takes columns.
const mat3 kAnaglyphLeft =
    mat3(vec3(0.437, -0.062, -0.048), vec3(0.449, -0.062, -0.050), vec3(0.164, -0.024, -0.017));
const mat3 kAnaglyphRight =
    mat3(vec3(-0.011, 0.377, -0.026), vec3(-0.032, 0.761, -0.093), vec3(-0.007, 0.009, 1.234));

void main() {
    const vec2 xy = gl_FragCoord.xy;
    vec3 c = p.background.rgb;
    for (int i = 0; i < 2; ++i) {
        const vec4 r = p.rect[i];
        if (r.z <= r.x || xy.x < r.x || xy.x >= r.z || xy.y < r.y || xy.y >= r.w) continue;
        if (p.fill[i].a > 0.5) {
            c = p.fill[i].rgb;
            continue;
        }
        vec2 uv = (xy - r.xy) / (r.zw - r.xy);
        const int stereo = i == 0 ? p.flags.z : 0;
        if (stereo == 2) {
            const vec3 l = srgb_to_linear(screen_value(0, false, uv));
            const vec3 rr = srgb_to_linear(screen_value(0, true, uv));
            c = linear_to_srgb(clamp(kAnaglyphLeft * l + kAnaglyphRight * rr, 0.0, 1.0));
            continue;
        }
        bool right_eye = false;
        if (stereo == 1) {
            right_eye = uv.x >= 0.5;
            uv.x = right_eye ? uv.x * 2.0 - 1.0 : uv.x * 2.0;
        } else if (stereo == 3) {
            right_eye = (int(floor(xy.y)) & 1) != p.flags.w;
        }
        c = screen_value(i, right_eye, uv);
    }
    result = vec4(p.flags.y != 0 ? srgb_to_linear(c) : c, 1.0);
}
