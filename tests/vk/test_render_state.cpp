// Golden-pixel tests of the register-to-Vulkan state mapping on lavapipe, validation layer on.
// Every expected value is derived from the spec (../shared/spec/004, cited per test) and stated
// here; results are read back from guest memory the way the guest sees them.
#include "render_harness.h"
#include "scoped_env.h"
#include "shadergen/key_list.h"
#include "vk/pipeline/pipeline_key.h"

#include <doctest/doctest.h>

#include <cstdlib>
#include <cstring>

using namespace picavk;
using namespace picavk::pica;
using picavk::test::RenderHarness;
using picavk::test::Rgba;
using picavk::test::ScopedEnv;

namespace {
constexpr std::array<float, 4> kRed{1, 0, 0, 1}, kGreen{0, 1, 0, 1}, kBlue{0, 0, 1, 1};
constexpr Rgba kClear{0x10, 0x20, 0x30, 0x40};
constexpr Rgba kRedPx{0xFF, 0, 0, 0xFF}, kGreenPx{0, 0xFF, 0, 0xFF}, kBluePx{0, 0, 0xFF, 0xFF};
} // namespace

TEST_CASE("render: a flat quad covers exactly its window pixels, y up from the bottom row") {
    RenderHarness h;
    h.clear(kClear);
    h.quad(4, 2, 12, 6, -0.5f, kRed); // x 4..11, y 2..5 (window, y up)
    h.draw();
    CHECK(h.pixel(4, 2) == kRedPx);
    CHECK(h.pixel(11, 5) == kRedPx);
    CHECK(h.pixel(3, 2) == kClear);
    CHECK(h.pixel(12, 5) == kClear);
    CHECK(h.pixel(4, 1) == kClear);
    CHECK(h.pixel(4, 6) == kClear);
    // Window row y = 2 is memory row 32 - 1 - 2 = 29 (memory row 0 is the top).
    const auto rgba = h.color_rgba();
    CHECK(rgba[(29 * 32 + 4) * 4] == 0xFF);
    CHECK(h.validation_messages() == 0);
    CHECK(h.warnings.empty());
}

TEST_CASE("render: face culling modes (spec 004 FACECULLING_CONFIG)") {
    // Left quad counter-clockwise in window coordinates (y up), right quad clockwise.
    // 0: none culled; 1: front (counter-clockwise) culled; 2: back (clockwise) culled; 3: as 0.
    struct Case {
        std::uint32_t mode;
        bool ccw_drawn, cw_drawn;
    };
    for (Case c :
         {Case{0, true, true}, Case{1, false, true}, Case{2, true, false}, Case{3, true, true}}) {
        CAPTURE(c.mode);
        RenderHarness h;
        h.clear(kClear);
        h.b().write(GPUREG_FACECULLING_CONFIG, c.mode);
        h.quad(0, 0, 16, 32, -0.5f, kRed, 1.0f, false);
        h.quad(16, 0, 32, 32, -0.5f, kGreen, 1.0f, true);
        h.draw();
        CHECK((h.pixel(8, 16) == kRedPx) == c.ccw_drawn);
        CHECK((h.pixel(24, 16) == kGreenPx) == c.cw_drawn);
        CHECK(h.validation_messages() == 0);
    }
}

TEST_CASE("render: depth functions, and the test off still writes (spec 004 DEPTH_COLOR_MASK)") {
    // Stored depth 0x400000 (= 0.25 in 24 bits). Quads at depth 0.125, 0.25, 0.375 (depth =
    // -z/w with DEPTHMAP_SCALE -1, OFFSET 0; all exact in float24 and 24-bit unorm).
    const float z[3] = {-0.125f, -0.25f, -0.375f};
    const std::uint32_t words[3] = {0x200000, 0x400000, 0x600000};
    // Which of (less, equal, greater than stored) pass, per function 0-7:
    // never, always, equal, not equal, less, less-equal, greater, greater-equal.
    const bool pass[8][3] = {{0, 0, 0}, {1, 1, 1}, {0, 1, 0}, {1, 0, 1},
                             {1, 0, 0}, {1, 1, 0}, {0, 0, 1}, {0, 1, 1}};
    RenderHarness h;
    for (std::uint32_t func = 0; func < 8; ++func) {
        CAPTURE(func);
        h.clear(kClear, 0x400000);
        h.b().write(GPUREG_DEPTH_COLOR_MASK, 1u | (func << 4) | 0xF00u | (1u << 12));
        for (int i = 0; i < 3; ++i)
            h.quad(static_cast<std::uint32_t>(i) * 10, 0, static_cast<std::uint32_t>(i) * 10 + 10,
                   32, z[i], kRed);
        h.draw();
        for (std::uint32_t i = 0; i < 3; ++i) {
            CAPTURE(i);
            CHECK((h.pixel(i * 10 + 5, 16) == kRedPx) == pass[func][i]);
            CHECK(h.depth_word(i * 10 + 5, 16) == (pass[func][i] ? words[i] : 0x400000u));
        }
    }
    // Test disabled, writes enabled: behaves as Always and still writes depth.
    h.clear(kClear, 0x400000);
    h.b().write(GPUREG_DEPTH_COLOR_MASK, (0u << 4) | 0xF00u | (1u << 12));
    h.quad(0, 0, 10, 32, z[0], kRed);
    h.draw();
    CHECK(h.pixel(5, 16) == kRedPx);
    CHECK(h.depth_word(5, 16) == 0x200000u);
    // Depth writes gated by DEPTHBUFFER_WRITE bit 1.
    h.clear(kClear, 0x400000);
    h.b().write(GPUREG_DEPTHBUFFER_WRITE, 0x0);
    h.quad(0, 0, 10, 32, z[0], kRed);
    h.draw();
    CHECK(h.pixel(5, 16) == kRedPx);
    CHECK(h.depth_word(5, 16) == 0x400000u);
    CHECK(h.validation_messages() == 0);
}

