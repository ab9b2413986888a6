#pragma once

// A small PICA scene kit for renderer tests: a session with the Vulkan renderer (validation on),
// a 32x32 render target, a pass-through vertex shader (o0 = position, o1 = colour, o2 =
// texcoords 0 and 1, o3 = texcoord 2, o4 = normal quaternion, o5 = view), lighting off, a texture
// environment that outputs the vertex colour, and flat quads placed by window pixel rectangles.
// Each test changes the registers it is about and reads the result back from guest memory,
// exactly as the guest would see it.

#include "picavk/session.h"

#include "pica/command/command_list_builder.h"
#include "pica/regs/number_formats.h"
#include "pica/regs/reg_ids.h"
#include "pica/texture/framebuffer_formats.h"
#include "pica/texture/texture_codec.h"
#include "pica/transfer/transfer_engine.h"

#include <array>
#include <cstring>
#include <vector>

namespace picavk::test {

// Starts a display transfer or texture copy (the external DMA registers) with `t`.
inline void write_transfer(Session& s, const pica::TransferRegs& t) {
    constexpr std::uint32_t kDma = 0x10400C00;
    s.write_gpu_register(kDma + 0x00, t.input_addr);
    s.write_gpu_register(kDma + 0x04, t.output_addr);
    s.write_gpu_register(kDma + 0x08, t.output_dim);
    s.write_gpu_register(kDma + 0x0C, t.input_dim);
    s.write_gpu_register(kDma + 0x10, t.flags);
    s.write_gpu_register(kDma + 0x18, 1);
}

// A display transfer of the harness's colour buffer (32x32, at kColor: RenderHarness) to `out`,
// from `in` to `out_format`, untiled, as it is (no flags).
inline pica::TransferRegs colour_buffer_transfer(std::uint32_t colour, std::uint32_t out,
                                                 pica::TransferFormat in,
                                                 pica::TransferFormat out_format) {
    pica::TransferRegs t;
    t.input_addr = colour >> 3;
    t.output_addr = out >> 3;
    t.input_dim = t.output_dim = pica::transfer_dim(32, 32);
    t.flags =
        pica::TransferFlags::input_format(in) | pica::TransferFlags::output_format(out_format);
    return t;
}

struct Rgba {
    std::uint8_t r = 0, g = 0, b = 0, a = 0;
    bool operator==(const Rgba&) const = default;
};

// The state every scene starts from: colour and depth buffers of `width` x `height` at the
// given addresses, the viewport over them, depth test and writes off, colour writes on, blending
// that keeps the source, a texture environment that outputs the vertex colour, lighting off, and
// a pass-through vertex shader over six float x4 attributes from buffer 0 (24 floats a vertex).
inline void write_scene_registers(pica::CommandListBuilder& b, pica::ColorFormat color,
                                  pica::DepthFormat depth, std::uint32_t width,
                                  std::uint32_t height, std::uint32_t color_addr,
                                  std::uint32_t depth_addr) {
    using namespace pica;
    b.write(GPUREG_COLORBUFFER_LOC, color_addr >> 3);
    b.write(GPUREG_DEPTHBUFFER_LOC, depth_addr >> 3);
    b.write(GPUREG_COLORBUFFER_FORMAT,
            (static_cast<std::uint32_t>(color) << 16) | (color == ColorFormat::RGBA8  ? 2u
                                                         : color == ColorFormat::RGB8 ? 1u
                                                                                      : 0u));
    b.write(GPUREG_DEPTHBUFFER_FORMAT, static_cast<std::uint32_t>(depth));
    const std::uint32_t dim = width | ((height - 1) << 12) | (1u << 24);
    b.write(GPUREG_FRAMEBUFFER_DIM, dim);
    b.write(GPUREG_RENDERBUF_DIM, dim);
    b.write(GPUREG_COLORBUFFER_READ, 0xF);
    b.write(GPUREG_COLORBUFFER_WRITE, 0xF);
    b.write(GPUREG_DEPTHBUFFER_READ, 0x3);
    b.write(GPUREG_DEPTHBUFFER_WRITE, 0x3);
    b.write(GPUREG_VIEWPORT_WIDTH, float_to_f24(static_cast<float>(width) / 2.0f));
    b.write(GPUREG_VIEWPORT_INVW, float_to_f31(2.0f / static_cast<float>(width)) << 1);
    b.write(GPUREG_VIEWPORT_HEIGHT, float_to_f24(static_cast<float>(height) / 2.0f));
    b.write(GPUREG_VIEWPORT_INVH, float_to_f31(2.0f / static_cast<float>(height)) << 1);
    b.write(GPUREG_VIEWPORT_XY, 0);
    b.write(GPUREG_FACECULLING_CONFIG, 0);
    b.write(GPUREG_DEPTHMAP_ENABLE, 1); // z-buffer
    b.write(GPUREG_DEPTHMAP_SCALE, float_to_f24(-1.0f));
    b.write(GPUREG_DEPTHMAP_OFFSET, float_to_f24(0.0f));
    b.write(GPUREG_SCISSORTEST_MODE, 0);
    // Colour writes on, depth test off, depth writes off.
    b.write(GPUREG_DEPTH_COLOR_MASK, 0xF00);
    b.write(GPUREG_COLOR_OPERATION, 0x00E40100); // blend mode
    b.write(GPUREG_BLEND_FUNC, 0x01010000);      // add, one, zero: the source as it is
    b.write(GPUREG_LOGIC_OP, 3);
    b.write(GPUREG_FRAGOP_ALPHA_TEST, 0);
    b.write(GPUREG_STENCIL_TEST, 0);
    b.write(GPUREG_STENCIL_OP, 0);
    b.write(GPUREG_TEXUNIT_CONFIG, 0);
    // Texture environment: stage 0 replaces with the primary colour, the rest pass it on.
    const std::array<std::uint32_t, 5> stage0 = {0, 0, 0, 0, 0};
    b.write_consecutive(GPUREG_TEXENV0_SOURCE, stage0);
    const std::array<std::uint32_t, 5> pass = {0x000F000Fu, 0, 0, 0, 0};
    for (std::uint32_t id : {GPUREG_TEXENV1_SOURCE, GPUREG_TEXENV2_SOURCE, GPUREG_TEXENV3_SOURCE,
                             GPUREG_TEXENV4_SOURCE, GPUREG_TEXENV5_SOURCE})
        b.write_consecutive(id, pass);
    // Lighting off (LIGHTING_ENABLE1 bit 0 set): the fragment colours read zero.
    b.write(GPUREG_LIGHTING_ENABLE0, 0);
    b.write(GPUREG_LIGHTING_ENABLE1, 1);
    // Vertex shader: mov oi, vi for i = 0-5; end (identity swizzles, full masks).
    const std::uint32_t desc = 0xF | (0x1Bu << 5) | (0x1Bu << 14);
    std::vector<std::uint32_t> code;
    for (std::uint32_t i = 0; i < 6; ++i)
        code.push_back((0x13u << 26) | (i << 21) | (i << 12));
    code.push_back(0x22u << 26);
    b.upload_shader(ShaderUnit::Vertex, code, std::vector<std::uint32_t>{desc}, 0);
    b.write(GPUREG_VSH_INPUTBUFFER_CONFIG, 5u | 0xA0000000u);
    b.write(GPUREG_VSH_NUM_ATTR, 5);
    b.write(GPUREG_VSH_ATTRIBUTES_PERMUTATION_LOW, 0x543210);
    b.write(GPUREG_VSH_ATTRIBUTES_PERMUTATION_HIGH, 0);
    b.write(GPUREG_ATTRIBBUFFERS_FORMAT_LOW, 0xFFFFFF); // six attributes of float x4
    b.write(GPUREG_ATTRIBBUFFERS_FORMAT_HIGH, 5u << 28);
    b.write(GPUREG_ATTRIBBUFFER0_CONFIG1, 0x543210);
    b.write(GPUREG_ATTRIBBUFFER0_CONFIG2, (std::uint32_t{24 * 4} << 16) | (6u << 28));
    b.write(GPUREG_VSH_OUTMAP_MASK, 0x3F);
    b.write(GPUREG_SH_OUTMAP_TOTAL, 6);
    b.write(GPUREG_VSH_OUTMAP_TOTAL1, 5);
    b.write(GPUREG_VSH_OUTMAP_TOTAL2, 5);
    b.write(GPUREG_SH_OUTMAP_O0, 0x03020100);
    b.write(GPUREG_SH_OUTMAP_O1, 0x0B0A0908);
    b.write(GPUREG_SH_OUTMAP_O2, 0x0F0E0D0C); // texcoord0 u v, texcoord1 u v
    b.write(GPUREG_SH_OUTMAP_O3, 0x1F101716); // texcoord2 u v, texcoord0 w
    b.write(GPUREG_SH_OUTMAP_O4, 0x07060504); // normal quaternion
    b.write(GPUREG_SH_OUTMAP_O5, 0x1F141312); // view x y z
    b.write(GPUREG_SH_OUTATTR_MODE, 1);
    b.write(GPUREG_SH_OUTATTR_CLOCK, (1u << 1) | (1u << 8) | (1u << 24));
    b.write(GPUREG_PRIMITIVE_CONFIG, 5u); // 6 output registers - 1; triangle list
    b.write(GPUREG_RESTART_PRIMITIVE, 1);
}

class RenderHarness {
  public:
    static constexpr std::uint32_t kW = 32, kH = 32;
    static constexpr std::uint32_t kColor = 0x18000000, kDepth = 0x18010000;
    static constexpr std::uint32_t kVertices = 0x20000000;
    static constexpr std::uint32_t kStride = 24 * 4; // six float x4 attributes
    using Quat = std::array<float, 4>;
    using Vec3 = std::array<float, 3>;

