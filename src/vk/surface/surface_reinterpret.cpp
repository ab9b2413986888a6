#include "vk/surface/surface_cache.h"

// Reading a cached surface's guest bytes as another surface's pixels, on the GPU at the scale
// (shaders/reinterpret_bytes.frag): textures made from render targets (derived_texture), new
// render targets filled from the older ones they overlap (inherit), and the views that sample a
// colour target as another format without a copy (view_as).

#include "pica/content_hash.h"
#include "pica/texture/texture_codec.h"
#include "vk/device/barriers.h"
#include "vk/device/device.h"
#include "vk/device/scheduler.h"

#include <algorithm>
#include <cstdio>
#include <vector>

namespace picavk::vk {

using pica::PAddr;

namespace {
// The pass's source format id: colour formats 0-4, then D16, D24, D24S8.
std::uint32_t source_format(const SurfaceParams& p) {
    if (p.kind == SurfaceKind::Color) return p.format;
    switch (static_cast<pica::DepthFormat>(p.format)) {
    case pica::DepthFormat::D16:
        return 5;
    case pica::DepthFormat::D24:
        return 6;
    default:
        return 7;
    }
}
// The pass's source host kind: what one element of the source's texel buffer holds.
std::uint32_t source_host(const Surface& s) {
    if (s.params.kind == SurfaceKind::Color) return host_bytes_per_pixel(s.image.format) == 2;
    switch (s.image.format) {
    case VK_FORMAT_D16_UNORM:
        return 4;
    case VK_FORMAT_D32_SFLOAT:
    case VK_FORMAT_D32_SFLOAT_S8_UINT:
        return 3;
    default:
        return 2;
    }
}
bool same_bytes_same_format(const SurfaceParams& src, const SurfaceParams& dst) {
    return src.kind == SurfaceKind::Color && src.format == dst.format;
}
} // namespace

VkBufferView SurfaceCache::texel_view(const Buffer& buffer, VkFormat format) {
    VkBufferViewCreateInfo ci{VK_STRUCTURE_TYPE_BUFFER_VIEW_CREATE_INFO};
    ci.buffer = buffer.buffer;
    ci.format = format;
    ci.range = VK_WHOLE_SIZE;
    VkBufferView view = VK_NULL_HANDLE;
    check(vkCreateBufferView(device_.device(), &ci, nullptr, &view), "vkCreateBufferView");
    return view;
}

bool SurfaceCache::can_reinterpret(const Surface& src, PAddr start, PAddr end,
                                   std::uint32_t bits) const {
    if (src.params.kind == SurfaceKind::Texture || src.scale != scale_ || bits == 0 || bits > 32)
        return false;
    const VkExtent2D e = extent(src);
    if (VkDeviceSize{e.width} * e.height > device_.properties().limits.maxTexelBufferElements)
        return false;
    if (src.params.kind == SurfaceKind::Depth &&
        src.params.format == static_cast<std::uint8_t>(pica::DepthFormat::D24S8) &&
        !(src.image.aspect & VK_IMAGE_ASPECT_STENCIL_BIT))
        return false;
    // A pixel partly inside the source would need bytes from two places.
    if (bits < 8) return true;
    const std::uint32_t bytes = bits / 8;
    for (PAddr edge : {src.params.address, src.end()})
        if (start < edge && edge < end && (edge - start) % bytes != 0) return false;
    return true;
}

SurfaceCache::SourceWords SurfaceCache::source_words(Surface& src) {
    const VkExtent2D e = extent(src);
    const VkDeviceSize texels = VkDeviceSize{e.width} * e.height;
    const bool depth = src.params.kind == SurfaceKind::Depth;
    const std::uint32_t bpp = depth ? (src.image.format == VK_FORMAT_D16_UNORM ? 2 : 4)
                                    : host_bytes_per_pixel(src.image.format);
    const bool stencil =
        depth && src.params.format == static_cast<std::uint8_t>(pica::DepthFormat::D24S8);
    const VkBufferUsageFlags usage =
        VK_BUFFER_USAGE_TRANSFER_DST_BIT | VK_BUFFER_USAGE_UNIFORM_TEXEL_BUFFER_BIT;
    SourceWords w;
    w.main = factory_.create_buffer(texels * bpp, usage, MemoryUsage::DeviceLocal,
                                    "surface bytes for reinterpretation");
    w.main_view = texel_view(w.main, bpp == 2 ? VK_FORMAT_R16_UINT : VK_FORMAT_R32_UINT);
    if (stencil) {
        w.stencil = factory_.create_buffer(texels, usage, MemoryUsage::DeviceLocal,
                                           "stencil bytes for reinterpretation");
        w.stencil_view = texel_view(w.stencil, VK_FORMAT_R8_UINT);
    }
    if (before_transfer_) before_transfer_();
    VkCommandBuffer cmd = scheduler_.cmd();
    barrier_all(cmd);
    VkBufferImageCopy region{};
    region.imageSubresource = {depth ? VkImageAspectFlags(VK_IMAGE_ASPECT_DEPTH_BIT)
                                     : VkImageAspectFlags(VK_IMAGE_ASPECT_COLOR_BIT),
                               0, 0, 1};
    region.imageExtent = {e.width, e.height, 1};
    vkCmdCopyImageToBuffer(cmd, src.image.image, VK_IMAGE_LAYOUT_GENERAL, w.main.buffer, 1,
                           &region);
    if (stencil) {
        region.imageSubresource.aspectMask = VK_IMAGE_ASPECT_STENCIL_BIT;
        vkCmdCopyImageToBuffer(cmd, src.image.image, VK_IMAGE_LAYOUT_GENERAL, w.stencil.buffer, 1,
                               &region);
    }
    barrier_all(cmd);
    scheduler_.defer([this, w]() mutable {
        VkDevice dev = device_.device();
        vkDestroyBufferView(dev, w.main_view, nullptr);
        if (w.stencil_view) vkDestroyBufferView(dev, w.stencil_view, nullptr);
        factory_.destroy(w.main);
        if (w.stencil) factory_.destroy(w.stencil);
    });
    return w;
}

void SurfaceCache::copy_bytes(const Surface& src, const SourceWords& words, Surface& dst,
                              std::uint32_t level, std::uint32_t layer, PAddr start) {
    ReinterpretPass pass;
    pass.delta = static_cast<std::int32_t>(static_cast<std::int64_t>(start) - src.params.address);
    pass.src_bytes = static_cast<std::uint32_t>(src.params.guest_bytes());
    pass.scale = scale_;
    pass.dst_width = dst.params.width >> level;
    pass.dst_format = dst.params.format;
    pass.dst_block = pica::block_pixels(dst.params.block);
    pass.src_width = src.params.width;
    pass.src_format = source_format(src.params);
    pass.src_block = src.params.linear ? 0 : pica::block_pixels(src.params.block);
    pass.src_host = source_host(src);
    const PassTarget target = level_target(dst, level, layer);
    if (before_transfer_) before_transfer_();
    blitter_.reinterpret(words.main_view, words.stencil_view, pass, target);
}

PassTarget SurfaceCache::level_target(Surface& s, std::uint32_t level, std::uint32_t layer) {
    PassTarget target{s.image.view,
                      {(s.params.width >> level) * s.scale, (s.params.height >> level) * s.scale},
                      s.image.format};
    if (s.image.levels > 1 || s.image.layers > 1) {
        // One level of one layer as a colour attachment.
        VkImageViewCreateInfo vi{VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO};
        vi.image = s.image.image;
        vi.viewType = VK_IMAGE_VIEW_TYPE_2D;
        vi.format = s.image.format;
        vi.subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, level, 1, layer, 1};
        check(vkCreateImageView(device_.device(), &vi, nullptr, &target.view), "vkCreateImageView");
        scheduler_.defer([dev = device_.device(), view = target.view] {
            vkDestroyImageView(dev, view, nullptr);
        });
    }
    return target;
}