TEST_CASE("render: a D24 depth buffer in a float image (hosts without D24_UNORM_S8_UINT) "
          "compares and writes the 24-bit values a D24 image does, specialised and ubershader") {
    // AMD's GPUs have no D24_UNORM_S8_UINT: D24 and D24S8 buffers live in D32_SFLOAT_S8_UINT
    // there (PICAVK_DEVICE_DISABLE=d24s8 takes that path on any device). The PICA compares
    // 24-bit integers, so a depth drawn and read back as q, then filled into the buffer as q,
    // must compare equal to the same draw again - less than q + 1, greater than q - 1 - in the
    // viewport's depth mode and in the shader's (DEPTHMAP_SCALE -2: the range leaves [0, 1]).
    // Depths that are not on a float24 or 24-bit grid of their own.
    const float zs[3] = {-0.3f, -0.123456f, -0.4567f};
    for (const char* disable : {"", "d24s8"}) {
        for (ShaderCompile compile : {ShaderCompile::Sync, ShaderCompile::UbershaderOnly}) {
            for (float depth_scale : {-1.0f, -2.0f}) {
                CAPTURE(disable);
                CAPTURE(static_cast<int>(compile));
                CAPTURE(depth_scale);
                const test::ScopedEnv env("PICAVK_DEVICE_DISABLE", disable);
                RenderHarness h(1, ColorFormat::RGBA8, DepthFormat::D24S8, compile);
                auto set_scale = [&] {
                    h.b().write(GPUREG_DEPTHMAP_SCALE, float_to_f24(depth_scale));
                };
                // Each depth drawn with the test off, writes on: q as the guest reads it.
                std::uint32_t q[3];
                h.clear(kClear, 0);
                set_scale();
                h.b().write(GPUREG_DEPTH_COLOR_MASK, 0xF00u | (1u << 12));
                for (int i = 0; i < 3; ++i)
                    h.quad(static_cast<std::uint32_t>(i) * 10, 0,
                           static_cast<std::uint32_t>(i) * 10 + 10, 32, zs[i], kRed);
                h.draw();
                for (std::uint32_t i = 0; i < 3; ++i) {
                    q[i] = h.depth_word(i * 10 + 5, 16) & 0xFFFFFF;
                    CHECK(q[i] > 0);
                    CHECK(q[i] < 0xFFFFFF);
                }
                CHECK(q[0] != q[1]);
                // The buffer filled with q + delta (delta -1, 0, 1), each depth drawn again
                // under ==, < and >.
                for (int delta : {-1, 0, 1}) {
                    for (std::uint32_t func : {2u, 4u, 6u}) {
                        CAPTURE(delta);
                        CAPTURE(func);
                        for (std::uint32_t i = 0; i < 3; ++i) {
                            CAPTURE(i);
                            const std::uint32_t stored = q[i] + static_cast<std::uint32_t>(delta);
                            h.clear(kClear, stored);
                            set_scale();
                            h.b().write(GPUREG_DEPTH_COLOR_MASK, 1u | (func << 4) | 0xF00u);
                            h.quad(0, 0, 32, 32, zs[i], kRed);
                            h.draw();
                            const bool pass = func == 2   ? delta == 0
                                              : func == 4 ? delta == 1
                                                          : delta == -1;
                            CHECK((h.pixel(16, 16) == kRedPx) == pass);
                            CHECK((h.depth_word(16, 16) & 0xFFFFFF) == stored); // no write
                        }
                    }
                }
                CHECK(h.validation_messages() == 0);
            }
        }
    }
}

TEST_CASE("render: stencil ops, masks and reference (spec 004 STENCIL_TEST, STENCIL_OP)") {
    // Ops: 0 keep, 1 zero, 2 replace, 3 increment (saturating), 4 decrement (saturating),
    // 5 invert, 6 increment wrapping, 7 decrement wrapping. Reference 0x33.
    auto apply = [](std::uint32_t op, std::uint32_t s) -> std::uint32_t {
        switch (op) {
        case 0:
            return s;
        case 1:
            return 0;
        case 2:
            return 0x33;
        case 3:
            return s == 0xFF ? 0xFF : s + 1;
        case 4:
            return s == 0 ? 0 : s - 1;
        case 5:
            return ~s & 0xFF;
        case 6:
            return (s + 1) & 0xFF;
        default:
            return (s - 1) & 0xFF;
        }
    };
    RenderHarness h;
    for (std::uint32_t initial : {0x00u, 0x80u, 0xFFu}) {
        for (std::uint32_t op = 0; op < 8; ++op) {
            CAPTURE(initial);
            CAPTURE(op);
            // Depth-pass path: depth test off (always passes), stencil func Always.
            h.clear(kClear, initial << 24);
            h.b().write(GPUREG_DEPTH_COLOR_MASK, 0xF00u);
            h.b().write(GPUREG_STENCIL_TEST,
                        1u | (1u << 4) | (0xFFu << 8) | (0x33u << 16) | (0xFFu << 24));
            h.b().write(GPUREG_STENCIL_OP, op << 8);
            h.quad(0, 0, 16, 32, -0.5f, kRed);
            h.draw();
            CHECK((h.depth_word(8, 16) >> 24) == apply(op, initial));
            CHECK((h.depth_word(24, 16) >> 24) == initial); // outside the quad
        }
    }
    // Stencil-fail path: func Never applies the fail op (bits 0-2) and draws nothing.
    h.clear(kClear, 0x80u << 24);
    h.b().write(GPUREG_STENCIL_TEST, 1u | (0u << 4) | (0xFFu << 8) | (0x33u << 16) | (0xFFu << 24));
    h.b().write(GPUREG_STENCIL_OP, 2u);
    h.quad(0, 0, 16, 32, -0.5f, kRed);
    h.draw();
    CHECK((h.depth_word(8, 16) >> 24) == 0x33u);
    CHECK(h.pixel(8, 16) == kClear);
    // Depth-fail path: stencil passes, depth test Never applies the z-fail op (bits 4-6).
    h.clear(kClear, 0x80u << 24);
    h.b().write(GPUREG_DEPTH_COLOR_MASK, 1u | (0u << 4) | 0xF00u);
    h.b().write(GPUREG_STENCIL_TEST, 1u | (1u << 4) | (0xFFu << 8) | (0x33u << 16) | (0xFFu << 24));
    h.b().write(GPUREG_STENCIL_OP, 5u << 4);
    h.quad(0, 0, 16, 32, -0.5f, kRed);
    h.draw();
    CHECK((h.depth_word(8, 16) >> 24) == 0x7Fu);
    CHECK(h.pixel(8, 16) == kClear);
    // Write mask (bits 8-15) keeps the masked-off bits; compare mask (bits 24-31) and
    // reference: (ref & mask) == (stored & mask) with ref 0x3F, mask 0x0F, stored 0x8F passes.
    h.clear(kClear, 0x8Fu << 24);
    h.b().write(GPUREG_DEPTH_COLOR_MASK, 0xF00u);
    h.b().write(GPUREG_STENCIL_TEST, 1u | (2u << 4) | (0x0Fu << 8) | (0x3Fu << 16) | (0x0Fu << 24));
    h.b().write(GPUREG_STENCIL_OP, 1u << 8); // zero on pass, through write mask 0x0F
    h.quad(0, 0, 16, 32, -0.5f, kRed);
    h.draw();
    CHECK(h.pixel(8, 16) == kRedPx);
    CHECK((h.depth_word(8, 16) >> 24) == 0x80u);
    // The same with the compare failing: reference 0x30 (& 0x0F = 0) != 0x0F.
    h.clear(kClear, 0x8Fu << 24);
    h.b().write(GPUREG_STENCIL_TEST, 1u | (2u << 4) | (0x0Fu << 8) | (0x30u << 16) | (0x0Fu << 24));
    h.quad(0, 0, 16, 32, -0.5f, kRed);
    h.draw();
    CHECK(h.pixel(8, 16) == kClear);
    CHECK((h.depth_word(8, 16) >> 24) == 0x8Fu);
    CHECK(h.validation_messages() == 0);
}

