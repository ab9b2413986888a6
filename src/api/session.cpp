#include "session_impl.h"

#include "pica/regs/reg_ids.h"
#include "shadergen/fragment_config.h"
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
    OwnedGuestMemory vram(pica::MemoryView::kVramSize), fcram(fcram_size);
    impl_ = std::make_unique<Impl>(pica::MemoryView(vram.span(), fcram.span()), renderer);
    impl_->owned_vram = std::move(vram); // moving keeps the pages: the view stays valid
    impl_->owned_fcram = std::move(fcram);
    impl_->memory_pristine = true; // zero-filled
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
    if (!bytes.empty())
        pica::parallel_copy(impl_->workers.get(), impl_->memory.pointer(address, bytes.size()),
                            bytes.data(), bytes.size());
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
                  g.triangles - frame_start_geometry.triangles,
                  g.shader_batches - frame_start_geometry.shader_batches,
                  g.shader_reruns - frame_start_geometry.shader_reruns};
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

void Session::wait_for_gpu() {
    const Impl::Call call(*impl_);
    if (impl_->renderer) impl_->renderer->wait_for_gpu();
}

void Session::wait_for_custom_textures() {
    const Impl::Call call(*impl_);
    if (impl_->texture_pack) impl_->texture_pack->wait_idle();
    if (impl_->texture_dumper) impl_->texture_dumper->wait_idle();
}

ScreenImage Session::screen(Screen which) {
    const Impl::Call call(*impl_);
    return impl_->screen(which);
}

bool Session::top_is_stereo() {
    const Impl::Call call(*impl_);
    const auto right = impl_->right_eye(false);
    return right && right->address != impl_->external.lcd(pica::Screen::Top).address;
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

} // namespace picavk