std::pair<PAddr, PAddr> SurfaceCache::level_range(const SurfaceParams& p, std::uint32_t face,
                                                  std::uint32_t level) {
    const auto fmt = static_cast<pica::TextureFormat>(p.format);
    PAddr at = p.cube ? p.faces[face] : p.address;
    for (std::uint32_t l = 0; l < level; ++l)
        at += static_cast<PAddr>(pica::texture_bytes(fmt, p.width >> l, p.height >> l));
    return {at,
            at + static_cast<PAddr>(pica::texture_bytes(fmt, p.width >> level, p.height >> level))};
}

bool SurfaceCache::covered(PAddr start, PAddr end, const SurfaceList& sources) {
    // Few sources: extend the covered prefix until nothing extends it.
    PAddr reached = start;
    for (bool grew = true; grew && reached < end;) {
        grew = false;
        for (const Surface* s : sources)
            if (s->params.address <= reached && reached < s->end()) {
                reached = s->end();
                grew = true;
            }
    }
    return reached >= end;
}

Surface* SurfaceCache::derived_texture(const SurfaceParams& p, const SurfaceList& sources) {
    std::uint64_t written = 0;
    bool reinterpreted = false;
    for (const Surface* s : sources) {
        written = std::max(written, s->written);
        reinterpreted |= !same_bytes_same_format(s->params, p);
    }
    Surface* t = nullptr;
    for (Surface* s : overlapping(p.address, p.address + 1)) {
        if (s->params != p) continue;
        if (s->scale == scale_ && !t)
            t = s;
        else
            destroy(s); // the same texture at 1x, decoded before the targets were drawn
    }
    const std::uint32_t faces = p.cube ? 6u : 1u;
    const std::size_t bytes = p.guest_bytes();
    std::uint64_t hash = 0;
    if (t && !t->guest_newer && t->checked_epoch == epoch_) {
        hash = t->content_hash; // compared with guest memory in this frame already
    } else {
        for (std::uint32_t f = 0; f < faces; ++f)
            hash = pica::content_hash(
                {memory_.pointer(p.cube ? p.faces[f] : p.address, bytes), bytes}, hash, workers_);
    }
    ++stats_.render_to_texture;
    if (reinterpreted) ++stats_.reinterpretations;
    if (t && t->written == written && t->content_hash == hash && !t->guest_newer) {
        t->checked_epoch = epoch_;
        return t;
    }
    if (!t) t = create(p, scale_);
    bool whole = true;
    for (std::uint32_t f = 0; f < faces && whole; ++f) {
        const PAddr start = p.cube ? p.faces[f] : p.address;
        whole = covered(start, start + static_cast<PAddr>(bytes), sources);
    }
    // Guest memory for what no source holds (the pass leaves those pixels as they are).
    if (!whole) upload(*t);
    for (Surface* s : sources) {
        const SourceWords words = source_words(*s);
        for (std::uint32_t f = 0; f < faces; ++f) {
            for (std::uint32_t l = 0; l < p.levels; ++l) {
                const auto [start, end] = level_range(p, f, l);
                if (start < s->end() && s->params.address < end)
                    copy_bytes(*s, words, *t, l, f, start);
            }
        }
    }
    t->written = written;
    t->content_hash = hash;
    t->checked_epoch = epoch_;
    t->guest_newer = false;
    return t;
}

