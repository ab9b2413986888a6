#pragma once

// What the driver made of each pipeline, as VK_KHR_pipeline_executable_properties reports it:
// for every executable (a shader stage as compiled) its statistics by the driver's names. On
// NVIDIA they include the registers an invocation uses, which bound how many warps a core keeps
// in flight (the compute rasteriser's raster pass is latency-bound where few are); Mesa's
// drivers count instructions. Captured only on request (DeviceOptions::pipeline_statistics):
// the capture flag may keep a driver from caching the pipeline.

#include <vulkan/vulkan.h>

#include <mutex>
#include <string>
#include <utility>
#include <vector>

namespace picavk::vk {

struct PipelineExecutableStatistics {
    std::string pipeline;   // picavk's name for the pipeline ("compute raster 0123...")
    std::string executable; // the driver's name for the executable ("Compute Shader")
    std::vector<std::pair<std::string, std::string>> values; // statistic, value as text
};

class PipelineStatisticsLog {
  public:
    // After vkGetDeviceProcAddr finds the extension's two queries on `device`.
    void init(VkDevice device);
    bool available() const { return properties_ != nullptr; }
    // The flag a pipeline's create info takes so that its statistics can be read (0 when off).
    VkPipelineCreateFlags create_flags() const {
        return available() ? VK_PIPELINE_CREATE_CAPTURE_STATISTICS_BIT_KHR : 0;
    }
    // Reads `pipeline`'s statistics and keeps them under `name`; any thread.
    void capture(VkPipeline pipeline, const std::string& name);
    std::vector<PipelineExecutableStatistics> records() const;

  private:
    VkDevice device_ = VK_NULL_HANDLE;
    PFN_vkGetPipelineExecutablePropertiesKHR properties_ = nullptr;
    PFN_vkGetPipelineExecutableStatisticsKHR statistics_ = nullptr;
    mutable std::mutex mutex_;
    std::vector<PipelineExecutableStatistics> records_;
};

} // namespace picavk::vk
