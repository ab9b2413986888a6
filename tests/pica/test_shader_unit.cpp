// The shader unit, instruction by instruction. Expected values are documented hardware
// behaviour; each test names its source (docs/research/shader_isa.md gathers them):
//   3DB     3dbrew "GPU/Shader Instruction Set"
//   FP-n    aroulin/3ds-gpu-tests fp-tests, case n (expected values measured on a 3DS)
//   AZT     azahar src/tests/video_core/shader.cpp (reproduces hardware tables, PR 6942)
#include "shader_asm.h"

#include <doctest/doctest.h>

#include <cmath>
#include <limits>

using namespace picavk::pica;
using namespace picavk::test::sh;

namespace {
constexpr float kInf = std::numeric_limits<float>::infinity();
const float kNaN = std::numeric_limits<float>::quiet_NaN();

// Runs `op dst=o0.x, src1=v0, src2=v1` (format 1) on two scalars and returns o0.x.
float binary(Op op, float a, float b) {
    Program p;
    const auto d = p.add_desc(desc("x", "xxxx", "xxxx"));
    p.code({f1(op, o(0), v(0), v(1), d), op0(END)});
    p.run({{a, 0, 0, 0}, {b, 0, 0, 0}});
    return p.out(0)[0];
}
float unary(Op op, float a) {
    return binary(op, a, 0);
}
float mad3(float a, float b, float c_) {
    Program p;
    const auto d = p.add_desc(desc("x", "xxxx", "xxxx", "xxxx"));
    p.code({mad(o(0), v(0), v(1), v(2), d), op0(END)});
    p.run({{a, 0, 0, 0}, {b, 0, 0, 0}, {c_, 0, 0, 0}});
    return p.out(0)[0];
}
float dot(Op op, Vec4 a, Vec4 b) {
    Program p;
    const auto d = p.add_desc(desc("x"));
    p.code({f1(op, o(0), v(0), v(1), d), op0(END)});
    p.run({a, b});
    return p.out(0)[0];
}
} // namespace

TEST_CASE("shader: swizzles, negation and destination masks (3DB operand descriptors)") {
    Program p;
    // mov o0.xz, -v0.wzyx ; mov o1, v0.yyyy ; add o2.yw, v0.xxyy, v1.wwzz
    const auto d0 = p.add_desc(desc("xz", "-wzyx"));
    const auto d1 = p.add_desc(desc("xyzw", "yyyy"));
    const auto d2 = p.add_desc(desc("yw", "xxyy", "wwzz"));
    p.code({f1(MOV, o(0), v(0), 0, d0), f1(MOV, o(1), v(0), 0, d1), f1(ADD, o(2), v(0), v(1), d2),
            op0(END)});
    p.run({{1, 2, 3, 4}, {10, 20, 30, 40}});
    CHECK(p.out(0) == Vec4{-4, 0, -2, 0}); // y and w untouched
    CHECK(p.out(1) == Vec4{2, 2, 2, 2});
    CHECK(p.out(2) == Vec4{0, 41, 0, 32});
}

TEST_CASE("shader: relative addressing follows the hardware offset table (3DB, AZT)") {
    // mova a0.x, v0.x ; nop (two MOVAs in a row hang the GPU; one is fine) ; mov o0, c40[a0.x]
    const struct {
        float offset;
        int expected; // uniform index, or -1 for (1, 1, 1, 1)
    } cases[] = {{0, 40},   {13, 53}, {50, 90},  {60, -1},  {74, -1},  {87, -1},   {88, 0},
                 {128, 40}, {-40, 0}, {-42, -1}, {-70, -1}, {-73, 95}, {-127, 41}, {-129, 40}};
    for (const auto& k : cases) {
        Program p;
        for (unsigned i = 0; i < 96; ++i)
            p.uniforms.f[i] = {static_cast<float>(i) + 0.5f, 0, 0, 0};
        const auto dm = p.add_desc(desc("x"));
        const auto d = p.add_desc(desc("xyzw"));
        p.code({f1(MOVA, 0, v(0), 0, dm), op0(NOP), f1(MOV, o(0), c(40), 0, d, 1), op0(END)});
        p.run({{k.offset, 0, 0, 0}});
        CAPTURE(k.offset);
        if (k.expected < 0) {
            CHECK(p.out(0) == Vec4{1, 1, 1, 1});
        } else {
            CHECK(p.out(0)[0] == static_cast<float>(k.expected) + 0.5f);
        }
    }
}

