// The memory a session owns (api/owned_guest_memory.h): zero-filled, zeroed again by handing its
// pages back to the OS (Linux) or by a memset; and a trace replayed after writes to guest memory
// finds it zero, as in a fresh session (Session::replay's power-on state).
#include "api/owned_guest_memory.h"
#include "picavk/session.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <array>
#include <string>

using namespace picavk;

TEST_CASE("owned guest memory: zero-filled, and zero again after zero() wherever it was written") {
    constexpr std::size_t kSize = (8u << 20) + 4096 * 3 + 100; // not a whole number of pages
    OwnedGuestMemory m(kSize);
#if defined(__linux__)
    CHECK(m.mapped());
#endif
    std::span<std::uint8_t> s = m.span();
    REQUIRE(s.size() == kSize);
    CHECK(std::all_of(s.begin(), s.end(), [](std::uint8_t b) { return b == 0; }));
    for (std::size_t at :
         {std::size_t{0}, std::size_t{4095}, std::size_t{4096}, kSize / 2, kSize - 1})
        s[at] = 0xA5;
    std::fill(s.begin() + 100000, s.begin() + 300000, std::uint8_t{0x5A});
    m.zero();
    CHECK(m.span().data() == s.data()); // the same addresses: views of it stay valid
    CHECK(std::all_of(s.begin(), s.end(), [](std::uint8_t b) { return b == 0; }));
    s[7] = 1; // still writable
    CHECK(s[7] == 1);
    OwnedGuestMemory moved = std::move(m);
    CHECK(moved.span().data() == s.data());
    CHECK(moved.span()[7] == 1);
}

TEST_CASE("owned guest memory: a trace replayed after guest writes finds the session's memory "
          "zero") {
    // A trace that loads no memory at all: one frame, recorded from a fresh session.
    std::vector<std::uint8_t> file;
    {
        Session recorder(128u << 20, RendererConfig{});
        recorder.start_recording();
        recorder.end_frame();
        file = recorder.stop_recording();
    }
    std::string error;
    const std::unique_ptr<Trace> trace = Trace::parse(file, error);
    REQUIRE(trace);
    Session s(128u << 20, RendererConfig{});
    const std::array<std::uint32_t, 4> addresses = {0x18000000, 0x185FFFF0, 0x20000000, 0x27FFFFF0};
    const std::array<std::uint8_t, 16> bytes = {1, 2,  3,  4,  5,  6,  7,  8,
                                                9, 10, 11, 12, 13, 14, 15, 16};
    for (int round = 0; round < 2; ++round) {
        for (std::uint32_t a : addresses)
            REQUIRE(s.write_memory(a, bytes));
        CHECK(s.replay(*trace, {}).empty());
        for (std::uint32_t a : addresses) {
            CAPTURE(a);
            std::array<std::uint8_t, 16> got{};
            REQUIRE(s.read_memory(a, got));
            CHECK(std::all_of(got.begin(), got.end(), [](std::uint8_t b) { return b == 0; }));
        }
    }
}
