#include "vk/surface/transfer_blitter.h"

#include "vk/device/barriers.h"
#include "vk/device/device.h"
#include "vk/device/resources.h"
#include "vk/device/scheduler.h"
#include "vk/pipeline/descriptor_allocator.h"

#include "shaders/display_transfer.frag.h"
#include "shaders/fullscreen.vert.h"
#include "shaders/present.frag.h"
#include "shaders/reinterpret_bytes.frag.h"
#include "shaders/texture_decode.frag.h"
#include "shaders/texture_filter_anime4k_luma.frag.h"
#include "shaders/texture_filter_anime4k_refine.frag.h"
#include "shaders/texture_filter_anime4k_xy.frag.h"
#include "shaders/texture_filter_bicubic.frag.h"
#include "shaders/texture_filter_mmpx.frag.h"
#include "shaders/texture_filter_scaleforce.frag.h"
#include "shaders/texture_filter_xbrz.frag.h"

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
    vertex_ = make_module(device, kFullscreenVert, "fullscreen vertex shader");
    VkSamplerCreateInfo si{VK_STRUCTURE_TYPE_SAMPLER_CREATE_INFO};
    si.magFilter = si.minFilter = VK_FILTER_NEAREST;
    si.addressModeU = si.addressModeV = si.addressModeW = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE;
    check(vkCreateSampler(device.device(), &si, nullptr, &sampler_), "vkCreateSampler");
    device.name(sampler_, VK_OBJECT_TYPE_SAMPLER, "transfer blit sampler");
    si.magFilter = si.minFilter = VK_FILTER_LINEAR;
    check(vkCreateSampler(device.device(), &si, nullptr, &linear_sampler_), "vkCreateSampler");
    device.name(linear_sampler_, VK_OBJECT_TYPE_SAMPLER, "screen linear sampler");
    make_pass(display_transfer_, kDisplayTransferFrag, sizeof kDisplayTransferFrag,
              VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, 1, sizeof(DisplayTransferConstants),
              "display transfer");
    make_pass(reinterpret_, kReinterpretBytesFrag, sizeof kReinterpretBytesFrag,
              VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER, 2, sizeof(ReinterpretPass),
              "surface bytes reinterpreted");
    reinterpret_.discards = true;
    make_pass(compose_, kPresentFrag, sizeof kPresentFrag,
              VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, 3, sizeof(ComposePass),
              "screens composed");
    make_pass(texture_decode_, kTextureDecodeFrag, sizeof kTextureDecodeFrag,
              VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER, 1, sizeof(TextureDecodePass),
              "texture decode");
    struct FilterShader {
        TextureFilter filter;
        const std::uint32_t* code;
        std::size_t bytes;
        const char* name;
    };
    for (const FilterShader& f :
         {FilterShader{TextureFilter::Bicubic, kTextureFilterBicubicFrag,
                       sizeof kTextureFilterBicubicFrag, "texture filter: bicubic"},
          FilterShader{TextureFilter::ScaleForce, kTextureFilterScaleforceFrag,
                       sizeof kTextureFilterScaleforceFrag, "texture filter: ScaleFORCE"},
          FilterShader{TextureFilter::Mmpx, kTextureFilterMmpxFrag, sizeof kTextureFilterMmpxFrag,
                       "texture filter: MMPX"},
          FilterShader{TextureFilter::Xbrz, kTextureFilterXbrzFrag, sizeof kTextureFilterXbrzFrag,
                       "texture filter: xBRZ"}})
        make_pass(filters_[static_cast<int>(f.filter)], f.code, f.bytes,
                  VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, 1, sizeof(TextureFilterPass), f.name);
    make_pass(anime4k_xy_, kTextureFilterAnime4kXyFrag, sizeof kTextureFilterAnime4kXyFrag,
              VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, 1, sizeof(TextureFilterPass),
              "texture filter: Anime4K gradient x");
    make_pass(anime4k_luma_, kTextureFilterAnime4kLumaFrag, sizeof kTextureFilterAnime4kLumaFrag,
              VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, 1, sizeof(TextureFilterPass),
              "texture filter: Anime4K gradient y");
    make_pass(filters_[static_cast<int>(TextureFilter::Anime4k)], kTextureFilterAnime4kRefineFrag,
              sizeof kTextureFilterAnime4kRefineFrag, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, 2,
              sizeof(TextureFilterPass), "texture filter: Anime4K refine");
}

