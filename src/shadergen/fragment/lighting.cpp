#include "shadergen/fragment/blocks.h"

// Fragment lighting (spec/000; the facts and their sources are collected in
// docs/research/lighting.md): up to eight lights from the interpolated normal quaternion and
// view vector, with bump or tangent mapping, the 24 LUTs, spot and distance attenuation,
// geometric factors, clamp highlights and Fresnel, giving the texture environment's fragment
// primary and secondary colours.
//
// One emitter writes both the specialised code and the ubershader's: each configuration value
// is either a constant (specialised: branches on it disappear and only the LUTs in use are
// read) or an expression on the ubershader's push constants (one loop over the slots).

#include "shadergen/block_uniforms.h"
#include "shadergen/lut_layout.h"

namespace picavk::shadergen::fragment {

namespace {

// A configuration value: GLSL text, and its value when it is a constant.
struct Value {
    std::string glsl;
    int known = -1;
    static Value constant(unsigned v) { return {std::to_string(v) + "u", static_cast<int>(v)}; }
    static Value flag(bool v) { return {v ? "true" : "false", v ? 1 : 0}; }
};

// Where the emitter reads the configuration from.
struct Params {
    const LightingConfig* key = nullptr; // specialised; null for the ubershader
    bool uber() const { return key == nullptr; }

    Value lut_enabled(LightingLut l) const {
        const auto i = static_cast<unsigned>(l);
        if (!uber()) return Value::flag(key->luts[i].enabled != 0);
        return {"((" + lut_byte(i) + " & 1u) != 0u)"};
    }
    Value lut_input(LightingLut l) const {
        const auto i = static_cast<unsigned>(l);
        if (!uber()) return Value::constant(key->luts[i].input);
        return {"((" + lut_byte(i) + " >> 1) & 7u)"};
    }
    Value lut_absolute(LightingLut l) const {
        const auto i = static_cast<unsigned>(l);
        if (!uber()) return Value::flag(key->luts[i].absolute != 0);
        return {"((" + lut_byte(i) + " & 16u) != 0u)"};
    }
    Value lut_scale(LightingLut l) const {
        const auto i = static_cast<unsigned>(l);
        if (!uber()) return Value::constant(key->luts[i].scale);
        return {"(" + lut_byte(i) + " >> 5)"};
    }
    // Per slot: `slot` is a number (specialised) or the loop variable (ubershader).
    Value light_id(unsigned slot) const {
        if (!uber()) return Value::constant(key->lights[slot].id);
        return {"(light_flags & 7u)"};
    }
    Value light_flag(unsigned slot, unsigned bit) const {
        if (!uber()) {
            const LightConfig& l = key->lights[slot];
            const std::uint8_t f[7] = {l.directional, l.two_sided, l.geometric0,
                                       l.geometric1,  l.spot,      l.distance_attenuation,
                                       l.shadowed};
            return Value::flag(f[bit] != 0);
        }
        return {"((light_flags & " + std::to_string(8u << bit) + "u) != 0u)"};
    }
    Value last_slot(unsigned slot) const {
        if (!uber()) return Value::flag(slot + 1 == key->light_count);
        return {"(slot == light_count - 1u)"};
    }
    Value fresnel(unsigned bit) const {
        if (!uber()) return Value::flag((key->fresnel >> bit & 1) != 0);
        return {"((cfg.lighting & " + std::to_string(16u << bit) + "u) != 0u)"};
    }
    // LightingConfig::shadow: a kShadow* bit (ubershader: cfg.lighting bits 12-16), the unit
    // (bits 17-18).
    Value shadow_bit(std::uint8_t bit) const {
        if (!uber()) return Value::flag((key->shadow & bit) != 0);
        return {"((cfg.lighting & " + std::to_string(unsigned{bit} << 12) + "u) != 0u)"};
    }
    Value shadow_unit() const {
        if (!uber()) return Value::constant(key->shadow >> kShadowUnitShift & 3);
        return {"((cfg.lighting >> 17) & 3u)"};
    }
    Value clamp_highlights() const {
        if (!uber()) return Value::flag(key->clamp_highlights != 0);
        return {"((cfg.lighting & 2048u) != 0u)"};
    }

