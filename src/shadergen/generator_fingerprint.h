#pragma once

// The shader generator's fingerprint: a hash of every source file in src/shadergen and of the
// src/pica headers it reads (shader programs, registers, vertex layout), made at build time
// (cmake/source_fingerprint.cmake; the file list in src/CMakeLists.txt). The SPIR-V disk caches
// carry it in their headers, so a cache written by another version of the generator - whose
// shaders may read other bindings, push constants or vertex layouts - is refused and written
// over (BasicShaderDiskCache), even where the key layouts match.

namespace picavk::shadergen {

// 16 hex digits.
const char* generator_fingerprint();

} // namespace picavk::shadergen
