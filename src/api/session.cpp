#include "picavk/session.h"

#include "pica/command_processor.h"
#include "pica/demo_scene.h"
#include "pica/geometry_pipeline.h"
#include "pica/register_dump.h"

namespace picavk {

namespace {
// Runs every draw trigger through the geometry stage. Until the Vulkan rasterizer consumes the
// batches, they are counted and dropped at the end of each submission.
struct GeometryHandler : pica::CommandHandler {
    pica::GeometryPipeline& geometry;
    pica::GeometryBatch batch;
    std::uint64_t draws = 0;
    explicit GeometryHandler(pica::GeometryPipeline& g) : geometry(g) {}
    void on_draw_arrays() override {
        ++draws;
        geometry.draw(false, batch);
    }
    void on_draw_elements() override {
        ++draws;
        geometry.draw(true, batch);
    }
    void on_immediate_vertex(std::span<const pica::AttributeValue> a) override {
        geometry.immediate_vertex(a, batch);
    }
    void on_restart_primitive() override { geometry.restart_primitive(); }
};
} // namespace

struct Session::Impl {
    std::vector<std::uint8_t> owned_vram, owned_fcram;
    pica::MemoryView memory;
    pica::PicaState state;
    pica::Diagnostics diagnostics;
    pica::GeometryPipeline geometry{state, memory, diagnostics};
    GeometryHandler handler{geometry};
    pica::CommandProcessor processor{state, memory, diagnostics, &handler};

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
    const SubmitResult r = to_public(impl_->processor.run(words));
    impl_->handler.batch.clear();
    return r;
}

SubmitResult Session::submit_guest(std::uint32_t physical_address, std::uint32_t size_bytes) {
    const SubmitResult r = to_public(impl_->processor.run_guest(physical_address, size_bytes));
    impl_->handler.batch.clear();
    return r;
}

GeometryCounters Session::geometry_counters() const {
    const pica::GeometryStats& g = impl_->geometry.stats();
    return {impl_->handler.draws, g.vs_invocations, g.gs_invocations, g.triangles};
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
