// Randomized differential tests of the generated fragment shaders against the CPU reference
// model (tests/oracle): random texture-environment configurations, buffer updates, constant
// and buffer colours, alpha tests and fog; 64 quads per draw, each with its own vertex colour,
// texels and depth. Fragment lighting (most configurations): random light counts, permutations,
// types, configuration modes, LUT selections, inputs, abs and scale, continuous random LUTs,
// bump maps in both modes, and a random normal quaternion and view vector per quad.
// Tolerances: texture environment and alpha test exact; fog +-1 (the model and the shader blend
// in floating point and may round a tie differently); lit colours +-1 per channel: the shader
// and the model light in 32-bit floats in a different order and round to 8 bits, and the
// random LUTs are continuous (each entry's stored difference reaches the next entry to within
// 1/4096), so an index that lands on the other side of an entry boundary moves the value by
// less than 1/4096 x the LUT scale (8 at most), far below one 8-bit step.
// PICAVK_DIFF_CONFIGS sets the number of configurations (default below).
#include "../oracle/fragment_model.h"
#include "render_harness.h"
#include "test_random.h"

#include "pica/diagnostics.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>

using namespace picavk;
using namespace picavk::pica;
using picavk::test::RenderHarness;
using picavk::test::Rgba;
using picavk::test::Rng;
using picavk::test::unit_random;
namespace oracle = picavk::test::oracle;

