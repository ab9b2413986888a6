#version 450
#extension GL_GOOGLE_include_directive : require
// The display transfer (display_transfer.frag) as a compute pass, for devices whose raster
// units are few (HostProfile::few_raster_units): the same pixel, written to the destination's
// r32ui storage view (an RGBA8 host image: the word is its four bytes, R lowest).
//
// Each channel's conversions depend on its value alone, so the workgroup first tabulates them
// (guest_channel for every host value, dest_channel for every average, as the bytes the
// storage word takes), then converts pixels by lookups: computed per pixel they made the pass
// ALU-bound, 0.12 ms for a 3200x1920 RGBA8 transfer on an H200 (about 400 GB/s). A workgroup
// converts 16 x 64 pixels, each invocation four of a column, 16 rows apart.
#include "display_transfer.glsl"

layout(local_size_x = 16, local_size_y = 16) in;
layout(set = 0, binding = 1, r32ui) uniform writeonly uimage2D target;

shared uint to_guest[4][256]; // [channel][host value]: the 8-bit guest value
shared uint to_dest[4][256];  // [channel][average]: the destination byte

void main() {
    const uint t = gl_LocalInvocationIndex; // 0 to 255
    for (int c = 0; c < 4; ++c) {
        to_guest[c][t] = guest_channel(t, c);
        to_dest[c][t] = packUnorm4x8(vec4(dest_channel(t, c), 0.0, 0.0, 0.0)) & 0xFFu;
    }
    barrier();
    const ivec2 size = imageSize(target);
    const int x = int(gl_GlobalInvocationID.x);
    if (x >= size.x) return;
    const int kx = p.geometry.y, ky = p.geometry.z;
    const uint samples = uint(kx * ky);
    const int y0 = int(gl_WorkGroupID.y) * 64 + int(gl_LocalInvocationID.y);
    if (samples == 1u) {
        // No downscale (the usual case): the four texels fetched before any is converted, so
        // that their reads are in flight together.
        uvec4 raw[4];
        for (int r = 0; r < 4; ++r)
            raw[r] = host_texel(source_texel(ivec2(x, min(y0 + 16 * r, size.y - 1)), 0, 0));
        for (int r = 0; r < 4; ++r) {
            const ivec2 at = ivec2(x, y0 + 16 * r);
            if (at.y >= size.y) break;
            uint word = 0u;
            for (int c = 0; c < 4; ++c)
                word |= to_dest[c][to_guest[c][raw[r][c]]] << (8 * c);
            imageStore(target, at, uvec4(word));
        }
        return;
    }
    for (int r = 0; r < 4; ++r) {
        const ivec2 at = ivec2(x, y0 + 16 * r);
        if (at.y >= size.y) break;
        uvec4 sum = uvec4(0);
        for (int j = 0; j < ky; ++j)
            for (int i = 0; i < kx; ++i) {
                const uvec4 raw = host_texel(source_texel(at, i, j));
                for (int c = 0; c < 4; ++c)
                    sum[c] += to_guest[c][raw[c]];
            }
        const uvec4 avg = sum / samples;
        uint word = 0u;
        for (int c = 0; c < 4; ++c)
            word |= to_dest[c][avg[c]] << (8 * c);
        imageStore(target, at, uvec4(word));
    }
}
