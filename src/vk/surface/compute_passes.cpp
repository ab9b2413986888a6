#include "vk/surface/compute_passes.h"

#include "vk/device/barriers.h"
#include "vk/device/device.h"
#include "vk/device/resources.h"
#include "vk/device/scheduler.h"
#include "vk/pipeline/descriptor_allocator.h"
#include "vk/surface/transfer_blitter.h"

#include "shaders/display_transfer.comp.h"
#include "shaders/fill_color.comp.h"

namespace picavk::vk {

namespace {
// shaders/fill_color.comp's push constants.
struct FillConstants {
    std::int32_t area[4];
    std::uint32_t word;
};
constexpr std::uint32_t kFillGroupWidth = 16, kFillGroupRows = 64; // one workgroup's pixels
// The transfer's workgroup converts 16 x 64 pixels.
constexpr std::uint32_t kTransferGroupWidth = 16, kTransferGroupRows = 64;

std::uint32_t groups(std::uint32_t n, std::uint32_t size) {
    return (n + size - 1) / size;
}
} // namespace

ComputePasses::ComputePasses(const Device& device, Scheduler& scheduler)
    : device_(device), scheduler_(scheduler) {}

ComputePasses::~ComputePasses() {
    if (!fill_.pipeline && !display_transfer_.pipeline) return;
    scheduler_.finish_for_teardown();
    destroy(fill_);
    destroy(display_transfer_);
    if (sampler_) vkDestroySampler(device_.device(), sampler_, nullptr);
}

void ComputePasses::make(Pass& pass, const std::uint32_t* code, std::size_t bytes, bool with_source,
                         std::uint32_t push_bytes, const char* name) {
    VkDevice dev = device_.device();
    VkShaderModuleCreateInfo ci{VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO};
    ci.codeSize = bytes;
    ci.pCode = code;
    check(vkCreateShaderModule(dev, &ci, nullptr, &pass.module), "vkCreateShaderModule");
    device_.name(pass.module, VK_OBJECT_TYPE_SHADER_MODULE, name);
    // The transfer: binding 0 the source (sampled), binding 1 the target; the fill: binding 0
    // the target.
    VkDescriptorSetLayoutBinding b[2]{};
    std::uint32_t n = 0;
    if (with_source)
        b[n++] = {0, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, 1, VK_SHADER_STAGE_COMPUTE_BIT,
                  nullptr};
    b[n] = {n, VK_DESCRIPTOR_TYPE_STORAGE_IMAGE, 1, VK_SHADER_STAGE_COMPUTE_BIT, nullptr};
    ++n;
    VkDescriptorSetLayoutCreateInfo sl{VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO};
    sl.bindingCount = n;
    sl.pBindings = b;
    check(vkCreateDescriptorSetLayout(dev, &sl, nullptr, &pass.set_layout),
          "vkCreateDescriptorSetLayout");
    const VkPushConstantRange pc{VK_SHADER_STAGE_COMPUTE_BIT, 0, push_bytes};
    VkPipelineLayoutCreateInfo pl{VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO};
    pl.setLayoutCount = 1;
    pl.pSetLayouts = &pass.set_layout;
    pl.pushConstantRangeCount = 1;
    pl.pPushConstantRanges = &pc;
    check(vkCreatePipelineLayout(dev, &pl, nullptr, &pass.layout), "vkCreatePipelineLayout");
    device_.name(pass.layout, VK_OBJECT_TYPE_PIPELINE_LAYOUT, name);
    VkComputePipelineCreateInfo cp{VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO};
    cp.stage = {VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO};
    cp.stage.stage = VK_SHADER_STAGE_COMPUTE_BIT;
    cp.stage.module = pass.module;
    cp.stage.pName = "main";
    cp.layout = pass.layout;
    cp.flags = device_.pipeline_create_flags();
    check(vkCreateComputePipelines(dev, VK_NULL_HANDLE, 1, &cp, nullptr, &pass.pipeline),
          "vkCreateComputePipelines");
    device_.name(pass.pipeline, VK_OBJECT_TYPE_PIPELINE, name);
    device_.capture_statistics(pass.pipeline, name);
    pass.descriptors = std::make_unique<DescriptorAllocator>(device_, scheduler_, pass.set_layout);
}

void ComputePasses::destroy(Pass& pass) {
    VkDevice dev = device_.device();
    pass.descriptors.reset();
    if (pass.pipeline) vkDestroyPipeline(dev, pass.pipeline, nullptr);
    if (pass.module) vkDestroyShaderModule(dev, pass.module, nullptr);
    if (pass.layout) vkDestroyPipelineLayout(dev, pass.layout, nullptr);
    if (pass.set_layout) vkDestroyDescriptorSetLayout(dev, pass.set_layout, nullptr);
}

void ComputePasses::fill(VkImageView storage, const VkRect2D& area, std::uint32_t word,
                         PassBarriers barriers) {
    if (!fill_.pipeline)
        make(fill_, kFillColorComp, sizeof kFillColorComp, false, sizeof(FillConstants),
             "memory fill (compute)");
    VkDescriptorSet set = fill_.descriptors->allocate();
    const VkDescriptorImageInfo target{VK_NULL_HANDLE, storage, VK_IMAGE_LAYOUT_GENERAL};
    VkWriteDescriptorSet w{VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET};
    w.dstSet = set;
    w.descriptorCount = 1;
    w.descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_IMAGE;
    w.pImageInfo = &target;
    vkUpdateDescriptorSets(device_.device(), 1, &w, 0, nullptr);
    const FillConstants pc{{area.offset.x, area.offset.y,
                            static_cast<std::int32_t>(area.extent.width),
                            static_cast<std::int32_t>(area.extent.height)},
                           word};
    // (Without the barrier before: beside the passes left open before it, Scheduler::cmd_beside.)
    if (barriers.before) scheduler_.barrier();
    VkCommandBuffer cmd = scheduler_.cmd_beside(Scheduler::kOpenSurfaces);
    {
        const ScopedPass pass(scheduler_, "memory fill");
        scheduler_.pass_bytes(0, region_bytes(VK_FORMAT_R8G8B8A8_UNORM, area.extent));
        vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, fill_.pipeline);
        vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, fill_.layout, 0, 1, &set, 0,
                                nullptr);
        vkCmdPushConstants(cmd, fill_.layout, VK_SHADER_STAGE_COMPUTE_BIT, 0, sizeof pc, &pc);
        vkCmdDispatch(cmd, groups(area.extent.width, kFillGroupWidth),
                      groups(area.extent.height, kFillGroupRows), 1);
    }
    if (barriers.after) scheduler_.barrier();
}

