#pragma once

// The GPU's external registers as the ARM11 sees them (3dbrew "GPU/External Registers";
// docs/research/vulkan_renderer.md section 2): physical 0x10400000-0x10400FFF, plus the internal
// PICA registers mirrored at 0x10401000 + 4 * id, and the LCD block at 0x10202000. Writes are
// stored; the trigger writes start work through an ExternalHandler:
//  - memory fill (PSC0 0x10, PSC1 0x20; control bit 0 starts),
//  - display transfer / texture copy (0xC18 bit 0),
//  - command-list execution (internal CMDBUF_JUMP0/1, 0x104018F0/F4),
//  - other internal-register mirror writes go to the command processor one by one.
// The LCD framebuffer configuration of both screens (0x400 top, 0x500 bottom) is decoded by lcd().

#include "pica/diagnostics.h"
#include "pica/memory.h"
#include "pica/transfer/transfer_engine.h"

#include <array>
#include <cstdint>
#include <span>

namespace picavk::pica {

inline constexpr PAddr kExternalRegsBase = 0x10400000;
inline constexpr std::uint32_t kExternalRegsWords =
    0x1000; // 0x10400000-0x10403FFF as traces store it
inline constexpr PAddr kInternalMirrorBase = 0x10401000;
inline constexpr PAddr kLcdRegsBase = 0x10202000;
inline constexpr std::uint32_t kLcdRegsWords = 0x400;

// TopRight: the top screen's right-eye framebuffer (same size, format and stride as the left).
enum class Screen : std::uint8_t { Top = 0, Bottom = 1, TopRight = 2 };

struct LcdFramebuffer {
    PAddr address = 0;        // the buffer the LCD shows now (the eye asked for, top screen)
    std::uint32_t width = 0;  // stored width: the 240-pixel side (the LCD is portrait)
    std::uint32_t height = 0; // 400 top, 320 bottom
    TransferFormat format = TransferFormat::RGBA8;
    std::uint32_t stride = 0;   // bytes between stored rows
    bool color_fill = false;    // LCD colour fill overrides the framebuffer
    std::uint32_t fill_rgb = 0; // r bits 0-7, g 8-15, b 16-23
    // The top LCD is in 3D mode: its format register has bit 5 set ("the right framebuffer
    // address is set") and bit 6 clear, the only setting for which GSP enables stereoscopy
    // (3dbrew "LCD Registers", framebuffer format). False for the bottom screen.
    bool stereo = false;
};

class ExternalHandler {
  public:
    virtual ~ExternalHandler() = default;
    virtual void on_memory_fill(const MemoryFillRegs& regs) = 0;
    virtual void on_transfer(const TransferRegs& regs) = 0;
    virtual void on_command_list(PAddr address, std::uint32_t size_bytes) = 0;
    virtual void on_internal_register(std::uint32_t id, std::uint32_t value) = 0;
};

class ExternalRegisters {
  public:
    explicit ExternalRegisters(Diagnostics& diag) : diag_(diag) {}
    void set_handler(ExternalHandler* h) { handler_ = h; }
    // Old Citra's recorder wrote the command-list size in bytes, not bytes / 8
    // (docs/research/vulkan_renderer.md 1.6); trace replay sets this for such files.
    void set_command_list_size_in_bytes(bool bytes) { size_in_bytes_ = bytes; }

    // Returns false (with a counted warning) for an address outside every block.
    bool write(PAddr address, std::uint32_t value);
    std::uint32_t read(PAddr address) const;
    // Raw state without side effects (trace initial state); words past the spans read 0.
    void load(std::span<const std::uint32_t> gpu_words, std::span<const std::uint32_t> lcd_words);

    std::span<const std::uint32_t> gpu_words() const { return gpu_; }
    std::span<const std::uint32_t> lcd_words() const { return lcd_; }

    LcdFramebuffer lcd(Screen screen) const;
    // A register's word index in the external block (offset / 4).
    std::uint32_t word(std::uint32_t offset) const { return gpu_[offset / 4]; }

  private:
    Diagnostics& diag_;
    ExternalHandler* handler_ = nullptr;
    bool size_in_bytes_ = false;
    std::array<std::uint32_t, kExternalRegsWords> gpu_{};
    std::array<std::uint32_t, kLcdRegsWords> lcd_{};
};

} // namespace picavk::pica
