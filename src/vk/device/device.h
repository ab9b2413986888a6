#pragma once

// The Vulkan instance and device picavk renders with: device selection (discrete first, any
// device including lavapipe as fallback, or the one --device names), Vulkan 1.3 core features
// (dynamic rendering, synchronization2, timeline semaphores), the optional features recorded in
// a HostProfile, the validation layer with a message counter, and debug names and labels.

#include "vk/device/host_profile.h"
#include "vk/device/memory_allocator.h"
#include "vk/device/pipeline_statistics.h"
#include "vk/device/vk_check.h"

#include <atomic>
#include <functional>
#include <string>
#include <vector>

namespace picavk::vk {

struct DeviceOptions {
    int device_index = -1;   // -1: choose; otherwise the index into the enumerated devices
    bool validation = false; // load VK_LAYER_KHRONOS_validation (fails if it is missing)
    // Optional features to leave off even where the device has them, so tests can run the
    // fallback paths on any device (also PICAVK_DEVICE_DISABLE=custom-border-color,...).
    bool disable_custom_border_color = false;
    bool disable_logic_op = false;  // PICAVK_DEVICE_DISABLE=logic-op
    bool disable_interlock = false; // PICAVK_DEVICE_DISABLE=interlock (shadow writes: CAS)
    // PICAVK_DEVICE_ASSUME=ordered-fragments: on llvmpipe only (the driver that guarantees it),
    // run the interlock path's code without the interlock, so tests reach that path on lavapipe
    // (HostProfile::ordered_fragments).
    bool assume_ordered_fragments = false;
    // PICAVK_DEVICE_DISABLE=geometry-shader (lit draws of the GPU vertex path: the CPU)
    bool disable_geometry_shader = false;
    // The earlier ways of two GPU paths, to measure on a device what each change gained:
    // PICAVK_DEVICE_DISABLE=storage-on-demand makes every colour target that can have storage
    // (SurfaceCache::storage_format: RGBA8, and 16-bit where r16ui storage is) storage-capable
    // (mutable format, an r32ui or r16ui view) when it is created, not when a shadow, gas or
    // compute-rasteriser pass first writes it (storage usage can turn off a GPU's colour
    // compression);
    // PICAVK_DEVICE_DISABLE=clear-commands clears a wholly filled surface with a render pass,
    // not with vkCmdClearColorImage / vkCmdClearDepthStencilImage.
    bool disable_storage_on_demand = false;
    bool disable_clear_commands = false;
    // PICAVK_DEVICE_DISABLE=storage-extended-formats: no r16ui storage views, so 16-bit colour
    // targets stay with the graphics pipeline where the compute rasteriser draws (as on a
    // device without shaderStorageImageExtendedFormats).
    bool disable_storage_extended_formats = false;
    // PICAVK_DEVICE_DISABLE=render-pass-clears: a memory fill of a whole render target is
    // cleared at once, not by the render pass that next targets it (Surface::pending_clear).
    bool disable_render_pass_clears = false;
    // PICAVK_DEVICE_ASSUME=few-raster-units: HostProfile::few_raster_units on any device (the
    // tests run the compute passes on lavapipe with it); PICAVK_DEVICE_DISABLE=compute-passes:
    // the raster passes even where the device has few raster units (to measure the change).
    bool assume_few_raster_units = false;
    // PICAVK_DEVICE_ASSUME=idle-submits: Device::idle_submits on a CPU device too (the tests).
    bool assume_idle_submits = false;
    // PICAVK_DEVICE_ASSUME=spin-waits: Device::spin_waits on a CPU device too (the tests).
    bool assume_spin_waits = false;
    // PICAVK_DEVICE_ASSUME=decode-copy: Device::decode_copy on a CPU device too (the tests);
    // PICAVK_DEVICE_DISABLE=decode-copy: the GPU decode reads its guest bytes where they were
    // staged, as before (to measure it).
    bool assume_decode_copy = false;
    bool disable_decode_copy = false;
    bool disable_compute_passes = false;
    // PICAVK_DEVICE_DISABLE=compute-raster: draws the compute rasteriser could take go through
    // the graphics pipeline even where raster units are few (Device::compute_raster).
    bool disable_compute_raster = false;
    // PICAVK_DEVICE_DISABLE=raster-bins: the compute rasteriser sets up every triangle of a
    // draw in every tile, as it did before binning (Device::compute_raster_bins; to measure).
    bool disable_raster_bins = false;
    // PICAVK_DEVICE_DISABLE=raster-cpu-clip: triangles of CPU-shaded draws that reach behind
    // the eye or past the guard band go to the compute rasteriser uncut, which rasterises them
    // in homogeneous coordinates, as it will those of GPU-shaded vertices (to test that way).
    bool disable_raster_cpu_clip = false;
    // PICAVK_DEVICE_DISABLE=vertex-prepass: the compute rasteriser's draws have their vertices
    // shaded on the CPU, as before its vertex pre-pass (Device::compute_raster_prepass; to
    // measure the change).
    bool disable_vertex_prepass = false;
    // PICAVK_DEVICE_DISABLE=depth-fill-words: a whole fill of a depth buffer that the compute
    // rasteriser holds in words clears the image as well as the words (SurfaceCache::
    // fills_depth_words_alone; the earlier way, to measure the change), and a whole fill of one
    // without words clears its image at once, not at its next use (defers_depth_fill).
    bool disable_depth_fill_words = false;
    // PICAVK_DEVICE_DISABLE=raster-early-loads: each pixel of the compute rasteriser reads its
    // colour, depth and stencil at its first fragment, as before they were read ahead of the
    // set-up (shadergen::ComputeRasterKey::late_loads; to measure the change).
    bool disable_raster_early_loads = false;
    // PICAVK_DEVICE_DISABLE=raster-kept-bounds: the compute rasteriser's binning pass marks
    // every bin for a triangle reaching behind the eye, as before it marked the bins of the part
    // the depth range keeps (shadergen::generate_compute_bin_glsl; to measure the change).
    bool disable_raster_kept_bounds = false;
    // PICAVK_DEVICE_DISABLE=raster-clipped-tiles: the compute rasteriser's tiles take every
    // triangle reaching behind the eye that their bins mark, as before its edges were tested
    // against the tile (shadergen::ComputeRasterKey::no_clipped_tile_test; to measure).
    bool disable_raster_clipped_tiles = false;
    // PICAVK_DEVICE_DISABLE=raster-clipped-records: each of the compute rasteriser's tiles sets
    // up a triangle reaching behind the eye from its vertices, as before the binning pass wrote
    // that set-up into the triangle's record, and culled ones still mark bins
    // (shadergen::ComputeRasterKey::no_clipped_records; to measure the change).
    bool disable_raster_clipped_records = false;
    // PICAVK_DEVICE_DISABLE=raster-overlap: each of the compute rasteriser's passes (pre-pass,
    // binning, raster) runs between barriers, as before a draw's pre-pass and binning pass ran
    // beside the raster pass of the draw before (vk::Rasterizer::HeldRaster; to measure it).
    bool disable_raster_overlap = false;
    // PICAVK_DEVICE_DISABLE=open-passes: each memory fill and display transfer runs between
    // barriers of its own, as before they were left open to go beside one another and a
    // draw's first passes (SurfaceCache::begin_open_passes; to measure it).
    bool disable_open_passes = false;
    // PICAVK_DEVICE_DISABLE=raster-hiding: each pixel of the compute rasteriser walks every
    // triangle of a round, as before it first looked for the last fragment hiding those under
    // it (shadergen::ComputeRasterKey::no_hiding; to measure it).
    bool disable_raster_hiding = false;
    // PICAVK_DEVICE_DISABLE=idle-submits: a frame is submitted whole at its end (and where a
    // read-back or a full ring needs it), as before (Device::idle_submits; to measure it).
    bool disable_idle_submits = false;
    // PICAVK_DEVICE_DISABLE=spin-waits: the host's waits for the GPU block in the driver at
    // once, as before they polled the timeline first (Device::spin_waits; to measure it).
    bool disable_spin_waits = false;
    // PICAVK_DEVICE_DISABLE=raster-lod-free: the compute rasteriser computes every sampled
    // unit's gradients, even where the unit reads one level with one filter (Rasterizer::
    // lod_free_units; to measure the change).
    bool disable_raster_lod_free = false;
    // PICAVK_RASTER_PROBE=fragment-flat|coverage|setup|empty: the compute rasteriser's shaders
    // leave a stage out, to measure what it costs (shadergen::RasterProbe; the pictures are wrong).
    std::uint8_t raster_probe = 0;
    // Where the staging and stream buffers live (UploadMemory; PICAVK_UPLOAD_MEMORY=
    // device-local or host-cached), to measure uploads each way on a device.
    UploadMemory upload_memory = UploadMemory::Default;
    // The compute rasteriser's work budget in triangle set-ups per dispatch (0: the device's,
    // Device::compute_raster_budget); PICAVK_COMPUTE_RASTER_BUDGET=N sets it, so that tests of
    // the budget draw the same way on a GPU as on lavapipe.
    std::uint64_t compute_raster_budget = 0;
    // Render-target formats to treat as unsupported, so a device that has them runs the
    // fallbacks of one that does not (AMD's GPUs have no D24_UNORM_S8_UINT, some drivers no
    // 16-bit packed colour attachments): PICAVK_DEVICE_DISABLE=d24s8 puts D24 and D24S8
    // buffers in D32_SFLOAT_S8_UINT, PICAVK_DEVICE_DISABLE=packed16 the 16-bit colour formats
    // (RGB565, RGB5A1, RGBA4) in R8G8B8A8_UNORM (HostFormats).
    bool disable_d24s8 = false;
    bool disable_packed16 = false;
    // Enables VK_KHR_pipeline_executable_properties where the device has it, and keeps the
    // statistics of every pipeline picavk makes (Device::pipeline_statistics); also
    // PICAVK_PIPELINE_STATISTICS=1. Off by default: capturing may keep a driver from caching.
    bool pipeline_statistics = false;
    // Enables VK_KHR_surface and the platforms' surface extensions on the instance, and
    // VK_KHR_swapchain on the device where it has it (presenting to a window).
    bool window_system = false;
    // Receives validation and driver messages; by default they go to stderr.
    std::function<void(const std::string&)> log;
};

struct PhysicalDeviceInfo {
    std::string name;
    VkPhysicalDeviceType type;
    std::uint32_t api_version;
    bool usable; // Vulkan 1.3 with a graphics queue
};

class Device {
  public:
    explicit Device(const DeviceOptions& options);
    ~Device();
    Device(const Device&) = delete;
    Device& operator=(const Device&) = delete;

