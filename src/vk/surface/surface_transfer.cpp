#include "vk/surface/surface_cache.h"

// Moving surfaces between guest memory and host images: upload (untile and convert, repeat to
// the scale), write-back (read back, take the sample at each guest pixel centre, convert and
// tile), and read-back of scaled colour for presentation.

#include "pica/content_hash.h"
#include "pica/texture/texture_codec.h"
#include "pica/texture/tiling.h"
#include "vk/device/barriers.h"
#include "vk/device/device.h"
#include "vk/device/scheduler.h"
#include "vk/draw/stream_buffer.h"
#include "vk/surface/pixel_repeat.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <xxhash.h>

namespace picavk::vk {

void SurfaceCache::upload_texture(Surface& s, const StagedLevels& staged) {
    const SurfaceParams& p = s.params;
    const auto fmt = static_cast<pica::TextureFormat>(p.format);
    if (before_transfer_) before_transfer_();
    const bool have_staged = staged.spans.size() == std::size_t{s.image.layers} * s.image.levels;
    barrier_all(scheduler_.cmd());
    const ScopedPass pass(scheduler_, "texture upload");
    bool on_gpu = false; // some level was decoded on the GPU
    for (std::uint32_t f = 0; f < s.image.layers; ++f) {
        pica::PAddr at = p.cube ? p.faces[f] : p.address;
        for (std::uint32_t l = 0; l < s.image.levels; ++l) {
            const std::uint32_t w = p.width >> l, h = p.height >> l;
            const std::size_t bytes = pica::texture_bytes(fmt, w, h);
            const std::uint8_t* guest = memory_.pointer(at, bytes);
            if (!guest) return;
            // (Checked at each level: a level's upload may submit.)
            const bool use_staged = have_staged && staged.tick == scheduler_.current_tick();
            const std::size_t i = std::size_t{f} * s.image.levels + l;
            const StreamSpan* span = use_staged ? &staged.spans[i] : nullptr;
            const StreamSpan* device =
                have_staged && staged.device[i].buffer ? &staged.device[i] : nullptr;
            if (gpu_texture_decode_ && decode_level_on_gpu(s, l, f, guest, bytes, span, device)) {
                on_gpu = true;
                at += static_cast<pica::PAddr>(bytes);
                continue;
            }
            const std::uint32_t n = s.scale; // > 1 for textures made from render targets
            const VkDeviceSize size = VkDeviceSize{w} * n * h * n * 4;
            const UploadSpace space = upload_space(size, "texture upload");
            std::uint8_t* const dst = space.data;
            if (n == 1) {
                pica::decode_texture({guest, bytes}, {dst, size}, w, h, fmt);
            } else {
                std::vector<std::uint8_t> texels(std::size_t{w} * h * 4);
                pica::decode_texture({guest, bytes}, texels, w, h, fmt);
                if (!repeat_pixels(texels, {dst, size}, w, h, 4, n)) std::memset(dst, 0, size);
            }
            uploaded(space);
            VkBufferImageCopy region{};
            region.bufferOffset = space.offset;
            region.imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, l, f, 1};
            region.imageExtent = {w * n, h * n, 1};
            vkCmdCopyBufferToImage(scheduler_.cmd(), space.buffer, s.image.image,
                                   VK_IMAGE_LAYOUT_GENERAL, 1, &region);
            scheduler_.pass_bytes(size, region_bytes(s.image.format, w * n, h * n));
            at += static_cast<pica::PAddr>(bytes);
        }
    }
    barrier_all(scheduler_.cmd());
    s.guest_newer = false;
    ++stats_.uploads;
    if (on_gpu) ++stats_.gpu_decoded_uploads;
    stats_.upload_bytes += p.guest_bytes() * s.image.layers;
}

VkDeviceSize SurfaceCache::decode_alignment() const {
    return std::max<VkDeviceSize>(16, device_.properties().limits.minTexelBufferOffsetAlignment);
}

