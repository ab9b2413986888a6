#include "shadow_model.h"

#include "pica/regs/number_formats.h"
#include "pica/regs/reg_ids.h"
#include "pica/regs/reg_views.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <optional>

namespace picavk::test::oracle {

using namespace pica;

namespace {

constexpr std::uint32_t kDepthMax = 0xFFFFFF; // 24-bit depth (shadow.md 2)
constexpr double kDepthScale = 16777215.0;    // 0xFFFFFF (shadow.md 3.1, 4.1)

// Texel indices are limited to +-2^24 before integer conversion (our choice): far beyond any
// texture size (DIM fields are 11 bits), small enough for any integer type here.
constexpr double kIndexLimit = 16777216.0;

std::uint8_t byte_of(std::uint32_t v, unsigned shift) {
    return static_cast<std::uint8_t>((v >> shift) & 0xFFu);
}

std::uint32_t clamp_channel(int c) {
    return static_cast<std::uint32_t>(std::clamp(c, 0, 255));
}

double lerp(double a, double b, double t) {
    return a + (b - a) * t;
}

// floor(x) as a texel index, limited to +-kIndexLimit. x must be finite.
std::int64_t texel_index(double x) {
    return static_cast<std::int64_t>(std::clamp(std::floor(x), -kIndexLimit, kIndexLimit));
}

// A texel index through a wrap mode of GPUREG_TEXUNITi_PARAM (SPEC: 0 clamp to edge, 1 clamp to
// border, 2 repeat, 3 mirrored repeat, read with their usual meaning). nullopt is a border hit.
// Modes 4-7 are not in the register reference: clamp to edge (our choice). A texture with size 0
// has no texels: every tap is a border hit (our choice).
std::optional<unsigned> wrap_index(std::int64_t i, unsigned n, unsigned mode) {
    if (n == 0) return std::nullopt;
    const auto size = static_cast<std::int64_t>(n);
    switch (mode) {
    case 1: // clamp to border: outside [0, n) reads the border colour (shadow.md 4.5)
        if (i < 0 || i >= size) return std::nullopt;
        return static_cast<unsigned>(i);
    case 2: { // repeat
        const std::int64_t m = ((i % size) + size) % size;
        return static_cast<unsigned>(m);
    }
    case 3: { // mirrored repeat: period 2n, the second half reversed
        const std::int64_t period = 2 * size;
        std::int64_t m = ((i % period) + period) % period;
        if (m >= size) m = period - 1 - m;
        return static_cast<unsigned>(m);
    }
    default: // 0 clamp to edge; 4-7 (our choice, see above)
        return static_cast<unsigned>(std::clamp<std::int64_t>(i, 0, size - 1));
    }
}

ShadowTexel border_texel(const Regs& regs) {
    return shadow_texel_from_border(regs[GPUREG_TEXUNIT0_BORDER_COLOR]);
}

// The texel at (s, t) of `image`, or the border colour for a border hit or a missing texel.
ShadowTexel fetch(const ShadowImage* image, std::optional<unsigned> s, std::optional<unsigned> t,
                  ShadowTexel border) {
    if (image == nullptr || !s || !t) return border;
    const ShadowBytes* b = image->find(*s, *t);
    return b ? shadow_texel_from_bytes(*b) : border;
}

// How a tap index becomes a texel index: through the PARAM wrap modes (2D, nearest cube), or
// clamped to the face edge (cube PCF, shadow.md 4.5 suggestion).
struct TapAddressing {
    bool clamp_to_face = false;
    unsigned wrap_s = 0, wrap_t = 0;
};

double tap(const ShadowImage* image, std::int64_t s, std::int64_t t, const TapAddressing& a,
           ShadowTexel border, std::uint32_t z_ref) {
    const unsigned w = image ? image->width : 0;
    const unsigned h = image ? image->height : 0;
    const unsigned wrap_mode_s = a.clamp_to_face ? 0u : a.wrap_s;
    const unsigned wrap_mode_t = a.clamp_to_face ? 0u : a.wrap_t;
    const ShadowTexel texel =
        fetch(image, wrap_index(s, w, wrap_mode_s), wrap_index(t, h, wrap_mode_t), border);
    return static_cast<double>(shadow_compare(texel, z_ref));
}

// Sample one face at face coordinates (u, v) in [0, 1] against z_ref (shadow.md 4.3-4.5).
double sample_face(const ShadowImage* image, double u, double v, bool pcf, const TapAddressing& a,
                   ShadowTexel border, std::uint32_t z_ref) {
    // A NaN or infinite coordinate is a border hit (shadow.md 6 suggestion for NaN; infinity is
    // our choice), whatever the filter.
    if (!std::isfinite(u) || !std::isfinite(v))
        return static_cast<double>(shadow_compare(border, z_ref));
    const double w = image ? static_cast<double>(image->width) : 0.0;
    const double h = image ? static_cast<double>(image->height) : 0.0;
    if (!pcf) {
        // One tap at floor(u W), floor(v H) (shadow.md 4.4 suggestion; Azahar's CPU path
        // truncates toward zero instead).
        return tap(image, texel_index(u * w), texel_index(v * h), a, border, z_ref);
    }
    // 2x2 PCF (shadow.md 4.4): c = (u W - 0.5, v H - 0.5), i = floor(c), f = c - i; compare the
    // four texels separately, then interpolate bilinearly with f.
    const double cx = u * w - 0.5;
    const double cy = v * h - 0.5;
    const double fx = cx - std::floor(cx);
    const double fy = cy - std::floor(cy);
    const std::int64_t ix = texel_index(cx);
    const std::int64_t iy = texel_index(cy);
    const double r00 = tap(image, ix, iy, a, border, z_ref);
    const double r10 = tap(image, ix + 1, iy, a, border, z_ref);
    const double r01 = tap(image, ix, iy + 1, a, border, z_ref);
    const double r11 = tap(image, ix + 1, iy + 1, a, border, z_ref);
    return lerp(lerp(r00, r10, fx), lerp(r01, r11, fx), fy);
}

TapAddressing param_addressing(const Regs& regs) {
    const auto p = regs.get<reg::TEXUNIT_PARAM>(0);
    TapAddressing a;
    a.wrap_s = p.wrap_s(); // bits 12-14 (SPEC)
    a.wrap_t = p.wrap_t(); // bits 8-10 (SPEC)
    return a;
}

} // namespace

// ---- the shadow texel --------------------------------------------------------------------------

ShadowBytes shadow_texel_to_bytes(ShadowTexel t) {
    // Bytes 0-2: depth bits 16-23, 8-15, 0-7 (big-endian); byte 3: intensity (shadow.md 2).
    return {byte_of(t.depth, 16), byte_of(t.depth, 8), byte_of(t.depth, 0), t.intensity};
}

ShadowTexel shadow_texel_from_bytes(const ShadowBytes& b) {
    ShadowTexel t;
    t.depth = (std::uint32_t{b[0]} << 16) | (std::uint32_t{b[1]} << 8) | std::uint32_t{b[2]};
    t.intensity = b[3];
    return t;
}

std::uint32_t shadow_texel_to_word(ShadowTexel t) {
    // Little-endian word of the bytes: intensity << 24 | G << 16 | B << 8 | A (shadow.md 2).
    const ShadowBytes b = shadow_texel_to_bytes(t);
    return std::uint32_t{b[0]} | (std::uint32_t{b[1]} << 8) | (std::uint32_t{b[2]} << 16) |
           (std::uint32_t{b[3]} << 24);
}

ShadowTexel shadow_texel_from_word(std::uint32_t word) {
    return shadow_texel_from_bytes(
        {byte_of(word, 0), byte_of(word, 8), byte_of(word, 16), byte_of(word, 24)});
}

std::array<int, 4> shadow_texel_as_rgba8(ShadowTexel t) {
    // Memory bytes 0-3 read as A, B, G, R (shadow.md 2).
    const ShadowBytes b = shadow_texel_to_bytes(t);
    return {int{b[3]}, int{b[2]}, int{b[1]}, int{b[0]}};
}

ShadowTexel shadow_texel_from_rgba8(int r, int g, int b, int a) {
    // depth = A << 16 | B << 8 | G, intensity = R (shadow.md 2, AZ-SW TextureColor).
    ShadowTexel t;
    t.depth = (clamp_channel(a) << 16) | (clamp_channel(b) << 8) | clamp_channel(g);
    t.intensity = static_cast<std::uint8_t>(clamp_channel(r));
    return t;
}

ShadowTexel shadow_texel_from_border(std::uint32_t c) {
    // BORDER_COLOR: R bits 0-7, G 8-15, B 16-23, A 24-31 (SPEC); compared as a texel
    // (shadow.md 4.5).
    return shadow_texel_from_rgba8(byte_of(c, 0), byte_of(c, 8), byte_of(c, 16), byte_of(c, 24));
}

// ---- registers ---------------------------------------------------------------------------------

FragOpMode fragment_operation_mode(const Regs& regs) {
    switch (regs.get<reg::COLOR_OPERATION>().fragment_operation_mode()) { // bits 0-1
    case 1:
        return FragOpMode::Gas;
    case 3:
        return FragOpMode::Shadow; // shadow.md 1.1
    default:
        // 0 default; 2 is UNKNOWN and the sheet suggests default (shadow.md 1.1).
        return FragOpMode::Default;
    }
}

bool shadow_mode_enabled(const Regs& regs) {
    return fragment_operation_mode(regs) == FragOpMode::Shadow;
}

ShadowPenumbra shadow_penumbra(const Regs& regs) {
    // C = bits 0-15, L = bits 16-31, IEEE-half decode kept in float32 (shadow.md 1.2).
    const std::uint32_t raw = regs[GPUREG_FRAGOP_SHADOW];
    return {f16_to_float(reg::field(raw, 0, 16)), f16_to_float(reg::field(raw, 16, 16))};
}

ShadowTextureParams shadow_texture_params(const Regs& regs) {
    // Bit 0: 1 = no perspective divide; B24 = reg & 0xFFFFFE (shadow.md 1.4).
    const std::uint32_t raw = regs[GPUREG_TEXUNIT0_SHADOW];
    return {(raw & 1u) != 0, raw & 0xFFFFFEu};
}

unsigned texture_type(const Regs& regs, unsigned unit) {
    return regs.get<reg::TEXUNIT_PARAM>(std::min(unit, 2u)).type(); // bits 28-30 (shadow.md 1.3)
}

bool shadow_sampling_applies(const Regs& regs, unsigned unit) {
    // The type field alone decides, and only for unit 0; bit 20 is kept in the state but not read
    // (shadow.md 1.3, UNKNOWN, the sheet's suggestions).
    if (unit != 0) return false;
    const unsigned type = texture_type(regs, 0);
    return type == kTextureTypeShadow2D || type == kTextureTypeShadowCube;
}

// ---- writing shadow maps -----------------------------------------------------------------------

std::uint32_t shadow_fragment_depth24(double depth01) {
    if (std::isnan(depth01)) return kDepthMax; // our choice, see the header
    // Clamp to [0, 1], then trunc(depth * 0xFFFFFF) (shadow.md 3.1).
    return static_cast<std::uint32_t>(std::clamp(depth01, 0.0, 1.0) * kDepthScale);
}

ShadowTexel shadow_write_d24(const Regs& regs, ShadowTexel stored, std::uint32_t d, int green8) {
    stored.depth &= kDepthMax; // a stored depth has 24 bits (our choice for a bad input)
    d = std::min(d, kDepthMax);
    const int s = std::clamp(green8, 0, 255);
    // 1. Strict "less than", fixed (shadow.md 3.2 step 1).
    if (d >= stored.depth) return stored;
    // 2. s == 0: only the depth is written (shadow.md 3.2 step 2).
    if (s == 0) {
        stored.depth = d;
        return stored;
    }
    // 3. s > 0: the depth is kept; s' = s / (C + L * (d / Z)) in float32 (shadow.md 3.2 step 3,
    // precision: the sheet's suggestion). Z > d >= 0, so Z >= 1.
    const ShadowPenumbra p = shadow_penumbra(regs);
    const float ratio = static_cast<float>(d) / static_cast<float>(stored.depth);
    const float scaled = p.linear * ratio;
    const float denominator = p.constant + scaled;
    float s_prime = 255.0f;
    // A denominator <= 0 or NaN gives s' = 255, no darkening (UNKNOWN, the sheet's suggestion).
    // A positive one (even +inf, giving 0) divides.
    if (denominator > 0.0f) s_prime = static_cast<float>(s) / denominator;
    // Clamp to [0, 255] and truncate (shadow.md 3.2, the CPU reference, suggested).
    s_prime = std::clamp(s_prime, 0.0f, 255.0f);
    const auto s_new = static_cast<std::uint8_t>(s_prime);
    stored.intensity = std::min(stored.intensity, s_new);
    return stored;
}

ShadowTexel shadow_write(const Regs& regs, ShadowTexel stored, double fragment_depth01,
                         int green8) {
    return shadow_write_d24(regs, stored, shadow_fragment_depth24(fragment_depth01), green8);
}

// ---- sampling shadow textures ------------------------------------------------------------------

ShadowImage::ShadowImage(unsigned w, unsigned h, ShadowTexel fill)
    : width(w), height(h), texels(static_cast<std::size_t>(w) * h, shadow_texel_to_bytes(fill)) {}

void ShadowImage::set(unsigned s, unsigned t, ShadowTexel texel) {
    if (s >= width || t >= height) return;
    const std::size_t i = static_cast<std::size_t>(t) * width + s;
    if (i < texels.size()) texels[i] = shadow_texel_to_bytes(texel);
}

const ShadowBytes* ShadowImage::find(unsigned s, unsigned t) const {
    if (s >= width || t >= height) return nullptr;
    const std::size_t i = static_cast<std::size_t>(t) * width + s;
    return i < texels.size() ? &texels[i] : nullptr;
}

bool shadow_uses_pcf(const Regs& regs, ShadowFilter filter) {
    switch (filter) {
    case ShadowFilter::Nearest:
        return false;
    case ShadowFilter::Pcf:
        return true;
    default:
        // PCF when the mag filter (PARAM bit 1) is linear; the min filter is ignored
        // (shadow.md 4.4, UNKNOWN, the sheet's suggestion).
        return regs.get<reg::TEXUNIT_PARAM>(0).magnification_filter() != 0;
    }
}

std::uint32_t shadow_reference_depth(double distance, std::uint32_t bias24) {
    if (std::isnan(distance)) distance = 0.0; // our choice, see the header
    // trunc(min(|distance|, 1) * 0xFFFFFF) - B24, clamped at 0 (shadow.md 4.1, 4.2, 6).
    const double d = std::min(std::fabs(distance), 1.0);
    const auto z = static_cast<std::int64_t>(d * kDepthScale) - static_cast<std::int64_t>(bias24);
    return static_cast<std::uint32_t>(std::max<std::int64_t>(z, 0));
}

int shadow_compare(ShadowTexel texel, std::uint32_t z_ref) {
    // Lit if Z >= z (shadow.md 4.3, UNKNOWN for equality, the sheet's suggestion).
    return (texel.depth & kDepthMax) >= z_ref ? int{texel.intensity} : 0;
}

std::array<double, 2> shadow_2d_coords(const Regs& regs, const ShadowCoords& in) {
    const double u = in.u, v = in.v, w = in.w;
    if (shadow_texture_params(regs).orthographic) return {u, v}; // shadow.md 4.1
    return {u / w, v / w}; // perspective: divided by the signed w (shadow.md 4.1, 6)
}

ShadowCubeCoords shadow_cube_coords(float xf, float yf, float zf) {
    const double x = xf, y = yf, z = zf;
    const double ax = std::fabs(x), ay = std::fabs(y), az = std::fabs(z);
    ShadowCubeCoords c;
    // X if |x| > |y| and |x| > |z|; else Y if |y| > |z|; else Z. Ties go to Z, then to Y. The
    // positive face when the major component is > 0 (shadow.md 4.2).
    if (ax > ay && ax > az) {
        c.major = ax;
        if (x > 0) {
            c.face = CubeFace::PosX;
            c.s = 0.5 - 0.5 * z / ax;
        } else {
            c.face = CubeFace::NegX;
            c.s = 0.5 + 0.5 * z / ax;
        }
        c.t = 0.5 - 0.5 * y / ax;
    } else if (ay > az) {
        c.major = ay;
        c.s = 0.5 + 0.5 * x / ay;
        if (y > 0) {
            c.face = CubeFace::PosY;
            c.t = 0.5 + 0.5 * z / ay;
        } else {
            c.face = CubeFace::NegY;
            c.t = 0.5 - 0.5 * z / ay;
        }
    } else {
        c.major = az;
        if (z > 0) {
            c.face = CubeFace::PosZ;
            c.s = 0.5 + 0.5 * x / az;
        } else {
            c.face = CubeFace::NegZ;
            c.s = 0.5 - 0.5 * x / az;
        }
        c.t = 0.5 - 0.5 * y / az;
    }
    return c;
}

double shadow_sample_2d_value(const Regs& regs, const ShadowImage& image, const ShadowCoords& in,
                              ShadowFilter filter) {
    const ShadowTextureParams params = shadow_texture_params(regs);
    // The depth is |w| in both modes (shadow.md 4.1, 6).
    const std::uint32_t z_ref = shadow_reference_depth(in.w, params.bias24);
    const std::array<double, 2> uv = shadow_2d_coords(regs, in);
    return sample_face(&image, uv[0], uv[1], shadow_uses_pcf(regs, filter), param_addressing(regs),
                       border_texel(regs), z_ref);
}

double shadow_sample_cube_value(const Regs& regs, std::span<const ShadowImage> faces,
                                const ShadowCoords& in, ShadowFilter filter) {
    // 0x08B bit 0 plays no part; the depth is the major-axis distance (shadow.md 4.2).
    const ShadowCubeCoords c = shadow_cube_coords(in.u, in.v, in.w);
    const std::uint32_t z_ref = shadow_reference_depth(c.major, shadow_texture_params(regs).bias24);
    const auto face = static_cast<std::size_t>(c.face);
    const ShadowImage* image = face < faces.size() ? &faces[face] : nullptr;
    const bool pcf = shadow_uses_pcf(regs, filter);
    TapAddressing a = param_addressing(regs); // nearest: wrap modes as 2D (shadow.md 4.5, AZ-SW)
    a.clamp_to_face = pcf;                    // PCF: clamp to the face edge (shadow.md 4.5)
    return sample_face(image, c.s, c.t, pcf, a, border_texel(regs), z_ref);
}

ShadowColor shadow_value_to_color(double value) {
    if (std::isnan(value)) value = 0.0; // cannot happen from the samplers; our choice
    const int v = static_cast<int>(std::floor(std::clamp(value, 0.0, 255.0) + 0.5));
    return {v, v, v, v};
}

ShadowColor shadow_sample_2d(const Regs& regs, const ShadowImage& image, const ShadowCoords& in,
                             ShadowFilter filter) {
    return shadow_value_to_color(shadow_sample_2d_value(regs, image, in, filter));
}

ShadowColor shadow_sample_cube(const Regs& regs, std::span<const ShadowImage> faces,
                               const ShadowCoords& in, ShadowFilter filter) {
    return shadow_value_to_color(shadow_sample_cube_value(regs, faces, in, filter));
}

bool shadow_unit0_color(const Regs& regs, std::span<const ShadowImage> faces,
                        const ShadowCoords& in, ShadowFilter filter, ShadowColor& out) {
    if (!shadow_sampling_applies(regs, 0)) return false;
    // A disabled unit gives (0, 0, 0, 0) (shadow.md 4.6, UNKNOWN, the sheet's suggestion).
    if (regs.get<reg::TEXUNIT_CONFIG>().texture_0_enabled() == 0) {
        out = {0, 0, 0, 0};
        return true;
    }
    if (texture_type(regs, 0) == kTextureTypeShadowCube) {
        out = shadow_sample_cube(regs, faces, in, filter);
    } else {
        static const ShadowImage kEmpty{};
        out = shadow_sample_2d(regs, faces.empty() ? kEmpty : faces[0], in, filter);
    }
    return true;
}

// ---- shadow attenuation in fragment lighting ---------------------------------------------------

unsigned shadow_lighting_unit(const Regs& regs) {
    return reg::field(regs[GPUREG_LIGHTING_CONFIG0], 24, 2); // bits 24-25 (shadow.md 1.5)
}

bool shadow_factor_enabled(const Regs& regs) {
    return regs.get<reg::LIGHTING_CONFIG0>().shadow_factor_enabled() != 0; // bit 0
}

std::array<double, 4> shadow_lighting_sh(const Regs& regs, const ShadowColor& sample) {
    // Bit 0 clear: sh = 1 and bits 16-19 have no effect (shadow.md 5).
    if (!shadow_factor_enabled(regs)) return {1.0, 1.0, 1.0, 1.0};
    const bool invert = reg::field(regs[GPUREG_LIGHTING_CONFIG0], 18, 1) != 0;
    std::array<double, 4> sh{};
    for (std::size_t i = 0; i < 4; ++i) {
        // sh = colour / 255; 1 - sh when bit 18 is set (shadow.md 5).
        sh[i] = static_cast<double>(clamp_channel(sample[i])) / 255.0;
        if (invert) sh[i] = 1.0 - sh[i];
    }
    return sh;
}

ShadowLightFactors shadow_light_factors(const Regs& regs, const ShadowColor& sample,
                                        unsigned light_id) {
    ShadowLightFactors f;
    if (!shadow_factor_enabled(regs)) return f;
    // CONFIG1 bit id = 1: shadow disabled for this light (shadow.md 1.5, 5).
    if (reg::field(regs[GPUREG_LIGHTING_CONFIG1], light_id & 7u, 1) != 0) return f;
    const std::uint32_t config0 = regs[GPUREG_LIGHTING_CONFIG0];
    const std::array<double, 4> sh = shadow_lighting_sh(regs, sample);
    const std::array<double, 3> rgb{sh[0], sh[1], sh[2]};
    if (reg::field(config0, 16, 1) != 0) f.diffuse = rgb;  // bit 16: primary (diffuse)
    if (reg::field(config0, 17, 1) != 0) f.specular = rgb; // bit 17: secondary (specular)
    return f;
}

ShadowAlphaFactors shadow_alpha_factors(const Regs& regs, const ShadowColor& sample) {
    ShadowAlphaFactors f;
    const std::uint32_t config0 = regs[GPUREG_LIGHTING_CONFIG0];
    if (!shadow_factor_enabled(regs) || reg::field(config0, 19, 1) == 0) return f;
    // Bit 19, once after all lights: primary.a with CONFIG0 bit 2, secondary.a with bit 3
    // (shadow.md 5).
    const double sh_a = shadow_lighting_sh(regs, sample)[3];
    if (reg::field(config0, 2, 1) != 0) f.primary = sh_a;
    if (reg::field(config0, 3, 1) != 0) f.secondary = sh_a;
    return f;
}

} // namespace picavk::test::oracle
