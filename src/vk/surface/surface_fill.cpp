#include "vk/surface/surface_cache.h"

// Memory fills over cached surfaces. Where one render target spans exactly the fill's bytes
// and the fill gives its every pixel one value (a frame's clear of its colour or depth buffer),
// the GPU clears it and the CPU fill is left out: guest memory gets the fill's bytes only if the
// CPU side asks for them before anything is drawn there (Surface::guest_fill), as it gets what
// draws write. Otherwise the CPU fill runs, and the surfaces it touches are then brought up to
// date on the GPU where the fill gives every pixel of a region one value:
//  - a surface the fill covers wholly is cleared (in sync with guest memory, no upload);
//  - a tiled surface the fill covers in whole rows of tiles (8x8 blocks: contiguous pixel rows
//    of the image) has those rows cleared, and keeps what the GPU held newer elsewhere;
//  - any other surface it touches is written back first if the GPU held it newer, and reloaded
//    from guest memory at its next use.

#include "pica/texture/texture_codec.h"
#include "vk/device/barriers.h"
#include "vk/device/device.h"
#include "vk/device/scheduler.h"

#include <algorithm>
#include <cmath>
#include <cstring>

namespace picavk::vk {

using pica::PAddr;

namespace {

bool covers(PAddr start, PAddr end, const Surface& s) {
    return start <= s.params.address && end >= s.end();
}

std::uint32_t bytes_per_pixel(const SurfaceParams& p) {
    return static_cast<std::uint32_t>(p.guest_bytes() / (std::size_t{p.width} * p.height));
}

// The byte the fill writes at `address` (run_memory_fill: the pattern repeats from the start).
std::uint8_t fill_byte(const pica::MemoryFillRegs& f, PAddr address) {
    const std::uint32_t width = (f.control >> 8) & 3;
    const std::uint32_t unit = (width & 1) ? 3 : width == 2 ? 4 : 2;
    return static_cast<std::uint8_t>(f.value >> (8 * ((address - (f.start << 3)) % unit)));
}

} // namespace

namespace {
// The fill's pixel as the surface's clear value (colour: the format decoded to RGBA; depth: the
// value over the format's range, or in a float image depth24_to_float's, and the stencil byte
// of D24S8).
VkClearValue clear_value(const Surface& s, const std::uint8_t* pixel) {
    const SurfaceParams& p = s.params;
    VkClearValue v{};
    if (p.kind == SurfaceKind::Color) {
        const auto fmt = static_cast<pica::ColorFormat>(p.format);
        const pica::Rgba8 c = pica::decode_texel(pica::texture_format(fmt), pixel);
        v.color.float32[0] = c.r / 255.0f;
        v.color.float32[1] = c.g / 255.0f;
        v.color.float32[2] = c.b / 255.0f;
        v.color.float32[3] = c.a / 255.0f;
        return v;
    }
    const auto fmt = static_cast<pica::DepthFormat>(p.format);
    std::uint32_t raw = 0;
    std::memcpy(&raw, pixel,
                fmt == pica::DepthFormat::D16   ? 2
                : fmt == pica::DepthFormat::D24 ? 3
                                                : 4);
    const std::uint32_t depth = fmt == pica::DepthFormat::D16 ? raw & 0xFFFF : raw & 0xFFFFFF;
    v.depthStencil = {s.image.format == VK_FORMAT_D32_SFLOAT_S8_UINT
                          ? depth24_to_float(depth)
                          : unorm_depth_clear_value(depth, fmt == pica::DepthFormat::D16),
                      fmt == pica::DepthFormat::D24S8 ? raw >> 24 : 0};
    return v;
}
} // namespace

std::optional<SurfaceCache::FillRegion> SurfaceCache::fill_region(const Surface& s,
                                                                  const pica::MemoryFillRegs& f) {
    const PAddr start = f.start << 3, end = f.end << 3;
    const SurfaceParams& p = s.params;
    if (p.kind == SurfaceKind::Texture || !overlaps_range(start, end, s)) return std::nullopt;
    FillRegion r;
    if (covers(start, end, s)) {
        r.rows = p.height;
    } else {
        // Whole tile rows of an 8x8-tiled target (linear surfaces: whole pixel rows).
        if (p.block != pica::BlockSize::k8x8 && !p.linear) return std::nullopt;
        const std::uint32_t bpp = bytes_per_pixel(p);
        const std::uint64_t row = std::uint64_t{p.width} * bpp * (p.linear ? 1 : 8);
        const std::uint64_t a = std::max(start, p.address) - p.address;
        const std::uint64_t b = std::min<std::uint64_t>(end, s.end()) - p.address;
        if (a % row || (b % row && b != p.guest_bytes())) return std::nullopt;
        const std::uint32_t unit_rows = p.linear ? 1 : 8;
        r.y0 = static_cast<std::uint32_t>(a / row) * unit_rows;
        r.rows = static_cast<std::uint32_t>((b - a) / row) * unit_rows;
    }
    // One value in every pixel of the region: the pattern, from where the region starts,
    // repeats with the pixel size (a 16-bit fill of an RGBA8 target does; a 24-bit one does not).
    const std::uint32_t bpp = bytes_per_pixel(p);
    const std::uint64_t row_bytes = std::uint64_t{p.width} * bpp * (p.linear ? 1 : 8);
    const PAddr at =
        p.address + static_cast<PAddr>(std::uint64_t{r.y0} / (p.linear ? 1 : 8) * row_bytes);
    for (std::uint32_t i = 0; i < bpp; ++i) {
        r.pixel[i] = fill_byte(f, at + i);
        for (std::uint32_t k = 1; k < 4; ++k)
            if (fill_byte(f, at + k * bpp + i) != r.pixel[i]) return std::nullopt;
    }
    return r;
}

bool SurfaceCache::overlaps_range(PAddr start, PAddr end, const Surface& s) {
    return start < s.end() && s.params.address < end;
}

bool SurfaceCache::before_fill(const pica::MemoryFillRegs& f) {
    const PAddr start = f.start << 3, end = f.end << 3;
    const SurfaceList found = overlapping(start, end);
    for (Surface* s : found) {
        // A pending clear the fill covers is replaced; one it covers in part is needed first.
        if (!covers(start, end, *s)) settle(*s);
        if (s->gpu_newer && !covers(start, end, *s) && !fill_region(*s, f)) writeback(*s);
    }
    // Guest memory can wait where one render target holds every byte of the fill: the CPU
    // fill of a 400x240 frame's colour and depth buffers writes 0.75 MB a frame (on a 3D
    // frame twice that), which the next draw into them makes stale again.
    if (found.size() != 1) return false;
    const Surface& s = **found.begin();
    return s.params.kind != SurfaceKind::Texture && s.params.address == start && s.end() == end &&
           fill_region(s, f).has_value();
}

void SurfaceCache::after_fill(const pica::MemoryFillRegs& f, bool held) {
    const PAddr start = f.start << 3, end = f.end << 3;
    // The fill's passes left open (a frame's colour and depth fills, one from each of the two
    // fill units, go side by side, and beside the first draw's pre-pass).
    const OpenPassScope open(*this);
    for (Surface* surface : overlapping(start, end)) {
        Surface& s = *surface;
        const std::optional<FillRegion> r = fill_region(s, f);
        const bool whole = covers(start, end, s);
        // The whole image takes the fill: depth words the compute rasteriser held are stale
        // (given the fill below where it is one value); a partial fill settled them (before_fill).
        if (whole) forget_depth_words(s);
        // Partly filled, and the rest of the image is stale: reloaded whole at the next use.
        if (!r || (!whole && s.guest_newer)) {
            s.gpu_newer = false;
            s.guest_newer = true;
            continue;
        }
        const VkClearValue value = clear_value(s, r->pixel);
        if (whole && s.params.kind != SurfaceKind::Texture && device_.render_pass_clears()) {
            // Left to the next render pass on it (or the next other use): most fills clear a
            // target that the frame's first draw then renders to. Draws held back before the
            // fill are recorded first, and the rendering scope ends, so the next draw begins a
            // new one that clears.
            if (before_transfer_) before_transfer_();
            s.pending_clear = true;
            list_unsettled(s);
            ++changes_; // render_target settles other surfaces' clears
            s.pending_clear_value = value;
        } else if (whole && fills_depth_words_alone(s)) {
            // A depth buffer the compute rasteriser draws in (it has words): the words take the
            // fill, and the image, left as it was, gets them back only if something else uses
            // it (settle, as after compute draws). On an H200 the image's clear ran at its ROP
            // rate, 0.46 ms for a 1920x3200 D24S8 target, the words' fill 0.01 ms: a frame
            // the compute rasteriser draws whole never touches the image.
            fill_depth_words(s, value.depthStencil.depth, value.depthStencil.stencil, true);
        } else if (whole && defers_depth_fill(s)) {
            // A depth buffer without words, where render passes do not clear: the clear waits
            // for the buffer's next use. A compute draw's words take the value then, the image
            // untouched (depth_words); a render pass clears it by its load op; anything else
            // settles it. On an H200 the image's clear ran at its ROP rate, 0.49 ms a frame in
            // cubemap at scale 8, whose draws never test depth: its buffer is never touched.
            if (before_transfer_) before_transfer_();
            s.pending_clear = true;
            list_unsettled(s);
            ++changes_;
            s.pending_clear_value = value;
        } else {
            clear_rows(s, r->y0, r->rows, value);
            // A frame the compute rasteriser draws whole never copies its depth from the image.
            if (whole && s.depth_words)
                fill_depth_words(s, value.depthStencil.depth, value.depthStencil.stencil, false);
        }
        if (whole && held) {
            // Guest memory lacks the fill: the image holds it newer, and textures made from the
            // surface's bytes are stale (as after a draw).
            mark_written(s);
            s.guest_fill = f;
            s.guest_fill_written = s.written;
            s.guest_newer = false;
            ++stats_.fill_clears;
            ++stats_.fills_off_guest;
        } else if (whole) {
            s.gpu_newer = false;
            s.guest_newer = false;
            s.guest_fill.reset();
            ++stats_.fill_clears;
        } else {
            s.written = ++write_clock_; // textures made from its bytes are stale
            ++stats_.partial_fill_clears;
        }
    }
}

void SurfaceCache::settle(Surface& s) {
    settle_depth_words(s);
    if (!s.pending_clear) return;
    drop_pending_clear(s);
    clear_rows(s, 0, s.params.height, s.pending_clear_value);
}

void SurfaceCache::drop_pending_clear(Surface& s) {
    forget_depth_words(s);
    if (!s.pending_clear) return;
    s.pending_clear = false;
    unlist_if_settled(s);
}

void SurfaceCache::list_unsettled(Surface& s) {
    if (std::find(unsettled_.begin(), unsettled_.end(), &s) == unsettled_.end())
        unsettled_.push_back(&s);
}

void SurfaceCache::unlist_if_settled(Surface& s) {
    if (!s.pending_clear && !s.words_current) std::erase(unsettled_, &s);
}

void SurfaceCache::settle_overlapping(PAddr start, PAddr end) {
    for (std::size_t i = unsettled_.size(); i-- > 0;)
        if (i < unsettled_.size() && overlaps_range(start, end, *unsettled_[i]))
            settle(*unsettled_[i]);
}

void SurfaceCache::settle_all() {
    while (!unsettled_.empty())
        settle(*unsettled_.back());
}

bool SurfaceCache::take_pending_clear(Surface& s, VkClearValue& value) {
    if (!s.pending_clear) return false;
    drop_pending_clear(s);
    value = s.pending_clear_value;
    ++stats_.render_pass_clears;
    return true;
}

void SurfaceCache::clear_rows(Surface& s, std::uint32_t y0, std::uint32_t rows,
                              const VkClearValue& value) {
    const SurfaceParams& p = s.params;
    if (before_transfer_) before_transfer_();
    const PassBarriers barriers = open_pass_barriers({{&s, false, true}});
    const VkRect2D area{{0, static_cast<std::int32_t>(y0 * s.scale)},
                        {p.width * s.scale, rows * s.scale}};
    if (s.storage && compute_target(s)) {
        // The host pixel's four bytes, R lowest (the r32ui view's word).
        std::uint32_t word = 0;
        for (int i = 0; i < 4; ++i)
            word |= static_cast<std::uint32_t>(std::lround(value.color.float32[i] * 255.0f))
                    << (8 * i);
        compute_.fill(storage_view(s), area, word, barriers);
        leave_pass_open(barriers);
        ++stats_.compute_passes;
        return;
    }
    if (barriers.before) scheduler_.barrier();
    VkCommandBuffer cmd = scheduler_.cmd_beside(Scheduler::kOpenSurfaces);
    scheduler_.begin_pass("memory fill");
    scheduler_.pass_bytes(0, region_bytes(s.image.format, area.extent));
    // A whole surface is cleared with the clear commands: no rendering scope, and the driver
    // may clear by its fastest means. (Depth fills on an H200 run at its ROP rate here, 0.46 ms
    // for a 1920x3200 D24S8 target. No depth format can be a storage image, and copying the
    // value from a buffer in 64-row bands, depth and stencil aspects, measured slower there:
    // 0.76 ms.) Rows are a render pass's area: it can be part of an image.
    // (DeviceOptions::disable_clear_commands: always a render pass, the earlier way.)
    if (y0 == 0 && rows == p.height && !device_.options().disable_clear_commands) {
        const VkImageSubresourceRange range{s.image.aspect, 0, 1, 0, 1};
        if (p.kind == SurfaceKind::Color)
            vkCmdClearColorImage(cmd, s.image.image, VK_IMAGE_LAYOUT_GENERAL, &value.color, 1,
                                 &range);
        else
            vkCmdClearDepthStencilImage(cmd, s.image.image, VK_IMAGE_LAYOUT_GENERAL,
                                        &value.depthStencil, 1, &range);
    } else {
        VkRenderingAttachmentInfo a{VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO};
        a.imageView = s.image.view;
        a.imageLayout = VK_IMAGE_LAYOUT_GENERAL;
        a.loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR;
        a.storeOp = VK_ATTACHMENT_STORE_OP_STORE;
        a.clearValue = value;
        VkRenderingInfo ri{VK_STRUCTURE_TYPE_RENDERING_INFO};
        ri.renderArea = area;
        ri.layerCount = 1;
        if (p.kind == SurfaceKind::Color) {
            ri.colorAttachmentCount = 1;
            ri.pColorAttachments = &a;
        } else {
            ri.pDepthAttachment = &a;
            if (s.image.aspect & VK_IMAGE_ASPECT_STENCIL_BIT) ri.pStencilAttachment = &a;
        }
        vkCmdBeginRendering(cmd, &ri);
        vkCmdEndRendering(cmd);
    }
    scheduler_.end_pass();
    if (barriers.after) scheduler_.barrier();
    leave_pass_open(barriers);
}

} // namespace picavk::vk
