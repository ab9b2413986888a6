#pragma once

// What the host device offers beyond Vulkan 1.3 core, as plain values (no handles): the
// pipeline and shader caches are named by it, and the state mapper picks native paths or
// shader emulation from it (DESIGN.md "Keys").

#include <cstdint>
#include <string>

namespace picavk::vk {

struct HostProfile {
    std::uint32_t vendor_id = 0;
    std::uint32_t device_id = 0;
    std::uint32_t driver_version = 0;
    bool logic_op = false;                  // VkPhysicalDeviceFeatures::logicOp
    bool extended_dynamic_state = false;    // core 1.3 (cull mode, depth state as dynamic)
    bool custom_border_color = false;       // VK_EXT_custom_border_color
    bool framebuffer_fetch = false;         // VK_EXT_rasterization_order_attachment_access
    bool index_type_uint8 = false;          // VK_EXT_index_type_uint8
    bool fragment_shader_interlock = false; // VK_EXT_fragment_shader_interlock
    // The driver runs the fragments of one pixel one after another in primitive order, so the
    // interlock's load-and-store code is exact without the interlock. True of llvmpipe by its
    // construction: each 64x64 tile's commands run on one thread, in submission order (its GL
    // blending relies on it). Only set on request (DeviceOptions::assume_ordered_fragments), so
    // the tests run the interlock path on lavapipe; nothing in Vulkan promises it.
    bool ordered_fragments = false;
    bool depth_clamp = false;
    bool depth_range_unrestricted = false; // VK_EXT_depth_range_unrestricted
    bool geometry_shader = false;          // VkPhysicalDeviceFeatures::geometryShader
    bool is_cpu = false;                   // lavapipe, SwiftShader: tests know timings differ
    // Few of the device's cores are behind rasterisers and ROPs, so a pass that only moves
    // pixels runs at their pixel rate, far below memory speed, unless it runs as a compute
    // shader (Device::compute_passes). NVIDIA's GH100 parts (H100, H200, H800, H20, GH200: PCI
    // device IDs 0x23xx): "only two TPCs in both the SXM5 and PCIe H100 GPUs are
    // graphics-capable" (NVIDIA H100 Tensor Core GPU Architecture whitepaper, 2022). Measured on
    // an H200: clears, blits and full-screen fragment passes all ran at 13-14 Gpixel/s, about 7
    // pixels a clock (50-110 GB/s on a 4.8 TB/s card). PICAVK_DEVICE_ASSUME=few-raster-units
    // sets it on any device, for the tests. Not part of describe(): no shader depends on it.
    bool few_raster_units = false;
    // VkPhysicalDeviceVulkan12Properties::shaderSignedZeroInfNanPreserveFloat32: shaders can ask
    // that inf, NaN and -0 survive optimisation (the PICA program translation needs it exact).
    bool float_nan_preserve = false;

    // A stable text naming the profile (cache file names, logs).
    std::string describe() const;
};

} // namespace picavk::vk
