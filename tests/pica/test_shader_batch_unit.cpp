// The lane-batched shader unit (ShaderBatchRunner over ShaderBatchUnit) against the interpreter:
// random programs (random_shader_program.h: every opcode, swizzle, mask, relative address and
// flow construct; NaN, infinity and float24-subnormal inputs and uniforms) run as a sequence of
// invocations on one interpreter, and as batches of 1-8 lanes on the runner, whose reference
// interpreter starts in the same state. Everything must be bit-identical (a NaN equals any NaN:
// the host does not promise which operand's payload a product keeps): each invocation's fault
// and instruction count, the output components used (a vertex shader's after END, a geometry
// shader's at each EMIT, with its SETEMIT state), and at the end the state one invocation leaves
// to the next (temporaries, both output banks, the bank, a0, aL, flags).
//
// Half the programs start with a prologue that writes every temporary, output, a0, the flags
// and aL (most lanes then run on the batched unit alone); the others read state left by the
// invocation before, which the runner must notice and hand to the interpreter in order. Most
// batches are marked as followed by another (a draw's), so the state a batch wrote may reach the
// reference only when the next batch does not write it all again, or when the test settles it.
#include "random_shader_program.h"
#include "shader_asm.h"

#include "pica/shader/batch_program.h"
#include "pica/shader/shader_batch_runner.h"

#include <doctest/doctest.h>

#include <bit>
#include <cmath>
#include <string>
#include <vector>

using namespace picavk;
using namespace picavk::test::random_shader;
namespace sh = picavk::test::sh;

