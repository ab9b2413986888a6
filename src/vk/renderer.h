#pragma once

// Everything Vulkan behind one object: device, memory, scheduler, surface cache and rasterizer,
// in construction order. The session (src/api) drives it from the command processor's
// triggers and the external registers.

#include "pica/diagnostics.h"
#include "pica/geometry/gpu_vertex_draw.h"
#include "pica/geometry/output_vertex.h"
#include "pica/memory.h"
#include "pica/regs/regs.h"
#include "pica/state/lut_state.h"
#include "pica/transfer/transfer_engine.h"
#include "vk/device/gpu_timer.h"
#include "vk/device/memory_allocator.h"
#include "vk/draw/compute_raster_fallback.h"
#include "vk/pipeline/pipeline_cache.h"

#include <array>
#include <memory>
#include <string>
#include <vector>

namespace picavk::custom_textures {
class TexturePack;
class TextureDumper;
} // namespace picavk::custom_textures

namespace picavk::pica {
class HostWorkers;
}

namespace picavk::vk {

struct RendererOptions {
    std::uint32_t scale = 1;
    int device_index = -1;
    bool validation = false;
    bool window_system = false; // surface extensions on the instance, swapchain on the device
    std::string cache_dir;      // shader and pipeline disk caches; empty: none
    CompileMode compile_mode = CompileMode::Async;
    bool collect_only = false;        // draws build their pipeline keys only (Rasterizer)
    bool pipeline_statistics = false; // DeviceOptions::pipeline_statistics
};

struct RendererStats {
    std::uint64_t draws = 0, skipped_draws = 0, triangles = 0, render_passes = 0;
    std::uint64_t host_draws = 0;
    std::uint64_t pipelines_created = 0, pipeline_hits = 0, shaders_compiled = 0;
    std::uint64_t pipelines_unlisted = 0;
    std::uint64_t shaders_from_disk = 0, ubershader_draws = 0;
    std::uint64_t submissions = 0, gpu_time_ns = 0;
    std::uint64_t idle_submissions = 0;
    std::uint64_t gpu_waits = 0, gpu_wait_ns = 0, mid_frame_waits = 0, mid_frame_wait_ns = 0;
    std::uint64_t spun_waits = 0, host_read_barriers = 0;
    std::uint64_t surface_uploads = 0, surface_writebacks = 0, fill_clears = 0;
    std::uint64_t lut_uploads = 0, block_uploads = 0;
    std::uint64_t key_rebuilds = 0;
    std::uint64_t readback_bytes = 0, gpu_transfers = 0, transfer_fallbacks = 0;
    std::uint64_t render_to_texture = 0, partial_fill_clears = 0, reinterpretations = 0;
    std::uint64_t render_pass_clears = 0, compute_passes = 0;
    std::uint64_t fills_off_guest = 0, guest_fill_writebacks = 0;
    std::uint64_t texture_hash_copies = 0;
    std::uint64_t compute_raster_draws = 0, compute_raster_dispatches = 0;
    std::uint64_t compute_raster_barriers = 0;
    std::uint64_t compute_raster_binned = 0, compute_raster_cut = 0;
    std::uint64_t compute_raster_over_budget = 0;
    std::uint64_t compute_raster_measured = 0, compute_raster_binned_groups = 0;
    std::uint64_t compute_raster_bin_marks = 0;
    std::uint64_t compute_raster_compiled = 0, compute_raster_from_disk = 0;
    std::uint64_t compute_raster_gpu_vertex_draws = 0;
    std::uint64_t vertex_prepasses_compiled = 0, vertex_prepasses_from_disk = 0;
    std::uint64_t most_compiles_at_once = 0;
    std::uint64_t pipelines_built_ahead = 0;
    std::uint64_t depth_word_loads = 0, depth_word_stores = 0, depth_word_fills = 0;
    std::uint64_t depth_fills_in_words = 0, passes_side_by_side = 0;
    std::uint64_t prefetched_writebacks = 0, gpu_decoded_uploads = 0, storage_promotions = 0;
    std::uint64_t decode_copies = 0;
    std::uint64_t texture_hash_bytes = 0;
    std::uint64_t validation_messages = 0;
    std::uint64_t presented_frames = 0, present_skipped = 0, present_uploads = 0;
    std::uint64_t composed_images = 0, composed_readbacks = 0;
    std::uint64_t gpu_vertex_draws = 0, vertex_programs_compiled = 0, vertex_programs_from_disk = 0;
    std::uint64_t custom_dumped = 0, custom_replaced = 0, custom_waits = 0, custom_cache_loads = 0;
    std::uint64_t filtered_textures = 0;
    std::array<std::uint64_t, pica::kVertexFallbackCount> vertex_fallbacks{};
    std::array<std::uint64_t, kComputeRasterFallbackCount> compute_raster_fallbacks{};
};

struct Surface;
class ScreenPresenter;
class Device;

class Renderer {
  public:
    Renderer(const RendererOptions& options, pica::MemoryView memory, pica::Diagnostics& diag);
    ~Renderer();
    Renderer(const Renderer&) = delete;
    Renderer& operator=(const Renderer&) = delete;

