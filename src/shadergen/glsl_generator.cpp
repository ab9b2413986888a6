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

// Texture environment sources (spec 002 TEXENVi_SOURCE), as 8-bit integer colours.
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
        return "konst[" + std::to_string(stage) + "]";
    case 0xF:
        return "previous";
    default:
        return "ivec4(0)"; // undocumented source ids read as zero
    }
}

// RGB operands (spec 002 TEXENVi_OPERAND bits 0-11).
std::string rgb_operand(unsigned op, const std::string& s) {
    switch (op) {
    case 0x1:
        return "(255 - " + s + ".rgb)";
    case 0x2:
        return s + ".aaa";
    case 0x3:
        return "(255 - " + s + ".aaa)";
    case 0x4:
        return s + ".rrr";
    case 0x5:
        return "(255 - " + s + ".rrr)";
    case 0x8:
        return s + ".ggg";
    case 0x9:
        return "(255 - " + s + ".ggg)";
    case 0xC:
        return s + ".bbb";
    case 0xD:
        return "(255 - " + s + ".bbb)";
    default:
        return s + ".rgb"; // 0, and undocumented values
    }
}

// Alpha operands (spec 002 TEXENVi_OPERAND bits 12-23).
std::string alpha_operand(unsigned op, const std::string& s) {
    switch (op & 7) {
    case 0:
        return s + ".a";
    case 1:
        return "(255 - " + s + ".a)";
    case 2:
        return s + ".r";
    case 3:
        return "(255 - " + s + ".r)";
    case 4:
        return s + ".g";
    case 5:
        return "(255 - " + s + ".g)";
    case 6:
        return s + ".b";
    default:
        return "(255 - " + s + ".b)";
    }
}

// Combine modes (spec 002 TEXENVi_COMBINER) in 8-bit integers; T is ivec3 or int. The
// arithmetic is the reference model's (tests/oracle): products divided by 255 with div255().
std::string combine(unsigned mode, const std::string& t, const std::string& a0,
                    const std::string& a1, const std::string& a2) {
    const std::string zero = t + "(0)", full = t + "(255)";
    switch (mode) {
    case 1:
        return "div255(" + a0 + " * " + a1 + ")";
    case 2:
        return "min(" + a0 + " + " + a1 + ", " + full + ")";
    case 3:
        return "clamp(" + a0 + " + " + a1 + " - " + t + "(128), " + zero + ", " + full + ")";
    case 4:
        return "div255(" + a0 + " * " + a2 + " + " + a1 + " * (" + full + " - " + a2 + "))";
    case 5:
        return "max(" + a0 + " - " + a1 + ", " + zero + ")";
    case 6:
    case 7:
        if (t == "int") // Dot3 is an RGB operation; as an alpha mode it is undocumented: replace
            return a0;
        return "ivec3(dot3(" + a0 + ", " + a1 + "))";
    case 8:
        return "min(div255(" + a0 + " * " + a1 + " + " + a2 + " * 255), " + full + ")";
    case 9:
        return "div255(min(" + a0 + " + " + a1 + ", " + full + ") * " + a2 + ")";
    default:
        return a0; // replace, and undocumented modes 10-15
    }
}

const char* kScale[4] = {"1", "2", "4", "1"};

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

std::string fragment_interface() {
    return "#version 450\n" + interface_block("in") + R"(
layout(location = 0) out vec4 o_color;
layout(set = 0, binding = 0, std140) uniform PicaUniforms {
    vec4 const_color[6];
    vec4 buffer_color;
    vec4 scissor_rect;
    vec4 depth_map;
    vec4 alpha_ref;
    vec4 fog_color;
    vec4 clip_plane;
    vec4 border_color[3];
} u;
)";
}

