#pragma once

// The x86-64 builds of XXH3 that content_hash.cpp picks from at run time. Each is defined in a
// file compiled for its instruction set (-mavx2, -mavx512f) that includes nothing but xxhash.h
// inline (static functions): code from those files must never be shared with the rest of the
// program (an inline function's copy compiled with AVX2 would run on hosts without it).

#include "pica/hashed_copy.h"

#include <cstddef>
#include <cstdint>

namespace picavk::pica::x86 {

std::uint64_t xxh3_avx2(const void* data, std::size_t size, std::uint64_t seed);
std::uint64_t xxh3_avx512(const void* data, std::size_t size, std::uint64_t seed);
// content_hash_copy's work, with each unit.
std::uint64_t xxh3_copy_avx2(const HashedCopy* pieces, std::size_t count, std::uint64_t seed);
std::uint64_t xxh3_copy_avx512(const HashedCopy* pieces, std::size_t count, std::uint64_t seed);

} // namespace picavk::pica::x86