TEST_CASE("shader: relative addressing is ignored for inputs and temporaries (3DB)") {
    Program p;
    const auto dm = p.add_desc(desc("x"));
    const auto d = p.add_desc(desc("xyzw"));
    p.code({f1(MOVA, 0, v(0), 0, dm), op0(NOP), f1(MOV, o(0), v(1), 0, d, 1), op0(END)});
    p.run({{1, 0, 0, 0}, {7, 7, 7, 7}, {9, 9, 9, 9}});
    CHECK(p.out(0) == Vec4{7, 7, 7, 7});
}

TEST_CASE("shader: MOVA truncates toward zero and honours the mask (3DB, citra PR 1079)") {
    for (auto [value, index] : {std::pair{0.9f, 10}, {1.99f, 11}, {-0.9f, 10}, {-1.5f, 9}}) {
        Program p;
        for (unsigned i = 0; i < 96; ++i)
            p.uniforms.f[i] = {static_cast<float>(i), 0, 0, 0};
        const auto dm = p.add_desc(desc("y", "yxzw")); // a0.y = trunc(v0.x); a0.x untouched
        const auto d = p.add_desc(desc("xyzw"));
        p.code({f1(MOVA, 0, v(0), 0, dm), op0(NOP), f1(MOV, o(0), c(10), 0, d, 2), op0(END)});
        p.run({{value, 0, 0, 0}});
        CAPTURE(value);
        CHECK(p.out(0)[0] == static_cast<float>(index));
        CHECK(p.unit.a0x() == 0);
    }
}

TEST_CASE("shader: LOOP runs i.x + 1 times, aL = i.y + n * i.z, and stays valid after (3DB)") {
    Program p;
    for (unsigned i = 0; i < 96; ++i)
        p.uniforms.f[i] = {static_cast<float>(i), 0, 0, 0};
    p.uniforms.i[2] = {3, 10, 2, 0}; // x = 3 (four passes), y = 10, z = 2
    const auto d = p.add_desc(desc("x"));
    // loop i2, body = [1, 2]: add r0, c1?? -> r0.x += 1 ; add r1.x, r1, c0[aL]
    p.uniforms.f[1] = {1, 0, 0, 0};
    p.code({f3(LOOP, 2, 2, 0), f1(ADD, r(0), c(1), r(0), d), f1(ADD, r(1), c(0), r(1), d, 3),
            f1(MOV, o(0), r(0), 0, d), f1(MOV, o(1), r(1), 0, d), f1(MOV, o(2), c(0), 0, d, 3),
            op0(END)});
    p.run();
    CHECK(p.out(0)[0] == 4);                 // i.x + 1 passes
    CHECK(p.out(1)[0] == 10 + 12 + 14 + 16); // aL = 10, 12, 14, 16 inside
    CHECK(p.out(2)[0] == 18);                // after the loop: 10 + 4 * 2
    CHECK(p.unit.al() == 18);
}

