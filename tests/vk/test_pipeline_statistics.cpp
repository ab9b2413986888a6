// Session::pipeline_statistics (RendererConfig::pipeline_statistics): where the device offers
// VK_KHR_pipeline_executable_properties - asked of Vulkan here, not of picavk - every pipeline
// the session made is reported with the driver's statistics for each of its stages; where it
// does not (lavapipe 22.3), or with the option off, nothing is. The validation layer checks
// the capture flag's use.
#include "session_config.h"

#include <doctest/doctest.h>
#include <vulkan/vulkan.h>

#include <cstring>
#include <string>
#include <vector>

using namespace picavk;

namespace {

// Whether the device named `name` offers the statistics (the extension and its feature).
bool device_offers_statistics(const std::string& name) {
    VkApplicationInfo app{VK_STRUCTURE_TYPE_APPLICATION_INFO};
    app.apiVersion = VK_API_VERSION_1_3;
    VkInstanceCreateInfo ci{VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO};
    ci.pApplicationInfo = &app;
    VkInstance instance = VK_NULL_HANDLE;
    REQUIRE(vkCreateInstance(&ci, nullptr, &instance) == VK_SUCCESS);
    std::uint32_t n = 0;
    vkEnumeratePhysicalDevices(instance, &n, nullptr);
    std::vector<VkPhysicalDevice> devices(n);
    vkEnumeratePhysicalDevices(instance, &n, devices.data());
    bool offered = false;
    for (VkPhysicalDevice pd : devices) {
        VkPhysicalDeviceProperties p;
        vkGetPhysicalDeviceProperties(pd, &p);
        if (name != p.deviceName) continue;
        std::uint32_t count = 0;
        vkEnumerateDeviceExtensionProperties(pd, nullptr, &count, nullptr);
        std::vector<VkExtensionProperties> exts(count);
        vkEnumerateDeviceExtensionProperties(pd, nullptr, &count, exts.data());
        for (const VkExtensionProperties& e : exts)
            if (!std::strcmp(e.extensionName,
                             VK_KHR_PIPELINE_EXECUTABLE_PROPERTIES_EXTENSION_NAME)) {
                VkPhysicalDevicePipelineExecutablePropertiesFeaturesKHR f{
                    VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PIPELINE_EXECUTABLE_PROPERTIES_FEATURES_KHR};
                VkPhysicalDeviceFeatures2 f2{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2, &f};
                vkGetPhysicalDeviceFeatures2(pd, &f2);
                offered = f.pipelineExecutableInfo == VK_TRUE;
            }
    }
    vkDestroyInstance(instance, nullptr);
    return offered;
}

} // namespace

TEST_CASE("pipeline statistics: every pipeline made is reported where the device offers them, "
          "none where it does not or when off") {
    for (bool on : {false, true}) {
        CAPTURE(on);
        RendererConfig config = test::session_config(1);
        config.pipeline_statistics = on;
        Session s(128u << 20, config);
        for (std::uint32_t f = 0; f < 2; ++f)
            run_demo_frame(s, f);
        const RendererCounters c = s.renderer_counters();
        REQUIRE(c.pipelines_created > 0);
        const std::vector<PipelineStatistics> stats = s.pipeline_statistics();
        if (!on || !device_offers_statistics(s.device_name())) {
            CHECK(stats.empty());
        } else {
            // A stage or more of every pipeline made (the draws' and picavk's own passes'),
            // each with statistics of its own; the draws' among them.
            CHECK(stats.size() >= c.pipelines_created);
            std::size_t draw_stages = 0;
            for (const PipelineStatistics& p : stats) {
                CHECK(!p.executable.empty());
                CHECK(!p.values.empty());
                if (p.pipeline.rfind("pica pipeline ", 0) == 0 ||
                    p.pipeline.rfind("compute raster ", 0) == 0)
                    ++draw_stages;
            }
            CHECK(draw_stages > 0);
        }
        CHECK(c.validation_messages == 0);
    }
}
