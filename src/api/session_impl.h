#pragma once

// The session's private state, shared by session.cpp (memory, registers, command lists),
// present.cpp (screens) and trace_replay.cpp (CiTrace replay and recording).

#include "picavk/session.h"

#include "owned_guest_memory.h"

#include "custom_textures/texture_dumper.h"
#include "custom_textures/texture_pack.h"
#include "pica/command/command_processor.h"
#include "pica/geometry/geometry_pipeline.h"
#include "pica/host_workers.h"
#include "pica/regs/reg_ids.h"
#include "pica/thread_count.h"
#include "pica/trace/citrace.h"
#include "pica/transfer/external_regs.h"
#include "pica/transfer/transfer_engine.h"
#include "shadergen/fragment_config.h"
#include "vk/present/screen_presenter.h"
#include "vk/renderer.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string_view>

namespace picavk {

using pica::PAddr;

struct Trace::Impl {
    pica::CiTrace trace;
    // Names this parse for replay_frame: a Trace freed and another parsed at the same address
    // must not continue the first one's stepping.
    std::uint64_t serial = 0;
};

struct Session::Impl : pica::CommandHandler, pica::ExternalHandler {
    OwnedGuestMemory owned_vram, owned_fcram; // Session(fcram_size, ...): its own memory
    pica::MemoryView memory;
    pica::PicaState state;
    pica::Diagnostics diagnostics;
    pica::GeometryPipeline geometry{state, memory, diagnostics};
    pica::GeometryBatch batch;
    std::uint64_t draws = 0;
    // The GPU vertex path (RendererConfig::vertex_shaders) and the draw it plans.
    bool vertex_shaders_on_gpu = true;
    void set_vertex_shaders(VertexShaders where) {
        vertex_shaders_on_gpu = where == VertexShaders::Gpu;
        geometry.set_cpu_shader_engine(where == VertexShaders::CpuInterpreter
                                           ? pica::CpuShaderEngine::Interpreter
                                           : pica::CpuShaderEngine::Batched);
    }
    std::uint32_t gpu_min_draw = 1; // RendererConfig::gpu_vertex_min_draw, resolved
    void set_gpu_min_draw(std::uint32_t n) {
        gpu_min_draw = n != 0 ? n : (renderer && renderer->cpu_device() ? 192 : 16);
    }
    // The configuration's TextureDecode, unless PICAVK_TEXTURE_DECODE=gpu or cpu overrides it
    // (tests run the texturing suites down both paths with it).
    static TextureDecode initial_texture_decode(TextureDecode configured) {
        const char* env = std::getenv("PICAVK_TEXTURE_DECODE");
        if (env && std::string_view(env) == "gpu") return TextureDecode::Gpu;
        if (env && std::string_view(env) == "cpu") return TextureDecode::Cpu;
        return configured;
    }
    // TextureDecode resolved for this device.
    void set_texture_decode(TextureDecode where) {
        if (!renderer) return;
        renderer->set_gpu_texture_decode(
            where == TextureDecode::Auto ? !renderer->cpu_device() : where == TextureDecode::Gpu);
    }
    pica::GpuVertexDraw gpu_draw;
    pica::CommandProcessor processor{state, memory, diagnostics, this};
    pica::ExternalRegisters external{diagnostics};
    // Custom textures (Session::set_custom_textures), declared before the renderer that holds
    // pointers to them, so that it is destroyed first.
    CustomTextureConfig custom_config;
    std::string cache_dir; // RendererConfig::cache_dir: where a converted pack is looked for
    std::unique_ptr<custom_textures::TexturePack> texture_pack;
    std::unique_ptr<custom_textures::TextureDumper> texture_dumper;
    void set_custom_textures(const CustomTextureConfig& c);
    // RendererConfig::host_threads: before the renderer, which holds it.
    std::unique_ptr<pica::HostWorkers> workers;
    std::unique_ptr<vk::Renderer> renderer;
    std::optional<pica::CiTrace> recording;

