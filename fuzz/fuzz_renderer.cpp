// Fuzzes the whole renderer: a CiTrace (the input, as trace_input.h makes it) replayed through a
// session with the Vulkan renderer on lavapipe and the validation layer on. Any validation message
// is a finding (trap), as is a crash or a hang. One session serves every input, to keep the rate
// useful: a finding that needs earlier inputs reproduces with libFuzzer's -runs over the crash's
// neighbours in the corpus.
#include "picavk/session.h"
#include "trace_input.h"

#include <cstdint>
#include <cstring>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::vector<std::uint8_t> file = picavk::fuzz::trace_file(data, size);
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