void ComputePasses::display_transfer(const Image& src, const Image& dst, VkImageView dst_storage,
                                     const DisplayTransferPass& pass, PassBarriers barriers) {
    if (!display_transfer_.pipeline) {
        make(display_transfer_, kDisplayTransferComp, sizeof kDisplayTransferComp, true,
             sizeof(DisplayTransferConstants), "display transfer (compute)");
        VkSamplerCreateInfo si{VK_STRUCTURE_TYPE_SAMPLER_CREATE_INFO};
        si.magFilter = si.minFilter = VK_FILTER_NEAREST;
        si.addressModeU = si.addressModeV = si.addressModeW = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE;
        check(vkCreateSampler(device_.device(), &si, nullptr, &sampler_), "vkCreateSampler");
        device_.name(sampler_, VK_OBJECT_TYPE_SAMPLER, "display transfer (compute) sampler");
    }
    VkDescriptorSet set = display_transfer_.descriptors->allocate();
    const VkDescriptorImageInfo images[2] = {
        {sampler_, src.view, VK_IMAGE_LAYOUT_GENERAL},
        {VK_NULL_HANDLE, dst_storage, VK_IMAGE_LAYOUT_GENERAL}};
    VkWriteDescriptorSet w[2]{};
    for (std::uint32_t i = 0; i < 2; ++i) {
        w[i] = {VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET};
        w[i].dstSet = set;
        w[i].dstBinding = i;
        w[i].descriptorCount = 1;
        w[i].descriptorType =
            i == 0 ? VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER : VK_DESCRIPTOR_TYPE_STORAGE_IMAGE;
        w[i].pImageInfo = &images[i];
    }
    vkUpdateDescriptorSets(device_.device(), 2, w, 0, nullptr);
    const DisplayTransferConstants pc = display_transfer_constants(pass);
    if (barriers.before) scheduler_.barrier();
    VkCommandBuffer cmd = scheduler_.cmd_beside(Scheduler::kOpenSurfaces);
    {
        const ScopedPass scope(scheduler_, "display transfer");
        scheduler_.pass_bytes(display_transfer_read_bytes(src, dst, pass),
                              region_bytes(dst.format, dst.extent));
        vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, display_transfer_.pipeline);
        vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, display_transfer_.layout, 0, 1,
                                &set, 0, nullptr);
        vkCmdPushConstants(cmd, display_transfer_.layout, VK_SHADER_STAGE_COMPUTE_BIT, 0, sizeof pc,
                           &pc);
        vkCmdDispatch(cmd, groups(dst.extent.width, kTransferGroupWidth),
                      groups(dst.extent.height, kTransferGroupRows), 1);
    }
    if (barriers.after) scheduler_.barrier();
}

} // namespace picavk::vk
