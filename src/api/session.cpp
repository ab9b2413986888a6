#include "picavk/session.h"

#include "pica/citrace.h"
#include "pica/command_processor.h"
#include "pica/demo_scene.h"
#include "pica/external_regs.h"
#include "pica/geometry_pipeline.h"
#include "pica/number_formats.h"
#include "pica/register_dump.h"
#include "pica/regs/reg_ids.h"
#include "pica/texel_formats.h"
#include "pica/transfer_engine.h"
#include "vk/device.h"
#include "vk/renderer.h"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <map>
#include <optional>

namespace picavk {

using pica::PAddr;

struct Trace::Impl {
    pica::CiTrace trace;
};
Trace::Trace() : impl_(std::make_unique<Impl>()) {}
Trace::~Trace() = default;
std::size_t Trace::frames() const {
    return impl_->trace.frame_count();
}
std::size_t Trace::elements() const {
    return impl_->trace.stream.size();
}

std::unique_ptr<Trace> Trace::parse(std::span<const std::uint8_t> file, std::string& error,
                                    std::vector<std::string>* repairs) {
    pica::Diagnostics diag;
    diag.set_sink([&](pica::Warning, const std::string& m) {
        if (repairs) repairs->push_back(m);
    });
    std::unique_ptr<Trace> t(new Trace());
    error = pica::read_citrace(file, t->impl_->trace, diag);
    if (!error.empty()) return nullptr;
    return t;
}

struct Session::Impl : pica::CommandHandler, pica::ExternalHandler {
    std::vector<std::uint8_t> owned_vram, owned_fcram;
    pica::MemoryView memory;
    pica::PicaState state;
    pica::Diagnostics diagnostics;
    pica::GeometryPipeline geometry{state, memory, diagnostics};
    pica::GeometryBatch batch;
    std::uint64_t draws = 0;
    pica::CommandProcessor processor{state, memory, diagnostics, this};
    pica::ExternalRegisters external{diagnostics};
    std::unique_ptr<vk::Renderer> renderer;
    // Display transfers by destination address: the present path finds scaled sources here.
    std::map<PAddr, pica::TransferRegs> display_transfers;
    std::optional<pica::CiTrace> recording;

    explicit Impl(pica::MemoryView m, const RendererConfig& config) : memory(m) {
        external.set_handler(this);
        diagnostics.set_sink([](pica::Warning w, const std::string& message) {
            std::fprintf(stderr, "picavk: warning: %s: %s\n", pica::warning_name(w),
                         message.c_str());
        });
        if (config.enabled) {
            vk::RendererOptions o;
            o.scale = std::clamp<std::uint32_t>(config.scale, 1, 8);
            o.device_index = config.device;
            o.validation = config.validation;
            o.cache_dir = config.cache_dir;
            o.compile_mode = static_cast<vk::CompileMode>(config.shader_compile);
            renderer = std::make_unique<vk::Renderer>(o, memory, diagnostics);
        }
    }

    // --- command processor triggers
    void draw(bool indexed) {
        ++draws;
        geometry.draw(indexed, batch);
        if (renderer) renderer->draw(state.regs, state.luts, batch);
        batch.clear();
    }
    void on_draw_arrays() override { draw(false); }
    void on_draw_elements() override { draw(true); }
    void on_immediate_vertex(std::span<const pica::AttributeValue> a) override {
        geometry.immediate_vertex(a, batch);
    }
    // Immediate-mode triangles are drawn when their primitive ends (RESTART_PRIMITIVE) or the
    // list does.
    void flush_immediate() {
        if (batch.indices.empty()) return;
        if (renderer) renderer->draw(state.regs, state.luts, batch);
        batch.clear();
    }
    void on_restart_primitive() override {
        flush_immediate();
        geometry.restart_primitive();
    }
    void on_finalize() override { flush_immediate(); }
    void on_framebuffer_flush() override {
        if (renderer) renderer->flush_framebuffer(state.regs);
    }