namespace {
// Source (vertex colour) and destination (cleared buffer) in 8-bit steps, and the constant.
constexpr std::array<int, 4> kS{204, 102, 51, 153}, kD{51, 153, 204, 102}, kC{255, 128, 0, 64};
std::array<float, 4> as_float(std::array<int, 4> v) {
    auto f = [](int c) { return static_cast<float>(c) / 255.0f; };
    return {f(v[0]), f(v[1]), f(v[2]), f(v[3])};
}
// Blend factor f (spec 004 BLEND_FUNC function values 0-14) for channel c (3 = alpha).
double factor(std::uint32_t f, int c) {
    auto n = [](int v) { return v / 255.0; };
    switch (f) {
    case 0:
        return 0;
    case 1:
        return 1;
    case 2:
        return n(kS[c]);
    case 3:
        return 1 - n(kS[c]);
    case 4:
        return n(kD[c]);
    case 5:
        return 1 - n(kD[c]);
    case 6:
        return n(kS[3]);
    case 7:
        return 1 - n(kS[3]);
    case 8:
        return n(kD[3]);
    case 9:
        return 1 - n(kD[3]);
    case 10:
        return n(kC[c]);
    case 11:
        return 1 - n(kC[c]);
    case 12:
        return n(kC[3]);
    case 13:
        return 1 - n(kC[3]);
    default:
        return c == 3 ? 1 : std::min(n(kS[3]), 1 - n(kD[3])); // source alpha saturate
    }
}
// Equation e (0 add, 1 subtract, 2 reverse subtract, 3 min, 4 max) on factored terms,
// clamped to [0, 1] and rounded to 8 bits. Min and max take the unfactored values, as
// Vulkan defines them (whether the PICA factors them first is not measured publicly:
// docs/research/vulkan_renderer.md 3.7).
int blend(std::uint32_t e, std::uint32_t sf, std::uint32_t df, int c) {
    const double s = kS[c] / 255.0, d = kD[c] / 255.0;
    double r = 0;
    switch (e > 4 ? 0 : e) { // 5-7 behave as add
    case 0:
        r = s * factor(sf, c) + d * factor(df, c);
        break;
    case 1:
        r = s * factor(sf, c) - d * factor(df, c);
        break;
    case 2:
        r = d * factor(df, c) - s * factor(sf, c);
        break;
    case 3:
        r = std::min(s, d);
        break;
    default:
        r = std::max(s, d);
        break;
    }
    return static_cast<int>(std::lround(std::clamp(r, 0.0, 1.0) * 255.0));
}
} // namespace

TEST_CASE("render: blend equations and every blend factor (spec 004 BLEND_FUNC, BLEND_COLOR)") {
    // Tolerance: one 8-bit step (unorm blending rounds; the PICA's rounding is unmeasured).
    RenderHarness h;
    const Rgba dst{static_cast<std::uint8_t>(kD[0]), static_cast<std::uint8_t>(kD[1]),
                   static_cast<std::uint8_t>(kD[2]), static_cast<std::uint8_t>(kD[3])};
    auto run = [&](std::uint32_t eq, std::uint32_t sf, std::uint32_t df) {
        CAPTURE(eq);
        CAPTURE(sf);
        CAPTURE(df);
        h.clear(dst);
        h.b().write(GPUREG_BLEND_COLOR, 0x400080FFu); // r 0xFF, g 0x80, b 0, a 0x40 = kC
        h.b().write(GPUREG_BLEND_FUNC,
                    eq | (eq << 8) | (sf << 16) | (df << 20) | (sf << 24) | (df << 28));
        h.quad(0, 0, 32, 32, -0.5f, as_float(kS));
        h.draw();
        const Rgba p = h.pixel(16, 16);
        const int got[4] = {p.r, p.g, p.b, p.a};
        for (int c = 0; c < 4; ++c) {
            CAPTURE(c);
            CHECK(std::abs(got[c] - blend(eq, sf, df, c)) <= 1);
        }
    };
    for (std::uint32_t f = 0; f <= 14; ++f) {
        run(0, f, 0); // each factor as the source factor
        run(0, 1, f); // and as the destination factor
    }
    for (std::uint32_t eq = 0; eq <= 4; ++eq)
        run(eq, 6, 7);
    run(5, 6, 7); // equations 5-7 behave as add (spec 004)
    CHECK(h.validation_messages() == 0);
}

TEST_CASE("render: all sixteen logic ops, native and in the shader (spec 004 LOGIC_OP)") {
    const std::uint8_t s = 0xCC, d = 0xAA;
    const std::uint8_t expect[16] = {
        0x00,                                // clear
        static_cast<std::uint8_t>(s & d),    // and
        static_cast<std::uint8_t>(s & ~d),   // reverse and
        s,                                   // copy
        0xFF,                                // set
        static_cast<std::uint8_t>(~s),       // inverted copy
        d,                                   // noop
        static_cast<std::uint8_t>(~d),       // invert
        static_cast<std::uint8_t>(~(s & d)), // nand
        static_cast<std::uint8_t>(s | d),    // or
        static_cast<std::uint8_t>(~(s | d)), // nor
        static_cast<std::uint8_t>(s ^ d),    // xor
        static_cast<std::uint8_t>(~(s ^ d)), // equivalent
        static_cast<std::uint8_t>(~s & d),   // inverted and
        static_cast<std::uint8_t>(s | ~d),   // reverse or
        static_cast<std::uint8_t>(~s | d),   // inverted or
    };
    for (bool native : {true, false}) {
        CAPTURE(native);
        // The shader path (devices without logicOp) reads the target from a copy.
        if (!native) setenv("PICAVK_DEVICE_DISABLE", "logic-op", 1);
        RenderHarness h;
        unsetenv("PICAVK_DEVICE_DISABLE");
        for (std::uint32_t op = 0; op < 16; ++op) {
            CAPTURE(op);
            h.clear(Rgba{d, d, d, d});
            h.b().write(GPUREG_COLOR_OPERATION, 0x00E40000); // logic op mode
            h.b().write(GPUREG_LOGIC_OP, op);
            h.quad(0, 0, 32, 32, -0.5f, {s / 255.0f, s / 255.0f, s / 255.0f, s / 255.0f});
            h.draw();
            const Rgba e{expect[op], expect[op], expect[op], expect[op]};
            CHECK(h.pixel(16, 16) == e);
        }
        CHECK(h.validation_messages() == 0);
    }
}

