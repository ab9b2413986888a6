// XXH3 with AVX2 (compiled with -mavx2; content_hash_x86.h says why nothing else lives here).
#ifndef XXH_INLINE_ALL
#define XXH_INLINE_ALL
#endif
#define XXH_VECTOR XXH_AVX2
#include <xxhash.h>

#include "pica/content_hash_x86.h"

namespace picavk::pica::x86 {

std::uint64_t xxh3_avx2(const void* data, std::size_t size, std::uint64_t seed) {
    return XXH3_64bits_withSeed(data, size, seed);
}

} // namespace picavk::pica::x86
