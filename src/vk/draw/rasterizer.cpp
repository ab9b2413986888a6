#include "vk/draw/rasterizer.h"

#include "pica/geometry/quaternion_fixup.h"
#include "pica/regs/number_formats.h"
#include "pica/regs/reg_ids.h"
#include "shadergen/block_uniforms.h"
#include "shadergen/glsl_generator.h"
#include "shadergen/lut_layout.h"
#include "shadergen/ubershader.h"
#include "vk/device/barriers.h"
#include "vk/device/device.h"
#include "vk/device/scheduler.h"
#include "vk/draw/fragment_mode_checks.h"
#include "vk/draw/guard_band_clip.h"
#include "vk/draw/lighting_checks.h"
#include "vk/draw/proctex_checks.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <xxhash.h>

namespace picavk::vk {

using namespace pica;

namespace {

// PICA compare functions (spec 004: 0 never ... 7 greater-or-equal).
constexpr VkCompareOp kCompare[8] = {VK_COMPARE_OP_NEVER,   VK_COMPARE_OP_ALWAYS,
                                     VK_COMPARE_OP_EQUAL,   VK_COMPARE_OP_NOT_EQUAL,
                                     VK_COMPARE_OP_LESS,    VK_COMPARE_OP_LESS_OR_EQUAL,
                                     VK_COMPARE_OP_GREATER, VK_COMPARE_OP_GREATER_OR_EQUAL};
// PICA stencil ops (spec 004 STENCIL_OP: 3/4 saturate, 6/7 wrap).
constexpr VkStencilOp kStencilOp[8] = {VK_STENCIL_OP_KEEP,
                                       VK_STENCIL_OP_ZERO,
                                       VK_STENCIL_OP_REPLACE,
                                       VK_STENCIL_OP_INCREMENT_AND_CLAMP,
                                       VK_STENCIL_OP_DECREMENT_AND_CLAMP,
                                       VK_STENCIL_OP_INVERT,
                                       VK_STENCIL_OP_INCREMENT_AND_WRAP,
                                       VK_STENCIL_OP_DECREMENT_AND_WRAP};

constexpr std::uint32_t kUnitDim[3] = {GPUREG_TEXUNIT0_DIM, GPUREG_TEXUNIT1_DIM,
                                       GPUREG_TEXUNIT2_DIM};
constexpr std::uint32_t kUnitParam[3] = {GPUREG_TEXUNIT0_PARAM, GPUREG_TEXUNIT1_PARAM,
                                         GPUREG_TEXUNIT2_PARAM};
constexpr std::uint32_t kUnitAddr[3] = {GPUREG_TEXUNIT0_ADDR1, GPUREG_TEXUNIT1_ADDR,
                                        GPUREG_TEXUNIT2_ADDR};
constexpr std::uint32_t kUnitType[3] = {GPUREG_TEXUNIT0_TYPE, GPUREG_TEXUNIT1_TYPE,
                                        GPUREG_TEXUNIT2_TYPE};
constexpr std::uint32_t kUnitLod[3] = {GPUREG_TEXUNIT0_LOD, GPUREG_TEXUNIT1_LOD,
                                       GPUREG_TEXUNIT2_LOD};
constexpr std::uint32_t kUnitBorder[3] = {
    GPUREG_TEXUNIT0_BORDER_COLOR, GPUREG_TEXUNIT1_BORDER_COLOR, GPUREG_TEXUNIT2_BORDER_COLOR};

// k / 255.0f for every byte k: the same floats as the division, without eleven colours' worth
// of divisions every draw.
const std::array<float, 256> kUnorm8 = [] {
    std::array<float, 256> t{};
    for (unsigned k = 0; k < 256; ++k)
        t[k] = static_cast<float>(k) / 255.0f;
    return t;
}();

// One 16-byte store (the uniform block is copied out in wide loads soon after: four scalar
// stores would stall store forwarding there).
void unpack_rgba8(std::uint32_t v, float out[4]) {
    using Vec = float __attribute__((vector_size(16)));
    const Vec c = {kUnorm8[v & 0xFF], kUnorm8[(v >> 8) & 0xFF], kUnorm8[(v >> 16) & 0xFF],
                   kUnorm8[v >> 24]};
    std::memcpy(out, &c, sizeof c);
}

// A draw's indices after the batch's earlier vertices, into the stream buffer (mapped memory),
// eight at a time (-O2's cost model leaves the plain loop scalar: 2% of a game's replay thread).
void rebase_indices(const std::vector<std::uint32_t>& in, std::uint32_t first_vertex,
                    std::uint8_t* out) {
    using Vec = std::uint32_t __attribute__((vector_size(32)));
    const Vec add = {first_vertex, first_vertex, first_vertex, first_vertex,
                     first_vertex, first_vertex, first_vertex, first_vertex};
    const std::size_t n = in.size();
    std::size_t i = 0;
    for (; i + 8 <= n; i += 8) {
        Vec v;
        std::memcpy(&v, in.data() + i, sizeof v);
        v += add;
        std::memcpy(out + i * 4, &v, sizeof v);
    }
    for (; i < n; ++i) {
        const std::uint32_t v = in[i] + first_vertex;
        std::memcpy(out + i * 4, &v, 4);
    }
}
} // namespace

Rasterizer::Rasterizer(const Device& device, ResourceFactory& factory, Scheduler& scheduler,
                       SurfaceCache& surfaces, const HostFormats& formats, Diagnostics& diag,
                       const std::string& cache_dir, CompileMode mode)
    : device_(device), factory_(factory), scheduler_(scheduler), surfaces_(surfaces), diag_(diag),
      pipelines_(device, formats, cache_dir, diag, mode),
      // Storage usage too: the compute rasteriser reads both as storage buffers.
      vertices_(factory, scheduler, 32ull << 20,
                VK_BUFFER_USAGE_VERTEX_BUFFER_BIT | VK_BUFFER_USAGE_STORAGE_BUFFER_BIT,
                "vertex stream"),
      indices_(factory, scheduler, 8ull << 20,
               VK_BUFFER_USAGE_INDEX_BUFFER_BIT | VK_BUFFER_USAGE_STORAGE_BUFFER_BIT,
               "index stream"),
      uniforms_(factory, scheduler, 4ull << 20, VK_BUFFER_USAGE_UNIFORM_BUFFER_BIT,
                "uniform stream"),
      program_uniforms_(factory, scheduler, 4ull << 20, VK_BUFFER_USAGE_UNIFORM_BUFFER_BIT,
                        "vertex program uniform stream"),
      luts_(device, factory, scheduler), descriptors_(device, scheduler, pipelines_.set_layout()),
      samplers_(device), feedback_(factory, scheduler) {
    surfaces_.set_before_transfer([this] { end_rendering(); });
    scheduler_.set_before_submit([this] { end_rendering(); });
    // The placeholder behind unused texture bindings: 1x1 transparent black.
    unused_texture_ = factory_.create_image(
        VK_FORMAT_R8G8B8A8_UNORM, {1, 1},
        VK_IMAGE_USAGE_SAMPLED_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT, "unused texture unit");
    VkCommandBuffer cmd = scheduler_.cmd();
    barrier_init_general(cmd, unused_texture_.image, VK_IMAGE_ASPECT_COLOR_BIT);
    const VkClearColorValue black{};
    const VkImageSubresourceRange range{VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1};
    vkCmdClearColorImage(cmd, unused_texture_.image, VK_IMAGE_LAYOUT_GENERAL, &black, 1, &range);
    // The placeholder behind the shadow-buffer binding outside shadow mode.
    unused_storage_ = factory_.create_image(VK_FORMAT_R32_UINT, {1, 1}, VK_IMAGE_USAGE_STORAGE_BIT,
                                            "unused shadow buffer");
    barrier_init_general(cmd, unused_storage_.image, VK_IMAGE_ASPECT_COLOR_BIT);
    barrier_all(cmd);
    unused_words_ = factory_.create_buffer(256, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT,
                                           MemoryUsage::DeviceLocal, "unused depth words");
}

Rasterizer::~Rasterizer() {
    scheduler_.set_before_submit(nullptr);
    pending_ = {}; // its stream data and descriptors go with the streams
    held_.held = false;
    rendering_ = false;
    scheduler_.finish_for_teardown();
    factory_.destroy(unused_texture_);
    factory_.destroy(unused_storage_);
    factory_.destroy(unused_words_);
    for (ComputeBuffers& set : compute_buffers_) {
        if (set.bins) factory_.destroy(set.bins);
        if (set.vertices) factory_.destroy(set.vertices);
    }
    for (auto& [k, img] : framebuffer_copies_)
        factory_.destroy(img);
    surfaces_.set_before_transfer(nullptr);
}

VkImageView Rasterizer::copy_colour_target(Surface& color) {
    end_rendering();
    const std::array<std::uint32_t, 3> key{static_cast<std::uint32_t>(color.image.format),
                                           color.image.extent.width, color.image.extent.height};
    Image& copy = framebuffer_copies_[key];
    VkCommandBuffer cmd = scheduler_.cmd();
    if (!copy) {
        copy = factory_.create_image(color.image.format, color.image.extent,
                                     VK_IMAGE_USAGE_SAMPLED_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT,
                                     "logic-op framebuffer copy");
        barrier_init_general(cmd, copy.image, VK_IMAGE_ASPECT_COLOR_BIT);
    }
    barrier_all(cmd);
    VkImageCopy region{};
    region.srcSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1};
    region.dstSubresource = region.srcSubresource;
    region.extent = {color.image.extent.width, color.image.extent.height, 1};
    vkCmdCopyImage(cmd, color.image.image, VK_IMAGE_LAYOUT_GENERAL, copy.image,
                   VK_IMAGE_LAYOUT_GENERAL, 1, &region);
    barrier_all(cmd);
    return copy.view;
}

