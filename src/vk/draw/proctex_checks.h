#pragma once

// What a draw's procedural-texture state asks for that the documentation leaves undefined: said
// with counted warnings, once per draw, naming the value and what picavk does with it (the
// choices are docs/research/proctex.md's suggestions, folded into the key by
// shadergen::build_proctex_config and evaluated by the shader).

#include "pica/diagnostics.h"
#include "pica/regs/regs.h"
#include "shadergen/fragment_config.h"

namespace picavk::vk {

// For a draw whose texture environment reads texture 3 with the unit on: colour-LUT levels that
// run past entry 255, a zero width, and undocumented clamp, shift, function, filter or
// coordinate values.
void warn_proctex_state(const pica::Regs& regs, const shadergen::FragmentConfig& key,
                        pica::Diagnostics& diag);

} // namespace picavk::vk
