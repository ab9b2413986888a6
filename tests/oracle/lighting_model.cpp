#include "lighting_model.h"
#include "shadow_model.h"

#include "pica/regs/number_formats.h"
#include "pica/regs/reg_ids.h"

#include <algorithm>
#include <cmath>
#include <cstdint>

namespace picavk::test::oracle {

using namespace pica;

namespace {

using Vec3 = std::array<float, 3>;
using Quat = std::array<float, 4>;

Vec3 add(const Vec3& a, const Vec3& b) {
    return {a[0] + b[0], a[1] + b[1], a[2] + b[2]};
}
Vec3 sub(const Vec3& a, const Vec3& b) {
    return {a[0] - b[0], a[1] - b[1], a[2] - b[2]};
}
Vec3 mul(const Vec3& a, float s) {
    return {a[0] * s, a[1] * s, a[2] * s};
}
float dot(const Vec3& a, const Vec3& b) {
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}
Vec3 cross(const Vec3& a, const Vec3& b) {
    return {a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]};
}
bool finite(const Vec3& v) {
    return std::isfinite(v[0]) && std::isfinite(v[1]) && std::isfinite(v[2]);
}

// Rotation by a unit quaternion q = (u | w): v' = v + 2 u x (u x v + w v) (facts 4.1).
Vec3 rotate(const Quat& q, const Vec3& v) {
    const Vec3 u{q[0], q[1], q[2]};
    return add(v, mul(cross(u, add(cross(u, v), mul(v, q[3]))), 2.0f));
}

// The LUT ids as used by the per-LUT register nibbles (LUTINPUT_ABS/SELECT/SCALE): D0 0, D1 1,
// SP 2, FR 3, RB 4, RG 5, RR 6 (spec 000, facts 2 and 7).
enum Lut : unsigned { D0 = 0, D1 = 1, SP = 2, FR = 3, RB = 4, RG = 5, RR = 6 };

// Which LUTs the light environment configuration (CONFIG0 bits 4-7) provides (spec 000 table;
// facts 3). DA exists in every configuration and is not listed.
bool available(unsigned config, Lut lut) {
    switch (config) {
    case 0:
        return lut == D0 || lut == RR || lut == SP;
    case 1:
        return lut == FR || lut == RR || lut == SP;
    case 2:
        return lut == D0 || lut == D1 || lut == RR;
    case 3:
        return lut == D0 || lut == D1 || lut == FR;
    case 4:
        return lut != FR;
    case 5:
        return lut != D1;
    case 6:
        return lut != RG && lut != RB;
    case 8: // "configuration 7": everything
        return true;
    default:
        // 7 and 9-15 are unspecified; following the fact sheet (facts 3, Azahar's support
        // switch), they provide D0, D1, SP, FR and RR but not RG or RB.
        return lut != RG && lut != RB;
    }
}

// Colour registers: B bits 0-7, G 10-17, R 20-27, 1.0 = 255 (spec 000 GPUREG_LIGHTi_*,
// GPUREG_LIGHTING_AMBIENT). Only the documented 8-bit fields are read; bits 8-9, 18-19 and 28-29
// are "UNKNOWN" in the spec (facts 5.5 notes Azahar reads 10 bits; the team chose the 8-bit
// fields).
Vec3 colour(std::uint32_t raw) {
    return {static_cast<float>((raw >> 20) & 0xFFu) / 255.0f,
            static_cast<float>((raw >> 10) & 0xFFu) / 255.0f,
            static_cast<float>(raw & 0xFFu) / 255.0f};
}

// LUTINPUT_SCALE codes: 0 x1, 1 x2, 2 x4, 3 x8, 6 x0.25, 7 x0.5 (spec 000). 4 and 5 are
// undefined; like Azahar they give 0 (facts 1.3).
float scale_factor(unsigned code) {
    switch (code & 7u) {
    case 0:
        return 1.0f;
    case 1:
        return 2.0f;
    case 2:
        return 4.0f;
    case 3:
        return 8.0f;
    case 6:
        return 0.25f;
    case 7:
        return 0.5f;
    default:
        return 0.0f;
    }
}

// Position components are float1.5.10; a non-finite one reads 0 (our defined behaviour for bad
// input, so that a NaN position cannot poison the sums).
float position_component(std::uint32_t raw16) {
    const float v = f16_to_float(raw16 & 0xFFFFu);
    return std::isfinite(v) ? v : 0.0f;
}

// SPOTDIR components: signed 13-bit fixed1.1.11 (spec 000), 1.0 = 2048. Azahar divides by 2047
// (facts 5.2); the team uses the documented 2048.
float spot_component(std::uint32_t raw) {
    const std::uint32_t f = raw & 0x1FFFu;
    const std::int32_t s = static_cast<std::int32_t>((f ^ 0x1000u)) - 0x1000;
    return static_cast<float>(s) / 2048.0f;
}

float clamp01(float v) {
    // NaN (our defined output) reads 0; std::clamp would pass it through.
    if (std::isnan(v)) return 0.0f;
    return std::clamp(v, 0.0f, 1.0f);
}

struct Frame {
    Vec3 normal;  // N: rotated, not renormalised (facts 4.2: may be non-unit without renorm)
    Vec3 tangent; // T
    Vec3 view;    // V: unnormalised, used for positional lights
    Vec3 view_n;  // V-hat
};

Frame fragment_frame(const Regs& regs, const LightingInputs& in) {
    const std::uint32_t config0 = regs[GPUREG_LIGHTING_CONFIG0];

    // Surface frame: normal (0,0,1), tangent (1,0,0) (facts 4.1, 3dbrew Fragment_Lighting).
    Vec3 surface_normal{0.0f, 0.0f, 1.0f};
    Vec3 surface_tangent{1.0f, 0.0f, 0.0f};

    // Bump mapping: CONFIG0 bits 28-29 mode, bits 22-23 texture unit, bit 30 = 1 disables the
    // z recalculation (spec 000; facts 4.2).
    const unsigned bump_mode = (config0 >> 28) & 3u;
    const unsigned bump_unit = (config0 >> 22) & 3u;
    // Unit 3 does not exist (three texture units); our choice: no perturbation.
    if ((bump_mode == 1 || bump_mode == 2) && bump_unit < 3) {
        const auto& t = in.textures[bump_unit];
        // p = 2 * tex - 1 computed as tex8 / 127.5 - 1 (facts 4.2, Azahar SW), so 0x80 reads
        // +0.0039, not 0.
        Vec3 p{static_cast<float>(t[0]) / 127.5f - 1.0f, static_cast<float>(t[1]) / 127.5f - 1.0f,
               static_cast<float>(t[2]) / 127.5f - 1.0f};
        if (bump_mode == 1) {
            if (((config0 >> 30) & 1u) == 0)
                p[2] = std::sqrt(std::max(0.0f, 1.0f - p[0] * p[0] - p[1] * p[1]));
            surface_normal = p;
        } else {
            // Tangent map: the renorm bit has no effect, "confirmed on 3DS" (facts 4.2,
            // citra#2762).
            surface_tangent = p;
        }
    }
    // Mode 3 is undefined (facts 4.2): treated as no bump map.

    // The interpolated quaternion is normalised before rotating (facts 4.1, citra#2729
    // hardware screenshots). A zero or non-finite quaternion has no direction: our defined
    // behaviour is the identity rotation.
    Quat q = in.normquat;
    const float qlen = std::sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3]);
    if (!(qlen > 0.0f) || !std::isfinite(qlen)) {
        q = {0.0f, 0.0f, 0.0f, 1.0f};
    } else {
        for (float& c : q)
            c /= qlen;
    }

    Frame f{};
    // N is not renormalised after the rotation (team decision; a unit quaternion keeps the
    // length of the surface normal, so only a non-renormalised bump normal is non-unit).
    f.normal = rotate(q, surface_normal);
    f.tangent = rotate(q, surface_tangent);
    f.view = {in.view[0], in.view[1], in.view[2]};
    const float vlen = std::sqrt(dot(f.view, f.view));
    // A zero or non-finite view has no direction: our defined behaviour is (0,0,1). A
    // non-finite one also reads as the zero vector where it is used unnormalised (the fragment
    // at the eye: a positional light's vector is then its position).
    if (!std::isfinite(vlen)) f.view = {0.0f, 0.0f, 0.0f};
    if (!(vlen > 0.0f) || !std::isfinite(vlen))
        f.view_n = {0.0f, 0.0f, 1.0f};
    else
        f.view_n = mul(f.view, 1.0f / vlen);
    return f;
}

