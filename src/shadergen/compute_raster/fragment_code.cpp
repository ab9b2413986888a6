// The fragment shader's code as the compute rasteriser runs it: its inputs set per fragment,
// its built-ins as globals, its texture units sampled with the gradients of their coordinates
// across the pixel's quad (a compute shader has no implicit derivatives).
#include "shadergen/compute_raster/parts.h"

#include "shadergen/fragment/blocks.h"

namespace picavk::shadergen::compute_raster {

namespace {

// Replaces each call of `name(` that is not the tail of a longer identifier.
std::string rename_calls(std::string s, const std::string& name, const std::string& to) {
    const std::string call = name + "(";
    for (std::size_t at = s.find(call); at != std::string::npos;
         at = s.find(call, at + to.size())) {
        const char before = at ? s[at - 1] : ' ';
        const bool word = (before >= 'a' && before <= 'z') || (before >= 'A' && before <= 'Z') ||
                          (before >= '0' && before <= '9') || before == '_';
        if (word) {
            at += 1;
            continue;
        }
        s.replace(at, name.size(), to);
    }
    return s;
}

// Whether texture unit i (0-2) is sampled at coordinates (not texel by texel: shadow textures),
// and so needs the gradients of its coordinates to pick its level of detail.
bool sampled_unit(const FragmentConfig& c, unsigned i) {
    return (c.texture_units >> i & 1) &&
           !(i == 0 && (c.texture0_type == 2 || c.texture0_type == 4));
}

// Sampling with the gradients of the coordinates (texture_gradients()), for the units that
// need them.
std::string with_gradients(std::string s, const FragmentConfig& c) {
    for (unsigned i = 0; i < 3; ++i) {
        if (!sampled_unit(c, i)) continue;
        const std::string unit = "tex_unit" + std::to_string(i);
        const bool proj = i == 0 && c.texture0_type == 3;
        s = replace_all(s, std::string(proj ? "textureProj(" : "texture(") + unit + ",",
                        "pica_texture_unit" + std::to_string(i) + "(" + unit + ",");
    }
    return s;
}

// The level of detail as a fragment shader's implicit derivatives give it: the differences of
// a unit's coordinates across the pixel's 2x2 quad (coarse: from its top-left pixel to the one
// right of it and the one below), the attributes interpolated at those pixels' centres from
// the triangle's planes (inside it or not, as a quad's helper pixels are). shade() sets the
// attributes; each unit's coordinates are texture_coordinates()'s expression evaluated there.
//
// A unit's coordinates at the quad's corners are found where it samples (pica_corner()), and only
// if it takes gradients: the same weights and interpolation as before, made once for each unit
// that takes gradients (two such units make them twice). Until 2026-11-30 every fragment found
// all three corners' attributes once, before its code (24 floats live across all of it, even
// where each unit read one level): the lit and cube-map shaders then took 76-80 registers on the
// H200, past the 64 its compiler otherwise keeps to (RADV: 72 against 56). Found where they are
// used: normal_mapping_3d's shader (two units with gradients) 64 registers, its raster pass 4.5%
// faster, no trace slower (docs/research/compute_raster.md).
constexpr const char* kGradientCorners = R"(
// The fragment's triangle and its pixel's quad's top-left pixel centre (shade()).
uint g_slot;
uvec3 g_vertex;
vec2 g_quad;
vec3 perspective_weights(uint slot, vec2 at);
// The attributes texture coordinates come from at corner q of the quad (0: its top-left pixel,
// 1: the one right of it, 2: the one below), inside the triangle or not.
void pica_corner(uint q, out vec4 texcoord01, out vec4 texcoord2_w) {
    vec3 pq = perspective_weights(g_slot, g_quad + vec2(q == 1u ? 1.0 : 0.0, q == 2u ? 1.0 : 0.0));
    texcoord01 = interpolated(g_vertex, pq, 3);
    vec4 a4 = interpolated(g_vertex, pq, 4), a5 = interpolated(g_vertex, pq, 5);
    texcoord2_w = vec4(a5.zw, a4.x, 0.0); // as shade() sets v_texcoord2_w
}
)";
} // namespace

