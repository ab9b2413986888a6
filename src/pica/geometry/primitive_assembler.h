#pragma once

// Turns a stream of vertex ids into triangles (PRIMITIVE_CONFIG bits 8-9). The order matches the
// hardware's two-slot assembler as Azahar and Mikage model it: a strip gives (0,1,2), (2,1,3),
// (2,3,4), (4,3,5) - consistent winding - and a fan (0,1,2), (0,2,3). State survives from one draw
// to the next (Azahar DrawArrays note: hardware leaks it) and is cleared by RESTART_PRIMITIVE and
// by a change of topology.

#include <cstdint>
#include <vector>

namespace picavk::pica {

enum class Topology : std::uint8_t { List = 0, Strip = 1, Fan = 2, Geometry = 3 };

class PrimitiveAssembler {
  public:
    void set_topology(Topology t) {
        if (t != topology_) reset();
        topology_ = t;
    }
    Topology topology() const { return topology_; }
    void reset() { count_ = 0, strip_flip_ = false; }
    // Vertex ids held for the next triangle (0-2), so the owner can move them to a new batch.
    std::uint32_t buffered() const { return count_; }
    std::uint32_t& buffered_id(std::uint32_t i) { return buf_[i]; }
    // Appends the completed triangle's three ids to `out`, if this vertex completes one.
    // `winding` (GS SETEMIT) reverses that triangle: (v1, v0, v2).
    void push(std::uint32_t id, std::vector<std::uint32_t>& out, bool winding = false);
    // push(first + i, out) for i from 0 to n - 1, with `out` grown once and the topology's
    // case taken once (a GPU-drawn draw's plan pushes every vertex of thousands).
    void push_run(std::uint32_t first, std::uint32_t n, std::vector<std::uint32_t>& out);

  private:
    Topology topology_ = Topology::List;
    std::uint32_t buf_[2] = {0, 0};
    std::uint32_t count_ = 0;
    bool strip_flip_ = false;
};

} // namespace picavk::pica