std::uint8_t Rasterizer::lod_free_units(const Regs& regs, const shadergen::FragmentConfig& fragment,
                                        const Surface* const (&textures)[3]) const {
    if (device_.options().disable_raster_lod_free) return 0;
    std::uint8_t units = 0;
    for (unsigned i = 0; i < 3; ++i) {
        if (!(fragment.texture_units >> i & 1) || !textures[i]) continue;
        if (SamplerCache::one_level_one_filter(regs[kUnitParam[i]], regs[kUnitLod[i]],
                                               textures[i]->lod_offset))
            units = static_cast<std::uint8_t>(units | 1u << i);
    }
    return units;
}

void Rasterizer::end_rendering() {
    flush_batch();
    release_held_raster(false, false);
    end_render_scope();
}

void Rasterizer::end_render_scope() {
    if (!rendering_) return;
    VkCommandBuffer cmd = scheduler_.cmd();
    vkCmdEndRendering(cmd);
    scheduler_.end_pass();
    // What was rendered may be read next as a texture (render-to-texture), copied or
    // transferred: make the writes visible to every later use.
    barrier_all(cmd);
    // Transfers bind their own pipelines and dynamic state: forget those. The descriptor set
    // stays usable until the submission retires (the tick check in draw()).
    bound_.pipeline = VK_NULL_HANDLE;
    bound_.has_draw_state = false;
    rendering_ = false;
    color_ = depth_ = nullptr;
}

void Rasterizer::flush_framebuffer(const Regs&) {
    // On the PICA, FRAMEBUFFER_FLUSH (0x111) drains the fragment pipeline's framebuffer cache
    // into VRAM, so that what follows - a display transfer, a texture read, the CPU - sees the
    // finished render (spec 004; citro3d writes it at the end of every frame, and after
    // FRAMEBUFFER_INVALIDATE before changing targets). picavk's working copy of a render target
    // is its host image, and every reader goes through the surface cache, which writes back on
    // demand; so the flush only orders rendering: it ends the rendering scope and copies nothing.
    end_rendering();
}

