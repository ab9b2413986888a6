#include "scenes/demo_scene.h"

#include "pica/command/command_list_builder.h"
#include "pica/regs/number_formats.h"
#include "pica/regs/reg_views.h"
#include "pica/texture/texture_codec.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>

namespace picavk::scenes {

using namespace pica;

namespace {

// PICA shader instruction words (3dbrew GPU/Shader_Instruction_Set): format 1 puts the opcode in
// bits 26-31, the destination in 21-25, src1 (7 bits, may name a uniform) in 12-18, src2
// (5 bits) in 7-11 and the operand descriptor index in 0-6.
constexpr std::uint32_t kOpDp4 = 0x02, kOpMov = 0x13, kOpEnd = 0x22;
constexpr std::uint32_t format1(std::uint32_t op, std::uint32_t dst, std::uint32_t src1,
                                std::uint32_t src2, std::uint32_t desc) {
    return (op << 26) | (dst << 21) | (src1 << 12) | (src2 << 7) | desc;
}
// Source register numbers: v0-v15 = 0x00-0x0F, r0-r15 = 0x10-0x1F, c0-c95 = 0x20-0x7F.
constexpr std::uint32_t v(std::uint32_t i) {
    return i;
}
constexpr std::uint32_t c(std::uint32_t i) {
    return 0x20 + i;
}
// Operand descriptor: destination mask in bits 0-3 (bit 3 = x), identity swizzles (0x1B: x y z w,
// two bits each, x highest) for src1 (bits 5-12) and src2 (bits 14-21).
constexpr std::uint32_t opdesc(std::uint32_t mask) {
    return mask | (0x1Bu << 5) | (0x1Bu << 14);
}

using Mat4 = std::array<std::array<float, 4>, 4>; // rows

// The model-view part of demo_transform: rotations, then the cube 3 units in front of the eye.
constexpr float kTilt = 0.45f, kDistance = 3.0f;

Mat4 multiply(const Mat4& a, const Mat4& b) {
    Mat4 r{};
    for (int i = 0; i < 4; ++i)
        for (int j = 0; j < 4; ++j)
            for (int k = 0; k < 4; ++k)
                r[i][j] += a[i][k] * b[k][j];
    return r;
}

Mat4 demo_transform(float angle) {
    const float cs = std::cos(angle), sn = std::sin(angle);
    const Mat4 rot_y{{{cs, 0, sn, 0}, {0, 1, 0, 0}, {-sn, 0, cs, 0}, {0, 0, 0, 1}}};
    const float ca = std::cos(kTilt), sa = std::sin(kTilt);
    const Mat4 rot_x{{{1, 0, 0, 0}, {0, ca, -sa, 0}, {0, sa, ca, 0}, {0, 0, 0, 1}}};
    const Mat4 translate{{{1, 0, 0, 0}, {0, 1, 0, 0}, {0, 0, 1, -kDistance}, {0, 0, 0, 1}}};
    // Perspective for the top screen (400x240) in the PICA's conventions: clip z / w runs from
    // -1 at the near plane to 0 at the far plane, so that DEPTHMAP_SCALE = -1 gives depth 1 near
    // and 0 far (citro3d's convention; games clear depth to 0 and test GEQUAL).
    const float near = 0.5f, far = 10.0f, aspect = 400.0f / 240.0f, f = 1.0f / std::tan(0.5f);
    const Mat4 proj{{{f / aspect, 0, 0, 0},
                     {0, f, 0, 0},
                     {0, 0, -near / (far - near), -far * near / (far - near)},
                     {0, 0, -1, 0}}};
    // The LCD is portrait: the 240x400 target is shown rotated, window x running up the screen
    // and window y running right to left (as citro3d's Mtx_PerspTilt arranges).
    const Mat4 tilt{{{0, 1, 0, 0}, {-1, 0, 0, 0}, {0, 0, 1, 0}, {0, 0, 0, 1}}};
    return multiply(tilt, multiply(proj, multiply(translate, multiply(rot_x, rot_y))));
}

// Quaternions (x, y, z, w): the rotation the PICA's lighting reads a surface frame from.
using Quat = std::array<float, 4>;
Quat quat_multiply(const Quat& a, const Quat& b) {
    return {a[3] * b[0] + a[0] * b[3] + a[1] * b[2] - a[2] * b[1],
            a[3] * b[1] - a[0] * b[2] + a[1] * b[3] + a[2] * b[0],
            a[3] * b[2] + a[0] * b[1] - a[1] * b[0] + a[2] * b[3],
            a[3] * b[3] - a[0] * b[0] - a[1] * b[1] - a[2] * b[2]};
}
Quat axis_angle(float x, float y, float z, float angle) {
    const float s = std::sin(angle / 2);
    return {x * s, y * s, z * s, std::cos(angle / 2)};
}

// Each vertex: position, texcoord, the normal quaternion and the view vector in eye space
// (computed here rather than in the vertex program, which stays a plain transform). The
// quaternion rotates (0, 0, 1) onto the face's normal after the model rotation.
std::vector<std::uint8_t> cube_vertices(float angle) {
    static constexpr float kFaces[6][4][3] = {
        {{-1, -1, 1}, {1, -1, 1}, {1, 1, 1}, {-1, 1, 1}},
        {{1, -1, -1}, {-1, -1, -1}, {-1, 1, -1}, {1, 1, -1}},
        {{1, -1, 1}, {1, -1, -1}, {1, 1, -1}, {1, 1, 1}},
        {{-1, -1, -1}, {-1, -1, 1}, {-1, 1, 1}, {-1, 1, -1}},
        {{-1, 1, 1}, {1, 1, 1}, {1, 1, -1}, {-1, 1, -1}},
        {{-1, -1, -1}, {1, -1, -1}, {1, -1, 1}, {-1, -1, 1}},
    };
    // The rotation from +z to each face's outward normal (+z, -z, +x, -x, +y, -y).
    const float half_pi = 1.5707963f;
    const Quat kFaceFrames[6] = {axis_angle(0, 0, 1, 0),        axis_angle(0, 1, 0, 2 * half_pi),
                                 axis_angle(0, 1, 0, half_pi),  axis_angle(0, 1, 0, -half_pi),
                                 axis_angle(1, 0, 0, -half_pi), axis_angle(1, 0, 0, half_pi)};
    const Quat model = quat_multiply(axis_angle(1, 0, 0, kTilt), axis_angle(0, 1, 0, angle));
    const float cy = std::cos(angle), sy = std::sin(angle), cx = std::cos(kTilt),
                sx = std::sin(kTilt);
    static constexpr float kUv[4][2] = {{0, 0}, {1, 0}, {1, 1}, {0, 1}};
    static constexpr int kTri[6] = {0, 1, 2, 0, 2, 3};
    std::vector<std::uint8_t> out;
    for (unsigned f = 0; f < 6; ++f) {
        const Quat q = quat_multiply(model, kFaceFrames[f]);
        for (int k : kTri) {
            const float* p = kFaces[f][k];
            // Eye-space position: rotate about y, then x, then move away; view = -position.
            const float x1 = cy * p[0] + sy * p[2], z1 = -sy * p[0] + cy * p[2];
            const float y2 = cx * p[1] - sx * z1, z2 = sx * p[1] + cx * z1;
            const float vtx[12] = {p[0], p[1], p[2], kUv[k][0], kUv[k][1], q[0],
                                   q[1], q[2], q[3], -x1,       -y2,       kDistance - z2};
            const auto* bytes = reinterpret_cast<const std::uint8_t*>(vtx);
            out.insert(out.end(), bytes, bytes + sizeof vtx);
        }
    }
    return out;
}

} // namespace

const std::vector<std::uint32_t>& demo_vertex_program() {
    static const std::vector<std::uint32_t> code = {
        format1(kOpDp4, 0x0, c(0), v(0), 0), // o0.x = dot(c0, v0)
        format1(kOpDp4, 0x0, c(1), v(0), 1), // o0.y = dot(c1, v0)
        format1(kOpDp4, 0x0, c(2), v(0), 2), // o0.z = dot(c2, v0)
        format1(kOpDp4, 0x0, c(3), v(0), 3), // o0.w = dot(c3, v0)
        format1(kOpMov, 0x1, v(1), 0, 4),    // o1 = v1 (texcoord)
        format1(kOpMov, 0x2, c(4), 0, 4),    // o2 = c4 (colour)
        format1(kOpMov, 0x3, v(2), 0, 4),    // o3 = v2 (normal quaternion)
        format1(kOpMov, 0x4, v(3), 0, 4),    // o4 = v3 (view vector)
        kOpEnd << 26,
    };
    return code;
}

const std::vector<std::uint32_t>& demo_vertex_opdescs() {
    static const std::vector<std::uint32_t> descs = {opdesc(0x8), opdesc(0x4), opdesc(0x2),
                                                     opdesc(0x1), opdesc(0xF)};
    return descs;
}

std::vector<std::uint8_t> demo_texture() {
    // 64x64 RGBA8: an 8x8 checkerboard of warm and cool tiles with a lighter border per tile.
    std::vector<std::uint8_t> rgba(64 * 64 * 4);
    for (std::uint32_t y = 0; y < 64; ++y) {
        for (std::uint32_t x = 0; x < 64; ++x) {
            const bool odd = ((x / 8) ^ (y / 8)) & 1;
            const bool edge = (x % 8 == 0) || (y % 8 == 0);
            std::uint8_t* p = &rgba[(y * 64 + x) * 4];
            p[0] = odd ? 0xE0 : 0x30;
            p[1] = odd ? 0x90 : 0x70;
            p[2] = odd ? 0x40 : 0xD0;
            if (edge) p[0] = p[1] = p[2] = 0xF0;
            p[3] = 0xFF;
        }
    }
    std::vector<std::uint8_t> tiled(rgba.size());
    encode_texture(rgba, tiled, 64, 64, TextureFormat::RGBA8);
    return tiled;
}

DemoScene build_demo_scene(float angle, DemoLook look) {
    DemoScene scene;
    scene.vertex_data = cube_vertices(angle);
    scene.texture_data = demo_texture();
    CommandListBuilder b;

    // Framebuffer: 240x400 RGBA8 colour and D24S8 depth (the top screen, stored rotated).
    b.write(GPUREG_FRAMEBUFFER_INVALIDATE, 1);
    b.write(GPUREG_COLORBUFFER_LOC, DemoScene::kColorBufferAddress >> 3);
    b.write(GPUREG_DEPTHBUFFER_LOC, DemoScene::kDepthBufferAddress >> 3);
    b.write(GPUREG_COLORBUFFER_FORMAT, (0u << 16) | 2u); // RGBA8, 32-bit pixels
    b.write(GPUREG_DEPTHBUFFER_FORMAT, 3);               // D24S8
    const std::uint32_t dim = 240u | ((400u - 1) << 12) | (1u << 24);
    b.write(GPUREG_FRAMEBUFFER_DIM, dim);
    b.write(GPUREG_RENDERBUF_DIM, dim);
    b.write(GPUREG_COLORBUFFER_READ, 0xF);
    b.write(GPUREG_COLORBUFFER_WRITE, 0xF);
    b.write(GPUREG_DEPTHBUFFER_READ, 0x3);
    b.write(GPUREG_DEPTHBUFFER_WRITE, 0x3);

    // Rasterizer: viewport, culling, depth map.
    b.write(GPUREG_VIEWPORT_WIDTH, float_to_f24(240.0f / 2));
    b.write(GPUREG_VIEWPORT_INVW, float_to_f31(2.0f / 240) << 1);
    b.write(GPUREG_VIEWPORT_HEIGHT, float_to_f24(400.0f / 2));
    b.write(GPUREG_VIEWPORT_INVH, float_to_f31(2.0f / 400) << 1);
    b.write(GPUREG_VIEWPORT_XY, 0);
    reg::FACECULLING_CONFIG cull;
    cull.set_culling_mode(2); // back faces, counter-clockwise front
    b.write(cull);
    b.write(GPUREG_DEPTHMAP_ENABLE, 1);
    b.write(GPUREG_DEPTHMAP_SCALE, float_to_f24(-1.0f));
    b.write(GPUREG_DEPTHMAP_OFFSET, float_to_f24(0.0f));
    b.write(GPUREG_SCISSORTEST_MODE, 0);

    // Per-fragment operations: depth test GREATER-OR-EQUAL with writes, all colour channels.
    reg::DEPTH_COLOR_MASK depth;
    depth.set_depth_test_enabled(1);
    depth.set_depth_function(7);
    depth.set_red_write_enabled(1);
    depth.set_green_write_enabled(1);
    depth.set_blue_write_enabled(1);
    depth.set_alpha_write_enabled(1);
    depth.set_depth_write_enabled(1);
    b.write(depth);
    b.write(GPUREG_COLOR_OPERATION, 0x00E40100); // blend mode, default fragment op
    b.write(GPUREG_BLEND_FUNC, 0x76760000);      // src alpha, one minus src alpha, add
    b.write(GPUREG_FRAGOP_ALPHA_TEST, 0);
    b.write(GPUREG_STENCIL_TEST, 0);

    // Texture unit 0: 64x64 RGBA8, linear filtering, repeat.
    b.write(GPUREG_TEXUNIT_CONFIG, 0x1 | (1u << 12) | (1u << 16));
    b.write(GPUREG_TEXUNIT0_DIM, 64u | (64u << 16));
    b.write(GPUREG_TEXUNIT0_PARAM, (1u << 1) | (1u << 2) | (2u << 8) | (2u << 12));
    b.write(GPUREG_TEXUNIT0_ADDR1, DemoScene::kTextureAddress >> 3);
    b.write(GPUREG_TEXUNIT0_TYPE, 0);
    b.write(GPUREG_TEXUNIT0_BORDER_COLOR, 0xFF000000);

    // Texture environment: stage 0 = texture0 * fragment primary colour (lit diffuse), stage 1
    // adds the fragment secondary colour (the highlight); stages 2-5 pass through. Alpha is the
    // texture's.
    const std::array<std::uint32_t, 5> stage0 = {
        0x00030013u, // sources: RGB texture0, fragment primary; alpha texture0
        0,           // operands: colour / alpha
        0x00000001u, // combine: RGB modulate, alpha replace
        0xFFFFFFFFu, // constant colour
        0,           // scale 1x
    };
    b.write_consecutive(GPUREG_TEXENV0_SOURCE, stage0);
    const std::array<std::uint32_t, 5> stage1 = {
        0x000F002Fu,                    // sources: RGB previous, fragment secondary; alpha previous
        0,           0x00000002u, 0, 0, // RGB add, alpha replace
    };
    b.write_consecutive(GPUREG_TEXENV1_SOURCE, stage1);
    static constexpr std::uint32_t kStageIds[4] = {GPUREG_TEXENV2_SOURCE, GPUREG_TEXENV3_SOURCE,
                                                   GPUREG_TEXENV4_SOURCE, GPUREG_TEXENV5_SOURCE};
    const std::array<std::uint32_t, 5> passthrough = {0x000F000Fu, 0, 0, 0, 0};
    for (std::uint32_t id : kStageIds)
        b.write_consecutive(id, passthrough);
    b.write(GPUREG_TEXENV_BUFFER_COLOR, 0);

    // Fog: mode 5 (fog), blue-grey colour. The cube spans depth ~0.08-0.21 (near = 1, far =
    // 0): the factor ramps from full fog at depth 0.0625 to none at 0.22, so its far side fades.
    b.write(GPUREG_TEXENV_UPDATE_BUFFER, 5);
    b.write(GPUREG_FOG_COLOR, 0x00806040);
    auto factor = [](int i) {
        return std::clamp((static_cast<float>(i) - 8.0f) / 20.0f, 0.0f, 1.0f);
    };
    std::array<std::uint32_t, 128> fog{};
    for (int i = 0; i < 128; ++i) {
        // Entry: value (fixed0.0.11) in bits 13-23, difference to the next (fixed1.1.11) in 0-12.
        const auto val = static_cast<std::uint32_t>(std::lround(factor(i) * 2047.0f));
        const std::uint32_t diff = Fixed1_1_11::encode(factor(i + 1) - factor(i));
        fog[static_cast<unsigned>(i)] = (val << 13) | diff;
    }
    b.upload_fog_lut(fog);

    // Fragment lighting, written as citro3d writes it: one positional light up and to the right
    // of the eye, diffuse plus a specular highlight (D0 on N.H, absolute input), with distance
    // attenuation (DA), clamped highlights, configuration 0 (D0, RR, SP, DA).
    b.write(GPUREG_LIGHTING_ENABLE0, 1);
    b.write(GPUREG_LIGHTING_ENABLE1, 0);
    auto color10 = [](float r, float g, float bl) {
        auto c8 = [](float v) { return static_cast<std::uint32_t>(std::lround(v * 255.0f)); };
        return c8(r) << 20 | c8(g) << 10 | c8(bl);
    };
    b.write(GPUREG_LIGHTING_AMBIENT, color10(0.22f, 0.22f, 0.26f));
    b.write(GPUREG_LIGHTING_NUM_LIGHTS, 0); // one light
    b.write(GPUREG_LIGHTING_CONFIG0, (0u << 4) | (1u << 27));
    // CONFIG1: 1 disables. D0 (16) and light 0's distance attenuation (24) on; shadows, spots,
    // D1, FR, RB, RG, RR and the other lights' attenuation off.
    b.write(GPUREG_LIGHTING_CONFIG1, 0xFFFFFFFFu & ~(1u << 16) & ~(1u << 24));
    b.write(GPUREG_LIGHTING_LUTINPUT_ABS, 0x2222222u & ~0x2u); // D0 absolute, the rest signed
    b.write(GPUREG_LIGHTING_LUTINPUT_SELECT, 0x0u);            // D0: N.H
    b.write(GPUREG_LIGHTING_LUTINPUT_SCALE, 0);
    b.write(GPUREG_LIGHTING_LIGHT_PERMUTATION, 0);
    b.write(GPUREG_LIGHT0_SPECULAR0, color10(0.95f, 0.9f, 0.8f));
    b.write(GPUREG_LIGHT0_SPECULAR1, 0);
    b.write(GPUREG_LIGHT0_DIFFUSE, color10(1.0f, 0.97f, 0.9f));
    b.write(GPUREG_LIGHT0_AMBIENT, color10(0.08f, 0.08f, 0.1f));
    b.write(GPUREG_LIGHT0_XY, float_to_f16(1.6f) | float_to_f16(1.2f) << 16);
    b.write(GPUREG_LIGHT0_Z, float_to_f16(0.5f));
    b.write(GPUREG_LIGHT0_CONFIG, 0); // positional, one-sided, no geometric factors
    // Distance attenuation over distances 2..6: index = 0.25 * d - 0.5.
    b.write(GPUREG_LIGHT0_ATTENUATION_BIAS, float_to_f20(-0.5f));
    b.write(GPUREG_LIGHT0_ATTENUATION_SCALE, float_to_f20(0.25f));
    // LUT entries: value (fixed0.0.12) in bits 0-11, |difference| (fixed0.0.11) in 12-22, its
    // sign in bit 23; unsigned tables sample f(i / 256).
    auto lut = [](auto f) {
        std::array<std::uint32_t, 256> t{};
        for (unsigned i = 0; i < 256; ++i) {
            const float x = static_cast<float>(i) / 256.0f;
            const float v = f(x), d = f(x + 1.0f / 256.0f) - v;
            const auto value = static_cast<std::uint32_t>(std::min(4095.0f, v * 4096.0f));
            const auto diff = static_cast<std::uint32_t>(std::min(2047.0f, std::abs(d) * 2048.0f));
            t[i] = value | diff << 12 | (d < 0 ? 1u << 23 : 0u);
        }
        return t;
    };
    b.upload_lighting_lut(0, lut([](float x) { return std::pow(x, 10.0f); })); // D0: highlight
    b.upload_lighting_lut(16, lut([](float x) { return 1.0f - 0.7f * x; }));   // DA, light 0

    // Vertex program and its uniforms.
    b.write(GPUREG_VSH_COM_MODE, 0);
    b.upload_shader(ShaderUnit::Vertex, demo_vertex_program(), demo_vertex_opdescs(), 0);
    const Mat4 m = demo_transform(angle);
    std::array<AttributeValue, 5> uniforms{};
    for (int r = 0; r < 4; ++r)
        uniforms[static_cast<unsigned>(r)] = m[static_cast<unsigned>(r)];
    uniforms[4] = {1.0f, 1.0f, 1.0f, 1.0f};
    b.set_float_uniforms(ShaderUnit::Vertex, 0, uniforms);
    b.set_bool_uniforms(ShaderUnit::Vertex, 0);

    // Inputs from one interleaved buffer: v0 = position (float x3), v1 = texcoord (float x2),
    // v2 = normal quaternion (float x4), v3 = view vector (float x3).
    b.write(GPUREG_VSH_INPUTBUFFER_CONFIG, 3u | 0xA0000000u);
    b.write(GPUREG_VSH_NUM_ATTR, 3);
    b.write(GPUREG_VSH_ATTRIBUTES_PERMUTATION_LOW, 0x3210);
    b.write(GPUREG_VSH_ATTRIBUTES_PERMUTATION_HIGH, 0);
    b.write(GPUREG_ATTRIBBUFFERS_LOC, DemoScene::kVertexAddress >> 3);
    // float x3, float x2, float x4, float x3
    b.write(GPUREG_ATTRIBBUFFERS_FORMAT_LOW, 0xB | (0x7u << 4) | (0xFu << 8) | (0xBu << 12));
    b.write(GPUREG_ATTRIBBUFFERS_FORMAT_HIGH, 3u << 28); // four attributes, none fixed
    b.write(GPUREG_ATTRIBBUFFER0_OFFSET, 0);
    b.write(GPUREG_ATTRIBBUFFER0_CONFIG1, 0x3210);
    b.write(GPUREG_ATTRIBBUFFER0_CONFIG2, (DemoScene::kVertexStride << 16) | (4u << 28));

    // Outputs: o0 position, o1 texcoord0, o2 colour, o3 normal quaternion, o4 view.
    b.write(GPUREG_VSH_OUTMAP_MASK, 0x1F);
    b.write(GPUREG_SH_OUTMAP_TOTAL, 5);
    b.write(GPUREG_VSH_OUTMAP_TOTAL1, 4);
    b.write(GPUREG_VSH_OUTMAP_TOTAL2, 4);
    b.write(GPUREG_SH_OUTMAP_O0, 0x03020100);
    b.write(GPUREG_SH_OUTMAP_O1, 0x1F1F0D0C);
    b.write(GPUREG_SH_OUTMAP_O2, 0x0B0A0908);
    b.write(GPUREG_SH_OUTMAP_O3, 0x07060504);
    b.write(GPUREG_SH_OUTMAP_O4, 0x1F141312);
    b.write(GPUREG_SH_OUTATTR_MODE, 1);
    b.write(GPUREG_SH_OUTATTR_CLOCK, (1u << 1) | (1u << 8) | (1u << 24));

    if (look == DemoLook::Flat) {
        // Stage 0 outputs its constant colour; stages 1-5 pass it through (still in the key's
        // combiner chain, folded by the generator); no lighting, fog or blending (logic op copy).
        b.write_consecutive(GPUREG_TEXENV0_SOURCE,
                            std::array<std::uint32_t, 5>{0x000E000Eu, 0, 0, 0xFF4080C0u, 0});
        b.write_consecutive(GPUREG_TEXENV1_SOURCE, passthrough);
        b.write(GPUREG_TEXUNIT_CONFIG, 1u << 12);
        b.write(GPUREG_LIGHTING_ENABLE0, 0);
        b.write(GPUREG_LIGHTING_ENABLE1, 1);
        b.write(GPUREG_TEXENV_UPDATE_BUFFER, 0);
        b.write(GPUREG_COLOR_OPERATION, 0x00E40000); // logic op mode
        b.write(GPUREG_LOGIC_OP, 3);                 // copy
    }

    // Draw: triangle list, then flush the framebuffer.
    b.write(GPUREG_PRIMITIVE_CONFIG, 4u | (0u << 8)); // 5 output registers - 1; triangle list
    b.write(GPUREG_RESTART_PRIMITIVE, 1);
    b.draw_arrays(0, DemoScene::kVertexCount);
    b.write(GPUREG_FRAMEBUFFER_FLUSH, 1);
    b.finalize();
    scene.commands = b.words();
    return scene;
}

} // namespace picavk::scenes
