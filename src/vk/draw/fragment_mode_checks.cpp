#include "vk/draw/fragment_mode_checks.h"

#include "pica/regs/number_formats.h"
#include "pica/regs/reg_ids.h"

#include <cmath>

namespace picavk::vk {

using namespace pica;

void warn_fragment_modes(const Regs& regs, bool samples_shadow_texture, Diagnostics& diag) {
    const std::uint32_t mode = regs[GPUREG_COLOR_OPERATION] & 3;
    if ((mode == 1 || mode == 3) && (regs[GPUREG_COLORBUFFER_FORMAT] >> 16 & 7) != 0) {
        diag.warn(Warning::InvalidDrawConfig, [&] {
            return std::string(mode == 3 ? "shadow-mode" : "gas accumulation") +
                   " colour buffer of format " +
                   std::to_string(regs[GPUREG_COLORBUFFER_FORMAT] >> 16 & 7) +
                   " (not RGBA8); written as RGBA8 " +
                   (mode == 3 ? "shadow texels" : "density texels");
        });
    }
    if (samples_shadow_texture && (regs[GPUREG_TEXUNIT0_TYPE] & 0xF) != 0) {
        diag.warn(Warning::InvalidTexture, [&] {
            return "shadow texture of format " + std::to_string(regs[GPUREG_TEXUNIT0_TYPE] & 0xF) +
                   " (not RGBA8); its decoded texels read as R = intensity, A:B:G = depth";
        });
    }
    // Gas shading normalises by ACCMAX and scales the opacity by ATTENUATION (float16).
    if (mode != 1 && mode != 3 && (regs[GPUREG_TEXENV_UPDATE_BUFFER] & 7) == 7) {
        for (std::uint32_t id : {GPUREG_GAS_ACCMAX, GPUREG_GAS_ATTENUATION}) {
            if (std::isfinite(f16_to_float(regs[id] & 0xFFFF))) continue;
            diag.warn(Warning::InvalidDrawConfig, [&] {
                return "gas register " + hex_string(id) + " holds a NaN or infinite float16 (" +
                       hex_string(regs[id] & 0xFFFF) +
                       "); densities it scales read as 0 (NaN) or saturate (infinity)";
            });
        }
    }
}

} // namespace picavk::vk
