#include "pica_program_runner.h"

#include "shadergen/spirv_compiler.h"
#include "shadergen/vertex_program.h"
#include "vk/device/device.h"
#include "vk/device/memory_allocator.h"
#include "vk/device/vk_check.h"

#include <cstring>
#include <stdexcept>

namespace picavk::test {

namespace {

// The uniform block the translation reads: the vertex path's (std140), every member declared
// (the fixed-attribute values are not read here).
using UniformBlock = shadergen::VertexProgramUniforms;

constexpr const char* kPrologue = R"(layout(local_size_x = 1) in;
layout(std140, set = 0, binding = 0) uniform PicaUniforms {
    vec4 pica_c[96];
    uvec4 pica_ints[4];
    uint pica_bools;
    vec4 pica_fixed[12];
    vec4 pica_cf[96];
};
layout(std430, set = 0, binding = 1) readonly buffer Inputs { vec4 inputs[]; };
layout(std430, set = 0, binding = 2) writeonly buffer Outputs { vec4 outputs[]; };
layout(std430, set = 0, binding = 3) writeonly buffer Faults { uint faults[]; };
vec4 pica_v[16];
vec4 pica_o[16];
)";

constexpr const char* kMain = R"(
void main() {
    uint id = gl_GlobalInvocationID.x;
    for (uint i = 0u; i < 16u; ++i) {
        pica_v[i] = inputs[id * 16u + i];
        pica_o[i] = vec4(0.0);
        pica_r[i] = vec4(0.0);
    }
    pica_main();
    for (uint i = 0u; i < 16u; ++i) outputs[id * 16u + i] = pica_o[i];
    faults[id] = pica_fault;
}
)";

} // namespace

struct PicaProgramRunner::Impl {
    vk::Device device{[] {
        vk::DeviceOptions o;
        o.validation = true;
        return o;
    }()};
    vk::MemoryAllocator allocator{device};
    VkDescriptorSetLayout set_layout = VK_NULL_HANDLE;
    VkPipelineLayout layout = VK_NULL_HANDLE;
    VkDescriptorPool pool = VK_NULL_HANDLE;
    VkCommandPool commands = VK_NULL_HANDLE;

    struct Buffer {
        VkBuffer buffer = VK_NULL_HANDLE;
        vk::Allocation memory;
    };
    Buffer make_buffer(VkDeviceSize size, VkBufferUsageFlags usage, vk::MemoryUsage where) {
        Buffer b;
        const VkBufferCreateInfo info{VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO,
                                      nullptr,
                                      0,
                                      size,
                                      usage,
                                      VK_SHARING_MODE_EXCLUSIVE,
                                      0,
                                      nullptr};
        vk::check(vkCreateBuffer(device.device(), &info, nullptr, &b.buffer), "vkCreateBuffer");
        VkMemoryRequirements req;
        vkGetBufferMemoryRequirements(device.device(), b.buffer, &req);
        b.memory = allocator.allocate(req, where, false);
        vk::check(vkBindBufferMemory(device.device(), b.buffer, b.memory.memory, b.memory.offset),
                  "vkBindBufferMemory");
        return b;
    }
    void free_buffer(Buffer& b) {
        vkDestroyBuffer(device.device(), b.buffer, nullptr);
        allocator.free(b.memory);
    }