bool SurfaceCache::stageable(const SurfaceParams& p) const {
    const auto fmt = static_cast<pica::TextureFormat>(p.format);
    VkDeviceSize total = 0;
    for (std::uint32_t l = 0; l < p.levels; ++l) {
        const std::size_t bytes = pica::texture_bytes(fmt, p.width >> l, p.height >> l);
        if (bytes / 4 > device_.properties().limits.maxTexelBufferElements) return false;
        total += (bytes + decode_alignment()) * (p.cube ? 6 : 1);
    }
    return total <= staging_.capacity() / 2;
}

std::uint64_t SurfaceCache::stage_while_hashing(const SurfaceParams& p, pica::PAddr at,
                                                std::uint64_t seed, StagedLevels& staged) {
    const auto fmt = static_cast<pica::TextureFormat>(p.format);
    // Device memory first (StagedLevels says why).
    for (std::uint32_t l = 0; l < p.levels; ++l) {
        const std::size_t bytes = pica::texture_bytes(fmt, p.width >> l, p.height >> l);
        staged.device.push_back(decode_copies_level(bytes) ? decode_input_span(bytes)
                                                           : StreamSpan{});
    }
    std::array<pica::HashedCopy, 16> pieces; // (TEXUNITi_LOD: at most 8 levels)
    for (std::uint32_t l = 0; l < p.levels; ++l) {
        const std::size_t bytes = pica::texture_bytes(fmt, p.width >> l, p.height >> l);
        staged.spans.push_back(staging_.allocate(bytes, decode_alignment()));
        pieces[l] = {memory_.pointer(at, bytes), staged.spans.back().data, bytes};
        at += static_cast<pica::PAddr>(bytes);
    }
    return pica::content_hash_copy({pieces.data(), p.levels}, seed, workers_);
}

bool SurfaceCache::decode_copies_level(std::size_t bytes) {
    // Assumed on lavapipe, whose memory is all "device-local".
    if (decode_copy_ < 0)
        decode_copy_ =
            device_.decode_copy() && (device_.options().assume_decode_copy ||
                                      !factory_.allocator().device_local(staging_.memory()));
    return decode_copy_ > 0 && bytes >= kDecodeCopyFrom;
}

StreamSpan SurfaceCache::decode_input_span(std::size_t bytes) {
    if (!decode_input_)
        decode_input_.emplace(factory_, scheduler_, staging_.capacity() / 2,
                              VK_BUFFER_USAGE_TRANSFER_DST_BIT |
                                  VK_BUFFER_USAGE_UNIFORM_TEXEL_BUFFER_BIT,
                              "texture decode input", MemoryUsage::DeviceLocal);
    return decode_input_->allocate(bytes, decode_alignment());
}

bool SurfaceCache::decode_level_on_gpu(Surface& s, std::uint32_t level, std::uint32_t layer,
                                       const std::uint8_t* guest, std::size_t bytes,
                                       const StreamSpan* staged, const StreamSpan* device) {
    const VkPhysicalDeviceLimits& limits = device_.properties().limits;
    // Levels are whole 8x8 tiles (texture() refuses other sizes): at least 32 bytes, a multiple
    // of 4.
    if (bytes / 4 > limits.maxTexelBufferElements || bytes > staging_.capacity() / 2) return false;
    // Device memory before staging (StagedLevels says why).
    const bool copy = decode_copies_level(bytes);
    const std::uint64_t tick = scheduler_.current_tick();
    const StreamSpan local = !copy ? StreamSpan{} : device ? *device : decode_input_span(bytes);
    // Room made there by a submission: the staged bytes are no longer this command buffer's.
    if (scheduler_.current_tick() != tick) staged = nullptr;
    StreamSpan span;
    if (staged) {
        span = *staged; // copied as texture() hashed the bytes
    } else {
        span = staging_.allocate(bytes, decode_alignment());
        std::memcpy(span.data, guest, bytes);
    }
    if (copy) {
        // One bulk copy into device memory, then the decode's scattered reads stay there.
        const VkBufferCopy region{span.offset, local.offset, bytes};
        vkCmdCopyBuffer(scheduler_.cmd(), span.buffer, local.buffer, 1, &region);
        barrier_all(scheduler_.cmd());
        scheduler_.pass_bytes(bytes, bytes);
        span = local;
        ++stats_.decode_copies;
    }
    VkBufferViewCreateInfo ci{VK_STRUCTURE_TYPE_BUFFER_VIEW_CREATE_INFO};
    ci.buffer = span.buffer;
    ci.format = VK_FORMAT_R32_UINT;
    ci.offset = span.offset;
    ci.range = bytes;
    VkBufferView view = VK_NULL_HANDLE;
    check(vkCreateBufferView(device_.device(), &ci, nullptr, &view), "vkCreateBufferView");
    scheduler_.defer([dev = device_.device(), view] { vkDestroyBufferView(dev, view, nullptr); });
    TextureDecodePass pass;
    pass.format = s.params.format;
    pass.width = s.params.width >> level;
    pass.scale = s.scale;
    blitter_.decode_texture(view, bytes, pass, level_target(s, level, layer));
    return true;
}

