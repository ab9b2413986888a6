#include "vk/surface/surface_cache.h"

#include "pica/content_hash.h"
#include "pica/texture/texture_codec.h"
#include "pica/texture/tiling.h"
#include "vk/device/barriers.h"
#include "vk/device/device.h"
#include "vk/device/scheduler.h"
#include "vk/draw/stream_buffer.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>

namespace picavk::vk {

using pica::PAddr;

namespace {
const char* kind_name(SurfaceKind k) {
    return k == SurfaceKind::Color ? "colour" : k == SurfaceKind::Depth ? "depth" : "texture";
}
} // namespace

std::size_t SurfaceParams::guest_bytes() const {
    switch (kind) {
    case SurfaceKind::Color:
        return std::size_t{width} * height *
               pica::bytes_per_pixel(static_cast<pica::ColorFormat>(format));
    case SurfaceKind::Depth:
        return std::size_t{width} * height *
               pica::bytes_per_pixel(static_cast<pica::DepthFormat>(format));
    case SurfaceKind::Texture: {
        std::size_t total = 0;
        for (std::uint32_t l = 0; l < levels; ++l)
            total += pica::texture_bytes(static_cast<pica::TextureFormat>(format), width >> l,
                                         height >> l);
        return total;
    }
    }
    return 0;
}

SurfaceCache::SurfaceCache(const Device& device, ResourceFactory& factory, Scheduler& scheduler,
                           StreamBuffer& staging, const HostFormats& formats,
                           pica::MemoryView memory, pica::Diagnostics& diag, std::uint32_t scale)
    : device_(device), factory_(factory), scheduler_(scheduler), staging_(staging),
      formats_(formats), memory_(memory), diag_(diag), scale_(scale), blitter_(device, scheduler),
      compute_(device, scheduler) {
    for (pica::ColorFormat f :
         {pica::ColorFormat::RGB5A1, pica::ColorFormat::RGB565, pica::ColorFormat::RGBA4}) {
        const VkFormat host = formats.color[static_cast<unsigned>(f)];
        if (host_bytes_per_pixel(host) == 2) twins_.push_back(host);
    }
    storage_twins_ = twins_;
    storage_twins_.push_back(VK_FORMAT_R16_UINT);
}

SurfaceCache::~SurfaceCache() {
    scheduler_.finish_for_teardown();
    for (Surface& s : surfaces_) {
        release_views(s);
        factory_.destroy(s.image);
        if (s.replacement) factory_.destroy(s.replacement);
        if (s.readback) factory_.destroy(s.readback->buffer);
        if (s.depth_words) factory_.destroy(s.depth_words);
    }
    for (Buffer& b : readback_pool_)
        factory_.destroy(b);
}

VkExtent2D SurfaceCache::extent(const Surface& s) const {
    return {s.params.width * s.scale, s.params.height * s.scale};
}

namespace {
// An RGBA8 colour image that shadow or gas passes write as one r32ui word per pixel.
constexpr VkFormat kStorageViews[2] = {VK_FORMAT_R8G8B8A8_UNORM, VK_FORMAT_R32_UINT};
} // namespace

Image SurfaceCache::create_image(const Surface& s, bool storage) {
    const SurfaceParams& p = s.params;
    VkFormat format = VK_FORMAT_R8G8B8A8_UNORM;
    VkImageUsageFlags usage = VK_IMAGE_USAGE_TRANSFER_SRC_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT;
    if (p.kind == SurfaceKind::Color) {
        format = formats_.color[p.format];
        usage |= VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT | VK_IMAGE_USAGE_SAMPLED_BIT;
    } else if (p.kind == SurfaceKind::Depth) {
        format = formats_.depth[p.format];
        // Sampled by gas accumulation (docs/research/gas.md 4.2).
        usage |= VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT | VK_IMAGE_USAGE_SAMPLED_BIT;
    } else {
        // Drawn into when made from render targets (derived_texture).
        usage |= VK_IMAGE_USAGE_SAMPLED_BIT | VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT;
    }
    char name[112];
    std::snprintf(name, sizeof name, "%s surface 0x%08x %ux%u fmt %u x%u%s", kind_name(p.kind),
                  p.address, p.width, p.height, p.format, s.scale, storage ? " storage" : "");
    // 16-bit colour targets may be read as the other 16-bit formats (views of their twins).
    std::span<const VkFormat> views =
        p.kind == SurfaceKind::Color ? twin_formats(format) : std::span<const VkFormat>();
    if (storage) {
        usage |= VK_IMAGE_USAGE_STORAGE_BIT;
        views = host_bytes_per_pixel(format) == 2 ? std::span<const VkFormat>(storage_twins_)
                                                  : std::span<const VkFormat>(kStorageViews);
    }
    return factory_.create_image(format, extent(s), usage, name,
                                 p.kind == SurfaceKind::Texture ? p.levels : 1, p.cube,
                                 views.size() > 1 ? views : std::span<const VkFormat>());
}

bool SurfaceCache::storage_format(const Surface& s) const {
    if (s.params.kind != SurfaceKind::Color) return false;
    const VkFormat host = formats_.color[s.params.format];
    return (s.params.format == 0 && host == VK_FORMAT_R8G8B8A8_UNORM) ||
           (formats_.color16_storage && host_bytes_per_pixel(host) == 2);
}

bool SurfaceCache::compute_target(const Surface& s) const {
    return device_.compute_passes() && s.params.kind == SurfaceKind::Color &&
           formats_.color[s.params.format] == VK_FORMAT_R8G8B8A8_UNORM;
}

Surface* SurfaceCache::create(const SurfaceParams& p, std::uint32_t scale) {
    Surface s;
    s.params = p;
    s.scale = scale;
    // Storage usage only where a shadow or gas pass writes (make_storage), unless asked for the
    // earlier way (DeviceOptions::disable_storage_on_demand), or where fills and transfers write
    // it from compute passes.
    s.storage =
        (storage_format(s) && device_.options().disable_storage_on_demand) || compute_target(s);
    s.image = create_image(s, s.storage);
    // Every surface lives in GENERAL from here on.
    if (before_transfer_) before_transfer_();
    barrier_init_general(scheduler_.cmd(), s.image.image, s.image.aspect, s.image.levels,
                         s.image.layers);
    surfaces_.push_front(std::move(s));
    ++changes_;
    Surface& made = surfaces_.front();
    made.self = surfaces_.begin();
    index_.insert(&made, guest_ranges(made));
    ++stats_.created;
    ++stats_.live;
    return &made;
}

SurfaceIndex::Ranges SurfaceCache::guest_ranges(const Surface& s) {
    if (!s.params.cube) return SurfaceIndex::Ranges::one(s.params.address, s.end());
    // Each face holds its whole mip chain (TEXUNITi_ADDR1-6 each point at a face's level 0).
    SurfaceIndex::Ranges r;
    const auto bytes = static_cast<PAddr>(s.params.guest_bytes());
    for (const PAddr face : s.params.faces)
        r.add(face, face + bytes);
    return r;
}

SurfaceList SurfaceCache::overlapping(PAddr start, PAddr end) const {
    SurfaceList out;
    index_.overlapping(start, end, out);
    return out;
}

void SurfaceCache::retire_image(const Surface& s) {
    Surface dead;
    dead.image = s.image;
    dead.views_as = s.views_as;
    dead.storage_view = s.storage_view;
    dead.layers_view = s.layers_view;
    dead.depth_view = s.depth_view;
    scheduler_.defer([this, dead]() mutable {
        release_views(dead);
        factory_.destroy(dead.image);
    });
}

void SurfaceCache::make_storage(Surface& s) {
    settle(s); // a storage pass writes it without a render pass's clear
    if (s.storage || !storage_format(s)) return;
    // Held-back draws may name the old image: recorded first, and the rendering scope ended.
    if (before_transfer_) before_transfer_();
    Image made = create_image(s, true);
    VkCommandBuffer cmd = scheduler_.cmd();
    barrier_init_general(cmd, made.image, made.aspect);
    barrier_all(cmd);
    {
        const ScopedPass pass(scheduler_, "storage promotion");
        const std::uint64_t bytes = region_bytes(made.format, made.extent);
        scheduler_.pass_bytes(bytes, bytes);
        VkImageCopy region{};
        region.srcSubresource = region.dstSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1};
        region.extent = {made.extent.width, made.extent.height, 1};
        vkCmdCopyImage(cmd, s.image.image, VK_IMAGE_LAYOUT_GENERAL, made.image,
                       VK_IMAGE_LAYOUT_GENERAL, 1, &region);
    }
    barrier_all(cmd);
    retire_image(s);
    s.views_as = {};
    s.storage_view = s.layers_view = s.depth_view = s.texture_view = VK_NULL_HANDLE;
    s.image = made;
    s.storage = true;
    ++stats_.storage_promotions;
}