    // --- the threading contract (session.h): one call at a time
    std::recursive_mutex mutex;
    bool timing = false; // a Call is timing: nested ones (replay, the demo) do not
    // Locks the session for one public call and adds its time to the frame's (FrameStats). Calls
    // made once per register (write_gpu_register) are not timed: two clock reads would cost
    // ten times the write (BM_SessionWriteGpuRegister); the work a register write starts
    // (command lists, transfers, fills) times itself in its handler.
    struct Call {
        Impl& impl;
        std::unique_lock<std::recursive_mutex> lock;
        bool timed = false;
        explicit Call(Impl& i, bool time_it = true) : impl(i), lock(i.mutex) {
            if (time_it && !impl.timing) {
                impl.timing = timed = true;
                impl.timing_start = std::chrono::steady_clock::now();
            }
        }
        ~Call() {
            if (!timed) return;
            impl.timing = false;
            impl.add_call_time();
        }
        Call(const Call&) = delete;
        Call& operator=(const Call&) = delete;
    };

    // --- messages
    std::function<void(LogLevel, const std::string&)> log_sink;
    LogLevel log_min = LogLevel::Warning;
    void log(LogLevel level, const std::string& message) {
        if (level < log_min) return;
        if (log_sink) {
            log_sink(level, message);
            return;
        }
        static constexpr const char* kNames[] = {"debug", "info", "warning", "error"};
        std::fprintf(stderr, "picavk: %s: %s\n", kNames[static_cast<int>(level)], message.c_str());
    }

    // --- frames
    std::uint64_t frames = 0;
    double frame_cpu_ms = 0;
    // The outermost timed call's time so far goes to the frame; a frame that ends inside a call
    // (replay's frame markers) takes its share, and the call's rest goes to the next frame.
    std::chrono::steady_clock::time_point timing_start;
    void add_call_time() {
        const auto now = std::chrono::steady_clock::now();
        frame_cpu_ms += std::chrono::duration<double, std::milli>(now - timing_start).count();
        timing_start = now;
    }
    // Runs the embedder's callback from inside a timed call (replay's on_frame): its time is not
    // picavk's, and the Session calls it makes are timed on their own.
    template <class Fn>
    void run_untimed(Fn&& fn) {
        if (!timing) {
            fn();
            return;
        }
        add_call_time();
        timing = false;
        struct Resume {
            Impl& impl;
            ~Resume() {
                impl.timing = true;
                impl.timing_start = std::chrono::steady_clock::now();
            }
        } resume{*this};
        fn();
    }
    FrameStats last_frame;
    RendererCounters frame_start_renderer;
    GeometryCounters frame_start_geometry;
    std::uint64_t frame_start_warnings = 0;
    RendererCounters renderer_counters() const;
    GeometryCounters geometry_counters() const {
        const pica::GeometryStats& g = geometry.stats();
        return {draws,       g.vs_invocations, g.gs_invocations,
                g.triangles, g.shader_batches, g.shader_reruns};
    }
    void close_frame();

    // --- presentation
    PresentOptions present_options;
    std::function<void(const vk::OverlayTarget&)> overlay;
    // The screens as the LCD registers show them now, placed for a target of this size.
    vk::Composition composition(std::uint32_t width, std::uint32_t height);
    // An LCD framebuffer decoded from guest memory at 1x, stored (rotated) orientation, RGBA8
    // with alpha 255 (written back first where the GPU holds it newer); empty when it lies
    // outside guest memory (warned).
    std::vector<std::uint8_t> decode_lcd(const pica::LcdFramebuffer& lcd);