    // Every device the loader reports, in enumeration order (the index --device takes).
    static std::vector<PhysicalDeviceInfo> enumerate();

    VkInstance instance() const { return instance_; }
    VkPhysicalDevice physical() const { return physical_; }
    VkDevice device() const { return device_; }
    VkQueue queue() const { return queue_; }
    std::uint32_t queue_family() const { return queue_family_; }
    // Valid bits of the queue's timestamps (0: it has none); one tick is
    // properties().limits.timestampPeriod nanoseconds.
    std::uint32_t timestamp_bits() const { return timestamp_bits_; }
    const HostProfile& profile() const { return profile_; }
    const VkPhysicalDeviceProperties& properties() const { return properties_; }
    const VkPhysicalDeviceMemoryProperties& memory_properties() const { return memory_; }
    // As given, with PICAVK_DEVICE_DISABLE and PICAVK_DEVICE_ASSUME applied.
    const DeviceOptions& options() const { return options_; }
    // Memory fills of RGBA8 colour surfaces and display transfers into them run as compute
    // passes (HostProfile::few_raster_units), not as clears and fragment passes.
    bool compute_passes() const {
        return profile_.few_raster_units && !options_.disable_compute_passes;
    }
    // Draws whose state the compute rasteriser covers are drawn by it (shadergen/compute_raster.h):
    // where raster units are few, and the device has 64-bit integers (its edge functions).
    bool compute_raster_bins() const { return !options_.disable_raster_bins; }
    // Triangle set-ups a compute-rasteriser dispatch may cost (Rasterizer::
    // compute_raster_affordable). A GPU has thousands of lanes for them (an H200: 2^28 set-ups
    // are a few milliseconds at most); a CPU device (lavapipe, under
    // PICAVK_DEVICE_ASSUME=few-raster-units) manages about 2 million a second on 2 cores, where
    // its own rasteriser bins: there a draw costing more than about 2 s goes to the graphics
    // pipeline.
    std::uint64_t compute_raster_budget() const {
        if (options_.compute_raster_budget) return options_.compute_raster_budget;
        return properties_.deviceType == VK_PHYSICAL_DEVICE_TYPE_CPU ? std::uint64_t{1} << 22
                                                                     : std::uint64_t{1} << 28;
    }
    bool compute_raster_cpu_clip() const { return !options_.disable_raster_cpu_clip; }
    // What a frame has recorded is submitted between two draws where the GPU has finished
    // everything submitted before (Rasterizer::submit_if_idle), so that it draws the frame's
    // first draws while the host records the rest, where with one submission a frame it waited
    // for all of them (with one frame in flight, the host's recording and the GPU's work added
    // up: on an H200 at scale 8 craftus' frame took 2.6 ms for 1.72 ms of GPU work). Not on
    // CPU devices, whose "GPU" is the host's own cores (and whose tests count submissions).
    bool idle_submits() const {
        return (!profile_.is_cpu || options_.assume_idle_submits) && !options_.disable_idle_submits;
    }
    // The host's waits for the GPU poll the timeline for a while (Scheduler::kSpinNs) before
    // they block in the driver: waking from a blocking wait takes a GPU driver's interrupt and
    // the OS scheduler's time (NVIDIA measured "a bubble waking up from waitForFences", a few
    // percent of a compute graph's time and more variance, and spun instead: llama.cpp pull
    // request 12630). Not on CPU devices, where the "GPU" needs the cores the host would spin.
    bool spin_waits() const {
        return (!profile_.is_cpu || options_.assume_spin_waits) && !options_.disable_spin_waits;
    }
    // The GPU texture decode reads a large level's guest bytes from device memory: the staged
    // bytes are copied there first by one buffer copy (the copy engine moves them over PCIe
    // in bulk), where the staging memory is not device-local (SurfaceCache::
    // decode_level_on_gpu). On the H200 the decode pass read 4 MB of system memory itself at
    // 20 GB/s (205 us, 2026-11-30). Not on CPU devices, where all memory is the host's.
    bool decode_copy() const {
        return (!profile_.is_cpu || options_.assume_decode_copy) && !options_.disable_decode_copy;
    }
    bool compute_raster_prepass() const { return !options_.disable_vertex_prepass; }
    bool compute_raster() const {
        return profile_.few_raster_units && shader_int64_ && !options_.disable_compute_raster;
    }
    // A memory fill of a whole render target is done by the next render pass on it (a clear
    // load op), not at once (Surface::pending_clear). Not where raster units are few: an H200
    // cleared in the render pass at its ROP rate, 0.92 ms for a 1920x3200 colour and depth
    // target pair, where loading them cost 0.46 ms more than not, and the colour fill as a
    // compute pass 0.1 ms.
    bool render_pass_clears() const {
        return !options_.disable_render_pass_clears && !profile_.few_raster_units;
    }
    const std::string& name() const { return name_; }
    // Window presentation: the instance has the surface extensions; the device has
    // VK_KHR_swapchain.
    bool window_system() const { return window_system_; }
    bool shader_int64() const { return shader_int64_; }
    bool storage_extended_formats() const { return storage_extended_formats_; }
    bool swapchain() const { return swapchain_; }