void SurfaceCache::destroy(Surface* s) {
    // Draws the rasterizer holds back (merged host draws) may name it: recorded first.
    if (before_transfer_) before_transfer_();
    // A clear still pending dies with the image (guest memory holds the fill, or gets it now).
    if (guest_fill_current(*s)) pica::run_memory_fill(memory_, *s->guest_fill, diag_);
    drop_pending_clear(*s);
    drop_readback(*s);
    index_.erase(s, guest_ranges(*s));
    retire_image(*s);
    if (s->depth_words)
        scheduler_.defer([this, words = s->depth_words]() mutable { factory_.destroy(words); });
    drop_replacement(*s);
    surfaces_.erase(s->self);
    ++changes_;
    --stats_.live;
}

Surface* SurfaceCache::render_target(const SurfaceParams& p) {
    const bool color = p.kind == SurfaceKind::Color;
    // Unchanged since the last lookup of these parameters (valid then): find_or_create would
    // find the same surface and have nothing to settle, take over or destroy (its last call
    // left only the surface and the textures it keeps; any other change bumps changes_, and a
    // destroyed surface's memo is never read).
    FoundSurface& memo = target_memo_[color ? 0 : 1];
    if (memo.surface && memo.changes == changes_ && memo.params == p && !memo.surface->guest_newer)
        return memo.surface;
    const bool format_ok = color ? pica::is_valid(static_cast<pica::ColorFormat>(p.format))
                                 : pica::is_valid(static_cast<pica::DepthFormat>(p.format));
    const std::size_t bytes = format_ok ? p.guest_bytes() : 0;
    if (!format_ok || p.width == 0 || p.height == 0 || p.width % 8 || p.height % 8 ||
        p.width > 1024 || p.height > 1024 || !memory_.contains(p.address, bytes)) {
        diag_.warn(pica::Warning::InvalidRenderTarget, [&] {
            return std::string(kind_name(p.kind)) + " buffer at " + pica::hex_string(p.address) +
                   " (" + std::to_string(p.width) + "x" + std::to_string(p.height) + ", format " +
                   std::to_string(p.format) + ") is not a usable render target";
        });
        return nullptr;
    }
    Surface* found = find_or_create(p);
    if (found->guest_newer) upload(*found);
    memo = {p, found, changes_};
    return found;
}

