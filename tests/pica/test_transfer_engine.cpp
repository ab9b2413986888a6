// The transfer engine: memory fill, display transfer, texture copy. Expected values are the
// hardware measurements published in citra-emu/hwtests (source/tests/gpu/displaytransfer.cpp and
// memoryfills.cpp), restated in docs/research/formats_transfer.md section 6.
#include "pica/transfer/external_regs.h"
#include "pica/transfer/transfer_engine.h"
#include "random_bytes.h"

#include <doctest/doctest.h>

#include <cstring>
#include <vector>

using namespace picavk::pica;
namespace TF = TransferFlags;

namespace {

constexpr PAddr kIn = MemoryView::kVramBase;
constexpr PAddr kOut = MemoryView::kVramBase + 0x200000;

struct Fixture {
    GuestMemory memory{1u << 20};
    MemoryView view = memory.view();
    Diagnostics diag;
    Fixture() {
        diag.set_sink([](Warning, const std::string&) {});
    }
    void put32(PAddr a, std::size_t index, std::uint32_t v) {
        std::memcpy(view.pointer(a + static_cast<PAddr>(index * 4), 4), &v, 4);
    }
    std::uint32_t get32(PAddr a, std::size_t index) {
        std::uint32_t v;
        std::memcpy(&v, view.pointer(a + static_cast<PAddr>(index * 4), 4), 4);
        return v;
    }
    std::uint8_t byte(PAddr a) { return *view.pointer(a, 1); }
    bool transfer(std::uint32_t flags, std::uint32_t in_dim = transfer_dim(128, 128),
                  std::uint32_t out_dim = transfer_dim(128, 128)) {
        TransferRegs r;
        r.input_addr = kIn >> 3;
        r.output_addr = kOut >> 3;
        r.input_dim = in_dim;
        r.output_dim = out_dim;
        r.flags = flags;
        return run_transfer(view, r, diag);
    }
};

std::uint32_t formats(TransferFormat in, TransferFormat out) {
    return TF::input_format(in) | TF::output_format(out);
}

struct Conversion {
    TransferFormat in, out;
    std::uint32_t input, expected;
};

} // namespace

TEST_CASE("display transfer: hwtests format conversions (128x128, tiled to linear)") {
    using F = TransferFormat;
    const Conversion cases[] = {
        {F::RGBA8, F::RGBA8, 0xFF000000, 0xFF000000}, {F::RGBA8, F::RGBA8, 0x00FF0000, 0x00FF0000},
        {F::RGBA8, F::RGBA8, 0x0000FF00, 0x0000FF00}, {F::RGBA8, F::RGBA8, 0x000000FF, 0x000000FF},
        {F::RGBA8, F::RGB8, 0xFF000000, 0x00FF0000},  {F::RGBA8, F::RGB8, 0x00FF0000, 0x0000FF00},
        {F::RGBA8, F::RGB8, 0x0000FF00, 0x000000FF},  {F::RGBA8, F::RGB8, 0x000000FF, 0x00000000},
        {F::RGBA8, F::RGB565, 0xFF000000, 0xF800},    {F::RGBA8, F::RGB565, 0x00FF0000, 0x07E0},
        {F::RGBA8, F::RGB565, 0x0000FF00, 0x001F},    {F::RGBA8, F::RGB565, 0x000000FF, 0x0000},
        {F::RGBA8, F::RGB5A1, 0xFF000000, 0xF800},    {F::RGBA8, F::RGB5A1, 0x00FF0000, 0x07C0},
        {F::RGBA8, F::RGB5A1, 0x0000FF00, 0x003E},    {F::RGBA8, F::RGB5A1, 0x000000FF, 0x0001},
        {F::RGBA8, F::RGB5A1, 0x00000064, 0x0000},    {F::RGBA8, F::RGB5A1, 0x0000007F, 0x0000},
        {F::RGBA8, F::RGB5A1, 0x00000080, 0x0001},    {F::RGBA8, F::RGB5A1, 0x000000FE, 0x0001},
        {F::RGBA8, F::RGBA4, 0xFF000000, 0xF000},     {F::RGBA8, F::RGBA4, 0x00FF0000, 0x0F00},
        {F::RGBA8, F::RGBA4, 0x0000FF00, 0x00F0},     {F::RGBA8, F::RGBA4, 0x000000FF, 0x000F},
        {F::RGBA8, F::RGBA4, 0x00000064, 0x0006},     {F::RGBA8, F::RGBA4, 0x0000007F, 0x0007},
        {F::RGBA8, F::RGBA4, 0x00000080, 0x0008},     {F::RGBA8, F::RGBA4, 0x000000FE, 0x000F},
        {F::RGB8, F::RGB8, 0xFF0000, 0xFF0000},       {F::RGB8, F::RGB8, 0x00FF00, 0x00FF00},
        {F::RGB8, F::RGB8, 0x0000FF, 0x0000FF},       {F::RGB5A1, F::RGB5A1, 0xF800, 0xF800},
        {F::RGB5A1, F::RGB5A1, 0x07C0, 0x07C0},       {F::RGB5A1, F::RGB5A1, 0x003E, 0x003E},
        {F::RGB5A1, F::RGB5A1, 0x0001, 0x0001},       {F::RGB5A1, F::RGB565, 0xF800, 0xF800},
        {F::RGB5A1, F::RGB565, 0x07C0, 0x07E0},       {F::RGB5A1, F::RGB565, 0x003E, 0x001F},
        {F::RGB5A1, F::RGB565, 0x0001, 0x0000},       {F::RGB5A1, F::RGBA4, 0xF800, 0xF000},
        {F::RGB5A1, F::RGBA4, 0x07C0, 0x0F00},        {F::RGB5A1, F::RGBA4, 0x003E, 0x00F0},
        {F::RGB5A1, F::RGBA4, 0x0001, 0x000F},        {F::RGBA4, F::RGB5A1, 0xF000, 0xF800},
        {F::RGBA4, F::RGB5A1, 0x0F00, 0x07C0},        {F::RGBA4, F::RGB5A1, 0x00F0, 0x003E},
        {F::RGBA4, F::RGB5A1, 0x000F, 0x0001},        {F::RGBA4, F::RGB5A1, 0x0008, 0x0001},
        {F::RGBA4, F::RGB5A1, 0x0007, 0x0000},
    };
    for (const Conversion& c : cases) {
        Fixture fx;
        fx.put32(kIn, 0, c.input);
        REQUIRE(fx.transfer(formats(c.in, c.out)));
        CAPTURE(c.input);
        CHECK(fx.get32(kOut, 0) == c.expected);
        CHECK(fx.diag.total() == 0);
    }
}

