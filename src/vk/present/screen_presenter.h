#pragma once

// Both LCD screens composed on the GPU into a presentation target, with no CPU round trip for a
// screen the GPU drew: (a) a window's swapchain (Swapchain), (b) an image handed to an embedder
// that shares picavk's device, (c) an offscreen image read back as RGBA (screenshots, tests).
// A screen shows the linear colour surface a display transfer wrote at the resolution scale,
// a colour fill, or pixels the caller decoded from guest memory (1x). Where each screen goes in
// the target (the layout) is decided above this (src/api/screen_layout.h).

#include "pica/memory.h"
#include "pica/texture/framebuffer_formats.h"
#include "vk/device/resources.h"
#include "vk/present/swapchain.h"
#include "vk/surface/transfer_blitter.h"

#include <array>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

namespace picavk::vk {

class Device;
class Scheduler;
class StreamBuffer;
class SurfaceCache;

// One screen's picture and where it goes (target pixels, x1 <= x0: not shown).
struct ScreenPicture {
    enum class Kind : std::uint8_t { Hidden, Fill, Surface, Pixels };
    Kind kind = Kind::Hidden;
    std::array<float, 4> rect{};
    std::uint32_t fill_rgb = 0; // Fill: r | g << 8 | b << 16
    // Surface: the LCD framebuffer (stored, rotated dimensions) a linear surface may hold.
    // Pixels: `rgba` holds it decoded, stored_width x stored_height at 1x.
    pica::PAddr address = 0;
    std::uint32_t stored_width = 0, stored_height = 0;
    pica::ColorFormat format = pica::ColorFormat::RGBA8;
    std::vector<std::uint8_t> rgba;
};

// How the top screen's two eyes are shown (the top picture is the left eye's, top_right the
// right eye's): shaders/present.frag.
enum class StereoCompose : std::uint8_t { LeftOnly, SideBySide, Anaglyph, Interlaced };

struct Composition {
    // Top (the left eye), bottom, and the top's right eye (its rect unused: the top's).
    std::array<ScreenPicture, 3> screens;
    bool linear = false; // filter (nearest: exact bytes)
    std::uint32_t background_rgb = 0;
    StereoCompose stereo = StereoCompose::LeftOnly;
    bool left_on_odd_rows = false; // Interlaced: target rows 1, 3, 5... show the left eye
};

// What a presentation draws into, handed to an overlay (a GUI drawn over the screens): the
// image is in COLOR_ATTACHMENT_OPTIMAL layout and must be left so; no rendering scope is open.
struct OverlayTarget {
    VkCommandBuffer cmd = VK_NULL_HANDLE;
    VkImage image = VK_NULL_HANDLE;
    VkImageView view = VK_NULL_HANDLE;
    VkFormat format = VK_FORMAT_UNDEFINED;
    VkExtent2D extent{};
    std::uint32_t image_index = 0, image_count = 0;
};
using Overlay = std::function<void(const OverlayTarget&)>;

// (b): valid until the third following compose_image call.
struct ComposedImage {
    VkImage image = VK_NULL_HANDLE;
    VkImageView view = VK_NULL_HANDLE;
    VkFormat format = VK_FORMAT_UNDEFINED;
    VkExtent2D extent{};
    VkImageLayout layout = VK_IMAGE_LAYOUT_UNDEFINED;
    VkSemaphore timeline = VK_NULL_HANDLE; // reaches `value` when the image is drawn
    std::uint64_t value = 0;
};

enum class PresentStatus : std::uint8_t { Presented, Minimised, NoSurface };

struct PresentStats {
    std::uint64_t presented = 0, skipped = 0, composed_images = 0, composed_rgba = 0;
    // Screens copied from decoded guest memory (1x); unchanged bytes are not copied again.
    std::uint64_t pixel_uploads = 0;
    std::uint64_t readback_bytes = 0; // compose_rgba's read-backs
};

class ScreenPresenter {
  public:
    ScreenPresenter(const Device& device, Scheduler& scheduler, ResourceFactory& factory,
                    StreamBuffer& staging, SurfaceCache& surfaces);
    ~ScreenPresenter();
    ScreenPresenter(const ScreenPresenter&) = delete;
    ScreenPresenter& operator=(const ScreenPresenter&) = delete;

    // (a)
    void attach(VkSurfaceKHR surface, VkExtent2D size, bool vsync);
    void detach();
    bool attached() const { return swapchain_ != nullptr; }
    void resize(VkExtent2D size);
    void set_vsync(bool vsync);
    // The swapchain's extent now (0 x 0 when minimised or detached): the layout is computed in
    // it.
    VkExtent2D window_extent() const;
    // Draws the composition into the next swapchain image and queues it for presentation.
    // `compose(extent)` gives the composition for the image's extent.
    PresentStatus present(const std::function<Composition(VkExtent2D)>& compose,
                          const Overlay& overlay);
    // (b)
    ComposedImage compose_image(const Composition& c, VkExtent2D extent);
    // (c): RGBA rows top first. `srgb_target`: drawn into an *_SRGB image, as into a swapchain
    // that offers only sRGB formats (the bytes read back must be the same).
    std::vector<std::uint8_t> compose_rgba(const Composition& c, VkExtent2D extent,
                                           bool srgb_target = false);

    const PresentStats& stats() const { return stats_; }

  private:
    // The pass and the two images it samples; uploads decoded pixels (may submit, so it comes
    // before anything that must share a submission with the target's use).
    struct Prepared {
        ComposePass pass;
        VkImageView views[3]{};
        bool linear = false;
    };
    Prepared prepare(const Composition& c, bool srgb);
    // Records the composition into `image` (from `from` layout to COLOR_ATTACHMENT_OPTIMAL).
    void record(const Prepared& p, VkImage image, const PassTarget& target, VkImageLayout from,
                VkPipelineStageFlags2 wait_stage);
    // The image a screen samples (a surface's, an upload's, or a placeholder).
    VkImageView source(std::size_t screen, const ScreenPicture& p, std::int32_t bits[4]);
    Image& target_image(std::optional<Image>& slot, VkExtent2D extent, VkImageUsageFlags usage,
                        const char* name, VkFormat format);
    // The composition drawn into an offscreen image (made or remade in `slot` for the extent),
    // left in `final_layout` for `next_stage`.
    const Image& compose_offscreen(const Composition& c, std::optional<Image>& slot,
                                   VkExtent2D extent, const char* name, VkImageLayout final_layout,
                                   VkPipelineStageFlags2 next_stage, bool srgb = false);

    const Device& device_;
    Scheduler& scheduler_;
    ResourceFactory& factory_;
    StreamBuffer& staging_;
    SurfaceCache& surfaces_;
    Image placeholder_;
    std::array<std::optional<Image>, 3> uploads_;
    std::array<std::uint64_t, 3> upload_hash_{}; // of the bytes each upload image holds
    std::unique_ptr<Swapchain> swapchain_;
    static constexpr std::size_t kComposedImages = 3;
    std::array<std::optional<Image>, kComposedImages> composed_;
    std::size_t next_composed_ = 0;
    std::optional<Image> readback_target_;
    PresentStats stats_;
};

} // namespace picavk::vk
