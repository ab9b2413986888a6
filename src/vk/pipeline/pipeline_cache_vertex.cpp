#include "vk/pipeline/pipeline_cache.h"

// The GPU vertex path's part of the pipeline cache: translated programs as vertex shader
// modules, the quaternion flip's geometry stage, the host formats of PICA attributes, and the
// pipelines that combine them with a fragment stage.

#include "shadergen/spirv_compiler.h"
#include "shadergen/ubershader.h"
#include "shadergen/vertex_program.h"
#include "vk/device/device.h"

#include <cstdio>
#include <optional>

namespace picavk::vk {

namespace {

// PICA attribute element types (0 byte, 1 ubyte, 2 short, 3 float) by component count. Bytes
// and shorts are fetched as integers and converted in the shader (exactly as the CPU loader
// converts them), so no normalised or scaled format is needed.
constexpr VkFormat kAttributeFormats[4][4] = {
    {VK_FORMAT_R8_SINT, VK_FORMAT_R8G8_SINT, VK_FORMAT_R8G8B8_SINT, VK_FORMAT_R8G8B8A8_SINT},
    {VK_FORMAT_R8_UINT, VK_FORMAT_R8G8_UINT, VK_FORMAT_R8G8B8_UINT, VK_FORMAT_R8G8B8A8_UINT},
    {VK_FORMAT_R16_SINT, VK_FORMAT_R16G16_SINT, VK_FORMAT_R16G16B16_SINT,
     VK_FORMAT_R16G16B16A16_SINT},
    {VK_FORMAT_R32_SFLOAT, VK_FORMAT_R32G32_SFLOAT, VK_FORMAT_R32G32B32_SFLOAT,
     VK_FORMAT_R32G32B32A32_SFLOAT},
};

} // namespace

std::size_t PipelineCache::VertexPathHash::operator()(const VertexPathKey& k) const {
    return static_cast<std::size_t>(hash(k.pipeline) ^ (hash(k.stage) * 0x9E3779B97F4A7C15ull) ^
                                    (k.ubershader ? 1u : 0u));
}

void PipelineCache::create_vertex_path_objects() {
    for (unsigned type = 0; type < 4; ++type) {
        for (unsigned c = 0; c < 4; ++c) {
            VkFormat f = kAttributeFormats[type][c];
            VkFormatProperties props{};
            vkGetPhysicalDeviceFormatProperties(device_.physical(), f, &props);
            // Three-component 8- and 16-bit formats are optional for vertex buffers: fetch four
            // (the fourth is ignored by the shader; the renderer pads the uploaded data).
            if (!(props.bufferFeatures & VK_FORMAT_FEATURE_VERTEX_BUFFER_BIT))
                f = kAttributeFormats[type][3];
            vertex_formats_[type << 2 | c] = f;
        }
    }
    if (device_.profile().geometry_shader) {
        const auto gs = shadergen::compile_glsl(shadergen::ShaderStage::Geometry,
                                                shadergen::generate_quaternion_flip_glsl());
        if (!gs.ok()) throw std::runtime_error("the quaternion flip failed to compile: " + gs.log);
        geometry_ = module(gs.code, "pica quaternion flip");
    }
}

VkFormat PipelineCache::vertex_format(std::uint8_t attribute_format) const {
    return vertex_formats_[attribute_format & 15];
}

// Any thread. The lock is not held while the translator and glslang run.
VkShaderModule PipelineCache::vertex_program_module(const shadergen::VertexProgramKey& key,
                                                    const pica::ShaderProgram& program) {
    std::vector<std::uint32_t> spirv;
    bool from_disk = false;
    // (Told apart from a fragment shader's hash: a hash both kinds share only makes one wait.)
    const std::uint64_t id = shadergen::hash(key) ^ 0x766572746578ull; // "vertex"
    std::optional<CompileClaims::Claim> claim;
    {
        std::unique_lock lock(mutex_);
        module_claims_.wait(lock, id);
        auto it = programs_.find(key);
        if (it != programs_.end()) return it->second;
        // The key names the program by its code's hash: its SPIR-V on disk is this program's.
        if (const std::vector<std::uint32_t>* cached = vertex_disk_.find(key)) {
            spirv = *cached;
            from_disk = true;
        }
        claim.emplace(module_claims_, mutex_, id);
    }
    std::string refusal;
    if (!from_disk) {
        const shadergen::VertexProgramGlsl g = shadergen::generate_vertex_program_glsl(
            key, program, device_.profile().float_nan_preserve);
        if (g.error.empty()) {
            auto vs = shadergen::compile_glsl(shadergen::ShaderStage::Vertex, g.glsl);
            if (vs.ok())
                spirv = std::move(vs.code);
            else
                refusal = "translation failed to compile: " + vs.log;
        } else {
            refusal = g.error;
        }
    }
    VkShaderModule m = VK_NULL_HANDLE;
    if (!spirv.empty()) {
        char name[48];
        std::snprintf(name, sizeof name, "pica vertex program %016llx",
                      static_cast<unsigned long long>(shadergen::hash(key)));
        m = module(spirv, name);
    }
    std::lock_guard lock(mutex_);
    auto [it, inserted] = programs_.emplace(key, m);
    if (!inserted) { // another thread built it meanwhile (CompileClaims keeps that from happening)
        if (m) vkDestroyShaderModule(device_.device(), m, nullptr);
        if (m && !from_disk) ++stats_.vertex_programs_compiled; // so that a second compile shows
        return it->second;
    }
    if (!m) {
        refusals_.emplace(key, refusal);
    } else if (from_disk) {
        ++stats_.vertex_programs_from_disk;
    } else {
        ++stats_.vertex_programs_compiled;
        if (!cache_dir_.empty()) vertex_disk_.insert(key, std::move(spirv));
    }
    return m;
}

VkPipeline PipelineCache::build_vertex_path(const VertexPathKey& key,
                                            const pica::ShaderProgram& program) {
    const VkShaderModule vertex = vertex_program_module(key.stage.program, program);
    if (!vertex) return VK_NULL_HANDLE;
    const VkShaderModule fragment =
        key.ubershader ? ubershader_ : fragment_module(key.pipeline.fragment);
    VkPipeline p = create(key.pipeline, fragment, &key.stage, vertex);
    std::lock_guard lock(mutex_);
    auto [it, inserted] = vertex_paths_.emplace(key, p);
    if (!inserted) {
        vkDestroyPipeline(device_.device(), p, nullptr);
        return it->second;
    }
    pipelines_dirty_ = true;
    ++stats_.pipelines_created;
    if (!key.ubershader && !listed_set_.count(key.pipeline)) ++stats_.pipelines_unlisted;
    return p;
}

PipelineChoice PipelineCache::get_vertex_path(const PipelineKey& key, const VertexStageKey& stage,
                                              const pica::ShaderProgram& program,
                                              pica::VertexFallback& why) {
    VertexPathKey k{key, stage, false};
    if (mode_ == CompileMode::UbershaderOnly && shadergen::ubershader_covers(key.fragment)) {
        k.ubershader = true;
        k.pipeline.fragment = shadergen::FragmentConfig{}; // read from push constants
    }
    {
        std::lock_guard lock(mutex_);
        meet(key);
        auto it = vertex_paths_.find(k);
        if (it != vertex_paths_.end()) {
            ++stats_.pipeline_hits;
            if (k.ubershader) ++stats_.ubershader_draws;
            return {it->second, k.ubershader};
        }
        auto refused = programs_.find(stage.program);
        if ((refused != programs_.end() && !refused->second) || vertex_paths_failed_.count(k)) {
            why = pica::VertexFallback::ProgramRefused;
            return {};
        }
        if (mode_ == CompileMode::Async) {
            if (vertex_paths_pending_.insert(k).second) {
                enqueue(Job{key, std::make_unique<VertexPathKey>(k),
                            std::make_shared<const pica::ShaderProgram>(program)});
            }
            why = pica::VertexFallback::Compiling;
            return {};
        }
    }
    const VkPipeline p = build_vertex_path(k, program);
    if (!p) {
        why = pica::VertexFallback::ProgramRefused;
        return {};
    }
    if (k.ubershader) {
        std::lock_guard lock(mutex_);
        ++stats_.ubershader_draws;
    }
    return {p, k.ubershader};
}

std::string PipelineCache::refusal(const shadergen::VertexProgramKey& key) const {
    std::lock_guard lock(mutex_);
    auto it = refusals_.find(key);
    return it == refusals_.end() ? std::string() : it->second;
}

} // namespace picavk::vk
