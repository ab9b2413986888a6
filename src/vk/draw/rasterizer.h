#pragma once

// Draws the geometry stage's triangles with Vulkan: finds the render targets and textures in
// the surface cache, builds the pipeline key and dynamic state from the registers, streams
// vertices and uniforms, and records the draw into the scheduler's current command buffer
// (dynamic rendering, kept open across draws to the same targets).

#include "pica/diagnostics.h"
#include "pica/geometry/gpu_vertex_draw.h"
#include "pica/geometry/output_vertex.h"
#include "pica/regs/regs.h"
#include "pica/state/lut_state.h"
#include "shadergen/compute_raster.h"
#include "shadergen/glsl_generator.h"
#include "shadergen/ubershader.h"
#include "shadergen/vertex_prepass.h"
#include "shadergen/vertex_program.h"
#include "vk/draw/compute_raster_fallback.h"
#include "vk/draw/compute_raster_feedback.h"
#include "vk/draw/stream_buffer.h"
#include "vk/pipeline/block_uniform_cache.h"
#include "vk/pipeline/descriptor_set_cache.h"
#include "vk/pipeline/lut_buffer.h"
#include "vk/pipeline/pipeline_cache.h"
#include "vk/pipeline/pipeline_key_tracker.h"
#include "vk/pipeline/sampler_cache.h"
#include "vk/surface/surface_cache.h"

#include <array>
#include <functional>
#include <map>
#include <memory>
#include <vector>

namespace picavk::vk {

class DescriptorAllocator;

struct RasterizerStats {
    std::uint64_t draws = 0;         // draws recorded
    std::uint64_t skipped_draws = 0; // no usable render target, or nothing can be written
    std::uint64_t triangles = 0;
    std::uint64_t render_passes = 0;
    std::uint64_t host_draws = 0; // Vulkan draws recorded: draws merged into one count once
    // The vertex stage: draws whose vertices the host's vertex stage shaded (the GPU vertex
    // path), and draws offered to it that went to the CPU interpreter, by reason.
    std::uint64_t gpu_vertex_draws = 0;
    // Draws the compute rasteriser drew (rasterizer_compute.cpp), its dispatches, and those of
    // them binned first (more than one chunk of triangles).
    std::uint64_t compute_raster_draws = 0, compute_raster_dispatches = 0;
    // The barriers its draws recorded (HeldRaster: about one a draw; four, each draining the
    // GPU, with PICAVK_DEVICE_DISABLE=raster-overlap).
    std::uint64_t compute_raster_barriers = 0;
    // Submissions made between draws with the GPU idle (submit_if_idle).
    std::uint64_t idle_submissions = 0;
    std::uint64_t compute_raster_binned = 0;
    std::uint64_t compute_raster_cut = 0; // compute draws whose triangles the CPU cut first
    // Draws whose state it covers that its work budget (compute_raster_affordable) left to the
    // graphics pipeline.
    std::uint64_t compute_raster_over_budget = 0;
    // Pre-pass draws budgeted by the cost measured when they last ran (prepass_affordable).
    std::uint64_t compute_raster_measured = 0;
    // Compute draws whose vertices its vertex pre-pass shaded (shadergen/vertex_prepass.h);
    // counted among gpu_vertex_draws too.
    std::uint64_t compute_raster_gpu_vertex_draws = 0;
    std::array<std::uint64_t, pica::kVertexFallbackCount> vertex_fallbacks{};
    std::array<std::uint64_t, kComputeRasterFallbackCount> compute_raster_fallbacks{};
};

class Rasterizer {
  public:
    Rasterizer(const Device& device, ResourceFactory& factory, Scheduler& scheduler,
               SurfaceCache& surfaces, const HostFormats& formats, pica::Diagnostics& diag,
               const std::string& cache_dir, CompileMode mode);
    ~Rasterizer();
    Rasterizer(const Rasterizer&) = delete;
    Rasterizer& operator=(const Rasterizer&) = delete;

    void draw(const pica::Regs& regs, pica::LutState& luts, const pica::DrawVertices& vertices);
    void draw(const pica::Regs& regs, pica::LutState& luts, const pica::GeometryBatch& batch) {
        draw(regs, luts, pica::DrawVertices{&batch, nullptr, {}});
    }
    // A fallback the caller decided (geometry shader, immediate mode, carried primitive).
    void count_vertex_fallback(pica::VertexFallback why) {
        ++stats_.vertex_fallbacks[static_cast<unsigned>(why)];
    }
    // Ends the open rendering scope (before copies, flushes and submission).
    void end_rendering();
    // FRAMEBUFFER_FLUSH: ends the rendering scope (no copy; see rasterizer.cpp).
    void flush_framebuffer(const pica::Regs& regs);

