// Fuzzes the CiTrace reader, then replays what it accepted through a session without a renderer
// (external registers, memory loads, command lists, transfers) over 1 MiB of FCRAM. Half the
// runs wrap the input in a well-formed header so that most inputs reach the element parser.
#include "picavk/session.h"

#include "pica/citrace.h"

#include <cstdint>
#include <cstring>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::vector<std::uint8_t> file(data, data + size);
    // A real trace (the kept seeds are recorded ones) is taken as it is.
    const bool whole_file = size >= 4 && std::memcmp(data, "CiTr", 4) == 0;
    if (!whole_file && size > 0 && (data[0] & 1)) {
        // Header: magic, version 1, no initial-state blocks, stream right after the header.
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
