#include "vk/renderer.h"

#include "vk/device/device.h"
#include "vk/device/memory_allocator.h"
#include "vk/device/resources.h"
#include "vk/device/scheduler.h"
#include "vk/draw/rasterizer.h"
#include "vk/draw/stream_buffer.h"
#include "vk/present/screen_presenter.h"
#include "vk/surface/host_formats.h"
#include "vk/surface/surface_cache.h"

#include <algorithm>

namespace picavk::vk {

struct Renderer::Impl {
    Device device;
    MemoryAllocator allocator{device};
    ResourceFactory factory{device, allocator};
    Scheduler scheduler{device};
    StreamBuffer staging;
    HostFormats formats;
    SurfaceCache surfaces;
    Rasterizer rasterizer;
    ScreenPresenter presenter;
    std::uint32_t frames_in_flight = 1; // set_frames_in_flight

    Impl(const RendererOptions& o, pica::MemoryView memory, pica::Diagnostics& diag)
        : device(device_options(o)),
          staging(factory, scheduler, 64ull << 20,
                  VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_UNIFORM_TEXEL_BUFFER_BIT,
                  "upload staging"),
          formats(choose_host_formats(device)),
          surfaces(device, factory, scheduler, staging, formats, memory, diag,
                   o.scale == 0 ? 1 : o.scale),
          rasterizer(device, factory, scheduler, surfaces, formats, diag, o.cache_dir,
                     o.compile_mode),
          presenter(device, scheduler, factory, staging, surfaces) {
        rasterizer.set_collect_only(o.collect_only);
    }

