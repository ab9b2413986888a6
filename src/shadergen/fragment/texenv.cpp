#include "shadergen/fragment/blocks.h"

// Texture environment (spec 002 TEXENVi_*): six stages on 8-bit integer colours, and the
// combiner buffer.

namespace picavk::shadergen::fragment {

namespace {

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

const std::string kScale[4] = {"1", "2", "4", "1"};

} // namespace

std::string texture_environment(const FragmentConfig& c) {
    std::string o;
    // Combiner buffer with the hardware's one-stage delay (Azahar glsl_fs_shader_gen.cpp):
    // stage i reads the buffer as stage i-2's update left it.
    o += "    ivec4 previous = ivec4(0);\n"
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
        o += "    {\n";
        o += "        ivec3 rgb = " +
             combine(rgb_mode, "ivec3", rgb_args[0], rgb_args[1], rgb_args[2]) + ";\n";
        if (rgb_mode == 7)
            o += "        int alpha = rgb.r;\n"; // Dot3 RGBA writes the dot product to alpha too
        else
            o += "        int alpha = " +
                 combine(alpha_mode, "int", alpha_args[0], alpha_args[1], alpha_args[2]) + ";\n";
        // Scale 1x/2x/4x (3 reads as 1x), clamped to 8 bits per stage. Every source is an
        // 8-bit value (to8, the shadow and procedural samples clamp) and every combine mode
        // keeps 0-255 in 0-255, so at 1x there is nothing to clamp: a stage that passes the
        // previous one's colour on then folds away in the compiler.
        const std::string& rgb_scale = kScale[s.scales & 3];
        const std::string& alpha_scale = kScale[(s.scales >> 16) & 3];
        if (rgb_scale == "1" && alpha_scale == "1")
            o += "        previous = ivec4(rgb, alpha);\n";
        else
            o += "        previous = min(ivec4(rgb * " + rgb_scale + ", alpha * " + alpha_scale +
                 "), ivec4(255));\n";
        o += "        combiner_buffer = next_buffer;\n";
        if (i < 4) {
            if (c.buffer_update & (1u << (8 + i))) o += "        next_buffer.rgb = previous.rgb;\n";
            if (c.buffer_update & (1u << (12 + i))) o += "        next_buffer.a = previous.a;\n";
        }
        o += "    }\n";
    }
    return o;
}

} // namespace picavk::shadergen::fragment