TEST_CASE("render: scissor inside and outside, corners inclusive (spec 004 SCISSORTEST_*)") {
    RenderHarness h;
    // Rectangle x 4..11, y 6..20 inclusive, window coordinates (y up).
    const std::uint32_t pos = 4u | (6u << 16), dim = 11u | (20u << 16);
    for (std::uint32_t mode : {0u, 1u, 2u, 3u}) {
        CAPTURE(mode);
        h.clear(kClear);
        h.b().write(GPUREG_SCISSORTEST_MODE, mode);
        h.b().write(GPUREG_SCISSORTEST_POS, pos);
        h.b().write(GPUREG_SCISSORTEST_DIM, dim);
        h.quad(0, 0, 32, 32, -0.5f, kBlue);
        h.draw();
        // Mode 3 draws inside only, mode 1 outside only, 0 and 2 everywhere.
        const bool inside_drawn = mode != 1, outside_drawn = mode != 3;
        for (auto [x, y] :
             {std::pair{4u, 6u}, std::pair{11u, 20u}, std::pair{4u, 20u}, std::pair{11u, 6u}})
            CHECK((h.pixel(x, y) == kBluePx) == inside_drawn);
        for (auto [x, y] :
             {std::pair{3u, 6u}, std::pair{12u, 20u}, std::pair{4u, 5u}, std::pair{11u, 21u}})
            CHECK((h.pixel(x, y) == kBluePx) == outside_drawn);
    }
    CHECK(h.validation_messages() == 0);
}

TEST_CASE("render: colour write masks and COLORBUFFER_WRITE (spec 004 DEPTH_COLOR_MASK)") {
    RenderHarness h;
    for (std::uint32_t mask = 0; mask < 16; ++mask) {
        CAPTURE(mask);
        h.clear(kClear);
        h.b().write(GPUREG_DEPTH_COLOR_MASK, mask << 8);
        h.quad(0, 0, 32, 32, -0.5f, {1, 1, 1, 1});
        h.draw();
        const Rgba p = h.pixel(16, 16);
        CHECK(p.r == ((mask & 1) ? 0xFF : kClear.r));
        CHECK(p.g == ((mask & 2) ? 0xFF : kClear.g));
        CHECK(p.b == ((mask & 4) ? 0xFF : kClear.b));
        CHECK(p.a == ((mask & 8) ? 0xFF : kClear.a));
    }
    h.clear(kClear);
    h.b().write(GPUREG_DEPTH_COLOR_MASK, 0xF00);
    h.b().write(GPUREG_COLORBUFFER_WRITE, 0);
    h.quad(0, 0, 32, 32, -0.5f, {1, 1, 1, 1});
    h.draw();
    CHECK(h.pixel(16, 16) == kClear);
    CHECK(h.validation_messages() == 0);
}

TEST_CASE("render: depth map, z-buffer and w-buffer (spec 004 DEPTHMAP_*)") {
    RenderHarness h;
    // z-buffer (DEPTHMAP_ENABLE 1): depth = z/w * scale + offset = -0.25 * -0.5 + 0.25 = 0.375.
    h.clear(kClear, 0);
    h.b().write(GPUREG_DEPTH_COLOR_MASK, 0xF00u | (1u << 12));
    h.b().write(GPUREG_DEPTHMAP_SCALE, float_to_f24(-0.5f));
    h.b().write(GPUREG_DEPTHMAP_OFFSET, float_to_f24(0.25f));
    h.quad(0, 0, 32, 32, -0.25f, kRed);
    h.draw();
    CHECK(h.depth_word(16, 16) == 0x600000u);
    // w-buffer (DEPTHMAP_ENABLE 0): depth = (z/w * scale + offset) * w = 0.125 * 2 = 0.25;
    // computed per fragment (gl_FragDepth): one 24-bit step of tolerance.
    h.clear(kClear, 0);
    h.b().write(GPUREG_DEPTHMAP_ENABLE, 0);
    h.b().write(GPUREG_DEPTHMAP_SCALE, float_to_f24(-1.0f));
    h.b().write(GPUREG_DEPTHMAP_OFFSET, float_to_f24(0.0f));
    h.quad(0, 0, 32, 32, -0.125f, kRed, 2.0f);
    h.draw();
    const auto w = static_cast<std::int64_t>(h.depth_word(16, 16) & 0xFFFFFF);
    CHECK(std::abs(w - 0x400000) <= 1);
    // A z-buffer range Vulkan's viewport cannot hold (offset 1.5, clamped to 1 per fragment).
    h.clear(kClear, 0);
    h.b().write(GPUREG_DEPTHMAP_ENABLE, 1);
    h.b().write(GPUREG_DEPTHMAP_OFFSET, float_to_f24(1.5f));
    h.quad(0, 0, 32, 32, -0.25f, kRed);
    h.draw();
    CHECK(h.depth_word(16, 16) == 0xFFFFFFu);
    CHECK(h.validation_messages() == 0);
}

TEST_CASE("render: viewport offset and size (spec 004 VIEWPORT_*)") {
    RenderHarness h;
    h.clear(kClear);
    // An 16x8 viewport at (8, 4): a quad over all of NDC covers window x 8..23, y 4..11.
    h.b().write(GPUREG_VIEWPORT_WIDTH, float_to_f24(8.0f));
    h.b().write(GPUREG_VIEWPORT_HEIGHT, float_to_f24(4.0f));
    h.b().write(GPUREG_VIEWPORT_XY, 8u | (4u << 16));
    h.quad(0, 0, 32, 32, -0.5f, kGreen);
    h.draw();
    CHECK(h.pixel(8, 4) == kGreenPx);
    CHECK(h.pixel(23, 11) == kGreenPx);
    CHECK(h.pixel(7, 4) == kClear);
    CHECK(h.pixel(24, 11) == kClear);
    CHECK(h.pixel(8, 3) == kClear);
    CHECK(h.pixel(8, 12) == kClear);
    CHECK(h.validation_messages() == 0);
}

