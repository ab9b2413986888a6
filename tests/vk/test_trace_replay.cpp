// Trace replay: a trace written by picavk's own CiTrace writer, replayed into a fresh session,
// gives the same screens, pixel for pixel, as the session that recorded it.
#include "picavk/session.h"

#include <doctest/doctest.h>

using namespace picavk;

TEST_CASE("trace: a recorded demo replays to identical screens (validation on)") {
    // Sync: the comparison is exact, so both sessions must use the same shaders at every draw.
    const RendererConfig config{true, 1, -1, true, {}, ShaderCompile::Sync};
    std::vector<std::vector<std::uint8_t>> original;
    std::vector<std::uint8_t> file;
    {
        Session s(128u << 20, config);
        s.start_recording();
        for (std::uint32_t f = 0; f < 2; ++f) {
            run_demo_frame(s, f);
            original.push_back(s.screen(Screen::Top).rgba);
            original.push_back(s.screen(Screen::Bottom).rgba);
        }
        file = s.stop_recording();
        CHECK(s.renderer_counters().validation_messages == 0);
        CHECK(s.warning_count() == 0);
    }
    // The top screen shows the cube over the clear colour; the bottom the filled buffer.
    REQUIRE(original[0].size() == 400u * 240 * 4);
    CHECK(original[0] != original[2]); // the cube turns between frames
    REQUIRE(original[1].size() == 320u * 240 * 4);
    CHECK(original[1][0] == 0x60); // fill value 0x603828: R G B = 0x60 0x38 0x28
    CHECK(original[1][1] == 0x38);
    CHECK(original[1][2] == 0x28);

    std::string error;
    std::vector<std::string> repairs;
    auto trace = Trace::parse(file, error, &repairs);
    REQUIRE(trace);
    CHECK(repairs.empty());
    CHECK(trace->frames() == 2);

    Session replay(128u << 20, config);
    std::vector<std::vector<std::uint8_t>> replayed;
    CHECK(replay
              .replay(*trace,
                      [&](std::size_t) {
                          replayed.push_back(replay.screen(Screen::Top).rgba);
                          replayed.push_back(replay.screen(Screen::Bottom).rgba);
                      })
              .empty());
    REQUIRE(replayed.size() == original.size());
    for (std::size_t i = 0; i < original.size(); ++i) {
        CAPTURE(i);
        CHECK(replayed[i] == original[i]);
    }
    CHECK(replay.renderer_counters().validation_messages == 0);
    CHECK(replay.warning_count() == 0);
}

TEST_CASE(
    "trace: writes outside the GPU registers and loads outside memory are counted, not fatal") {
    Session s(1u << 20, RendererConfig{true, 1, -1, true});
    std::vector<std::string> warnings;
    s.set_warning_sink([&](const std::string& m) { warnings.push_back(m); });
    s.start_recording();
    const std::uint8_t bytes[4] = {1, 2, 3, 4};
    CHECK_FALSE(s.write_memory(0x30000000, bytes)); // outside VRAM and FCRAM
    CHECK_FALSE(s.write_gpu_register(0x10500000, 1));
    CHECK_FALSE(s.write_gpu_register(0x10400C01, 1)); // unaligned
    s.end_frame();
    auto file = s.stop_recording();
    CHECK(warnings.size() == 3);
    std::string error;
    auto trace = Trace::parse(file, error);
    REQUIRE(trace);
    Session replay(1u << 20, RendererConfig{true, 1, -1, true});
    replay.set_warning_sink([](const std::string&) {});
    CHECK(replay.replay(*trace, nullptr).empty());
    CHECK(replay.warning_count() == 2); // the register writes; the load was never recorded
    CHECK(replay.renderer_counters().validation_messages == 0);
}
