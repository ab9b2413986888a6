// Pipeline keys and dynamic draw state from registers (src/vk/pipeline/pipeline_key.h): no device
// needed.
#include "vk/pipeline/pipeline_key.h"

#include "pica/regs/number_formats.h"
#include "pica/regs/reg_ids.h"

#include <doctest/doctest.h>

using namespace picavk;
using namespace picavk::pica;
using picavk::shadergen::DepthMode;

namespace {
const vk::RenderTargetInfo kTarget{32, 32, true, true, true};

Regs base_regs() {
    Regs r;
    r[GPUREG_COLORBUFFER_WRITE] = 0xF;
    r[GPUREG_DEPTHBUFFER_WRITE] = 0x3;
    r[GPUREG_DEPTH_COLOR_MASK] = 0x1F71; // test GEQUAL, all colour and depth writes
    r[GPUREG_COLOR_OPERATION] = 0x00E40100;
    r[GPUREG_BLEND_FUNC] = 0x76760000;
    r[GPUREG_DEPTHMAP_ENABLE] = 1;
    r[GPUREG_DEPTHMAP_SCALE] = float_to_f24(-1.0f);
    r[GPUREG_FRAMEBUFFER_DIM] = 32u | (31u << 12) | (1u << 24);
    r[GPUREG_TEXENV0_SOURCE] = 0x00030003u; // texture 0, then primary: modulate
    r[GPUREG_TEXENV0_COMBINER] = 0x00010001u;
    r[GPUREG_TEXUNIT_CONFIG] = 1;
    for (std::uint32_t id : {GPUREG_TEXENV1_SOURCE, GPUREG_TEXENV2_SOURCE, GPUREG_TEXENV3_SOURCE,
                             GPUREG_TEXENV4_SOURCE, GPUREG_TEXENV5_SOURCE})
        r[id] = 0x000F000Fu;
    return r;
}
vk::PipelineKey key(const Regs& r) {
    return vk::build_pipeline_key(r, kTarget, false);
}
} // namespace

TEST_CASE("pipeline key: fields that change no code are cleared, so equal shaders share a key") {
    const Regs a = base_regs();
    Regs b = a;
    SUBCASE("alpha test off: its function and reference do not matter") {
        b[GPUREG_FRAGOP_ALPHA_TEST] = (5u << 4) | (0x80u << 8);
        CHECK(key(a) == key(b));
        b[GPUREG_FRAGOP_ALPHA_TEST] |= 1;
        CHECK_FALSE(key(a) == key(b));
    }
    SUBCASE("sources and operands of arguments the combiner does not read") {
        b[GPUREG_TEXENV1_SOURCE] = 0x0EDF0EDFu;  // replace reads argument 0 only
        b[GPUREG_TEXENV1_OPERAND] = 0x00110110u; // arguments 1 and 2 only
        CHECK(key(a) == key(b));
        b[GPUREG_TEXENV1_SOURCE] = 0x000E000Eu;
        CHECK_FALSE(key(a) == key(b));
    }
    SUBCASE("constant colours and the blend colour live in uniforms and dynamic state") {
        b[GPUREG_TEXENV0_COLOR] = 0x12345678;
        b[GPUREG_TEXENV_BUFFER_COLOR] = 0x9ABCDEF0;
        b[GPUREG_BLEND_COLOR] = 0x11223344;
        b[GPUREG_STENCIL_TEST] = 0xFF33FF01;
        CHECK(key(a) == key(b));
        CHECK(vk::hash(key(a)) == vk::hash(key(b)));
    }
    SUBCASE("blend mode: the logic op register does not matter; logic op mode: blend does not") {
        b[GPUREG_LOGIC_OP] = 9;
        CHECK(key(a) == key(b));
        Regs la = a, lb = a;
        la[GPUREG_COLOR_OPERATION] = lb[GPUREG_COLOR_OPERATION] = 0x00E40000;
        la[GPUREG_LOGIC_OP] = lb[GPUREG_LOGIC_OP] = 9;
        lb[GPUREG_BLEND_FUNC] = 0x12340000;
        CHECK(key(la) == key(lb));
        CHECK(key(la).logic_op_enable == 1);
        CHECK(key(la).logic_op == 9);
    }
    SUBCASE("min and max ignore the blend factors") {
        b[GPUREG_BLEND_FUNC] = 0x76760303;
        Regs c = a;
        c[GPUREG_BLEND_FUNC] = 0x12340303;
        CHECK(key(b) == key(c));
    }
    SUBCASE("texture units enabled but unread by any stage do not enter the key") {
        b[GPUREG_TEXUNIT_CONFIG] = 0x7;
        CHECK(key(a) == key(b));
        CHECK(key(a).fragment.texture_units == 1);
    }
}