TEST_CASE("shader: nested loops, BREAKC and BREAK (3DB control flow)") {
    Program p;
    p.uniforms.f[1] = {1, 1, 1, 1};
    p.uniforms.i[0] = {2, 0, 1, 0}; // outer: 3 passes
    p.uniforms.i[1] = {4, 0, 1, 0}; // inner: 5 passes
    const auto d = p.add_desc(desc("x"));
    p.code({f3(LOOP, 0, 3, 0),            // 0: outer loop, body 1-3
            f3(LOOP, 1, 2, 0),            // 1: inner loop, body 2-2
            f1(ADD, r(0), c(1), r(0), d), // 2: r0 += 1
            f1(ADD, r(1), c(1), r(1), d), // 3: r1 += 1
            f1(MOV, o(0), r(0), 0, d), f1(MOV, o(1), r(1), 0, d), op0(END)});
    p.run();
    CHECK(p.out(0)[0] == 15);
    CHECK(p.out(1)[0] == 3);

    // BREAKC leaves the loop when cmp.x is true: cmp r0.x >= 3 each pass.
    Program b;
    b.uniforms.f[1] = {1, 1, 1, 1};
    b.uniforms.f[3] = {3, 3, 3, 3};
    b.uniforms.i[0] = {200, 0, 0, 0};
    const auto db = b.add_desc(desc("x"));
    b.code({f3(LOOP, 0, 3, 0), f1(ADD, r(0), c(1), r(0), db),
            cmp(5, 5, r(0), 0, b.add_desc(desc("", "xxxx", "xxxx"))), // placeholder, replaced
            f2(BREAKC, 0, 0, 2, 1, 0), f1(MOV, o(0), r(0), 0, db), op0(END)});
    // cmp GE r0 (7-bit SRC1 = r0), SRC2 = v0 holding 3.
    b.setup.code[2] = cmp(5, 5, r(0), v(0), b.add_desc(desc("", "xxxx", "xxxx")));
    ++b.setup.program_version;
    b.run({{3, 3, 3, 3}});
    CHECK(b.out(0)[0] == 3);
}

TEST_CASE("shader: IFC truth table over every condition, reference and cmp value (3DB)") {
    // 3DB: OR = (cmp.x == REFX) || (cmp.y == REFY); AND = both; X = cmp.x == REFX only; Y = cmp.y
    // == REFY only. IFC true runs the if-block (o0 = 1) and skips the else-block (o0 = 2).
    for (unsigned condop = 0; condop < 4; ++condop) {
        for (unsigned bits = 0; bits < 16; ++bits) {
            const bool cx = bits & 1, cy = bits & 2, refx = bits & 4, refy = bits & 8;
            const bool ex = cx == refx, ey = cy == refy;
            const bool expected[4] = {ex || ey, ex && ey, ex, ey};
            Program p;
            p.uniforms.f[1] = {1, 1, 1, 1};
            p.uniforms.f[2] = {2, 2, 2, 2};
            const auto d = p.add_desc(desc("x", "xyzw", "xyzw"));
            // cmp EQ on (x, y) against zero: v0 = (cx ? 0 : 1, cy ? 0 : 1)
            p.code({cmp(0, 0, v(0), v(1), d), f2(IFC, 3, 1, condop, refx, refy),
                    f1(MOV, o(0), c(1), 0, d), f1(MOV, o(0), c(2), 0, d), op0(END)});
            p.run({{cx ? 0.f : 1.f, cy ? 0.f : 1.f, 0, 0}, {0, 0, 0, 0}});
            CAPTURE(condop);
            CAPTURE(bits);
            CHECK(p.unit.cmp(0) == cx);
            CHECK(p.unit.cmp(1) == cy);
            CHECK(p.out(0)[0] == (expected[condop] ? 1 : 2));
        }
    }
}

