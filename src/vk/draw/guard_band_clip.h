#pragma once

// Clipping for the compute rasteriser (shadergen/compute_raster.h), which projects every vertex
// and snaps it to a grid of 32-bit integers: a vertex behind the eye (w <= 0) has no window
// position, and one far outside the viewport has one too large for that grid. A point behind
// the eye lies outside the clip volume's depth range (0 <= z <= w in Vulkan's clip space: the
// PICA's z negated, as the vertex stage hands it on), beyond its near plane (z = 0) or its far
// one (z = w) - which of them depends on the projection (citro3d's puts the eye beyond z = w).
// A triangle with such a vertex, or with one beyond the guard band (|x| or |y| > guard * w,
// guard >= 1: outside the viewport), is cut at those six planes, as a GPU's clipper cuts it: the
// part inside stays, a fan of triangles, every attribute interpolated linearly in clip space.
// The other triangles are left whole: x and y are the viewport's rectangle, and the depth range
// a per-fragment test in the shader.

#include "pica/geometry/output_vertex.h"

namespace picavk::vk {

// Whether some vertex a triangle of `batch` uses is behind the eye or beyond the guard band (or
// not a number).
bool needs_clipping(const pica::GeometryBatch& batch, float guard);

// `out`: `in` with each triangle that has such a vertex cut at the depth range's and the guard
// band's planes (the others as they are, all in order). False where a cut leaves a corner that
// is not in front of the eye (the eye itself, on every plane): the graphics pipeline has to draw
// it.
bool clip_to_guard_band(const pica::GeometryBatch& in, float guard, pica::GeometryBatch& out);

} // namespace picavk::vk
