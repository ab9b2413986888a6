#include "shadergen/fragment/blocks.h"

// Gas (fog volumes and smoke; docs/research/gas.md). No emulator renders gas and no hardware
// measurement exists: this is the sheet's proposed model (gas.md 4), which the CPU reference
// model (tests/oracle/gas_model.h) also implements, with its choices kept in one place each:
//
// - Accumulation (COLOR_OPERATION mode 1, gas.md 4.2): the target is a density buffer of two
//   16-bit sums per pixel, D1 (plain) in R:G and D2 (depth-weighted) in B:A, in 1/255 units. A
//   fragment adds its combiner red d8 to D1 and round(d8 * w) to D2, both saturating at 65535;
//   w is the gas depth function's soft weight of the distance to the depth buffer, scaled by
//   DELTAZ. The update goes through an r32ui view of the target (as shadow writes do).
// - Shading (fog mode 7, gas.md 4.3): in the fog slot, the combiner output is read as a density
//   texel (the program routes the density buffer through the combiners as a texture); the
//   normalised densities, the planar and view light terms, the 16-word LUT and the attenuation
//   give the colour that replaces it.
//
// Where picavk departs from the sheet's model (each a choice, said in the README): the stencil
// test does not run in the accumulation pass (it has no depth/stencil attachment; gas.md 4.2(6)
// would run it without writing), register 0x125 (the accumulated maximum, 4.5) is not updated
// (no readback path; no program is known to read it), and a gas LUT index past 15 is a counted
// warning with the word dropped (the command processor's rule for every LUT) rather than a wrap.

#include "shadergen/glsl_generator.h"
#include "shadergen/lut_layout.h"

