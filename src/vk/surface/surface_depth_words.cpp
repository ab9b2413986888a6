#include "vk/surface/surface_cache.h"

// The compute rasteriser's depth (Surface::depth_words). A compute shader cannot write a depth
// image, so a depth buffer that compute draws test keeps its depth aspect in a storage buffer as
// well: copied from the image at the first such draw, drawn into by the dispatches, and copied
// back only when something else uses the image (SurfaceCache::settle, a render pass on it). A
// frame drawn wholly by the compute rasteriser (a memory fill, compute draws, a display
// transfer of the colour) copies nothing: the fill gives the words its value too.
//
// A D24S8 buffer's stencil aspect follows the depth words, a byte per pixel in the same order
// (stencil_words_base()): copied from the image only for a draw that tests stencil
// (Surface::stencil_current), and back only where a dispatch wrote stencil
// (Surface::stencil_newer). The shader updates a byte with an atomic XOR of its
// own bits, as D16's halves, since four pixels share a word.

#include "vk/device/barriers.h"
#include "vk/device/device.h"
#include "vk/device/scheduler.h"

#include <algorithm>
#include <climits>
#include <cmath>
#include <cstdio>

namespace picavk::vk {

namespace {
// Bytes a pixel takes in the words: the depth aspect's size in a buffer copy (D16 two bytes,
// D24S8 four: Vulkan's "depth/stencil buffer copies" layout).
std::uint32_t word_bytes(VkFormat f) {
    return f == VK_FORMAT_D16_UNORM ? 2 : 4;
}
bool has_stencil(VkFormat f) {
    return f == VK_FORMAT_D24_UNORM_S8_UINT;
}
// The formats whose depth the words hold as the image does (a fill's value among them): the
// unsigned-normalised ones.
bool unorm_depth(VkFormat f) {
    return f == VK_FORMAT_D16_UNORM || f == VK_FORMAT_D24_UNORM_S8_UINT;
}
} // namespace

VkBuffer SurfaceCache::depth_words(Surface& s, bool stencil) {
    const bool has = has_stencil(s.image.format);
    stencil = stencil && has;
    if (s.words_current && (s.stencil_current || !stencil)) return s.depth_words.buffer;
    // A clear still pending goes into the words alone where they hold depth as the image does
    // (defers_depth_fill), else into the image, then into the words. (Current words - only the
    // stencil to load - have no clear pending: a fill that leaves one forgets them.)
    const bool fill_pending =
        !s.words_current && s.pending_clear && defers_depth_fill(s) && unorm_depth(s.image.format);
    if (!s.words_current && !fill_pending) settle(s);
    if (before_transfer_) before_transfer_();
    const VkExtent2D e = s.image.extent;
    const std::uint32_t bpp = word_bytes(s.image.format);
    const VkDeviceSize pixels = VkDeviceSize{e.width} * e.height;
    if (!s.depth_words) {
        // D16's halves and the stencil bytes fill whole words: the width is a multiple of 8 at
        // any scale.
        const VkDeviceSize bytes = (pixels * (bpp + (has ? 1 : 0)) + 3) & ~VkDeviceSize{3};
        char name[64];
        std::snprintf(name, sizeof name, "depth words 0x%08x", s.params.address);
        s.depth_words = factory_.create_buffer(bytes,
                                               VK_BUFFER_USAGE_STORAGE_BUFFER_BIT |
                                                   VK_BUFFER_USAGE_TRANSFER_SRC_BIT |
                                                   VK_BUFFER_USAGE_TRANSFER_DST_BIT,
                                               MemoryUsage::DeviceLocal, name);
    }
    if (fill_pending) {
        const VkClearValue value = s.pending_clear_value;
        drop_pending_clear(s);
        fill_depth_words(s, value.depthStencil.depth, value.depthStencil.stencil, true);
        return s.depth_words.buffer;
    }
    // The depth where the words are not current; the stencil where this draw tests it and the
    // bytes are not current (the words may be, and newer: their depth stays).
    const bool depth = !s.words_current;
    stencil = stencil && !s.stencil_current;
    VkCommandBuffer cmd = scheduler_.cmd();
    barrier_all(cmd);
    {
        const ScopedPass pass(scheduler_, "depth words: copy from the image");
        const std::uint64_t bytes = pixels * ((depth ? bpp : 0) + (stencil ? 1 : 0));
        scheduler_.pass_bytes(bytes, bytes);
        VkBufferImageCopy regions[2]{};
        std::uint32_t count = 0;
        if (depth) {
            regions[count].imageSubresource = {VK_IMAGE_ASPECT_DEPTH_BIT, 0, 0, 1};
            regions[count++].imageExtent = {e.width, e.height, 1};
        }
        if (stencil) {
            regions[count].bufferOffset = VkDeviceSize{stencil_words_base(s)} * 4;
            regions[count].imageSubresource = {VK_IMAGE_ASPECT_STENCIL_BIT, 0, 0, 1};
            regions[count++].imageExtent = {e.width, e.height, 1};
        }
        vkCmdCopyImageToBuffer(cmd, s.image.image, VK_IMAGE_LAYOUT_GENERAL, s.depth_words.buffer,
                               count, regions);
    }
    barrier_all(cmd);
    if (depth) {
        s.words_current = true;
        s.words_newer = s.stencil_newer = false;
        s.stencil_current = false;
    }
    s.stencil_current |= stencil;
    list_unsettled(s);
    ++stats_.depth_word_loads;
    return s.depth_words.buffer;
}

void SurfaceCache::depth_words_drawn(Surface& s, const std::int32_t area[4], bool stencil) {
    if (!s.words_newer) s.words_dirty = {INT_MAX, INT_MAX, INT_MIN, INT_MIN};
    s.words_newer = true;
    s.stencil_newer |= stencil;
    std::array<std::int32_t, 4>& d = s.words_dirty;
    d = {std::min(d[0], area[0]), std::min(d[1], area[1]), std::max(d[2], area[2]),
         std::max(d[3], area[3])};
}

void SurfaceCache::store_depth_words(Surface& s) {
    if (!s.depth_words) return;
    if (before_transfer_) before_transfer_(); // held-back dispatches may write the words
    if (!s.words_newer) return;
    const bool stencil = s.stencil_newer;
    s.words_newer = s.stencil_newer = false;
    const VkExtent2D e = s.image.extent;
    const std::uint32_t bpp = word_bytes(s.image.format);
    // The rectangle the dispatches wrote, in the image; D16 from an even column (a copy's buffer
    // offset is a multiple of 4 for depth formats).
    std::int32_t x0 = std::max(s.words_dirty[0], 0), y0 = std::max(s.words_dirty[1], 0);
    const std::int32_t x1 = std::min(s.words_dirty[2], static_cast<std::int32_t>(e.width));
    const std::int32_t y1 = std::min(s.words_dirty[3], static_cast<std::int32_t>(e.height));
    if (bpp == 2) x0 &= ~1;
    if (x1 <= x0 || y1 <= y0) return;
    const auto w = static_cast<std::uint32_t>(x1 - x0), h = static_cast<std::uint32_t>(y1 - y0);
    // The stencil bytes from a column that is a multiple of 4 (the copy's buffer offset).
    const std::int32_t sx0 = x0 & ~3;
    const auto sw = static_cast<std::uint32_t>(x1 - sx0);
    VkCommandBuffer cmd = scheduler_.cmd();
    barrier_all(cmd);
    {
        const ScopedPass pass(scheduler_, "depth words: copy back to the image");
        const std::uint64_t bytes =
            std::uint64_t{w} * h * bpp + (stencil ? std::uint64_t{sw} * h : 0);
        scheduler_.pass_bytes(bytes, bytes);
        const auto row = [&](std::int32_t x) {
            return VkDeviceSize{static_cast<std::uint32_t>(y0)} * e.width +
                   static_cast<std::uint32_t>(x);
        };
        VkBufferImageCopy regions[2]{};
        regions[0].bufferOffset = row(x0) * bpp;
        regions[0].bufferRowLength = e.width;
        regions[0].imageSubresource = {VK_IMAGE_ASPECT_DEPTH_BIT, 0, 0, 1};
        regions[0].imageOffset = {x0, y0, 0};
        regions[0].imageExtent = {w, h, 1};
        regions[1] = regions[0];
        regions[1].bufferOffset = VkDeviceSize{stencil_words_base(s)} * 4 + row(sx0);
        regions[1].imageSubresource.aspectMask = VK_IMAGE_ASPECT_STENCIL_BIT;
        regions[1].imageOffset = {sx0, y0, 0};
        regions[1].imageExtent = {sw, h, 1};
        vkCmdCopyBufferToImage(cmd, s.depth_words.buffer, s.image.image, VK_IMAGE_LAYOUT_GENERAL,
                               stencil ? 2 : 1, regions);
    }
    barrier_all(cmd);
    ++stats_.depth_word_stores;
}

void SurfaceCache::forget_depth_words(Surface& s) {
    if (!s.depth_words) return;
    if (before_transfer_) before_transfer_(); // held-back dispatches write the words first
    s.words_current = s.words_newer = s.stencil_newer = s.stencil_current = false;
    unlist_if_settled(s);
}

void SurfaceCache::settle_depth_words(Surface& s) {
    store_depth_words(s);
    forget_depth_words(s);
}

bool SurfaceCache::fills_depth_words_alone(const Surface& s) const {
    return s.depth_words && !device_.options().disable_depth_fill_words &&
           unorm_depth(s.image.format);
}

bool SurfaceCache::defers_depth_fill(const Surface& s) const {
    // (Not under PICAVK_DEVICE_DISABLE=render-pass-clears, which does every fill at once.)
    return s.params.kind == SurfaceKind::Depth && !device_.render_pass_clears() &&
           !device_.options().disable_render_pass_clears &&
           !device_.options().disable_depth_fill_words;
}

void SurfaceCache::fill_depth_words(Surface& s, float depth, std::uint32_t stencil,
                                    bool image_stale) {
    if (!unorm_depth(s.image.format)) return;
    // The fill's depth as the image holds it (unorm_depth_clear_value: every D16 and D24 value
    // comes back as the same integer); D16 twice to a word.
    const bool d16 = s.image.format == VK_FORMAT_D16_UNORM;
    const auto q = static_cast<std::uint32_t>(
        std::lround(static_cast<double>(depth) * (d16 ? 65535.0 : 16777215.0)));
    const std::uint32_t word = d16 ? q | q << 16 : q;
    // (clear_rows, just before, recorded held-back draws.)
    const PassBarriers barriers = open_pass_barriers({{&s, true, true}});
    if (barriers.before) scheduler_.barrier();
    VkCommandBuffer cmd = scheduler_.cmd_beside(Scheduler::kOpenSurfaces);
    {
        const ScopedPass pass(scheduler_, "depth words: memory fill");
        scheduler_.pass_bytes(0, s.depth_words.size);
        if (has_stencil(s.image.format)) {
            const VkDeviceSize base = VkDeviceSize{stencil_words_base(s)} * 4;
            vkCmdFillBuffer(cmd, s.depth_words.buffer, 0, base, word);
            vkCmdFillBuffer(cmd, s.depth_words.buffer, base, VK_WHOLE_SIZE,
                            (stencil & 0xFF) * 0x01010101u);
        } else {
            vkCmdFillBuffer(cmd, s.depth_words.buffer, 0, VK_WHOLE_SIZE, word);
        }
    }
    if (barriers.after) scheduler_.barrier();
    leave_pass_open(barriers);
    s.words_current = s.stencil_current = true;
    // The image not cleared: the whole of it (depth, and stencil) is newer in the words.
    s.words_newer = image_stale;
    s.stencil_newer = image_stale && has_stencil(s.image.format);
    if (image_stale)
        s.words_dirty = {0, 0, static_cast<std::int32_t>(s.image.extent.width),
                         static_cast<std::int32_t>(s.image.extent.height)};
    list_unsettled(s);
    ++stats_.depth_word_fills;
    if (image_stale) ++stats_.depth_fills_in_words;
}

} // namespace picavk::vk
