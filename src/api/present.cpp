// The screens as the LCDs show them: from the LCD registers, the display-transfer history (a
// scaled source where there is one) or guest memory, rotated upright.
#include "session_impl.h"

#include "pica/texture/texel_formats.h"
#include "screen_layout.h"

#include <cstring>
#include <optional>

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

std::vector<std::uint8_t> Session::Impl::decode_lcd(const pica::LcdFramebuffer& lcd) {
    const std::uint32_t w = lcd.width, h = lcd.height;
    const std::uint32_t bpp = pica::bits_per_pixel(pica::texture_format(lcd.format)) / 8;
    const std::uint32_t stride = lcd.stride ? lcd.stride : w * bpp;
    const std::size_t bytes = std::size_t{stride} * (h - 1) + std::size_t{w} * bpp;
    if (renderer) renderer->flush_range(lcd.address, bytes);
    const std::uint8_t* src = memory.pointer(lcd.address, bytes);
    if (!src) {
        diagnostics.warn(pica::Warning::InvalidExternalWrite, [&] {
            return "LCD framebuffer at " + pica::hex_string(lcd.address) +
                   " is outside guest memory; the screen shows black";
        });
        return {};
    }
    std::vector<std::uint8_t> out(std::size_t{w} * h * 4);
    for (std::uint32_t y = 0; y < h; ++y) {
        for (std::uint32_t x = 0; x < w; ++x) {
            const pica::Rgba8 c =
                pica::decode_texel(pica::texture_format(lcd.format),
                                   src + std::size_t{y} * stride + std::size_t{x} * bpp);
            std::uint8_t* d = &out[(std::size_t{y} * w + x) * 4];
            d[0] = c.r;
            d[1] = c.g;
            d[2] = c.b;
            d[3] = 0xFF;
        }
    }
    return out;
}

vk::Composition Session::Impl::composition(std::uint32_t width, std::uint32_t height) {
    vk::Composition c;
    const StereoMode mode = present_options.stereo;
    const ScreenPlacement placed =
        place_screens(present_options.layout, present_options.integer_scale, width, height,
                      mode == StereoMode::SideBySideFull);
    c.linear = present_options.filter == ScreenFilter::Linear;
    c.background_rgb = present_options.background_rgb;
    // The eye each top-screen slot shows: slot 0 the left eye's place, slot 2 the right's.
    const bool swap = present_options.swap_eyes;
    Screen eye[2] = {swap ? Screen::TopRight : Screen::Top, swap ? Screen::Top : Screen::TopRight};
    switch (mode) {
    case StereoMode::LeftOnly:
        c.stereo = vk::StereoCompose::LeftOnly;
        break;
    case StereoMode::RightOnly:
        c.stereo = vk::StereoCompose::LeftOnly;
        eye[0] = eye[1];
        break;
    case StereoMode::SideBySideHalf:
    case StereoMode::SideBySideFull:
        c.stereo = vk::StereoCompose::SideBySide;
        break;
    case StereoMode::Anaglyph:
        c.stereo = vk::StereoCompose::Anaglyph;
        break;
    case StereoMode::Interlaced:
    case StereoMode::ReverseInterlaced:
        c.stereo = vk::StereoCompose::Interlaced;
        c.left_on_odd_rows = mode == StereoMode::ReverseInterlaced;
        break;
    }
    for (std::size_t i = 0; i < 3; ++i) {
        const ScreenRect& r = i == 1 ? placed.bottom : placed.top;
        if (!r.shown()) continue;
        // The right eye's picture only where the mode shows it.
        if (i == 2 && c.stereo == vk::StereoCompose::LeftOnly) continue;
        vk::ScreenPicture& p = c.screens[i];
        p.rect = {r.x0, r.y0, r.x1, r.y1};
        const pica::LcdFramebuffer lcd = shown_lcd(i == 1 ? Screen::Bottom : eye[i == 0 ? 0 : 1]);
        // A colour fill; or an LCD nothing has set up yet (address 0, as after reset): black,
        // with no warning - a window presents before the guest's first frame.
        if (lcd.color_fill || lcd.address == 0) {
            p.kind = vk::ScreenPicture::Kind::Fill;
            p.fill_rgb = lcd.color_fill ? lcd.fill_rgb & 0xFFFFFF : 0;
            continue;
        }
        p.address = lcd.address;
        p.stored_width = lcd.width;
        p.stored_height = lcd.height;
        p.format = pica::color_format(lcd.format);
        // A display transfer's scaled output, as screen() finds it; else guest memory at 1x.
        const std::uint32_t bpp = pica::bits_per_pixel(pica::texture_format(lcd.format)) / 8;
        if (lcd.stride == lcd.width * bpp &&
            renderer->holds_linear_color(lcd.address, lcd.width, lcd.height, p.format)) {
            p.kind = vk::ScreenPicture::Kind::Surface;
            continue;
        }
        p.rgba = decode_lcd(lcd);
        p.kind = p.rgba.empty() ? vk::ScreenPicture::Kind::Fill : vk::ScreenPicture::Kind::Pixels;
    }
    return c;
}