TEST_CASE("pipeline key: the depth map picks the viewport where it can, the shader where it must") {
    Regs r = base_regs();
    CHECK(key(r).fragment.depth_mode == DepthMode::Viewport);
    r[GPUREG_DEPTHMAP_OFFSET] = float_to_f24(1.5f); // maps outside [0, 1]
    CHECK(key(r).fragment.depth_mode == DepthMode::FragmentZ);
    r[GPUREG_DEPTHMAP_ENABLE] = 0; // w-buffer
    CHECK(key(r).fragment.depth_mode == DepthMode::FragmentW);
}

TEST_CASE(
    "draw state: depth test off still writes, flipped targets mirror viewport, scissor, winding") {
    Regs r = base_regs();
    r[GPUREG_DEPTH_COLOR_MASK] = 0x1F70; // test off, writes on
    vk::DrawState d = vk::build_draw_state(r, kTarget);
    CHECK(d.depth_test);
    CHECK(d.depth_write);
    CHECK(d.depth_func == 1); // Always
    r[GPUREG_DEPTHBUFFER_WRITE] = 0;
    d = vk::build_draw_state(r, kTarget);
    CHECK_FALSE(d.depth_write);

    r[GPUREG_VIEWPORT_WIDTH] = float_to_f24(16.0f);
    r[GPUREG_VIEWPORT_HEIGHT] = float_to_f24(8.0f);
    r[GPUREG_VIEWPORT_XY] = 2u | (3u << 16);
    r[GPUREG_FACECULLING_CONFIG] = 1;
    r[GPUREG_SCISSORTEST_MODE] = 3;
    r[GPUREG_SCISSORTEST_POS] = 1u | (2u << 16);
    r[GPUREG_SCISSORTEST_DIM] = 10u | (20u << 16);
    d = vk::build_draw_state(r, kTarget);
    CHECK(d.viewport_y == 32.0f - 3.0f); // memory row 0 is the top: y measured downwards
    CHECK(d.viewport_height == -16.0f);
    CHECK(d.scissor_y0 == 32u - 21u);
    CHECK(d.scissor_y1 == 32u - 2u);
    CHECK(d.cull_mode == 1);
    r[GPUREG_FRAMEBUFFER_DIM] &= ~(1u << 24); // flipped (Azahar IsFlipped)
    d = vk::build_draw_state(r, kTarget);
    CHECK(d.viewport_y == 3.0f);
    CHECK(d.viewport_height == 16.0f);
    CHECK(d.scissor_y0 == 2u);
    CHECK(d.scissor_y1 == 21u);
    CHECK(d.cull_mode == 2);
}

TEST_CASE("pipeline key: a unit whose texture is unusable drops out like a disabled unit") {
    Regs on = base_regs();
    on[GPUREG_TEXUNIT0_PARAM] = 1u << 28 | 1u << 12; // cube, clamp-to-border S
    Regs off = on;
    off[GPUREG_TEXUNIT_CONFIG] = 0;
    const vk::RenderTargetInfo target{32, 32, true, true, true};
    vk::PipelineKey dropped = vk::build_pipeline_key(on, target, false, true);
    CHECK(dropped.fragment.texture0_type == 1);
    shadergen::drop_texture_unit(dropped.fragment, 0);
    CHECK(dropped == vk::build_pipeline_key(off, target, false, true));
}