struct LightVectors {
    Vec3 l;        // L, normalised light vector
    float dist;    // |Lraw|, the distance for DA (facts 5.1)
    Vec3 h;        // H = V-hat + L, unnormalised
    float h2;      // |H|^2
    Vec3 h_n;      // H-hat, or (0,0,0) when |H| = 0
    Vec3 spot_dir; // S, raw SPOTDIR / 2048, not renormalised
};

} // namespace

float sample_lighting_lut(const LutState& luts, unsigned table, float x, bool absolute_input) {
    // A non-finite input has no meaningful index: our defined behaviour is input 0 (team
    // decision), so NaN cannot reach the colour sums.
    if (!std::isfinite(x)) x = 0.0f;
    float fi = 0.0f, frac = 0.0f;
    unsigned entry = 0;
    if (absolute_input) {
        // Unsigned: entry k <-> x = k/256; i = clamp(floor(256x), 0, 255) (facts 1.5, 1.6).
        const float xs = std::max(x, 0.0f) * 256.0f;
        fi = std::clamp(std::floor(xs), 0.0f, 255.0f);
        frac = xs - fi;
        entry = static_cast<unsigned>(fi);
    } else {
        // Signed, two's complement: i = clamp(floor(128x), -128, 127), entry = i & 0xFF, so
        // entry 0 <-> 0, 127 <-> 127/128, 128 <-> -1, 255 <-> -1/128; x = 1.0 reads entry 127
        // plus its full difference (facts 1.4; citra#2792 "works in a two's complement way").
        // The spec's "(int)(x/127.0f) & 0xFF" is garbled (facts 1.4).
        const float xs = x * 128.0f;
        fi = std::clamp(std::floor(xs), -128.0f, 127.0f);
        frac = xs - fi;
        entry = static_cast<unsigned>(static_cast<int>(fi)) & 0xFFu;
    }
    // The clamps above keep entry within 0-255; the interpolation fraction is left as the
    // formula gives it (it exceeds 1 only for inputs beyond the LUT domain).
    const std::uint32_t word = luts.lighting[table % LutState::kLightingTables][entry];
    // Entry: bits 0-11 value, fixed0.0.12; bits 12-22 magnitude of the difference, bit 23 its
    // sign (sign-magnitude "fixed1.0.11") (spec 000 LUT_DATA; facts 1.2). The stored difference
    // is used, not the next entry (facts 1.3, citra#2792). Denominators 4096 and 2048 are the
    // documented fixed-point scales (facts 1.2 notes Azahar uses 4095/2047; team decision).
    const float value = static_cast<float>(word & 0xFFFu) / 4096.0f;
    float diff = static_cast<float>((word >> 12) & 0x7FFu) / 2048.0f;
    if ((word >> 23) & 1u) diff = -diff;
    return value + diff * frac;
}

