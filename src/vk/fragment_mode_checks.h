#pragma once

// Fragment modes picavk does not render yet (shadow-map writes, gas), said with counted
// warnings so that an embedder sees why a picture is missing them.

#include "pica/diagnostics.h"
#include "pica/regs/regs.h"

namespace picavk::vk {

// COLOR_OPERATION bits 0-1 (1 gas accumulation, 3 shadow: docs/research/gas.md, shadow.md) and
// fog mode 7 (gas shading, spec 002 TEXENV_UPDATE_BUFFER): drawn as the default mode and
// without fog until the shadow and gas passes land.
void warn_fragment_modes(const pica::Regs& regs, pica::Diagnostics& diag);

} // namespace picavk::vk
