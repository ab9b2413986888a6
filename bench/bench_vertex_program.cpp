// BM_VertexProgram...: the GPU vertex path's cost per PICA program - translating the demo
// scene's vertex program (a 4x4 transform and pass-throughs) to a whole host vertex shader, and
// that plus compiling it to SPIR-V with glslang (the driver's pipeline compile comes on top).
// Items are programs.
#include "pica/geometry/vertex_layout.h"
#include "pica/regs/reg_ids.h"
#include "pica/shader/shader_program.h"
#include "scenes/demo_scene.h"
#include "shadergen/spirv_compiler.h"
#include "shadergen/vertex_program.h"

#include <benchmark/benchmark.h>

namespace {

using namespace picavk;

struct DemoProgram {
    pica::ShaderSetup setup;
    pica::ShaderProgram program;
    shadergen::VertexProgramKey key;
    DemoProgram() {
        const auto& code = scenes::demo_vertex_program();
        const auto& descs = scenes::demo_vertex_opdescs();
        std::copy(code.begin(), code.end(), setup.code.begin());
        std::copy(descs.begin(), descs.end(), setup.opdescs.begin());
        pica::decode_shader_program(setup, program);
        pica::Regs regs;
        regs[pica::GPUREG_ATTRIBBUFFERS_FORMAT_HIGH] = 3u << 28;
        regs[pica::GPUREG_VSH_INPUTBUFFER_CONFIG] = 3;
        regs[pica::GPUREG_VSH_ATTRIBUTES_PERMUTATION_LOW] = 0x3210;
        regs[pica::GPUREG_VSH_OUTMAP_MASK] = 0x1F;
        regs[pica::GPUREG_SH_OUTMAP_TOTAL] = 5;
        regs[pica::GPUREG_SH_OUTMAP_O0] = 0x03020100;
        regs[pica::GPUREG_SH_OUTMAP_O1] = 0x0B0A0908;
        regs[pica::GPUREG_SH_OUTMAP_O2] = 0x1F1F0D0C;
        regs[pica::GPUREG_SH_OUTMAP_O3] = 0x07060504;
        regs[pica::GPUREG_SH_OUTMAP_O4] = 0x1F141312;
        key = shadergen::build_vertex_program_key(regs, pica::VertexLayout::from_regs(regs),
                                                  pica::hash_shader_code(setup));
    }
};

void BM_VertexProgramTranslate(benchmark::State& state) {
    const DemoProgram demo;
    std::size_t bytes = 0;
    for (auto _ : state) {
        const shadergen::VertexProgramGlsl g =
            shadergen::generate_vertex_program_glsl(demo.key, demo.program, true);
        bytes = g.glsl.size();
        benchmark::DoNotOptimize(g.glsl.data());
    }
    state.SetItemsProcessed(state.iterations());
    state.counters["glsl_bytes"] = static_cast<double>(bytes);
}
BENCHMARK(BM_VertexProgramTranslate)->Unit(benchmark::kMicrosecond);

void BM_VertexProgramCompile(benchmark::State& state) {
    const DemoProgram demo;
    std::size_t words = 0;
    for (auto _ : state) {
        const shadergen::VertexProgramGlsl g =
            shadergen::generate_vertex_program_glsl(demo.key, demo.program, true);
        const shadergen::SpirvResult spirv =
            shadergen::compile_glsl(shadergen::ShaderStage::Vertex, g.glsl);
        if (!spirv.ok()) state.SkipWithError("the vertex shader did not compile");
        words = spirv.code.size();
    }
    state.SetItemsProcessed(state.iterations());
    state.counters["spirv_bytes"] = static_cast<double>(words * 4);
}
BENCHMARK(BM_VertexProgramCompile)->Unit(benchmark::kMillisecond);

} // namespace
