// Fuzzes the shader unit and the geometry pipeline: random code words, operand descriptors,
// float/bool/int uniforms (NaN and inf included, as raw float bits) run as a vertex shader and
// as a geometry shader, then a draw with fuzzed geometry registers over fuzzer-controlled
// vertex memory, on the batched shader unit and on the interpreter (their results must be the
// same); the programs also run as threaded code beside the interpreter. Instruction budgets stay
// small so every input finishes quickly.
#include "pica/geometry/geometry_pipeline.h"
#include "pica/regs/reg_ids.h"

#include "fuzz_reader.h"

#include <cstdint>
#include <cstring>

namespace {

struct Sink : picavk::pica::ShaderEmitTarget {
    std::uint64_t n = 0;
    void emit(const std::array<picavk::pica::Vec4, 16>&, std::uint32_t, bool, bool) override {
        ++n;
    }
};

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace picavk::pica;
    picavk::fuzz::Reader in{data, size};
    static GuestMemory memory(1u << 20);
    MemoryView view = memory.view();
    static PicaState state;
    state = PicaState{};

    // Program: 64 code words at a fuzzed entry, 32 descriptors, a few uniforms.
    const std::uint32_t entry = in.word() % 4096;
    for (std::uint32_t i = 0; i < 64; ++i) {
        state.vs.code[(entry + i) % 4096] = in.word();
        state.gs.code[(entry + i) % 4096] = state.vs.code[(entry + i) % 4096];
    }
    for (std::uint32_t i = 0; i < 32; ++i)
        state.vs.opdescs[i] = state.gs.opdescs[i] = in.word();
    for (std::uint32_t i = 0; i < 8; ++i)
        state.vs.float_uniforms[in.word() % 96] = {in.number(), in.number(), in.number(),
                                                   in.number()};
    ++state.vs.program_version;
    ++state.gs.program_version;
    state.gs.float_uniforms = state.vs.float_uniforms;

    ShaderProgram program;
    decode_shader_program(state.vs, program);
    ShaderUniforms uniforms;
    uniforms.f = state.vs.float_uniforms;
    uniforms.b = static_cast<std::uint16_t>(in.word());
    for (auto& i : uniforms.i) {
        const std::uint32_t w = in.word();
        i = {static_cast<std::uint8_t>(w), static_cast<std::uint8_t>(w >> 8),
             static_cast<std::uint8_t>(w >> 16), static_cast<std::uint8_t>(w >> 24)};
    }
    // The interpreter and the threaded run on two units in the same state: the same results.
    ThreadedProgram threaded;
    make_threaded_program(program, threaded);
    ShaderInterpreter unit, fast;
    for (ShaderInterpreter* u : {&unit, &fast}) {
        u->set_budget(4096);
        u->set_uniforms(uniforms);
    }
    for (unsigned v = 0; v < 16; ++v)
        unit.input(v) = fast.input(v) = {in.number(), in.number(), 0.0f, 1.0f};
    Sink sink[2];
    for (unsigned geometry = 0; geometry < 2; ++geometry) {
        const ShaderRunResult a = unit.run(program, entry, geometry ? &sink[0] : nullptr);
        const ShaderRunResult b = fast.run_threaded(threaded, entry, geometry ? &sink[1] : nullptr);
        if (a.fault != b.fault || a.instructions != b.instructions || sink[0].n != sink[1].n)
            __builtin_trap();
        for (unsigned r = 0; r < 16; ++r)
            for (unsigned c = 0; c < 4; ++c) {
                const float x = unit.outputs()[r][c], y = fast.outputs()[r][c];
                if (std::memcmp(&x, &y, 4) != 0 && !(x != x && y != y)) __builtin_trap();
            }
    }

    // A draw: geometry registers 0x200-0x2FF and a few output-map registers from the input,
    // vertex memory from the rest.
    for (std::uint32_t id = 0x200; id < 0x260 && in.size; ++id)
        state.regs[id] = in.word();
    state.regs[GPUREG_ATTRIBBUFFERS_LOC] = (MemoryView::kVramBase >> 3) | (in.word() & 0xFFFE);
    state.regs[GPUREG_NUMVERTICES] &= 0xFF;
    for (std::uint32_t id = GPUREG_SH_OUTMAP_TOTAL; id <= GPUREG_SH_OUTMAP_O6; ++id)
        state.regs[id] = in.word();
    for (std::uint32_t id = 0x280; id < 0x2C0 && in.size; ++id)
        state.regs[id] = in.word();
    const std::size_t seed = in.size < 65536 ? in.size : 65536;
    std::memcpy(view.vram().data(), in.data, seed);

    Diagnostics diag;
    diag.set_sink([](Warning, const std::string&) {});
    // The draw on the batched shader unit and on the interpreter: the same vertices (bit for
    // bit, any NaN equal to any NaN), triangles and counters.
    GeometryBatch batch[2];
    GeometryStats stats[2];
    for (unsigned e = 0; e < 2; ++e) {
        GeometryPipeline pipeline(state, view, diag);
        pipeline.set_shader_budget(2048);
        pipeline.set_cpu_shader_engine(e == 0 ? CpuShaderEngine::Batched
                                              : CpuShaderEngine::Interpreter);
        pipeline.draw(state.regs[GPUREG_INDEXBUFFER_CONFIG] & 1, batch[e]);
        stats[e] = pipeline.stats();
        // Every index the assembler produced names a vertex of the batch.
        for (std::uint32_t i : batch[e].indices)
            if (i >= batch[e].vertices.size()) __builtin_trap();
    }
    if (batch[0].indices != batch[1].indices ||
        batch[0].vertices.size() != batch[1].vertices.size() ||
        stats[0].vs_invocations != stats[1].vs_invocations ||
        stats[0].gs_invocations != stats[1].gs_invocations)
        __builtin_trap();
    for (std::size_t v = 0; v < batch[0].vertices.size(); ++v)
        for (unsigned k = 0; k < OutputVertex::kSemantics; ++k) {
            const float a = batch[0].vertices[v].attr[k], b = batch[1].vertices[v].attr[k];
            std::uint32_t x, y;
            std::memcpy(&x, &a, 4);
            std::memcpy(&y, &b, 4);
            if (x != y && !(a != a && b != b)) __builtin_trap();
        }
    return 0;
}
