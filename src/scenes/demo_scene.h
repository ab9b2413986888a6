#pragma once

#include <cstdint>
#include <vector>

namespace picavk::scenes {

// The built-in demo scene: one frame's command list for a textured, lit, fogged, depth-tested cube,
// with everything a configuration-heavy frame carries (vertex program and uniforms, texture
// environment, fog and lighting LUTs, depth/stencil/blend state, vertex arrays, a draw).
// Vertex data lives in FCRAM at kDemoVertexAddress; write_demo_vertices() puts it there.
struct DemoScene {
    static constexpr std::uint32_t kVertexAddress = 0x20100000;
    static constexpr std::uint32_t kColorBufferAddress = 0x18000000;
    static constexpr std::uint32_t kDepthBufferAddress = 0x18060000;
    static constexpr std::uint32_t kTextureAddress = 0x18100000;
    static constexpr std::uint32_t kVertexCount = 36;
    // position xyz, texcoord uv, normal quaternion xyzw, view xyz (floats)
    static constexpr std::uint32_t kVertexStride = 12 * 4;

    std::vector<std::uint32_t> commands;
    static constexpr std::uint32_t kCommandListAddress = 0x20200000;
    static constexpr std::uint32_t kTopFramebufferAddress = 0x18300000;    // 240x400 RGB8, linear
    static constexpr std::uint32_t kBottomFramebufferAddress = 0x18360000; // 240x320 RGB8, linear

    std::vector<std::uint8_t> vertex_data;  // to be copied to kVertexAddress
    std::vector<std::uint8_t> texture_data; // to be copied to kTextureAddress (64x64 RGBA8, tiled)
};

// Flat: the same cube, depth test and targets with the cheapest fragment work the texture
// environment can ask for (one constant colour: no texture, lighting, fog or blending). It
// measures what the host's rasterizer costs beyond the shading (BM_RendererDemoScale).
enum class DemoLook : std::uint8_t { Full, Flat };

DemoScene build_demo_scene(float angle_radians = 0.6f, DemoLook look = DemoLook::Full);

// The demo's vertex program (a 4x4 transform; colour, texcoord, normal quaternion and view
// pass-through), hand-encoded.
const std::vector<std::uint32_t>& demo_vertex_program();
const std::vector<std::uint32_t>& demo_vertex_opdescs();

} // namespace picavk::scenes