    // --- guest memory coherence around CPU-side writers
    void before_write(PAddr address, std::size_t size) {
        if (renderer) renderer->flush_range(address, size);
    }
    void after_write(PAddr address, std::size_t size) {
        if (renderer) renderer->invalidate_range(address, size);
    }

    // --- external registers
    void on_memory_fill(const pica::MemoryFillRegs& f) override {
        const PAddr start = f.start << 3, end = f.end << 3;
        if (renderer && end > start) renderer->before_fill(start, end);
        pica::run_memory_fill(memory, f, diagnostics);
        if (renderer && end > start) renderer->after_fill(start, end);
    }
    static std::size_t copy_span(std::uint32_t total, std::uint32_t lines_reg) {
        const std::uint32_t width = (lines_reg & 0xFFFF) * 16, gap = (lines_reg >> 16) * 16;
        if (width == 0 || gap == 0) return total;
        return std::size_t{total} + std::size_t{total / width + 1} * gap;
    }
    void on_transfer(const pica::TransferRegs& t) override {
        const PAddr in = t.input_addr << 3, out = t.output_addr << 3;
        std::size_t in_size, out_size;
        if (t.flags & pica::TransferFlags::kTextureCopy) {
            const std::uint32_t total = t.copy_size & ~0xFu;
            in_size = copy_span(total, t.copy_input);
            out_size = copy_span(total, t.copy_output);
        } else {
            in_size = std::size_t{t.input_dim & 0xFFFF} * (t.input_dim >> 16) * 4;
            out_size = std::size_t{t.output_dim & 0xFFFF} * (t.output_dim >> 16) * 4;
            display_transfers[out] = t;
        }
        if (renderer) renderer->flush_range(in, in_size);
        before_write(out, out_size);
        pica::run_transfer(memory, t, diagnostics);
        after_write(out, out_size);
    }
    void on_command_list(PAddr address, std::uint32_t size_bytes) override {
        processor.run_guest(address, size_bytes);
    }
    void on_internal_register(std::uint32_t id, std::uint32_t value) override {
        processor.write_register(id, value);
    }

    // --- presentation
    ScreenImage screen(Screen which);

    // --- traces
    void load_initial_state(const pica::CiTrace& t);
    pica::CiTrace snapshot() const;
};

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

// Stored LCD framebuffers are rotated: stored row r is screen column r (left to right), and
// stored column c is screen row (width - 1 - c), bottom pixel first (3dbrew LCD; Azahar draws the
// screen texture rotated the same way).
ScreenImage rotate_upright(const std::vector<std::uint8_t>& stored, std::uint32_t stored_w,
                           std::uint32_t stored_h) {
    ScreenImage img;
    img.width = stored_h;
    img.height = stored_w;
    img.rgba.resize(std::size_t{img.width} * img.height * 4);
    for (std::uint32_t y = 0; y < img.height; ++y)
        for (std::uint32_t x = 0; x < img.width; ++x)
            std::memcpy(&img.rgba[(std::size_t{y} * img.width + x) * 4],
                        &stored[(std::size_t{x} * stored_w + (stored_w - 1 - y)) * 4], 4);
    return img;
}
} // namespace

