#pragma once

// GPU passes that move pixels between cached surfaces at the resolution scale: the display
// transfer (format conversion, 2x1/2x2 downscale, flip, crop) as a fragment pass over the
// destination. Static shaders from shaders/, compiled at build time. One pipeline per
// destination host format.

#include "vk/vk_check.h"

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

struct DisplayTransferPass {
    ChannelBits src_host, src_guest, dst_guest, dst_host;
    std::uint32_t scale = 1;
    std::uint32_t kx = 1, ky = 1; // downscale factors
    bool flip = false;
    std::uint32_t rows = 0; // output rows, guest pixels
};

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
    // A D24S8 buffer's bytes as an RGBA8 texture reads them (shaders/depth_as_rgba8.frag), from
    // copies of its depth (32-bit words; float bits when `depth_float`) and stencil (bytes)
    // aspects in texel buffers, into all of `dst` (RGBA8, same size).
    void depth_as_rgba8(VkBufferView depth, VkBufferView stencil, bool depth_float,
                        const Image& dst);

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
    };
    void make_pass(Pass& pass, const std::uint32_t* code, std::size_t bytes, VkDescriptorType type,
                   std::uint32_t bindings, std::uint32_t push_bytes, const char* name);
    void destroy_pass(Pass& pass);
    VkPipeline pipeline(Pass& pass, VkFormat format);
    // Binds the images (GENERAL layout) or texel buffers and draws the pass over all of `dst`.
    void run(Pass& pass, std::initializer_list<VkImageView> images,
             std::initializer_list<VkBufferView> buffers, const Image& dst, const void* push,
             std::uint32_t push_bytes);

    const Device& device_;
    Scheduler& scheduler_;
    VkShaderModule vertex_ = VK_NULL_HANDLE;
    VkSampler sampler_ = VK_NULL_HANDLE;
    Pass display_transfer_, depth_as_rgba8_;
};

} // namespace picavk::vk
