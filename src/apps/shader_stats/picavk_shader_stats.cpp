// picavk-shader-stats: what a Vulkan driver's compiler makes of compute shaders, without drawing
// anything. Each GLSL file (as PICAVK_DUMP_SHADERS writes them: cr_<hash>.comp for the compute
// rasteriser) is compiled as picavk compiles it (shadergen::compile_glsl), its descriptor
// bindings and push constants read back from the SPIR-V (SPIRV-Cross), and a compute pipeline
// made with VK_KHR_pipeline_executable_properties' capture flag; the driver's statistics for it
// are printed (registers, instructions, spills, its own latency estimates).
//
// Why: the compute rasteriser's raster pass ran at 20 GB/s on an H200, latency-bound or
// occupancy-bound, and a GPU is lent rarely. Mesa's RADV compiles for AMD GPUs with no GPU at
// all (RADV_FORCE_FAMILY: its null winsys makes a device that can compile but not run), so its
// register and instruction counts can be compared here, change by change
// (scripts/shader_stats.sh). They are AMD's, not NVIDIA's: a guide to direction, not a figure
// for the H200, whose own counts `picavk-render --pipeline-stats` prints there.
//
// The device is picavk's own (vk::Device: its choice of device, --validation's layer and
// message count, the statistics' capture); a validation message fails the run, so that a
// layout read wrongly from the SPIR-V shows.
//
//   picavk-shader-stats [--device N] [--list-devices] [--validation] FILE.comp...
#include "shadergen/spirv_compiler.h"
#include "vk/device/device.h"

#include <spirv_cross/spirv_cross_c.h>
#include <vulkan/vulkan.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <map>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace {

[[noreturn]] void fail(const std::string& what) {
    throw std::runtime_error(what);
}

using picavk::vk::check;

struct Binding {
    std::uint32_t set, binding;
    VkDescriptorType type;
    std::uint32_t count;
};

struct Interface {
    std::vector<Binding> bindings;
    std::uint32_t push_constant_bytes = 0;
};