TEST_CASE("display transfer: 2x1 and 2x2 downscaling average with truncation (hwtests)") {
    using F = TransferFormat;
    const std::uint32_t rgba = formats(F::RGBA8, F::RGBA8);
    struct Case {
        std::uint32_t scale;
        std::vector<std::uint32_t> in;
        std::uint32_t out0;
    };
    const Case cases[] = {
        {TF::kDownscale2x1, {0xFF000000}, 0x7F000000},
        {0, {0xFF000000}, 0xFF000000},
        {TF::kDownscale2x1, {0xFFFF0000}, 0x7F7F0000},
        {TF::kDownscale2x1, {0xFFFF0000, 0xFF000000}, 0xFF7F0000},
        {TF::kDownscale2x1, {0xFFFF0000, 0xFF0000FF}, 0xFF7F007F},
        {TF::kDownscale2x2, {0xFFFF0000, 0xFF0000FF, 0, 0}, 0x7F3F003F},
    };
    for (const Case& c : cases) {
        Fixture fx;
        for (std::size_t i = 0; i < c.in.size(); ++i)
            fx.put32(kIn, i, c.in[i]);
        REQUIRE(fx.transfer(rgba | c.scale));
        CHECK(fx.get32(kOut, 0) == c.out0);
    }
    // Tiled word 2 is pixel (0, 1): averaged with the zero pixel (1, 1) into output row 1, which
    // starts at word 0x40 because the 0x80-wide output register is the pre-downscale width.
    Fixture fx;
    fx.put32(kIn, 0, 0xFFFF0000);
    fx.put32(kIn, 1, 0x00FF0000);
    fx.put32(kIn, 2, 0xFF000000);
    REQUIRE(fx.transfer(rgba | TF::kDownscale2x1));
    CHECK(fx.get32(kOut, 0) == 0x7FFF0000);
    CHECK(fx.get32(kOut, 0x40) == 0x7F000000);
}

