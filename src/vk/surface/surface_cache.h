#pragma once

// The one owner of guest memory that the GPU renders into (DESIGN.md "Rules of thumb"): colour
// and depth render targets, and the textures draws sample, as host images at the resolution
// scale, with their state relative to guest memory.
//
//  - A surface is filled from guest memory when first used and whenever guest memory changed
//    under it (invalidate_range: trace memory loads, CPU writes, transfers).
//  - Rendering and GPU transfers mark it newer than guest memory. The host image is then the
//    working copy: flush_range writes it back (tiled or linear, in the guest format) only when
//    the CPU side needs the bytes - a CPU read, a transfer the GPU cannot do, a texture read
//    from memory - never on FRAMEBUFFER_FLUSH.
//  - Display transfers between cached colour surfaces run on the GPU at the scale
//    (display_transfer, TransferBlitter); their destination is a surface too, which the LCD
//    present reads.
//  - A new render target that overlaps older ones the GPU holds newer takes their bytes on the
//    GPU, at the scale (reinterpreted when the formats differ), then they are dropped; one that
//    reaches beyond the new target is written back first (its bytes outside it must survive).
//    Other overlapping surfaces are written back (if newer) and dropped, except textures made
//    from render targets, which are checked against them when bound.
//
// Textures are decoded on the CPU (texture_codec) into RGBA8 at 1x, or, where their range holds
// bytes a render target has newer, made at the scale on the GPU from those targets (and guest
// memory for the rest): render-to-texture of sub-rectangles, mip levels, cube faces and other
// formats without a write-back.

#include "pica/diagnostics.h"
#include "pica/memory.h"
#include "pica/texture/framebuffer_formats.h"
#include "pica/texture/texel_formats.h"
#include "pica/transfer/transfer_engine.h"
#include "vk/device/resources.h"
#include "vk/draw/stream_buffer.h"
#include "vk/surface/compute_passes.h"
#include "vk/surface/host_formats.h"
#include "vk/surface/surface_index.h"
#include "vk/surface/transfer_blitter.h"

#include <array>
#include <functional>
#include <list>
#include <memory>
#include <optional>
#include <vector>

namespace picavk::custom_textures {
struct ReplacementImage;
class TexturePack;
class TextureDumper;
} // namespace picavk::custom_textures

namespace picavk::pica {
class HostWorkers;
}

namespace picavk::vk {

class Device;
class Scheduler;

enum class SurfaceKind : std::uint8_t { Color, Depth, Texture };

struct SurfaceParams {
    pica::PAddr address = 0;
    std::uint32_t width = 0, height = 0; // guest pixels
    SurfaceKind kind = SurfaceKind::Color;
    std::uint8_t format = 0; // ColorFormat, DepthFormat or TextureFormat by kind
    pica::BlockSize block = pica::BlockSize::k8x8;
    // Colour only: rows in memory order, as display transfers write LCD framebuffers (no
    // tiling; `block` unused).
    bool linear = false;
    // Textures: mip levels (each following the previous in memory, spec 004 TEXUNITi_ADDR),
    // and for cube maps the addresses of faces +X, -X, +Y, -Y, +Z, -Z (face 0 = address).
    std::uint8_t levels = 1;
    bool cube = false;
    std::array<pica::PAddr, 6> faces{};

