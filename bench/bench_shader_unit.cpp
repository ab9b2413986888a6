// BM_ShaderUnit...: vertices per second through the vertex loader and the shader unit (batched
// and interpreted)
// (plus output mapping and assembly) for a typical transform program: a 4x4 position transform,
// a view-space position, normal quaternion, colour and texcoord pass-through - 12 instructions.
#include "pica/geometry/geometry_pipeline.h"
#include "pica/regs/reg_ids.h"

#include "../tests/pica/shader_asm.h"

#include <benchmark/benchmark.h>

#include <cstring>

using namespace picavk::pica;
namespace sh = picavk::test::sh;

namespace {

constexpr std::uint32_t kVertices = 3 * 4096;

struct Scene {
    GuestMemory memory{1u << 20};
    MemoryView view = memory.view();
    PicaState st;
    Diagnostics diag;

    Scene() {
        Regs& r = st.regs;
        r[GPUREG_ATTRIBBUFFERS_LOC] = MemoryView::kVramBase >> 3;
        // Attributes: 0 position float x3, 1 quaternion float x4, 2 texcoord float x2, 3 colour
        // ubyte x4, all in one interleaved buffer of 40 bytes per vertex.
        r[GPUREG_ATTRIBBUFFERS_FORMAT_LOW] =
            (3 | 2 << 2) | (3 | 3 << 2) << 4 | (3 | 1 << 2) << 8 | (1 | 3 << 2) << 12;
        r[GPUREG_ATTRIBBUFFERS_FORMAT_HIGH] = 3u << 28;
        r[GPUREG_ATTRIBBUFFER0_OFFSET] = 0;
        r[GPUREG_ATTRIBBUFFER0_CONFIG1] = 0x3210;
        r[GPUREG_ATTRIBBUFFER0_CONFIG2] = 40u << 16 | 4u << 28;
        float* data = reinterpret_cast<float*>(view.vram().data());
        for (std::uint32_t v = 0; v < kVertices; ++v) {
            float* p = data + v * 10;
            const float f = static_cast<float>(v);
            const float vals[9] = {f, f * 0.5f, 1, 0, 0, 0, 1, f * 0.01f, 0.5f};
            std::memcpy(p, vals, sizeof vals);
            const std::uint8_t rgba[4] = {255, 128, 64, 255};
            std::memcpy(p + 9, rgba, 4);
        }
        r[GPUREG_VSH_INPUTBUFFER_CONFIG] = 3;
        r[GPUREG_VSH_ATTRIBUTES_PERMUTATION_LOW] = 0x3210;
        // c0-c3 projection rows, c4-c6 modelview rows.
        for (unsigned i = 0; i < 7; ++i) {
            st.vs.float_uniforms[i] = {0, 0, 0, 0};
            st.vs.float_uniforms[i][i % 4] = 1.0f + 0.1f * static_cast<float>(i);
        }
        const std::uint32_t d = 0;
        st.vs.opdescs[0] = sh::desc("xyzw");
        st.vs.opdescs[1] = sh::desc("x");
        st.vs.opdescs[2] = sh::desc("y");
        st.vs.opdescs[3] = sh::desc("z");
        st.vs.opdescs[4] = sh::desc("w");
        st.vs.opdescs[5] = sh::desc("xyz", "-xyzw");
        const std::uint32_t code[] = {
            sh::f1(sh::DP4, sh::o(0), sh::c(0), sh::v(0), 1),
            sh::f1(sh::DP4, sh::o(0), sh::c(1), sh::v(0), 2),
            sh::f1(sh::DP4, sh::o(0), sh::c(2), sh::v(0), 3),
            sh::f1(sh::DP4, sh::o(0), sh::c(3), sh::v(0), 4),
            sh::f1(sh::DP4, sh::r(0), sh::c(4), sh::v(0), 1),
            sh::f1(sh::DP4, sh::r(0), sh::c(5), sh::v(0), 2),
            sh::f1(sh::DP4, sh::r(0), sh::c(6), sh::v(0), 3),
            sh::f1(sh::MOV, sh::o(4), sh::r(0), 0, 5),
            sh::f1(sh::MOV, sh::o(1), sh::v(1), 0, d),
            sh::f1(sh::MOV, sh::o(2), sh::v(2), 0, d),
            sh::f1(sh::MOV, sh::o(3), sh::v(3), 0, d),
            sh::op0(sh::END),
        };
        std::memcpy(st.vs.code.data(), code, sizeof code);
        ++st.vs.program_version;
        r[GPUREG_VSH_OUTMAP_MASK] = 0x1F;
        r[GPUREG_SH_OUTMAP_TOTAL] = 5;
        r[GPUREG_SH_OUTMAP_O0] = 0x03020100; // position
        r[GPUREG_SH_OUTMAP_O1] = 0x07060504; // normal quaternion
        r[GPUREG_SH_OUTMAP_O2] = 0x1F1F0D0C; // texcoord0
        r[GPUREG_SH_OUTMAP_O3] = 0x0B0A0908; // colour
        r[GPUREG_SH_OUTMAP_O4] = 0x1F141312; // view
        r[GPUREG_NUMVERTICES] = kVertices;
    }
};

void transform_draw(benchmark::State& state, CpuShaderEngine engine) {
    Scene s;
    GeometryPipeline pipeline(s.st, s.view, s.diag);
    pipeline.set_cpu_shader_engine(engine);
    GeometryBatch batch;
    batch.vertices.reserve(kVertices);
    batch.indices.reserve(kVertices);
    for (auto _ : state) {
        batch.clear();
        pipeline.draw(false, batch);
        benchmark::DoNotOptimize(batch.vertices.data());
    }
    if (s.diag.total() != 0) state.SkipWithError("the benchmark scene produced warnings");
    state.SetItemsProcessed(static_cast<std::int64_t>(kVertices) * state.iterations());
}

// The batched unit (the default engine) and the interpreter it replaced, in one run.
void BM_ShaderUnitTransformDraw(benchmark::State& state) {
    transform_draw(state, CpuShaderEngine::Batched);
}
void BM_ShaderUnitTransformDrawInterpreter(benchmark::State& state) {
    transform_draw(state, CpuShaderEngine::Interpreter);
}
BENCHMARK(BM_ShaderUnitTransformDraw);
BENCHMARK(BM_ShaderUnitTransformDrawInterpreter);

// Draws of 1-16 vertices (argument), 256 per iteration: the batched unit must not lose to the
// interpreter on the small draws games make (a sprite, a quad, a triangle).
void small_draws(benchmark::State& state, CpuShaderEngine engine) {
    Scene s;
    const auto n = static_cast<std::uint32_t>(state.range(0));
    s.st.regs[GPUREG_NUMVERTICES] = n;
    GeometryPipeline pipeline(s.st, s.view, s.diag);
    pipeline.set_cpu_shader_engine(engine);
    GeometryBatch batch;
    constexpr unsigned kDraws = 256;
    batch.vertices.reserve(kDraws * n);
    batch.indices.reserve(kDraws * n);
    for (auto _ : state) {
        batch.clear();
        for (unsigned d = 0; d < kDraws; ++d)
            pipeline.draw(false, batch);
        benchmark::DoNotOptimize(batch.vertices.data());
    }
    if (s.diag.total() != 0) state.SkipWithError("the benchmark scene produced warnings");
    state.SetItemsProcessed(static_cast<std::int64_t>(n) * kDraws * state.iterations());
}
void BM_ShaderUnitSmallDraw(benchmark::State& state) {
    small_draws(state, CpuShaderEngine::Batched);
}
void BM_ShaderUnitSmallDrawInterpreter(benchmark::State& state) {
    small_draws(state, CpuShaderEngine::Interpreter);
}
BENCHMARK(BM_ShaderUnitSmallDraw)->DenseRange(1, 8)->Arg(16);
BENCHMARK(BM_ShaderUnitSmallDrawInterpreter)->DenseRange(1, 8)->Arg(16);

} // namespace