// The descriptor bindings and push-constant size the shader declares, read from its SPIR-V.
Interface reflect(const std::vector<std::uint32_t>& spirv) {
    spvc_context ctx = nullptr;
    spvc_parsed_ir ir = nullptr;
    spvc_compiler compiler = nullptr;
    spvc_resources resources = nullptr;
    if (spvc_context_create(&ctx) != SPVC_SUCCESS) fail("SPIRV-Cross: no context");
    if (spvc_context_parse_spirv(ctx, spirv.data(), spirv.size(), &ir) != SPVC_SUCCESS ||
        spvc_context_create_compiler(ctx, SPVC_BACKEND_NONE, ir, SPVC_CAPTURE_MODE_TAKE_OWNERSHIP,
                                     &compiler) != SPVC_SUCCESS ||
        spvc_compiler_create_shader_resources(compiler, &resources) != SPVC_SUCCESS)
        fail(std::string("SPIRV-Cross: ") + spvc_context_get_last_error_string(ctx));
    Interface out;
    auto add = [&](spvc_resource_type kind, VkDescriptorType type, VkDescriptorType buffer_type) {
        const spvc_reflected_resource* list = nullptr;
        std::size_t n = 0;
        spvc_resources_get_resource_list_for_type(resources, kind, &list, &n);
        for (std::size_t i = 0; i < n; ++i) {
            Binding b{};
            b.set = spvc_compiler_get_decoration(compiler, list[i].id, SpvDecorationDescriptorSet);
            b.binding = spvc_compiler_get_decoration(compiler, list[i].id, SpvDecorationBinding);
            const spvc_type t = spvc_compiler_get_type_handle(compiler, list[i].type_id);
            // Texel buffers are images of dimension Buffer.
            const bool image = spvc_type_get_basetype(t) == SPVC_BASETYPE_IMAGE ||
                               spvc_type_get_basetype(t) == SPVC_BASETYPE_SAMPLED_IMAGE;
            b.type = image && spvc_type_get_image_dimension(t) == SpvDimBuffer ? buffer_type : type;
            b.count = 1;
            for (unsigned d = 0; d < spvc_type_get_num_array_dimensions(t); ++d)
                b.count *= std::max<SpvId>(1, spvc_type_get_array_dimension(t, d));
            // Blocks that alias one binding (the compute rasteriser's bins and set-up records:
            // one buffer seen as uints and as uvec4s) are one descriptor.
            const auto same =
                std::find_if(out.bindings.begin(), out.bindings.end(), [&](const Binding& o) {
                    return o.set == b.set && o.binding == b.binding;
                });
            if (same != out.bindings.end()) {
                if (same->type != b.type || same->count != b.count)
                    fail("set " + std::to_string(b.set) + " binding " + std::to_string(b.binding) +
                         " is declared as two kinds of descriptor");
                continue;
            }
            out.bindings.push_back(b);
        }
    };
    add(SPVC_RESOURCE_TYPE_UNIFORM_BUFFER, VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER,
        VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER);
    add(SPVC_RESOURCE_TYPE_STORAGE_BUFFER, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
        VK_DESCRIPTOR_TYPE_STORAGE_BUFFER);
    add(SPVC_RESOURCE_TYPE_SAMPLED_IMAGE, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER,
        VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER);
    add(SPVC_RESOURCE_TYPE_SEPARATE_IMAGE, VK_DESCRIPTOR_TYPE_SAMPLED_IMAGE,
        VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER);
    add(SPVC_RESOURCE_TYPE_SEPARATE_SAMPLERS, VK_DESCRIPTOR_TYPE_SAMPLER,
        VK_DESCRIPTOR_TYPE_SAMPLER);
    add(SPVC_RESOURCE_TYPE_STORAGE_IMAGE, VK_DESCRIPTOR_TYPE_STORAGE_IMAGE,
        VK_DESCRIPTOR_TYPE_STORAGE_TEXEL_BUFFER);
    const spvc_reflected_resource* push = nullptr;
    std::size_t n = 0;
    spvc_resources_get_resource_list_for_type(resources, SPVC_RESOURCE_TYPE_PUSH_CONSTANT, &push,
                                              &n);
    if (n) {
        std::size_t size = 0;
        spvc_compiler_get_declared_struct_size(
            compiler, spvc_compiler_get_type_handle(compiler, push[0].base_type_id), &size);
        out.push_constant_bytes = static_cast<std::uint32_t>(size);
    }
    spvc_context_destroy(ctx);
    return out;
}

std::string read_file(const char* path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) fail(std::string("cannot read ") + path);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