TEST_CASE("pipeline key: the procedural texture part holds only modes, and only when it is read") {
    Regs r = base_regs();
    r[GPUREG_TEXUNIT3_PROCTEX0] = 3 | 2 << 3 | 6 << 6 | 7 << 10 | 1 << 15 | 1 << 16;
    r[GPUREG_TEXUNIT3_PROCTEX4] = 5 | 0x60 << 3 | 128 << 11;
    // Unit on but no stage reads source 6; a stage reads it but the unit is off: all zero.
    r[GPUREG_TEXUNIT_CONFIG] = 1 | 1u << 10;
    CHECK(key(r).fragment.proctex == shadergen::ProcTexConfig{});
    r[GPUREG_TEXUNIT_CONFIG] = 1;
    r[GPUREG_TEXENV1_SOURCE] = 0x00060F06u;
    r[GPUREG_TEXENV1_COMBINER] = 0x00010001u;
    CHECK(key(r).fragment.proctex == shadergen::ProcTexConfig{});
    r[GPUREG_TEXUNIT_CONFIG] = 1 | 1u << 10 | 2u << 8;
    const shadergen::ProcTexConfig p = key(r).fragment.proctex;
    CHECK(p.enabled == 1);
    CHECK(p.coordinates == 2);
    CHECK(p.u_clamp == 3);
    CHECK(p.v_clamp == 2);
    CHECK(p.rgb_function == 6);
    CHECK(p.alpha_function == 0); // alpha comes from the colour LUT (bit 14 clear)
    CHECK(p.noise == 1);
    CHECK(p.u_shift == 1);
    CHECK(p.filter == 5);
    // Values (noise, bias, width, LOD range, offsets) change no key.
    const vk::PipelineKey before = key(r);
    Regs v = r;
    v[GPUREG_TEXUNIT3_PROCTEX0] |= 0xABu << 20; // bias low byte
    v[GPUREG_TEXUNIT3_PROCTEX1] = 0x12345678u;
    v[GPUREG_TEXUNIT3_PROCTEX2] = 0x9ABCDEF0u;
    v[GPUREG_TEXUNIT3_PROCTEX3] = 0x3C003C00u;
    v[GPUREG_TEXUNIT3_PROCTEX4] = 5 | 0x1F << 3 | 17 << 11 | 0xCDu << 19;
    v[GPUREG_TEXUNIT3_PROCTEX5] = 0x01020304u;
    CHECK(key(v) == before);
    // Undocumented values share the key of the value they behave as (proctex.md 2.2-2.8).
    Regs odd = r, doc = r;
    odd[GPUREG_TEXUNIT3_PROCTEX0] = 6 | 7 << 3 | 12u << 6 | 3u << 16;
    doc[GPUREG_TEXUNIT3_PROCTEX0] = 1 | 1 << 3 | 10u << 6;
    odd[GPUREG_TEXUNIT3_PROCTEX4] = 7;
    doc[GPUREG_TEXUNIT3_PROCTEX4] = 1;
    odd[GPUREG_TEXUNIT_CONFIG] = 1 | 1u << 10 | 3u << 8;
    doc[GPUREG_TEXUNIT_CONFIG] = 1 | 1u << 10;
    CHECK(key(odd) == key(doc));
}

TEST_CASE("pipeline key: shadow maps hold the sampler's modes and the write mode, only when used") {
    Regs r = base_regs();
    r[GPUREG_TEXENV0_SOURCE] = 0x00030003u; // texture 0
    r[GPUREG_TEXUNIT_CONFIG] = 1;
    r[GPUREG_TEXUNIT0_PARAM] = 2u << 28 | 1u << 20 | 1u << 12 | 3u << 8 | 1u << 1;
    r[GPUREG_TEXUNIT0_SHADOW] = 0x00010625u; // orthographic, bias (values: uniforms)
    const vk::PipelineKey a = key(r);
    CHECK(a.fragment.texture0_type == 2);
    CHECK(a.fragment.shadow_sampler ==
          (1u | 3u << 2 | shadergen::kShadowSamplerPcf | shadergen::kShadowSamplerOrthographic));
    // The bias is a value: the same key.
    r[GPUREG_TEXUNIT0_SHADOW] = 0x00FFFFFFu;
    CHECK(key(r) == a);
    // Undocumented wrap modes read as clamp to edge, as the sampler cache reads them.
    Regs w = r;
    w[GPUREG_TEXUNIT0_PARAM] = 2u << 28 | 6u << 12 | 3u << 8 | 1u << 1;
    CHECK(key(w).fragment.shadow_sampler ==
          (0u | 3u << 2 | shadergen::kShadowSamplerPcf | shadergen::kShadowSamplerOrthographic));
    // Cubes have no perspective flag; a unit no stage reads keeps nothing.
    r[GPUREG_TEXUNIT0_PARAM] = 4u << 28 | 1u << 1;
    CHECK(key(r).fragment.shadow_sampler == shadergen::kShadowSamplerPcf);
    r[GPUREG_TEXENV0_SOURCE] = 0;
    CHECK(key(r).fragment.texture0_type == 0);
    CHECK(key(r).fragment.shadow_sampler == 0);
    // Shadow mode: no attachment, no blending, alpha test and fog cleared; penumbra values
    // (FRAGOP_SHADOW) are uniforms.
    Regs m = base_regs();
    m[GPUREG_COLOR_OPERATION] = 0x00E40103u;
    m[GPUREG_FRAGOP_ALPHA_TEST] = 1u | 4u << 4;
    m[GPUREG_TEXENV_UPDATE_BUFFER] = 5;
    const vk::PipelineKey s = key(m);
    CHECK(s.fragment.shadow_write == shadergen::kStorageWriteCompareSwap);
    CHECK(s.fragment.alpha_test_func == 1);
    CHECK(s.fragment.fog == 0);
    CHECK(s.color_format == 0xFF);
    CHECK(s.depth_format == 0xFF);
    CHECK(s.blend_enable == 0);
    m[GPUREG_FRAGOP_SHADOW] = 0xBC003E00u;
    CHECK(key(m) == s);
    // Lighting's shadow byte: cleared while CONFIG0 bit 0 is clear or nothing is shadowed.
    Regs l = base_regs();
    l[GPUREG_TEXENV0_SOURCE] = 0x00010001u; // fragment primary
    l[GPUREG_LIGHTING_ENABLE1] = 0;
    l[GPUREG_LIGHTING_CONFIG1] = 0xFFFFFFFEu;
    l[GPUREG_LIGHTING_CONFIG0] = 3u << 16 | 1u << 18;
    CHECK(key(l).fragment.lighting.shadow == 0);
    l[GPUREG_LIGHTING_CONFIG0] = 1u | 1u << 18;
    CHECK(key(l).fragment.lighting.shadow == 0);
    l[GPUREG_LIGHTING_CONFIG0] = 1u | 1u << 16 | 1u << 18 | 2u << 24;
    const vk::PipelineKey lit = key(l);
    CHECK(lit.fragment.lighting.shadow == (shadergen::kShadowDiffuse | shadergen::kShadowInvert |
                                           2u << shadergen::kShadowUnitShift));
    CHECK(lit.fragment.lighting.lights[0].shadowed == 1);
    CHECK((lit.fragment.texture_units & 4) == 0); // unit 2 is off in TEXUNIT_CONFIG
    l[GPUREG_LIGHTING_CONFIG1] = 0xFFFFFFFFu;     // light 0 unshadowed
    CHECK(key(l).fragment.lighting.lights[0].shadowed == 0);
}

