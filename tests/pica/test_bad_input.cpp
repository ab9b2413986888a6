#include "pica/command/command_list_builder.h"
#include "test_support.h"

#include <doctest/doctest.h>

using namespace picavk;
using namespace picavk::pica;
using picavk::test::Harness;

TEST_CASE("truncated lists: a stray word, extra parameters past the end") {
    Harness h;
    auto r = h.run({0x1, 0x000F0101, 0x2}); // a lone parameter word at the end
    CHECK(r.status == CommandProcessor::Status::EndOfBuffer);
    CHECK(h.diag.count(Warning::TruncatedCommand) == 1);
    CHECK(h.state.regs[0x101] == 1);

    r = h.run({0x1, 0x80FF0101, 0x2, 0x3}); // announces 15 extra parameters, has 2
    CHECK(r.status == CommandProcessor::Status::Error);
    CHECK(h.diag.count(Warning::TruncatedCommand) == 2);
    CHECK(h.state.regs[0x102] == 0); // nothing of the truncated command is written

    r = h.run({});
    CHECK(r.status == CommandProcessor::Status::EndOfBuffer);
    CHECK(h.diag.count(Warning::MissingFinalize) == 2);
}

TEST_CASE("unknown and undocumented register IDs are counted, not fatal") {
    Harness h;
    CommandListBuilder b;
    b.write(0x0005, 0x1234);                                         // listed without meaning
    b.write(0x1234, 0x5678);                                         // past the register file
    b.write_consecutive(0x2FE, std::vector<std::uint32_t>{1, 2, 3}); // runs off the end
    b.write(GPUREG_FACECULLING_CONFIG, 1);
    b.finalize();
    const auto r = h.run(b.words());
    CHECK(r.status == CommandProcessor::Status::Finalized);
    CHECK(h.state.regs[0x005] == 0x1234);                    // stored: the hardware keeps it too
    CHECK(h.diag.count(Warning::RegisterOutOfRange) == 2);   // 0x1234 and 0x300
    CHECK(h.diag.count(Warning::UndocumentedRegister) >= 2); // 0x005 and the 0x2FE/0x2FF slots
    CHECK(h.state.regs[GPUREG_FACECULLING_CONFIG] == 1);
}

TEST_CASE("citro3d's light block write (padding word at 0x148 + 0x10 * i) is not bad input") {
    // citro3d uploads C3D_LightConf as twelve consecutive words from LIGHTi_SPECULAR0, padding
    // included, so every lit program writes 0 to the hole between SPOTDIR_Z and CONFIG.
    Harness h;
    CommandListBuilder b;
    for (std::uint32_t light : {0u, 7u}) {
        std::vector<std::uint32_t> block(12, 0);
        block[9] = light; // CONFIG
        b.write_consecutive(GPUREG_LIGHT0_SPECULAR0 + 0x10 * light, block);
    }
    b.write(0x14C, 5); // past the block: still a hole, still reported
    b.finalize();
    h.run(b.words());
    CHECK(h.state.regs[GPUREG_LIGHT0_CONFIG + 0x70] == 7);
    CHECK(h.diag.count(Warning::UndocumentedRegister) == 1);
}

TEST_CASE("jumps outside memory, misaligned, and in loops stop cleanly") {
    SUBCASE("outside memory") {
        Harness h;
        CommandListBuilder b;
        b.write(GPUREG_CMDBUF_ADDR0, 0x10000000u >> 3);
        b.write(GPUREG_CMDBUF_SIZE0, 2);
        b.write(GPUREG_CMDBUF_JUMP0, 1);
        const auto r = h.run(b.words());
        CHECK(r.status == CommandProcessor::Status::Error);
        CHECK(h.diag.count(Warning::JumpOutsideMemory) == 1);
        CHECK(r.message.find("outside guest memory") != std::string::npos);
    }
    SUBCASE("running off the end of VRAM") {
        Harness h;
        CommandListBuilder b;
        b.write(GPUREG_CMDBUF_ADDR0, (MemoryView::kVramBase + MemoryView::kVramSize - 16) >> 3);
        b.write(GPUREG_CMDBUF_SIZE0, 4); // 32 bytes, 16 of them past the end
        b.write(GPUREG_CMDBUF_JUMP0, 1);
        CHECK(h.run(b.words()).status == CommandProcessor::Status::Error);
    }
    SUBCASE("a buffer that jumps to itself") {
        Harness h;
        auto mem = h.memory.view();
        const PAddr addr = MemoryView::kVramBase + 0x100;
        // CMDBUF_ADDR0 = addr, SIZE0 = 2 (16 bytes) are set once; the buffer is just the jump.
        const std::uint32_t loop[] = {1, 0x000F023C, 0, 0};
        REQUIRE(mem.write(addr, loop, sizeof loop));
        h.cp.write_register(GPUREG_CMDBUF_ADDR0, addr >> 3);
        h.cp.write_register(GPUREG_CMDBUF_SIZE0, 2);
        const auto r = h.cp.run_guest(addr, sizeof loop);
        CHECK(r.status == CommandProcessor::Status::Error);
        CHECK(r.jumps == CommandProcessor::kMaxJumps + 1);
        CHECK(h.diag.count(Warning::JumpBudgetExceeded) == 1);
    }
    SUBCASE("misaligned address") {
        Harness h;
        CHECK(h.cp.run_guest(MemoryView::kVramBase + 4, 16).status ==
              CommandProcessor::Status::Error);
    }
}

