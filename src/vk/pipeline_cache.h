#pragma once

// PipelineKey -> VkPipeline, created once per key and reused; FragmentConfig -> shader module
// (GLSL from shadergen, SPIR-V from glslang). One descriptor-set layout and pipeline layout
// serve every pipeline: a dynamic uniform buffer (FragmentUniforms), three texture units and
// the LUT texel buffer.

#include "pica/diagnostics.h"
#include "shadergen/shader_disk_cache.h"
#include "vk/host_formats.h"
#include "vk/pipeline_key.h"

#include <string>
#include <unordered_map>
#include <vector>

namespace picavk::vk {

class Device;

struct PipelineStats {
    std::uint64_t pipelines_created = 0;
    std::uint64_t pipeline_hits = 0;
    std::uint64_t shaders_compiled = 0;  // GLSL generated and compiled with glslang
    std::uint64_t shaders_from_disk = 0; // SPIR-V found in the disk cache
};

class PipelineCache {
  public:
    // `cache_dir`: where the shader and pipeline caches live (empty: memory only). Files that
    // fail their checks are reported through `diag` and rebuilt.
    PipelineCache(const Device& device, const HostFormats& formats, std::string cache_dir,
                  pica::Diagnostics& diag);
    ~PipelineCache();
    PipelineCache(const PipelineCache&) = delete;
    PipelineCache& operator=(const PipelineCache&) = delete;

    VkPipeline get(const PipelineKey& key);
    VkPipelineLayout layout() const { return layout_; }
    VkDescriptorSetLayout set_layout() const { return set_layout_; }
    const PipelineStats& stats() const { return stats_; }
    // Writes the disk caches now (also done on destruction).
    void save();

  private:
    struct KeyHash {
        std::size_t operator()(const PipelineKey& k) const { return hash(k); }
    };
    struct ConfigHash {
        std::size_t operator()(const shadergen::FragmentConfig& c) const {
            return shadergen::hash(c);
        }
    };
    VkShaderModule module(const std::vector<std::uint32_t>& spirv, const std::string& name);
    VkShaderModule fragment_module(const shadergen::FragmentConfig& c);
    VkPipeline create(const PipelineKey& key);

    const Device& device_;
    HostFormats formats_;
    VkDescriptorSetLayout set_layout_ = VK_NULL_HANDLE;
    VkPipelineLayout layout_ = VK_NULL_HANDLE;
    VkPipelineCache cache_ = VK_NULL_HANDLE;
    VkShaderModule vertex_ = VK_NULL_HANDLE;
    std::unordered_map<shadergen::FragmentConfig, VkShaderModule, ConfigHash> fragments_;
    std::unordered_map<PipelineKey, VkPipeline, KeyHash> pipelines_;
    PipelineStats stats_;
    std::string cache_dir_;
    pica::Diagnostics& diag_;
    shadergen::ShaderDiskCache disk_;
    bool pipelines_dirty_ = false;
};

} // namespace picavk::vk