TEST_CASE("pipeline key: gas holds the write mode and the selectors, values stay uniforms") {
    // Accumulation: the depth function in the key, DELTAZ a value; no attachment.
    Regs a = base_regs();
    a[GPUREG_COLOR_OPERATION] = 0x00E40001u;
    a[GPUREG_TEXENV_UPDATE_BUFFER] = 7u | 1u << 3;
    a[GPUREG_GAS_DELTAZ_DEPTH] = 0x000A00u | 3u << 24;
    const vk::PipelineKey acc = key(a);
    CHECK(acc.fragment.gas_write == shadergen::kStorageWriteCompareSwap);
    CHECK(acc.fragment.gas == 3);
    CHECK(acc.fragment.fog == 0); // the fog unit does nothing in this pass
    CHECK(acc.color_format == 0xFF);
    CHECK(acc.depth_format == 0xFF);
    a[GPUREG_GAS_DELTAZ_DEPTH] = 0x123456u | 3u << 24;
    CHECK(key(a) == acc);
    // Shading: fog mode 7 with its two selectors; the light terms, ACCMAX and ATTENUATION are
    // values.
    Regs s = base_regs();
    s[GPUREG_TEXENV_UPDATE_BUFFER] = 7u | 1u << 3 | 1u << 16;
    s[GPUREG_GAS_LIGHT_Z_COLOR] = 0x1FFu;
    const vk::PipelineKey shade = key(s);
    CHECK(shade.fragment.fog == 2);
    CHECK(shade.fragment.fog_flip == 0);
    CHECK(shade.fragment.gas == (shadergen::kGasDepthDensity | shadergen::kGasLutLightFactor));
    CHECK(shade.fragment.gas_write == 0);
    s[GPUREG_GAS_LIGHT_Z_COLOR] = 0x100u;
    s[GPUREG_GAS_ACCMAX] = 0x3C00u;
    s[GPUREG_GAS_ATTENUATION] = 0x3800u;
    s[GPUREG_GAS_LIGHT_XY] = 0x123456u;
    CHECK(key(s) == shade);
    // Neither: nothing of gas in the key.
    Regs n = base_regs();
    n[GPUREG_GAS_LIGHT_Z_COLOR] = 0x1FFu;
    n[GPUREG_GAS_DELTAZ_DEPTH] = 3u << 24;
    CHECK(key(n).fragment.gas == 0);
}
