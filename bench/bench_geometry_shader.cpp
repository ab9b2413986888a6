// BM_ShaderUnitGeometryDraw...: geometry-shader invocations per second through the CPU
// geometry stage (vertex shader, GS feed, geometry shader, EMIT assembly) on the largest
// geometry-shader draw of a corpus trace: the 3ds-examples `particles` (points expanded to
// quads) and `geoshader` programs, as the trace left register state, shaders and guest memory
// at that draw. Each runs on the interpreter and on the batched unit, so their ratio comes from
// one run.
#include "pica/command/command_handler.h"
#include "pica/command/command_processor.h"
#include "pica/geometry/geometry_pipeline.h"
#include "pica/regs/number_formats.h"
#include "pica/regs/reg_ids.h"
#include "pica/trace/citrace.h"
#include "pica/transfer/external_regs.h"

#include <benchmark/benchmark.h>

#include <fstream>
#include <iterator>
#include <map>
#include <memory>
#include <string>

using namespace picavk::pica;

namespace {

// One draw as the trace left it: registers, shaders, fixed attributes and guest memory.
struct CapturedDraw {
    std::unique_ptr<GuestMemory> memory;
    std::unique_ptr<PicaState> state;
    bool indexed = false;
    std::uint32_t vertices = 0;
};

// Replays a trace's first frames at the hardware-model level and keeps a copy of the largest
// geometry-shader draw.
class Replayer final : CommandHandler, ExternalHandler {
  public:
    explicit Replayer(const CiTrace& t)
        : memory_(std::make_unique<GuestMemory>()), view_(memory_->view()),
          processor_(state_, view_, diag_, this), external_(diag_) {
        external_.set_handler(this);
        external_.set_command_list_size_in_bytes(t.citra_register_layout);
        external_.load(t.gpu_registers, t.lcd_registers);
        for (std::size_t i = 0; i < std::min<std::size_t>(t.pica_registers.size(), kRegCount); ++i)
            state_.regs[i] = t.pica_registers[i];
        for (std::uint32_t id : {GPUREG_FINALIZE, GPUREG_DRAWARRAYS, GPUREG_DRAWELEMENTS})
            state_.regs[id] = 0;
        load_shader(state_.vs, t.vs_program, t.vs_swizzle, t.vs_float_uniforms);
        load_shader(state_.gs, t.gs_program, t.gs_swizzle, t.gs_float_uniforms);
        for (std::size_t i = 0;
             i + 3 < t.default_attributes.size() && i / 4 < state_.fixed_attributes.size(); i += 4)
            for (std::size_t c = 0; c < 4; ++c)
                state_.fixed_attributes[i / 4][c] =
                    f24_to_float(t.default_attributes[i + c] & 0xFFFFFF);
        std::size_t frames = 0;
        for (const CiTraceElement& e : t.stream) {
            if (e.type == CiTraceElement::Type::MemoryLoad) {
                if (std::uint8_t* p = view_.pointer(e.address, e.data_size))
                    std::copy_n(t.data.begin() + e.data_offset, e.data_size, p);
            } else if (e.type == CiTraceElement::Type::RegisterWrite) {
                external_.write(e.address, e.value);
            } else if (++frames == 3) {
                break;
            }
        }
    }
    CapturedDraw take() { return std::move(best_); }

