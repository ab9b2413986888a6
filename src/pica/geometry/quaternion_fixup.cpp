#include "pica/geometry/quaternion_fixup.h"

namespace picavk::pica {

namespace {

float quat_dot(const OutputVertex& a, const OutputVertex& b) {
    float d = 0;
    for (unsigned k = 4; k < 8; ++k)
        d += a.attr[k] * b.attr[k];
    return d;
}

} // namespace

bool has_opposite_quaternions(const GeometryBatch& batch) {
    const auto& v = batch.vertices;
    for (std::size_t t = 0; t + 2 < batch.indices.size(); t += 3) {
        const OutputVertex& first = v[batch.indices[t]];
        if (quat_dot(first, v[batch.indices[t + 1]]) < 0 ||
            quat_dot(first, v[batch.indices[t + 2]]) < 0)
            return true;
    }
    return false;
}

std::size_t flip_opposite_quaternions(GeometryBatch& batch) {
    std::size_t flipped = 0;
    auto& v = batch.vertices;
    for (std::size_t t = 0; t + 2 < batch.indices.size(); t += 3) {
        const std::uint32_t first = batch.indices[t];
        for (std::size_t k = t + 1; k < t + 3; ++k) {
            if (!(quat_dot(v[first], v[batch.indices[k]]) < 0)) continue;
            // A copy: other triangles may use this vertex with its own sign.
            OutputVertex copy = v[batch.indices[k]];
            for (unsigned c = 4; c < 8; ++c)
                copy.attr[c] = -copy.attr[c];
            batch.indices[k] = static_cast<std::uint32_t>(v.size());
            v.push_back(copy);
            ++flipped;
        }
    }
    return flipped;
}

} // namespace picavk::pica