TEST_CASE("shader: IFU, CALL, CALLU, CALLC, JMPU inversion, JMPC (3DB)") {
    Program p;
    for (unsigned i = 0; i < 8; ++i)
        p.uniforms.f[i] = {static_cast<float>(i), 0, 0, 0};
    p.uniforms.b = 0b0010; // b1 true, b0 false
    const auto d = p.add_desc(desc("x"));
    p.code({
        f3(IFU, 1, 3, 1),             // 0: b1 true -> 1-2, skip 3
        f1(MOV, o(0), c(1), 0, d),    // 1
        f1(ADD, o(0), c(1), r(0), d), // 2: o0 = 1 + 0 = 1 (same)
        f1(MOV, o(0), c(7), 0, d),    // 3: else block, skipped
        f3(CALLU, 0, 20, 1),          // 4: b0 false: not called
        f2(CALL, 21, 1, 0, 0, 0),     // 5: call 21 (o2 = 2), return to 6
        f3(JMPU, 1, 9, 1),            // 6: NUM bit 0 set: jump if b1 == false -> no jump
        f1(MOV, o(3), c(3), 0, d),    // 7: runs
        f3(JMPU, 0, 10, 1),           // 8: jump if b0 == false -> jumps to 10
        f1(MOV, o(3), c(7), 0, d),    // 9: skipped
        cmp(0, 0, c(4), v(0), d),     // 10: cmp.x = (4 == 4)
        f2(JMPC, 13, 0, 2, 1, 0),     // 11: cmp.x == 1 -> jump to 13
        f1(MOV, o(4), c(7), 0, d),    // 12: skipped
        f2(CALLC, 22, 1, 2, 1, 0),    // 13: called: o5 = 5
        op0(END),                     // 14
    });
    p.code({f1(MOV, o(1), c(7), 0, d), f1(MOV, o(2), c(2), 0, d), f1(MOV, o(5), c(5), 0, d)}, 20);
    const auto res = p.run({{4, 0, 0, 0}});
    CHECK(res.fault == ShaderFault::None);
    CHECK(p.out(0)[0] == 1);
    CHECK(p.out(1)[0] == 0);
    CHECK(p.out(2)[0] == 2);
    CHECK(p.out(3)[0] == 3);
    CHECK(p.out(4)[0] == 0);
    CHECK(p.out(5)[0] == 5);
}

TEST_CASE("shader: CMP with each comparison, ops 6 and 7 always true (3DB)") {
    const struct {
        unsigned op;
        bool lt, eq, gt; // result for a < b, a == b, a > b
    } ops[] = {{0, false, true, false}, {1, true, false, true},  {2, true, false, false},
               {3, true, true, false},  {4, false, false, true}, {5, false, true, true},
               {6, true, true, true},   {7, true, true, true}};
    for (const auto& k : ops) {
        const float pairs[3][2] = {{1, 2}, {2, 2}, {3, 2}};
        const bool expected[3] = {k.lt, k.eq, k.gt};
        for (unsigned i = 0; i < 3; ++i) {
            Program p;
            const auto d = p.add_desc(desc("", "xyzw", "xyzw"));
            p.code({cmp(k.op, k.op, v(0), v(1), d), op0(END)});
            p.run({{pairs[i][0], pairs[i][0], 0, 0}, {pairs[i][1], pairs[i][1], 0, 0}});
            CAPTURE(k.op);
            CAPTURE(i);
            CHECK(p.unit.cmp(0) == expected[i]);
            CHECK(p.unit.cmp(1) == expected[i]);
        }
    }
    // NaN: ordered comparisons are false (FP classifier relies on GE and LT).
    CHECK_FALSE([] {
        Program p;
        const auto d = p.add_desc(desc("", "xyzw", "xyzw"));
        p.code({cmp(5, 2, v(0), v(1), d), op0(END)});
        p.run({{kNaN, kNaN, 0, 0}, {0, 0, 0, 0}});
        return p.unit.cmp(0) || p.unit.cmp(1);
    }());
}

TEST_CASE("shader: 0 * inf is 0 in MUL, MAD and dot products, NaN * 0 is NaN (3DB, FP-19..27)") {
    CHECK(binary(MUL, kInf, 0) == 0);                          // FP-20
    CHECK(binary(MUL, 0, kInf) == 0);                          // FP-21
    CHECK(std::isnan(binary(MUL, kNaN, 0)));                   // FP-22
    CHECK(std::isnan(binary(MUL, 0, kNaN)));                   // FP-23
    CHECK(std::isnan(binary(ADD, kInf, -kInf)));               // FP-19
    CHECK(mad3(kInf, 0, 1) == 1);                              // FP-24
    CHECK(dot(DP4, {kInf, 1, 0, 1}, {0, 1, kInf, 1}) == 2);    // FP-25
    CHECK(dot(DP3, {kInf, kInf, 0, 0}, {0, 0, kInf, 0}) == 0); // FP-26
    CHECK(dot(DPH, {kInf, kInf, kInf, 5}, {0, 0, 0, 1}) == 1); // FP-27: src1.w is 1
    CHECK(dot(DP4, {1, 2, 3, 4}, {5, 6, 7, 8}) == 70);
    CHECK(dot(DP3, {1, 2, 3, 4}, {5, 6, 7, 8}) == 38);
    CHECK(dot(DPH, {1, 2, 3, 4}, {5, 6, 7, 8}) == 46);
}