std::string fragment_helpers() {
    return R"(
// The PICA's colour datapath is 8 bits wide: the texture environment works on 8-bit integers.
ivec4 to8(vec4 v) { return ivec4(round(clamp(v, 0.0, 1.0) * 255.0)); }
// Products of two 8-bit values back to 8 bits: truncating division by 255.
int div255(int x) { return x / 255; }
ivec3 div255(ivec3 x) { return x / 255; }
// Dot3: 4 * dot(a - 0.5, b - 0.5) as the hardware computes it (docs/research/fragment_pipeline.md
// 1; reproduces all 2816 measurements of Lectem/3DS_gpu_tests, branch DOT3_RGB): each channel
// is a sign and a magnitude in 1/255 steps (a >= 128: +(2a - 255), else -(254 - 2a)); a term is
// the rounded product of magnitudes, negated in ones' complement when the signs differ.
int dot3_term(int a, int b) {
    bool pa = a >= 128, pb = b >= 128;
    int m = ((pa ? 2 * a - 255 : 254 - 2 * a) * (pb ? 2 * b - 255 : 254 - 2 * b) + 127) / 255;
    return pa == pb ? m : -m - 1;
}
int dot3(ivec3 a, ivec3 b) {
    return clamp(dot3_term(a.r, b.r) + dot3_term(a.g, b.g) + dot3_term(a.b, b.b), 0, 255);
}

)";
}