namespace {

constexpr unsigned kGrid = 8; // 8x8 quads of 4x4 pixels

struct Config {
    Regs regs; // the registers the configuration sets (mirrored into the command list)
    LutState luts;
    bool lit = false;
};

// The registers a lit configuration writes (besides the texture environment).
constexpr std::uint32_t kLightingGlobalRegs[] = {
    GPUREG_LIGHTING_ENABLE0,        GPUREG_LIGHTING_ENABLE1,
    GPUREG_LIGHTING_AMBIENT,        GPUREG_LIGHTING_NUM_LIGHTS,
    GPUREG_LIGHTING_CONFIG0,        GPUREG_LIGHTING_CONFIG1,
    GPUREG_LIGHTING_LUTINPUT_ABS,   GPUREG_LIGHTING_LUTINPUT_SELECT,
    GPUREG_LIGHTING_LUTINPUT_SCALE, GPUREG_LIGHTING_LIGHT_PERMUTATION};

// A continuous random lighting LUT: a random walk of 12-bit values; each entry's difference is
// the step to the entry that follows it in input order (signed tables: 127 runs to x = 1.0,
// 255 (x = -1/128) runs into entry 0).
std::array<std::uint32_t, 256> continuous_lut(Rng& rng, bool signed_order) {
    std::array<int, 257> v{}; // in input order, plus the value at x = 1.0
    int x = static_cast<int>(rng() % 4096);
    for (int& e : v) {
        e = x;
        x = std::clamp(x + static_cast<int>(rng() % 129) - 64, 0, 4095);
    }
    std::array<std::uint32_t, 256> t{};
    for (unsigned k = 0; k < 256; ++k) {
        // Input order k -> entry: signed tables run -1 (entry 128) .. 127/128 (entry 127).
        const unsigned entry = signed_order ? (k + 128) & 0xFF : k;
        const int d = v[k + 1] - v[k]; // in 1/4096 steps; stored in 1/2048 steps
        const auto mag = static_cast<std::uint32_t>(std::min(std::abs(d) / 2, 2047));
        t[entry] = static_cast<std::uint32_t>(v[k]) | mag << 12 | (d < 0 ? 1u << 23 : 0u);
    }
    return t;
}

std::uint32_t random_light_color(Rng& rng) {
    return (rng() & 0xFF) << 20 | (rng() & 0xFF) << 10 | (rng() & 0xFF);
}

// Random lighting state: every register the lighting unit reads, and all 24 LUTs.
void random_lighting(Rng& rng, Config& c) {
    Regs& r = c.regs;
    c.lit = true;
    r[GPUREG_LIGHTING_ENABLE0] = 1;
    r[GPUREG_LIGHTING_ENABLE1] = 0;
    r[GPUREG_LIGHTING_AMBIENT] = random_light_color(rng) & 0x3F0FC3F; // dim: below 64
    // One to eight lights, fewer more often (as scenes use them; compile time on lavapipe
    // grows with every light the specialised shader unrolls).
    const unsigned count = 1 + std::min(rng() % 8, rng() % 8);
    r[GPUREG_LIGHTING_NUM_LIGHTS] = count - 1;
    std::array<unsigned, 8> ids{0, 1, 2, 3, 4, 5, 6, 7};
    for (unsigned i = 7; i > 0; --i)
        std::swap(ids[i], ids[rng() % (i + 1)]); // distinct ids (a repeat is bad input)
    std::uint32_t perm = 0;
    for (unsigned s = 0; s < 8; ++s)
        perm |= ids[s] << (4 * s);
    r[GPUREG_LIGHTING_LIGHT_PERMUTATION] = perm;
    static constexpr unsigned kModes[] = {0, 1, 2, 3, 4, 5, 6, 8, 8, 8, 7, 12};
    const unsigned mode = kModes[rng() % std::size(kModes)];
    const unsigned bump = rng() % 4 == 0 ? 0 : rng() % 3; // none, normal map, tangent map
    r[GPUREG_LIGHTING_CONFIG0] = (rng() % 4) << 2 | mode << 4 | (rng() % 3) << 22 |
                                 (rng() % 2) << 27 | bump << 28 | (rng() % 2) << 30;
    // CONFIG1: random LUT, spot and attenuation disables; shadows off (their own issue).
    r[GPUREG_LIGHTING_CONFIG1] = (rng() & 0xFFFFFF00u) | 0xFF | 1u << 18;
    r[GPUREG_LIGHTING_LUTINPUT_ABS] = rng() & 0x2222222u;
    std::uint32_t select = 0, scale = 0;
    for (unsigned i = 0; i < 7; ++i) {
        select |= (rng() % 8) << (4 * i);
        const std::uint32_t pick = rng() % 10; // mostly x1, x2, x0.5
        const std::uint32_t code = pick < 4 ? 0 : pick < 6 ? 1 : pick < 8 ? 7 : rng() % 8;
        scale |= code << (4 * i);
    }
    r[GPUREG_LIGHTING_LUTINPUT_SELECT] = select;
    r[GPUREG_LIGHTING_LUTINPUT_SCALE] = scale;
    for (unsigned id = 0; id < 8; ++id) {
        const std::uint32_t base = GPUREG_LIGHT0_SPECULAR0 + 0x10 * id;
        for (unsigned k = 0; k < 4; ++k)
            r[base + k] = random_light_color(rng);
        auto coord = [&](float range) {
            return float_to_f16((unit_random(rng) * 2.0f - 1.0f) * range);
        };
        r[base + 4] = coord(4.0f) | coord(4.0f) << 16;
        r[base + 5] = coord(4.0f);
        // Spot direction: a random unit vector in fixed1.1.11.
        float d[3] = {unit_random(rng) - 0.5f, unit_random(rng) - 0.5f, unit_random(rng) - 0.5f};
        const float len = std::max(1e-3f, std::sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]));
        auto fix = [&](float v) { return Fixed1_1_11::encode(v / len); };
        r[base + 6] = fix(d[0]) | fix(d[1]) << 16;
        r[base + 7] = fix(d[2]);
        r[base + 9] = rng() % 16; // directional, two-sided, geometric factors 0 and 1
        r[base + 10] = float_to_f20(unit_random(rng) * 1.5f - 0.5f);
        r[base + 11] = float_to_f20(unit_random(rng) * 0.5f);
    }
    for (unsigned t = 0; t < 24; ++t) {
        // The DA tables (16-23) are always unsigned; the rest follow their LUT's abs bit.
        static constexpr int kLutOf[8] = {0, 1, -1, 3, 4, 5, 6, -1};
        bool signed_order = false;
        if (t < 8 && kLutOf[t] >= 0)
            signed_order = (r[GPUREG_LIGHTING_LUTINPUT_ABS] >> (4 * kLutOf[t] + 1) & 1) != 0;
        else if (t >= 8 && t < 16)
            signed_order = (r[GPUREG_LIGHTING_LUTINPUT_ABS] >> 9 & 1) != 0;
        c.luts.lighting[t] = continuous_lut(rng, signed_order);
    }
}

