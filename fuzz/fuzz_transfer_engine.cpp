// Fuzzes the transfer engine's parameters (memory fill, display transfer, texture copy) and the
// texture / framebuffer decoders' arguments over fuzzer-controlled guest memory. Addresses are
// either taken raw or, when a selector bit says so, moved into VRAM so that most runs reach the
// conversion code instead of the range check.
#include "pica/texture/framebuffer_formats.h"
#include "pica/texture/texture_codec.h"
#include "pica/transfer/transfer_engine.h"

#include "fuzz_reader.h"

#include <cstdint>
#include <cstring>
#include <vector>

namespace {

std::uint32_t in_vram(std::uint32_t raw, bool rebase) {
    using picavk::pica::MemoryView;
    if (!rebase) return raw;
    return (MemoryView::kVramBase + raw % MemoryView::kVramSize) >> 3;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace picavk::pica;
    static GuestMemory memory(1u << 20);
    MemoryView view = memory.view();
    picavk::fuzz::Reader in{data, size};
    const std::uint32_t select = in.word();
    Diagnostics diag;
    diag.set_sink([](Warning, const std::string&) {});

    // Seed the start of VRAM with the rest of the input as pixel data.
    const std::size_t seed = size < 4096 ? size : 4096;
    std::memcpy(view.vram().data(), data, seed);

    MemoryFillRegs fill;
    fill.start = in_vram(in.word(), select & 1);
    fill.end = (select & 2) ? fill.start + (in.word() & 0x3FFF) : in.word();
    fill.value = in.word();
    fill.control = in.word();
    run_memory_fill(view, fill, diag);

    TransferRegs t;
    t.input_addr = in_vram(in.word(), select & 4);
    t.output_addr = in_vram(in.word(), select & 8);
    // Small dimensions most of the time, so that each run stays cheap.
    const std::uint32_t dim_mask = (select & 16) ? 0x01FF01FF : 0xFFFFFFFF;
    t.output_dim = in.word() & dim_mask;
    t.input_dim = in.word() & dim_mask;
    t.flags = in.word();
    t.copy_size = in.word() & ((select & 32) ? 0xFFFF : 0xFFFFFFFF);
    t.copy_input = in.word();
    t.copy_output = in.word();
    run_transfer(view, t, diag);

    // Decoders: arbitrary format and size over the seeded bytes.
    const std::uint32_t shape = in.word();
    const std::uint32_t w = shape & 0x7FF, h = (shape >> 11) & 0x7FF;
    const auto format = static_cast<std::uint8_t>(shape >> 22);
    const std::span<const std::uint8_t> src = view.vram().first(std::size_t{1} << 20);
    static std::vector<std::uint8_t> rgba(std::size_t{1024} * 1024 * 4);
    decode_texture(src, rgba, w, h, static_cast<TextureFormat>(format & 15));
    decode_color_buffer(src, rgba, {w, h, (format & 16) ? BlockSize::k32x32 : BlockSize::k8x8},
                        static_cast<ColorFormat>(format & 7));
    static std::vector<std::uint32_t> depth(std::size_t{1024} * 1024);
    decode_depth_buffer(src, depth, std::span(rgba).first(depth.size()), {w, h},
                        static_cast<DepthFormat>(format & 3));
    return 0;
}
