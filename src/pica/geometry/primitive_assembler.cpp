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

} // namespace picavk::pica