TEST_CASE("display transfer: Z-curve both ways, no-tiling bit, 32x32 bit (hwtests)") {
    using F = TransferFormat;
    const std::uint32_t rgba = formats(F::RGBA8, F::RGBA8);
    for (std::uint32_t extra : {0u, TF::kBlock32}) {
        Fixture fx;
        for (std::uint32_t i : {1u, 2u, 13u})
            fx.put32(kIn, i, i);
        REQUIRE(fx.transfer(rgba | extra));
        CHECK(fx.get32(kOut, 1) == 1);
        CHECK(fx.get32(kOut, 128) == 2);
        CHECK(fx.get32(kOut, 2 * 128 + 3) == 13);
    }
    {
        Fixture fx;
        fx.put32(kIn, 1, 1);
        fx.put32(kIn, 128, 2);
        fx.put32(kIn, 2 * 128 + 3, 13);
        REQUIRE(fx.transfer(rgba | TF::kLinearToTiled));
        CHECK(fx.get32(kOut, 1) == 1);
        CHECK(fx.get32(kOut, 2) == 2);
        CHECK(fx.get32(kOut, 13) == 13);
    }
    for (std::uint32_t extra : {0u, TF::kLinearToTiled}) {
        Fixture fx;
        for (std::uint32_t i : {1u, 2u, 13u})
            fx.put32(kIn, i, i);
        REQUIRE(fx.transfer(rgba | TF::kNoTilingConversion | extra));
        for (std::uint32_t i : {1u, 2u, 13u})
            CHECK(fx.get32(kOut, i) == i);
    }
}

TEST_CASE("display transfer: different sizes without crop read the input at the output width") {
    // hwtests Test_Different_Sizes: input 512x400, output 240x400, RGBA8 -> RGB8, no crop bit.
    Fixture fx;
    fx.put32(kIn, 0, 0xFF000000);
    fx.put32(kIn, 512 * 400 - 1, 0x0000FF00);
    fx.put32(kIn, 240 * 400 - 1, 0x00FF0000);
    REQUIRE(fx.transfer(formats(TransferFormat::RGBA8, TransferFormat::RGB8),
                        transfer_dim(512, 400), transfer_dim(240, 400)));
    CHECK(fx.get32(kOut, 0) == 0x00FF0000);
    CHECK(fx.get32(kOut, 240 * 400 - 1) == 0);    // "doesn't do any stretching"
    CHECK(fx.get32(kOut, 0x1193F) == 0x00FF0000); // "Why here?": the last output pixel
}

TEST_CASE("display transfer: crop uses the input width as stride, flip reverses rows") {
    Fixture fx;
    // Linear 16x8 RGBA8 input in a 24-wide buffer; pixel (x, y) = y << 8 | x.
    for (std::uint32_t y = 0; y < 8; ++y)
        for (std::uint32_t x = 0; x < 24; ++x)
            fx.put32(kIn, y * 24 + x, y << 8 | x);
    const std::uint32_t flags = formats(TransferFormat::RGBA8, TransferFormat::RGBA8) |
                                TF::kNoTilingConversion | TF::kLinearToTiled | TF::kCrop |
                                TF::kFlipVertical;
    REQUIRE(fx.transfer(flags, transfer_dim(24, 8), transfer_dim(16, 8)));
    for (std::uint32_t y = 0; y < 8; ++y)
        for (std::uint32_t x = 0; x < 16; ++x)
            CHECK(fx.get32(kOut, y * 16 + x) == ((7 - y) << 8 | x));
}

