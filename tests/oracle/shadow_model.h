#pragma once

// A CPU reference model of PICA200 shadow mapping as picavk understands the hardware (tests
// only): the shadow-buffer texel format, the shadow-mode write rule of the output merger
// (GPUREG_COLOR_OPERATION mode 3), shadow-texture sampling on texture unit 0 (types "shadow 2D"
// and "shadow cube"), and the shadow attenuation factors of fragment lighting. It is written
// independently of src/shadergen, from the shadow fact sheet (docs/research/shadow.md; sections
// cited as "shadow.md 3.2") and the register reference (shared/spec/004), so that differential
// tests compare two implementations.
//
// Every bit-level fact in the sheet comes from Azahar's software (CPU) and GLSL models, or from
// register documentation, not from hardware measurements (shadow.md, introduction). Where the two
// Azahar paths differ, or the sheet marks a point UNKNOWN, this model follows the sheet's
// suggestion, and says so where it is made. Where the sheet gives no suggestion, the choice is
// ours and is marked "our choice".
//
// Precision: the write rule's penumbra arithmetic is float32, as the sheet suggests (shadow.md
// 1.2, 3.2). Everything else (depth conversion, reference depth, coordinates, PCF weights) is
// computed in double from the float inputs (our choice; the hardware's precision is UNKNOWN,
// shadow.md 3.2, 4.4).
//
// Defined behaviour beyond the sheet (our choices unless the sheet suggests them): bad inputs
// never produce NaN or crash. A NaN fragment depth writes nothing; a green value outside 0-255 is
// clamped; a NaN or non-positive penumbra denominator leaves the intensity alone (suggestion); a
// NaN or infinite sampling coordinate (w = 0 in perspective mode, a zero cube direction) is a
// border hit (the sheet's suggestion for NaN, extended to infinity); a NaN depth source (w or the
// cube's major axis) gives reference depth 0; a missing texel (an image smaller than its width
// and height say, or a missing cube face) reads as the border colour.

#include "pica/regs/regs.h"

#include <array>
#include <cstdint>
#include <span>
#include <vector>

