#pragma once

// Counted warnings about the fragment modes whose inputs the documentation does not cover
// (docs/research/shadow.md 6, gas.md 5), so that an embedder sees why a picture differs.

#include "pica/diagnostics.h"
#include "pica/regs/regs.h"

namespace picavk::vk {

// Shadow mode (COLOR_OPERATION 3) or gas accumulation (1) with a colour buffer format other
// than RGBA8: written as RGBA8 (4 bytes per pixel; Azahar for shadows, gas.md 1.9). A shadow
// texture (unit 0 type 2 or 4) read by the draw whose format is not RGBA8: decoded, then read as
// R = intensity, A:B:G = depth (Azahar). Gas shading with a NaN or infinite ACCMAX or
// ATTENUATION.
void warn_fragment_modes(const pica::Regs& regs, bool samples_shadow_texture,
                         pica::Diagnostics& diag);

} // namespace picavk::vk