    std::size_t guest_bytes() const;
    bool operator==(const SurfaceParams&) const = default;
};

struct Surface {
    SurfaceParams params;
    Image image;
    std::uint32_t scale = 1;
    bool gpu_newer = false; // the host image holds writes guest memory lacks
    // The image has storage usage and an r32ui view format, or r16ui for a 16-bit one
    // (make_storage).
    bool storage = false;
    bool guest_newer = true; // guest memory changed since the host image was filled
    // A memory fill gave every pixel `pending_clear_value` and the image does not hold it yet:
    // the next render pass that targets the surface clears it as it begins (loadOp CLEAR, no
    // separate pass and no load); any other use records the clear first (SurfaceCache::settle).
    bool pending_clear = false;
    VkClearValue pending_clear_value{};
    // A memory fill the surface took whole and guest memory never got (the CPU fill was left
    // out, SurfaceCache::before_fill): while `written` is still `guest_fill_written` (nothing
    // drawn or copied into it since), a write-back writes the fill's bytes into guest memory
    // itself, with no GPU read-back.
    std::optional<pica::MemoryFillRegs> guest_fill;
    std::uint64_t guest_fill_written = 0;
    std::uint64_t content_hash = 0; // textures: the guest bytes the image was decoded from
    // Textures: the bytes differed from the image's at the last comparison (or the texture was
    // new). The next comparison then expects a change, and copies the bytes into staging for
    // the GPU decode as it hashes them (SurfaceCache::texture).
    bool changed_at_check = true;
    std::uint64_t checked_epoch = ~0ull; // textures: the frame the hash was last compared in
    // Render targets: when the GPU last wrote it (SurfaceCache::mark_written's clock). Textures
    // made from render targets' bytes (derived_texture): the newest of those writes they hold,
    // 0 for a texture decoded from guest memory alone.
    std::uint64_t written = 0;
    // A colour target sampled as texture format f (0-4) through views_as[f], made on first use:
    // RGB8 through a view whose alpha reads 1 (the host image's alpha is not guest data), a
    // 16-bit format through a view of its Vulkan twin (the same bits read another way).
    std::array<VkImageView, 5> views_as{};
    // What the last texture() bind of this surface samples (null: the image's own view).
    VkImageView texture_view = VK_NULL_HANDLE;
    // Made on first use: a colour target as one r32ui word per pixel, or r16ui for a 16-bit one
    // (storage_view), a cube texture's six faces as a 2D array (shadow cube texel fetches).
    VkImageView storage_view = VK_NULL_HANDLE;
    VkImageView layers_view = VK_NULL_HANDLE;
    VkImageView depth_view = VK_NULL_HANDLE; // a depth buffer's depth aspect (gas accumulation)
    // The compute rasteriser's copy of a depth buffer's depth (surface_depth_words.cpp): the
    // depth aspect as vkCmdCopyImageToBuffer lays it out (D24S8 a word per pixel, the depth in
    // bits 0-23; D16 a half word), made at the first compute draw that tests depth or stencil;
    // for D24S8 the stencil aspect follows, a byte per pixel (from word
    // stencil_words_base()). Current: it holds what the image holds, or newer; newer: the image
    // lacks what compute draws wrote in `words_dirty` (host pixels x0, y0, x1, y1), copied back
    // before any other use of the image (the stencil bytes too where `stencil_newer`). The
    // stencil bytes are copied from the image only for a draw that tests stencil (most draws
    // do not: a fifth less to copy): `stencil_current` where they hold what the image holds.
    Buffer depth_words;
    bool words_current = false, words_newer = false, stencil_newer = false;
    bool stencil_current = false;
    std::array<std::int32_t, 4> words_dirty{};
    pica::PAddr end() const {
        return params.address + static_cast<pica::PAddr>(params.guest_bytes());
    }
    // A write-back under way (SurfaceCache::begin_writeback): the host image (as of write clock
    // `written`) copied into `buffer` by submission `tick`; guest memory gets it on completion.
    struct Readback {
        Buffer buffer;
        std::uint64_t tick = 0, written = 0;
        VkDeviceSize main_bytes = 0, stencil_bytes = 0;
    };
    std::optional<Readback> readback;
    std::list<Surface>::iterator self; // its place in the cache's list
    // Custom textures (surface_custom.cpp): a guest texture's replacement from a texture pack,
    // sampled instead of `image` (RGBA8, its own size and mip chain). Its level l + lod_offset
    // (log2 of replacement width / guest width) has the resolution of the original's level l:
    // the sampler's coarsest level moves by as much (SamplerCache).
    Image replacement;
    std::int32_t lod_offset = 0;   // in 1/256 levels (TEXUNITi_LOD's bias unit), the sampler's key
    std::uint64_t custom_hash = 0; // city_hash64 of level 0's guest bytes, when a pack has it
    bool custom_pending = false;   // the pack is still decoding the replacement
    // city_hash64 of each level's guest bytes (the pack may replace levels 1.. too).
    std::array<std::uint64_t, 11> custom_level_hashes{};
    // The view a sampler reads.
    VkImageView sample_view() const {
        return texture_view ? texture_view : replacement ? replacement.view : image.view;
    }
    // The guest texture's own pixels, never a replacement (texel fetches: shadow textures).
    VkImageView guest_view() const { return texture_view ? texture_view : image.view; }
};

struct SurfaceStats {
    std::uint64_t uploads = 0, upload_bytes = 0;
    std::uint64_t writebacks = 0, writeback_bytes = 0;
    std::uint64_t created = 0, live = 0;
    std::uint64_t fill_clears = 0;         // memory fills done as GPU clears of whole surfaces
    std::uint64_t render_pass_clears = 0;  // ... of those, done by the next render pass
    std::uint64_t partial_fill_clears = 0; // ... of whole tile rows, the rest kept
    // Of fill_clears, those guest memory did not get (before_fill), and of these, those written
    // into guest memory later, at a write-back before anything else was drawn there.
    std::uint64_t fills_off_guest = 0, guest_fill_writebacks = 0;
    std::uint64_t readback_bytes = 0; // bytes copied from host images to the CPU (at the scale)
    std::uint64_t gpu_transfers = 0;  // display transfers done between surfaces on the GPU
    // Transfers done on the CPU after writing back a surface the GPU held newer.
    std::uint64_t transfer_fallbacks = 0;
    // Texture binds served by a colour render target's scaled image (no write-back, no decode).
    std::uint64_t render_to_texture = 0;
    // Texture binds that read a depth buffer's bytes as colour, converted on the GPU.
    std::uint64_t reinterpretations = 0;
    // Write-backs completed from a copy begun earlier by prefetch_range (no wait of their own
    // when the GPU had finished it).
    std::uint64_t prefetched_writebacks = 0;
    // Texture uploads decoded on the GPU (set_gpu_texture_decode), the others on the CPU.
    std::uint64_t gpu_decoded_uploads = 0;
    // Levels copied into device memory before their decode (decode_level_on_gpu).
    std::uint64_t decode_copies = 0;
    // Guest bytes hashed to compare textures with guest memory (texture()).
    std::uint64_t texture_hash_bytes = 0;
    // Of those comparisons, the ones that copied the bytes into staging as they hashed them.
    std::uint64_t hashed_copies = 0;
    std::uint64_t storage_promotions = 0; // make_storage copies
    std::uint64_t compute_passes = 0;     // fills and display transfers done by ComputePasses
    // The compute rasteriser's depth (Surface::depth_words): copies from the image, copies back,
    // and fills that gave the words the fill's value (beside the image's clear, or instead of
    // it: depth_fills_in_words).
    std::uint64_t depth_word_loads = 0, depth_word_stores = 0, depth_word_fills = 0;
    std::uint64_t depth_fills_in_words = 0;
    // Fills and display transfers recorded beside an open one (begin_open_passes), without a
    // barrier between them.
    std::uint64_t passes_side_by_side = 0;
    // Custom textures: texture levels handed to the dumper (each distinct one once), textures
    // given a pack's replacement, and binds that drew the original while it still loaded.
    std::uint64_t custom_dumped = 0, custom_replaced = 0, custom_waits = 0;
    std::uint64_t filtered = 0; // textures given a filtered image at the scale
};

class SurfaceCache {
  public:
    SurfaceCache(const Device& device, ResourceFactory& factory, Scheduler& scheduler,
                 StreamBuffer& staging, const HostFormats& formats, pica::MemoryView memory,
                 pica::Diagnostics& diag, std::uint32_t scale);
    ~SurfaceCache();
    SurfaceCache(const SurfaceCache&) = delete;
    SurfaceCache& operator=(const SurfaceCache&) = delete;

