#include "vk/draw/depth_clip.h"

#include <cmath>

namespace picavk::vk {

using pica::GeometryBatch;
using pica::OutputVertex;

namespace {

bool in_front(const OutputVertex& v) {
    return v.attr[3] > 0.0f; // false for NaN too
}

// The distance to the plane, inside where >= 0, in host clip space (z = -attr[2]): the near
// plane's z, then the far plane's w - z.
float distance(const OutputVertex& v, unsigned plane) {
    return plane == 0 ? -v.attr[2] : v.attr[3] + v.attr[2];
}

OutputVertex between(const OutputVertex& a, const OutputVertex& b, float t, unsigned plane) {
    OutputVertex v;
    for (unsigned i = 0; i < OutputVertex::kSemantics; ++i)
        v.attr[i] = a.attr[i] + t * (b.attr[i] - a.attr[i]);
    // On the plane exactly, whatever the rounding.
    v.attr[2] = plane == 0 ? 0.0f : -v.attr[3];
    return v;
}

} // namespace

bool behind_the_eye(const GeometryBatch& batch) {
    for (const OutputVertex& v : batch.vertices)
        if (!in_front(v)) return true;
    return false;
}

bool clip_depth_planes(const GeometryBatch& in, GeometryBatch& out) {
    out.clear();
    out.vertices = in.vertices;
    out.indices.reserve(in.indices.size());
    const std::size_t count = in.vertices.size();
    for (std::size_t t = 0; t + 2 < in.indices.size(); t += 3) {
        const std::uint32_t tri[3] = {in.indices[t], in.indices[t + 1], in.indices[t + 2]};
        if (tri[0] >= count || tri[1] >= count || tri[2] >= count) return false;
        if (in_front(in.vertices[tri[0]]) && in_front(in.vertices[tri[1]]) &&
            in_front(in.vertices[tri[2]])) {
            out.indices.insert(out.indices.end(), tri, tri + 3);
            continue;
        }
        // Sutherland-Hodgman, one plane after the other: the polygon's corners in order, each
        // a kept vertex or a cut point (a convex polygon cut by a plane gains one corner at
        // most: 3, then 4, then 5).
        std::uint32_t polygon[5] = {tri[0], tri[1], tri[2]};
        unsigned corners = 3;
        for (unsigned plane = 0; plane < 2 && corners >= 3; ++plane) {
            std::uint32_t cut[5];
            unsigned kept = 0;
            for (unsigned k = 0; k < corners; ++k) {
                // (out.vertices grows: copies, not references.)
                const OutputVertex a = out.vertices[polygon[k]];
                const OutputVertex b = out.vertices[polygon[(k + 1) % corners]];
                const float da = distance(a, plane), db = distance(b, plane);
                if (!std::isfinite(da) || !std::isfinite(db)) return false;
                if (da >= 0.0f) cut[kept++] = polygon[k];
                if ((da >= 0.0f) != (db >= 0.0f)) {
                    out.vertices.push_back(between(a, b, da / (da - db), plane));
                    cut[kept++] = static_cast<std::uint32_t>(out.vertices.size() - 1);
                }
            }
            std::copy(cut, cut + kept, polygon);
            corners = kept;
        }
        if (corners < 3) continue; // wholly outside the depth range: nothing to draw
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
