#include "pica/geometry/primitive_assembler.h"

namespace picavk::pica {

void PrimitiveAssembler::push(std::uint32_t id, std::vector<std::uint32_t>& out, bool winding) {
    if (count_ < 2) {
        buf_[count_++] = id;
        return;
    }
    std::uint32_t a = buf_[0], b = buf_[1];
    if (winding) std::swap(a, b);
    out.push_back(a);
    out.push_back(b);
    out.push_back(id);
    switch (topology_) {
    case Topology::List:
    case Topology::Geometry:
        count_ = 0;
        break;
    case Topology::Strip:
        // The new vertex replaces the older slot, alternating, so the next triangle keeps the
        // strip's winding: (0,1,2) then (2,1,3).
        buf_[strip_flip_ ? 1 : 0] = id;
        strip_flip_ = !strip_flip_;
        break;
    case Topology::Fan:
        buf_[1] = id;
        break;
    }
}

void PrimitiveAssembler::push_run(std::uint32_t first, std::uint32_t n,
                                  std::vector<std::uint32_t>& out) {
    std::uint32_t i = 0;
    for (; i < n && count_ < 2; ++i) // filling the buffer completes no triangle
        buf_[count_++] = first + i;
    if (i == n) return;
    // From here each vertex completes a triangle in a strip or fan, every third in a list.
    const std::uint32_t rest = n - i;
    const bool list = topology_ == Topology::List || topology_ == Topology::Geometry;
    const std::size_t at = out.size();
    out.resize(at + 3 * std::size_t{list ? (rest + 2) / 3 : rest});
    std::uint32_t* o = out.data() + at;
    const std::uint32_t end = first + n;
    std::uint32_t id = first + i;
    switch (topology_) {
    case Topology::List:
    case Topology::Geometry:
        // (count_ is 2: the next vertex completes the held pair.)
        *o++ = buf_[0], *o++ = buf_[1], *o++ = id++;
        for (; end - id >= 3; id += 3)
            *o++ = id, *o++ = id + 1, *o++ = id + 2;
        count_ = end - id;
        for (std::uint32_t k = 0; k < count_; ++k)
            buf_[k] = id + k;
        break;
    case Topology::Strip:
        for (; id < end; ++id) {
            *o++ = buf_[0], *o++ = buf_[1], *o++ = id;
            buf_[strip_flip_ ? 1 : 0] = id;
            strip_flip_ = !strip_flip_;
        }
        break;
    case Topology::Fan:
        for (; id < end; ++id) {
            *o++ = buf_[0], *o++ = buf_[1], *o++ = id;
            buf_[1] = id;
        }
        break;
    }
}

} // namespace picavk::pica
