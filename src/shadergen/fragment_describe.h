#pragma once

// A fragment configuration in words, field by field (picavk-precompile --inspect): the texture
// environment stages as equations, texturing, fog, gas, shadows, lighting, procedural texture,
// per-fragment operations. Names follow spec 004 (TEXENVi_SOURCE/OPERAND/COMBINER).

#include "shadergen/fragment_config.h"

#include <string>

namespace picavk::shadergen {

std::string describe(const FragmentConfig& c);

} // namespace picavk::shadergen
