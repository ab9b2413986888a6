#include "shadergen/glsl_generator.h"

#include "shadergen/lut_layout.h"

#include <sstream>

namespace picavk::shadergen {

namespace {

constexpr const char* kInterface = R"(
layout(location = 0) VARYING vec4 v_color;
layout(location = 1) VARYING vec4 v_texcoord01;
layout(location = 2) VARYING vec4 v_texcoord2_w;
layout(location = 3) VARYING vec4 v_normquat;
layout(location = 4) VARYING vec4 v_view;
layout(location = 5) VARYING vec4 v_position;
)";

std::string interface_block(const char* qualifier) {
    std::string s = kInterface;
    for (std::size_t p; (p = s.find("VARYING")) != std::string::npos;)
        s.replace(p, 7, qualifier);
    return s;
}

// Texture environment sources (spec 002 TEXENVi_SOURCE).
std::string source(unsigned src, unsigned stage) {
    switch (src) {
    case 0x0:
        return "primary";
    case 0x1:
        return "frag_primary";
    case 0x2:
        return "frag_secondary";
    case 0x3:
        return "tex0";
    case 0x4:
        return "tex1";
    case 0x5:
        return "tex2";
    case 0x6:
        return "tex3";
    case 0xD:
        return "combiner_buffer";
    case 0xE:
        return "u.const_color[" + std::to_string(stage) + "]";
    case 0xF:
        return "previous";
    default:
        return "vec4(0.0)"; // undocumented source ids read as zero
    }
}

// RGB operands (spec 002 TEXENVi_OPERAND bits 0-11).
std::string rgb_operand(unsigned op, const std::string& s) {
    switch (op) {
    case 0x0:
        return s + ".rgb";
    case 0x1:
        return "(vec3(1.0) - " + s + ".rgb)";
    case 0x2:
        return s + ".aaa";
    case 0x3:
        return "(vec3(1.0) - " + s + ".aaa)";
    case 0x4:
        return s + ".rrr";
    case 0x5:
        return "(vec3(1.0) - " + s + ".rrr)";
    case 0x8:
        return s + ".ggg";
    case 0x9:
        return "(vec3(1.0) - " + s + ".ggg)";
    case 0xC:
        return s + ".bbb";
    case 0xD:
        return "(vec3(1.0) - " + s + ".bbb)";
    default:
        return s + ".rgb";
    }
}

// Alpha operands (spec 002 TEXENVi_OPERAND bits 12-23).
std::string alpha_operand(unsigned op, const std::string& s) {
    switch (op & 7) {
    case 0:
        return s + ".a";
    case 1:
        return "(1.0 - " + s + ".a)";
    case 2:
        return s + ".r";
    case 3:
        return "(1.0 - " + s + ".r)";
    case 4:
        return s + ".g";
    case 5:
        return "(1.0 - " + s + ".g)";
    case 6:
        return s + ".b";
    default:
        return "(1.0 - " + s + ".b)";
    }
}

// Combine modes (spec 002 TEXENVi_COMBINER); T is vec3 or float.
std::string combine(unsigned mode, const std::string& t, const std::string& a0,
                    const std::string& a1, const std::string& a2) {
    switch (mode) {
    case 0:
        return a0;
    case 1:
        return a0 + " * " + a1;
    case 2:
        return "min(" + a0 + " + " + a1 + ", " + t + "(1.0))";
    case 3:
        return "clamp(" + a0 + " + " + a1 + " - " + t + "(0.5), " + t + "(0.0), " + t + "(1.0))";
    case 4:
        return "(" + a0 + " * " + a2 + " + " + a1 + " * (" + t + "(1.0) - " + a2 + "))";
    case 5:
        return "max(" + a0 + " - " + a1 + ", " + t + "(0.0))";
    case 6:
    case 7:
        if (t == "float") // Dot3 is an RGB operation; as an alpha mode it is undocumented: replace
            return a0;
        return t + "(clamp(4.0 * dot(" + a0 + " - vec3(0.5), " + a1 + " - vec3(0.5)), 0.0, 1.0))";
    case 8:
        return "min(" + a0 + " * " + a1 + " + " + a2 + ", " + t + "(1.0))";
    case 9:
        return "(min(" + a0 + " + " + a1 + ", " + t + "(1.0)) * " + a2 + ")";
    default:
        return a0; // undocumented modes 10-15: replace
    }
}

const char* kScale[4] = {"1.0", "2.0", "4.0", "1.0"};

// The compare functions of alpha test (spec 004 FRAGOP_ALPHA_TEST), on 8-bit values.
const char* compare(unsigned func) {
    switch (func) {
    case 0:
        return "false";
    case 1:
        return "true";
    case 2:
        return "a == ref";
    case 3:
        return "a != ref";
    case 4:
        return "a < ref";
    case 5:
        return "a <= ref";
    case 6:
        return "a > ref";
    default:
        return "a >= ref";
    }
}

} // namespace