void TransferBlitter::make_pass(Pass& pass, const std::uint32_t* code, std::size_t bytes,
                                VkDescriptorType type, std::uint32_t bindings,
                                std::uint32_t push_bytes, const char* name) {
    VkDevice dev = device_.device();
    pass.type = type;
    pass.name = name;
    VkShaderModuleCreateInfo ci{VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO};
    ci.codeSize = bytes;
    ci.pCode = code;
    check(vkCreateShaderModule(dev, &ci, nullptr, &pass.fragment), "vkCreateShaderModule");
    device_.name(pass.fragment, VK_OBJECT_TYPE_SHADER_MODULE, name);
    VkDescriptorSetLayoutBinding b[3]{};
    for (std::uint32_t i = 0; i < bindings; ++i)
        b[i] = {i, type, 1, VK_SHADER_STAGE_FRAGMENT_BIT, nullptr};
    VkDescriptorSetLayoutCreateInfo sl{VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO};
    sl.bindingCount = bindings;
    sl.pBindings = b;
    check(vkCreateDescriptorSetLayout(dev, &sl, nullptr, &pass.set_layout),
          "vkCreateDescriptorSetLayout");
    VkPushConstantRange pc{VK_SHADER_STAGE_FRAGMENT_BIT, 0, push_bytes};
    VkPipelineLayoutCreateInfo pl{VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO};
    pl.setLayoutCount = 1;
    pl.pSetLayouts = &pass.set_layout;
    pl.pushConstantRangeCount = push_bytes ? 1 : 0;
    pl.pPushConstantRanges = &pc;
    check(vkCreatePipelineLayout(dev, &pl, nullptr, &pass.layout), "vkCreatePipelineLayout");
    device_.name(pass.layout, VK_OBJECT_TYPE_PIPELINE_LAYOUT, name);
    pass.descriptors = std::make_unique<DescriptorAllocator>(device_, scheduler_, pass.set_layout);
}

void TransferBlitter::destroy_pass(Pass& pass) {
    VkDevice dev = device_.device();
    pass.descriptors.reset();
    for (auto& [format, p] : pass.pipelines)
        vkDestroyPipeline(dev, p, nullptr);
    vkDestroyShaderModule(dev, pass.fragment, nullptr);
    vkDestroyPipelineLayout(dev, pass.layout, nullptr);
    vkDestroyDescriptorSetLayout(dev, pass.set_layout, nullptr);
}

TransferBlitter::~TransferBlitter() {
    scheduler_.finish_for_teardown();
    destroy_pass(display_transfer_);
    destroy_pass(reinterpret_);
    destroy_pass(compose_);
    destroy_pass(texture_decode_);
    for (Pass& f : filters_)
        if (f.fragment) destroy_pass(f);
    destroy_pass(anime4k_xy_);
    destroy_pass(anime4k_luma_);
    vkDestroySampler(device_.device(), sampler_, nullptr);
    vkDestroySampler(device_.device(), linear_sampler_, nullptr);
    vkDestroyShaderModule(device_.device(), vertex_, nullptr);
}