TEST_CASE("FIFO indices past their tables are counted and dropped") {
    Harness h;
    h.cp.write_register(GPUREG_LIGHTING_LUT_INDEX, 30u << 8); // tables 24-31 do not exist
    h.cp.write_register(GPUREG_LIGHTING_LUT_DATA0, 5);
    h.cp.write_register(GPUREG_FOG_LUT_INDEX, 128);
    h.cp.write_register(GPUREG_FOG_LUT_DATA0, 5);
    h.cp.write_register(GPUREG_GAS_LUT_INDEX, 16);
    h.cp.write_register(GPUREG_GAS_LUT_DATA, 5);
    h.cp.write_register(GPUREG_PROCTEX_LUT, 1u << 8); // table 1 does not exist
    h.cp.write_register(GPUREG_PROCTEX_LUT_DATA0, 5);
    h.cp.write_register(GPUREG_PROCTEX_LUT, (2u << 8) | 200u); // RGB map has 128 entries
    h.cp.write_register(GPUREG_PROCTEX_LUT_DATA0, 5);
    CHECK(h.diag.count(Warning::LutIndexOutOfRange) == 5);
    CHECK(h.state.luts.lighting_dirty == 0);
    CHECK(h.state.luts.other_dirty == 0);

    h.cp.write_register(GPUREG_VSH_FLOATUNIFORM_INDEX, 96);
    for (int i = 0; i < 3; ++i)
        h.cp.write_register(GPUREG_VSH_FLOATUNIFORM_DATA0, 0x3F0000);
    CHECK(h.diag.count(Warning::UniformIndexOutOfRange) == 1);

    h.cp.write_register(GPUREG_VSH_OPDESCS_INDEX, 128);
    h.cp.write_register(GPUREG_VSH_OPDESCS_DATA0, 1);
    h.cp.write_register(GPUREG_VSH_CODETRANSFER_INDEX, 0xFFF);
    h.cp.write_register(GPUREG_VSH_CODETRANSFER_DATA0,
                        1); // last word: fits, then the counter wraps
    h.cp.write_register(GPUREG_VSH_CODETRANSFER_DATA0, 2);  // lands on word 0
    CHECK(h.diag.count(Warning::CodeIndexOutOfRange) == 2); // opdesc 128, code wrap
    CHECK(h.state.vs.code[0xFFF] == 1);
    CHECK(h.state.vs.code[0] == 2);
    CHECK((h.state.regs[GPUREG_VSH_CODETRANSFER_INDEX] & 0xFFF) == 1);

    h.cp.write_register(GPUREG_FIXEDATTRIB_INDEX, 13);
    for (int i = 0; i < 3; ++i)
        h.cp.write_register(GPUREG_FIXEDATTRIB_DATA0, 0);
    CHECK(h.diag.count(Warning::FixedAttribIndexOutOfRange) == 1);
}

TEST_CASE("diagnostics report the first few of each kind, then only count") {
    Diagnostics d;
    int shown = 0;
    d.set_sink([&](Warning, const std::string&) { ++shown; });
    for (int i = 0; i < 100; ++i)
        d.warn(Warning::TruncatedCommand, "x");
    CHECK(d.count(Warning::TruncatedCommand) == 100);
    CHECK(shown == static_cast<int>(Diagnostics::kReportsPerKind));
    CHECK(d.total() == 100);
}
