#include "vk/fragment_mode_checks.h"

#include "pica/regs/reg_ids.h"

namespace picavk::vk {

using namespace pica;

void warn_fragment_modes(const Regs& regs, bool samples_shadow_texture, Diagnostics& diag) {
    const std::uint32_t mode = regs[GPUREG_COLOR_OPERATION] & 3;
    if (mode == 1) {
        diag.warn(Warning::UnsupportedFeature, [] {
            return std::string("gas accumulation (COLOR_OPERATION fragment mode 1) is not "
                               "rendered yet; drawn as the default mode");
        });
    }
    if (mode == 3 && (regs[GPUREG_COLORBUFFER_FORMAT] >> 16 & 7) != 0) {
        diag.warn(Warning::InvalidDrawConfig, [&] {
            return "shadow-mode colour buffer of format " +
                   std::to_string(regs[GPUREG_COLORBUFFER_FORMAT] >> 16 & 7) +
                   " (not RGBA8); written as RGBA8 shadow texels";
        });
    }
    if (samples_shadow_texture && (regs[GPUREG_TEXUNIT0_TYPE] & 0xF) != 0) {
        diag.warn(Warning::InvalidTexture, [&] {
            return "shadow texture of format " + std::to_string(regs[GPUREG_TEXUNIT0_TYPE] & 0xF) +
                   " (not RGBA8); its decoded texels read as R = intensity, A:B:G = depth";
        });
    }
    if ((regs[GPUREG_TEXENV_UPDATE_BUFFER] & 7) == 7) {
        diag.warn(Warning::UnsupportedFeature, [] {
            return std::string("gas shading (fog mode 7) is not rendered yet; drawn without fog");
        });
    }
}

} // namespace picavk::vk