Surface* SurfaceCache::find_or_create(const SurfaceParams& p) {
    Surface* found = nullptr;
    SurfaceList sources; // bytes the GPU holds newer, for a new colour target to take over
    const PAddr end = p.address + static_cast<PAddr>(p.guest_bytes());
    const std::uint32_t bits =
        p.kind == SurfaceKind::Color
            ? pica::bytes_per_pixel(static_cast<pica::ColorFormat>(p.format)) * 8
            : 0;
    for (Surface* s : overlapping(p.address, end)) {
        if (s->params == p && s->scale == scale_) {
            found = s;
            continue;
        }
        settle(*s); // taken over or written back below: its image must hold the fill
        // Textures made from render targets are checked against them when bound: they stay, so
        // that a texture read from a target drawn every frame is not made again every frame.
        if (s->params.kind == SurfaceKind::Texture && s->written != 0) continue;
        if (s->gpu_newer && !p.linear && can_reinterpret(*s, p.address, end, bits)) {
            sources.push_back(s);
            continue;
        }
        if (s->gpu_newer) writeback(*s);
        destroy(s);
    }
    if (found) {
        // Not expected: two surfaces holding the same bytes; keep guest memory right.
        for (Surface* s : sources) {
            writeback(*s);
            destroy(s);
        }
        return found;
    }
    Surface* made = create(p, scale_);
    if (sources.size()) inherit(*made, sources);
    return made;
}

void SurfaceCache::release_views(Surface& s) {
    VkDevice dev = device_.device();
    for (VkImageView v : s.views_as)
        if (v) vkDestroyImageView(dev, v, nullptr);
    s.views_as = {};
    for (VkImageView* v : {&s.storage_view, &s.layers_view, &s.depth_view}) {
        if (*v) vkDestroyImageView(dev, *v, nullptr);
        *v = VK_NULL_HANDLE;
    }
    device_.note_destroyed(); // draw descriptor sets may name these views
}

