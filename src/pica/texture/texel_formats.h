#pragma once

// Guest pixel formats and their per-pixel conversion to and from 8-bit RGBA.
//
// Byte layouts (docs/research/formats_transfer.md section 2, from spec 004 TEXUNITi_TYPE and
// 3dbrew GPU/External Registers "Framebuffer color formats": components are stored in reverse
// byte order, most significant bits first, i.e. multi-byte pixels are little-endian integers):
//   RGBA8  bytes A,B,G,R          RGB8   bytes B,G,R
//   RGB5A1 u16 R15-11 G10-6 B5-1 A0   RGB565 u16 R15-11 G10-5 B4-0   RGBA4 u16 R15-12 .. A3-0
//   IA8    bytes A,I              HILO8  bytes LO,HI -> (HI, LO, 0, 255)
//   I8, A8 one byte               IA4    I in the high nibble, A in the low nibble
//   I4, A4 one nibble             ETC1, ETC1A4: 4x4 blocks, see etc1.h
// Widening replicates the top bits into the bottom ones (v << 3 | v >> 2 for 5 bits), narrowing
// truncates; the transfer-engine hardware tests (hwtests displaytransfer.cpp) measure both.

#include <cstdint>
#include <cstring>

namespace picavk::pica {

// GPUREG_TEXUNITi_TYPE values. Colour-buffer format ids 0-4 are the same numbers.
enum class TextureFormat : std::uint8_t {
    RGBA8 = 0,
    RGB8 = 1,
    RGB5A1 = 2,
    RGB565 = 3,
    RGBA4 = 4,
    IA8 = 5,
    HILO8 = 6,
    I8 = 7,
    A8 = 8,
    IA4 = 9,
    I4 = 10,
    A4 = 11,
    ETC1 = 12,
    ETC1A4 = 13,
};
inline constexpr std::uint32_t kTextureFormatCount = 14;

constexpr bool is_valid(TextureFormat f) {
    return static_cast<std::uint32_t>(f) < kTextureFormatCount;
}
constexpr bool is_etc(TextureFormat f) {
    return f == TextureFormat::ETC1 || f == TextureFormat::ETC1A4;
}

// Storage bits per pixel (ETC1 is 64 bits per 16 pixels, ETC1A4 128).
constexpr std::uint32_t bits_per_pixel(TextureFormat f) {
    constexpr std::uint8_t kBits[kTextureFormatCount] = {32, 24, 16, 16, 16, 16, 16,
                                                         8,  8,  8,  4,  4,  4,  8};
    return is_valid(f) ? kBits[static_cast<std::uint32_t>(f)] : 0;
}

const char* format_name(TextureFormat f);

struct Rgba8 {
    std::uint8_t r = 0, g = 0, b = 0, a = 0;
    friend constexpr bool operator==(const Rgba8&, const Rgba8&) = default;
};

constexpr std::uint8_t expand1(std::uint32_t v) {
    return static_cast<std::uint8_t>(v ? 255 : 0);
}
constexpr std::uint8_t expand4(std::uint32_t v) {
    return static_cast<std::uint8_t>(v * 17);
}
constexpr std::uint8_t expand5(std::uint32_t v) {
    return static_cast<std::uint8_t>((v << 3) | (v >> 2));
}
constexpr std::uint8_t expand6(std::uint32_t v) {
    return static_cast<std::uint8_t>((v << 2) | (v >> 4));
}

inline std::uint16_t load_u16(const std::uint8_t* p) {
    return static_cast<std::uint16_t>(p[0] | (p[1] << 8));
}
inline void store_u16(std::uint8_t* p, std::uint32_t v) {
    p[0] = static_cast<std::uint8_t>(v);
    p[1] = static_cast<std::uint8_t>(v >> 8);
}

// Decodes one pixel of a format other than ETC1/ETC1A4. For I4 and A4, `nibble` selects the low
// (0) or high (1) half of *p; other formats ignore it.
inline Rgba8 decode_texel(TextureFormat f, const std::uint8_t* p, std::uint32_t nibble = 0) {
    switch (f) {
    case TextureFormat::RGBA8:
        return {p[3], p[2], p[1], p[0]};
    case TextureFormat::RGB8:
        return {p[2], p[1], p[0], 255};
    case TextureFormat::RGB5A1: {
        const std::uint32_t v = load_u16(p);
        return {expand5(v >> 11), expand5((v >> 6) & 31), expand5((v >> 1) & 31), expand1(v & 1)};
    }
    case TextureFormat::RGB565: {
        const std::uint32_t v = load_u16(p);
        return {expand5(v >> 11), expand6((v >> 5) & 63), expand5(v & 31), 255};
    }
    case TextureFormat::RGBA4: {
        const std::uint32_t v = load_u16(p);
        return {expand4(v >> 12), expand4((v >> 8) & 15), expand4((v >> 4) & 15), expand4(v & 15)};
    }
    case TextureFormat::IA8:
        return {p[1], p[1], p[1], p[0]};
    case TextureFormat::HILO8:
        return {p[1], p[0], 0, 255};
    case TextureFormat::I8:
        return {p[0], p[0], p[0], 255};
    case TextureFormat::A8:
        return {0, 0, 0, p[0]};
    case TextureFormat::IA4: {
        const std::uint8_t i = expand4(p[0] >> 4);
        return {i, i, i, expand4(p[0] & 15)};
    }
    case TextureFormat::I4: {
        const std::uint8_t i = expand4((p[0] >> (4 * nibble)) & 15);
        return {i, i, i, 255};
    }
    case TextureFormat::A4:
        return {0, 0, 0, expand4((p[0] >> (4 * nibble)) & 15)};
    default:
        return {};
    }
}

// Intensity for the I and IA formats the GPU never renders to: the truncated mean of R, G and B
// (the convention Azahar's encoders use; no hardware writes these formats). Decoded (I, I, I)
// encodes back to I.
constexpr std::uint32_t intensity(Rgba8 c) {
    return (c.r + c.g + c.b) / 3u;
}

// Encodes one pixel by truncating each channel. For I4 and A4 only the selected nibble of *p
// changes.
inline void encode_texel(TextureFormat f, Rgba8 c, std::uint8_t* p, std::uint32_t nibble = 0) {
    switch (f) {
    case TextureFormat::RGBA8:
        p[0] = c.a, p[1] = c.b, p[2] = c.g, p[3] = c.r;
        break;
    case TextureFormat::RGB8:
        p[0] = c.b, p[1] = c.g, p[2] = c.r;
        break;
    case TextureFormat::RGB5A1:
        store_u16(p, (c.r >> 3) << 11 | (c.g >> 3) << 6 | (c.b >> 3) << 1 | (c.a >> 7));
        break;
    case TextureFormat::RGB565:
        store_u16(p, (c.r >> 3) << 11 | (c.g >> 2) << 5 | (c.b >> 3));
        break;
    case TextureFormat::RGBA4:
        store_u16(p, (c.r >> 4) << 12 | (c.g >> 4) << 8 | (c.b >> 4) << 4 | (c.a >> 4));
        break;
    case TextureFormat::IA8:
        p[0] = c.a, p[1] = static_cast<std::uint8_t>(intensity(c));
        break;
    case TextureFormat::HILO8:
        p[0] = c.g, p[1] = c.r;
        break;
    case TextureFormat::I8:
        p[0] = static_cast<std::uint8_t>(intensity(c));
        break;
    case TextureFormat::A8:
        p[0] = c.a;
        break;
    case TextureFormat::IA4:
        p[0] = static_cast<std::uint8_t>((intensity(c) >> 4) << 4 | (c.a >> 4));
        break;
    case TextureFormat::I4:
    case TextureFormat::A4: {
        const std::uint32_t v = f == TextureFormat::I4 ? intensity(c) >> 4 : c.a >> 4u;
        const std::uint32_t shift = 4 * nibble;
        p[0] = static_cast<std::uint8_t>((p[0] & ~(15u << shift)) | (v << shift));
        break;
    }
    default:
        break;
    }
}

} // namespace picavk::pica
