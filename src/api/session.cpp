#include "session_impl.h"

#include "pica/regs/reg_ids.h"
#include "pica/regs/register_dump.h"
#include "scenes/demo_scene.h"
#include "vk/device.h"

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
}

Session::Session(std::span<std::uint8_t> vram, std::span<std::uint8_t> fcram,
                 const RendererConfig& renderer)
    : impl_(std::make_unique<Impl>(pica::MemoryView(vram, fcram), renderer)) {}

Session::~Session() = default;

std::span<std::uint8_t> Session::vram() {
    return impl_->memory.vram();
}
std::span<std::uint8_t> Session::fcram() {
    return impl_->memory.fcram();
}

bool Session::write_memory(std::uint32_t address, std::span<const std::uint8_t> bytes) {
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
    if (!impl_->memory.contains(address, out.size())) return false;
    if (impl_->renderer) impl_->renderer->flush_range(address, out.size());
    return impl_->memory.read(address, out.data(), out.size());
}

bool Session::flush_region(std::uint32_t address, std::uint32_t size) {
    if (!impl_->memory.contains(address, size)) return false;
    if (impl_->renderer) impl_->renderer->flush_range(address, size);
    return true;
}

bool Session::prefetch_region(std::uint32_t address, std::uint32_t size) {
    if (!impl_->memory.contains(address, size)) return false;
    if (impl_->renderer) impl_->renderer->prefetch_range(address, size);
    return true;
}

bool Session::invalidate_region(std::uint32_t address, std::uint32_t size) {
    if (!impl_->memory.contains(address, size)) return false;
    impl_->after_write(address, size);
    return true;
}

bool Session::write_gpu_register(std::uint32_t address, std::uint32_t value) {
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
    return impl_->external.read(address);
}

SubmitResult Session::submit(std::span<const std::uint32_t> words) {
    if (impl_->recording)
        impl_->diagnostics.warn(pica::Warning::UnsupportedFeature,
                                "command lists from host memory cannot be recorded in a CiTrace; "
                                "use submit_guest or the P3D registers");
    const SubmitResult r = to_public(impl_->processor.run(words));
    impl_->flush_immediate();
    return r;
}

SubmitResult Session::submit_guest(std::uint32_t address, std::uint32_t size_bytes) {
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
    if (impl_->recording) impl_->recording->add_frame_marker();
    if (impl_->renderer) impl_->renderer->finish();
}

void Session::wait_for_shader_compiles() {
    if (impl_->renderer) impl_->renderer->wait_for_compiles();
}

ScreenImage Session::screen(Screen which) {
    return impl_->screen(which);
}

GeometryCounters Session::geometry_counters() const {
    const pica::GeometryStats& g = impl_->geometry.stats();
    return {impl_->draws, g.vs_invocations, g.gs_invocations, g.triangles};
}

bool Session::has_renderer() const {
    return impl_->renderer != nullptr;
}

std::string Session::device_name() const {
    return impl_->renderer ? impl_->renderer->device_name() : std::string();
}

RendererCounters Session::renderer_counters() const {
    RendererCounters c;
    if (!impl_->renderer) return c;
    const vk::RendererStats s = impl_->renderer->stats();
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
    c.partial_fill_clears = s.partial_fill_clears;
    c.reinterpretations = s.reinterpretations;
    c.validation_messages = s.validation_messages;
    return c;
}

std::string Session::dump_registers(bool only_nonzero) const {
    return pica::dump_registers(impl_->state.regs, only_nonzero);
}

std::uint32_t Session::read_register(std::uint32_t id) const {
    return id < pica::kRegCount ? impl_->state.regs[id] : 0;
}

std::uint64_t Session::warning_count() const {
    return impl_->diagnostics.total();
}

void Session::set_warning_sink(std::function<void(const std::string&)> sink) {
    impl_->diagnostics.set_sink([sink = std::move(sink)](pica::Warning w, const std::string& m) {
        if (sink) sink(std::string(pica::warning_name(w)) + ": " + m);
    });
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