std::uint32_t random_source(Rng& rng) {
    // Primary colour, textures 0-2, previous buffer, constant, previous; now and then a
    // lighting or undocumented source (both read zero).
    static constexpr std::uint32_t kSources[] = {0x0, 0x3, 0x4, 0x5, 0xD, 0xE, 0xF,
                                                 0xF, 0x0, 0x3, 0xE, 0x1, 0x8};
    return kSources[rng() % std::size(kSources)];
}

// lit_in_8: how many configurations in eight light their fragments.
Config random_config(Rng& rng, unsigned lit_in_8) {
    Config c;
    Regs& r = c.regs;
    static constexpr std::uint32_t kRgbOps[] = {0, 1, 2, 3, 4, 5, 8, 9, 12, 13};
    static constexpr std::uint32_t kStages[6] = {GPUREG_TEXENV0_SOURCE, GPUREG_TEXENV1_SOURCE,
                                                 GPUREG_TEXENV2_SOURCE, GPUREG_TEXENV3_SOURCE,
                                                 GPUREG_TEXENV4_SOURCE, GPUREG_TEXENV5_SOURCE};
    // Often only the first few stages do something; the rest pass on.
    const unsigned active = 1 + rng() % 6;
    for (unsigned s = 0; s < 6; ++s) {
        const std::uint32_t base = kStages[s];
        if (s >= active) {
            r[base] = 0x000F000F;
            r[base + 1] = r[base + 2] = r[base + 4] = 0;
            r[base + 3] = rng();
            continue;
        }
        std::uint32_t src = 0, ops = 0;
        for (unsigned a = 0; a < 3; ++a) {
            src |= random_source(rng) << (4 * a) | random_source(rng) << (16 + 4 * a);
            ops |= kRgbOps[rng() % std::size(kRgbOps)] << (4 * a) | (rng() % 8) << (12 + 4 * a);
        }
        r[base] = src;
        r[base + 1] = ops;
        r[base + 2] = (rng() % 10) | (rng() % 10) << 16;
        r[base + 3] = rng();
        const std::uint32_t scale_pick = rng() % 8; // mostly 1x
        r[base + 4] =
            (scale_pick < 5 ? 0 : scale_pick - 5) | (rng() % 4 == 0 ? (rng() % 3) << 16 : 0);
    }
    // A lit configuration's stage 0 shows the primary or the secondary lighting colour (the
    // other's alpha in alpha) and the rest pass it on.
    r[GPUREG_LIGHTING_ENABLE1] = 1; // lighting off unless random_lighting turns it on
    if (rng() % 8 < lit_in_8) {
        random_lighting(rng, c);
        const bool secondary = rng() % 2;
        r[kStages[0]] = secondary ? 0x00010002u : 0x00020001u;
        r[kStages[0] + 1] = 0;
        r[kStages[0] + 2] = 0;
        r[kStages[0] + 4] = 0;
        for (unsigned st = 1; st < 6; ++st) {
            r[kStages[st]] = 0x000F000F;
            r[kStages[st] + 1] = r[kStages[st] + 2] = r[kStages[st] + 4] = 0;
        }
    }
    r[GPUREG_TEXENV_BUFFER_COLOR] = rng();
    std::uint32_t update = rng() & 0xFF00;
    if (rng() % 3 == 0) { // fog
        update |= 5 | (rng() % 2) << 16;
        r[GPUREG_FOG_COLOR] = rng() & 0xFFFFFF;
        for (auto& e : c.luts.fog) {
            const std::uint32_t value = rng() % 2048;
            e = value << 13 | (rng() & 0x1FFF);
        }
    }
    r[GPUREG_TEXENV_UPDATE_BUFFER] = update;
    r[GPUREG_TEXUNIT_CONFIG] = rng() & 7;
    if (rng() % 4 == 0) r[GPUREG_FRAGOP_ALPHA_TEST] = 1 | (rng() % 8) << 4 | (rng() & 0xFF) << 8;
    return c;
}