    // Shaders compile before the draw (Sync) unless a test asks for another mode. The validation
    // layer is on (benchmarks turn it off).
    explicit RenderHarness(std::uint32_t scale = 1,
                           pica::ColorFormat color = pica::ColorFormat::RGBA8,
                           pica::DepthFormat depth = pica::DepthFormat::D24S8,
                           ShaderCompile compile = ShaderCompile::Sync, bool validation = true)
        : session_(8u << 20, config(scale, validation, compile)), color_(color), depth_(depth) {
        session_.set_warning_sink([this](const std::string& m) { warnings.push_back(m); });
        base();
    }

    // Every draw the GPU vertex path can take goes there (its default leaves draws of a few
    // vertices, which most tests make, on the CPU interpreter): the tests check both paths' draws
    // against the same expectations; tests of the CPU path say so (set_vertex_shaders).
    static RendererConfig config(std::uint32_t scale, bool validation, ShaderCompile compile) {
        RendererConfig c{true, scale, -1, validation, {}, compile};
        c.gpu_vertex_min_draw = 1;
        return c;
    }

    Session& session() { return session_; }
    pica::CommandListBuilder& b() { return b_; }
    std::vector<std::string> warnings;

    // Fills the colour buffer with one RGBA8 colour (in the target format) and the depth
    // buffer with raw words (D24S8: stencil << 24 | depth).
    void clear(Rgba c, std::uint32_t depth_word = 0) {
        std::vector<std::uint8_t> rgba(kW * kH * 4), tiled(kW * kH * 4);
        for (std::size_t i = 0; i < rgba.size(); i += 4)
            std::memcpy(&rgba[i], &c, 4);
        pica::encode_color_buffer(rgba, tiled, {kW, kH}, color_);
        tiled.resize(kW * kH * pica::bytes_per_pixel(color_));
        session_.write_memory(kColor, tiled);
        std::vector<std::uint8_t> d(kW * kH * pica::bytes_per_pixel(depth_));
        const std::uint32_t bpp = pica::bytes_per_pixel(depth_);
        for (std::size_t i = 0; i < d.size(); i += bpp)
            std::memcpy(&d[i], &depth_word, bpp);
        session_.write_memory(kDepth, d);
    }

