#include "vk/present/screen_presenter.h"

#include "pica/content_hash.h"
#include "vk/device/barriers.h"
#include "vk/device/device.h"
#include "vk/device/scheduler.h"
#include "vk/draw/stream_buffer.h"
#include "vk/surface/surface_cache.h"

#include <cstring>

namespace picavk::vk {

namespace {
constexpr VkImageUsageFlags kTargetUsage = VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT |
                                           VK_IMAGE_USAGE_SAMPLED_BIT |
                                           VK_IMAGE_USAGE_TRANSFER_SRC_BIT;
} // namespace

ScreenPresenter::ScreenPresenter(const Device& device, Scheduler& scheduler,
                                 ResourceFactory& factory, StreamBuffer& staging,
                                 SurfaceCache& surfaces)
    : device_(device), scheduler_(scheduler), factory_(factory), staging_(staging),
      surfaces_(surfaces) {
    // Bound where a screen shows no image (hidden, a fill, a right eye not shown): the pass has
    // three samplers.
    placeholder_ = factory_.create_image(VK_FORMAT_R8G8B8A8_UNORM, {1, 1},
                                         VK_IMAGE_USAGE_SAMPLED_BIT, "screen placeholder");
    barrier_init_general(scheduler_.cmd(), placeholder_.image, VK_IMAGE_ASPECT_COLOR_BIT);
}

ScreenPresenter::~ScreenPresenter() {
    scheduler_.finish_for_teardown();
    swapchain_.reset();
    factory_.destroy(placeholder_);
    for (auto& u : uploads_)
        if (u) factory_.destroy(*u);
    for (auto& c : composed_)
        if (c) factory_.destroy(*c);
    if (readback_target_) factory_.destroy(*readback_target_);
}

void ScreenPresenter::attach(VkSurfaceKHR surface, VkExtent2D size, bool vsync) {
    swapchain_.reset();
    swapchain_ = std::make_unique<Swapchain>(device_, scheduler_, surface, size, vsync);
}

void ScreenPresenter::detach() {
    swapchain_.reset();
}

void ScreenPresenter::resize(VkExtent2D size) {
    if (swapchain_) swapchain_->resize(size);
}

void ScreenPresenter::set_vsync(bool vsync) {
    if (swapchain_) swapchain_->set_vsync(vsync);
}

VkExtent2D ScreenPresenter::window_extent() const {
    return swapchain_ ? swapchain_->extent() : VkExtent2D{};
}

VkImageView ScreenPresenter::source(std::size_t screen, const ScreenPicture& p,
                                    std::int32_t bits[4]) {
    bits[0] = bits[1] = bits[2] = bits[3] = 8;
    if (p.kind == ScreenPicture::Kind::Surface) {
        if (Surface* s =
                surfaces_.find_linear_color(p.address, p.stored_width, p.stored_height, p.format)) {
            const ChannelBits b = guest_channel_bits(static_cast<std::uint8_t>(p.format));
            bits[0] = b.r;
            bits[1] = b.g;
            bits[2] = b.b;
            return s->image.view;
        }
        return placeholder_.view; // the caller checked; a surface dropped since shows black
    }
    if (p.kind != ScreenPicture::Kind::Pixels || p.rgba.empty()) return placeholder_.view;
    // Decoded guest memory at 1x: copied into this screen's upload image.
    std::optional<Image>& img = uploads_[screen];
    const VkExtent2D extent{p.stored_width, p.stored_height};
    if (img && (img->extent.width != extent.width || img->extent.height != extent.height)) {
        Image old = *img;
        scheduler_.defer([this, old]() mutable { factory_.destroy(old); });
        img.reset();
    }
    // The same bytes as last time (a CPU-drawn screen that did not change): nothing to copy.
    const std::uint64_t hash = pica::content_hash(p.rgba);
    if (img && upload_hash_[screen] == hash) return img->view;
    upload_hash_[screen] = hash;
    VkCommandBuffer cmd = scheduler_.cmd();
    if (!img) {
        img = factory_.create_image(VK_FORMAT_R8G8B8A8_UNORM, extent,
                                    VK_IMAGE_USAGE_SAMPLED_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT,
                                    screen == 0   ? "top screen pixels"
                                    : screen == 1 ? "bottom screen pixels"
                                                  : "top screen right-eye pixels");
        barrier_init_general(cmd, img->image, VK_IMAGE_ASPECT_COLOR_BIT);
    }
    const StreamSpan span = staging_.allocate(p.rgba.size(), 4);
    std::memcpy(span.data, p.rgba.data(), p.rgba.size());
    cmd = scheduler_.cmd(); // allocate may have submitted
    barrier_all(cmd);
    VkBufferImageCopy region{};
    region.bufferOffset = span.offset;
    region.imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1};
    region.imageExtent = {extent.width, extent.height, 1};
    vkCmdCopyBufferToImage(cmd, span.buffer, img->image, VK_IMAGE_LAYOUT_GENERAL, 1, &region);
    ++stats_.pixel_uploads;
    return img->view;
}

