#include "picavk/session.h"

#include "pica/command_processor.h"
#include "pica/demo_scene.h"
#include "pica/register_dump.h"

namespace picavk {

struct Session::Impl {
    std::vector<std::uint8_t> owned_vram, owned_fcram;
    pica::MemoryView memory;
    pica::PicaState state;
    pica::Diagnostics diagnostics;
    pica::CommandProcessor processor{state, memory, diagnostics};

    explicit Impl(pica::MemoryView m) : memory(m) {}
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
} // namespace

Session::Session(std::uint32_t fcram_size) {
    std::vector<std::uint8_t> vram(pica::MemoryView::kVramSize), fcram(fcram_size);
    impl_ = std::make_unique<Impl>(pica::MemoryView(vram, fcram));
    impl_->owned_vram =
        std::move(vram); // moving a vector keeps its buffer, so the view stays valid
    impl_->owned_fcram = std::move(fcram);
}

Session::Session(std::span<std::uint8_t> vram, std::span<std::uint8_t> fcram)
    : impl_(std::make_unique<Impl>(pica::MemoryView(vram, fcram))) {}

Session::~Session() = default;

std::span<std::uint8_t> Session::vram() {
    return impl_->memory.vram();
}
std::span<std::uint8_t> Session::fcram() {
    return impl_->memory.fcram();
}

SubmitResult Session::submit(std::span<const std::uint32_t> words) {
    return to_public(impl_->processor.run(words));
}

SubmitResult Session::submit_guest(std::uint32_t physical_address, std::uint32_t size_bytes) {
    return to_public(impl_->processor.run_guest(physical_address, size_bytes));
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
