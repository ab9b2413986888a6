#include "vk/device/pipeline_statistics.h"

#include <cinttypes>
#include <cstdio>

namespace picavk::vk {

void PipelineStatisticsLog::init(VkDevice device) {
    device_ = device;
    properties_ = reinterpret_cast<PFN_vkGetPipelineExecutablePropertiesKHR>(
        vkGetDeviceProcAddr(device, "vkGetPipelineExecutablePropertiesKHR"));
    statistics_ = reinterpret_cast<PFN_vkGetPipelineExecutableStatisticsKHR>(
        vkGetDeviceProcAddr(device, "vkGetPipelineExecutableStatisticsKHR"));
    if (!statistics_) properties_ = nullptr;
}

namespace {

std::string value_text(const VkPipelineExecutableStatisticKHR& s) {
    char text[48];
    switch (s.format) {
    case VK_PIPELINE_EXECUTABLE_STATISTIC_FORMAT_BOOL32_KHR:
        return s.value.b32 ? "true" : "false";
    case VK_PIPELINE_EXECUTABLE_STATISTIC_FORMAT_INT64_KHR:
        std::snprintf(text, sizeof text, "%" PRId64, s.value.i64);
        return text;
    case VK_PIPELINE_EXECUTABLE_STATISTIC_FORMAT_UINT64_KHR:
        std::snprintf(text, sizeof text, "%" PRIu64, s.value.u64);
        return text;
    case VK_PIPELINE_EXECUTABLE_STATISTIC_FORMAT_FLOAT64_KHR:
        std::snprintf(text, sizeof text, "%g", s.value.f64);
        return text;
    default:
        return "?";
    }
}

} // namespace

void PipelineStatisticsLog::capture(VkPipeline pipeline, const std::string& name) {
    if (!available() || !pipeline) return;
    VkPipelineInfoKHR info{VK_STRUCTURE_TYPE_PIPELINE_INFO_KHR};
    info.pipeline = pipeline;
    std::uint32_t count = 0;
    if (properties_(device_, &info, &count, nullptr) != VK_SUCCESS) return;
    std::vector<VkPipelineExecutablePropertiesKHR> executables(
        count, {VK_STRUCTURE_TYPE_PIPELINE_EXECUTABLE_PROPERTIES_KHR});
    if (properties_(device_, &info, &count, executables.data()) < VK_SUCCESS) return;
    executables.resize(count);
    std::vector<PipelineExecutableStatistics> found;
    for (std::uint32_t i = 0; i < count; ++i) {
        VkPipelineExecutableInfoKHR ei{VK_STRUCTURE_TYPE_PIPELINE_EXECUTABLE_INFO_KHR};
        ei.pipeline = pipeline;
        ei.executableIndex = i;
        std::uint32_t n = 0;
        if (statistics_(device_, &ei, &n, nullptr) != VK_SUCCESS) continue;
        std::vector<VkPipelineExecutableStatisticKHR> stats(
            n, {VK_STRUCTURE_TYPE_PIPELINE_EXECUTABLE_STATISTIC_KHR});
        if (statistics_(device_, &ei, &n, stats.data()) < VK_SUCCESS) continue;
        stats.resize(n);
        PipelineExecutableStatistics r;
        r.pipeline = name;
        r.executable = executables[i].name;
        for (const VkPipelineExecutableStatisticKHR& s : stats)
            r.values.emplace_back(s.name, value_text(s));
        found.push_back(std::move(r));
    }
    std::lock_guard lock(mutex_);
    for (PipelineExecutableStatistics& r : found)
        records_.push_back(std::move(r));
}

std::vector<PipelineExecutableStatistics> PipelineStatisticsLog::records() const {
    std::lock_guard lock(mutex_);
    return records_;
}

} // namespace picavk::vk
