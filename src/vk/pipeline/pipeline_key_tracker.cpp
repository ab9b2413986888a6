#include "vk/pipeline/pipeline_key_tracker.h"

#include "pica/regs/reg_ids.h"

namespace picavk::vk {

using namespace pica;

namespace {
// Grouped as the builders read them. Keep in step with pipeline_key.cpp, fragment_config.cpp
// and lighting_config.cpp: test_pipeline_key_tracker fails when a register outside this list
// changes the key.
constexpr std::uint16_t kRegisters[] = {
    // build_pipeline_key: depth range, formats, writes, blending, logic op.
    GPUREG_DEPTHMAP_SCALE, GPUREG_DEPTHMAP_OFFSET, GPUREG_COLORBUFFER_FORMAT,
    GPUREG_DEPTHBUFFER_FORMAT, GPUREG_DEPTH_COLOR_MASK, GPUREG_COLORBUFFER_WRITE,
    GPUREG_COLOR_OPERATION, GPUREG_BLEND_FUNC, GPUREG_LOGIC_OP,
    // build_fragment_config: texture units, the six stages, fog, fragment operations.
    GPUREG_TEXUNIT_CONFIG, GPUREG_TEXUNIT0_PARAM, GPUREG_TEXUNIT1_PARAM, GPUREG_TEXUNIT2_PARAM,
    GPUREG_TEXENV0_SOURCE, GPUREG_TEXENV0_OPERAND, GPUREG_TEXENV0_COMBINER, GPUREG_TEXENV0_SCALE,
    GPUREG_TEXENV1_SOURCE, GPUREG_TEXENV1_OPERAND, GPUREG_TEXENV1_COMBINER, GPUREG_TEXENV1_SCALE,
    GPUREG_TEXENV2_SOURCE, GPUREG_TEXENV2_OPERAND, GPUREG_TEXENV2_COMBINER, GPUREG_TEXENV2_SCALE,
    GPUREG_TEXENV3_SOURCE, GPUREG_TEXENV3_OPERAND, GPUREG_TEXENV3_COMBINER, GPUREG_TEXENV3_SCALE,
    GPUREG_TEXENV4_SOURCE, GPUREG_TEXENV4_OPERAND, GPUREG_TEXENV4_COMBINER, GPUREG_TEXENV4_SCALE,
    GPUREG_TEXENV5_SOURCE, GPUREG_TEXENV5_OPERAND, GPUREG_TEXENV5_COMBINER, GPUREG_TEXENV5_SCALE,
    GPUREG_TEXENV_UPDATE_BUFFER, GPUREG_FRAGOP_CLIP, GPUREG_FRAGOP_ALPHA_TEST,
    GPUREG_SCISSORTEST_MODE, GPUREG_DEPTHMAP_ENABLE, GPUREG_TEXUNIT0_SHADOW,
    GPUREG_GAS_LIGHT_Z_COLOR, GPUREG_GAS_DELTAZ_DEPTH,
    // build_proctex_config: modes and filter.
    GPUREG_TEXUNIT3_PROCTEX0, GPUREG_TEXUNIT3_PROCTEX4,
    // build_lighting_config.
    GPUREG_LIGHTING_ENABLE1, GPUREG_LIGHTING_NUM_LIGHTS, GPUREG_LIGHTING_CONFIG0,
    GPUREG_LIGHTING_CONFIG1, GPUREG_LIGHTING_LIGHT_PERMUTATION, GPUREG_LIGHTING_LUTINPUT_ABS,
    GPUREG_LIGHTING_LUTINPUT_SELECT, GPUREG_LIGHTING_LUTINPUT_SCALE, GPUREG_LIGHT0_CONFIG,
    GPUREG_LIGHT1_CONFIG, GPUREG_LIGHT2_CONFIG, GPUREG_LIGHT3_CONFIG, GPUREG_LIGHT4_CONFIG,
    GPUREG_LIGHT5_CONFIG, GPUREG_LIGHT6_CONFIG, GPUREG_LIGHT7_CONFIG};
constexpr std::size_t kCount = std::size(kRegisters);
static_assert(kCount <= PipelineKeyTracker::kMaxRegisters);

// Whether any register differs from the copy. Unrolled, every register offset is a constant:
// one load and one compare with memory per word, and the branches all fall through on the path
// that matters (BM_ShaderGenKeyPerDrawEightLights). A branch per word rather than an or-reduction:
// GCC vectorises the reduction by copying both sides to the stack first, at twice the cost.
bool differs(const std::uint32_t* regs, const std::uint32_t* words) {
#pragma GCC unroll 64
    for (std::size_t i = 0; i < kCount; ++i)
        if (regs[kRegisters[i]] != words[i]) return true;
    return false;
}
} // namespace

std::span<const std::uint16_t> pipeline_key_registers() {
    return kRegisters;
}

const PipelineKey& PipelineKeyTracker::update(const Regs& regs, const RenderTargetInfo& target,
                                              bool emulate_border, bool emulate_logic_op) {
    const bool changed = differs(regs.words.data(), words_.data());
    const bool same_inputs =
        target.width == target_.width && target.height == target_.height &&
        target.has_color == target_.has_color && target.has_depth == target_.has_depth &&
        target.has_stencil == target_.has_stencil &&
        target.depth_in_float == target_.depth_in_float && emulate_border == emulate_border_ &&
        emulate_logic_op == emulate_logic_op_;
    if (valid_ && !changed && same_inputs) {
        ++reuses_;
        return key_;
    }
    rebuild(regs, target, emulate_border, emulate_logic_op);
    return key_;
}

// Out of line: inlined, the compiler keeps every register word loaded for the compare alive
// for this copy, and spills them all on the path that needs none.
__attribute__((noinline)) void PipelineKeyTracker::rebuild(const Regs& regs,
                                                           const RenderTargetInfo& target,
                                                           bool emulate_border,
                                                           bool emulate_logic_op) {
    target_ = target;
    emulate_border_ = emulate_border;
    emulate_logic_op_ = emulate_logic_op;
    for (std::size_t i = 0; i < kCount; ++i)
        words_[i] = regs[kRegisters[i]];
    key_ = build_pipeline_key(regs, target, false, emulate_border, emulate_logic_op);
    hash_ = vk::hash(key_);
    valid_ = true;
    ++rebuilds_;
}

} // namespace picavk::vk
