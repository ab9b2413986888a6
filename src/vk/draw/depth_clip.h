#pragma once

// Clipping for the compute rasteriser (shadergen/compute_raster.h), which projects every vertex:
// a vertex behind the eye (w <= 0) has no window position. Such a point lies outside the clip
// volume's depth range (0 <= z <= w in Vulkan's clip space: the PICA's z negated, as the vertex
// stage hands it on), beyond its near plane (z = 0) or its far one (z = w) - which of them
// depends on the projection (citro3d's put the eye beyond z = w). The triangles that have such a
// vertex are cut at both planes, as the graphics pipeline's clipper cuts them: the part inside
// stays, one to three triangles, every attribute interpolated linearly in clip space. The other
// triangles are left whole: x and y are the viewport's rectangle, and the depth range a
// per-fragment test in the shader.

#include "pica/geometry/output_vertex.h"

namespace picavk::vk {

// Whether some vertex of `batch` is behind the eye (or its w is not a number).
bool behind_the_eye(const pica::GeometryBatch& batch);

// `out`: `in` with each triangle that has a vertex behind the eye cut at the depth range's
// planes (the others as they are, all in order). False where a cut leaves a corner that is not
// in front of the eye (the eye itself on both planes): the graphics pipeline has to draw it.
bool clip_depth_planes(const pica::GeometryBatch& in, pica::GeometryBatch& out);

} // namespace picavk::vk
