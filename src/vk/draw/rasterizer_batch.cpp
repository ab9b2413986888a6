#include "vk/draw/rasterizer.h"

// Merged host draws (see Rasterizer::PendingBatch): joining a draw to the pending one, and
// recording it - rendering scope, pipeline, dynamic state, descriptors, one indexed draw.

#include "vk/device/device.h"
#include "vk/device/scheduler.h"

#include <algorithm>
#include <cstdio>
#include <cstring>

namespace picavk::vk {

namespace {
// (Set-ups summed over merged draws; a huge estimate must not wrap round to a small one.)
std::uint64_t saturating_sum(std::uint64_t a, std::uint64_t b) {
    return a + b < a ? ~std::uint64_t{0} : a + b;
}
} // namespace

bool Rasterizer::joins(const PendingBatch& next) const {
    const PendingBatch& p = pending_;
    // The GPU vertex path's graphics draws stay apart: their vertices carry no draw number, and
    // each reads its own program uniforms. The vertex pre-pass's merge with each other (one
    // pre-pass dispatch each, then one binning pass and one raster pass): the pre-pass writes
    // the draw number.
    if (p.prepass != next.prepass || (!next.prepass && (p.vertex_path || next.vertex_path)))
        return false;
    // Compare-and-swap shadow writes stay apart (docs/research/shadow.md 3.3: a depth write and
    // an intensity write racing to one pixel would not be in primitive order).
    if (next.storage_apart && !(p.storage_apart && p.uniform_hash == next.uniform_hash))
        return false;
    if (!(p.open && p.draws < kMaxMergedDraws && p.color == next.color && p.depth == next.depth &&
          p.storage_write == next.storage_write && p.width == next.width &&
          p.height == next.height && p.pipeline == next.pipeline &&
          p.ubershader == next.ubershader &&
          (!p.ubershader || std::memcmp(&p.uber, &next.uber, sizeof p.uber) == 0) &&
          p.set == next.set && p.draw_state == next.draw_state &&
          p.blocks_offset == next.blocks_offset && p.compute == next.compute))
        return false;
    // A merged dispatch covers both rectangles, and sets up both draws' triangles.
    return !p.compute ||
           compute_raster_affordable(
               {std::min(p.bounds[0], next.bounds[0]), std::min(p.bounds[1], next.bounds[1]),
                std::max(p.bounds[2], next.bounds[2]), std::max(p.bounds[3], next.bounds[3])},
               (p.indices + next.indices) / 3, saturating_sum(p.setups, next.setups), p.width,
               p.height);
}

Rasterizer::Appended Rasterizer::append(const PendingBatch& next, VkDeviceSize vertex_bytes,
                                        VkDeviceSize index_bytes, VkDeviceSize uniform_bytes,
                                        VkDeviceSize uniform_alignment) {
    // (A pre-pass draw's vertex bytes are its attributes; its records are counted in `next`.)
    const auto vertex_count =
        next.prepass ? next.vertices
                     : static_cast<std::uint32_t>(vertex_bytes / sizeof(pica::OutputVertex));
    const auto index_count = static_cast<std::uint32_t>(index_bytes / 4);
    if (joins(next)) {
        // Back to back with the pending draw's data, or not at all (the ring wrapped).
        auto v = vertices_.extend(vertex_bytes, pending_.vertex_end);
        auto i = v ? indices_.extend(index_bytes, pending_.index_end) : std::nullopt;
        auto u = i ? uniforms_.extend(uniform_bytes, pending_.uniform_end) : std::nullopt;
        if (u) {
            const Appended a{v->data, i->data, u->data, pending_.draws, pending_.vertices};
            if (pending_.compute) // the union of the merged draws' rectangles
                pending_.bounds = {std::min(pending_.bounds[0], next.bounds[0]),
                                   std::min(pending_.bounds[1], next.bounds[1]),
                                   std::max(pending_.bounds[2], next.bounds[2]),
                                   std::max(pending_.bounds[3], next.bounds[3])};
            pending_.setups = saturating_sum(pending_.setups, next.setups);
            pending_.vertex_end += vertex_bytes;
            pending_.index_end += index_bytes;
            pending_.uniform_end += uniform_bytes;
            pending_.vertices += vertex_count;
            pending_.indices += index_count;
            ++pending_.draws;
            return a;
        }
    }
    flush_batch();
    submit_if_idle();
    // Whole vertices from the buffer's start: the draw names its first by vertexOffset, so the
    // buffer stays bound from one host draw to the next.
    const StreamSpan v = vertices_.allocate(vertex_bytes, sizeof(pica::OutputVertex));
    const StreamSpan i = indices_.allocate(index_bytes, 4);
    // The descriptor's range covers the most entries a host draw takes.
    const StreamSpan u = uniforms_.allocate(uniform_bytes, uniform_alignment, kUniformRange);
    pending_ = next;
    pending_.open = true;
    pending_.vertex_buffer = v.buffer;
    pending_.vertex_first = v.offset;
    pending_.vertex_end = v.offset + vertex_bytes;
    pending_.index_buffer = i.buffer;
    pending_.index_first = i.offset;
    pending_.index_end = i.offset + index_bytes;
    pending_.uniform_first = u.offset;
    pending_.uniform_end = u.offset + uniform_bytes;
    pending_.vertices = vertex_count;
    pending_.indices = index_count;
    pending_.draws = 1;
    return {v.data, i.data, u.data, 0, 0};
}

void Rasterizer::begin_rendering(Surface* color, Surface* depth, std::uint32_t width,
                                 std::uint32_t height, bool shadow) {
    if (rendering_ && color_ == color && depth_ == depth && rendering_shadow_ == shadow) return;
    end_rendering();
    // What compute draws wrote into the depth buffer's words goes into the image first (the
    // scope ended above: the copy is recorded outside it).
    if (depth) surfaces_.settle_depth_words(*depth);
    // Shadow mode: the target is a storage image, so the scope has no attachment at all.
    const Surface* attached = shadow ? nullptr : color;
    VkCommandBuffer cmd = scheduler_.cmd();
    const std::uint32_t n = surfaces_.scale();
    VkRenderingAttachmentInfo ca{VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO};
    VkRenderingAttachmentInfo da{VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO};
    // The render area is the whole of both targets (their sizes are the framebuffer's), so a
    // memory fill's pending clear is done here (Surface::pending_clear): no load, no clear pass.
    std::uint64_t loaded_bytes = 0;
    const VkExtent2D extent{width * n, height * n};
    if (attached) {
        ca.imageView = attached->image.view;
        ca.imageLayout = VK_IMAGE_LAYOUT_GENERAL;
        ca.loadOp = surfaces_.take_pending_clear(*color, ca.clearValue)
                        ? VK_ATTACHMENT_LOAD_OP_CLEAR
                        : VK_ATTACHMENT_LOAD_OP_LOAD;
        ca.storeOp = VK_ATTACHMENT_STORE_OP_STORE;
        if (ca.loadOp == VK_ATTACHMENT_LOAD_OP_LOAD)
            loaded_bytes += region_bytes(color->image.format, extent);
    }
    if (depth) {
        da.imageView = depth->image.view;
        da.imageLayout = VK_IMAGE_LAYOUT_GENERAL;
        da.loadOp = surfaces_.take_pending_clear(*depth, da.clearValue)
                        ? VK_ATTACHMENT_LOAD_OP_CLEAR
                        : VK_ATTACHMENT_LOAD_OP_LOAD;
        da.storeOp = VK_ATTACHMENT_STORE_OP_STORE;
        if (da.loadOp == VK_ATTACHMENT_LOAD_OP_LOAD)
            loaded_bytes += region_bytes(depth->image.format, extent);
    }
    VkRenderingInfo ri{VK_STRUCTURE_TYPE_RENDERING_INFO};
    ri.renderArea = {{0, 0}, extent};
    ri.layerCount = 1;
    ri.colorAttachmentCount = attached ? 1 : 0;
    ri.pColorAttachments = &ca;
    ri.pDepthAttachment = depth ? &da : nullptr;
    ri.pStencilAttachment =
        (depth && (depth->image.aspect & VK_IMAGE_ASPECT_STENCIL_BIT)) ? &da : nullptr;
    char label[96];
    std::snprintf(label, sizeof label, "render pass %s 0x%08x depth 0x%08x",
                  shadow ? "shadow buffer" : "colour", color ? color->params.address : 0,
                  depth ? depth->params.address : 0);
    scheduler_.begin_pass(label);
    // Each target loaded (unless cleared) and stored once (shadow buffers: read and written
    // through the storage image); what draws sample from textures is not counted.
    std::uint64_t target_bytes = 0;
    if (color) target_bytes += region_bytes(color->image.format, extent);
    if (depth) target_bytes += region_bytes(depth->image.format, extent);
    if (color && !attached) loaded_bytes += region_bytes(color->image.format, extent);
    scheduler_.pass_bytes(loaded_bytes, target_bytes);
    vkCmdBeginRendering(cmd, &ri);
    rendering_ = true;
    rendering_shadow_ = shadow;
    color_ = color;
    depth_ = depth;
    ++stats_.render_passes;
}

void Rasterizer::submit_if_idle() {
    if (!device_.idle_submits() || last_draw_before_submission_ != scheduler_.submissions()) return;
    // Counted since the last submission of another kind (a frame's end, a read-back).
    if (scheduler_.submissions() != submissions_after_idle_) idle_submits_in_row_ = 0;
    if (idle_submits_in_row_ >= kIdleSubmitsInRow || !scheduler_.idle()) return;
    ++idle_submits_in_row_;
    ++stats_.idle_submissions;
    scheduler_.submit(); // (ends the rendering scope and records the held raster pass first)
    submissions_after_idle_ = scheduler_.submissions();
}

void Rasterizer::flush_batch() {
    if (!pending_.open) return;
    const PendingBatch b = pending_;
    pending_.open = false;
    last_draw_before_submission_ = scheduler_.submissions();
    if (b.compute) {
        record_compute_raster(b);
        return;
    }
    release_held_raster(false, false); // a compute draw's, before this draw on its targets
    begin_rendering(b.color, b.depth, b.width, b.height, b.storage_write != 0);
    VkCommandBuffer cmd = scheduler_.cmd();
    // A label per host draw only where asked for (Device::draw_labels): each is two more
    // commands, and lavapipe allocates every command it records.
    const bool labelled = device_.draw_labels();
    if (labelled) {
        char label[64];
        std::snprintf(label, sizeof label, "draws %llu-%llu (%u triangles)",
                      static_cast<unsigned long long>(stats_.draws - b.draws),
                      static_cast<unsigned long long>(stats_.draws - 1), b.indices / 3);
        scheduler_.begin_pass(label);
    }
    if (b.pipeline != bound_.pipeline) {
        vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, b.pipeline);
        bound_.pipeline = b.pipeline;
    }
    if (b.ubershader)
        vkCmdPushConstants(cmd, pipelines_.layout(), VK_SHADER_STAGE_FRAGMENT_BIT, 0, sizeof b.uber,
                           &b.uber);
    if (!bound_.has_draw_state || !(bound_.draw_state == b.draw_state)) {
        set_dynamic_state(cmd, b.draw_state, b.color ? b.color : b.depth);
        bound_.draw_state = b.draw_state;
        bound_.has_draw_state = true;
    }
    // Dynamic offsets in binding order: 0 (fragment uniforms), 6 (lighting), 9 (the vertex
    // program's uniforms; any valid offset on the CPU path, whose vertex shader reads none).
    const std::uint32_t offsets[3] = {static_cast<std::uint32_t>(b.uniform_first), b.blocks_offset,
                                      b.vertex_uniforms};
    vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, pipelines_.layout(), 0, 1, &b.set,
                            3, offsets);
    // Buffers are bound at their start and stay bound while the next host draw's data is in the
    // same buffer; firstIndex and vertexOffset name where this one's begins.
    std::int32_t vertex_offset = 0;
    if (b.vertex_path) {
        VkBuffer buffers[pica::VertexLayout::kBuffers];
        std::fill(std::begin(buffers), std::end(buffers), b.vertex_buffer);
        vkCmdBindVertexBuffers(cmd, 0, b.bindings, buffers, b.binding_offset.data());
        bound_.vertex_buffer = VK_NULL_HANDLE;
    } else {
        if (bound_.vertex_buffer != b.vertex_buffer) {
            const VkDeviceSize zero = 0;
            vkCmdBindVertexBuffers(cmd, 0, 1, &b.vertex_buffer, &zero);
            bound_.vertex_buffer = b.vertex_buffer;
        }
        vertex_offset = static_cast<std::int32_t>(b.vertex_first / sizeof(pica::OutputVertex));
    }
    if (bound_.index_buffer != b.index_buffer) {
        vkCmdBindIndexBuffer(cmd, b.index_buffer, 0, VK_INDEX_TYPE_UINT32);
        bound_.index_buffer = b.index_buffer;
    }
    vkCmdDrawIndexed(cmd, b.indices, 1, static_cast<std::uint32_t>(b.index_first / 4),
                     vertex_offset, 0);
    if (labelled) scheduler_.end_pass();
    ++stats_.host_draws;
    // The next draw may read what this one wrote through the storage image: end the scope (its
    // barrier orders them). Under the interlock, draws keep primitive order by themselves.
    if (b.storage_apart) end_rendering();
}

} // namespace picavk::vk