    Impl() {
        VkDescriptorSetLayoutBinding bindings[4];
        for (std::uint32_t i = 0; i < 4; ++i)
            bindings[i] = {
                i, i == 0 ? VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER : VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
                1, VK_SHADER_STAGE_COMPUTE_BIT, nullptr};
        const VkDescriptorSetLayoutCreateInfo set_info{
            VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO, nullptr, 0, 4, bindings};
        vk::check(vkCreateDescriptorSetLayout(device.device(), &set_info, nullptr, &set_layout),
                  "vkCreateDescriptorSetLayout");
        const VkPipelineLayoutCreateInfo layout_info{
            VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO, nullptr, 0, 1, &set_layout, 0, nullptr};
        vk::check(vkCreatePipelineLayout(device.device(), &layout_info, nullptr, &layout),
                  "vkCreatePipelineLayout");
        const VkDescriptorPoolSize sizes[] = {{VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, 1},
                                              {VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 3}};
        const VkDescriptorPoolCreateInfo pool_info{
            VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO,
            nullptr,
            VK_DESCRIPTOR_POOL_CREATE_FREE_DESCRIPTOR_SET_BIT,
            1,
            2,
            sizes};
        vk::check(vkCreateDescriptorPool(device.device(), &pool_info, nullptr, &pool),
                  "vkCreateDescriptorPool");
        const VkCommandPoolCreateInfo cmd_info{VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO, nullptr,
                                               VK_COMMAND_POOL_CREATE_RESET_COMMAND_BUFFER_BIT,
                                               device.queue_family()};
        vk::check(vkCreateCommandPool(device.device(), &cmd_info, nullptr, &commands),
                  "vkCreateCommandPool");
    }
    ~Impl() {
        vkDestroyCommandPool(device.device(), commands, nullptr);
        vkDestroyDescriptorPool(device.device(), pool, nullptr);
        vkDestroyPipelineLayout(device.device(), layout, nullptr);
        vkDestroyDescriptorSetLayout(device.device(), set_layout, nullptr);
    }
};

PicaProgramRunner::PicaProgramRunner() : impl_(std::make_unique<Impl>()) {}
PicaProgramRunner::~PicaProgramRunner() = default;

std::uint64_t PicaProgramRunner::validation_messages() const {
    return impl_->device.validation_messages();
}

bool PicaProgramRunner::preserves_nan() const {
    return impl_->device.profile().float_nan_preserve;
}