std::optional<pica::LcdFramebuffer> Session::Impl::right_eye(bool warn) {
    const pica::LcdFramebuffer left = external.lcd(pica::Screen::Top);
    if (!left.stereo || left.color_fill) return std::nullopt; // 2D: both eyes see the left
    const pica::LcdFramebuffer right = external.lcd(pica::Screen::TopRight);
    const std::uint32_t bpp = pica::bits_per_pixel(pica::texture_format(right.format)) / 8;
    const std::uint32_t stride = right.stride ? right.stride : right.width * bpp;
    const std::size_t bytes =
        std::size_t{stride} * (right.height - 1) + std::size_t{right.width} * bpp;
    // Both eyes share the size register: a 3D top screen is 400 pixels wide. The 800-wide mode
    // (gfxSetWide) has no stereo (3dbrew GSP: wide mode and 3D exclude each other), so eyes of
    // that size disagree with any 3D picture.
    const bool wide = right.height > 400;
    if (right.address != 0 && !wide && memory.pointer(right.address, bytes)) return right;
    if (warn)
        diagnostics.warn(pica::Warning::InvalidExternalWrite, [&] {
            return right.address == 0
                       ? std::string("top LCD in 3D mode with no right-eye framebuffer; the "
                                     "right eye shows the left")
                   : wide ? "top LCD in 3D mode with an 800-wide framebuffer (wide mode has no "
                            "3D); the right eye shows the left"
                          : "right-eye framebuffer at " + pica::hex_string(right.address) +
                                " is outside guest memory; the right eye shows the left";
        });
    return std::nullopt;
}

pica::LcdFramebuffer Session::Impl::shown_lcd(Screen which) {
    if (which == Screen::Bottom) return external.lcd(pica::Screen::Bottom);
    if (which == Screen::TopRight)
        if (const auto right = right_eye(true)) return *right;
    return external.lcd(pica::Screen::Top);
}

ScreenImage Session::Impl::screen(Screen which) {
    if (!renderer) return {};
    const pica::LcdFramebuffer lcd = shown_lcd(which);
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
    const std::vector<std::uint8_t> pixels = decode_lcd(lcd);
    stored.assign(std::size_t{w} * n * h * n * 4, 0);
    if (!pixels.empty())
        for (std::uint32_t y = 0; y < h * n; ++y)
            for (std::uint32_t x = 0; x < w * n; ++x)
                std::memcpy(&stored[(std::size_t{y} * w * n + x) * 4],
                            &pixels[(std::size_t{y / n} * w + x / n) * 4], 4);
    return rotate_upright(stored, w * n, h * n);
}

void Session::set_present_options(const PresentOptions& options) {
    const Impl::Call call(*impl_);
    impl_->present_options = options;
    if (impl_->renderer) impl_->renderer->presenter().set_vsync(options.vsync);
}

PresentOptions Session::present_options() const {
    const Impl::Call call(*impl_);
    return impl_->present_options;
}

PresentResult Session::present() {
    const Impl::Call call(*impl_);
    if (!impl_->renderer) return PresentResult::NoRenderer;
    Impl* impl = impl_.get();
    switch (impl_->renderer->presenter().present(
        [impl](VkExtent2D e) { return impl->composition(e.width, e.height); }, impl_->overlay)) {
    case vk::PresentStatus::Presented:
        return PresentResult::Presented;
    case vk::PresentStatus::Minimised:
        return PresentResult::Minimised;
    case vk::PresentStatus::NoSurface:
    default:
        return PresentResult::NoWindow;
    }
}

void Session::resize_window(std::uint32_t width, std::uint32_t height) {
    const Impl::Call call(*impl_);
    if (impl_->renderer) impl_->renderer->presenter().resize({width, height});
}

ScreenImage Session::compose(std::uint32_t width, std::uint32_t height) {
    const Impl::Call call(*impl_);
    ScreenImage img;
    if (!impl_->renderer || width == 0 || height == 0) return img;
    const vk::Composition c = impl_->composition(width, height);
    img.rgba = impl_->renderer->presenter().compose_rgba(c, {width, height});
    img.width = width;
    img.height = height;
    return img;
}

} // namespace picavk
