// BM_ShaderUnitGeometryDraw...: geometry-shader invocations per second through the CPU
// geometry stage (vertex shader, GS feed, geometry shader, EMIT assembly) on the largest
// geometry-shader draw of a corpus trace: the 3ds-examples `particles` (points expanded to
// quads) and `geoshader` programs, as the trace left register state, shaders and guest memory
// at that draw. Each runs on the interpreter and on the batched unit, so their ratio comes from
// one run.
#include "pica/geometry/geometry_pipeline.h"

#include "../tests/pica/pica_trace_replayer.h"

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

// The first frames of a trace, keeping a copy of the largest geometry-shader draw.
class Capture final : public picavk::test::PicaTraceReplayer {
  public:
    CapturedDraw best;

  private:
    void draw(bool indexed) override {
        const std::uint32_t n = state().regs[GPUREG_NUMVERTICES];
        if ((state().regs[GPUREG_GEOSTAGE_CONFIG] & 3) != 2 || n <= best.vertices) return;
        best.memory = std::make_unique<GuestMemory>(memory());
        best.state = std::make_unique<PicaState>(state());
        best.indexed = indexed;
        best.vertices = n;
    }
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
    if (read_citrace(bytes, trace, diag).empty()) {
        Capture c;
        c.replay(trace, 3);
        draw = std::move(c.best);
    }
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
