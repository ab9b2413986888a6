#pragma once

// A CiTrace replayed at the hardware-model level, without a session or a renderer: the trace's
// initial state (registers, shaders, uniforms, fixed attributes) loaded, its memory loads
// copied into guest memory and its external register writes run (command lists through a
// CommandProcessor). Draws, immediate-mode vertices and primitive restarts go to the virtual
// hooks. Used by the corpus geometry test and the geometry-shader benchmark.

#include "pica/command/command_handler.h"
#include "pica/command/command_processor.h"
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
        pica::load_citrace_state(t, state_);
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
