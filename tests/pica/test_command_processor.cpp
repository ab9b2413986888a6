#include "pica/command/command_list_builder.h"
#include "test_support.h"

#include <doctest/doctest.h>

#include <cstring>

using namespace picavk;
using namespace picavk::pica;
using picavk::test::Harness;

namespace {
constexpr std::uint32_t kFinalizeCmd[] = {0x12345678, 0x000F0010};
std::vector<std::uint32_t> with_finalize(std::vector<std::uint32_t> w) {
    w.insert(w.end(), std::begin(kFinalizeCmd), std::end(kFinalizeCmd));
    return w;
}
} // namespace

TEST_CASE("the reference's example: consecutive mode writes 0x11C, 0x11D, 0x11E") {
    Harness h;
    const auto r = h.run(with_finalize({0xAAAAAAAA, 0x802F011C, 0xBBBBBBBB, 0xCCCCCCCC}));
    CHECK(r.status == CommandProcessor::Status::Finalized);
    CHECK(h.state.regs[0x11C] == 0xAAAAAAAA);
    CHECK(h.state.regs[0x11D] == 0xBBBBBBBB);
    CHECK(h.state.regs[0x11E] == 0xCCCCCCCC);
    CHECK(r.register_writes == 4); // three + FINALIZE
    CHECK(h.warnings.empty());
}

TEST_CASE("the reference's example with consecutive mode off writes 0x11C three times") {
    Harness h;
    // Observe the three writes through a FIFO: the fog LUT data register counts its writes.
    h.run(with_finalize({0xAAAAAAAA, 0x002F011C, 0xBBBBBBBB, 0xCCCCCCCC}));
    CHECK(h.state.regs[0x11C] == 0xCCCCCCCC);
    CHECK(h.state.regs[0x11D] == 0);
    CHECK(h.state.regs[0x11E] == 0);

    Harness f;
    f.run(with_finalize({0, 0x000F00E6, 0x111, 0x002F00E8, 0x222, 0x333}));
    CHECK(f.state.luts.fog[0] == 0x111);
    CHECK(f.state.luts.fog[1] == 0x222);
    CHECK(f.state.luts.fog[2] == 0x333);
    CHECK(f.state.regs[GPUREG_FOG_LUT_INDEX] == 3);
}

TEST_CASE("a masked write keeps the masked-out bytes") {
    Harness h;
    h.state.regs[0x100] = 0x11223344;
    h.run(with_finalize({0xAABBCCDD, 0x00050100})); // mask 0b0101: bytes 0 and 2
    CHECK(h.state.regs[0x100] == 0x11BB33DD);
    h.run(with_finalize({0xEEEEEEEE, 0x000A0100})); // mask 0b1010: bytes 1 and 3
    CHECK(h.state.regs[0x100] == 0xEEBBEEDD);
    // Mask 0 changes nothing and triggers nothing.
    h.run(with_finalize({0xFFFFFFFF, 0x0000022E}));
    CHECK(h.state.regs[0x100] == 0xEEBBEEDD);
    CHECK(std::count(h.handler.events.begin(), h.handler.events.end(), "draw_arrays") == 0);
    // The mask applies to every parameter of a burst.
    h.run(with_finalize({0x000000FF, 0x80110101, 0x0000FFFF}));
    CHECK(h.state.regs[0x101] == 0xFF);
    CHECK(h.state.regs[0x102] == 0xFF);
}

TEST_CASE("a padding word follows an odd number of extra parameters") {
    Harness h;
    // One extra parameter: param, header, extra, padding (0xDEADBEEF must not be a command).
    const auto r = h.run(with_finalize({0x1, 0x801F0101, 0x2, 0xDEADBEEF, 0x3, 0x000F0103}));
    CHECK(r.status == CommandProcessor::Status::Finalized);
    CHECK(r.commands == 3);
    CHECK(h.state.regs[0x101] == 1);
    CHECK(h.state.regs[0x102] == 2);
    CHECK(h.state.regs[0x103] == 3);
    CHECK(h.warnings.empty());
    // Two extra parameters need no padding.
    Harness g;
    CHECK(g.run(with_finalize({0x1, 0x802F0101, 0x2, 0x3})).commands == 2);
}