    const RasterizerStats& stats() const { return stats_; }
    // The binning passes' read-backs (workgroups the binned raster passes ran).
    const ComputeRasterFeedback& compute_raster_feedback() const { return feedback_; }
    PipelineStats pipeline_stats() const { return pipelines_.stats(); }
    std::uint64_t block_uploads() const { return blocks_.uploads(); }
    std::uint64_t lut_uploads() const { return luts_.uploads(); }
    std::uint64_t key_rebuilds() const { return key_tracker_.rebuilds(); }
    void wait_for_compiles() { pipelines_.wait_idle(); }
    void set_compile_mode(CompileMode mode) { pipelines_.set_mode(mode); }
    void set_compile_threads(unsigned threads) { pipelines_.set_compile_threads(threads); }
    void build_listed_pipelines() { pipelines_.build_listed_ahead(); }
    unsigned compile_threads() const { return pipelines_.compile_threads(); }
    // Collect mode: each draw finds its targets and textures and builds its pipeline key, which
    // the pipeline cache records; nothing is compiled or drawn.
    void set_collect_only(bool on) { collect_only_ = on; }
    PipelineCache& pipelines() { return pipelines_; }
    // The fragment configuration of the last draw recorded, kept while asked (draw capture:
    // viewers show its GLSL; a copy per draw otherwise saved).
    void keep_last_fragment(bool on) { keep_last_fragment_ = on; }
    const shadergen::FragmentConfig& last_fragment() const { return last_fragment_; }
    // The surfaces were all dropped (a new resolution scale): nothing recorded may name them,
    // and state derived from the scale (viewport, scissor) is built again.
    void forget_surfaces() {
        end_rendering();
        key_tracker_.invalidate();
    }
    void save_caches() { pipelines_.save(); }

  private:
    void set_dynamic_state(VkCommandBuffer cmd, const DrawState& d, const Surface* target);

