// Fuzzes the texture decoders with any format and size, odd ones included: sizes that are not
// multiples of 8, zero, past 1024, and buffers shorter than the size asks for must be refused
// (texture_error), never read or written out of bounds; accepted ones must decode, and the
// formats the GPU writes must encode back to the same tiled bytes' decoding.
#include "pica/texture/texture_codec.h"

#include <cstdint>
#include <cstring>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace picavk::pica;
    if (size < 5) return 0;
    const auto format = static_cast<TextureFormat>(data[0] & 0xF);
    std::uint32_t width, height;
    std::vector<std::uint8_t> texels(data + 5, data + size);
    if (data[0] & 0x10) {
        // Any size up to 1031, so most land off the 8-pixel grid or past the maximum, with the
        // bytes as they came (often too few).
        width = static_cast<std::uint32_t>(data[1] | (data[2] & 3) << 8) + (data[2] >> 5);
        height = static_cast<std::uint32_t>(data[3] | (data[4] & 3) << 8) + (data[4] >> 5);
    } else {
        // A valid size from 8x8 to 64x64, the bytes repeated to fill it: the decoders' paths.
        width = 8u * (1u + (data[1] & 7u));
        height = 8u * (1u + (data[3] & 7u));
        const std::size_t need = texture_bytes(format, width, height);
        if (!texels.empty() && texels.size() < need) {
            const std::size_t have = texels.size();
            texels.resize(need);
            for (std::size_t i = have; i < need; ++i)
                texels[i] = texels[i % have];
        }
    }
    const std::span<const std::uint8_t> tiled(texels);
    std::vector<std::uint8_t> rgba(std::size_t{width} * height * 4);
    const bool usable =
        texture_error(format, width, height, tiled.size(), rgba.size(), 4) == nullptr;
    const bool decoded = decode_texture(tiled, rgba, width, height, format);
    if (decoded != usable) __builtin_trap(); // the decoder and its check must agree
    if (!decoded || format == TextureFormat::ETC1 || format == TextureFormat::ETC1A4) return 0;
    // Encode what was decoded and decode again: the picture must survive (formats whose channels
    // narrow lose nothing more the second time).
    std::vector<std::uint8_t> tiled_again(texture_bytes(format, width, height));
    if (!encode_texture(rgba, tiled_again, width, height, format)) __builtin_trap();
    std::vector<std::uint8_t> rgba_again(rgba.size());
    if (!decode_texture(tiled_again, rgba_again, width, height, format)) __builtin_trap();
    if (rgba_again != rgba) __builtin_trap();
    return 0;
}