TEST_CASE("FINALIZE ends the buffer: nothing after it runs") {
    Harness h;
    const auto r = h.run({0x12345678, 0x000F0010, 0x5, 0x000F0101});
    CHECK(r.status == CommandProcessor::Status::Finalized);
    CHECK(h.state.regs[0x101] == 0);
    CHECK(h.handler.events == std::vector<std::string>{"finalize"});
    // Inside a burst too: the burst's remaining writes are dropped.
    Harness g;
    g.run({0x1, 0x802F000F, 0x2, 0x3}); // 0x00F, FINALIZE (0x010), 0x011
    CHECK(g.state.regs[0x00F] == 1);
    CHECK(g.state.regs[0x011] == 0);
}

TEST_CASE("trigger registers reach the handler in order") {
    Harness h;
    CommandListBuilder b;
    b.write(GPUREG_FRAMEBUFFER_INVALIDATE, 1);
    b.write(GPUREG_EARLYDEPTH_CLEAR, 1);
    b.write(GPUREG_RESTART_PRIMITIVE, 1);
    b.draw_arrays(0, 3);
    b.draw_elements(0, 3, true);
    b.write(GPUREG_FRAMEBUFFER_FLUSH, 1);
    b.write(GPUREG_DRAWARRAYS, 0); // 0 = idle: no draw
    b.finalize();
    h.run(b.words());
    const std::vector<std::string> expected = {
        "invalidate", "early_depth_clear", "restart_primitive", "draw_arrays",
        "vtx_func",   "draw_elements",     "vtx_func",          "flush",
        "finalize"};
    CHECK(h.handler.events == expected);
    CHECK(h.state.regs[GPUREG_NUMVERTICES] == 3);
    CHECK(h.state.regs[GPUREG_INDEXBUFFER_CONFIG] == 0x80000000u);
}

TEST_CASE("CMDBUF_JUMP continues in guest memory and FINALIZE there ends the submission") {
    Harness h;
    auto mem = h.memory.view();
    // Second-level buffer in VRAM: write 0x101, FINALIZE. 16 bytes.
    const std::uint32_t sub[] = {0x77, 0x000F0101, 0x12345678, 0x000F0010};
    const PAddr sub_addr = MemoryView::kVramBase + 0x1000;
    REQUIRE(mem.write(sub_addr, sub, sizeof sub));
    CommandListBuilder b;
    b.write(GPUREG_CMDBUF_ADDR0, sub_addr >> 3);
    b.write(GPUREG_CMDBUF_SIZE0, sizeof sub >> 3);
    b.write(GPUREG_CMDBUF_JUMP0, 1);
    b.write(0x102, 0x99); // abandoned by the jump
    const auto r = h.run(b.words());
    CHECK(r.status == CommandProcessor::Status::Finalized);
    CHECK(r.jumps == 1);
    CHECK(h.state.regs[0x101] == 0x77);
    CHECK(h.state.regs[0x102] == 0);

    // The same through buffer 1, starting from guest memory.
    Harness g;
    auto gm = g.memory.view();
    REQUIRE(gm.write(sub_addr, sub, sizeof sub));
    CommandListBuilder main;
    main.write(GPUREG_CMDBUF_ADDR1, sub_addr >> 3);
    main.write(GPUREG_CMDBUF_SIZE1, sizeof sub >> 3);
    main.write(GPUREG_CMDBUF_JUMP1, 1);
    const PAddr main_addr = MemoryView::kFcramBase + 0x4000;
    REQUIRE(gm.write(main_addr, main.words().data(), main.size_bytes()));
    const auto r2 = g.cp.run_guest(main_addr, static_cast<std::uint32_t>(main.size_bytes() + 8));
    CHECK(r2.status == CommandProcessor::Status::Finalized);
    CHECK(g.state.regs[0x101] == 0x77);
}

