#include "vk/transfer_blitter.h"

#include "vk/barriers.h"
#include "vk/descriptor_allocator.h"
#include "vk/device.h"
#include "vk/resources.h"
#include "vk/scheduler.h"

#include "shaders/display_transfer.frag.h"
#include "shaders/fullscreen.vert.h"

#include <stdexcept>

namespace picavk::vk {

ChannelBits host_channel_bits(VkFormat host) {
    switch (host) {
    case VK_FORMAT_R5G6B5_UNORM_PACK16:
        return {5, 6, 5, 0};
    case VK_FORMAT_R5G5B5A1_UNORM_PACK16:
        return {5, 5, 5, 1};
    case VK_FORMAT_R4G4B4A4_UNORM_PACK16:
        return {4, 4, 4, 4};
    default:
        return {8, 8, 8, 8};
    }
}

ChannelBits guest_channel_bits(std::uint8_t texture_format) {
    switch (texture_format) {
    case 0:
        return {8, 8, 8, 8}; // RGBA8
    case 1:
        return {8, 8, 8, 0}; // RGB8
    case 2:
        return {5, 5, 5, 1}; // RGB5A1
    case 3:
        return {5, 6, 5, 0}; // RGB565
    default:
        return {4, 4, 4, 4}; // RGBA4
    }
}

namespace {
struct PushConstants {
    std::int32_t src_host[4], src_guest[4], dst_guest[4], dst_host[4];
    std::int32_t geometry[4];
    std::int32_t size[4];
};
void put(std::int32_t (&out)[4], ChannelBits b) {
    out[0] = b.r;
    out[1] = b.g;
    out[2] = b.b;
    out[3] = b.a;
}
template <std::size_t N>
VkShaderModule make_module(const Device& device, const std::uint32_t (&code)[N], const char* name) {
    VkShaderModuleCreateInfo ci{VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO};
    ci.codeSize = sizeof code;
    ci.pCode = code;
    VkShaderModule m = VK_NULL_HANDLE;
    check(vkCreateShaderModule(device.device(), &ci, nullptr, &m), "vkCreateShaderModule");
    device.name(m, VK_OBJECT_TYPE_SHADER_MODULE, name);
    return m;
}
} // namespace

TransferBlitter::TransferBlitter(const Device& device, Scheduler& scheduler)
    : device_(device), scheduler_(scheduler) {
    VkDevice dev = device.device();
    VkDescriptorSetLayoutBinding b{0, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, 1,
                                   VK_SHADER_STAGE_FRAGMENT_BIT, nullptr};
    VkDescriptorSetLayoutCreateInfo sl{VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO};
    sl.bindingCount = 1;
    sl.pBindings = &b;
    check(vkCreateDescriptorSetLayout(dev, &sl, nullptr, &set_layout_),
          "vkCreateDescriptorSetLayout");
    VkPushConstantRange pc{VK_SHADER_STAGE_FRAGMENT_BIT, 0, sizeof(PushConstants)};
    VkPipelineLayoutCreateInfo pl{VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO};
    pl.setLayoutCount = 1;
    pl.pSetLayouts = &set_layout_;
    pl.pushConstantRangeCount = 1;
    pl.pPushConstantRanges = &pc;
    check(vkCreatePipelineLayout(dev, &pl, nullptr, &layout_), "vkCreatePipelineLayout");
    device.name(layout_, VK_OBJECT_TYPE_PIPELINE_LAYOUT, "transfer blit layout");
    vertex_ = make_module(device, kFullscreenVert, "fullscreen vertex shader");
    display_transfer_ =
        make_module(device, kDisplayTransferFrag, "display transfer fragment shader");
    VkSamplerCreateInfo si{VK_STRUCTURE_TYPE_SAMPLER_CREATE_INFO};
    si.magFilter = si.minFilter = VK_FILTER_NEAREST;
    si.addressModeU = si.addressModeV = si.addressModeW = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE;
    check(vkCreateSampler(dev, &si, nullptr, &sampler_), "vkCreateSampler");
    device.name(sampler_, VK_OBJECT_TYPE_SAMPLER, "transfer blit sampler");
    descriptors_ = std::make_unique<DescriptorAllocator>(device, scheduler, set_layout_);
}

TransferBlitter::~TransferBlitter() {
    scheduler_.finish_for_teardown();
    descriptors_.reset();
    VkDevice dev = device_.device();
    for (auto& [format, p] : pipelines_)
        vkDestroyPipeline(dev, p, nullptr);
    vkDestroySampler(dev, sampler_, nullptr);
    vkDestroyShaderModule(dev, vertex_, nullptr);
    vkDestroyShaderModule(dev, display_transfer_, nullptr);
    vkDestroyPipelineLayout(dev, layout_, nullptr);
    vkDestroyDescriptorSetLayout(dev, set_layout_, nullptr);
}

VkPipeline TransferBlitter::pipeline(VkFormat format) {
    auto it = pipelines_.find(format);
    if (it != pipelines_.end()) return it->second;
    VkPipelineShaderStageCreateInfo stages[2]{};
    stages[0].sType = stages[1].sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO;
    stages[0].stage = VK_SHADER_STAGE_VERTEX_BIT;
    stages[0].module = vertex_;
    stages[0].pName = "main";
    stages[1].stage = VK_SHADER_STAGE_FRAGMENT_BIT;
    stages[1].module = display_transfer_;
    stages[1].pName = "main";
    VkPipelineVertexInputStateCreateInfo vi{
        VK_STRUCTURE_TYPE_PIPELINE_VERTEX_INPUT_STATE_CREATE_INFO};
    VkPipelineInputAssemblyStateCreateInfo ia{
        VK_STRUCTURE_TYPE_PIPELINE_INPUT_ASSEMBLY_STATE_CREATE_INFO};
    ia.topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST;
    VkPipelineViewportStateCreateInfo vp{VK_STRUCTURE_TYPE_PIPELINE_VIEWPORT_STATE_CREATE_INFO};
    vp.viewportCount = 1;
    vp.scissorCount = 1;
    VkPipelineRasterizationStateCreateInfo rs{
        VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_STATE_CREATE_INFO};
    rs.polygonMode = VK_POLYGON_MODE_FILL;
    rs.cullMode = VK_CULL_MODE_NONE;
    rs.lineWidth = 1.0f;
    VkPipelineMultisampleStateCreateInfo ms{
        VK_STRUCTURE_TYPE_PIPELINE_MULTISAMPLE_STATE_CREATE_INFO};
    ms.rasterizationSamples = VK_SAMPLE_COUNT_1_BIT;
    VkPipelineColorBlendAttachmentState att{};
    att.colorWriteMask = 0xF;
    VkPipelineColorBlendStateCreateInfo cb{
        VK_STRUCTURE_TYPE_PIPELINE_COLOR_BLEND_STATE_CREATE_INFO};
    cb.attachmentCount = 1;
    cb.pAttachments = &att;
    const VkDynamicState dyn[] = {VK_DYNAMIC_STATE_VIEWPORT, VK_DYNAMIC_STATE_SCISSOR};
    VkPipelineDynamicStateCreateInfo dy{VK_STRUCTURE_TYPE_PIPELINE_DYNAMIC_STATE_CREATE_INFO};
    dy.dynamicStateCount = 2;
    dy.pDynamicStates = dyn;
    VkPipelineRenderingCreateInfo ri{VK_STRUCTURE_TYPE_PIPELINE_RENDERING_CREATE_INFO};
    ri.colorAttachmentCount = 1;
    ri.pColorAttachmentFormats = &format;
    VkGraphicsPipelineCreateInfo gp{VK_STRUCTURE_TYPE_GRAPHICS_PIPELINE_CREATE_INFO};
    gp.pNext = &ri;
    gp.stageCount = 2;
    gp.pStages = stages;
    gp.pVertexInputState = &vi;
    gp.pInputAssemblyState = &ia;
    gp.pViewportState = &vp;
    gp.pRasterizationState = &rs;
    gp.pMultisampleState = &ms;
    gp.pColorBlendState = &cb;
    gp.pDynamicState = &dy;
    gp.layout = layout_;
    VkPipeline p = VK_NULL_HANDLE;
    check(vkCreateGraphicsPipelines(device_.device(), VK_NULL_HANDLE, 1, &gp, nullptr, &p),
          "vkCreateGraphicsPipelines");
    device_.name(p, VK_OBJECT_TYPE_PIPELINE, "display transfer pipeline");
    pipelines_.emplace(format, p);
    return p;
}

void TransferBlitter::copy(const Image& src, const Image& dst, bool flip) {
    VkCommandBuffer cmd = scheduler_.cmd();
    barrier_all(cmd);
    device_.begin_label(cmd, flip ? "display transfer (mirrored copy)" : "display transfer (copy)");
    const VkImageSubresourceLayers layers{VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1};
    if (!flip) {
        VkImageCopy region{};
        region.srcSubresource = region.dstSubresource = layers;
        region.extent = {dst.extent.width, dst.extent.height, 1};
        vkCmdCopyImage(cmd, src.image, VK_IMAGE_LAYOUT_GENERAL, dst.image, VK_IMAGE_LAYOUT_GENERAL,
                       1, &region);
    } else {
        // Nearest, same size: each row copied exactly, bottom to top.
        VkImageBlit region{};
        region.srcSubresource = region.dstSubresource = layers;
        const auto w = static_cast<std::int32_t>(dst.extent.width);
        const auto h = static_cast<std::int32_t>(dst.extent.height);
        region.srcOffsets[0] = {0, 0, 0};
        region.srcOffsets[1] = {w, h, 1};
        region.dstOffsets[0] = {0, h, 0};
        region.dstOffsets[1] = {w, 0, 1};
        vkCmdBlitImage(cmd, src.image, VK_IMAGE_LAYOUT_GENERAL, dst.image, VK_IMAGE_LAYOUT_GENERAL,
                       1, &region, VK_FILTER_NEAREST);
    }
    device_.end_label(cmd);
    barrier_all(cmd);
}

void TransferBlitter::display_transfer(const Image& src, const Image& dst,
                                       const DisplayTransferPass& pass) {
    VkCommandBuffer cmd = scheduler_.cmd();
    const VkPipeline p = pipeline(dst.format);
    VkDescriptorSet set = descriptors_->allocate();
    const VkDescriptorImageInfo ii{sampler_, src.view, VK_IMAGE_LAYOUT_GENERAL};
    VkWriteDescriptorSet w{VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET};
    w.dstSet = set;
    w.descriptorCount = 1;
    w.descriptorType = VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER;
    w.pImageInfo = &ii;
    vkUpdateDescriptorSets(device_.device(), 1, &w, 0, nullptr);

    PushConstants pc{};
    put(pc.src_host, pass.src_host);
    put(pc.src_guest, pass.src_guest);
    put(pc.dst_guest, pass.dst_guest);
    put(pc.dst_host, pass.dst_host);
    pc.geometry[0] = static_cast<std::int32_t>(pass.scale);
    pc.geometry[1] = static_cast<std::int32_t>(pass.kx);
    pc.geometry[2] = static_cast<std::int32_t>(pass.ky);
    pc.geometry[3] = pass.flip ? 1 : 0;
    pc.size[0] = static_cast<std::int32_t>(pass.rows);

    barrier_all(cmd);
    device_.begin_label(cmd, "display transfer");
    VkRenderingAttachmentInfo ca{VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO};
    ca.imageView = dst.view;
    ca.imageLayout = VK_IMAGE_LAYOUT_GENERAL;
    ca.loadOp = VK_ATTACHMENT_LOAD_OP_DONT_CARE;
    ca.storeOp = VK_ATTACHMENT_STORE_OP_STORE;
    VkRenderingInfo ri{VK_STRUCTURE_TYPE_RENDERING_INFO};
    ri.renderArea = {{0, 0}, dst.extent};
    ri.layerCount = 1;
    ri.colorAttachmentCount = 1;
    ri.pColorAttachments = &ca;
    vkCmdBeginRendering(cmd, &ri);
    vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, p);
    const VkViewport viewport{
        0, 0, static_cast<float>(dst.extent.width), static_cast<float>(dst.extent.height), 0, 1};
    vkCmdSetViewport(cmd, 0, 1, &viewport);
    const VkRect2D scissor{{0, 0}, dst.extent};
    vkCmdSetScissor(cmd, 0, 1, &scissor);
    vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, layout_, 0, 1, &set, 0, nullptr);
    vkCmdPushConstants(cmd, layout_, VK_SHADER_STAGE_FRAGMENT_BIT, 0, sizeof pc, &pc);
    vkCmdDraw(cmd, 3, 1, 0, 0);
    vkCmdEndRendering(cmd);
    device_.end_label(cmd);
    barrier_all(cmd);
}

} // namespace picavk::vk
