// The raster pass's GLSL: a workgroup per tile walks the draw's triangles in rounds, each pixel
// shading the fragments it covers in primitive order (pica_fragment()), testing and blending
// them itself.
#include "shadergen/compute_raster/parts.h"

namespace picavk::shadergen::compute_raster {

extern const char* const kRaster = R"(
// One chunk of the draw's triangles, set up by the workgroup: one per invocation.
const uint kChunk = 64u;
shared ivec2 t_p0[kChunk], t_p1[kChunk], t_p2[kChunk]; // snapped window positions (coverage)
shared uvec3 t_vertex[kChunk];                        // vertex indices, the first one first
// Planes (setup(), plane()): a value's steps along x and y, and its value at the first vertex's
// window position (t_o), so that a pixel finds it in two multiply-adds from its offset to that
// vertex (where it took three edge functions, the area's inverse and the depths' differences).
// From the triangle alone, not the tile: a pixel gets the same values whichever dispatch draws
// it. t_q0..2: vertex k's screen-space weight times its 1 / w (the perspective-correct weights
// are these over their sum; at the first vertex the weights are exactly 1, 0 and 0, so the
// second and third planes' values there are 0, not kept); t_zd: normalised device z (the clip
// test); t_zw: window z (the fragment's depth). z is linear on the screen, and a triangle's
// constant z stays exact (steps of 0).
shared vec2 t_o[kChunk];
shared vec3 t_q0[kChunk];
shared vec2 t_q1[kChunk], t_q2[kChunk];
shared vec3 t_zd[kChunk], t_zw[kChunk];
#ifdef PICA_UNCUT
shared float t_inv_area[kChunk]; // setup_clipped's 1 / |det|
#endif
// Bits 0-2: edge k (opposite vertex k) leaves out a pixel centre on it (the top-left rule's
// bias of -1, edge_bias(); flag_bias()); bit 4: set up the homogeneous way (setup_clipped());
// bits 5-7: every pixel centre of the tile is inside edge k, which no pixel tests (setup());
// bits 8-17: the homogeneous set-up's mode (below). One word, not four: shared memory bounds
// the workgroups a core keeps.
shared uint t_flags[kChunk];
const uint kInsideEdge0 = 32u; // (kClipped: above)
ivec3 flag_bias(uint flags) {
    return -ivec3(uvec3(flags, flags >> 1, flags >> 2) & 1u);
}
// What either set-up keeps of a triangle in `slot`: its flags, snapped positions and vertices.
void store_corners(uint slot, uint flags, uvec3 iv, ivec2 p0, ivec2 p1, ivec2 p2) {
    t_flags[slot] = flags;
    t_p0[slot] = p0;
    t_p1[slot] = p1;
    t_p2[slot] = p2;
    t_vertex[slot] = iv;
}
// Triangles reaching behind the eye or past the snapped positions' range (setup_clipped):
// rasterised in homogeneous coordinates, unclipped. t_h0..2: the edge functions' rows (the
// adjugate of the matrix of the vertices' homogeneous window positions, oriented by its
// determinant's sign); times (x, y, 1), over |det| (t_inv_area), they give a pixel's clip-space
// weights over its w. t_zd holds the z / w plane.
// Their mode (t_flags' bits 8-17): per edge k, bit k: decided as the exact path decides it
// (t_p*, the bias); bit 3: the orientation is negative; bits 4 + 2k and 5 + 2k: a float edge's
// function is taken from its first or its second end point's snapped position (clipped_edge).
#ifdef PICA_UNCUT
// (A triangle is set up one way or the other: its first row shares the first plane's memory.)
#define t_h0 t_q0
shared vec3 t_h1[kChunk], t_h2[kChunk];
#endif
// A plane's value at offset `d` from its origin (t_o), and one whose value there is 0.
float plane(vec3 p, vec2 d) {
    return p.x * d.x + p.y * d.y + p.z;
}
float plane(vec2 p, vec2 d) {
    return p.x * d.x + p.y * d.y;
}
// The chunk's triangles that may cover a pixel of this tile, one bit each (slot order: primitive
// order), in two masks used by turns: the next chunk's is cleared while this one's is set.
shared uint t_hits[2][2];
// The masks of 64 chunks from the window's first (main()).
shared uvec2 t_chunk_marks[kChunk];

layout(set = 1, binding = 4, std430) readonly buffer RasterBins {
    uint raster_bins[]; // the binning pass's masks (generate_compute_bin_glsl)
};


#ifdef PICA_UNCUT
// An edge function's value at window position `at`, in the same order for every triangle.
float edge_value(vec3 r, vec2 at) {
    precise float e = r.x * at.x + r.y * at.y + r.z;
    return e;
}
// Whether a pixel centre exactly on the edge belongs to the triangle whose oriented row is `r`:
// of the two triangles sharing the edge (oriented rows exactly negated) exactly one takes it.
bool edge_owns(vec3 r) {
    return r.x > 0.0 || (r.x == 0.0 && r.y > 0.0);
}

// A triangle set up the homogeneous way (clipped_setup: its own part, `s`), in `slot`, where it
// may cover a pixel centre of the tile. Coverage is decided in floats (Vulkan leaves clipped
// edges' precision to the implementation), watertight on shared edges (edge_row, edge_owns);
// the near and far planes remain the per-fragment test.
bool clipped_tile(uint slot, ivec4 tile, ClippedSetup s, uvec3 iv) {
    if (any(lessThan(s.bounds.zw, vec2(tile.xy))) || any(greaterThan(s.bounds.xy, vec2(tile.zw))))
        return false;
#ifndef PICA_NO_CLIPPED_TILE_TEST
    // The tile against each edge decided in floats, as tile_edges() tests the exact way's (a
    // triangle behind the eye had no tile test at all: every pixel of every tile of its bins
    // walked it). A row is linear in the window position, so its greatest value over the tile's
    // pixel centres is at a corner; where even that is negative by more than a twentieth of a
    // pixel (an anchored edge runs through its end's snapped position, parallel to the row's
    // line and within a sub-pixel step of it) and the row's rounding, no centre of the tile is
    // inside it. (Not an edge decided the exact way: its line through two snapped vertices may
    // turn away from the row's far from them.)
    vec2 first = vec2(tile.xy) + 0.5, last = vec2(tile.zw) - 0.5;
    vec3 rows[3] = vec3[3](s.h0, s.h1, s.h2);
    for (int k = 0; k < 3; ++k) {
        if ((s.flags & (256u << k)) != 0u) continue;
        vec3 r = rows[k];
        float most = r.z + max(r.x * first.x, r.x * last.x) + max(r.y * first.y, r.y * last.y);
        float size = abs(r.z) + abs(r.x) * max(abs(first.x), abs(last.x)) +
                     abs(r.y) * max(abs(first.y), abs(last.y));
        if (most < -(0.05 * length(r.xy) + 1e-5 * size)) return false;
    }
#endif
    t_h0[slot] = s.h0;
    t_h1[slot] = s.h1;
    t_h2[slot] = s.h2;
    t_inv_area[slot] = s.inv_area;
    store_corners(slot, s.flags, iv, s.p0, s.p1, s.p2);
    t_zd[slot] = s.zd;
    return true;
}
// Sets up, from its vertices, a triangle the homogeneous way in `slot` (clipped_tile).
bool setup_clipped(uint slot, ivec4 tile, vec4 c0, vec4 c1, vec4 c2, uvec3 iv) {
    ClippedSetup s;
    return clipped_setup(c0, c1, c2, s) && clipped_tile(slot, tile, s, iv);
}
// Clipped triangle `slot`'s oriented edge function `k` (row `r`) at window position `at`, for
// coverage: through its anchor, the snapped position of one end (the mode in t_flags), where it
// has one (exactly 0 there), else as the row gives it.
float clipped_edge(uint slot, uint k, vec3 r, vec2 at) {
    uint anchor = t_flags[slot] >> (12u + 2u * k) & 3u;
    if (anchor == 0u) return edge_value(r, at);
    // The end points of edge k: vertices k + 1 and k + 2.
    uint v = (k + anchor) % 3u;
    ivec2 p = v == 0u ? t_p0[slot] : v == 1u ? t_p1[slot] : t_p2[slot];
    vec2 d = at - vec2(p) / float(1 << rc.subpixel_bits); // exact: below 2^15 pixels
    precise float e = r.x * d.x + r.y * d.y;
    return e;
}
// A clipped triangle's oriented edge values at window position `at` (setup_clipped): times
// t_inv_area, its weights over w.
vec3 clipped_edges(uint slot, vec2 at) {
    return vec3(edge_value(t_h0[slot], at), edge_value(t_h1[slot], at),
                edge_value(t_h2[slot], at));
}

#endif

#ifdef PICA_UNCUT
#define SETUP_UNCUT setup_clipped(slot, tile, c0, c1, c2, iv)
#else
#define SETUP_UNCUT false
#endif
// The tile's pixel centres against the snapped bounds (most triangles miss most tiles).
bool tile_bounds(ivec4 tile, ivec2 p0, ivec2 p1, ivec2 p2) {
    int one = 1 << rc.subpixel_bits, half_one = one >> 1;
    ivec2 lo = min(p0, min(p1, p2)), hi = max(p0, max(p1, p2));
    ivec2 first = tile.xy * one + half_one, last = (tile.zw - 1) * one + half_one;
    return !(any(lessThan(hi, first)) || any(greaterThan(lo, last)));
}

// Each edge over the tile's pixel centres: an edge function is linear, so its least and
// greatest values there are at corners - its value at the first pixel centre plus, along
// each axis, the step across the tile where it is negative (least) or positive (greatest).
// An edge that leaves out every pixel centre leaves out the tile, which the triangle's
// bounds reach and the triangle does not (a sprite's quad: each of its triangles in half
// the tiles its bounds reach, where every pixel would test it); where each edge keeps
// every one, the tile's pixels do not test it (most tiles a triangle touches are inside
// all three of its edges or crossed by one). False where the tile is left out; else `flags`,
// t_flags' biases and inside bits.
bool tile_edges(ivec4 tile, ivec2 p0, ivec2 p1, ivec2 p2, out uint flags) {
    int one = 1 << rc.subpixel_bits, half_one = one >> 1;
    ivec2 first = tile.xy * one + half_one, last = (tile.zw - 1) * one + half_one;
    ivec3 bias = ivec3(edge_bias(p1, p2), edge_bias(p2, p0), edge_bias(p0, p1));
    ivec2 span = last - first; // not negative
    flags = bias_flags(bias);
    for (int k = 0; k < 3; ++k) {
        ivec2 a = k == 0 ? p1 : k == 1 ? p2 : p0, b = k == 0 ? p2 : k == 1 ? p0 : p1;
        int64_t at_first = edge(a, b, first) + int64_t(bias[k]);
        int64_t across = int64_t(a.y - b.y) * int64_t(span.x); // along x, then y
        int64_t down = int64_t(b.x - a.x) * int64_t(span.y);
        if (at_first + max(across, 0l) + max(down, 0l) < 0l) return false;
        if (at_first + min(across, 0l) + min(down, 0l) >= 0l) flags |= kInsideEdge0 << k;
    }
    return true;
}

// A triangle set up in `slot` from its part that is the triangle's alone.
void store_setup(uint slot, uint flags, uvec3 iv, ivec2 p0, ivec2 p1, ivec2 p2,
                 TrianglePlanes planes) {
    store_corners(slot, flags, iv, p0, p1, p2);
    t_o[slot] = planes.o;
    t_q0[slot] = planes.q0;
    t_q1[slot] = planes.q1;
    t_q2[slot] = planes.q2;
    t_zd[slot] = planes.zd;
    t_zw[slot] = planes.zw;
}

layout(set = 1, binding = 4, std430) readonly buffer RasterSetups {
    uvec4 raster_setups[]; // the bins' buffer again: the binning pass's set-up records
};

#ifdef PICA_UNCUT
// The homogeneous set-up in record `at` (write_clipped_record), whose second and third uvec4s
// the caller read already.
ClippedSetup read_clipped_record(uint at, uvec4 r1, uvec4 r2) {
    ClippedSetup s;
    vec4 r3 = uintBitsToFloat(raster_setups[at + 3u]);
    vec4 r4 = uintBitsToFloat(raster_setups[at + 4u]);
    vec4 r5 = uintBitsToFloat(raster_setups[at + 5u]);
    s.p0 = ivec2(r1.xy);
    s.p1 = ivec2(r1.zw);
    s.p2 = ivec2(r2.xy);
    s.flags = r2.z;
    s.inv_area = uintBitsToFloat(r2.w);
    s.h0 = r3.xyz;
    s.h1 = vec3(r3.w, r4.xy);
    s.h2 = vec3(r4.zw, r5.x);
    s.zd = r5.yzw;
    s.bounds = uintBitsToFloat(raster_setups[at + 6u]);
    return s;
}
#endif

// Sets up triangle `t` in `slot`; false where it covers no pixel centre of the tile (culled,
// degenerate, or outside: tested before the 64-bit area).
bool setup(uint t, uint slot, ivec4 tile) {
    // A binned draw's triangles were set up once each by the binning pass (its records): a
    // tile reads what is the triangle's alone and makes its own tests, where it took the
    // triangle's indices, then its positions, then the snapping, culling and planes.
    // The state, indices and positions are read together (words past a state that is not the
    // exact way hold anything, in the buffer), the planes only where the tile's tests pass:
    // most set-ups fail them.
    if (rc.bins.x != 0u) {
        uint at = setup_record(t);
        uvec4 r0 = raster_setups[at], r1 = raster_setups[at + 1u], r2 = raster_setups[at + 2u];
        if (r0.x == kSetupNone) return false;
        if (r0.x == kSetupExact) {
            ivec2 p0 = ivec2(r1.xy), p1 = ivec2(r1.zw), p2 = ivec2(r2.xy);
            uint flags;
            if (!tile_bounds(tile, p0, p1, p2) || !tile_edges(tile, p0, p1, p2, flags))
                return false;
            vec4 r3 = uintBitsToFloat(raster_setups[at + 3u]);
            vec4 r4 = uintBitsToFloat(raster_setups[at + 4u]);
            vec4 r5 = uintBitsToFloat(raster_setups[at + 5u]);
            float r6 = uintBitsToFloat(raster_setups[at + 6u].x);
            TrianglePlanes planes;
            planes.o = uintBitsToFloat(r2.zw);
            planes.q0 = r3.xyz;
            planes.q1 = vec2(r3.w, r4.x);
            planes.q2 = r4.yz;
            planes.zd = vec3(r4.w, r5.xy);
            planes.zw = vec3(r5.zw, r6);
            store_setup(slot, flags, r0.yzw, p0, p1, p2, planes);
            return true;
        }
#if defined(PICA_UNCUT) && !defined(PICA_NO_CLIPPED_RECORDS)
        // The homogeneous way, set up by the binning pass too: only the tile's tests here.
        return clipped_tile(slot, tile, read_clipped_record(at, r1, r2), r0.yzw);
#endif
        // (The homogeneous way: set up here, as below.)
    }
    uvec3 iv;
    vec4 c0, c1, c2;
    vec2 w0, w1, w2;
    ivec2 p0, p1, p2;
    uint state = triangle_snap(t, iv, c0, c1, c2, w0, w1, w2, p0, p1, p2);
    if (state == kSetupNone) return false;
    // (Without PICA_UNCUT the caller cut such triangles: guard_band_clip.h.)
    if (state == kSetupHomogeneous) return SETUP_UNCUT;
    if (!tile_bounds(tile, p0, p1, p2)) return false;
    if (!triangle_orient(p0, iv, c1, c2, w1, w2, p1, p2)) return false;
    uint flags;
    if (!tile_edges(tile, p0, p1, p2, flags)) return false;
    // (After the tile's tests, which most set-ups fail: fewer values live across them.)
    store_setup(slot, flags, iv, p0, p1, p2, triangle_planes(c0, c1, c2, w0, w1, w2));
    return true;
}

// The pixel's colour as the draw found it (main(): read before the set-up, so that its latency
// passes while the triangles are set up, not in the first fragment's chain).
uint pixel_color;
// The pixel's depth (rc.depth_test): read before the set-up too (or, with PICA_LATE_LOADS, at
// its first fragment), kept here, written once.
uint pixel_depth, first_depth;
bool depth_read = false;

uint depth_index(ivec2 pixel) {
    return uint(pixel.y) * rc.depth_pitch + uint(pixel.x);
}
uint depth_load(ivec2 pixel) {
    uint i = depth_index(pixel);
    if ((rc.depth_test & 3u) == 1u) return raster_depth[i >> 1] >> (16u * (i & 1u)) & 0xFFFFu;
    return raster_depth[i] & 0xFFFFFFu; // bits 24-31 are the copy's padding
}
void depth_store(ivec2 pixel) {
    uint i = depth_index(pixel);
    // D16: the neighbour's half shares the word; flipping only this pixel's bits keeps it.
    if ((rc.depth_test & 3u) == 1u)
        atomicXor(raster_depth[i >> 1], (first_depth ^ pixel_depth) << (16u * (i & 1u)));
    else
        raster_depth[i] = pixel_depth;
}
// PICA's compare functions (spec 004 DEPTH_COLOR_MASK bits 4-6, STENCIL_TEST bits 4-6), as
// Vulkan applies them: `a` the fragment's value, `b` the stored one.
bool compare(uint function, uint a, uint b) {
    switch (function) {
    case 0u: return false;
    case 1u: return true;
    case 2u: return a == b;
    case 3u: return a != b;
    case 4u: return a < b;
    case 5u: return a <= b;
    case 6u: return a > b;
    default: return a >= b;
    }
}
// The depth format's largest integer (D16 or D24).
uint depth_max() {
    return (rc.depth_test & 3u) == 1u ? 0xFFFFu : 0xFFFFFFu;
}
// A depth converted to the format's integer, as Vulkan converts it for a UNORM attachment:
// clamped to [0, 1], scaled, rounded to even.
uint depth_converted(float z) {
    return uint(roundEven(clamp(z, 0.0, 1.0) * float(depth_max())));
}
// The depth test as Vulkan does it on a UNORM attachment: the fragment's depth converted and
// compared with the stored one. `q`: the converted depth.
bool depth_passes(float z, uint stored, out uint q) {
    q = depth_converted(z);
    return compare(rc.depth_test >> 4 & 7u, q, stored);
}

// The pixel's stencil (D24S8's, rc.stencil_ops bit 31): a byte per pixel after the depth words,
// read at the pixel's first fragment, kept here, written once.
uint pixel_stencil, first_stencil;
bool stencil_read = false;
uint stencil_load(ivec2 pixel) {
    uint i = depth_index(pixel);
    return raster_depth[rc.stencil_base + (i >> 2)] >> (8u * (i & 3u)) & 0xFFu;
}
void stencil_store(ivec2 pixel) {
    // The word's other bytes are the neighbours': flipping only this pixel's bits keeps them.
    uint i = depth_index(pixel);
    atomicXor(raster_depth[rc.stencil_base + (i >> 2)],
              (first_stencil ^ pixel_stencil) << (8u * (i & 3u)));
}
// The stencil test: the masked reference against the masked stored value.
bool stencil_passes() {
    uint mask = rc.stencil >> 8 & 0xFFu;
    return compare(rc.stencil >> 24 & 7u, rc.stencil & mask, pixel_stencil & mask);
}
// A stencil op (PICA STENCIL_OP's order is Vulkan's: keep, zero, replace, increment and clamp,
// decrement and clamp, invert, increment and wrap, decrement and wrap), through the write mask.
void stencil_apply(uint op) {
    uint s = pixel_stencil, r;
    switch (op) {
    case 0u: return;
    case 1u: r = 0u; break;
    case 2u: r = rc.stencil & 0xFFu; break;
    case 3u: r = min(s + 1u, 255u); break;
    case 4u: r = s == 0u ? 0u : s - 1u; break;
    case 5u: r = ~s; break;
    case 6u: r = s + 1u; break;
    default: r = s - 1u; break;
    }
    uint write = rc.stencil >> 16 & 0xFFu;
    pixel_stencil = (s & ~write | r & write) & 0xFFu;
}

// The perspective-correct weights of triangle `slot`'s vertices at window position `at` (inside
// it or not: a quad's helper pixels).
vec3 perspective_weights(uint slot, vec2 at) {
#ifdef PICA_UNCUT
    if ((t_flags[slot] & kClipped) != 0u) { // (not `u`: the fragment code's uniforms macro)
        vec3 e = clipped_edges(slot, at);
        return e * (1.0 / (e.x + e.y + e.z));
    }
#endif
    vec2 d = at - t_o[slot];
    vec3 pq = vec3(plane(t_q0[slot], d), plane(t_q1[slot], d), plane(t_q2[slot], d));
    return pq * (1.0 / (pq.x + pq.y + pq.z));
}

// Coverage, weights and depth of triangle `slot` at `pixel`; false where it does not cover it
// (or the near and far planes cut it there).
bool raster_pixel(uint slot, ivec2 pixel, out vec3 q, out float rw, out float zw) {
    vec2 c = vec2(pixel) + 0.5;
#ifdef PICA_UNCUT
    if ((t_flags[slot] & kClipped) != 0u) {
        vec3 e = vec3(clipped_edge(slot, 0u, t_h0[slot], c), clipped_edge(slot, 1u, t_h1[slot], c),
                      clipped_edge(slot, 2u, t_h2[slot], c));
        uint mode = t_flags[slot] >> 8;
        int one = 1 << rc.subpixel_bits;
        ivec2 p = pixel * one + (one >> 1);
        int64_t orient = (mode & 8u) != 0u ? -1l : 1l;
        ivec3 bias = flag_bias(t_flags[slot]);
        if ((mode & 1u) != 0u ? orient * edge(t_p1[slot], t_p2[slot], p) + int64_t(bias.x) < 0l
                              : (e.x < 0.0 || (e.x == 0.0 && !edge_owns(t_h0[slot]))))
            return false;
        if ((mode & 2u) != 0u ? orient * edge(t_p2[slot], t_p0[slot], p) + int64_t(bias.y) < 0l
                              : (e.y < 0.0 || (e.y == 0.0 && !edge_owns(t_h1[slot]))))
            return false;
        if ((mode & 4u) != 0u ? orient * edge(t_p0[slot], t_p1[slot], p) + int64_t(bias.z) < 0l
                              : (e.z < 0.0 || (e.z == 0.0 && !edge_owns(t_h2[slot]))))
            return false;
        vec3 h = clipped_edges(slot, c) * t_inv_area[slot]; // the weights over w
        rw = h.x + h.y + h.z;           // 1 / w
        if (!(rw > 0.0) || pica_nan(rw)) return false;
        q = h * (1.0 / rw);
        float zd = dot(t_zd[slot], vec3(c, 1.0));
        if (!(zd >= 0.0 && zd <= 1.0) || pica_nan(zd)) return false;
        zw = rc.depth_range.x + zd * (rc.depth_range.y - rc.depth_range.x);
        return true;
    }
#endif
    uint flags = t_flags[slot];
    if ((flags & 7u * kInsideEdge0) != 7u * kInsideEdge0) { // an edge crosses the tile
        int one = 1 << rc.subpixel_bits;
        ivec2 p = pixel * one + (one >> 1);
        ivec3 bias = flag_bias(flags);
        // (Edge 0 gives the first vertex's weight.)
        if ((flags & kInsideEdge0) == 0u && edge(t_p1[slot], t_p2[slot], p) + bias.x < 0l)
            return false;
        if ((flags & 2u * kInsideEdge0) == 0u && edge(t_p2[slot], t_p0[slot], p) + bias.y < 0l)
            return false;
        if ((flags & 4u * kInsideEdge0) == 0u && edge(t_p0[slot], t_p1[slot], p) + bias.z < 0l)
            return false;
    }
    vec2 d = c - t_o[slot]; // the pixel centre from the first vertex
    // The clip volume's near and far planes (no depth clamp).
    float zd = plane(t_zd[slot], d);
    if (zd < 0.0 || zd > 1.0) return false;
    vec3 pw = vec3(plane(t_q0[slot], d), plane(t_q1[slot], d), plane(t_q2[slot], d));
    zw = plane(t_zw[slot], d);
    rw = pw.x + pw.y + pw.z;
    q = pw * (1.0 / rw); // perspective-correct weights (one division, not three)
    return true;
}

// The fragment of triangle `slot` at `pixel`, its colour in `src` (and its depth in frag_depth):
// false where the triangle does not cover the pixel or the fragment code discards.
bool fragment_at(uint slot, ivec2 pixel, out ivec4 src) {
    vec3 q;
    float rw, zw;
    if (!raster_pixel(slot, pixel, q, rw, zw)) return false;
    uvec3 vi = t_vertex[slot];
    vec4 a[6];
    for (int k = 0; k < 6; ++k)
        a[k] = interpolated(vi, q, k);
#ifdef PICA_QUATERNION_FLIP
    // Lit draws: the second and third vertex's normal quaternions on the first one's side
    // (pica/geometry/quaternion_fixup.h), for vertices the vertex pre-pass shaded. (The CPU
    // path flipped its own already; a second flip finds nothing to do: q.q' is then >= 0.)
    vec4 q0 = raster_vertices[vi.x].a[1], q1 = raster_vertices[vi.y].a[1],
         q2 = raster_vertices[vi.z].a[1];
    if (quaternion_dot(q0, q1) < 0.0) q1 = -q1;
    if (quaternion_dot(q0, q2) < 0.0) q2 = -q2;
    a[1] = q.x * q0 + q.y * q1 + q.z * q2;
#endif
    // As the vertex stage hands them on (glsl_generator.cpp generate_vertex_glsl).
    v_position = a[0];
    v_normquat = a[1];
    v_color = a[2];
    v_texcoord01 = a[3];
    v_texcoord2_w = vec4(a[5].zw, a[4].x, 0.0);
    v_view = vec4(a[4].zw, a[5].x, 0.0);
    v_draw = uint(raster_vertices[vi.x].a[4].y);
#ifdef PICA_GRADIENTS
    // Where a unit that takes gradients samples, its coordinates at the pixel's quad's corners
    // come from this triangle and quad (texture_gradients()).
    g_slot = slot;
    g_vertex = vi;
    g_quad = vec2(pixel & ivec2(~1)) + 0.5;
#endif
    frag_coord = vec4(vec2(pixel) + 0.5, zw, rw);
    frag_depth = zw;
#ifdef PICA_PROBE_FRAGMENT_FLAT
    src = ivec4(round(clamp(v_color, 0.0, 1.0) * 255.0)); // (a measuring probe: no fragment code)
    return true;
#else
    return pica_fragment(src);
#endif
}

// A fragment (fragment_at) at `pixel` through the tests and the colour output, into `color`.
void apply(ivec2 pixel, ivec4 src, inout uint color, inout bool touched) {
    // Vulkan's order: the stencil test (its fail op), the depth test (the depth-fail op), then
    // the pass op and the depth write.
    bool stencil_on = (rc.stencil_ops & 0x80000000u) != 0u;
    if (stencil_on) {
        if (!stencil_read) {
            pixel_stencil = first_stencil = stencil_load(pixel);
            stencil_read = true;
        }
        if (!stencil_passes()) {
            stencil_apply(rc.stencil_ops & 7u);
            return;
        }
    }
    if ((rc.depth_test & 3u) != 0u) {
        if (!depth_read) {
            pixel_depth = first_depth = depth_load(pixel);
            depth_read = true;
        }
        uint q;
        if (!depth_passes(frag_depth, pixel_depth, q)) {
            if (stencil_on) stencil_apply(rc.stencil_ops >> 4 & 7u);
            return;
        }
        if ((rc.depth_test & 0x100u) != 0u) pixel_depth = q;
    }
    if (stencil_on) stencil_apply(rc.stencil_ops >> 8 & 7u);
#ifndef PICA_NO_COLOR_WRITE
#ifdef PICA_LATE_LOADS
    if (!touched) color = imageLoad(color_target, pixel).x;
#else
    if (!touched) color = pixel_color;
#endif
    touched = true;
    color = color_output(src, color);
#endif
}

// The fragment of triangle `slot` at `pixel`, if it covers it, applied to `color`.
void shade(uint slot, ivec2 pixel, inout uint color, inout bool touched) {
#ifdef PICA_PROBE_COVERAGE
    // (A measuring probe: the colour is made of what coverage found, so that nothing is dropped.
    // Not where the draw writes no colour: its target is a stand-in image of one pixel.)
    vec3 q;
    float rw, zw;
    if (!raster_pixel(slot, pixel, q, rw, zw)) return;
    color = packUnorm4x8(vec4(q, zw));
#ifndef PICA_NO_COLOR_WRITE
    touched = true;
#endif
#else
    ivec4 src;
    if (fragment_at(slot, pixel, src)) apply(pixel, src, color, touched);
#endif
}

// Which of the 64 triangles of `chunk` (from triangle 64 * chunk) this tile's bin may meet: the
// binning pass's marks, or every triangle of the chunk for a draw it did not bin.
uvec2 chunk_marks(uint chunk, uint bin) {
    if (rc.bins.x != 0u) {
        uint at = kBinsHeader + (chunk * rc.bins.y + bin) * 2u;
        return uvec2(raster_bins[at], raster_bins[at + 1u]);
    }
    uint left = rc.draw.z - chunk * kChunk; // at least 1
    return uvec2(left >= 32u ? 0xFFFFFFFFu : (1u << left) - 1u,
                 left >= 64u ? 0xFFFFFFFFu : left > 32u ? (1u << (left - 32u)) - 1u : 0u);
}

// The position of the k-th (from 0) set bit of `w`, which has more than k.
uint nth_set_bit(uint w, uint k) {
    uint at = 0u;
    for (int width = 16; width > 0; width >>= 1) {
        uint low = uint(bitCount(bitfieldExtract(w, int(at), width)));
        if (k >= low) {
            k -= low;
            at += uint(width);
        }
    }
    return at;
}

#if defined(PICA_HIDING) && !defined(PICA_PROBE_COVERAGE)
// For an ordering depth test with writes (compare functions 4-7), the most extreme converted
// depth the round's triangles can write at any pixel of the tile, on the side the test moves the
// stored depth to (t_depth_extreme[turn]; shade_hits): a triangle of one depth (its plane's
// steps exactly 0: every fragment's depth is exactly the plane's constant, converted as
// depth_passes converts it; a 2D draw's sprites) gives that depth, any other the format's
// extreme. A fragment passing the most extreme passes whatever the fragments before it left.
shared uint t_depth_extreme[2];
void depth_extreme(uint slot, uint turn) {
    bool largest = (rc.depth_test >> 4 & 7u) >= 6u; // GREATER, GEQUAL: the stored depth grows
    bool one_depth = true;
#ifdef PICA_UNCUT
    one_depth = (t_flags[slot] & kClipped) == 0u;
#endif
    vec3 p = one_depth ? t_zw[slot] : vec3(1.0);
    one_depth = one_depth && p.x == 0.0 && p.y == 0.0 && !pica_nan(p.z);
    uint q = one_depth ? depth_converted(p.z) : largest ? depth_max() : 0u;
    if (largest) atomicMax(t_depth_extreme[turn], q);
    else atomicMin(t_depth_extreme[turn], q);
}
// The set bits of 64-bit mask `m` from bit `from` on (any from: 64 and past, none), and below
// bit `to`.
uvec2 bits_from(uvec2 m, uint from) {
    if (from >= 64u) return uvec2(0u);
    return from >= 32u ? uvec2(0u, m.y & 0xFFFFFFFFu << (from - 32u))
                       : uvec2(m.x & 0xFFFFFFFFu << from, m.y);
}
uvec2 bits_below(uvec2 m, uint to) {
    if (to >= 64u) return m;
    return to >= 32u ? uvec2(m.x, m.y & ~(0xFFFFFFFFu << (to - 32u)))
                     : uvec2(m.x & ~(0xFFFFFFFFu << to), 0u);
}
// The top fragment of a pixel's round where it does not hide (shade_hits), kept for the walk:
// its colour as four bytes, its depth.
shared uint t_kept[PICA_TILE * PICA_TILE];
shared float t_kept_depth[PICA_TILE * PICA_TILE];
#endif

// Every triangle of the round that touches the tile (t_hits[turn]), in order, at `pixel`.
void shade_hits(uint turn, bool inside, ivec2 pixel, inout uint color, inout bool touched) {
    if (!inside) return;
#ifdef PICA_PROBE_SETUP
    // (A measuring probe: the round's marks, no pixel walking its triangles.)
    color ^= t_hits[turn][0] ^ t_hits[turn][1];
#ifndef PICA_NO_COLOR_WRITE
    touched = true; // (not where the target is a stand-in image of one pixel)
#endif
    return;
#endif
#if defined(PICA_HIDING) && !defined(PICA_PROBE_COVERAGE)
    // Fragments that hide what is under them: their colour output does not read the pixel
    // (pica_hides), and their depth test passes whatever the fragments before them did (no
    // depth test; ALWAYS; or an ordering one - citro2d's GEQUAL - against the pixel's depth
    // before the round and, where depth is written, the most extreme depth the round's
    // triangles can write: t_depth_extreme). No stencil test. A pixel first looks for the last such
    // fragment among its round's last kHideSearch triangles, from the last down. If one hides,
    // the pixel takes it and walks only the triangles after it (a sprite screen's pixel under
    // 8 to 16 sprites shaded them all, where an opaque texel near the top decides it); the top
    // fragment, where it does not hide, is kept, and the walk takes it at its turn rather than
    // shade it again (a single translucent layer costs no more than before). One loop, one call
    // of the fragment code, whichever way a pixel walks (the pixels of a warp searching and
    // walking run it together).
    bool depth_on = (rc.depth_test & 3u) != 0u;
    uint depth_fn = rc.depth_test >> 4 & 7u;
    bool depth_writes = depth_on && (rc.depth_test & 0x100u) != 0u && depth_fn != 1u;
    bool hiding = (rc.stencil_ops & 0x80000000u) == 0u &&
                  (!depth_on || depth_fn == 1u || depth_fn >= 4u);
#ifdef PICA_FRAGMENT_DEPTH
    // (The fragment code sets the depth: the earlier fragments' depths are not their planes'.)
    hiding = hiding && !depth_writes;
#endif
    // Where depth is written, a round with a triangle of more than one depth has the format's
    // extreme (depth_extreme), which no fragment can be sure to pass: no search.
    if (depth_writes)
        hiding = hiding && t_depth_extreme[turn] != (depth_fn >= 6u ? depth_max() : 0u);
    // Cursors into the round's marks (read again from shared memory at each step: nothing of
    // them is live across the fragment code, whose registers are the shader's bound), in one
    // word for the same reason: bits 0-6, the walk takes the marks from there on; 8-14, the
    // search those below there; 16-22, the top fragment's slot where it does not hide
    // (t_kept; 64: none); 24-31, the search's triangles left.
    uint cursor = 64u << 8 | 64u << 16 | (hiding ? kHideSearch : 0u) << 24;
    uint here = gl_LocalInvocationIndex;
    for (;;) {
        uvec2 marks = uvec2(t_hits[turn][0], t_hits[turn][1]);
        bool back = (cursor >> 24) != 0u;
        uvec2 m = back ? bits_below(marks, cursor >> 8 & 127u) : bits_from(marks, cursor & 127u);
        if (m == uvec2(0u)) {
            if (!back) break;
            cursor &= 0xFFFFFFu; // none hides: the walk from the first
            continue;
        }
        uint slot = back ? (m.y != 0u ? 32u + uint(findMSB(m.y)) : uint(findMSB(m.x)))
                         : (m.x != 0u ? uint(findLSB(m.x)) : 32u + uint(findLSB(m.y)));
        cursor = back ? bitfieldInsert(cursor, slot, 8, 8) - (1u << 24)
                      : bitfieldInsert(cursor, slot + 1u, 0, 8);
        uint kept = cursor >> 16 & 127u;
        ivec4 src;
        bool covered;
        if (slot == kept && !back) {
            src = ivec4((uvec4(t_kept[here]) >> uvec4(0u, 8u, 16u, 24u)) & 0xFFu);
            frag_depth = t_kept_depth[here];
            covered = true;
        } else {
            covered = fragment_at(slot, pixel, src);
        }
        if (!back) {
            if (covered) apply(pixel, src, color, touched);
            continue;
        }
        if (!covered) continue; // past it, down to the next one
        bool hides = pica_hides(src);
        uint q = 0u;
        if (hides && depth_on) {
            if (!depth_read) {
                pixel_depth = first_depth = depth_load(pixel);
                depth_read = true;
            }
            bool passes = depth_passes(frag_depth, pixel_depth, q) &&
                          (!depth_writes || compare(depth_fn, q, t_depth_extreme[turn]));
            // (Not sure to pass: those below, at other depths, are as unlikely to; the search
            // ends.)
            if (!passes) cursor &= 0xFFFFFFu;
            hides = passes;
        }
        if (!hides) {
            // The top fragment is kept for the walk; the search goes on below it.
            if (kept == 64u) {
                cursor = bitfieldInsert(cursor, slot, 16, 8);
                t_kept[here] =
                    uint(src.r) | uint(src.g) << 8 | uint(src.b) << 16 | uint(src.a) << 24;
                t_kept_depth[here] = frag_depth;
            }
            continue;
        }
        // It hides every fragment before it: its colour (and depth), then the triangles after
        // it.
        if (depth_on && (rc.depth_test & 0x100u) != 0u) pixel_depth = q;
        color = color_output(src, color);
        touched = true;
        cursor = bitfieldInsert(cursor & 0xFFFFFFu, slot + 1u, 0, 8);
    }
#else
    for (uint half_mask = 0u; half_mask < 2u; ++half_mask) {
        uint m = t_hits[turn][half_mask];
        while (m != 0u) {
            uint i = uint(findLSB(m));
            m &= m - 1u;
            shade(half_mask * 32u + i, pixel, color, touched);
        }
    }
#endif
}

// A workgroup draws a tile of PICA_TILE x PICA_TILE pixels (16x16), one an invocation; a bin is
// PICA_BIN_TILES x PICA_BIN_TILES tiles (32 pixels). Each round's set-up is the first 64
// invocations' (kChunk), the other pixels' wait at its barriers. With tiles of 8x8 the tiles'
// set-up took half of craftus's raster pass on an H200 and a quarter of gpusprites', mostly
// latency (a cube's 12 triangles cost cubemap as much); tiles of 16x16, a set-up serving four
// times the pixels, made every stage faster, the pass 2.2 to 2.7 times.
layout(local_size_x = PICA_TILE, local_size_y = PICA_TILE) in;
void main() {
    // Binned, the dispatch covers only the bins its triangles mark (dispatched indirectly from
    // the binning pass's header): its first workgroup is the first marked bin's first tile.
    uvec2 group = gl_WorkGroupID.xy;
    if (rc.bins.x != 0u) {
        group += uvec2(~raster_bins[0], ~raster_bins[1]) * PICA_BIN_TILES;
        // Past the bins (a dispatch the header did not size: none is, but a device without
        // robust buffer access must never read masks past the buffer): the whole workgroup
        // leaves before its first barrier.
        if (group.x / PICA_BIN_TILES >= rc.bins.x ||
            group.y / PICA_BIN_TILES >= rc.bins.y / rc.bins.x)
            return;
    }
    ivec2 corner = rc.area.xy + ivec2(group) * PICA_TILE;
    ivec2 pixel = corner + ivec2(gl_LocalInvocationID.xy);
    bool inside = all(lessThan(pixel, rc.area.zw));
#ifdef PICA_PROBE_EMPTY
    return; // (a measuring probe: the workgroups launched, nothing done)
#endif
    ivec4 tile = ivec4(corner, min(corner + PICA_TILE, rc.area.zw));
    uint slot = gl_LocalInvocationIndex;
    uint color = 0u;
    bool touched = false;
#ifndef PICA_LATE_LOADS
    // What the pixel's fragments will read, read now: the loads' latency passes during the
    // set-up and its barriers rather than at the first fragment (a tile of a draw with a few
    // large triangles was a chain of latencies: set-up, barrier, then these, the attributes and
    // the textures). Pixels no fragment covers read for nothing: 2 to 9 bytes each. (A colour
    // the output does not read - no blending, every channel written - is not loaded at all.)
    // Not an unbinned draw's triangles' indices and positions as well: read here and kept
    // across the barriers, they took 16 more registers an invocation (RADV: 64 -> 80) in every
    // draw's shader, for a draw kind whose set-up is one round.
    if (inside) {
#ifndef PICA_NO_COLOR_WRITE
        pixel_color = imageLoad(color_target, pixel).x;
#endif
        if ((rc.stencil_ops & 0x80000000u) != 0u) {
            pixel_stencil = first_stencil = stencil_load(pixel);
            stencil_read = true;
        }
        if ((rc.depth_test & 3u) != 0u) {
            pixel_depth = first_depth = depth_load(pixel);
            depth_read = true;
        }
    }
#endif
    if (slot < 4u) t_hits[slot >> 1][slot & 1u] = 0u;
#if defined(PICA_HIDING) && !defined(PICA_PROBE_COVERAGE)
    if (slot < 2u) t_depth_extreme[slot] = (rc.depth_test >> 4 & 7u) >= 6u ? 0u : ~0u;
#endif
    uint bin = (group.y / PICA_BIN_TILES) * rc.bins.x + group.x / PICA_BIN_TILES;
    uint turn = 0u;
    // Rounds of up to 64 marked triangles, gathered from as many whole chunks as fit (a chunk
    // that marks nothing here fits any round): the masks are read 64 chunks at a time, one per
    // invocation, into shared memory, and each round sets its triangles up at once, one per
    // invocation. A sprite screen's tile meets a few triangles in each of many chunks: one round
    // and one parallel read, where a chunk at a time took a global read, two barriers and a
    // set-up one after another for each.
    uint chunks = (rc.draw.z + kChunk - 1u) / kChunk;
    uint window = 0u, window_end = 0u; // the chunks whose masks t_chunk_marks holds
    for (uint next = 0u; next < chunks;) {
        if (next >= window_end) {
            barrier(); // nobody reads the last window any more
            window = next;
            window_end = min(window + kChunk, chunks);
            if (slot < kChunk)
                t_chunk_marks[slot] =
                    window + slot < chunks ? chunk_marks(window + slot, bin) : uvec2(0u);
            barrier();
        }
        // This round: whole chunks from `next` while their marks fit 64 slots.
        uint round_first = next, total = 0u;
        for (; next < window_end; ++next) {
            uvec2 m = t_chunk_marks[next - window];
            uint n = uint(bitCount(m.x) + bitCount(m.y));
            if (total + n > kChunk) break;
            total += n;
        }
        if (total == 0u) continue; // nothing here in the whole window
        barrier(); // the last round's triangles are shaded
        if (slot < 2u) t_hits[turn ^ 1u][slot] = 0u; // the next round's: read by none now
#if defined(PICA_HIDING) && !defined(PICA_PROBE_COVERAGE)
        if (slot == 2u) t_depth_extreme[turn ^ 1u] = (rc.depth_test >> 4 & 7u) >= 6u ? 0u : ~0u;
#endif
        if (slot < total) {
            // This invocation's triangle: the round's slot-th mark, in primitive order.
            uint c = round_first, k = slot;
            uvec2 m = t_chunk_marks[c - window];
            for (uint n = uint(bitCount(m.x) + bitCount(m.y)); k >= n;
                 n = uint(bitCount(m.x) + bitCount(m.y))) {
                k -= n;
                m = t_chunk_marks[++c - window];
            }
            uint low = uint(bitCount(m.x));
            uint bit = k < low ? nth_set_bit(m.x, k) : 32u + nth_set_bit(m.y, k - low);
            if (setup(c * kChunk + bit, slot, tile)) {
                atomicOr(t_hits[turn][slot >> 5], 1u << (slot & 31u));
#if defined(PICA_HIDING) && !defined(PICA_PROBE_COVERAGE)
                if ((rc.depth_test & 0x100u) != 0u) depth_extreme(slot, turn);
#endif
            }
        }
        barrier();
        shade_hits(turn, inside, pixel, color, touched);
        turn ^= 1u;
    }
    if (touched) imageStore(color_target, pixel, uvec4(color));
    if (depth_read && pixel_depth != first_depth) depth_store(pixel);
    if (stencil_read && pixel_stencil != first_stencil) stencil_store(pixel);
}
)";

} // namespace picavk::shadergen::compute_raster