    explicit Impl(pica::MemoryView m, const RendererConfig& config)
        : memory(m), workers(std::make_unique<pica::HostWorkers>(
                         pica::HostWorkers::threads_for(config.host_threads))) {
        external.set_handler(this);
        diagnostics.set_sink([this](pica::Warning w, const std::string& message) {
            log(LogLevel::Warning, std::string(pica::warning_name(w)) + ": " + message);
        });
        set_vertex_shaders(config.vertex_shaders);
        if (config.enabled) {
            vk::RendererOptions o;
            o.scale = std::clamp<std::uint32_t>(config.scale, 1, 10);
            o.device_index = config.device;
            o.validation = config.validation;
            o.pipeline_statistics = config.pipeline_statistics;
            o.window_system = config.window_system;
            o.cache_dir = config.cache_dir;
            cache_dir = config.cache_dir;
            o.compile_mode = static_cast<vk::CompileMode>(config.shader_compile);
            o.collect_only = config.collect_keys_only;
            renderer = std::make_unique<vk::Renderer>(o, memory, diagnostics);
            renderer->set_host_workers(workers.get());
            // RendererConfig::compile_threads: by host, all threads but the drawing one, at
            // most 4; at most 16.
            renderer->set_compile_threads(
                pica::thread_count({"PICAVK_COMPILE_THREADS", 1, 4, 16}, config.compile_threads));
            if (config.build_listed_pipelines && !config.collect_keys_only)
                renderer->build_listed_pipelines();
            set_gpu_min_draw(config.gpu_vertex_min_draw);
            set_texture_decode(initial_texture_decode(config.texture_decode));
            renderer->set_guest_writes_reported(config.guest_writes_reported);
            renderer->set_frames_in_flight(config.frames_in_flight);
            set_custom_textures(config.custom_textures);
            renderer->set_texture_filter(static_cast<std::uint8_t>(config.texture_filter));
            log(LogLevel::Info,
                "rendering on " + renderer->device_name() + " at scale " + std::to_string(o.scale));
        }
    }

    // --- draw capture (Session::set_draw_capture)
    struct Capture {
        CapturedDraw info;
        pica::Regs regs;
        shadergen::FragmentConfig config{};
    };
    bool capture = false;
    std::vector<Capture> capturing, captured;
    void render(const pica::DrawVertices& vertices) {
        if (!capture) {
            if (renderer) renderer->draw(state.regs, state.luts, vertices);
            return;
        }
        Capture c;
        c.info.index = static_cast<std::uint32_t>(capturing.size());
        c.regs = state.regs;
        const std::uint64_t before = renderer ? renderer->stats().draws : 0;
        if (renderer) renderer->draw(state.regs, state.luts, vertices);
        c.info.rendered = renderer && renderer->stats().draws > before;
        if (c.info.rendered) {
            c.config = renderer->last_fragment();
            c.info.shader_key = shadergen::hash(c.config);
        }
        // The vertices shaded (on the CPU, or fetched by the GPU path) and the triangles.
        const bool on_cpu = vertices.batch || !batch.indices.empty();
        c.info.vertices = on_cpu ? batch.vertices.size() : vertices.gpu->vertex_count;
        c.info.triangles = (on_cpu ? batch.indices.size() : vertices.gpu->indices.size()) / 3;
        capturing.push_back(std::move(c));
    }
    void render_batch() { render(pica::DrawVertices{&batch, nullptr, {}}); }