    static DeviceOptions device_options(const RendererOptions& o) {
        DeviceOptions d;
        d.device_index = o.device_index;
        d.validation = o.validation;
        d.window_system = o.window_system;
        d.pipeline_statistics = o.pipeline_statistics;
        return d;
    }
};

Renderer::Renderer(const RendererOptions& options, pica::MemoryView memory, pica::Diagnostics& diag)
    : impl_(std::make_unique<Impl>(options, memory, diag)) {}

Renderer::~Renderer() = default;

void Renderer::draw(const pica::Regs& regs, pica::LutState& luts,
                    const pica::GeometryBatch& batch) {
    impl_->rasterizer.draw(regs, luts, batch);
}
void Renderer::draw(const pica::Regs& regs, pica::LutState& luts,
                    const pica::DrawVertices& vertices) {
    impl_->rasterizer.draw(regs, luts, vertices);
}
bool Renderer::cpu_device() const {
    return impl_->device.profile().is_cpu;
}
void Renderer::count_vertex_fallback(pica::VertexFallback why) {
    impl_->rasterizer.count_vertex_fallback(why);
}
void Renderer::flush_framebuffer(const pica::Regs& regs) {
    impl_->rasterizer.flush_framebuffer(regs);
}
std::size_t Renderer::flush_range(pica::PAddr address, std::size_t size) {
    return impl_->surfaces.flush_range(address, size);
}
std::size_t Renderer::prefetch_range(pica::PAddr address, std::size_t size) {
    return impl_->surfaces.prefetch_range(address, size);
}
void Renderer::invalidate_range(pica::PAddr address, std::size_t size) {
    impl_->surfaces.invalidate_range(address, size);
}
void Renderer::discard_all() {
    impl_->rasterizer.end_rendering();
    impl_->surfaces.invalidate_range(pica::MemoryView::kVramBase, pica::MemoryView::kVramSize);
    impl_->surfaces.invalidate_range(pica::MemoryView::kFcramBase,
                                     pica::MemoryView::kFcramSizeNew3ds);
}
bool Renderer::before_fill(const pica::MemoryFillRegs& f) {
    return impl_->surfaces.before_fill(f);
}
void Renderer::after_fill(const pica::MemoryFillRegs& f, bool held) {
    impl_->surfaces.after_fill(f, held);
}
bool Renderer::gpu_transfer(const pica::TransferRegs& t) {
    impl_->rasterizer.end_rendering();
    return (t.flags & pica::TransferFlags::kTextureCopy) ? impl_->surfaces.texture_copy(t)
                                                         : impl_->surfaces.display_transfer(t);
}
void Renderer::count_transfer_fallback() {
    impl_->surfaces.count_transfer_fallback();
}
void Renderer::flush_all() {
    impl_->surfaces.flush_all();
}
void Renderer::finish() {
    impl_->rasterizer.end_rendering();
    impl_->scheduler.end_frame(impl_->frames_in_flight);
    impl_->surfaces.next_frame();
    impl_->surfaces.report_custom_problems(); // what the pack's decoders found since
}

void Renderer::wait_for_gpu() {
    impl_->rasterizer.end_rendering();
    impl_->scheduler.finish();
}

void Renderer::wait_for_compiles() {
    impl_->rasterizer.wait_for_compiles();
}

void Renderer::save_caches() {
    impl_->rasterizer.save_caches();
}

std::vector<std::uint8_t> Renderer::read_linear_color(pica::PAddr address, std::uint32_t width,
                                                      std::uint32_t height,
                                                      pica::ColorFormat format) {
    Surface* s = impl_->surfaces.find_linear_color(address, width, height, format);
    if (!s) return {};
    return impl_->surfaces.read_scaled_rgba(*s);
}

std::uint32_t Renderer::scale() const {
    return impl_->surfaces.scale();
}
void Renderer::set_scale(std::uint32_t scale) {
    if (scale == impl_->surfaces.scale()) return;
    impl_->rasterizer.forget_surfaces();
    impl_->surfaces.set_scale(scale);
    impl_->rasterizer.forget_surfaces();
}
void Renderer::set_compile_mode(CompileMode mode) {
    impl_->rasterizer.set_compile_mode(mode);
}
void Renderer::set_compile_threads(unsigned threads) {
    impl_->rasterizer.set_compile_threads(threads);
}
void Renderer::build_listed_pipelines() {
    impl_->rasterizer.build_listed_pipelines();
}
unsigned Renderer::compile_threads() const {
    return impl_->rasterizer.compile_threads();
}
bool Renderer::holds_linear_color(pica::PAddr address, std::uint32_t width, std::uint32_t height,
                                  pica::ColorFormat format) {
    return impl_->surfaces.find_linear_color(address, width, height, format) != nullptr;
}
ScreenPresenter& Renderer::presenter() {
    impl_->rasterizer.end_rendering();
    return impl_->presenter;
}
const shadergen::FragmentConfig& Renderer::last_fragment() const {
    return impl_->rasterizer.last_fragment();
}
std::vector<PipelineKey> Renderer::met_keys() const {
    return impl_->rasterizer.pipelines().met_keys();
}
PrecompileResult
Renderer::precompile(std::span<const PipelineKey> keys, unsigned threads, bool pipelines,
                     const std::function<bool(const PrecompileProgress&)>& progress) {
    return impl_->rasterizer.pipelines().precompile(keys, threads, pipelines, progress);
}
void Renderer::keep_last_fragment(bool on) {
    impl_->rasterizer.keep_last_fragment(on);
}
const Device& Renderer::device() const {
    return impl_->device;
}
std::string Renderer::device_name() const {
    return impl_->device.name();
}

std::string Renderer::device_profile() const {
    return impl_->device.profile().describe();
}

bool Renderer::compute_passes() const {
    return impl_->device.compute_passes();
}

bool Renderer::compute_raster() const {
    return impl_->device.compute_raster();
}

void Renderer::set_custom_textures(custom_textures::TexturePack* pack,
                                   custom_textures::TextureDumper* dumper) {
    impl_->surfaces.set_custom_textures(pack, dumper);
}

void Renderer::set_texture_filter(std::uint8_t filter) {
    impl_->surfaces.set_texture_filter(filter < static_cast<std::uint8_t>(TextureFilter::kCount)
                                           ? static_cast<TextureFilter>(filter)
                                           : TextureFilter::None);
}
std::uint8_t Renderer::texture_filter() const {
    return static_cast<std::uint8_t>(impl_->surfaces.texture_filter());
}

void Renderer::set_gpu_texture_decode(bool on) {
    impl_->surfaces.set_gpu_texture_decode(on);
}

void Renderer::set_frames_in_flight(std::uint32_t frames) {
    impl_->frames_in_flight = std::clamp(frames, 1u, Scheduler::kFramesInFlight);
}

void Renderer::set_host_workers(pica::HostWorkers* workers) {
    impl_->surfaces.set_host_workers(workers);
}
void Renderer::set_guest_writes_reported(bool on) {
    impl_->surfaces.set_guest_writes_reported(on);
}

void Renderer::set_gpu_profile(bool on) {
    impl_->scheduler.timer().set_profiling(on);
}

const GpuTimer& Renderer::gpu_timer() const {
    return impl_->scheduler.timer();
}

std::vector<MemoryBlockInfo> Renderer::memory_blocks() const {
    return impl_->allocator.blocks();
}

RendererStats Renderer::stats() const {
    RendererStats r;
    const RasterizerStats& rs = impl_->rasterizer.stats();
    const PipelineStats ps = impl_->rasterizer.pipeline_stats();
    r.draws = rs.draws;
    r.skipped_draws = rs.skipped_draws;
    r.triangles = rs.triangles;
    r.render_passes = rs.render_passes;
    r.host_draws = rs.host_draws;
    r.pipelines_created = ps.pipelines_created;
    r.pipeline_hits = ps.pipeline_hits;
    r.shaders_compiled = ps.shaders_compiled;
    r.shaders_from_disk = ps.shaders_from_disk;
    r.ubershader_draws = ps.ubershader_draws;
    r.gpu_vertex_draws = rs.gpu_vertex_draws;
    r.compute_raster_draws = rs.compute_raster_draws;
    r.compute_raster_dispatches = rs.compute_raster_dispatches;
    r.compute_raster_barriers = rs.compute_raster_barriers;
    r.compute_raster_binned = rs.compute_raster_binned;
    r.compute_raster_cut = rs.compute_raster_cut;
    r.compute_raster_over_budget = rs.compute_raster_over_budget;
    r.compute_raster_measured = rs.compute_raster_measured;
    r.compute_raster_binned_groups = impl_->rasterizer.compute_raster_feedback().raster_groups();
    r.compute_raster_bin_marks = impl_->rasterizer.compute_raster_feedback().bin_marks();
    r.compute_raster_compiled = ps.compute_raster_compiled;
    r.compute_raster_from_disk = ps.compute_raster_from_disk;
    r.compute_raster_gpu_vertex_draws = rs.compute_raster_gpu_vertex_draws;
    r.vertex_prepasses_compiled = ps.vertex_prepasses_compiled;
    r.vertex_prepasses_from_disk = ps.vertex_prepasses_from_disk;
    r.most_compiles_at_once = ps.most_compiles_at_once;
    r.pipelines_built_ahead = ps.pipelines_built_ahead;
    r.vertex_fallbacks = rs.vertex_fallbacks;
    r.compute_raster_fallbacks = rs.compute_raster_fallbacks;
    r.vertex_programs_compiled = ps.vertex_programs_compiled;
    r.vertex_programs_from_disk = ps.vertex_programs_from_disk;
    r.submissions = impl_->scheduler.submissions();
    r.idle_submissions = rs.idle_submissions;
    r.gpu_time_ns = impl_->scheduler.gpu_time_ns();
    r.gpu_waits = impl_->scheduler.gpu_waits();
    r.gpu_wait_ns = impl_->scheduler.gpu_wait_ns();
    r.mid_frame_waits = impl_->scheduler.mid_frame_waits();
    r.mid_frame_wait_ns = impl_->scheduler.mid_frame_wait_ns();
    r.spun_waits = impl_->scheduler.spun_waits();
    r.host_read_barriers = impl_->scheduler.host_read_barriers();
    r.surface_uploads = impl_->surfaces.stats().uploads;
    r.surface_writebacks = impl_->surfaces.stats().writebacks;
    r.fill_clears = impl_->surfaces.stats().fill_clears;
    r.lut_uploads = impl_->rasterizer.lut_uploads();
    r.block_uploads = impl_->rasterizer.block_uploads();
    r.key_rebuilds = impl_->rasterizer.key_rebuilds();
    r.readback_bytes = impl_->surfaces.stats().readback_bytes;
    r.gpu_transfers = impl_->surfaces.stats().gpu_transfers;
    r.transfer_fallbacks = impl_->surfaces.stats().transfer_fallbacks;
    r.render_to_texture = impl_->surfaces.stats().render_to_texture;
    r.prefetched_writebacks = impl_->surfaces.stats().prefetched_writebacks;
    r.gpu_decoded_uploads = impl_->surfaces.stats().gpu_decoded_uploads;
    r.decode_copies = impl_->surfaces.stats().decode_copies;
    r.texture_hash_bytes = impl_->surfaces.stats().texture_hash_bytes;
    r.texture_hash_copies = impl_->surfaces.stats().hashed_copies;
    r.partial_fill_clears = impl_->surfaces.stats().partial_fill_clears;
    r.render_pass_clears = impl_->surfaces.stats().render_pass_clears;
    r.fills_off_guest = impl_->surfaces.stats().fills_off_guest;
    r.guest_fill_writebacks = impl_->surfaces.stats().guest_fill_writebacks;
    r.compute_passes = impl_->surfaces.stats().compute_passes;
    r.depth_word_loads = impl_->surfaces.stats().depth_word_loads;
    r.depth_word_stores = impl_->surfaces.stats().depth_word_stores;
    r.depth_word_fills = impl_->surfaces.stats().depth_word_fills;
    r.depth_fills_in_words = impl_->surfaces.stats().depth_fills_in_words;
    r.passes_side_by_side = impl_->surfaces.stats().passes_side_by_side;
    r.storage_promotions = impl_->surfaces.stats().storage_promotions;
    r.reinterpretations = impl_->surfaces.stats().reinterpretations;
    r.custom_dumped = impl_->surfaces.stats().custom_dumped;
    r.custom_replaced = impl_->surfaces.stats().custom_replaced;
    r.custom_waits = impl_->surfaces.stats().custom_waits;
    r.custom_cache_loads = impl_->surfaces.custom_cache_loads();
    r.filtered_textures = impl_->surfaces.stats().filtered;
    r.validation_messages = impl_->device.validation_messages();
    r.pipelines_unlisted = ps.pipelines_unlisted;
    const PresentStats& p = impl_->presenter.stats();
    r.presented_frames = p.presented;
    r.present_skipped = p.skipped;
    r.present_uploads = p.pixel_uploads;
    r.composed_images = p.composed_images;
    r.composed_readbacks = p.composed_rgba;
    r.readback_bytes += p.readback_bytes;
    return r;
}

} // namespace picavk::vk
