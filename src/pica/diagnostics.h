#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <string>
#include <type_traits>

namespace picavk::pica {

// Kinds of bad input picavk survives. Each occurrence is counted; the first few of each kind are
// also reported as a message through the sink.
enum class Warning : std::uint8_t {
    UndocumentedRegister, // write to an ID the reference lists without a meaning
    RegisterOutOfRange,   // write to an ID >= 0x300
    TruncatedCommand,     // header or parameters run past the end of the buffer
    UnalignedBufferSize,  // command buffer size not a multiple of 0x10 bytes
    MissingFinalize,      // buffer ended without a write to GPUREG_FINALIZE
    JumpOutsideMemory,    // CMDBUF_JUMP to a range outside VRAM/FCRAM
    JumpBudgetExceeded,   // too many jumps or words in one submission: a loop
    LutIndexOutOfRange,   // LUT FIFO written past the end of its table
    UniformIndexOutOfRange,
    CodeIndexOutOfRange,
    FixedAttribIndexOutOfRange,
    TransferRejected,        // transfer-engine parameters that cannot describe a transfer
    TransferOutsideMemory,   // fill/transfer/copy range not wholly inside VRAM or FCRAM
    TransferHangsHardware,   // parameters that hang a real 3DS GPU; skipped
    TransferUnconfirmed,     // a conversion real hardware freezes on or was never measured
    VertexDataOutsideMemory, // attribute or index buffer range not inside guest memory
    ShaderBudgetExceeded,    // a shader invocation ran past its instruction budget
    ShaderInvalidProgram,    // ran off code memory, BREAK outside a loop, unknown opcode, ...
    InvalidDrawConfig,       // topology, GS mode or counts that describe no draw
    InvalidRenderTarget,     // colour/depth buffer format, size or range that describes none
    InvalidTexture,          // texture unit format, size or range that describes no texture
    UnsupportedFeature,      // hardware feature picavk does not render yet (named in the message)
    TraceRepaired,           // trace file field repaired on load (named in the message)
    InvalidExternalWrite,    // external-register write to an unknown address or bad value
    CacheIgnored,            // a shader or pipeline cache file that is corrupt or foreign
    CustomTexture,           // a texture pack file that cannot be used, a dump not written
    ShaderFailed,            // a generated shader that failed (a generator bug); drawn another way
    kCount
};

const char* warning_name(Warning w);

// "0x1f000": addresses in warning messages.
std::string hex_string(std::uint64_t value);

class Diagnostics {
  public:
    using Sink = std::function<void(Warning, const std::string&)>;
    static constexpr std::uint32_t kReportsPerKind = 8;

    void set_sink(Sink sink) { sink_ = std::move(sink); }
    void warn(Warning w, const std::string& message);
    // Counts always; builds the message only when it will be shown, so that hostile input that
    // repeats a warning millions of times costs a counter increment each time.
    template <class MakeMessage>
    requires std::is_invocable_r_v<std::string, MakeMessage>
    void warn(Warning w, MakeMessage&& make_message) {
        if (counts_[static_cast<unsigned>(w)] < kReportsPerKind) {
            warn(w, make_message());
        } else {
            ++counts_[static_cast<unsigned>(w)];
        }
    }
    std::uint64_t count(Warning w) const { return counts_[static_cast<unsigned>(w)]; }
    std::uint64_t total() const;
    void reset() { counts_.fill(0); }

  private:
    std::array<std::uint64_t, static_cast<unsigned>(Warning::kCount)> counts_{};
    Sink sink_;
};

} // namespace picavk::pica
