#pragma once

// FragmentConfig: everything that changes the generated fragment shader, and nothing else
// (DESIGN.md "Keys"). Zero-initialised, trivially copyable, no padding, compared with memcmp and
// hashed with XXH3. Fields that do not matter in the current state are cleared, so equal
// shaders get equal keys. Constant colours, the buffer colour and the alpha reference live in
// uniforms.

#include "pica/regs/regs.h"

#include <cstdint>
#include <cstring>
#include <type_traits>

namespace picavk::shadergen {

struct TexEnvStageConfig {
    std::uint32_t sources = 0;   // TEXENVi_SOURCE, bits 0-11 and 16-27
    std::uint32_t operands = 0;  // TEXENVi_OPERAND, bits 0-11 and 12-23
    std::uint32_t combiners = 0; // TEXENVi_COMBINER, bits 0-3 and 16-19
    std::uint32_t scales = 0;    // TEXENVi_SCALE, bits 0-1 and 16-17
};

// One lighting LUT as the code uses it (spec 000 LIGHTING_LUTINPUT_*). Cleared when the LUT is
// unavailable in the configuration mode or disabled (it then reads 1.0, or RR's value for RG
// and RB).
struct LightingLutConfig {
    std::uint8_t enabled = 0;
    std::uint8_t input = 0;    // 0 N.H, 1 V.H, 2 N.V, 3 L.N, 4 -L.P, 5 cos phi, 7 reads zero
    std::uint8_t absolute = 0; // LUTINPUT_ABS bit clear: unsigned index of |x| or max(x, 0)
    std::uint8_t scale = 0;    // LUTINPUT_SCALE code: 0-3 x1-x8, 6 x0.25, 7 x0.5, 4-5 zero
};

// One evaluated light (a LIGHT_PERMUTATION slot): what changes the code. Colours, vectors and
// attenuation values are uniforms (LightingUniforms).
struct LightConfig {
    std::uint8_t id = 0;                   // light register block 0-7
    std::uint8_t directional = 0;          // LIGHTi_CONFIG bit 0
    std::uint8_t two_sided = 0;            // bit 1: |L.N| for diffuse (and for absolute LUT inputs)
    std::uint8_t geometric0 = 0;           // bit 2: specular 0 times the geometric factor
    std::uint8_t geometric1 = 0;           // bit 3: specular 1 times the geometric factor
    std::uint8_t spot = 0;                 // CONFIG1 bit 8 + id clear and SP available
    std::uint8_t distance_attenuation = 0; // CONFIG1 bit 24 + id clear
    std::uint8_t shadowed = 0; // CONFIG1 bit id clear, with shadowed diffuse or specular on
};

// Fragment lighting (spec 000). All zero when lighting is off.
struct LightingConfig {
    std::uint8_t enabled = 0;
    std::uint8_t light_count = 0;      // 1-8 (NUM_LIGHTS + 1)
    std::uint8_t fresnel = 0;          // CONFIG0 bits 2-3 (bit 0 primary alpha, bit 1 secondary)
    std::uint8_t bump_mode = 0;        // 0 none, 1 normal map, 2 tangent map
    std::uint8_t bump_unit = 0;        // texture unit 0-2
    std::uint8_t bump_renormalize = 0; // normal map: z = sqrt(1 - x^2 - y^2)
    std::uint8_t clamp_highlights = 0; // CONFIG0 bit 27
    // Shadow attenuation (CONFIG0 bit 0 with 16-19, 24-25; docs/research/shadow.md 5): the
    // kShadow* bits and the unit (0-3) in bits 5-6. Zero when it changes nothing.
    std::uint8_t shadow = 0;
    // D0, D1, SP (shared by every light's SP table), FR, RB, RG, RR: the order of the LUTINPUT
    // register nibbles.
    LightingLutConfig luts[7];
    LightConfig lights[8]; // slots 0 .. light_count - 1; the rest zero
};

// LightingConfig::shadow bits.
inline constexpr std::uint8_t kShadowDiffuse = 1;         // CONFIG0 bit 16
inline constexpr std::uint8_t kShadowSpecular = 2;        // bit 17
inline constexpr std::uint8_t kShadowInvert = 4;          // bit 18
inline constexpr std::uint8_t kShadowPrimaryAlpha = 8;    // bit 19 with bit 2
inline constexpr std::uint8_t kShadowSecondaryAlpha = 16; // bit 19 with bit 3
inline constexpr unsigned kShadowUnitShift = 5;

enum class LightingLut : unsigned { D0 = 0, D1 = 1, SP = 2, FR = 3, RB = 4, RG = 5, RR = 6 };

// The procedural texture unit (texture unit 3; spec 004 TEXUNIT3_PROCTEX0/4,
// docs/research/proctex.md): the modes that change the code. All zero when no stage reads
// texture 3 or the unit is off. Noise, level-of-detail and LUT values are uniforms
// (ProcTexUniforms); the tables live in the LUT texel buffer.
struct ProcTexConfig {
    std::uint8_t enabled = 0;
    std::uint8_t coordinates = 0;    // TEXUNIT_CONFIG bits 8-9: texcoord 0-2 (3 reads 0)
    std::uint8_t u_clamp = 0;        // 0 zero, 1 edge, 2 repeat, 3 mirrored repeat, 4 pulse
    std::uint8_t v_clamp = 0;        //   (5-7 are undocumented: clamp to edge)
    std::uint8_t rgb_function = 0;   // G(u, v) 0-9 (10-15 undocumented: 0)
    std::uint8_t alpha_function = 0; // only with separate_alpha
    std::uint8_t separate_alpha = 0;
    std::uint8_t noise = 0;
    std::uint8_t u_shift = 0; // 0 none, 1 odd, 2 even (3 undocumented: none)
    std::uint8_t v_shift = 0;
    std::uint8_t filter = 0; // PROCTEX4 bits 0-2
    std::uint8_t reserved = 0;

