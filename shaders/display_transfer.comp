#version 450
#extension GL_GOOGLE_include_directive : require
// The display transfer (display_transfer.frag) as a compute pass, for devices whose raster
// units are few (HostProfile::few_raster_units): the same pixel, written to the destination's
// r32ui storage view (an RGBA8 host image: the word is its four bytes, R lowest).
#include "display_transfer.glsl"

layout(local_size_x = 16, local_size_y = 16) in;
layout(set = 0, binding = 1, r32ui) uniform writeonly uimage2D target;

void main() {
    const ivec2 at = ivec2(gl_GlobalInvocationID.xy);
    if (any(greaterThanEqual(at, imageSize(target)))) return;
    imageStore(target, at, uvec4(packUnorm4x8(display_transfer_pixel(at))));
}
