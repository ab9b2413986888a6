#include "session_impl.h"

#include "pica/regs/reg_ids.h"
#include "pica/regs/register_dump.h"
#include "scenes/demo_scene.h"
#include "shadergen/fragment_config.h"
#include "shadergen/glsl_generator.h"
#include "vk/device/device.h"

#include <cstring>

namespace picavk {

namespace {
SubmitResult to_public(const pica::CommandProcessor::Result& r) {
    SubmitResult s;
    s.finalized = r.status == pica::CommandProcessor::Status::Finalized;
    s.error = r.status == pica::CommandProcessor::Status::Error;
    s.commands = r.commands;
    s.register_writes = r.register_writes;
    s.jumps = r.jumps;
    s.message = r.message;
    return s;
}

} // namespace

Session::Session(std::uint32_t fcram_size, const RendererConfig& renderer) {
    std::vector<std::uint8_t> vram(pica::MemoryView::kVramSize), fcram(fcram_size);
    impl_ = std::make_unique<Impl>(pica::MemoryView(vram, fcram), renderer);
    impl_->owned_vram = std::move(vram); // moving a vector keeps its buffer: the view stays valid
    impl_->owned_fcram = std::move(fcram);
    impl_->memory_pristine = true; // zero-filled vectors
}

Session::Session(std::span<std::uint8_t> vram, std::span<std::uint8_t> fcram,
                 const RendererConfig& renderer)
    : impl_(std::make_unique<Impl>(pica::MemoryView(vram, fcram), renderer)) {}

Session::~Session() = default;

std::span<std::uint8_t> Session::vram() {
    const Impl::Call call(*impl_);
    impl_->memory_pristine = false; // the caller may write guest memory
    return impl_->memory.vram();
}
std::span<std::uint8_t> Session::fcram() {
    const Impl::Call call(*impl_);
    impl_->memory_pristine = false; // the caller may write guest memory
    return impl_->memory.fcram();
}

bool Session::write_memory(std::uint32_t address, std::span<const std::uint8_t> bytes) {
    const Impl::Call call(*impl_);
    impl_->memory_pristine = false;
    if (!impl_->memory.contains(address, bytes.size())) {
        impl_->diagnostics.warn(pica::Warning::TransferOutsideMemory, [&] {
            return "memory write of " + std::to_string(bytes.size()) + " bytes at " +
                   pica::hex_string(address) + " leaves guest memory";
        });
        return false;
    }
    impl_->before_write(address, bytes.size());
    impl_->memory.write(address, bytes.data(), bytes.size());
    impl_->after_write(address, bytes.size());
    if (impl_->recording) impl_->recording->add_memory_load(address, bytes);
    return true;
}

bool Session::read_memory(std::uint32_t address, std::span<std::uint8_t> out) {
    const Impl::Call call(*impl_);
    if (!impl_->memory.contains(address, out.size())) return false;
    if (impl_->renderer) impl_->renderer->flush_range(address, out.size());
    return impl_->memory.read(address, out.data(), out.size());
}

bool Session::flush_region(std::uint32_t address, std::uint32_t size) {
    const Impl::Call call(*impl_);
    impl_->memory_pristine = false;
    if (!impl_->memory.contains(address, size)) return false;
    if (impl_->renderer) impl_->renderer->flush_range(address, size);
    return true;
}

bool Session::prefetch_region(std::uint32_t address, std::uint32_t size) {
    const Impl::Call call(*impl_);
    if (!impl_->memory.contains(address, size)) return false;
    if (impl_->renderer) impl_->renderer->prefetch_range(address, size);
    return true;
}

bool Session::invalidate_region(std::uint32_t address, std::uint32_t size) {
    const Impl::Call call(*impl_);
    impl_->memory_pristine = false;
    if (!impl_->memory.contains(address, size)) return false;
    impl_->after_write(address, size);
    return true;
}

bool Session::write_gpu_register(std::uint32_t address, std::uint32_t value) {
    const Impl::Call call(*impl_, false); // timed by the handler of what it starts
    impl_->memory_pristine = false;
    if (impl_->recording) {
        // Recorded traces use the Citra layout: the command-list size register holds bytes.
        const bool size_reg =
            address == pica::kInternalMirrorBase + 4 * pica::GPUREG_CMDBUF_SIZE0 ||
            address == pica::kInternalMirrorBase + 4 * pica::GPUREG_CMDBUF_SIZE1;
        impl_->recording->add_register_write(address, size_reg ? (value & 0x1FFFFF) << 3 : value);
    }
    return impl_->external.write(address, value);
}

std::uint32_t Session::read_gpu_register(std::uint32_t address) const {
    const Impl::Call call(*impl_, false);
    return impl_->external.read(address);
}

SubmitResult Session::submit(std::span<const std::uint32_t> words) {
    const Impl::Call call(*impl_);
    impl_->memory_pristine = false;
    if (impl_->recording)
        impl_->diagnostics.warn(pica::Warning::UnsupportedFeature,
                                "command lists from host memory cannot be recorded in a CiTrace; "
                                "use submit_guest or the P3D registers");
    const SubmitResult r = to_public(impl_->processor.run(words));
    impl_->flush_immediate();
    return r;
}

SubmitResult Session::submit_guest(std::uint32_t address, std::uint32_t size_bytes) {
    const Impl::Call call(*impl_);
    impl_->memory_pristine = false;
    if (impl_->recording) {
        if (const std::uint8_t* p = impl_->memory.pointer(address, size_bytes))
            impl_->recording->add_memory_load(address, {p, size_bytes});
        impl_->recording->add_register_write(
            pica::kInternalMirrorBase + 4 * pica::GPUREG_CMDBUF_ADDR0, address >> 3);
        impl_->recording->add_register_write(
            pica::kInternalMirrorBase + 4 * pica::GPUREG_CMDBUF_SIZE0, size_bytes);
        impl_->recording->add_register_write(
            pica::kInternalMirrorBase + 4 * pica::GPUREG_CMDBUF_JUMP0, 1);
    }
    const SubmitResult r = to_public(impl_->processor.run_guest(address, size_bytes));
    impl_->flush_immediate();
    return r;
}

void Session::end_frame() {
    const Impl::Call call(*impl_);
    if (impl_->recording) impl_->recording->add_frame_marker();
    if (impl_->renderer) impl_->renderer->finish();
    impl_->close_frame();
    if (impl_->capture) {
        impl_->captured = std::move(impl_->capturing);
        impl_->capturing.clear();
    }
}

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

void Session::Impl::close_frame() {
    const RendererCounters r = renderer_counters();
    const GeometryCounters g = geometry_counters();
    FrameStats f;
    f.frame = ++frames;
    // Every counter is a running total: the frame's share is the difference.
    static_assert(sizeof(RendererCounters) % sizeof(std::uint64_t) == 0);
    constexpr std::size_t kRendererWords = sizeof(RendererCounters) / sizeof(std::uint64_t);
    const auto* now = reinterpret_cast<const std::uint64_t*>(&r);
    const auto* before = reinterpret_cast<const std::uint64_t*>(&frame_start_renderer);
    auto* delta = reinterpret_cast<std::uint64_t*>(&f.renderer);
    for (std::size_t i = 0; i < kRendererWords; ++i)
        delta[i] = now[i] - before[i];
    f.geometry = {g.draws - frame_start_geometry.draws,
                  g.vertex_shader_invocations - frame_start_geometry.vertex_shader_invocations,
                  g.geometry_shader_invocations - frame_start_geometry.geometry_shader_invocations,
                  g.triangles - frame_start_geometry.triangles};
    f.warnings = diagnostics.total() - frame_start_warnings;
    if (timing) add_call_time();
    f.cpu_ms = frame_cpu_ms;
    last_frame = f;
    frame_start_renderer = r;
    frame_start_geometry = g;
    frame_start_warnings = diagnostics.total();
    frame_cpu_ms = 0;
}

void Session::wait_for_shader_compiles() {
    const Impl::Call call(*impl_);
    if (impl_->renderer) impl_->renderer->wait_for_compiles();
}

ScreenImage Session::screen(Screen which) {
    const Impl::Call call(*impl_);
    return impl_->screen(which);
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
    c.gpu_time_ns = s.gpu_time_ns;
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
    c.partial_fill_clears = s.partial_fill_clears;
    c.reinterpretations = s.reinterpretations;
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

void Session::set_warning_sink(std::function<void(const std::string&)> sink) {
    const Impl::Call call(*impl_);
    impl_->diagnostics.set_sink([sink = std::move(sink)](pica::Warning w, const std::string& m) {
        if (sink) sink(std::string(pica::warning_name(w)) + ": " + m);
    });
}

void Session::set_log_sink(std::function<void(LogLevel, const std::string&)> sink,
                           LogLevel min_level) {
    const Impl::Call call(*impl_);
    impl_->log_sink = std::move(sink);
    impl_->log_min = min_level;
    Impl* impl = impl_.get();
    impl_->diagnostics.set_sink([impl](pica::Warning w, const std::string& message) {
        impl->log(LogLevel::Warning, std::string(pica::warning_name(w)) + ": " + message);
    });
}

void Session::set_scale(std::uint32_t scale) {
    const Impl::Call call(*impl_);
    if (!impl_->renderer) return;
    scale = std::clamp<std::uint32_t>(scale, 1, 10);
    if (scale == impl_->renderer->scale()) return;
    impl_->renderer->set_scale(scale);
    impl_->log(LogLevel::Info, "resolution scale " + std::to_string(scale));
}

std::uint32_t Session::scale() const {
    const Impl::Call call(*impl_);
    return impl_->renderer ? impl_->renderer->scale() : 1;
}

void Session::set_vertex_shaders(VertexShaders where, std::uint32_t gpu_min_draw) {
    const Impl::Call call(*impl_, false);
    impl_->vertex_shaders_on_gpu = where == VertexShaders::Gpu;
    impl_->set_gpu_min_draw(gpu_min_draw);
}

void Session::set_texture_decode(TextureDecode where) {
    const Impl::Call call(*impl_, false);
    impl_->set_texture_decode(where);
}

void Session::set_gpu_profile(bool on) {
    const Impl::Call call(*impl_);
    if (impl_->renderer) impl_->renderer->set_gpu_profile(on);
}

GpuProfile Session::gpu_profile() const {
    const Impl::Call call(*impl_);
    GpuProfile out;
    if (!impl_->renderer) return out;
    const vk::GpuTimer& timer = impl_->renderer->gpu_timer();
    out.busy_ns = timer.profiled_busy_ns();
    for (const vk::GpuPassTime& p : timer.passes())
        out.passes.push_back({p.pass, p.ns, p.count});
    return out;
}

void Session::set_shader_compile(ShaderCompile mode) {
    const Impl::Call call(*impl_);
    if (impl_->renderer) impl_->renderer->set_compile_mode(static_cast<vk::CompileMode>(mode));
}

FrameStats Session::last_frame_stats() const {
    const Impl::Call call(*impl_);
    return impl_->last_frame;
}

void Session::set_present_options(const PresentOptions& options) {
    const Impl::Call call(*impl_);
    impl_->present_options = options;
    if (impl_->renderer) impl_->renderer->presenter().set_vsync(options.vsync);
}

PresentOptions Session::present_options() const {
    const Impl::Call call(*impl_);
    return impl_->present_options;
}

PresentResult Session::present() {
    const Impl::Call call(*impl_);
    if (!impl_->renderer) return PresentResult::NoRenderer;
    Impl* impl = impl_.get();
    switch (impl_->renderer->presenter().present(
        [impl](VkExtent2D e) { return impl->composition(e.width, e.height); }, impl_->overlay)) {
    case vk::PresentStatus::Presented:
        return PresentResult::Presented;
    case vk::PresentStatus::Minimised:
        return PresentResult::Minimised;
    case vk::PresentStatus::NoSurface:
    default:
        return PresentResult::NoWindow;
    }
}

void Session::resize_window(std::uint32_t width, std::uint32_t height) {
    const Impl::Call call(*impl_);
    if (impl_->renderer) impl_->renderer->presenter().resize({width, height});
}

ScreenImage Session::compose(std::uint32_t width, std::uint32_t height) {
    const Impl::Call call(*impl_);
    ScreenImage img;
    if (!impl_->renderer || width == 0 || height == 0) return img;
    const vk::Composition c = impl_->composition(width, height);
    img.rgba = impl_->renderer->presenter().compose_rgba(c, {width, height});
    img.width = width;
    img.height = height;
    return img;
}

Version version() {
    return {PICAVK_VERSION_MAJOR, PICAVK_VERSION_MINOR, PICAVK_VERSION_PATCH,
            shadergen::FragmentConfig::kLayoutVersion};
}

std::vector<std::string> vulkan_devices() {
    std::vector<std::string> out;
    for (const vk::PhysicalDeviceInfo& d : vk::Device::enumerate()) {
        static constexpr const char* kTypes[] = {"other", "integrated GPU", "discrete GPU",
                                                 "virtual GPU", "CPU"};
        const char* type = d.type <= VK_PHYSICAL_DEVICE_TYPE_CPU ? kTypes[d.type] : "other";
        out.push_back(d.name + " (" + type + ", Vulkan " +
                      std::to_string(VK_API_VERSION_MAJOR(d.api_version)) + "." +
                      std::to_string(VK_API_VERSION_MINOR(d.api_version)) + ")" +
                      (d.usable ? "" : " unusable"));
    }
    return out;
}

std::vector<std::uint32_t> demo_command_list() {
    return scenes::build_demo_scene().commands;
}
std::vector<std::uint8_t> demo_vertex_data() {
    return scenes::build_demo_scene().vertex_data;
}
std::uint32_t demo_vertex_address() {
    return scenes::DemoScene::kVertexAddress;
}

} // namespace picavk