    bool operator==(const ProcTexConfig&) const = default;
};

enum class DepthMode : std::uint8_t {
    Viewport = 0,  // z-buffer, mapped by the viewport depth range (early depth survives)
    FragmentZ = 1, // z-buffer whose range Vulkan's viewport cannot express: the shader writes it
    FragmentW = 2, // w-buffer: depth = w * scale + offset, written by the shader
};

enum StorageWrite : std::uint8_t {
    kStorageWriteOff = 0,
    kStorageWriteCompareSwap = 1, // an imageAtomicCompSwap loop per fragment
    kStorageWriteInterlock = 2,   // load and store inside an ordered fragment-shader interlock
    // The interlock's load and store without the interlock, for a driver that runs a pixel's
    // fragments in primitive order by itself (vk/device/host_profile.h ordered_fragments: llvmpipe,
    // on request). It lets the tests run the interlock path's code on lavapipe.
    kStorageWriteOrdered = 3,
};

// The load-and-store update, in primitive order (the interlock, or a driver that keeps order).
inline bool storage_write_in_order(std::uint8_t write) {
    return write == kStorageWriteInterlock || write == kStorageWriteOrdered;
}

// FragmentConfig::gas: bits 0-1 the gas depth function of the accumulation pass (0x126 bits
// 24-25: 0 never, 1 always, 2 greater, 3 less; 1 when there is no depth buffer), bit 2 the
// shading density source (TEXENV_UPDATE_BUFFER bit 3: depth density), bit 3 the LUT input
// (0x122 bit 8: light factor).
inline constexpr std::uint8_t kGasDepthDensity = 4;
inline constexpr std::uint8_t kGasLutLightFactor = 8;

// FragmentConfig::shadow_sampler: the wrap modes (PARAM bits 12-14 for s, 8-10 for t; 4-7 read as
// 0, clamp to edge), 2x2 percentage-closer filtering (mag filter linear), and no perspective
// divide (TEXUNIT0_SHADOW bit 0; 2D only).
inline constexpr unsigned kShadowSamplerWrapS = 0; // bits 0-1
inline constexpr unsigned kShadowSamplerWrapT = 2; // bits 2-3
inline constexpr std::uint8_t kShadowSamplerPcf = 16;
inline constexpr std::uint8_t kShadowSamplerOrthographic = 32;

struct FragmentConfig {
    // Bump when the layout or meaning of any field changes (names disk caches).
    static constexpr std::uint32_t kLayoutVersion = 10;

