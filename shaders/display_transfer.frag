#version 450
#extension GL_GOOGLE_include_directive : require
// The display transfer between two cached colour surfaces at the resolution scale
// (src/vk/surface/transfer_blitter.cpp). Bit-exact with the CPU path
// (pica/transfer/transfer_engine.cpp) at scale 1, and at every guest pixel centre of an odd scale:
//  - source texels are quantised to the source's guest format and expanded to 8 bits by bit
//    replication (what decoding guest bytes gives);
//  - 2x1 and 2x2 downscales average with truncation (hwtests displaytransfer.cpp), taking from
//    each source guest pixel the sample at the same position inside it, so the sample at a
//    guest pixel's centre averages the centres;
//  - the output is truncated to the destination's guest format (0xFF next to 0x00 gives 0x7F;
//    RGBA4 0xF000 gives RGB5A1 0xF800) and written exactly into the host format.
#include "display_transfer.glsl"

layout(location = 0) out vec4 result;

void main() {
    result = display_transfer_pixel(ivec2(gl_FragCoord.xy));
}