std::string replace_all(std::string s, const std::string& from, const std::string& to) {
    for (std::size_t at = s.find(from); at != std::string::npos; at = s.find(from, at + to.size()))
        s.replace(at, from.size(), to);
    return s;
}

// The fragment shader's code as a compute shader reads it: its built-ins are globals set per
// fragment, textures sampled with the gradients of their coordinates, other reads at level 0.
std::string as_compute(std::string s, const FragmentConfig& c) {
    s = with_gradients(std::move(s), c);
    s = replace_all(s, "gl_FragCoord", "frag_coord");
    s = replace_all(s, "gl_FragDepth", "frag_depth");
    s = rename_calls(s, "textureProj", "pica_texture_proj");
    s = rename_calls(s, "dFdxFine", "pica_no_derivative");
    s = rename_calls(s, "dFdyFine", "pica_no_derivative");
    return rename_calls(s, "texture", "pica_texture");
}
// The fragment shader's inputs and texture reads, as the rasteriser supplies them.
extern const char* const kFragmentInputs = R"(
// The fragment shader's inputs, set for each fragment (shade()).
vec4 v_color, v_texcoord01, v_texcoord2_w, v_normquat, v_view, v_position;
uint v_draw;
vec4 frag_coord;
float frag_depth;

// Compute shaders have no implicit derivatives: the texture units read with the gradients of
// their coordinates (texture_gradients()); any other read takes level 0.
vec4 pica_texture(sampler2D s, vec2 uv) { return textureLod(s, uv, 0.0); }
vec4 pica_texture(samplerCube s, vec3 uv) { return textureLod(s, uv, 0.0); }
vec4 pica_texture_proj(sampler2D s, vec3 uv) { return textureProjLod(s, uv, 0.0); }
// The procedural texture's footprint (its level of detail), read only by the filters that
// blend LUT levels, which the caller keeps on the graphics path.
float pica_no_derivative(float x) { return 0.0; }
)";

std::string texture_gradients(const FragmentConfig& c) {
    std::string o;
    unsigned units = 0;
    for (unsigned i = 0; i < 3; ++i)
        if (sampled_unit(c, i)) units |= 1u << i;
    for (unsigned i = 0; i < 3; ++i) {
        if (!sampled_unit(c, i)) continue;
        if (o.empty())
            o = "#define PICA_GRADIENTS 1\n#define PICA_GRADIENT_UNITS " + std::to_string(units) +
                "u\n" + kGradientCorners;
        const std::string n = std::to_string(i);
        const bool cube = i == 0 && c.texture0_type == 1, proj = i == 0 && c.texture0_type == 3;
        const std::string type = cube || proj ? "vec3" : "vec2";
        o += type + " pica_coord_unit" + n +
             "(uint q) {\n"
             "    vec4 v_texcoord01, v_texcoord2_w;\n"
             "    pica_corner(q, v_texcoord01, v_texcoord2_w);\n"
             "    return " +
             fragment::texture_coordinates(c, i) + ";\n}\n";
        const std::string a = "pica_coord_unit" + n + "(0u)", x = "pica_coord_unit" + n + "(1u)",
                          y = "pica_coord_unit" + n + "(2u)";
        // One level with one filter (ComputeRasterConstants::lod_free): level 0, as any
        // gradients would give it.
        const std::string lod_free = "    if ((rc.lod_free & " + std::to_string(1u << i) +
                                     "u) != 0u) return " +
                                     (proj ? "textureProjLod" : "textureLod") + "(s, p, 0.0);\n";
        if (proj)
            o += "vec4 pica_texture_unit0(sampler2D s, vec3 p) {\n" + lod_free +
                 "    vec3 a = " + a + ", x = " + x + ", y = " + y +
                 ";\n"
                 "    return textureProjGrad(s, p, x.xy / x.z - a.xy / a.z, "
                 "y.xy / y.z - a.xy / a.z);\n}\n";
        else
            o += "vec4 pica_texture_unit" + n + "(" + (cube ? "samplerCube" : "sampler2D") +
                 " s, " + type + " p) {\n" + lod_free + "    " + type + " a = " + a +
                 ";\n    return textureGrad(s, p, " + x + " - a, " + y + " - a);\n}\n";
    }
    return o;
}

} // namespace picavk::shadergen::compute_raster