    // Merged host draws (rasterizer_batch.cpp). Consecutive draws that share render targets,
    // pipeline (and ubershader configuration), descriptor set, dynamic state and block uniforms
    // become one Vulkan draw: their vertices, indices and uniform entries lie back to back in
    // the streams, and each vertex carries its draw's number, which picks that draw's uniform
    // entry in the fragment shader (shadergen/glsl_generator.h). Games change constant colours
    // and little else between many small draws, and a Vulkan draw has a fixed cost that a CPU
    // driver pays in full (lavapipe: about 20 us; BM_RendererFrame).
    struct PendingBatch {
        bool open = false;
        Surface* color = nullptr;
        Surface* depth = nullptr;
        // Shadow mode and gas accumulation (shadergen::StorageWrite): `color` is written through
        // a storage image, with no attachment. `storage_apart` (shadow writes by compare-and-
        // swap): each host draw ends its rendering scope (a barrier before the next draw reads
        // what it wrote), and only draws whose fragment uniforms are the same (`uniform_hash`)
        // merge - draws with the same fragment state race as one draw's triangles do.
        std::uint8_t storage_write = 0;
        bool storage_apart = false;
        std::uint64_t uniform_hash = 0;
        std::uint32_t width = 0, height = 0; // guest pixels
        VkPipeline pipeline = VK_NULL_HANDLE;
        bool ubershader = false;
        shadergen::UberConfig uber{};
        VkDescriptorSet set = VK_NULL_HANDLE;
        DrawState draw_state{};
        std::uint32_t blocks_offset = 0;
        VkBuffer vertex_buffer = VK_NULL_HANDLE, index_buffer = VK_NULL_HANDLE;
        VkDeviceSize vertex_first = 0, vertex_end = 0, index_first = 0, index_end = 0;
        VkDeviceSize uniform_first = 0, uniform_end = 0;
        std::uint32_t vertices = 0, indices = 0, draws = 0;
        // The GPU vertex path (its graphics draws never merged): each PICA attribute buffer b is
        // host binding b at its offset in the vertex stream, and the program's uniforms are at
        // vertex_uniforms.
        bool vertex_path = false;
        std::uint32_t bindings = 0; // bindings 0..bindings-1 are bound
        std::array<VkDeviceSize, pica::VertexLayout::kBuffers> binding_offset{};
        std::uint32_t vertex_uniforms = 0;
        // Drawn by the compute rasteriser: `pipeline` is its compute pipeline, and `bounds` the
        // window rectangle its vertices span (host pixels x0, y0, x1, y1), what it dispatches
        // over (within the scissor and viewport): a small draw needs few workgroups.
        bool compute = false;
        // Its vertices shaded by the vertex pre-pass first (`vertex_path` set too: the attribute
        // buffers are in the vertex stream as the GPU vertex path puts them), one dispatch per
        // draw (prepass_draws_); `vertices` counts their records, and each draw's indices name
        // its records after the earlier draws'. Such draws merge with each other: the pre-pass
        // writes each record's draw number.
        bool prepass = false;
        std::array<float, 4> bounds{};
        // The set-ups binning leaves (compute_raster_vertices' estimate, summed when merged).
        std::uint64_t setups = 0;
        // Its colour writes are on (else its pass moves no colour bytes; merged draws share
        // their pipeline, and so this).
        bool color_writes = true;
        // The texture units that read one level with one filter (shadergen::
        // ComputeRasterConstants::lod_free; merged draws share their descriptor set's samplers).
        std::uint8_t lod_free = 0;
    };
    static constexpr std::uint32_t kMaxMergedDraws = shadergen::kMaxMergedDraws;
    static constexpr VkDeviceSize kUniformRange =
        kMaxMergedDraws * sizeof(shadergen::FragmentUniforms);
    // Where a draw's data goes: its vertices, indices and uniform entry, its draw number in the
    // host draw, and the host draw's vertex count before it (added to its indices).
    struct Appended {
        std::uint8_t* vertices = nullptr;
        std::uint8_t* indices = nullptr;
        std::uint8_t* uniforms = nullptr;
        std::uint32_t draw = 0, first_vertex = 0;
    };
    bool joins(const PendingBatch& next) const;
    static bool next_storage(const PipelineKey& k) {
        return k.fragment.shadow_write || k.fragment.gas_write;
    }
    // Adds a draw with `next`'s state to the pending host draw, or records that one and starts
    // another.
    Appended append(const PendingBatch& next, VkDeviceSize vertex_bytes, VkDeviceSize index_bytes,
                    VkDeviceSize uniform_bytes, VkDeviceSize uniform_alignment);
    // Records the pending host draw (its rendering scope begun if needed).
    void flush_batch();
    // Between two host draws (the last one recorded, the next not begun): submits what the
    // frame has recorded where the GPU has finished everything before it and a host draw is
    // among it (Device::idle_submits), at most kIdleSubmitsInRow times between two submissions
    // of other kinds (a frame's end, a read-back) - each costs the host a few microseconds, and
    // the GPU a little start-up.
    void submit_if_idle();
    static constexpr std::uint32_t kIdleSubmitsInRow = 4;
    // The scheduler's submission count when the last host draw was recorded (it is in the next
    // submission while the count stays), and after the last idle submission, and the idle
    // submissions since one of another kind.
    std::uint64_t last_draw_before_submission_ = ~std::uint64_t{0};
    std::uint64_t submissions_after_idle_ = 0;
    std::uint32_t idle_submits_in_row_ = 0;
    // The compute rasteriser (rasterizer_compute.cpp, shadergen/compute_raster.h): whether it
    // covers a draw's state, then its vertices (all in front of the eye, within its guard
    // band), and the dispatch that draws a host draw.
    // `color_writes`: its shader would write the colour target
    // (PipelineCache::compute_raster_writes_color). `why`: what it does not cover (Count where
    // the device draws nothing with it).
    bool compute_raster_state(const PipelineKey& key, const DrawState& d, const Surface* color,
                              const Surface* depth, bool color_writes,
                              ComputeRasterFallback& why) const;
    // The units of `fragment` whose sampler reads one level with one filter - its maxLod 0 (no
    // max level, no replacement's extra levels: SamplerCache) and the same filter magnified and
    // minified - so that the level of detail cannot change what they read: the compute
    // rasteriser's shader skips their gradients (shadergen::ComputeRasterConstants::lod_free).
    // None with PICAVK_DEVICE_DISABLE=raster-lod-free.
    std::uint8_t lod_free_units(const pica::Regs& regs, const shadergen::FragmentConfig& fragment,
                                const Surface* const (&textures)[3]) const;
    void count_compute_raster_fallback(ComputeRasterFallback why) {
        if (why != ComputeRasterFallback::Count)
            ++stats_.compute_raster_fallbacks[static_cast<unsigned>(why)];
    }
    // The guard band for guard_band_clip.h (NDC): window positions within 2^14 pixels of the
    // origin, well inside the shader's integers.
    float compute_raster_guard(const DrawState& d) const;
    // `bounds`: the window rectangle of the vertices; `setups`: the triangle set-ups the draw
    // costs when binned (for each triangle, the tiles of the 32x32-pixel bins its bounds reach).
    bool compute_raster_vertices(const pica::GeometryBatch& batch, const DrawState& d,
                                 std::array<float, 4>& bounds, std::uint64_t& setups) const;
    // For a draw the GPU vertex path could take: the vertex pre-pass's pipeline and the compute
    // pipeline for uncut triangles, when both are ready and the draw's attributes can be
    // fetched (`stage` says where they lie); false otherwise (a fallback counted by reason:
    // the CPU shades the vertices).
    bool compute_raster_prepass(const pica::Regs& regs, const pica::GpuVertexDraw& draw,
                                const PipelineKey& key, VertexStageKey& stage, VkPipeline& prepass,
                                VkPipeline& raster);
    // Whether a dispatch of `triangles` over `bounds` (host pixels, clipped to a target of
    // `width` x `height` guest pixels) is within the compute rasteriser's work budget: a draw of
    // one chunk sets up each triangle in every 8x8 tile of the rectangle; a binned one reads a
    // mask per chunk and tile and costs `setups` (at most the unbinned figure) besides.
    bool compute_raster_affordable(const std::array<float, 4>& bounds, std::uint32_t triangles,
                                   std::uint64_t setups, std::uint32_t width,
                                   std::uint32_t height) const;
    // A draw whose vertices the pre-pass would shade, `triangles` anywhere on a target of
    // `width` x `height` guest pixels: affordable by the set-ups it was measured to cost
    // (compute_raster_feedback.h), or, never measured, if its triangles reach a sixteenth of
    // the tiles each on average. `setups`: the figure its host draw's budget counts.
    bool prepass_affordable(std::uint64_t key, std::uint32_t triangles, std::uint32_t width,
                            std::uint32_t height, std::uint64_t& setups);
    // What identifies a draw from frame to frame: its attribute buffers' guest bytes, the
    // vertices fetched and the triangles (its matrices may change, its mesh does not), and the
    // target's size (`width` x `height` guest pixels) and scale it is measured on.
    std::uint64_t prepass_draw_key(const pica::GpuVertexDraw& draw, std::uint32_t width,
                                   std::uint32_t height) const;
    void record_compute_raster(const PendingBatch& b);
    // A binned or pre-pass draw's own buffers: the binning pass's masks and set-up records, and
    // the pre-pass's output records (each grown as draws need). Three sets, taken in turn: a
    // draw's pre-pass and binning pass run beside the raster pass of the draw before it (held
    // back, HeldRaster), and the set a draw takes was last read by the raster pass of the draw
    // three back, which a barrier recorded since has finished.
    struct ComputeBuffers {
        Buffer bins, vertices;
    };
    std::array<ComputeBuffers, 3> compute_buffers_;
    std::uint32_t compute_turn_ = 0;
    VkBuffer compute_bins(ComputeBuffers& set, VkDeviceSize bytes);
    VkBuffer compute_vertices(ComputeBuffers& set, VkDeviceSize bytes);
    // A compute draw's raster dispatch, held back until the next compute draw has recorded its
    // pre-pass (or the masks' zeroing) and the barrier after it, or until anything else is
    // recorded (end_rendering: every transfer, graphics draw and submission comes through it).
    // Its own pre-pass and binning pass are recorded already. One barrier a draw then orders
    // everything: the raster pass of draw N, the binning pass of draw N + 1 and the pre-pass
    // of draw N + 2 run side by side, where before each pass drained the GPU before the next
    // began (four barriers a binned draw; a game's frame has several such draws:
    // docs/research/compute_raster.md). PICAVK_DEVICE_DISABLE=raster-overlap records every
    // dispatch at once, between barriers, as before.
    struct HeldRaster {
        bool held = false;
        VkPipeline pipeline = VK_NULL_HANDLE;
        VkDescriptorSet sets[2]{};
        std::uint32_t offsets[3]{};
        shadergen::ComputeRasterConstants constants{};
        VkBuffer bins = VK_NULL_HANDLE; // binned: its masks and the indirect dispatch's size
        std::uint32_t groups_x = 0, groups_y = 0; // not binned: the dispatch's size
        // The pre-pass draws' keys, for the read-back of the tiles it ran (feedback_).
        std::array<std::uint64_t, kMaxMergedDraws> keys{};
        std::size_t draws = 0;
        std::uint64_t tile_bytes = 0, extent_bytes = 0; // the bytes a tile and the rectangle move
        char label[96]{};
    };
    HeldRaster held_;
    // Records the held raster dispatch, if any: after a barrier unless `ordered` (one was just
    // recorded), and followed by one unless `more` (a compute draw's passes follow at once).
    void release_held_raster(bool ordered, bool more);
    // Scheduler::barrier, counted (RasterizerStats::compute_raster_barriers).
    void compute_barrier();
    // Ends the graphics rendering scope, if open (end_rendering, less the held-back work).
    void end_render_scope();
    // A pre-pass draw of the pending host draw: its pipeline (the draw's vertex program), where
    // its program's uniforms lie, and its push constants.
    struct PrepassDraw {
        VkPipeline pipeline = VK_NULL_HANDLE;
        std::uint32_t vertex_uniforms = 0;
        std::uint64_t key = 0; // prepass_draw_key: what its measured cost is kept under
        shadergen::VertexPrepassConstants constants{};
    };
    std::vector<PrepassDraw> prepass_draws_;
    // A draw's triangles cut at the guard band (draw()), kept to reuse its vectors' capacity.
    pica::GeometryBatch clipped_;
    // The pre-pass's dispatches for the host draw `b`, into `output`; no barrier between them
    // (each writes its own records).
    void record_vertex_prepass(const PendingBatch& b, VkBuffer output);
    std::unique_ptr<DescriptorAllocator> compute_descriptors_, prepass_descriptors_;
    // Window positions of a draw's vertices (compute_raster_vertices' scratch).
    mutable std::vector<std::array<float, 2>> compute_positions_;
    // `shadow`: a scope without attachments (shadow mode writes `color` as storage).
    void begin_rendering(Surface* color, Surface* depth, std::uint32_t width, std::uint32_t height,
                         bool shadow);
    PendingBatch pending_;

