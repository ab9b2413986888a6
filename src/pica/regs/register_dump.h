#pragma once

#include "pica/regs/regs.h"

#include <string>

namespace picavk::pica {

// Human-readable register state: one line per register (name, ID, raw value) followed by its
// documented fields decoded (unsigned, signed, float and fixed-point values).
// With only_nonzero, registers holding 0 are left out.
std::string dump_registers(const Regs& regs, bool only_nonzero = true);

// One register's line and fields, as dump_registers prints it.
std::string describe_register(std::uint32_t id, std::uint32_t value);

} // namespace picavk::pica