TEST_CASE("display transfer: every format pair and downscale, each pixel as its texels decode, "
          "average and encode") {
    // The row functions (transfer_rows.h) against the per-texel definition: decode each input
    // pixel (bit replication), average the downscale's 2x1 or 2x2 with truncation, encode by
    // truncation. Random tiled input, 64x32 before downscaling, linear output.
    using F = TransferFormat;
    constexpr std::uint32_t kW = 64, kH = 32;
    for (F in : {F::RGBA8, F::RGB8, F::RGB565, F::RGB5A1, F::RGBA4}) {
        for (F out : {F::RGBA8, F::RGB8, F::RGB565, F::RGB5A1, F::RGBA4}) {
            for (std::uint32_t downscale : {0u, 1u, 2u}) {
                CAPTURE(static_cast<int>(in));
                CAPTURE(static_cast<int>(out));
                CAPTURE(downscale);
                Fixture fx;
                const TextureFormat tin = texture_format(in), tout = texture_format(out);
                const std::uint32_t ib = bits_per_pixel(tin) / 8, ob = bits_per_pixel(tout) / 8;
                const std::vector<std::uint8_t> bytes = picavk::test::random_bytes(
                    std::size_t{kW} * kH * ib, 11 + static_cast<std::uint32_t>(in) * 5 +
                                                   static_cast<std::uint32_t>(out) +
                                                   downscale * 25);
                std::memcpy(fx.view.pointer(kIn, bytes.size()), bytes.data(), bytes.size());
                REQUIRE(fx.transfer(formats(in, out) | downscale << 24, transfer_dim(kW, kH),
                                    transfer_dim(kW, kH)));
                const std::uint32_t kx = downscale ? 2 : 1, ky = downscale == 2 ? 2 : 1;
                const std::uint32_t w = kW / kx, h = kH / ky;
                std::size_t wrong = 0;
                for (std::uint32_t y = 0; y < h; ++y) {
                    for (std::uint32_t x = 0; x < w; ++x) {
                        std::uint32_t sum[4] = {};
                        for (std::uint32_t j = 0; j < ky; ++j) {
                            for (std::uint32_t i = 0; i < kx; ++i) {
                                const Rgba8 c = decode_texel(
                                    tin,
                                    bytes.data() + tiled_offset(x * kx + i, y * ky + j, kW, ib));
                                sum[0] += c.r, sum[1] += c.g, sum[2] += c.b, sum[3] += c.a;
                            }
                        }
                        const auto avg = [&](int k) {
                            return static_cast<std::uint8_t>(sum[k] / (kx * ky));
                        };
                        std::uint8_t expected[4] = {};
                        encode_texel(tout, {avg(0), avg(1), avg(2), avg(3)}, expected);
                        const PAddr at = kOut + static_cast<PAddr>((y * w + x) * ob);
                        if (std::memcmp(fx.view.pointer(at, ob), expected, ob) != 0) ++wrong;
                    }
                }
                CHECK(wrong == 0);
                // Nothing past the output (a 3-byte pixel is stored as a word inside the engine).
                CHECK(fx.byte(kOut + w * h * ob) == 0);
            }
        }
    }
}

TEST_CASE("memory fill: hwtests patterns for 24- and 32-bit widths, 16-bit, the control word") {
    struct Case {
        std::uint32_t control, value;
        std::vector<std::uint8_t> bytes;
    };
    const Case cases[] = {
        {0x101, 0x00FFFFFF, {0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF}},
        {0x101, 0xFFFFFFFF, {0xFF, 0xFF, 0xFF, 0xFF}},
        {0x101, 0x00FFFF00, {0x00, 0xFF, 0xFF, 0x00}},
        {0x201, 0x00FFFFFF, {0xFF, 0xFF, 0xFF, 0x00, 0xFF, 0xFF, 0xFF, 0x00}},
        {0x201, 0x0000FFFF, {0xFF, 0xFF, 0x00, 0x00, 0xFF, 0xFF, 0x00, 0x00}},
        {0x001, 0x1234ABCD, {0xCD, 0xAB, 0xCD, 0xAB}},
        {0x301, 0x00332211, {0x11, 0x22, 0x33, 0x11}}, // width 3 acts as 24-bit
    };
    for (const Case& c : cases) {
        Fixture fx;
        const MemoryFillRegs regs{kOut >> 3, (kOut + 48) >> 3, c.value, c.control};
        CHECK(run_memory_fill(fx.view, regs, fx.diag) == ((c.control & ~1u) | 2u));
        for (std::size_t i = 0; i < c.bytes.size(); ++i)
            CHECK(fx.byte(kOut + static_cast<PAddr>(i)) == c.bytes[i]);
        CHECK(fx.byte(kOut + 48) == 0); // the end is exclusive
    }
    Fixture fx;
    // Not started: nothing happens. Start address 0: finished, nothing written.
    CHECK(run_memory_fill(fx.view, {kOut >> 3, (kOut + 48) >> 3, ~0u, 0x200}, fx.diag) == 0x200);
    CHECK(fx.byte(kOut) == 0);
    CHECK(run_memory_fill(fx.view, {0, 16, ~0u, 0x201}, fx.diag) == 0x202);
    // A large fill (a 400x240 RGBA8 clear) and a 24-bit fill whose length is not a multiple of 3.
    run_memory_fill(fx.view, {kOut >> 3, (kOut + 400 * 240 * 4) >> 3, 0x11223344, 0x201}, fx.diag);
    CHECK(fx.get32(kOut, 400 * 240 - 1) == 0x11223344);
    CHECK(fx.get32(kOut, 400 * 240) == 0);
    run_memory_fill(fx.view, {kIn >> 3, (kIn + 16) >> 3, 0x00332211, 0x101}, fx.diag);
    CHECK(fx.byte(kIn + 15) == 0x11);
    CHECK(fx.byte(kIn + 16) == 0);
    CHECK(fx.diag.total() == 0);
}

