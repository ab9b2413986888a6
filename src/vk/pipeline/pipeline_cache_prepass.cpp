#include "vk/pipeline/pipeline_cache.h"

// The compute rasteriser's vertex pre-pass in the pipeline cache (shadergen/vertex_prepass.h):
// the layout of its own resources (set 1), its pipeline layout, and a compute pipeline per
// translated program, with its SPIR-V in the disk cache.

#include "shadergen/spirv_compiler.h"
#include "vk/device/device.h"

#include <cstdio>
#include <optional>

namespace picavk::vk {

void PipelineCache::create_vertex_prepass_objects() {
    constexpr VkShaderStageFlags kCompute = VK_SHADER_STAGE_COMPUTE_BIT;
    const VkDescriptorSetLayoutBinding bindings[2] = {
        {shadergen::kVertexPrepassAttributes, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1, kCompute,
         nullptr},
        {shadergen::kVertexPrepassOutput, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1, kCompute, nullptr},
    };
    create_compute_layout(bindings, sizeof(shadergen::VertexPrepassConstants), "vertex prepass",
                          prepass_set_layout_, prepass_layout_);
}

std::span<const bool> PipelineCache::compute_variants() const {
    static constexpr bool kBoth[2] = {false, true};
    const bool apart = prepass_layout_ && device_.compute_raster_cpu_clip();
    return {kBoth, apart ? 2u : 1u};
}

// Any thread. The lock is not held while the translator and glslang run.
VkPipeline PipelineCache::build_vertex_prepass(const shadergen::VertexPrepassKey& key,
                                               const pica::ShaderProgram* program, bool* made) {
    // (Its claim's id: the pre-pass key's hash, beside the pipeline keys' - a shared id would
    // only make one thread wait.)
    const std::uint64_t id = shadergen::hash(key);
    std::optional<CompileClaims::Claim> claim;
    std::vector<std::uint32_t> spirv;
    bool from_disk = false;
    {
        std::unique_lock lock(mutex_);
        pipeline_claims_.wait(lock, id);
        auto it = prepasses_.find(key);
        if (it != prepasses_.end()) return it->second;
        // The key names the program by its code's hash: its SPIR-V on disk is this program's.
        if (const std::vector<std::uint32_t>* cached = prepass_disk_.find(key)) {
            spirv = *cached;
            from_disk = true;
        } else if (!program) {
            return VK_NULL_HANDLE;
        }
        claim.emplace(pipeline_claims_, mutex_, id);
    }
    std::string failure;
    if (!from_disk) {
        const shadergen::VertexProgramGlsl g = shadergen::generate_vertex_prepass_glsl(
            key, *program, device_.profile().float_nan_preserve);
        // A program the translator refuses is the GPU vertex path's refusal too (refusal());
        // one that translates but does not compile is a generator bug, reported as a compute
        // rasteriser shader that failed.
        if (g.error.empty()) {
            dump_shader("vp_", shadergen::hash(key), ".comp", g.glsl);
            auto cs = shadergen::compile_glsl(shadergen::ShaderStage::Compute, g.glsl);
            if (cs.ok())
                spirv = std::move(cs.code);
            else
                failure = cs.log;
        } else {
            std::lock_guard lock(mutex_);
            refusals_.emplace(key.program, g.error);
        }
    }
    VkPipeline p = VK_NULL_HANDLE;
    if (!spirv.empty()) {
        char name[48];
        std::snprintf(name, sizeof name, "vertex prepass %016llx",
                      static_cast<unsigned long long>(shadergen::hash(key)));
        p = compute_pipeline(spirv, name, prepass_layout_);
    }
    std::lock_guard lock(mutex_);
    auto [it, inserted] = prepasses_.emplace(key, p);
    if (!inserted) { // another thread built it meanwhile (the claim keeps that from happening)
        if (p) {
            vkDestroyPipeline(device_.device(), p, nullptr);
            ++stats_.pipelines_created; // so that a second build shows
            ++(from_disk ? stats_.vertex_prepasses_from_disk : stats_.vertex_prepasses_compiled);
        }
        return it->second;
    }
    if (!failure.empty()) {
        char hash[24];
        std::snprintf(hash, sizeof hash, "%016llx",
                      static_cast<unsigned long long>(shadergen::hash(key)));
        compute_failures_.push_back("vertex pre-pass shader " + std::string(hash) +
                                    " failed to compile: " + failure +
                                    " (its draws' vertices are shaded on the CPU)");
        compute_failed_.store(true, std::memory_order_relaxed);
    }
    if (p) {
        if (made) *made = true;
        ++stats_.pipelines_created;
        pipelines_dirty_ = true;
        if (from_disk) {
            ++stats_.vertex_prepasses_from_disk;
        } else {
            ++stats_.vertex_prepasses_compiled;
            if (!cache_dir_.empty()) prepass_disk_.insert(key, std::move(spirv));
        }
    }
    return p;
}

VkPipeline PipelineCache::get_vertex_prepass(const shadergen::VertexProgramKey& program_key,
                                             const pica::ShaderProgram& program,
                                             pica::VertexFallback& why) {
    if (!prepass_layout_) return VK_NULL_HANDLE;
    const shadergen::VertexPrepassKey key{program_key};
    {
        std::lock_guard lock(mutex_);
        auto it = prepasses_.find(key);
        if (it != prepasses_.end()) {
            if (!it->second) why = pica::VertexFallback::ProgramRefused;
            return it->second;
        }
        // Async mode: built on a compile thread, unless its SPIR-V is on disk (then only the
        // pipeline is made, at once, as for listed keys' shaders).
        if (mode_ == CompileMode::Async && !prepass_disk_.find(key)) {
            if (prepasses_pending_.insert(key).second) {
                Job job{PipelineKey{}, nullptr,
                        std::make_shared<const pica::ShaderProgram>(program)};
                job.prepass = std::make_unique<shadergen::VertexPrepassKey>(key);
                enqueue(std::move(job));
            }
            why = pica::VertexFallback::Compiling;
            return VK_NULL_HANDLE;
        }
    }
    const VkPipeline p = build_vertex_prepass(key, &program);
    if (!p) {
        why = pica::VertexFallback::ProgramRefused;
        if (compute_failed_.load(std::memory_order_relaxed)) report_compute_failures();
    }
    return p;
}

} // namespace picavk::vk
