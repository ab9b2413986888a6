#include "vk/draw/rasterizer.h"

// The compute rasteriser's side of the rasterizer (shadergen/compute_raster.h): which draws it
// takes, and the dispatch that draws a host draw. Where raster units are few
// (HostProfile::few_raster_units: NVIDIA's GH100, whose two graphics TPCs blend 5-7 pixels a
// clock), a host draw as a compute pass has every core of the device.

#include "pica/regs/reg_ids.h"
#include "shadergen/compute_raster.h"
#include "vk/device/barriers.h"
#include "vk/device/device.h"
#include "vk/device/scheduler.h"
#include "vk/pipeline/descriptor_allocator.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <optional>
#include <span>
#include <type_traits>
#include <xxhash.h>

namespace picavk::vk {

using namespace pica;

bool Rasterizer::compute_raster_state(const PipelineKey& key, const DrawState& d,
                                      const Surface* color, const Surface* depth, bool color_writes,
                                      ComputeRasterFallback& why) const {
    using F = ComputeRasterFallback;
    why = F::Count;
    // (UbershaderOnly mode builds no compute pipeline: the draw keeps the GPU vertex path.)
    if (!device_.compute_raster() || pipelines_.mode() == CompileMode::UbershaderOnly) return false;
    // What the key tells (PipelineCache::compute_raster_candidate: a target format it writes,
    // or no colour written, and a fragment configuration the shader covers); then a colour
    // target that has or can be given storage usage (SurfaceCache::storage_format; targets in
    // RGBA8 host images have it from creation where fills and transfers are compute passes, as
    // on these devices), written as r32ui words or, in a 16-bit image, r16ui ones - unless the
    // draw writes no colour. Each refusal names its reason (`why`).
    if (!pipelines_.compute_raster_candidate(key)) {
        switch (shadergen::compute_raster_gap(key.fragment)) {
        case shadergen::ComputeRasterGap::None:
            why = F::TargetFormat;
            break;
        case shadergen::ComputeRasterGap::ProcTexFilter:
            why = F::ProcTexFilter;
            break;
        case shadergen::ComputeRasterGap::ShadowWrite:
            why = F::ShadowWrite;
            break;
        case shadergen::ComputeRasterGap::GasWrite:
            why = F::GasWrite;
            break;
        case shadergen::ComputeRasterGap::LogicOp:
            why = F::LogicOp;
            break;
        }
        return false;
    }
    // (A draw with no colour buffer writes none: compute_raster_writes_color.)
    if (color_writes && !(color && (color->storage || surfaces_.storage_format(*color)))) {
        why = F::ColorStorage;
        return false;
    }
    // Stencil tests and writes through the stencil bytes after the depth words (D24S8 images).
    if (d.stencil_test && !(depth && depth->image.format == VK_FORMAT_D24_UNORM_S8_UINT)) {
        why = F::StencilBuffer;
        return false;
    }
    // Depth tests and writes through the depth buffer's words (SurfaceCache::depth_words): the
    // depth aspect of D16 and D24S8 images (not the D32F fallback of devices without D24S8).
    if (d.depth_test && !(depth && (depth->image.format == VK_FORMAT_D16_UNORM ||
                                    depth->image.format == VK_FORMAT_D24_UNORM_S8_UINT))) {
        why = F::DepthBuffer;
        return false;
    }
    // (Textures are sampled with the gradients of their coordinates - mip levels, and the
    // minifying or magnifying filter, as the graphics path picks them - so any image will do; a
    // unit without one has been dropped from the key already, as for the graphics pipeline.)
    return true;
}

namespace {
constexpr float kBinPixels =
    static_cast<float>(shadergen::kComputeRasterTile * shadergen::kComputeRasterBinTiles);
constexpr std::uint64_t kTilesPerBin = shadergen::kComputeRasterTilesPerBin;
} // namespace

float Rasterizer::compute_raster_guard(const DrawState& d) const {
    const float n = static_cast<float>(surfaces_.scale());
    const float half_w = std::abs(d.viewport_width) * n * 0.5f;
    const float half_h = std::abs(d.viewport_height) * n * 0.5f;
    const float cx = std::abs(d.viewport_x * n) + half_w, cy = std::abs(d.viewport_y * n) + half_h;
    constexpr float kBand = 16384.0f;
    if (!(half_w > 0.0f && half_h > 0.0f)) return 0.0f;
    return std::min((kBand - cx) / half_w, (kBand - cy) / half_h);
}

bool Rasterizer::compute_raster_vertices(const GeometryBatch& batch, const DrawState& d,
                                         std::array<float, 4>& bounds,
                                         std::uint64_t& setups) const {
    // Every vertex the triangles use in front of the eye and its window position within 2^15
    // pixels of the origin (triangles reaching behind the eye or beyond the guard band are cut
    // first, clip_to_guard_band; the depth range is a per-fragment test), so that snapped
    // positions (8 sub-pixel bits at most here) and their differences fit the shader's integers.
    // (Vertices no triangle uses - those a near plane cut left behind - are not read.)
    // Where the CPU does not cut them (Device::compute_raster_cpu_clip), the shader rasterises
    // such triangles in homogeneous coordinates: they may reach anywhere in the viewport.
    if (device_.properties().limits.subPixelPrecisionBits > 8) return false;
    const float n = static_cast<float>(surfaces_.scale());
    const float half_w = d.viewport_width * n * 0.5f, half_h = d.viewport_height * n * 0.5f;
    const float cx = d.viewport_x * n + half_w, cy = d.viewport_y * n + half_h;
    constexpr float kGuard = 32768.0f;
    bounds = {kGuard, kGuard, -kGuard, -kGuard};
    compute_positions_.resize(batch.vertices.size());
    for (std::size_t i = 0; i < batch.vertices.size(); ++i) {
        const OutputVertex& v = batch.vertices[i];
        const float w = v.attr[3];
        const float x = v.attr[0] / w * half_w + cx, y = v.attr[1] / w * half_h + cy;
        const bool usable = w > 0.0f && std::isfinite(w) && std::abs(x) < kGuard &&
                            std::abs(y) < kGuard; // false for NaN
        compute_positions_[i] = {usable ? x : NAN, y};
    }
    const bool shader_clips = !device_.compute_raster_cpu_clip();
    bool anywhere = false;
    for (const std::uint32_t i : batch.indices) {
        if (i >= compute_positions_.size()) return false;
        const auto& p = compute_positions_[i];
        if (std::isnan(p[0])) {
            if (!shader_clips) return false;
            anywhere = true;
            continue;
        }
        bounds = {std::min(bounds[0], p[0]), std::min(bounds[1], p[1]), std::max(bounds[2], p[0]),
                  std::max(bounds[3], p[1])};
    }
    if (anywhere) bounds = {-kGuard, -kGuard, kGuard, kGuard};
    // Binned, a triangle is set up in the tiles of each bin its bounds reach (the bins lie
    // where the dispatch starts: the binning pass marks w + 4 pixels for a rectangle w wide, which
    // reach at most (w + 4) / 32 + 2 bins).
    setups = 0;
    const std::size_t triangles = batch.indices.size() / 3;
    for (std::size_t t = 0; t < triangles; ++t) {
        const auto& a = compute_positions_[batch.indices[3 * t]];
        const auto& b = compute_positions_[batch.indices[3 * t + 1]];
        const auto& c = compute_positions_[batch.indices[3 * t + 2]];
        // One reaching behind the eye or far out is marked in every bin of the viewport.
        const bool far = std::isnan(a[0]) || std::isnan(b[0]) || std::isnan(c[0]);
        const float w = far ? std::abs(half_w) * 2.0f
                            : std::max({a[0], b[0], c[0]}) - std::min({a[0], b[0], c[0]});
        const float h = far ? std::abs(half_h) * 2.0f
                            : std::max({a[1], b[1], c[1]}) - std::min({a[1], b[1], c[1]});
        setups += static_cast<std::uint64_t>((w + 4.0f) / kBinPixels + 2.0f) *
                  static_cast<std::uint64_t>((h + 4.0f) / kBinPixels + 2.0f) * kTilesPerBin;
    }
    return true;
}

bool Rasterizer::compute_raster_affordable(const std::array<float, 4>& bounds,
                                           std::uint32_t triangles, std::uint64_t setups,
                                           std::uint32_t width, std::uint32_t height) const {
    // Triangle set-ups a dispatch may cost (Device::compute_raster_budget): unbinned, every
    // tile of the rectangle reads every triangle; binned, every tile reads a mask per chunk and
    // sets up what its bin marks.
    const std::uint64_t budget = device_.compute_raster_budget();
    const float n = static_cast<float>(surfaces_.scale());
    const float x0 = std::clamp(bounds[0] - 1.0f, 0.0f, static_cast<float>(width) * n);
    const float y0 = std::clamp(bounds[1] - 1.0f, 0.0f, static_cast<float>(height) * n);
    const float x1 = std::clamp(bounds[2] + 1.0f, 0.0f, static_cast<float>(width) * n);
    const float y1 = std::clamp(bounds[3] + 1.0f, 0.0f, static_cast<float>(height) * n);
    constexpr float t = static_cast<float>(shadergen::kComputeRasterTile);
    const auto tiles_x = static_cast<std::uint64_t>(std::ceil((x1 - x0) / t) + 1);
    const auto tiles_y = static_cast<std::uint64_t>(std::ceil((y1 - y0) / t) + 1);
    const std::uint64_t tiles = tiles_x * tiles_y;
    const std::uint64_t chunks =
        (triangles + shadergen::kComputeRasterChunk - 1) / shadergen::kComputeRasterChunk;
    if (chunks <= 1 || !device_.compute_raster_bins()) return tiles * triangles <= budget;
    // The masks (8 bytes per chunk and bin) and the set-up records within 64 MiB.
    const std::uint64_t bins = (tiles_x / shadergen::kComputeRasterBinTiles + 1) *
                               (tiles_y / shadergen::kComputeRasterBinTiles + 1);
    const std::uint64_t records =
        std::uint64_t{triangles} * shadergen::kComputeRasterSetupRecordBytes;
    if (chunks * bins * 8 + records > std::uint64_t{64} << 20) return false;
    return tiles * chunks + std::min(setups, tiles * triangles) <= budget;
}

bool Rasterizer::prepass_affordable(std::uint64_t key, std::uint32_t triangles, std::uint32_t width,
                                    std::uint32_t height, std::uint64_t& setups) {
    const std::array<float, 4> whole{0.0f, 0.0f, static_cast<float>(width * surfaces_.scale()),
                                     static_cast<float>(height * surfaces_.scale())};
    if (const auto measured = feedback_.setups(key)) {
        ++stats_.compute_raster_measured;
        setups = *measured;
        // Refused, it runs again now and then to be measured anew, within every other limit
        // (the masks', and their reading: the budget with no set-up counted).
        return compute_raster_affordable(whole, triangles, setups, width, height) ||
               (compute_raster_affordable(whole, triangles, 0, width, height) &&
                feedback_.retry(key));
    }
    // Never measured: meshes of small triangles set up a few bins' tiles each, a screen of
    // large ones every tile each. A sixteenth of the worst lets a mesh of about 13 times the
    // triangles the worst case affords run once to be measured (the masks count too: at scale
    // 8 on a GPU, 35 thousand against 2,700), at no more than 16 times the budget if its
    // triangles are that large after all.
    const std::uint64_t n = surfaces_.scale();
    const std::uint64_t tiles = (width * n / shadergen::kComputeRasterTile + 2) *
                                (height * n / shadergen::kComputeRasterTile + 2);
    setups = tiles * triangles / 16;
    return compute_raster_affordable(whole, triangles, setups, width, height);
}

std::uint64_t Rasterizer::prepass_draw_key(const GpuVertexDraw& draw, std::uint32_t width,
                                           std::uint32_t height) const {
    // (The target's size and the scale too: the bins a mesh marks are counted on it.)
    struct Identity {
        std::array<const std::uint8_t*, VertexLayout::kBuffers> data;
        std::array<std::uint32_t, VertexLayout::kBuffers> bytes;
        std::uint64_t first_vertex, vertex_count, indices;
        std::uint32_t width, height, scale, unused;
    } id{draw.data,
         draw.bytes,
         draw.first_vertex,
         draw.vertex_count,
         draw.indices.size(),
         width,
         height,
         surfaces_.scale(),
         0};
    static_assert(std::has_unique_object_representations_v<Identity>);
    const std::uint64_t h = XXH3_64bits(&id, sizeof id);
    return h ? h : 1; // 0: no key
}

bool Rasterizer::compute_raster_prepass(const Regs& regs, const GpuVertexDraw& draw,
                                        const PipelineKey& key, VertexStageKey& stage,
                                        VkPipeline& prepass, VkPipeline& raster) {
    // No pre-pass on this device (PICAVK_DEVICE_DISABLE=vertex-prepass): the CPU shades the
    // vertices, uncounted, as before it.
    if (!pipelines_.vertex_prepass_layout()) return false;
    VertexFallback why = VertexFallback::Count;
    // (The quaternion flip of lit draws is the uncut compute shader's: compute_raster.cpp.)
    if (!build_vertex_stage_key(regs, draw, false, stage)) {
        why = VertexFallback::VertexFetch;
    } else {
        // (The planner's indices lie within the vertices fetched, as the GPU vertex path's
        // graphics draws trust too: GeometryPipeline::plan_gpu_draw.)
        // Both asked for, so that both build (in Async mode, on the compile threads) while the
        // CPU shades.
        prepass = pipelines_.get_vertex_prepass(stage.program, *draw.program, why);
        raster = pipelines_.get_compute_raster(key, true);
        if (prepass && !raster) why = VertexFallback::Compiling; // (or failed: reported)
        if (why == VertexFallback::ProgramRefused)
            diag_.warn(Warning::ShaderInvalidProgram, [&] {
                return "vertex program " + hex_string(stage.program.program) +
                       " runs on the CPU: " + pipelines_.refusal(stage.program);
            });
    }
    if (prepass && raster) return true;
    prepass = raster = VK_NULL_HANDLE;
    if (why != VertexFallback::Count) ++stats_.vertex_fallbacks[static_cast<unsigned>(why)];
    return false;
}

VkBuffer Rasterizer::compute_vertices(ComputeBuffers& set, VkDeviceSize bytes) {
    if (set.vertices.size < bytes) {
        if (set.vertices)
            scheduler_.defer([this, old = set.vertices]() mutable { factory_.destroy(old); });
        // Twice what is asked, so that growing draws reallocate rarely.
        set.vertices = factory_.create_buffer(
            std::max<VkDeviceSize>(bytes * 2, 256 << 10), VK_BUFFER_USAGE_STORAGE_BUFFER_BIT,
            MemoryUsage::DeviceLocal, "compute raster pre-pass vertices");
    }
    return set.vertices.buffer;
}

void Rasterizer::record_vertex_prepass(const PendingBatch& b, VkBuffer output) {
    if (!prepass_descriptors_)
        prepass_descriptors_ = std::make_unique<DescriptorAllocator>(
            device_, scheduler_, pipelines_.vertex_prepass_set_layout());
    const VkDescriptorSet set = prepass_descriptors_->allocate();
    const VkDescriptorBufferInfo buffers[2] = {{b.vertex_buffer, 0, VK_WHOLE_SIZE},
                                               {output, 0, VK_WHOLE_SIZE}};
    VkWriteDescriptorSet w[2]{};
    for (std::uint32_t i = 0; i < 2; ++i) {
        w[i] = {VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET};
        w[i].dstSet = set;
        w[i].dstBinding = i;
        w[i].descriptorCount = 1;
        w[i].descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
        w[i].pBufferInfo = &buffers[i];
    }
    static_assert(shadergen::kVertexPrepassAttributes == 0 && shadergen::kVertexPrepassOutput == 1);
    vkUpdateDescriptorSets(device_.device(), 2, w, 0, nullptr);

    // (Beside the fills and transfers left open, as the zeroing before it: record_compute_raster.)
    VkCommandBuffer cmd = scheduler_.cmd_beside(Scheduler::kOpenSurfaces);
    char label[64];
    std::snprintf(label, sizeof label, "vertex prepass (%u draws, %u vertices)", b.draws,
                  b.vertices);
    const ScopedPass pass(scheduler_, label);
    // The attribute bytes read (the stream's span for the draws), the records written.
    scheduler_.pass_bytes(b.vertex_end - b.vertex_first,
                          std::uint64_t{b.vertices} * sizeof(OutputVertex));
    const VkPipelineLayout layout = pipelines_.vertex_prepass_layout();
    VkPipeline bound = VK_NULL_HANDLE;
    for (const PrepassDraw& p : prepass_draws_) {
        if (p.pipeline != bound) {
            vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, p.pipeline);
            bound = p.pipeline;
        }
        // Each draw's program uniforms (binding 9's dynamic offset).
        const std::uint32_t offsets[3] = {static_cast<std::uint32_t>(b.uniform_first),
                                          b.blocks_offset, p.vertex_uniforms};
        const VkDescriptorSet sets[2] = {b.set, set};
        vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, layout, 0, 2, sets, 3,
                                offsets);
        vkCmdPushConstants(cmd, layout, VK_SHADER_STAGE_COMPUTE_BIT, 0, sizeof p.constants,
                           &p.constants);
        vkCmdDispatch(cmd,
                      (p.constants.vertices + shadergen::kVertexPrepassGroup - 1) /
                          shadergen::kVertexPrepassGroup,
                      1, 1);
    }
}

