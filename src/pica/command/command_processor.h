#pragma once

#include "pica/command/command_handler.h"
#include "pica/diagnostics.h"
#include "pica/memory.h"
#include "pica/state/pica_state.h"

#include <cstdint>
#include <span>
#include <string>

namespace picavk::pica {

// Decodes PICA command lists (spec/004 "Overview"): a parameter word, a header word (ID, byte
// mask, extra-parameter count, consecutive flag), the extra parameters, and a padding word that
// keeps every command 8-byte aligned. Register writes land in PicaState; data registers behave
// as the hardware's FIFOs; trigger registers reach the CommandHandler.
class CommandProcessor {
  public:
    enum class Status : std::uint8_t {
        Finalized,   // GPUREG_FINALIZE was written (the normal end)
        EndOfBuffer, // the buffer ran out without FINALIZE (warned: hardware would hang)
        Error,       // processing stopped on bad input; see message
    };
    struct Result {
        Status status = Status::EndOfBuffer;
        std::uint64_t commands = 0;
        std::uint64_t register_writes = 0;
        std::uint32_t jumps = 0;
        std::string message;
    };

    // Bounds against loops through CMDBUF_JUMP: jumps and words per submission.
    static constexpr std::uint32_t kMaxJumps = 1u << 16;
    static constexpr std::uint64_t kMaxWords = 1ull << 28;

    CommandProcessor(PicaState& state, MemoryView memory, Diagnostics& diagnostics,
                     CommandHandler* handler = nullptr);

    // A command list in host memory; CMDBUF jumps continue in guest memory.
    Result run(std::span<const std::uint32_t> words);
    // A command list in guest memory, as GPUREG_CMDBUF_ADDR/SIZE or the P3D trigger name it.
    Result run_guest(PAddr address, std::uint32_t size_bytes);

    // One register write with its side effects, as a command with this byte mask would make it.
    void write_register(std::uint32_t id, std::uint32_t value, std::uint32_t byte_mask = 0xF);

    void set_handler(CommandHandler* handler) { handler_ = handler; }
    // Forgets what a command list left pending (a jump, FINALIZE, the lighting LUT wrap), as at
    // power-on; the register file and tables are PicaState's.
    void reset() {
        pending_jump_ = Jump::None;
        finalized_ = false;
        lighting_lut_wrapped_ = false;
    }

  private:
    enum class Jump : std::uint8_t { None, Buffer0, Buffer1 };

    bool guest_buffer(PAddr address, std::uint32_t size_bytes, std::span<const std::uint32_t>& out,
                      std::string& error);
    Result execute(std::span<const std::uint32_t> words);
    void store(std::uint32_t id, std::uint32_t value, std::uint32_t mask);
    bool fifo_burst(std::uint32_t id, const std::uint32_t* values, std::uint32_t count);
    void side_effect(std::uint32_t id, std::uint32_t value);
    void write_float_uniform(ShaderUnit unit, std::uint32_t value);
    void write_code(ShaderUnit unit, std::uint32_t value, bool opdesc);
    void write_fixed_attribute(std::uint32_t value);
    void write_lut(std::uint32_t id, std::uint32_t value);
    void warn_lighting_lut_wrap(std::uint32_t table);
    bool gs_shares_vs_config() const;

    PicaState& state_;
    MemoryView memory_;
    Diagnostics& diag_;
    CommandHandler* handler_;
    const std::uint8_t* kinds_;
    Jump pending_jump_ = Jump::None;
    bool finalized_ = false;
    // The last lighting LUT write stored entry 255: another one before a new LUT_INDEX wraps.
    bool lighting_lut_wrapped_ = false;
};

} // namespace picavk::pica