    // A quad over window pixels [x0, x1) x [y0, y1) (y up from the bottom row), clip z and w
    // (the position is multiplied by w), flat colour.
    void quad(std::uint32_t x0, std::uint32_t y0, std::uint32_t x1, std::uint32_t y1, float z,
              std::array<float, 4> color, float w = 1.0f, bool clockwise = false,
              std::array<float, 4> tc01 = {}, std::array<float, 2> tc2 = {}, float tc0w = 1.0f,
              Quat normquat = {0, 0, 0, 1}, Vec3 view = {0, 0, 1},
              std::array<float, 2> tc_gradient = {}) {
        auto nx = [](std::uint32_t x) { return 2.0f * static_cast<float>(x) / kW - 1.0f; };
        auto ny = [](std::uint32_t y) { return 2.0f * static_cast<float>(y) / kH - 1.0f; };
        const float p[4][2] = {
            {nx(x0), ny(y0)}, {nx(x1), ny(y0)}, {nx(x1), ny(y1)}, {nx(x0), ny(y1)}};
        // tc_gradient: every u grows by [0] per pixel to the right and every v by [1] per pixel
        // up, about the quad's centre (the texture coordinates given are the centre's).
        const float half_w = 0.5f * static_cast<float>(x1 - x0);
        const float half_h = 0.5f * static_cast<float>(y1 - y0);
        const float du[4] = {-half_w, half_w, half_w, -half_w};
        const float dv[4] = {-half_h, -half_h, half_h, half_h};
        // Counter-clockwise in window coordinates (y up): 0 1 2, 0 2 3.
        const int ccw[6] = {0, 1, 2, 0, 2, 3}, cw[6] = {0, 2, 1, 0, 3, 2};
        for (int k : clockwise ? cw : ccw) {
            const float gu = tc_gradient[0] * du[k], gv = tc_gradient[1] * dv[k];
            const float v[24] = {p[k][0] * w,  p[k][1] * w,  z * w,        w,
                                 color[0],     color[1],     color[2],     color[3],
                                 tc01[0] + gu, tc01[1] + gv, tc01[2] + gu, tc01[3] + gv,
                                 tc2[0] + gu,  tc2[1] + gv,  tc0w,         1,
                                 normquat[0],  normquat[1],  normquat[2],  normquat[3],
                                 view[0],      view[1],      view[2],      0};
            const auto* bytes = reinterpret_cast<const std::uint8_t*>(v);
            vertex_data_.insert(vertex_data_.end(), bytes, bytes + sizeof v);
        }
    }