namespace {

constexpr std::uint32_t kBudget = 2048;
constexpr std::uint32_t kPrologueAt = 3000;

bool same(float a, float b) {
    if (std::isnan(a) && std::isnan(b)) return true;
    return std::bit_cast<std::uint32_t>(a) == std::bit_cast<std::uint32_t>(b);
}

struct Recorder final : pica::ShaderEmitTarget {
    std::vector<pica::ShaderBatchRunner::Emit> emits;
    void emit(const std::array<pica::Vec4, 16>& outputs, std::uint32_t vertex_id, bool prim_emit,
              bool winding) override {
        emits.push_back({outputs, vertex_id, prim_emit, winding});
    }
};

struct Tally {
    unsigned programs = 0, invocations = 0, batched = 0, threaded = 0, mismatches = 0;
    std::uint64_t carries_skipped = 0;
};

// The state one invocation leaves to the next.
bool same_state(pica::ShaderInterpreter& a, pica::ShaderInterpreter& b) {
    bool ok = a.bank() == b.bank() && a.a0x() == b.a0x() && a.a0y() == b.a0y() &&
              a.al() == b.al() && a.cmp(0) == b.cmp(0) && a.cmp(1) == b.cmp(1) &&
              a.emit_vertex() == b.emit_vertex() && a.emit_prim() == b.emit_prim() &&
              a.emit_winding() == b.emit_winding();
    for (unsigned r = 0; r < 16 && ok; ++r)
        for (unsigned comp = 0; comp < 4 && ok; ++comp)
            ok = same(a.temp(r)[comp], b.temp(r)[comp]) &&
                 same(a.output_ref(0, r)[comp], b.output_ref(0, r)[comp]) &&
                 same(a.output_ref(1, r)[comp], b.output_ref(1, r)[comp]);
    return ok;
}

// Decodes the words a case uses (the rest of code memory is END).
void decode(const pica::ShaderSetup& setup, const std::vector<std::uint32_t>& used,
            pica::ShaderProgram& out) {
    const pica::ShaderInstruction end = pica::decode_instruction(0x22u << 26, nullptr);
    out.code.assign(pica::ShaderSetup::kCodeWords, end);
    for (std::uint32_t a : used)
        out.code[a] = pica::decode_instruction(setup.code[a], setup.opdescs.data());
    out.hash = pica::hash_shader_code(setup);
}

void run_program(std::uint32_t seed, Tally& t) {
    test::Rng rng(seed);
    const bool biased = rng() % 4 != 0;
    const bool prologue = biased && rng() % 2 == 0;
    const bool geometry = rng() % 3 == 0;
    Case c = random_case(rng, biased, true);
    std::vector<std::uint32_t> used;
    for (std::uint32_t i = 0; i < kLength; ++i)
        used.push_back((c.entry + i) % 4096);
    if (geometry) // EMIT and SETEMIT in place of some words
        for (std::uint32_t i = 0; i + 1 < kLength; ++i)
            if (rng() % 6 == 0)
                c.setup.code[(c.entry + i) % 4096] =
                    rng() % 2 ? sh::op0(sh::EMIT) : sh::setemit(rng() % 4, rng() % 2, rng() % 2);
    std::uint32_t entry = c.entry;
    if (prologue) {
        // Every temporary and output written whole, a0, aL and the flags set, then on to the
        // program (JMPU on b0 with NUM chosen to jump).
        const std::uint32_t full = 127;
        c.setup.opdescs[full] = sh::desc("xyzw");
        std::vector<std::uint32_t> words;
        for (unsigned r = 0; r < 16; ++r)
            words.push_back(sh::f1(sh::MOV, sh::r(r), sh::c(rng() % 96), 0, full));
        for (unsigned o = 0; o < 16; ++o)
            words.push_back(sh::f1(sh::MOV, sh::o(o), sh::c(rng() % 96), 0, full));
        words.push_back(sh::f1(sh::MOVA, 0, sh::v(rng() % 4), 0, full));
        words.push_back(sh::cmp(rng() % 8, rng() % 8, sh::v(rng() % 4), sh::r(rng() % 16), full));
        if (geometry) words.push_back(sh::setemit(rng() % 4, rng() % 2, rng() % 2));
        // aL: a LOOP around one NOP.
        const auto at = static_cast<std::uint32_t>(kPrologueAt + words.size());
        words.push_back(sh::f3(sh::LOOP, rng() % 4, at + 1, 0));
        words.push_back(sh::op0(sh::NOP));
        words.push_back(sh::f3(sh::JMPU, 0, c.entry, (c.uniforms.b & 1) ? 0 : 1));
        for (std::uint32_t i = 0; i < words.size(); ++i) {
            c.setup.code[kPrologueAt + i] = words[i];
            used.push_back(kPrologueAt + i);
        }
        entry = kPrologueAt;
    }
    pica::ShaderProgram program;
    decode(c.setup, used, program);
    const std::shared_ptr<const pica::BatchProgram> batch = pica::make_batch_program(program);

    const unsigned invocations = 1 + rng() % 24;
    const unsigned fed_count = prologue ? 16 : 1 + rng() % 16;
    const std::uint16_t fed = static_cast<std::uint16_t>((1u << fed_count) - 1);
    std::uint64_t consumed = 0;
    for (unsigned bit = 0; bit < 64; ++bit)
        if (rng() % 3 == 0) consumed |= 1ull << bit;
    // Geometry shaders in the fixed and variable modes get their inputs in uniforms.
    const unsigned ubegin = geometry ? rng() % 90 : 0;
    const unsigned uend = geometry ? ubegin + rng() % 6 : 0;
    std::vector<std::array<pica::Vec4, 16>> inputs(invocations);
    std::vector<std::array<pica::Vec4, 96>> uniforms(invocations);
    for (unsigned k = 0; k < invocations; ++k) {
        for (auto& v : inputs[k])
            v = random_vec(rng);
        for (unsigned i = ubegin; i < uend; ++i)
            uniforms[k][i] = random_vec(rng);
    }
    // Every unused v register starts with values of its own on both sides.
    const std::array<pica::Vec4, 16> initial = inputs[0];

    // The serial reference.
    pica::ShaderInterpreter serial;
    serial.set_budget(kBudget);
    serial.set_uniforms(c.uniforms);
    for (unsigned r = 0; r < 16; ++r)
        serial.input(r) = initial[r];
    std::vector<pica::ShaderRunResult> want_result(invocations);
    std::vector<std::array<pica::Vec4, 16>> want_out(invocations);
    std::vector<std::vector<pica::ShaderBatchRunner::Emit>> want_emits(invocations);
    for (unsigned k = 0; k < invocations; ++k) {
        for (unsigned r = 0; r < fed_count; ++r)
            serial.input(r) = inputs[k][r];
        for (unsigned i = ubegin; i < uend; ++i)
            serial.set_float_uniform(i, uniforms[k][i]);
        Recorder rec;
        want_result[k] = serial.run(program, entry, geometry ? &rec : nullptr);
        want_out[k] = serial.outputs();
        want_emits[k] = std::move(rec.emits);
    }

    // The same invocations in order on the threaded run (ShaderInterpreter::run_threaded): every
    // output, emit and result, and the state left, as the interpreter's.
    const pica::ThreadedProgram& threaded = batch->threaded;
    pica::ShaderInterpreter fast;
    fast.set_budget(kBudget);
    fast.set_uniforms(c.uniforms);
    for (unsigned r = 0; r < 16; ++r)
        fast.input(r) = initial[r];
    for (unsigned k = 0; k < invocations; ++k) {
        for (unsigned r = 0; r < fed_count; ++r)
            fast.input(r) = inputs[k][r];
        for (unsigned i = ubegin; i < uend; ++i)
            fast.set_float_uniform(i, uniforms[k][i]);
        Recorder rec;
        const pica::ShaderRunResult got =
            fast.run_threaded(threaded, entry, geometry ? &rec : nullptr);
        bool ok = got.fault == want_result[k].fault &&
                  got.instructions == want_result[k].instructions &&
                  rec.emits.size() == want_emits[k].size();
        for (unsigned bit = 0; bit < 64 && ok; ++bit)
            ok = same(fast.outputs()[bit / 4][bit % 4], want_out[k][bit / 4][bit % 4]);
        for (std::size_t e = 0; e < rec.emits.size() && ok; ++e) {
            const auto& w = want_emits[k][e];
            ok = rec.emits[e].vertex_id == w.vertex_id && rec.emits[e].prim_emit == w.prim_emit &&
                 rec.emits[e].winding == w.winding;
            for (unsigned bit = 0; bit < 64 && ok; ++bit)
                ok = same(rec.emits[e].outputs[bit / 4][bit % 4], w.outputs[bit / 4][bit % 4]);
        }
        ++t.threaded;
        if (!ok) {
            ++t.mismatches;
            FAIL_CHECK("threaded run: invocation ", k, " differs: fault ",
                       static_cast<int>(got.fault), " / ", static_cast<int>(want_result[k].fault),
                       ", instructions ", got.instructions, " / ", want_result[k].instructions);
        }
    }
    if (!same_state(fast, serial)) {
        ++t.mismatches;
        FAIL_CHECK("threaded run: the state left after the last invocation differs");
    }

    // Batches.
    pica::ShaderInterpreter reference;
    reference.set_budget(kBudget);
    reference.set_uniforms(c.uniforms);
    for (unsigned r = 0; r < 16; ++r)
        reference.input(r) = initial[r];
    pica::ShaderBatchRunner runner;
    runner.unit().set_budget(kBudget);
    runner.unit().set_uniforms(c.uniforms);
    INFO("seed ", seed, " width ", pica::ShaderBatchUnit::vector_width(),
         std::string(biased ? " biased" : " raw") + (prologue ? " prologue" : "") +
             (geometry ? " geometry" : " vertex"));
    ++t.programs;
    for (unsigned first = 0; first < invocations;) {
        const unsigned count = std::min<unsigned>(1 + rng() % pica::ShaderBatchUnit::batch_lanes(),
                                                  invocations - first);
        for (unsigned l = 0; l < count; ++l) {
            for (unsigned r = 0; r < fed_count; ++r)
                runner.unit().set_input(l, r, inputs[first + l][r]);
            for (unsigned i = ubegin; i < uend; ++i)
                runner.unit().set_float_uniform(l, i, uniforms[first + l][i]);
        }
        pica::ShaderBatchRunner::Batch b;
        b.entry = entry;
        b.count = count;
        b.fed = fed;
        b.consumed = consumed;
        b.uniforms_begin = ubegin;
        b.uniforms_end = uend;
        b.geometry = geometry;
        // Most batches say another follows (a draw's batches), so the runner may keep their
        // writes back from the reference; some settle it between batches.
        b.more_follow = rng() % 4 != 0;
        runner.run(reference, *batch, b);
        if (rng() % 8 == 0) runner.settle(reference);
        for (unsigned l = 0; l < count; ++l) {
            const unsigned k = first + l;
            ++t.invocations;
            if (!runner.reran(l)) ++t.batched;
            bool ok = runner.result(l).fault == want_result[k].fault &&
                      runner.result(l).instructions == want_result[k].instructions;
            const auto got_output = [&](unsigned r, unsigned comp) {
                return runner.reran(l) ? runner.reran_outputs(l)[r][comp]
                                       : runner.unit().output(l, 0, r, comp);
            };
            for (unsigned bit = 0; bit < 64 && ok && !geometry; ++bit)
                if ((consumed >> bit) & 1)
                    ok = same(got_output(bit / 4, bit % 4), want_out[k][bit / 4][bit % 4]);
            if (geometry) {
                const auto got = runner.emits(l);
                ok = ok && got.size() == want_emits[k].size();
                for (std::size_t e = 0; e < got.size() && ok; ++e) {
                    const auto& w = want_emits[k][e];
                    ok = got[e].vertex_id == w.vertex_id && got[e].prim_emit == w.prim_emit &&
                         got[e].winding == w.winding;
                    for (unsigned bit = 0; bit < 64 && ok; ++bit)
                        if ((consumed >> bit) & 1)
                            ok =
                                same(got[e].outputs[bit / 4][bit % 4], w.outputs[bit / 4][bit % 4]);
                }
            }
            if (!ok) {
                ++t.mismatches;
                FAIL_CHECK("invocation ", k, " (lane ", l,
                           std::string(runner.reran(l) ? ", rerun" : ""), ") differs: fault ",
                           static_cast<int>(runner.result(l).fault), " / ",
                           static_cast<int>(want_result[k].fault), ", instructions ",
                           runner.result(l).instructions, " / ", want_result[k].instructions);
            }
        }
        first += count;
    }
    runner.settle(reference);
    t.carries_skipped += runner.carries_skipped();
    // The carried state.
    if (!same_state(reference, serial)) {
        ++t.mismatches;
        FAIL_CHECK("the state left after the last invocation differs");
    }
}

} // namespace