    // Called before any transfer command is recorded and before a surface is dropped (the
    // rasterizer records the draws it holds back and ends its rendering).
    void set_before_transfer(std::function<void()> fn) { before_transfer_ = std::move(fn); }

    // A render target, filled from guest memory if needed. Null (with a warning) when the
    // parameters describe no valid surface or leave guest memory.
    Surface* render_target(const SurfaceParams& params);
    // A texture. Render-to-texture: a texture that is exactly a colour render target the GPU
    // holds (address, size, pixel format; one level, not a cube) is that target's scaled image,
    // unless it is `target`, the draw's own colour buffer. One whose range holds bytes render
    // targets have newer (a sub-rectangle, a mip level, a cube face, another format, a depth
    // buffer's bytes) is made from them on the GPU at the scale (derived_texture). Otherwise a 1x
    // RGBA8 image decoded from guest memory (what the GPU cannot convert written back first),
    // re-decoded when guest memory changed.
    Surface* texture(const SurfaceParams& p, const Surface* target = nullptr);
    // A colour target as storage, a pixel a word: r32ui for RGBA8 images - shadow-mode writes
    // (docs/research/shadow.md 2: the word is depth << 8 | intensity), compute passes, the
    // compute rasteriser -, r16ui for 16-bit ones (the compute rasteriser). make_storage first.
    VkImageView storage_view(Surface& s);
    // A colour target that make_storage can give storage usage: an RGBA8 one (format 0), or a
    // 16-bit one in its 16-bit twin where the device has r16ui storage images.
    bool storage_format(const Surface& s) const;
    // Gives a colour target storage usage before a shadow, gas or compute-rasteriser pass writes
    // it: targets are made without it (storage usage and a second view format can cost a GPU
    // its colour compression), and the first such pass replaces the image with a
    // storage-capable copy.
    // Surface pointers stay valid; its views are made anew. Records the rasterizer's held-back
    // draws first (before_transfer), so call it before recording a draw, not during.
    void make_storage(Surface& s);
    // A cube texture's faces as a 2D array, layers +X -X +Y -Y +Z -Z.
    VkImageView layers_view(Surface& s);
    // A depth buffer's depth aspect, for sampling (gas accumulation reads it).
    VkImageView depth_view(Surface& s);
    // For the render pass that begins on render target `s`: true, with the value, when a
    // memory fill's clear is still pending there (Surface::pending_clear), which the render
    // pass now does as it begins (its area must be the whole surface).
    bool take_pending_clear(Surface& s, VkClearValue& value);
    // The compute rasteriser's depth for the dispatch recorded next (Surface::depth_words),
    // copied from the image where the words are not current, with a D24S8 image's stencil
    // where `stencil` (the draw tests it). D16 and D24S8 images only; call it outside a
    // rendering scope.
    VkBuffer depth_words(Surface& s, bool stencil);
    // A compute dispatch wrote depth, or with `stencil` the stencil, in `area` (host pixels x0,
    // y0, x1, y1) of the words.
    void depth_words_drawn(Surface& s, const std::int32_t area[4], bool stencil);
    // The word of Surface::depth_words where a D24S8 buffer's stencil bytes begin.
    static std::uint32_t stencil_words_base(const Surface& s) {
        return s.image.extent.width * s.image.extent.height;
    }
    // Before a render pass on depth buffer `s` (which may write the image): what the words hold
    // newer copied back, and the words no longer current.
    void settle_depth_words(Surface& s);
    // From begin_open_passes to end_open_passes, memory fills and display transfers leave
    // their barrier after to the next recording (Scheduler::leave_open), and such a pass goes
    // beside the open ones before it (no barrier between) where it writes nothing they read or
    // write and reads nothing they write (by surface: its image, or its depth words). Only where
    // no caller holds a command buffer from before: a memory fill's or a display transfer's own
    // call (after_fill, display_transfer), and a compute draw settling its targets' pending
    // clears (depth_words, storage_view), whose zeroing and vertex pre-pass then go beside them
    // too. A frame's first fills and pre-pass, and its two screens' transfers, were passes each
    // alone on the GPU. (PICAVK_DEVICE_DISABLE=open-passes: each between barriers of its own,
    // as before.)
    void begin_open_passes();
    void end_open_passes();
    class OpenPassScope {
      public:
        explicit OpenPassScope(SurfaceCache& cache) : cache_(cache) { cache_.begin_open_passes(); }
        ~OpenPassScope() { cache_.end_open_passes(); }
        OpenPassScope(const OpenPassScope&) = delete;
        OpenPassScope& operator=(const OpenPassScope&) = delete;