TEST_CASE("render: every colour format renders and writes back at its own precision") {
    // Colours exactly representable in each format (channel = k / max), expected expanded.
    struct Case {
        ColorFormat f;
        std::array<float, 4> color;
        Rgba expect;
    };
    const Case cases[] = {
        {ColorFormat::RGBA8, {1, 0.4f, 0.2f, 0.6f}, {0xFF, 102, 51, 153}},
        {ColorFormat::RGB8, {0.2f, 0.4f, 1, 1}, {51, 102, 0xFF, 0xFF}},
        {ColorFormat::RGB5A1, {1, 0, 16 / 31.0f, 1}, {0xFF, 0, expand5(16), 0xFF}},
        {ColorFormat::RGB565, {8 / 31.0f, 32 / 63.0f, 1, 1}, {expand5(8), expand6(32), 0xFF, 0xFF}},
        {ColorFormat::RGBA4, {1, 8 / 15.0f, 0, 4 / 15.0f}, {0xFF, expand4(8), 0, expand4(4)}},
    };
    for (const Case& c : cases) {
        CAPTURE(static_cast<int>(c.f));
        RenderHarness h(1, c.f);
        h.clear(Rgba{0, 0, 0, 0xFF});
        h.quad(0, 0, 16, 32, -0.5f, c.color);
        h.draw();
        CHECK(h.pixel(8, 16) == c.expect);
        CHECK(h.pixel(24, 16) == (Rgba{0, 0, 0, 0xFF})); // untouched: the clear colour
        CHECK(h.validation_messages() == 0);
    }
}

TEST_CASE("render: a draw into a 16-bit target that writes its colour (unblended, or a max "
          "blend) keeps the high bits of each 8-bit channel, on every path and device") {
    // The PICA drops a channel's low bits writing a 16-bit buffer. A 16-bit image converts the
    // shader's float itself and Vulkan lets it round to either neighbour (NVIDIA rounds to
    // nearest: 200 / 255 would store green 24 in five bits, the PICA 25; llvmpipe drops bits
    // like the PICA), and an RGBA8 image standing in for one (PICAVK_DEVICE_DISABLE=packed16)
    // keeps all eight: the shader narrows the colour itself (vk::color_narrow), the
    // compute rasteriser packs it. Every 8-bit value of every channel, from the texture
    // environment's constant colour, one pixel each, unblended and through a max blend over
    // zero (the source again, the equation's result the attachment converts). (Guest memory is
    // written back through the guest format, which drops bits: on llvmpipe the pixels hold without
    // the narrowing too, and the keys' check below is what fails; on a GPU that rounds, the pixels
    // do.)
    enum Path { Specialised, Ubershader, ComputeRaster };
    auto colour = [](std::uint32_t v) {
        return std::array<std::uint32_t, 4>{v, 255 - v, (v * 7 + 3) & 255, (v * 13 + 5) & 255};
    };
    for (ColorFormat format : {ColorFormat::RGB5A1, ColorFormat::RGB565, ColorFormat::RGBA4}) {
        const std::array<int, 4> bits = format == ColorFormat::RGB5A1   ? std::array{5, 5, 5, 1}
                                        : format == ColorFormat::RGB565 ? std::array{5, 6, 5, 0}
                                                                        : std::array{4, 4, 4, 4};
        for (Path path : {Specialised, Ubershader, ComputeRaster})
            for (int run = 0; run < 4; ++run) {
                const bool rgba8_image = run & 1, max_blend = run & 2;
                CAPTURE(static_cast<int>(format));
                CAPTURE(static_cast<int>(path));
                CAPTURE(rgba8_image);
                CAPTURE(max_blend);
                const test::ScopedEnv assume("PICAVK_DEVICE_ASSUME",
                                             path == ComputeRaster ? "few-raster-units" : "");
                const test::ScopedEnv disable("PICAVK_DEVICE_DISABLE",
                                              rgba8_image ? "packed16" : "");
                RenderHarness h(1, format, DepthFormat::D24S8,
                                path == Ubershader ? ShaderCompile::UbershaderOnly
                                                   : ShaderCompile::Sync);
                if (path == ComputeRaster) REQUIRE(h.session().compute_raster());
                h.clear(Rgba{0, 0, 0, 0});
                if (max_blend) h.b().write(GPUREG_BLEND_FUNC, 0x01010404u); // max, max
                h.b().write(GPUREG_TEXENV0_SOURCE, 0x000E000Eu);            // the constant colour
                h.b().write(GPUREG_TEXENV0_OPERAND, 0);
                h.b().write(GPUREG_TEXENV0_COMBINER, 0); // replace
                for (std::uint32_t v = 0; v < 256; ++v)
                    h.quad(v % 32, v / 32, v % 32 + 1, v / 32 + 1, -0.5f, {1, 1, 1, 1});
                h.draw_parts(256, [&](unsigned v) {
                    const auto c = colour(v);
                    h.b().write(GPUREG_TEXENV0_COLOR, c[0] | c[1] << 8 | c[2] << 16 | c[3] << 24);
                });
                if (path == ComputeRaster)
                    CHECK(h.session().renderer_counters().compute_raster_draws == 256);
                const std::vector<std::uint8_t> rgba = h.color_rgba();
                std::size_t wrong = 0;
                for (std::uint32_t v = 0; v < 256; ++v) {
                    const auto c = colour(v);
                    const std::size_t at = ((RenderHarness::kH - 1 - v / 32) * 32 + v % 32) * 4;
                    for (int i = 0; i < 4; ++i) {
                        std::uint32_t expect = 255; // (RGB565's alpha)
                        if (bits[i] != 0) {         // the high bits kept, then repeated
                            expect = c[i] >> (8 - bits[i]) << (8 - bits[i]);
                            for (int n = bits[i]; n < 8; n += bits[i])
                                expect |= expect >> bits[i];
                        }
                        if (rgba[at + i] != expect && ++wrong <= 4)
                            MESSAGE("value " << v << " channel " << i << ": " << int{rgba[at + i]}
                                             << ", expected " << expect);
                    }
                }
                CHECK(wrong == 0);
                CHECK(h.validation_messages() == 0);
                CHECK(h.warnings.empty());
                if (path != Specialised) continue;
                // The draws' key narrows on a 16-bit image too, blended by max too, and never
                // writes RGB565's alpha.
                std::string error;
                const std::vector<std::uint8_t> list = h.session().export_shader_keys();
                const std::vector<std::uint8_t> records =
                    shadergen::read_key_list(list, sizeof(vk::PipelineKey), error);
                REQUIRE(error.empty());
                std::size_t sixteen_bit = 0;
                for (std::size_t at = 0; at < records.size(); at += sizeof(vk::PipelineKey)) {
                    vk::PipelineKey k;
                    std::memcpy(&k, &records[at], sizeof k);
                    if (k.color_format != static_cast<std::uint8_t>(format)) continue;
                    ++sixteen_bit;
                    CHECK(k.fragment.color_narrow == k.color_format);
                    if (format == ColorFormat::RGB565) CHECK((k.write_mask & 8) == 0);
                }
                CHECK(sixteen_bit >= 1);
            }
    }
}