Surface* SurfaceCache::texture(const SurfaceParams& p, const Surface* target) {
    // Found this frame with no render target over its bytes and nothing made or destroyed since
    // (below): the same texture, with nothing to settle, convert or upload.
    for (const FoundSurface& m : texture_memo_)
        if (m.surface && m.changes == changes_ && m.params == p && !m.surface->guest_newer &&
            (m.surface->checked_epoch == epoch_ || unchanged_since_reported(*m.surface)) &&
            m.surface->written == 0 && !m.surface->custom_pending)
            return m.surface;
    const std::size_t bytes = p.guest_bytes();
    bool usable = bytes != 0 && p.levels >= 1;
    // Every level whole 8x8 tiles, at most 1024 (TEXUNITi_DIM): what the codecs and the decode
    // pass read. Other sizes describe no texture the tiled layout can hold.
    for (std::uint32_t l = 0; l < p.levels && usable; ++l)
        usable = !pica::texture_error(static_cast<pica::TextureFormat>(p.format), p.width >> l,
                                      p.height >> l, SIZE_MAX, SIZE_MAX, 0);
    for (std::uint32_t f = 0; f < (p.cube ? 6u : 1u) && usable; ++f)
        usable = memory_.contains(p.cube ? p.faces[f] : p.address, bytes);
    if (!usable) {
        diag_.warn(pica::Warning::InvalidTexture, [&] {
            return "texture at " + pica::hex_string(p.address) + " (" + std::to_string(p.width) +
                   "x" + std::to_string(p.height) + ", format " + std::to_string(p.format) +
                   ") is not usable";
        });
        return nullptr;
    }
    // What the texture reads of render targets must hold their fills.
    for (std::uint32_t f = 0; f < (p.cube ? 6u : 1u); ++f) {
        const PAddr at = p.cube ? p.faces[f] : p.address;
        settle_overlapping(at, at + static_cast<PAddr>(bytes));
    }
    // The surfaces at the texture's address, looked up once: the loops below only read them
    // (writing back and converting create or destroy none).
    const SurfaceList here = overlapping(p.address, p.address + 1);
    // Render-to-texture at the scale. Colour buffers in 8x8 blocks are laid out as textures are
    // (the hardware samples render targets in place), and texture formats 0-4 are the colour
    // formats with the same ids.
    if (!p.cube && p.levels == 1 && p.format <= 4) {
        for (Surface* s : here) {
            const SurfaceParams& c = s->params;
            if (c.kind != SurfaceKind::Color || c.linear || c.block != pica::BlockSize::k8x8 ||
                c.address != p.address || c.width != p.width || c.height != p.height ||
                s->guest_newer || s->scale != scale_ || s == target)
                continue;
            // Another 16-bit format: the same bits through a view of its twin.
            const bool same = c.format == p.format;
            const bool twin = !same && !twin_formats(s->image.format).empty() &&
                              !twin_formats(formats_.color[p.format]).empty();
            if (!same && !twin) continue;
            s->texture_view = same && c.format != static_cast<std::uint8_t>(pica::ColorFormat::RGB8)
                                  ? VK_NULL_HANDLE
                                  : view_as(*s, p.format);
            ++stats_.render_to_texture;
            if (twin) ++stats_.reinterpretations;
            return s;
        }
    }
    // Bytes render targets hold newer inside the texture's range: the texture is made from them
    // on the GPU at the scale, where every level of every face can be.
    SurfaceList sources;
    bool on_gpu = !pica::is_etc(static_cast<pica::TextureFormat>(p.format));
    const std::uint32_t bits = pica::bits_per_pixel(static_cast<pica::TextureFormat>(p.format));
    bool only_textures = true; // no render target overlaps any face
    for (std::uint32_t f = 0; f < (p.cube ? 6u : 1u); ++f) {
        const PAddr start = p.cube ? p.faces[f] : p.address;
        for (Surface* s : overlapping(start, start + static_cast<PAddr>(bytes))) {
            if (s->params.kind != SurfaceKind::Texture) only_textures = false;
            if (s->params.kind == SurfaceKind::Texture || !s->gpu_newer) continue;
            for (std::uint32_t l = 0; l < p.levels && on_gpu; ++l) {
                const auto [from, to] = level_range(p, f, l);
                if (from < s->end() && s->params.address < to)
                    on_gpu = can_reinterpret(*s, from, to, bits);
            }
            if (std::find(sources.begin(), sources.end(), s) == sources.end()) sources.push_back(s);
        }
    }
    if (sources.size() && on_gpu) return derived_texture(p, sources);
    // Checked already in this frame and not written since (invalidate_range): nothing to do.
    // Memory written behind the session's back is noticed at the next frame; where every write
    // is reported, a texture checked in any frame stays checked until one is (no render target
    // holds newer bytes over it: `sources` is empty). Not a texture made from render targets
    // (written != 0): those have since been written back, maybe newer.
    for (Surface* s : here) {
        if (s->params == p && !s->guest_newer &&
            (s->checked_epoch == epoch_ || (sources.size() == 0 && unchanged_since_reported(*s))) &&
            s->written == 0) {
            if (s->custom_pending) poll_custom_texture(*s);
            // With no render target over its bytes, the next lookup of these parameters can only
            // come here again until a surface is made or destroyed (changes_): remembered.
            if (only_textures && !s->custom_pending)
                texture_memo_[next_texture_memo_++ % std::size(texture_memo_)] = {p, s, changes_};
            return s;
        }
    }
    Surface* same = nullptr;
    for (Surface* s : here)
        if (s->params == p) same = s;
    // Bytes expected to differ from the image's (a new texture, or one whose bytes changed at
    // its last check) go into staging for the GPU decode as they are hashed: read once, not
    // once to compare and again to upload.
    const bool stage = gpu_texture_decode_ && (!same || same->changed_at_check) && stageable(p);
    // Render-to-texture: what was drawn there must reach guest memory first (every face before
    // any is staged: a write-back's wait submits, and staged bytes must not precede a
    // submission that does not read them, upload_texture).
    for (std::uint32_t f = 0; f < (p.cube ? 6u : 1u); ++f)
        flush_range(p.cube ? p.faces[f] : p.address, bytes);
    StagedLevels staged;
    if (stage) {
        ++stats_.hashed_copies;
        staged.tick = scheduler_.current_tick();
    }
    std::uint64_t h = 0;
    for (std::uint32_t f = 0; f < (p.cube ? 6u : 1u); ++f) {
        const pica::PAddr a = p.cube ? p.faces[f] : p.address;
        h = stage ? stage_while_hashing(p, a, h, staged)
                  : pica::content_hash({memory_.pointer(a, bytes), bytes}, h, workers_);
        stats_.texture_hash_bytes += bytes;
    }
    if (same) {
        Surface* s = same;
        // Rewritten with the same bytes (games re-upload textures every frame): no upload.
        // One made from render targets holds their bytes, not these: uploaded.
        s->changed_at_check = s->content_hash != h || s->written != 0;
        if (s->changed_at_check) {
            s->written = 0;
            ++changes_; // find_or_create no longer keeps it beside a target
            s->content_hash = h;
            upload(*s, staged);
            after_texture_upload(*s);
        } else if (s->custom_pending) {
            poll_custom_texture(*s);
        }
        s->guest_newer = false;
        s->checked_epoch = epoch_;
        return s;
    }
    Surface* s = create(p, 1);
    s->content_hash = h;
    s->checked_epoch = epoch_;
    upload(*s, staged);
    after_texture_upload(*s);
    return s;
}

