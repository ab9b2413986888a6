// Trace replay: a trace written by picavk's own CiTrace writer, replayed into a fresh session,
// gives the same screens, pixel for pixel, as the session that recorded it.
#include "picavk/session.h"

#include "corpus_trace.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <chrono>
#include <thread>

using namespace picavk;

namespace {
using test::corpus_trace;

// Every frame's top and bottom screens.
std::vector<std::vector<std::uint8_t>> replay_screens(Session& s, const Trace& t) {
    std::vector<std::vector<std::uint8_t>> out;
    CHECK(s.replay(t, [&](std::size_t) {
               out.push_back(s.screen(Screen::Top).rgba);
               out.push_back(s.screen(Screen::Bottom).rgba);
           }).empty());
    return out;
}
} // namespace

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
    std::vector<FrameStats> frames;
    CHECK(replay
              .replay(*trace,
                      [&](std::size_t f) {
                          frames.push_back(replay.last_frame_stats());
                          // The embedder's own time in the callback is not picavk's.
                          if (f == 0) std::this_thread::sleep_for(std::chrono::milliseconds(500));
                          replayed.push_back(replay.screen(Screen::Top).rgba);
                          replayed.push_back(replay.screen(Screen::Bottom).rgba);
                      })
              .empty());
    // Each frame's statistics are its own, though the whole replay is one call: the time spent
    // in picavk is split at the frame markers, and each frame drew the demo's one draw.
    REQUIRE(frames.size() == 2);
    CHECK(frames[1].cpu_ms < 500);
    for (const FrameStats& f : frames) {
        CHECK(f.cpu_ms > 0);
        CHECK(f.renderer.draws == 1);
        CHECK(f.renderer.gpu_time_ns > 0);
    }
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

TEST_CASE("trace: a replay starts from the trace's own state, whatever the session did before") {
    // Registers a short snapshot leaves out, the LUTs, guest memory the trace does not load and
    // the surfaces over it read as in a fresh session; stepping back with replay_frame too.
    const RendererConfig config{true, 1, -1, true, {}, ShaderCompile::Sync};
    const std::unique_ptr<Trace> lit = corpus_trace("normal_mapping.ctf");
    const std::unique_ptr<Trace> before = corpus_trace("fragment_light.ctf");
    Session fresh(256u << 20, config);
    const auto expected = replay_screens(fresh, *lit);
    REQUIRE(expected.size() >= 2);

    Session shared(256u << 20, config);
    replay_screens(shared, *before);
    const auto got = replay_screens(shared, *lit);
    REQUIRE(got.size() == expected.size());
    for (std::size_t i = 0; i < got.size(); ++i) {
        CAPTURE(i);
        CHECK(got[i] == expected[i]);
    }
    // Stepping: the last frame, then frame 0 again (which starts over from the snapshot).
    const std::size_t last = lit->frames() - 1;
    for (std::size_t f = 0; f <= last; ++f)
        REQUIRE(shared.replay_frame(*lit, f));
    CHECK(shared.screen(Screen::Top).rgba == expected[2 * last]);
    REQUIRE(shared.replay_frame(*lit, 0));
    CHECK(shared.screen(Screen::Top).rgba == expected[0]);
    CHECK(shared.screen(Screen::Bottom).rgba == expected[1]);
    CHECK(shared.renderer_counters().validation_messages == 0);
}
TEST_CASE("trace: stepping follows the trace object, not its address") {
    // A Trace freed and another parsed in its place must start from frame 0 of the new one.
    // picavk-precompile steps traces one after another: after a truncated trace (no frame
    // marker, so "frame 0" was still next) the next one, parsed at the same address, once went
    // on from the first one's element count and replayed garbage (108 invalid programs).
    std::vector<std::uint8_t> bytes = test::corpus_bytes("fragment_light.ctf");
    bytes.resize(7000); // inside frame 0
    RendererConfig config;
    config.enabled = true;
    config.collect_keys_only = true;
    Session s(256u << 20, config);
    {
        std::string error;
        std::vector<std::string> repairs;
        const std::unique_ptr<Trace> cut = Trace::parse(bytes, error, &repairs);
        REQUIRE(cut);
        CHECK(repairs.size() == 1);
        CHECK(cut->frames() == 0);
        CHECK(!s.replay_frame(*cut, 1)); // nothing after the unfinished frame
        CHECK(s.replay_frame(*cut, 0));  // the unfinished frame, from the start
    }
    const std::unique_ptr<Trace> next = corpus_trace("textured_cube.ctf");
    REQUIRE(s.replay_frame(*next, 0));
    CHECK(s.warning_count() == 0);
}