// One compute shader's pipeline, made and its statistics printed as "FILE: EXECUTABLE: NAME VALUE".
void measure(picavk::vk::Device& gpu, const char* path) {
    const picavk::shadergen::SpirvResult spirv =
        picavk::shadergen::compile_glsl(picavk::shadergen::ShaderStage::Compute, read_file(path));
    if (!spirv.ok()) fail(std::string(path) + " does not compile:\n" + spirv.log);
    const Interface iface = reflect(spirv.code);
    std::map<std::uint32_t, std::vector<VkDescriptorSetLayoutBinding>> sets;
    std::uint32_t last_set = 0;
    for (const Binding& b : iface.bindings) {
        sets[b.set].push_back({b.binding, b.type, b.count, VK_SHADER_STAGE_COMPUTE_BIT, nullptr});
        last_set = std::max(last_set, b.set);
    }
    std::vector<VkDescriptorSetLayout> layouts(iface.bindings.empty() ? 0 : last_set + 1);
    for (std::uint32_t s = 0; s < layouts.size(); ++s) {
        VkDescriptorSetLayoutCreateInfo ci{VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO};
        ci.bindingCount = static_cast<std::uint32_t>(sets[s].size());
        ci.pBindings = sets[s].data();
        check(vkCreateDescriptorSetLayout(gpu.device(), &ci, nullptr, &layouts[s]),
              "vkCreateDescriptorSetLayout");
    }
    VkPushConstantRange push{VK_SHADER_STAGE_COMPUTE_BIT, 0, iface.push_constant_bytes};
    VkPipelineLayoutCreateInfo lci{VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO};
    lci.setLayoutCount = static_cast<std::uint32_t>(layouts.size());
    lci.pSetLayouts = layouts.data();
    lci.pushConstantRangeCount = iface.push_constant_bytes ? 1 : 0;
    lci.pPushConstantRanges = &push;
    VkPipelineLayout layout = VK_NULL_HANDLE;
    check(vkCreatePipelineLayout(gpu.device(), &lci, nullptr, &layout), "vkCreatePipelineLayout");
    VkShaderModuleCreateInfo mci{VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO};
    mci.codeSize = spirv.code.size() * sizeof(std::uint32_t);
    mci.pCode = spirv.code.data();
    VkShaderModule module = VK_NULL_HANDLE;
    check(vkCreateShaderModule(gpu.device(), &mci, nullptr, &module), "vkCreateShaderModule");
    VkComputePipelineCreateInfo pci{VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO};
    pci.flags = gpu.pipeline_create_flags();
    pci.stage = {VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO};
    pci.stage.stage = VK_SHADER_STAGE_COMPUTE_BIT;
    pci.stage.module = module;
    pci.stage.pName = "main";
    pci.layout = layout;
    VkPipeline pipeline = VK_NULL_HANDLE;
    check(vkCreateComputePipelines(gpu.device(), VK_NULL_HANDLE, 1, &pci, nullptr, &pipeline),
          "vkCreateComputePipelines");
    gpu.capture_statistics(pipeline, path);
    vkDestroyPipeline(gpu.device(), pipeline, nullptr);
    vkDestroyShaderModule(gpu.device(), module, nullptr);
    vkDestroyPipelineLayout(gpu.device(), layout, nullptr);
    for (VkDescriptorSetLayout l : layouts)
        vkDestroyDescriptorSetLayout(gpu.device(), l, nullptr);
}

} // namespace

int main(int argc, char** argv) {
    picavk::vk::DeviceOptions options;
    options.pipeline_statistics = true;
    bool list = false;
    std::vector<const char*> files;
    try {
        for (int i = 1; i < argc; ++i) {
            if (!std::strcmp(argv[i], "--device") && i + 1 < argc)
                options.device_index = std::atoi(argv[++i]);
            else if (!std::strcmp(argv[i], "--list-devices"))
                list = true;
            else if (!std::strcmp(argv[i], "--validation"))
                options.validation = true;
            else if (argv[i][0] == '-')
                fail(std::string("unknown option ") + argv[i] +
                     "\nusage: picavk-shader-stats [--device N] [--list-devices] [--validation] "
                     "FILE.comp...");
            else
                files.push_back(argv[i]);
        }
        if (list) {
            const std::vector<picavk::vk::PhysicalDeviceInfo> all = picavk::vk::Device::enumerate();
            for (std::size_t i = 0; i < all.size(); ++i)
                std::printf("%zu: %s\n", i, all[i].name.c_str());
            return 0;
        }
        if (files.empty()) fail("no shader given (picavk-shader-stats FILE.comp...)");
        // Never destroyed: Device's teardown waits for the queue to go idle, and RADV's null
        // device (RADV_FORCE_FAMILY, which has no queue to wait for) crashes there. The process
        // ends right after; the driver's and the loader's memory goes with it.
        picavk::vk::Device& gpu = *new picavk::vk::Device(options);
        std::printf("device: %s\n", gpu.properties().deviceName);
        if (!gpu.pipeline_create_flags())
            fail("the device does not offer VK_KHR_pipeline_executable_properties");
        for (const char* f : files)
            measure(gpu, f);
        for (const picavk::vk::PipelineExecutableStatistics& r : gpu.pipeline_statistics())
            for (const auto& [name, value] : r.values)
                std::printf("%s: %s: %s %s\n", r.pipeline.c_str(), r.executable.c_str(),
                            name.c_str(), value.c_str());
        std::printf("validation messages: %llu\n",
                    static_cast<unsigned long long>(gpu.validation_messages()));
        return gpu.validation_messages() == 0 ? 0 : 1;
    } catch (const std::exception& e) {
        std::fprintf(stderr, "picavk-shader-stats: %s\n", e.what());
        return 1;
    }
}
