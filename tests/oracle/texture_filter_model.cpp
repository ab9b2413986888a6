#include "texture_filter_model.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>

namespace picavk::oracle {
namespace {

using Colour = std::array<double, 4>; // r, g, b, a in [0, 1]

// A texel, the coordinates clamped to the image (every filter treats edges so).
std::uint32_t word(const FilterImage& in, int x, int y) {
    x = std::clamp(x, 0, static_cast<int>(in.width) - 1);
    y = std::clamp(y, 0, static_cast<int>(in.height) - 1);
    std::uint32_t w;
    std::memcpy(&w, &in.rgba[(static_cast<std::size_t>(y) * in.width + x) * 4], 4);
    return w;
}
Colour colour(const FilterImage& in, int x, int y) {
    const std::uint32_t w = word(in, x, y);
    return {(w & 255) / 255.0, (w >> 8 & 255) / 255.0, (w >> 16 & 255) / 255.0, (w >> 24) / 255.0};
}

void store(FilterImage& out, std::uint32_t x, std::uint32_t y, const Colour& c) {
    for (int i = 0; i < 4; ++i)
        out.rgba[(std::size_t{y} * out.width + x) * 4 + i] =
            static_cast<std::uint8_t>(std::lround(std::clamp(c[i], 0.0, 1.0) * 255.0));
}

FilterImage sized(const FilterImage& in, std::uint32_t scale) {
    FilterImage out{in.width * scale, in.height * scale, {}};
    out.rgba.resize(std::size_t{out.width} * out.height * 4);
    return out;
}

// --- MMPX: the 2x result of texel (x, y) as its four output words.
struct Quad {
    std::uint32_t tl, tr, bl, br;
};

std::uint32_t mmpx_luma(std::uint32_t c) {
    return ((c & 255) + (c >> 8 & 255) + (c >> 16 & 255) + 1) * (256 - (c >> 24));
}

Quad mmpx_texel(const FilterImage& in, int x, int y) {
    auto at = [&](int dx, int dy) { return word(in, x + dx, y + dy); };
    const std::uint32_t A = at(-1, -1), B = at(0, -1), C = at(1, -1), D = at(-1, 0), E = at(0, 0),
                        F = at(1, 0), G = at(-1, 1), H = at(0, 1), I = at(1, 1);
    Quad q{E, E, E, E};
    const std::array<std::uint32_t, 8> ring{A, B, C, D, F, G, H, I};
    if (std::all_of(ring.begin(), ring.end(), [&](std::uint32_t v) { return v == E; })) return q;
    const std::uint32_t P = at(0, -2), S = at(0, 2), Q = at(-2, 0), R = at(2, 0);
    const std::uint32_t Bl = mmpx_luma(B), Dl = mmpx_luma(D), El = mmpx_luma(E), Fl = mmpx_luma(F),
                        Hl = mmpx_luma(H);
    auto all = [](std::uint32_t v, std::initializer_list<std::uint32_t> o) {
        return std::all_of(o.begin(), o.end(), [&](std::uint32_t w) { return w == v; });
    };
    auto any = [](std::uint32_t v, std::initializer_list<std::uint32_t> o) {
        return std::any_of(o.begin(), o.end(), [&](std::uint32_t w) { return w == v; });
    };
    // The paper's rules in its order; a later rule overrides an earlier one.
    // 1:1 slopes.
    if (D == B && D != H && D != F && (El >= Dl || E == A) && any(E, {A, C, G}) &&
        (El < Dl || A != D || E != P || E != Q))
        q.tl = D;
    if (B == F && B != D && B != H && (El >= Bl || E == C) && any(E, {A, C, I}) &&
        (El < Bl || C != B || E != P || E != R))
        q.tr = B;
    if (H == D && H != F && H != B && (El >= Hl || E == G) && any(E, {A, G, I}) &&
        (El < Hl || G != H || E != S || E != Q))
        q.bl = H;
    if (F == H && F != B && F != D && (El >= Fl || E == I) && any(E, {C, G, I}) &&
        (El < Fl || I != H || E != R || E != S))
        q.br = F;
    // Intersections.
    if (E != F && all(E, {C, I, D, Q}) && all(F, {B, H}) && F != at(3, 0)) q.tr = q.br = F;
    if (E != D && all(E, {A, G, F, R}) && all(D, {B, H}) && D != at(-3, 0)) q.tl = q.bl = D;
    if (E != H && all(E, {G, I, B, P}) && all(H, {D, F}) && H != at(0, 3)) q.bl = q.br = H;
    if (E != B && all(E, {A, C, H, S}) && all(B, {D, F}) && B != at(0, -3)) q.tl = q.tr = B;
    if (Bl < El && all(E, {G, H, I, S}) && !any(E, {A, D, C, F})) q.tl = q.tr = B;
    if (Hl < El && all(E, {A, B, C, P}) && !any(E, {D, G, I, F})) q.bl = q.br = H;
    if (Fl < El && all(E, {A, D, G, Q}) && !any(E, {B, C, I, H})) q.tr = q.br = F;
    if (Dl < El && all(E, {C, F, I, R}) && !any(E, {B, A, G, H})) q.tl = q.bl = D;
    // 2:1 slopes.
    if (H != B) {
        if (!any(H, {A, E, C})) {
            if (all(H, {G, F, R}) && !any(H, {D, at(2, -1)})) q.bl = q.br;
            if (all(H, {I, D, Q}) && !any(H, {F, at(-2, -1)})) q.br = q.bl;
        }
        if (!any(B, {I, G, E})) {
            if (all(B, {A, F, R}) && !any(B, {D, at(2, 1)})) q.tl = q.tr;
            if (all(B, {C, D, Q}) && !any(B, {F, at(-2, 1)})) q.tr = q.tl;
        }
    }
    if (F != D) {
        if (!any(D, {I, E, C})) {
            if (all(D, {A, H, S}) && !any(D, {B, at(1, 2)})) q.tl = q.bl;
            if (all(D, {G, B, P}) && !any(D, {H, at(1, -2)})) q.bl = q.tl;
        }
        if (!any(F, {E, A, G})) {
            if (all(F, {C, H, S}) && !any(F, {B, at(-1, 2)})) q.tr = q.br;
            if (all(F, {I, B, P}) && !any(F, {H, at(-1, -2)})) q.br = q.tr;
        }
    }
    return q;
}

// --- Bicubic: the cubic B-spline's weights for taps at distances 1 + f, f, 1 - f, 2 - f.
double bspline(double d) {
    d = std::abs(d);
    if (d < 1) return (4 - 6 * d * d + 3 * d * d * d) / 6;
    if (d < 2) return (2 - d) * (2 - d) * (2 - d) / 6;
    return 0;
}

// The B-spline interpolation at (u, v) in texel units (centres at i + 0.5); `fetch(x, y)` reads
// a texel.
template <class Fetch>
Colour bspline_sample(double u, double v, const Fetch& fetch) {
    const double x = u - 0.5, y = v - 0.5;
    const int bx = static_cast<int>(std::floor(x)), by = static_cast<int>(std::floor(y));
    Colour sum{};
    for (int j = -1; j <= 2; ++j)
        for (int i = -1; i <= 2; ++i) {
            const double w = bspline(x - (bx + i)) * bspline(y - (by + j));
            const Colour t = fetch(bx + i, by + j);
            for (int c = 0; c < 4; ++c)
                sum[c] += w * t[c];
        }
    return sum;
}

} // namespace

FilterImage mmpx_model(const FilterImage& in, std::uint32_t scale) {
    FilterImage out = sized(in, scale);
    for (std::uint32_t oy = 0; oy < out.height; ++oy)
        for (std::uint32_t ox = 0; ox < out.width; ++ox) {
            // Which texel, and which of its four 2x pixels, lies under the output pixel's centre.
            const double u = (ox + 0.5) / scale, v = (oy + 0.5) / scale;
            const int x = static_cast<int>(std::floor(u)), y = static_cast<int>(std::floor(v));
            const Quad q = mmpx_texel(in, x, y);
            const bool right = u - x >= 0.5, lower = v - y >= 0.5;
            const std::uint32_t w = lower ? (right ? q.br : q.bl) : (right ? q.tr : q.tl);
            std::memcpy(&out.rgba[(std::size_t{oy} * out.width + ox) * 4], &w, 4);
        }
    return out;
}

FilterImage bicubic_model(const FilterImage& in, std::uint32_t scale) {
    FilterImage out = sized(in, scale);
    auto fetch = [&](int x, int y) { return colour(in, x, y); };
    for (std::uint32_t oy = 0; oy < out.height; ++oy)
        for (std::uint32_t ox = 0; ox < out.width; ++ox)
            store(out, ox, oy, bspline_sample((ox + 0.5) / scale, (oy + 0.5) / scale, fetch));
    return out;
}

FilterImage scaleforce_model(const FilterImage& in, std::uint32_t scale) {
    FilterImage out = sized(in, scale);
    const int h = static_cast<int>(in.height);
    // ScaleFORCE works with y up (OpenGL's texture origin): row r of the image is y = h - 1 - r.
    auto fetch = [&](int x, int y) { return colour(in, x, h - 1 - y); };
    auto bilinear = [&](double u, double v) {
        const double x = u - 0.5, y = v - 0.5;
        const int bx = static_cast<int>(std::floor(x)), by = static_cast<int>(std::floor(y));
        const double fx = x - bx, fy = y - by;
        Colour r{};
        for (int c = 0; c < 4; ++c) {
            const double lo = fetch(bx, by)[c] * (1 - fx) + fetch(bx + 1, by)[c] * fx;
            const double hi = fetch(bx, by + 1)[c] * (1 - fx) + fetch(bx + 1, by + 1)[c] * fx;
            r[c] = lo * (1 - fy) + hi * fy;
        }
        return r;
    };
    // Its YCbCr matrix, columns as the shader's mat3 constructor takes them (BT.2020 weights,
    // luma scaled by 0.6); a distance is the square of the sum of the converted difference's
    // components, alpha-weighted.
    const double kr = 0.2627, kg = 0.6780, kb = 0.0593;
    const double m[3][3] = {{kr * 0.6, kg * 0.6, kb * 0.6},
                            {-0.5 * kr / (1 - kb), -0.5 * kg / (1 - kb), 0.5},
                            {0.5, -0.5 * kg / (1 - kr), -0.5 * kb / (1 - kr)}};
    auto distance = [&](const Colour& s, const Colour& centre) {
        double sum = 0;
        for (int row = 0; row < 3; ++row)
            for (int col = 0; col < 3; ++col)
                sum += m[col][row] * (s[col] - centre[col]);
        return std::sqrt((sum * sum + std::abs(centre[3] - s[3])) * s[3] * centre[3]);
    };
    for (std::uint32_t oy = 0; oy < out.height; ++oy)
        for (std::uint32_t ox = 0; ox < out.width; ++ox) {
            const double u = (ox + 0.5) / scale, v = (out.height - oy - 0.5) / scale;
            const Colour cc = bilinear(u, v);
            // Neighbours: top right (+y), clockwise; then bottom left.
            const double tr[4] = {
                distance(bilinear(u - 1, v + 1), cc), distance(bilinear(u, v + 1), cc),
                distance(bilinear(u + 1, v + 1), cc), distance(bilinear(u + 1, v), cc)};
            const double bl[4] = {
                distance(bilinear(u + 1, v - 1), cc), distance(bilinear(u, v - 1), cc),
                distance(bilinear(u - 1, v - 1), cc), distance(bilinear(u - 1, v), cc)};
            double total = 0, t[4];
            for (int i = 0; i < 4; ++i) {
                total += tr[i] + bl[i];
                t[i] = tr[i] - bl[i];
            }
            if (total == 0) {
                store(out, ox, oy, cc);
                continue;
            }
            const double dx = t[3] + t[2] - t[0], dy = t[1] + t[2] + t[0];
            const double limit = std::sqrt(dx * dx + dy * dy) / total;
            store(out, ox, oy,
                  bspline_sample(u - std::clamp(dx, -limit, limit),
                                 v - std::clamp(dy, -limit, limit), fetch));
        }
    return out;
}

namespace {

struct V4 {
    float r = 0, g = 0, b = 0, a = 0;
    bool operator==(const V4&) const = default;
};
V4 mixv(const V4& x, const V4& y, float t) {
    return {x.r + (y.r - x.r) * t, x.g + (y.g - x.g) * t, x.b + (y.b - x.b) * t,
            x.a + (y.a - x.a) * t};
}

float xbrz_dist(const V4& a, const V4& b) {
    const float kr = 0.2627f, kg = 0.6780f, kb = 0.0593f;
    const float dr = a.r - b.r, dg = a.g - b.g, db = a.b - b.b, da = a.a - b.a;
    const float y = kr * dr + kg * dg + kb * db;
    const float cb = -0.5f * kr / (1 - kb) * dr - 0.5f * kg / (1 - kb) * dg + 0.5f * db;
    const float cr = 0.5f * dr - 0.5f * kg / (1 - kr) * dg - 0.5f * kb / (1 - kr) * db;
    const float l = std::sqrt(y * y + cb * cb + cr * cr);
    return std::sqrt(a.a * b.a * l * l + da * da);
}
bool xbrz_similar(const V4& a, const V4& b) {
    return xbrz_dist(a, b) < 30.0f / 255.0f;
}

enum Blend { kNone, kNormal, kDominant };

float smoothstep(float e0, float e1, float x) {
    const float t = std::clamp((x - e0) / (e1 - e0), 0.0f, 1.0f);
    return t * t * (3 - 2 * t);
}
float left_ratio(float px, float py, float ox, float oy, float dx, float dy, float scale) {
    const float p0x = px - ox, p0y = py - oy;
    const float k = (p0x * dx + p0y * dy) / (dx * dx + dy * dy);
    const float vx = p0x - dx * k, vy = p0y - dy * k;
    const float dot_orth = p0x * -dy + p0y * dx;
    const float side = dot_orth > 0 ? 1.0f : dot_orth < 0 ? -1.0f : 0.0f;
    const float v = side * std::sqrt(vx * vx * scale * scale + vy * vy * scale * scale);
    return smoothstep(-std::sqrt(2.0f) / 2, std::sqrt(2.0f) / 2, v);
}

} // namespace

FilterImage xbrz_model(const FilterImage& in, std::uint32_t scale) {
    FilterImage out = sized(in, scale);
    const int h = static_cast<int>(in.height);
    const float kSteep = 2.2f, kDominantRatio = 3.6f;
    const float s = static_cast<float>(scale);
    for (std::uint32_t oy = 0; oy < out.height; ++oy)
        for (std::uint32_t ox = 0; ox < out.width; ++ox) {
            // y up, as the original: row r is y = h - 1 - r.
            const float u = (static_cast<float>(ox) + 0.5f) / s;
            const float v = (static_cast<float>(out.height - oy) - 0.5f) / s;
            const int cx = static_cast<int>(std::floor(u)), cy = static_cast<int>(std::floor(v));
            const float px = u - std::floor(u) - 0.5f, py = v - std::floor(v) - 0.5f;
            auto P = [&](int dx, int dy) {
                const Colour c = colour(in, cx + dx, h - 1 - (cy + dy));
                return V4{static_cast<float>(c[0]), static_cast<float>(c[1]),
                          static_cast<float>(c[2]), static_cast<float>(c[3])};
            };
            const V4 A = P(-1, -1), B = P(0, -1), C = P(1, -1), D = P(-1, 0), E = P(0, 0),
                     F = P(1, 0), G = P(-1, 1), H = P(0, 1), I = P(1, 1);
            auto dist = xbrz_dist;
            auto eq = xbrz_similar;
            // Corners x (-,-), y (+,-), w (-,+), z (+,+).
            int bx = kNone, by = kNone, bw = kNone, bz = kNone;
            if (!((E == F && H == I) || (E == H && F == I))) {
                const float hf =
                    dist(G, E) + dist(E, C) + dist(P(0, 2), I) + dist(I, P(2, 0)) + 4 * dist(H, F);
                const float ei =
                    dist(D, H) + dist(H, P(1, 2)) + dist(B, F) + dist(F, P(2, 1)) + 4 * dist(E, I);
                if (hf < ei && !(E == F) && !(E == H))
                    bz = kDominantRatio * hf < ei ? kDominant : kNormal;
            }
            if (!((D == E && G == H) || (D == G && E == H))) {
                const float ge = dist(P(-2, 1), D) + dist(D, B) + dist(P(-1, 2), H) + dist(H, F) +
                                 4 * dist(G, E);
                const float dh =
                    dist(P(-2, 0), G) + dist(G, P(0, 2)) + dist(A, E) + dist(E, I) + 4 * dist(D, H);
                if (ge > dh && !(E == D) && !(E == H))
                    bw = kDominantRatio * dh < ge ? kDominant : kNormal;
            }
            if (!((B == C && E == F) || (B == E && C == F))) {
                const float ec = dist(D, B) + dist(B, P(1, -2)) + dist(H, F) + dist(F, P(2, -1)) +
                                 4 * dist(E, C);
                const float bf =
                    dist(A, E) + dist(E, I) + dist(P(0, -2), C) + dist(C, P(2, 0)) + 4 * dist(B, F);
                if (ec > bf && !(E == B) && !(E == F))
                    by = kDominantRatio * bf < ec ? kDominant : kNormal;
            }
            if (!((A == B && D == E) || (A == D && B == E))) {
                const float db = dist(P(-2, 0), A) + dist(A, P(0, -2)) + dist(G, E) + dist(E, C) +
                                 4 * dist(D, B);
                const float ae = dist(P(-2, -1), D) + dist(D, H) + dist(P(-1, -2), B) + dist(B, F) +
                                 4 * dist(A, E);
                if (db < ae && !(E == D) && !(E == B))
                    bx = kDominantRatio * db < ae ? kDominant : kNormal;
            }
            V4 res = E;
            const float r2 = 1.0f / std::sqrt(2.0f);
            if (bz != kNone) { // corner (+x, +y)
                const bool line = bz == kDominant ||
                                  !((by != kNone && !eq(E, G)) || (bw != kNone && !eq(E, C)) ||
                                    (eq(G, H) && eq(H, I) && eq(I, F) && eq(F, C) && !eq(E, I)));
                float oxr = 0, oyr = r2, dx = 1, dy = -1;
                if (line) {
                    const bool shallow =
                        kSteep * dist(F, G) <= dist(H, C) && !(E == G) && !(D == G);
                    const bool steep = kSteep * dist(H, C) <= dist(F, G) && !(E == C) && !(B == C);
                    oyr = shallow ? 0.25f : 0.5f;
                    dx += shallow ? 1 : 0;
                    dy -= steep ? 1 : 0;
                }
                const V4 towards = dist(E, H) >= dist(E, F) ? F : H;
                res = mixv(res, towards, left_ratio(px, py, oxr, oyr, dx, dy, s));
            }
            if (bw != kNone) { // corner (-x, +y)
                const bool line = bw == kDominant ||
                                  !((bz != kNone && !eq(E, A)) || (bx != kNone && !eq(E, I)) ||
                                    (eq(A, D) && eq(D, G) && eq(G, H) && eq(H, I) && !eq(E, G)));
                float oxr = -r2, oyr = 0, dx = 1, dy = 1;
                if (line) {
                    const bool shallow =
                        kSteep * dist(H, A) <= dist(D, I) && !(E == A) && !(B == A);
                    const bool steep = kSteep * dist(D, I) <= dist(H, A) && !(E == I) && !(F == I);
                    oxr = shallow ? -0.25f : -0.5f;
                    dy += shallow ? 1 : 0;
                    dx += steep ? 1 : 0;
                }
                const V4 towards = dist(E, H) >= dist(E, D) ? D : H;
                res = mixv(res, towards, left_ratio(px, py, oxr, oyr, dx, dy, s));
            }
            if (by != kNone) { // corner (+x, -y)
                const bool line = by == kDominant ||
                                  !((bx != kNone && !eq(E, I)) || (bz != kNone && !eq(E, A)) ||
                                    (eq(I, F) && eq(F, C) && eq(C, B) && eq(B, A) && !eq(E, C)));
                float oxr = r2, oyr = 0, dx = -1, dy = -1;
                if (line) {
                    const bool shallow =
                        kSteep * dist(B, I) <= dist(F, A) && !(E == I) && !(H == I);
                    const bool steep = kSteep * dist(F, A) <= dist(B, I) && !(E == A) && !(D == A);
                    oxr = shallow ? 0.25f : 0.5f;
                    dy -= shallow ? 1 : 0;
                    dx -= steep ? 1 : 0;
                }
                const V4 towards = dist(E, F) >= dist(E, B) ? B : F;
                res = mixv(res, towards, left_ratio(px, py, oxr, oyr, dx, dy, s));
            }
            if (bx != kNone) { // corner (-x, -y)
                const bool line = bx == kDominant ||
                                  !((bw != kNone && !eq(E, C)) || (by != kNone && !eq(E, G)) ||
                                    (eq(C, B) && eq(B, A) && eq(A, D) && eq(D, G) && !eq(E, A)));
                float oxr = 0, oyr = -r2, dx = -1, dy = 1;
                if (line) {
                    const bool shallow =
                        kSteep * dist(D, C) <= dist(B, G) && !(E == C) && !(F == C);
                    const bool steep = kSteep * dist(B, G) <= dist(D, C) && !(E == G) && !(H == G);
                    oyr = shallow ? -0.25f : -0.5f;
                    dx -= shallow ? 1 : 0;
                    dy += steep ? 1 : 0;
                }
                const V4 towards = dist(E, D) >= dist(E, B) ? B : D;
                res = mixv(res, towards, left_ratio(px, py, oxr, oyr, dx, dy, s));
            }
            store(out, ox, oy, {res.r, res.g, res.b, res.a});
        }
    return out;
}

FilterImage anime4k_model(const FilterImage& in, std::uint32_t scale) {
    FilterImage out = sized(in, scale);
    const int w = static_cast<int>(in.width), h = static_cast<int>(in.height);
    // Everything y up (OpenGL's texture origin, as the original): row r is y = h - 1 - r.
    auto fetch = [&](int x, int y) { return colour(in, x, h - 1 - y); };
    auto bilinear = [&](double u, double v) {
        const double x = u - 0.5, y = v - 0.5;
        const int bx = static_cast<int>(std::floor(x)), by = static_cast<int>(std::floor(y));
        const double fx = x - bx, fy = y - by;
        Colour r{};
        for (int c = 0; c < 4; ++c) {
            const double lo = fetch(bx, by)[c] * (1 - fx) + fetch(bx + 1, by)[c] * fx;
            const double hi = fetch(bx, by + 1)[c] * (1 - fx) + fetch(bx + 1, by + 1)[c] * fx;
            r[c] = lo * (1 - fy) + hi * fy;
        }
        return r;
    };
    auto luminance = [](const Colour& c) { return 0.2627 * c[0] + 0.6780 * c[1] + 0.0593 * c[2]; };
    // Pass 1 and 2 on the grid twice the size: (r - l, l + 2c + r) across, then the vertical
    // half of the Sobel operator and 1 - its magnitude.
    const int gw = 2 * w, gh = 2 * h;
    std::vector<std::array<double, 2>> xy(static_cast<std::size_t>(gw) * gh);
    for (int y = 0; y < gh; ++y)
        for (int x = 0; x < gw; ++x) {
            const double u = (x + 0.5) / 2, v = (y + 0.5) / 2;
            const double l = luminance(bilinear(u - 1, v)), c = luminance(bilinear(u, v)),
                         r = luminance(bilinear(u + 1, v));
            xy[static_cast<std::size_t>(y) * gw + x] = {r - l, l + 2 * c + r};
        }
    auto xy_at = [&](int x, int y) {
        return xy[static_cast<std::size_t>(std::clamp(y, 0, gh - 1)) * gw +
                  std::clamp(x, 0, gw - 1)];
    };
    std::vector<double> luma(static_cast<std::size_t>(gw) * gh);
    for (int y = 0; y < gh; ++y)
        for (int x = 0; x < gw; ++x) {
            const auto t = xy_at(x, y + 1), m = xy_at(x, y), b = xy_at(x, y - 1);
            const double gx = t[0] + 2 * m[0] + b[0], gy = b[1] - t[1];
            luma[static_cast<std::size_t>(y) * gw + x] = 1 - std::sqrt(gx * gx + gy * gy);
        }
    auto luma_bilinear = [&](double u, double v) {
        const double x = u - 0.5, y = v - 0.5;
        const int bx = static_cast<int>(std::floor(x)), by = static_cast<int>(std::floor(y));
        const double fx = x - bx, fy = y - by;
        auto at = [&](int i, int j) {
            return luma[static_cast<std::size_t>(std::clamp(j, 0, gh - 1)) * gw +
                        std::clamp(i, 0, gw - 1)];
        };
        const double lo = at(bx, by) * (1 - fx) + at(bx + 1, by) * fx;
        const double hi = at(bx, by + 1) * (1 - fx) + at(bx + 1, by + 1) * fx;
        return lo * (1 - fy) + hi * fy;
    };
    // Pass 3: the refine kernels, in the original's order.
    constexpr double kThreshold = 0.4, kStrength = 0.6;
    for (std::uint32_t oy = 0; oy < out.height; ++oy)
        for (std::uint32_t ox = 0; ox < out.width; ++ox) {
            const double u = (ox + 0.5) / scale, v = (out.height - oy - 0.5) / scale;
            // The 3x3 around the pixel, named as the original names them (t is y - 1).
            struct Sample {
                Colour c;
                double l;
            };
            auto sample = [&](int dx, int dy) {
                return Sample{bilinear(u + dx, v + dy), luma_bilinear(2 * u + dx, 2 * v + dy)};
            };
            const Sample cc = sample(0, 0);
            Colour result = cc.c;
            if (cc.l <= kThreshold) {
                const Sample tl = sample(-1, -1), t = sample(0, -1), tr = sample(1, -1),
                             l = sample(-1, 0), r = sample(1, 0), bl = sample(-1, 1),
                             b = sample(0, 1), br = sample(1, 1);
                auto average = [&](const Sample& a, const Sample& b2, const Sample& c) {
                    Colour o;
                    for (int i = 0; i < 4; ++i)
                        o[i] =
                            cc.c[i] * (1 - kStrength) + (a.c[i] + b2.c[i] + c.c[i]) / 3 * kStrength;
                    return o;
                };
                auto mx = [](double a, double b2, double c) {
                    return std::max(std::max(a, b2), c);
                };
                auto mn = [](double a, double b2, double c) {
                    return std::min(std::min(a, b2), c);
                };
                bool done = false;
                // Kernels 0 and 4.
                double dark = mx(br.l, b.l, bl.l), light = mn(tl.l, t.l, tr.l);
                if (light > cc.l && light > dark) {
                    result = average(tl, t, tr);
                    done = true;
                } else {
                    dark = mx(tl.l, t.l, tr.l);
                    light = mn(br.l, b.l, bl.l);
                    if (light > cc.l && light > dark) {
                        result = average(br, b, bl);
                        done = true;
                    }
                }
                // Kernels 1 and 5.
                if (!done) {
                    dark = mx(cc.l, l.l, b.l);
                    light = mn(r.l, t.l, tr.l);
                    if (light > dark) {
                        result = average(r, t, tr);
                        done = true;
                    } else {
                        dark = mx(cc.l, r.l, t.l);
                        light = mn(bl.l, l.l, b.l);
                        if (light > dark) {
                            result = average(bl, l, b);
                            done = true;
                        }
                    }
                }
                // Kernels 2 and 6.
                if (!done) {
                    dark = mx(l.l, tl.l, bl.l);
                    light = mn(r.l, br.l, tr.l);
                    if (light > cc.l && light > dark) {
                        result = average(r, br, tr);
                        done = true;
                    } else {
                        dark = mx(r.l, br.l, tr.l);
                        light = mn(l.l, tl.l, bl.l);
                        if (light > cc.l && light > dark) {
                            result = average(l, tl, bl);
                            done = true;
                        }
                    }
                }
                // Kernels 3 and 7.
                if (!done) {
                    dark = mx(cc.l, l.l, t.l);
                    light = mn(r.l, br.l, b.l);
                    if (light > dark) {
                        result = average(r, br, b);
                    } else {
                        dark = mx(cc.l, r.l, b.l);
                        light = mn(t.l, l.l, tl.l);
                        if (light > dark) result = average(t, l, tl);
                    }
                }
            }
            store(out, ox, oy, result);
        }
    return out;
}

} // namespace picavk::oracle
