#pragma once

#include <array>
#include <cstdint>

namespace picavk::pica {

// What one shader unit (vertex or geometry) has been given through its upload FIFOs. Bool and
// int uniforms, entry point, permutation and output mask live in the register file.
struct ShaderSetup {
    // Code memory is addressed by the 12-bit GPUREG_*SH*_CODETRANSFER_INDEX.
    static constexpr unsigned kCodeWords = 4096;
    // Instructions select operand descriptors with at most 7 bits (3dbrew Shader Instruction Set).
    static constexpr unsigned kOpDescs = 128;
    // c0-c95 (spec/004 GPUREG_*SH*_FLOATUNIFORM_INDEX).
    static constexpr unsigned kFloatUniforms = 96;

    std::array<std::uint32_t, kCodeWords> code{};
    std::array<std::uint32_t, kOpDescs> opdescs{};
    // Stored as float32 holding the float24 value the shader unit sees: float32-mode uploads are
    // rounded to float24 (the unit computes in float1.7.16; see number_formats.h).
    std::array<std::array<float, 4>, kFloatUniforms> float_uniforms{}; // x, y, z, w

    // Bumped on every code/opdesc change and on CODETRANSFER_END, so caches keyed by program
    // can tell cheaply that nothing changed.
    std::uint64_t program_version = 0;
    // Bumped on every float-uniform write, so a shader unit refreshes its copy only when they
    // changed (GeometryPipeline::Unit::load).
    std::uint64_t float_uniforms_version = 0;

    // Upload FIFO state that is not visible in a register.
    std::array<std::uint32_t, 4> float_words{}; // words received for the current uniform
    std::uint8_t float_word_count = 0;
};

} // namespace picavk::pica
