// What a session tells about itself: counters, the last frame's figures, GPU time by pass,
// the device, warnings, register dumps and captured draws.
#include "session_impl.h"

#include "pica/regs/register_dump.h"
#include "shadergen/glsl_generator.h"
#include "vk/device/device.h"

namespace picavk {

void Session::set_draw_capture(bool on) {
    const Impl::Call call(*impl_);
    impl_->capture = on;
    impl_->capturing.clear();
    if (impl_->renderer) impl_->renderer->keep_last_fragment(on);
}

std::vector<Session::CapturedDraw> Session::captured_draws() const {
    const Impl::Call call(*impl_);
    std::vector<CapturedDraw> out;
    for (const Impl::Capture& c : impl_->captured)
        out.push_back(c.info);
    return out;
}

std::string Session::captured_draw_registers(std::size_t i, bool only_nonzero) const {
    const Impl::Call call(*impl_);
    if (i >= impl_->captured.size()) return {};
    return pica::dump_registers(impl_->captured[i].regs, only_nonzero);
}

std::string Session::captured_draw_glsl(std::size_t i) const {
    const Impl::Call call(*impl_);
    if (i >= impl_->captured.size() || !impl_->captured[i].info.rendered) return {};
    return shadergen::generate_fragment_glsl(impl_->captured[i].config);
}

GeometryCounters Session::geometry_counters() const {
    const Impl::Call call(*impl_);
    return impl_->geometry_counters();
}

bool Session::has_renderer() const {
    const Impl::Call call(*impl_);
    return impl_->renderer != nullptr;
}

std::string Session::device_name() const {
    const Impl::Call call(*impl_);
    return impl_->renderer ? impl_->renderer->device_name() : std::string();
}

std::string Session::device_profile() const {
    const Impl::Call call(*impl_);
    return impl_->renderer ? impl_->renderer->device_profile() : std::string();
}

bool Session::compute_passes() const {
    const Impl::Call call(*impl_);
    return impl_->renderer && impl_->renderer->compute_passes();
}

bool Session::compute_raster() const {
    const Impl::Call call(*impl_);
    return impl_->renderer && impl_->renderer->compute_raster();
}

std::uint32_t Session::compile_threads() const {
    const Impl::Call call(*impl_);
    return impl_->renderer ? impl_->renderer->compile_threads() : 0;
}

std::vector<PipelineStatistics> Session::pipeline_statistics() const {
    const Impl::Call call(*impl_);
    std::vector<PipelineStatistics> out;
    if (!impl_->renderer) return out;
    for (vk::PipelineExecutableStatistics& r : impl_->renderer->device().pipeline_statistics())
        out.push_back({std::move(r.pipeline), std::move(r.executable), std::move(r.values)});
    return out;
}

RendererCounters Session::renderer_counters() const {
    const Impl::Call call(*impl_);
    return impl_->renderer_counters();
}

RendererCounters Session::Impl::renderer_counters() const {
    RendererCounters c;
    if (!renderer) return c;
    const vk::RendererStats s = renderer->stats();
    c.draws = s.draws;
    c.skipped_draws = s.skipped_draws;
    c.triangles = s.triangles;
    c.render_passes = s.render_passes;
    c.host_draws = s.host_draws;
    c.pipelines_created = s.pipelines_created;
    c.pipeline_cache_hits = s.pipeline_hits;
    c.shaders_compiled = s.shaders_compiled;
    c.shaders_from_disk = s.shaders_from_disk;
    c.ubershader_draws = s.ubershader_draws;
    c.submissions = s.submissions;
    c.idle_submissions = s.idle_submissions;
    c.gpu_time_ns = s.gpu_time_ns;
    c.gpu_waits = s.gpu_waits;
    c.gpu_wait_ns = s.gpu_wait_ns;
    c.mid_frame_waits = s.mid_frame_waits;
    c.mid_frame_wait_ns = s.mid_frame_wait_ns;
    c.spun_waits = s.spun_waits;
    c.host_read_barriers = s.host_read_barriers;
    c.surface_uploads = s.surface_uploads;
    c.surface_writebacks = s.surface_writebacks;
    c.fill_clears = s.fill_clears;
    c.lut_uploads = s.lut_uploads;
    c.block_uploads = s.block_uploads;
    c.key_rebuilds = s.key_rebuilds;
    c.readback_bytes = s.readback_bytes;
    c.gpu_transfers = s.gpu_transfers;
    c.transfer_fallbacks = s.transfer_fallbacks;
    c.render_to_texture = s.render_to_texture;
    c.prefetched_writebacks = s.prefetched_writebacks;
    c.gpu_decoded_uploads = s.gpu_decoded_uploads;
    c.decode_copies = s.decode_copies;
    c.texture_hash_bytes = s.texture_hash_bytes;
    c.texture_hash_copies = s.texture_hash_copies;
    c.partial_fill_clears = s.partial_fill_clears;
    c.render_pass_clears = s.render_pass_clears;
    c.fills_off_guest = s.fills_off_guest;
    c.guest_fill_writebacks = s.guest_fill_writebacks;
    c.compute_passes = s.compute_passes;
    c.compute_raster_draws = s.compute_raster_draws;
    c.compute_raster_dispatches = s.compute_raster_dispatches;
    c.compute_raster_binned = s.compute_raster_binned;
    c.compute_raster_cut = s.compute_raster_cut;
    c.compute_raster_over_budget = s.compute_raster_over_budget;
    {
        using F = vk::ComputeRasterFallback;
        static_assert(vk::kComputeRasterFallbackCount == 11, "a reason without a counter");
        auto count = [&](F f) { return s.compute_raster_fallbacks[static_cast<unsigned>(f)]; };
        RendererCounters::ComputeRasterFallbacks& g = c.compute_raster_fallbacks;
        g.proctex_filter = count(F::ProcTexFilter);
        g.shadow_write = count(F::ShadowWrite);
        g.gas_write = count(F::GasWrite);
        g.logic_op = count(F::LogicOp);
        g.target_format = count(F::TargetFormat);
        g.color_storage = count(F::ColorStorage);
        g.depth_buffer = count(F::DepthBuffer);
        g.stencil_buffer = count(F::StencilBuffer);
        g.vertices = count(F::Vertices);
        g.guard_band = count(F::GuardBand);
        g.compiling = count(F::Compiling);
    }
    c.compute_raster_measured = s.compute_raster_measured;
    c.compute_raster_binned_groups = s.compute_raster_binned_groups;
    c.compute_raster_bin_marks = s.compute_raster_bin_marks;
    c.compute_raster_barriers = s.compute_raster_barriers;
    c.compute_raster_compiled = s.compute_raster_compiled;
    c.compute_raster_from_disk = s.compute_raster_from_disk;
    c.compute_raster_gpu_vertex_draws = s.compute_raster_gpu_vertex_draws;
    c.vertex_prepasses_compiled = s.vertex_prepasses_compiled;
    c.vertex_prepasses_from_disk = s.vertex_prepasses_from_disk;
    c.most_compiles_at_once = s.most_compiles_at_once;
    c.pipelines_built_ahead = s.pipelines_built_ahead;
    c.depth_word_loads = s.depth_word_loads;
    c.depth_word_stores = s.depth_word_stores;
    c.depth_word_fills = s.depth_word_fills;
    c.depth_fills_in_words = s.depth_fills_in_words;
    c.passes_side_by_side = s.passes_side_by_side;
    c.storage_promotions = s.storage_promotions;
    c.reinterpretations = s.reinterpretations;
    c.custom_textures_dumped = s.custom_dumped;
    c.custom_textures_replaced = s.custom_replaced;
    c.custom_texture_waits = s.custom_waits;
    c.custom_textures_from_cache = s.custom_cache_loads;
    c.filtered_textures = s.filtered_textures;
    c.validation_messages = s.validation_messages;
    c.pipelines_unlisted = s.pipelines_unlisted;
    c.presented_frames = s.presented_frames;
    c.present_skipped = s.present_skipped;
    c.present_uploads = s.present_uploads;
    c.composed_images = s.composed_images;
    c.composed_readbacks = s.composed_readbacks;
    c.gpu_vertex_draws = s.gpu_vertex_draws;
    c.vertex_programs_compiled = s.vertex_programs_compiled;
    c.vertex_programs_from_disk = s.vertex_programs_from_disk;
    auto fallbacks = [&](pica::VertexFallback f) {
        return s.vertex_fallbacks[static_cast<unsigned>(f)];
    };
    RendererCounters::VertexFallbacks& f = c.vertex_fallbacks;
    f.geometry_shader = fallbacks(pica::VertexFallback::GeometryShader);
    f.immediate_mode = fallbacks(pica::VertexFallback::ImmediateMode);
    f.carried_primitive = fallbacks(pica::VertexFallback::CarriedPrimitive);
    f.compiling = fallbacks(pica::VertexFallback::Compiling);
    f.program_refused = fallbacks(pica::VertexFallback::ProgramRefused);
    f.vertex_fetch = fallbacks(pica::VertexFallback::VertexFetch);
    f.no_quaternion_flip = fallbacks(pica::VertexFallback::NoQuaternionFlip);
    f.small_draw = fallbacks(pica::VertexFallback::SmallDraw);
    return c;
}

std::string Session::dump_registers(bool only_nonzero) const {
    const Impl::Call call(*impl_);
    return pica::dump_registers(impl_->state.regs, only_nonzero);
}

std::uint32_t Session::read_register(std::uint32_t id) const {
    const Impl::Call call(*impl_, false);
    return id < pica::kRegCount ? impl_->state.regs[id] : 0;
}

std::uint64_t Session::warning_count() const {
    const Impl::Call call(*impl_);
    return impl_->diagnostics.total();
}

std::vector<std::pair<std::string, std::uint64_t>> Session::warning_counts() const {
    const Impl::Call call(*impl_);
    std::vector<std::pair<std::string, std::uint64_t>> out;
    for (unsigned k = 0; k < static_cast<unsigned>(pica::Warning::kCount); ++k) {
        const auto w = static_cast<pica::Warning>(k);
        if (const std::uint64_t n = impl_->diagnostics.count(w))
            out.emplace_back(pica::warning_name(w), n);
    }
    return out;
}

GpuProfile Session::gpu_profile() const {
    const Impl::Call call(*impl_);
    GpuProfile out;
    if (!impl_->renderer) return out;
    const vk::GpuTimer& timer = impl_->renderer->gpu_timer();
    out.busy_ns = timer.profiled_busy_ns();
    out.untimed_passes = timer.untimed_passes();
    static_assert(GpuProfile::kTimedPasses == vk::GpuTimer::kMaxPasses);
    for (const vk::GpuPassTime& p : timer.passes())
        out.passes.push_back({p.pass, p.ns, p.count, p.read_bytes, p.written_bytes});
    return out;
}

FrameStats Session::last_frame_stats() const {
    const Impl::Call call(*impl_);
    return impl_->last_frame;
}

std::vector<MemoryBlock> Session::memory_blocks() const {
    const Impl::Call call(*impl_);
    std::vector<MemoryBlock> out;
    if (!impl_->renderer) return out;
    const VkPhysicalDeviceMemoryProperties& mp = impl_->renderer->device().memory_properties();
    for (const vk::MemoryBlockInfo& b : impl_->renderer->memory_blocks()) {
        MemoryBlock m;
        m.type = b.type;
        const VkMemoryType& t = mp.memoryTypes[b.type];
        static constexpr std::pair<VkMemoryPropertyFlags, const char*> kFlags[] = {
            {VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT, "device-local"},
            {VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT, "host-visible"},
            {VK_MEMORY_PROPERTY_HOST_COHERENT_BIT, "host-coherent"},
            {VK_MEMORY_PROPERTY_HOST_CACHED_BIT, "host-cached"},
            {VK_MEMORY_PROPERTY_LAZILY_ALLOCATED_BIT, "lazily-allocated"}};
        for (const auto& [bit, name] : kFlags)
            if (t.propertyFlags & bit)
                m.properties += (m.properties.empty() ? "" : " ") + std::string(name);
        if (m.properties.empty()) m.properties = "none";
        m.heap = t.heapIndex;
        m.heap_device_local =
            (mp.memoryHeaps[t.heapIndex].flags & VK_MEMORY_HEAP_DEVICE_LOCAL_BIT) != 0;
        m.heap_bytes = mp.memoryHeaps[t.heapIndex].size;
        m.images = b.for_image;
        m.bytes = b.size;
        m.used_bytes = b.used;
        m.allocations = b.allocations;
        out.push_back(std::move(m));
    }
    return out;
}

} // namespace picavk
