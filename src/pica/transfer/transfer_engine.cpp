#include "pica/transfer/transfer_engine.h"

#include "pica/texture/tiling.h"
#include "pica/transfer/transfer_rows.h"

#include <algorithm>
#include <cstring>
#include <string>
#include <vector>

namespace picavk::pica {

namespace {

// One side (input or output) of a display transfer.
struct Side {
    std::uint8_t* base = nullptr;
    TiledLayout layout; // width = row stride in pixels, height = rows touched
    bool tiled = false;
    TextureFormat format = TextureFormat::RGBA8;
    std::uint32_t bytes_per_pixel = 4;

    std::size_t bytes() const { return tiled ? layout.tiled_bytes() : layout.linear_bytes(); }
    void read_row(std::uint32_t y, std::uint8_t* row) const {
        if (tiled) {
            gather_row(base, row, layout, y);
        } else {
            std::memcpy(row, base + layout.linear_row_pitch() * y, layout.linear_row_pitch());
        }
    }
    void write_row(std::uint32_t y, const std::uint8_t* row) const {
        if (tiled) {
            scatter_row(base, row, layout, y);
        } else {
            std::memcpy(base + layout.linear_row_pitch() * y, row, layout.linear_row_pitch());
        }
    }
};

bool reject(Diagnostics& diag, Warning w, const char* what, const std::string& detail) {
    diag.warn(w, [&] { return std::string(what) + ": " + detail; });
    return false;
}

bool texture_copy(const MemoryView& memory, const TransferRegs& r, Diagnostics& diag) {
    // 3dbrew GPU/External Registers "TextureCopy"; hardware edge cases from citra PR 2809: the
    // size is rounded down to 16 bytes and 0 hangs the GPU; a side with width 0 and gap 0 is
    // contiguous, width 0 with a non-zero gap hangs.
    const std::uint64_t size = r.copy_size & ~0xFu;
    if (size == 0) return reject(diag, Warning::TransferHangsHardware, "texture copy", "size 0");
    struct Line {
        std::uint64_t width, gap;
    };
    const auto line = [](std::uint32_t reg) {
        return Line{(reg & 0xFFFFu) * 16ull, (reg >> 16) * 16ull};
    };
    Line in = line(r.copy_input), out = line(r.copy_output);
    for (Line* l : {&in, &out}) {
        if (l->width == 0 && l->gap != 0)
            return reject(diag, Warning::TransferHangsHardware, "texture copy",
                          "line width 0 with a non-zero gap");
        if (l->width == 0) *l = {size, 0};
    }
    // Bytes spanned, gaps between lines included (not after the last one).
    const auto span = [size](Line l) { return size + (size - 1) / l.width * l.gap; };
    const std::uint64_t in_addr = static_cast<std::uint64_t>(r.input_addr) * 8;
    const std::uint64_t out_addr = static_cast<std::uint64_t>(r.output_addr) * 8;
    const std::uint8_t* src = in_addr + span(in) <= 0xFFFFFFFFull
                                  ? memory.pointer(static_cast<PAddr>(in_addr), span(in))
                                  : nullptr;
    std::uint8_t* dst = out_addr + span(out) <= 0xFFFFFFFFull
                            ? memory.pointer(static_cast<PAddr>(out_addr), span(out))
                            : nullptr;
    if (!src || !dst)
        return reject(diag, Warning::TransferOutsideMemory, "texture copy",
                      hex_string(in_addr) + " -> " + hex_string(out_addr) + ", " +
                          std::to_string(size) + " bytes");
    // Stream the bytes, each side wrapping at its own line end.
    std::uint64_t in_left = in.width, out_left = out.width;
    for (std::uint64_t done = 0; done < size;) {
        const std::uint64_t n = std::min({in_left, out_left, size - done});
        std::memmove(dst, src, n);
        src += n, dst += n, done += n, in_left -= n, out_left -= n;
        if (in_left == 0) src += in.gap, in_left = in.width;
        if (out_left == 0) dst += out.gap, out_left = out.width;
    }
    return true;
}

// Format conversions hwtests leaves unmeasured: RGB8 input to a 16-bit output freezes the GPU or
// is disabled (displaytransfer.cpp "Freezes").
bool unconfirmed(TransferFormat in, TransferFormat out) {
    return in == TransferFormat::RGB8 && out != TransferFormat::RGB8 &&
           out != TransferFormat::RGBA8;
}

bool display_transfer(const MemoryView& memory, const TransferRegs& r, Diagnostics& diag) {
    const std::uint32_t f = r.flags;
    const auto in_fmt = static_cast<TransferFormat>((f >> 8) & 7);
    const auto out_fmt = static_cast<TransferFormat>((f >> 12) & 7);
    if (!is_valid(in_fmt) || !is_valid(out_fmt))
        return reject(diag, Warning::TransferRejected, "display transfer",
                      "unknown pixel format in flags " + hex_string(f));
    const std::uint32_t scale = (f >> 24) & 3;
    if (scale == 3)
        return reject(diag, Warning::TransferRejected, "display transfer",
                      "downscale mode 3 in flags " + hex_string(f));
    const std::uint32_t out_w = r.output_dim & 0xFFFF, out_h = r.output_dim >> 16;
    const std::uint32_t in_w = r.input_dim & 0xFFFF, in_h = r.input_dim >> 16;
    if (!out_w || !out_h || !in_w || !in_h)
        return reject(diag, Warning::TransferRejected, "display transfer",
                      "zero width or height (" + std::to_string(in_w) + "x" + std::to_string(in_h) +
                          " -> " + std::to_string(out_w) + "x" + std::to_string(out_h) + ")");
    if (unconfirmed(in_fmt, out_fmt))
        diag.warn(Warning::TransferUnconfirmed, [&] {
            return std::string("display transfer ") + format_name(texture_format(in_fmt)) + " -> " +
                   format_name(texture_format(out_fmt)) +
                   " freezes real hardware; converted anyway";
        });

    // The output-size register holds the size before downscaling (hwtests: a 0x80-wide 2x1
    // transfer writes its second row at word 0x40). Without the crop bit the input is read as if
    // it were as wide as the output (hwtests Test_Different_Sizes, docs/research 6.2); with it the
    // input width is the input's row stride.
    const std::uint32_t kx = scale ? 2 : 1, ky = scale == 2 ? 2 : 1;
    const std::uint32_t dst_w = out_w / kx, dst_h = out_h / ky;
    const std::uint32_t src_stride = (f & TransferFlags::kCrop) ? in_w : out_w;
    const bool linear_in = f & TransferFlags::kLinearToTiled;
    const bool same_layout = f & TransferFlags::kNoTilingConversion;

    Side in, out;
    in.tiled = !linear_in;
    out.tiled = same_layout ? in.tiled : linear_in;
    in.format = texture_format(in_fmt);
    out.format = texture_format(out_fmt);
    in.bytes_per_pixel = bits_per_pixel(in.format) / 8;
    out.bytes_per_pixel = bits_per_pixel(out.format) / 8;
    const BlockSize block = (f & TransferFlags::kBlock32) ? BlockSize::k32x32 : BlockSize::k8x8;
    in.layout = {src_stride, dst_h * ky, in.bytes_per_pixel * 8, 0, 0, block};
    out.layout = {dst_w, dst_h, out.bytes_per_pixel * 8, 0, 0, block};
    if (dst_w * kx > src_stride)
        return reject(diag, Warning::TransferRejected, "display transfer",
                      "cropping to an output wider than the input (" + std::to_string(in_w) +
                          " -> " + std::to_string(out_w) + ")");
    for (const Side* s : {&in, &out}) {
        const TiledLayout& l = s->layout;
        const char* e = l.width == 0 || l.height == 0 ? "nothing to transfer after downscaling"
                        : s->tiled ? layout_error(l, l.tiled_bytes(), l.linear_bytes())
                                   : nullptr;
        if (e)
            return reject(diag, Warning::TransferRejected, "display transfer",
                          std::string(s == &in ? "input: " : "output: ") + e + " (" +
                              std::to_string(l.width) + "x" + std::to_string(l.height) + ")");
    }
    const std::uint64_t in_addr = static_cast<std::uint64_t>(r.input_addr) * 8;
    const std::uint64_t out_addr = static_cast<std::uint64_t>(r.output_addr) * 8;
    const auto map = [&](std::uint64_t addr, std::size_t n) -> std::uint8_t* {
        return addr + n <= 0xFFFFFFFFull ? memory.pointer(static_cast<PAddr>(addr), n) : nullptr;
    };
    in.base = map(in_addr, in.bytes());
    out.base = map(out_addr, out.bytes());
    if (!in.base || !out.base)
        return reject(diag, Warning::TransferOutsideMemory, "display transfer",
                      hex_string(in_addr) + " (" + std::to_string(in.bytes()) + " bytes) -> " +
                          hex_string(out_addr) + " (" + std::to_string(out.bytes()) + " bytes)");

    // Read the whole input first when the ranges overlap, so an in-place transfer reads what was
    // there before it started.
    std::vector<std::uint8_t> input_copy;
    if (in.base < out.base + out.bytes() && out.base < in.base + in.bytes()) {
        input_copy.assign(in.base, in.base + in.bytes());
        in.base = input_copy.data();
    }

    // Decode to 8-bit RGBA (bit replication), box-filter with truncating averages, encode by
    // truncation (hwtests displaytransfer.cpp: 0xFF next to 0x00 gives 0x7F; RGBA4 0xF000 gives
    // RGB5A1 0xF800): transfer_rows.h, a function per formats and downscale.
    const TransferRowFn convert = transfer_row_fn(in_fmt, out_fmt, scale);
    std::vector<std::uint8_t> src_rows[2],
        dst_row(static_cast<std::size_t>(dst_w) * out.bytes_per_pixel + kTransferRowSlack);
    for (auto& row : src_rows)
        row.resize(static_cast<std::size_t>(src_stride) * in.bytes_per_pixel + kTransferRowSlack);
    const std::uint8_t* const rows[2] = {src_rows[0].data(), src_rows[1].data()};
    const bool flip = f & TransferFlags::kFlipVertical;
    for (std::uint32_t y = 0; y < dst_h; ++y) {
        for (std::uint32_t j = 0; j < ky; ++j)
            in.read_row(y * ky + j, src_rows[j].data());
        convert(rows, dst_row.data(), dst_w);
        out.write_row(flip ? dst_h - 1 - y : y, dst_row.data());
    }
    return true;
}

} // namespace

std::uint32_t run_memory_fill(const MemoryView& memory, const MemoryFillRegs& r,
                              Diagnostics& diag) {
    if (!(r.control & 1)) return r.control;
    const std::uint32_t finished = (r.control & ~1u) | 2u;
    // A start address of 0 still reports completion (Azahar gpu.cpp, "confirmed on hardware").
    if (r.start == 0) return finished;
    const std::uint64_t start = static_cast<std::uint64_t>(r.start) * 8;
    const std::uint64_t end = static_cast<std::uint64_t>(r.end) * 8;
    if (end <= start) {
        reject(diag, Warning::TransferRejected, "memory fill",
               "end " + hex_string(end) + " is not after start " + hex_string(start));
        return finished;
    }
    std::uint8_t* p =
        end <= 0xFFFFFFFFull ? memory.pointer(static_cast<PAddr>(start), end - start) : nullptr;
    if (!p) {
        reject(diag, Warning::TransferOutsideMemory, "memory fill",
               hex_string(start) + "-" + hex_string(end) + " leaves VRAM/FCRAM");
        return finished;
    }
    const std::size_t n = end - start;
    const std::uint32_t width = (r.control >> 8) & 3;
    std::uint8_t pattern[4];
    std::size_t unit;
    if (width & 1) { // 1 and 3: 24-bit (Azahar regs_external.h tests bit 8 first)
        unit = 3;
    } else if (width == 2) {
        unit = 4;
    } else {
        unit = 2;
    }
    for (std::size_t i = 0; i < 4; ++i)
        pattern[i] = static_cast<std::uint8_t>(r.value >> (8 * i));
    // 12 bytes hold a whole number of 2-, 3- and 4-byte units; then double what is written. A
    // 24-bit fill of a range that is not a multiple of 3 stops at the end, never past it.
    const std::size_t head = std::min<std::size_t>(n, 12);
    for (std::size_t i = 0; i < head; ++i)
        p[i] = pattern[i % unit];
    for (std::size_t done = head; done < n; done *= 2)
        std::memcpy(p + done, p, std::min(done, n - done));
    return finished;
}

bool run_transfer(const MemoryView& memory, const TransferRegs& regs, Diagnostics& diag) {
    if (regs.flags & TransferFlags::kTextureCopy) return texture_copy(memory, regs, diag);
    return display_transfer(memory, regs, diag);
}

} // namespace picavk::pica
