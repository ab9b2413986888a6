#include "pica/transfer/transfer_rows.h"

#include "pica/texture/texel_formats.h"

#include <bit>
#include <cstring>

namespace picavk::pica {

namespace {

// The pixel words below are read and written with memcpy: guest and host bytes in the same order.
static_assert(std::endian::native == std::endian::little);

// A pixel as one word, the RGBA8 format's own little-endian layout: R in bits 31-24, then G, B,
// and A in bits 7-0. RGBA8 loads and stores it as it is, RGB8 three bytes of it (as a word: the
// fourth byte is the next pixel's, or the row's slack); the 16-bit formats go through
// decode_texel and encode_texel. Inlined into each row loop, where the format is a constant
// (left to itself, GCC called the 16-bit loads: 3 ns a pixel instead of 1).
template <TextureFormat F>
[[gnu::always_inline]] inline std::uint32_t load_pixel(const std::uint8_t* p) {
    std::uint32_t v;
    if constexpr (F == TextureFormat::RGBA8) {
        std::memcpy(&v, p, 4);
        return v;
    } else if constexpr (F == TextureFormat::RGB8) {
        std::memcpy(&v, p, 4);
        return v << 8 | 0xFF;
    } else {
        const Rgba8 c = decode_texel(F, p);
        return std::uint32_t{c.r} << 24 | std::uint32_t{c.g} << 16 | std::uint32_t{c.b} << 8 | c.a;
    }
}

template <TextureFormat F>
[[gnu::always_inline]] inline void store_pixel(std::uint32_t v, std::uint8_t* p) {
    if constexpr (F == TextureFormat::RGBA8) {
        std::memcpy(p, &v, 4);
    } else if constexpr (F == TextureFormat::RGB8) {
        const std::uint32_t bgr = v >> 8;
        std::memcpy(p, &bgr, 4);
    } else {
        encode_texel(F,
                     {static_cast<std::uint8_t>(v >> 24), static_cast<std::uint8_t>(v >> 16),
                      static_cast<std::uint8_t>(v >> 8), static_cast<std::uint8_t>(v)},
                     p);
    }
}

template <TransferFormat In, TransferFormat Out, std::uint32_t Kx, std::uint32_t Ky>
void convert_row(const std::uint8_t* const rows[2], std::uint8_t* out, std::uint32_t width) {
    constexpr TextureFormat in = texture_format(In), to = texture_format(Out);
    constexpr std::uint32_t in_bytes = bits_per_pixel(in) / 8, out_bytes = bits_per_pixel(to) / 8;
    if constexpr (In == Out && Kx == 1 && Ky == 1) {
        std::memcpy(out, rows[0], std::size_t{width} * out_bytes);
    } else if constexpr (Kx == 1 && Ky == 1) {
        const std::uint8_t* in_row = rows[0];
        for (std::uint32_t x = 0; x < width; ++x)
            store_pixel<to>(load_pixel<in>(in_row + x * in_bytes), out + x * out_bytes);
    } else {
        constexpr std::uint32_t n = Kx * Ky; // 2 or 4: the divisions are shifts
        for (std::uint32_t x = 0; x < width; ++x) {
            std::uint32_t r = 0, g = 0, b = 0, a = 0;
            for (std::uint32_t j = 0; j < Ky; ++j) {
                for (std::uint32_t i = 0; i < Kx; ++i) {
                    const Rgba8 c = decode_texel(in, rows[j] + (x * Kx + i) * in_bytes);
                    r += c.r, g += c.g, b += c.b, a += c.a;
                }
            }
            store_pixel<to>((r / n) << 24 | (g / n) << 16 | (b / n) << 8 | a / n,
                            out + x * out_bytes);
        }
    }
}

template <TransferFormat In, TransferFormat Out>
TransferRowFn for_downscale(std::uint32_t downscale) {
    switch (downscale) {
    case 0:
        return convert_row<In, Out, 1, 1>;
    case 1:
        return convert_row<In, Out, 2, 1>;
    case 2:
        return convert_row<In, Out, 2, 2>;
    default:
        return nullptr;
    }
}

template <TransferFormat In>
TransferRowFn for_output(TransferFormat out, std::uint32_t downscale) {
    switch (out) {
    case TransferFormat::RGBA8:
        return for_downscale<In, TransferFormat::RGBA8>(downscale);
    case TransferFormat::RGB8:
        return for_downscale<In, TransferFormat::RGB8>(downscale);
    case TransferFormat::RGB565:
        return for_downscale<In, TransferFormat::RGB565>(downscale);
    case TransferFormat::RGB5A1:
        return for_downscale<In, TransferFormat::RGB5A1>(downscale);
    case TransferFormat::RGBA4:
        return for_downscale<In, TransferFormat::RGBA4>(downscale);
    }
    return nullptr;
}

} // namespace

TransferRowFn transfer_row_fn(TransferFormat in, TransferFormat out, std::uint32_t downscale) {
    switch (in) {
    case TransferFormat::RGBA8:
        return for_output<TransferFormat::RGBA8>(out, downscale);
    case TransferFormat::RGB8:
        return for_output<TransferFormat::RGB8>(out, downscale);
    case TransferFormat::RGB565:
        return for_output<TransferFormat::RGB565>(out, downscale);
    case TransferFormat::RGB5A1:
        return for_output<TransferFormat::RGB5A1>(out, downscale);
    case TransferFormat::RGBA4:
        return for_output<TransferFormat::RGBA4>(out, downscale);
    }
    return nullptr;
}

} // namespace picavk::pica