TEST_CASE("render: a resolution scale changes nothing in guest memory for pixel-aligned quads") {
    std::vector<std::uint8_t> at1, at3;
    std::uint32_t depth1 = 0, depth3 = 0;
    for (std::uint32_t scale : {1u, 3u}) {
        RenderHarness h(scale);
        h.clear(kClear, 0);
        h.b().write(GPUREG_DEPTH_COLOR_MASK, 0xF00u | 1u | (1u << 4) | (1u << 12));
        h.quad(2, 3, 20, 17, -0.25f, kRed);
        h.quad(10, 9, 30, 31, -0.125f, kBlue);
        h.draw();
        (scale == 1 ? at1 : at3) = h.color_rgba();
        (scale == 1 ? depth1 : depth3) = h.depth_word(15, 12);
        CHECK(h.validation_messages() == 0);
    }
    CHECK(at1 == at3);
    CHECK(depth1 == 0x200000u);
    CHECK(depth3 == depth1);
}

TEST_CASE("render: unusable render targets are counted warnings and skipped draws, never a crash") {
    RenderHarness h;
    h.clear(kClear);
    h.b().write(GPUREG_COLORBUFFER_FORMAT, 5u << 16);      // no colour format 5
    h.b().write(GPUREG_DEPTHBUFFER_LOC, 0x30000000u >> 3); // outside guest memory
    h.quad(0, 0, 32, 32, -0.5f, kRed);
    h.draw();
    CHECK(h.warnings.size() == 2);
    CHECK(h.session().renderer_counters().skipped_draws == 1);
    CHECK(h.session().renderer_counters().draws == 0);
    CHECK(h.pixel(16, 16) == kClear);
    // A zero-sized viewport draws nothing and says so.
    h.b().write(GPUREG_COLORBUFFER_FORMAT, 0x2);
    h.b().write(GPUREG_DEPTHBUFFER_LOC, RenderHarness::kDepth >> 3);
    h.b().write(GPUREG_VIEWPORT_WIDTH, 0);
    h.quad(0, 0, 32, 32, -0.5f, kRed);
    h.draw();
    CHECK(h.warnings.size() == 3);
    CHECK(h.pixel(16, 16) == kClear);
    CHECK(h.validation_messages() == 0);
}

TEST_CASE("render: memory fills over whole targets become GPU clears and stay exact") {
    RenderHarness h;
    auto fill = [&](std::uint32_t unit, std::uint32_t start, std::uint32_t end, std::uint32_t value,
                    std::uint32_t width) {
        const std::uint32_t base = 0x10400000u + unit;
        h.session().write_gpu_register(base + 0x0, start >> 3);
        h.session().write_gpu_register(base + 0x4, end >> 3);
        h.session().write_gpu_register(base + 0x8, value);
        h.session().write_gpu_register(base + 0xC, (width << 8) | 1);
    };
    const std::uint32_t bytes = RenderHarness::kW * RenderHarness::kH * 4;
    h.clear(kClear, 0);
    h.quad(0, 0, 32, 32, -0.5f, kRed); // makes both targets live surfaces
    h.b().write(GPUREG_DEPTH_COLOR_MASK, 0xF00u | 1u | (1u << 4) | (1u << 12));
    h.draw();
    // 32-bit fills of both targets (RGBA8 0x11223344 = r 0x11 g 0x22 b 0x33 a 0x44; depth
    // 0x123456 with stencil 0x78), then a quad over the left half.
    fill(0x10, RenderHarness::kColor, RenderHarness::kColor + bytes, 0x11223344, 2);
    fill(0x20, RenderHarness::kDepth, RenderHarness::kDepth + bytes, 0x78123456, 2);
    CHECK(h.session().renderer_counters().fill_clears == 2);
    h.quad(0, 0, 16, 32, -0.25f, kGreen);
    h.draw();
    CHECK(h.pixel(8, 8) == kGreenPx);
    CHECK(h.pixel(24, 8) == (Rgba{0x11, 0x22, 0x33, 0x44}));
    CHECK(h.depth_word(8, 8) == 0x78400000u);
    CHECK(h.depth_word(24, 8) == 0x78123456u);
    // A 24-bit fill does not repeat with a 4-byte pixel: guest memory is re-read instead.
    fill(0x10, RenderHarness::kColor, RenderHarness::kColor + bytes, 0xAABBCC, 1);
    CHECK(h.session().renderer_counters().fill_clears == 2);
    h.quad(0, 0, 16, 32, -0.25f, kGreen);
    h.draw();
    const auto rgba = h.color_rgba();
    std::vector<std::uint8_t> expect_memory(bytes);
    for (std::uint32_t i = 0; i < bytes; ++i)
        expect_memory[i] = static_cast<std::uint8_t>(0xAABBCCu >> (8 * (i % 3)));
    std::vector<std::uint8_t> memory(bytes);
    h.session().read_memory(RenderHarness::kColor, memory);
    // Right half untouched by the quad: exactly the filled bytes (tiled or not, a fill is a fill).
    std::vector<std::uint8_t> expect_rgba(bytes);
    decode_color_buffer(expect_memory, expect_rgba, {32, 32}, ColorFormat::RGBA8);
    CHECK(std::memcmp(&rgba[(10 * 32 + 24) * 4], &expect_rgba[(10 * 32 + 24) * 4], 4) == 0);
    CHECK(h.pixel(8, 8) == kGreenPx);
    CHECK(h.validation_messages() == 0);
}

TEST_CASE("render: a depth buffer overlapping the colour buffer is dropped with a warning, the "
          "colour still drawn (found by fuzz-renderer: it was a use-after-free)") {
    RenderHarness h;
    h.clear(kClear, 0x400000);
    // Depth test Never: with a depth buffer nothing would be drawn. At the colour buffer's own
    // address the draw must go on without one.
    h.b().write(GPUREG_DEPTH_COLOR_MASK, 1u | (0u << 4) | 0xF00u | (1u << 12));
    h.b().write(GPUREG_DEPTHBUFFER_LOC, RenderHarness::kColor >> 3);
    h.quad(0, 0, 32, 32, -0.5f, kRed);
    h.draw();
    CHECK(h.pixel(16, 16) == kRedPx);
    bool warned = false;
    for (const std::string& w : h.warnings)
        warned |= w.find("overlaps the colour buffer") != std::string::npos;
    CHECK(warned);
    CHECK(h.validation_messages() == 0);
}

