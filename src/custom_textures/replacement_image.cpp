#include "custom_textures/replacement_image.h"

#include <algorithm>
#include <cstring>

// Debian's libstb-dev ships stb_image and stb_image_write compiled (libstb.so).
#include <stb_image.h>
#include <stb_image_write.h>

namespace picavk::custom_textures {

std::size_t ReplacementImage::bytes() const {
    std::size_t n = 0;
    for (const auto& l : levels)
        n += l.size();
    return n;
}

namespace {

// Whether every chunk of a PNG fits in the file up to IEND (true for what is not a PNG: stb's
// own checks refuse it). stb_image reserves an IDAT chunk's claimed length before reading it, so
// a damaged length made it ask for gigabytes (fuzz-texture-pack: 2 GiB for a 293-byte file).
bool png_chunks_fit(std::span<const std::uint8_t> file) {
    static constexpr std::uint8_t kSignature[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
    if (file.size() < 8 || std::memcmp(file.data(), kSignature, 8) != 0) return true;
    std::size_t at = 8;
    while (file.size() - at >= 12) {
        const std::uint8_t* c = file.data() + at;
        const std::size_t length =
            std::size_t{c[0]} << 24 | std::size_t{c[1]} << 16 | std::size_t{c[2]} << 8 | c[3];
        if (length > file.size() - at - 12) return false;
        if (std::memcmp(c + 4, "IEND", 4) == 0) return true;
        at += 12 + length;
    }
    return true;
}

} // namespace

std::optional<ReplacementImage> decode_png(std::span<const std::uint8_t> file,
                                           bool rows_bottom_first, std::string& error) {
    if (file.empty() || file.size() > INT32_MAX) {
        error = file.empty() ? "the file is empty" : "the file is too large";
        return std::nullopt;
    }
    if (!png_chunks_fit(file)) {
        error = "a PNG chunk claims more bytes than the file holds";
        return std::nullopt;
    }
    const auto* data = reinterpret_cast<const stbi_uc*>(file.data());
    const int len = static_cast<int>(file.size());
    int w = 0, h = 0, channels = 0;
    // The size first: a damaged header must not make stb allocate gigabytes.
    if (!stbi_info_from_memory(data, len, &w, &h, &channels)) {
        error = std::string("not a PNG picavk can read (") + stbi_failure_reason() + ")";
        return std::nullopt;
    }
    if (w <= 0 || h <= 0 || static_cast<std::uint32_t>(w) > kMaxReplacementSide ||
        static_cast<std::uint32_t>(h) > kMaxReplacementSide) {
        error = "its size " + std::to_string(w) + "x" + std::to_string(h) + " is outside 1.." +
                std::to_string(kMaxReplacementSide);
        return std::nullopt;
    }
    stbi_uc* pixels = stbi_load_from_memory(data, len, &w, &h, &channels, 4);
    if (!pixels) {
        error = std::string("the PNG does not decode (") + stbi_failure_reason() + ")";
        return std::nullopt;
    }
    ReplacementImage image;
    image.width = static_cast<std::uint32_t>(w);
    image.height = static_cast<std::uint32_t>(h);
    const std::size_t row = std::size_t{image.width} * 4;
    auto& level0 = image.levels.emplace_back(row * image.height);
    for (std::uint32_t y = 0; y < image.height; ++y) {
        const std::uint32_t from = rows_bottom_first ? image.height - 1 - y : y;
        std::memcpy(level0.data() + y * row, pixels + from * row, row);
    }
    stbi_image_free(pixels);
    return image;
}

bool write_png(const std::string& path, std::uint32_t width, std::uint32_t height,
               std::span<const std::uint8_t> rgba) {
    if (rgba.size() < std::size_t{width} * height * 4 || width == 0 || height == 0) return false;
    return stbi_write_png(path.c_str(), static_cast<int>(width), static_cast<int>(height), 4,
                          rgba.data(), static_cast<int>(width * 4)) != 0;
}

void generate_mip_chain(ReplacementImage& image, std::size_t from) {
    image.levels.resize(from + 1);
    std::uint32_t w = std::max(image.width >> from, 1u), h = std::max(image.height >> from, 1u);
    while (w > 1 || h > 1) {
        const std::uint32_t nw = std::max(w / 2, 1u), nh = std::max(h / 2, 1u);
        const std::vector<std::uint8_t>& src = image.levels.back();
        std::vector<std::uint8_t> dst(std::size_t{nw} * nh * 4);
        // Each destination texel covers sx x sy source texels (1 where the side was 1).
        const std::uint32_t sx = w > 1 ? 2 : 1, sy = h > 1 ? 2 : 1;
        for (std::uint32_t y = 0; y < nh; ++y)
            for (std::uint32_t x = 0; x < nw; ++x)
                for (std::uint32_t c = 0; c < 4; ++c) {
                    std::uint32_t sum = 0;
                    for (std::uint32_t dy = 0; dy < sy; ++dy)
                        for (std::uint32_t dx = 0; dx < sx; ++dx)
                            sum += src[((std::size_t{y} * sy + dy) * w + x * sx + dx) * 4 + c];
                    const std::uint32_t n = sx * sy;
                    dst[(std::size_t{y} * nw + x) * 4 + c] =
                        static_cast<std::uint8_t>((sum + n / 2) / n);
                }
        image.levels.push_back(std::move(dst));
        w = nw;
        h = nh;
    }
}

} // namespace picavk::custom_textures