  private:
    static void load_shader(ShaderSetup& s, const std::vector<std::uint32_t>& code,
                            const std::vector<std::uint32_t>& swizzle,
                            const std::vector<std::uint32_t>& uniforms) {
        std::copy_n(code.begin(), std::min(code.size(), s.code.size()), s.code.begin());
        std::copy_n(swizzle.begin(), std::min(swizzle.size(), s.opdescs.size()), s.opdescs.begin());
        for (std::size_t i = 0; i + 3 < uniforms.size() && i / 4 < s.float_uniforms.size(); i += 4)
            for (std::size_t c = 0; c < 4; ++c)
                s.float_uniforms[i / 4][c] = f24_to_float(uniforms[i + c] & 0xFFFFFF);
        ++s.program_version;
        ++s.float_uniforms_version;
    }
    void draw(bool indexed) {
        const std::uint32_t n = state_.regs[GPUREG_NUMVERTICES];
        if ((state_.regs[GPUREG_GEOSTAGE_CONFIG] & 3) != 2 || n <= best_.vertices) return;
        best_.memory = std::make_unique<GuestMemory>(*memory_);
        best_.state = std::make_unique<PicaState>(state_);
        best_.indexed = indexed;
        best_.vertices = n;
    }
    void on_draw_arrays() override { draw(false); }
    void on_draw_elements() override { draw(true); }
    void on_memory_fill(const MemoryFillRegs&) override {}
    void on_transfer(const TransferRegs&) override {}
    void on_command_list(PAddr address, std::uint32_t size_bytes) override {
        processor_.reset();
        processor_.run_guest(address, size_bytes);
    }
    void on_internal_register(std::uint32_t id, std::uint32_t value) override {
        processor_.write_register(id, value);
    }

    std::unique_ptr<GuestMemory> memory_;
    MemoryView view_;
    PicaState state_;
    Diagnostics diag_;
    CommandProcessor processor_;
    ExternalRegisters external_;
    CapturedDraw best_;
};

const CapturedDraw& captured(const std::string& name) {
    static std::map<std::string, CapturedDraw> cache;
    auto it = cache.find(name);
    if (it != cache.end()) return it->second;
    std::ifstream f(std::string(PICAVK_CORPUS_DIR) + "/" + name + ".ctf", std::ios::binary);
    const std::vector<std::uint8_t> bytes((std::istreambuf_iterator<char>(f)),
                                          std::istreambuf_iterator<char>());
    CiTrace trace;
    Diagnostics diag;
    CapturedDraw draw;
    if (read_citrace(bytes, trace, diag).empty()) draw = Replayer(trace).take();
    return cache.emplace(name, std::move(draw)).first->second;
}

void run(benchmark::State& state, const char* name, CpuShaderEngine engine) {
    const CapturedDraw& d = captured(name);
    if (!d.state) {
        state.SkipWithError("no geometry-shader draw in the trace");
        return;
    }
    PicaState pica = *d.state; // the pipeline's own copy
    GuestMemory memory = *d.memory;
    Diagnostics diag;
    GeometryPipeline pipeline(pica, memory.view(), diag);
    pipeline.set_cpu_shader_engine(engine);
    GeometryBatch batch;
    for (auto _ : state) {
        batch.clear();
        pipeline.draw(d.indexed, batch);
        benchmark::DoNotOptimize(batch.vertices.data());
    }
    if (pipeline.stats().gs_invocations == 0)
        state.SkipWithError("the draw ran no geometry shader");
    state.SetItemsProcessed(static_cast<std::int64_t>(pipeline.stats().gs_invocations));
    state.counters["gs_per_draw"] = static_cast<double>(pipeline.stats().gs_invocations) /
                                    static_cast<double>(state.iterations());
    state.counters["vertices_out"] = static_cast<double>(batch.vertices.size());
    state.counters["draw_vertices"] = d.vertices;
    state.counters["mode"] = d.state->regs[GPUREG_GSH_MISC0] & 0xFF;
}

void BM_ShaderUnitGeometryDrawParticles(benchmark::State& state) {
    run(state, "particles", CpuShaderEngine::Batched);
}
void BM_ShaderUnitGeometryDrawParticlesInterpreter(benchmark::State& state) {
    run(state, "particles", CpuShaderEngine::Interpreter);
}
void BM_ShaderUnitGeometryDrawGeoshader(benchmark::State& state) {
    run(state, "geoshader", CpuShaderEngine::Batched);
}
void BM_ShaderUnitGeometryDrawGeoshaderInterpreter(benchmark::State& state) {
    run(state, "geoshader", CpuShaderEngine::Interpreter);
}
BENCHMARK(BM_ShaderUnitGeometryDrawParticles);
BENCHMARK(BM_ShaderUnitGeometryDrawParticlesInterpreter);
BENCHMARK(BM_ShaderUnitGeometryDrawGeoshader);
BENCHMARK(BM_ShaderUnitGeometryDrawGeoshaderInterpreter);

} // namespace
