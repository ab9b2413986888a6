#pragma once

// A CiTrace replayed at the hardware-model level, without a session or a renderer: the trace's
// initial state (registers, shaders, uniforms, fixed attributes) loaded, its memory loads
// copied into guest memory and its external register writes run (command lists through a
// CommandProcessor). Draws, immediate-mode vertices and primitive restarts go to the virtual
// hooks. Used by the corpus geometry test and the geometry-shader benchmark.

#include "pica/command/command_handler.h"
#include "pica/command/command_processor.h"
#include "pica/regs/number_formats.h"
#include "pica/regs/reg_ids.h"
#include "pica/trace/citrace.h"
#include "pica/transfer/external_regs.h"

#include <algorithm>
#include <memory>
#include <vector>

namespace picavk::test {

class PicaTraceReplayer : public pica::CommandHandler, public pica::ExternalHandler {
  public:
    PicaTraceReplayer()
        : memory_(std::make_unique<pica::GuestMemory>()), view_(memory_->view()),
          processor_(state_, view_, diag_, this), external_(diag_) {
        external_.set_handler(this);
    }

    // Replays frames [0, frames) of `t` (all with ~0u).
    void replay(const pica::CiTrace& t, std::size_t frames = ~std::size_t{0}) {
        external_.set_command_list_size_in_bytes(t.citra_register_layout);
        external_.load(t.gpu_registers, t.lcd_registers);
        for (std::size_t i = 0; i < std::min<std::size_t>(t.pica_registers.size(), pica::kRegCount);
             ++i)
            state_.regs[i] = t.pica_registers[i];
        // Triggers in a snapshot start nothing (as Session's trace replay).
        for (std::uint32_t id :
             {pica::GPUREG_FINALIZE, pica::GPUREG_DRAWARRAYS, pica::GPUREG_DRAWELEMENTS,
              pica::GPUREG_FRAMEBUFFER_FLUSH, pica::GPUREG_FRAMEBUFFER_INVALIDATE,
              pica::GPUREG_CMDBUF_JUMP0, pica::GPUREG_CMDBUF_JUMP1, pica::GPUREG_EARLYDEPTH_CLEAR})
            state_.regs[id] = 0;
        load_shader(state_.vs, t.vs_program, t.vs_swizzle, t.vs_float_uniforms);
        load_shader(state_.gs, t.gs_program, t.gs_swizzle, t.gs_float_uniforms);
        for (std::size_t i = 0;
             i + 3 < t.default_attributes.size() && i / 4 < state_.fixed_attributes.size(); i += 4)
            for (std::size_t c = 0; c < 4; ++c)
                state_.fixed_attributes[i / 4][c] =
                    pica::f24_to_float(t.default_attributes[i + c] & 0xFFFFFF);
        std::size_t frame = 0;
        for (const pica::CiTraceElement& e : t.stream) {
            if (e.type == pica::CiTraceElement::Type::MemoryLoad) {
                if (std::uint8_t* p = view_.pointer(e.address, e.data_size))
                    std::copy_n(t.data.begin() + e.data_offset, e.data_size, p);
            } else if (e.type == pica::CiTraceElement::Type::RegisterWrite) {
                external_.write(e.address, e.value);
            } else if (++frame == frames) {
                break;
            }
        }
    }

    pica::PicaState& state() { return state_; }
    pica::GuestMemory& memory() { return *memory_; }
    const pica::MemoryView& view() const { return view_; }

  protected:
    // Hooks: a draw with the state as the command list left it.
    virtual void draw(bool indexed) { (void)indexed; }
    virtual void immediate_vertex(std::span<const pica::AttributeValue> attributes) {
        (void)attributes;
    }
    virtual void restart_primitive() {}

  private:
    static void load_shader(pica::ShaderSetup& s, const std::vector<std::uint32_t>& code,
                            const std::vector<std::uint32_t>& swizzle,
                            const std::vector<std::uint32_t>& uniforms) {
        std::copy_n(code.begin(), std::min(code.size(), s.code.size()), s.code.begin());
        std::copy_n(swizzle.begin(), std::min(swizzle.size(), s.opdescs.size()), s.opdescs.begin());
        for (std::size_t i = 0; i + 3 < uniforms.size() && i / 4 < s.float_uniforms.size(); i += 4)
            for (std::size_t c = 0; c < 4; ++c)
                s.float_uniforms[i / 4][c] = pica::f24_to_float(uniforms[i + c] & 0xFFFFFF);
        ++s.program_version;
        ++s.float_uniforms_version;
    }
    void on_draw_arrays() override { draw(false); }
    void on_draw_elements() override { draw(true); }
    void on_immediate_vertex(std::span<const pica::AttributeValue> a) override {
        immediate_vertex(a);
    }
    void on_restart_primitive() override { restart_primitive(); }
    void on_memory_fill(const pica::MemoryFillRegs&) override {}
    void on_transfer(const pica::TransferRegs&) override {}
    void on_command_list(pica::PAddr address, std::uint32_t size_bytes) override {
        processor_.reset();
        processor_.run_guest(address, size_bytes);
    }
    void on_internal_register(std::uint32_t id, std::uint32_t value) override {
        processor_.write_register(id, value);
    }

    std::unique_ptr<pica::GuestMemory> memory_;
    pica::MemoryView view_;
    pica::PicaState state_;
    pica::Diagnostics diag_;
    pica::CommandProcessor processor_;
    pica::ExternalRegisters external_;
};

} // namespace picavk::test