      private:
        SurfaceCache& cache_;
    };

    // Writers of guest memory call flush_range before writing (a partial write must not lose
    // the GPU's other pixels) and invalidate_range after it.
    // Returns how many surfaces were written back.
    // All the copies are recorded before the one wait.
    std::size_t flush_range(pica::PAddr address, std::size_t size);
    // Starts writing back what the GPU holds newer in the range, without waiting: the copies are
    // submitted, and a later flush_range completes them (waiting only for what is unfinished),
    // unless the GPU wrote the surface again in between. Returns how many were started.
    std::size_t prefetch_range(pica::PAddr address, std::size_t size);
    void flush_all();
    // A new resolution scale: everything the GPU holds newer is written back, then every
    // surface is dropped; they are made again from guest memory at the new scale on next use.
    void set_scale(std::uint32_t scale);
    void invalidate_range(pica::PAddr address, std::size_t size);

    // Memory fills (surface_fill.cpp), around the CPU fill: before_fill writes back what the GPU
    // cannot fill itself; after_fill clears, on the GPU, the surfaces or whole tile rows the fill
    // gives one pixel value, and invalidates the rest. before_fill is true where one render
    // target spans exactly the fill's bytes and takes it whole: the caller leaves the CPU fill
    // out and tells after_fill (`held`), and guest memory gets the fill only if the CPU side
    // asks for those bytes (Surface::guest_fill), as it gets what draws write.
    bool before_fill(const pica::MemoryFillRegs& f);
    void after_fill(const pica::MemoryFillRegs& f, bool held);