namespace {
// Ends the harness's command list with FRAMEBUFFER_FLUSH and submits it.
void submit_list(RenderHarness& h) {
    h.b().write(GPUREG_FRAMEBUFFER_FLUSH, 1);
    h.b().finalize();
    REQUIRE_FALSE(h.session().submit(h.b().words()).error);
    h.b().clear();
}

// Eight draws of one full-target quad, each through a scissor strip of its own, with the texture,
// the constant colour, the combiner and the blend function changing between them. `one_list`:
// all in one command list and rendering scope, where the rasterizer skips re-recording state a
// draw does not change; otherwise each draw is submitted and flushed on its own (nothing kept).
std::vector<std::uint8_t> strips(bool one_list) {
    RenderHarness h;
    h.clear(kClear);
    std::vector<std::uint8_t> first(8 * 8 * 4), second(8 * 8 * 4);
    for (std::size_t i = 0; i < first.size(); ++i) {
        first[i] = static_cast<std::uint8_t>(i * 5);
        second[i] = static_cast<std::uint8_t>(255 - i * 3);
    }
    h.texture(1, 8, 8, second); // at 0x18110000
    h.texture(0, 8, 8, first);  // at 0x18100000, unit 0
    h.b().write(GPUREG_TEXUNIT_CONFIG, 1u | (1u << 12));
    h.b().write(GPUREG_TEXENV0_SOURCE, 0x00E300E3u); // texture 0 and the constant colour
    h.textured_quad(0, 0, 32, 32, 0, 0, 1, 1);
    h.b().write(GPUREG_SCISSORTEST_MODE, 3); // inside
    h.b().write(GPUREG_SCISSORTEST_POS, 0);
    h.b().write(GPUREG_SCISSORTEST_DIM, 0);
    h.draw(); // one pixel: the vertices are in memory from here on
    for (std::uint32_t i = 0; i < 8; ++i) {
        auto& b = h.b();
        b.write(GPUREG_SCISSORTEST_POS, 4 * i);
        b.write(GPUREG_SCISSORTEST_DIM, (4 * i + 3) | (31u << 16));
        b.write(GPUREG_TEXUNIT0_ADDR1, (0x18100000u + (i % 2) * 0x10000u) >> 3);
        b.write(GPUREG_TEXENV0_COLOR, 0xFF000000u | (i * 0x1F2F3Fu & 0xFFFFFFu));
        b.write(GPUREG_TEXENV0_COMBINER, (i / 2) % 2 ? 0x00010001u : 0x00020002u);
        b.write(GPUREG_BLEND_FUNC, (i / 3) % 2 ? 0x76760000u : 0x01010000u);
        b.draw_arrays(0, 6);
        if (!one_list) submit_list(h);
    }
    if (one_list) submit_list(h);
    CHECK(h.validation_messages() == 0);
    return h.color_rgba();
}
} // namespace

TEST_CASE("render: draws in one rendering scope that change textures, scissor, combiner and "
          "blending draw as the same draws submitted one by one") {
    const std::vector<std::uint8_t> together = strips(true), apart = strips(false);
    CHECK(together == apart);
    // Every strip was drawn: none keeps the clear colour.
    const std::uint8_t clear[4] = {kClear.r, kClear.g, kClear.b, kClear.a};
    for (std::uint32_t x = 1; x < 32; x += 4)
        CHECK(std::memcmp(&together[(16 * 32 + x) * 4], clear, 4) != 0);
}

namespace {
// Sixteen draws of a 4x4 quad each (a 4x4 grid over the target), each in its own constant colour
// through the texture environment, the fog colour, the buffer colour and the alpha reference
// changing too: values only, so the rasterizer may merge them into one host draw. `one_list` as
// in strips().
struct Tiles {
    std::vector<std::uint8_t> rgba;
    RendererCounters counters;
};
Tiles tiles(bool one_list, VertexShaders where = VertexShaders::Cpu) {
    RenderHarness h;
    h.session().set_vertex_shaders(where, 1);
    h.clear(kClear);
    for (std::uint32_t i = 0; i < 16; ++i)
        h.quad(8 * (i % 4), 8 * (i / 4), 8 * (i % 4) + 4, 8 * (i / 4) + 4, -0.5f, {1, 1, 1, 1});
    h.b().write(GPUREG_TEXENV0_SOURCE, 0x000E000Eu); // the constant colour, replaced
    h.b().write(GPUREG_TEXENV0_COMBINER, 0);
    h.b().write(GPUREG_SCISSORTEST_MODE, 3); // inside one pixel: the setup draw draws nothing
    h.b().write(GPUREG_SCISSORTEST_POS, 0);  // more than (0, 0)
    h.b().write(GPUREG_SCISSORTEST_DIM, 0);
    h.b().write(GPUREG_TEXENV0_COLOR,
                kClear.r | kClear.g << 8 | kClear.b << 16 | std::uint32_t{kClear.a} << 24);
    h.draw(); // the vertices are in memory from here on
    h.b().write(GPUREG_SCISSORTEST_MODE, 0);
    const RendererCounters before = h.session().renderer_counters();
    for (std::uint32_t i = 0; i < 16; ++i) {
        auto& b = h.b();
        b.write(GPUREG_TEXENV0_COLOR, 0xFF000000u | (i * 0x0F1F2Fu & 0xFFFFFFu));
        b.write(GPUREG_FOG_COLOR, i * 0x010203u);
        b.write(GPUREG_TEXENV_BUFFER_COLOR, i * 0x03020100u);
        // Alpha test "greater" against a reference per draw: the last one (255) drops its quad.
        b.write(GPUREG_FRAGOP_ALPHA_TEST, 1u | (6u << 4) | (i == 15 ? 255u : i * 8u) << 8);
        b.draw_arrays(6 * i, 6);
        if (!one_list) submit_list(h);
    }
    if (one_list) submit_list(h);
    Tiles t;
    t.counters = h.session().renderer_counters();
    t.counters.draws -= before.draws;
    t.counters.host_draws -= before.host_draws;
    t.counters.gpu_vertex_draws -= before.gpu_vertex_draws;
    t.counters.compute_raster_draws -= before.compute_raster_draws;
    t.counters.compute_raster_gpu_vertex_draws -= before.compute_raster_gpu_vertex_draws;
    t.rgba = h.color_rgba();
    CHECK(h.validation_messages() == 0);
    return t;
}
} // namespace