    void draw(const pica::Regs& regs, pica::LutState& luts, const pica::GeometryBatch& batch);
    // A draw offered to the GPU vertex path (pica::DrawVertices, Rasterizer::draw).
    void draw(const pica::Regs& regs, pica::LutState& luts, const pica::DrawVertices& vertices);
    void count_vertex_fallback(pica::VertexFallback why);
    // A CPU Vulkan driver (lavapipe, SwiftShader): host draws cost far more there.
    bool cpu_device() const;
    void flush_framebuffer(const pica::Regs& regs);
    // Guest memory coherence (see SurfaceCache). flush_range returns how many surfaces it wrote
    // back.
    std::size_t flush_range(pica::PAddr address, std::size_t size);
    std::size_t prefetch_range(pica::PAddr address, std::size_t size);
    void invalidate_range(pica::PAddr address, std::size_t size);
    // Guest memory was replaced wholesale (a trace replay starting over): rendering ends and
    // every surface's GPU copy is dropped without being written back.
    void discard_all();
    void flush_all();
    // Memory fills around the CPU fill (SurfaceCache::before_fill / after_fill). True from
    // before_fill: a render target takes the fill whole and the caller leaves the CPU fill out.
    bool before_fill(const pica::MemoryFillRegs& f);
    void after_fill(const pica::MemoryFillRegs& f, bool held);
    // A display transfer or texture copy on the GPU between cached surfaces; false: run the CPU
    // path.
    bool gpu_transfer(const pica::TransferRegs& t);
    void count_transfer_fallback();
    // The end of a frame: submits what was recorded and waits for the frame frames_in_flight - 1
    // frames back (set_frames_in_flight; by default this one).
    void finish();
    // Submits what was recorded and waits for all of it (frames in flight included).
    void wait_for_gpu();
    // Writes the shader and pipeline disk caches (also done on destruction).
    void save_caches();
    // Waits for background shader compiles (tests; a clean shutdown does it too).
    void wait_for_compiles();

    // The linear colour surface (a display transfer's destination) at this address, size and
    // format read back at the resolution scale as RGBA8, rows in memory order; empty when no
    // up-to-date surface is there.
    std::vector<std::uint8_t> read_linear_color(pica::PAddr address, std::uint32_t width,
                                                std::uint32_t height, pica::ColorFormat format);

    std::uint32_t scale() const;
    // A new resolution scale (1-10), at any time: the GPU's newer surfaces are written back and
    // made again at the new scale when next used (one write-back per live target).
    void set_scale(std::uint32_t scale);
    void set_compile_mode(CompileMode mode);
    // PipelineCache::set_compile_threads: the background compiles' threads (Async mode).
    void set_compile_threads(unsigned threads);
    // PipelineCache::build_listed_ahead: the cache directory's listed pipelines made in the
    // background from now on (Async mode).
    void build_listed_pipelines();
    unsigned compile_threads() const;
    // Whether a linear colour surface holds the LCD framebuffer at this address, size and
    // format (the screens are then drawn from it at the scale).
    bool holds_linear_color(pica::PAddr address, std::uint32_t width, std::uint32_t height,
                            pica::ColorFormat format);
    // The screens' presentation (window, embedder image, RGBA): the rendering scope is ended
    // first, so what it records follows every draw.
    ScreenPresenter& presenter();
    // The fragment configuration of the last draw (its key's fragment part), kept only while
    // keep_last_fragment is on (draw capture); a draw skipped for want of a target leaves it.
    const shadergen::FragmentConfig& last_fragment() const;
    void keep_last_fragment(bool on);
    // The pipeline keys draws have met, and the ahead-of-time build (PipelineCache).
    std::vector<PipelineKey> met_keys() const;
    PrecompileResult precompile(std::span<const PipelineKey> keys, unsigned threads, bool pipelines,
                                const std::function<bool(const PrecompileProgress&)>& progress);
    // The Vulkan objects an embedder that shares picavk's device needs.
    const Device& device() const;
    std::string device_name() const;
    std::string device_profile() const; // HostProfile::describe
    bool compute_passes() const;        // Device::compute_passes
    bool compute_raster() const;        // Device::compute_raster
    void set_gpu_profile(bool on);
    // Textures decoded on the GPU (SurfaceCache::set_gpu_texture_decode) or on the CPU.
    void set_gpu_texture_decode(bool on);
    // SurfaceCache::set_guest_writes_reported.
    void set_guest_writes_reported(bool on);
    // SurfaceCache::set_host_workers.
    void set_host_workers(pica::HostWorkers* workers);
    // How many frames finish() leaves the GPU working on (Scheduler::end_frame), 1 to
    // Scheduler::kFramesInFlight (clamped).
    void set_frames_in_flight(std::uint32_t frames);
    // Texture dumping and replacement (SurfaceCache::set_custom_textures; the caller owns both
    // and keeps them alive while they are set).
    void set_custom_textures(custom_textures::TexturePack* pack,
                             custom_textures::TextureDumper* dumper);
    // The texture filter (SurfaceCache::set_texture_filter; TextureFilter's values).
    void set_texture_filter(std::uint8_t filter);
    std::uint8_t texture_filter() const;
    const GpuTimer& gpu_timer() const;
    // The device-memory blocks held now (their memory types: Device::memory_properties).
    std::vector<MemoryBlockInfo> memory_blocks() const;
    RendererStats stats() const;

  private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

} // namespace picavk::vk
