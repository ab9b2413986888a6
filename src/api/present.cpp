// The screens as the LCDs show them: from the LCD registers, the display-transfer history (a
// scaled source where there is one) or guest memory, rotated upright.
#include "session_impl.h"

#include "pica/texture/texel_formats.h"

#include <cstring>

namespace picavk {

namespace {
// Stored LCD framebuffers are rotated: stored row r is screen column r (left to right), and
// stored column c is screen row (width - 1 - c), bottom pixel first (3dbrew LCD; Azahar draws the
// screen texture rotated the same way).
ScreenImage rotate_upright(const std::vector<std::uint8_t>& stored, std::uint32_t stored_w,
                           std::uint32_t stored_h) {
    ScreenImage img;
    img.width = stored_h;
    img.height = stored_w;
    img.rgba.resize(std::size_t{img.width} * img.height * 4);
    for (std::uint32_t y = 0; y < img.height; ++y)
        for (std::uint32_t x = 0; x < img.width; ++x)
            std::memcpy(&img.rgba[(std::size_t{y} * img.width + x) * 4],
                        &stored[(std::size_t{x} * stored_w + (stored_w - 1 - y)) * 4], 4);
    return img;
}
} // namespace

ScreenImage Session::Impl::screen(Screen which) {
    if (!renderer) return {};
    const pica::LcdFramebuffer lcd = external.lcd(static_cast<pica::Screen>(which));
    const std::uint32_t n = renderer->scale();
    const std::uint32_t w = lcd.width, h = lcd.height;
    std::vector<std::uint8_t> stored;
    if (lcd.color_fill) {
        stored.resize(std::size_t{w} * n * h * n * 4);
        for (std::size_t i = 0; i < stored.size(); i += 4) {
            stored[i] = static_cast<std::uint8_t>(lcd.fill_rgb);
            stored[i + 1] = static_cast<std::uint8_t>(lcd.fill_rgb >> 8);
            stored[i + 2] = static_cast<std::uint8_t>(lcd.fill_rgb >> 16);
            stored[i + 3] = 0xFF;
        }
        return rotate_upright(stored, w * n, h * n);
    }
    // The framebuffer a GPU display transfer wrote is a scaled surface: shown from it, so the
    // screen keeps the render resolution, whatever flip, crop, downscale or format it took.
    if (lcd.stride == w * pica::bits_per_pixel(pica::texture_format(lcd.format)) / 8) {
        stored = renderer->read_linear_color(lcd.address, w, h, pica::color_format(lcd.format));
        if (!stored.empty()) {
            for (std::size_t i = 3; i < stored.size(); i += 4)
                stored[i] = 0xFF; // the LCD shows no alpha
            return rotate_upright(stored, w * n, h * n);
        }
    }
    // Otherwise from guest memory (written back first), at 1x, repeated to the scale.
    const std::uint32_t bpp = pica::bits_per_pixel(pica::texture_format(lcd.format)) / 8;
    const std::uint32_t stride = lcd.stride ? lcd.stride : w * bpp;
    const std::size_t bytes = std::size_t{stride} * (h - 1) + std::size_t{w} * bpp;
    renderer->flush_range(lcd.address, bytes);
    stored.assign(std::size_t{w} * n * h * n * 4, 0);
    const std::uint8_t* src = memory.pointer(lcd.address, bytes);
    if (src) {
        for (std::uint32_t y = 0; y < h * n; ++y) {
            for (std::uint32_t x = 0; x < w * n; ++x) {
                const std::uint8_t* p =
                    src + std::size_t{y / n} * stride + std::size_t{x / n} * bpp;
                const pica::Rgba8 c = pica::decode_texel(pica::texture_format(lcd.format), p);
                std::uint8_t* d = &stored[(std::size_t{y} * w * n + x) * 4];
                d[0] = c.r;
                d[1] = c.g;
                d[2] = c.b;
                d[3] = 0xFF;
            }
        }
    } else {
        diagnostics.warn(pica::Warning::InvalidExternalWrite, [&] {
            return "LCD framebuffer at " + pica::hex_string(lcd.address) +
                   " is outside guest memory; the screen shows black";
        });
    }
    return rotate_upright(stored, w * n, h * n);
}

} // namespace picavk
