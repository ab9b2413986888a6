#include "pica/command/command_list_builder.h"
#include "picavk/session.h"
#include "scenes/demo_scene.h"
#include "test_support.h"

#include <doctest/doctest.h>

#include <cstring>

using namespace picavk;
using namespace picavk::pica;
using namespace picavk::scenes;
using picavk::test::Harness;

TEST_CASE("builder: headers, bursts split at 256 parameters, padding, 0x10-byte finalize") {
    CommandListBuilder b;
    b.write(0x101, 7, 0x3);
    CHECK(b.words() == std::vector<std::uint32_t>{7, 0x00030101});
    b.clear();
    std::vector<std::uint32_t> values(300, 9);
    b.write_repeated(GPUREG_FOG_LUT_DATA0, values);
    // 256 in the first command (1 + 255 extra, odd extra: padded), 44 in the second (43 extra,
    // padded).
    CHECK(b.words().size() == (2 + 255 + 1) + (2 + 43 + 1));
    CHECK(b.words()[1] == (0x0E8u | (0xFu << 16) | (255u << 20)));
    for (int pad = 0; pad < 4; ++pad) {
        CommandListBuilder f;
        for (int i = 0; i < pad; ++i)
            f.write(0x101, 1);
        f.finalize();
        CHECK(f.size_bytes() % 16 == 0);
        CHECK(f.words()[f.words().size() - 1] == 0x000F0010u);
    }
}

TEST_CASE("builder output runs through the processor without warnings") {
    Harness h;
    const DemoScene scene = build_demo_scene();
    REQUIRE(scene.commands.size() * 4 % 16 == 0);
    const auto r = h.run(scene.commands);
    CHECK(r.status == CommandProcessor::Status::Finalized);
    CHECK(h.warnings.empty());
    CHECK(std::count(h.handler.events.begin(), h.handler.events.end(), "draw_arrays") == 1);
    CHECK(h.state.regs[GPUREG_NUMVERTICES] == DemoScene::kVertexCount);
    CHECK(h.state.vs.code[6] == demo_vertex_program()[6]);
    CHECK(h.state.vs.float_uniforms[4] == AttributeValue{1, 1, 1, 1});
    CHECK((h.state.luts.fog[0] >> 13) == 0);      // full fog nearest the far plane
    CHECK((h.state.luts.fog[127] >> 13) == 2047); // none near the camera
    CHECK(h.state.regs.get<reg::DEPTHMAP_SCALE>().near_far() == -1.0f);
    CHECK(h.state.regs.get<reg::FRAMEBUFFER_DIM>().width() == 240);
}

TEST_CASE("the public Session runs the demo and dumps its registers") {
    Session s;
    const auto r = s.submit(demo_command_list());
    CHECK(r.finalized);
    CHECK_FALSE(r.error);
    CHECK(s.warning_count() == 0);
    CHECK(s.read_register(GPUREG_FACECULLING_CONFIG) == 2);
    const std::string dump = s.dump_registers();
    CHECK(dump.find("GPUREG_TEXENV0_COMBINER") != std::string::npos);
    CHECK(dump.find("culling_mode") != std::string::npos);

    // Guest submission through the session's own memory.
    const auto list = demo_command_list();
    std::memcpy(s.vram().data() + 0x200000, list.data(), list.size() * 4);
    const auto g = s.submit_guest(0x18200000, static_cast<std::uint32_t>(list.size() * 4));
    CHECK(g.finalized);
    CHECK(s.submit_guest(0x30000000, 16).error);
}
