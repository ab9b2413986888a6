#include "vk/draw/lighting_checks.h"

#include "pica/regs/reg_ids.h"

namespace picavk::vk {

using namespace pica;

void warn_lighting_state(const Regs& regs, const shadergen::FragmentConfig& key,
                         Diagnostics& diag) {
    // Programs that never light leave both registers at 0; only a draw that reads the
    // fragment colours depends on which register decides.
    if (!shadergen::reads_fragment_lighting(key)) return;
    const shadergen::LightingConfig& lighting = key.lighting;
    const bool enable0 = regs[GPUREG_LIGHTING_ENABLE0] & 1;
    if (enable0 != (lighting.enabled != 0)) {
        diag.warn(Warning::InvalidDrawConfig, [&] {
            return "LIGHTING_ENABLE0 (0x8F) = " + hex_string(regs[GPUREG_LIGHTING_ENABLE0]) +
                   " says lighting is " + (enable0 ? "on" : "off") +
                   " but LIGHTING_ENABLE1 (0x1C6) = " + hex_string(regs[GPUREG_LIGHTING_ENABLE1]) +
                   " says " + (lighting.enabled ? "on" : "off") + "; 0x1C6 decides (as Azahar)";
        });
    }
    if (!lighting.enabled) return;
    unsigned seen = 0;
    for (unsigned s = 0; s < lighting.light_count; ++s) {
        const unsigned bit = 1u << lighting.lights[s].id;
        if (seen & bit) {
            diag.warn(Warning::InvalidDrawConfig, [&] {
                return "LIGHT_PERMUTATION names light " + std::to_string(lighting.lights[s].id) +
                       " in two slots; it is evaluated in both";
            });
        }
        seen |= bit;
    }
}

} // namespace picavk::vk