bool lighting_enabled(const Regs& regs) {
    // 0x1C6 bit 0: "set to 1 when fragment lighting is disabled" (spec 000 GPUREG_LIGHTING_
    // DISABLE). 0x8F is not read: Azahar never reads it and no hardware test of the two
    // disagreeing exists (facts 6).
    return (regs[GPUREG_LIGHTING_ENABLE1] & 1u) == 0;
}

LightingResult light_fragment(const Regs& regs, const LutState& luts, const LightingInputs& in) {
    LightingResult result{};
    // Lighting off: both colours are (0,0,0,0) (facts 6, Azahar).
    if (!lighting_enabled(regs)) return result;

    const std::uint32_t config0 = regs[GPUREG_LIGHTING_CONFIG0];
    const std::uint32_t config1 = regs[GPUREG_LIGHTING_CONFIG1];
    const std::uint32_t abs_bits = regs[GPUREG_LIGHTING_LUTINPUT_ABS];
    const std::uint32_t select = regs[GPUREG_LIGHTING_LUTINPUT_SELECT];
    const std::uint32_t scales = regs[GPUREG_LIGHTING_LUTINPUT_SCALE];
    const unsigned env_config = (config0 >> 4) & 0xFu;
    const bool clamp_highlights = ((config0 >> 27) & 1u) != 0; // spec 000 CONFIG0 bit 27
    const unsigned fresnel_sel = (config0 >> 2) & 3u;          // spec 000 CONFIG0 bits 2-3

    // CONFIG1 global LUT disable bits (1 = disabled), in the spec's and citro3d's order: D0 16,
    // D1 17, FR 19, RB 20, RG 21, RR 22 (spec 000; facts 7: Azahar swaps RR and RB, the team
    // follows the spec). SP has no global bit (bit 18 is a dummy); it uses bits 8-15.
    auto lut_enabled = [&](Lut lut) {
        unsigned bit = 0;
        switch (lut) {
        case D0:
            bit = 16;
            break;
        case D1:
            bit = 17;
            break;
        case FR:
            bit = 19;
            break;
        case RB:
            bit = 20;
            break;
        case RG:
            bit = 21;
            break;
        case RR:
            bit = 22;
            break;
        case SP:
            return true; // per light, checked by the caller
        }
        return ((config1 >> bit) & 1u) == 0;
    };

    const Frame frame = fragment_frame(regs, in);
    const Vec3& n = frame.normal;

    const unsigned num_lights = (regs[GPUREG_LIGHTING_NUM_LIGHTS] & 7u) + 1u; // spec 000
    const std::uint32_t permutation = regs[GPUREG_LIGHTING_LIGHT_PERMUTATION];

    Vec3 primary{}, secondary{};
    float primary_alpha = 1.0f, secondary_alpha = 1.0f; // Fresnel replaces these (facts 5.6)

    for (unsigned slot = 0; slot < num_lights; ++slot) {
        // Slot k holds a light id in bits 4k..4k+2 (spec 000 LIGHT_PERMUTATION; facts 7).
        const unsigned id = (permutation >> (4 * slot)) & 7u;
        const std::uint32_t base = GPUREG_LIGHT0_SPECULAR0 + 0x10u * id;
        const Vec3 specular0 = colour(regs[base + 0]);
        const Vec3 specular1 = colour(regs[base + 1]);
        const Vec3 diffuse = colour(regs[base + 2]);
        const Vec3 ambient = colour(regs[base + 3]);
        const std::uint32_t xy = regs[base + 4], z = regs[base + 5];
        const std::uint32_t spot_xy = regs[base + 6], spot_z = regs[base + 7];
        const std::uint32_t light_config = regs[base + 9];
        const bool directional = (light_config & 1u) != 0;      // spec 000 LIGHTi_CONFIG bit 0
        const bool two_sided = ((light_config >> 1) & 1u) != 0; // bit 1
        const bool geo0 = ((light_config >> 2) & 1u) != 0;      // bit 2
        const bool geo1 = ((light_config >> 3) & 1u) != 0;      // bit 3

        // Light vector (facts 5.1): directional -> the position register is the direction
        // towards the light; positional -> position + V (light minus fragment, eye space).
        const Vec3 position{position_component(xy), position_component(xy >> 16),
                            position_component(z)};
        const Vec3 lraw = directional ? position : add(position, frame.view);
        LightVectors lv{};
        const float dist = std::sqrt(dot(lraw, lraw));
        // A zero or non-finite light vector has no direction: our defined behaviour is L = 0,
        // distance 0.
        if (dist > 0.0f && std::isfinite(dist) && finite(lraw)) {
            lv.l = mul(lraw, 1.0f / dist);
            lv.dist = dist;
        }
        lv.h = add(frame.view_n, lv.l);
        lv.h2 = dot(lv.h, lv.h);
        if (lv.h2 > 0.0f) lv.h_n = mul(lv.h, 1.0f / std::sqrt(lv.h2));
        lv.spot_dir = {spot_component(spot_xy), spot_component(spot_xy >> 16),
                       spot_component(spot_z)};

        // LUT inputs (facts 2). |H| = 0 leaves H-hat = 0, so N.H, V.H and CP read 0.
        auto input = [&](unsigned code) -> float {
            switch (code & 7u) {
            case 0:
                return dot(n, lv.h_n);
            case 1:
                return dot(frame.view_n, lv.h_n);
            case 2:
                return dot(n, frame.view_n);
            case 3:
                return dot(lv.l, n); // raw: the two-sided logic does not apply (facts 2)
            case 4:
                return dot(lv.l, lv.spot_dir); // S holds -P already (spec 000 "negated")
            case 5:
                // CP: H-hat projected onto the plane perpendicular to N, not normalised, dotted
                // with T; only in configuration value 8 (facts 2, citra#2762/#2891 hardware
                // comparison with ctrhwtest/lighting-cp).
                if (env_config != 8) return 0.0f;
                return dot(sub(lv.h_n, mul(n, dot(n, lv.h_n))), frame.tangent);
            default:
                return 0.0f; // 6 and 7 are undefined; Azahar uses 0 (facts 2)
            }
        };
        // One common LUT (D0, D1, SP, FR, RB, RG, RR) for this light.
        auto lut_value = [&](Lut lut) -> float {
            const unsigned shift = 4 * static_cast<unsigned>(lut);
            const float x = input((select >> shift) & 7u);
            // Abs flag: LUTINPUT_ABS bit 4k+1 = 0 means abs() on (spec 000). With it on, the
            // transform depends on the light's two-sided bit: |x| if set, max(x, 0) if not
            // (facts 1.5, Azahar; related to citra#3482).
            const bool abs_on = ((abs_bits >> (shift + 1)) & 1u) == 0;
            const unsigned table = lut == SP ? 8u + id : static_cast<unsigned>(lut);
            float v = 0.0f;
            if (abs_on) {
                const float xa =
                    std::isfinite(x) ? (two_sided ? std::fabs(x) : std::max(x, 0.0f)) : 0.0f;
                v = sample_lighting_lut(luts, table, xa, true);
            } else {
                v = sample_lighting_lut(luts, table, x, false);
            }
            // The scale multiplies the LUT output, not its input (spec 000 "applied to the
            // output"; facts 1.3). No clamp of the result (facts 1.3).
            return v * scale_factor((scales >> shift) & 7u);
        };
        auto usable = [&](Lut lut) { return available(env_config, lut) && lut_enabled(lut); };

        // Diffuse dot and clamp highlights: hardware truth table citra#3484 (facts 5.3).
        const float ln = dot(lv.l, n);
        const float diffuse_dot = two_sided ? std::fabs(ln) : std::max(ln, 0.0f);
        const float clamp_hl = clamp_highlights && diffuse_dot == 0.0f ? 0.0f : 1.0f;

        // Geometric factor: min(1, dot / |H|^2) with H unnormalised and the post-processed
        // dot; 0 when |H| = 0 (facts 5.4, citra#2776 fitted from hardware samples).
        const float geo = lv.h2 == 0.0f ? 0.0f : std::min(1.0f, diffuse_dot / lv.h2);

        // Unavailable or disabled D0/D1/RR read 1.0; RG/RB copy RR (spec 000 "If RR is enabled
        // but not RG or RB, the output of RR is used for the three components"; facts 3).
        const float d0 = usable(D0) ? lut_value(D0) : 1.0f;
        const float d1 = usable(D1) ? lut_value(D1) : 1.0f;
        const float rr = usable(RR) ? lut_value(RR) : 1.0f;
        const float rg = usable(RG) ? lut_value(RG) : rr;
        const float rb = usable(RB) ? lut_value(RB) : rr;
        const Vec3 reflection{rr, rg, rb};

        // Spot: the light's CONFIG1 bit 8+id must be 0 and the configuration must provide SP;
        // otherwise 1.0 (facts 1.7, 3).
        const bool spot_on = ((config1 >> (8 + id)) & 1u) == 0 && available(env_config, SP);
        const float spot = spot_on ? lut_value(SP) : 1.0f;

        // Distance attenuation: CONFIG1 bit 24+id = 0 enables it in every configuration;
        // t = clamp(scale * d + bias, 0, 1), unsigned indexing, no output scale; bias and scale
        // are float1.7.12 in the low 20 bits (spec 000; facts 1.6, citra#6366 for d).
        float atten = 1.0f;
        if (((config1 >> (24 + id)) & 1u) == 0) {
            const float bias = f20_to_float(regs[base + 10] & 0xFFFFFu);
            const float scale = f20_to_float(regs[base + 11] & 0xFFFFFu);
            float t = scale * lv.dist + bias;
            if (std::isnan(t)) t = 0.0f; // our defined behaviour (team decision)
            t = std::clamp(t, 0.0f, 1.0f);
            atten = sample_lighting_lut(luts, 16u + id, t, true);
        }

        // Shadow attenuation (CONFIG0 bits 0, 16-19, 24-25, CONFIG1 bits 0-7; facts 5.7,
        // shadow.md 5): the diffuse term (before the light's ambient joins it) and the specular
        // terms, by the selected unit's colour.
        const ShadowLightFactors shadow =
            shadow_light_factors(regs, in.textures[shadow_lighting_unit(regs)], id);
        Vec3 diffuse_shadow{};
        for (unsigned c = 0; c < 3; ++c)
            diffuse_shadow[c] = static_cast<float>(shadow.diffuse[c]);

        // Specular terms (facts 5.5) and per-light accumulation (facts 5.8): the light's
        // ambient is attenuated by DA and spot as well.
        Vec3 spec0 = mul(specular0, d0 * (geo0 ? geo : 1.0f));
        Vec3 spec1{};
        for (unsigned c = 0; c < 3; ++c)
            spec1[c] = specular1[c] * d1 * reflection[c] * (geo1 ? geo : 1.0f);

        const float attenuation = atten * spot;
        Vec3 shaded_diffuse = mul(diffuse, diffuse_dot);
        Vec3 specular = add(spec0, spec1);
        for (unsigned c = 0; c < 3; ++c) {
            shaded_diffuse[c] *= diffuse_shadow[c];
            specular[c] *= static_cast<float>(shadow.specular[c]);
        }
        primary = add(primary, mul(add(shaded_diffuse, ambient), attenuation));
        secondary = add(secondary, mul(specular, clamp_hl * attenuation));

        // Fresnel: only the last slot's FR value replaces the selected alphas; factors are not
        // combined across lights (facts 5.6, citra#2914 ctrhwtest/fresnel-test). FR unavailable
        // or disabled leaves the alphas at 1.0 (facts 3).
        if (slot + 1 == num_lights && fresnel_sel != 0 && usable(FR)) {
            const float fr = lut_value(FR);
            if (fresnel_sel & 1u) primary_alpha = fr;
            if (fresnel_sel & 2u) secondary_alpha = fr;
        }
    }

    // Final sums (facts 5.9): primary adds the global ambient (0x1C0); each channel is clamped to
    // [0, 1] independently; NaN reads 0 (our defined output).
    // Shadowed alphas: once, after all lights (shadow.md 5).
    const ShadowAlphaFactors alpha_shadow =
        shadow_alpha_factors(regs, in.textures[shadow_lighting_unit(regs)]);
    primary_alpha *= static_cast<float>(alpha_shadow.primary);
    secondary_alpha *= static_cast<float>(alpha_shadow.secondary);
    const Vec3 global_ambient = colour(regs[GPUREG_LIGHTING_AMBIENT]);
    for (unsigned c = 0; c < 3; ++c) {
        result.primary[c] = clamp01(global_ambient[c] + primary[c]);
        result.secondary[c] = clamp01(secondary[c]);
    }
    result.primary[3] = clamp01(primary_alpha);
    result.secondary[3] = clamp01(secondary_alpha);
    return result;
}

} // namespace picavk::test::oracle