ScreenImage Session::Impl::screen(Screen which) {
    if (!renderer) return {};
    const pica::LcdFramebuffer lcd = external.lcd(static_cast<pica::Screen>(which));
    const std::uint32_t n = renderer->scale();
    const std::uint32_t w = lcd.width, h = lcd.height;
    std::vector<std::uint8_t> stored;
    if (lcd.color_fill) {
        stored.resize(std::size_t{w} * n * h * n * 4);
        for (std::size_t i = 0; i < stored.size(); i += 4) {
            stored[i] = static_cast<std::uint8_t>(lcd.fill_rgb);
            stored[i + 1] = static_cast<std::uint8_t>(lcd.fill_rgb >> 8);
            stored[i + 2] = static_cast<std::uint8_t>(lcd.fill_rgb >> 16);
            stored[i + 3] = 0xFF;
        }
        return rotate_upright(stored, w * n, h * n);
    }
    // At scale, a plain display transfer of a rendered colour buffer is shown from the scaled
    // surface itself (same size, no flip, crop or downscale; formats with all three colour
    // channels), so the screen keeps the render resolution.
    auto it = display_transfers.find(lcd.address);
    if (it != display_transfers.end()) {
        const pica::TransferRegs& t = it->second;
        const std::uint32_t plain_mask =
            pica::TransferFlags::kFlipVertical | pica::TransferFlags::kLinearToTiled |
            pica::TransferFlags::kCrop | pica::TransferFlags::kNoTilingConversion | (3u << 24);
        if (!(t.flags & plain_mask) && t.input_dim == t.output_dim &&
            (t.output_dim & 0xFFFF) == w && (t.output_dim >> 16) == h &&
            lcd.stride == w * pica::bits_per_pixel(pica::texture_format(lcd.format)) / 8) {
            stored = renderer->read_color_surface(t.input_addr << 3, w, h);
            if (!stored.empty()) return rotate_upright(stored, w * n, h * n);
        }
    }
    // Otherwise from guest memory (written back first), at 1x, repeated to the scale.
    const std::uint32_t bpp = pica::bits_per_pixel(pica::texture_format(lcd.format)) / 8;
    const std::uint32_t stride = lcd.stride ? lcd.stride : w * bpp;
    const std::size_t bytes = std::size_t{stride} * (h - 1) + std::size_t{w} * bpp;
    renderer->flush_range(lcd.address, bytes);
    stored.assign(std::size_t{w} * n * h * n * 4, 0);
    const std::uint8_t* src = memory.pointer(lcd.address, bytes);
    if (src) {
        for (std::uint32_t y = 0; y < h * n; ++y) {
            for (std::uint32_t x = 0; x < w * n; ++x) {
                const std::uint8_t* p =
                    src + std::size_t{y / n} * stride + std::size_t{x / n} * bpp;
                const pica::Rgba8 c = pica::decode_texel(pica::texture_format(lcd.format), p);
                std::uint8_t* d = &stored[(std::size_t{y} * w * n + x) * 4];
                d[0] = c.r;
                d[1] = c.g;
                d[2] = c.b;
                d[3] = 0xFF;
            }
        }
    } else {
        diagnostics.warn(pica::Warning::InvalidExternalWrite, [&] {
            return "LCD framebuffer at " + pica::hex_string(lcd.address) +
                   " is outside guest memory; the screen shows black";
        });
    }
    return rotate_upright(stored, w * n, h * n);
}

void Session::Impl::load_initial_state(const pica::CiTrace& t) {
    external.load(t.gpu_registers, t.lcd_registers);
    // Register state without side effects: triggers in a snapshot start nothing.
    for (std::size_t i = 0; i < std::min<std::size_t>(t.pica_registers.size(), pica::kRegCount);
         ++i)
        state.regs[i] = t.pica_registers[i];
    for (std::uint32_t id :
         {pica::GPUREG_FINALIZE, pica::GPUREG_DRAWARRAYS, pica::GPUREG_DRAWELEMENTS,
          pica::GPUREG_FRAMEBUFFER_FLUSH, pica::GPUREG_FRAMEBUFFER_INVALIDATE,
          pica::GPUREG_CMDBUF_JUMP0, pica::GPUREG_CMDBUF_JUMP1, pica::GPUREG_EARLYDEPTH_CLEAR})
        state.regs[id] = 0;
    auto load_shader = [](pica::ShaderSetup& s, const std::vector<std::uint32_t>& code,
                          const std::vector<std::uint32_t>& swizzle,
                          const std::vector<std::uint32_t>& uniforms) {
        std::copy_n(code.begin(), std::min(code.size(), s.code.size()), s.code.begin());
        std::copy_n(swizzle.begin(), std::min(swizzle.size(), s.opdescs.size()), s.opdescs.begin());
        // One float24 word per component (old Citra wrote x, y, z, w; w may be garbage).
        for (std::size_t i = 0; i + 3 < uniforms.size() && i / 4 < s.float_uniforms.size(); i += 4)
            for (std::size_t c = 0; c < 4; ++c)
                s.float_uniforms[i / 4][c] = pica::f24_to_float(uniforms[i + c] & 0xFFFFFF);
        ++s.program_version;
        s.float_uniforms_dirty = true;
    };
    load_shader(state.vs, t.vs_program, t.vs_swizzle, t.vs_float_uniforms);
    load_shader(state.gs, t.gs_program, t.gs_swizzle, t.gs_float_uniforms);
    for (std::size_t i = 0;
         i + 3 < t.default_attributes.size() && i / 4 < state.fixed_attributes.size(); i += 4)
        for (std::size_t c = 0; c < 4; ++c)
            state.fixed_attributes[i / 4][c] =
                pica::f24_to_float(t.default_attributes[i + c] & 0xFFFFFF);
}