VkPipeline TransferBlitter::pipeline(Pass& pass, VkFormat format) {
    auto it = pass.pipelines.find(format);
    if (it != pass.pipelines.end()) return it->second;
    VkPipelineShaderStageCreateInfo stages[2]{};
    stages[0].sType = stages[1].sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO;
    stages[0].stage = VK_SHADER_STAGE_VERTEX_BIT;
    stages[0].module = vertex_;
    stages[0].pName = "main";
    stages[1].stage = VK_SHADER_STAGE_FRAGMENT_BIT;
    stages[1].module = pass.fragment;
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
    gp.layout = pass.layout;
    gp.flags = device_.pipeline_create_flags();
    VkPipeline p = VK_NULL_HANDLE;
    check(vkCreateGraphicsPipelines(device_.device(), VK_NULL_HANDLE, 1, &gp, nullptr, &p),
          "vkCreateGraphicsPipelines");
    device_.name(p, VK_OBJECT_TYPE_PIPELINE, std::string(pass.name) + " pipeline");
    device_.capture_statistics(p, std::string(pass.name) + " pipeline");
    pass.pipelines.emplace(format, p);
    return p;
}

void TransferBlitter::run(Pass& pass, std::initializer_list<VkImageView> images,
                          std::initializer_list<VkBufferView> buffers, const PassTarget& dst,
                          const void* push, std::uint32_t push_bytes, std::uint64_t read_bytes,
                          VkSampler sampler) {
    VkCommandBuffer cmd = scheduler_.cmd();
    const VkPipeline p = pipeline(pass, dst.format);
    VkDescriptorSet set = pass.descriptors->allocate();
    VkDescriptorImageInfo ii[3]{};
    VkBufferView bv[3]{};
    VkWriteDescriptorSet w[3]{};
    std::uint32_t n = 0;
    auto next = [&] {
        w[n] = {VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET};
        w[n].dstSet = set;
        w[n].dstBinding = n;
        w[n].descriptorCount = 1;
        w[n].descriptorType = pass.type;
        return n++;
    };
    for (VkImageView view : images) {
        const std::uint32_t i = next();
        ii[i] = {sampler ? sampler : sampler_, view, VK_IMAGE_LAYOUT_GENERAL};
        w[i].pImageInfo = &ii[i];
    }
    for (VkBufferView view : buffers) {
        const std::uint32_t i = next();
        bv[i] = view;
        w[i].pTexelBufferView = &bv[i];
    }
    vkUpdateDescriptorSets(device_.device(), n, w, 0, nullptr);

    barrier_all(cmd);
    scheduler_.begin_pass(pass.name);
    // Every pixel of the target written; a pass that discards loads it first.
    const std::uint64_t target_bytes = region_bytes(dst.format, dst.extent);
    scheduler_.pass_bytes(read_bytes + (pass.discards ? target_bytes : 0), target_bytes);
    VkRenderingAttachmentInfo ca{VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO};
    ca.imageView = dst.view;
    ca.imageLayout = dst.layout;
    // Passes that discard keep what the target held there.
    ca.loadOp = pass.discards ? VK_ATTACHMENT_LOAD_OP_LOAD : VK_ATTACHMENT_LOAD_OP_DONT_CARE;
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
    vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, pass.layout, 0, 1, &set, 0,
                            nullptr);
    if (push_bytes)
        vkCmdPushConstants(cmd, pass.layout, VK_SHADER_STAGE_FRAGMENT_BIT, 0, push_bytes, push);
    vkCmdDraw(cmd, 3, 1, 0, 0);
    vkCmdEndRendering(cmd);
    scheduler_.end_pass();
    barrier_all(cmd);
}

void TransferBlitter::reinterpret(VkBufferView main, VkBufferView stencil,
                                  const ReinterpretPass& pass, const PassTarget& dst) {
    static_assert(sizeof(ReinterpretPass) == 10 * sizeof(std::uint32_t));
    // Each target pixel reads the source bytes it is made of: as many as it holds (the same
    // guest bytes read as another format).
    const std::uint64_t read = region_bytes(dst.format, dst.extent);
    run(reinterpret_, {}, {main, stencil ? stencil : main}, dst, &pass, sizeof pass, read);
}