TEST_CASE("shader: MIN and MAX with inf and NaN, operand order matters (3DB, FP-9..18)") {
    CHECK(binary(MAX, 0, kInf) == kInf);
    CHECK(std::isnan(binary(MAX, 0, kNaN)));
    CHECK(binary(MAX, kNaN, 0) == 0);
    CHECK(binary(MAX, -kInf, kInf) == kInf);
    // 3dbrew lists max(0, -inf) = -inf but FP-10 expects 0 (the select rule): follow the test.
    CHECK(binary(MAX, 0, -kInf) == 0);
    CHECK(binary(MIN, 0, kInf) == 0);
    CHECK(binary(MIN, 0, -kInf) == -kInf);
    CHECK(std::isnan(binary(MIN, 0, kNaN)));
    CHECK(binary(MIN, kNaN, 0) == 0);
    CHECK(binary(MIN, -kInf, kInf) == -kInf);
}

TEST_CASE("shader: RCP and RSQ special values and precision (3DB, FP-0..8, FP-37)") {
    CHECK(unary(RCP, 0) == kInf);         // FP-0
    CHECK(unary(RCP, kInf) == 0);         // FP-1
    CHECK(std::isnan(unary(RCP, kNaN)));  // FP-2
    CHECK(unary(RSQ, 0) == kInf);         // FP-3
    CHECK(unary(RSQ, 1) == 1);            // FP-4
    CHECK(std::isnan(unary(RSQ, -1)));    // FP-5
    CHECK(unary(RSQ, kInf) == 0);         // FP-6
    CHECK(std::isnan(unary(RSQ, -kInf))); // FP-7
    CHECK(std::isnan(unary(RSQ, kNaN)));  // FP-8
    // No -0: rcp(-inf) is +0, so rsq(rcp(-inf)) = +inf (FP-37); rcp(-0) is +inf.
    CHECK_FALSE(std::signbit(unary(RCP, -kInf)));
    CHECK(unary(RCP, -0.0f) == kInf);
    // Only component 0 is used; every enabled lane gets the result (3ds-gpu-tests rcp).
    Program p;
    const auto d = p.add_desc(desc("xyzw", "yxzw"));
    p.code({f1(RCP, o(0), v(0), 0, d), op0(END)});
    p.run({{8, 4, 2, 1}});
    CHECK(p.out(0) == Vec4{0.25f, 0.25f, 0.25f, 0.25f});
    // Precision: no hardware measurement exists; hardware is at least ~12 bits (shader_isa.md
    // 6.4). The interpreter is the float32 reference: within one float32 ulp here.
    for (float x = 0.001f; x < 1000.0f; x *= 1.37f) {
        CHECK(std::fabs(unary(RCP, x) * x - 1.0f) < 2e-7f);
        CHECK(std::fabs(unary(RSQ, x) * std::sqrt(x) - 1.0f) < 3e-7f);
    }
}

TEST_CASE("shader: EX2, LG2, FLR (3DB, FP-36, FP-38..40)") {
    CHECK(unary(EX2, -kInf) == 0); // FP-38
    CHECK(unary(EX2, 3) == 8);
    CHECK(unary(EX2, -1) == 0.5f);
    CHECK(unary(LG2, 0) == -kInf);     // FP-39
    CHECK(std::isnan(unary(LG2, -1))); // FP-40
    CHECK(unary(LG2, 1024) == 10);
    CHECK(unary(FLR, -0.1f) == -1); // FP-36: -flr(-0.1) = 1
    CHECK(unary(FLR, 2.7f) == 2);
    // exp2 beyond float24's range is infinite (largest finite value just below 2^64).
    CHECK(unary(EX2, 64) == kInf);
    CHECK(unary(EX2, 63) == 0x1p63f);
}