TEST_CASE("render: draws that change only uniform values merge into one host draw, each with "
          "its own values (colours, alpha reference)") {
    // CPU-shaded vertices carry their draw's number; the GPU vertex path's draws stay apart
    // (each a host draw), and must look the same. The compute rasteriser's vertex pre-pass
    // writes each draw's number: its draws merge too.
    const Tiles merged = tiles(true), apart = tiles(false), gpu = tiles(true, VertexShaders::Gpu);
    CHECK(merged.counters.draws == 16);
    CHECK(merged.counters.host_draws == 1);
    CHECK(apart.counters.host_draws == 16);
    CHECK(merged.rgba == apart.rgba);
    if (gpu.counters.compute_raster_draws == 0) {
        CHECK(gpu.counters.gpu_vertex_draws == 16);
        CHECK(gpu.counters.host_draws == 16);
    } else { // the compute rasteriser (few raster units): one dispatch after the pre-passes
        CHECK(gpu.counters.compute_raster_draws == 16);
        CHECK(gpu.counters.compute_raster_gpu_vertex_draws == 16);
        CHECK(gpu.counters.gpu_vertex_draws == 16);
        CHECK(gpu.counters.host_draws == 1);
    }
    CHECK(gpu.rgba == merged.rgba);
    // Each quad in its own constant colour (window y up; memory row 31 - y); the last one failed
    // its alpha test.
    for (std::uint32_t i = 0; i < 16; ++i) {
        CAPTURE(i);
        const std::uint32_t x = 8 * (i % 4) + 2, y = 8 * (i / 4) + 2;
        const std::uint8_t* px = &merged.rgba[((31 - y) * 32 + x) * 4];
        if (i == 15) {
            CHECK(Rgba{px[0], px[1], px[2], px[3]} == kClear);
            continue;
        }
        const std::uint32_t c = i * 0x0F1F2Fu & 0xFFFFFFu;
        CHECK(px[0] == (c & 0xFF));
        CHECK(px[1] == (c >> 8 & 0xFF));
        CHECK(px[2] == (c >> 16 & 0xFF));
        CHECK(px[3] == 0xFF);
    }
}

TEST_CASE("render: a held-back draw is recorded before the surface cache drops its target") {
    // A draw that writes depth only leaves its colour buffer in sync with guest memory; the next
    // draw names the same memory as a colour buffer of another format, which drops the first
    // surface while the first draw is still held back for merging.
    RenderHarness h;
    h.clear(kClear, 0x00FFFFFFu);
    h.quad(0, 0, 16, 16, -0.5f, {1, 0, 0, 1});
    h.quad(16, 16, 32, 32, -0.5f, {0, 1, 0, 1});
    h.b().write(GPUREG_SCISSORTEST_MODE, 3); // the setup draw: one pixel
    h.b().write(GPUREG_SCISSORTEST_POS, 0);
    h.b().write(GPUREG_SCISSORTEST_DIM, 0);
    h.draw(); // the vertices are in memory from here on
    std::vector<std::uint8_t> bytes(32 * 32 * 4);
    h.session().read_memory(RenderHarness::kColor, bytes); // the colour buffer in sync again
    auto& b = h.b();
    b.write(GPUREG_SCISSORTEST_MODE, 0);
    b.write(GPUREG_DEPTH_COLOR_MASK, 1u | (1u << 4) | (1u << 12)); // depth only, always
    b.draw_arrays(0, 6);
    b.write(GPUREG_COLORBUFFER_FORMAT, static_cast<std::uint32_t>(ColorFormat::RGB565) << 16);
    b.write(GPUREG_DEPTH_COLOR_MASK, 0xF00u);
    b.draw_arrays(6, 6);
    submit_list(h);
    CHECK((h.depth_word(4, 4) & 0xFFFFFFu) != 0xFFFFFFu);   // the first draw wrote its depth
    CHECK((h.depth_word(20, 20) & 0xFFFFFFu) == 0xFFFFFFu); // the second did not
    CHECK(h.validation_messages() == 0);
    CHECK(h.warnings.empty());
}

TEST_CASE("render: a frame's first draws are submitted while the GPU is idle and the rest are "
          "recorded after (idle submissions), drawing the same picture (graphics pipeline and "
          "compute rasteriser)") {
    // 12 overlapping quads, each its own host draw (write masks alternate: no merging), each
    // covering the one before in part: any draw out of order would show.
    const auto render = [](const std::string& assume, bool idle_submits,
                           RendererCounters& counted) {
        const ScopedEnv a("PICAVK_DEVICE_ASSUME",
                          ScopedEnv::plus("PICAVK_DEVICE_ASSUME", assume.c_str()).c_str());
        const ScopedEnv d(
            "PICAVK_DEVICE_DISABLE",
            ScopedEnv::plus("PICAVK_DEVICE_DISABLE", idle_submits ? "" : "idle-submits").c_str());
        RenderHarness h;
        h.clear(kClear);
        h.session().end_frame(); // (with one frame in flight the GPU is idle after it)
        const RendererCounters before = h.session().renderer_counters();
        for (std::uint32_t k = 0; k < 12; ++k)
            h.quad(2 * k, k, 2 * k + 9, k + 12, -0.5f,
                   {static_cast<float>(k % 3) / 2.0f, static_cast<float>(k % 4) / 3.0f,
                    static_cast<float>(k) / 11.0f, 1.0f});
        h.draw_parts(
            12, [&](unsigned n) { h.b().write(GPUREG_DEPTH_COLOR_MASK, n % 2 ? 0xF00u : 0x700u); });
        const std::vector<std::uint8_t> rgba = h.color_rgba();
        const RendererCounters after = h.session().renderer_counters();
        counted.host_draws = after.host_draws - before.host_draws;
        counted.submissions = after.submissions - before.submissions;
        counted.idle_submissions = after.idle_submissions - before.idle_submissions;
        CHECK(h.validation_messages() == 0);
        CHECK(h.warnings.empty());
        return rgba;
    };
    for (const std::string assume : {"idle-submits", "idle-submits,few-raster-units"}) {
        CAPTURE(assume);
        RendererCounters idle, whole;
        const auto early = render(assume, true, idle);
        const auto late = render(assume, false, whole);
        MESSAGE(assume << ": " << idle.host_draws << " host draws in " << idle.submissions
                       << " submissions (" << idle.idle_submissions << " with the GPU idle), "
                       << whole.submissions << " with idle-submits off");
        CHECK(idle.host_draws == 12);
        // The first draw boundary finds the GPU idle; at most four in a row.
        CHECK(idle.idle_submissions >= 1);
        CHECK(idle.idle_submissions <= 4);
        CHECK(idle.submissions == whole.submissions + idle.idle_submissions);
        CHECK(whole.idle_submissions == 0);
        CHECK(early == late);
    }
}
