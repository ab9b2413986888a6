#pragma once

// The hash picavk compares guest memory by (a texture's bytes from frame to frame, a screen's
// picture): up to 1 MiB XXH3-64 with a seed, the same value as XXH3_64bits_withSeed; longer,
// the bytes in stripes of 256 KiB from the first, each stripe's XXH3-64 with the seed, and the
// value XXH3-64 with the seed of those values one after another (8 bytes each, the host's
// order). The stripes can be hashed on several threads (HostWorkers), and the value does not
// depend on how many. Nothing keeps the value beyond the process. Computed with the widest
// vector unit the host has. Debian's libxxhash is built for the architecture's baseline (SSE2 on
// x86-64), where XXH3 runs at a half to a third of its AVX2 speed (the 2-core VM: 4 MiB from
// memory in 223 us with SSE2, 117 with AVX2; 64 KiB in the cache 3.4 and 1.2 us,
// BM_ContentHash): on x86-64 the AVX2 and AVX-512 builds are compiled beside it
// (content_hash_avx2.cpp, content_hash_avx512.cpp) and one is picked at run time.

#include "pica/hashed_copy.h"

#include <cstddef>
#include <cstdint>
#include <span>

namespace picavk::pica {

class HostWorkers;

// Stripes across `workers` where they are given.
std::uint64_t content_hash(std::span<const std::uint8_t> bytes, std::uint64_t seed = 0,
                           HostWorkers* workers = nullptr);

// content_hash() of the pieces' bytes one after another (the value of their concatenation),
// each piece copied to its `to` on the way, a chunk at a time: the bytes are read from memory
// once, and hashed while the copy has left them in the cache. A texture upload that compares
// its bytes with the last ones and copies them into a staging buffer reads them once, not
// twice (SurfaceCache::texture).
std::uint64_t content_hash_copy(std::span<const HashedCopy> pieces, std::uint64_t seed = 0,
                                HostWorkers* workers = nullptr);

// The vector units XXH3 can be computed with, for tests and benchmarks: each gives the same value.
enum class HashUnit { Baseline, Avx2, Avx512 };
// Whether this host (and this build) can hash with `unit`.
bool hash_unit_available(HashUnit unit);
// The unit content_hash() uses: AVX2 where the host has it, else the baseline
// (PICAVK_HASH_UNIT=baseline, avx2 or avx512 picks another one the host has, to measure).
HashUnit hash_unit();
// content_hash() with a given unit; the baseline where `unit` is not available.
std::uint64_t content_hash_with(HashUnit unit, std::span<const std::uint8_t> bytes,
                                std::uint64_t seed, HostWorkers* workers = nullptr);
std::uint64_t content_hash_copy_with(HashUnit unit, std::span<const HashedCopy> pieces,
                                     std::uint64_t seed, HostWorkers* workers = nullptr);
// Where content_hash stops being one XXH3-64 of the bytes, and the stripes it cuts beyond.
inline constexpr std::size_t kContentHashWhole = 1 << 20, kContentHashStripe = 256 << 10;
const char* hash_unit_name(HashUnit unit);

} // namespace picavk::pica
