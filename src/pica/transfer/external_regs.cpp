#include "pica/transfer/external_regs.h"

#include "pica/regs/reg_ids.h"
#include "pica/regs/regs.h"

#include <algorithm>

namespace picavk::pica {

namespace {
// Offsets inside the external block (3dbrew GPU/External Registers).
constexpr std::uint32_t kFill0 = 0x10, kFill1 = 0x20;
constexpr std::uint32_t kTransfer = 0xC00, kTransferTrigger = 0xC18;
constexpr std::uint32_t kLcdTop = 0x400, kLcdBottom = 0x500;
// LCD framebuffer setup fields, relative to the screen's block.
constexpr std::uint32_t kLcdSize = 0x5C, kLcdLeft1 = 0x68, kLcdLeft2 = 0x6C, kLcdFormat = 0x70,
                        kLcdSelect = 0x78, kLcdStride = 0x90, kLcdRight1 = 0x94, kLcdRight2 = 0x98;
// LCD colour fill (LCD block at 0x10202000): top 0x204, bottom 0xA04.
constexpr std::uint32_t kFillTop = 0x204, kFillBottom = 0xA04;
constexpr std::uint32_t kMaxLcdSide = 1024;
} // namespace

void ExternalRegisters::load(std::span<const std::uint32_t> gpu_words,
                             std::span<const std::uint32_t> lcd_words) {
    // Words a short snapshot does not give read 0, as at power-on: nothing is kept from before
    // (a trace replayed after another showed the earlier trace's framebuffer otherwise).
    gpu_.fill(0);
    lcd_.fill(0);
    std::copy_n(gpu_words.begin(), std::min(gpu_words.size(), gpu_.size()), gpu_.begin());
    std::copy_n(lcd_words.begin(), std::min(lcd_words.size(), lcd_.size()), lcd_.begin());
    // Triggers in a snapshot are not requests to start work.
    gpu_[(kFill0 + 0xC) / 4] &= ~1u;
    gpu_[(kFill1 + 0xC) / 4] &= ~1u;
    gpu_[kTransferTrigger / 4] &= ~1u;
}

bool ExternalRegisters::write(PAddr address, std::uint32_t value) {
    if (address % 4) {
        diag_.warn(Warning::InvalidExternalWrite,
                   [&] { return "unaligned external register write at " + hex_string(address); });
        return false;
    }
    if (address >= kLcdRegsBase && address < kLcdRegsBase + kLcdRegsWords * 4) {
        lcd_[(address - kLcdRegsBase) / 4] = value;
        return true;
    }
    if (address >= kInternalMirrorBase && address < kInternalMirrorBase + kRegCount * 4) {
        const std::uint32_t id = (address - kInternalMirrorBase) / 4;
        gpu_[(address - kExternalRegsBase) / 4] = value;
        if (!handler_) return true;
        if (id == GPUREG_CMDBUF_JUMP0 || id == GPUREG_CMDBUF_JUMP1) {
            const bool second = id == GPUREG_CMDBUF_JUMP1;
            const std::uint32_t size_reg =
                gpu_[(kInternalMirrorBase - kExternalRegsBase) / 4 +
                     (second ? GPUREG_CMDBUF_SIZE1 : GPUREG_CMDBUF_SIZE0)];
            const std::uint32_t addr_reg =
                gpu_[(kInternalMirrorBase - kExternalRegsBase) / 4 +
                     (second ? GPUREG_CMDBUF_ADDR1 : GPUREG_CMDBUF_ADDR0)];
            // Hardware: size = bytes >> 3 (bits 0-20), address = PA >> 3 (bits 0-28).
            const std::uint32_t size = size_in_bytes_ ? size_reg : (size_reg & 0x1FFFFF) << 3;
            handler_->on_command_list((addr_reg & 0x1FFFFFFF) << 3, size);
        } else if (id != GPUREG_CMDBUF_SIZE0 && id != GPUREG_CMDBUF_SIZE1 &&
                   id != GPUREG_CMDBUF_ADDR0 && id != GPUREG_CMDBUF_ADDR1) {
            handler_->on_internal_register(id, value);
        }
        return true;
    }
    if (address < kExternalRegsBase || address >= kInternalMirrorBase) {
        diag_.warn(Warning::InvalidExternalWrite,
                   [&] { return "write to " + hex_string(address) + ", no GPU register there"; });
        return false;
    }
    const std::uint32_t offset = address - kExternalRegsBase;
    gpu_[offset / 4] = value;
    if (!handler_) return true;
    if ((offset == kFill0 + 0xC || offset == kFill1 + 0xC) && (value & 1)) {
        const std::uint32_t base = (offset - 0xC) / 4;
        MemoryFillRegs f{gpu_[base], gpu_[base + 1], gpu_[base + 2], value};
        handler_->on_memory_fill(f);
        // Done at once: busy clears, finished is set (3dbrew; Azahar).
        gpu_[offset / 4] = (value & ~1u) | 2u;
    } else if (offset == kTransferTrigger && (value & 1)) {
        const std::uint32_t b = kTransfer / 4;
        TransferRegs t{gpu_[b],     gpu_[b + 1], gpu_[b + 2], gpu_[b + 3],
                       gpu_[b + 4], gpu_[b + 8], gpu_[b + 9], gpu_[b + 10]};
        handler_->on_transfer(t);
        gpu_[offset / 4] = (value & ~1u) | 0x100u;
    }
    return true;
}

std::uint32_t ExternalRegisters::read(PAddr address) const {
    if (address >= kLcdRegsBase && address < kLcdRegsBase + kLcdRegsWords * 4)
        return lcd_[(address - kLcdRegsBase) / 4];
    if (address >= kExternalRegsBase && address < kExternalRegsBase + kExternalRegsWords * 4)
        return gpu_[(address - kExternalRegsBase) / 4];
    return 0;
}

LcdFramebuffer ExternalRegisters::lcd(Screen screen) const {
    const bool top = screen != Screen::Bottom;
    const std::uint32_t base = (top ? kLcdTop : kLcdBottom) / 4;
    LcdFramebuffer f;
    const std::uint32_t size = gpu_[base + kLcdSize / 4];
    f.width = size & 0xFFFF;
    f.height = size >> 16;
    // The hardware's reset values when nothing configured the screen (240x400 / 240x320). A size
    // beyond any panel (the widest mode stores 240x800) describes nothing the LCD can show: the
    // reset size too, counted (a 65535x65535 framebuffer would be 16 GiB at scale 1).
    if (f.width > kMaxLcdSide || f.height > kMaxLcdSide) {
        diag_.warn(Warning::InvalidExternalWrite, [&] {
            return "LCD framebuffer size " + std::to_string(f.width) + "x" +
                   std::to_string(f.height) + " is beyond any panel; the reset size is shown";
        });
        f.width = 0;
    }
    if (f.width == 0 || f.height == 0) {
        f.width = 240;
        f.height = top ? 400 : 320;
    }
    // Both eyes' buffers are picked by the same select bit (3dbrew: first or second).
    const bool second = gpu_[base + kLcdSelect / 4] & 1;
    const bool right = screen == Screen::TopRight;
    f.address =
        gpu_[base +
             (right ? (second ? kLcdRight2 : kLcdRight1) : (second ? kLcdLeft2 : kLcdLeft1)) / 4];
    const std::uint32_t mode = gpu_[base + kLcdFormat / 4];
    f.stereo = top && (mode & (1u << 5)) && !(mode & (1u << 6));
    const std::uint32_t fmt = mode & 7;
    f.format = static_cast<TransferFormat>(fmt <= 4 ? fmt : 0);
    f.stride = gpu_[base + kLcdStride / 4];
    const std::uint32_t fill = lcd_[(top ? kFillTop : kFillBottom) / 4];
    f.color_fill = (fill >> 24) & 1;
    f.fill_rgb = fill & 0xFFFFFF;
    return f;
}

} // namespace picavk::pica
