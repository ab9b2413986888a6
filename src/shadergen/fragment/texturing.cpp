#include "shadergen/fragment/blocks.h"

// Texturing (spec 004 TEXUNITi_*): units 0-2 as samplers; unit 0 may be a cube map or a
// projected texture; unit 2 may read texture coordinate 1. Texture 3 (procedural) has its own
// block.

#include "shadergen/glsl_generator.h"

namespace picavk::shadergen::fragment {

std::string texture_declarations(const FragmentConfig& c) {
    std::string o;
    for (unsigned i = 0; i < 3; ++i)
        if (c.texture_units & (1u << i))
            o += "layout(set = 0, binding = " + std::to_string(kTextureBindingFirst + i) +
                 ") uniform " +
                 (i == 0 && c.texture0_type == 1   ? "samplerCube"
                  : i == 0 && c.texture0_type == 4 ? "sampler2DArray" // shadow cube: texel fetches
                                                   : "sampler2D") +
                 " tex_unit" + std::to_string(i) + ";\n";
    return o;
}

namespace {
// The texture coordinate unit i reads.
std::string unit_texcoord(const FragmentConfig& c, unsigned i) {
    const char* coords[3] = {"v_texcoord01.xy", "v_texcoord01.zw",
                             c.texture2_uses_texcoord1 ? "v_texcoord01.zw" : "v_texcoord2_w.xy"};
    return coords[i];
}
} // namespace

std::string texture_coordinates(const FragmentConfig& c, unsigned i) {
    const std::string uv = unit_texcoord(c, i);
    if (i == 0 && c.texture0_type == 1) // cube: direction (u, v, w) picks the face
        return "vec3(" + uv + ", v_texcoord2_w.z)";
    if (i == 0 && c.texture0_type == 3) // projection: (u, v) / w
        return "vec3(" + uv + ".x, v_texcoord2_w.z - " + uv + ".y, v_texcoord2_w.z)";
    // Texture t coordinates are flipped: memory row 0 is the top of the image (tiling.h).
    return "vec2(" + uv + ".x, 1.0 - " + uv + ".y)";
}

std::string sample_textures(const FragmentConfig& c) {
    std::string o;
    for (unsigned i = 0; i < 3; ++i) {
        const std::string name = "tex" + std::to_string(i);
        if (!(c.texture_units & (1u << i))) {
            o += "    ivec4 " + name + " = ivec4(0);\n";
            continue;
        }
        if (i == 0 && (c.texture0_type == 2 || c.texture0_type == 4)) {
            o += sample_shadow_texture(c); // shadow.cpp
            continue;
        }
        const std::string uv = unit_texcoord(c, i);
        const std::string sample =
            std::string(i == 0 && c.texture0_type == 3 ? "textureProj" : "texture") + "(tex_unit" +
            std::to_string(i) + ", " + texture_coordinates(c, i) + ")";
        o += "    ivec4 " + name + " = to8(" + sample + ");\n";
        if (c.texture_narrow[i])
            o += "    " + name + " = narrowed(" + name + ", " +
                 std::to_string(c.texture_narrow[i]) + "u);\n";
        // Clamp-to-border without custom border colours: outside [0, 1] reads the border.
        const unsigned border = (c.border_emulation >> (2 * i)) & 3;
        if (border) {
            std::string outside;
            if (border & 1) outside += "(" + uv + ".x < 0.0 || " + uv + ".x > 1.0)";
            if (border & 2)
                outside += std::string(outside.empty() ? "" : " || ") + "(" + uv + ".y < 0.0 || " +
                           uv + ".y > 1.0)";
            o += "    if (" + outside + ") " + name + " = to8(u.border_color[" + std::to_string(i) +
                 "]);\n";
        }
    }
    // Texture 3, the procedural texture unit, has its own block (proctex.cpp).
    o += sample_proctex(c);
    return o;
}

} // namespace picavk::shadergen::fragment