std::string generate_vertex_glsl() {
    std::string s = "#version 450\n";
    s += R"(
layout(location = 0) in vec4 a_position;
layout(location = 1) in vec4 a_normquat;
layout(location = 2) in vec4 a_color;
layout(location = 3) in vec4 a_texcoord01;
layout(location = 4) in vec4 a_texcoord0w_view;  // tc0.w, -, view.x, view.y
layout(location = 5) in vec4 a_view_texcoord2;   // view.z, -, tc2.u, tc2.v
)";
    s += interface_block("out");
    s += R"(
void main() {
    // The PICA keeps -w <= z <= 0 (near plane z = 0); Vulkan keeps 0 <= z <= w, so negating z
    // clips the same volume, and the viewport maps -z/w onto the depth range.
    gl_Position = vec4(a_position.xy, -a_position.z, a_position.w);
    v_color = a_color;
    v_texcoord01 = a_texcoord01;
    v_texcoord2_w = vec4(a_view_texcoord2.zw, a_texcoord0w_view.x, 0.0);
    v_normquat = a_normquat;
    v_view = vec4(a_texcoord0w_view.zw, a_view_texcoord2.x, 0.0);
    v_position = a_position;
}
)";
    return s;
}

std::string generate_fragment_glsl(const FragmentConfig& c) {
    std::ostringstream o;
    o << "#version 450\n";
    o << interface_block("in");
    o << R"(
layout(location = 0) out vec4 o_color;
layout(set = 0, binding = 0, std140) uniform PicaUniforms {
    vec4 const_color[6];
    vec4 buffer_color;
    vec4 scissor_rect;
    vec4 depth_map;
    vec4 alpha_ref;
    vec4 fog_color;
    vec4 clip_plane;
} u;
)";
    for (unsigned i = 0; i < 3; ++i)
        if (c.texture_units & (1u << i))
            o << "layout(set = 0, binding = " << kTextureBindingFirst + i
              << ") uniform sampler2D tex_unit" << i << ";\n";
    if (c.fog)
        o << "layout(set = 0, binding = " << kLutBinding << ") uniform usamplerBuffer luts;\n";
    o << R"(
// The PICA's colour datapath is 8 bits wide: every combiner output is an 8-bit value.
vec4 quantize8(vec4 v) { return round(clamp(v, 0.0, 1.0) * 255.0) / 255.0; }

