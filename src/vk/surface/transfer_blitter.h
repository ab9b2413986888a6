#pragma once

// GPU passes that move pixels between cached surfaces at the resolution scale: the display
// transfer (format conversion, 2x1/2x2 downscale, flip, crop) as a fragment pass over the
// destination, and the reinterpretation of one surface's guest bytes as another's pixels. Static
// shaders from shaders/, compiled at build time. One pipeline per destination host format.

#include "vk/device/vk_check.h"

#include <initializer_list>
#include <map>
#include <memory>

namespace picavk::vk {

class Device;
class Scheduler;
class DescriptorAllocator;
struct Image;

// Bits per channel (r, g, b, a) of a format; 0 for a channel it does not have.
struct ChannelBits {
    int r = 0, g = 0, b = 0, a = 0;
};
ChannelBits host_channel_bits(VkFormat host);
// The guest pixel format as a texture format id (pica::TextureFormat 0-4 are the colour formats).
ChannelBits guest_channel_bits(std::uint8_t texture_format);

// The pass of shaders/reinterpret_bytes.frag (its push constants, in order; see there).
struct ReinterpretPass {
    std::int32_t delta = 0;
    std::uint32_t src_bytes = 0, scale = 1, dst_width = 0, dst_format = 0, dst_block = 8;
    std::uint32_t src_width = 0, src_format = 0, src_block = 8, src_host = 0;
};

// The pass of shaders/texture_decode.frag (its push constants, in order; see there).
struct TextureDecodePass {
    std::uint32_t format = 0; // pica::TextureFormat
    std::uint32_t width = 0;  // guest pixels per row of the level
    std::uint32_t scale = 1;
    std::uint32_t unused = 0;
};

// Texture filters (shaders/texture_filter_*.frag): a texture's level 0 at `scale` times its size,
// as Citra and Azahar filter textures at the resolution scale. Values as picavk::TextureFilter.
enum class TextureFilter : std::uint8_t { None, Bicubic, ScaleForce, Mmpx, Xbrz, Anime4k, kCount };
struct TextureFilterPass {
    std::int32_t width = 0, height = 0; // source texels
    std::int32_t scale = 1;
};

// Where a pass draws: one mip level and layer of an image, as a colour attachment, in `layout`
// (surfaces: GENERAL; presentation targets: COLOR_ATTACHMENT_OPTIMAL).
struct PassTarget {
    VkImageView view = VK_NULL_HANDLE;
    VkExtent2D extent{};
    VkFormat format = VK_FORMAT_UNDEFINED;
    VkImageLayout layout = VK_IMAGE_LAYOUT_GENERAL;
};

// The pass of shaders/present.frag (its push constants; see there).
struct ComposePass {
    float rect[2][4]{};
    float fill[2][4]{};
    std::int32_t bits[2][4]{};
    float background[4]{};
    // stereo: how the top screen's two eyes are shown (shaders/present.frag): 0 the left eye's
    // image only, 1 side by side (left half, right half), 2 red-cyan anaglyph, 3 interlaced by
    // the target's rows, the left eye on rows of parity `left_rows`.
    std::int32_t quantise = 1, srgb_target = 0, stereo = 0, left_rows = 0;
};

struct DisplayTransferPass {
    ChannelBits src_host, src_guest, dst_guest, dst_host;
    std::uint32_t scale = 1;
    std::uint32_t kx = 1, ky = 1; // downscale factors
    bool flip = false;
    std::uint32_t rows = 0; // output rows, guest pixels
};

// The push constants of shaders/display_transfer.glsl, in order (see there), for a pass.
struct DisplayTransferConstants {
    std::int32_t src_host[4], src_guest[4], dst_guest[4], dst_host[4];
    std::int32_t geometry[4];
    std::int32_t size[4];
};
DisplayTransferConstants display_transfer_constants(const DisplayTransferPass& pass);
// What the pass reads: kx x ky source pixels for each pixel of `dst`.
std::uint64_t display_transfer_read_bytes(const Image& src, const Image& dst,
                                          const DisplayTransferPass& pass);

class TransferBlitter {
  public:
    TransferBlitter(const Device& device, Scheduler& scheduler);
    ~TransferBlitter();
    TransferBlitter(const TransferBlitter&) = delete;
    TransferBlitter& operator=(const TransferBlitter&) = delete;