TEST_CASE("memory fill: ranges outside memory or backwards are refused with a warning") {
    Fixture fx;
    CHECK(run_memory_fill(fx.view, {0x10000000 >> 3, 0x10000100 >> 3, ~0u, 0x201}, fx.diag) ==
          0x202);
    CHECK(fx.diag.count(Warning::TransferOutsideMemory) == 1);
    CHECK(run_memory_fill(fx.view, {(kOut + 64) >> 3, kOut >> 3, ~0u, 0x201}, fx.diag) == 0x202);
    CHECK(fx.diag.count(Warning::TransferRejected) == 1);
    // Straddling the end of VRAM: refused whole, nothing written.
    const PAddr last = MemoryView::kVramBase + MemoryView::kVramSize - 8;
    run_memory_fill(fx.view, {last >> 3, (last + 16) >> 3, ~0u, 0x201}, fx.diag);
    CHECK(fx.byte(last) == 0);
    CHECK(fx.diag.count(Warning::TransferOutsideMemory) == 2);
}

TEST_CASE(
    "texture copy: lines and gaps on each side, size in 16-byte units (3dbrew, citra PR 2809)") {
    Fixture fx;
    for (std::uint32_t i = 0; i < 64; ++i)
        fx.view.pointer(kIn + i, 1)[0] = static_cast<std::uint8_t>(i + 1);
    TransferRegs r;
    r.input_addr = kIn >> 3;
    r.output_addr = kOut >> 3;
    // HWT: format bits are ignored in raw-copy mode.
    r.flags = TF::kTextureCopy | formats(TransferFormat::RGBA8, TransferFormat::RGB8);
    r.copy_size = 0x2F;           // 32 bytes; the low 4 bits are ignored
    r.copy_input = 1 | 1u << 16;  // 16-byte lines with 16-byte gaps
    r.copy_output = 2 | 0u << 16; // one 32-byte line
    REQUIRE(run_transfer(fx.view, r, fx.diag));
    for (std::uint32_t i = 0; i < 16; ++i) {
        CHECK(fx.byte(kOut + i) == i + 1);
        CHECK(fx.byte(kOut + 16 + i) == i + 33); // second input line after the 16-byte gap
    }
    CHECK(fx.byte(kOut + 32) == 0);

    // Output gaps: 16-byte lines with 32-byte gaps; width 0 and gap 0 on input = contiguous.
    Fixture g;
    for (std::uint32_t i = 0; i < 64; ++i)
        g.view.pointer(kIn + i, 1)[0] = static_cast<std::uint8_t>(i + 1);
    r.copy_size = 48;
    r.copy_input = 0;
    r.copy_output = 1 | 2u << 16;
    REQUIRE(run_transfer(g.view, r, g.diag));
    CHECK(g.byte(kOut + 15) == 16);
    CHECK(g.byte(kOut + 16) == 0);
    CHECK(g.byte(kOut + 48) == 17);
    CHECK(g.byte(kOut + 96 + 15) == 48);
    CHECK(g.diag.total() == 0);
}

TEST_CASE("texture copy: parameters that hang real hardware are refused") {
    Fixture fx;
    TransferRegs r;
    r.input_addr = kIn >> 3;
    r.output_addr = kOut >> 3;
    r.flags = TF::kTextureCopy;
    r.copy_size = 0xF; // rounds to 0
    CHECK_FALSE(run_transfer(fx.view, r, fx.diag));
    r.copy_size = 64;
    r.copy_input = 0 | 1u << 16; // width 0 with a gap
    CHECK_FALSE(run_transfer(fx.view, r, fx.diag));
    CHECK(fx.diag.count(Warning::TransferHangsHardware) == 2);
    r.copy_input = 1;
    r.copy_size = 0xFFFFFFF0; // beyond memory
    CHECK_FALSE(run_transfer(fx.view, r, fx.diag));
    CHECK(fx.diag.count(Warning::TransferOutsideMemory) == 1);
}

