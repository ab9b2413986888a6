#pragma once

// GLSL (Vulkan dialect, #version 450) for the PICA pipeline: the fixed vertex stage that passes
// the geometry stage's output vertices on, and a fragment shader generated from a FragmentConfig.
// The interface both sides and the host share is fixed here.

#include "shadergen/fragment_config.h"

#include <string>

namespace picavk::shadergen {

// Host vertex layout: the geometry stage's OutputVertex (24 floats by semantic) as six vec4s.
// Float 17, which no semantic uses, carries the vertex's draw number within its host draw.
inline constexpr unsigned kVertexStride = 24 * 4;
inline constexpr unsigned kVertexAttributes = 6;
inline constexpr unsigned kVertexDrawSlot = 17;

// Fragment uniforms of one draw: an entry of the uniform buffer at set 0 binding 0 (an std140
// array of kMaxMergedDraws entries, indexed by the draw number), mirrored by FragmentUniforms.
// 64 entries fill 16 KiB, the uniform range every Vulkan device offers.
inline constexpr unsigned kMaxMergedDraws = 64;
struct FragmentUniforms {
    float const_color[6][4];
    float buffer_color[4];
    float scissor_rect[4]; // host pixels x0, y0, x1, y1 (exclusive): "outside" mode discards in it
    float depth_map[4];    // DEPTHMAP_SCALE, DEPTHMAP_OFFSET
    float alpha_ref[4];    // reference / 255
    float fog_color[4];    // FOG_COLOR, RGB
    float clip_plane[4];   // FRAGOP_CLIP_DATA0-3
    float border_color[3][4]; // TEXUNITi_BORDER_COLOR (shader-emulated clamp-to-border)
    // FRAGOP_SHADOW's constant and linear halves (shadow-mode writes), TEXUNIT0_SHADOW's 24-bit
    // bias (shadow sampling; an integer below 2^24, exact as a float), unused.
    float shadow[4];
};
static_assert(sizeof(FragmentUniforms) == 16 * 16);

inline constexpr unsigned kTextureBindingFirst = 1;    // units 0-2 at bindings 1-3
inline constexpr unsigned kFramebufferCopyBinding = 5; // the colour target before the draw
// Shadow mode and gas accumulation: the target as r32ui storage.
inline constexpr unsigned kShadowBufferBinding = 7;
inline constexpr unsigned kGasDepthBinding = 8; // gas accumulation: the depth buffer, sampled

std::string generate_vertex_glsl();
// The varyings between the vertex and fragment stages, with `qualifier` "in" or "out" (the GPU
// vertex path's shaders write the same ones, vertex_program.h).
std::string varyings_glsl(const char* qualifier);
// Pieces every fragment shader shares: the interface and uniform block, the 8-bit helpers and
// Dot3. The fixed-function blocks are in fragment/ (blocks.h).
// `color_output`: the shader writes o_color (shadow-mode shaders write a storage image).
std::string fragment_interface(bool color_output = true);
// The fragment uniform block (set 0 binding 0) and `u`, this fragment's entry in it.
std::string fragment_uniforms_glsl();
std::string fragment_helpers();
std::string generate_fragment_glsl(const FragmentConfig& config);
// A fragment shader's parts, for the compute rasteriser that wraps them (compute_raster.h): the
// declarations between the interface and main(), and main()'s statements up to the depth (the
// colour then in `previous`, before fog, logic op and storage writes).
std::string fragment_declarations(const FragmentConfig& config);
std::string fragment_main_body(const FragmentConfig& config);

} // namespace picavk::shadergen
