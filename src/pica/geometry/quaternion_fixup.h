#pragma once

// Normal quaternions q and -q are the same rotation, but interpolating between them across a
// triangle passes through zero. The PICA interpolates each triangle's quaternions as if the
// second and third vertex were flipped to lie on the first one's side (dot(q0, qi) < 0: qi is
// negated), which Azahar reproduces (sw_rasterizer.cpp FlipQuaternionIfOpposite; its hardware
// renderer does it in a geometry shader). Vertex programs such as 3ds-examples' fragment_light
// build quaternions per vertex and do produce opposite signs on one triangle.

#include "pica/geometry/output_vertex.h"

namespace picavk::pica {

// Flips, per triangle, the quaternions opposite to the first vertex's. Vertices shared with a
// triangle that needs the other sign are copied. Returns the number of vertices flipped.
std::size_t flip_opposite_quaternions(GeometryBatch& batch);

// True when some triangle of the batch has quaternions of opposite signs (cheap check first).
bool has_opposite_quaternions(const GeometryBatch& batch);

} // namespace picavk::pica