    const Device& device_;
    ResourceFactory& factory_;
    Scheduler& scheduler_;
    SurfaceCache& surfaces_;
    pica::Diagnostics& diag_;
    PipelineCache pipelines_;
    StreamBuffer vertices_;
    StreamBuffer indices_;
    StreamBuffer uniforms_;
    // The vertex programs' uniforms (place_vertex_uniforms), apart from uniforms_ so that placing
    // a draw's own leaves the pending host draw's fragment entries free to grow (pre-pass draws,
    // each with its own matrices, merge).
    StreamBuffer program_uniforms_;
    LutBuffer luts_;
    BlockUniformCache blocks_;
    PipelineKeyTracker key_tracker_;
    DescriptorSetCache descriptors_;
    SamplerCache samplers_;
    // The binning passes' findings, read back (compute_raster_feedback.h).
    ComputeRasterFeedback feedback_;
    // Logic-op fallback: a copy of the colour target taken before each such draw.
    VkImageView copy_colour_target(Surface& color);
    std::map<std::array<std::uint32_t, 3>, Image> framebuffer_copies_; // format, width, height
    Image unused_texture_;
    // Behind the shadow-buffer binding outside shadow mode, and the compute rasteriser's target
    // binding in draws that write no colour.
    Image unused_storage_;
    // Behind the compute rasteriser's depth-word binding in draws without depth or stencil.
    Buffer unused_words_;
    // What the current command buffer has bound, so that a draw changing nothing records
    // nothing again (on a CPU driver every recorded command costs an allocation). The pipeline
    // and dynamic state are forgotten when the rendering scope ends (transfers bind their own);
    // everything when a submission begins (the descriptor set, reused while it names the same
    // resources, lives until its submission retires).
    struct Bound {
        std::uint64_t tick = ~0ull;
        VkPipeline pipeline = VK_NULL_HANDLE;
        bool has_draw_state = false;
        DrawState draw_state;
        VkDescriptorSet set = VK_NULL_HANDLE;
        std::array<VkDescriptorImageInfo, 5> images{};
        VkBufferView lut = VK_NULL_HANDLE;
        VkBuffer uniforms = VK_NULL_HANDLE;
        VkImageView storage = VK_NULL_HANDLE;
        VkBuffer vertex_buffer = VK_NULL_HANDLE, index_buffer = VK_NULL_HANDLE;
    };
    Bound bound_;
    // The last vertex-program uniforms placed, reused while equal within one submission.
    shadergen::VertexProgramUniforms last_vertex_uniforms_{};
    std::uint64_t last_vertex_uniforms_tick_ = ~0ull;
    std::uint32_t last_vertex_uniforms_offset_ = 0;
    std::uint32_t place_vertex_uniforms(const pica::GpuVertexDraw& draw, VkDeviceSize alignment);
    bool rendering_ = false;
    bool rendering_shadow_ = false;
    Surface* color_ = nullptr;
    Surface* depth_ = nullptr;
    shadergen::FragmentConfig last_fragment_{};
    bool collect_only_ = false;
    bool keep_last_fragment_ = false;
    RasterizerStats stats_;
};

} // namespace picavk::vk