    // --- command processor triggers
    void draw(bool indexed) {
        ++draws;
        if (renderer && vertex_shaders_on_gpu && draw_on_gpu(indexed)) return;
        geometry.draw(indexed, batch);
        render_batch();
        batch.clear();
    }
    // The GPU vertex path: the draw planned and offered to the renderer, which draws it with
    // the host's vertex stage or has the CPU shade it after all (shade_on_cpu). False: the CPU
    // path must run it (a geometry shader, a primitive carried from the last draw; counted).
    bool draw_on_gpu(bool indexed) {
        // A small draw goes to the CPU before its stream is read for the GPU (draw() reads it
        // again), unless a geometry shader or a carried primitive sends it there anyway (the
        // reason counted). A draw of no vertex is planned, and refused there.
        const std::uint32_t count = state.regs[pica::GPUREG_NUMVERTICES];
        if (count != 0 && count < gpu_min_draw &&
            geometry.gpu_path_blocker() == pica::GeometryPipeline::GpuPlan::Planned) {
            renderer->count_vertex_fallback(pica::VertexFallback::SmallDraw);
            return false;
        }
        switch (geometry.plan_gpu_draw(indexed, gpu_draw)) {
        case pica::GeometryPipeline::GpuPlan::Planned:
            break;
        case pica::GeometryPipeline::GpuPlan::Unusable:
            return true; // refused either way, and warned once
        case pica::GeometryPipeline::GpuPlan::GeometryShader:
            renderer->count_vertex_fallback(pica::VertexFallback::GeometryShader);
            return false;
        case pica::GeometryPipeline::GpuPlan::CarriedPrimitive:
            renderer->count_vertex_fallback(pica::VertexFallback::CarriedPrimitive);
            return false;
        }
        bool shaded_on_cpu = false;
        render(pica::DrawVertices{nullptr, &gpu_draw, [&]() -> const pica::GeometryBatch& {
                                      shaded_on_cpu = true;
                                      geometry.draw(indexed, batch);
                                      return batch;
                                  }});
        if (!shaded_on_cpu) geometry.commit_gpu_draw(batch);
        batch.clear();
        return true;
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
        if (renderer && vertex_shaders_on_gpu)
            renderer->count_vertex_fallback(pica::VertexFallback::ImmediateMode);
        render_batch();
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
        const Call timed(*this);
        // What run_memory_fill writes: nothing unless started, from a non-zero start, inside
        // guest memory.
        const PAddr start = f.start << 3, end = f.end << 3;
        const bool fills =
            (f.control & 1) && f.start != 0 && end > start && memory.contains(start, end - start);
        // Where a render target takes it whole, guest memory gets it only when the CPU side
        // asks (flush_region, read_memory), as it gets what draws write.
        const bool held = renderer && fills && renderer->before_fill(f);
        if (!held) pica::run_memory_fill(memory, f, diagnostics);
        if (renderer && fills) renderer->after_fill(f, held);
    }
    static std::size_t copy_span(std::uint32_t total, std::uint32_t lines_reg) {
        const std::uint32_t width = (lines_reg & 0xFFFF) * 16, gap = (lines_reg >> 16) * 16;
        if (width == 0 || gap == 0) return total;
        return std::size_t{total} + std::size_t{total / width + 1} * gap;
    }
    void on_transfer(const pica::TransferRegs& t) override {
        const Call timed(*this);
        // Between cached surfaces the GPU does it at the scale; guest memory is written back
        // later, if the CPU side ever reads it.
        if (renderer && renderer->gpu_transfer(t)) return;
        const PAddr in = t.input_addr << 3, out = t.output_addr << 3;
        std::size_t in_size, out_size;
        if (t.flags & pica::TransferFlags::kTextureCopy) {
            const std::uint32_t total = t.copy_size & ~0xFu;
            in_size = copy_span(total, t.copy_input);
            out_size = copy_span(total, t.copy_output);
        } else {
            in_size = std::size_t{t.input_dim & 0xFFFF} * (t.input_dim >> 16) * 4;
            out_size = std::size_t{t.output_dim & 0xFFFF} * (t.output_dim >> 16) * 4;
        }
        // The CPU path: surfaces the GPU holds newer go back to guest memory first (counted).
        if (renderer && renderer->flush_range(in, in_size)) renderer->count_transfer_fallback();
        before_write(out, out_size);
        pica::run_transfer(memory, t, diagnostics);
        after_write(out, out_size);
    }
    void on_command_list(PAddr address, std::uint32_t size_bytes) override {
        const Call timed(*this);
        processor.run_guest(address, size_bytes);
    }
    void on_internal_register(std::uint32_t id, std::uint32_t value) override {
        processor.write_register(id, value);
    }

    // --- presentation
    ScreenImage screen(Screen which);
    // The LCD framebuffer a screen shows: for Screen::TopRight the right eye's in 3D mode, else
    // the left eye's (also, with a counted warning, when 3D mode names no right-eye buffer or
    // one outside guest memory).
    pica::LcdFramebuffer shown_lcd(Screen which);
    // The top screen's right-eye framebuffer where the LCD is in 3D mode and it is usable; none
    // in 2D mode, or (with a counted warning when `warn`) when 3D mode names no buffer, one
    // outside guest memory, or the wide mode's size.
    std::optional<pica::LcdFramebuffer> right_eye(bool warn);

    // --- traces
    // Owned guest memory nothing has written yet (still all zero): a replay need not clear it.
    bool memory_pristine = false;
    void reset_to_power_on();
    void load_initial_state(const pica::CiTrace& t);
    void run_element(Session& session, const pica::CiTrace& t, const pica::CiTraceElement& e);
    // replay_frame's place in a trace: the next element to run and the frame it belongs to.
    struct Stepping {
        std::uint64_t trace = 0; // Trace::Impl::serial; 0: none
        std::size_t element = 0, next_frame = 0;
    };
    Stepping stepping;
    pica::CiTrace snapshot() const;
};

} // namespace picavk