// Two traces of the same command stream with other uniform values (demo frames 0 and 5: the cube
// turned) replayed one after the other in one session: the second must show its own uniforms.
// The vertex unit keeps its uniforms while ShaderSetup::float_uniforms_version is unchanged; a
// replay resets the state, and a version that restarted from 0 there met the first trace's
// cached version again (the same writes in the same order) and drew the second trace with the
// first one's uniforms.
TEST_CASE("trace: a second trace in the same session draws with its own uniforms") {
    const RendererConfig config{true, 1, -1, true, {}, ShaderCompile::Sync};
    auto record = [&](std::uint32_t frame) {
        Session s(128u << 20, config);
        s.start_recording();
        run_demo_frame(s, frame);
        std::string error;
        auto trace = Trace::parse(s.stop_recording(), error);
        REQUIRE(trace);
        return trace;
    };
    const auto first = record(0), second = record(5);
    Session fresh(128u << 20, config);
    const auto want = replay_screens(fresh, *second);
    Session s(128u << 20, config);
    const auto before = replay_screens(s, *first);
    REQUIRE(!want.empty());
    CHECK(before[0] != want[0]); // the cube turned: the pictures differ
    CHECK(replay_screens(s, *second) == want);
    CHECK(s.renderer_counters().validation_messages == 0);
}

namespace {
struct CorpusRun {
    std::vector<std::vector<std::uint8_t>> screens;
    RendererCounters counters;
};

// The screens of every `stride`-th frame are kept (every 20th of the games' 660 frames, at
// least); a screen read waits for the GPU to finish everything before it.
CorpusRun replay_corpus(const std::string& name, const RendererConfig& config,
                        std::size_t stride = 1) {
    if (name == "haxagon" || name == "craftus") stride = std::max<std::size_t>(stride, 20);
    const auto trace = corpus_trace((name + ".ctf").c_str());
    Session s(128u << 20, config);
    CorpusRun r;
    CHECK(s.replay(*trace, [&](std::size_t frame) {
               if (frame % stride) return;
               r.screens.push_back(s.screen(Screen::Top).rgba);
               r.screens.push_back(s.screen(Screen::Bottom).rgba);
           }).empty());
    r.counters = s.renderer_counters();
    return r;
}

// How many of the two runs' screens differ (they must be as many).
std::size_t differing_screens(const CorpusRun& a, const CorpusRun& b) {
    REQUIRE(a.screens.size() == b.screens.size());
    std::size_t n = 0;
    for (std::size_t i = 0; i < a.screens.size(); ++i)
        n += a.screens[i] != b.screens[i];
    return n;
}
} // namespace

TEST_CASE("trace: every corpus trace replays to the same screens with its guest writes reported "
          "as with every texture hashed each frame, hashing only the textures written") {
    // A replay writes guest memory only through write_memory, so reporting every write
    // (RendererConfig::guest_writes_reported, picavk-render's default) must change nothing but
    // the hashing: render-to-texture, write-backs and transfers keep textures right by
    // themselves.
    for (const std::string& trace_name : test::corpus_names()) {
        CAPTURE(trace_name);
        RendererConfig config{true, 1, -1, true, {}, ShaderCompile::Sync};
        const CorpusRun hashed = replay_corpus(trace_name, config);
        config.guest_writes_reported = true;
        const CorpusRun reported = replay_corpus(trace_name, config);
        CHECK(differing_screens(reported, hashed) == 0);
        CHECK(reported.counters.surface_uploads == hashed.counters.surface_uploads);
        CHECK(reported.counters.validation_messages == 0);
        // Every trace that draws with textures (cube maps too) draws them over several frames.
        if (hashed.counters.texture_hash_bytes)
            CHECK(reported.counters.texture_hash_bytes < hashed.counters.texture_hash_bytes);
        else
            CHECK(reported.counters.texture_hash_bytes == 0);
        MESSAGE(trace_name << ": texture bytes hashed " << hashed.counters.texture_hash_bytes
                           << " -> " << reported.counters.texture_hash_bytes);
    }
}

TEST_CASE("trace: every corpus trace replays to the same screens with three frames in flight as "
          "with each frame waited for") {
    // end_frame returns before the GPU has finished the frame (RendererConfig::
    // frames_in_flight): screens, read-backs, uploads and recycled buffers must wait for what
    // they need by themselves. Screens are read at every other frame only (every 20th in the
    // games), so that the frames between run with frames in flight.
    for (const std::string& trace_name : test::corpus_names()) {
        CAPTURE(trace_name);
        RendererConfig config{true, 1, -1, true, {}, ShaderCompile::Sync};
        const CorpusRun waited = replay_corpus(trace_name, config, 2);
        config.frames_in_flight = 3;
        const CorpusRun in_flight = replay_corpus(trace_name, config, 2);
        CHECK(differing_screens(in_flight, waited) == 0);
        CHECK(in_flight.counters.draws == waited.counters.draws);
        CHECK(in_flight.counters.validation_messages == 0);
    }
}
