#pragma once

// The passes that only move pixels, as compute shaders, for devices whose raster units are few
// (HostProfile::few_raster_units): there a clear or a full-screen fragment pass runs at the
// ROPs' pixel rate, a compute pass at memory speed. Both write an RGBA8 host image through its
// r32ui storage view (SurfaceCache::storage_view). Pipelines are made at first use.

#include "vk/device/barriers.h"
#include "vk/device/vk_check.h"

#include <cstdint>
#include <memory>

namespace picavk::vk {

class Device;
class Scheduler;
class DescriptorAllocator;
struct Image;
struct DisplayTransferPass;

class ComputePasses {
  public:
    ComputePasses(const Device& device, Scheduler& scheduler);
    ~ComputePasses();
    ComputePasses(const ComputePasses&) = delete;
    ComputePasses& operator=(const ComputePasses&) = delete;

    // Every pixel of `area` gets `word` (shaders/fill_color.comp), with barriers before and
    // after where `barriers` asks (SurfaceCache::begin_open_passes). No rendering scope may
    // be open.
    void fill(VkImageView storage, const VkRect2D& area, std::uint32_t word,
              PassBarriers barriers = {});
    // shaders/display_transfer.comp: reads `src` (GENERAL) and writes all of `dst` through
    // `dst_storage`, as TransferBlitter::display_transfer does with a fragment pass; barriers
    // as fill's.
    void display_transfer(const Image& src, const Image& dst, VkImageView dst_storage,
                          const DisplayTransferPass& pass, PassBarriers barriers = {});

  private:
    struct Pass {
        VkShaderModule module = VK_NULL_HANDLE;
        VkDescriptorSetLayout set_layout = VK_NULL_HANDLE;
        VkPipelineLayout layout = VK_NULL_HANDLE;
        VkPipeline pipeline = VK_NULL_HANDLE;
        std::unique_ptr<DescriptorAllocator> descriptors;
    };
    void make(Pass& pass, const std::uint32_t* code, std::size_t bytes, bool with_source,
              std::uint32_t push_bytes, const char* name);
    void destroy(Pass& pass);

    const Device& device_;
    Scheduler& scheduler_;
    VkSampler sampler_ = VK_NULL_HANDLE;
    Pass fill_, display_transfer_;
};

} // namespace picavk::vk
