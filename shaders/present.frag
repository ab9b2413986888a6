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
layout(set = 0, binding = 0) uniform sampler2D top_screen;
layout(set = 0, binding = 1) uniform sampler2D bottom_screen;
layout(push_constant) uniform Params {
    vec4 rect[2];     // x0, y0, x1, y1 in target pixels; x1 <= x0 hides the screen
    vec4 fill[2];     // rgb: the fill colour; a: 1 when the screen is a fill
    ivec4 bits[2];    // bits per channel of the screen's colour format (r, g, b, unused)
    vec4 background;  // rgb
    ivec4 flags;      // x: quantise (nearest filter), y: the target stores sRGB
} p;
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
        const vec2 uv = (xy - r.xy) / (r.zw - r.xy);
        const vec2 stored = vec2(1.0 - uv.y, uv.x);
        const vec3 s = (i == 0 ? texture(top_screen, stored) : texture(bottom_screen, stored)).rgb;
        c = p.flags.x != 0 ? vec3(quantise(s.r, p.bits[i].r), quantise(s.g, p.bits[i].g),
                                  quantise(s.b, p.bits[i].b))
                           : s;
    }
    result = vec4(p.flags.y != 0 ? srgb_to_linear(c) : c, 1.0);
}
