// The GLSL both compute rasteriser passes share (the binning pass and the raster pass): set 1,
// the push constants, the window position of a vertex and a triangle's own set-up.
#include "shadergen/compute_raster/parts.h"

namespace picavk::shadergen::compute_raster {

// Set 1 and the push constants (ComputeRasterConstants), the window position both passes
// compute for a vertex, and a triangle's set-up (the raster pass's where a draw is not binned,
// the binning pass's record of it where it is).
extern const char* const kShared = R"(
struct RasterVertex {
    vec4 a[6]; // the host vertex layout (glsl_generator.h): OutputVertex as six vec4s
};
layout(set = 1, binding = 0, std430) readonly buffer RasterVertices {
    RasterVertex raster_vertices[];
};
layout(set = 1, binding = 1, std430) readonly buffer RasterIndices {
    uint raster_indices[];
};
layout(set = 1, binding = 2, PICA_TARGET_FORMAT) uniform uimage2D color_target;
layout(set = 1, binding = 3, std430) buffer RasterDepth {
    uint raster_depth[]; // the depth buffer's words (vk SurfaceCache::depth_words)
};
layout(push_constant) uniform RasterConstants {
    vec4 viewport;
    vec4 depth_range;
    ivec4 area;
    uvec4 draw; // first index, vertex offset, triangles, cull mode
    uint blend_color;
    uint subpixel_bits;
    uint depth_test; // format (bits 0-1: 1 D16, 2 D24), function (bits 4-6), write (bit 8)
    uint depth_pitch;
    uvec2 bins; // per row, in all (0, 0: not binned)
    uint stencil; // reference (bits 0-7), compare mask (8-15), write mask (16-23), function (24-26)
    uint stencil_ops; // fail (bits 0-2), depth fail (4-6), pass (8-10); bit 31: the test is on
    uint stencil_base; // the stencil bytes' first word in raster_depth
    uint lod_free; // bit i: unit i reads one level with one filter (no gradients needed)
    uvec2 unused;
} rc;

// The bins' header (kComputeRasterBinsHeader): the bins that any triangle marks, as ~first
// column, ~first row, last column + 1, last row + 1 (0 until one marks), the raster pass's
// workgroup count, which the binning pass's last workgroup writes, and from word 8 each draw's
// marked bins.
const uint kBinsHeader = 72u;
const uint kBinsMarks = 8u;

// NaN and infinity told by their bits: without SignedZeroInfNanPreserve, Vulkan lets a compiler
// assume floats are neither, and fold isnan, isinf and comparisons that only NaN fails (Mesa's
// NIR may). Vertices are NaN where a program made them so (the pre-pass keeps them).
bool pica_nan(float x) { return (floatBitsToUint(x) & 0x7FFFFFFFu) > 0x7F800000u; }
bool pica_nan(vec2 v) { return pica_nan(v.x) || pica_nan(v.y); }
bool pica_nan(vec4 v) { return pica_nan(v.xy) || pica_nan(v.zw); }
bool pica_finite(float x) { return (floatBitsToUint(x) & 0x7F800000u) != 0x7F800000u; }
// Triangle t's vertices (the index, then the draw's vertex offset added).
uvec3 raster_triangle(uint t) {
    uint at = rc.draw.x + 3u * t;
    return uvec3(uint(int(raster_indices[at]) + int(rc.draw.y)),
                 uint(int(raster_indices[at + 1u]) + int(rc.draw.y)),
                 uint(int(raster_indices[at + 2u]) + int(rc.draw.y)));
}

// Vulkan's viewport transform (the divide as a reciprocal and a product, as GPUs and llvmpipe's
// draw module do it), and the window position snapped to the host's sub-pixel grid (round to
// nearest), which decides coverage; attributes are interpolated at the pixel centre from the
// positions before snapping, as llvmpipe sets up its planes. Precise: every call site (the
// exact set-up, the homogeneous one, the binning pass) must snap a shared vertex to the same
// position, which a compiler fusing the multiply-add at some sites only would break.
vec2 raster_window(vec4 c) {
    precise vec2 ndc = c.xy * (1.0 / c.w);
    precise vec2 win = ndc * (rc.viewport.zw * 0.5) + (rc.viewport.xy + rc.viewport.zw * 0.5);
    return win;
}
ivec2 raster_snap(vec2 win) {
    return ivec2(roundEven(win * float(1u << rc.subpixel_bits)));
}

// Twice the signed area of (a, b, p); positive inside for triangles ordered as setup() leaves
// them. Positions are below 2^23 in magnitude (the caller's guard band), so products need 64 bits.
int64_t edge(ivec2 a, ivec2 b, ivec2 p) {
    return int64_t(b.x - a.x) * int64_t(p.y - a.y) - int64_t(b.y - a.y) * int64_t(p.x - a.x);
}

float edge(vec2 a, vec2 b, vec2 p) {
    return (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x);
}

// Top-left rule (Vulkan: y down): with positive area, an edge going up is a left edge, one
// going right along a row is a top edge.
int edge_bias(ivec2 a, ivec2 b) {
    ivec2 d = b - a;
    return (d.y < 0 || (d.y == 0 && d.x > 0)) ? 0 : -1;
}

// A triangle's set-up that is its own, not a tile's: the raster pass's tiles make it where the
// draw is not binned, and read it from the binning pass's record of it where it is (one
// function for both, so that a triangle is set up the same whichever shader does it).
const uint kSetupNone = 0u, kSetupExact = 1u, kSetupHomogeneous = 2u;
// Window positions the exact way snaps (pixels from the origin): past them, snapped values and
// their products would not fit the edge functions' integers.
const float kSnapRange = 32768.0;
// Triangle t's vertices (the clip position as the vertex stage writes it: z negated) and what
// it takes: nothing (a NaN anywhere - as a clipper drops it - or wholly behind the eye), the
// homogeneous way (a vertex behind the eye, or window positions whose snapped values and their
// products would not fit the edge functions' integers: 2^15 pixels; NaN too, a w too small to
// divide by), or the exact way, with its window positions and their snapped values.
uint triangle_snap(uint t, out uvec3 iv, out vec4 c0, out vec4 c1, out vec4 c2, out vec2 w0,
                   out vec2 w1, out vec2 w2, out ivec2 p0, out ivec2 p1, out ivec2 p2) {
    iv = raster_triangle(t);
    c0 = raster_vertices[iv.x].a[0];
    c1 = raster_vertices[iv.y].a[0];
    c2 = raster_vertices[iv.z].a[0];
    c0.z = -c0.z;
    c1.z = -c1.z;
    c2.z = -c2.z;
    w0 = w1 = w2 = vec2(0.0);
    p0 = p1 = p2 = ivec2(0);
    if (pica_nan(c0) || pica_nan(c1) || pica_nan(c2)) return kSetupNone;
    if (c0.w <= 0.0 && c1.w <= 0.0 && c2.w <= 0.0) return kSetupNone;
    if (!(c0.w > 0.0 && c1.w > 0.0 && c2.w > 0.0)) return kSetupHomogeneous;
    w0 = raster_window(c0);
    w1 = raster_window(c1);
    w2 = raster_window(c2);
    if (!all(lessThan(abs(vec4(w0, w1)), vec4(kSnapRange))) ||
        !all(lessThan(abs(w2), vec2(kSnapRange))) || pica_nan(vec4(w0, w1)) || pica_nan(w2))
        return kSetupHomogeneous;
    p0 = raster_snap(w0);
    p1 = raster_snap(w1);
    p2 = raster_snap(w2);
    return kSetupExact;
}
// An exactly set-up triangle's winding: false where it has no area or the draw culls it
// (vk/draw/rasterizer.cpp: mode 1 keeps Vulkan's clockwise triangles - negative area in
// Vulkan's terms, positive here -, mode 2 counter-clockwise ones); else its second and third
// vertices swapped where needed, so that its area is positive with the first vertex first.
bool triangle_orient(ivec2 p0, inout uvec3 iv, inout vec4 c1, inout vec4 c2, inout vec2 w1,
                     inout vec2 w2, inout ivec2 p1, inout ivec2 p2) {
    int64_t area = edge(p0, p1, p2);
    if (area == 0l) return false;
    if ((rc.draw.w == 1u && area < 0l) || (rc.draw.w == 2u && area > 0l)) return false;
    if (area < 0l) {
        ivec2 p = p1; p1 = p2; p2 = p;
        vec2 w = w1; w1 = w2; w2 = w;
        iv = iv.xzy;
        vec4 c = c1; c1 = c2; c2 = c;
    }
    return true;
}
// Planes (raster_pixel(), plane()): a value's steps along x and y, and its value at the first
// vertex's window position (o), so that a pixel finds it in two multiply-adds from its offset
// to that vertex. q0..2: vertex k's screen-space weight times its 1 / w (the perspective-correct
// weights are these over their sum; at the first vertex the weights are exactly 1, 0 and 0, so
// the second and third planes' values there are 0, not kept); zd: normalised device z (the clip
// test); zw: window z (the fragment's depth). z is linear on the screen, and a triangle's
// constant z stays exact (steps of 0). Precise: the binning pass and the raster pass must make
// the same planes of a triangle, which a compiler fusing products at one only would break.
struct TrianglePlanes {
    vec2 o;
    vec3 q0;
    vec2 q1, q2;
    vec3 zd, zw;
};
TrianglePlanes triangle_planes(vec4 c0, vec4 c1, vec4 c2, vec2 w0, vec2 w1, vec2 w2) {
    precise vec3 zd = vec3(c0.z / c0.w, c1.z / c1.w, c2.z / c2.w);
    precise vec3 rw = vec3(1.0 / c0.w, 1.0 / c1.w, 1.0 / c2.w);
    precise vec3 zw = rc.depth_range.x + zd * (rc.depth_range.y - rc.depth_range.x);
    // The screen-space weights' steps along x and y (vertex k's weight: the edge opposite it
    // over the area, from the positions before snapping; an edge function's derivatives).
    precise float area = (w1.x - w0.x) * (w2.y - w0.y) - (w1.y - w0.y) * (w2.x - w0.x);
    precise float inv_area = 1.0 / area;
    precise vec3 bx = vec3(w1.y - w2.y, w2.y - w0.y, w0.y - w1.y) * inv_area;
    precise vec3 by = vec3(w2.x - w1.x, w0.x - w2.x, w1.x - w0.x) * inv_area;
    // z0 + b1 (z1 - z0) + b2 (z2 - z0) as a plane.
    precise vec2 dzd = zd.yz - zd.x, dzw = zw.yz - zw.x;
    TrianglePlanes p;
    p.o = w0;
    precise vec3 q0 = vec3(bx.x * rw.x, by.x * rw.x, rw.x);
    precise vec2 q1 = vec2(bx.y, by.y) * rw.y, q2 = vec2(bx.z, by.z) * rw.z;
    precise vec3 pzd = vec3(bx.y * dzd.x + bx.z * dzd.y, by.y * dzd.x + by.z * dzd.y, zd.x);
    precise vec3 pzw = vec3(bx.y * dzw.x + bx.z * dzw.y, by.y * dzw.x + by.z * dzw.y, zw.x);
    p.q0 = q0;
    p.q1 = q1;
    p.q2 = q2;
    p.zd = pzd;
    p.zw = pzw;
    return p;
}
// Attribute k (of OutputVertex's six vec4s) of the triangle with vertices `vi`, weighted by `q`.
vec4 interpolated(uvec3 vi, vec3 q, int k) {
    return q.x * raster_vertices[vi.x].a[k] + q.y * raster_vertices[vi.y].a[k] +
           q.z * raster_vertices[vi.z].a[k];
}
// Where the binning pass keeps triangle t's set-up record (7 uvec4s, after the masks: state and
// indices, then the exact way's snapped positions, o and planes, or the homogeneous way's
// ClippedSetup), in uvec4s of the bins' buffer.
uint setup_record(uint t) {
    uint masks = kBinsHeader + (rc.draw.z + 63u) / 64u * rc.bins.y * 2u;
    return (masks + 3u) / 4u + t * 7u;
}

// t_flags' bits (the raster pass's, below) that a set-up record holds too: edge k's top-left
// bias (bits 0-2), set up the homogeneous way (bit 4), that way's mode (bits 8-17).
const uint kClipped = 16u;
uint bias_flags(ivec3 bias) {
    return (bias.x != 0 ? 1u : 0u) | (bias.y != 0 ? 2u : 0u) | (bias.z != 0 ? 4u : 0u);
}
// The edge function's row of the edge from `a` to `b` (homogeneous window positions): their
// cross product, computed from the end point that sorts first, so that the triangle on the
// edge's other side, which runs it the other way, gets exactly the negated row (precise: no
// fused operation may break that symmetry).
bool sorts_first(vec3 a, vec3 b) {
    return a.x < b.x || (a.x == b.x && (a.y < b.y || (a.y == b.y && a.z < b.z)));
}
vec3 edge_row(vec3 a, vec3 b) {
    bool swap = sorts_first(b, a);
    vec3 p = swap ? b : a, q = swap ? a : b;
    precise vec3 r = vec3(p.y * q.z - p.z * q.y, p.z * q.x - p.x * q.z, p.x * q.y - p.y * q.x);
    return swap ? -r : r;
}

// A triangle reaching behind the eye or past the snapped positions' range, set up the
// homogeneous way: the part that is its own, not a tile's (setup_clipped() adds the tile's
// tests). The raster pass's tiles make it where the draw is not binned, and read the binning
// pass's record of it where it is, rather than each tile of its bins making it again from its
// vertices (the same function for both: a triangle is set up the same whichever does it).
// h0..2: the edge functions' rows, oriented (t_h0..2); inv_area: 1 / |det| (t_inv_area);
// p0..2: the snapped positions of the vertices that have one; flags: t_flags' biases, kClipped
// and mode; zd: the z / w plane; bounds: the window bounds (lo, hi) where every w is positive
// (only past the range), else unbounded.
struct ClippedSetup {
    vec3 h0, h1, h2;
    float inv_area;
    ivec2 p0, p1, p2;
    uint flags;
    vec3 zd;
    vec4 bounds;
};
// (Rasterised in homogeneous coordinates: Olano and Greer, "Triangle scan conversion using 2D
// homogeneous coordinates", 1997, with no clipping at all. For M, the matrix whose columns are
// the vertices' homogeneous window positions (x w, y w, w), M^-1 (x, y, 1) is a pixel's
// clip-space weights over its w: all non-negative exactly where the triangle covers the pixel
// in front of the eye.) False where it is degenerate, not finite or culled.
bool clipped_setup(vec4 c0, vec4 c1, vec4 c2, out ClippedSetup s) {
    vec2 scale = rc.viewport.zw * 0.5, offset = rc.viewport.xy + rc.viewport.zw * 0.5;
    vec3 h0 = vec3(c0.xy * scale + offset * c0.w, c0.w);
    vec3 h1 = vec3(c1.xy * scale + offset * c1.w, c1.w);
    vec3 h2 = vec3(c2.xy * scale + offset * c2.w, c2.w);
    vec3 r0 = edge_row(h1, h2), r1 = edge_row(h2, h0), r2 = edge_row(h0, h1);
    precise float det = dot(h0, r0);
    if (!(abs(det) > 0.0) || !pica_finite(det)) return false; // degenerate, not finite
    // Culling by the determinant's sign, which is the area's where every w is positive.
    if ((rc.draw.w == 1u && det < 0.0) || (rc.draw.w == 2u && det > 0.0)) return false;
    s.bounds = vec4(-3.0e38, -3.0e38, 3.0e38, 3.0e38);
    if (c0.w > 0.0 && c1.w > 0.0 && c2.w > 0.0) {
        vec2 w0 = h0.xy / h0.z, w1 = h1.xy / h1.z, w2 = h2.xy / h2.z;
        s.bounds = vec4(min(w0, min(w1, w2)), max(w0, max(w1, w2)));
    }
    float orient = det > 0.0 ? 1.0 : -1.0; // exact: rows stay exactly negated across an edge
    s.h0 = r0 * orient;
    s.h1 = r1 * orient;
    s.h2 = r2 * orient;
    s.inv_area = 1.0 / abs(det);
    // Edges whose two ends lie in front of the eye and in the snapped range are decided as the
    // exact path decides them (snapped integer edge functions, the top-left rule, oriented),
    // so that they meet an exact-path neighbour with no gap and no pixel twice; the others in
    // floats, where every triangle sharing them is set up this way too.
    vec4 cs[3] = vec4[3](c0, c1, c2);
    bool snapped[3];
    ivec2 ps[3];
    for (int k = 0; k < 3; ++k) {
        vec2 w = raster_window(cs[k]);
        snapped[k] = cs[k].w > 0.0 && all(lessThan(abs(w), vec2(kSnapRange)));
        ps[k] = snapped[k] ? raster_snap(w) : ivec2(0);
    }
    uint mode = orient < 0.0 ? 8u : 0u;
    ivec3 bias = ivec3(0);
    for (int k = 0; k < 3; ++k) {
        int a = (k + 1) % 3, b = (k + 2) % 3;
        if (snapped[a] && snapped[b]) {
            mode |= 1u << k;
            bias[k] = orient > 0.0 ? edge_bias(ps[a], ps[b]) : edge_bias(ps[b], ps[a]);
        } else if (snapped[a] || snapped[b]) {
            // A float edge from a vertex in front: its line through that vertex's snapped
            // position, where the exact edges meeting there pass too, so that a pixel centre
            // on the vertex is decided by the tie rules of all of them, not by rounding.
            mode |= (snapped[a] ? 1u : 2u) << (4 + 2 * k);
        }
    }
    s.p0 = ps[0];
    s.p1 = ps[1];
    s.p2 = ps[2];
    s.flags = bias_flags(bias) | kClipped | mode << 8;
    // z / w is linear on the screen: (the weights over w) . z, a plane.
    precise vec3 zd = (c0.z * r0 + c1.z * r1 + c2.z * r2) / det;
    s.zd = zd;
    return true;
}
)";

std::string tile_defines() {
    return "#define PICA_TILE " + std::to_string(kComputeRasterLargeTile) +
           "\n#define PICA_BIN_TILES " + std::to_string(32 / kComputeRasterLargeTile) + "u\n";
}

} // namespace picavk::shadergen::compute_raster