ScreenPresenter::Prepared ScreenPresenter::prepare(const Composition& c, bool srgb) {
    Prepared out;
    ComposePass& pass = out.pass;
    for (std::size_t i = 0; i < 2; ++i) {
        const ScreenPicture& p = c.screens[i];
        out.views[i] = source(i, p, pass.bits[i]);
        if (p.kind == ScreenPicture::Kind::Hidden) continue; // rect stays empty
        for (int k = 0; k < 4; ++k)
            pass.rect[i][k] = p.rect[k];
        if (p.kind == ScreenPicture::Kind::Fill) {
            pass.fill[i][0] = static_cast<float>(p.fill_rgb & 0xFF) / 255.0f;
            pass.fill[i][1] = static_cast<float>((p.fill_rgb >> 8) & 0xFF) / 255.0f;
            pass.fill[i][2] = static_cast<float>((p.fill_rgb >> 16) & 0xFF) / 255.0f;
            pass.fill[i][3] = 1.0f;
        }
    }
    pass.background[0] = static_cast<float>(c.background_rgb & 0xFF) / 255.0f;
    pass.background[1] = static_cast<float>((c.background_rgb >> 8) & 0xFF) / 255.0f;
    pass.background[2] = static_cast<float>((c.background_rgb >> 16) & 0xFF) / 255.0f;
    // The right eye, only where the mode shows it (else the placeholder: no upload); its
    // format and bits are the top screen's.
    if (c.stereo != StereoCompose::LeftOnly && c.screens[0].kind != ScreenPicture::Kind::Fill) {
        std::int32_t bits[4];
        out.views[2] = source(2, c.screens[2], bits);
    } else {
        out.views[2] = placeholder_.view;
    }
    pass.stereo = static_cast<std::int32_t>(c.stereo);
    pass.left_rows = c.left_on_odd_rows ? 1 : 0;
    pass.quantise = c.linear ? 0 : 1;
    pass.srgb_target = srgb ? 1 : 0;
    out.linear = c.linear;
    return out;
}

void ScreenPresenter::record(const Prepared& p, VkImage image, const PassTarget& target,
                             VkImageLayout from, VkPipelineStageFlags2 wait_stage) {
    barrier_color_layout(scheduler_.cmd(), image, from, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL,
                         wait_stage, VK_PIPELINE_STAGE_2_COLOR_ATTACHMENT_OUTPUT_BIT);
    surfaces_.blitter().compose(p.views[0], p.views[1], p.views[2], p.linear, p.pass, target);
}

Image& ScreenPresenter::target_image(std::optional<Image>& slot, VkExtent2D extent,
                                     VkImageUsageFlags usage, const char* name, VkFormat format) {
    if (slot && (slot->extent.width != extent.width || slot->extent.height != extent.height ||
                 slot->format != format)) {
        Image old = *slot;
        scheduler_.defer([this, old]() mutable { factory_.destroy(old); });
        slot.reset();
    }
    if (!slot) slot = factory_.create_image(format, extent, usage, name);
    return *slot;
}

