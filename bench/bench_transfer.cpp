// BM_Transfer...: the transfer engine on the CPU (pica/transfer), what runs when a display
// transfer's source is no GPU surface (a frame the guest drew or filled with the CPU: haxagon's
// bottom screen every third frame) and for every memory fill, whose guest bytes the CPU writes
// even where a GPU surface takes the fill. The sizes are a top screen's (240x400, as the LCD
// reads it: 240-pixel rows). Bytes are those read plus written, beside a plain memcpy of the
// output's size in the same run (BM_TilingMemcpyBaseline/4 is a 4 MiB one).
#include "pica/transfer/transfer_engine.h"

#include <benchmark/benchmark.h>

#include <cstring>
#include <vector>

using namespace picavk::pica;
namespace TF = TransferFlags;

namespace {

constexpr std::uint32_t kWidth = 240, kHeight = 400;
constexpr PAddr kIn = MemoryView::kVramBase;
constexpr PAddr kOut = MemoryView::kVramBase + 0x200000;

std::uint32_t bytes_per_pixel(TransferFormat f) {
    return bits_per_pixel(texture_format(f)) / 8;
}

// BM_TransferDisplay/IN/OUT/FLAGS: a 240x400 tiled IN-format screen to a linear OUT-format one
// (the swap to the LCD's buffer), FLAGS the downscale or layout bits beside the formats.
void BM_TransferDisplay(benchmark::State& state) {
    const auto in_fmt = static_cast<TransferFormat>(state.range(0));
    const auto out_fmt = static_cast<TransferFormat>(state.range(1));
    const auto extra = static_cast<std::uint32_t>(state.range(2));
    GuestMemory memory;
    const MemoryView view = memory.view();
    Diagnostics diag;
    const std::size_t in_bytes = std::size_t{kWidth} * kHeight * bytes_per_pixel(in_fmt);
    std::uint8_t* in = view.pointer(kIn, in_bytes);
    for (std::size_t i = 0; i < in_bytes; ++i)
        in[i] = static_cast<std::uint8_t>(i * 131 + (i >> 9));
    TransferRegs r;
    r.input_addr = kIn >> 3;
    r.output_addr = kOut >> 3;
    r.input_dim = transfer_dim(kWidth, kHeight);
    r.output_dim = transfer_dim(kWidth, kHeight);
    r.flags = TF::input_format(in_fmt) | TF::output_format(out_fmt) | extra;
    const std::uint32_t kx = extra & (TF::kDownscale2x1 | TF::kDownscale2x2) ? 2 : 1;
    const std::uint32_t ky = extra & TF::kDownscale2x2 ? 2 : 1;
    const std::size_t out_bytes =
        std::size_t{kWidth / kx} * (kHeight / ky) * bytes_per_pixel(out_fmt);
    for (auto _ : state) {
        if (!run_transfer(view, r, diag)) state.SkipWithError("transfer refused");
        benchmark::ClobberMemory();
    }
    state.SetItemsProcessed(state.iterations() * std::int64_t{kWidth} * kHeight);
    state.SetBytesProcessed(state.iterations() * static_cast<std::int64_t>(in_bytes + out_bytes));
}
void display_cases(benchmark::internal::Benchmark* b) {
    using F = TransferFormat;
    const auto i = [](F f) { return static_cast<std::int64_t>(f); };
    // What games send to the LCD (RGBA8 or RGB565 targets to RGB8 or RGB565 buffers), the
    // same format (a copy), the two downscales (anti-aliased top screens) and linear to tiled.
    b->Args({i(F::RGBA8), i(F::RGB8), 0});
    b->Args({i(F::RGBA8), i(F::RGBA8), 0});
    b->Args({i(F::RGBA8), i(F::RGB565), 0});
    b->Args({i(F::RGB565), i(F::RGB565), 0});
    b->Args({i(F::RGB5A1), i(F::RGBA4), 0});
    b->Args({i(F::RGBA8), i(F::RGB8), TF::kDownscale2x1});
    b->Args({i(F::RGBA8), i(F::RGB8), TF::kDownscale2x2});
    b->Args({i(F::RGBA8), i(F::RGBA8), TF::kLinearToTiled});
    b->ArgNames({"in", "out", "flags"});
}
BENCHMARK(BM_TransferDisplay)->Apply(display_cases);

// BM_TransferFill/WIDTH: a 240x400 target's fill (WIDTH 2: 32-bit, 0: 16-bit).
void BM_TransferFill(benchmark::State& state) {
    GuestMemory memory;
    const MemoryView view = memory.view();
    Diagnostics diag;
    const std::uint32_t width = static_cast<std::uint32_t>(state.range(0));
    const std::uint32_t bytes = kWidth * kHeight * (width == 2 ? 4 : 2);
    MemoryFillRegs r;
    r.start = kOut >> 3;
    r.end = (kOut + bytes) >> 3;
    r.value = 0x11223344;
    r.control = 1 | width << 8;
    for (auto _ : state) {
        run_memory_fill(view, r, diag);
        benchmark::ClobberMemory();
    }
    state.SetBytesProcessed(state.iterations() * std::int64_t{bytes});
}
BENCHMARK(BM_TransferFill)->Arg(2)->Arg(0);

} // namespace
