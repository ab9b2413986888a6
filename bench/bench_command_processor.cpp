// BM_CommandProcessor...: register writes per second through the command processor, on the kind
// of configuration-heavy list a game frame carries.
#include "pica/command/command_list_builder.h"
#include "pica/command/command_processor.h"
#include "picavk/session.h"
#include "scenes/demo_scene.h"

#include <benchmark/benchmark.h>

#include <numeric>

using namespace picavk::pica;
using namespace picavk::scenes;

namespace {

// Several thousand writes: per-draw state changes (texenv, blend, depth, textures), lighting
// set-up with LUT uploads, vertex uniforms, and draws, over 16 draw calls.
std::vector<std::uint32_t> config_heavy_list() {
    CommandListBuilder b;
    std::vector<std::uint32_t> lut(256);
    std::iota(lut.begin(), lut.end(), 0u);
    for (std::uint32_t t = 0; t < 4; ++t)
        b.upload_lighting_lut(t, lut);
    b.upload_fog_lut(std::span(lut).first(128));
    for (std::uint32_t draw = 0; draw < 16; ++draw) {
        for (std::uint32_t stage = 0; stage < 6; ++stage) {
            const std::uint32_t base = stage < 4 ? GPUREG_TEXENV0_SOURCE + stage * 8
                                                 : GPUREG_TEXENV4_SOURCE + (stage - 4) * 8;
            const std::array<std::uint32_t, 5> env = {0x00030003u + draw, 0, 0x00010001u,
                                                      0xFF00FF00u | draw, 0};
            b.write_consecutive(base, env);
        }
        b.write(GPUREG_DEPTH_COLOR_MASK, 0x1F71);
        b.write(GPUREG_BLEND_FUNC, 0x76760000);
        b.write(GPUREG_COLOR_OPERATION, 0x00E40100);
        b.write(GPUREG_TEXUNIT0_ADDR1, 0x18100000u >> 3);
        b.write(GPUREG_TEXUNIT0_DIM, 64u | (64u << 16));
        b.write(GPUREG_TEXUNIT0_PARAM, 0x2206);
        for (std::uint32_t l = 0; l < 4; ++l) {
            // SPECULAR0..SPOTDIR_Z, then CONFIG..ATTENUATION_SCALE (0x148 is not a register).
            const std::array<std::uint32_t, 8> colors = {0x10, 0x20, 0x30, 0x40,
                                                         0x50, 0x60, 0x70, 0x80};
            const std::array<std::uint32_t, 3> config = {0x1, 0x90, 0xA0};
            b.write_consecutive(GPUREG_LIGHT0_SPECULAR0 + l * 0x10, colors);
            b.write_consecutive(GPUREG_LIGHT0_CONFIG + l * 0x10, config);
        }
        std::vector<AttributeValue> uniforms(
            24, AttributeValue{1.0f, 0.5f, 0.25f, static_cast<float>(draw)});
        b.set_float_uniforms(ShaderUnit::Vertex, 0, uniforms);
        b.draw_arrays(0, 36);
    }
    b.finalize();
    return b.words();
}

void BM_CommandProcessorConfigHeavy(benchmark::State& st) {
    const auto list = config_heavy_list();
    GuestMemory memory;
    PicaState state;
    Diagnostics diag;
    CommandHandler handler;
    CommandProcessor cp(state, memory.view(), diag, &handler);
    std::uint64_t writes = 0;
    for (auto _ : st) {
        const auto r = cp.run(list);
        writes += r.register_writes;
        benchmark::DoNotOptimize(state.regs.words.data());
    }
    // Items are register writes: time per item is nanoseconds per write.
    st.SetItemsProcessed(static_cast<std::int64_t>(writes));
    st.SetBytesProcessed(static_cast<std::int64_t>(list.size() * 4 * st.iterations()));
    st.counters["writes_per_list"] =
        static_cast<double>(writes) / static_cast<double>(st.iterations());
    st.counters["ns_per_write"] = benchmark::Counter(
        static_cast<double>(writes), benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}
BENCHMARK(BM_CommandProcessorConfigHeavy);

void BM_CommandProcessorDemoScene(benchmark::State& st) {
    const auto scene = build_demo_scene();
    GuestMemory memory;
    PicaState state;
    Diagnostics diag;
    CommandProcessor cp(state, memory.view(), diag, nullptr);
    std::uint64_t writes = 0;
    for (auto _ : st)
        writes += cp.run(scene.commands).register_writes;
    st.SetItemsProcessed(static_cast<std::int64_t>(writes));
    st.counters["ns_per_write"] = benchmark::Counter(
        static_cast<double>(writes), benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}
BENCHMARK(BM_CommandProcessorDemoScene);

} // namespace

// What an emulator pays per GPU register write through the public API (one call each, as a
// memory hook makes them): the session's lock and call timing (session.h threading contract,
// FrameStats::cpu_ms) plus the external-register decode. An LCD register: no side effect.
void BM_SessionWriteGpuRegister(benchmark::State& state) {
    picavk::Session session(1u << 20);
    std::uint32_t v = 0;
    for (auto _ : state)
        benchmark::DoNotOptimize(session.write_gpu_register(0x10400468, v++));
    state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_SessionWriteGpuRegister);