    // Validation-layer messages (warnings and errors) seen so far; tests require zero.
    std::uint64_t validation_messages() const { return validation_messages_.load(); }

    // Debug names (RenderDoc, validation messages); no-ops without VK_EXT_debug_utils.
    void set_name(VkObjectType type, std::uint64_t handle, const char* name) const;
    template <class Handle>
    void name(Handle handle, VkObjectType type, const std::string& n) const {
        set_name(type, reinterpret_cast<std::uint64_t>(handle), n.c_str());
    }
    // A literal name: no string is built (objects named per draw, with the debug layer off).
    template <class Handle>
    void name(Handle handle, VkObjectType type, const char* n) const {
        set_name(type, reinterpret_cast<std::uint64_t>(handle), n);
    }
    void begin_label(VkCommandBuffer cmd, const char* label) const;
    void end_label(VkCommandBuffer cmd) const;
    // A label around every host draw, not only every pass: with the validation layer on, or
    // PICAVK_DRAW_LABELS=1 (a capture tool's user asks for them). Labels are commands, and
    // some drivers (lavapipe) allocate each command they record.
    bool draw_labels() const { return begin_label_ && draw_labels_; }

    // Counts destructions of objects a descriptor set may name (image views; buffers and
    // buffer views of uniform, storage or texel usage; samplers live as long as the device):
    // a set naming one is stale, and its handle may come back naming another object
    // (DescriptorSetCache).
    void note_destroyed() const { destroyed_.fetch_add(1, std::memory_order_relaxed); }
    std::uint64_t destroyed() const { return destroyed_.load(std::memory_order_relaxed); }

