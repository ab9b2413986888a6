#pragma once

// What the geometry stage hands the rasterizer: one vertex with every output semantic, indexed by
// the semantic number of GPUREG_SH_OUTMAP_Oi (spec 004): 0-3 position, 4-7 normal quaternion,
// 8-11 colour, 12-13 texcoord0, 14-15 texcoord1, 16 texcoord0.w, 18-20 view, 22-23 texcoord2.

#include <array>
#include <cstdint>
#include <vector>

namespace picavk::pica {

struct OutputVertex {
    static constexpr unsigned kSemantics = 24;
    // Left unset: every vertex is written whole by OutputMapping::map where it is appended to a
    // batch (zeroing 96 bytes first, for each vertex of every draw, showed in profiles).
    OutputVertex() {} // NOLINT: user-provided so that value-initialisation does not zero
    std::array<float, kSemantics> attr;

    float* position() { return &attr[0]; }
    float* normquat() { return &attr[4]; }
    float* color() { return &attr[8]; }
    float* texcoord0() { return &attr[12]; }
    float* texcoord1() { return &attr[14]; }
    float& texcoord0_w() { return attr[16]; }
    float* view() { return &attr[18]; }
    float* texcoord2() { return &attr[22]; }
};

// Triangles ready for the host: vertices shaded once each, three indices per triangle in the
// winding the PICA assembled them.
struct GeometryBatch {
    std::vector<OutputVertex> vertices;
    std::vector<std::uint32_t> indices;
    // Bumped by clear(): vertex ids from before it name nothing.
    std::uint64_t generation = 0;
    void clear() {
        vertices.clear();
        indices.clear();
        ++generation;
    }
};

} // namespace picavk::pica