TEST_CASE("a buffer size that is not a multiple of 0x10 loses its last 8 bytes") {
    // spec/004: the pitfall of a FINALIZE in the last 8 bytes of a 0x18-byte buffer going unseen.
    Harness h;
    auto mem = h.memory.view();
    const std::uint32_t list[] = {0x1, 0x000F0101, 0x2, 0x000F0102, 0x12345678, 0x000F0010};
    const PAddr addr = MemoryView::kVramBase;
    REQUIRE(mem.write(addr, list, sizeof list));
    const auto r = h.cp.run_guest(addr, sizeof list);
    CHECK(r.status == CommandProcessor::Status::EndOfBuffer);
    CHECK(h.state.regs[0x102] == 2);
    CHECK(h.diag.count(Warning::UnalignedBufferSize) == 1);
    CHECK(h.diag.count(Warning::MissingFinalize) == 1);
}

TEST_CASE("write_register applies masks and side effects like a command") {
    Harness h;
    h.cp.write_register(GPUREG_DRAWARRAYS, 1);
    h.cp.write_register(0x120, 0xFFFFFFFF, 0x3);
    CHECK(h.state.regs[0x120] == 0x0000FFFF);
    CHECK(h.handler.events == std::vector<std::string>{"draw_arrays"});
}

TEST_CASE("FIFO bursts leave exactly the state that one-at-a-time writes leave") {
    // The processor takes repeated full-mask writes to a data register as one burst; the result
    // must not differ from the same words written singly.
    std::vector<std::uint32_t> lut(300), code(40), uniforms(3 * 7 + 2);
    for (std::uint32_t i = 0; i < lut.size(); ++i)
        lut[i] = i * 0x10101u;
    for (std::uint32_t i = 0; i < code.size(); ++i)
        code[i] = 0x4C000000u + i;
    for (std::uint32_t i = 0; i < uniforms.size(); ++i)
        uniforms[i] = 0x3F0000u + i * 0x1111u;
    auto build = [&](bool bursts) {
        CommandListBuilder b;
        auto put = [&](std::uint32_t id, const std::vector<std::uint32_t>& values) {
            if (bursts) {
                b.write_repeated(id, values);
            } else {
                for (auto v : values)
                    b.write(id, v);
            }
        };
        b.write(GPUREG_LIGHTING_LUT_INDEX, (3u << 8) | 250u);
        put(GPUREG_LIGHTING_LUT_DATA0, lut);
        b.write(GPUREG_FOG_LUT_INDEX, 100);
        put(GPUREG_FOG_LUT_DATA0,
            std::vector<std::uint32_t>(lut.begin(), lut.begin() + 40)); // runs past 127
        b.write(GPUREG_VSH_CODETRANSFER_INDEX, 0xFF0);
        put(GPUREG_VSH_CODETRANSFER_DATA0, code); // wraps past 0xFFF
        b.write(GPUREG_VSH_FLOATUNIFORM_INDEX, 90);
        put(GPUREG_VSH_FLOATUNIFORM_DATA0, uniforms); // runs past c95, leaves 2 words pending
        b.write(GPUREG_GSH_OPDESCS_INDEX, 120);
        put(GPUREG_GSH_OPDESCS_DATA0, code); // runs past 128
        b.finalize();
        return b.words();
    };
    Harness a, s;
    a.run(build(true));
    s.run(build(false));
    CHECK(a.state.regs.words == s.state.regs.words);
    CHECK(a.state.luts.lighting == s.state.luts.lighting);
    CHECK(a.state.luts.fog == s.state.luts.fog);
    CHECK(a.state.luts.lighting_dirty == s.state.luts.lighting_dirty);
    CHECK(a.state.vs.code == s.state.vs.code);
    CHECK(a.state.gs.opdescs == s.state.gs.opdescs);
    // Bit patterns, not floats: some of these words unpack to NaN, which equals nothing.
    CHECK(std::memcmp(a.state.vs.float_uniforms.data(), s.state.vs.float_uniforms.data(),
                      sizeof a.state.vs.float_uniforms) == 0);
    CHECK(a.state.vs.float_word_count == s.state.vs.float_word_count);
    CHECK(a.diag.total() == s.diag.total());
    CHECK(a.diag.total() > 0);
}