    bool format_supports(VkFormat format, VkFormatFeatureFlags2 features) const;

    // The flags every pipeline's create info takes (the statistics capture, when on), and the
    // statistics kept (DeviceOptions::pipeline_statistics; empty when off or not offered):
    // whoever makes a pipeline hands it to capture_statistics.
    VkPipelineCreateFlags pipeline_create_flags() const { return statistics_.create_flags(); }
    void capture_statistics(VkPipeline pipeline, const std::string& name) const {
        statistics_.capture(pipeline, name);
    }
    std::vector<PipelineExecutableStatistics> pipeline_statistics() const {
        return statistics_.records();
    }

  private:
    static VKAPI_ATTR VkBool32 VKAPI_CALL on_message(
        VkDebugUtilsMessageSeverityFlagBitsEXT severity, VkDebugUtilsMessageTypeFlagsEXT types,
        const VkDebugUtilsMessengerCallbackDataEXT* data, void* user);
    void create_instance(const DeviceOptions& options);
    void pick_physical(int index);
    void create_device();
    void release();

    std::function<void(const std::string&)> log_;
    DeviceOptions options_;
    VkInstance instance_ = VK_NULL_HANDLE;
    VkDebugUtilsMessengerEXT messenger_ = VK_NULL_HANDLE;
    VkPhysicalDevice physical_ = VK_NULL_HANDLE;
    VkDevice device_ = VK_NULL_HANDLE;
    VkQueue queue_ = VK_NULL_HANDLE;
    std::uint32_t queue_family_ = 0;
    std::uint32_t timestamp_bits_ = 0;
    VkPhysicalDeviceProperties properties_{};
    VkPhysicalDeviceMemoryProperties memory_{};
    HostProfile profile_;
    std::string name_;
    bool debug_utils_ = false;
    bool window_system_ = false, swapchain_ = false;
    bool shader_int64_ = false; // VkPhysicalDeviceFeatures::shaderInt64, enabled where offered
    // VkPhysicalDeviceFeatures::shaderStorageImageExtendedFormats, enabled where offered.
    bool storage_extended_formats_ = false;
    std::atomic<std::uint64_t> validation_messages_{0};
    PFN_vkSetDebugUtilsObjectNameEXT set_object_name_ = nullptr;
    PFN_vkCmdBeginDebugUtilsLabelEXT begin_label_ = nullptr;
    bool draw_labels_ = false;
    mutable std::atomic<std::uint64_t> destroyed_{0};
    mutable PipelineStatisticsLog statistics_;
    PFN_vkCmdEndDebugUtilsLabelEXT end_label_ = nullptr;
};

} // namespace picavk::vk
