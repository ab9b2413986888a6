#pragma once

#include "pica/command/command_handler.h"
#include "pica/state/pica_state.h"
#include "pica/regs/reg_ids.h"

#include <cstdint>
#include <span>
#include <vector>

namespace picavk::pica {

// Builds PICA command lists the way homebrew GPU libraries emit them: single and masked writes,
// consecutive bursts, FIFO uploads as repeated writes to one data register, draws bracketed by
// START_DRAW_FUNC0, and FINALIZE padded to a 0x10-byte boundary.
class CommandListBuilder {
  public:
    // One command may carry 1 + 255 parameters (8-bit extra-parameter count).
    static constexpr std::uint32_t kMaxParams = 256;

    void write(std::uint32_t id, std::uint32_t value, std::uint32_t byte_mask = 0xF);
    template <class View>
    requires requires { View::id; }
    void write(View v, std::uint32_t byte_mask = 0xF) { write(View::id, v.raw, byte_mask); }
    template <class View>
    requires requires { View::ids; }
    void write(std::size_t instance, View v, std::uint32_t byte_mask = 0xF) {
        write(View::ids[instance], v.raw, byte_mask);
    }
    // Consecutive mode: values go to first_id, first_id + 1, ...
    void write_consecutive(std::uint32_t first_id, std::span<const std::uint32_t> values,
                           std::uint32_t byte_mask = 0xF);
    // Non-consecutive mode: every value goes to the same register (FIFO uploads).
    void write_repeated(std::uint32_t id, std::span<const std::uint32_t> values,
                        std::uint32_t byte_mask = 0xF);

    // LUT uploads: index register, then the data FIFO.
    void upload_lighting_lut(std::uint32_t table, std::span<const std::uint32_t> entries,
                             std::uint32_t start = 0);
    void upload_fog_lut(std::span<const std::uint32_t> entries, std::uint32_t start = 0);
    void upload_proctex_lut(LutState::ProcTexTable table, std::span<const std::uint32_t> entries,
                            std::uint32_t start = 0);
    void upload_gas_lut(std::span<const std::uint32_t> entries, std::uint32_t start = 0);

    // Shader uploads: code and operand descriptors, then CODETRANSFER_END.
    void upload_shader(ShaderUnit unit, std::span<const std::uint32_t> code,
                       std::span<const std::uint32_t> opdescs, std::uint32_t entry_point = 0);
    // Float uniforms from c[first]: float24 packing (3 words each) or float32 (4 words each).
    void set_float_uniforms(ShaderUnit unit, std::uint32_t first,
                            std::span<const AttributeValue> values, bool as_float32 = false);
    void set_int_uniform(ShaderUnit unit, std::uint32_t index, std::uint8_t x, std::uint8_t y,
                         std::uint8_t z, std::uint8_t w);
    void set_bool_uniforms(ShaderUnit unit, std::uint16_t bits);

    void set_fixed_attribute(std::uint32_t index, const AttributeValue& value);
    // One immediate-mode vertex (its attributes in order); call begin_immediate() first.
    void begin_immediate();
    void immediate_vertex(std::span<const AttributeValue> attributes);

    void draw_arrays(std::uint32_t first_vertex, std::uint32_t count);
    void draw_elements(std::uint32_t index_offset, std::uint32_t count, bool u16_indices);

    // FINALIZE, padded so that the list size is a multiple of 0x10 bytes.
    void finalize();

    const std::vector<std::uint32_t>& words() const { return words_; }
    std::size_t size_bytes() const { return words_.size() * 4; }
    void clear() { words_.clear(); }

  private:
    void command(std::uint32_t id, std::span<const std::uint32_t> values, std::uint32_t byte_mask,
                 bool consecutive);
    std::vector<std::uint32_t> words_;
};

// The three-word float24 packing that the float-uniform and fixed-attribute FIFOs share: w:z:y:x
// from the first word's top bits down (see command_processor.cpp).
std::array<std::uint32_t, 3> pack_f24x4(const AttributeValue& v);

} // namespace picavk::pica