    TexEnvStageConfig stages[6];
    std::uint32_t buffer_update = 0;  // TEXENV_UPDATE_BUFFER bits 8-15
    std::uint8_t alpha_test_func = 1; // Always when the test is off
    std::uint8_t scissor_outside = 0; // SCISSORTEST_MODE 1: draw outside the rectangle
    DepthMode depth_mode = DepthMode::Viewport;
    std::uint8_t texture_units = 0; // bit i: unit i enabled and read by some stage (2D)
    std::uint8_t texture2_uses_texcoord1 = 0;
    std::uint8_t fog = 0;      // TEXENV_UPDATE_BUFFER fog mode: 1 fog (5), 2 gas shading (7; kGas*)
    std::uint8_t fog_flip = 0; // bit 16: index the LUT by 1 - depth
    // TEXUNIT0_PARAM bits 28-30: 0 2D, 1 cube, 2 shadow 2D, 3 projection, 4 shadow cube.
    std::uint8_t texture0_type = 0;
    std::uint8_t clip_plane = 0; // FRAGOP_CLIP: user clip plane
    // Clamp-to-border done in the shader (hosts without custom border colours): bit 2i for
    // unit i's s coordinate, bit 2i + 1 for its t coordinate.
    std::uint8_t border_emulation = 0;
    // Logic op done in the shader (hosts without VkPhysicalDeviceFeatures::logicOp): 1 + op,
    // reading the destination from a copy of the colour target (kFramebufferCopyBinding).
    std::uint8_t logic_op_emulated = 0;
    // COLOR_OPERATION mode 3 (docs/research/shadow.md 3): the target is a shadow buffer, updated
    // by read-modify-write through a storage image. StorageWrite says how the update is kept
    // atomic (vk/device/host_profile.h: the interlock where the host has it).
    std::uint8_t shadow_write = 0;
    // Shadow texture sampling (texture0_type 2 or 4; shadow.md 4): the kShadowSampler* bits.
    std::uint8_t shadow_sampler = 0;
    // COLOR_OPERATION mode 1 (docs/research/gas.md 4.2): the target is a gas density buffer,
    // accumulated through a storage image like a shadow buffer (StorageWrite).
    std::uint8_t gas_write = 0;
    // Gas: the kGas* bits (accumulation: the depth function; shading: its two selectors).
    std::uint8_t gas = 0;
    // The depth buffer is a 24-bit one held in a float image (D32_SFLOAT_S8_UINT, on hosts
    // without D24_UNORM_S8_UINT): the shader writes the depth rounded to the 24-bit integer q a
    // D24 buffer would hold, as q / 2^24 (on_depth_grid24), the value uploads, clears and
    // write-backs give q both ways, so depth tests compare what the PICA compares.
    std::uint8_t depth_grid24 = 0;
    // The colour buffer is a 16-bit one (2 RGB5A1, 3 RGB565, 4 RGBA4) and the draw writes its
    // colour as it is (no blending, or min, max and other blends with factors one and zero):
    // the shader narrows its colour to the format and widens it back (narrowed()), as the
    // write-back and the texture decoder do. The PICA keeps a colour's high bits; a 16-bit
    // image's own conversion may round instead (Vulkan lets it), and an RGBA8 image standing in
    // for one (a device without that attachment format) would keep them all. A narrowed colour
    // is stored as the PICA stores it either way (vk::color_narrow).
    std::uint8_t color_narrow = 0;
    // Per texture unit: the 16-bit format (2-4) of a render target it samples in place, by the
    // nearest texel, away from the border; 0 otherwise. The sampler converts a texel's k to
    // k / (2^bits - 1) (exactly, on most GPUs) where the PICA and the texture decoder repeat its
    // bits: the shader narrows the 8-bit texel again (narrowed()), which gives the repeated
    // value from either (llvmpipe repeats the bits itself).
    std::uint8_t texture_narrow[3]{};
    LightingConfig lighting;
    ProcTexConfig proctex;

    bool operator==(const FragmentConfig& o) const { return std::memcmp(this, &o, sizeof o) == 0; }
};
static_assert(std::has_unique_object_representations_v<FragmentConfig>);
static_assert(std::is_trivially_copyable_v<FragmentConfig>);

// Fills the key from the register file. `viewport_depth_ok` tells whether the host can map the
// z-buffer range through the viewport (range inside [0, 1], or unrestricted depth ranges).
// `emulate_border`: the host has no custom border colours; clamp-to-border goes in the key.
FragmentConfig build_fragment_config(const pica::Regs& regs, bool viewport_depth_ok,
                                     bool emulate_border = false);
// The proctex part of the key, written into `out`, which must be zero.
void build_proctex_config(const pica::Regs& regs, ProcTexConfig& out);
// Whether a texture-environment stage reads the fragment lighting colours (sources 1, 2).
bool reads_fragment_lighting(const FragmentConfig& c);
// The lighting part of the key (lighting_config.cpp), written into `out`, which must be zero
// (as in a fresh FragmentConfig): it stays zero when lighting is off.
void build_lighting_config(const pica::Regs& regs, LightingConfig& out);
std::uint64_t hash(const FragmentConfig& c);
// The unit reads as zero (its texture is unusable): clears it and the fields only it uses.
void drop_texture_unit(FragmentConfig& c, unsigned unit);

} // namespace picavk::shadergen