PresentStatus ScreenPresenter::present(const std::function<Composition(VkExtent2D)>& compose,
                                       const Overlay& overlay) {
    if (!swapchain_) return PresentStatus::NoSurface;
    SwapchainImage image;
    if (!swapchain_->acquire(image)) {
        ++stats_.skipped;
        return PresentStatus::Minimised;
    }
    const VkExtent2D extent = swapchain_->extent();
    const Prepared prepared = prepare(compose(extent), swapchain_->srgb());
    // The acquire semaphore is waited for at the colour-output stage: the transition waits there.
    record(prepared, image.image,
           {image.view, extent, swapchain_->format(), VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL},
           VK_IMAGE_LAYOUT_UNDEFINED, VK_PIPELINE_STAGE_2_COLOR_ATTACHMENT_OUTPUT_BIT);
    VkCommandBuffer cmd = scheduler_.cmd();
    if (overlay)
        overlay({cmd, image.image, image.view, swapchain_->format(), extent, image.index,
                 swapchain_->image_count()});
    barrier_color_layout(cmd, image.image, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL,
                         VK_IMAGE_LAYOUT_PRESENT_SRC_KHR,
                         VK_PIPELINE_STAGE_2_COLOR_ATTACHMENT_OUTPUT_BIT, VK_PIPELINE_STAGE_2_NONE);
    swapchain_->before_submit(image);
    const std::uint64_t tick = scheduler_.submit();
    swapchain_->present(image, tick);
    ++stats_.presented;
    return PresentStatus::Presented;
}

const Image& ScreenPresenter::compose_offscreen(const Composition& c, std::optional<Image>& slot,
                                                VkExtent2D extent, const char* name,
                                                VkImageLayout final_layout,
                                                VkPipelineStageFlags2 next_stage, bool srgb) {
    const Prepared prepared = prepare(c, srgb);
    Image& img = target_image(slot, extent, kTargetUsage, name,
                              srgb ? VK_FORMAT_R8G8B8A8_SRGB : VK_FORMAT_R8G8B8A8_UNORM);
    record(prepared, img.image,
           {img.view, extent, img.format, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL},
           VK_IMAGE_LAYOUT_UNDEFINED, VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT);
    barrier_color_layout(scheduler_.cmd(), img.image, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL,
                         final_layout, VK_PIPELINE_STAGE_2_COLOR_ATTACHMENT_OUTPUT_BIT, next_stage);
    return img;
}

ComposedImage ScreenPresenter::compose_image(const Composition& c, VkExtent2D extent) {
    const std::size_t k = next_composed_;
    next_composed_ = (next_composed_ + 1) % kComposedImages;
    // Its previous contents are not needed (every pixel is drawn), after the embedder's reads
    // of the last use (ordered by the queue; the ring gives them time).
    const Image& img = compose_offscreen(c, composed_[k], extent, "composed screens",
                                         VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL,
                                         VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT);
    const std::uint64_t tick = scheduler_.submit();
    ++stats_.composed_images;
    return {img.image,
            img.view,
            img.format,
            extent,
            VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL,
            scheduler_.timeline(),
            tick};
}

std::vector<std::uint8_t> ScreenPresenter::compose_rgba(const Composition& c, VkExtent2D extent,
                                                        bool srgb_target) {
    if (extent.width == 0 || extent.height == 0) return {};
    const Image& img = compose_offscreen(c, readback_target_, extent, "composed screens (read)",
                                         VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL,
                                         VK_PIPELINE_STAGE_2_COPY_BIT, srgb_target);
    VkCommandBuffer cmd = scheduler_.cmd();
    const VkDeviceSize bytes = VkDeviceSize{extent.width} * extent.height * 4;
    ScopedBuffer buffer(factory_, factory_.create_buffer(bytes, VK_BUFFER_USAGE_TRANSFER_DST_BIT,
                                                         MemoryUsage::Readback,
                                                         "composed screens read-back"));
    VkBufferImageCopy region{};
    region.imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1};
    region.imageExtent = {extent.width, extent.height, 1};
    vkCmdCopyImageToBuffer(cmd, img.image, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, buffer->buffer, 1,
                           &region);
    barrier_transfer_to_host(cmd);
    scheduler_.finish();
    factory_.allocator().invalidate(buffer->memory);
    std::vector<std::uint8_t> out(buffer->mapped(), buffer->mapped() + bytes);
    ++stats_.composed_rgba;
    stats_.readback_bytes += bytes;
    return out;
}

} // namespace picavk::vk