  private:
    static std::string lut_byte(unsigned i) {
        return "((cfg.lighting_luts[" + std::to_string(i / 4) + "] >> " +
               std::to_string(8 * (i % 4)) + ") & 255u)";
    }
};

enum LightFlag : unsigned {
    kDirectional = 0,
    kTwoSided = 1,
    kGeometric0 = 2,
    kGeometric1 = 3,
    kSpot = 4,
    kDistanceAttenuation = 5,
    kShadowed = 6
};

// a && b, folded when either is a constant.
Value both(const Value& a, const Value& b) {
    if (a.known == 0 || b.known == 0) return Value::flag(false);
    if (a.known == 1) return b;
    if (b.known == 1) return a;
    return {"(" + a.glsl + " && " + b.glsl + ")"};
}

// `factor` where the condition holds: " * factor", or a select for a run-time condition.
std::string times_when(const Value& cond, const std::string& factor) {
    if (cond.known == 0) return {};
    if (cond.known == 1) return " * " + factor;
    return " * (" + cond.glsl + " ? " + factor + " : vec3(1.0))";
}

// `if (cond) body`, dropped or unconditional when the condition is a constant.
std::string when(const Value& cond, const std::string& body, const std::string& indent) {
    if (cond.known == 0) return {};
    if (cond.known == 1) return body;
    return indent + "if (" + cond.glsl + ") {\n" + body + indent + "}\n";
}

// A LUT input (LUTINPUT_SELECT): the expression when the code is a constant.
std::string input_expression(const Value& code) {
    switch (code.known) {
    case 0:
        return "dot(N, H)";
    case 1:
        return "dot(V, H)";
    case 2:
        return "dot(N, V)";
    case 3:
        return "dot(L, N)";
    case 4:
        return "dot(L, S)";
    case 5:
        return "dot(H - N * dot(N, H), T)";
    case -1:
        return "lighting_input(" + code.glsl + ", N, V, L, H, T, S)";
    default:
        return "0.0";
    }
}

std::string scale_expression(const Value& code) {
    switch (code.known) {
    case 0:
        return "1.0";
    case 1:
        return "2.0";
    case 2:
        return "4.0";
    case 3:
        return "8.0";
    case 6:
        return "0.25";
    case 7:
        return "0.5";
    case -1:
        return "lighting_scale(" + code.glsl + ")";
    default:
        return "0.0"; // codes 4 and 5 are undocumented; Azahar's GetScale reads them as zero
    }
}

// `name = LUT(input) * scale` for a common LUT (table = the LUT's table number expression).
std::string sample(const Params& p, LightingLut l, const std::string& name,
                   const std::string& table, const Value& two_sided, const std::string& indent) {
    return indent + name + " = lighting_lut(" + table + ", " + input_expression(p.lut_input(l)) +
           ", " + p.lut_absolute(l).glsl + ", " + two_sided.glsl + ") * " +
           scale_expression(p.lut_scale(l)) + ";\n";
}

// One light's contribution (spec/000 "Fragment lighting"; per-light sums as in docs/research/
// lighting.md 5.8): primary += (diffuse * dot + ambient) * DA * SP, secondary += (specular 0 +
// specular 1) * clamp * DA * SP.
std::string light_body(const Params& p, unsigned slot, const std::string& in) {
    const std::string in2 = in + "    ";
    const Value id = p.light_id(slot);
    const Value two_sided = p.light_flag(slot, kTwoSided);
    std::string o = in + "{\n";
    o += in2 + "const uint id = " + id.glsl + ";\n";
    // Light vector: towards the light; a positional light's position is relative to the eye,
    // and the view vector runs from the fragment to the eye (citra PR 6366: the distance for
    // attenuation is this vector's length for both kinds of light, checked on hardware).
    const Value directional = p.light_flag(slot, kDirectional);
    o += in2 + "vec3 L = bu.light[id].position.xyz";
    if (directional.known != 1)
        o +=
            directional.known == 0 ? " + view" : " + (" + directional.glsl + " ? vec3(0.0) : view)";
    o += ";\n";
    o += in2 + "float dist = length(L);\n";
    o += in2 + "if (dist > 0.0 && dist < 3.0e38) L /= dist; else { L = vec3(0.0); dist = 0.0; }\n";
    // Half vector, normalised for the LUT inputs; its squared length for the geometric factor.
    o += in2 + "vec3 half_raw = V + L;\n";
    o += in2 + "float half_len2 = dot(half_raw, half_raw);\n";
    o += in2 + "vec3 H = half_len2 > 0.0 ? half_raw * inversesqrt(half_len2) : vec3(0.0);\n";
    o += in2 + "vec3 S = bu.light[id].spot_direction.xyz;\n";
    // Diffuse: max(L.N, 0), or |L.N| when two-sided; clamp highlights zero the specular where
    // that is zero (citra PR 3484, a hardware truth table).
    o += in2 + "float ln = dot(L, N);\n";
    if (two_sided.known == 1)
        o += in2 + "float diffuse_dot = abs(ln);\n";
    else if (two_sided.known == 0)
        o += in2 + "float diffuse_dot = max(ln, 0.0);\n";
    else
        o += in2 + "float diffuse_dot = " + two_sided.glsl + " ? abs(ln) : max(ln, 0.0);\n";
    o += in2 + "float highlight = 1.0;\n";
    o += when(p.clamp_highlights(), in2 + "if (diffuse_dot == 0.0) highlight = 0.0;\n", in2);
    // Geometric factor: min(1, dot / |V + L|^2), fitted to 65,600 hardware samples within
    // +-0.01 (citra PR 2776, wwylele/ctrhwtest geo_factor).
    o += in2 + "float geometric = half_len2 > 0.0 ? min(1.0, diffuse_dot / half_len2) : 0.0;\n";
    o += in2 + "float d0 = 1.0, d1 = 1.0, spot = 1.0, attenuation = 1.0;\n";
    o += when(p.lut_enabled(LightingLut::D0),
              sample(p, LightingLut::D0, "d0", "0u", two_sided, in2 + "    "), in2);
    o += when(p.lut_enabled(LightingLut::D1),
              sample(p, LightingLut::D1, "d1", "1u", two_sided, in2 + "    "), in2);
    o += when(p.light_flag(slot, kSpot),
              sample(p, LightingLut::SP, "spot", "8u + id", two_sided, in2 + "    "), in2);
    // Distance attenuation: DA at clamp(scale * distance + bias, 0, 1), unsigned index, no
    // output scale (spec/000 LIGHTi_ATTENUATION_*; citra PR 4854).
    o += when(p.light_flag(slot, kDistanceAttenuation),
              in2 + "    attenuation = lighting_lut(16u + id, clamp(dist * "
                    "bu.light[id].attenuation.y + bu.light[id].attenuation.x, 0.0, 1.0), "
                    "true, false);\n",
              in2);
    // Reflection: RR, RG, RB; a disabled RG or RB copies RR's value (spec/000 CONFIG0).
    o += in2 + "vec3 reflection = vec3(1.0);\n";
    o += when(p.lut_enabled(LightingLut::RR),
              sample(p, LightingLut::RR, "reflection.r", "6u", two_sided, in2 + "    "), in2);
    o += in2 + "reflection.gb = reflection.rr;\n";
    o += when(p.lut_enabled(LightingLut::RG),
              sample(p, LightingLut::RG, "reflection.g", "5u", two_sided, in2 + "    "), in2);
    o += when(p.lut_enabled(LightingLut::RB),
              sample(p, LightingLut::RB, "reflection.b", "4u", two_sided, in2 + "    "), in2);
    // Fresnel: only the last slot's FR value reaches the alphas (citra PR 2914, checked with
    // wwylele/ctrhwtest fresnel-test).
    const Value fresnel_used = p.uber() ? Value{"(" + p.lut_enabled(LightingLut::FR).glsl + " && " +
                                                p.last_slot(slot).glsl + ")"}
                                        : Value::flag(p.lut_enabled(LightingLut::FR).known == 1 &&
                                                      p.last_slot(slot).known == 1);
    o += when(fresnel_used, sample(p, LightingLut::FR, "fresnel", "3u", two_sided, in2 + "    "),
              in2);
    o += in2 + "vec3 specular0 = bu.light[id].specular0.rgb * d0;\n";
    o += in2 + "vec3 specular1 = bu.light[id].specular1.rgb * d1 * reflection;\n";
    o += when(p.light_flag(slot, kGeometric0), in2 + "    specular0 *= geometric;\n", in2);
    o += when(p.light_flag(slot, kGeometric1), in2 + "    specular1 *= geometric;\n", in2);
    // Shadow attenuation (shadow.md 5; citra #7404): the diffuse term before the light's
    // ambient is added, and the specular terms, of lights whose CONFIG1 bit is clear.
    const Value shadowed = p.light_flag(slot, kShadowed);
    o += in2 + "diffuse_sum += (bu.light[id].diffuse.rgb * diffuse_dot" +
         times_when(both(shadowed, p.shadow_bit(kShadowDiffuse)), "shadow.rgb") +
         " + bu.light[id].ambient.rgb) * attenuation * spot;\n";
    o += in2 + "specular_sum += (specular0 + specular1)" +
         times_when(both(shadowed, p.shadow_bit(kShadowSpecular)), "shadow.rgb") +
         " * highlight * attenuation * spot;\n";
    o += in + "}\n";
    return o;
}

// The shading frame and the sums, then the lights, then the two colours.
std::string lighting_main(const Params& p, unsigned bump_mode, unsigned bump_unit,
                          bool renormalize) {
    std::string o = "    {\n";
    // The quaternion is interpolated linearly, normalised, then rotates the surface frame
    // (citra PR 2729, screenshots against hardware). A zero or non-finite one (bad input) is
    // the identity: the surface normal itself.
    o += "        float qlen = length(v_normquat);\n"
         "        vec4 q = qlen > 0.0 && qlen < 3.0e38 ? v_normquat / qlen : vec4(0.0, 0.0, 0.0, "
         "1.0);\n";
    o += "        vec3 view = v_view.xyz;\n"
         "        float vlen = length(view);\n"
         "        if (!(vlen < 3.0e38)) { view = vec3(0.0); vlen = 0.0; }\n"
         "        vec3 V = vlen > 0.0 ? view / vlen : vec3(0.0, 0.0, 1.0);\n";
    // Bump mapping (CONFIG0 bits 22-23, 28-30): the texel (8-bit, 2x - 1) is the surface normal
    // (normal map; z recomputed unless renormalisation is off) or the surface tangent.
    o += "        vec3 surface_normal = vec3(0.0, 0.0, 1.0), surface_tangent = vec3(1.0, 0.0, "
         "0.0);\n";
    auto bump_code = [&](unsigned mode, const std::string& texel, const std::string& renorm) {
        std::string b = "            vec3 p = vec3(" + texel + ".rgb) / 127.5 - 1.0;\n";
        if (mode == 1) {
            b += "            if (" + renorm +
                 ") p.z = sqrt(max(0.0, 1.0 - p.x * p.x - p.y * p.y));\n";
            b += "            surface_normal = p;\n";
        } else {
            b += "            surface_tangent = p;\n";
        }
        return b;
    };
    if (!p.uber()) {
        if (bump_mode) {
            o += "        {\n" +
                 bump_code(bump_mode, "tex" + std::to_string(bump_unit),
                           renormalize ? "true" : "false") +
                 "        }\n";
        }
    } else {
        o += "        uint bump_mode = (cfg.lighting >> 6) & 3u;\n"
             "        if (bump_mode != 0u) {\n"
             "            uint unit = (cfg.lighting >> 8) & 3u;\n"
             "            ivec4 texel = unit == 0u ? tex0 : unit == 1u ? tex1 : unit == 2u ? tex2 "
             ": tex3;\n"
             "            bool renorm = (cfg.lighting & 1024u) != 0u;\n"
             "            vec3 p = vec3(texel.rgb) / 127.5 - 1.0;\n"
             "            if (bump_mode == 1u) {\n"
             "                if (renorm) p.z = sqrt(max(0.0, 1.0 - p.x * p.x - p.y * p.y));\n"
             "                surface_normal = p;\n"
             "            } else {\n"
             "                surface_tangent = p;\n"
             "            }\n"
             "        }\n";
    }
    // The shadow sample: the selected unit's colour, inverted with CONFIG0 bit 18 (shadow.md 5).
    o += "        vec4 shadow = vec4(1.0);\n";
    const Value any_shadow =
        p.uber() ? Value{"((cfg.lighting & 0x1F000u) != 0u)"} : Value::flag(p.key->shadow != 0);
    if (any_shadow.known != 0) {
        const Value unit = p.shadow_unit();
        const std::string texel =
            unit.known >= 0 ? "tex" + std::to_string(unit.known)
                            : "(" + unit.glsl + " == 0u ? tex0 : " + unit.glsl +
                                  " == 1u ? tex1 : " + unit.glsl + " == 2u ? tex2 : tex3)";
        std::string body = "            shadow = vec4(" + texel + ") / 255.0;\n";
        const Value invert = p.shadow_bit(kShadowInvert);
        body += when(invert, "                shadow = 1.0 - shadow;\n", "            ");
        o += when(any_shadow, body, "        ");
    }
    o += "        vec3 N = quaternion_rotate(q, surface_normal);\n"
         "        vec3 T = quaternion_rotate(q, surface_tangent);\n"
         "        vec3 diffuse_sum = vec3(0.0), specular_sum = vec3(0.0);\n"
         "        float fresnel = 1.0;\n";
    if (!p.uber()) {
        for (unsigned slot = 0; slot < p.key->light_count; ++slot)
            o += light_body(p, slot, "        ");
    } else {
        o += "        uint light_count = ((cfg.lighting >> 1) & 7u) + 1u;\n"
             "        for (uint slot = 0u; slot < light_count; ++slot) {\n"
             "            uint light_flags = (cfg.lights[slot >> 1] >> (16u * (slot & 1u))) & "
             "0xFFFFu;\n";
        o += light_body(p, 0, "            ");
        o += "        }\n";
    }
    // Sums clamped to [0, 1]; the global ambient joins the primary colour. Fresnel replaces
    // the alphas it is routed to; the rest are 1.
    const Value fp = p.fresnel(0), fs = p.fresnel(1);
    auto alpha = [](const Value& v) {
        return v.known == 1   ? std::string("fresnel")
               : v.known == 0 ? std::string("1.0")
                              : "(" + v.glsl + " ? fresnel : 1.0)";
    };
    // Shadowed alphas: once, after the lights, whether or not Fresnel wrote them (shadow.md 5).
    auto shadow_alpha = [&](std::uint8_t bit) {
        const Value v = p.shadow_bit(bit);
        return v.known == 0   ? std::string()
               : v.known == 1 ? std::string(" * shadow.a")
                              : " * (" + v.glsl + " ? shadow.a : 1.0)";
    };
    o += "        frag_primary = to8(finite_or_zero(vec4(bu.ambient.rgb + diffuse_sum, " +
         alpha(fp) + shadow_alpha(kShadowPrimaryAlpha) + ")));\n";
    o += "        frag_secondary = to8(finite_or_zero(vec4(specular_sum, " + alpha(fs) +
         shadow_alpha(kShadowSecondaryAlpha) + ")));\n";
    o += "    }\n";
    return o;
}

} // namespace

std::string lighting_functions() {
    return R"(
vec3 quaternion_rotate(vec4 q, vec3 v) { return v + 2.0 * cross(q.xyz, cross(q.xyz, v) + q.w * v); }
// NaN and infinities become 0 (a defined colour for bad input); the rest is clamped to [0, 1].
vec4 finite_or_zero(vec4 v) {
    return vec4(v.x >= 0.0 ? min(v.x, 1.0) : 0.0, v.y >= 0.0 ? min(v.y, 1.0) : 0.0,
                v.z >= 0.0 ? min(v.z, 1.0) : 0.0, v.w >= 0.0 ? min(v.w, 1.0) : 0.0);
}
// A lighting LUT entry (spec/000 LIGHTING_LUT_DATA): value fixed0.0.12 in bits 0-11, the
// difference to interpolate with as a magnitude (bits 12-22, 1/2048) and a sign (bit 23). The
// stored difference is used, not the next entry (citra PR 2792).
float lighting_lut_entry(uint table, uint index, float frac) {
    uint e = texelFetch(luts, int()" +
           std::to_string(kLutLightingOffset) + R"(u + table * 256u + index)).r;
    float diff = float((e >> 12) & 0x7FFu) / 2048.0;
    return float(e & 0xFFFu) / 4096.0 + ((e & 0x800000u) != 0u ? -diff : diff) * frac;
}
// Sampling: a signed input indexes entries as an 8-bit two's complement number (x * 128); an
// absolute one takes |x| (two-sided lights) or max(x, 0) and indexes x * 256 (citra PR 2792;
// Azahar's lighting). Non-finite inputs read at 0.
float lighting_lut(uint table, float x, bool absolute, bool two_sided) {
    if (!(abs(x) < 3.0e38)) x = 0.0;
    if (absolute) {
        x = two_sided ? abs(x) : max(x, 0.0);
        float i = clamp(floor(x * 256.0), 0.0, 255.0);
        return lighting_lut_entry(table, uint(i), x * 256.0 - i);
    }
    float i = clamp(floor(x * 128.0), -128.0, 127.0);
    return lighting_lut_entry(table, uint(int(i) & 255), x * 128.0 - i);
}
)";
}

std::string lighting_uber_functions() {
    return R"(
float lighting_scale(uint code) {
    return code < 4u ? float(1u << code) : code == 6u ? 0.25 : code == 7u ? 0.5 : 0.0;
}
float lighting_input(uint code, vec3 N, vec3 V, vec3 L, vec3 H, vec3 T, vec3 S) {
    switch (code) {
    case 0u: return dot(N, H);
    case 1u: return dot(V, H);
    case 2u: return dot(N, V);
    case 3u: return dot(L, N);
    case 4u: return dot(L, S);
    case 5u: return dot(H - N * dot(N, H), T);
    default: return 0.0;
    }
}
)";
}

std::string compute_lighting(const FragmentConfig& c) {
    // Lighting off: the fragment colours read zero (Azahar does the same).
    std::string o = "    ivec4 frag_primary = ivec4(0), frag_secondary = ivec4(0);\n";
    if (!c.lighting.enabled) return o;
    Params p;
    p.key = &c.lighting;
    return o + lighting_main(p, c.lighting.bump_mode, c.lighting.bump_unit,
                             c.lighting.bump_renormalize != 0);
}

std::string compute_lighting_uber() {
    return "    ivec4 frag_primary = ivec4(0), frag_secondary = ivec4(0);\n"
           "    if ((cfg.lighting & 1u) != 0u)\n" +
           lighting_main(Params{}, 0, 0, false);
}

} // namespace picavk::shadergen::fragment