namespace picavk::test::oracle {

// ---- the shadow texel (shadow.md 2) ------------------------------------------------------------

// One shadow-buffer texel: a 24-bit depth and an 8-bit intensity ("stencil" in Azahar).
struct ShadowTexel {
    std::uint32_t depth = 0xFFFFFF; // 24 bits
    std::uint8_t intensity = 0xFF;
    friend bool operator==(const ShadowTexel&, const ShadowTexel&) = default;
};
// The texel of a cleared shadow map (0xFFFFFFFF): farthest depth, fully lit (shadow.md 2).
inline constexpr ShadowTexel kShadowCleared{0xFFFFFF, 0xFF};

// The four memory bytes in address order: depth bits 16-23, 8-15, 0-7 (big-endian), then the
// intensity (shadow.md 2).
using ShadowBytes = std::array<std::uint8_t, 4>;
ShadowBytes shadow_texel_to_bytes(ShadowTexel t);
ShadowTexel shadow_texel_from_bytes(const ShadowBytes& b);

// The same four bytes as one little-endian 32-bit word: intensity << 24 | depth bits 0-7 << 16 |
// depth bits 8-15 << 8 | depth bits 16-23 (shadow.md 2).
std::uint32_t shadow_texel_to_word(ShadowTexel t);
ShadowTexel shadow_texel_from_word(std::uint32_t word);

// The texel read as an RGBA8 texture (memory bytes 0-3 are A, B, G, R): R = intensity,
// G = depth bits 0-7, B = depth bits 8-15, A = depth bits 16-23 (shadow.md 2). Channels r g b a.
std::array<int, 4> shadow_texel_as_rgba8(ShadowTexel t);
// The inverse: depth = A << 16 | B << 8 | G, intensity = R (shadow.md 2). This is also how a
// non-RGBA8 shadow texture reads once decoded to RGBA8 (shadow.md 6, UNKNOWN, the sheet's
// suggestion). Channels outside 0-255 are clamped (our choice).
ShadowTexel shadow_texel_from_rgba8(int r, int g, int b, int a);
// A GPUREG_TEXUNITi_BORDER_COLOR word (R bits 0-7, G 8-15, B 16-23, A 24-31; SPEC) read as a
// texel: the border is compared as if it were a texel (shadow.md 4.5).
ShadowTexel shadow_texel_from_border(std::uint32_t border_color);

// ---- registers ---------------------------------------------------------------------------------

// GPUREG_COLOR_OPERATION bits 0-1 (shadow.md 1.1). Mode 2 is UNKNOWN; the sheet suggests
// "default".
enum class FragOpMode { Default, Gas, Shadow };
FragOpMode fragment_operation_mode(const pica::Regs& regs);
bool shadow_mode_enabled(const pica::Regs& regs); // mode 3

// GPUREG_FRAGOP_SHADOW (shadow.md 1.2): C = bits 0-15 ("constant", scale + bias) and
// L = bits 16-31 ("linear", -scale), both float16 decoded as IEEE halves, kept as float32.
struct ShadowPenumbra {
    float constant = 0; // C
    float linear = 0;   // L
};
ShadowPenumbra shadow_penumbra(const pica::Regs& regs);

// GPUREG_TEXUNIT0_SHADOW (shadow.md 1.4): bit 0 = 1 means no perspective divide; the 24-bit bias
// is B24 = reg & 0xFFFFFE (bits 1-23 in place).
struct ShadowTextureParams {
    bool orthographic = false;
    std::uint32_t bias24 = 0;
};
ShadowTextureParams shadow_texture_params(const pica::Regs& regs);

// GPUREG_TEXUNITi_PARAM bits 28-30 of unit `unit` (0-2) (shadow.md 1.3).
unsigned texture_type(const pica::Regs& regs, unsigned unit);
inline constexpr unsigned kTextureTypeShadow2D = 2;
inline constexpr unsigned kTextureTypeShadowCube = 4;
// Whether unit `unit` samples as a shadow texture: unit 0 with type 2 or 4. PARAM bit 20 is not
// read, and type 2/4 on units 1-2 reads as plain 2D (shadow.md 1.3, UNKNOWN, the sheet's
// suggestions).
bool shadow_sampling_applies(const pica::Regs& regs, unsigned unit);

// ---- writing shadow maps (shadow.md 3) ---------------------------------------------------------

// The 24-bit depth of a fragment: clamp(depth01, 0, 1) then trunc(depth01 * 0xFFFFFF)
// (shadow.md 3.1). depth01 is the value after the depth map (and W-buffer multiply) that the
// normal path would depth-test. NaN reads as 0xFFFFFF (our choice: a NaN fragment can never pass
// the strict "less than" of 3.2, so it writes nothing).
std::uint32_t shadow_fragment_depth24(double depth01);

// The shadow-mode update of one stored texel by one fragment with 24-bit depth d and intensity s
// (the last TEV stage's 8-bit green; shadow.md 3.1, 3.2):
//   d >= Z            -> unchanged (strict less-than, fixed; the depth function plays no part);
//   s == 0            -> Z = d, S kept (only the depth bytes are written);
//   s > 0             -> Z kept, S = min(S, trunc(clamp(s / (C + L * (d / Z)), 0, 255))),
// in float32; a denominator <= 0 or NaN gives s' = 255, no darkening (UNKNOWN, the sheet's
// suggestion). d above 0xFFFFFF reads as 0xFFFFFF; s is clamped to [0, 255] (our choices).
ShadowTexel shadow_write_d24(const pica::Regs& regs, ShadowTexel stored, std::uint32_t d,
                             int green8);
// The same with the fragment's depth before 24-bit conversion (shadow_fragment_depth24).
ShadowTexel shadow_write(const pica::Regs& regs, ShadowTexel stored, double fragment_depth01,
                         int green8);

// ---- sampling shadow textures (shadow.md 4) ----------------------------------------------------

// One face of a shadow texture, already in texel coordinates: texel (s, t) is
// texels[s + t * width], where s = floor(u * width) and t = floor(v * height) as the sampler
// computes them, so t = 0 is v = 0. The vertical flip and tiling of memory
// (shadow.md 4.4, formats_transfer.md) are the caller's business when it fills the image
// (our choice of layout). Each element holds the texel's four memory bytes (ShadowBytes).
struct ShadowImage {
    unsigned width = 0, height = 0;
    std::vector<ShadowBytes> texels;

