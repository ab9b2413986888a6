// Fuzzes the whole renderer: a CiTrace (the input, wrapped in a well-formed header half the time,
// as fuzz-citrace does) replayed through a session with the Vulkan renderer on lavapipe and the
// validation layer on. Any validation message is a finding (trap), as is a crash or a hang.
// One session serves every input, to keep the rate useful: a finding that needs earlier inputs
// reproduces with libFuzzer's -runs over the crash's neighbours in the corpus.
#include "picavk/session.h"

#include <cstdint>
#include <cstring>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::vector<std::uint8_t> file(data, data + size);
    // A real trace (the kept seeds are recorded ones) is taken as it is.
    const bool whole_file = size >= 4 && std::memcmp(data, "CiTr", 4) == 0;
    if (!whole_file && size > 0 && (data[0] & 1)) {
        std::vector<std::uint8_t> wrapped(100, 0);
        std::memcpy(wrapped.data(), "CiTr", 4);
        wrapped[4] = 1;
        wrapped[8] = 100;
        wrapped[0x5C] = 100;
        const std::uint32_t count = static_cast<std::uint32_t>((size - 1) / 20 + 1);
        std::memcpy(&wrapped[0x60], &count, 4);
        wrapped.insert(wrapped.end(), data + 1, data + size);
        file = std::move(wrapped);
    }
    std::string error;
    auto trace = picavk::Trace::parse(file, error, nullptr);
    if (!trace) return 0;
    static picavk::Session* session = [] {
        auto* s = new picavk::Session(16u << 20, picavk::RendererConfig{true, 1, -1, true});
        s->set_warning_sink([](const std::string&) {});
        return s;
    }();
    const std::uint64_t before = session->renderer_counters().validation_messages;
    session->replay(*trace, nullptr);
    (void)session->screen(picavk::Screen::Top);
    if (session->renderer_counters().validation_messages != before) __builtin_trap();
    return 0;
}