SurfaceCache::UploadSpace SurfaceCache::upload_space(VkDeviceSize size, const char* name) {
    UploadSpace space;
    if (size <= staging_.capacity() / 2) {
        const StreamSpan span = staging_.allocate(size, 16);
        space.buffer = span.buffer;
        space.offset = span.offset;
        space.data = span.data;
        return space;
    }
    space.own =
        factory_.create_buffer(size, VK_BUFFER_USAGE_TRANSFER_SRC_BIT, MemoryUsage::Upload, name);
    space.buffer = space.own.buffer;
    space.data = space.own.mapped();
    scheduler_.defer([this, own = space.own]() mutable { factory_.destroy(own); });
    return space;
}

void SurfaceCache::uploaded(const UploadSpace& space) {
    if (space.own) factory_.allocator().flush(space.own.memory);
}

void SurfaceCache::upload(Surface& s) {
    upload(s, StagedLevels{});
}

void SurfaceCache::upload(Surface& s, const StagedLevels& staged) {
    const SurfaceParams& p = s.params;
    if (p.kind == SurfaceKind::Texture) {
        upload_texture(s, staged);
        return;
    }
    const std::size_t bytes = p.guest_bytes();
    const std::uint8_t* guest = memory_.pointer(p.address, bytes);
    if (!guest) return;
    const std::span<const std::uint8_t> tiled(guest, bytes);
    const std::uint32_t w = p.width, h = p.height, n = s.scale;
    const std::uint32_t host_bpp = host_bytes_per_pixel(s.image.format);
    // Guest -> linear host texels at 1x.
    std::vector<std::uint8_t> linear(std::size_t{w} * h * host_bpp);
    std::vector<std::uint8_t> stencil;
    const pica::FramebufferSize size{w, h, p.block};
    if (p.kind == SurfaceKind::Color && p.linear) {
        upload_linear(s, tiled, linear);
    } else if (p.kind == SurfaceKind::Color) {
        const auto fmt = static_cast<pica::ColorFormat>(p.format);
        if (host_bpp == 2) { // byte-identical 16-bit twin
            pica::TiledLayout layout{w, h, 16, 0, 0, p.block};
            pica::untile(tiled, linear, layout);
        } else {
            pica::decode_color_buffer(tiled, linear, size, fmt);
            if (fmt == pica::ColorFormat::RGB8) // no alpha in memory: reads as opaque
                for (std::size_t i = 3; i < linear.size(); i += 4)
                    linear[i] = 0xFF;
        }
    } else {
        const auto fmt = static_cast<pica::DepthFormat>(p.format);
        std::vector<std::uint32_t> depth(std::size_t{w} * h);
        stencil.assign(std::size_t{w} * h, 0);
        pica::decode_depth_buffer(tiled, depth,
                                  fmt == pica::DepthFormat::D24S8 ? std::span<std::uint8_t>(stencil)
                                                                  : std::span<std::uint8_t>(),
                                  size, fmt);
        if (!pica::is_valid(fmt)) return;
        if (s.image.format == VK_FORMAT_D16_UNORM) {
            for (std::size_t i = 0; i < depth.size(); ++i) {
                const auto v = static_cast<std::uint16_t>(depth[i]);
                std::memcpy(&linear[i * 2], &v, 2);
            }
        } else if (s.image.format == VK_FORMAT_D24_UNORM_S8_UINT) {
            std::memcpy(linear.data(), depth.data(), linear.size());
        } else { // D32_SFLOAT
            for (std::size_t i = 0; i < depth.size(); ++i) {
                const float v = depth24_to_float(depth[i]);
                std::memcpy(&linear[i * 4], &v, 4);
            }
        }
    }
    if (before_transfer_) before_transfer_();
    VkCommandBuffer cmd = scheduler_.cmd();
    barrier_all(cmd);
    const ScopedPass pass(scheduler_, "surface upload");
    // 1x texels of `bpp` bytes into the upload buffer, repeated to the surface's scale there.
    auto copy = [&](const std::vector<std::uint8_t>& data, std::uint32_t bpp,
                    VkImageAspectFlags aspect) {
        const VkDeviceSize size_bytes = VkDeviceSize{data.size()} * n * n;
        const UploadSpace space = upload_space(size_bytes, "surface upload");
        std::uint8_t* const dst = space.data;
        if (n == 1)
            std::memcpy(dst, data.data(), size_bytes);
        else if (!repeat_pixels(data, {dst, size_bytes}, w, h, bpp, n))
            std::memset(dst, 0, size_bytes);
        uploaded(space);
        VkBufferImageCopy region{};
        region.bufferOffset = space.offset;
        region.imageSubresource = {aspect, 0, 0, 1};
        region.imageExtent = {w * n, h * n, 1};
        vkCmdCopyBufferToImage(scheduler_.cmd(), space.buffer, s.image.image,
                               VK_IMAGE_LAYOUT_GENERAL, 1, &region);
        scheduler_.pass_bytes(size_bytes, size_bytes);
    };
    if (p.kind == SurfaceKind::Depth) {
        copy(linear, host_bpp, VK_IMAGE_ASPECT_DEPTH_BIT);
        if ((s.image.aspect & VK_IMAGE_ASPECT_STENCIL_BIT))
            copy(stencil, 1, VK_IMAGE_ASPECT_STENCIL_BIT);
    } else {
        copy(linear, host_bpp, VK_IMAGE_ASPECT_COLOR_BIT);
    }
    barrier_all(scheduler_.cmd());
    s.guest_newer = false;
    ++stats_.uploads;
    stats_.upload_bytes += bytes;
}