void SurfaceCache::inherit(Surface& made, const SurfaceList& sources) {
    const SurfaceParams& p = made.params;
    // Bytes beyond the new target must reach guest memory before its source goes.
    for (Surface* s : sources)
        if (s->params.address < p.address || s->end() > made.end()) writeback(*s);
    if (!covered(p.address, made.end(), sources)) upload(made);
    for (Surface* s : sources) {
        copy_bytes(*s, source_words(*s), made, 0, 0, p.address);
        if (!same_bytes_same_format(s->params, p)) ++stats_.reinterpretations;
        destroy(s);
    }
    made.guest_newer = false;
    mark_written(made);
}

VkImageView SurfaceCache::view_as(Surface& s, std::uint8_t format) {
    VkImageView& view = s.views_as[format];
    if (view) return view;
    VkImageViewCreateInfo vi{VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO};
    vi.image = s.image.image;
    vi.viewType = VK_IMAGE_VIEW_TYPE_2D;
    vi.format = s.params.format == format ? s.image.format : formats_.color[format];
    if (format == static_cast<std::uint8_t>(pica::ColorFormat::RGB8))
        vi.components.a = VK_COMPONENT_SWIZZLE_ONE;
    vi.subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1};
    VkImageViewUsageCreateInfo usage{VK_STRUCTURE_TYPE_IMAGE_VIEW_USAGE_CREATE_INFO};
    factory_.narrow_view_usage(s.image, vi, usage);
    check(vkCreateImageView(device_.device(), &vi, nullptr, &view), "vkCreateImageView");
    device_.name(view, VK_OBJECT_TYPE_IMAGE_VIEW, "colour target sampled as another format");
    return view;
}

