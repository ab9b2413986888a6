#include "pica/texture/texture_decode_simd.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace picavk::pica {

#if defined(__SSE2__)

namespace {

// Inside an 8x8 tile, memory rows y and y+1 (y even) of columns 0-3 are the eight consecutive
// Morton indices starting at morton(0, y) = {0, 8, 32, 40}[y / 2], and columns 4-7 the eight
// starting 16 later. Each kernel below loads those two groups and writes the two rows.
constexpr std::uint32_t kPairBase[4] = {0, 8, 32, 40};

inline __m128i load(const std::uint8_t* p) {
    return _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
}
inline void store(std::uint8_t* p, __m128i v) {
    _mm_storeu_si128(reinterpret_cast<__m128i*>(p), v);
}

// Reverses the bytes of each 32-bit lane: A,B,G,R -> R,G,B,A.
inline __m128i bswap32(__m128i v) {
    v = _mm_or_si128(_mm_slli_epi16(v, 8), _mm_srli_epi16(v, 8)); // swap bytes within 16 bits
    v = _mm_shufflelo_epi16(v, _MM_SHUFFLE(2, 3, 0, 1));          // swap 16-bit halves
    return _mm_shufflehi_epi16(v, _MM_SHUFFLE(2, 3, 0, 1));
}

void rgba8(const std::uint8_t* tiled, std::uint8_t* out, std::uint32_t w, std::uint32_t h) {
    const std::size_t pitch = std::size_t{w} * 4;
    for (std::uint32_t ty = 0; ty < h; ty += 8) {
        for (std::uint32_t tx = 0; tx < w; tx += 8, tiled += 256) {
            for (std::uint32_t pair = 0; pair < 4; ++pair) {
                // Four pixels per load: (x, y), (x+1, y), (x, y+1), (x+1, y+1) for x = 0, 2, 4, 6.
                const std::uint8_t* t = tiled + kPairBase[pair] * 4;
                const __m128i a = load(t), b = load(t + 16), c = load(t + 64), d = load(t + 80);
                std::uint8_t* row0 = out + (ty + 2 * pair) * pitch + tx * 4;
                std::uint8_t* row1 = row0 + pitch;
                store(row0, bswap32(_mm_unpacklo_epi64(a, b)));
                store(row0 + 16, bswap32(_mm_unpacklo_epi64(c, d)));
                store(row1, bswap32(_mm_unpackhi_epi64(a, b)));
                store(row1 + 16, bswap32(_mm_unpackhi_epi64(c, d)));
            }
        }
    }
}

// Eight RGB565 pixels (16-bit lanes) -> eight RGBA8 pixels with bit replication.
inline void expand565(__m128i v, std::uint8_t* dst) {
    const __m128i m5 = _mm_set1_epi16(31), m6 = _mm_set1_epi16(63);
    const __m128i r = _mm_srli_epi16(v, 11);
    const __m128i g = _mm_and_si128(_mm_srli_epi16(v, 5), m6);
    const __m128i b = _mm_and_si128(v, m5);
    const __m128i r8 = _mm_or_si128(_mm_slli_epi16(r, 3), _mm_srli_epi16(r, 2));
    const __m128i g8 = _mm_or_si128(_mm_slli_epi16(g, 2), _mm_srli_epi16(g, 4));
    const __m128i b8 = _mm_or_si128(_mm_slli_epi16(b, 3), _mm_srli_epi16(b, 2));
    const __m128i rg = _mm_or_si128(r8, _mm_slli_epi16(g8, 8));
    const __m128i ba = _mm_or_si128(b8, _mm_set1_epi16(static_cast<short>(0xFF00)));
    store(dst, _mm_unpacklo_epi16(rg, ba));
    store(dst + 16, _mm_unpackhi_epi16(rg, ba));
}

void rgb565(const std::uint8_t* tiled, std::uint8_t* out, std::uint32_t w, std::uint32_t h) {
    const std::size_t pitch = std::size_t{w} * 4;
    for (std::uint32_t ty = 0; ty < h; ty += 8) {
        for (std::uint32_t tx = 0; tx < w; tx += 8, tiled += 128) {
            for (std::uint32_t pair = 0; pair < 4; ++pair) {
                // 32-bit lanes of a: (0-1, y), (0-1, y+1), (2-3, y), (2-3, y+1); b: columns 4-7.
                const std::uint8_t* t = tiled + kPairBase[pair] * 2;
                const __m128i a = _mm_shuffle_epi32(load(t), _MM_SHUFFLE(3, 1, 2, 0));
                const __m128i b = _mm_shuffle_epi32(load(t + 32), _MM_SHUFFLE(3, 1, 2, 0));
                std::uint8_t* row0 = out + (ty + 2 * pair) * pitch + tx * 4;
                expand565(_mm_unpacklo_epi64(a, b), row0);
                expand565(_mm_unpackhi_epi64(a, b), row0 + pitch);
            }
        }
    }
}

} // namespace

bool decode_texture_fused(const std::uint8_t* tiled, std::uint8_t* rgba, std::uint32_t w,
                          std::uint32_t h, TextureFormat f) {
    switch (f) {
    case TextureFormat::RGBA8:
        rgba8(tiled, rgba, w, h);
        return true;
    case TextureFormat::RGB565:
        rgb565(tiled, rgba, w, h);
        return true;
    default:
        return false;
    }
}

#else

bool decode_texture_fused(const std::uint8_t*, std::uint8_t*, std::uint32_t, std::uint32_t,
                          TextureFormat) {
    return false;
}

#endif

} // namespace picavk::pica
