#include "vk/surface/surface_cache.h"

// Custom textures in the surface cache: each texture uploaded from guest memory has its levels
// dumped (TextureDumper) and its replacement looked up (TexturePack) by city_hash64 of the guest
// bytes, as Azahar does on upload (rasterizer_cache.h UploadSurface / UploadCustomSurface). A
// replacement still decoding leaves the original drawn (counted in custom_waits); once ready it
// is uploaded into its own image, which the texture then samples (Surface::sample_view).

#include "custom_textures/city_hash.h"
#include "custom_textures/legacy_hash.h"
#include "custom_textures/replacement_image.h"
#include "custom_textures/texture_dumper.h"
#include "custom_textures/texture_pack.h"
#include "pica/texture/texture_codec.h"
#include "vk/device/barriers.h"
#include "vk/device/device.h"
#include "vk/device/scheduler.h"
#include "vk/draw/stream_buffer.h"

#include <algorithm>
#include <cmath>
#include <cstring>

namespace picavk::vk {

void SurfaceCache::set_custom_textures(custom_textures::TexturePack* pack,
                                       custom_textures::TextureDumper* dumper) {
    if (pack == pack_ && dumper == dumper_) return;
    pack_ = pack;
    dumper_ = dumper;
    // Textures made from guest memory are uploaded again on their next use, which dumps them
    // and looks them up under the new settings (their replacements stay until then).
    for (Surface& s : surfaces_)
        if (s.params.kind == SurfaceKind::Texture && s.written == 0) {
            s.guest_newer = true;
            s.content_hash = 0;
            s.custom_pending = false;
        }
    ++changes_;
    report_custom_problems(); // what scanning the pack found
}

void SurfaceCache::report_custom_problems() {
    std::vector<std::string> problems;
    if (pack_) problems = pack_->take_problems();
    if (dumper_) {
        std::vector<std::string> more = dumper_->take_problems();
        problems.insert(problems.end(), more.begin(), more.end());
    }
    for (const std::string& p : problems)
        diag_.warn(pica::Warning::CustomTexture, p);
}

std::uint64_t SurfaceCache::custom_cache_loads() const {
    return pack_ ? pack_->stats().cache_loads : 0;
}

void SurfaceCache::drop_replacement(Surface& s) {
    s.custom_pending = false;
    s.custom_hash = 0;
    s.lod_offset = 0;
    if (!s.replacement) return;
    scheduler_.defer([this, image = s.replacement]() mutable { factory_.destroy(image); });
    s.replacement = {};
    device_.note_destroyed(); // draw descriptor sets may name its view
}

void SurfaceCache::after_texture_upload(Surface& s) {
    drop_replacement(s);
    const SurfaceParams& p = s.params;
    // Cube faces and render-to-texture are left alone (as Azahar leaves render targets).
    if (p.kind != SurfaceKind::Texture || p.cube || s.scale != 1 || s.written != 0) return;
    // Without a pack's replacement (nor one still loading) a texture is filtered at the scale.
    const bool filtering = filter_ != TextureFilter::None && scale_ > 1;
    if (!pack_ && !dumper_) {
        if (filtering) filter_texture(s);
        return;
    }
    const auto fmt = static_cast<pica::TextureFormat>(p.format);
    // The pack finds levels by the hash of their guest bytes, or a legacy pack by Citra's older
    // hash of their decoded texels; dumps always take the first (Azahar dumps so too, unless a
    // legacy pack sits in its load folder).
    const bool legacy = pack_ && pack_->legacy_hash();
    bool replaced = false; // the pack has level 0
    pica::PAddr at = p.address;
    for (std::uint32_t l = 0; l < p.levels; ++l) {
        // Levels 1.. matter to the pack only when it replaces level 0.
        const bool lookup = pack_ && (l == 0 || replaced);
        if (!dumper_ && !lookup) break;
        const std::uint32_t w = p.width >> l, h = p.height >> l;
        const std::size_t bytes = pica::texture_bytes(fmt, w, h);
        const std::uint8_t* guest = memory_.pointer(at, bytes);
        if (!guest) break;
        const std::uint64_t hash =
            dumper_ || !legacy ? custom_textures::city_hash64({guest, bytes}) : 0;
        if (dumper_ && dumper_->wants(hash)) {
            dumper_->dump(hash, w, h, p.format, l, {guest, guest + bytes});
            ++stats_.custom_dumped;
        }
        if (lookup) {
            s.custom_level_hashes[l] =
                legacy ? custom_textures::legacy_texture_hash({guest, bytes}, w, h, p.format)
                       : hash;
            if (l == 0) {
                s.custom_hash = s.custom_level_hashes[0];
                replaced = pack_->contains(s.custom_hash);
            }
        }
        at += static_cast<pica::PAddr>(bytes);
    }
    if (replaced) {
        s.custom_pending = true;
        poll_custom_texture(s);
    } else {
        s.custom_hash = 0;
        if (filtering) filter_texture(s);
    }
    report_custom_problems();
}

void SurfaceCache::poll_custom_texture(Surface& s) {
    using custom_textures::TexturePack;
    const TexturePack::Lookup found =
        pack_ ? pack_->find(s.custom_hash, s.params.width, s.params.height) : TexturePack::Lookup{};
    // Levels 1.. the pack replaces too (Azahar: each level looked up by its own hash unless
    // pack.json's skip_mipmap), all decided before anything is uploaded.
    std::array<TexturePack::Lookup, 11> mips{};
    bool loading = found.state == TexturePack::State::Loading;
    if (found.state == TexturePack::State::Ready && !pack_->pack_options().skip_mipmap)
        for (std::uint32_t l = 1; l < s.params.levels; ++l)
            if (pack_->contains(s.custom_level_hashes[l])) {
                mips[l] = pack_->find(s.custom_level_hashes[l], s.params.width >> l,
                                      s.params.height >> l);
                loading = loading || mips[l].state == TexturePack::State::Loading;
            }
    if (loading) {
        ++stats_.custom_waits;
        return;
    }
    s.custom_pending = false;
    if (found.state == TexturePack::State::Ready) {
        // Level l of the replacement is (width >> l) x (height >> l): a pack's level l file
        // must be that size; the levels below a replaced one are made again from it.
        std::optional<custom_textures::ReplacementImage> own;
        for (std::uint32_t l = 1; l < s.params.levels; ++l) {
            if (mips[l].state != TexturePack::State::Ready) continue;
            const custom_textures::ReplacementImage& level = *mips[l].image;
            const std::uint32_t w = std::max(found.image->width >> l, 1u),
                                h = std::max(found.image->height >> l, 1u);
            if (level.width != w || level.height != h || l >= found.image->levels.size()) {
                diag_.warn(pica::Warning::CustomTexture, [&] {
                    return "the replacement of level " + std::to_string(l) + " of texture " +
                           pica::hex_string(s.params.address) + " is " +
                           std::to_string(level.width) + "x" + std::to_string(level.height) +
                           ", not " + std::to_string(w) + "x" + std::to_string(h) +
                           " (its level 0's size halved): generated from level 0 instead";
                });
                continue;
            }
            if (!own) own = *found.image;
            own->levels[l] = level.levels[0];
            custom_textures::generate_mip_chain(*own, l);
        }
        upload_replacement(s, own ? *own : *found.image);
    } else if (filter_ != TextureFilter::None && scale_ > 1) {
        filter_texture(s); // the pack could not give one
    }
    report_custom_problems();
}

void SurfaceCache::upload_replacement(Surface& s, const custom_textures::ReplacementImage& r) {
    // Levels down to the size of the original's last one: the sampler's LOD range, moved by
    // lod_offset, then reaches no level the original lacks.
    const float offset =
        std::log2(static_cast<float>(r.width) / static_cast<float>(s.params.width));
    const auto levels = static_cast<std::uint32_t>(
        std::clamp<std::int64_t>(s.params.levels + static_cast<std::int64_t>(std::floor(offset)), 1,
                                 static_cast<std::int64_t>(r.levels.size())));
    char name[96];
    std::snprintf(name, sizeof name, "replacement for texture 0x%08x %ux%u (%ux%u)",
                  s.params.address, s.params.width, s.params.height, r.width, r.height);
    Image image = factory_.create_image(
        VK_FORMAT_R8G8B8A8_UNORM, {r.width, r.height},
        VK_IMAGE_USAGE_SAMPLED_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT, name, levels);
    if (before_transfer_) before_transfer_();
    VkCommandBuffer cmd = scheduler_.cmd();
    barrier_init_general(cmd, image.image, image.aspect, image.levels, image.layers);
    barrier_all(cmd);
    {
        const ScopedPass pass(scheduler_, "custom texture upload");
        for (std::uint32_t l = 0; l < levels; ++l) {
            const std::vector<std::uint8_t>& texels = r.levels[l];
            const std::uint32_t w = std::max(r.width >> l, 1u), h = std::max(r.height >> l, 1u);
            const UploadSpace space = upload_space(texels.size(), "custom texture upload");
            std::memcpy(space.data, texels.data(), texels.size());
            uploaded(space);
            VkBufferImageCopy region{};
            region.bufferOffset = space.offset;
            region.imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, l, 0, 1};
            region.imageExtent = {w, h, 1};
            vkCmdCopyBufferToImage(cmd, space.buffer, image.image, VK_IMAGE_LAYOUT_GENERAL, 1,
                                   &region);
            scheduler_.pass_bytes(texels.size(), texels.size());
        }
    }
    barrier_all(cmd);
    s.replacement = image;
    s.lod_offset = static_cast<std::int32_t>(std::lround(offset * 256.0f));
    ++stats_.custom_replaced;
}

} // namespace picavk::vk