void main() {
)";
    // User clip plane (FRAGOP_CLIP): fragments with dot(plane, clip position) < 0 are dropped;
    // the dot product is linear, so the interpolated position gives the clipped primitive.
    if (c.clip_plane) o << "    if (dot(u.clip_plane, v_position) < 0.0) discard;\n";
    if (c.scissor_outside)
        o << "    if (all(greaterThanEqual(gl_FragCoord.xy, u.scissor_rect.xy)) &&\n"
             "        all(lessThan(gl_FragCoord.xy, u.scissor_rect.zw))) discard;\n";
    o << "    vec4 primary = quantize8(v_color);\n";
    // Lighting lands with its own issue: with it off, the fragment colours are zero (as Azahar).
    o << "    vec4 frag_primary = vec4(0.0);\n    vec4 frag_secondary = vec4(0.0);\n";
    // Texture t coordinates are flipped: memory row 0 is the top of the image (tiling.h).
    const char* coords[3] = {"v_texcoord01.xy", "v_texcoord01.zw",
                             c.texture2_uses_texcoord1 ? "v_texcoord01.zw" : "v_texcoord2_w.xy"};
    for (unsigned i = 0; i < 3; ++i) {
        if (c.texture_units & (1u << i))
            o << "    vec4 tex" << i << " = texture(tex_unit" << i << ", vec2(" << coords[i]
              << ".x, 1.0 - " << coords[i] << ".y));\n";
        else
            o << "    vec4 tex" << i << " = vec4(0.0);\n";
    }
    // Texture 3 is the procedural texture unit (its own issue).
    o << "    vec4 tex3 = vec4(0.0);\n";
    // Combiner buffer with the hardware's one-stage delay (Azahar glsl_fs_shader_gen.cpp):
    // stage i reads the buffer as stage i-2's update left it.
    o << "    vec4 previous = vec4(0.0);\n"
         "    vec4 combiner_buffer = vec4(0.0);\n"
         "    vec4 next_buffer = u.buffer_color;\n";
    for (unsigned i = 0; i < 6; ++i) {
        const TexEnvStageConfig& s = c.stages[i];
        std::string rgb_args[3], alpha_args[3];
        for (unsigned a = 0; a < 3; ++a) {
            rgb_args[a] =
                rgb_operand((s.operands >> (4 * a)) & 0xF, source((s.sources >> (4 * a)) & 0xF, i));
            alpha_args[a] = alpha_operand((s.operands >> (12 + 4 * a)) & 0xF,
                                          source((s.sources >> (16 + 4 * a)) & 0xF, i));
        }
        const unsigned rgb_mode = s.combiners & 0xF, alpha_mode = (s.combiners >> 16) & 0xF;
        o << "    {\n";
        o << "        vec3 rgb = "
          << combine(rgb_mode, "vec3", rgb_args[0], rgb_args[1], rgb_args[2]) << ";\n";
        if (rgb_mode == 7)
            o << "        float alpha = rgb.r;\n"; // Dot3 RGBA writes the dot product to alpha too
        else
            o << "        float alpha = "
              << combine(alpha_mode, "float", alpha_args[0], alpha_args[1], alpha_args[2]) << ";\n";
        o << "        previous = quantize8(vec4(rgb * " << kScale[s.scales & 3] << ", alpha * "
          << kScale[(s.scales >> 16) & 3] << "));\n";
        o << "        combiner_buffer = next_buffer;\n";
        if (i < 4) {
            if (c.buffer_update & (1u << (8 + i))) o << "        next_buffer.rgb = previous.rgb;\n";
            if (c.buffer_update & (1u << (12 + i))) o << "        next_buffer.a = previous.a;\n";
        }
        o << "    }\n";
    }
    if (c.alpha_test_func != 1) {
        o << "    {\n        int a = int(round(previous.a * 255.0));\n"
             "        int ref = int(u.alpha_ref.x);\n";
        o << "        if (!(" << compare(c.alpha_test_func) << ")) discard;\n    }\n";
    }
    // The depth the PICA writes and indexes fog with: (z/w) * scale + offset, times w for the
    // w-buffer; the viewport computes it where it can (gl_FragCoord.z), the shader otherwise.
    switch (c.depth_mode) {
    case DepthMode::Viewport:
        o << "    float depth = gl_FragCoord.z;\n";
        break;
    case DepthMode::FragmentZ:
        o << "    float depth = clamp(-gl_FragCoord.z * u.depth_map.x + u.depth_map.y, 0.0, "
             "1.0);\n";
        o << "    gl_FragDepth = depth;\n";
        break;
    case DepthMode::FragmentW:
        o << "    float depth = clamp((-gl_FragCoord.z * u.depth_map.x + u.depth_map.y) / "
             "gl_FragCoord.w, 0.0, 1.0);\n";
        o << "    gl_FragDepth = depth;\n";
        break;
    }
    if (c.fog) {
        // Fog (spec 002 FOG_LUT_DATA): 128 entries over depth 0..1 (1 - depth with Z flip);
        // each holds a value (bits 13-23, fixed0.0.11) and the signed difference to the next
        // entry (bits 0-12, fixed1.1.11) to interpolate with. Applied to RGB after the texture
        // environment: colour = mix(fog colour, colour, factor).
        o << "    {\n";
        o << "        float index = " << (c.fog_flip ? "(1.0 - depth)" : "depth") << " * 128.0;\n";
        o << "        float i = clamp(floor(index), 0.0, 127.0);\n"
             "        uint e = texelFetch(luts, int(i) + "
          << kLutFogOffset
          << ").r;\n"
             "        float value = float((e >> 13) & 0x7FFu) / 2048.0;\n"
             "        float diff = float(int(e << 19) >> 19) / 2048.0;\n"
             "        float factor = clamp(value + diff * (index - i), 0.0, 1.0);\n"
             "        previous.rgb = quantize8(vec4(mix(u.fog_color.rgb, previous.rgb, factor), "
             "0.0)).rgb;\n"
             "    }\n";
    }
    o << "    o_color = previous;\n}\n";
    return o.str();
}

} // namespace picavk::shadergen
