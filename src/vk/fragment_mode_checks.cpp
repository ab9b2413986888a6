#include "vk/fragment_mode_checks.h"

#include "pica/regs/reg_ids.h"

namespace picavk::vk {

using namespace pica;

void warn_fragment_modes(const Regs& regs, Diagnostics& diag) {
    const std::uint32_t mode = regs[GPUREG_COLOR_OPERATION] & 3;
    if (mode == 1 || mode == 3) {
        diag.warn(Warning::UnsupportedFeature, [mode] {
            return std::string(mode == 1 ? "gas accumulation" : "shadow-map writing") +
                   " (COLOR_OPERATION fragment mode " + std::to_string(mode) +
                   ") is not rendered yet; drawn as the default mode";
        });
    }
    if ((regs[GPUREG_TEXENV_UPDATE_BUFFER] & 7) == 7) {
        diag.warn(Warning::UnsupportedFeature, [] {
            return std::string("gas shading (fog mode 7) is not rendered yet; drawn without fog");
        });
    }
}

} // namespace picavk::vk