TEST_CASE("shader batch unit: random programs agree with the interpreter bit for bit") {
    const unsigned count = test::configs_from_env("PICAVK_BATCH_PROGRAMS", 100000);
    // Both builds of the kernel: 4-float vectors, and 8 (AVX2) where the host has them.
    const unsigned width = pica::ShaderBatchUnit::vector_width();
    Tally t;
    for (unsigned n = 0; n < count; ++n) {
        pica::ShaderBatchUnit::set_vector_width(n % 2 ? 8 : 4);
        run_program(70000 + n, t);
    }
    pica::ShaderBatchUnit::set_vector_width(width);
    MESSAGE(t.programs, " programs, ", t.invocations, " invocations, ", t.batched,
            " of them on the batched unit alone; ", t.threaded, " on the threaded run; ",
            t.carries_skipped, " batches' writes never copied (the next batch wrote them again)");
    CHECK(t.mismatches == 0);
    // The test has teeth: most invocations are the batched unit's own results, and batches
    // leave their writes to the next one.
    CHECK(t.batched > t.invocations / 4);
    CHECK(t.carries_skipped > t.programs / 200);
}

namespace {

// Runs `count` invocations (v0 = (x[k], k, 0, 0), v1 = 0) in batches of four on a runner, each
// batch saying another follows, and serially on an interpreter; `between(k)` runs before
// invocation k on both sides' uniforms (k a multiple of four). Returns the runner's skipped
// carries; the state left must be the interpreter's.
template <typename Between>
std::uint64_t run_followed(const std::vector<std::uint32_t>& code, const std::vector<float>& x,
                           std::vector<std::uint32_t> entries, Between&& between) {
    pica::ShaderSetup setup;
    const std::uint32_t end = sh::op0(sh::END);
    setup.code.fill(end);
    std::copy(code.begin(), code.end(), setup.code.begin());
    setup.opdescs[0] = sh::desc("xyzw");
    setup.opdescs[1] = sh::desc("x");
    std::vector<std::uint32_t> used(code.size());
    for (std::uint32_t i = 0; i < used.size(); ++i)
        used[i] = i;
    pica::ShaderProgram program;
    decode(setup, used, program);
    const std::shared_ptr<const pica::BatchProgram> batch = pica::make_batch_program(program);
    pica::ShaderInterpreter serial, reference;
    pica::ShaderBatchRunner runner;
    const auto input = [&](unsigned k) { return pica::Vec4{x[k], static_cast<float>(k), 0, 0}; };
    for (unsigned first = 0; first < x.size(); first += 4) {
        between(first, serial, reference, runner.unit());
        const std::uint32_t entry = entries[first / 4];
        const unsigned count = std::min<unsigned>(4, static_cast<unsigned>(x.size()) - first);
        for (unsigned l = 0; l < count; ++l) {
            serial.input(0) = input(first + l);
            serial.input(1) = {0, 0, 0, 0};
            serial.run(program, entry);
            runner.unit().set_input(l, 0, input(first + l));
            runner.unit().set_input(l, 1, {0, 0, 0, 0});
        }
        pica::ShaderBatchRunner::Batch b;
        b.entry = entry;
        b.count = count;
        b.fed = 3;
        b.consumed = 0xF;
        b.more_follow = true;
        runner.run(reference, *batch, b);
        for (unsigned l = 0; l < count; ++l)
            CHECK_FALSE(runner.reran(l)); // the carried state comes from the runner, not reruns
    }
    runner.settle(reference);
    CHECK(same_state(reference, serial));
    for (unsigned i = 0; i < 2; ++i)
        CHECK(reference.input(i) == serial.input(i));
    return runner.carries_skipped();
}

} // namespace