namespace {
// A view of `s`'s image made once into `view` (released with the surface's other views).
VkImageView made_view(const Device& device, const ResourceFactory& factory, const Surface& s,
                      VkImageView& view, VkImageViewType type, VkFormat format,
                      VkImageAspectFlags aspect, std::uint32_t levels, std::uint32_t layers,
                      const char* name) {
    if (view) return view;
    VkImageViewCreateInfo vi{VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO};
    vi.image = s.image.image;
    vi.viewType = type;
    vi.format = format;
    vi.subresourceRange = {aspect, 0, levels, 0, layers};
    VkImageViewUsageCreateInfo usage{VK_STRUCTURE_TYPE_IMAGE_VIEW_USAGE_CREATE_INFO};
    factory.narrow_view_usage(s.image, vi, usage);
    check(vkCreateImageView(device.device(), &vi, nullptr, &view), "vkCreateImageView");
    device.name(view, VK_OBJECT_TYPE_IMAGE_VIEW, name);
    return view;
}
} // namespace

VkImageView SurfaceCache::storage_view(Surface& s) {
    settle(s);
    // R32_UINT, or R16_UINT for a 16-bit image, is in the format list of a storage image
    // (make_storage, which the rasterizer calls before it records a shadow, gas or compute draw).
    const bool bits16 = host_bytes_per_pixel(s.image.format) == 2;
    return made_view(device_, factory_, s, s.storage_view, VK_IMAGE_VIEW_TYPE_2D,
                     bits16 ? VK_FORMAT_R16_UINT : VK_FORMAT_R32_UINT, VK_IMAGE_ASPECT_COLOR_BIT, 1,
                     1,
                     bits16 ? "r16ui storage (compute rasteriser)"
                            : "r32ui storage (shadow, gas, compute passes and rasteriser)");
}

VkImageView SurfaceCache::layers_view(Surface& s) {
    return made_view(device_, factory_, s, s.layers_view, VK_IMAGE_VIEW_TYPE_2D_ARRAY,
                     s.image.format, VK_IMAGE_ASPECT_COLOR_BIT, s.image.levels, s.image.layers,
                     "cube texture as layers");
}

VkImageView SurfaceCache::depth_view(Surface& s) {
    settle(s);
    return made_view(device_, factory_, s, s.depth_view, VK_IMAGE_VIEW_TYPE_2D, s.image.format,
                     VK_IMAGE_ASPECT_DEPTH_BIT, 1, 1, "depth buffer (sampled depth)");
}

std::span<const VkFormat> SurfaceCache::twin_formats(VkFormat host) const {
    for (VkFormat f : twins_)
        if (f == host) return twins_;
    return {};
}

} // namespace picavk::vk
