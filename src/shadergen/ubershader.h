#pragma once

// The ubershader: one fragment shader that interprets a FragmentConfig at run time, from push
// constants, so a draw with a new configuration renders at once while its specialised shader
// compiles in the background (DESIGN.md "Never block a draw on a compile"). It covers the
// common configurations; cube maps, projection and emulated logic ops wait for the specialised
// shader. Its results equal the specialised shader's (both are checked against tests/oracle).

#include "shadergen/fragment_config.h"

#include <cstdint>
#include <string>

namespace picavk::shadergen {

// Push-constant block (std430, fragment stage), mirrored in the GLSL.
struct UberConfig {
    std::uint32_t stages[6][4]; // sources, operands, combiners, scales
    std::uint32_t buffer_update;
    std::uint32_t flags; // see uber_config()
    std::uint32_t reserved[2];
};
static_assert(sizeof(UberConfig) == 112);

bool ubershader_covers(const FragmentConfig& c);
UberConfig uber_config(const FragmentConfig& c);
std::string generate_ubershader_glsl();

} // namespace picavk::shadergen
