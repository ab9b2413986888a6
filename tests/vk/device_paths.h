#pragma once

// Which way a session's device does memory fills, for tests whose counts depend on it: the
// environment's switches (PICAVK_DEVICE_DISABLE) and the device's own choice (few raster units:
// an H100 or H200, or PICAVK_DEVICE_ASSUME=few-raster-units).

#include "picavk/session.h"

#include <cstdlib>
#include <cstring>

namespace picavk::test {

// Whether PICAVK_DEVICE_DISABLE names `item`.
inline bool device_disables(const char* item) {
    const char* off = std::getenv("PICAVK_DEVICE_DISABLE");
    return off && std::strstr(off, item);
}

// Fills of whole targets are left to the next render pass, which clears them as it begins (the
// earlier way, every fill at once, runs under surfaces.earlier-paths, and on devices with few
// raster units: Device::render_pass_clears).
inline bool render_pass_clears_on(const Session& s) {
    return !device_disables("render-pass-clears") && !s.compute_passes();
}

// Where the device's render passes do not clear (few raster units), a whole fill of a depth
// buffer the compute rasteriser holds no words for still waits for its next use
// (SurfaceCache::defers_depth_fill): the compute rasteriser's words take it, or a render pass
// clears it by its load op; not where PICAVK_DEVICE_DISABLE names depth-fill-words or
// render-pass-clears.
inline bool depth_fills_deferred(const Session& s) {
    return !render_pass_clears_on(s) && !device_disables("depth-fill-words") &&
           !device_disables("render-pass-clears");
}

} // namespace picavk::test
