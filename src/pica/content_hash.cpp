#include "pica/content_hash.h"

#include "pica/host_workers.h"

#define XXH_STATIC_LINKING_ONLY // XXH3_state_t on the stack
#include <xxhash.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <vector>

#if defined(__x86_64__) && defined(PICAVK_HASH_X86)
#include "pica/content_hash_x86.h"
#define PICAVK_HASH_DISPATCH 1
#endif

namespace picavk::pica {

namespace {

bool supported(HashUnit unit) {
    switch (unit) {
    case HashUnit::Baseline:
        return true;
#ifdef PICAVK_HASH_DISPATCH
    // (libgcc's and compiler-rt's checks include the OS's saving of the wider registers.)
    case HashUnit::Avx2:
        return __builtin_cpu_supports("avx2");
    case HashUnit::Avx512:
        return __builtin_cpu_supports("avx512f");
#endif
    default:
        return false;
    }
}

// Each unit's PICAVK_HASH_UNIT value and name, in HashUnit's order.
struct UnitNames {
    const char* key;
    const char* name;
};
constexpr UnitNames kUnitNames[] = {
    {"baseline", "baseline"}, {"avx2", "AVX2"}, {"avx512", "AVX-512"}};

// AVX2 where the host has it. Not AVX-512, though XXH3 has a build for it: on the 2-core VM (an
// AMD EPYC) it hashes 4 MiB from memory in 210 us where AVX2 takes 117 (BM_ContentHash/2 and /1),
// and is ahead only on bytes in the cache (64 KiB: 0.8 against 1.2 us), which a frame's
// textures seldom are. PICAVK_HASH_UNIT=avx512 takes it, to measure on other hosts.
HashUnit preferred() {
#ifdef PICAVK_HASH_DISPATCH
    __builtin_cpu_init(); // (needed where this runs before the run-time library's constructors)
#endif
    return supported(HashUnit::Avx2) ? HashUnit::Avx2 : HashUnit::Baseline;
}

// PICAVK_HASH_UNIT=baseline|avx2|avx512 picks another unit (to measure what each saves end to
// end); one the host lacks, or any other value, is ignored.
HashUnit chosen() {
    const HashUnit best = preferred();
    const char* env = std::getenv("PICAVK_HASH_UNIT");
    if (!env) return best;
    for (HashUnit unit : {HashUnit::Baseline, HashUnit::Avx2, HashUnit::Avx512})
        if (std::strcmp(env, kUnitNames[static_cast<std::size_t>(unit)].key) == 0 &&
            supported(unit))
            return unit;
    return best;
}

} // namespace

bool hash_unit_available(HashUnit unit) {
    return supported(unit);
}

HashUnit hash_unit() {
    static const HashUnit unit = chosen();
    return unit;
}

namespace {

// One XXH3-64 of the bytes with `unit`.
std::uint64_t whole_hash(HashUnit unit, const std::uint8_t* data, std::size_t size,
                         std::uint64_t seed) {
#ifdef PICAVK_HASH_DISPATCH
    if (unit == HashUnit::Avx512 && supported(unit)) return x86::xxh3_avx512(data, size, seed);
    if (unit == HashUnit::Avx2 && supported(unit)) return x86::xxh3_avx2(data, size, seed);
#else
    (void)unit;
#endif
    return XXH3_64bits_withSeed(data, size, seed);
}

// One XXH3-64 of the pieces one after another with `unit`, copying them.
std::uint64_t whole_hash_copy(HashUnit unit, const HashedCopy* pieces, std::size_t count,
                              std::uint64_t seed) {
#ifdef PICAVK_HASH_DISPATCH
    if (unit == HashUnit::Avx512 && supported(unit))
        return x86::xxh3_copy_avx512(pieces, count, seed);
    if (unit == HashUnit::Avx2 && supported(unit)) return x86::xxh3_copy_avx2(pieces, count, seed);
#else
    (void)unit;
#endif
    // (The same chunks as content_hash_vector.inc's.)
    constexpr std::size_t kChunk = 16 << 10;
    XXH3_state_t state{}; // (zeroed: reset reads a field before it sets it)
    XXH3_64bits_reset_withSeed(&state, seed);
    for (std::size_t i = 0; i < count; ++i) {
        const HashedCopy& p = pieces[i];
        for (std::size_t at = 0; at < p.size; at += kChunk) {
            const std::size_t n = std::min(p.size - at, kChunk);
            std::memcpy(p.to + at, p.from + at, n);
            XXH3_64bits_update(&state, p.from + at, n);
        }
    }
    return XXH3_64bits_digest(&state);
}

std::size_t stripes(std::size_t size) {
    return (size + kContentHashStripe - 1) / kContentHashStripe;
}

// The value of stripes whose hashes `hash(i)` gives (content_hash.h).
template <class StripeHash>
std::uint64_t striped_hash(std::size_t count, std::uint64_t seed, HostWorkers* workers,
                           const StripeHash& hash) {
    std::vector<std::uint64_t> values(count);
    const auto one = [&](std::size_t i) { values[i] = hash(i); };
    if (workers) {
        workers->run(count, one);
    } else {
        for (std::size_t i = 0; i < count; ++i)
            one(i);
    }
    return XXH3_64bits_withSeed(values.data(), values.size() * sizeof(values[0]), seed);
}

} // namespace

std::uint64_t content_hash_with(HashUnit unit, std::span<const std::uint8_t> bytes,
                                std::uint64_t seed, HostWorkers* workers) {
    if (bytes.size() <= kContentHashWhole)
        return whole_hash(unit, bytes.data(), bytes.size(), seed);
    return striped_hash(stripes(bytes.size()), seed, workers, [&](std::size_t i) {
        const std::size_t at = i * kContentHashStripe;
        return whole_hash(unit, bytes.data() + at, std::min(kContentHashStripe, bytes.size() - at),
                          seed);
    });
}

std::uint64_t content_hash(std::span<const std::uint8_t> bytes, std::uint64_t seed,
                           HostWorkers* workers) {
    return content_hash_with(hash_unit(), bytes, seed, workers);
}

std::uint64_t content_hash_copy_with(HashUnit unit, std::span<const HashedCopy> pieces,
                                     std::uint64_t seed, HostWorkers* workers) {
    std::size_t total = 0;
    for (const HashedCopy& p : pieces)
        total += p.size;
    if (total <= kContentHashWhole)
        return whole_hash_copy(unit, pieces.data(), pieces.size(), seed);
    // Each stripe of the pieces' bytes one after another, as the parts of pieces it covers
    // (cut here, not in the tasks: they must not throw, and allocation can).
    const std::size_t count = stripes(total);
    std::vector<HashedCopy> parts;
    std::vector<std::size_t> first(count + 1); // stripe i's parts: [first[i], first[i + 1])
    std::size_t start = 0;                     // of the piece in the stream
    std::size_t stripe = 0;
    for (const HashedCopy& p : pieces) {
        for (std::size_t at = 0; at < p.size;) {
            const std::size_t stripe_end =
                (start + at) / kContentHashStripe * kContentHashStripe + kContentHashStripe;
            const std::size_t n = std::min(p.size - at, stripe_end - (start + at));
            while (stripe < (start + at) / kContentHashStripe)
                first[++stripe] = parts.size();
            parts.push_back({p.from + at, p.to + at, n});
            at += n;
        }
        start += p.size;
    }
    while (stripe < count)
        first[++stripe] = parts.size();
    return striped_hash(count, seed, workers, [&](std::size_t i) {
        return whole_hash_copy(unit, parts.data() + first[i], first[i + 1] - first[i], seed);
    });
}

std::uint64_t content_hash_copy(std::span<const HashedCopy> pieces, std::uint64_t seed,
                                HostWorkers* workers) {
    return content_hash_copy_with(hash_unit(), pieces, seed, workers);
}

const char* hash_unit_name(HashUnit unit) {
    return kUnitNames[static_cast<std::size_t>(unit)].name;
}

} // namespace picavk::pica
