#version 450
#extension GL_GOOGLE_include_directive : require
// Bicubic texture filter: each output pixel the cubic B-spline interpolation of the sixteen
// source texels around it (the "bicubic" filter of Citra and Azahar: bicubic.frag's cubic()
// weights are the B-spline's, there taken as four bilinear samples).
#include "texture_filter.glsl"

void main() {
    result = bicubic(source_position(), false);
}