void Rasterizer::set_dynamic_state(VkCommandBuffer cmd, const DrawState& d, const Surface* target) {
    const float n = static_cast<float>(surfaces_.scale());
    VkViewport vp{d.viewport_x * n,      d.viewport_y * n, d.viewport_width * n,
                  d.viewport_height * n, d.depth_min,      d.depth_max};
    vkCmdSetViewport(cmd, 0, 1, &vp);
    const std::uint32_t s = surfaces_.scale();
    VkRect2D sc{
        {static_cast<std::int32_t>(d.scissor_x0 * s), static_cast<std::int32_t>(d.scissor_y0 * s)},
        {(d.scissor_x1 - d.scissor_x0) * s, (d.scissor_y1 - d.scissor_y0) * s}};
    (void)target;
    vkCmdSetScissor(cmd, 0, 1, &sc);
    // Mode 1 keeps clockwise triangles (window coordinates, y up), mode 2 counter-clockwise.
    // Host images hold memory row 0 at the top, the way the picture is seen, so PICA windings
    // are Vulkan's windings (docs/research/vulkan_renderer.md 3.3, mirrored storage).
    vkCmdSetCullMode(cmd, d.cull_mode == 0 ? VK_CULL_MODE_NONE : VK_CULL_MODE_BACK_BIT);
    vkCmdSetFrontFace(cmd,
                      d.cull_mode == 1 ? VK_FRONT_FACE_CLOCKWISE : VK_FRONT_FACE_COUNTER_CLOCKWISE);
    vkCmdSetDepthTestEnable(cmd, d.depth_test);
    vkCmdSetDepthWriteEnable(cmd, d.depth_write);
    vkCmdSetDepthCompareOp(cmd, kCompare[d.depth_func & 7]);
    vkCmdSetStencilTestEnable(cmd, d.stencil_test);
    vkCmdSetStencilOp(cmd, VK_STENCIL_FACE_FRONT_AND_BACK, kStencilOp[d.stencil_fail & 7],
                      kStencilOp[d.stencil_zpass & 7], kStencilOp[d.stencil_zfail & 7],
                      kCompare[d.stencil_func & 7]);
    vkCmdSetStencilCompareMask(cmd, VK_STENCIL_FACE_FRONT_AND_BACK, d.stencil_compare_mask);
    vkCmdSetStencilWriteMask(cmd, VK_STENCIL_FACE_FRONT_AND_BACK, d.stencil_write_mask);
    vkCmdSetStencilReference(cmd, VK_STENCIL_FACE_FRONT_AND_BACK, d.stencil_ref);
    float blend[4];
    unpack_rgba8(d.blend_color, blend);
    vkCmdSetBlendConstants(cmd, blend);
}

std::uint32_t Rasterizer::place_vertex_uniforms(const GpuVertexDraw& draw, VkDeviceSize alignment) {
    shadergen::VertexProgramUniforms u;
    shadergen::fill_vertex_program_uniforms(*draw.uniforms, draw.fixed, u, false);
    // Games change the program's uniforms far less often than they draw: place them again, and
    // flush them to float24, only when they changed (or the ring moved on to another
    // submission).
    if (last_vertex_uniforms_tick_ == scheduler_.current_tick() &&
        std::memcmp(&u, &last_vertex_uniforms_, shadergen::kVertexProgramUniformsUnflushed) == 0)
        return last_vertex_uniforms_offset_;
    shadergen::flush_vertex_program_uniforms(u);
    const StreamSpan span = program_uniforms_.allocate(sizeof u, alignment);
    std::memcpy(span.data, &u, sizeof u);
    last_vertex_uniforms_ = u;
    last_vertex_uniforms_tick_ = scheduler_.current_tick();
    last_vertex_uniforms_offset_ = static_cast<std::uint32_t>(span.offset);
    return last_vertex_uniforms_offset_;
}

