// BM_ShaderGen...: the costs of keyed fragment shaders - building and hashing the pipeline key
// (also with eight lights), what a draw pays for it through the renderer's tracker, generating GLSL
// per shader, compiling it with glslang (also the largest lighting and procedural-texture
// shaders), and a warm start that loads 1,000 shaders from the disk cache.
#include "pica/command/command_processor.h"
#include "scenes/demo_scene.h"
#include "shadergen/glsl_generator.h"
#include "shadergen/shader_disk_cache.h"
#include "shadergen/spirv_compiler.h"
#include "shadergen/ubershader.h"
#include "vk/pipeline/pipeline_key.h"
#include "vk/pipeline/pipeline_key_tracker.h"

#include "pica/regs/reg_ids.h"

#include <benchmark/benchmark.h>

#include <random>
#include <vector>

using namespace picavk;
using namespace picavk::pica;
using namespace picavk::scenes;

namespace {

// The register state the demo scene leaves: a realistic draw's configuration.
const Regs& demo_regs() {
    static const Regs regs = [] {
        GuestMemory memory(2u << 20);
        PicaState st;
        Diagnostics diag;
        CommandProcessor cp(st, memory.view(), diag, nullptr);
        cp.run(build_demo_scene().commands);
        return st.regs;
    }();
    return regs;
}

// Random texture-environment configurations (the shape games use: a few active stages).
std::vector<shadergen::FragmentConfig> random_configs(std::size_t n, std::uint32_t seed) {
    std::mt19937 rng(seed);
    auto r32 = [&] { return static_cast<std::uint32_t>(rng()); };
    std::vector<shadergen::FragmentConfig> out;
    for (std::size_t i = 0; i < n; ++i) {
        Regs regs = demo_regs();
        const std::uint32_t bases[6] = {GPUREG_TEXENV0_SOURCE, GPUREG_TEXENV1_SOURCE,
                                        GPUREG_TEXENV2_SOURCE, GPUREG_TEXENV3_SOURCE,
                                        GPUREG_TEXENV4_SOURCE, GPUREG_TEXENV5_SOURCE};
        const unsigned active = 1 + r32() % 4;
        for (unsigned s = 0; s < 6; ++s) {
            regs[bases[s]] = s < active ? r32() & 0x0FFF0FFF : 0x000F000F;
            regs[bases[s] + 1] = s < active ? r32() & 0x00777DDD : 0;
            regs[bases[s] + 2] = s < active ? (r32() % 10) | (r32() % 10) << 16 : 0;
        }
        regs[GPUREG_TEXENV_UPDATE_BUFFER] = (r32() & 0xFF00) | (r32() % 2 ? 5 : 0);
        regs[GPUREG_FRAGOP_ALPHA_TEST] = r32() % 4 == 0 ? 1 | (r32() % 8) << 4 : 0;
        out.push_back(shadergen::build_fragment_config(regs, true));
    }
    return out;
}

// What a draw pays for its pipeline key: build it from the registers and hash it.
void key_build_hash(benchmark::State& state, const Regs& regs) {
    const vk::RenderTargetInfo target{240, 400, true, true, true};
    for (auto _ : state) {
        const vk::PipelineKey key = vk::build_pipeline_key(regs, target, false);
        benchmark::DoNotOptimize(vk::hash(key));
    }
    state.SetItemsProcessed(state.iterations());
}

void BM_ShaderGenKeyBuildHash(benchmark::State& state) {
    key_build_hash(state, demo_regs());
}
BENCHMARK(BM_ShaderGenKeyBuildHash);

void BM_ShaderGenGlslGenerate(benchmark::State& state) {
    const auto configs = random_configs(64, 1);
    std::size_t i = 0, bytes = 0;
    for (auto _ : state) {
        const std::string glsl = shadergen::generate_fragment_glsl(configs[i++ % configs.size()]);
        bytes += glsl.size();
        benchmark::DoNotOptimize(glsl.data());
    }
    state.SetItemsProcessed(state.iterations());
    state.SetBytesProcessed(static_cast<std::int64_t>(bytes));
}
BENCHMARK(BM_ShaderGenGlslGenerate)->Unit(benchmark::kMicrosecond);

void BM_ShaderGenCompile(benchmark::State& state) {
    const auto configs = random_configs(16, 2);
    std::vector<std::string> sources;
    for (const auto& c : configs)
        sources.push_back(shadergen::generate_fragment_glsl(c));
    std::size_t i = 0;
    for (auto _ : state) {
        const auto r = shadergen::compile_glsl(shadergen::ShaderStage::Fragment,
                                               sources[i++ % sources.size()]);
        if (!r.ok()) state.SkipWithError("a generated shader failed to compile");
        benchmark::DoNotOptimize(r.code.data());
    }
    state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_ShaderGenCompile)->Unit(benchmark::kMillisecond);

// The largest lighting configuration: eight lights (all positional, two-sided, both geometric
// factors, spot and distance attenuation), configuration 8 with every LUT, Fresnel to both
// alphas, a normal map with renormalisation, clamp highlights.
const Regs& eight_light_regs() {
    static const Regs regs = [] {
        Regs r = demo_regs();
        r[GPUREG_LIGHTING_ENABLE0] = 1;
        r[GPUREG_LIGHTING_ENABLE1] = 0;
        r[GPUREG_LIGHTING_NUM_LIGHTS] = 7;
        r[GPUREG_LIGHTING_LIGHT_PERMUTATION] = 0x76543210u;
        r[GPUREG_LIGHTING_CONFIG0] = 3u << 2 | 8u << 4 | 1u << 27 | 1u << 28;
        r[GPUREG_LIGHTING_CONFIG1] = 0x000400FFu; // every LUT, spot and attenuation; no shadow
        r[GPUREG_LIGHTING_LUTINPUT_SELECT] = 0x0543210u;
        r[GPUREG_LIGHTING_LUTINPUT_ABS] = 0x0202020u;
        r[GPUREG_LIGHTING_LUTINPUT_SCALE] = 0x0107010u;
        for (unsigned id = 0; id < 8; ++id)
            r[GPUREG_LIGHT0_CONFIG + 0x10 * id] = 0xE;
        return r;
    }();
    return regs;
}

void BM_ShaderGenKeyBuildHashEightLights(benchmark::State& state) {
    key_build_hash(state, eight_light_regs());
}
BENCHMARK(BM_ShaderGenKeyBuildHashEightLights);

// What a lit draw pays for its key and hash in the renderer (PipelineKeyTracker). Between draws
// the program writes what citro3d writes when only the material changes: the three colours of
// each of the eight lights (C3D_LightEnvMaterial) and the vertex buffer offset. `switch_every`
// > 0: every that many draws the texture environment changes too (another material), so the
// tracker rebuilds; 1 is the worst case, a different key every draw.
void key_per_draw(benchmark::State& state, unsigned switch_every) {
    Regs regs = eight_light_regs();
    const std::uint32_t combiner_a = regs[GPUREG_TEXENV0_COMBINER];
    const std::uint32_t combiner_b = combiner_a ^ 0x1u; // Replace <-> Modulate
    const vk::RenderTargetInfo target{240, 400, true, true, true};
    vk::PipelineKeyTracker tracker;
    std::uint32_t draw = 0;
    for (auto _ : state) {
        ++draw;
        for (unsigned id = 0; id < 8; ++id) {
            regs[GPUREG_LIGHT0_SPECULAR0 + 0x10 * id] = draw & 0x3FF;
            regs[GPUREG_LIGHT0_DIFFUSE + 0x10 * id] = draw >> 1 & 0x3FF;
            regs[GPUREG_LIGHT0_AMBIENT + 0x10 * id] = draw >> 2 & 0x3FF;
        }
        regs[GPUREG_ATTRIBBUFFER0_OFFSET] = draw * 96;
        if (switch_every)
            regs[GPUREG_TEXENV0_COMBINER] = (draw / switch_every) & 1 ? combiner_b : combiner_a;
        const vk::PipelineKey& key = tracker.update(regs, target, false, false);
        benchmark::DoNotOptimize(&key);
        benchmark::DoNotOptimize(tracker.hash());
    }
    state.SetItemsProcessed(state.iterations());
    state.counters["rebuilt"] = benchmark::Counter(static_cast<double>(tracker.rebuilds()) /
                                                   static_cast<double>(state.iterations()));
}

void BM_ShaderGenKeyPerDrawEightLights(benchmark::State& state) {
    key_per_draw(state, 0);
}
BENCHMARK(BM_ShaderGenKeyPerDrawEightLights);

void BM_ShaderGenKeyPerDrawEightLightsNewMaterialEvery8(benchmark::State& state) {
    key_per_draw(state, 8);
}
BENCHMARK(BM_ShaderGenKeyPerDrawEightLightsNewMaterialEvery8);

void BM_ShaderGenKeyPerDrawEightLightsNewKeyEveryDraw(benchmark::State& state) {
    key_per_draw(state, 1);
}
BENCHMARK(BM_ShaderGenKeyPerDrawEightLightsNewKeyEveryDraw);

// Generating and compiling one configuration's GLSL, again and again.
void generate_one(benchmark::State& state, const Regs& regs) {
    const shadergen::FragmentConfig c = shadergen::build_fragment_config(regs, true);
    std::size_t bytes = 0;
    for (auto _ : state) {
        const std::string glsl = shadergen::generate_fragment_glsl(c);
        bytes += glsl.size();
        benchmark::DoNotOptimize(glsl.data());
    }
    state.SetItemsProcessed(state.iterations());
    state.SetBytesProcessed(static_cast<std::int64_t>(bytes));
}

void compile_one(benchmark::State& state, const Regs& regs) {
    const std::string glsl =
        shadergen::generate_fragment_glsl(shadergen::build_fragment_config(regs, true));
    for (auto _ : state) {
        const auto r = shadergen::compile_glsl(shadergen::ShaderStage::Fragment, glsl);
        if (!r.ok()) state.SkipWithError("the generated shader failed to compile");
        benchmark::DoNotOptimize(r.code.data());
    }
    state.SetItemsProcessed(state.iterations());
}

void BM_ShaderGenGlslGenerateEightLights(benchmark::State& state) {
    generate_one(state, eight_light_regs());
}
BENCHMARK(BM_ShaderGenGlslGenerateEightLights)->Unit(benchmark::kMicrosecond);

void BM_ShaderGenCompileEightLights(benchmark::State& state) {
    compile_one(state, eight_light_regs());
}
BENCHMARK(BM_ShaderGenCompileEightLights)->Unit(benchmark::kMillisecond);

// The largest procedural-texture configuration: noise, shifts, separate alpha, mip-linear
// linear filtering, mirrored repeat, rmax and sqrt, read by a texture-environment stage
// together with the eight-light lighting (the most code one fragment shader can hold).
const Regs& proctex_regs() {
    static const Regs regs = [] {
        Regs r = eight_light_regs();
        r[GPUREG_TEXUNIT_CONFIG] |= 1u << 10 | 2u << 8;
        r[GPUREG_TEXUNIT3_PROCTEX0] =
            3 | 3 << 3 | 9 << 6 | 6 << 10 | 1 << 14 | 1 << 15 | 1 << 16 | 2 << 18;
        r[GPUREG_TEXUNIT3_PROCTEX4] = 5 | 0x60 << 3 | 128 << 11;
        r[GPUREG_TEXENV1_SOURCE] = 0x00060F06u; // texture 3 with the previous stage
        r[GPUREG_TEXENV1_COMBINER] = 0x00010001u;
        return r;
    }();
    return regs;
}

void BM_ShaderGenGlslGenerateProcTex(benchmark::State& state) {
    if (!shadergen::build_fragment_config(proctex_regs(), true).proctex.enabled)
        state.SkipWithError("the configuration does not read texture 3");
    generate_one(state, proctex_regs());
}
BENCHMARK(BM_ShaderGenGlslGenerateProcTex)->Unit(benchmark::kMicrosecond);

void BM_ShaderGenCompileProcTex(benchmark::State& state) {
    compile_one(state, proctex_regs());
}
BENCHMARK(BM_ShaderGenCompileProcTex)->Unit(benchmark::kMillisecond);

// The largest shadow configurations: a shadow cube with 2x2 percentage-closer filtering read by
// a texture-environment stage and by the eight lights' shadow attenuation (diffuse, specular and
// alpha), and the same drawn in shadow mode (COLOR_OPERATION 3: the write rule with its
// compare-and-swap loop, or the interlock where the host has it).
const Regs& shadow_regs(bool shadow_mode) {
    static const auto make = [](bool mode) {
        Regs r = eight_light_regs();
        r[GPUREG_TEXUNIT_CONFIG] |= 1u;
        r[GPUREG_TEXUNIT0_PARAM] = 4u << 28 | 1u << 20 | 1u << 1;
        r[GPUREG_LIGHTING_CONFIG0] |= 1u | 3u << 16 | 1u << 19 | 3u << 2;
        r[GPUREG_LIGHTING_CONFIG1] &= ~0xFFu;
        r[GPUREG_TEXENV1_SOURCE] = 0x00030F03u; // texture 0 with the previous stage
        r[GPUREG_TEXENV1_COMBINER] = 0x00010001u;
        if (mode) r[GPUREG_COLOR_OPERATION] = 0x00E40003u;
        return r;
    };
    static const Regs sampling = make(false), writing = make(true);
    return shadow_mode ? writing : sampling;
}

void BM_ShaderGenGlslGenerateShadowCube(benchmark::State& state) {
    if (shadergen::build_fragment_config(shadow_regs(false), true).texture0_type != 4)
        state.SkipWithError("the configuration does not sample a shadow cube");
    generate_one(state, shadow_regs(false));
}
BENCHMARK(BM_ShaderGenGlslGenerateShadowCube)->Unit(benchmark::kMicrosecond);

void BM_ShaderGenCompileShadowCube(benchmark::State& state) {
    compile_one(state, shadow_regs(false));
}
BENCHMARK(BM_ShaderGenCompileShadowCube)->Unit(benchmark::kMillisecond);

void BM_ShaderGenGlslGenerateShadowWrite(benchmark::State& state) {
    generate_one(state, shadow_regs(true));
}
BENCHMARK(BM_ShaderGenGlslGenerateShadowWrite)->Unit(benchmark::kMicrosecond);

void BM_ShaderGenCompileShadowWrite(benchmark::State& state) {
    compile_one(state, shadow_regs(true));
}
BENCHMARK(BM_ShaderGenCompileShadowWrite)->Unit(benchmark::kMillisecond);

// Gas: the accumulation pass (soft depth function, storage update) and the shading pass (fog
// mode 7 with the LUT and light terms), each after the eight-light lighting.
const Regs& gas_regs(bool accumulation) {
    static const auto make = [](bool acc) {
        Regs r = eight_light_regs();
        r[GPUREG_TEXENV_UPDATE_BUFFER] = 7u | 1u << 3;
        r[GPUREG_GAS_DELTAZ_DEPTH] = 0xA00u | 3u << 24;
        if (acc) r[GPUREG_COLOR_OPERATION] = 0x00E40001u;
        return r;
    };
    static const Regs accumulate = make(true), shade = make(false);
    return accumulation ? accumulate : shade;
}

void BM_ShaderGenGlslGenerateGasShading(benchmark::State& state) {
    if (shadergen::build_fragment_config(gas_regs(false), true).fog != 2)
        state.SkipWithError("the configuration does not shade gas");
    generate_one(state, gas_regs(false));
}
BENCHMARK(BM_ShaderGenGlslGenerateGasShading)->Unit(benchmark::kMicrosecond);

void BM_ShaderGenCompileGasShading(benchmark::State& state) {
    compile_one(state, gas_regs(false));
}
BENCHMARK(BM_ShaderGenCompileGasShading)->Unit(benchmark::kMillisecond);

void BM_ShaderGenCompileGasAccumulation(benchmark::State& state) {
    if (!shadergen::build_fragment_config(gas_regs(true), true).gas_write)
        state.SkipWithError("the configuration does not accumulate gas");
    compile_one(state, gas_regs(true));
}
BENCHMARK(BM_ShaderGenCompileGasAccumulation)->Unit(benchmark::kMillisecond);

// The ubershader (every session compiles it at start): its GLSL through glslang.
void BM_ShaderGenCompileUbershader(benchmark::State& state) {
    const std::string glsl = shadergen::generate_ubershader_glsl();
    for (auto _ : state) {
        const auto r = shadergen::compile_glsl(shadergen::ShaderStage::Fragment, glsl);
        if (!r.ok()) state.SkipWithError("the ubershader failed to compile");
        benchmark::DoNotOptimize(r.code.data());
    }
    state.SetItemsProcessed(state.iterations());
    state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * glsl.size()));
}
BENCHMARK(BM_ShaderGenCompileUbershader)->Unit(benchmark::kMillisecond);

// A cache file of 1,000 compiled shaders (made once: 1,000 glslang compiles).
const std::vector<std::uint8_t>& cache_file_1000() {
    static const std::vector<std::uint8_t> file = [] {
        shadergen::ShaderDiskCache cache("bench profile");
        for (const auto& c : random_configs(1000, 3)) {
            auto r = shadergen::compile_glsl(shadergen::ShaderStage::Fragment,
                                             shadergen::generate_fragment_glsl(c));
            cache.insert(c, std::move(r.code));
        }
        return cache.save();
    }();
    return file;
}

void BM_ShaderGenDiskCacheWarmStart1000(benchmark::State& state) {
    const auto& file = cache_file_1000();
    for (auto _ : state) {
        shadergen::ShaderDiskCache cache("bench profile");
        const std::string why = cache.load(file);
        if (!why.empty() || cache.size() < 990) // random configurations may repeat
            state.SkipWithError("cache did not load");
        benchmark::DoNotOptimize(cache.size());
    }
    state.SetItemsProcessed(state.iterations() * 1000);
    state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * file.size()));
}
BENCHMARK(BM_ShaderGenDiskCacheWarmStart1000)->Unit(benchmark::kMillisecond);

} // namespace
