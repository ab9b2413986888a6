#include "screen_layout.h"

#include <algorithm>
#include <cmath>

namespace picavk {

namespace {
// A layout at factor 1: its size and the screens' rectangles inside it.
struct Native {
    float width, height;
    ScreenRect top, bottom;
};

Native native(ScreenLayout layout, bool wide_top) {
    const float tw = wide_top ? 2.0f * kTopWidth : kTopWidth;
    constexpr float bw = kBottomWidth, h = kScreenHeight;
    switch (layout) {
    case ScreenLayout::SingleTop:
        return {tw, h, {0, 0, tw, h}, {}};
    case ScreenLayout::SingleBottom:
        return {bw, h, {}, {0, 0, bw, h}};
    case ScreenLayout::SideBySide:
        return {tw + bw, h, {0, 0, tw, h}, {tw, 0, tw + bw, h}};
    case ScreenLayout::LargeTop:
        return {2 * tw + bw, 2 * h, {0, 0, 2 * tw, 2 * h}, {2 * tw, h, 2 * tw + bw, 2 * h}};
    case ScreenLayout::Default:
    default:
        return {tw, 2 * h, {0, 0, tw, h}, {(tw - bw) / 2, h, (tw + bw) / 2, 2 * h}};
    }
}
} // namespace

ScreenPlacement place_screens(ScreenLayout layout, bool integer_scale, std::uint32_t width,
                              std::uint32_t height, bool wide_top) {
    ScreenPlacement out;
    if (width == 0 || height == 0) return out;
    const Native n = native(layout, wide_top);
    float f = std::min(static_cast<float>(width) / n.width, static_cast<float>(height) / n.height);
    // Whole factors where at least 1x fits; a smaller target gets the fraction that fits.
    if (integer_scale && f >= 1.0f) f = std::floor(f);
    // Centred, on whole pixels so that nearest sampling at a whole factor is exact.
    const float ox = std::floor((static_cast<float>(width) - n.width * f) / 2);
    const float oy = std::floor((static_cast<float>(height) - n.height * f) / 2);
    auto place = [&](const ScreenRect& r) {
        if (!r.shown()) return ScreenRect{};
        return ScreenRect{ox + std::round(r.x0 * f), oy + std::round(r.y0 * f),
                          ox + std::round(r.x1 * f), oy + std::round(r.y1 * f)};
    };
    out.top = place(n.top);
    out.bottom = place(n.bottom);
    out.factor = f;
    return out;
}

} // namespace picavk