// Linear colour (display-transfer destinations): rows in memory order; 16-bit twins hold the
// guest's bits, RGBA8 hosts the decoded texel.
void SurfaceCache::upload_linear(Surface& s, std::span<const std::uint8_t> guest,
                                 std::vector<std::uint8_t>& host) {
    const auto fmt = pica::texture_format(static_cast<pica::ColorFormat>(s.params.format));
    const std::uint32_t guest_bpp = pica::bits_per_pixel(fmt) / 8;
    if (host_bytes_per_pixel(s.image.format) == 2) {
        std::memcpy(host.data(), guest.data(), host.size());
        return;
    }
    const std::size_t count = std::size_t{s.params.width} * s.params.height;
    for (std::size_t i = 0; i < count; ++i) {
        const pica::Rgba8 c = pica::decode_texel(fmt, guest.data() + i * guest_bpp);
        std::uint8_t* d = &host[i * 4];
        d[0] = c.r, d[1] = c.g, d[2] = c.b, d[3] = c.a;
    }
}

std::vector<std::uint8_t> SurfaceCache::read_scaled_rgba(Surface& s) {
    settle(s);
    // Colour only; 16-bit twins are expanded to RGBA8 on the CPU.
    const VkExtent2D e = extent(s);
    const std::uint32_t bpp = host_bytes_per_pixel(s.image.format);
    ScopedBuffer rb(factory_, factory_.create_buffer(VkDeviceSize{e.width} * e.height * bpp,
                                                     VK_BUFFER_USAGE_TRANSFER_DST_BIT,
                                                     MemoryUsage::Readback, "surface read-back"));
    if (before_transfer_) before_transfer_();
    VkCommandBuffer cmd = scheduler_.cmd();
    barrier_all(cmd);
    VkBufferImageCopy region{};
    region.imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1};
    region.imageExtent = {e.width, e.height, 1};
    scheduler_.begin_pass("screen read-back");
    scheduler_.pass_bytes(VkDeviceSize{e.width} * e.height * bpp,
                          VkDeviceSize{e.width} * e.height * bpp);
    vkCmdCopyImageToBuffer(cmd, s.image.image, VK_IMAGE_LAYOUT_GENERAL, rb->buffer, 1, &region);
    scheduler_.end_pass();
    barrier_transfer_to_host(cmd);
    scheduler_.finish();
    factory_.allocator().invalidate(rb->memory);
    stats_.readback_bytes += VkDeviceSize{e.width} * e.height * bpp;
    std::vector<std::uint8_t> out(std::size_t{e.width} * e.height * 4);
    const std::uint8_t* src = rb->mapped();
    const std::size_t count = std::size_t{e.width} * e.height;
    if (bpp == 4) {
        std::memcpy(out.data(), src, out.size());
    } else {
        for (std::size_t i = 0; i < count; ++i) {
            std::uint16_t v;
            std::memcpy(&v, src + i * 2, 2);
            std::uint8_t* d = &out[i * 4];
            switch (s.image.format) {
            case VK_FORMAT_R5G6B5_UNORM_PACK16:
                d[0] = pica::expand5(v >> 11);
                d[1] = pica::expand6(v >> 5 & 0x3F);
                d[2] = pica::expand5(v & 0x1F);
                d[3] = 0xFF;
                break;
            case VK_FORMAT_R5G5B5A1_UNORM_PACK16:
                d[0] = pica::expand5(v >> 11);
                d[1] = pica::expand5(v >> 6 & 0x1F);
                d[2] = pica::expand5(v >> 1 & 0x1F);
                d[3] = (v & 1) ? 0xFF : 0;
                break;
            default: // R4G4B4A4
                d[0] = pica::expand4(v >> 12);
                d[1] = pica::expand4(v >> 8 & 0xF);
                d[2] = pica::expand4(v >> 4 & 0xF);
                d[3] = pica::expand4(v & 0xF);
                break;
            }
        }
    }
    return out;
}