void TransferBlitter::decode_texture(VkBufferView guest, std::uint64_t guest_bytes,
                                     const TextureDecodePass& pass, const PassTarget& dst) {
    static_assert(sizeof(TextureDecodePass) == 4 * sizeof(std::uint32_t));
    run(texture_decode_, {}, {guest}, dst, &pass, sizeof pass, guest_bytes);
}

void TransferBlitter::filter_texture(TextureFilter filter, VkImageView src,
                                     const TextureFilterPass& pass, const PassTarget& dst,
                                     const PassTarget* xy, const PassTarget* luma) {
    static_assert(sizeof(TextureFilterPass) == 3 * sizeof(std::int32_t));
    Pass& f = filters_[static_cast<int>(filter)];
    if (!f.fragment) return;
    const std::uint64_t source_bytes =
        std::uint64_t(pass.width) * static_cast<std::uint64_t>(pass.height) * 4;
    if (filter != TextureFilter::Anime4k) {
        run(f, {src}, {}, dst, &pass, sizeof pass, source_bytes);
        return;
    }
    if (!xy || !luma) return;
    run(anime4k_xy_, {src}, {}, *xy, &pass, sizeof pass, source_bytes);
    run(anime4k_luma_, {xy->view}, {}, *luma, &pass, sizeof pass,
        region_bytes(xy->format, xy->extent));
    run(f, {src, luma->view}, {}, dst, &pass, sizeof pass,
        source_bytes + region_bytes(luma->format, luma->extent));
}

void TransferBlitter::compose(VkImageView top, VkImageView bottom, VkImageView top_right,
                              bool linear, const ComposePass& pass, const PassTarget& dst) {
    static_assert(sizeof(ComposePass) == 32 * sizeof(std::uint32_t));
    // One screen texel (RGBA8) read per target pixel: nearest sampling reads each texel about once.
    const std::uint64_t read = std::uint64_t{dst.extent.width} * dst.extent.height * 4;
    run(compose_, {top, bottom, top_right}, {}, dst, &pass, sizeof pass, read,
        linear ? linear_sampler_ : sampler_);
}

void TransferBlitter::copy(const Image& src, const Image& dst, bool flip) {
    VkCommandBuffer cmd = scheduler_.cmd();
    barrier_all(cmd);
    scheduler_.begin_pass(flip ? "display transfer (mirrored copy)" : "display transfer (copy)");
    const std::uint64_t bytes = region_bytes(dst.format, dst.extent);
    scheduler_.pass_bytes(bytes, bytes);
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
    scheduler_.end_pass();
    barrier_all(cmd);
}

DisplayTransferConstants display_transfer_constants(const DisplayTransferPass& pass) {
    DisplayTransferConstants pc{};
    put(pc.src_host, pass.src_host);
    put(pc.src_guest, pass.src_guest);
    put(pc.dst_guest, pass.dst_guest);
    put(pc.dst_host, pass.dst_host);
    pc.geometry[0] = static_cast<std::int32_t>(pass.scale);
    pc.geometry[1] = static_cast<std::int32_t>(pass.kx);
    pc.geometry[2] = static_cast<std::int32_t>(pass.ky);
    pc.geometry[3] = pass.flip ? 1 : 0;
    pc.size[0] = static_cast<std::int32_t>(pass.rows);
    return pc;
}

std::uint64_t display_transfer_read_bytes(const Image& src, const Image& dst,
                                          const DisplayTransferPass& pass) {
    // Each output pixel reads its kx x ky source pixels.
    return std::uint64_t{dst.extent.width} * dst.extent.height * pass.kx * pass.ky *
           texel_bytes(src.format);
}

void TransferBlitter::display_transfer(const Image& src, const Image& dst,
                                       const DisplayTransferPass& pass) {
    const DisplayTransferConstants pc = display_transfer_constants(pass);
    run(display_transfer_, {src.view}, {}, {dst.view, dst.extent, dst.format}, &pc, sizeof pc,
        display_transfer_read_bytes(src, dst, pass));
}

} // namespace picavk::vk