// Runs configurations [first, first + count) (seeded by their number).
void run_differential(unsigned first, unsigned count, ShaderCompile compile = ShaderCompile::Sync) {
    RenderHarness h(1, ColorFormat::RGBA8, DepthFormat::D24S8, compile);
    const unsigned configs = first + count;
    std::uint64_t fragments = 0, fog_off_by_one = 0, lit_off_by_one = 0, lit_configs = 0;
    for (unsigned n = first; n < configs; ++n) {
        Rng rng(0x5EED + n); // each configuration reproducible on its own
        // Lavapipe compiles a lit specialised shader in about 150 ms (LLVM), 20 times an unlit
        // one: specialised runs light one configuration in four, ubershader runs (one shader,
        // already compiled) seven in eight.
        const Config c = random_config(rng, compile == ShaderCompile::UbershaderOnly ? 7 : 2);
        lit_configs += c.lit;
        CAPTURE(n);
        if (const char* only = std::getenv("PICAVK_DIFF_ONLY");
            only && std::strtoul(only, nullptr, 10) != n)
            continue;
        // Per-quad inputs: vertex colour, one texel per unit, a depth.
        std::array<std::vector<std::uint8_t>, 3> texels;
        for (auto& t : texels) {
            t.resize(kGrid * kGrid * 4);
            for (auto& v : t)
                v = static_cast<std::uint8_t>(rng());
        }
        for (unsigned u = 0; u < 3; ++u)
            h.texture(u, kGrid, kGrid, texels[u]);
        std::vector<oracle::FragmentInputs> inputs(kGrid * kGrid);
        h.clear(Rgba{0x5A, 0xA5, 0x3C, 0xC3}, 0);
        // Copy the configuration's registers into the command list.
        for (std::uint32_t base :
             {GPUREG_TEXENV0_SOURCE, GPUREG_TEXENV1_SOURCE, GPUREG_TEXENV2_SOURCE,
              GPUREG_TEXENV3_SOURCE, GPUREG_TEXENV4_SOURCE, GPUREG_TEXENV5_SOURCE})
            for (std::uint32_t k = 0; k < 5; ++k)
                h.b().write(base + k, c.regs[base + k]);
        h.b().write(GPUREG_TEXENV_BUFFER_COLOR, c.regs[GPUREG_TEXENV_BUFFER_COLOR]);
        h.b().write(GPUREG_TEXENV_UPDATE_BUFFER, c.regs[GPUREG_TEXENV_UPDATE_BUFFER]);
        h.b().write(GPUREG_FOG_COLOR, c.regs[GPUREG_FOG_COLOR]);
        h.b().upload_fog_lut(c.luts.fog);
        h.b().write(GPUREG_TEXUNIT_CONFIG, c.regs[GPUREG_TEXUNIT_CONFIG] | (1u << 12));
        h.b().write(GPUREG_FRAGOP_ALPHA_TEST, c.regs[GPUREG_FRAGOP_ALPHA_TEST]);
        if (c.lit) {
            for (std::uint32_t id : kLightingGlobalRegs)
                h.b().write(id, c.regs[id]);
            for (std::uint32_t id = GPUREG_LIGHT0_SPECULAR0; id < GPUREG_LIGHTING_AMBIENT; ++id)
                if ((id & 0xF) < 0xC && (id & 0xF) != 0x8) h.b().write(id, c.regs[id]);
            for (unsigned t = 0; t < 24; ++t)
                h.b().upload_lighting_lut(t, c.luts.lighting[t]);
        } else {
            h.b().write(GPUREG_LIGHTING_ENABLE0, 0);
            h.b().write(GPUREG_LIGHTING_ENABLE1, 1);
        }
        for (unsigned q = 0; q < kGrid * kGrid; ++q) {
            const unsigned qx = q % kGrid, qy = q / kGrid;
            oracle::FragmentInputs& in = inputs[q];
            std::array<float, 4> color;
            for (unsigned k = 0; k < 4; ++k) {
                in.primary[k] = static_cast<int>(rng() & 0xFF);
                color[k] = static_cast<float>(in.primary[k]) / 255.0f;
            }
            // Texel (qx, qy) of every unit: row qy from the top is t = 1 - v.
            for (unsigned u = 0; u < 3; ++u)
                for (unsigned k = 0; k < 4; ++k)
                    in.textures[u][k] = texels[u][(qy * kGrid + qx) * 4 + k];
            const float s = (static_cast<float>(qx) + 0.5f) / kGrid;
            const float t = 1.0f - (static_cast<float>(qy) + 0.5f) / kGrid;
            // Depths on a 1/256 grid: exact through float24 and the viewport.
            in.depth = static_cast<float>(rng() % 256) / 256.0f;
            // A normal quaternion (random rotation and length, now and then zero) and a view
            // vector, in values float24 holds exactly (the shader unit's precision).
            auto f24 = [](float v) { return f24_to_float(float_to_f24(v)); };
            const float qlen = rng() % 16 == 0 ? 0.0f : 0.5f + 1.5f * unit_random(rng);
            std::array<float, 4> quat{};
            for (float& e : quat)
                e = unit_random(rng) * 2.0f - 1.0f;
            const float qn = std::max(1e-3f, std::sqrt(quat[0] * quat[0] + quat[1] * quat[1] +
                                                       quat[2] * quat[2] + quat[3] * quat[3]));
            for (float& e : quat)
                e = f24(e / qn * qlen);
            std::array<float, 3> view{};
            for (float& e : view)
                e = f24((unit_random(rng) * 2.0f - 1.0f) * 3.0f);
            in.normquat = quat;
            in.view = view;
            h.quad(qx * 4, qy * 4, qx * 4 + 4, qy * 4 + 4, -in.depth, color, 1.0f, false,
                   {s, t, s, t}, {s, t}, 1.0f, quat, view);
        }
        h.draw();
        REQUIRE_FALSE(h.last_error);
        const auto rgba = h.color_rgba();
        for (unsigned q = 0; q < kGrid * kGrid; ++q) {
            const unsigned qx = q % kGrid, qy = q / kGrid;
            const oracle::FragmentResult want = oracle::shade(c.regs, c.luts, inputs[q]);
            // Every pixel of the quad: window x qx*4.., rows qy*4.. (y up) = memory row 31 - y.
            for (unsigned pixel = 0; pixel < 16; ++pixel) {
                const unsigned px = qx * 4 + pixel % 4, py = qy * 4 + pixel / 4;
                const std::uint8_t* got = &rgba[((31 - py) * 32 + px) * 4];
                const oracle::Color clear{0x5A, 0xA5, 0x3C, 0xC3};
                const oracle::Color expect = want.discarded ? clear : want.color;
                const bool fog = (c.regs[GPUREG_TEXENV_UPDATE_BUFFER] & 7) == 5 && !want.discarded;
                for (unsigned k = 0; k < 4; ++k) {
                    const int diff = std::abs(int(got[k]) - expect[k]);
                    if (fog && k < 3 && diff == 1) {
                        ++fog_off_by_one;
                        continue;
                    }
                    if (c.lit && diff == 1) {
                        ++lit_off_by_one;
                        continue;
                    }
                    if (diff != 0) {
                        CAPTURE(q);
                        CAPTURE(pixel);
                        CAPTURE(k);
                        CAPTURE(expect[k]);
                        CAPTURE(int(got[k]));
                        CAPTURE(want.discarded);
                        std::string cfg;
                        for (std::uint32_t id :
                             {GPUREG_TEXENV0_SOURCE, GPUREG_TEXENV0_OPERAND,
                              GPUREG_TEXENV0_COMBINER, GPUREG_TEXENV0_COLOR, GPUREG_TEXENV0_SCALE,
                              GPUREG_TEXENV1_SOURCE, GPUREG_TEXENV1_OPERAND,
                              GPUREG_TEXENV1_COMBINER, GPUREG_TEXENV_UPDATE_BUFFER,
                              GPUREG_TEXUNIT_CONFIG, GPUREG_FRAGOP_ALPHA_TEST,
                              GPUREG_LIGHTING_NUM_LIGHTS, GPUREG_LIGHTING_CONFIG0,
                              GPUREG_LIGHTING_CONFIG1, GPUREG_LIGHTING_LUTINPUT_ABS,
                              GPUREG_LIGHTING_LUTINPUT_SELECT, GPUREG_LIGHTING_LUTINPUT_SCALE,
                              GPUREG_LIGHTING_LIGHT_PERMUTATION})
                            cfg += hex_string(c.regs[id]) + " ";
                        CAPTURE(cfg);
                        FAIL_CHECK("pixel differs from the reference model");
                        break;
                    }
                }
                ++fragments;
            }
        }
    }
    const RendererCounters rc = h.session().renderer_counters();
    if (compile == ShaderCompile::UbershaderOnly)
        CHECK(rc.ubershader_draws == count);
    else
        CHECK(rc.ubershader_draws == 0);
    MESSAGE(rc.shaders_compiled << " shaders compiled, " << rc.pipelines_created
                                << " pipelines created, " << rc.ubershader_draws
                                << " ubershader draws");
    MESSAGE(count << " configurations (" << lit_configs << " lit), " << fragments
                  << " pixels; fog off by one: " << fog_off_by_one
                  << "; lit channels off by one: " << lit_off_by_one);
    CHECK(h.validation_messages() == 0);
    for (const std::string& w : h.warnings)
        MESSAGE(w);
    CHECK(h.warnings.empty());
}

} // namespace

