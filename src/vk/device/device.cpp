#include "vk/device/device.h"
#include "vk/device/resident_modules.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <span>

namespace picavk::vk {

namespace {

constexpr const char* kValidationLayer = "VK_LAYER_KHRONOS_validation";

bool has_extension(const std::vector<VkExtensionProperties>& list, const char* name) {
    return std::any_of(list.begin(), list.end(), [&](const VkExtensionProperties& e) {
        return std::strcmp(e.extensionName, name) == 0;
    });
}

std::vector<VkExtensionProperties> device_extensions(VkPhysicalDevice pd) {
    std::uint32_t n = 0;
    vkEnumerateDeviceExtensionProperties(pd, nullptr, &n, nullptr);
    std::vector<VkExtensionProperties> v(n);
    vkEnumerateDeviceExtensionProperties(pd, nullptr, &n, v.data());
    v.resize(n);
    return v;
}

std::vector<VkQueueFamilyProperties> queue_families(VkPhysicalDevice pd) {
    std::uint32_t n = 0;
    vkGetPhysicalDeviceQueueFamilyProperties(pd, &n, nullptr);
    std::vector<VkQueueFamilyProperties> q(n);
    vkGetPhysicalDeviceQueueFamilyProperties(pd, &n, q.data());
    q.resize(n);
    return q;
}

int graphics_queue_family(VkPhysicalDevice pd) {
    const std::vector<VkQueueFamilyProperties> q = queue_families(pd);
    for (std::size_t i = 0; i < q.size(); ++i)
        if (q[i].queueFlags & VK_QUEUE_GRAPHICS_BIT) return static_cast<int>(i);
    return -1;
}

// Discrete first, then integrated, virtual, anything else, CPU last.
int type_rank(VkPhysicalDeviceType t) {
    switch (t) {
    case VK_PHYSICAL_DEVICE_TYPE_DISCRETE_GPU:
        return 0;
    case VK_PHYSICAL_DEVICE_TYPE_INTEGRATED_GPU:
        return 1;
    case VK_PHYSICAL_DEVICE_TYPE_VIRTUAL_GPU:
        return 2;
    case VK_PHYSICAL_DEVICE_TYPE_CPU:
        return 4;
    default:
        return 3;
    }
}

VkInstance create_bare_instance(bool validation, bool debug_utils, const void* next,
                                std::span<const char* const> more = {}) {
    VkApplicationInfo app{VK_STRUCTURE_TYPE_APPLICATION_INFO};
    app.pApplicationName = "picavk";
    app.pEngineName = "picavk";
    app.apiVersion = VK_API_VERSION_1_3;
    std::vector<const char*> layers, extensions;
    if (validation) layers.push_back(kValidationLayer);
    if (debug_utils) extensions.push_back(VK_EXT_DEBUG_UTILS_EXTENSION_NAME);
    extensions.insert(extensions.end(), more.begin(), more.end());
    VkInstanceCreateInfo ci{VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO};
    ci.pNext = next;
    ci.pApplicationInfo = &app;
    ci.enabledLayerCount = static_cast<std::uint32_t>(layers.size());
    ci.ppEnabledLayerNames = layers.data();
    ci.enabledExtensionCount = static_cast<std::uint32_t>(extensions.size());
    ci.ppEnabledExtensionNames = extensions.data();
    const std::vector<std::string> before = loaded_modules();
    VkInstance instance = VK_NULL_HANDLE;
    check(vkCreateInstance(&ci, nullptr, &instance), "vkCreateInstance");
    keep_new_modules_resident(before); // the layers and drivers the loader just opened
    return instance;
}

} // namespace

const char* result_name(VkResult r) {
    switch (r) {
    case VK_SUCCESS:
        return "VK_SUCCESS";
    case VK_NOT_READY:
        return "VK_NOT_READY";
    case VK_TIMEOUT:
        return "VK_TIMEOUT";
    case VK_ERROR_OUT_OF_HOST_MEMORY:
        return "VK_ERROR_OUT_OF_HOST_MEMORY";
    case VK_ERROR_OUT_OF_DEVICE_MEMORY:
        return "VK_ERROR_OUT_OF_DEVICE_MEMORY";
    case VK_ERROR_INITIALIZATION_FAILED:
        return "VK_ERROR_INITIALIZATION_FAILED";
    case VK_ERROR_DEVICE_LOST:
        return "VK_ERROR_DEVICE_LOST";
    case VK_ERROR_LAYER_NOT_PRESENT:
        return "VK_ERROR_LAYER_NOT_PRESENT";
    case VK_ERROR_EXTENSION_NOT_PRESENT:
        return "VK_ERROR_EXTENSION_NOT_PRESENT";
    case VK_ERROR_FEATURE_NOT_PRESENT:
        return "VK_ERROR_FEATURE_NOT_PRESENT";
    case VK_ERROR_INCOMPATIBLE_DRIVER:
        return "VK_ERROR_INCOMPATIBLE_DRIVER (no Vulkan driver)";
    case VK_ERROR_FORMAT_NOT_SUPPORTED:
        return "VK_ERROR_FORMAT_NOT_SUPPORTED";
    default:
        return "VkResult error";
    }
}

std::string HostProfile::describe() const {
    char buf[160];
    std::snprintf(buf, sizeof buf, "%04x-%04x-%08x-%c%c%c%c%c%c%c%c%c", vendor_id, device_id,
                  driver_version, logic_op ? 'L' : '-', extended_dynamic_state ? 'D' : '-',
                  custom_border_color ? 'B' : '-', framebuffer_fetch ? 'F' : '-',
                  index_type_uint8 ? '8' : '-',
                  fragment_shader_interlock ? 'I'
                  : ordered_fragments       ? 'O'
                                            : '-',
                  depth_clamp ? 'C' : '-', depth_range_unrestricted ? 'R' : '-',
                  float_nan_preserve ? 'N' : '-');
    return buf;
}

std::vector<PhysicalDeviceInfo> Device::enumerate() {
    VkInstance instance = create_bare_instance(false, false, nullptr);
    std::uint32_t n = 0;
    vkEnumeratePhysicalDevices(instance, &n, nullptr);
    std::vector<VkPhysicalDevice> pds(n);
    vkEnumeratePhysicalDevices(instance, &n, pds.data());
    std::vector<PhysicalDeviceInfo> out;
    for (VkPhysicalDevice pd : pds) {
        VkPhysicalDeviceProperties p;
        vkGetPhysicalDeviceProperties(pd, &p);
        out.push_back({p.deviceName, p.deviceType, p.apiVersion,
                       p.apiVersion >= VK_API_VERSION_1_3 && graphics_queue_family(pd) >= 0});
    }
    vkDestroyInstance(instance, nullptr);
    return out;
}

Device::Device(const DeviceOptions& options) : log_(options.log), options_(options) {
    if (const char* off = std::getenv("PICAVK_DEVICE_DISABLE")) {
        if (std::strstr(off, "custom-border-color")) options_.disable_custom_border_color = true;
        if (std::strstr(off, "logic-op")) options_.disable_logic_op = true;
        if (std::strstr(off, "interlock")) options_.disable_interlock = true;
        if (std::strstr(off, "geometry-shader")) options_.disable_geometry_shader = true;
        if (std::strstr(off, "storage-on-demand")) options_.disable_storage_on_demand = true;
        if (std::strstr(off, "storage-extended-formats"))
            options_.disable_storage_extended_formats = true;
        if (std::strstr(off, "clear-commands")) options_.disable_clear_commands = true;
        if (std::strstr(off, "compute-passes")) options_.disable_compute_passes = true;
        if (std::strstr(off, "compute-raster")) options_.disable_compute_raster = true;
        if (std::strstr(off, "raster-bins")) options_.disable_raster_bins = true;
        if (std::strstr(off, "raster-cpu-clip")) options_.disable_raster_cpu_clip = true;
        if (std::strstr(off, "vertex-prepass")) options_.disable_vertex_prepass = true;
        if (std::strstr(off, "depth-fill-words")) options_.disable_depth_fill_words = true;
        if (std::strstr(off, "raster-early-loads")) options_.disable_raster_early_loads = true;
        if (std::strstr(off, "raster-kept-bounds")) options_.disable_raster_kept_bounds = true;
        if (std::strstr(off, "raster-clipped-tiles")) options_.disable_raster_clipped_tiles = true;
        if (std::strstr(off, "raster-overlap")) options_.disable_raster_overlap = true;
        if (std::strstr(off, "open-passes")) options_.disable_open_passes = true;
        if (std::strstr(off, "raster-hiding")) options_.disable_raster_hiding = true;
        if (std::strstr(off, "idle-submits")) options_.disable_idle_submits = true;
        if (std::strstr(off, "spin-waits")) options_.disable_spin_waits = true;
        if (std::strstr(off, "decode-copy")) options_.disable_decode_copy = true;
        if (std::strstr(off, "raster-clipped-records"))
            options_.disable_raster_clipped_records = true;
        if (std::strstr(off, "raster-lod-free")) options_.disable_raster_lod_free = true;
        if (std::strstr(off, "render-pass-clears")) options_.disable_render_pass_clears = true;
        if (std::strstr(off, "d24s8")) options_.disable_d24s8 = true;
        if (std::strstr(off, "packed16")) options_.disable_packed16 = true;
    }
    if (const char* stats = std::getenv("PICAVK_PIPELINE_STATISTICS"))
        options_.pipeline_statistics = options_.pipeline_statistics || std::strcmp(stats, "0");
    if (const char* upload = std::getenv("PICAVK_UPLOAD_MEMORY")) {
        if (!std::strcmp(upload, "device-local"))
            options_.upload_memory = UploadMemory::DeviceLocal;
        if (!std::strcmp(upload, "host-cached")) options_.upload_memory = UploadMemory::HostCached;
    }
    if (const char* probe = std::getenv("PICAVK_RASTER_PROBE")) {
        // (shadergen::RasterProbe's values.)
        if (!std::strcmp(probe, "fragment-flat")) options_.raster_probe = 1;
        if (!std::strcmp(probe, "coverage")) options_.raster_probe = 2;
        if (!std::strcmp(probe, "empty")) options_.raster_probe = 3;
        if (!std::strcmp(probe, "setup")) options_.raster_probe = 4;
    }
    if (const char* budget = std::getenv("PICAVK_COMPUTE_RASTER_BUDGET"))
        options_.compute_raster_budget = std::strtoull(budget, nullptr, 10);
    if (const char* assume = std::getenv("PICAVK_DEVICE_ASSUME")) {
        if (std::strstr(assume, "ordered-fragments")) options_.assume_ordered_fragments = true;
        if (std::strstr(assume, "few-raster-units")) options_.assume_few_raster_units = true;
        if (std::strstr(assume, "idle-submits")) options_.assume_idle_submits = true;
        if (std::strstr(assume, "spin-waits")) options_.assume_spin_waits = true;
        if (std::strstr(assume, "decode-copy")) options_.assume_decode_copy = true;
    }
    if (!log_)
        log_ = [](const std::string& m) {
            std::fprintf(stderr, "picavk: vulkan: %s\n", m.c_str());
        };
    // What the driver opens while the device is found and made stays loaded too.
    const std::vector<std::string> before = loaded_modules();
    create_instance(options);
    try {
        pick_physical(options.device_index);
        create_device();
        keep_new_modules_resident(before);
    } catch (...) {
        release();
        throw;
    }
}

Device::~Device() {
    release();
}

void Device::release() {
    if (device_) {
        vkDeviceWaitIdle(device_);
        vkDestroyDevice(device_, nullptr);
        device_ = VK_NULL_HANDLE;
    }
    if (messenger_) {
        auto destroy = reinterpret_cast<PFN_vkDestroyDebugUtilsMessengerEXT>(
            vkGetInstanceProcAddr(instance_, "vkDestroyDebugUtilsMessengerEXT"));
        if (destroy) destroy(instance_, messenger_, nullptr);
        messenger_ = VK_NULL_HANDLE;
    }
    if (instance_) {
        vkDestroyInstance(instance_, nullptr);
        instance_ = VK_NULL_HANDLE;
    }
}

VKAPI_ATTR VkBool32 VKAPI_CALL Device::on_message(VkDebugUtilsMessageSeverityFlagBitsEXT severity,
                                                  VkDebugUtilsMessageTypeFlagsEXT types,
                                                  const VkDebugUtilsMessengerCallbackDataEXT* data,
                                                  void* user) {
    auto* self = static_cast<Device*>(user);
    const bool counted = (types & VK_DEBUG_UTILS_MESSAGE_TYPE_VALIDATION_BIT_EXT) ||
                         severity >= VK_DEBUG_UTILS_MESSAGE_SEVERITY_ERROR_BIT_EXT;
    if (counted) ++self->validation_messages_;
    self->log_(std::string(counted ? "validation: " : "") +
               (data && data->pMessage ? data->pMessage : "(no message)"));
    return VK_FALSE;
}

void Device::create_instance(const DeviceOptions& options) {
    std::uint32_t version = 0;
    if (vkEnumerateInstanceVersion(&version) != VK_SUCCESS || version < VK_API_VERSION_1_3)
        throw VulkanError("the Vulkan loader is older than 1.3", VK_ERROR_INCOMPATIBLE_DRIVER);

    std::uint32_t n = 0;
    vkEnumerateInstanceExtensionProperties(nullptr, &n, nullptr);
    std::vector<VkExtensionProperties> exts(n);
    vkEnumerateInstanceExtensionProperties(nullptr, &n, exts.data());
    debug_utils_ = has_extension(exts, VK_EXT_DEBUG_UTILS_EXTENSION_NAME);

    if (options.validation) {
        vkEnumerateInstanceLayerProperties(&n, nullptr);
        std::vector<VkLayerProperties> layers(n);
        vkEnumerateInstanceLayerProperties(&n, layers.data());
        const bool found =
            std::any_of(layers.begin(), layers.end(), [](const VkLayerProperties& l) {
                return std::strcmp(l.layerName, kValidationLayer) == 0;
            });
        if (!found)
            throw VulkanError("validation requested but VK_LAYER_KHRONOS_validation is not "
                              "installed (Debian: vulkan-validationlayers)",
                              VK_ERROR_LAYER_NOT_PRESENT);
        if (!debug_utils_)
            throw VulkanError("validation requested but VK_EXT_debug_utils is missing",
                              VK_ERROR_EXTENSION_NOT_PRESENT);
    }

    VkDebugUtilsMessengerCreateInfoEXT mci{VK_STRUCTURE_TYPE_DEBUG_UTILS_MESSENGER_CREATE_INFO_EXT};
    mci.messageSeverity = VK_DEBUG_UTILS_MESSAGE_SEVERITY_WARNING_BIT_EXT |
                          VK_DEBUG_UTILS_MESSAGE_SEVERITY_ERROR_BIT_EXT;
    // Performance hints are left out: surfaces stay in VK_IMAGE_LAYOUT_GENERAL by design
    // (surface_cache.h), which the layer flags on every copy.
    mci.messageType = VK_DEBUG_UTILS_MESSAGE_TYPE_GENERAL_BIT_EXT |
                      VK_DEBUG_UTILS_MESSAGE_TYPE_VALIDATION_BIT_EXT;
    mci.pfnUserCallback = &Device::on_message;
    mci.pUserData = this;
    // Synchronization validation catches missing barriers, the mistake lavapipe forgives.
    VkValidationFeatureEnableEXT enables[] = {
        VK_VALIDATION_FEATURE_ENABLE_SYNCHRONIZATION_VALIDATION_EXT};
    VkValidationFeaturesEXT features{VK_STRUCTURE_TYPE_VALIDATION_FEATURES_EXT};
    features.enabledValidationFeatureCount = 1;
    features.pEnabledValidationFeatures = enables;
    features.pNext = &mci;
    // Window surfaces: VK_KHR_surface and every platform's surface extension the loader has, so
    // that whatever the embedder's window system (GLFW picks xcb, xlib or wayland) can make a
    // VkSurfaceKHR on this instance.
    std::vector<const char*> wsi;
    if (options.window_system) {
        if (!has_extension(exts, VK_KHR_SURFACE_EXTENSION_NAME))
            throw VulkanError("window presentation needs VK_KHR_surface, which the Vulkan "
                              "loader lacks",
                              VK_ERROR_EXTENSION_NOT_PRESENT);
        wsi.push_back(VK_KHR_SURFACE_EXTENSION_NAME);
        for (const char* platform :
             {"VK_KHR_xcb_surface", "VK_KHR_xlib_surface", "VK_KHR_wayland_surface",
              "VK_KHR_win32_surface", "VK_EXT_metal_surface", "VK_EXT_headless_surface"})
            if (has_extension(exts, platform)) wsi.push_back(platform);
        window_system_ = true;
    }
    instance_ = create_bare_instance(options.validation, debug_utils_,
                                     options.validation ? static_cast<const void*>(&features)
                                     : debug_utils_     ? static_cast<const void*>(&mci)
                                                        : nullptr,
                                     wsi);
    if (debug_utils_) {
        auto create = reinterpret_cast<PFN_vkCreateDebugUtilsMessengerEXT>(
            vkGetInstanceProcAddr(instance_, "vkCreateDebugUtilsMessengerEXT"));
        if (create)
            check(create(instance_, &mci, nullptr, &messenger_), "vkCreateDebugUtilsMessengerEXT");
        set_object_name_ = reinterpret_cast<PFN_vkSetDebugUtilsObjectNameEXT>(
            vkGetInstanceProcAddr(instance_, "vkSetDebugUtilsObjectNameEXT"));
        begin_label_ = reinterpret_cast<PFN_vkCmdBeginDebugUtilsLabelEXT>(
            vkGetInstanceProcAddr(instance_, "vkCmdBeginDebugUtilsLabelEXT"));
        end_label_ = reinterpret_cast<PFN_vkCmdEndDebugUtilsLabelEXT>(
            vkGetInstanceProcAddr(instance_, "vkCmdEndDebugUtilsLabelEXT"));
        const char* wanted = std::getenv("PICAVK_DRAW_LABELS");
        draw_labels_ = options.validation || (wanted && std::strcmp(wanted, "0") != 0);
    }
}

void Device::pick_physical(int index) {
    std::uint32_t n = 0;
    vkEnumeratePhysicalDevices(instance_, &n, nullptr);
    std::vector<VkPhysicalDevice> pds(n);
    vkEnumeratePhysicalDevices(instance_, &n, pds.data());
    if (n == 0)
        throw VulkanError("no Vulkan device found (install mesa-vulkan-drivers for lavapipe)",
                          VK_ERROR_INITIALIZATION_FAILED);
    auto usable = [](VkPhysicalDevice pd) {
        VkPhysicalDeviceProperties p;
        vkGetPhysicalDeviceProperties(pd, &p);
        return p.apiVersion >= VK_API_VERSION_1_3 && graphics_queue_family(pd) >= 0;
    };
    if (index >= 0) {
        if (static_cast<std::uint32_t>(index) >= n)
            throw VulkanError("--device " + std::to_string(index) + " does not exist (" +
                                  std::to_string(n) + " devices)",
                              VK_ERROR_INITIALIZATION_FAILED);
        if (!usable(pds[static_cast<std::uint32_t>(index)]))
            throw VulkanError("device " + std::to_string(index) +
                                  " lacks Vulkan 1.3 or a graphics queue",
                              VK_ERROR_INCOMPATIBLE_DRIVER);
        physical_ = pds[static_cast<std::uint32_t>(index)];
    } else {
        int best = 99;
        for (VkPhysicalDevice pd : pds) {
            if (!usable(pd)) continue;
            VkPhysicalDeviceProperties p;
            vkGetPhysicalDeviceProperties(pd, &p);
            if (type_rank(p.deviceType) < best) {
                best = type_rank(p.deviceType);
                physical_ = pd;
            }
        }
        if (!physical_)
            throw VulkanError("no Vulkan 1.3 device with a graphics queue",
                              VK_ERROR_INCOMPATIBLE_DRIVER);
    }
    vkGetPhysicalDeviceProperties(physical_, &properties_);
    vkGetPhysicalDeviceMemoryProperties(physical_, &memory_);
    name_ = properties_.deviceName;
    queue_family_ = static_cast<std::uint32_t>(graphics_queue_family(physical_));
    timestamp_bits_ = queue_families(physical_)[queue_family_].timestampValidBits;
}

void Device::create_device() {
    const auto exts = device_extensions(physical_);
    VkPhysicalDeviceFeatures2 available{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2};
    VkPhysicalDeviceVulkan13Features f13{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES};
    VkPhysicalDeviceVulkan12Features f12{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES};
    available.pNext = &f13;
    f13.pNext = &f12;
    vkGetPhysicalDeviceFeatures2(physical_, &available);
    if (!f13.dynamicRendering || !f13.synchronization2 || !f12.timelineSemaphore)
        throw VulkanError(name_ + " lacks dynamic rendering, synchronization2 or timeline "
                                  "semaphores",
                          VK_ERROR_FEATURE_NOT_PRESENT);

    profile_.vendor_id = properties_.vendorID;
    profile_.device_id = properties_.deviceID;
    profile_.driver_version = properties_.driverVersion;
    profile_.logic_op = available.features.logicOp && !options_.disable_logic_op;
    profile_.depth_clamp = available.features.depthClamp;
    profile_.geometry_shader =
        available.features.geometryShader && !options_.disable_geometry_shader;
    profile_.extended_dynamic_state = true; // core in 1.3
    // An extension's feature struct, filled when the device has the extension.
    auto query = [&](const char* extension, void* features) {
        if (!has_extension(exts, extension)) return;
        VkPhysicalDeviceFeatures2 f{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2};
        f.pNext = features;
        vkGetPhysicalDeviceFeatures2(physical_, &f);
    };
    VkPhysicalDeviceCustomBorderColorFeaturesEXT border{
        VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_CUSTOM_BORDER_COLOR_FEATURES_EXT};
    query(VK_EXT_CUSTOM_BORDER_COLOR_EXTENSION_NAME, &border);
    profile_.custom_border_color =
        border.customBorderColors && !options_.disable_custom_border_color;
    profile_.framebuffer_fetch =
        has_extension(exts, VK_EXT_RASTERIZATION_ORDER_ATTACHMENT_ACCESS_EXTENSION_NAME);
    profile_.index_type_uint8 = has_extension(exts, VK_EXT_INDEX_TYPE_UINT8_EXTENSION_NAME);
    VkPhysicalDeviceFragmentShaderInterlockFeaturesEXT interlock{
        VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FRAGMENT_SHADER_INTERLOCK_FEATURES_EXT};
    query(VK_EXT_FRAGMENT_SHADER_INTERLOCK_EXTENSION_NAME, &interlock);
    // Shadow-mode writes (docs/research/shadow.md 3) need stores from fragment shaders; ordered
    // pixel interlock keeps them in primitive order where the host has it.
    if (!available.features.fragmentStoresAndAtomics)
        throw VulkanError(name_ + " lacks fragmentStoresAndAtomics", VK_ERROR_FEATURE_NOT_PRESENT);
    profile_.fragment_shader_interlock =
        interlock.fragmentShaderPixelInterlock && !options_.disable_interlock;
    profile_.depth_range_unrestricted =
        has_extension(exts, VK_EXT_DEPTH_RANGE_UNRESTRICTED_EXTENSION_NAME);
    profile_.is_cpu = properties_.deviceType == VK_PHYSICAL_DEVICE_TYPE_CPU;
    profile_.few_raster_units =
        (properties_.vendorID == 0x10DE && (properties_.deviceID & 0xFF00) == 0x2300) ||
        options_.assume_few_raster_units;
    VkPhysicalDeviceVulkan12Properties p12{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_PROPERTIES};
    VkPhysicalDeviceProperties2 props{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2, &p12};
    vkGetPhysicalDeviceProperties2(physical_, &props);
    profile_.float_nan_preserve = p12.shaderSignedZeroInfNanPreserveFloat32;
    if (options_.assume_ordered_fragments && !profile_.fragment_shader_interlock) {
        if (p12.driverID == VK_DRIVER_ID_MESA_LLVMPIPE)
            profile_.ordered_fragments = true;
        else
            log_("ordered fragments are assumed only on llvmpipe; " + name_ +
                 " keeps the compare-and-swap path");
    }

    // Enable only what the renderer uses today; optional extensions are recorded in the
    // profile and switched on by the paths that need them as they land.
    VkPhysicalDeviceFeatures2 enabled{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2};
    VkPhysicalDeviceVulkan13Features e13{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES};
    VkPhysicalDeviceVulkan12Features e12{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES};
    enabled.pNext = &e13;
    e13.pNext = &e12;
    e13.dynamicRendering = VK_TRUE;
    e13.synchronization2 = VK_TRUE;
    // glslang's Vulkan 1.3 target sizes compute workgroups with LocalSizeId, which needs it.
    e13.maintenance4 = f13.maintenance4;
    e12.timelineSemaphore = VK_TRUE;
    enabled.features.logicOp = profile_.logic_op;
    enabled.features.depthClamp = available.features.depthClamp;
    enabled.features.geometryShader = profile_.geometry_shader;
    enabled.features.fragmentStoresAndAtomics = VK_TRUE;
    shader_int64_ = available.features.shaderInt64;
    enabled.features.shaderInt64 = available.features.shaderInt64;
    // r16ui storage views of 16-bit colour targets (the compute rasteriser's).
    storage_extended_formats_ = available.features.shaderStorageImageExtendedFormats &&
                                !options_.disable_storage_extended_formats;
    enabled.features.shaderStorageImageExtendedFormats = storage_extended_formats_;
    std::vector<const char*> enabled_exts;
    VkPhysicalDeviceCustomBorderColorFeaturesEXT enabled_border{
        VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_CUSTOM_BORDER_COLOR_FEATURES_EXT};
    if (profile_.custom_border_color) {
        enabled_exts.push_back(VK_EXT_CUSTOM_BORDER_COLOR_EXTENSION_NAME);
        enabled_border.customBorderColors = VK_TRUE;
        e12.pNext = &enabled_border;
    }
    VkPhysicalDeviceFragmentShaderInterlockFeaturesEXT enabled_interlock{
        VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FRAGMENT_SHADER_INTERLOCK_FEATURES_EXT};
    if (profile_.fragment_shader_interlock) {
        enabled_exts.push_back(VK_EXT_FRAGMENT_SHADER_INTERLOCK_EXTENSION_NAME);
        enabled_interlock.fragmentShaderPixelInterlock = VK_TRUE;
        enabled_interlock.pNext = e12.pNext;
        e12.pNext = &enabled_interlock;
    }

    // What the driver made of each pipeline, on request (pipeline_statistics.h).
    VkPhysicalDevicePipelineExecutablePropertiesFeaturesKHR enabled_executables{
        VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PIPELINE_EXECUTABLE_PROPERTIES_FEATURES_KHR};
    bool executables = false;
    if (options_.pipeline_statistics) {
        query(VK_KHR_PIPELINE_EXECUTABLE_PROPERTIES_EXTENSION_NAME, &enabled_executables);
        executables = enabled_executables.pipelineExecutableInfo;
    }
    if (executables) {
        enabled_exts.push_back(VK_KHR_PIPELINE_EXECUTABLE_PROPERTIES_EXTENSION_NAME);
        enabled_executables.pNext = e12.pNext;
        e12.pNext = &enabled_executables;
    }

    // Presenting to an embedder's window surface (swapchain.h).
    if (window_system_ && has_extension(exts, VK_KHR_SWAPCHAIN_EXTENSION_NAME)) {
        enabled_exts.push_back(VK_KHR_SWAPCHAIN_EXTENSION_NAME);
        swapchain_ = true;
    }

    const float priority = 1.0f;
    VkDeviceQueueCreateInfo qci{VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO};
    qci.queueFamilyIndex = queue_family_;
    qci.queueCount = 1;
    qci.pQueuePriorities = &priority;
    VkDeviceCreateInfo dci{VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO};
    dci.pNext = &enabled;
    dci.queueCreateInfoCount = 1;
    dci.pQueueCreateInfos = &qci;
    dci.enabledExtensionCount = static_cast<std::uint32_t>(enabled_exts.size());
    dci.ppEnabledExtensionNames = enabled_exts.data();
    check(vkCreateDevice(physical_, &dci, nullptr, &device_), "vkCreateDevice");
    vkGetDeviceQueue(device_, queue_family_, 0, &queue_);
    if (executables) statistics_.init(device_);
    name(device_, VK_OBJECT_TYPE_DEVICE, "picavk device (" + name_ + ")");
    name(queue_, VK_OBJECT_TYPE_QUEUE, "picavk graphics queue");
}

void Device::set_name(VkObjectType type, std::uint64_t handle, const char* n) const {
    if (!set_object_name_ || !device_) return;
    VkDebugUtilsObjectNameInfoEXT info{VK_STRUCTURE_TYPE_DEBUG_UTILS_OBJECT_NAME_INFO_EXT};
    info.objectType = type;
    info.objectHandle = handle;
    info.pObjectName = n;
    set_object_name_(device_, &info);
}

void Device::begin_label(VkCommandBuffer cmd, const char* label) const {
    if (!begin_label_) return;
    VkDebugUtilsLabelEXT l{VK_STRUCTURE_TYPE_DEBUG_UTILS_LABEL_EXT};
    l.pLabelName = label;
    begin_label_(cmd, &l);
}

void Device::end_label(VkCommandBuffer cmd) const {
    if (end_label_) end_label_(cmd);
}

bool Device::format_supports(VkFormat format, VkFormatFeatureFlags2 features) const {
    if (options_.disable_d24s8 && format == VK_FORMAT_D24_UNORM_S8_UINT) return false;
    if (options_.disable_packed16 &&
        (format == VK_FORMAT_R5G6B5_UNORM_PACK16 || format == VK_FORMAT_R5G5B5A1_UNORM_PACK16 ||
         format == VK_FORMAT_R4G4B4A4_UNORM_PACK16))
        return false;
    VkFormatProperties3 p3{VK_STRUCTURE_TYPE_FORMAT_PROPERTIES_3};
    VkFormatProperties2 p{VK_STRUCTURE_TYPE_FORMAT_PROPERTIES_2};
    p.pNext = &p3;
    vkGetPhysicalDeviceFormatProperties2(physical_, format, &p);
    return (p3.optimalTilingFeatures & features) == features;
}

} // namespace picavk::vk
