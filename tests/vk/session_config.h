#pragma once

// The configuration presentation tests give a Session: rendering on, the validation layer on,
// shaders compiled before drawing, at `scale`.

#include "picavk/session.h"

namespace picavk::test {

inline RendererConfig session_config(std::uint32_t scale) {
    RendererConfig c;
    c.enabled = true;
    c.scale = scale;
    c.validation = true;
    c.shader_compile = ShaderCompile::Sync;
    return c;
}

} // namespace picavk::test