    // A display transfer between cached surfaces, on the GPU at the scale. False when the GPU
    // cannot do it (the source is not a cached colour surface of the input format, linear
    // input, in-place, or parameters the CPU path rejects): the caller runs the CPU path.
    bool display_transfer(const pica::TransferRegs& t);
    // A texture copy whose lines are whole runs of 8x8 tiles of a cached colour surface (or
    // whole rows of a linear one), as an image copy at the scale into a surface at the
    // destination. False: the CPU path runs.
    bool texture_copy(const pica::TransferRegs& t);
    // A memory fill `s` holds is all guest memory lacks of it (Surface::guest_fill).
    static bool guest_fill_current(const Surface& s) {
        return s.gpu_newer && s.guest_fill && s.guest_fill_written == s.written;
    }
    // The GPU wrote `s` (a draw, a transfer): its image is newer than guest memory, and
    // textures made from its bytes are stale.
    void mark_written(Surface& s) {
        s.gpu_newer = true;
        s.written = ++write_clock_;
    }
    // A CPU transfer had to write back a surface first (counted).
    void count_transfer_fallback() { ++stats_.transfer_fallbacks; }

    // The linear colour surface at exactly this address, size and format, if its image is newer
    // or in sync (what the LCD shows after a display transfer).
    Surface* find_linear_color(pica::PAddr address, std::uint32_t width, std::uint32_t height,
                               pica::ColorFormat format);
    // Reads a colour surface back as RGBA8 at its scaled size (rows top first).
    std::vector<std::uint8_t> read_scaled_rgba(Surface& s);

    // A new frame: textures are compared with guest memory again on first use, unless every
    // write to guest memory is reported (set_guest_writes_reported).
    void next_frame() { ++epoch_; }
    // The embedder reports every write it makes to guest memory (invalidate_range): a texture
    // whose bytes nothing reported changed is not hashed again at each new frame. Off, memory
    // written behind the cache's back is noticed by the next frame. Turned on, every texture is
    // checked once more (a write before it may have gone unreported).
    void set_guest_writes_reported(bool on) {
        if (on && !guest_writes_reported_) reported_since_ = ++epoch_;
        guest_writes_reported_ = on;
    }

    // Host threads that share a large texture's hash and copy into staging (nullptr: none).
    void set_host_workers(pica::HostWorkers* workers) { workers_ = workers; }

    std::uint32_t scale() const { return scale_; }
    const SurfaceStats& stats() const { return stats_; }
    // Where textures from guest memory are untiled and converted: on the GPU (their guest bytes
    // are uploaded as they are and shaders/texture_decode.frag writes the image), or on the CPU
    // (pica::decode_texture, the reference, into the staging buffer). Levels the GPU pass
    // cannot read in one texel buffer stay on the CPU.
    void set_gpu_texture_decode(bool on) { gpu_texture_decode_ = on; }
    bool gpu_texture_decode() const { return gpu_texture_decode_; }
    // Custom textures (surface_custom.cpp; either may be null, both are the caller's): every
    // texture uploaded from guest memory from now on is dumped, and replaced where the pack
    // has it. Cube maps and textures made from render targets are left alone. Textures already
    // cached are uploaded again on their next use, under the new settings.
    void set_custom_textures(custom_textures::TexturePack* pack,
                             custom_textures::TextureDumper* dumper);
    // The filter textures uploaded from guest memory get at the resolution scale from now on
    // (surface_filter.cpp; none at scale 1); cached textures are uploaded again on next use.
    void set_texture_filter(TextureFilter filter);
    TextureFilter texture_filter() const { return filter_; }
    // Reports what the pack and the dumper found wrong as CustomTexture warnings.
    void report_custom_problems();
    // Replacements the pack read from its converted cache (TexturePack::stats).
    std::uint64_t custom_cache_loads() const;
    // The GPU passes (the presenter composes the screens with it too).
    TransferBlitter& blitter() { return blitter_; }

  private:
    Surface* create(const SurfaceParams& params, std::uint32_t scale);
    Image create_image(const Surface& s, bool storage);
    // A colour surface in an RGBA8 host image where fills and display transfers run as compute
    // passes (Device::compute_passes): made with storage usage, written through storage_view.
    bool compute_target(const Surface& s) const;
    // Finds a surface with exactly these parameters at the current scale, or creates one; every
    // other surface overlapping it is taken over on the GPU (inherit) or written back (if
    // newer), and dropped, except textures made from render targets. No upload but the
    // inheritance's.
    Surface* find_or_create(const SurfaceParams& params);
    // The view that samples colour surface `s` as texture format `format`.
    VkImageView view_as(Surface& s, std::uint8_t format);
    // 16-bit host twins: the formats a 16-bit colour image may be viewed as.
    std::span<const VkFormat> twin_formats(VkFormat host) const;
    std::vector<VkFormat> twins_; // the 16-bit formats this device keeps as twins
    // The twins and r16ui: the view formats of a 16-bit colour image with storage usage.
    std::vector<VkFormat> storage_twins_;
    VkBufferView texel_view(const Buffer& buffer, VkFormat format);
    void release_views(Surface& s);

