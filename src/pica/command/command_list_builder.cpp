#include "pica/command/command_list_builder.h"

#include "pica/regs/number_formats.h"

#include <algorithm>
#include <bit>

namespace picavk::pica {

namespace {
constexpr std::uint32_t header(std::uint32_t id, std::uint32_t mask, std::uint32_t extra,
                               bool consecutive) {
    return (id & 0xFFFF) | ((mask & 0xF) << 16) | ((extra & 0xFF) << 20) |
           (consecutive ? 1u << 31 : 0u);
}
std::uint32_t unit_reg(ShaderUnit unit, std::uint32_t vs_id) {
    // GSH registers sit 0x30 below their VSH twins (spec/004 shader register list).
    return unit == ShaderUnit::Vertex ? vs_id
                                      : vs_id - (GPUREG_VSH_BOOLUNIFORM - GPUREG_GSH_BOOLUNIFORM);
}
} // namespace

std::array<std::uint32_t, 3> pack_f24x4(const AttributeValue& v) {
    const std::uint32_t x = float_to_f24(v[0]), y = float_to_f24(v[1]), z = float_to_f24(v[2]),
                        w = float_to_f24(v[3]);
    return {(w << 8) | (z >> 16), (z << 16) | (y >> 8), (y << 24) | x};
}

void CommandListBuilder::command(std::uint32_t id, std::span<const std::uint32_t> values,
                                 std::uint32_t byte_mask, bool consecutive) {
    while (!values.empty()) {
        const std::size_t n = std::min<std::size_t>(values.size(), kMaxParams);
        const auto extra = static_cast<std::uint32_t>(n - 1);
        words_.push_back(values[0]);
        words_.push_back(header(id, byte_mask, extra, consecutive));
        words_.insert(words_.end(), values.begin() + 1,
                      values.begin() + static_cast<std::ptrdiff_t>(n));
        if (extra & 1) words_.push_back(0); // padding to 8 bytes
        if (consecutive) id += static_cast<std::uint32_t>(n);
        values = values.subspan(n);
    }
}

void CommandListBuilder::write(std::uint32_t id, std::uint32_t value, std::uint32_t byte_mask) {
    words_.push_back(value);
    words_.push_back(header(id, byte_mask, 0, false));
}

void CommandListBuilder::write_consecutive(std::uint32_t first_id,
                                           std::span<const std::uint32_t> values,
                                           std::uint32_t byte_mask) {
    command(first_id, values, byte_mask, true);
}

void CommandListBuilder::write_repeated(std::uint32_t id, std::span<const std::uint32_t> values,
                                        std::uint32_t byte_mask) {
    command(id, values, byte_mask, false);
}

void CommandListBuilder::upload_lighting_lut(std::uint32_t table,
                                             std::span<const std::uint32_t> entries,
                                             std::uint32_t start) {
    write(GPUREG_LIGHTING_LUT_INDEX, (start & 0xFF) | ((table & 0x1F) << 8));
    write_repeated(GPUREG_LIGHTING_LUT_DATA0, entries);
}

void CommandListBuilder::upload_fog_lut(std::span<const std::uint32_t> entries,
                                        std::uint32_t start) {
    write(GPUREG_FOG_LUT_INDEX, start);
    write_repeated(GPUREG_FOG_LUT_DATA0, entries);
}

void CommandListBuilder::upload_proctex_lut(LutState::ProcTexTable table,
                                            std::span<const std::uint32_t> entries,
                                            std::uint32_t start) {
    write(GPUREG_PROCTEX_LUT, (start & 0xFF) | (static_cast<std::uint32_t>(table) << 8));
    write_repeated(GPUREG_PROCTEX_LUT_DATA0, entries);
}

void CommandListBuilder::upload_gas_lut(std::span<const std::uint32_t> entries,
                                        std::uint32_t start) {
    write(GPUREG_GAS_LUT_INDEX, start);
    write_repeated(GPUREG_GAS_LUT_DATA, entries);
}

void CommandListBuilder::upload_shader(ShaderUnit unit, std::span<const std::uint32_t> code,
                                       std::span<const std::uint32_t> opdescs,
                                       std::uint32_t entry_point) {
    write(unit_reg(unit, GPUREG_VSH_CODETRANSFER_INDEX), 0);
    write_repeated(unit_reg(unit, GPUREG_VSH_CODETRANSFER_DATA0), code);
    write(unit_reg(unit, GPUREG_VSH_CODETRANSFER_END), 1);
    write(unit_reg(unit, GPUREG_VSH_OPDESCS_INDEX), 0);
    write_repeated(unit_reg(unit, GPUREG_VSH_OPDESCS_DATA0), opdescs);
    // The upper half of ENTRYPOINT reads 0x7FFF in the reference's bit table.
    write(unit_reg(unit, GPUREG_VSH_ENTRYPOINT), (entry_point & 0xFFFF) | 0x7FFF0000u);
}

void CommandListBuilder::set_float_uniforms(ShaderUnit unit, std::uint32_t first,
                                            std::span<const AttributeValue> values,
                                            bool as_float32) {
    if (values.empty()) return;
    write(unit_reg(unit, GPUREG_VSH_FLOATUNIFORM_INDEX),
          (first & 0xFF) | (as_float32 ? 1u << 31 : 0u));
    std::vector<std::uint32_t> data;
    data.reserve(values.size() * 4);
    for (const auto& v : values) {
        if (as_float32) {
            for (int c = 3; c >= 0; --c)
                data.push_back(std::bit_cast<std::uint32_t>(v[static_cast<unsigned>(c)]));
        } else {
            const auto packed = pack_f24x4(v);
            data.insert(data.end(), packed.begin(), packed.end());
        }
    }
    write_repeated(unit_reg(unit, GPUREG_VSH_FLOATUNIFORM_DATA0), data);
}

void CommandListBuilder::set_int_uniform(ShaderUnit unit, std::uint32_t index, std::uint8_t x,
                                         std::uint8_t y, std::uint8_t z, std::uint8_t w) {
    write(unit_reg(unit, GPUREG_VSH_INTUNIFORM_I0) + (index & 3),
          std::uint32_t{x} | (std::uint32_t{y} << 8) | (std::uint32_t{z} << 16) |
              (std::uint32_t{w} << 24));
}

void CommandListBuilder::set_bool_uniforms(ShaderUnit unit, std::uint16_t bits) {
    // Bits 16-31 read 0x7FFF in the reference's bit table.
    write(unit_reg(unit, GPUREG_VSH_BOOLUNIFORM), bits | 0x7FFF0000u);
}

void CommandListBuilder::set_fixed_attribute(std::uint32_t index, const AttributeValue& value) {
    write(GPUREG_FIXEDATTRIB_INDEX, index);
    const auto packed = pack_f24x4(value);
    write_consecutive(GPUREG_FIXEDATTRIB_DATA0, packed);
}

void CommandListBuilder::begin_immediate() {
    write(GPUREG_FIXEDATTRIB_INDEX, PicaState::kImmediateModeIndex);
}

void CommandListBuilder::immediate_vertex(std::span<const AttributeValue> attributes) {
    std::vector<std::uint32_t> data;
    data.reserve(attributes.size() * 3);
    for (const auto& a : attributes) {
        const auto packed = pack_f24x4(a);
        data.insert(data.end(), packed.begin(), packed.end());
    }
    // Repeated writes to DATA0 all feed the same FIFO, as the three IDs do.
    write_repeated(GPUREG_FIXEDATTRIB_DATA0, data);
}

void CommandListBuilder::draw_arrays(std::uint32_t first_vertex, std::uint32_t count) {
    write(GPUREG_NUMVERTICES, count);
    write(GPUREG_VERTEX_OFFSET, first_vertex);
    write(GPUREG_START_DRAW_FUNC0, 0, 0x1); // drawing mode
    write(GPUREG_DRAWARRAYS, 1);
    write(GPUREG_START_DRAW_FUNC0, 1, 0x1); // back to configuration mode
    write(GPUREG_VTX_FUNC, 1);
}

void CommandListBuilder::draw_elements(std::uint32_t index_offset, std::uint32_t count,
                                       bool u16_indices) {
    write(GPUREG_INDEXBUFFER_CONFIG, (index_offset & 0x0FFFFFFF) | (u16_indices ? 1u << 31 : 0u));
    write(GPUREG_NUMVERTICES, count);
    write(GPUREG_VERTEX_OFFSET, 0);
    write(GPUREG_START_DRAW_FUNC0, 0, 0x1);
    write(GPUREG_DRAWELEMENTS, 1);
    write(GPUREG_START_DRAW_FUNC0, 1, 0x1);
    write(GPUREG_VTX_FUNC, 1);
}

void CommandListBuilder::finalize() {
    // FINALIZE must not sit in the last 8 bytes of a list whose size is not a multiple of 0x10
    // (spec/004 "Overview"): pad with a harmless write first when needed.
    if ((words_.size() + 2) % 4 != 0) write(GPUREG_VTX_FUNC, 0, 0x0); // masked out: writes nothing
    write(GPUREG_FINALIZE, 0x12345678);
}

} // namespace picavk::pica