std::vector<PicaRunOutput>
PicaProgramRunner::run(const std::string& header, const std::string& program_glsl,
                       const pica::ShaderUniforms& uniforms,
                       std::span<const std::array<pica::Vec4, 16>> inputs, std::string& error) {
    Impl& m = *impl_;
    VkDevice dev = m.device.device();
    const shadergen::SpirvResult spirv =
        shadergen::compile_glsl(shadergen::ShaderStage::Compute,
                                "#version 450\n" + header + kPrologue + program_glsl + kMain);
    if (!spirv.ok()) {
        error = spirv.log;
        return {};
    }
    const std::size_t n = inputs.size();
    Impl::Buffer ubo = m.make_buffer(sizeof(UniformBlock), VK_BUFFER_USAGE_UNIFORM_BUFFER_BIT,
                                     vk::MemoryUsage::Upload);
    Impl::Buffer in =
        m.make_buffer(n * 256, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT, vk::MemoryUsage::Upload);
    Impl::Buffer out =
        m.make_buffer(n * 256, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT, vk::MemoryUsage::Readback);
    Impl::Buffer faults =
        m.make_buffer(n * 4, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT, vk::MemoryUsage::Readback);
    UniformBlock block;
    shadergen::fill_vertex_program_uniforms(uniforms, {}, block);
    std::memcpy(ubo.memory.mapped, &block, sizeof block);
    std::memcpy(in.memory.mapped, inputs.data(), n * 256);
    m.allocator.flush(ubo.memory);
    m.allocator.flush(in.memory);

    VkShaderModule module;
    const VkShaderModuleCreateInfo module_info{VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO, nullptr,
                                               0, spirv.code.size() * 4, spirv.code.data()};
    vk::check(vkCreateShaderModule(dev, &module_info, nullptr, &module), "vkCreateShaderModule");
    const VkComputePipelineCreateInfo pipe_info{
        VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO,
        nullptr,
        0,
        {VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO, nullptr, 0,
         VK_SHADER_STAGE_COMPUTE_BIT, module, "main", nullptr},
        m.layout,
        VK_NULL_HANDLE,
        -1};
    VkPipeline pipeline;
    vk::check(vkCreateComputePipelines(dev, VK_NULL_HANDLE, 1, &pipe_info, nullptr, &pipeline),
              "vkCreateComputePipelines");

    VkDescriptorSet set;
    const VkDescriptorSetAllocateInfo set_info{VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO,
                                               nullptr, m.pool, 1, &m.set_layout};
    vk::check(vkAllocateDescriptorSets(dev, &set_info, &set), "vkAllocateDescriptorSets");
    const VkDescriptorBufferInfo infos[4] = {{ubo.buffer, 0, VK_WHOLE_SIZE},
                                             {in.buffer, 0, VK_WHOLE_SIZE},
                                             {out.buffer, 0, VK_WHOLE_SIZE},
                                             {faults.buffer, 0, VK_WHOLE_SIZE}};
    VkWriteDescriptorSet writes[4];
    for (std::uint32_t i = 0; i < 4; ++i)
        writes[i] = {VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
                     nullptr,
                     set,
                     i,
                     0,
                     1,
                     i == 0 ? VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER : VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
                     nullptr,
                     &infos[i],
                     nullptr};
    vkUpdateDescriptorSets(dev, 4, writes, 0, nullptr);

    VkCommandBuffer cmd;
    const VkCommandBufferAllocateInfo cmd_info{VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO,
                                               nullptr, m.commands, VK_COMMAND_BUFFER_LEVEL_PRIMARY,
                                               1};
    vk::check(vkAllocateCommandBuffers(dev, &cmd_info, &cmd), "vkAllocateCommandBuffers");
    const VkCommandBufferBeginInfo begin{VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO, nullptr,
                                         VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT, nullptr};
    vk::check(vkBeginCommandBuffer(cmd, &begin), "vkBeginCommandBuffer");
    vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, pipeline);
    vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, m.layout, 0, 1, &set, 0, nullptr);
    vkCmdDispatch(cmd, static_cast<std::uint32_t>(n), 1, 1);
    const VkMemoryBarrier to_host{VK_STRUCTURE_TYPE_MEMORY_BARRIER, nullptr,
                                  VK_ACCESS_SHADER_WRITE_BIT, VK_ACCESS_HOST_READ_BIT};
    vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, VK_PIPELINE_STAGE_HOST_BIT, 0,
                         1, &to_host, 0, nullptr, 0, nullptr);
    vk::check(vkEndCommandBuffer(cmd), "vkEndCommandBuffer");
    VkFence fence;
    const VkFenceCreateInfo fence_info{VK_STRUCTURE_TYPE_FENCE_CREATE_INFO, nullptr, 0};
    vk::check(vkCreateFence(dev, &fence_info, nullptr, &fence), "vkCreateFence");
    const VkSubmitInfo submit{
        VK_STRUCTURE_TYPE_SUBMIT_INFO, nullptr, 0, nullptr, nullptr, 1, &cmd, 0, nullptr};
    vk::check(vkQueueSubmit(m.device.queue(), 1, &submit, fence), "vkQueueSubmit");
    vk::check(vkWaitForFences(dev, 1, &fence, VK_TRUE, UINT64_MAX), "vkWaitForFences");

    m.allocator.invalidate(out.memory);
    m.allocator.invalidate(faults.memory);
    std::vector<PicaRunOutput> result(n);
    for (std::size_t i = 0; i < n; ++i) {
        std::memcpy(result[i].o.data(), out.memory.mapped + i * 256, 256);
        std::memcpy(&result[i].fault, faults.memory.mapped + i * 4, 4);
    }
    vkDestroyFence(dev, fence, nullptr);
    vkFreeCommandBuffers(dev, m.commands, 1, &cmd);
    vkFreeDescriptorSets(dev, m.pool, 1, &set);
    vkDestroyPipeline(dev, pipeline, nullptr);
    vkDestroyShaderModule(dev, module, nullptr);
    for (Impl::Buffer* b : {&ubo, &in, &out, &faults})
        m.free_buffer(*b);
    error.clear();
    return result;
}

} // namespace picavk::test
