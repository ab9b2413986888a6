#pragma once

#include <array>
#include <cstdint>

namespace picavk::pica {

// Look-up tables the PICA fills through its LUT data FIFOs. Entries are kept as written (raw
// words); their formats are decoded where they are used (shadergen, reference models).
struct LutState {
    // Lighting: D0, D1, -, FR, RB, RG, RR, -, SP0-7, DA0-7 (spec/004 GPUREG_LIGHTING_LUT_INDEX).
    static constexpr unsigned kLightingTables = 24;
    static constexpr unsigned kLightingEntries = 256;
    static constexpr unsigned kFogEntries = 128;
    static constexpr unsigned kGasEntries = 16;

    enum class ProcTexTable : std::uint8_t {
        Noise = 0,
        RgbMap = 2,
        AlphaMap = 3,
        Color = 4,
        ColorDiff = 5
    };
    static constexpr unsigned kProcTexNoiseEntries = 128;
    static constexpr unsigned kProcTexMapEntries = 128;
    static constexpr unsigned kProcTexColorEntries = 256;

    // Dirty bits: one per lighting table, one each for fog, gas and the proctex tables. The
    // renderer clears them after uploading.
    enum DirtyBit : std::uint32_t {
        DirtyFog = 1u << 0,
        DirtyGas = 1u << 1,
        DirtyProcTexNoise = 1u << 2,
        DirtyProcTexRgbMap = 1u << 3,
        DirtyProcTexAlphaMap = 1u << 4,
        DirtyProcTexColor = 1u << 5,
        DirtyProcTexColorDiff = 1u << 6,
    };

    std::array<std::array<std::uint32_t, kLightingEntries>, kLightingTables> lighting{};
    std::array<std::uint32_t, kFogEntries> fog{};
    std::array<std::uint32_t, kGasEntries> gas{};
    std::array<std::uint32_t, kProcTexNoiseEntries> proctex_noise{};
    std::array<std::uint32_t, kProcTexMapEntries> proctex_rgb_map{};
    std::array<std::uint32_t, kProcTexMapEntries> proctex_alpha_map{};
    std::array<std::uint32_t, kProcTexColorEntries> proctex_color{};
    std::array<std::uint32_t, kProcTexColorEntries> proctex_color_diff{};

    std::uint32_t lighting_dirty = 0; // bit i: lighting table i
    std::uint32_t other_dirty = 0;    // DirtyBit
};

} // namespace picavk::pica
