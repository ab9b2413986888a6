#pragma once

// Counted warnings about the fragment modes: gas (not rendered yet), and shadow maps whose
// formats the documentation does not cover (docs/research/shadow.md 6), so that an embedder sees
// why a picture differs.

#include "pica/diagnostics.h"
#include "pica/regs/regs.h"

namespace picavk::vk {

// COLOR_OPERATION bits 0-1 = 1 (gas accumulation, docs/research/gas.md) and fog mode 7 (gas
// shading, spec 002 TEXENV_UPDATE_BUFFER): drawn as the default mode and without fog until the
// gas passes land. Shadow mode (3) with a colour buffer format other than RGBA8: written as RGBA8
// (4 bytes per pixel, as Azahar does). A shadow texture (unit 0 type 2 or 4) read by the draw
// whose format is not RGBA8: decoded, then read as R = intensity, A:B:G = depth (Azahar).
void warn_fragment_modes(const pica::Regs& regs, bool samples_shadow_texture,
                         pica::Diagnostics& diag);

} // namespace picavk::vk
