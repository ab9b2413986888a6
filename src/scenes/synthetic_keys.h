#pragma once

// A key list of `n` distinct pipeline keys whose fragment shaders are all different texture
// environments (shadergen/key_list.h format): shader compiles to measure (BM_PrecompileShaders)
// and a long precompile run to interrupt (tests/precompile). Key i for i < 50 varies stage 0's
// combiners and sources; beyond that stages 1-5 take the further decimal digits of i / 50.

#include <cstddef>
#include <cstdint>
#include <vector>

namespace picavk::scenes {

std::vector<std::uint8_t> synthetic_key_list(std::size_t n);

} // namespace picavk::scenes