void SurfaceCache::begin_writeback(Surface& s) {
    if (guest_fill_current(s)) return; // writeback writes the fill: nothing to copy
    // A clear still pending goes into the image before the image is copied.
    if (s.pending_clear) settle(s);
    // The compute rasteriser's newer depth into the image (the words stay current: the copy
    // only reads the image).
    store_depth_words(s);
    if (s.readback && s.readback->written == s.written) return; // begun for this content
    drop_readback(s);
    const SurfaceParams& p = s.params;
    const VkExtent2D e = extent(s);
    const std::uint32_t bpp = host_bytes_per_pixel(s.image.format);
    const bool has_stencil = (s.image.aspect & VK_IMAGE_ASPECT_STENCIL_BIT) != 0;
    Surface::Readback r;
    r.main_bytes = VkDeviceSize{e.width} * e.height * bpp;
    r.stencil_bytes = has_stencil ? VkDeviceSize{e.width} * e.height : 0;
    const VkDeviceSize need = r.main_bytes + r.stencil_bytes;
    // Before a buffer is taken: these throw after a failed submission or a lost device.
    if (before_transfer_) before_transfer_();
    VkCommandBuffer cmd = scheduler_.cmd();
    // The smallest finished buffer that holds it, or a new one.
    auto best = readback_pool_.end();
    for (auto it = readback_pool_.begin(); it != readback_pool_.end(); ++it)
        if (it->size >= need && (best == readback_pool_.end() || it->size < best->size)) best = it;
    if (best != readback_pool_.end()) {
        r.buffer = *best;
        readback_pool_.erase(best);
    } else {
        r.buffer = factory_.create_buffer(need, VK_BUFFER_USAGE_TRANSFER_DST_BIT,
                                          MemoryUsage::Readback, "surface write-back");
    }
    barrier_all(cmd);
    VkBufferImageCopy regions[2]{};
    regions[0].imageSubresource = {p.kind == SurfaceKind::Depth
                                       ? VkImageAspectFlags(VK_IMAGE_ASPECT_DEPTH_BIT)
                                       : VkImageAspectFlags(VK_IMAGE_ASPECT_COLOR_BIT),
                                   0, 0, 1};
    regions[0].imageExtent = {e.width, e.height, 1};
    regions[1] = regions[0];
    regions[1].bufferOffset = r.main_bytes;
    regions[1].imageSubresource.aspectMask = VK_IMAGE_ASPECT_STENCIL_BIT;
    scheduler_.begin_pass("write-back");
    scheduler_.pass_bytes(need, need);
    vkCmdCopyImageToBuffer(cmd, s.image.image, VK_IMAGE_LAYOUT_GENERAL, r.buffer.buffer,
                           has_stencil ? 2 : 1, regions);
    scheduler_.end_pass();
    barrier_transfer_to_host(cmd);
    r.tick = scheduler_.current_tick();
    r.written = s.written;
    stats_.readback_bytes += need;
    s.readback = r;
}

