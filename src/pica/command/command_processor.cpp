#include "pica/command/command_processor.h"

#include "pica/regs/number_formats.h"
#include "pica/regs/reg_ids.h"

#include <array>
#include <cstdio>
#include <cstring>

namespace picavk::pica {

namespace {

// What a write to each register ID does besides storing the value.
enum Kind : std::uint8_t {
    kPlain,
    kUndocumented,
    kFinalize,
    kDrawArrays,
    kDrawElements,
    kVtxFunc,
    kRestartPrimitive,
    kFramebufferFlush,
    kFramebufferInvalidate,
    kEarlyDepthClear,
    kCmdbufJump0,
    kCmdbufJump1,
    kLightingLutData,
    kFogLutData,
    kProcTexLutData,
    kGasLutData,
    kLightingLutIndex,
    kFixedAttribIndex,
    kFixedAttribData,
    kVsFloatIndex,
    kVsFloatData,
    kVsCodeData,
    kVsOpdescData,
    kVsCodeEnd,
    kVsMirrored, // bool/int uniforms and output mask, propagated to the GS unit when shared
    kGsFloatIndex,
    kGsFloatData,
    kGsCodeData,
    kGsOpdescData,
    kGsCodeEnd,
};

// Distance from a VSH_* register to its GSH_* twin (spec/004: 0x2B0-0x2DF vs 0x280-0x2AF).
constexpr std::uint32_t kVsToGs = GPUREG_VSH_BOOLUNIFORM - GPUREG_GSH_BOOLUNIFORM;

std::array<std::uint8_t, kRegCount> make_kinds() {
    std::array<std::uint8_t, kRegCount> k{};
    for (std::uint32_t id = 0; id < kRegCount; ++id)
        k[id] = reg_info(id).documented ? kPlain : kUndocumented;
    auto range = [&](std::uint32_t first, std::uint32_t last, Kind kind) {
        for (std::uint32_t id = first; id <= last; ++id)
            k[id] = kind;
    };
    // The word between each light's SPOTDIR_Z and CONFIG (0x148 + 0x10 * i) is a hole in the
    // register list, but citro3d uploads a light as one C3D_LightConf block with a padding word
    // there (citro3d include/c3d/light.h, padding2), so every lit citro3d program writes 0 to it
    // on real hardware. It is stored like any register and not reported as bad input.
    for (std::uint32_t light = 0; light < 8; ++light)
        k[GPUREG_LIGHT0_SPOTDIR_Z + 1 + 0x10 * light] = kPlain;
    k[GPUREG_FINALIZE] = kFinalize;
    k[GPUREG_DRAWARRAYS] = kDrawArrays;
    k[GPUREG_DRAWELEMENTS] = kDrawElements;
    k[GPUREG_VTX_FUNC] = kVtxFunc;
    k[GPUREG_RESTART_PRIMITIVE] = kRestartPrimitive;
    k[GPUREG_FRAMEBUFFER_FLUSH] = kFramebufferFlush;
    k[GPUREG_FRAMEBUFFER_INVALIDATE] = kFramebufferInvalidate;
    k[GPUREG_EARLYDEPTH_CLEAR] = kEarlyDepthClear;
    k[GPUREG_CMDBUF_JUMP0] = kCmdbufJump0;
    k[GPUREG_CMDBUF_JUMP1] = kCmdbufJump1;
    range(GPUREG_LIGHTING_LUT_DATA0, GPUREG_LIGHTING_LUT_DATA7, kLightingLutData);
    k[GPUREG_LIGHTING_LUT_INDEX] = kLightingLutIndex;
    range(GPUREG_FOG_LUT_DATA0, GPUREG_FOG_LUT_DATA7, kFogLutData);
    range(GPUREG_PROCTEX_LUT_DATA0, GPUREG_PROCTEX_LUT_DATA7, kProcTexLutData);
    k[GPUREG_GAS_LUT_DATA] = kGasLutData;
    k[GPUREG_FIXEDATTRIB_INDEX] = kFixedAttribIndex;
    range(GPUREG_FIXEDATTRIB_DATA0, GPUREG_FIXEDATTRIB_DATA2, kFixedAttribData);
    k[GPUREG_VSH_FLOATUNIFORM_INDEX] = kVsFloatIndex;
    range(GPUREG_VSH_FLOATUNIFORM_DATA0, GPUREG_VSH_FLOATUNIFORM_DATA7, kVsFloatData);
    range(GPUREG_VSH_CODETRANSFER_DATA0, GPUREG_VSH_CODETRANSFER_DATA7, kVsCodeData);
    range(GPUREG_VSH_OPDESCS_DATA0, GPUREG_VSH_OPDESCS_DATA7, kVsOpdescData);
    k[GPUREG_VSH_CODETRANSFER_END] = kVsCodeEnd;
    range(GPUREG_VSH_BOOLUNIFORM, GPUREG_VSH_INTUNIFORM_I3, kVsMirrored);
    k[GPUREG_VSH_OUTMAP_MASK] = kVsMirrored;
    k[GPUREG_GSH_FLOATUNIFORM_INDEX] = kGsFloatIndex;
    range(GPUREG_GSH_FLOATUNIFORM_DATA0, GPUREG_GSH_FLOATUNIFORM_DATA7, kGsFloatData);
    range(GPUREG_GSH_CODETRANSFER_DATA0, GPUREG_GSH_CODETRANSFER_DATA7, kGsCodeData);
    range(GPUREG_GSH_OPDESCS_DATA0, GPUREG_GSH_OPDESCS_DATA7, kGsOpdescData);
    k[GPUREG_GSH_CODETRANSFER_END] = kGsCodeEnd;
    return k;
}

const std::uint8_t* kinds_table() {
    static const std::array<std::uint8_t, kRegCount> table = make_kinds();
    return table.data();
}

// Parameter mask bit i enables byte i of the register (spec/004 "Parameter masking").
constexpr std::array<std::uint32_t, 16> kByteMasks = [] {
    std::array<std::uint32_t, 16> m{};
    for (unsigned i = 0; i < 16; ++i)
        for (unsigned b = 0; b < 4; ++b)
            if (i & (1u << b)) m[i] |= 0xFFu << (8 * b);
    return m;
}();

std::string hex(std::uint32_t v) {
    char buf[16];
    std::snprintf(buf, sizeof buf, "0x%X", v);
    return buf;
}

// Replaces bits [lo, lo + width) of a register word: FIFO index registers count up in place.
void store_field(std::uint32_t& word, unsigned lo, unsigned width, std::uint32_t value) {
    word = reg::with_field(word, lo, width, value);
}

// Four float24 components from three FIFO words: the 96-bit concatenation word0:word1:word2 holds
// w:z:y:x, w most significant, so word0 = w << 8 | z >> 16. The fixed-attribute FIFO and the
// float24 uniform FIFO share this layout (spec/004 GPUREG_FIXEDATTRIB_DATAi bit table).
//
// For uniforms the register reference misleads: spec/004 GPUREG_*SH*_FLOATUNIFORM_DATAi draws the
// first word as "ZZWWWWWW", which read as a hex word puts w in the low 24 bits. Every citro3d
// program uploads its .constf constants the other way: libctru's shaderInstanceInit
// (libctru/source/gpu/shaderProgram.c) lays x, y, z, w out as twelve little-endian bytes and
// sends the three words last to first, so w lands in the top 24 bits of the first word. Those
// programs run on hardware, and Citra/Azahar unpack uniforms the same way; the diagram's letters
// are the word's bytes in memory order, not its hex digits.
AttributeValue unpack_f24x4(const std::uint32_t* w) {
    const std::uint32_t ww = w[0] >> 8;
    const std::uint32_t z = ((w[0] & 0xFF) << 16) | (w[1] >> 16);
    const std::uint32_t y = ((w[1] & 0xFFFF) << 8) | (w[2] >> 24);
    const std::uint32_t x = w[2] & 0xFFFFFF;
    return {f24_to_float(x), f24_to_float(y), f24_to_float(z), f24_to_float(ww)};
}

} // namespace

CommandProcessor::CommandProcessor(PicaState& state, MemoryView memory, Diagnostics& diagnostics,
                                   CommandHandler* handler)
    : state_(state), memory_(memory), diag_(diagnostics), handler_(handler), kinds_(kinds_table()) {
}

bool CommandProcessor::gs_shares_vs_config() const {
    // spec/004 GPUREG_VSH_COM_MODE: with the GS configuration disabled and the geometry unit
    // not in use (GEOSTAGE_CONFIG mode != 2), VS uploads propagate to the GS unit.
    const auto& r = state_.regs;
    return (r[GPUREG_VSH_COM_MODE] & 1u) == 0 && (r[GPUREG_GEOSTAGE_CONFIG] & 3u) != 2;
}

void CommandProcessor::write_register(std::uint32_t id, std::uint32_t value,
                                      std::uint32_t byte_mask) {
    // A command whose byte mask is 0 changes no byte; picavk treats it as no write at all, so it
    // fires no trigger and feeds no FIFO (the builder pads lists with such commands).
    const std::uint32_t m = kByteMasks[byte_mask & 0xF];
    if (m != 0) store(id, value, m);
}

inline void CommandProcessor::store(std::uint32_t id, std::uint32_t value, std::uint32_t mask) {
    if (id >= kRegCount) [[unlikely]] {
        diag_.warn(Warning::RegisterOutOfRange,
                   [&] { return "write to register " + hex(id) + " (the file ends at 0x2FF)"; });
        return;
    }
    std::uint32_t& word = state_.regs.words[id];
    word = (word & ~mask) | (value & mask);
    if (kinds_[id] != kPlain) side_effect(id, word);
}

__attribute__((noinline)) void CommandProcessor::side_effect(std::uint32_t id,
                                                             std::uint32_t value) {
    switch (kinds_[id]) {
    case kPlain:
        break;
    case kUndocumented:
        diag_.warn(Warning::UndocumentedRegister, [&] {
            return std::string("write of " + hex(value) + " to undocumented register " + hex(id));
        });
        break;
    case kLightingLutIndex:
        lighting_lut_wrapped_ = false; // a new upload position
        break;
    case kFinalize:
        // spec/004 GPUREG_FINALIZE: the value does not matter; nothing after it runs.
        finalized_ = true;
        if (handler_) handler_->on_finalize();
        break;
    case kDrawArrays:
        if (value && handler_) handler_->on_draw_arrays();
        break;
    case kDrawElements:
        if (value && handler_) handler_->on_draw_elements();
        break;
    case kVtxFunc:
        if (value && handler_) handler_->on_post_vertex_cache_clear();
        break;
    case kRestartPrimitive:
        if ((value & 1) && handler_) handler_->on_restart_primitive();
        break;
    case kFramebufferFlush:
        if ((value & 1) && handler_) handler_->on_framebuffer_flush();
        break;
    case kFramebufferInvalidate:
        if ((value & 1) && handler_) handler_->on_framebuffer_invalidate();
        break;
    case kEarlyDepthClear:
        if ((value & 1) && handler_) handler_->on_early_depth_clear();
        break;
    case kCmdbufJump0:
        if (value) pending_jump_ = Jump::Buffer0;
        break;
    case kCmdbufJump1:
        if (value) pending_jump_ = Jump::Buffer1;
        break;
    case kLightingLutData:
    case kFogLutData:
    case kProcTexLutData:
    case kGasLutData:
        write_lut(id, value);
        break;
    case kFixedAttribIndex:
        // A new index restarts the three-word packing; 0xF starts a new immediate-mode vertex.
        state_.fixed_word_count = 0;
        if ((value & 0xF) == PicaState::kImmediateModeIndex) state_.immediate_attribute = 0;
        break;
    case kFixedAttribData:
        write_fixed_attribute(value);
        break;
    case kVsFloatIndex:
        state_.vs.float_word_count = 0;
        break;
    case kGsFloatIndex:
        state_.gs.float_word_count = 0;
        break;
    case kVsFloatData:
        write_float_uniform(ShaderUnit::Vertex, value);
        break;
    case kGsFloatData:
        write_float_uniform(ShaderUnit::Geometry, value);
        break;
    case kVsCodeData:
        write_code(ShaderUnit::Vertex, value, false);
        break;
    case kGsCodeData:
        write_code(ShaderUnit::Geometry, value, false);
        break;
    case kVsOpdescData:
        write_code(ShaderUnit::Vertex, value, true);
        break;
    case kGsOpdescData:
        write_code(ShaderUnit::Geometry, value, true);
        break;
    case kVsCodeEnd:
        if (value) {
            ++state_.vs.program_version;
            if (gs_shares_vs_config()) ++state_.gs.program_version;
            if (handler_) handler_->on_shader_code_transfer_end(ShaderUnit::Vertex);
        }
        break;
    case kGsCodeEnd:
        if (value) {
            ++state_.gs.program_version;
            if (handler_) handler_->on_shader_code_transfer_end(ShaderUnit::Geometry);
        }
        break;
    case kVsMirrored:
        if (gs_shares_vs_config()) state_.regs.words[id - kVsToGs] = value;
        break;
    }
}

void CommandProcessor::write_lut(std::uint32_t id, std::uint32_t value) {
    auto& regs = state_.regs.words;
    auto& luts = state_.luts;
    switch (kinds_[id]) {
    case kLightingLutData: {
        // Index in bits 0-7 counts up and wraps within the table: no carry into the table
        // number in bits 8-12 (spec/004 GPUREG_LIGHTING_LUT_INDEX).
        std::uint32_t& index_reg = regs[GPUREG_LIGHTING_LUT_INDEX];
        const std::uint32_t table = (index_reg >> 8) & 0x1F;
        const std::uint32_t index = index_reg & 0xFF;
        if (table < LutState::kLightingTables) {
            if (lighting_lut_wrapped_) warn_lighting_lut_wrap(table);
            luts.lighting[table][index] = value & 0xFFFFFF;
            luts.lighting_dirty |= 1u << table;
            lighting_lut_wrapped_ = index == 0xFF;
        } else {
            diag_.warn(Warning::LutIndexOutOfRange, [&] {
                return std::string("lighting LUT table " + std::to_string(table) +
                                   " does not exist");
            });
        }
        store_field(index_reg, 0, 8, index + 1);
        break;
    }
    case kFogLutData: {
        std::uint32_t& index_reg = regs[GPUREG_FOG_LUT_INDEX];
        const std::uint32_t index = index_reg & 0xFFFF;
        if (index < LutState::kFogEntries) {
            luts.fog[index] = value & 0xFFFFFF;
            luts.other_dirty |= LutState::DirtyFog;
        } else {
            diag_.warn(Warning::LutIndexOutOfRange, [&] {
                return std::string("fog LUT index " + std::to_string(index) + " past 127");
            });
        }
        store_field(index_reg, 0, 16, index + 1);
        break;
    }
    case kGasLutData: {
        std::uint32_t& index_reg = regs[GPUREG_GAS_LUT_INDEX];
        const std::uint32_t index = index_reg & 0xFFFF;
        if (index < LutState::kGasEntries) {
            luts.gas[index] = value & 0xFFFFFF;
            luts.other_dirty |= LutState::DirtyGas;
        } else {
            diag_.warn(Warning::LutIndexOutOfRange, [&] {
                return std::string("gas LUT index " + std::to_string(index) + " past 15");
            });
        }
        store_field(index_reg, 0, 16, index + 1);
        break;
    }
    case kProcTexLutData: {
        // Index in bits 0-7, reference table in bits 8-11 (spec/004 GPUREG_PROCTEX_LUT).
        std::uint32_t& index_reg = regs[GPUREG_PROCTEX_LUT];
        const std::uint32_t table = (index_reg >> 8) & 0xF;
        const std::uint32_t index = index_reg & 0xFF;
        std::uint32_t* entries = nullptr;
        std::uint32_t size = 0;
        std::uint32_t dirty = 0;
        switch (static_cast<LutState::ProcTexTable>(table)) {
        case LutState::ProcTexTable::Noise:
            entries = luts.proctex_noise.data(), size = LutState::kProcTexNoiseEntries;
            dirty = LutState::DirtyProcTexNoise;
            break;
        case LutState::ProcTexTable::RgbMap:
            entries = luts.proctex_rgb_map.data(), size = LutState::kProcTexMapEntries;
            dirty = LutState::DirtyProcTexRgbMap;
            break;
        case LutState::ProcTexTable::AlphaMap:
            entries = luts.proctex_alpha_map.data(), size = LutState::kProcTexMapEntries;
            dirty = LutState::DirtyProcTexAlphaMap;
            break;
        case LutState::ProcTexTable::Color:
            entries = luts.proctex_color.data(), size = LutState::kProcTexColorEntries;
            dirty = LutState::DirtyProcTexColor;
            break;
        case LutState::ProcTexTable::ColorDiff:
            entries = luts.proctex_color_diff.data(), size = LutState::kProcTexColorEntries;
            dirty = LutState::DirtyProcTexColorDiff;
            break;
        }
        if (entries && index < size) {
            entries[index] = value;
            luts.other_dirty |= dirty;
        } else {
            diag_.warn(Warning::LutIndexOutOfRange, [&] {
                return std::string("proctex LUT table " + std::to_string(table) + " index " +
                                   std::to_string(index) + " does not exist");
            });
        }
        store_field(index_reg, 0, 8, index + 1);
        break;
    }
    default:
        break;
    }
}

void CommandProcessor::write_float_uniform(ShaderUnit unit, std::uint32_t value) {
    ShaderSetup& setup = unit == ShaderUnit::Vertex ? state_.vs : state_.gs;
    std::uint32_t& index_reg =
        state_.regs.words[unit == ShaderUnit::Vertex ? GPUREG_VSH_FLOATUNIFORM_INDEX
                                                     : GPUREG_GSH_FLOATUNIFORM_INDEX];
    // Bit 31 selects float32 (four words) over float24 (three words).
    const bool f32_mode = (index_reg >> 31) != 0;
    setup.float_words[setup.float_word_count++] = value;
    if (setup.float_word_count < (f32_mode ? 4u : 3u)) return;
    setup.float_word_count = 0;

    AttributeValue v;
    if (f32_mode) {
        // Four float32 words in reverse order: w, z, y, x. The unit holds float24, so round.
        const auto* w = setup.float_words.data();
        v = {f24_to_float(float_to_f24(f32_bits_to_float(w[3]))),
             f24_to_float(float_to_f24(f32_bits_to_float(w[2]))),
             f24_to_float(float_to_f24(f32_bits_to_float(w[1]))),
             f24_to_float(float_to_f24(f32_bits_to_float(w[0])))};
    } else {
        v = unpack_f24x4(setup.float_words.data());
    }
    const std::uint32_t index = index_reg & 0xFF;
    if (index < ShaderSetup::kFloatUniforms) {
        setup.float_uniforms[index] = v;
        ++setup.float_uniforms_version;
        if (unit == ShaderUnit::Vertex && gs_shares_vs_config()) {
            state_.gs.float_uniforms[index] = v;
            ++state_.gs.float_uniforms_version;
        }
    } else {
        diag_.warn(Warning::UniformIndexOutOfRange, [&] {
            return std::string("float uniform c" + std::to_string(index) + " past c95");
        });
    }
    store_field(index_reg, 0, 8, index + 1);
}

void CommandProcessor::write_code(ShaderUnit unit, std::uint32_t value, bool opdesc) {
    const bool vs = unit == ShaderUnit::Vertex;
    const std::uint32_t index_id =
        opdesc ? (vs ? GPUREG_VSH_OPDESCS_INDEX : GPUREG_GSH_OPDESCS_INDEX)
               : (vs ? GPUREG_VSH_CODETRANSFER_INDEX : GPUREG_GSH_CODETRANSFER_INDEX);
    std::uint32_t& index_reg = state_.regs.words[index_id];
    const std::uint32_t index = index_reg & 0xFFF;
    const std::uint32_t size = opdesc ? ShaderSetup::kOpDescs : ShaderSetup::kCodeWords;
    if (index < size) {
        auto store = [&](ShaderSetup& s) {
            (opdesc ? s.opdescs[index] : s.code[index]) = value;
            ++s.program_version;
        };
        store(vs ? state_.vs : state_.gs);
        if (vs && gs_shares_vs_config()) store(state_.gs);
    } else {
        diag_.warn(Warning::CodeIndexOutOfRange, [&] {
            return std::string("operand descriptor " + std::to_string(index) +
                               " past the 128 that instructions can name");
        });
    }
    // The index is a 12-bit counter: past 0xFFF it wraps to 0, onto the start of the program.
    if (index == 0xFFF)
        diag_.warn(Warning::CodeIndexOutOfRange, [&] {
            return std::string(std::string(opdesc ? "operand descriptor" : "shader code") +
                               " upload wrapped past index 0xFFF");
        });
    store_field(index_reg, 0, 12, index + 1);
}

void CommandProcessor::write_fixed_attribute(std::uint32_t value) {
    state_.fixed_words[state_.fixed_word_count++] = value;
    if (state_.fixed_word_count < 3) return;
    state_.fixed_word_count = 0;
    const AttributeValue attribute = unpack_f24x4(state_.fixed_words.data());

    std::uint32_t& index_reg = state_.regs.words[GPUREG_FIXEDATTRIB_INDEX];
    const std::uint32_t index = index_reg & 0xF;
    if (index == PicaState::kImmediateModeIndex) {
        // Immediate mode (3dbrew GPU/Programming_Guide "Immediate-Mode Vertex Submission"):
        // attributes arrive in order; the last one (VSH_NUM_ATTR + 1 in all) completes a vertex,
        // which is drawn at once.
        const std::uint32_t count = (state_.regs[GPUREG_VSH_NUM_ATTR] & 0xF) + 1;
        state_.immediate_vertex[state_.immediate_attribute] = attribute;
        if (state_.immediate_attribute + 1u < count) {
            ++state_.immediate_attribute;
        } else {
            state_.immediate_attribute = 0;
            if (handler_)
                handler_->on_immediate_vertex(
                    std::span<const AttributeValue>(state_.immediate_vertex.data(), count));
        }
        return;
    }
    if (index < PicaState::kFixedAttributes) {
        state_.fixed_attributes[index] = attribute;
        // Consecutive attributes can follow without a new index write, as Citra-family
        // emulators observe; software normally rewrites the index before each attribute.
        store_field(index_reg, 0, 4, index + 1);
    } else {
        diag_.warn(Warning::FixedAttribIndexOutOfRange,
                   [&] { return std::string("fixed attribute index " + std::to_string(index)); });
    }
}

void CommandProcessor::warn_lighting_lut_wrap(std::uint32_t table) {
    // More entries than the table has room for from the start index: the index wraps within
    // the table (spec/004), so the tail overwrites its first entries. Stored as the hardware
    // does, and counted: a program that does this has a wrong start index or count.
    diag_.warn(Warning::LutIndexOutOfRange, [&] {
        return "lighting LUT table " + std::to_string(table) +
               " written past its 256th entry; the index wraps to entry 0";
    });
}

bool CommandProcessor::fifo_burst(std::uint32_t id, const std::uint32_t* values,
                                  std::uint32_t count) {
    // Repeated full-mask writes to one data register: what LUT, uniform and code uploads are made
    // of. Same effect as writing one at a time, without the per-write dispatch.
    if (id >= kRegCount) return false;
    auto& regs = state_.regs.words;
    switch (kinds_[id]) {
    case kLightingLutData: {
        std::uint32_t& index_reg = regs[GPUREG_LIGHTING_LUT_INDEX];
        const std::uint32_t table = (index_reg >> 8) & 0x1F;
        if (table >= LutState::kLightingTables) return false; // the slow path warns per write
        auto& entries = state_.luts.lighting[table];
        std::uint32_t index = index_reg & 0xFF;
        if (count && (lighting_lut_wrapped_ || index + count > 256)) warn_lighting_lut_wrap(table);
        if (count) lighting_lut_wrapped_ = ((index + count - 1) & 0xFF) == 0xFF;
        for (std::uint32_t i = 0; i < count; ++i)
            entries[index++ & 0xFF] = values[i] & 0xFFFFFF;
        state_.luts.lighting_dirty |= 1u << table;
        store_field(index_reg, 0, 8, index);
        break;
    }
    case kFogLutData: {
        std::uint32_t& index_reg = regs[GPUREG_FOG_LUT_INDEX];
        const std::uint32_t index = index_reg & 0xFFFF;
        if (index + count > LutState::kFogEntries) return false;
        for (std::uint32_t i = 0; i < count; ++i)
            state_.luts.fog[index + i] = values[i] & 0xFFFFFF;
        state_.luts.other_dirty |= LutState::DirtyFog;
        store_field(index_reg, 0, 16, index + count);
        break;
    }
    case kVsFloatData:
    case kGsFloatData: {
        const ShaderUnit unit =
            kinds_[id] == kVsFloatData ? ShaderUnit::Vertex : ShaderUnit::Geometry;
        for (std::uint32_t i = 0; i < count; ++i)
            write_float_uniform(unit, values[i]);
        break;
    }
    case kVsCodeData:
    case kGsCodeData:
    case kVsOpdescData:
    case kGsOpdescData: {
        const ShaderUnit unit = kinds_[id] == kVsCodeData || kinds_[id] == kVsOpdescData
                                    ? ShaderUnit::Vertex
                                    : ShaderUnit::Geometry;
        const bool opdesc = kinds_[id] == kVsOpdescData || kinds_[id] == kGsOpdescData;
        for (std::uint32_t i = 0; i < count; ++i)
            write_code(unit, values[i], opdesc);
        break;
    }
    default:
        return false;
    }
    regs[id] = values[count - 1];
    return true;
}

bool CommandProcessor::guest_buffer(PAddr address, std::uint32_t size_bytes,
                                    std::span<const std::uint32_t>& out, std::string& error) {
    // spec/004 "Overview": sizes must be 0x10-byte aligned; the hardware does not run the tail of
    // a buffer that is not (the pitfall of a FINALIZE in the last 8 bytes going unseen).
    if (size_bytes & 0xF) {
        diag_.warn(Warning::UnalignedBufferSize, [&] {
            return std::string("command buffer at " + hex(address) + " has size " +
                               hex(size_bytes) + ", not a multiple of 0x10; the last " +
                               std::to_string(size_bytes & 0xF) + " bytes are not run");
        });
        size_bytes &= ~0xFu;
    }
    if (address & 7) {
        error = "command buffer address " + hex(address) + " is not 8-byte aligned";
        return false;
    }
    const std::uint8_t* p = memory_.pointer(address, size_bytes);
    if (!p) {
        error =
            "command buffer " + hex(address) + "+" + hex(size_bytes) + " lies outside guest memory";
        return false;
    }
    out = std::span<const std::uint32_t>(reinterpret_cast<const std::uint32_t*>(p), size_bytes / 4);
    return true;
}

CommandProcessor::Result CommandProcessor::run_guest(PAddr address, std::uint32_t size_bytes) {
    std::span<const std::uint32_t> words;
    Result r;
    if (!guest_buffer(address, size_bytes, words, r.message)) {
        diag_.warn(Warning::JumpOutsideMemory, r.message);
        r.status = Status::Error;
        return r;
    }
    return execute(words);
}

CommandProcessor::Result CommandProcessor::run(std::span<const std::uint32_t> words) {
    return execute(words);
}

CommandProcessor::Result CommandProcessor::execute(std::span<const std::uint32_t> words) {
    Result r;
    finalized_ = false;
    pending_jump_ = Jump::None;
    std::uint64_t budget = kMaxWords;
    const std::uint32_t* w = words.data();
    std::size_t size = words.size();
    std::size_t pos = 0;

    for (;;) {
        if (pos + 2 > size) {
            if (pos != size)
                diag_.warn(Warning::TruncatedCommand, [&] {
                    return std::string("command list ends inside a command header (" +
                                       std::to_string(size - pos) + " stray word)");
                });
            diag_.warn(Warning::MissingFinalize, [&] {
                return std::string("command list ended without a write to GPUREG_FINALIZE");
            });
            r.status = Status::EndOfBuffer;
            return r;
        }
        const std::uint32_t param = w[pos];
        const std::uint32_t header = w[pos + 1];
        std::uint32_t id = header & 0xFFFF;
        const std::uint32_t mask = (header >> 16) & 0xF;
        const std::uint32_t extra = (header >> 20) & 0xFF;
        const std::uint32_t step = header >> 31; // consecutive writing mode
        pos += 2;
        if (extra > size - pos) {
            diag_.warn(Warning::TruncatedCommand, [&] {
                return std::string("command for register " + hex(id) + " announces " +
                                   std::to_string(extra) + " extra parameters but only " +
                                   std::to_string(size - pos) + " words remain");
            });
            r.status = Status::Error;
            r.message = "truncated command list";
            return r;
        }
        ++r.commands;
        r.register_writes += 1 + extra;
        const std::uint32_t byte_mask = kByteMasks[mask];
        if (byte_mask != 0) {
            store(id, param, byte_mask);
            if (step == 0 && extra != 0 && byte_mask == ~0u && fifo_burst(id, w + pos, extra)) {
                // handled as one FIFO burst
            } else {
                for (std::uint32_t i = 0; i < extra && !finalized_; ++i) {
                    id += step;
                    store(id, w[pos + i], byte_mask);
                }
            }
        }
        pos += extra + (extra & 1); // padding word keeps commands 8-byte aligned

        if (finalized_) {
            r.status = Status::Finalized;
            return r;
        }
        if (pending_jump_ != Jump::None) {
            // spec/004 GPUREG_CMDBUF_JUMPi: processing continues in buffer i; the rest of this
            // one is abandoned. Sizes and addresses are in units of 8 bytes.
            const bool second = pending_jump_ == Jump::Buffer1;
            pending_jump_ = Jump::None;
            const auto& regs = state_.regs;
            const PAddr address =
                (regs[second ? GPUREG_CMDBUF_ADDR1 : GPUREG_CMDBUF_ADDR0] & 0x1FFFFFFF) << 3;
            const std::uint32_t bytes =
                (regs[second ? GPUREG_CMDBUF_SIZE1 : GPUREG_CMDBUF_SIZE0] & 0x1FFFFF) << 3;
            if (++r.jumps > kMaxJumps) {
                diag_.warn(Warning::JumpBudgetExceeded, [&] {
                    return std::string("more than " + std::to_string(kMaxJumps) +
                                       " command buffer jumps in one submission (a loop?)");
                });
                r.status = Status::Error;
                r.message = "command buffer jump budget exceeded";
                return r;
            }
            std::span<const std::uint32_t> next;
            if (!guest_buffer(address, bytes, next, r.message)) {
                diag_.warn(Warning::JumpOutsideMemory, r.message);
                r.status = Status::Error;
                return r;
            }
            budget = budget > pos ? budget - pos : 0;
            w = next.data();
            size = next.size();
            pos = 0;
            if (size > budget) {
                diag_.warn(Warning::JumpBudgetExceeded, [&] {
                    return std::string("command buffers in one submission exceed " +
                                       std::to_string(kMaxWords) + " words (a loop?)");
                });
                r.status = Status::Error;
                r.message = "command word budget exceeded";
                return r;
            }
        }
    }
}

} // namespace picavk::pica
