#pragma once

// Where the two screens go in a presentation target: rectangles in target pixels for each
// ScreenLayout, scaled to fit (by whole factors when asked) and centred. Pure arithmetic, shared
// by the window, the embedder image and compose().

#include "picavk/session.h"

#include <array>
#include <cstdint>

namespace picavk {

struct ScreenRect {
    float x0 = 0, y0 = 0, x1 = 0, y1 = 0;
    bool shown() const { return x1 > x0 && y1 > y0; }
};

struct ScreenPlacement {
    ScreenRect top, bottom;
    float factor = 0; // target pixels per native screen pixel (of the bottom screen's scale)
};

// The native LCD sizes, upright.
inline constexpr std::uint32_t kTopWidth = 400, kBottomWidth = 320, kScreenHeight = 240;

// `wide_top`: the top screen's rectangle is twice as wide (both eyes side by side at full
// width).
ScreenPlacement place_screens(ScreenLayout layout, bool integer_scale, std::uint32_t width,
                              std::uint32_t height, bool wide_top = false);

} // namespace picavk