// 10,000 configurations per run (about 2,500 lit), in eight test cases so that ctest spreads
// them over the cores. PICAVK_DIFF_CONFIGS sets the number per test case (default 1250).
#define PICAVK_DIFFERENTIAL_CASE(part)                                                             \
    TEST_CASE(                                                                                     \
        "differential: generated fragment shaders against the reference model, part " #part) {     \
        const unsigned count = picavk::test::configs_from_env("PICAVK_DIFF_CONFIGS", 1250);        \
        run_differential(part * 100000u, count);                                                   \
    }
PICAVK_DIFFERENTIAL_CASE(0)
PICAVK_DIFFERENTIAL_CASE(1)
PICAVK_DIFFERENTIAL_CASE(2)
PICAVK_DIFFERENTIAL_CASE(3)
PICAVK_DIFFERENTIAL_CASE(4)
PICAVK_DIFFERENTIAL_CASE(5)
PICAVK_DIFFERENTIAL_CASE(6)
PICAVK_DIFFERENTIAL_CASE(7)

// The ubershader (which stands in while specialised shaders compile) against the same model:
// 10,000 further configurations, about 8,750 of them lit, so that with the specialised runs
// over 11,000 lighting configurations are checked per run.
#define PICAVK_UBERSHADER_CASE(part)                                                               \
    TEST_CASE("differential: the ubershader against the reference model, part " #part) {           \
        const unsigned count = picavk::test::configs_from_env("PICAVK_DIFF_CONFIGS", 1250);        \
        run_differential(1000000u + part * 100000u, count, ShaderCompile::UbershaderOnly);         \
    }
PICAVK_UBERSHADER_CASE(0)
PICAVK_UBERSHADER_CASE(1)
PICAVK_UBERSHADER_CASE(2)
PICAVK_UBERSHADER_CASE(3)
PICAVK_UBERSHADER_CASE(4)
PICAVK_UBERSHADER_CASE(5)
PICAVK_UBERSHADER_CASE(6)
PICAVK_UBERSHADER_CASE(7)
