// The binning pass's GLSL (generate_compute_bin_glsl): an invocation a triangle sets it up once,
// writes its set-up record, and marks the bins of 32x32 pixels its part in front of the eye
// reaches, for each chunk of 64 triangles; its last workgroup sizes the raster pass.
#include "shadergen/compute_raster/parts.h"
#include "shadergen/glsl_generator.h"

namespace picavk::shadergen {

namespace {
constexpr const char* kBin = R"(
layout(set = 1, binding = 4, std430) coherent buffer RasterBins {
    uint raster_bins[];
};
layout(set = 1, binding = 4, std430) writeonly buffer RasterSetups {
    uvec4 raster_setups[]; // the same buffer: each triangle's set-up record (setup_record())
};
// This workgroup's marked bins (as the header holds them), gathered before one set of atomics.
shared uint g_bounds[4];
// Its triangles' marked bins, by draw number (added to the header's count once).
shared uint g_marks[64];
// Each of its triangles' bins (first column, first row, columns; no columns: none), and the
// running count of their bins (inclusive, in triangle order): the workgroup marks them together.
shared uvec3 g_rect[64];
shared uint g_count[2][64];

#ifndef PICA_NO_KEPT_BOUNDS
// A triangle reaching behind the eye: the window bounds of the part the raster pass can draw.
// It draws a pixel only where w is positive and z / w within [0, 1] (raster_pixel: z as the
// vertex stage negated it), so only the triangle cut at the planes z = 0 and z = w - a convex
// polygon whose corners are the vertices inside both planes and the points where an edge
// crosses one plane inside the other. It projects without bound where it reaches w = 0: where
// a corner has w <= 0, or where the two planes' common line (z = w = 0) crosses the triangle
// (a corner no edge makes); false there. Before, every such triangle marked every bin of the
// dispatch and was set up in every tile of it: a game's floor reaching under the camera (three
// draws a frame in craftus) crosses the lower half of the screen, not all of it.
void add_kept_corner(vec4 c, inout vec2 lo, inout vec2 hi, inout bool bounded) {
    if (!(c.w > 0.0)) bounded = false;
    vec2 win = raster_window(c);
    lo = min(lo, win);
    hi = max(hi, win);
}
bool kept_window_bounds(vec4 c0, vec4 c1, vec4 c2, out vec2 lo, out vec2 hi) {
    // The common line crosses the triangle where a point of it (weights summing to 1) has
    // z = w = 0 and no negative weight: Cramer's rule, each weight's numerator over their sum.
    vec3 n = vec3(c1.z * c2.w - c2.z * c1.w, c2.z * c0.w - c0.z * c2.w, c0.z * c1.w - c1.z * c0.w);
    float slack = 1e-5 * (abs(n.x) + abs(n.y) + abs(n.z)); // rounding: take a near miss as a hit
    if (all(greaterThanEqual(n, vec3(-slack))) || all(lessThanEqual(n, vec3(slack))))
        return false;
    lo = vec2(3.0e38);
    hi = vec2(-3.0e38);
    bool bounded = true;
    vec4 c[3] = vec4[3](c0, c1, c2);
    for (int k = 0; k < 3; ++k) {
        vec4 a = c[k], b = c[k == 2 ? 0 : k + 1];
        vec2 da = vec2(a.z, a.w - a.z), db = vec2(b.z, b.w - b.z); // inside: both >= 0
        if (da.x >= 0.0 && da.y >= 0.0) add_kept_corner(a, lo, hi, bounded);
        for (int p = 0; p < 2; ++p) {
            if ((da[p] < 0.0) == (db[p] < 0.0)) continue;
            vec4 x = mix(a, b, da[p] / (da[p] - db[p]));
            // Inside the other plane, or rounded just outside it: a corner taken too many only
            // widens the bounds.
            float other = p == 0 ? x.w - x.z : x.z;
            if (other >= -1e-5 * (abs(x.z) + abs(x.w))) add_kept_corner(x, lo, hi, bounded);
        }
    }
    return bounded && !pica_nan(lo) && !pica_nan(hi);
}
#endif

#ifndef PICA_NO_CLIPPED_RECORDS
// The homogeneous set-up `s` into record `at` (read_clipped_record, the raster pass's).
void write_clipped_record(uint at, ClippedSetup s) {
    raster_setups[at + 1u] = uvec4(s.p0, s.p1);
    raster_setups[at + 2u] = uvec4(uvec2(s.p2), s.flags, floatBitsToUint(s.inv_area));
    raster_setups[at + 3u] = floatBitsToUint(vec4(s.h0, s.h1.x));
    raster_setups[at + 4u] = floatBitsToUint(vec4(s.h1.yz, s.h2.xy));
    raster_setups[at + 5u] = floatBitsToUint(vec4(s.h2.z, s.zd));
    raster_setups[at + 6u] = floatBitsToUint(s.bounds);
}
#endif

// Triangle t, snapped once (triangle_snap, as the raster pass's tiles snap it) and set up once:
// the pixels it may cover, [lo, hi) (none: lo not below hi, as for a triangle culled or
// degenerate, which the record says the raster pass draws nowhere); its draw number (the first
// vertex's, as the raster pass takes it); and its set-up record, which the raster pass's tiles
// read: what it takes (kSetup*) and its indices, then the exact way's snapped positions, first
// window position and planes, or the homogeneous way's ClippedSetup.
void triangle_pixels(uint t, out ivec2 lo, out ivec2 hi, out uint draw) {
    uvec3 iv;
    vec4 c0, c1, c2;
    vec2 w0, w1, w2;
    ivec2 p0, p1, p2;
    uint state = triangle_snap(t, iv, c0, c1, c2, w0, w1, w2, p0, p1, p2);
    draw = uint(raster_vertices[iv.x].a[4].y) & 63u;
    lo = ivec2(0);
    hi = ivec2(0);
    if (state == kSetupExact && !triangle_orient(p0, iv, c1, c2, w1, w2, p1, p2))
        state = kSetupNone;
#ifndef PICA_NO_CLIPPED_RECORDS
    ClippedSetup clipped;
    if (state == kSetupHomogeneous && !clipped_setup(c0, c1, c2, clipped)) state = kSetupNone;
#endif
    if (state == kSetupExact) {
        // The pixels whose centres the snapped bounds hold, a pixel wider each way.
        int half_one = (1 << rc.subpixel_bits) >> 1;
        lo = max(rc.area.xy, ((min(p0, min(p1, p2)) - half_one) >> int(rc.subpixel_bits)) - 1);
        hi = min(rc.area.zw, ((max(p0, max(p1, p2)) - half_one) >> int(rc.subpixel_bits)) + 2);
    } else if (state == kSetupHomogeneous) {
        lo = rc.area.xy; // reaching behind the eye, or a window position NaN: anywhere
        hi = rc.area.zw;
        vec2 wlo = min(w0, min(w1, w2)), whi = max(w0, max(w1, w2));
        bool in_front = c0.w > 0.0 && c1.w > 0.0 && c2.w > 0.0;
#ifndef PICA_NO_KEPT_BOUNDS
        // Behind the eye: the part the depth range keeps, with room for the rounding of its
        // corners (their window positions come from cut points, not from snapped vertices).
        if (!in_front && kept_window_bounds(c0, c1, c2, wlo, whi)) {
            vec2 room = 2.0 + (abs(wlo) + abs(whi)) * (1.0 / 4096.0);
            wlo -= room;
            whi += room;
            in_front = true;
        }
#endif
        if (in_front && !pica_nan(wlo) && !pica_nan(whi)) {
            // Past the snapped range (set up the homogeneous way): its window bounds.
            wlo = clamp(floor(wlo) - 1.0, vec2(rc.area.xy), vec2(rc.area.zw));
            whi = clamp(ceil(whi) + 2.0, vec2(rc.area.xy), vec2(rc.area.zw));
            lo = ivec2(wlo);
            hi = ivec2(whi);
        }
    }
    if (gl_WorkGroupID.y != 0u) return; // (one copy writes them)
    uint at = setup_record(t);
    raster_setups[at] = uvec4(state, iv);
#ifndef PICA_NO_CLIPPED_RECORDS
    if (state == kSetupHomogeneous) write_clipped_record(at, clipped);
#endif
    if (state != kSetupExact) return;
    TrianglePlanes p = triangle_planes(c0, c1, c2, w0, w1, w2);
    raster_setups[at + 1u] = uvec4(p0, p1);
    raster_setups[at + 2u] = uvec4(uvec2(p2), floatBitsToUint(p.o));
    raster_setups[at + 3u] = floatBitsToUint(vec4(p.q0, p.q1.x));
    raster_setups[at + 4u] = floatBitsToUint(vec4(p.q1.y, p.q2, p.zd.x));
    raster_setups[at + 5u] = floatBitsToUint(vec4(p.zd.yz, p.zw.xy));
    raster_setups[at + 6u] = uvec4(floatBitsToUint(p.zw.z), 0u, 0u, 0u);
}

// Workgroup (x, y) takes triangles 64x to 64x + 63: every y finds their bins, and each marks its
// share of them (a draw of few workgroups has copies, so that thousands of invocations mark a
// few large triangles' bins); y = 0 alone adds their counts and bounds to the header.
layout(local_size_x = 64) in;
void main() {
    uint t = gl_WorkGroupID.x * 64u + gl_LocalInvocationIndex;
    bool first_copy = gl_WorkGroupID.y == 0u;
    if (gl_LocalInvocationIndex < 4u) g_bounds[gl_LocalInvocationIndex] = 0u;
    g_marks[gl_LocalInvocationIndex] = 0u;
    barrier();
    ivec2 lo = ivec2(0), hi = ivec2(0);
    uint draw = 0u;
    if (t < rc.draw.z) triangle_pixels(t, lo, hi, draw);
    uint k = gl_LocalInvocationIndex;
    g_rect[k] = uvec3(0u);
    g_count[0][k] = 0u;
    if (all(lessThan(lo, hi))) {
        // The bins of those pixels (bins of 32x32 pixels from the area's origin).
        uvec2 b0 = uvec2(lo - rc.area.xy) / 32u, b1 = uvec2(hi - 1 - rc.area.xy) / 32u;
        g_rect[k] = uvec3(b0, b1.x - b0.x + 1u);
        g_count[0][k] = (b1.x - b0.x + 1u) * (b1.y - b0.y + 1u);
        if (first_copy) {
            atomicMax(g_bounds[0], ~b0.x);
            atomicMax(g_bounds[1], ~b0.y);
            atomicMax(g_bounds[2], b1.x + 1u);
            atomicMax(g_bounds[3], b1.y + 1u);
            // (No sum wraps: the host's budget keeps a host draw's marks below 2^30.)
            atomicAdd(g_marks[draw], g_count[0][k]);
        }
    }
    // The running count (a scan over the 64 triangles, doubling the stride each step).
    uint from = 0u;
    for (uint stride = 1u; stride < 64u; stride *= 2u) {
        barrier();
        uint sum = g_count[from][k] + (k >= stride ? g_count[from][k - stride] : 0u);
        g_count[from ^ 1u][k] = sum;
        from ^= 1u;
    }
    barrier();
    // Every (triangle, bin) pair of the workgroup, spread over its invocations: a triangle
    // over the whole target marks thousands of bins (6,000 at scale 8), which one invocation
    // marked alone in 0.18 ms on an H200.
    uint base = kBinsHeader + gl_WorkGroupID.x * rc.bins.y * 2u;
    uint total = g_count[from][63];
    uint every = 64u * gl_NumWorkGroups.y;
    for (uint j = k + 64u * gl_WorkGroupID.y; j < total; j += every) {
        // The triangle whose bins j is among: the first whose running count passes j.
        uint a = 0u, b = 63u;
        while (a < b) {
            uint mid = (a + b) / 2u;
            if (g_count[from][mid] > j) b = mid;
            else a = mid + 1u;
        }
        uvec3 r = g_rect[a];
        uint n = j - (a > 0u ? g_count[from][a - 1u] : 0u);
        uint x = r.x + n % r.z, y = r.y + n / r.z;
        atomicOr(raster_bins[base + (a >> 5) + (y * rc.bins.x + x) * 2u], 1u << (a & 31u));
    }
    uint marks = g_marks[gl_LocalInvocationIndex];
    if (marks != 0u && first_copy)
        atomicAdd(raster_bins[kBinsMarks + gl_LocalInvocationIndex], marks);
    if (gl_LocalInvocationIndex != 0u) return;
    if (g_bounds[2] != 0u)
        for (uint k = 0u; k < 4u; ++k)
            atomicMax(raster_bins[k], g_bounds[k]);
    // The last workgroup to finish sizes the raster pass: the marked bins' tiles, within the
    // dispatch's rectangle (none marked: no workgroup).
    memoryBarrierBuffer();
    if (atomicAdd(raster_bins[4], 1u) != gl_NumWorkGroups.x * gl_NumWorkGroups.y - 1u) return;
    memoryBarrierBuffer();
    uvec4 b = uvec4(atomicOr(raster_bins[0], 0u), atomicOr(raster_bins[1], 0u),
                    atomicOr(raster_bins[2], 0u), atomicOr(raster_bins[3], 0u));
    uvec2 groups = (uvec2(rc.area.zw - rc.area.xy) + uint(PICA_TILE) - 1u) / uint(PICA_TILE);
    uvec2 first = uvec2(~b.x, ~b.y) * PICA_BIN_TILES, end = min(b.zw * PICA_BIN_TILES, groups);
    bool any_marked = b.z != 0u && all(lessThan(first, end));
    raster_bins[5] = any_marked ? end.x - first.x : 0u;
    raster_bins[6] = any_marked ? end.y - first.y : 0u;
    raster_bins[7] = 1u;
}
)";
} // namespace

std::string generate_compute_bin_glsl(bool kept_bounds, bool clipped_records) {
    using namespace compute_raster;
    // The shaders' own literals: bins of 32 pixels (4x4 small tiles, PICA_BIN_TILES), 64
    // triangles a chunk.
    static_assert(kComputeRasterTile == 8 && kComputeRasterBinTiles == 4 &&
                      kComputeRasterLargeTile * 2 == kComputeRasterTile * kComputeRasterBinTiles &&
                      kComputeRasterChunk == 64 && kComputeRasterBinsMarks == 8 &&
                      kComputeRasterBinsHeader == 72 && kMaxMergedDraws == 64,
                  "the shaders' constants");
    // (The colour target is not read here: any format.)
    return std::string("#version 450\n"
                       "#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require\n"
                       "#define PICA_TARGET_FORMAT r32ui\n") +
           (kept_bounds ? "" : "#define PICA_NO_KEPT_BOUNDS 1\n") +
           (clipped_records ? "" : "#define PICA_NO_CLIPPED_RECORDS 1\n") + tile_defines() +
           kShared + kBin;
}

} // namespace picavk::shadergen
