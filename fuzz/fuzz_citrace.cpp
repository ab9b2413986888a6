// Fuzzes the CiTrace reader, then replays what it accepted through a session without a renderer
// (external registers, memory loads, command lists, transfers) over 1 MiB of FCRAM. The input
// becomes a trace as trace_input.h says.
#include "picavk/session.h"
#include "trace_input.h"

#include "pica/trace/citrace.h"

#include <cstdint>
#include <cstring>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::vector<std::uint8_t> file = picavk::fuzz::trace_file(data, size);
    std::string error;
    std::vector<std::string> repairs;
    auto trace = picavk::Trace::parse(file, error, &repairs);
    if (!trace) return 0;
    static picavk::Session* session = [] {
        auto* s = new picavk::Session(1u << 20);
        s->set_warning_sink([](const std::string&) {});
        return s;
    }();
    session->replay(*trace, nullptr);
    return 0;
}
