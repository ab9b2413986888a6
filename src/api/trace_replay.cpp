// CiTrace replay and recording through a session (docs/citrace.md).
#include "session_impl.h"

#include "pica/regs/number_formats.h"
#include "pica/regs/reg_ids.h"

#include <atomic>
#include <cstring>

namespace picavk {

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
    static std::atomic<std::uint64_t> serials{0};
    std::unique_ptr<Trace> t(new Trace());
    t->impl_->serial = ++serials;
    error = pica::read_citrace(file, t->impl_->trace, diag);
    if (!error.empty()) return nullptr;
    return t;
}

void Session::Impl::reset_to_power_on() {
    // What a trace does not carry (registers past a short snapshot, the LUTs, guest memory it
    // does not load, a pending jump) must read as in a fresh session, or a trace replayed after
    // another builds other keys and pixels (seen: a light turned directional, a cube map
    // skipped). Guest memory is zeroed unless nothing can have written it yet.
    if (renderer) renderer->discard_all();
    if (!memory_pristine) {
        if (owned_vram.span().data() == memory.vram().data()) {
            // The session's own memory: its pages handed back, not 134 MiB written
            // (owned_guest_memory.h).
            owned_vram.zero();
            owned_fcram.zero();
        } else {
            // memset, not a fill loop: under AddressSanitizer a byte loop over 134 MiB took
            // over a second per replay (picavk-render.soak replays 500 times there).
            std::memset(memory.vram().data(), 0, memory.vram().size());
            std::memset(memory.fcram().data(), 0, memory.fcram().size());
        }
    }
    // Program and uniform versions only grow: caches keyed by them (the decoded programs, the
    // vertex unit's uniforms) must not meet an old version again.
    const std::uint64_t vs_version = state.vs.program_version;
    const std::uint64_t gs_version = state.gs.program_version;
    const std::uint64_t vs_uniforms = state.vs.float_uniforms_version;
    const std::uint64_t gs_uniforms = state.gs.float_uniforms_version;
    state = pica::PicaState{};
    state.vs.program_version = vs_version + 1;
    state.gs.program_version = gs_version + 1;
    state.vs.float_uniforms_version = vs_uniforms + 1;
    state.gs.float_uniforms_version = gs_uniforms + 1;
    state.luts.lighting_dirty = (1u << pica::LutState::kLightingTables) - 1;
    state.luts.other_dirty = 0x7F; // every DirtyBit
    processor.reset();
    geometry.restart_primitive();
    batch.clear();
}

void Session::Impl::load_initial_state(const pica::CiTrace& t) {
    reset_to_power_on();
    memory_pristine = false;
    external.load(t.gpu_registers, t.lcd_registers);
    // Register state without side effects: triggers in a snapshot start nothing.
    pica::load_citrace_state(t, state);
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

void Session::Impl::run_element(Session& session, const pica::CiTrace& t,
                                const pica::CiTraceElement& e) {
    switch (e.type) {
    case pica::CiTraceElement::Type::MemoryLoad:
        session.write_memory(e.address, std::span(t.data).subspan(e.data_offset, e.data_size));
        break;
    case pica::CiTraceElement::Type::RegisterWrite:
        external.write(e.address, e.value);
        break;
    case pica::CiTraceElement::Type::FrameMarker:
        session.end_frame();
        break;
    }
}

std::string Session::replay(const Trace& trace, const std::function<void(std::size_t)>& on_frame) {
    const Impl::Call call(*impl_);
    const pica::CiTrace& t = trace.impl_->trace;
    impl_->load_initial_state(t);
    impl_->stepping = {};
    impl_->external.set_command_list_size_in_bytes(t.citra_register_layout);
    std::size_t frame = 0;
    for (const pica::CiTraceElement& e : t.stream) {
        impl_->run_element(*this, t, e);
        if (e.type == pica::CiTraceElement::Type::FrameMarker) {
            if (on_frame) impl_->run_untimed([&] { on_frame(frame); });
            ++frame;
        }
    }
    impl_->external.set_command_list_size_in_bytes(false);
    return {};
}

bool Session::replay_frame(const Trace& trace, std::size_t frame) {
    const Impl::Call call(*impl_);
    const pica::CiTrace& t = trace.impl_->trace;
    Impl::Stepping& st = impl_->stepping;
    if (st.trace != trace.impl_->serial || frame != st.next_frame) {
        // Anything but the next frame starts again from the initial state.
        impl_->load_initial_state(t);
        st = {trace.impl_->serial, 0, 0};
    }
    const bool unfinished =
        !t.stream.empty() && t.stream.back().type != pica::CiTraceElement::Type::FrameMarker;
    if (frame > trace.frames() || (frame == trace.frames() && !unfinished)) return false;
    impl_->external.set_command_list_size_in_bytes(t.citra_register_layout);
    while (st.next_frame <= frame && st.element < t.stream.size()) {
        const pica::CiTraceElement& e = t.stream[st.element++];
        impl_->run_element(*this, t, e);
        if (e.type == pica::CiTraceElement::Type::FrameMarker) ++st.next_frame;
    }
    impl_->external.set_command_list_size_in_bytes(false);
    return st.next_frame > frame || (frame == trace.frames() && st.element == t.stream.size());
}

void Session::start_recording() {
    const Impl::Call call(*impl_);
    // A trace carries guest memory as the CPU side sees it: what the GPU holds newer goes back.
    if (impl_->renderer) impl_->renderer->flush_all();
    impl_->recording = impl_->snapshot();
}

std::vector<std::uint8_t> Session::stop_recording() {
    const Impl::Call call(*impl_);
    if (!impl_->recording) return {};
    std::vector<std::uint8_t> file = pica::write_citrace(*impl_->recording);
    impl_->recording.reset();
    return file;
}

} // namespace picavk