TEST_CASE("shader batch runner: a followed batch's writes reach the reference unless the next "
          "batch writes them all again") {
    using namespace sh;
    const auto none = [](unsigned, pica::ShaderInterpreter&, pica::ShaderInterpreter&,
                         pica::ShaderBatchUnit&) {};
    SUBCASE("straight-line code: each batch rewrites the last one's writes") {
        // r0 and o0 from v0 in every invocation: of three followed batches, two leave their
        // writes to the next.
        const std::vector<std::uint32_t> code = {f1(MOV, r(0), v(0), 0, 0),
                                                 f1(MOV, o(0), r(0), 0, 0), op0(END)};
        CHECK(run_followed(code, std::vector<float>(12, 1.0f), {0, 0, 0}, none) == 2);
    }
    SUBCASE("flow the flags steer: the next batch may write other registers") {
        // IFC on cmp.x (v0.x == v1.x): r1 in the if-block, r2 in the else-block. The first
        // batch takes the if-block, the second the else-block: r1 must still come from the
        // first batch's last lane.
        const std::vector<std::uint32_t> code = {
            cmp(0, 0, v(0), v(1), 0),  f2(IFC, 3, 1, 2, 1, 0),    f1(MOV, r(1), v(0), 0, 0),
            f1(MOV, r(2), v(0), 0, 0), f1(MOV, o(0), v(0), 0, 0), op0(END)};
        const std::vector<float> x = {0, 0, 0, 0, 1, 1, 1, 1};
        CHECK(run_followed(code, x, {0, 0}, none) == 0);
    }
    SUBCASE("the bools change between batches") {
        // IFU b0: r1 when set, r2 when not; b0 goes from set to clear after the first batch.
        const std::vector<std::uint32_t> code = {f3(IFU, 0, 2, 1), f1(MOV, r(1), v(0), 0, 0),
                                                 f1(MOV, r(2), v(0), 0, 0),
                                                 f1(MOV, o(0), v(0), 0, 0), op0(END)};
        const auto set_b0 = [](unsigned first, pica::ShaderInterpreter& serial,
                               pica::ShaderInterpreter& reference, pica::ShaderBatchUnit& unit) {
            pica::ShaderUniforms u;
            u.b = first == 0 ? 1 : 0;
            serial.set_uniforms(u);
            reference.set_uniforms(u);
            unit.set_uniforms(u);
        };
        CHECK(run_followed(code, std::vector<float>(8, 2.0f), {0, 0}, set_b0) == 0);
    }
    SUBCASE("another entry point") {
        // Entry 0 writes r1, entry 3 writes r2: the first batch's r1 and its inputs, set over
        // by the second batch's before it runs, reach the reference.
        const std::vector<std::uint32_t> code = {
            f1(MOV, r(1), v(0), 0, 0), f1(MOV, o(0), v(0), 0, 0), op0(END),
            f1(MOV, r(2), v(0), 0, 0), f1(MOV, o(0), v(0), 0, 0), op0(END)};
        CHECK(run_followed(code, std::vector<float>(8, 3.0f), {0, 3}, none) == 0);
    }
}
