#include "vk/surface/surface_cache.h"

// Display transfers between cached surfaces, on the GPU at the resolution scale
// (TransferBlitter, shaders/display_transfer.frag). The CPU path (pica/transfer) stays the
// reference and takes every transfer this one declines.

#include "pica/texture/tiling.h"
#include "vk/device/device.h"
#include "vk/device/scheduler.h"

namespace picavk::vk {

using pica::PAddr;
namespace TransferFlags = pica::TransferFlags;
using pica::TransferFormat;

bool SurfaceCache::display_transfer(const pica::TransferRegs& t) {
    const std::uint32_t f = t.flags;
    if (f & TransferFlags::kTextureCopy) return false;
    // Linear input is CPU-written memory, never a rendered surface.
    if (f & TransferFlags::kLinearToTiled) return false;
    const auto in_fmt = static_cast<TransferFormat>((f >> 8) & 7);
    const auto out_fmt = static_cast<TransferFormat>((f >> 12) & 7);
    const std::uint32_t downscale = (f >> 24) & 3;
    const std::uint32_t out_w = t.output_dim & 0xFFFF, out_h = t.output_dim >> 16;
    const std::uint32_t in_w = t.input_dim & 0xFFFF, in_h = t.input_dim >> 16;
    // What the CPU path rejects or only warns about stays with it (one place for the checks).
    if (!pica::is_valid(in_fmt) || !pica::is_valid(out_fmt) || downscale == 3 || !out_w || !out_h ||
        !in_w || !in_h)
        return false;
    if (in_fmt == TransferFormat::RGB8 && out_fmt != TransferFormat::RGB8 &&
        out_fmt != TransferFormat::RGBA8)
        return false;
    // Sizes as transfer_engine.cpp reads them: the output register holds the size before
    // downscaling; without the crop bit the input is as wide as the output.
    const std::uint32_t kx = downscale ? 2 : 1, ky = downscale == 2 ? 2 : 1;
    const std::uint32_t dst_w = out_w / kx, dst_h = out_h / ky;
    const std::uint32_t src_stride = (f & TransferFlags::kCrop) ? in_w : out_w;
    if (!dst_w || !dst_h || dst_w * kx > src_stride) return false;
    const pica::BlockSize block =
        (f & TransferFlags::kBlock32) ? pica::BlockSize::k32x32 : pica::BlockSize::k8x8;
    const bool tiled_out = (f & TransferFlags::kNoTilingConversion) != 0;
    const PAddr in_addr = t.input_addr << 3, out_addr = t.output_addr << 3;

    // The source: a tiled colour surface of the input format whose image is newer than or in
    // sync with guest memory, as wide as the input's rows and at least as tall as the rows read.
    const auto src_format = static_cast<std::uint8_t>(pica::color_format(in_fmt));
    Surface* src = nullptr;
    for (Surface* s : overlapping(in_addr, in_addr + 1)) {
        const SurfaceParams& p = s->params;
        if (p.kind == SurfaceKind::Color && !p.linear && p.address == in_addr &&
            p.format == src_format && p.block == block && p.width == src_stride &&
            p.height >= dst_h * ky && !s->guest_newer && s->scale == scale_) {
            src = s;
            break;
        }
    }
    if (!src) return false;
    // Left open (begin_open_passes): a frame's second screen's transfer goes beside the first's.
    const OpenPassScope open(*this);
    settle(*src); // a fill still pending on it (other targets keep theirs)

    SurfaceParams dp;
    dp.address = out_addr;
    dp.width = dst_w;
    dp.height = dst_h;
    dp.kind = SurfaceKind::Color;
    dp.format = static_cast<std::uint8_t>(pica::color_format(out_fmt));
    dp.block = block;
    dp.linear = !tiled_out;
    const std::size_t bytes = dp.guest_bytes();
    if (tiled_out) {
        const std::uint32_t bits =
            pica::bits_per_pixel(pica::texture_format(static_cast<pica::ColorFormat>(dp.format)));
        const pica::TiledLayout l{dst_w, dst_h, bits, 0, 0, block};
        if (pica::layout_error(l, l.tiled_bytes(), l.linear_bytes())) return false;
    }
    if (!memory_.contains(out_addr, bytes)) return false;
    // In place (the ranges overlap): the CPU path reads the whole input first.
    if (out_addr < src->end() && src->params.address < out_addr + bytes) return false;

    if (before_transfer_) before_transfer_();
    Surface* dst = find_or_create(dp);
    drop_pending_clear(*dst); // every pixel written below
    DisplayTransferPass pass;
    pass.src_host = host_channel_bits(src->image.format);
    pass.src_guest = guest_channel_bits(static_cast<std::uint8_t>(
        pica::texture_format(static_cast<pica::ColorFormat>(src->params.format))));
    pass.dst_guest = guest_channel_bits(
        static_cast<std::uint8_t>(pica::texture_format(static_cast<pica::ColorFormat>(dp.format))));
    pass.dst_host = host_channel_bits(dst->image.format);
    pass.scale = scale_;
    pass.kx = kx;
    pass.ky = ky;
    pass.flip = (f & TransferFlags::kFlipVertical) != 0;
    pass.rows = dst_h;
    // Same pixels in the same host format (RGBA8 to RGB8 drops alpha, which RGB8 never reads):
    // a copy. Flipped rows need a blit, which the host format must support.
    const bool same_pixels =
        !downscale && src->image.format == dst->image.format &&
        (src->params.format == dp.format ||
         (src->params.format == static_cast<std::uint8_t>(pica::ColorFormat::RGBA8) &&
          dp.format == static_cast<std::uint8_t>(pica::ColorFormat::RGB8)));
    // Where raster units are few, the compute pass even for a copy: an H200 copied and blitted
    // images at its ROP rate (0.44 ms for 1920x3200 RGBA8, 111 GB/s).
    if (dst->storage && compute_target(*dst)) {
        const VkImageView view = storage_view(*dst);
        const PassBarriers barriers = open_pass_barriers({{src, false, false}, {dst, false, true}});
        compute_.display_transfer(src->image, dst->image, view, pass, barriers);
        leave_pass_open(barriers);
        ++stats_.compute_passes;
    } else if (same_pixels &&
               (!pass.flip ||
                device_.format_supports(dst->image.format, VK_FORMAT_FEATURE_2_BLIT_SRC_BIT |
                                                               VK_FORMAT_FEATURE_2_BLIT_DST_BIT)))
        blitter_.copy(src->image, dst->image, pass.flip);
    else
        blitter_.display_transfer(src->image, dst->image, pass);
    mark_written(*dst);
    dst->guest_newer = false;
    ++stats_.gpu_transfers;
    return true;
}

} // namespace picavk::vk
