#include "shadergen/fragment/blocks.h"

// Fog (spec 002 FOG_*, TEXENV_UPDATE_BUFFER mode 5), applied to RGB after the texture
// environment. Gas (mode 7) has its own block.

#include "shadergen/lut_layout.h"

namespace picavk::shadergen::fragment {

std::string fog_function() {
    // FOG_LUT_DATA: 128 entries over depth 0..1 (1 - depth with Z flip); each holds a value
    // (bits 13-23, fixed0.0.11) and the signed difference to the next entry (bits 0-12,
    // fixed1.1.11) to interpolate with. colour = mix(fog colour, colour, factor).
    return "ivec3 fogged(ivec3 rgb, float depth, bool flip) {\n"
           "    float index = (flip ? 1.0 - depth : depth) * 128.0;\n"
           "    float i = clamp(floor(index), 0.0, 127.0);\n"
           "    uint e = texelFetch(luts, int(i) + " +
           std::to_string(kLutFogOffset) +
           ").r;\n"
           "    float value = float((e >> 13) & 0x7FFu) / 2048.0;\n"
           "    float diff = float(int(e << 19) >> 19) / 2048.0;\n"
           "    float factor = clamp(value + diff * (index - i), 0.0, 1.0);\n"
           "    return to8(vec4(mix(u.fog_color.rgb, vec3(rgb) / 255.0, factor), 0.0)).rgb;\n"
           "}\n";
}

std::string apply_fog(const FragmentConfig& c) {
    if (c.fog != 1) return shade_gas(c); // fog mode 7: gas shading (gas.cpp)
    return std::string("    previous.rgb = fogged(previous.rgb, depth, ") +
           (c.fog_flip ? "true" : "false") + ");\n";
}

} // namespace picavk::shadergen::fragment
