#include "pica/geometry/gpu_vertex_draw.h"

namespace picavk::pica {

const char* vertex_fallback_name(VertexFallback f) {
    switch (f) {
    case VertexFallback::GeometryShader:
        return "geometry shader";
    case VertexFallback::ImmediateMode:
        return "immediate mode";
    case VertexFallback::CarriedPrimitive:
        return "primitive carried from the previous draw";
    case VertexFallback::Compiling:
        return "vertex program compiling";
    case VertexFallback::ProgramRefused:
        return "program refused by the translator";
    case VertexFallback::VertexFetch:
        return "attribute layout the host cannot fetch";
    case VertexFallback::NoQuaternionFlip:
        return "lit draw without geometry shaders";
    case VertexFallback::SmallDraw:
        return "small draw";
    case VertexFallback::Count:
        break;
    }
    return "?";
}

} // namespace picavk::pica