VkBuffer Rasterizer::compute_bins(ComputeBuffers& set, VkDeviceSize bytes) {
    if (set.bins.size < bytes) {
        if (set.bins) scheduler_.defer([this, old = set.bins]() mutable { factory_.destroy(old); });
        // Twice what is asked, so that growing draws reallocate rarely.
        set.bins = factory_.create_buffer(
            std::max<VkDeviceSize>(bytes * 2, 64 << 10),
            VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT |
                VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_INDIRECT_BUFFER_BIT,
            MemoryUsage::DeviceLocal, "compute raster bins");
    }
    return set.bins.buffer;
}

void Rasterizer::compute_barrier() {
    scheduler_.barrier();
    ++stats_.compute_raster_barriers;
}

void Rasterizer::release_held_raster(bool ordered, bool more) {
    if (!held_.held) return;
    held_.held = false;
    const HeldRaster& h = held_;
    // Its binning pass, the draw before's raster pass on the same target, and whatever else
    // wrote what it reads (the fills and transfers left open included).
    if (!ordered) compute_barrier();
    VkCommandBuffer cmd = scheduler_.cmd();
    {
        const ScopedPass pass(scheduler_, h.label);
        const VkPipelineLayout layout = pipelines_.compute_raster_layout();
        vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, h.pipeline);
        vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, layout, 0, 2, h.sets, 3,
                                h.offsets);
        vkCmdPushConstants(cmd, layout, VK_SHADER_STAGE_COMPUTE_BIT, 0, sizeof h.constants,
                           &h.constants);
        if (h.bins)
            vkCmdDispatchIndirect(cmd, h.bins, shadergen::kComputeRasterBinsDispatch * 4);
        else
            vkCmdDispatch(cmd, h.groups_x, h.groups_y, 1);
        // The drawn rectangle read and written once (where colour writes are on), with its depth
        // where tested (what textures give is not counted, as in the render passes). Binned, the
        // binning pass sizes the dispatch to the bins its triangles mark: the tiles it ran,
        // counted once read back with what the binning pass found (each pre-pass draw's cost,
        // for its next budget); the rectangle where no read-back slot was free. The header's
        // copy goes after the dispatch, beside it (both only read it), so that the raster pass
        // does not wait for it.
        const bool read_back =
            h.bins && feedback_.record(cmd, h.bins, std::span(h.keys.data(), h.draws),
                                       scheduler_.pass_kind(), h.tile_bytes);
        if (!read_back) scheduler_.pass_bytes(h.extent_bytes, h.extent_bytes);
    }
    if (!more) compute_barrier(); // what it drew, for every later use
}

