// Every corpus trace through two geometry pipelines in lockstep, one on the batched shader unit
// and one on the interpreter: after every draw and immediate-mode vertex their host vertices
// (every semantic, bit for bit; a NaN equals any NaN), triangles, counters and warnings must be
// the same. Games' programs, layouts, index buffers and geometry shaders, without a renderer.
#include "pica_trace_replayer.h"

#include "pica/geometry/geometry_pipeline.h"

#include <doctest/doctest.h>

#include <bit>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

using namespace picavk;

namespace {

bool same(float a, float b) {
    return (std::isnan(a) && std::isnan(b)) ||
           std::bit_cast<std::uint32_t>(a) == std::bit_cast<std::uint32_t>(b);
}

class Lockstep final : public test::PicaTraceReplayer {
  public:
    Lockstep() {
        batched_.set_cpu_shader_engine(pica::CpuShaderEngine::Batched);
        reference_.set_cpu_shader_engine(pica::CpuShaderEngine::Interpreter);
    }
    std::uint64_t events = 0, vertices = 0, mismatches = 0;
    const pica::GeometryStats& stats() const { return batched_.stats(); }

  private:
    void draw(bool indexed) override {
        start();
        batched_.draw(indexed, out_[0]);
        reference_.draw(indexed, out_[1]);
        compare("draw");
    }
    void immediate_vertex(std::span<const pica::AttributeValue> a) override {
        start();
        batched_.immediate_vertex(a, out_[0]);
        reference_.immediate_vertex(a, out_[1]);
        compare("immediate vertex");
    }
    void restart_primitive() override {
        batched_.restart_primitive();
        reference_.restart_primitive();
    }
    void start() {
        out_[0].clear();
        out_[1].clear();
        ++events;
    }
    void compare(const char* what) {
        const pica::GeometryBatch &a = out_[0], &b = out_[1];
        bool ok = a.vertices.size() == b.vertices.size() && a.indices == b.indices &&
                  diag_[0].total() == diag_[1].total();
        for (std::size_t v = 0; v < a.vertices.size() && ok; ++v)
            for (unsigned s = 0; s < pica::OutputVertex::kSemantics && ok; ++s)
                ok = same(a.vertices[v].attr[s], b.vertices[v].attr[s]);
        const pica::GeometryStats &x = batched_.stats(), &y = reference_.stats();
        ok = ok && x.vs_invocations == y.vs_invocations && x.gs_invocations == y.gs_invocations &&
             x.triangles == y.triangles && x.vertices_submitted == y.vertices_submitted;
        vertices += a.vertices.size();
        if (!ok && ++mismatches <= 5)
            FAIL_CHECK(what << " " << events << ": the batched unit's " << a.vertices.size()
                            << " vertices and " << a.indices.size() << " indices differ from the "
                            << "interpreter's " << b.vertices.size() << " and "
                            << b.indices.size());
    }

    pica::Diagnostics diag_[2];
    pica::GeometryPipeline batched_{state(), view(), diag_[0]};
    pica::GeometryPipeline reference_{state(), view(), diag_[1]};
    pica::GeometryBatch out_[2];
};

} // namespace

TEST_CASE("corpus geometry: the batched shader unit and the interpreter agree on every draw") {
    unsigned traces = 0;
    std::uint64_t gs = 0, batches = 0, reruns = 0;
    for (const auto& entry : std::filesystem::directory_iterator(PICAVK_CORPUS_DIR)) {
        if (entry.path().extension() != ".ctf") continue;
        CAPTURE(entry.path().filename().string());
        std::ifstream f(entry.path(), std::ios::binary);
        const std::vector<std::uint8_t> bytes((std::istreambuf_iterator<char>(f)),
                                              std::istreambuf_iterator<char>());
        pica::CiTrace trace;
        pica::Diagnostics diag;
        REQUIRE(pica::read_citrace(bytes, trace, diag).empty());
        Lockstep run;
        run.replay(trace);
        CHECK(run.mismatches == 0);
        CHECK(run.events > 0);
        ++traces;
        gs += run.stats().gs_invocations;
        batches += run.stats().shader_batches;
        reruns += run.stats().shader_reruns;
    }
    MESSAGE(traces, " traces; ", batches, " batches (", reruns, " invocations run again), ", gs,
            " geometry-shader invocations");
    CHECK(traces >= 10);
    CHECK(gs > 0);      // the corpus has geometry shaders
    CHECK(batches > 0); // and draws large enough to batch
}