    // Records the pass: reads `src` (GENERAL layout) and writes all of `dst` (GENERAL), with
    // barriers before and after. No rendering scope may be open.
    void display_transfer(const Image& src, const Image& dst, const DisplayTransferPass& pass);
    // The same without conversion or downscale (same host format, every channel the output
    // keeps stored alike): a copy, or a blit that mirrors the rows. Far cheaper than the pass on
    // a CPU device.
    void copy(const Image& src, const Image& dst, bool flip);
    // One surface's guest bytes as another's pixels (shaders/reinterpret_bytes.frag), from a
    // copy of the source's host image (and, for D24S8, of its stencil) in texel buffers. Draws
    // every pixel of `dst` whose bytes the source holds; the others keep their contents.
    void reinterpret(VkBufferView main, VkBufferView stencil, const ReinterpretPass& pass,
                     const PassTarget& dst);
    // One mip level of one layer of a texture decoded from its guest bytes (`guest`: r32ui
    // words of the level, tiled; `guest_bytes` of them) into all of `dst`
    // (shaders/texture_decode.frag).
    void decode_texture(VkBufferView guest, std::uint64_t guest_bytes,
                        const TextureDecodePass& pass, const PassTarget& dst);
    // `src` (an RGBA8 image's level 0, GENERAL layout) filtered into all of `dst`, which is
    // pass.scale times its size. Anime4K's passes need two scratch images twice the source's
    // size, `xy` (VK_FORMAT_R32G32_SFLOAT) and `luma` (VK_FORMAT_R32_SFLOAT), GENERAL layout.
    void filter_texture(TextureFilter filter, VkImageView src, const TextureFilterPass& pass,
                        const PassTarget& dst, const PassTarget* xy = nullptr,
                        const PassTarget* luma = nullptr);
    // Both screens into a presentation target (shaders/present.frag): `top` and `bottom` are
    // the stored (rotated) screen images in GENERAL layout, sampled nearest or linear; every
    // pixel of `dst` is written.
    // `top_right`: the top screen's right eye (sampled by the stereo modes only).
    void compose(VkImageView top, VkImageView bottom, VkImageView top_right, bool linear,
                 const ComposePass& pass, const PassTarget& dst);

  private:
    // A fragment pass over a whole target: its shader, its bindings (0..n-1, all of one
    // descriptor type), its pipelines by target format.
    struct Pass {
        VkDescriptorType type = VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER;
        VkShaderModule fragment = VK_NULL_HANDLE;
        VkDescriptorSetLayout set_layout = VK_NULL_HANDLE;
        VkPipelineLayout layout = VK_NULL_HANDLE;
        std::unique_ptr<DescriptorAllocator> descriptors;
        std::map<VkFormat, VkPipeline> pipelines;
        const char* name = "";
        bool discards = false; // leaves some pixels of the target as they were
    };
    void make_pass(Pass& pass, const std::uint32_t* code, std::size_t bytes, VkDescriptorType type,
                   std::uint32_t bindings, std::uint32_t push_bytes, const char* name);
    void destroy_pass(Pass& pass);
    VkPipeline pipeline(Pass& pass, VkFormat format);
    // Binds the images (GENERAL layout) or texel buffers and draws the pass over all of `dst`.
    void run(Pass& pass, std::initializer_list<VkImageView> images,
             std::initializer_list<VkBufferView> buffers, const PassTarget& dst, const void* push,
             std::uint32_t push_bytes, std::uint64_t read_bytes,
             VkSampler sampler = VK_NULL_HANDLE);

    const Device& device_;
    Scheduler& scheduler_;
    VkShaderModule vertex_ = VK_NULL_HANDLE;
    VkSampler sampler_ = VK_NULL_HANDLE, linear_sampler_ = VK_NULL_HANDLE;
    Pass display_transfer_, reinterpret_, compose_, texture_decode_;
    Pass filters_[static_cast<int>(TextureFilter::kCount)]; // [None] unused; [Anime4k]: refine
    Pass anime4k_xy_, anime4k_luma_;
};

} // namespace picavk::vk
