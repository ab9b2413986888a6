#include "vk/surface/surface_cache.h"

// Texture copies (the transfer engine's raw byte copy with line widths and gaps) between cached
// colour surfaces, as image copies on the GPU at the resolution scale. A copy whose lines are
// whole rows of 8x8 tiles - a rectangle of tiles of the source, landing at the start of a
// destination whose tile rows the output stride describes - is the same bytes as copying that
// rectangle of pixels; anything else stays with the CPU path (pica/transfer), the reference.

#include "pica/texture/framebuffer_formats.h"
#include "vk/device/barriers.h"
#include "vk/device/device.h"
#include "vk/device/scheduler.h"

namespace picavk::vk {

using pica::PAddr;

bool SurfaceCache::texture_copy(const pica::TransferRegs& t) {
    settle_all(); // images it reads or writes hold their fills
    const std::uint64_t size = t.copy_size & ~0xFu;
    if (size == 0) return false;
    struct Lines {
        std::uint64_t width, gap;
    };
    const auto lines = [size](std::uint32_t reg) -> std::optional<Lines> {
        Lines l{(reg & 0xFFFFu) * 16ull, (reg >> 16) * 16ull};
        if (l.width == 0 && l.gap != 0) return std::nullopt; // hangs the hardware: CPU path warns
        if (l.width == 0) l = {size, 0};
        return l;
    };
    const std::optional<Lines> in = lines(t.copy_input), out = lines(t.copy_output);
    if (!in || !out) return false;
    const PAddr in_addr = t.input_addr << 3, out_addr = t.output_addr << 3;

    // The source: a tiled (8x8) colour surface holding the first byte read, newer than or in
    // sync with guest memory.
    Surface* src = nullptr;
    for (Surface* s : overlapping(in_addr, in_addr + 1)) {
        const SurfaceParams& p = s->params;
        if (p.kind == SurfaceKind::Color && (p.linear || p.block == pica::BlockSize::k8x8) &&
            !s->guest_newer && s->scale == scale_) {
            src = s;
            break;
        }
    }
    if (!src) return false;
    if (src->params.linear) {
        // A display transfer's output (an LCD framebuffer) copied on: whole rows, contiguous on
        // both sides, are the same rows of a linear surface at the destination.
        if (in->gap != 0 || out->gap != 0) return false;
        return copy_linear_rows(*src, in_addr, out_addr, size);
    }
    const SurfaceParams& sp = src->params;
    const std::uint64_t bpp = pica::bytes_per_pixel(static_cast<pica::ColorFormat>(sp.format));
    const std::uint64_t tile = 64 * bpp, row = std::uint64_t{sp.width} * 8 * bpp;
    const std::uint64_t offset = in_addr - sp.address;
    if (offset % tile) return false;
    // Source lines: whole tile rows (contiguous), or a run of tiles in each tile row.
    std::uint64_t tiles_wide, tile_rows;
    if (in->gap == 0) {
        if (offset % row || size % row) return false;
        tiles_wide = sp.width / 8;
        tile_rows = size / row;
    } else {
        if (in->width % tile || in->width + in->gap != row || size % in->width) return false;
        tiles_wide = in->width / tile;
        tile_rows = size / in->width;
    }
    const std::uint64_t tx = (offset % row) / tile, ty = offset / row;
    if (tx + tiles_wide > sp.width / 8 || ty + tile_rows > sp.height / 8) return false;
    // Destination lines: the same tile runs, one tile row after another.
    const std::uint64_t run = tiles_wide * tile;
    std::uint64_t dst_row;
    if (out->gap == 0) {
        if (in->gap != 0 && out->width != size) return false;
        dst_row = run;
    } else {
        if (out->width != run) return false;
        dst_row = out->width + out->gap;
    }
    if (dst_row % (8 * bpp)) return false;
    SurfaceParams dp;
    dp.address = out_addr;
    dp.width = static_cast<std::uint32_t>(dst_row / (8 * bpp));
    dp.height = static_cast<std::uint32_t>(tile_rows * 8);
    dp.kind = SurfaceKind::Color;
    dp.format = sp.format;
    dp.block = pica::BlockSize::k8x8;
    if (dp.width % 8 || dp.width > 1024 || dp.height > 1024) return false;
    const std::size_t bytes = dp.guest_bytes();
    if (!memory_.contains(out_addr, bytes)) return false;
    if (out_addr < src->end() && sp.address < out_addr + bytes) return false; // overlapping

    if (before_transfer_) before_transfer_();
    Surface* dst = find_or_create(dp);
    // Gaps in the output keep what guest memory holds there.
    if (dst->guest_newer && tiles_wide * 8 != dp.width) upload(*dst);
    const std::uint32_t n = scale_;
    VkImageCopy region{};
    region.srcSubresource = region.dstSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1};
    region.srcOffset = {static_cast<std::int32_t>(tx * 8 * n),
                        static_cast<std::int32_t>(ty * 8 * n), 0};
    region.extent = {static_cast<std::uint32_t>(tiles_wide * 8 * n),
                     static_cast<std::uint32_t>(tile_rows * 8 * n), 1};
    copy_into(*src, *dst, region, "texture copy");
    return true;
}

void SurfaceCache::copy_into(const Surface& src, Surface& dst, const VkImageCopy& region,
                             const char* label) {
    VkCommandBuffer cmd = scheduler_.cmd();
    barrier_all(cmd);
    scheduler_.begin_pass(label);
    const std::uint64_t bytes =
        region_bytes(src.image.format, region.extent.width, region.extent.height);
    scheduler_.pass_bytes(bytes, bytes);
    vkCmdCopyImage(cmd, src.image.image, VK_IMAGE_LAYOUT_GENERAL, dst.image.image,
                   VK_IMAGE_LAYOUT_GENERAL, 1, &region);
    scheduler_.end_pass();
    barrier_all(cmd);
    mark_written(dst);
    dst.guest_newer = false;
    ++stats_.gpu_transfers;
}

bool SurfaceCache::copy_linear_rows(Surface& src, PAddr in_addr, PAddr out_addr,
                                    std::uint64_t size) {
    const SurfaceParams& sp = src.params;
    const std::uint64_t row =
        std::uint64_t{sp.width} * pica::bytes_per_pixel(static_cast<pica::ColorFormat>(sp.format));
    const std::uint64_t offset = in_addr - sp.address;
    if (offset % row || size % row || offset / row + size / row > sp.height) return false;
    SurfaceParams dp = sp;
    dp.address = out_addr;
    dp.height = static_cast<std::uint32_t>(size / row);
    if (!memory_.contains(out_addr, dp.guest_bytes())) return false;
    if (out_addr < src.end() && sp.address < out_addr + size) return false; // overlapping

    if (before_transfer_) before_transfer_();
    Surface* dst = find_or_create(dp);
    const std::uint32_t n = scale_;
    VkImageCopy region{};
    region.srcSubresource = region.dstSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1};
    region.srcOffset = {0, static_cast<std::int32_t>(offset / row * n), 0};
    region.extent = {sp.width * n, dp.height * n, 1};
    copy_into(src, *dst, region, "texture copy (linear rows)");
    return true;
}

} // namespace picavk::vk