void Rasterizer::record_compute_raster(const PendingBatch& b) {
    end_render_scope();
    ++stats_.host_draws;
    stats_.compute_raster_draws += b.draws;
    // The pixels the draw may write: the scissor rectangle, the viewport's (the clip volume's
    // x and y planes) and the target's, in host pixels.
    const DrawState& d = b.draw_state;
    const std::uint32_t n = surfaces_.scale();
    const float fn = static_cast<float>(n);
    const float vx = d.viewport_x * fn, vy = d.viewport_y * fn, vw = d.viewport_width * fn,
                vh = d.viewport_height * fn;
    // Pixel centres x + 0.5 inside [vx, vx + vw): x from ceil(vx - 0.5) to ceil(vx + vw - 0.5).
    const auto lo = [](float p, float q) {
        return static_cast<std::int32_t>(std::ceil(std::min(p, q) - 0.5f));
    };
    const auto hi = [](float p, float q) {
        return static_cast<std::int32_t>(std::ceil(std::max(p, q) - 0.5f));
    };
    std::int32_t area[4] = {
        std::max({lo(vx, vx + vw), static_cast<std::int32_t>(d.scissor_x0 * n), 0}),
        std::max({lo(vy, vy + vh), static_cast<std::int32_t>(d.scissor_y0 * n), 0}),
        std::min({hi(vx, vx + vw), static_cast<std::int32_t>(d.scissor_x1 * n),
                  static_cast<std::int32_t>(b.width * n)}),
        std::min({hi(vy, vy + vh), static_cast<std::int32_t>(d.scissor_y1 * n),
                  static_cast<std::int32_t>(b.height * n)})};
    // Within the vertices' rectangle, a pixel wider each way (the shader's own positions differ
    // from these in their last bits).
    area[0] = std::max(area[0], static_cast<std::int32_t>(std::floor(b.bounds[0])) - 1);
    area[1] = std::max(area[1], static_cast<std::int32_t>(std::floor(b.bounds[1])) - 1);
    area[2] = std::min(area[2], static_cast<std::int32_t>(std::ceil(b.bounds[2])) + 1);
    area[3] = std::min(area[3], static_cast<std::int32_t>(std::ceil(b.bounds[3])) + 1);
    if (area[2] <= area[0] || area[3] <= area[1]) return;
    if (!compute_descriptors_)
        compute_descriptors_ = std::make_unique<DescriptorAllocator>(
            device_, scheduler_, pipelines_.compute_raster_set_layout());
    const VkDescriptorSet set = compute_descriptors_->allocate();
    // The depth buffer's words (and stencil bytes), copied from its image if they are not
    // current (recorded before the dispatch); without a depth or stencil test a buffer of its
    // own fills the binding unread (the shader declares it written: any other buffer there, as
    // the vertex stream once was, would be written as far as synchronization knows, and a
    // pre-pass beside this draw's raster pass reads the stream: HeldRaster).
    const bool depth_test = d.depth_test && b.depth;
    const bool stencil_test = d.stencil_test && b.depth;
    const bool stencil_writes = stencil_test && d.stencil_write_mask != 0 &&
                                (d.stencil_fail | d.stencil_zfail | d.stencil_zpass) != 0;
    // The targets' pending fills (the colour buffer's through storage_view, the depth words'
    // here) left open, side by side, and beside this draw's zeroing and pre-pass (cmd_beside,
    // below): none touches what another writes.
    std::optional<SurfaceCache::OpenPassScope> open_fills(std::in_place, surfaces_);
    const VkBuffer depth_words = depth_test || stencil_test
                                     ? surfaces_.depth_words(*b.depth, stencil_test)
                                     : unused_words_.buffer;
    // Draws of more than one chunk are binned (shadergen::generate_compute_bin_glsl): masks for
    // each chunk and each bin of 32x32 pixels (4x4 small tiles), from the dispatch's origin.
    // Workgroups draw large tiles; the budget counts small ones (compute_raster_affordable).
    constexpr std::uint32_t t = shadergen::kComputeRasterLargeTile;
    const VkExtent2D extent{static_cast<std::uint32_t>(area[2] - area[0]),
                            static_cast<std::uint32_t>(area[3] - area[1])};
    const std::uint32_t groups_x = (extent.width + t - 1) / t;
    const std::uint32_t groups_y = (extent.height + t - 1) / t;
    const std::uint32_t triangles = b.indices / 3;
    const std::uint32_t chunks =
        (triangles + shadergen::kComputeRasterChunk - 1) / shadergen::kComputeRasterChunk;
    constexpr std::uint32_t bt =
        shadergen::kComputeRasterTile * shadergen::kComputeRasterBinTiles / t; // a bin's tiles
    // (A pre-pass draw is dispatched over the whole viewport: binned whatever its size, so that
    // the tiles its triangles miss find nothing.)
    const std::uint32_t bins_x =
        (chunks > 1 || b.prepass) && device_.compute_raster_bins() ? (groups_x + bt - 1) / bt : 0;
    const std::uint32_t bins_count = bins_x * ((groups_y + bt - 1) / bt);
    // The header and masks (zeroed before the binning pass), then from the next 16 bytes each
    // triangle's set-up record, which the binning pass writes whole.
    const VkDeviceSize mask_bytes =
        shadergen::kComputeRasterBinsHeader * 4 + VkDeviceSize{chunks} * bins_count * 8;
    const VkDeviceSize bin_bytes =
        (mask_bytes + 15) / 16 * 16 +
        VkDeviceSize{triangles} * shadergen::kComputeRasterSetupRecordBytes;
    const VkPipeline bin_pipeline = bins_x ? pipelines_.compute_bin_pipeline() : VK_NULL_HANDLE;
    // Draws with passes of their own take the next set of buffers (ComputeBuffers).
    const bool own_passes = bins_x || b.prepass;
    ComputeBuffers& own = compute_buffers_[compute_turn_];
    if (own_passes)
        compute_turn_ = (compute_turn_ + 1) % static_cast<std::uint32_t>(compute_buffers_.size());
    const VkBuffer bins = bins_x ? compute_bins(own, bin_bytes) : b.vertex_buffer;
    // The vertex pre-pass's records, or the CPU's in the vertex stream.
    const VkBuffer vertices =
        b.prepass ? compute_vertices(own, VkDeviceSize{b.vertices} * sizeof(OutputVertex))
                  : b.vertex_buffer;
    const VkDescriptorBufferInfo buffers[4] = {{vertices, 0, VK_WHOLE_SIZE},
                                               {b.index_buffer, 0, VK_WHOLE_SIZE},
                                               {depth_words, 0, VK_WHOLE_SIZE},
                                               {bins, 0, bins_x ? bin_bytes : VK_WHOLE_SIZE}};
    // (storage_view records a memory fill's clear still pending on the target first.)
    // (A draw that writes no colour reads none either: any r32ui view fills the binding.)
    const VkDescriptorImageInfo target{
        VK_NULL_HANDLE, b.color_writes ? surfaces_.storage_view(*b.color) : unused_storage_.view,
        VK_IMAGE_LAYOUT_GENERAL};
    open_fills.reset();
    VkWriteDescriptorSet w[5]{};
    for (std::uint32_t i = 0; i < 5; ++i) {
        w[i] = {VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET};
        w[i].dstSet = set;
        w[i].dstBinding = i;
        w[i].descriptorCount = 1;
        const bool image = i == shadergen::kComputeRasterColor;
        w[i].descriptorType =
            image ? VK_DESCRIPTOR_TYPE_STORAGE_IMAGE : VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
        if (image)
            w[i].pImageInfo = &target;
        else
            w[i].pBufferInfo = &buffers[i < 2 ? i : i - 1];
    }
    static_assert(shadergen::kComputeRasterVertices == 0 && shadergen::kComputeRasterIndices == 1 &&
                  shadergen::kComputeRasterColor == 2 && shadergen::kComputeRasterDepth == 3 &&
                  shadergen::kComputeRasterBins == 4);
    vkUpdateDescriptorSets(device_.device(), 5, w, 0, nullptr);

    shadergen::ComputeRasterConstants pc{};
    pc.viewport[0] = vx;
    pc.viewport[1] = vy;
    pc.viewport[2] = vw;
    pc.viewport[3] = vh;
    pc.depth_range[0] = d.depth_min;
    pc.depth_range[1] = d.depth_max;
    std::copy(std::begin(area), std::end(area), pc.area);
    pc.draw[0] = static_cast<std::uint32_t>(b.index_first / 4);
    pc.draw[1] = b.prepass ? 0u : static_cast<std::uint32_t>(b.vertex_first / sizeof(OutputVertex));
    pc.draw[2] = triangles;
    pc.draw[3] = d.cull_mode <= 2 ? d.cull_mode : 0;
    pc.blend_color = d.blend_color;
    pc.subpixel_bits = device_.properties().limits.subPixelPrecisionBits;
    if (depth_test) {
        pc.depth_test =
            (b.depth->image.format == VK_FORMAT_D16_UNORM ? shadergen::kComputeDepth16
                                                          : shadergen::kComputeDepth24) |
            static_cast<std::uint32_t>(d.depth_func & 7) << 4 |
            (d.depth_write ? shadergen::kComputeDepthWrite : 0u);
    }
    if (depth_test || stencil_test) pc.depth_pitch = b.depth->image.extent.width;
    if (stencil_test) {
        pc.stencil = std::uint32_t{d.stencil_ref} | std::uint32_t{d.stencil_compare_mask} << 8 |
                     std::uint32_t{d.stencil_write_mask} << 16 |
                     static_cast<std::uint32_t>(d.stencil_func & 7) << 24;
        pc.stencil_ops = static_cast<std::uint32_t>(d.stencil_fail & 7) |
                         static_cast<std::uint32_t>(d.stencil_zfail & 7) << 4 |
                         static_cast<std::uint32_t>(d.stencil_zpass & 7) << 8 |
                         shadergen::kComputeStencilTest;
        pc.stencil_base = SurfaceCache::stencil_words_base(*b.depth);
    }
    pc.bins_x = bins_x;
    pc.bins_count = bins_count;
    pc.lod_free = b.lod_free;

    const bool overlap = !device_.options().disable_raster_overlap;
    // The masks zeroed, and the vertices shaded, side by side. Into this draw's own buffers,
    // which no pass still running reads: beside the held raster pass of the draw before (and
    // that draw's binning pass), or the fills and transfers left open, with no barrier first.
    // (Without overlap: after every earlier pass, as before.)
    if (!overlap || (!own_passes && held_.held)) release_held_raster(false, true);
    if (!overlap) compute_barrier();
    VkCommandBuffer cmd = scheduler_.cmd_beside(Scheduler::kOpenSurfaces);
    if (bins_x) vkCmdFillBuffer(cmd, bins, 0, mask_bytes, 0);
    if (b.prepass) record_vertex_prepass(b, vertices);
    // One barrier for all: the zeroing and the pre-pass for this draw's binning pass, the
    // binning pass before for its held raster pass.
    if (own_passes) compute_barrier();
    release_held_raster(own_passes, true);
    const VkPipelineLayout layout = pipelines_.compute_raster_layout();
    const std::uint32_t offsets[3] = {static_cast<std::uint32_t>(b.uniform_first), b.blocks_offset,
                                      b.vertex_uniforms};
    const VkDescriptorSet sets[2] = {b.set, set};
    if (bins_x) {
        char label[96];
        std::snprintf(label, sizeof label, "compute raster bins (%u triangles, %u bins)", triangles,
                      bins_count);
        const ScopedPass pass(scheduler_, label);
        // The masks written (zeroed before), and the set-up records; each triangle's indices
        // and positions read.
        scheduler_.pass_bytes(std::uint64_t{triangles} * 3 * (4 + 16), bin_bytes);
        vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, bin_pipeline);
        vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, layout, 0, 2, sets, 3,
                                offsets);
        vkCmdPushConstants(cmd, layout, VK_SHADER_STAGE_COMPUTE_BIT, 0, sizeof pc, &pc);
        // At least 128 workgroups (copies of each, y), about one per multiprocessor of a large
        // GPU: a draw of a few large triangles has thousands of bins to mark.
        vkCmdDispatch(cmd, chunks, chunks ? std::clamp(128u / chunks, 1u, 32u) : 1u, 1);
        ++stats_.compute_raster_binned;
    }
    // The raster pass, held back (HeldRaster): its barrier comes with the next draw's.
    held_.held = true;
    held_.pipeline = b.pipeline;
    std::copy(std::begin(sets), std::end(sets), held_.sets);
    std::copy(std::begin(offsets), std::end(offsets), held_.offsets);
    held_.constants = pc;
    held_.bins = bins_x ? bins : VK_NULL_HANDLE;
    held_.groups_x = groups_x;
    held_.groups_y = groups_y;
    held_.draws = 0;
    if (bins_x && b.prepass)
        for (const PrepassDraw& p : prepass_draws_)
            if (held_.draws < held_.keys.size()) held_.keys[held_.draws++] = p.key;
    auto bytes = [&](VkExtent2D e) {
        const std::uint64_t c = b.color_writes ? region_bytes(b.color->image.format, e) : 0;
        return depth_test || stencil_test ? c + region_bytes(b.depth->image.format, e) : c;
    };
    held_.tile_bytes = bytes({t, t});
    held_.extent_bytes = bytes(extent);
    std::snprintf(held_.label, sizeof held_.label, "compute raster 0x%08x (%u triangles)",
                  (b.color ? b.color : b.depth)->params.address, triangles);
    if (!overlap) release_held_raster(false, false);
    if ((depth_test && d.depth_write) || stencil_writes)
        surfaces_.depth_words_drawn(*b.depth, area, stencil_writes);
    ++stats_.compute_raster_dispatches;
}

} // namespace picavk::vk