    // A texture copy of whole rows of a linear colour surface (display-transfer output).
    bool copy_linear_rows(Surface& src, pica::PAddr in_addr, pica::PAddr out_addr,
                          std::uint64_t size);
    // A texture copy's image copy, and `dst` marked as the GPU's newer bytes.
    void copy_into(const Surface& src, Surface& dst, const VkImageCopy& region, const char* label);

    // Reinterpretation on the GPU (surface_reinterpret.cpp): a render target's guest bytes read
    // as the pixels of another surface - a texture inside it (sub-rectangle, mip level, cube
    // face, another format, a depth buffer as colour) or a new target overlapping it.
    //  The source's host image copied into texel buffers (exact integers), freed after use.
    struct SourceWords {
        Buffer main, stencil;
        VkBufferView main_view = VK_NULL_HANDLE, stencil_view = VK_NULL_HANDLE;
    };
    SourceWords source_words(Surface& src);
    // Whether copy_bytes can read `src` into the pixels (of `bits` bits each) of a destination
    // range [start, end): a colour or depth surface at the current scale whose range does not
    // begin or end inside one of those pixels.
    bool can_reinterpret(const Surface& src, pica::PAddr start, pica::PAddr end,
                         std::uint32_t bits) const;
    // Draws, into mip level `level` and layer `layer` of `dst` (whose guest bytes begin at
    // `start`), every pixel whose bytes `src` holds.
    void copy_bytes(const Surface& src, const SourceWords& words, Surface& dst, std::uint32_t level,
                    std::uint32_t layer, pica::PAddr start);
    // The guest range of one mip level of one face of a texture.
    static std::pair<pica::PAddr, pica::PAddr> level_range(const SurfaceParams& p,
                                                           std::uint32_t face, std::uint32_t level);
    // Whether [start, end) lies inside the union of the sources' ranges.
    static bool covered(pica::PAddr start, pica::PAddr end, const SurfaceList& sources);
    // A texture at the scale made from guest memory and the render targets in `sources` (the
    // colour and depth surfaces the GPU holds newer inside its range, all accepted by
    // can_reinterpret); made again only when a source was written or guest memory changed.
    Surface* derived_texture(const SurfaceParams& p, const SurfaceList& sources);
    // Fills the new render target `made` from the older surfaces it overlaps (`sources`, the GPU
    // holding them newer), then drops them.
    void inherit(Surface& made, const SurfaceList& sources);
    // The rows of `s` a fill gives one pixel value (all of them when it covers `s`).
    struct FillRegion {
        std::uint32_t y0 = 0, rows = 0;
        std::uint8_t pixel[4] = {};
    };
    std::optional<FillRegion> fill_region(const Surface& s, const pica::MemoryFillRegs& f);
    static bool overlaps_range(pica::PAddr start, pica::PAddr end, const Surface& s);
    void clear_rows(Surface& s, std::uint32_t y0, std::uint32_t rows, const VkClearValue& value);
    // Brings images up to date: records the clears still pending (Surface::pending_clear) and
    // copies back the compute rasteriser's newer depth (Surface::depth_words, no longer current
    // after: the use may write the image); on `s`, on the surfaces overlapping a range, or on
    // all. Every use of an image but a render pass's settles first.
    void settle(Surface& s);
    void settle_overlapping(pica::PAddr start, pica::PAddr end);
    void settle_all();
    // Forgets the clear pending on `s` and its depth words (its pixels are all about to be
    // written, or its image reloaded from guest memory, which holds the fill).
    void drop_pending_clear(Surface& s);
    // Surface::depth_words: the newer depth copied back (the words stay current), or forgotten.
    // Both record the rasteriser's held-back draws first (before_transfer), as they may be
    // compute dispatches writing the words.
    void store_depth_words(Surface& s);
    void forget_depth_words(Surface& s);
    // After a memory fill of the whole image: the words given its depth (and stencil),
    // current; `image_stale` where the image was not cleared (the words newer, all of it).
    void fill_depth_words(Surface& s, float depth, std::uint32_t stencil, bool image_stale);
    // A whole fill of `s` goes into its depth words alone (fill_depth_words, image_stale): it
    // has words, of a format they hold.
    bool fills_depth_words_alone(const Surface& s) const;
    // A whole fill of depth buffer `s` without words is left pending, where the device's render
    // passes do not clear (Device::render_pass_clears, few raster units; not where
    // PICAVK_DEVICE_DISABLE=render-pass-clears asks for every fill at once): the words or a
    // render pass take it at the next use.
    bool defers_depth_fill(const Surface& s) const;
    // unsettled_ membership: a pending clear or current depth words.
    void list_unsettled(Surface& s);
    void unlist_if_settled(Surface& s);
    // Room for `size` bytes that a copy recorded next reads once: a span of the staging ring, or
    // past half of it a buffer of its own, destroyed once the GPU is done with it. The caller
    // writes `data`, then calls uploaded() before recording the copy.
    struct UploadSpace {
        VkBuffer buffer = VK_NULL_HANDLE;
        VkDeviceSize offset = 0;
        std::uint8_t* data = nullptr;
        Buffer own; // set when the ring could not take it
    };
    UploadSpace upload_space(VkDeviceSize size, const char* name);
    void uploaded(const UploadSpace& space);
    void upload_linear(Surface& s, std::span<const std::uint8_t> guest,
                       std::vector<std::uint8_t>& host);
    void destroy(Surface* s);
    // The surface's image and views, destroyed once the GPU is done with what was recorded
    // against them (the surface itself may live on with a new image: make_storage).
    void retire_image(const Surface& s);
    // Where a surface's bytes lie: its range, or a cube texture's six faces' ranges.
    static SurfaceIndex::Ranges guest_ranges(const Surface& s);
    // The surfaces with bytes in [start, end) (SurfaceIndex: no full scan), each once.
    SurfaceList overlapping(pica::PAddr start, pica::PAddr end) const;
    // Guest bytes of a texture's levels already in staging for the GPU decode (texture(): copied
    // as they were hashed), one span per face and level in upload order (empty: none), as of
    // submission `tick`. The staging ring keeps a span until the submission it was taken in
    // completes: one taken before a submission that does not read it could be reused before
    // the decode that does runs, so upload_texture copies the bytes again after a submission.
    // `device`, beside each span: the level's space in device memory (decode_copies_level;
    // no buffer where it has none), taken before the staging spans, so that making room there
    // (a submission) cannot leave the staged bytes behind. Device memory is written only by
    // the GPU, in command order: a span of it taken before a submission stays usable after.
    struct StagedLevels {
        std::vector<StreamSpan> spans;
        std::vector<StreamSpan> device;
        std::uint64_t tick = 0;
    };
    void upload(Surface& s);
    void upload(Surface& s, const StagedLevels& staged);
    void upload_texture(Surface& s, const StagedLevels& staged);
    // Whether every level of texture `p` can be decoded on the GPU from one staging span
    // (decode_level_on_gpu's limits), all of them within half the staging ring.
    bool stageable(const SurfaceParams& p) const;
    // content_hash(face bytes at `at`, seed), the face's levels copied into new staging spans
    // (appended to `staged`) as they are hashed.
    std::uint64_t stage_while_hashing(const SurfaceParams& p, pica::PAddr at, std::uint64_t seed,
                                      StagedLevels& staged);
    VkDeviceSize decode_alignment() const;
    // After a texture's upload from guest memory: its levels dumped, its replacement looked up
    // in the pack, or else its filtered image made (surface_custom.cpp).
    void after_texture_upload(Surface& s);
    // Asks the pack again for a replacement still loading; uploads it once ready.
    void poll_custom_texture(Surface& s);
    void upload_replacement(Surface& s, const custom_textures::ReplacementImage& image);
    void drop_replacement(Surface& s);
    // The texture's filtered image (set_texture_filter) made now.
    void filter_texture(Surface& s);
    // One level of one face of texture `s` decoded on the GPU from `bytes` guest bytes. False
    // (nothing recorded) when the level does not fit one texel buffer or the staging ring.
    // `staged`/`device`: the level's StagedLevels spans, where they are usable.
    bool decode_level_on_gpu(Surface& s, std::uint32_t level, std::uint32_t layer,
                             const std::uint8_t* guest, std::size_t bytes,
                             const StreamSpan* staged = nullptr,
                             const StreamSpan* device = nullptr);
    // Whether a level of `bytes` is copied into device memory before its decode reads it
    // (Device::decode_copy, staging not device-local, kDecodeCopyFrom bytes or more).
    bool decode_copies_level(std::size_t bytes);
    // Space for one level in the decode input ring (made at its first use).
    StreamSpan decode_input_span(std::size_t bytes);
    // Mip level `level` of layer `layer` of `s` as a pass's colour target (a view made for it
    // when the image has more than one, destroyed once the GPU is done).
    PassTarget level_target(Surface& s, std::uint32_t level, std::uint32_t layer);
    // Write-back in two steps: the copy into a read-back buffer (recorded, not waited for), and
    // its completion (wait for that copy, convert and tile into guest memory). writeback() does
    // both; a copy begun earlier for the same content is reused.
    void begin_writeback(Surface& s);
    void writeback(Surface& s);
    void guest_bytes_changed(const Surface& s); // textures over `s` reload at their next use
    void drop_readback(Surface& s);
    void recycle_readback(Buffer b);
    std::vector<Buffer> readback_pool_; // finished read-back buffers, for the next ones
    VkExtent2D extent(const Surface& s) const;

