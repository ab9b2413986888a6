#include "vk/pipeline/pipeline_cache.h"

// The compute rasteriser's part of the pipeline cache (shadergen/compute_raster.h): the layout
// of its own resources (set 1), its pipeline layout, and a compute pipeline per key.

#include "pica/texture/framebuffer_formats.h"
#include "shadergen/compute_raster.h"
#include "shadergen/spirv_compiler.h"
#include "vk/device/device.h"

#include <cstdio>
#include <optional>
#include <stdexcept>

namespace picavk::vk {

namespace {

shadergen::ColorOutput color_output(const PipelineKey& k, const HostFormats& formats) {
    shadergen::ColorOutput o;
    // A 16-bit target in its 16-bit twin is written as one; any other as RGBA8 words.
    if (k.color_format < 5 && host_bytes_per_pixel(formats.color[k.color_format]) == 2)
        o.target = k.color_format;
    o.blend_enable = k.blend_enable;
    o.eq_rgb = k.blend_eq_rgb;
    o.eq_alpha = k.blend_eq_alpha;
    o.src_rgb = k.src_rgb;
    o.dst_rgb = k.dst_rgb;
    o.src_alpha = k.src_alpha;
    o.dst_alpha = k.dst_alpha;
    o.write_mask = k.write_mask;
    o.logic_op = k.logic_op_enable ? k.logic_op : 3;
    return o;
}

} // namespace

void PipelineCache::create_compute_raster_objects() {
    constexpr VkShaderStageFlags kCompute = VK_SHADER_STAGE_COMPUTE_BIT;
    const VkDescriptorSetLayoutBinding bindings[5] = {
        {shadergen::kComputeRasterVertices, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1, kCompute,
         nullptr},
        {shadergen::kComputeRasterIndices, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1, kCompute, nullptr},
        {shadergen::kComputeRasterColor, VK_DESCRIPTOR_TYPE_STORAGE_IMAGE, 1, kCompute, nullptr},
        {shadergen::kComputeRasterDepth, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1, kCompute, nullptr},
        {shadergen::kComputeRasterBins, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1, kCompute, nullptr},
    };
    create_compute_layout(bindings, sizeof(shadergen::ComputeRasterConstants), "compute raster",
                          compute_set_layout_, compute_layout_);
}

void PipelineCache::create_compute_layout(std::span<const VkDescriptorSetLayoutBinding> bindings,
                                          std::uint32_t push_bytes, const std::string& name,
                                          VkDescriptorSetLayout& set_layout,
                                          VkPipelineLayout& layout) {
    VkDescriptorSetLayoutCreateInfo dl{VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO};
    dl.bindingCount = static_cast<std::uint32_t>(bindings.size());
    dl.pBindings = bindings.data();
    check(vkCreateDescriptorSetLayout(device_.device(), &dl, nullptr, &set_layout),
          "vkCreateDescriptorSetLayout");
    device_.name(set_layout, VK_OBJECT_TYPE_DESCRIPTOR_SET_LAYOUT, name + " descriptor set layout");
    const VkDescriptorSetLayout sets[2] = {set_layout_, set_layout};
    const VkPushConstantRange push{VK_SHADER_STAGE_COMPUTE_BIT, 0, push_bytes};
    VkPipelineLayoutCreateInfo pl{VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO};
    pl.setLayoutCount = 2;
    pl.pSetLayouts = sets;
    pl.pushConstantRangeCount = 1;
    pl.pPushConstantRanges = &push;
    check(vkCreatePipelineLayout(device_.device(), &pl, nullptr, &layout),
          "vkCreatePipelineLayout");
    device_.name(layout, VK_OBJECT_TYPE_PIPELINE_LAYOUT, name + " pipeline layout");
}

VkPipeline PipelineCache::compute_bin_pipeline() {
    if (compute_bin_ || !compute_layout_) return compute_bin_;
    const auto cs = shadergen::compile_glsl(
        shadergen::ShaderStage::Compute,
        shadergen::generate_compute_bin_glsl(!device_.options().disable_raster_kept_bounds,
                                             !device_.options().disable_raster_clipped_records));
    if (!cs.ok())
        throw std::runtime_error("the compute rasteriser's binning shader failed to compile: " +
                                 cs.log);
    compute_bin_ = compute_pipeline(cs.code, "compute raster binning");
    return compute_bin_;
}

VkPipeline PipelineCache::compute_pipeline(const std::vector<std::uint32_t>& spirv,
                                           const std::string& name, VkPipelineLayout layout) {
    const VkShaderModule m = module(spirv, name);
    VkComputePipelineCreateInfo ci{VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO};
    ci.stage = {VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO};
    ci.stage.stage = VK_SHADER_STAGE_COMPUTE_BIT;
    ci.stage.module = m;
    ci.stage.pName = "main";
    ci.layout = layout ? layout : compute_layout_;
    ci.flags = device_.pipeline_create_flags();
    VkPipeline p = VK_NULL_HANDLE;
    const VkResult r = vkCreateComputePipelines(device_.device(), cache_, 1, &ci, nullptr, &p);
    vkDestroyShaderModule(device_.device(), m, nullptr);
    check(r, "vkCreateComputePipelines");
    device_.name(p, VK_OBJECT_TYPE_PIPELINE, name);
    device_.capture_statistics(p, name);
    return p;
}

shadergen::ComputeRasterKey PipelineCache::compute_raster_key(const PipelineKey& key,
                                                              bool uncut) const {
    shadergen::ComputeRasterKey k;
    k.fragment = key.fragment;
    k.output = color_output(key, formats_);
    // Where the CPU does not cut triangles first (Device::compute_raster_cpu_clip), or did not
    // shade them (the vertex pre-pass).
    k.uncut = uncut || !device_.compute_raster_cpu_clip() ? 1 : 0;
    k.late_loads = device_.options().disable_raster_early_loads ? 1 : 0;
    k.probe = device_.options().raster_probe;
    k.no_clipped_tile_test = device_.options().disable_raster_clipped_tiles ? 1 : 0;
    k.no_clipped_records = device_.options().disable_raster_clipped_records ? 1 : 0;
    k.no_hiding = device_.options().disable_raster_hiding ? 1 : 0;
    return k;
}

std::vector<std::uint32_t>
PipelineCache::compile_compute_raster(const shadergen::ComputeRasterKey& key,
                                      std::string& failure) {
    try {
        const std::string glsl = shadergen::generate_compute_raster_glsl(key);
        dump_shader("cr_", shadergen::hash(key), ".comp", glsl);
        auto cs = shadergen::compile_glsl(shadergen::ShaderStage::Compute, glsl);
        if (cs.ok()) return std::move(cs.code);
        failure = "the compute rasteriser's shader failed to compile: " + cs.log;
    } catch (const std::exception& e) {
        failure = std::string("generating the compute rasteriser's shader failed: ") + e.what();
    }
    return {};
}

bool PipelineCache::compute_raster_candidate(const PipelineKey& key) const {
    // Targets in RGBA8 host images (RGBA8, RGB8 - its write mask keeps alpha -, and 16-bit
    // formats a device cannot render to), and 16-bit ones in their 16-bit twins where the device
    // has r16ui storage images (a game's RGB5A1 or RGB565 buffers).
    // Any target where the draw writes no colour (write mask 0: a depth pre-pass, a stencil
    // mask, a draw with no colour buffer at all - colour format 0xFF): its fragments still test
    // and write depth and stencil, and the target is neither read nor written.
    bool format = key.write_mask == 0;
    if (!format && key.color_format < 5) {
        const VkFormat host = formats_.color[key.color_format];
        format = host == VK_FORMAT_R8G8B8A8_UNORM ||
                 (host_bytes_per_pixel(host) == 2 && formats_.color16_storage);
    }
    return compute_layout_ && format && shadergen::compute_raster_covers(key.fragment);
}

bool PipelineCache::compute_raster_writes_color(const PipelineKey& key) const {
    return shadergen::compute_raster_writes_color(color_output(key, formats_));
}

// Any thread. Stores the pipeline (null when the shader fails, so it is not tried again); a
// failure is kept for the draw thread to report: a generated shader that does not compile is a
// bug, and its draws take the graphics pipeline meanwhile. A thread finding it being built waits
// for it; one finding it built (or failed) returns that.
VkPipeline PipelineCache::build_compute_raster(const PipelineKey& key, bool uncut, bool* made) {
    const shadergen::ComputeRasterKey ck = compute_raster_key(key, uncut);
    const std::uint64_t id = hash(key) + 1 + uncut; // (the graphics pipeline's is hash(key))
    std::optional<CompileClaims::Claim> claim;
    std::vector<std::uint32_t> spirv;
    bool from_disk = false;
    {
        std::unique_lock lock(mutex_);
        pipeline_claims_.wait(lock, id);
        if (const auto it = compute_pipelines_[uncut].find(key);
            it != compute_pipelines_[uncut].end())
            return it->second;
        claim.emplace(pipeline_claims_, mutex_, id);
        if (const std::vector<std::uint32_t>* cached = compute_disk_.find(ck)) {
            spirv = *cached;
            from_disk = true;
        }
    }
    std::string failure;
    if (!from_disk) spirv = compile_compute_raster(ck, failure);
    VkPipeline p = VK_NULL_HANDLE;
    if (failure.empty()) { // (a Vulkan error - a lost device, no memory - is thrown on)
        char name[48];
        std::snprintf(name, sizeof name, "compute raster %016llx",
                      static_cast<unsigned long long>(shadergen::hash(ck)));
        p = compute_pipeline(spirv, name);
    }
    std::lock_guard lock(mutex_);
    auto [it, inserted] = compute_pipelines_[uncut].emplace(key, p);
    if (!inserted) { // built twice (the claim keeps that from happening): keep the first
        if (p) {
            vkDestroyPipeline(device_.device(), p, nullptr);
            ++stats_.pipelines_created; // so that a second build shows
            ++(from_disk ? stats_.compute_raster_from_disk : stats_.compute_raster_compiled);
        }
        return it->second;
    }
    if (!failure.empty()) {
        char hash[24];
        std::snprintf(hash, sizeof hash, "%016llx",
                      static_cast<unsigned long long>(shadergen::hash(ck)));
        compute_failures_.push_back("compute rasteriser shader " + std::string(hash) + ": " +
                                    failure + " (its draws take the graphics pipeline)");
        compute_failed_.store(true, std::memory_order_relaxed);
        return p;
    }
    if (made) *made = true;
    // A pipeline like any other (pipelines_created), and counted apart too.
    ++stats_.pipelines_created;
    ++stats_.compute_raster_pipelines;
    pipelines_dirty_ = true;
    if (from_disk) {
        ++stats_.compute_raster_from_disk;
    } else {
        ++stats_.compute_raster_compiled;
        if (!cache_dir_.empty()) compute_disk_.insert(ck, std::move(spirv));
    }
    return p;
}

VkPipeline PipelineCache::get_compute_raster(const PipelineKey& key, bool uncut) {
    if (!compute_layout_ || mode_ == CompileMode::UbershaderOnly ||
        !shadergen::compute_raster_covers(key.fragment))
        return VK_NULL_HANDLE;
    if (!device_.compute_raster_cpu_clip()) uncut = false; // every shader is uncut already
    LastHit& last = last_compute_[uncut];
    // A shader a compile thread could not build is reported at the next draw, whatever it draws.
    if (compute_failed_.load(std::memory_order_relaxed)) report_compute_failures();
    // As get(): the last pipeline found answers a draw with its predecessor's state.
    if (last.pipeline && last.key == key) {
        last_hits_.store(last_hits_.load(std::memory_order_relaxed) + 1, std::memory_order_relaxed);
        return last.pipeline;
    }
    {
        std::lock_guard lock(mutex_);
        meet(key); // the key list names the keys compute draws use too
        auto it = compute_pipelines_[uncut].find(key);
        if (it != compute_pipelines_[uncut].end()) {
            if (it->second) {
                ++stats_.pipeline_hits;
                last = {key, it->second};
            }
            return it->second;
        }
        // Async mode: a key listed with its SPIR-V on disk is built at once (as get() does): the
        // shader is not compiled, and the device's pipeline cache holds the pipeline.
        const bool listed =
            listed_set_.count(key) && compute_disk_.find(compute_raster_key(key, uncut));
        if (mode_ == CompileMode::Async && !listed) {
            if (compute_pending_[uncut].insert(key).second) {
                Job job{key, nullptr, nullptr};
                job.compute_raster = true;
                job.uncut = uncut;
                enqueue(std::move(job));
            }
            return VK_NULL_HANDLE;
        }
    }
    const VkPipeline p = build_compute_raster(key, uncut);
    if (p)
        last = {key, p};
    else
        report_compute_failures(); // at once, not at the next draw
    return p;
}

// The draw thread's (Diagnostics is not shared with the compile threads).
void PipelineCache::report_compute_failures() {
    std::vector<std::string> failures;
    {
        std::lock_guard lock(mutex_);
        failures.swap(compute_failures_);
        compute_failed_.store(false, std::memory_order_relaxed);
    }
    for (const std::string& f : failures)
        diag_.warn(pica::Warning::ShaderFailed, f);
}

} // namespace picavk::vk
