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

} // namespace picavk::oracle
