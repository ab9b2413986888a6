// Fuzzes the command processor: arbitrary words as a host command list, with the first
// kilobyte also placed in guest VRAM so that CMDBUF jumps land in fuzzer-controlled data.
#include "pica/command/command_processor.h"

#include <cstdint>
#include <cstring>
#include <vector>

namespace {
struct CountingHandler : picavk::pica::CommandHandler {
    std::uint64_t events = 0;
    void on_draw_arrays() override { ++events; }
    void on_draw_elements() override { ++events; }
    void on_immediate_vertex(std::span<const picavk::pica::AttributeValue> a) override {
        events += a.size();
    }
};
} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace picavk::pica;
    // Small FCRAM keeps each run cheap; VRAM is full size, as jump targets point there.
    static GuestMemory memory(1u << 20);
    static PicaState state;
    MemoryView view = memory.view();
    std::memset(view.vram().data(), 0, 4096);
    std::memcpy(view.vram().data(), data, size < 4096 ? size : 4096);
    state = PicaState{};

    std::vector<std::uint32_t> words(size / 4);
    if (!words.empty()) std::memcpy(words.data(), data, words.size() * 4);
    Diagnostics diag;
    diag.set_sink([](Warning, const std::string&) {});
    CountingHandler handler;
    CommandProcessor cp(state, view, diag, &handler);
    cp.run(words);
    return 0;
}
