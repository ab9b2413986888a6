#include "vk/draw/guard_band_clip.h"

#include <cmath>
#include <iterator>

namespace picavk::vk {

using pica::GeometryBatch;
using pica::OutputVertex;

namespace {

bool in_front(const OutputVertex& v) {
    return v.attr[3] > 0.0f; // false for NaN too
}

// Within the guard band (and in front of the eye); false for NaN.
bool inside(const OutputVertex& v, float guard) {
    const float g = guard * v.attr[3];
    return in_front(v) && std::abs(v.attr[0]) <= g && std::abs(v.attr[1]) <= g;
}

constexpr unsigned kPlanes = 6;

// The distance to a plane, inside where >= 0, in host clip space (z = -attr[2]): the near
// plane's z, the far plane's w - z, then the guard band's g w -+ x and g w -+ y.
float distance(const OutputVertex& v, unsigned plane, float guard) {
    const float gw = guard * v.attr[3];
    switch (plane) {
    case 0:
        return -v.attr[2];
    case 1:
        return v.attr[3] + v.attr[2];
    case 2:
        return gw - v.attr[0];
    case 3:
        return gw + v.attr[0];
    case 4:
        return gw - v.attr[1];
    default:
        return gw + v.attr[1];
    }
}

OutputVertex between(const OutputVertex& a, const OutputVertex& b, float t, unsigned plane,
                     float guard) {
    OutputVertex v;
    for (unsigned i = 0; i < OutputVertex::kSemantics; ++i)
        v.attr[i] = a.attr[i] + t * (b.attr[i] - a.attr[i]);
    // On the plane exactly, whatever the rounding.
    const float gw = guard * v.attr[3];
    switch (plane) {
    case 0:
        v.attr[2] = 0.0f;
        break;
    case 1:
        v.attr[2] = -v.attr[3];
        break;
    case 2:
        v.attr[0] = gw;
        break;
    case 3:
        v.attr[0] = -gw;
        break;
    case 4:
        v.attr[1] = gw;
        break;
    default:
        v.attr[1] = -gw;
        break;
    }
    return v;
}

} // namespace

bool needs_clipping(const GeometryBatch& batch, float guard) {
    for (const std::uint32_t i : batch.indices)
        if (i >= batch.vertices.size() || !inside(batch.vertices[i], guard)) return true;
    return false;
}

bool clip_to_guard_band(const GeometryBatch& in, float guard, GeometryBatch& out) {
    out.clear();
    // Room for the cut points (a few per cut triangle) before the copy: growing from an exact
    // fit would reallocate and copy all the vertices at the first cut.
    out.vertices.reserve(in.vertices.size() + in.vertices.size() / 4 + 16);
    out.vertices.assign(in.vertices.begin(), in.vertices.end());
    out.indices.reserve(in.indices.size());
    const std::size_t count = in.vertices.size();
    for (std::size_t t = 0; t + 2 < in.indices.size(); t += 3) {
        const std::uint32_t tri[3] = {in.indices[t], in.indices[t + 1], in.indices[t + 2]};
        if (tri[0] >= count || tri[1] >= count || tri[2] >= count) return false;
        if (inside(in.vertices[tri[0]], guard) && inside(in.vertices[tri[1]], guard) &&
            inside(in.vertices[tri[2]], guard)) {
            out.indices.insert(out.indices.end(), tri, tri + 3);
            continue;
        }
        // Sutherland-Hodgman, one plane after the other: the polygon's corners in order, each
        // a kept vertex or a cut point (a convex polygon cut by a plane gains one corner at
        // most: 3 + 6).
        std::uint32_t polygon[3 + kPlanes] = {tri[0], tri[1], tri[2]};
        unsigned corners = 3;
        for (unsigned plane = 0; plane < kPlanes && corners >= 3; ++plane) {
            std::uint32_t cut[3 + kPlanes];
            unsigned kept = 0;
            for (unsigned k = 0; k < corners; ++k) {
                // (out.vertices grows: copies, not references.)
                const OutputVertex a = out.vertices[polygon[k]];
                const OutputVertex b = out.vertices[polygon[(k + 1) % corners]];
                const float da = distance(a, plane, guard), db = distance(b, plane, guard);
                if (!std::isfinite(da) || !std::isfinite(db)) return false;
                // (Convex, the polygon gains a corner at most; rounding on a sliver might make
                // it seem otherwise: then the graphics pipeline draws it.)
                if (kept + 2 > std::size(cut)) return false;
                if (da >= 0.0f) cut[kept++] = polygon[k];
                if ((da >= 0.0f) != (db >= 0.0f)) {
                    out.vertices.push_back(between(a, b, da / (da - db), plane, guard));
                    cut[kept++] = static_cast<std::uint32_t>(out.vertices.size() - 1);
                }
            }
            std::copy(cut, cut + kept, polygon);
            corners = kept;
        }
        if (corners < 3) continue; // wholly outside: nothing to draw
        for (unsigned k = 0; k < corners; ++k)
            if (!in_front(out.vertices[polygon[k]])) return false;
        // A fan from the first corner: the triangle's winding, and its pixels in the order the
        // rasteriser applies them (the pieces of one triangle do not overlap).
        for (unsigned k = 1; k + 1 < corners; ++k)
            out.indices.insert(out.indices.end(), {polygon[0], polygon[k], polygon[k + 1]});
    }
    return true;
}

} // namespace picavk::vk