    // One raw vertex in the harness's layout (position xyzw, colour, texcoords 0 and 1, texcoord
    // 2 with texcoord0.w, normal quaternion, view): for scenes that place their own triangles.
    void vertex(const std::array<float, 24>& v) {
        const auto* bytes = reinterpret_cast<const std::uint8_t*>(v.data());
        vertex_data_.insert(vertex_data_.end(), bytes, bytes + sizeof(float) * 24);
    }

    // Negates the normal quaternion of the given queued vertices (0-based, in queue order).
    void negate_quaternion_of_vertices(std::initializer_list<std::size_t> which) {
        for (std::size_t v : which)
            for (std::size_t k = 16; k < 20; ++k) {
                float f;
                std::memcpy(&f, &vertex_data_[v * kStride + k * 4], 4);
                f = -f;
                std::memcpy(&vertex_data_[v * kStride + k * 4], &f, 4);
            }
    }

    // A white quad whose texture coordinates (all three sets) run from (u0, v0) at window
    // (x0, y0) to (u1, v1) at (x1, y1); texcoord0.w = w.
    void textured_quad(std::uint32_t x0, std::uint32_t y0, std::uint32_t x1, std::uint32_t y1,
                       float u0, float v0, float u1, float v1, float w = 1.0f) {
        auto nx = [](std::uint32_t x) { return 2.0f * static_cast<float>(x) / kW - 1.0f; };
        auto ny = [](std::uint32_t y) { return 2.0f * static_cast<float>(y) / kH - 1.0f; };
        const float p[4][4] = {{nx(x0), ny(y0), u0, v0},
                               {nx(x1), ny(y0), u1, v0},
                               {nx(x1), ny(y1), u1, v1},
                               {nx(x0), ny(y1), u0, v1}};
        for (int k : {0, 1, 2, 0, 2, 3}) {
            const float v[24] = {p[k][0], p[k][1], -0.5f,   1,       1,       1,       1, 1,
                                 p[k][2], p[k][3], p[k][2], p[k][3], p[k][2], p[k][3], w, 1,
                                 0,       0,       0,       1,       0,       0,       1, 0};
            const auto* bytes = reinterpret_cast<const std::uint8_t*>(v);
            vertex_data_.insert(vertex_data_.end(), bytes, bytes + sizeof v);
        }
    }

    // Draws the queued vertices as `parts` equal draws in one command list, calling
    // `before(part)` before each (to write the registers that part draws with).
    template <class Before>
    void draw_parts(unsigned parts, Before before) {
        if (vertex_bytes_written_ + vertex_data_.size() > (4u << 20))
            vertex_bytes_written_ = 0; // earlier draws are done: reuse the space
        const std::uint32_t offset = static_cast<std::uint32_t>(vertex_bytes_written_);
        session_.write_memory(kVertices + offset, vertex_data_);
        last_offset_ = offset;
        last_count_ = static_cast<std::uint32_t>(vertex_data_.size() / kStride);
        last_parts_ = parts;
        vertex_bytes_written_ += (vertex_data_.size() + 63) / 64 * 64;
        vertex_data_.clear();
        draw_again(before);
    }