std::string fog_function() {
    // Fog (spec 002 FOG_LUT_DATA): 128 entries over depth 0..1 (1 - depth with Z flip); each
    // holds a value (bits 13-23, fixed0.0.11) and the signed difference to the next entry (bits
    // 0-12, fixed1.1.11) to interpolate with. Applied to RGB after the texture environment:
    // colour = mix(fog colour, colour, factor).
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

std::string generate_fragment_glsl(const FragmentConfig& c) {
    std::ostringstream o;
    o << fragment_interface();
    for (unsigned i = 0; i < 3; ++i)
        if (c.texture_units & (1u << i))
            o << "layout(set = 0, binding = " << kTextureBindingFirst + i << ") uniform "
              << (i == 0 && c.texture0_type == 1 ? "samplerCube" : "sampler2D") << " tex_unit" << i
              << ";\n";
    if (c.fog)
        o << "layout(set = 0, binding = " << kLutBinding << ") uniform usamplerBuffer luts;\n";
    if (c.logic_op_emulated)
        o << "layout(set = 0, binding = " << kFramebufferCopyBinding
          << ") uniform sampler2D framebuffer_copy;\n";
    o << fragment_helpers();
    if (c.fog) o << fog_function();
    o << "void main() {\n";
    // User clip plane (FRAGOP_CLIP): fragments with dot(plane, clip position) < 0 are dropped;
    // the dot product is linear, so the interpolated position gives the clipped primitive.
    if (c.clip_plane) o << "    if (dot(u.clip_plane, v_position) < 0.0) discard;\n";
    if (c.scissor_outside)
        o << "    if (all(greaterThanEqual(gl_FragCoord.xy, u.scissor_rect.xy)) &&\n"
             "        all(lessThan(gl_FragCoord.xy, u.scissor_rect.zw))) discard;\n";
    o << "    ivec4 primary = to8(v_color);\n";
    // Lighting lands with its own issue: with it off, the fragment colours are zero (as Azahar).
    o << "    ivec4 frag_primary = ivec4(0);\n    ivec4 frag_secondary = ivec4(0);\n";
    o << "    ivec4 konst[6];\n";
    for (unsigned i = 0; i < 6; ++i)
        o << "    konst[" << i << "] = to8(u.const_color[" << i << "]);\n";
    // Texture t coordinates are flipped: memory row 0 is the top of the image (tiling.h).
    const char* coords[3] = {"v_texcoord01.xy", "v_texcoord01.zw",
                             c.texture2_uses_texcoord1 ? "v_texcoord01.zw" : "v_texcoord2_w.xy"};
    for (unsigned i = 0; i < 3; ++i) {
        if (!(c.texture_units & (1u << i))) {
            o << "    ivec4 tex" << i << " = ivec4(0);\n";
            continue;
        }
        const std::string uv = coords[i];
        std::string sample;
        if (i == 0 && c.texture0_type == 1) // cube: direction (u, v, w) picks the face
            sample = "texture(tex_unit0, vec3(" + uv + ", v_texcoord2_w.z))";
        else if (i == 0 && c.texture0_type == 3) // projection: (u, v) / w
            sample = "textureProj(tex_unit0, vec3(" + uv + ".x, v_texcoord2_w.z - " + uv +
                     ".y, v_texcoord2_w.z))";
        else
            sample = "texture(tex_unit" + std::to_string(i) + ", vec2(" + uv + ".x, 1.0 - " + uv +
                     ".y))";
        o << "    ivec4 tex" << i << " = to8(" << sample << ");\n";
        // Clamp-to-border without custom border colours: outside [0, 1] reads the border.
        const unsigned border = (c.border_emulation >> (2 * i)) & 3;
        if (border) {
            std::string outside;
            if (border & 1) outside += "(" + uv + ".x < 0.0 || " + uv + ".x > 1.0)";
            if (border & 2)
                outside += std::string(outside.empty() ? "" : " || ") + "(" + uv + ".y < 0.0 || " +
                           uv + ".y > 1.0)";
            o << "    if (" << outside << ") tex" << i << " = to8(u.border_color[" << i << "]);\n";
        }
    }
    // Texture 3 is the procedural texture unit (its own issue).
    o << "    ivec4 tex3 = ivec4(0);\n";
    // Combiner buffer with the hardware's one-stage delay (Azahar glsl_fs_shader_gen.cpp):
    // stage i reads the buffer as stage i-2's update left it.
    o << "    ivec4 previous = ivec4(0);\n"
         "    ivec4 combiner_buffer = ivec4(0);\n"
         "    ivec4 next_buffer = to8(u.buffer_color);\n";
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
        o << "        ivec3 rgb = "
          << combine(rgb_mode, "ivec3", rgb_args[0], rgb_args[1], rgb_args[2]) << ";\n";
        if (rgb_mode == 7)
            o << "        int alpha = rgb.r;\n"; // Dot3 RGBA writes the dot product to alpha too
        else
            o << "        int alpha = "
              << combine(alpha_mode, "int", alpha_args[0], alpha_args[1], alpha_args[2]) << ";\n";
        // Scale 1x/2x/4x (3 reads as 1x), clamped to 8 bits per stage.
        o << "        previous = min(ivec4(rgb * " << kScale[s.scales & 3] << ", alpha * "
          << kScale[(s.scales >> 16) & 3] << "), ivec4(255));\n";
        o << "        combiner_buffer = next_buffer;\n";
        if (i < 4) {
            if (c.buffer_update & (1u << (8 + i))) o << "        next_buffer.rgb = previous.rgb;\n";
            if (c.buffer_update & (1u << (12 + i))) o << "        next_buffer.a = previous.a;\n";
        }
        o << "    }\n";
    }
    if (c.alpha_test_func != 1) {
        o << "    {\n        int a = previous.a;\n"
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
    if (c.fog)
        o << "    previous.rgb = fogged(previous.rgb, depth, " << (c.fog_flip ? "true" : "false")
          << ");\n";
    if (c.logic_op_emulated) {
        // Logic op (spec 004 LOGIC_OP) on 8-bit values: s = this fragment, d = the target as it
        // was before the draw (a copy: fragments of one draw that overlap see the older value).
        static constexpr const char* kOps[16] = {
            "ivec4(0)", "s & d", "s & ~d",   "s",     "ivec4(255)", "~s",     "d",      "~d",
            "~(s & d)", "s | d", "~(s | d)", "s ^ d", "~(s ^ d)",   "~s & d", "s | ~d", "~s | d"};
        o << "    {\n        ivec4 s = previous;\n"
             "        ivec4 d = to8(texelFetch(framebuffer_copy, ivec2(gl_FragCoord.xy), 0));\n"
             "        previous = ("
          << kOps[(c.logic_op_emulated - 1) & 15] << ") & 255;\n    }\n";
    }
    o << "    o_color = vec4(previous) / 255.0;\n}\n";
    return o.str();
}

} // namespace picavk::shadergen