TEST_CASE("display transfer: bad parameters are refused, nothing written") {
    using F = TransferFormat;
    Fixture fx;
    fx.put32(kIn, 0, 0xFFFFFFFF);
    const std::uint32_t rgba = formats(F::RGBA8, F::RGBA8);
    CHECK_FALSE(fx.transfer(TF::input_format(static_cast<F>(5))));
    CHECK_FALSE(fx.transfer(TF::output_format(static_cast<F>(7))));
    CHECK_FALSE(fx.transfer(rgba | 3u << 24));                                      // scale 3
    CHECK_FALSE(fx.transfer(rgba, transfer_dim(0, 128), transfer_dim(128, 128)));   // zero size
    CHECK_FALSE(fx.transfer(rgba, transfer_dim(128, 128), transfer_dim(100, 128))); // tiled, not /8
    CHECK_FALSE(fx.transfer(rgba | TF::kBlock32, transfer_dim(128, 128), transfer_dim(40, 32)));
    CHECK_FALSE(fx.transfer(rgba | TF::kCrop, transfer_dim(64, 64), transfer_dim(128, 64)));
    CHECK(fx.diag.count(Warning::TransferRejected) == 7);
    CHECK(fx.get32(kOut, 0) == 0);
    // Reaching past the end of VRAM.
    CHECK_FALSE(fx.transfer(rgba, transfer_dim(2048, 1024), transfer_dim(2048, 1024)));
    CHECK(fx.diag.count(Warning::TransferOutsideMemory) == 1);
    // RGB8 to a 16-bit format freezes a real GPU (hwtests): converted, with a warning.
    CHECK(fx.transfer(formats(F::RGB8, F::RGB565)));
    CHECK(fx.diag.count(Warning::TransferUnconfirmed) == 1);
}

TEST_CASE("LCD framebuffer setup: a size beyond any panel shows the reset size, counted") {
    Diagnostics diag;
    diag.set_sink([](Warning, const std::string&) {});
    ExternalRegisters regs(diag);
    regs.write(0x1040045C, 0xFFFFFFFFu); // top screen: 65535x65535
    const LcdFramebuffer top = regs.lcd(Screen::Top);
    CHECK(top.width == 240);
    CHECK(top.height == 400);
    CHECK(diag.total() == 1);
    regs.write(0x1040045C, 240u | 800u << 16); // wide mode is a real size
    CHECK(regs.lcd(Screen::Top).height == 800);
    CHECK(diag.total() == 1);
}

TEST_CASE("external registers: a snapshot replaces the whole state, words it lacks read 0") {
    Diagnostics diag;
    ExternalRegisters regs(diag);
    regs.write(0x10400468, 0x18300000); // top framebuffer address (an earlier trace's)
    regs.write(0x10202000, 0x12345678); // an LCD register
    REQUIRE(regs.lcd(Screen::Top).address == 0x18300000);
    const std::vector<std::uint32_t> gpu(4, 7), lcd; // shorter than either block
    regs.load(gpu, lcd);
    CHECK(regs.lcd(Screen::Top).address == 0);
    CHECK(regs.read(0x10202000) == 0);
    CHECK(regs.read(0x10400000) == 7);
    CHECK(diag.total() == 0);
}

TEST_CASE("LCD framebuffer setup: the right eye's buffer and 3D mode (3dbrew LCD Registers)") {
    Diagnostics diag;
    ExternalRegisters regs(diag);
    regs.write(0x10400468, 0x18300000);   // left, first
    regs.write(0x1040046C, 0x18340000);   // left, second
    regs.write(0x10400494, 0x18380000);   // right, first
    regs.write(0x10400498, 0x183C0000);   // right, second
    regs.write(0x10400470, 1u | 1u << 5); // RGB8, bit 5: 3D
    CHECK(regs.lcd(Screen::Top).address == 0x18300000);
    CHECK(regs.lcd(Screen::TopRight).address == 0x18380000);
    CHECK(regs.lcd(Screen::TopRight).format == TransferFormat::RGB8);
    CHECK(regs.lcd(Screen::TopRight).height == 400);
    CHECK(regs.lcd(Screen::Top).stereo);
    CHECK(regs.lcd(Screen::TopRight).stereo);
    regs.write(0x10400478, 1); // the second buffers, both eyes
    CHECK(regs.lcd(Screen::Top).address == 0x18340000);
    CHECK(regs.lcd(Screen::TopRight).address == 0x183C0000);
    regs.write(0x10400470, 1u | 1u << 5 | 1u << 6); // bit 6 set too: not 3D
    CHECK_FALSE(regs.lcd(Screen::Top).stereo);
    regs.write(0x10400470, 1u | 1u << 6);
    CHECK_FALSE(regs.lcd(Screen::Top).stereo);
    regs.write(0x10400570, 1u | 1u << 5); // the bottom screen has no 3D
    CHECK_FALSE(regs.lcd(Screen::Bottom).stereo);
    CHECK(diag.total() == 0);
}