TEST_CASE("shader: subnormals flush in arithmetic but not in MAX or CMP (3DB)") {
    const float s = 0x1p-62f * (1.0f - 0x1p-16f); // largest float24 subnormal
    const float n = 0x1p-62f;                     // smallest float24 normal
    CHECK(binary(MUL, s, 2) == 0);
    CHECK(binary(MUL, n, 0.5f) == 0);
    CHECK(binary(MAX, s, 0) == s);
    Program p;
    const auto d = p.add_desc(desc("", "xyzw", "xyzw"));
    p.code({cmp(0, 0, v(0), v(1), d), op0(END)});
    p.run({{s, s, 0, 0}, {0, 0, 0, 0}});
    CHECK_FALSE(p.unit.cmp(0)); // cmp(s, 0) is false: not flushed
}

TEST_CASE("shader: SGE/SLT and the I forms, comparisons with NaN are false (FP-28..35)") {
    CHECK(binary(SGE, 1, 1) == 1);
    CHECK(binary(SLT, 1, 1) == 0);
    CHECK(binary(SLT, -kInf, kInf) == 1);
    CHECK(binary(SGE, 0, kNaN) == 0);
    CHECK(binary(SGE, kNaN, 0) == 0);
    CHECK(binary(SLT, 0, kNaN) == 0);
    CHECK(binary(SLT, kNaN, 0) == 0);
    // SGEI/SLTI/DPHI/DSTI: same meaning, SRC2 is the 7-bit operand (here a uniform).
    Program p;
    p.uniforms.f[5] = {2, 2, 2, 3};
    const auto d = p.add_desc(desc("xyzw"));
    p.code({f1i(SGEI, o(0), v(0), c(5), d), f1i(SLTI, o(1), v(0), c(5), d),
            f1i(DPHI, o(2), v(0), c(5), d), f1i(DSTI, o(3), v(0), c(5), d), op0(END)});
    p.run({{1, 2, 3, 9}});
    CHECK(p.out(0) == Vec4{0, 1, 1, 1});
    CHECK(p.out(1) == Vec4{1, 0, 0, 0});
    CHECK(p.out(2)[0] == 1 * 2 + 2 * 2 + 3 * 2 + 3); // src1.w replaced by 1 (3ds-gpu-tests dphi)
    CHECK(p.out(3) == Vec4{1, 4, 3, 3});             // DST: (1, a.y*b.y, a.z, b.w)
}

TEST_CASE("shader: LITP clamps and sets cmp from x and w (3DB, Panda3DS PICA_LITP)") {
    Program p;
    const auto d = p.add_desc(desc("xyzw"));
    p.code({f1(LITP, o(0), v(0), 0, d), op0(END)});
    p.run({{-1, 300, 5, 2}});
    CHECK(p.out(0) == Vec4{0, 127.99609375f, 0, 2});
    CHECK_FALSE(p.unit.cmp(0));
    CHECK(p.unit.cmp(1));
}

TEST_CASE("shader: MADI takes the uniform as SRC3, MAD as SRC2 with relative addressing") {
    Program p;
    p.uniforms.f[3] = {10, 10, 10, 10};
    p.uniforms.f[4] = {100, 100, 100, 100};
    const auto d = p.add_desc(desc("xyzw"));
    const auto dm = p.add_desc(desc("x"));
    p.code({madi(o(0), v(0), v(1), c(3), d), f1(MOVA, 0, v(2), 0, dm), op0(NOP),
            mad(o(1), v(0), c(3), v(1), d, 1), op0(END)});
    p.run({{2, 2, 2, 2}, {3, 3, 3, 3}, {1, 0, 0, 0}});
    CHECK(p.out(0) == Vec4{16, 16, 16, 16});
    CHECK(p.out(1) == Vec4{203, 203, 203, 203}); // 2 * c4 + 3
}