pica::CiTrace Session::Impl::snapshot() const {
    pica::CiTrace t;
    t.gpu_registers.assign(external.gpu_words().begin(), external.gpu_words().end());
    t.lcd_registers.assign(external.lcd_words().begin(), external.lcd_words().end());
    t.pica_registers.assign(state.regs.words.begin(), state.regs.words.end());
    auto save_shader = [](const pica::ShaderSetup& s, std::vector<std::uint32_t>& code,
                          std::vector<std::uint32_t>& swizzle,
                          std::vector<std::uint32_t>& uniforms) {
        code.assign(s.code.begin(), s.code.end());
        swizzle.assign(s.opdescs.begin(), s.opdescs.end());
        for (const auto& u : s.float_uniforms)
            for (float c : u)
                uniforms.push_back(pica::float_to_f24(c));
    };
    save_shader(state.vs, t.vs_program, t.vs_swizzle, t.vs_float_uniforms);
    save_shader(state.gs, t.gs_program, t.gs_swizzle, t.gs_float_uniforms);
    for (const auto& a : state.fixed_attributes)
        for (float c : a)
            t.default_attributes.push_back(pica::float_to_f24(c));
    return t;
}

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

std::string Session::replay(const Trace& trace, const std::function<void(std::size_t)>& on_frame) {
    const pica::CiTrace& t = trace.impl_->trace;
    impl_->load_initial_state(t);
    impl_->external.set_command_list_size_in_bytes(t.citra_register_layout);
    std::size_t frame = 0;
    for (const pica::CiTraceElement& e : t.stream) {
        switch (e.type) {
        case pica::CiTraceElement::Type::MemoryLoad:
            write_memory(e.address, std::span(t.data).subspan(e.data_offset, e.data_size));
            break;
        case pica::CiTraceElement::Type::RegisterWrite:
            impl_->external.write(e.address, e.value);
            break;
        case pica::CiTraceElement::Type::FrameMarker:
            end_frame();
            if (on_frame) on_frame(frame);
            ++frame;
            break;
        }
    }
    impl_->external.set_command_list_size_in_bytes(false);
    return {};
}

void Session::start_recording() {
    impl_->recording = impl_->snapshot();
}

std::vector<std::uint8_t> Session::stop_recording() {
    if (!impl_->recording) return {};
    std::vector<std::uint8_t> file = pica::write_citrace(*impl_->recording);
    impl_->recording.reset();
    return file;
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
    c.pipelines_created = s.pipelines_created;
    c.pipeline_cache_hits = s.pipeline_hits;
    c.shaders_compiled = s.shaders_compiled;
    c.shaders_from_disk = s.shaders_from_disk;
    c.ubershader_draws = s.ubershader_draws;
    c.submissions = s.submissions;
    c.surface_uploads = s.surface_uploads;
    c.surface_writebacks = s.surface_writebacks;
    c.fill_clears = s.fill_clears;
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
    return pica::build_demo_scene().commands;
}
std::vector<std::uint8_t> demo_vertex_data() {
    return pica::build_demo_scene().vertex_data;
}
std::uint32_t demo_vertex_address() {
    return pica::DemoScene::kVertexAddress;
}

} // namespace picavk
