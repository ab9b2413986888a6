#include "pica/texture/texture_codec.h"

#include "pica/texture/etc1.h"
#include "pica/texture/texture_decode_simd.h"
#include "pica/texture/tiling.h"

#include <cstring>
#include <vector>

namespace picavk::pica {

namespace {

constexpr std::uint32_t kMaxTextureSize = 1024; // TEXUNITi_DIM fields are 11 bits, up to 1024

TiledLayout layout_of(TextureFormat f, std::uint32_t w, std::uint32_t h) {
    return TiledLayout{w, h, bits_per_pixel(f)};
}

// One memory row, already untiled, in guest format -> RGBA8. Templated on the format so that
// decode_texel's switch folds away and the loop vectorises.
template <TextureFormat F>
void decode_row(const std::uint8_t* src, std::uint8_t* dst, std::uint32_t width) {
    if constexpr (F == TextureFormat::RGBA8) {
        // Bytes A,B,G,R -> R,G,B,A: a byte swap of each 32-bit pixel (src may equal dst).
        for (std::uint32_t x = 0; x < width; ++x) {
            std::uint32_t v;
            std::memcpy(&v, src + 4 * x, 4);
            v = __builtin_bswap32(v);
            std::memcpy(dst + 4 * x, &v, 4);
        }
    } else if constexpr (F == TextureFormat::I4 || F == TextureFormat::A4) {
        for (std::uint32_t x = 0; x < width; ++x) {
            const Rgba8 c = decode_texel(F, src + x / 2, x & 1);
            std::memcpy(dst + 4 * x, &c, 4);
        }
    } else {
        constexpr std::uint32_t kBytes = bits_per_pixel(F) / 8;
        for (std::uint32_t x = 0; x < width; ++x) {
            const Rgba8 c = decode_texel(F, src + kBytes * x);
            std::memcpy(dst + 4 * x, &c, 4);
        }
    }
}

template <TextureFormat F>
void encode_row(const std::uint8_t* src, std::uint8_t* dst, std::uint32_t width) {
    for (std::uint32_t x = 0; x < width; ++x) {
        Rgba8 c;
        std::memcpy(&c, src + 4 * x, 4);
        if constexpr (F == TextureFormat::I4 || F == TextureFormat::A4) {
            encode_texel(F, c, dst + x / 2, x & 1);
        } else {
            encode_texel(F, c, dst + bits_per_pixel(F) / 8 * x);
        }
    }
}

using RowFn = void (*)(const std::uint8_t*, std::uint8_t*, std::uint32_t);

template <template <TextureFormat> class Pick>
constexpr std::array<RowFn, 12> row_table() {
    return {Pick<TextureFormat::RGBA8>::fn,  Pick<TextureFormat::RGB8>::fn,
            Pick<TextureFormat::RGB5A1>::fn, Pick<TextureFormat::RGB565>::fn,
            Pick<TextureFormat::RGBA4>::fn,  Pick<TextureFormat::IA8>::fn,
            Pick<TextureFormat::HILO8>::fn,  Pick<TextureFormat::I8>::fn,
            Pick<TextureFormat::A8>::fn,     Pick<TextureFormat::IA4>::fn,
            Pick<TextureFormat::I4>::fn,     Pick<TextureFormat::A4>::fn};
}
template <TextureFormat F>
struct DecodeRow {
    static constexpr RowFn fn = decode_row<F>;
};
template <TextureFormat F>
struct EncodeRow {
    static constexpr RowFn fn = encode_row<F>;
};
constexpr auto kDecodeRow = row_table<DecodeRow>();
constexpr auto kEncodeRow = row_table<EncodeRow>();

void decode_etc(const std::uint8_t* tiled, std::uint8_t* rgba, std::uint32_t w, std::uint32_t h,
                bool with_alpha) {
    const std::size_t block_bytes = with_alpha ? 16 : 8;
    const std::size_t pitch = static_cast<std::size_t>(w) * 4;
    Rgba8 texels[16];
    for (std::uint32_t ty = 0; ty < h; ty += 8) {
        for (std::uint32_t tx = 0; tx < w; tx += 8) {
            for (std::uint32_t b = 0; b < 4; ++b, tiled += block_bytes) {
                const std::uint64_t alpha = with_alpha ? load_u64_le(tiled) : kEtc1OpaqueAlpha;
                const std::uint64_t colour = load_u64_le(tiled + block_bytes - 8);
                decode_etc1_block(colour, alpha, texels);
                const std::uint32_t x0 = tx + (b & 1) * 4, y0 = ty + (b >> 1) * 4;
                for (std::uint32_t y = 0; y < 4; ++y)
                    std::memcpy(rgba + (y0 + y) * pitch + x0 * 4, &texels[y * 4], 16);
            }
        }
    }
}

} // namespace

const char* format_name(TextureFormat f) {
    constexpr const char* kNames[kTextureFormatCount] = {
        "RGBA8", "RGB8", "RGB5A1", "RGB565", "RGBA4", "IA8",  "HILO8",
        "I8",    "A8",   "IA4",    "I4",     "A4",    "ETC1", "ETC1A4"};
    return is_valid(f) ? kNames[static_cast<std::uint32_t>(f)] : "invalid";
}

std::size_t texture_bytes(TextureFormat f, std::uint32_t w, std::uint32_t h) {
    if (!is_valid(f)) return 0;
    return static_cast<std::size_t>(w) * h * bits_per_pixel(f) / 8;
}

const char* texture_error(TextureFormat f, std::uint32_t w, std::uint32_t h, std::size_t tiled_size,
                          std::size_t linear_size, std::uint32_t linear_bytes_per_pixel) {
    if (!is_valid(f)) return "unknown texture format";
    if (w == 0 || h == 0 || w % 8 || h % 8) return "texture size is not a multiple of 8";
    if (w > kMaxTextureSize || h > kMaxTextureSize) return "texture larger than 1024";
    if (tiled_size < texture_bytes(f, w, h)) return "tiled buffer too small";
    if (linear_size < static_cast<std::size_t>(w) * h * linear_bytes_per_pixel)
        return "linear buffer too small";
    return nullptr;
}

bool decode_texture(std::span<const std::uint8_t> tiled, std::span<std::uint8_t> rgba,
                    std::uint32_t w, std::uint32_t h, TextureFormat f) {
    if (texture_error(f, w, h, tiled.size(), rgba.size(), 4)) return false;
    if (is_etc(f)) {
        decode_etc(tiled.data(), rgba.data(), w, h, f == TextureFormat::ETC1A4);
        return true;
    }
    if (decode_texture_fused(tiled.data(), rgba.data(), w, h, f)) return true;
    const TiledLayout layout = layout_of(f, w, h);
    const RowFn convert = kDecodeRow[static_cast<std::uint32_t>(f)];
    const std::size_t pitch = static_cast<std::size_t>(w) * 4;
    // Untile each memory row into the end of its own output row (guest pixels are never wider
    // than RGBA8), then widen it in place from the front: every pixel is read before the write
    // that could overlap it. RGBA8 converts in place exactly.
    const std::size_t row_bytes = static_cast<std::size_t>(w) * bits_per_pixel(f) / 8;
    for (std::uint32_t y = 0; y < h; ++y) {
        std::uint8_t* out = rgba.data() + y * pitch;
        std::uint8_t* staged = out + pitch - row_bytes;
        gather_row(tiled.data(), staged, layout, y);
        convert(staged, out, w);
    }
    return true;
}

bool encode_texture(std::span<const std::uint8_t> rgba, std::span<std::uint8_t> tiled,
                    std::uint32_t w, std::uint32_t h, TextureFormat f) {
    if (is_etc(f) || texture_error(f, w, h, tiled.size(), rgba.size(), 4)) return false;
    const TiledLayout layout = layout_of(f, w, h);
    const RowFn convert = kEncodeRow[static_cast<std::uint32_t>(f)];
    std::vector<std::uint8_t> row(static_cast<std::size_t>(w) * 4);
    for (std::uint32_t y = 0; y < h; ++y) {
        convert(rgba.data() + static_cast<std::size_t>(y) * w * 4, row.data(), w);
        scatter_row(tiled.data(), row.data(), layout, y);
    }
    return true;
}

NativeLayout native_layout(TextureFormat f) {
    using S = Swizzle;
    switch (f) {
    case TextureFormat::RGBA8: // bytes A,B,G,R read as r,g,b,a
        return {HostFormat::R8G8B8A8, {S::A, S::B, S::G, S::R}};
    case TextureFormat::RGB5A1:
        return {HostFormat::R5G5B5A1, {S::R, S::G, S::B, S::A}};
    case TextureFormat::RGB565:
        return {HostFormat::R5G6B5, {S::R, S::G, S::B, S::One}};
    case TextureFormat::RGBA4:
        return {HostFormat::R4G4B4A4, {S::R, S::G, S::B, S::A}};
    case TextureFormat::IA8: // bytes A, I
        return {HostFormat::R8G8, {S::G, S::G, S::G, S::R}};
    case TextureFormat::HILO8: // bytes LO, HI
        return {HostFormat::R8G8, {S::G, S::R, S::Zero, S::One}};
    case TextureFormat::I8:
        return {HostFormat::R8, {S::R, S::R, S::R, S::One}};
    case TextureFormat::A8:
        return {HostFormat::R8, {S::Zero, S::Zero, S::Zero, S::R}};
    case TextureFormat::IA4: // I high nibble, A low nibble
        return {HostFormat::R4G4, {S::R, S::R, S::R, S::G}};
    default: // RGB8 (24-bit host formats are rarely sampleable), I4/A4, ETC (block order differs)
        return {};
    }
}

bool untile_native(std::span<const std::uint8_t> tiled, std::span<std::uint8_t> out,
                   std::uint32_t w, std::uint32_t h, TextureFormat f) {
    if (native_layout(f).format == HostFormat::None) return false;
    if (texture_error(f, w, h, tiled.size(), out.size(), bits_per_pixel(f) / 8)) return false;
    return untile(tiled, out, layout_of(f, w, h));
}

} // namespace picavk::pica