std::size_t SurfaceCache::flush_range(PAddr address, std::size_t size) {
    const PAddr end = address + static_cast<PAddr>(size);
    const SurfaceList found = overlapping(address, end);
    // Every copy first: the first completion submits them together, and one wait covers all.
    for (Surface* s : found)
        if (s->gpu_newer) begin_writeback(*s);
    std::size_t written = 0;
    for (Surface* s : found) {
        if (s->gpu_newer) {
            writeback(*s);
            ++written;
        }
    }
    return written;
}

std::size_t SurfaceCache::prefetch_range(PAddr address, std::size_t size) {
    const PAddr end = address + static_cast<PAddr>(size);
    std::size_t begun = 0;
    for (Surface* s : overlapping(address, end)) {
        if (s->gpu_newer && !guest_fill_current(*s)) {
            begin_writeback(*s);
            ++begun;
        }
    }
    if (begun) scheduler_.submit(); // the GPU starts the copies now
    return begun;
}

void SurfaceCache::flush_all() {
    for (Surface& s : surfaces_)
        if (s.gpu_newer) writeback(s);
}

void SurfaceCache::set_scale(std::uint32_t scale) {
    flush_all();
    while (!surfaces_.empty())
        destroy(&surfaces_.front());
    scale_ = scale;
}

void SurfaceCache::invalidate_range(PAddr address, std::size_t size) {
    const PAddr end = address + static_cast<PAddr>(size);
    for (Surface* s : overlapping(address, end)) {
        s->gpu_newer = false;
        s->guest_newer = true;
        s->guest_fill.reset();
        drop_readback(*s);
        // Reloaded from guest memory at its next use: a pending clear would undo that.
        drop_pending_clear(*s);
    }
}

Surface* SurfaceCache::find_linear_color(PAddr address, std::uint32_t width, std::uint32_t height,
                                         pica::ColorFormat format) {
    for (Surface* s : overlapping(address, address + 1))
        if (s->params.kind == SurfaceKind::Color && s->params.linear &&
            s->params.address == address && s->params.width == width &&
            s->params.height == height && s->params.format == static_cast<std::uint8_t>(format) &&
            !s->guest_newer) {
            settle(*s);
            return s;
        }
    return nullptr;
}

} // namespace picavk::vk
