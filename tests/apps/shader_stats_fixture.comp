#version 450
// picavk-shader-stats' test fixture: one binding of each kind its reflection turns into a
// descriptor type (the compute rasteriser's shaders use all of them), two blocks aliasing one
// binding (its bins and set-up records: one descriptor), and push constants.
layout(local_size_x = 64) in;
layout(set = 0, binding = 0, std140) uniform Block { vec4 scale; } block;
layout(set = 0, binding = 1) uniform sampler2D image_in;
layout(set = 0, binding = 4) uniform usamplerBuffer table;
layout(set = 1, binding = 0, std430) buffer Words { uint words[]; };
layout(set = 1, binding = 0, std430) readonly buffer Quads { uvec4 quads[]; };
layout(set = 1, binding = 2, r32ui) uniform uimage2D target;
layout(push_constant) uniform Constants { uvec4 area; } pc;
void main() {
    uint i = gl_GlobalInvocationID.x;
    vec4 c = textureLod(image_in, vec2(float(i) / 64.0, 0.5), 0.0) * block.scale;
    uint t = texelFetch(table, int(i & 255u)).r;
    words[i] = packUnorm4x8(c) ^ t ^ pc.area.x ^ quads[i >> 2].y;
    imageStore(target, ivec2(int(i), 0), uvec4(words[i]));
}
