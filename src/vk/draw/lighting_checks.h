#pragma once

// What a draw's lighting state asks for that picavk cannot honour, or that is bad input the
// key and uniforms already replaced: said once per draw with counted warnings.

#include "pica/diagnostics.h"
#include "pica/regs/regs.h"
#include "shadergen/fragment_config.h"

namespace picavk::vk {

// Counted warnings for a draw whose texture environment reads the lighting colours: the two
// enable registers disagreeing, a permutation naming
// one light twice, shadow attenuation (its own issue; reads 1 until then).
void warn_lighting_state(const pica::Regs& regs, const shadergen::FragmentConfig& key,
                         pica::Diagnostics& diag);

} // namespace picavk::vk
