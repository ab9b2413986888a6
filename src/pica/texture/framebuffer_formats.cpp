#include "pica/texture/framebuffer_formats.h"

#include <cstring>
#include <vector>

namespace picavk::pica {

namespace {

TiledLayout layout_of(FramebufferSize s, std::uint32_t bytes_per_pixel) {
    TiledLayout l{s.width, s.height, bytes_per_pixel * 8};
    l.block = s.block;
    return l;
}

const char* size_error(FramebufferSize s) {
    // COLORBUFFER dimensions: width bits 0-10, height-1 bits 12-21 (spec 004 FRAMEBUFFER_DIM).
    const TiledLayout l = layout_of(s, 1);
    if (s.width > 2048 || s.height > 1024) return "framebuffer larger than 2048x1024";
    return layout_error(l, l.tiled_bytes(), l.linear_bytes());
}

} // namespace

const char* format_name(ColorFormat f) {
    return is_valid(f) ? format_name(texture_format(f)) : "invalid";
}

const char* format_name(DepthFormat f) {
    switch (f) {
    case DepthFormat::D16:
        return "D16";
    case DepthFormat::D24:
        return "D24";
    case DepthFormat::D24S8:
        return "D24S8";
    }
    return "invalid";
}

const char* color_buffer_error(ColorFormat f, FramebufferSize s, std::size_t tiled_size,
                               std::size_t rgba_size) {
    if (!is_valid(f)) return "unknown colour buffer format";
    if (const char* e = size_error(s)) return e;
    if (tiled_size < layout_of(s, bytes_per_pixel(f)).tiled_bytes())
        return "tiled buffer too small";
    if (rgba_size < static_cast<std::size_t>(s.width) * s.height * 4)
        return "RGBA buffer too small";
    return nullptr;
}

const char* depth_buffer_error(DepthFormat f, FramebufferSize s, std::size_t tiled_size,
                               std::size_t depth_count, std::size_t stencil_count) {
    if (!is_valid(f)) return "unknown depth buffer format";
    if (const char* e = size_error(s)) return e;
    const std::size_t pixels = static_cast<std::size_t>(s.width) * s.height;
    if (tiled_size < layout_of(s, bytes_per_pixel(f)).tiled_bytes())
        return "tiled buffer too small";
    if (depth_count < pixels) return "depth buffer too small";
    if (stencil_count != 0 && stencil_count < pixels) return "stencil buffer too small";
    return nullptr;
}

bool decode_color_buffer(std::span<const std::uint8_t> tiled, std::span<std::uint8_t> rgba,
                         FramebufferSize s, ColorFormat f) {
    if (color_buffer_error(f, s, tiled.size(), rgba.size())) return false;
    const std::uint32_t bpp = bytes_per_pixel(f);
    const TiledLayout layout = layout_of(s, bpp);
    std::vector<std::uint8_t> row(static_cast<std::size_t>(s.width) * bpp);
    for (std::uint32_t y = 0; y < s.height; ++y) {
        gather_row(tiled.data(), row.data(), layout, y);
        std::uint8_t* out = rgba.data() + static_cast<std::size_t>(y) * s.width * 4;
        for (std::uint32_t x = 0; x < s.width; ++x) {
            const Rgba8 c = decode_texel(texture_format(f), row.data() + x * bpp);
            std::memcpy(out + 4 * x, &c, 4);
        }
    }
    return true;
}

bool encode_color_buffer(std::span<const std::uint8_t> rgba, std::span<std::uint8_t> tiled,
                         FramebufferSize s, ColorFormat f) {
    if (color_buffer_error(f, s, tiled.size(), rgba.size())) return false;
    const std::uint32_t bpp = bytes_per_pixel(f);
    const TiledLayout layout = layout_of(s, bpp);
    std::vector<std::uint8_t> row(static_cast<std::size_t>(s.width) * bpp);
    for (std::uint32_t y = 0; y < s.height; ++y) {
        const std::uint8_t* in = rgba.data() + static_cast<std::size_t>(y) * s.width * 4;
        for (std::uint32_t x = 0; x < s.width; ++x) {
            Rgba8 c;
            std::memcpy(&c, in + 4 * x, 4);
            encode_texel(texture_format(f), c, row.data() + x * bpp);
        }
        scatter_row(tiled.data(), row.data(), layout, y);
    }
    return true;
}

bool decode_depth_buffer(std::span<const std::uint8_t> tiled, std::span<std::uint32_t> depth,
                         std::span<std::uint8_t> stencil, FramebufferSize s, DepthFormat f) {
    if (depth_buffer_error(f, s, tiled.size(), depth.size(), stencil.size())) return false;
    const std::uint32_t bpp = bytes_per_pixel(f);
    const TiledLayout layout = layout_of(s, bpp);
    std::vector<std::uint8_t> row(static_cast<std::size_t>(s.width) * bpp);
    for (std::uint32_t y = 0; y < s.height; ++y) {
        gather_row(tiled.data(), row.data(), layout, y);
        const std::size_t base = static_cast<std::size_t>(y) * s.width;
        for (std::uint32_t x = 0; x < s.width; ++x) {
            const std::uint8_t* p = row.data() + x * bpp;
            std::uint32_t d = p[0] | p[1] << 8u;
            if (f != DepthFormat::D16) d |= static_cast<std::uint32_t>(p[2]) << 16;
            depth[base + x] = d;
            if (!stencil.empty()) stencil[base + x] = f == DepthFormat::D24S8 ? p[3] : 0;
        }
    }
    return true;
}

bool encode_depth_buffer(std::span<const std::uint32_t> depth,
                         std::span<const std::uint8_t> stencil, std::span<std::uint8_t> tiled,
                         FramebufferSize s, DepthFormat f) {
    if (depth_buffer_error(f, s, tiled.size(), depth.size(), stencil.size())) return false;
    const std::uint32_t bpp = bytes_per_pixel(f);
    const TiledLayout layout = layout_of(s, bpp);
    const std::uint32_t max = (1u << depth_bits(f)) - 1;
    std::vector<std::uint8_t> row(static_cast<std::size_t>(s.width) * bpp);
    for (std::uint32_t y = 0; y < s.height; ++y) {
        // Keep the guest's stencil bytes where no stencil is given: read the row first.
        if (f == DepthFormat::D24S8 && stencil.empty())
            gather_row(tiled.data(), row.data(), layout, y);
        const std::size_t base = static_cast<std::size_t>(y) * s.width;
        for (std::uint32_t x = 0; x < s.width; ++x) {
            std::uint8_t* p = row.data() + x * bpp;
            const std::uint32_t d = depth[base + x] > max ? max : depth[base + x];
            p[0] = static_cast<std::uint8_t>(d);
            p[1] = static_cast<std::uint8_t>(d >> 8);
            if (f != DepthFormat::D16) p[2] = static_cast<std::uint8_t>(d >> 16);
            if (f == DepthFormat::D24S8 && !stencil.empty()) p[3] = stencil[base + x];
        }
        scatter_row(tiled.data(), row.data(), layout, y);
    }
    return true;
}

} // namespace picavk::pica
