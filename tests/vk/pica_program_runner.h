#pragma once

// Runs a translated PICA program (shadergen/pica_program_glsl.h) on the Vulkan device as a
// compute shader, one invocation per input set, for the differential test against the
// interpreter: the translation is the same code the vertex shader wrapper runs.

#include "pica/shader/shader_interpreter.h"

#include <array>
#include <memory>
#include <span>
#include <string>
#include <vector>

namespace picavk::test {

struct PicaRunOutput {
    std::array<pica::Vec4, 16> o{};
    std::uint32_t fault = 0; // pica::ShaderFault
};

class PicaProgramRunner {
  public:
    PicaProgramRunner(); // lavapipe or the first device, validation on
    ~PicaProgramRunner();
    // The device keeps inf, NaN and -0 through optimisation on request (translate with it).
    bool preserves_nan() const;
    // `header` and `program_glsl`: a translation's two parts. Empty with `error` set when the
    // GLSL does not compile.
    std::vector<PicaRunOutput> run(const std::string& header, const std::string& program_glsl,
                                   const pica::ShaderUniforms& uniforms,
                                   std::span<const std::array<pica::Vec4, 16>> inputs,
                                   std::string& error);
    std::uint64_t validation_messages() const;

  private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

} // namespace picavk::test
