#version 450
// A memory fill of an RGBA8 colour surface's rows as a compute pass, for devices whose raster
// units are few (HostProfile::few_raster_units), where a clear runs at their pixel rate: every
// pixel of the area gets the word (the four bytes of the host pixel, R lowest) through the
// image's r32ui storage view. Four pixels of a row per invocation.
layout(local_size_x = 64) in;
layout(set = 0, binding = 0, r32ui) uniform writeonly uimage2D target;
layout(push_constant) uniform Params {
    ivec4 area; // x, y, width, height (scaled pixels)
    uint word;
} p;

void main() {
    const int y = p.area.y + int(gl_GlobalInvocationID.y);
    const int x0 = p.area.x + 4 * int(gl_GlobalInvocationID.x);
    if (y >= p.area.y + p.area.w) return;
    for (int i = 0; i < 4; ++i)
        if (x0 + i < p.area.x + p.area.z) imageStore(target, ivec2(x0 + i, y), uvec4(p.word));
}