namespace picavk::shadergen::fragment {

std::string gas_declarations(const FragmentConfig& c) {
    if (!c.gas_write) return {};
    std::string o;
    if (c.gas_write == kStorageWriteInterlock) o += "layout(pixel_interlock_ordered) in;\n";
    o += "layout(set = 0, binding = " + std::to_string(kShadowBufferBinding) +
         ", r32ui) uniform coherent uimage2D gas_buffer;\n";
    o += "layout(set = 0, binding = " + std::to_string(kGasDepthBinding) +
         ") uniform sampler2D gas_depth;\n";
    return o;
}

std::string gas_functions(const FragmentConfig& c) {
    std::string o;
    if (c.gas_write || c.fog == 2) {
        o += R"(
// [0, 1], NaN to 0 (GLSL's clamp leaves NaN undefined).
float gas_saturate(float x) { return x > 0.0 ? min(x, 1.0) : 0.0; }
)";
    }
    if (c.gas_write) {
        o += R"(
// One density texel (host word: R | G << 8 | B << 16 | A << 24; D1 = R:G, D2 = B:A) plus d8 and
// d8w, each sum saturating at 65535 (gas.md 4.1, 4.2(5)).
uint gas_update(uint stored, uint d8, uint d8w) {
    uint d1 = (stored & 255u) << 8 | (stored >> 8 & 255u);
    uint d2 = (stored >> 16 & 255u) << 8 | stored >> 24;
    d1 = min(d1 + d8, 65535u);
    d2 = min(d2 + d8w, 65535u);
    return d1 >> 8 | (d1 & 255u) << 8 | (d2 >> 8) << 16 | (d2 & 255u) << 24;
}
)";
    }
    if (c.fog == 2) {
        o += R"(
// The gas LUT (gas.md 4.4): colours C[i] in words 8-15, differences in words 0-7 (two's-complement
// bytes, times 2/255); x in [0, 1] runs over eight segments.
vec3 gas_lut(float x) {
    float t = 8.0 * gas_saturate(x);
    float i = min(floor(t), 7.0);
    float f = t - i;
    uint color = texelFetch(luts, int()" +
             std::to_string(kLutGasOffset) + R"(u + 8u + uint(i))).r;
    int diff = int(texelFetch(luts, int()" +
             std::to_string(kLutGasOffset) + R"(u + uint(i))).r);
    vec3 v;
    for (int k = 0; k < 3; ++k)
        v[k] = gas_saturate(float((color >> (8 * k)) & 255u) / 255.0 +
                            f * float(bitfieldExtract(diff, 8 * k, 8)) * 2.0 / 255.0);
    return v;
}
// One light term: min + (max - min) * clamp(1 - attenuation * s) (gas.md 4.3(4)).
float gas_light(vec4 term, float s) {
    return term.x + (term.y - term.x) * gas_saturate(1.0 - term.z * s);
}
// The shading pass on one combiner output (gas.md 4.3), configured by FragmentConfig::gas's
// selectors: a literal in the specialised shader, a push constant in the ubershader.
ivec4 gas_shade(ivec4 c, uint selectors) {
    // Densities from the combiner bytes (4.3(1)), normalised by ACCMAX (1 / max) (4.3(2)).
    float d1 = float(c.r * 256 + c.g) / 255.0;
    float d2 = float(c.b * 256 + c.a) / 255.0;
    float n1 = gas_saturate(d1 * bu.gas_scalars.x);
    float n2 = gas_saturate(d2 * bu.gas_scalars.x);
    float s = (selectors & )" +
             std::to_string(kGasDepthDensity) + R"(u) != 0u ? n2 : n1;
    // The light factor: planar and view terms blended by the line-of-sight weight (4.3(4)).
    float kz = bu.gas_scalars.z;
    float light = (1.0 - kz) * gas_light(bu.gas_planar, s) + kz * gas_light(bu.gas_view, s);
    bool lut_light = (selectors & )" +
             std::to_string(kGasLutLightFactor) + R"(u) != 0u;
    vec3 lut = gas_lut(lut_light ? light : n2);
    vec3 rgb = lut_light ? lut : vec3(gas_saturate(lut.r * light), gas_saturate(lut.g * light),
                                      gas_saturate(lut.b * light));
    // Opacity: linear in the depth density (4.3(7)).
    float alpha = gas_saturate(n2 * bu.gas_scalars.y);
    return ivec4(floor(vec4(rgb, alpha) * 255.0 + 0.5));
}
)";
    }
    return o;
}

std::string accumulate_gas(const FragmentConfig& c) {
    if (!c.gas_write) return {};
    // The depth weight (gas.md 4.2(4)): fragment depth zf against the depth buffer's zb.
    const unsigned func = c.gas & 3;
    std::string weight;
    switch (func) {
    case 0:
        weight = "0.0";
        break;
    case 1:
        weight = "1.0";
        break;
    case 2:
        weight = "gas_saturate((zf - zb) * bu.gas_scalars.w)";
        break;
    default:
        weight = "gas_saturate((zb - zf) * bu.gas_scalars.w)";
        break;
    }
    std::string o = "    {\n"
                    "        ivec2 at = ivec2(gl_FragCoord.xy);\n"
                    "        float zf = clamp(depth, 0.0, 1.0);\n";
    if (func >= 2) o += "        float zb = clamp(texelFetch(gas_depth, at, 0).r, 0.0, 1.0);\n";
    // The density input: the combiner's red (gas.md 4.2(2)); D2 gets it rounded by the weight.
    o += "        uint d8 = uint(previous.r);\n"
         "        uint d8w = uint(floor(float(d8) * " +
         weight + " + 0.5));\n";
    if (storage_write_in_order(c.gas_write)) {
        const bool interlock = c.gas_write == kStorageWriteInterlock;
        return (interlock ? "    beginInvocationInterlockARB();\n" : "") + o +
               "        uint stored = imageLoad(gas_buffer, at).r;\n"
               "        imageStore(gas_buffer, at, uvec4(gas_update(stored, d8, d8w)));\n"
               "    }\n" +
               (interlock ? "    endInvocationInterlockARB();\n" : "");
    }
    // Sums commute: overlapping fragments give the same result in any order. The bound is for
    // helper invocations, whose atomics return undefined values (shadow.cpp).
    o += "        uint stored = imageLoad(gas_buffer, at).r;\n"
         "        for (int tries = 0; tries < 1024; ++tries) {\n"
         "            uint updated = gas_update(stored, d8, d8w);\n"
         "            if (updated == stored) break;\n"
         "            uint seen = imageAtomicCompSwap(gas_buffer, at, stored, updated);\n"
         "            if (seen == stored) break;\n"
         "            stored = seen;\n"
         "        }\n"
         "    }\n";
    return o;
}

std::string shade_gas(const FragmentConfig& c) {
    if (c.fog != 2) return {};
    return "    previous = gas_shade(previous, " +
           std::to_string(c.gas & (kGasDepthDensity | kGasLutLightFactor)) + "u);\n";
}

} // namespace picavk::shadergen::fragment