void Rasterizer::draw(const Regs& regs, LutState& luts, const pica::DrawVertices& in) {
    if (in.gpu ? in.gpu->indices.empty() : in.batch->indices.empty()) return;
    // Render targets (spec 004 framebuffer registers).
    const std::uint32_t dim = regs[GPUREG_FRAMEBUFFER_DIM];
    const std::uint32_t width = dim & 0x7FF, height = (dim >> 12 & 0x3FF) + 1;
    const BlockSize block =
        (regs[GPUREG_FRAMEBUFFER_BLOCK32] & 1) ? BlockSize::k32x32 : BlockSize::k8x8;
    // Shadow mode (COLOR_OPERATION mode 3; docs/research/shadow.md 3.3): the colour buffer is a
    // shadow buffer, written whatever the write masks say; the depth buffer plays no part.
    const bool shadow_mode = (regs[GPUREG_COLOR_OPERATION] & 3) == 3;
    // Gas accumulation (mode 1; docs/research/gas.md 4.2): the colour buffer is a density
    // buffer, the depth buffer is read (sampled) but neither tested nor written.
    const bool gas_mode = (regs[GPUREG_COLOR_OPERATION] & 3) == 1;
    if (gas_mode && !(regs[GPUREG_DEPTH_COLOR_MASK] >> 8 & 0xF)) {
        ++stats_.skipped_draws; // all four colour-write bits clear: nothing accumulates (4.2(6))
        return;
    }
    const bool storage_mode = shadow_mode || gas_mode;
    const bool color_used = storage_mode || (regs[GPUREG_COLORBUFFER_WRITE] & 0xF) ||
                            (regs[GPUREG_COLORBUFFER_READ] & 0xF);
    const bool depth_used = !shadow_mode && ((regs[GPUREG_DEPTHBUFFER_WRITE] & 3) ||
                                             (regs[GPUREG_DEPTHBUFFER_READ] & 3));

    const bool stencil_named =
        (regs[GPUREG_DEPTHBUFFER_FORMAT] & 3) == static_cast<std::uint32_t>(DepthFormat::D24S8);
    // Render targets before textures: finding a target destroys the surfaces it overlaps, and
    // textures never destroy one, so the texture pointers below stay valid.
    Surface* color = nullptr;
    Surface* depth = nullptr;
    if (color_used) {
        SurfaceParams cp{(regs[GPUREG_COLORBUFFER_LOC] & 0x0FFFFFFF) << 3,
                         width,
                         height,
                         SurfaceKind::Color,
                         static_cast<std::uint8_t>(regs[GPUREG_COLORBUFFER_FORMAT] >> 16 & 7),
                         block};
        // Shadow texels and gas densities are 4 bytes whatever the format register says
        // (Azahar for shadows; gas.md 1.9: format 0 is "RGBA8/Gas"; counted in
        // warn_fragment_modes).
        if (storage_mode) cp.format = 0;
        color = surfaces_.render_target(cp);
        if (color && storage_mode) surfaces_.make_storage(*color);
    }
    if (depth_used) {
        SurfaceParams dp{(regs[GPUREG_DEPTHBUFFER_LOC] & 0x0FFFFFFF) << 3,
                         width,
                         height,
                         SurfaceKind::Depth,
                         static_cast<std::uint8_t>(regs[GPUREG_DEPTHBUFFER_FORMAT] & 3),
                         block};
        // Colour and depth buffers sharing memory cannot both be host images (each would
        // destroy the other); like Citra/Azahar's rasterizer cache, which refuses overlapping
        // framebuffers, the draw keeps the colour buffer and goes without depth.
        if (color && dp.address < color->end() &&
            color->params.address < dp.address + dp.guest_bytes()) {
            diag_.warn(Warning::InvalidRenderTarget, [&] {
                return "depth buffer at " + hex_string(dp.address) +
                       " overlaps the colour buffer at " + hex_string(color->params.address) +
                       "; drawn without depth";
            });
        } else {
            depth = surfaces_.render_target(dp);
        }
    }
    // Gas accumulation samples the depth buffer: it is no attachment of the draw.
    Surface* gas_depth = gas_mode ? depth : nullptr;
    if (gas_mode) depth = nullptr;
    if (!color && !depth) {
        ++stats_.skipped_draws;
        return;
    }
    RenderTargetInfo info{width,
                          height,
                          color != nullptr,
                          depth != nullptr,
                          depth != nullptr && stencil_named,
                          depth != nullptr && depth->image.format == VK_FORMAT_D32_SFLOAT_S8_UINT};
    const bool emulate_border = !device_.profile().custom_border_color;
    const bool emulate_logic_op = !device_.profile().logic_op;
    // The key is rebuilt only when a register it reads changed (most draws change values only).
    PipelineKey key = key_tracker_.update(regs, info, emulate_border, emulate_logic_op);
    // Shadow writes and gas sums: in primitive order under the interlock where the host has it
    // (or, on request, by llvmpipe's own order: host_profile.h), else through compare-and-swap
    // loops (shadow draws then merge only with same-state draws, with a barrier after each host
    // draw: rasterizer_batch.cpp).
    const std::uint8_t storage_write =
        device_.profile().fragment_shader_interlock ? shadergen::kStorageWriteInterlock
        : device_.profile().ordered_fragments       ? shadergen::kStorageWriteOrdered
                                                    : shadergen::kStorageWriteCompareSwap;
    if (key.fragment.shadow_write) key.fragment.shadow_write = storage_write;
    if (key.fragment.gas_write) key.fragment.gas_write = storage_write;
    // Gas accumulation without a depth buffer: the soft depth functions read weight 1 (counted).
    if (key.fragment.gas_write && !gas_depth && (key.fragment.gas & 3) >= 2) {
        key.fragment.gas = static_cast<std::uint8_t>((key.fragment.gas & ~3u) | 1u);
        diag_.warn(Warning::InvalidDrawConfig, [] {
            return std::string("gas accumulation with a depth function but no depth buffer; "
                               "the depth weight reads 1");
        });
    }
    // Textures before the rendering scope begins: fetching them may write back or end it.
    Surface* textures[3] = {};
    for (unsigned i = 0; i < 3; ++i) {
        if (!(key.fragment.texture_units & (1u << i))) continue;
        const std::uint32_t type = i == 0 ? (regs[GPUREG_TEXUNIT0_PARAM] >> 28 & 7) : 0;
        if (type >= 5) {
            diag_.warn(Warning::InvalidTexture, [&] {
                return "texture unit 0 type " + std::to_string(type) +
                       " (5 \"disabled\", 6-7 undocumented); sampled as 2D";
            });
        }
        SurfaceParams tp;
        tp.kind = SurfaceKind::Texture;
        tp.address = (regs[kUnitAddr[i]] & 0x0FFFFFFF) << 3;
        tp.width = regs[kUnitDim[i]] >> 16 & 0x7FF;
        tp.height = regs[kUnitDim[i]] & 0x7FF;
        tp.format = static_cast<std::uint8_t>(regs[kUnitType[i]] & 0xF);
        // Levels: 0 to TEXUNITi_LOD's max level, while both sides stay whole 8x8 tiles.
        std::uint32_t levels = 1;
        const std::uint32_t max_level = regs[kUnitLod[i]] >> 16 & 0xF;
        while (levels <= max_level && (tp.width >> levels) >= 8 && (tp.height >> levels) >= 8)
            ++levels;
        tp.levels = static_cast<std::uint8_t>(levels);
        if (i == 0 && (type == 1 || type == 4)) { // cube, shadow cube
            // Cube faces +X, -X, +Y, -Y, +Z, -Z at ADDR1-6; ADDR2-6 carry bits 0-21 of the
            // address >> 3 and take the upper six from ADDR1 (spec 004 TEXUNITi_ADDR).
            tp.cube = true;
            const std::uint32_t first = regs[GPUREG_TEXUNIT0_ADDR1] & 0x0FFFFFFF;
            tp.faces[0] = first << 3;
            for (unsigned f = 1; f < 6; ++f)
                tp.faces[f] = ((first & 0x0FC00000) | (regs[GPUREG_TEXUNIT0_ADDR1 + f] & 0x3FFFFF))
                              << 3;
        }
        textures[i] = surfaces_.texture(tp, color);
    }
    warn_lighting_state(regs, key.fragment, diag_);
    warn_proctex_state(regs, key.fragment, diag_);
    warn_fragment_modes(regs, key.fragment.texture0_type == 2 || key.fragment.texture0_type == 4,
                        diag_);

    // Units whose texture is unusable (counted by the surface cache) read as zero. A 16-bit
    // target sampled in place by the nearest texel has its texels narrowed again in the shader
    // (FragmentConfig::texture_narrow; filtered texels, and borders, the PICA makes at 8 bits).
    for (unsigned i = 0; i < 3; ++i) {
        if (!(key.fragment.texture_units & (1u << i))) continue;
        if (!textures[i]) {
            shadergen::drop_texture_unit(key.fragment, i);
            continue;
        }
        const std::uint32_t param = regs[kUnitParam[i]];
        const bool nearest = !(param >> 1 & 1) && !(param >> 2 & 1);
        const bool border = (param >> 8 & 7) == 1 || (param >> 12 & 7) == 1;
        const std::uint32_t format = regs[kUnitType[i]] & 0xF;
        const bool shadow =
            i == 0 && (key.fragment.texture0_type == 2 || key.fragment.texture0_type == 4);
        if (textures[i]->params.kind == SurfaceKind::Color && nearest && !border && !shadow &&
            format >= 2 && format <= 4 && host_bytes_per_pixel(textures[i]->image.format) == 2)
            key.fragment.texture_narrow[i] = static_cast<std::uint8_t>(format);
    }
    if (keep_last_fragment_) last_fragment_ = key.fragment;
    if (collect_only_) { // picavk-precompile's collection: the key is what this draw needed
        pipelines_.note(key);
        ++stats_.draws;
        return;
    }
    const DrawState d = build_draw_state(regs, info);
    // Non-finite float24 registers the fragment stage reads are replaced (build_draw_state and
    // the clip-plane upload below) and counted here.
    for (std::uint32_t id :
         {GPUREG_DEPTHMAP_SCALE, GPUREG_DEPTHMAP_OFFSET, GPUREG_FRAGOP_CLIP_DATA0,
          GPUREG_FRAGOP_CLIP_DATA1, GPUREG_FRAGOP_CLIP_DATA2, GPUREG_FRAGOP_CLIP_DATA3}) {
        if (!std::isfinite(f24_to_float(regs[id] & 0xFFFFFF)) &&
            (id <= GPUREG_DEPTHMAP_OFFSET || (regs[GPUREG_FRAGOP_CLIP] & 1))) {
            diag_.warn(Warning::InvalidDrawConfig, [&] {
                return "register " + hex_string(id) + " holds a NaN or infinite float24 (" +
                       hex_string(regs[id] & 0xFFFFFF) +
                       "); depth maps read it as scale -1 / offset 0, clip planes as 0";
            });
        }
    }
    if (!(d.viewport_width > 0) || !std::isfinite(d.viewport_width) ||
        !std::isfinite(d.viewport_height) || d.viewport_height == 0) {
        ++stats_.skipped_draws;
        diag_.warn(Warning::InvalidDrawConfig,
                   [] { return std::string("viewport of zero or non-finite size; draw skipped"); });
        return;
    }
    {
        // The host's viewport limits (at the resolution scale): a PICA viewport beyond them
        // (float24 sizes reach far past any render target) cannot be expressed; say so.
        const VkPhysicalDeviceLimits& lim = device_.properties().limits;
        const float n = static_cast<float>(surfaces_.scale());
        const float x = d.viewport_x * n, y = d.viewport_y * n, w = d.viewport_width * n,
                    hgt = d.viewport_height * n;
        const float lo = lim.viewportBoundsRange[0], hi = lim.viewportBoundsRange[1];
        if (w > static_cast<float>(lim.maxViewportDimensions[0]) ||
            std::abs(hgt) > static_cast<float>(lim.maxViewportDimensions[1]) || x < lo ||
            x + w > hi || y < lo || y > hi || y + hgt < lo || y + hgt > hi) {
            ++stats_.skipped_draws;
            diag_.warn(Warning::InvalidDrawConfig, [&] {
                return "viewport " + std::to_string(d.viewport_width) + "x" +
                       std::to_string(d.viewport_height) + " at (" + std::to_string(d.viewport_x) +
                       ", " + std::to_string(d.viewport_y) +
                       ") is beyond the host's viewport limits; draw skipped";
            });
            return;
        }
    }

    // The compute rasteriser takes the draws whose state it covers (rasterizer_compute.cpp). It
    // reads shaded vertices: its vertex pre-pass shades those of draws the GPU vertex path
    // could take, the CPU the others.
    // A compute draw writing no colour (a depth pre-pass, a stencil mask) leaves its target as
    // it is: no storage usage needed. (Asked only where the compute rasteriser draws.)
    const bool color_writes =
        device_.compute_raster() && pipelines_.compute_raster_writes_color(key);
    ComputeRasterFallback fallback = ComputeRasterFallback::Count;
    bool compute = compute_raster_state(key, d, color, depth, color_writes, fallback);
    // A draw the GPU vertex path can take keeps its vertices there unless the compute
    // rasteriser can afford it where the CPU does not know its vertices (its measured cost, or
    // a guess: prepass_affordable): shading a large mesh on the CPU, then finding its
    // rectangle over budget, would lose the vertex path for nothing.
    std::uint64_t prepass_key = 0, prepass_setups = 0;
    if (compute && in.gpu) {
        prepass_key = prepass_draw_key(*in.gpu, width, height);
        if (!prepass_affordable(prepass_key, static_cast<std::uint32_t>(in.gpu->indices.size() / 3),
                                width, height, prepass_setups)) {
            compute = false;
            ++stats_.compute_raster_over_budget;
        }
    }

    // The vertex stage: the GPU vertex path's pipeline, or vertices shaded on the CPU - now, if
    // the GPU path cannot take this draw.
    const GeometryBatch* cpu = in.batch;
    PipelineChoice vertex_path{};
    VertexStageKey stage;
    VkPipeline prepass = VK_NULL_HANDLE, prepass_raster = VK_NULL_HANDLE;
    if (in.gpu && compute) {
        if (!compute_raster_prepass(regs, *in.gpu, key, stage, prepass, prepass_raster)) {
            cpu = &in.shade_on_cpu();
            if (cpu->indices.empty()) return;
        }
    } else if (in.gpu) {
        VertexFallback why = VertexFallback::Count;
        // Lit draws flip opposite quaternions per triangle (quaternion_fixup.h): a geometry stage.
        const bool lit = key.fragment.lighting.enabled;
        if (lit && !pipelines_.has_geometry_stage())
            why = VertexFallback::NoQuaternionFlip;
        else if (!build_vertex_stage_key(regs, *in.gpu, lit, stage))
            why = VertexFallback::VertexFetch;
        else
            vertex_path = pipelines_.get_vertex_path(key, stage, *in.gpu->program, why);
        if (!vertex_path.pipeline) {
            ++stats_.vertex_fallbacks[static_cast<unsigned>(why)];
            if (why == VertexFallback::ProgramRefused)
                diag_.warn(Warning::ShaderInvalidProgram, [&] {
                    return "vertex program " + hex_string(stage.program.program) +
                           " runs on the CPU: " + pipelines_.refusal(stage.program);
                });
            cpu = &in.shade_on_cpu();
            if (cpu->indices.empty()) return;
        }
    }

    // The logic-op fallback reads the target as it was before this draw, from a copy.
    VkImageView framebuffer_copy = unused_texture_.view;
    if (key.fragment.logic_op_emulated && color) framebuffer_copy = copy_colour_target(*color);

    // Lit draws: each triangle's quaternions on the first vertex's side (quaternion_fixup.h).
    // A copy only when some triangle needs it.
    // (The GPU vertex path does it in its geometry stage.)
    GeometryBatch flipped;
    const GeometryBatch* upload = cpu;
    if (cpu && key.fragment.lighting.enabled && has_opposite_quaternions(*cpu)) {
        flipped = *cpu;
        flip_opposite_quaternions(flipped);
        upload = &flipped;
    }
    // The compute rasteriser projects every vertex: triangles reaching behind the eye or far
    // outside the viewport are cut first (guard_band_clip.h), as the graphics pipeline's clipper
    // cuts them.
    // (Where the compute rasteriser does not take it after all, the graphics pipeline draws the
    // batch as it was.)
    GeometryBatch& clipped = clipped_; // (its vectors' capacity kept from draw to draw)
    const GeometryBatch* unclipped = upload;
    if (compute && upload && device_.compute_raster_cpu_clip()) {
        const float guard = compute_raster_guard(d);
        if (needs_clipping(*upload, guard)) {
            if (guard >= 1.0f && clip_to_guard_band(*upload, guard, clipped)) {
                upload = &clipped;
            } else {
                compute = false;
                fallback = ComputeRasterFallback::GuardBand;
            }
            if (upload->indices.empty()) return; // all outside
        }
    }
    VkPipeline compute_pipeline = VK_NULL_HANDLE;
    std::array<float, 4> compute_bounds{};
    std::uint64_t compute_setups = 0;
    if (prepass) {
        // Where the vertices will lie is not known here: the whole viewport (binned: the
        // binning pass finds each triangle's bins), within the budget checked above.
        constexpr float kAnywhere = 32768.0f;
        compute_bounds = {-kAnywhere, -kAnywhere, kAnywhere, kAnywhere};
        compute_setups = prepass_setups;
        if (color_writes && !color->storage) surfaces_.make_storage(*color);
        compute_pipeline = prepass_raster;
    } else if (compute && compute_raster_vertices(*upload, d, compute_bounds, compute_setups)) {
        if (compute_raster_affordable(compute_bounds,
                                      static_cast<std::uint32_t>(upload->indices.size() / 3),
                                      compute_setups, width, height)) {
            // Its colour target as storage (made so before anything of this draw is recorded).
            if (color_writes && !color->storage) surfaces_.make_storage(*color);
            compute_pipeline = pipelines_.get_compute_raster(key);
            if (!compute_pipeline) fallback = ComputeRasterFallback::Compiling;
        } else {
            ++stats_.compute_raster_over_budget;
        }
    } else if (compute) {
        fallback = ComputeRasterFallback::Vertices;
    }
    compute = compute_pipeline != VK_NULL_HANDLE; // else the graphics pipeline draws it
    if (!compute) upload = unclipped;
    if (compute && upload == &clipped) ++stats_.compute_raster_cut;

    // Vertices and indices into the stream. The GPU path's attribute buffers lie one after
    // another, 16-byte aligned, each followed by zeros (a widened 3-component fetch reads on).
    std::array<VkDeviceSize, VertexLayout::kBuffers> binding_at{};
    std::uint32_t bindings = 0;
    VkDeviceSize vbytes = 0;
    if (upload) {
        vbytes = upload->vertices.size() * sizeof(OutputVertex);
    } else {
        for (unsigned n = 0; n < VertexLayout::kMaxAttributes; ++n)
            if (fetched(stage, n)) bindings = std::max(bindings, stage.buffer[n] + 1u);
        for (unsigned b = 0; b < bindings; ++b) {
            binding_at[b] = vbytes;
            vbytes += (std::uint64_t{in.gpu->bytes[b]} + 16 + 15) & ~VkDeviceSize{15};
        }
    }
    const VkDeviceSize ibytes = (upload ? upload->indices.size() : in.gpu->indices.size()) * 4;
    static_assert(sizeof(OutputVertex) == shadergen::kVertexStride);
    if (vbytes + 64 > vertices_.capacity() || ibytes + 64 > indices_.capacity()) {
        diag_.warn(Warning::InvalidDrawConfig,
                   [] { return std::string("draw larger than the vertex stream; skipped"); });
        ++stats_.skipped_draws;
        return;
    }
    count_compute_raster_fallback(fallback); // (a draw skipped above is drawn by neither)

    // Uniforms.
    shadergen::FragmentUniforms u{};
    constexpr std::uint32_t kColorRegs[6] = {GPUREG_TEXENV0_COLOR, GPUREG_TEXENV1_COLOR,
                                             GPUREG_TEXENV2_COLOR, GPUREG_TEXENV3_COLOR,
                                             GPUREG_TEXENV4_COLOR, GPUREG_TEXENV5_COLOR};
    for (unsigned i = 0; i < 6; ++i)
        unpack_rgba8(regs[kColorRegs[i]], u.const_color[i]);
    unpack_rgba8(regs[GPUREG_TEXENV_BUFFER_COLOR], u.buffer_color);
    const float n = static_cast<float>(surfaces_.scale());
    u.scissor_rect[0] = static_cast<float>(d.outside_x0) * n;
    u.scissor_rect[1] = static_cast<float>(d.outside_y0) * n;
    u.scissor_rect[2] = static_cast<float>(d.outside_x1) * n;
    u.scissor_rect[3] = static_cast<float>(d.outside_y1) * n;
    u.depth_map[0] = d.depth_scale;
    u.depth_map[1] = d.depth_offset;
    u.alpha_ref[0] = d.alpha_ref;
    unpack_rgba8(regs[GPUREG_FOG_COLOR] | 0xFF000000u, u.fog_color);
    for (unsigned i = 0; i < 3; ++i)
        unpack_rgba8(regs[kUnitBorder[i]], u.border_color[i]);
    for (unsigned i = 0; i < 4; ++i) {
        const float f = f24_to_float(regs[GPUREG_FRAGOP_CLIP_DATA0 + i] & 0xFFFFFF);
        u.clip_plane[i] = std::isfinite(f) ? f : 0.0f; // NaN/inf coefficients keep nothing out
    }
    // Shadow mode's penumbra halves (float16 each; docs/research/shadow.md 1.2) and the shadow
    // texture's 24-bit bias (1.4).
    u.shadow[0] = f16_to_float(regs[GPUREG_FRAGOP_SHADOW] & 0xFFFF);
    u.shadow[1] = f16_to_float(regs[GPUREG_FRAGOP_SHADOW] >> 16);
    u.shadow[2] = static_cast<float>(regs[GPUREG_TEXUNIT0_SHADOW] & 0xFFFFFE);
    const VkPhysicalDeviceLimits& limits = device_.properties().limits;
    const VkDeviceSize ualign = limits.minUniformBufferOffsetAlignment;

    // What the host draw needs in the streams and a descriptor set. A submission on the way
    // (a full stream waits for the GPU) retires what was placed before it while this draw is not
    // yet recorded: then everything is placed again.
    std::uint32_t blocks_offset = 0, vertex_uniforms = 0;
    VkDescriptorSet set = VK_NULL_HANDLE;
    Appended at{};
    for (;;) {
        const std::uint64_t submissions = scheduler_.submissions();
        if (!upload) vertex_uniforms = place_vertex_uniforms(*in.gpu, ualign);
        // Lighting and proctex values: their own block, streamed again only when they change.
        // Draws that read neither bind the same block at offset 0 (the shader does not read it).
        blocks_offset = key.fragment.lighting.enabled || key.fragment.proctex.enabled ||
                                key.fragment.gas_write || key.fragment.fog == 2
                            ? static_cast<std::uint32_t>(blocks_.update(
                                  regs, static_cast<float>(surfaces_.scale()), uniforms_, ualign,
                                  scheduler_.current_tick(), diag_))
                            : 0u;

        if (bound_.tick != scheduler_.current_tick()) {
            bound_ = {};
            bound_.tick = scheduler_.current_tick();
        }
        // Descriptors: the set of the previous draw when it names the same images, samplers, LUT
        // buffer and uniform buffer (the uniforms move through dynamic offsets).
        VkDescriptorImageInfo ii[5]{};
        for (unsigned i = 0; i < 3; ++i) {
            if (key.fragment.texture_units & (1u << i))
                ii[i] = {samplers_.get(regs[kUnitParam[i]], regs[kUnitLod[i]], regs[kUnitBorder[i]],
                                       textures[i]->lod_offset),
                         // A shadow cube is read texel by texel from its faces as layers, a shadow
                         // texture texel by texel from its own pixels (never a replacement).
                         i == 0 && key.fragment.texture0_type == 4
                             ? surfaces_.layers_view(*textures[0])
                         : i == 0 && key.fragment.texture0_type == 2 ? textures[0]->guest_view()
                                                                     : textures[i]->sample_view(),
                         VK_IMAGE_LAYOUT_GENERAL};
            else
                ii[i] = {samplers_.get(0, 0, 0), unused_texture_.view, VK_IMAGE_LAYOUT_GENERAL};
        }
        ii[3] = {samplers_.get(0, 0, 0), framebuffer_copy, VK_IMAGE_LAYOUT_GENERAL};
        ii[4] = {samplers_.get(0, 0, 0),
                 gas_depth && key.fragment.gas_write ? surfaces_.depth_view(*gas_depth)
                                                     : unused_texture_.view,
                 VK_IMAGE_LAYOUT_GENERAL};
        const VkDescriptorImageInfo storage{VK_NULL_HANDLE,
                                            key.fragment.shadow_write || key.fragment.gas_write
                                                ? surfaces_.storage_view(*color)
                                                : unused_storage_.view,
                                            VK_IMAGE_LAYOUT_GENERAL};
        const VkBufferView lut_view = luts_.update(luts);
        bool same_set = bound_.set != VK_NULL_HANDLE && bound_.lut == lut_view &&
                        bound_.uniforms == uniforms_.buffer() &&
                        bound_.storage == storage.imageView;
        for (unsigned i = 0; i < 5 && same_set; ++i)
            same_set = bound_.images[i].sampler == ii[i].sampler &&
                       bound_.images[i].imageView == ii[i].imageView;
        // Otherwise a set made earlier that names the same (DescriptorSetCache), or a new one.
        DescriptorSetCache::Found found{bound_.set, false};
        if (!same_set) {
            DescriptorSetCache::Contents c;
            for (unsigned i = 0; i < 5; ++i) {
                c.samplers[i] = ii[i].sampler;
                c.views[i] = ii[i].imageView;
            }
            c.storage = storage.imageView;
            c.lut = lut_view;
            c.uniforms = uniforms_.buffer();
            found = descriptors_.get(c);
        }
        set = found.set;
        if (found.fresh) {
            // The per-draw uniforms, one entry per merged draw (the dynamic
            // offset names the host draw's first).
            const VkDescriptorBufferInfo bi{uniforms_.buffer(), 0, kUniformRange};
            const VkDescriptorBufferInfo blocks_bi{uniforms_.buffer(), 0,
                                                   sizeof(shadergen::BlockUniforms)};
            const VkDescriptorBufferInfo vertex_bi{program_uniforms_.buffer(), 0,
                                                   sizeof(shadergen::VertexProgramUniforms)};
            VkWriteDescriptorSet writes[10]{};
            std::uint32_t nwrites = 0;
            auto write = [&](std::uint32_t binding,
                             VkDescriptorType type) -> VkWriteDescriptorSet& {
                VkWriteDescriptorSet& w = writes[nwrites++];
                w = {VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET};
                w.dstSet = set;
                w.dstBinding = binding;
                w.descriptorCount = 1;
                w.descriptorType = type;
                return w;
            };
            write(0, VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER_DYNAMIC).pBufferInfo = &bi;
            write(shadergen::kBlockUniformsBinding, VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER_DYNAMIC)
                .pBufferInfo = &blocks_bi;
            // Every binding is written, unused units with a 1x1 placeholder: a set with unwritten
            // bindings is valid Vulkan, but lavapipe (Mesa 22.3) crashes binding one.
            for (unsigned i = 0; i < 3; ++i)
                write(shadergen::kTextureBindingFirst + i,
                      VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER)
                    .pImageInfo = &ii[i];
            write(shadergen::kFramebufferCopyBinding, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER)
                .pImageInfo = &ii[3];
            write(shadergen::kLutBinding, VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER)
                .pTexelBufferView = &lut_view;
            write(shadergen::kShadowBufferBinding, VK_DESCRIPTOR_TYPE_STORAGE_IMAGE).pImageInfo =
                &storage;
            write(shadergen::kGasDepthBinding, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER)
                .pImageInfo = &ii[4];
            write(shadergen::kVertexProgramBinding, VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER_DYNAMIC)
                .pBufferInfo = &vertex_bi;
            vkUpdateDescriptorSets(device_.device(), nwrites, writes, 0, nullptr);
        }
        if (!same_set) {
            bound_.set = set;
            std::copy(std::begin(ii), std::end(ii), bound_.images.begin());
            bound_.lut = lut_view;
            bound_.storage = storage.imageView;
            bound_.uniforms = uniforms_.buffer();
        }

        // The host draw this draw joins, or a new one (rasterizer_batch.cpp).
        const PipelineChoice choice = compute  ? PipelineChoice{compute_pipeline, false}
                                      : upload ? pipelines_.get(key)
                                               : vertex_path;
        PendingBatch next;
        next.color = color;
        next.depth = depth;
        next.storage_write = key.fragment.shadow_write | key.fragment.gas_write;
        // Shadow writes through compare-and-swap depend on the order of draws; gas sums do not.
        next.storage_apart = key.fragment.shadow_write == shadergen::kStorageWriteCompareSwap;
        if (next.storage_apart) next.uniform_hash = XXH3_64bits(&u, sizeof u);
        next.width = width;
        next.height = height;
        next.pipeline = choice.pipeline;
        next.ubershader = choice.ubershader;
        if (choice.ubershader) next.uber = shadergen::uber_config(key.fragment);
        next.set = set;
        next.draw_state = d.dynamic_part();
        next.blocks_offset = blocks_offset;
        next.vertex_path = upload == nullptr;
        next.vertex_uniforms = vertex_uniforms;
        next.compute = compute;
        next.prepass = prepass != VK_NULL_HANDLE;
        next.bounds = compute_bounds;
        next.setups = compute_setups;
        next.color_writes = color_writes;
        next.lod_free = compute ? lod_free_units(regs, key.fragment, textures) : 0;
        next.indices = static_cast<std::uint32_t>(ibytes / 4); // joins() weighs a merged dispatch
        if (prepass) next.vertices = in.gpu->vertex_count;     // the records it adds
        const VkDeviceSize entry_align = std::max<VkDeviceSize>({ualign, VkDeviceSize{16}});
        at = append(next, vbytes, ibytes, sizeof u, entry_align);
        if (submissions == scheduler_.submissions()) break;
        // The submission recorded (and closed) every earlier batch; a batch this draw opened
        // holds nothing yet.
        if (at.draw == 0) pending_.open = false;
    }
    if (upload) {
        // The vertices with their draw number (an exact float), the indices after the batch's
        // earlier vertices, the uniforms as the batch's next entry.
        std::memcpy(at.vertices, upload->vertices.data(), vbytes);
        const auto draw_number = static_cast<float>(at.draw);
        for (std::size_t v = 0; v < upload->vertices.size(); ++v)
            std::memcpy(at.vertices + v * sizeof(OutputVertex) + shadergen::kVertexDrawSlot * 4,
                        &draw_number, 4);
        rebase_indices(upload->indices, at.first_vertex, at.indices);
    } else {
        // The guest's attribute bytes as they are, and the planned triangles (a graphics draw
        // is a host draw of its own, so no index moves).
        const VkDeviceSize first = pending_.vertex_end - vbytes; // this draw's, in the stream
        for (unsigned b = 0; b < bindings; ++b) {
            const std::uint32_t size = in.gpu->bytes[b];
            std::uint8_t* dst = at.vertices + binding_at[b];
            if (in.gpu->data[b]) std::memcpy(dst, in.gpu->data[b], size);
            const VkDeviceSize end = b + 1 < bindings ? binding_at[b + 1] : vbytes;
            std::memset(dst + size, 0, static_cast<std::size_t>(end - binding_at[b] - size));
            pending_.binding_offset[b] = first + binding_at[b];
        }
        pending_.bindings = bindings;
        ++stats_.gpu_vertex_draws;
        if (!prepass) {
            std::memcpy(at.indices, in.gpu->indices.data(), ibytes);
        } else {
            // Its records follow the host draw's earlier ones (and so do its indices). Where
            // the pre-pass finds each attribute of vertex 0 (a byte address in the vertex
            // stream), and the stride to the next vertex.
            rebase_indices(in.gpu->indices, at.first_vertex, at.indices);
            if (at.draw == 0) prepass_draws_.clear();
            PrepassDraw& p = prepass_draws_.emplace_back();
            p.pipeline = prepass;
            p.vertex_uniforms = vertex_uniforms;
            p.key = prepass_key;
            shadergen::VertexPrepassConstants& pc = p.constants;
            for (unsigned a = 0; a < VertexLayout::kMaxAttributes; ++a) {
                if (!fetched(stage, a)) continue;
                const unsigned b = stage.buffer[a];
                pc.attribute[a][0] =
                    static_cast<std::uint32_t>(pending_.binding_offset[b] + stage.offset[a]);
                pc.attribute[a][1] = stage.stride[b];
            }
            pc.vertices = in.gpu->vertex_count;
            pc.output_first = at.first_vertex;
            pc.draw = at.draw;
            ++stats_.compute_raster_gpu_vertex_draws;
        }
    }
    std::memcpy(at.uniforms, &u, sizeof u);

    if (color && (key.write_mask || next_storage(key))) surfaces_.mark_written(*color);
    if (depth && (d.depth_write || d.stencil_write_mask)) surfaces_.mark_written(*depth);
    ++stats_.draws;
    stats_.triangles += ibytes / 12;
}

} // namespace picavk::vk