    const Device& device_;
    ResourceFactory& factory_;
    Scheduler& scheduler_;
    StreamBuffer& staging_;
    HostFormats formats_;
    pica::MemoryView memory_;
    pica::Diagnostics& diag_;
    std::uint32_t scale_;
    std::function<void()> before_transfer_;
    // What an open pass touches: a surface's image, or with `words` its depth words.
    struct OpenAccess {
        const Surface* surface = nullptr;
        bool words = false, write = false;
    };
    // begin_open_passes: open (scopes may nest); what the passes left open since the
    // scheduler's barrier number `barriers` touch.
    struct OpenPasses {
        std::uint32_t open = 0;
        std::uint64_t barriers = 0;
        std::vector<OpenAccess> accesses;
    } open_passes_;
    // The barriers around the pass about to be recorded, which touches `accesses`: both outside
    // an interval. leave_pass_open, after it: the barrier it did not record left to the
    // scheduler.
    PassBarriers open_pass_barriers(std::initializer_list<OpenAccess> accesses);
    void leave_pass_open(PassBarriers barriers);
    bool gpu_texture_decode_ = false;
    pica::HostWorkers* workers_ = nullptr;
    // Device memory the GPU decode reads large levels from (Device::decode_copy, where the
    // staging memory is not device-local); made at its first use.
    std::optional<StreamBuffer> decode_input_;
    // 1: levels of kDecodeCopyFrom bytes or more go through decode_input_; -1 not yet decided.
    int decode_copy_ = -1;
    static constexpr std::size_t kDecodeCopyFrom = 64 << 10;
    bool guest_writes_reported_ = false;
    std::uint64_t reported_since_ = 0; // the epoch set_guest_writes_reported turned it on in
    // A texture checked against guest memory since every write was reported, no write reported
    // since (guest_newer is the caller's to test): unchanged.
    bool unchanged_since_reported(const Surface& s) const {
        return guest_writes_reported_ && s.checked_epoch != ~0ull &&
               s.checked_epoch >= reported_since_;
    }
    TransferBlitter blitter_;
    ComputePasses compute_;
    // The surfaces whose image may be behind: a pending clear (Surface::pending_clear) or
    // current depth words (Surface::depth_words); what settle_overlapping and settle_all visit.
    std::vector<Surface*> unsettled_;
    std::list<Surface> surfaces_;
    SurfaceIndex index_;
    std::uint64_t epoch_ = 0;
    std::uint64_t write_clock_ = 0;
    // Bumped by every change that could make render_target() find or do something else for the
    // same parameters: a surface made or destroyed, a pending clear set, a texture reloaded
    // from guest memory (written back to 0: no longer kept beside an overlapping target).
    std::uint64_t changes_ = 0;
    // A surface found for these parameters (valid while changes_ is as it was then).
    struct FoundSurface {
        SurfaceParams params;
        Surface* surface = nullptr;
        std::uint64_t changes = 0;
    };
    // The last colour and depth target found: a draw's targets are its predecessor's, and
    // looking one up scans the index pages of its whole range (24 for a 400x240 RGBA8 one).
    FoundSurface target_memo_[2];
    // The textures last found with no render target over their bytes (SurfaceCache::texture).
    FoundSurface texture_memo_[4];
    std::uint32_t next_texture_memo_ = 0;
    custom_textures::TexturePack* pack_ = nullptr;
    custom_textures::TextureDumper* dumper_ = nullptr;
    TextureFilter filter_ = TextureFilter::None;
    SurfaceStats stats_;
};

} // namespace picavk::vk
