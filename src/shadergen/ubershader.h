#pragma once

// The ubershader: one fragment shader that interprets a FragmentConfig at run time, from push
// constants, so a draw with a new configuration renders at once while its specialised shader
// compiles in the background (DESIGN.md "Never block a draw on a compile"). It covers the
// common configurations (procedural textures, shadow 2D textures, lighting's shadow attenuation
// and gas shading included); cube maps and shadow cubes, projection, shadow-mode writes, gas
// accumulation and emulated logic ops wait for the specialised shader. Its results equal the
// specialised shader's (both are checked against tests/oracle).

#include "shadergen/fragment_config.h"

#include <cstdint>
#include <string>

namespace picavk::shadergen {

// Push-constant block (std430, fragment stage), mirrored in the GLSL.
// At most 128 bytes: the push-constant size every Vulkan device guarantees.
struct UberConfig {
    std::uint32_t stages[6][3]; // sources, operands, combiners | scales << 4
    std::uint32_t buffer_update;
    std::uint32_t flags;            // see uber_config()
    std::uint32_t lighting;         // see uber_config()
    std::uint32_t lighting_luts[2]; // a byte per LUT (LightingLut order)
    std::uint32_t lights[4];        // 16 bits per slot
    std::uint32_t proctex;          // fragment::proctex_config_word
    std::uint32_t shadow_gas;       // see uber_config()
};
static_assert(sizeof(UberConfig) == 116);

bool ubershader_covers(const FragmentConfig& c);
UberConfig uber_config(const FragmentConfig& c);
std::string generate_ubershader_glsl();

} // namespace picavk::shadergen
