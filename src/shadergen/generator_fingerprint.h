#pragma once

// The shader generator's fingerprint: a hash of every source file in src/shadergen, made at build
// time (cmake/source_fingerprint.cmake). The SPIR-V disk caches carry it in their host profile,
// so a cache written by another version of the generator - whose shaders may read other
// bindings, push constants or vertex layouts - is never loaded (its file name differs too), even
// where the key layouts match.

namespace picavk::shadergen {

// 16 hex digits.
const char* generator_fingerprint();

} // namespace picavk::shadergen