TEST_CASE("shader: faults are reported and bounded, never hang") {
    SUBCASE("endless loop stops at the instruction budget") {
        Program p;
        p.code({f3(JMPU, 0, 0, 1)}); // b0 false: jump to self forever
        p.unit.set_budget(10000);
        const auto r = p.run();
        CHECK(r.fault == ShaderFault::BudgetExceeded);
        CHECK(r.instructions == 10000);
    }
    SUBCASE("running off the end of code memory") {
        Program p;
        p.code({op0(NOP)}, 4095);
        CHECK(p.run({}, 4095).fault == ShaderFault::RanOffEnd);
    }
    SUBCASE("BREAK outside a loop hangs hardware: ended instead") {
        Program p;
        p.code({op0(BREAK), op0(END)});
        CHECK(p.run().fault == ShaderFault::BreakOutsideLoop);
    }
    SUBCASE("unknown opcodes execute as NOP") {
        Program p;
        const auto d = p.add_desc(desc("x"));
        p.uniforms.f[1] = {1, 0, 0, 0};
        p.code({0x10u << 26, f1(MOV, o(0), c(1), 0, d), op0(END)});
        CHECK(p.run().fault == ShaderFault::UnknownOpcode);
        CHECK(p.out(0)[0] == 1);
    }
    SUBCASE("call stack overflow drops the oldest return, still terminates") {
        Program p;
        // Five nested calls, each to the next word, one instruction long.
        p.code({f2(CALL, 1, 1, 0, 0, 0), f2(CALL, 2, 1, 0, 0, 0), f2(CALL, 3, 1, 0, 0, 0),
                f2(CALL, 4, 1, 0, 0, 0), f2(CALL, 5, 1, 0, 0, 0), op0(NOP), op0(END)});
        const auto r = p.run();
        CHECK(r.fault == ShaderFault::None);
    }
    SUBCASE("EMIT in a vertex shader") {
        Program p;
        p.code({setemit(0, false, false), op0(EMIT), op0(END)});
        CHECK(p.run().fault == ShaderFault::EmitInVertexShader);
    }
}

namespace {
struct Emits : ShaderEmitTarget {
    struct E {
        std::array<Vec4, 16> o;
        std::uint32_t id;
        bool prim, winding;
    };
    std::vector<E> list;
    void emit(const std::array<Vec4, 16>& o, std::uint32_t id, bool prim, bool winding) override {
        list.push_back({o, id, prim, winding});
    }
};
} // namespace

TEST_CASE("geometry shader: SETEMIT/EMIT, and outputs alternate between two banks") {
    Program p;
    p.uniforms.f[1] = {1, 1, 1, 1};
    p.uniforms.f[2] = {2, 2, 2, 2};
    const auto d = p.add_desc(desc("xyzw"));
    p.code({f1(MOV, o(0), c(1), 0, d), f1(MOV, o(1), c(1), 0, d), setemit(0, false, false),
            op0(EMIT), // bank 0: o0 = o1 = 1
            f1(MOV, o(0), c(2), 0, d), setemit(1, false, false),
            op0(EMIT),                         // bank 1: o0 = 2, o1 never written
            setemit(2, true, true), op0(EMIT), // bank 0 again: o0 = o1 = 1
            op0(END)});
    Emits e;
    CHECK(p.run({}, 0, &e).fault == ShaderFault::None);
    REQUIRE(e.list.size() == 3);
    CHECK(e.list[0].o[0][0] == 1);
    CHECK(e.list[1].o[0][0] == 2);
    CHECK(e.list[1].o[1][0] == 0); // the other bank: value from two EMITs before (none)
    CHECK(e.list[2].o[1][0] == 1);
    CHECK(e.list[2].id == 2);
    CHECK(e.list[2].prim);
    CHECK(e.list[2].winding);
}