    ShadowImage() = default;
    ShadowImage(unsigned w, unsigned h, ShadowTexel fill = kShadowCleared);
    void set(unsigned s, unsigned t, ShadowTexel texel);
    // The texel at (s, t), or nullptr when it is outside the image or the vector is too short.
    const ShadowBytes* find(unsigned s, unsigned t) const;
};

// Which filter the sampler uses (shadow.md 4.4). FromRegisters: 2x2 PCF when PARAM bit 1 (mag
// filter) = linear, one nearest tap otherwise; the min filter and mipmaps are ignored (UNKNOWN,
// the sheet's suggestion). Nearest / Pcf force one kind (Pcf = "always PCF", the Azahar GPU path).
enum class ShadowFilter { FromRegisters, Nearest, Pcf };
bool shadow_uses_pcf(const pica::Regs& regs, ShadowFilter filter);

// The vertex outputs the sampler reads: texcoord0.u, .v and .w (shadow.md 1.6); for a cube they
// are the direction (x, y, z) (shadow.md 4.2).
struct ShadowCoords {
    float u = 0, v = 0, w = 0;
};

// The reference depth: trunc(min(distance, 1) * 0xFFFFFF) - bias24, clamped at 0 (shadow.md 4.1,
// 4.2; the clamp is the sheet's suggestion in 6). distance is |w| (2D) or the major-axis
// magnitude (cube); a negative distance reads as its magnitude and NaN as 0 (our choice).
std::uint32_t shadow_reference_depth(double distance, std::uint32_t bias24);

// One texel's comparison: lit if Z >= z_ref -> S, else 0 (shadow.md 4.3; UNKNOWN whether equality
// is lit, the sheet suggests Z >= z, the CPU reference).
int shadow_compare(ShadowTexel texel, std::uint32_t z_ref);

// The 2D sampling coordinates: (u / w, v / w) in perspective mode (0x08B bit 0 = 0), (u, v) in
// orthographic mode (shadow.md 4.1). w = 0 in perspective mode gives inf/NaN.
std::array<double, 2> shadow_2d_coords(const pica::Regs& regs, const ShadowCoords& in);

// Cube faces in ADDR1..ADDR6 order (shadow.md 4.2).
enum class CubeFace { PosX = 0, NegX = 1, PosY = 2, NegY = 3, PosZ = 4, NegZ = 5 };
struct ShadowCubeCoords {
    CubeFace face = CubeFace::PosX;
    double s = 0, t = 0; // face coordinates in [0, 1] for a finite non-zero direction
    double major = 0;    // m = |major component|
};
// Face selection and face coordinates (shadow.md 4.2): X if |x| > |y| and |x| > |z|, else Y if
// |y| > |z|, else Z; positive face when the major component is > 0.
ShadowCubeCoords shadow_cube_coords(float x, float y, float z);

// The sampled intensity on the 0-255 scale before 8-bit conversion (a PCF result may be
// fractional). The border colour is GPUREG_TEXUNIT0_BORDER_COLOR; 2D taps and nearest cube taps
// go through PARAM's wrap modes (bits 12-14 for s, 8-10 for t), and a clamp-to-border miss
// compares the border as a texel (shadow.md 4.5, the sheet's suggestion, following Azahar's CPU
// path). Cube PCF taps clamp to the face's edge (shadow.md 4.5 suggestion).
double shadow_sample_2d_value(const pica::Regs& regs, const ShadowImage& image,
                              const ShadowCoords& in, ShadowFilter filter);
double shadow_sample_cube_value(const pica::Regs& regs, std::span<const ShadowImage> faces,
                                const ShadowCoords& in, ShadowFilter filter);

// The colour texture unit 0 returns: the intensity rounded to nearest (our choice: the
// renderer's convention for floats entering the 8-bit datapath, fragment_model.h; the sheet's
// PCF example gives 0.5 -> 128, shadow.md 8.6) and replicated to (v, v, v, v) (shadow.md 4.3).
using ShadowColor = std::array<int, 4>;
ShadowColor shadow_value_to_color(double value);
ShadowColor shadow_sample_2d(const pica::Regs& regs, const ShadowImage& image,
                             const ShadowCoords& in,
                             ShadowFilter filter = ShadowFilter::FromRegisters);
ShadowColor shadow_sample_cube(const pica::Regs& regs, std::span<const ShadowImage> faces,
                               const ShadowCoords& in,
                               ShadowFilter filter = ShadowFilter::FromRegisters);

// Texture unit 0 as a whole. A type other than 2 or 4 is not a shadow texture: the result is
// false and `out` is untouched. For type 2 or 4 the result is true and `out` is (0, 0, 0, 0)
// when GPUREG_TEXUNIT_CONFIG bit 0 is clear (shadow.md 4.6, UNKNOWN, the sheet's suggestion);
// otherwise type 2 samples faces[0] as shadow 2D and type 4 samples faces[0..5] as shadow cube
// (a missing face reads as the border colour).
bool shadow_unit0_color(const pica::Regs& regs, std::span<const ShadowImage> faces,
                        const ShadowCoords& in, ShadowFilter filter, ShadowColor& out);

// ---- shadow attenuation in fragment lighting (shadow.md 1.5, 5) ---------------------------------

// The texture unit (0-3, 3 = procedural texture) whose colour is the shadow sample:
// LIGHTING_CONFIG0 bits 24-25 (shadow.md 1.5, 5).
unsigned shadow_lighting_unit(const pica::Regs& regs);
// CONFIG0 bit 0 (shadow.md 1.5).
bool shadow_factor_enabled(const pica::Regs& regs);

// sh: the selected unit's colour / 255, all four channels, 1 - sh when CONFIG0 bit 18 is set;
// (1, 1, 1, 1) when bit 0 is clear, whatever bits 16-19 say (shadow.md 5). Channels outside 0-255
// are clamped first (our choice).
std::array<double, 4> shadow_lighting_sh(const pica::Regs& regs, const ShadowColor& sample);

// The factors one light's terms are multiplied by (shadow.md 5): diffuse_i * (L.N) * diffuse
// (the light's ambient is added afterwards, unshadowed) when CONFIG0 bit 16 is set; specular_i *
// specular when bit 17 is set; only when CONFIG1 bit `light_id` (the light's id, not its slot in
// the permutation) is 0. Otherwise the factor is (1, 1, 1). A light id above 7 reads as id & 7
// (our choice).
struct ShadowLightFactors {
    std::array<double, 3> diffuse{1, 1, 1};
    std::array<double, 3> specular{1, 1, 1};
};
ShadowLightFactors shadow_light_factors(const pica::Regs& regs, const ShadowColor& sample,
                                        unsigned light_id);

// The alpha factors, applied once after all lights (shadow.md 5): with CONFIG0 bit 19,
// primary.a *= sh.a when CONFIG0 bit 2 (Fresnel selector bit 0) is set and secondary.a *= sh.a
// when CONFIG0 bit 3 is set; the alphas start at 1.0. CONFIG1 plays no part. Otherwise 1.
struct ShadowAlphaFactors {
    double primary = 1, secondary = 1;
};
ShadowAlphaFactors shadow_alpha_factors(const pica::Regs& regs, const ShadowColor& sample);

} // namespace picavk::test::oracle
