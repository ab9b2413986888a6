#pragma once

// GLSL -> SPIR-V with glslang (Vulkan 1.3 target). Errors come back as text, never thrown past
// the caller: a generated shader that fails to compile is a bug the caller reports.

#include <cstdint>
#include <string>
#include <vector>

namespace picavk::shadergen {

enum class ShaderStage : std::uint8_t { Vertex, Fragment, Compute, Geometry };

struct SpirvResult {
    std::vector<std::uint32_t> code; // empty on failure
    std::string log;
    bool ok() const { return !code.empty(); }
};

SpirvResult compile_glsl(ShaderStage stage, const std::string& source);

} // namespace picavk::shadergen
