#pragma once

#include "pica/state/lut_state.h"
#include "pica/regs/regs.h"
#include "pica/shader/shader_setup.h"

#include <array>
#include <cstdint>

namespace picavk::pica {

// Four float24 components as received through the fixed-attribute FIFO, in x, y, z, w order.
using AttributeValue = std::array<float, 4>;

// Everything the command processor turns command lists into.
struct PicaState {
    static constexpr unsigned kMaxAttributes = 16;
    // Fixed attribute indices 0-11 are stored; 0xF is immediate-mode submission
    // (spec/004 GPUREG_FIXEDATTRIB_INDEX).
    static constexpr unsigned kFixedAttributes = 12;
    static constexpr std::uint32_t kImmediateModeIndex = 0xF;

    Regs regs;
    LutState luts;
    ShaderSetup vs;
    ShaderSetup gs;
    std::array<AttributeValue, kMaxAttributes> fixed_attributes{};

    // Fixed-attribute FIFO: three words make one attribute.
    std::array<std::uint32_t, 3> fixed_words{};
    std::uint8_t fixed_word_count = 0;

    // Immediate-mode vertex being assembled, attribute by attribute.
    std::array<AttributeValue, kMaxAttributes> immediate_vertex{};
    std::uint8_t immediate_attribute = 0;
};

} // namespace picavk::pica