void SurfaceCache::drop_readback(Surface& s) {
    if (!s.readback) return;
    // The copy may still run: the buffer is reused once it has.
    scheduler_.defer([this, b = s.readback->buffer] { recycle_readback(b); });
    s.readback.reset();
}

void SurfaceCache::recycle_readback(Buffer b) {
    // A few kept for the next write-backs; a one-off burst of large ones is not kept for good.
    constexpr std::size_t kKept = 4;
    readback_pool_.push_back(b);
    if (readback_pool_.size() > kKept) {
        factory_.destroy(readback_pool_.front());
        readback_pool_.erase(readback_pool_.begin());
    }
}

void SurfaceCache::writeback(Surface& s) {
    if (guest_fill_current(s)) {
        // Nothing written there since the fill: its bytes, not a read-back of the image.
        drop_readback(s);
        pica::run_memory_fill(memory_, *s.guest_fill, diag_);
        s.guest_fill.reset();
        s.gpu_newer = false;
        guest_bytes_changed(s);
        ++stats_.guest_fill_writebacks;
        return;
    }
    s.guest_fill.reset();
    const bool begun = s.readback && s.readback->written == s.written &&
                       s.readback->tick < scheduler_.current_tick();
    begin_writeback(s);
    const Surface::Readback r = *s.readback;
    s.readback.reset();
    // Back to the pool on every path (a lost device throws from the wait).
    struct Recycle {
        SurfaceCache& cache;
        Buffer b;
        ~Recycle() { cache.recycle_readback(b); }
    } recycle{*this, r.buffer};
    scheduler_.wait(r.tick); // submits when the copy is in the current command buffer
    factory_.allocator().invalidate(r.buffer.memory);
    if (begun) ++stats_.prefetched_writebacks;
    const SurfaceParams& p = s.params;
    const VkExtent2D e = extent(s);
    const std::uint32_t n = s.scale, w = p.width, h = p.height;
    const std::uint32_t bpp = host_bytes_per_pixel(s.image.format);
    const bool has_stencil = r.stencil_bytes != 0;
    const VkDeviceSize main_bytes = r.main_bytes;

    // Down to 1x: each guest pixel takes the host sample nearest its centre.
    const std::uint32_t off = n / 2;
    auto sample = [&](const std::uint8_t* base, std::uint32_t x, std::uint32_t y, std::uint32_t b) {
        return base + (std::size_t{y * n + off} * e.width + (x * n + off)) * b;
    };
    const std::size_t bytes = p.guest_bytes();
    std::uint8_t* guest = memory_.pointer(p.address, bytes);
    if (!guest) return;
    const std::span<std::uint8_t> tiled(guest, bytes);
    const pica::FramebufferSize size{w, h, p.block};
    const std::uint8_t* src = r.buffer.mapped();
    if (p.kind == SurfaceKind::Color) {
        std::vector<std::uint8_t> linear(std::size_t{w} * h * bpp);
        for (std::uint32_t y = 0; y < h; ++y)
            for (std::uint32_t x = 0; x < w; ++x)
                std::memcpy(&linear[(std::size_t{y} * w + x) * bpp], sample(src, x, y, bpp), bpp);
        if (p.linear && bpp == 2) {
            std::memcpy(tiled.data(), linear.data(), tiled.size());
        } else if (p.linear) {
            const auto fmt = pica::texture_format(static_cast<pica::ColorFormat>(p.format));
            const std::uint32_t guest_bpp = pica::bits_per_pixel(fmt) / 8;
            for (std::size_t i = 0; i < std::size_t{w} * h; ++i) {
                const std::uint8_t* c = &linear[i * 4];
                pica::encode_texel(fmt, {c[0], c[1], c[2], c[3]}, &tiled[i * guest_bpp]);
            }
        } else if (bpp == 2) {
            pica::TiledLayout layout{w, h, 16, 0, 0, p.block};
            pica::tile(linear, tiled, layout);
        } else {
            pica::encode_color_buffer(linear, tiled, size,
                                      static_cast<pica::ColorFormat>(p.format));
        }
    } else {
        std::vector<std::uint32_t> depth(std::size_t{w} * h);
        std::vector<std::uint8_t> stencil(has_stencil ? std::size_t{w} * h : 0);
        const auto fmt = static_cast<pica::DepthFormat>(p.format);
        const std::uint32_t max = fmt == pica::DepthFormat::D16 ? 0xFFFFu : 0xFFFFFFu;
        for (std::uint32_t y = 0; y < h; ++y) {
            for (std::uint32_t x = 0; x < w; ++x) {
                const std::uint8_t* d = sample(src, x, y, bpp);
                std::uint32_t v = 0;
                if (s.image.format == VK_FORMAT_D16_UNORM) {
                    std::uint16_t u;
                    std::memcpy(&u, d, 2);
                    v = u;
                } else if (s.image.format == VK_FORMAT_D24_UNORM_S8_UINT) {
                    std::memcpy(&v, d, 4);
                    v &= 0xFFFFFF;
                } else {
                    float f;
                    std::memcpy(&f, d, 4);
                    v = float_to_depth24(f);
                }
                depth[std::size_t{y} * w + x] = std::min(v, max);
                if (has_stencil)
                    stencil[std::size_t{y} * w + x] = *sample(src + main_bytes, x, y, 1);
            }
        }
        pica::encode_depth_buffer(depth,
                                  fmt == pica::DepthFormat::D24S8
                                      ? std::span<const std::uint8_t>(stencil)
                                      : std::span<const std::uint8_t>(),
                                  tiled, size, fmt);
    }
    s.gpu_newer = false;
    guest_bytes_changed(s);
    ++stats_.writebacks;
    stats_.writeback_bytes += bytes;
}

void SurfaceCache::guest_bytes_changed(const Surface& s) {
    // Textures over these bytes read them again at their next use: nothing else would tell
    // them where the embedder reports only its own writes (set_guest_writes_reported), and
    // otherwise they would notice only at the next frame.
    for (Surface* t : overlapping(s.params.address, s.end()))
        if (t->params.kind == SurfaceKind::Texture) t->guest_newer = true;
}

} // namespace picavk::vk
