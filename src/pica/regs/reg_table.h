#pragma once

#include <cstdint>

namespace picavk::pica {

// The register file is 0x300 words wide; command headers can name IDs up to 0xFFFF.
inline constexpr std::uint32_t kRegCount = 0x300;

enum class FieldKind : std::uint8_t { Unsigned, Signed, Float, Fixed, Constant };

// One bit field of a register as the reference documents it. Arrays of these end with a
// field whose name is null.
struct RegField {
    const char* name;
    std::uint8_t lo;
    std::uint8_t width;
    FieldKind kind;
    const char* format; // "float1.7.16", "fixed1.4.8", ... for Float and Fixed
};

struct RegInfo {
    const char* name;       // GPUREG_* name, or GPUREG_xxxx for unnamed IDs; null past 0x2FF
    const RegField* fields; // documented layout (may be empty)
    bool documented;        // false for IDs the reference lists without a name or meaning
};

// Name and layout of a register ID; IDs >= kRegCount give a null name.
const RegInfo& reg_info(std::uint32_t id);

} // namespace picavk::pica
