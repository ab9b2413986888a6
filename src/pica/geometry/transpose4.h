#pragma once

// Four vectors of four floats turned from rows into columns: how the vertex loader and the
// output mapping move values between one-vertex-per-vector and the batched shader unit's
// one-component-of-every-lane rows (GCC 12 and Clang have __builtin_shufflevector).

#include <cstdint>
#include <cstring>

namespace picavk::pica {

using V4f = float __attribute__((vector_size(16)));

inline V4f load_v4(const float* p) {
    V4f v;
    std::memcpy(&v, p, sizeof v);
    return v;
}

inline void store_v4(float* p, V4f v) {
    std::memcpy(p, &v, sizeof v);
}

inline void transpose4(V4f& a, V4f& b, V4f& c, V4f& d) {
    const V4f t0 = __builtin_shufflevector(a, b, 0, 4, 1, 5);
    const V4f t1 = __builtin_shufflevector(a, b, 2, 6, 3, 7);
    const V4f t2 = __builtin_shufflevector(c, d, 0, 4, 1, 5);
    const V4f t3 = __builtin_shufflevector(c, d, 2, 6, 3, 7);
    a = __builtin_shufflevector(t0, t2, 0, 1, 4, 5);
    b = __builtin_shufflevector(t0, t2, 2, 3, 6, 7);
    c = __builtin_shufflevector(t1, t3, 0, 1, 4, 5);
    d = __builtin_shufflevector(t1, t3, 2, 3, 6, 7);
}

} // namespace picavk::pica