    // Draws the queued quads with the current registers, flushes, runs the list.
    void draw() {
        draw_parts(1, [](unsigned) {});
    }
    // The last draw() or draw_parts() once more, from the same guest bytes (a game's meshes,
    // frame after frame).
    void draw_again() {
        draw_again([](unsigned) {});
    }
    template <class Before>
    void draw_again(Before before) {
        b_.write(pica::GPUREG_ATTRIBBUFFERS_LOC, kVertices >> 3);
        const std::uint32_t per_part = last_count_ / last_parts_;
        for (unsigned p = 0; p < last_parts_; ++p) {
            before(p);
            b_.write(pica::GPUREG_ATTRIBBUFFER0_OFFSET, last_offset_ + p * per_part * kStride);
            b_.draw_arrays(0, per_part);
        }
        b_.write(pica::GPUREG_FRAMEBUFFER_FLUSH, 1);
        b_.finalize();
        last_error = session_.submit(b_.words()).error;
        b_.clear();
    }

    std::vector<std::uint8_t> color_rgba() {
        std::vector<std::uint8_t> tiled(kW * kH * pica::bytes_per_pixel(color_));
        session_.read_memory(kColor, tiled);
        std::vector<std::uint8_t> rgba(kW * kH * 4);
        pica::decode_color_buffer(tiled, rgba, {kW, kH}, color_);
        return rgba;
    }
    // The pixel at window (x, y), y up: memory row kH - 1 - y.
    Rgba pixel(std::uint32_t x, std::uint32_t y) {
        const auto rgba = color_rgba();
        Rgba c;
        std::memcpy(&c, &rgba[((kH - 1 - y) * kW + x) * 4], 4);
        return c;
    }
    std::uint32_t depth_word(std::uint32_t x, std::uint32_t y) {
        std::vector<std::uint8_t> tiled(kW * kH * pica::bytes_per_pixel(depth_));
        session_.read_memory(kDepth, tiled);
        std::vector<std::uint32_t> depth(kW * kH);
        std::vector<std::uint8_t> stencil(kW * kH);
        pica::decode_depth_buffer(tiled, depth,
                                  depth_ == pica::DepthFormat::D24S8
                                      ? std::span<std::uint8_t>(stencil)
                                      : std::span<std::uint8_t>(),
                                  {kW, kH}, depth_);
        const std::size_t i = (kH - 1 - y) * kW + x;
        return depth[i] | (std::uint32_t{stencil[i]} << 24);
    }
    // A texture for unit 0-2 (RGBA8, rows top first as the sampler sees t = 1 - v): written to
    // VRAM tiled, and the unit's registers set (nearest filtering, clamp to edge).
    void texture(unsigned unit, std::uint32_t w, std::uint32_t h,
                 const std::vector<std::uint8_t>& rgba, std::uint32_t param = 0) {
        using namespace pica;
        std::vector<std::uint8_t> tiled(std::size_t{w} * h * 4);
        encode_texture(rgba, tiled, w, h, TextureFormat::RGBA8);
        const std::uint32_t addr = 0x18100000u + unit * 0x10000u;
        session_.write_memory(addr, tiled);
        static constexpr std::uint32_t kDim[3] = {GPUREG_TEXUNIT0_DIM, GPUREG_TEXUNIT1_DIM,
                                                  GPUREG_TEXUNIT2_DIM};
        static constexpr std::uint32_t kParam[3] = {GPUREG_TEXUNIT0_PARAM, GPUREG_TEXUNIT1_PARAM,
                                                    GPUREG_TEXUNIT2_PARAM};
        static constexpr std::uint32_t kAddr[3] = {GPUREG_TEXUNIT0_ADDR1, GPUREG_TEXUNIT1_ADDR,
                                                   GPUREG_TEXUNIT2_ADDR};
        static constexpr std::uint32_t kType[3] = {GPUREG_TEXUNIT0_TYPE, GPUREG_TEXUNIT1_TYPE,
                                                   GPUREG_TEXUNIT2_TYPE};
        b_.write(kDim[unit], (w << 16) | h);
        b_.write(kParam[unit], param);
        b_.write(kAddr[unit], addr >> 3);
        b_.write(kType[unit], 0);
    }

    std::uint64_t validation_messages() { return session_.renderer_counters().validation_messages; }
    bool last_error = false;

  private:
    void base() { write_scene_registers(b_, color_, depth_, kW, kH, kColor, kDepth); }

    Session session_;
    pica::ColorFormat color_;
    pica::DepthFormat depth_;
    pica::CommandListBuilder b_;
    std::vector<std::uint8_t> vertex_data_;
    std::size_t vertex_bytes_written_ = 0;
    // draw_parts()'s, for draw_again().
    std::uint32_t last_offset_ = 0, last_count_ = 0, last_parts_ = 1;
};

} // namespace picavk::test
